"""The situation model: typed, immutable descriptions of a game situation and the question asked.

A :class:`Situation` is what the rest of pyrules works from. It is built from a file by
:mod:`pyrules.situation.loader` or in Python by :mod:`pyrules.situation.builder`, and turned into ASP facts by
:mod:`pyrules.engine.facts`. Nothing here knows about clingo.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pyrules.cards.library import CardLibrary, CardSpec
from pyrules.vocabulary.values import COLORS, FACES, MANA_TYPES, PHASES, STEPS, ZONES  # noqa: F401 (re-exported)


def shields_left(shields: tuple[int, ...]) -> tuple[int, ...]:
    """The prevention shields that still prevent damage, by size: a used-up shield stays in the state as 0, so
    that the others keep their numbers between the outcomes of one step (615.7)."""
    return tuple(sorted(n for n in shields if n))


@dataclass(frozen=True)
class Player:
    """A player, in turn order within :class:`Situation.players`."""

    name: str
    life: int = 20
    mana_pool: Mapping[str, int] = field(default_factory=dict)
    restricted_mana: Mapping[tuple[str, str], int] = field(default_factory=dict)  # (type, restriction) -> N (106.6)
    library: int = 0  # cards in the library that the situation does not name (below those it names)
    hand: int = 0  # cards in the hand that the situation does not name
    lands_played: int = 0  # lands played this turn (305.2)
    poison: int = 0  # poison counters (122.1f): ten or more, and the player loses (704.5c)
    energy: int = 0  # energy counters (122.1, 107.14): got by effects, paid as costs
    prevention_shields: tuple[int, ...] = ()  # each prevents the next N damage dealt to the player this turn (615.7)
    dealt_damage: bool = False  # the player was dealt damage this turn (bloodthirst, 702.54a)
    permanent_left: bool = False  # a permanent they controlled left the battlefield this turn (revolt)
    attacked: bool = False  # they attacked with a creature this turn (raid)
    citys_blessing: bool = False  # they have the city's blessing, for the rest of the game (702.131c)
    spells_cast: int = 0  # spells they have cast this turn (storm, 702.40a)
    spells_cast_last_turn: int = 0  # spells they cast in the turn before this one (werewolves' upkeep triggers)
    graveyard: int = 0  # cards in the graveyard that the situation does not name (milled or discarded unseen, or given)
    shuffled: bool = False  # the library was shuffled: the cards of it the situation names are in no known order (701.24a)
    # The state a sequence of actions reaches (not written in situation files):
    drawn: int = 0  # cards drawn during the actions
    discarded: int = 0  # cards discarded during the actions
    milled: int = 0  # cards of the library the situation does not name, milled during the actions
    exiled: int = 0  # cards of the library the situation does not name, exiled during the actions (406.2)
    surveilled: int = 0  # cards of the library the situation does not name, put into the graveyard by surveil
    lost: str | None = None  # why the player lost the game (704.5a life, 704.5b empty_library, 704.5c poison)
    empty_library_draw: bool = False  # attempted to draw from an empty library since the last check (704.5b)


@dataclass(frozen=True)
class GameObject:
    """A card or token in some zone.

    ``since_turn_start`` says whether the object has been under its controller's control
    continuously since that player's most recent turn began (CR 302.6).
    ``used_this_turn`` counts activations this turn per ability index, for "activate only once
    each turn" (CR 602.5b); ``loyalty_activated`` says whether a loyalty ability of this permanent
    was activated this turn (CR 606.3). ``keywords`` are keyword abilities the object has gained
    from effects not otherwise described in the situation (for example haste).
    """

    id: str
    card: str
    owner: str
    controller: str | None = None
    zone: str = "battlefield"
    tapped: bool = False
    since_turn_start: bool = True
    counters: Mapping[str, int] = field(default_factory=dict)
    token: bool = False
    face: str = "front"
    keywords: tuple[str, ...] = ()
    used_this_turn: Mapping[int, int] = field(default_factory=dict)
    loyalty_activated: bool = False
    x: int | None = None
    attached_to: str | None = None
    chosen_color: str | None = None
    chosen_type: str | None = None
    position: int | None = None  # in a library: 1 is the top card
    bottom: bool = False  # in a library: at its bottom, below the cards the situation only counts (401.4)
    may_play: str | None = None  # in exile: the player an effect lets play it this turn (601.3)
    targets: tuple[str, ...] = ()  # a spell on the stack: its targets (objects)
    division: tuple[int, ...] = ()  # a spell on the stack: its divided damage, per target (601.2d)
    kicked: bool = False  # a spell on the stack, or the permanent it became: it was kicked (702.33d)
    times_kicked: int = 0  # ... how many times its multikicker cost was paid (702.33c)
    evoked: bool = False  # a spell on the stack, or the permanent it became: its evoke cost was paid (702.74a)
    surged: bool = False  # a spell on the stack, or the permanent it became: its surge cost was paid (702.117a)
    dashed: bool = False  # a spell on the stack, or the permanent it became: its dash cost was paid (702.109a)
    bestowed: bool = False  # a spell cast bestowed, or the Aura it became while attached: not a creature (702.103)
    cast_with_suspend: bool = False  # a spell cast with suspend's last ability, or the permanent it became (702.62a)
    replicated: int = 0  # a spell on the stack: how many times its replicate cost was paid (702.56a)
    cast_from_hand: bool = False  # a spell on the stack, or the permanent it became: cast from its owner's hand (601.2a)
    cant_be_countered: bool = False  # a spell on the stack: it can't be countered (the mana spent on it said so, 106.6)
    colors_spent: tuple[str, ...] = ()  # a spell on the stack, or the permanent it became: the colors of the mana spent
    #                                     to cast it (601.2h; "if {G} was spent to cast it"), where its abilities ask
    flashback: bool = False  # a spell on the stack: it was cast with flashback (702.34a)
    buyback: bool = False  # a spell on the stack: its buyback cost was paid (702.27a)
    renowned: bool = False  # a permanent: it has become renowned (702.112b)
    monstrous: bool = False  # a permanent: it has become monstrous (701.37b)
    tribute_paid: bool = False  # a permanent: an opponent paid its tribute as it entered (702.104a)
    skips_untap_of: str | None = None  # a permanent: it doesn't untap during this player's next untap step (502.3)
    since_last_upkeep: bool = False  # a permanent: it came under its controller's control since their last upkeep
    modes: tuple[int, ...] = ()  # a modal spell on the stack: the modes chosen as it was cast (700.2a)
    copy: bool = False  # a copy of a spell on the stack, not a card (707.10)
    copy_of: str | None = None  # a permanent that is a copy of this card (707.2)
    copy_except: tuple = ()  # the exceptions of its copy effect, part of its copiable values (707.9b)
    crafted_with: tuple[str, ...] = ()  # the cards exiled to craft it (702.167c)
    exiled_with: tuple[str, ...] = ()  # the cards in exile that an ability of this permanent exiled (607.2a)
    exiled_until: str | None = None  # a card in exile: the permanent it is exiled until it leaves the battlefield (610.3c)
    damage: int = 0  # damage marked on it (120.3e)
    damaged_by: tuple[str, ...] = ()  # a permanent: the objects that dealt it damage this turn (120.1)
    deathtouch_damage: bool = False  # dealt damage by a source with deathtouch since the last check (704.5h)
    regeneration_shields: int = 0  # each replaces one destruction this turn (701.19a)
    prevention_shields: tuple[int, ...] = ()  # each prevents the next N damage dealt to it this turn (615.7)
    shield_counters: tuple[str, ...] = ()  # for each of its prevention shields, the kind of counter it puts on it for
    # each 1 damage it prevents, or "" (Test of Faith); () when none does
    attacking: str | None = None  # an attacking creature: the player or planeswalker it attacks (506.3, 508.1b)
    blocking: tuple[str, ...] = ()  # a blocking creature: the attacking creatures it blocks (509.1a; more than one
    # with "can block an additional creature")
    blocked: bool = False  # an attacking creature that became blocked, even with no blocker left (509.1h)
    struck_first: bool = False  # it had first strike or double strike as the first combat damage step began (510.4)
    timestamp: int | None = None  # 613.7d; None: its order among the others is not known
    face_down: bool = False  # a face-down permanent or spell: a 2/2 creature with no text, name or mana cost (708.2)

    @property
    def player(self) -> str:
        """Who casts or plays this card unless a question says: its owner, or in exile the player an effect lets
        play it (601.3)."""
        return self.may_play if self.zone == "exile" and self.may_play else self.owner


@dataclass(frozen=True)
class StackAbility:
    """An activated or triggered ability on the stack (113.7): the ``ability``-th printed ability of
    the object ``source``, controlled by ``controller``, with its targets and X."""

    id: str
    source: str
    kind: str  # activated or triggered
    ability: int
    controller: str
    targets: tuple[str, ...] = ()
    x: int | None = None
    lki_counters: Mapping[str, int] = field(default_factory=dict)  # its source's counters as it last existed (608.2h)
    modes: tuple[int, ...] = ()  # the mode chosen as it was activated (700.2a)
    division: tuple[int, ...] = ()  # its divided damage, per target (601.2d)
    refers_to: str | None = None  # a triggered ability: the spell or ability on the stack its event was about
    that: str | None = None  # a triggered ability: the creature its event was about ("that creature", 603.2)
    that_much: int | None = None  # a triggered ability: the amount of its event ("you gain that much life", 603.2)
    materials: tuple[str, ...] = ()  # craft: the objects exiled to pay its cost (702.167a)
    instance: str | None = None  # an ability a card used to craft its source gives it: that card's id
    # An ability an effect grants its source (Viridian Longbow's "equipped creature has ..."): the object whose ability
    # grants it, that object's card and face, and the number of that ability (the ability is its own, 113.7a).
    granted: tuple[str, str, str, int] | None = None
    # The card and face of its source as it was put on the stack: the ability is its own (113.7a) should its source
    # cease to exist (a token sacrificed to pay for it) before it resolves.
    source_card: tuple[str, str] | None = None


@dataclass(frozen=True)
class LastingEffect:
    """An effect of a resolved spell or activated ability that still applies (Pale Moon this turn):
    the ``ability``-th ability of ``card``, controlled by ``controller``."""

    card: str
    controller: str
    ability: int = 1
    timestamp: int | None = None  # 613.7b; None: its order among the others is not known
    affects: tuple[str, ...] = ()  # the objects it changes, locked in as it began (611.2c)
    source: str | None = None  # a delayed triggered ability (603.7): the object that is its source (603.7d-e)
    times: int | None = None  # an effect that counts ("+1/+1 for each ..."): the number it counted as it began (608.2h)
    color: str | None = None  # "protection from the color of your choice": the color chosen as it began (611.2a)


@dataclass(frozen=True)
class CouldProduce:
    """Which types of mana could these objects produce (CR 106.7)? ``objects`` empty = every permanent."""

    objects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Abilities:
    """Which abilities do these objects have, each as an instance that names where it comes from (its
    printed card, a card used to craft it, an effect that grants it)? ``objects`` empty = every permanent."""

    objects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Characteristics:
    """What are these permanents after the layers (613): power, toughness, types, subtypes, colors, keywords
    and abilities? ``objects`` empty = every permanent."""

    objects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Activatable:
    """Which abilities can ``player`` activate now?"""

    player: str


@dataclass(frozen=True)
class Activate:
    """``player`` activates an ability of ``object``.

    ``ability`` is the 1-based index of the ability among the abilities printed on the card, or
    a basic land type naming the intrinsic ability of that type (CR 305.6), ``"granted"`` for the
    one activated ability an effect grants it, ``"M:N"`` for the N-th printed ability of card M used
    to craft it (702.167c), or ``None`` when the object has exactly one activated ability (for
    example a basic land). ``targets`` are in the order the text says "target", for the chosen mode.
    """

    object: str
    player: str | None = None
    ability: int | str | None = None
    x: int | None = None
    targets: tuple[str, ...] = ()
    resolve: bool = False  # and then, all players passing, it resolves
    modes: tuple[int, ...] = ()  # the mode of a modal ability (700.2a)
    division: tuple[int, ...] = ()  # divided damage, per target (601.2d)
    pool_only: bool = False  # its cost is paid from the pool only: no mana ability is activated while paying


@dataclass(frozen=True)
class Cast:
    """``player`` casts the spell ``object`` with the given X, modes and targets."""

    object: str
    player: str | None = None
    x: int | None = None
    modes: tuple[int, ...] = ()
    targets: tuple[str, ...] = ()
    pool_only: bool = False  # its cost is paid from the pool only: no mana ability is activated while paying
    kicked: bool = False  # its kicker cost is paid too (702.33a)
    times_kicked: int = 0  # its multikicker cost is paid that many times (702.33c)
    buyback: bool = False  # its buyback cost is paid too (702.27a)
    alternative_cost: bool = False  # its alternative cost is paid instead of its mana cost (118.9)
    evoke: bool = False  # its evoke cost is paid instead of its mana cost (702.74a)
    dash: bool = False  # its dash cost is paid instead of its mana cost (702.109a)
    bestow: bool = False  # its bestow cost is paid instead of its mana cost: cast bestowed, as an Aura (702.103a-b)
    suspend: bool = False  # cast without paying its mana cost while its suspend trigger resolves (702.62a)
    cascade: bool = False  # cast without paying its mana cost while the cascade trigger that exiled it resolves (702.85a)
    replicate: int = 0  # how many times its replicate cost is paid too (702.56a)
    emerge: bool = False  # its emerge cost is paid and a creature sacrificed instead of its mana cost (702.119a)
    ripple: bool = False  # cast without paying its mana cost while the ripple trigger that revealed it resolves (702.60a)
    surge: bool = False  # its surge cost is paid instead of its mana cost (702.117a)
    entwine: bool = False  # its entwine cost is paid too: every mode of the modal spell is chosen (702.42a)
    madness: bool = False  # cast for its madness cost while its madness trigger resolves (702.35b)
    rebound: bool = False  # cast without paying its mana cost while its rebound trigger resolves (702.88a)
    division: tuple[int, ...] = ()  # divided damage, per target (601.2d); () = every division is an outcome
    face_down: bool = False  # cast face down for {3} with its morph ability, as a 2/2 creature spell (702.37c)
    half: str = ""  # a split card: the half cast, left or right, or both fused (708.3, 702.102c)


@dataclass(frozen=True)
class ResolveTop:
    """The top object of the stack resolves (all players passed in succession, 608.1)."""


@dataclass(frozen=True)
class ResolveAll:
    """An action: all players keep passing, and the stack resolves to the end: after each object,
    state-based actions and triggered abilities are dealt with (117.5), until the stack is empty."""


@dataclass(frozen=True)
class PlayLand:
    """An action: ``player`` (by default the card's owner) plays the land ``object`` from their hand, a
    special action (305.1, 116.2a)."""

    object: str
    player: str | None = None


@dataclass(frozen=True)
class TurnFaceUp:
    """An action: ``player`` (by default its controller) turns the face-down permanent ``object`` face up by paying
    its morph or megamorph cost, a special action (702.37e, 116.2b)."""

    object: str
    player: str | None = None


@dataclass(frozen=True)
class Suspend:
    """An action: ``player`` (by default its owner) pays the suspend cost of the card ``object`` in their hand and
    exiles it with its time counters, a special action (702.62a, 116.2f)."""

    object: str
    player: str | None = None


@dataclass(frozen=True)
class DeclareAttackers:
    """An action: the active player declares attackers (508.1), a turn-based action as the declare attackers
    step begins: each attacking creature and the player or planeswalker it attacks; ``None`` leaves the
    declaration open, and every legal one is an outcome."""

    attacks: tuple[tuple[str, str], ...] | None = None


@dataclass(frozen=True)
class DeclareBlockers:
    """An action: the defending player declares blockers (509.1): each blocking creature and the attacking
    creature it blocks; ``None`` leaves the declaration open, and every legal one is an outcome."""

    blocks: tuple[tuple[str, str], ...] | None = None


@dataclass(frozen=True)
class CombatDamage:
    """An action: a combat damage step (510): the first-strike one when an attacking or blocking creature has
    first strike or double strike (510.4), else the regular one; the players' divisions of damage are left
    open, and every division that leads to a distinct result is an outcome."""


@dataclass(frozen=True)
class BeginUpkeep:
    """An action: the untap step ends and the active player's upkeep begins (503.1): the abilities that trigger "at
    the beginning of your upkeep" on the permanents they control trigger; then they receive priority."""


@dataclass(frozen=True)
class BeginDrawStep:
    """An action: the upkeep ends and the draw step begins (504.1-2): the active player draws a card (a turn-based
    action, through the effects on drawing), then the abilities that trigger "at the beginning of your draw step" on
    the permanents they control trigger; then they receive priority."""


@dataclass(frozen=True)
class BeginEndStep:
    """An action: the postcombat main phase ends and the end step begins (513.1): the abilities that trigger "at the
    beginning of your end step" on the permanents the active player controls, and "at the beginning of each end
    step" on every permanent, trigger; then the active player receives priority."""


@dataclass(frozen=True)
class BeginEndOfCombat:
    """An action: the combat damage step ends and the end of combat step begins (511.1-2): the abilities that trigger
    "at end of combat" trigger, delayed ones too; then the active player receives priority. The creatures stay in
    combat until the step ends (511.3)."""


@dataclass(frozen=True)
class BeginCombat:
    """An action: the precombat main phase ends and the combat phase begins with its beginning of combat step
    (507.1); then the active player receives priority."""


@dataclass(frozen=True)
class BeginMain:
    """An action: the next main phase begins (505.1): the precombat main phase after the draw step, the postcombat
    one after the end of combat step, where the creatures are removed from combat (511.3); then the active player
    receives priority."""


@dataclass(frozen=True)
class BeginCleanup:
    """An action: the end step ends and the cleanup step begins (514.1-2): the active player discards down to their
    maximum hand size, then damage wears off and "until end of turn" and "this turn" effects end. No player receives
    priority; a cleanup step in which something triggers or a state-based action applies (514.3a) is refused."""


@dataclass(frozen=True)
class BeginUntap:
    """An action: the turn ends and the next player in turn order begins theirs with its untap step (500.1, 502):
    their permanents untap, but those that don't (502.3); no player receives priority (502.4), and what triggers
    waits for the upkeep (503.1a)."""


@dataclass(frozen=True)
class PassPriority:
    """An action: ``player`` (by default whoever holds priority) passes priority (117.3d); once all
    players have passed in succession, the top object of the stack resolves (117.4)."""

    player: str | None = None


@dataclass(frozen=True)
class Happen:
    """An effect is about to do one thing; what happens, after replacement effects (CR 614-616)?

    ``kind``: put_counters (object, counter, count), create_tokens (player, token or a copy of
    ``object``, count), enter
    (object put onto the battlefield, not cast, under ``player``'s control), to_graveyard (object).
    ``instead`` is a self-replacement of the effect itself (CR 614.15): the count it puts instead.
    """

    kind: str
    object: str | None = None
    player: str | None = None
    counter: str = ""
    token: str = ""
    count: int = 1
    instead: int | None = None


@dataclass(frozen=True)
class FindCards:
    """A step of a sequence: the top object of the stack begins to resolve with a search that puts cards onto the
    battlefield (701.23a); the cards found are chosen, and recorded on it (``Situation.found``), so that what enters
    as it then resolves is known before grounding."""


@dataclass(frozen=True)
class Priority:
    """A step of a sequence: a player would receive priority (117.5). State-based actions that apply are
    performed at once (704.3); when none apply, the triggered abilities waiting are put on the stack (603.3).
    ``uninterrupted``: everything on the stack will then resolve with no player acting in between (resolve: all),
    so that orders of abilities whose resolutions commute need not be told apart."""

    uninterrupted: bool = False


@dataclass(frozen=True)
class CombatRun:
    """A step of a sequence: a whole combat at once (asp/combat_run.lp): attackers declared by action ``attack``,
    blockers by action ``block`` (each left open, or given), and the combat damage actions ``damage`` (their numbers
    in the line), every legal combat searched in one program; each distinct final state is an outcome."""

    attack: int
    block: int
    damage: tuple[int, ...] = ()
    #: The declarations given in the line (checked legal step by step first), or None where left open.
    attacks: tuple[tuple[str, str], ...] | None = None
    blocks: tuple[tuple[str, str], ...] | None = None


Question = CouldProduce | Abilities | Characteristics | Activatable | Activate | Cast | ResolveTop | Happen | Priority \
    | FindCards | PlayLand | TurnFaceUp | Suspend | DeclareAttackers | DeclareBlockers | CombatDamage | BeginUpkeep \
    | BeginEndStep | BeginEndOfCombat | BeginDrawStep | BeginCombat | BeginMain | BeginCleanup | BeginUntap | CombatRun

#: What a step of a sequence of actions may be.
Action = Activate | Cast | PlayLand | TurnFaceUp | Suspend | ResolveTop | ResolveAll | PassPriority | DeclareAttackers \
    | DeclareBlockers | CombatDamage | BeginUpkeep | BeginEndStep | BeginEndOfCombat | BeginDrawStep | BeginCombat \
    | BeginMain | BeginCleanup | BeginUntap


@dataclass(frozen=True)
class Situation:
    """A game situation and the question asked about it.

    ``players`` are in turn order. ``stack`` lists the ids of the spells and abilities on the stack,
    bottom first; ``stack_abilities`` describes the abilities among them. A situation asks one
    ``question``, or gives a sequence of ``actions`` (:mod:`pyrules.play.sequence`); the states between
    actions are situations too, with the triggered abilities ``waiting`` to go on the stack. ``cards`` holds card
    definitions given inline, in addition to the built-in library. ``source`` names the file the
    situation came from and ``lines`` maps a dotted path (``objects.2.card``) to its line there,
    so that later errors can point at the right place.
    """

    players: tuple[Player, ...]
    objects: tuple[GameObject, ...]
    question: Question | None  # None when the situation is a sequence of ``actions``
    active_player: str
    priority: str | None = None
    turn: int = 1
    phase: str = "precombat_main"
    step: str | None = None
    #: Additional upkeep steps yet to come after this combat phase, or after this additional one (500.8, 500.10).
    upkeeps_to_come: int = 0
    #: This beginning phase is an additional one, added after a combat phase with only its upkeep step (500.10): its
    #: draw step is skipped, and the postcombat main phase (or another such phase) comes next.
    additional_phase: bool = False
    stack: tuple[str, ...] = ()
    stack_abilities: tuple[StackAbility, ...] = ()
    effects: tuple[LastingEffect, ...] = ()
    cards: tuple[CardSpec, ...] = ()
    actions: tuple[Action, ...] = ()
    waiting: tuple[StackAbility, ...] = ()  # triggered abilities waiting to be put on the stack (603.3)
    passed: tuple[str, ...] = ()  # the players who have passed priority in succession (117.4)
    created: tuple[str, ...] = ()  # ids of the objects and stack items that the actions created
    #: Timestamp orders the situation left open and a step of a sequence took, or learnt (a permanent entering
    #: after those without a timestamp): (earlier, later) pairs of object ids (613.7).
    orders: tuple[tuple[str, str], ...] = ()
    #: The first timestamp a step of a sequence gave (to what entered, to an effect begun): every timestamp from it on
    #: is later than each permanent and effect without one, which were there before (613.7b, 613.7d).
    line_stamped_from: int | None = None
    #: Lines no template fits that cannot matter to what is asked, set aside (situation/aside.py): (card, line, why).
    set_aside: tuple[tuple[str, str, str], ...] = ()
    #: The cards the search of the top of the stack found as it began to resolve (FindCards): (item, cards), with
    #: None for cards where its controller chose not to search ("you may search").
    found: tuple[tuple[str, tuple[str, ...] | None], ...] = ()
    sequence: bool = False  # a state within a sequence of actions: triggered abilities wait (603.3)
    library: CardLibrary | None = field(default=None, compare=False, repr=False)
    name: str = ""
    source: str = "<situation>"
    lines: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)
    #: The plain data (as a situation file holds) it was read from: saved with a result
    #: (``Outcomes.to_json``) so that the result can be read back with its situation.
    document: Any = field(default=None, compare=False, repr=False)

    @property
    def priority_player(self) -> str:
        return self.priority or self.active_player

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def object(self, oid: str) -> GameObject:
        for o in self.objects:
            if o.id == oid:
                return o
        raise KeyError(oid)

    def where(self, path: str) -> str:
        """``file:line`` for a dotted path, falling back to the closest enclosing path."""
        parts = path.split(".")
        while parts:
            line = self.lines.get(".".join(parts))
            if line is not None:
                return f"{self.source}:{line}"
            parts.pop()
        return f"{self.source} {path}" if path and not self.lines else self.source

