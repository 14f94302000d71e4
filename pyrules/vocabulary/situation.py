"""The fields of situation files: the situation, its players, objects, stack items and question.

Each field is a :class:`~pyrules.vocabulary.kinds.Kind` with the facts it becomes. For game
objects, ``term(obj, ctx)`` returns the facts of that field of one object (none when it has the
default), so :mod:`pyrules.engine.facts` needs no code per field. The checks that tie fields together
(a tapped card must be on the battlefield, ...) live in :mod:`pyrules.situation.loader`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyrules.base.document import Field, whole_number
from pyrules.base.symbols import C, S, fn
from pyrules.vocabulary.keywords import KEYWORD_NAMES
from pyrules.vocabulary.kinds import Informational, Kind, Modelled
from pyrules.vocabulary.shapes import Count, ListOf, Name, OneOf, Shape, Text, name_token
from pyrules.vocabulary.templates import SHIELD_LIMIT, CopyExceptions, copy_exception_term
from pyrules.vocabulary.values import (
    FACES,
    MANA_TYPES,
    PHASES,
    RESTRICTIONS,
    SPLIT_HALVES,
    ZONES,
    Color,
    mana_text,
    parse_mana,
)


@dataclass(frozen=True)
class Bool(Shape):
    form = "true or false"

    def parse(self, f: Field) -> Any:
        return f.boolean()


@dataclass(frozen=True)
class Id(Shape):
    """An id of the situation (an object or a player), as text."""

    what: str = "an id"

    @property
    def form(self) -> str:  # type: ignore[override]
        return self.what

    def parse(self, f: Field) -> Any:
        return f.text()


@dataclass(frozen=True)
class Ids(Shape):
    """An id, or a list of different ids, as a tuple of text."""

    what: str = "ids"

    @property
    def form(self) -> str:  # type: ignore[override]
        return f"{self.what} (one, or a list)"

    def parse(self, f: Field) -> Any:
        ids = tuple(f.texts()) if isinstance(f.value, list) else (f.text(),)
        if not ids or len(set(ids)) < len(ids):
            raise f.fail(f"{f.name} is {self.form}, each once")
        return ids


@dataclass(frozen=True)
class Counters(Shape):
    form = "{kind: N, ...}"

    def parse(self, f: Field) -> Any:
        return {name_token(key, n, "counter kind"): n.integer(minimum=0) for key, n in f.items()}


@dataclass(frozen=True)
class Shields(Shape):
    """A permanent's prevention shields: each a number N ("prevent the next N damage"), or ``{prevent: N, counters:
    kind}`` for one that also puts a counter of that kind on the permanent for each 1 damage it prevents (Test of
    Faith). Parsed as ((N, kind or ""), ...)."""

    form = "[N or {prevent: N, counters: kind}, ...]"

    def parse(self, f: Field) -> Any:
        out = []
        for item in (list(f.elements()) if isinstance(f.value, list) else [f]):
            if isinstance(item.value, dict):
                item.only_keys({"prevent", "counters"})
                if not item.child("prevent").present:
                    raise item.fail(f"{item.name} needs 'prevent' (how much damage the shield prevents)")
                kind = name_token(item.child("counters").text(), item.child("counters"), "counter kind") \
                    if item.child("counters").present else ""
                out.append((Count(1, maximum=SHIELD_LIMIT).parse(item.child("prevent")), kind))
            else:
                out.append((Count(1, maximum=SHIELD_LIMIT).parse(item), ""))
        return tuple(out)


def _shield_terms(o: Any, ctx: Any) -> list:
    riders = dict(enumerate(o.shield_counters, 1))
    return [t for k, n in enumerate(o.prevention_shields, 1) if n for t in (
        fn("prevention_shield", ctx.oid, k, n),
        *([fn("prevention_shield_counters", ctx.oid, k, C(riders[k]))] if riders.get(k) else []))]


@dataclass(frozen=True)
class UsedThisTurn(Shape):
    form = "{ability number (or card:number): N, ...}"

    def parse(self, f: Field) -> Any:
        used: dict[int | str, int] = {}
        for key, n in f.items():
            key = str(key)
            material, _, number = key.rpartition(":")
            index, crafted = whole_number(key), whole_number(number)
            if index is not None and index >= 1:
                used[index] = n.integer(minimum=0)
            elif material and crafted is not None and crafted >= 1:  # an ability from a card used to craft it
                used[key] = n.integer(minimum=0)
            else:
                raise n.fail(f"'{key}' must be an ability number (1 for the first printed ability), or card:number "
                             "for an ability a card used to craft it gives it")
        return used


@dataclass(frozen=True)
class Keywords(Shape):
    form = "[keyword, ...] or one keyword"

    def parse(self, f: Field) -> Any:
        items = list(f.elements()) if isinstance(f.value, list) else [f]
        out = []
        for item in items:
            k = item.text().lower().replace(" ", "_")
            if k not in KEYWORD_NAMES:
                raise item.fail(f"unknown keyword '{k}'; known keywords: {', '.join(KEYWORD_NAMES)}")
            out.append(k)
        return tuple(out)


@dataclass(frozen=True)
class Pool(Shape):
    form = "mana symbols of the six types, such as \"{G}{G}{2}\" (a number is colorless mana)"

    def parse(self, f: Field) -> Any:
        pool: dict[str, int] = {}
        for sym, n in parse_mana(f.value, f):
            key = "c" if sym == "generic" else sym
            if key not in MANA_TYPES:
                raise f.fail(f"a mana pool holds mana of the six types only, not {mana_text([(sym, 1)])}")
            pool[key] = pool.get(key, 0) + n
        return pool

@dataclass(frozen=True)
class RestrictedMana(Shape):
    form = "[{mana: \"{C}{C}\", spend_only: abilities or creature_spells}, ...]"

    def parse(self, f: Field) -> Any:
        out: dict[tuple[str, str], int] = {}
        for item in f.elements():
            item.mapping()
            item.only_keys({"mana", "spend_only"})
            restriction = item.child("spend_only").choice(RESTRICTIONS)
            for t, n in Pool().parse(item.child("mana")).items():
                out[(t, restriction)] = out.get((t, restriction), 0) + n
        return out


_CORE = Modelled("core.lp")


def _field(family: str, name: str, doc: str, status: Any, shape: Any = None, term: Any = None, example: str = "",
           cr: tuple[str, ...] = (), asp: str = "") -> Kind:
    return Kind(family, name, doc, status, shape or Text(), term=term, example=example, cr=cr, asp=asp)


# ---------------------------------------------------------------------------------------------
# Top-level fields of a situation file, and of a regression case
# ---------------------------------------------------------------------------------------------
SITUATION_FIELDS: tuple[Kind, ...] = (
    _field("situation", "name", "a name for the situation", Informational()),
    _field("situation", "description", "what the situation shows", Informational()),
    _field("situation", "players", "the players in turn order: names, or {name, life, mana_pool}", _CORE,
           example="mana/cr-106-7-forest-orchard-vs-orchard", asp="player"),
    _field("situation", "active", "whose turn it is (default: the first player)", Modelled("core.lp", ("102.1",)),
           example="choices/magecraft-archmage-cast", asp="active_player"),
    _field("situation", "priority", "who has priority (default: the active player; no player in the untap and cleanup "
           "steps, 502.4, 514.3, where giving one is refused)",
           Modelled("activation.lp", ("117.1",)), example="choices/magecraft-archmage-cast", asp="priority"),
    _field("situation", "turn", "the turn number; only turn 1 is read: the action draw_step is refused there in a "
           "two-player game (103.8a; with more players nobody skips that draw, 103.8c)",
           Informational("no modelled rule depends on the turn number beyond that refusal"), Count(1)),
    _field("situation", "phase", "the phase (default precombat_main)", Modelled("core.lp", ("500.1", "307.1")),
           OneOf(PHASES), example="choices/magecraft-archmage-cast", asp="phase"),
    _field("situation", "step", "the step, in a phase that has steps; in the combat phase, first_strike_damage is the "
           "first of two combat damage steps (510.4); no modelled rule depends on the steps of other phases",
           Modelled("combat.lp", ("506.1", "510.4")),
           example="combat/first-striker-against-a-double-striker", asp="step"),
    _field("situation", "upkeeps_to_come", "additional upkeep steps yet to come after this combat phase, or after this "
           "additional beginning phase (\"you get that many additional upkeep steps after this phase\", 500.8): each "
           "an additional beginning phase of its own (500.10)", Modelled("triggers.lp", ("500.8", "500.10")), Count(0),
           example="sequences/the-postcombat-main-phase-waits-for-additional-upkeeps", asp="upkeeps_to_come"),
    _field("situation", "additional_phase", "the beginning phase is an additional one added after a combat phase, with "
           "its upkeep step only (500.10): no draw step follows, and what comes next is another such upkeep or the "
           "postcombat main phase", Modelled("triggers.lp", ("500.10",)), Bool(),
           example="sequences/no-draw-step-after-an-additional-upkeep", asp="additional_phase"),
    _field("situation", "objects", "the cards and tokens, in any zone", Modelled("filters.lp", ("109.1",)),
           example="mana/mana-reflection-doubles-tap", asp="object"),
    _field("situation", "stack", "the order of the stack, bottom first: spells (ids of objects in zone stack) and "
           "abilities on the stack", Modelled("stack.lp", ("405.1",)), example="stack/resolve-magecraft-trigger",
           asp="stack_position"),
    _field("situation", "cards", "cards defined in the file, beside the built-in library", _CORE,
           example="activation/once-each-turn-limit", asp="card_type"),
    _field("situation", "library", "a card library file (such as one 'pyrules cards import' writes), relative to this "
           "file: its cards replace built-in cards of the same name, and 'cards' replace both",
           Informational("where card definitions come from; the cards themselves are read as 'cards' are")),
    _field("situation", "effects", "lasting effects of resolved spells and abilities that still apply",
           Modelled("continuous.lp", ("611.2a",)), example="mana/high-tide-islands-only", asp="lasting_effect"),
    _field("situation", "question", "the question asked", Modelled("activation.lp"),
           example="mana/could-produce-basic-lands", asp="question"),
    _field("situation", "actions", "instead of a question: actions taken one after another, each by whoever the "
           "rules say; the outcomes are the states after the last one (see docs/sequences.md)",
           Modelled("core.lp", ("117.5", "603.3")), example="sequences/apnap-triggers", asp="triggers_wait"),
)
CASE_FIELDS: tuple[Kind, ...] = (
    _field("case", "id", "the case's id (default: the file name)", Informational()),
    _field("case", "rulings", "the seed rulings it checks, by id", Informational("a citation")),
    _field("case", "rules", "the Comprehensive Rules it checks", Informational("a citation")),
    _field("case", "expect", "what the outcomes must be", Informational("checked by the runner, not the rules")),
    _field("case", "notes", "what the case shows", Informational()),
    _field("case", "project", "outcome predicates (name/arity) to project the outcomes onto, as --project does "
           "(to see details such as each payment, mana_paid/3)", Informational("read by the runner")),
)

# ---------------------------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------------------------
PLAYER_FIELDS: tuple[Kind, ...] = (
    _field("player", "name", "the player's name", _CORE, Id("a text"), example="mana/cr-106-7-forest-orchard-vs-orchard",
           asp="player"),
    _field("player", "life", "life total (default 20)", Modelled("core.lp", ("119.1",)), Count(-1_000_000),
           example="activation/pay-life-cost", asp="initial_life"),
    _field("player", "mana_pool", "mana in the pool", Modelled("payment.lp", ("106.4",)), Pool(),
           example="choices/magecraft-archmage-cast", asp="initial_pool"),
    _field("player", "restricted_mana", "mana in the pool that may be spent only in some ways (106.6): a list of "
           "{mana, spend_only}", Modelled("payment.lp", ("106.6",)), RestrictedMana(),
           example="activation/jewel-mana-pays-for-an-ability", asp="initial_restricted_pool"),
    _field("player", "library", "how many cards of their library the situation does not name (below the cards in "
           "zone library it names)", Modelled("stack.lp", ("401.1", "121.1")), Count(0),
           example="sequences/archmage-twincast-draws-three", asp="unseen_library"),
    _field("player", "lands_played", "how many lands they have played this turn (305.2)",
           Modelled("events.lp", ("305.2",)), Count(0), example="sequences/one-land-a-turn", asp="lands_played"),
    _field("player", "poison", "how many poison counters they have (122.1f; ten or more and they lose, 704.5c)",
           Modelled("sba.lp", ("704.5c", "122.1f")), Count(0), example="sequences/infect-gives-poison-counters",
           asp="poison"),
    _field("player", "energy", "how many energy counters they have (122.1, 107.14): effects give them ({E}), costs "
           "and \"you may pay {E}\" take them", Modelled("activation.lp", ("107.14",)), Count(0),
           example="activation/paying-energy-to-activate", asp="energy"),
    _field("player", "prevention_shields", "shields that prevent the next N damage that would be dealt to them this "
           "turn, one number for each (615.7)", Modelled("events.lp", ("615.7",)), ListOf(Count(1, maximum=SHIELD_LIMIT)),
           example="replacement/a-shield-on-a-player-and-a-bolt", asp="prevention_shield"),
    _field("player", "dealt_damage", "whether they were dealt damage this turn (bloodthirst, 702.54a)",
           Modelled("triggers.lp", ("702.54a", "120.3")), Bool(),
           example="sequences/bloodthirst-after-an-opponent-was-dealt-damage", asp="dealt_damage_this_turn"),
    _field("player", "permanent_left", "whether a permanent they controlled left the battlefield this turn (revolt: "
           "an ability word, 207.2c; a sequence of actions keeps it)", Modelled("triggers.lp", ("207.2c", "603.4")),
           Bool(), example="sequences/revolt-after-a-permanent-left", asp="permanent_left_this_turn"),
    _field("player", "attacked", "whether they attacked with a creature this turn (raid: an ability word, 207.2c; a "
           "sequence of actions sets it as they declare attackers, 508.1)", Modelled("triggers.lp", ("207.2c", "603.4")),
           Bool(), example="sequences/raid-after-attacking", asp="attacked_this_turn"),
    _field("player", "citys_blessing", "whether they have the city's blessing (702.131c), which they keep for the rest of "
           "the game (a sequence of actions gives it to a player with a permanent with ascend and ten permanents)",
           Modelled("continuous.lp", ("702.131c",)), Bool(), example="layers/the-citys-blessing-kept-with-fewer-permanents",
           asp="citys_blessing"),
    _field("player", "spells_cast", "how many spells they have cast this turn (storm, 702.40a; a sequence of actions "
           "counts those it casts)", Modelled("casting.lp", ("702.40a", "601.2i")), Count(0),
           example="stack/storm-copies-for-each-spell-cast-before", asp="spells_cast_this_turn"),
    _field("player", "spells_cast_last_turn", "how many spells they cast last turn, the turn before this one (the "
           "werewolves' \"if no spells were cast last turn\", \"if a player cast two or more spells last turn\"; a "
           "sequence of actions passing into the next turn counts those it cast); default 0",
           Modelled("triggers.lp", ("603.4", "500.1")), Count(0),
           example="sequences/a-werewolf-transforms-back-after-two-spells", asp="spells_cast_last_turn"),
    _field("player", "shuffled", "whether their library has been shuffled since its order was last known: the cards "
           "of it the situation names are in no known order (701.24a); an instruction that reads that order (draw, "
           "mill, scry, surveil, look at the top, put a card on top) is refused", Modelled("stack.lp", ("701.24a",)),
           Bool(), example="sequences/a-shuffled-library-is-not-drawn-from", asp="library_shuffled"),
    _field("player", "hand", "how many cards in their hand the situation does not name",
           Modelled("choices.lp", ("402.1", "701.9")), Count(0), example="sequences/onyx-minus-8-ends-the-game",
           asp="unseen_hand"),
    _field("player", "graveyard", "how many cards in their graveyard the situation does not name: counted (\"seven or "
           "more cards in your graveyard\"); a rule that looks at the graveyard's cards one by one (delve, craft, a "
           "target there) is refused while there are any", Modelled("continuous.lp", ("404.1", "611.3a")), Count(0),
           example="layers/threshold-counts-cards-the-situation-does-not-name", asp="unseen_graveyard"),
)

# ---------------------------------------------------------------------------------------------
# Objects (cards and tokens in any zone)
# ---------------------------------------------------------------------------------------------


def _flag_fact(pred: str, attr: str, when: bool = True):
    return lambda o, ctx: [fn(pred, ctx.oid)] if bool(getattr(o, attr)) == when else []


OBJECT_FIELDS: tuple[Kind, ...] = (
    _field("object", "id", "the object's id, used in questions and outcomes", Modelled("filters.lp", ("109.1",)),
           Id("a text, not a player's name"),
           term=lambda o, ctx: [fn("object", ctx.oid)], example="mana/mana-reflection-doubles-tap", asp="object"),
    _field("object", "card", "the card (or what a token is a copy of), by name", _CORE, Id("a card's name"),
           term=lambda o, ctx: [fn("card", ctx.oid, S(o.card))], example="mana/could-produce-basic-lands", asp="card"),
    _field("object", "owner", "who owns it (default: its controller)", Modelled("filters.lp", ("108.3",)), Id("a player"),
           term=lambda o, ctx: [fn("owner", ctx.oid, S(o.owner))], example="replacement/leyline-own-card", asp="owner"),
    _field("object", "controller", "who controls it (battlefield and stack only; default: its owner)",
           Modelled("core.lp", ("108.4",)), Id("a player"),
           term=lambda o, ctx: [fn("initial_controller", ctx.oid, S(o.controller))] if o.controller else [],
           example="mana/cr-106-7-forest-orchard-vs-orchard", asp="initial_controller"),
    _field("object", "zone", "its zone (default battlefield)", Modelled("core.lp", ("400.1",)), OneOf(ZONES),
           term=lambda o, ctx: [fn("initial_zone", ctx.oid, C(o.zone))], example="choices/onyx-minus8-hand-of-two",
           asp="initial_zone"),
    _field("object", "tapped", "tapped (a permanent)", Modelled("core.lp", ("110.5",)), Bool(),
           term=_flag_fact("initial_tapped", "tapped"), example="activation/tap-already-tapped", asp="initial_tapped"),
    _field("object", "since_turn_start", "controlled continuously since its controller's most recent turn began "
           "(default true; 302.6)", Modelled("activation.lp", ("302.6",)), Bool(),
           term=_flag_fact("new_to_controller", "since_turn_start", when=False),
           example="activation/tap-summoning-sick-creature", asp="new_to_controller"),
    _field("object", "counters", "counters on it (battlefield only; time counters on a suspended card in exile), by "
           "kind: p1p1, m1m1, loyalty, the kinds the 2020 card file names, or one a card of the situation names (any "
           "other is refused as a typo); +2/+2 and other power/toughness counters, keyword, shield and stun counters are "
           "refused (122.1a-d)", Modelled("core.lp", ("122.1",)), Counters(),
           term=lambda o, ctx: [fn("initial_counters", ctx.oid, C(k), n) for k, n in sorted(o.counters.items())],
           example="choices/onyx-minus3-ties-three-opponents", asp="initial_counters"),
    _field("object", "token", "a token (battlefield and stack only, 111.7)", Modelled("events.lp", ("111.1",)), Bool(),
           term=_flag_fact("token", "token"), example="replacement/leyline-ignores-tokens", asp="token"),
    _field("object", "face", "the face that is up of a double-faced card (front or back); of a split card on the stack, "
           "the half cast: left, right, or both when fused (708.3, 702.102c)", Modelled("core.lp", ("712.8", "708.3")),
           OneOf(FACES), term=lambda o, ctx: [fn("face", ctx.oid, C(o.face))]
           if ctx.double_faced or o.face in SPLIT_HALVES else [],
           example="activation/double-faced-back-face", asp="face"),
    _field("object", "timestamp", "its timestamp (613.7d), a permanent's: its static abilities' effects apply in the "
           "order of their timestamps (613.7a); objects with equal timestamps, or without one, are in an order not "
           "known, and every order is considered", Modelled("continuous.lp", ("613.7",)), Count(1),
           term=lambda o, ctx: [fn("timestamp", ctx.oid, o.timestamp)] if o.timestamp is not None else [],
           example="layers/humility-older-than-opalescence", asp="timestamp"),
    _field("object", "keywords", "keyword abilities it has gained from effects", Modelled("continuous.lp", ("702.1",)),
           Keywords(), term=lambda o, ctx: [fn("gained_keyword", ctx.oid, C(k)) for k in o.keywords],
           example="activation/tap-gained-haste", asp="gained_keyword"),
    _field("object", "used_this_turn", "activations this turn per printed ability number (602.5b)",
           Modelled("activation.lp", ("602.5b",)), UsedThisTurn(),
           term=lambda o, ctx: [fn("used_this_turn", ctx.oid, ctx.instance(i), n)
                                for i, n in sorted(o.used_this_turn.items(), key=lambda kv: str(kv[0]))],
           example="activation/once-each-turn-limit", asp="used_this_turn"),
    _field("object", "loyalty_activated", "a loyalty ability of it was activated this turn (606.3)",
           Modelled("activation.lp", ("606.3",)), Bool(), term=_flag_fact("loyalty_activated", "loyalty_activated"),
           example="choices/onyx-one-loyalty-ability-a-turn", asp="loyalty_activated"),
    _field("object", "x", "the X chosen as it was cast (a spell on the stack; 107.3m)",
           Modelled("events.lp", ("107.3m",)), Count(0),
           term=lambda o, ctx: [fn("object_x", ctx.oid, o.x)] if o.x is not None else [],
           example="replacement/etb-x-hangarback-cast", asp="object_x"),
    _field("object", "kicked", "a spell on the stack that was kicked as it was cast, or the permanent it became "
           "(702.33d)", Modelled("stack.lp", ("702.33d",)), Bool(), term=_flag_fact("object_kicked", "kicked"),
           example="payment/kicked-spell-resolves", asp="object_kicked"),
    _field("object", "times_kicked", "a spell on the stack whose multikicker cost was paid N times as it was cast, or "
           "the permanent it became (702.33c; it was kicked, 702.33d)", Modelled("events.lp", ("702.33c", "702.33d")),
           Count(1, maximum=20), term=lambda o, ctx: [fn("object_times_kicked", ctx.oid, o.times_kicked)]
           if o.times_kicked else [], example="payment/multikicker-counters-on-a-spell-on-the-stack",
           asp="object_times_kicked"),
    _field("object", "surged", "a spell on the stack cast for its surge cost, or the permanent it became (702.117a): "
           "\"if its surge cost was paid\"", Modelled("triggers.lp", ("702.117a", "603.4")), Bool(),
           term=_flag_fact("object_surged", "surged"), example="sequences/a-surged-creature-deals-its-damage",
           asp="object_surged"),
    _field("object", "tribute_paid", "a permanent whose tribute an opponent paid as it entered (702.104a): \"if "
           "tribute wasn't paid\" does not hold of it", Modelled("triggers.lp", ("702.104b", "603.4")), Bool(),
           term=_flag_fact("object_tribute_paid", "tribute_paid"), example="stack/a-tribute-trigger-with-its-tribute-paid",
           asp="object_tribute_paid"),
    _field("object", "evoked", "a spell on the stack cast for its evoke cost, or the permanent it became (702.74a)",
           Modelled("triggers.lp", ("702.74a", "603.4")), Bool(), term=_flag_fact("object_evoked", "evoked"),
           example="sequences/evoked-creature-is-sacrificed", asp="object_evoked"),
    _field("object", "bestowed", "a spell on the stack cast bestowed (702.103b: an Aura spell with enchant creature, its "
           "target a creature), or the Aura it became, attached to a creature (702.103a); it is no creature while "
           "bestowed", Modelled("core.lp", ("702.103a", "702.103b", "702.103f")), Bool(),
           term=_flag_fact("object_bestowed", "bestowed"), example="sequences/a-bestowed-aura-is-no-creature",
           asp="object_bestowed"),
    _field("object", "replicated", "a spell on the stack: how many times its replicate cost was paid (702.56a), which its "
           "cast trigger copies it for", Modelled("casting.lp", ("702.56a",)), Count(0, maximum=20),
           term=lambda o, ctx: [fn("object_replicated", ctx.oid, o.replicated)] if o.replicated else [],
           example="stack/replicate-copies-for-each-time-it-was-paid", asp="object_replicated"),
    _field("object", "cast_with_suspend", "a spell on the stack cast as its suspend ability resolved, or the permanent "
           "it became: it has haste while its owner controls it (702.62a)", Modelled("continuous.lp", ("702.62a",)),
           Bool(), term=_flag_fact("object_cast_with_suspend", "cast_with_suspend"),
           example="sequences/a-suspended-creature-is-cast-with-haste", asp="object_cast_with_suspend"),
    _field("object", "dashed", "a spell on the stack cast for its dash cost, or the permanent it became (702.109a): it has "
           "haste, and returns to its owner's hand at the next end step", Modelled("continuous.lp", ("702.109a",)), Bool(),
           term=_flag_fact("object_dashed", "dashed"), example="combat/a-dashed-creature-attacks-at-once",
           asp="object_dashed"),
    _field("object", "cast_from_hand", "a spell on the stack cast from its owner's hand, or the permanent it became "
           "(\"if you cast it from your hand\", 601.2a); default: true for a spell on the stack that is no copy and was "
           "not cast with flashback (a spell cast from elsewhere, with madness, retrace or jump-start, says false), "
           "false for a permanent",
           Modelled("triggers.lp", ("601.2a", "603.4", "614.1c")), Bool(),
           term=_flag_fact("object_cast_from_hand", "cast_from_hand"),
           example="stack/an-enters-trigger-if-cast-from-hand", asp="object_cast_from_hand"),
    _field("object", "renowned", "a permanent that has become renowned (702.112b)",
           Modelled("triggers.lp", ("702.112a", "702.112b", "603.4")), Bool(),
           term=_flag_fact("object_renowned", "renowned"), example="combat/renowned-creature-does-not-grow-again",
           asp="object_renowned"),
    _field("object", "monstrous", "a permanent that has become monstrous (701.37b): a monstrosity ability of it does "
           "nothing more", Modelled("events.lp", ("701.37a", "701.37b")), Bool(),
           term=_flag_fact("object_monstrous", "monstrous"), example="stack/monstrosity-grows-a-creature-once",
           asp="object_monstrous"),
    _field("object", "cant_be_countered", "a spell on the stack that can't be countered: the mana spent to cast it said "
           "so (106.6)", Modelled("stack.lp", ("106.6", "101.2")), Bool(),
           term=_flag_fact("object_cant_be_countered", "cant_be_countered"),
           example="sequences/halfling-mana-spell-is-not-countered-later", asp="object_cant_be_countered"),
    _field("object", "colors_spent", "a spell on the stack, or the permanent it became: the colors of the mana spent to "
           "cast it (601.2h; \"if {G} was spent to cast it\"), a list; read where its abilities ask (none of a copy of a "
           "spell or a token, which were not cast)", Modelled("triggers.lp", ("601.2h", "603.4")), ListOf(Color()),
           term=lambda o, ctx: [fn("object_color_spent", ctx.oid, C(t)) for t in o.colors_spent],
           example="sequences/vigor-mortis-with-green-spent", asp="object_color_spent"),
    _field("object", "flashback", "a card on the stack that was cast with flashback (or jump-start): it is exiled as it "
           "leaves the stack (702.34a, 702.133a)", Modelled("events.lp", ("702.34a",)), Bool(),
           term=_flag_fact("object_flashback", "flashback"), example="payment/flashback-spell-is-exiled-as-it-resolves",
           asp="object_flashback"),
    _field("object", "since_last_upkeep", "a permanent that came under its controller's control since the beginning of "
           "their last upkeep (echo, 702.30a); default false", Modelled("triggers.lp", ("702.30a", "603.4")), Bool(),
           term=_flag_fact("came_since_last_upkeep", "since_last_upkeep"), example="sequences/echo-paid-or-sacrificed",
           asp="came_since_last_upkeep"),
    _field("object", "skips_untap_of", "a permanent that doesn't untap during that player's next untap step (502.3: an "
           "effect such as \"it doesn't untap during its controller's next untap step\", begun earlier, which ends "
           "with that step); read by the action untap_step", Modelled("triggers.lp", ("502.3",)), Id("a player"),
           term=lambda o, ctx: [fn("skips_untap_step", ctx.oid, S(o.skips_untap_of))] if o.skips_untap_of else [],
           example="sequences/a-permanent-skips-its-next-untap-step", asp="skips_untap_step"),
    _field("object", "may_play", "a card in exile that this player may play this turn, as an effect lets them (\"you "
           "may play that card this turn\", 601.3): cast it (paying its costs, at the times its types allow) or play it "
           "as their land drop; the permission ends with the turn", Modelled("casting.lp", ("601.3",), also=("events.lp",)),
           Id("a player"), term=lambda o, ctx: [fn("may_play_this_turn", ctx.oid, S(o.may_play))] if o.may_play else [],
           example="stack/a-card-exiled-with-a-permission-is-cast", asp="may_play_this_turn"),
    _field("object", "face_down", "a face-down permanent or spell (708.2): a 2/2 creature with no text, name, subtypes or "
           "mana cost, whatever its card (cast face down with morph, 702.37c)", Modelled("core.lp", ("708.2", "702.37c")),
           Bool(), term=_flag_fact("initial_face_down", "face_down"), example="stack/a-face-down-creature-is-a-2-2",
           asp="initial_face_down"),
    _field("object", "buyback", "a spell on the stack whose buyback cost was paid: it goes to its owner's hand as it "
           "resolves (702.27a)", Modelled("events.lp", ("702.27a",)), Bool(),
           term=_flag_fact("object_buyback", "buyback"), example="payment/buyback-spell-resolves-into-the-hand",
           asp="object_buyback"),
    _field("object", "attached_to", "the permanent this Aura, Equipment or Fortification is attached to",
           Modelled("filters.lp", ("303.4", "301.5", "704.5m", "704.5n"), also=("sba.lp",)),
           Id("an object"),
           term=lambda o, ctx: [fn("attached_to", ctx.oid, S(o.attached_to))] if o.attached_to else [],
           example="mana/overgrowth-enchanted-land-only", asp="attached_to"),
    _field("object", "chosen_color", "the color chosen for it as it entered", Modelled("mana.lp", ("607.2d",)), Color(),
           term=lambda o, ctx: [fn("chosen_color", ctx.oid, C(o.chosen_color))] if o.chosen_color else [],
           example="mana/utopia-sprawl-chosen-color", asp="chosen_color"),
    _field("object", "chosen_type", "the creature type chosen for it as it entered",
           Modelled("continuous.lp", ("205.3",)), Name("creature type"),
           term=lambda o, ctx: [fn("chosen_subtype", ctx.oid, C(o.chosen_type))] if o.chosen_type else [],
           example="replacement/metallic-mimic-and-scales", asp="chosen_subtype"),
    _field("object", "position", "its place in its owner's library, 1 = top (default: the order of the objects)",
           Modelled("choices.lp", ("401.1",)), Count(1), example="choices/onyx-plus1-top-three", asp="library_position"),
    _field("object", "bottom", "at the bottom of its owner's library, below the cards the situation only counts (put "
           "there by \"put this on the bottom of its owner's library\", 401.4); several such cards of one library are "
           "in no known order among themselves (\"put the rest on the bottom in any order\"): reading that deep into "
           "the library is refused",
           Modelled("stack.lp", ("401.4", "121.1")), Bool(), example="sequences/a-card-at-the-bottom-is-drawn-last",
           asp="library_bottom"),
    _field("object", "damage", "damage marked on it (a creature on the battlefield; 120.3e)",
           Modelled("sba.lp", ("120.3e", "704.5g")), Count(0),
           term=lambda o, ctx: [fn("damage", ctx.oid, o.damage)] if o.damage else [],
           example="sequences/marked-damage-adds-up", asp="damage"),
    _field("object", "damaged_by", "a permanent: the objects that dealt it damage this turn, a list of ids (120.1; \"a "
           "creature dealt damage by ~ this turn\")", Modelled("filters.lp", ("120.1",)), Ids("objects"),
           term=lambda o, ctx: [fn("damaged_by_this_turn", ctx.oid, S(s)) for s in o.damaged_by],
           example="sequences/a-creature-dealt-damage-earlier-this-turn-dies", asp="damaged_by_this_turn"),
    _field("object", "modes", "a modal spell on the stack: the modes chosen as it was cast (700.2a)",
           Modelled("stack.lp", ("700.2a",)), ListOf(Count(1)),
           term=lambda o, ctx: [fn("object_mode", ctx.oid, m) for m in o.modes],
           example="stack/modal-spell-on-the-stack", asp="object_mode"),
    _field("object", "regeneration_shields", "regeneration shields that protect it this turn: each replaces one "
           "destruction (a permanent on the battlefield; 701.19a, 614.8)", Modelled("events.lp", ("701.19a", "614.8")),
           Count(0), term=lambda o, ctx: ([fn("regeneration_shields", ctx.oid, o.regeneration_shields)]
                                          if o.regeneration_shields else []),
           example="sequences/murder-on-a-shielded-creature", asp="regeneration_shields"),
    _field("object", "prevention_shields", "shields that prevent the next N damage that would be dealt to it this turn, "
           "one number for each, or {prevent: N, counters: kind} for one that also puts a counter of that kind on it for "
           "each 1 damage it prevents (Test of Faith) (a permanent on the battlefield; 615.7)",
           Modelled("events.lp", ("615.7",)), Shields(), term=_shield_terms,
           example="combat/a-shield-against-two-blockers", asp="prevention_shield"),
    _field("object", "copy", "a copy of a spell (on the stack), not a card: it ceases to exist once it leaves the "
           "stack (707.10, 704.5e)", Modelled("sba.lp", ("707.10", "704.5e")), Bool(),
           term=_flag_fact("spell_copy", "copy"), example="sequences/a-copy-of-a-spell-ceases-to-exist",
           asp="spell_copy"),
    _field("object", "copy_of", "the card whose copiable values it has: it entered as a copy of it, or became one "
           "(707.2); on the battlefield only", Modelled("core.lp", ("707.2", "712.9")), Id("a card's name"),
           term=lambda o, ctx: [fn("copy_card", ctx.oid, S(o.copy_of))] if o.copy_of else [],
           example="craft/a-copy-of-the-jewel-stays-in-exile", asp="copy_card"),
    _field("object", "copy_except", "the exceptions of the copy effect that made it a copy (\"except it's an artifact "
           "in addition to its other types\"), part of its copiable values (707.9b)",
           Modelled("core.lp", ("707.9", "707.9b")), CopyExceptions(),
           term=lambda o, ctx: [fn("copy_exception", ctx.oid, copy_exception_term(e)) for e in o.copy_except],
           example="layers/phyrexian-metamorph-is-an-artifact", asp="copy_exception"),
    _field("object", "crafted_with", "the cards exiled to pay the craft cost of the activation that put it onto the "
           "battlefield (its \"exiled cards used to craft it\", 702.167c)", Modelled("continuous.lp", ("702.167c",)),
           ListOf(Id("an object")),
           term=lambda o, ctx: [fn("used_to_craft", ctx.oid, S(m)) for m in o.crafted_with],
           example="craft/locus-has-the-activated-abilities", asp="used_to_craft"),
    _field("object", "exiled_with", "the cards in exile that an ability of this permanent exiled, to which its other "
           "abilities refer as \"the exiled card\" (linked abilities, 607.2a: Chrome Mox's imprint); refused on a "
           "permanent with no such ability",
           Modelled("mana.lp", ("607.2a",)), ListOf(Id("an object")),
           term=lambda o, ctx: [fn("exiled_with", ctx.oid, S(m)) for m in o.exiled_with],
           example="mana/chrome-mox-adds-the-exiled-cards-colors", asp="exiled_with"),
    _field("object", "exiled_until", "a card in exile: the permanent whose ability exiled it until that permanent leaves "
           "the battlefield (610.3c); once that permanent is no longer on the battlefield, the card returns to the "
           "battlefield under its owner's control, before anyone next receives priority", Modelled("events.lp", ("610.3c",)),
           Id("an object"), term=lambda o, ctx: [fn("exiled_until", ctx.oid, S(o.exiled_until))] if o.exiled_until else [],
           example="stack/exiled-until-its-source-leaves", asp="exiled_until"),
    _field("object", "targets", "a spell on the stack: its targets, in the order its text says \"target\" (115; of a "
           "modal spell, those of its chosen modes, 700.2c)",
           Modelled("stack.lp", ("115.1", "608.2b")), ListOf(Id("an object or a player")),
           term=lambda o, ctx: [fn("target", ctx.oid, n, S(t))
                                for n, t in zip(ctx.target_numbers(o.modes, len(o.targets)), o.targets)],
           example="choices/magecraft-twincast-copy", asp="target"),
    _field("object", "attacking", "an attacking creature: the player or planeswalker it attacks (506.3, 508.1b)",
           Modelled("combat.lp", ("506.3", "510.1b")), Id("a player or a planeswalker"),
           term=lambda o, ctx: [fn("attacking", ctx.oid, S(o.attacking))] if o.attacking else [],
           example="combat/two-blockers-divide-freely", asp="attacking"),
    _field("object", "blocking", "a blocking creature: the attacking creature it blocks, or a list of them where it "
           "can block more than one (509.1a)",
           Modelled("combat.lp", ("509.1a", "510.1c", "510.1d")), Ids("an attacking creature"),
           term=lambda o, ctx: [fn("blocking", ctx.oid, S(a)) for a in o.blocking],
           example="combat/two-blockers-divide-freely", asp="blocking"),
    _field("object", "blocked", "an attacking creature that was blocked, even if no creature blocks it any more "
           "(509.1h; default: whether a creature blocks it)", Modelled("combat.lp", ("509.1h", "702.19e")), Bool(),
           term=_flag_fact("blocked", "blocked"), example="combat/blocked-attacker-with-no-blocker-left",
           asp="blocked"),
    _field("object", "struck_first", "an attacking or blocking creature that had first strike or double strike as the "
           "first combat damage step began (510.4; in step first_strike_damage)", Modelled("combat.lp", ("510.4",)),
           Bool(), term=_flag_fact("struck_first", "struck_first"),
           example="combat/double-striker-in-the-second-step", asp="struck_first"),
    _field("object", "division", "a spell on the stack that divides its damage: how, among its targets, in their "
           "order (601.2d); not given, every division is an outcome", Modelled("stack.lp", ("601.2d",)),
           ListOf(Count(1)),
           term=lambda o, ctx: [fn("object_division", ctx.oid, n, k) for n, k in enumerate(o.division, start=1)],
           example="stack/electrolyze-on-the-stack", asp="object_division"),
)

# ---------------------------------------------------------------------------------------------
# Abilities on the stack (113.7, 602.2a, 603.3)
# ---------------------------------------------------------------------------------------------
STACK_FIELDS: tuple[Kind, ...] = (
    _field("stack_item", "id", "the ability's id on the stack", Modelled("stack.lp", ("113.7",)),
           example="stack/resolve-magecraft-trigger", asp="stack_ability"),
    _field("stack_item", "activated", "an activated ability of this object", Modelled("stack.lp", ("602.2a",)),
           example="stack/hangarback-puts-a-counter", asp="stack_ability"),
    _field("stack_item", "triggered", "a triggered ability of this object", Modelled("stack.lp", ("603.3",)),
           example="stack/resolve-magecraft-trigger", asp="stack_ability"),
    _field("stack_item", "ability", "which of its printed abilities (1 = the first; default: its only one of that kind)",
           Modelled("stack.lp", ("113.7",)), Count(1), example="stack/resolve-magecraft-trigger", asp="stack_ability"),
    _field("stack_item", "controller", "who controls it (default: the source's controller)",
           Modelled("core.lp", ("113.8",)), example="stack/opponents-trigger-resolves", asp="initial_controller"),
    _field("stack_item", "targets", "its targets (115)", Modelled("stack.lp", ("115.1", "608.2b")), ListOf(Text()),
           example="stack/oblivion-ring-target-gone", asp="target"),
    _field("stack_item", "x", "the X chosen as it was activated (107.3)", Modelled("stack.lp", ("107.3", "707.10")),
           Count(0), example="craft/helix-pinnacle-x-on-the-stack", asp="stack_x"),
    _field("stack_item", "modes", "the mode chosen as it was activated (700.2a)", Modelled("stack.lp", ("700.2a",)),
           ListOf(Count(1)), example="craft/cratermaker-mode-on-the-stack", asp="stack_mode"),
    _field("stack_item", "division", "how its damage is divided among its targets (601.2d)",
           Modelled("stack.lp", ("601.2d",)), ListOf(Count(1)), example="craft/arc-mage-damage-on-the-stack",
           asp="division"),
    _field("stack_item", "copies", "for a trigger about the spell or ability that triggered it, lower on the stack: "
           "its id (Locus of Enlightenment copies that ability; Unbound Flourishing copies that spell or doubles its "
           "X, 707.10, 107.3)", Modelled("stack.lp", ("707.10",)),
           example="craft/locus-trigger-on-the-stack", asp="trigger_item"),
    _field("stack_item", "that", "for a trigger whose instructions say \"that creature\" (exalted): the id of the "
           "creature its event was about (603.2)", Modelled("stack.lp", ("603.2",)),
           example="combat/exalted-on-the-stack", asp="trigger_object"),
    _field("stack_item", "that_much", "for a trigger whose instructions say \"that much\" (\"you gain that much "
           "life\"): the amount of the event it triggered on, the damage dealt (603.2)", Modelled("stack.lp", ("603.2",)),
           Count(1), example="stack/a-creature-that-loses-you-life-as-it-is-dealt-damage", asp="trigger_amount"),
)

# ---------------------------------------------------------------------------------------------
# Lasting effects (611.2a)
# ---------------------------------------------------------------------------------------------
EFFECT_FIELDS: tuple[Kind, ...] = (
    _field("lasting_effect", "card", "the card whose ability created it", Modelled("continuous.lp", ("611.2a",)),
           example="mana/high-tide-islands-only", asp="lasting_effect"),
    _field("lasting_effect", "controller", "who controls it", Modelled("continuous.lp", ("611.2a",)),
           example="mana/high-tide-islands-only", asp="lasting_effect"),
    _field("lasting_effect", "ability", "which of the card's abilities it is (default: its only lasting one)",
           Modelled("continuous.lp", ("611.2a",)), Count(1), example="mana/contamination-pale-moon-tap-both-orders",
           asp="lasting_effect"),
    _field("lasting_effect", "timestamp", "its timestamp: when it was created (613.7b); as an object's", Modelled(
           "continuous.lp", ("613.7b",)), Count(1), example="layers/flying-granted-after-losing-abilities", asp="timestamp"),
    _field("lasting_effect", "affects", "the objects it changes: those it affected as it began, whatever happened "
           "since (611.2c); required of an effect that changes characteristics", Modelled("continuous.lp", ("611.2c",)),
           ListOf(Name("object id")), example="layers/counter-and-pump-under-a-base-setter", asp="effect_affects"),
    _field("lasting_effect", "times", "for an effect that counts (its ability's for_each: \"+1/+1 until end of turn "
           "for each ...\"): the number it counted as it began (608.2h); required of such an effect, refused of others",
           Modelled("continuous.lp", ("608.2h",)), Count(0), example="layers/a-counted-pump-keeps-its-number",
           asp="effect_times"),
    _field("lasting_effect", "chosen_color", "for an effect that gives protection from the chosen color (\"gains "
           "protection from the color of your choice until end of turn\"): the color chosen as it began (611.2a); "
           "required of such an effect, refused of others", Modelled("stack.lp", ("702.16a", "611.2a")), Color(),
           example="layers/an-effect-keeps-the-color-chosen-for-its-protection", asp="effect_color"),
)

# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------
QUESTIONS: tuple[Kind, ...] = (
    _field("question", "could_produce", "which types of mana could these permanents produce? (106.7): an id, a list "
           "of ids, or all", Modelled("mana.lp", ("106.7",)), example="mana/could-produce-basic-lands"),
    _field("question", "activatable", "which abilities can this player activate now?",
           Modelled("activation.lp", ("602.5",)), example="activation/activatable-mixed-board"),
    _field("question", "activate", "a player activates an ability: {object, player, ability, x, modes, targets, "
           "division, resolve}",
           Modelled("activation.lp", ("602.2",)), example="activation/tap-untapped-forest"),
    _field("question", "cast", "a player casts a spell from their hand: {object, player, x, targets, division, "
           "pool_only, kicked, buyback, alternative_cost, evoke, face_down, half, ...}",
           Modelled("casting.lp", ("601.2",)), example="choices/magecraft-archmage-cast"),
    _field("question", "resolve", "the top object of the stack resolves: top", Modelled("stack.lp", ("608.1",)),
           example="choices/magecraft-twincast-copy", asp="resolve_top"),
    _field("question", "effect", "an effect does one thing (put_counters, create_tokens, enter, to_graveyard): what "
           "happens after replacement effects?", Modelled("events.lp", ("614.1",)),
           example="replacement/two-doubling-seasons"),
    _field("question", "abilities", "which abilities do these objects have, and where does each come from? (113.1, "
           "607): an id, a list of ids, or all (every permanent)", Modelled("continuous.lp", ("113.1",)),
           example="craft/locus-abilities-and-their-sources"),
    _field("question", "characteristics", "what are these permanents after the layers of continuous effects (613): "
           "power, toughness, card types, subtypes, colors, keywords and abilities; an id, a list of ids, or all",
           Modelled("continuous.lp", ("613.1",)), example="layers/humility-older-than-opalescence"),
)
ACTIVATE_FIELDS: tuple[Kind, ...] = (
    _field("activate", "object", "the permanent whose ability is activated", Modelled("activation.lp"),
           example="activation/tap-untapped-forest", asp="activate"),
    _field("activate", "player", "who activates it (default: its controller)", Modelled("activation.lp", ("602.2",)),
           example="activation/not-controller-cannot-activate", asp="activate"),
    _field("activate", "ability", "which ability: a printed ability number, a loyalty ability by its cost "
           "(\"-8\", \"+1\", \"0\"; 606.4), a basic land type (305.6) or granted",
           Modelled("activation.lp"), example="mana/tundra-activates-its-plains-ability", asp="printed"),
    _field("activate", "x", "the value announced for X in the ability's cost (107.3)",
           Modelled("payment.lp", ("107.3", "601.2b")), Count(0), example="craft/helix-pinnacle-x",
           asp="paying_x"),
    _field("activate", "modes", "the mode chosen for a modal ability (700.2a)", Modelled("stack.lp", ("700.2a",)),
           ListOf(Count(1)), example="craft/cratermaker-modes", asp="item_mode"),
    _field("activate", "division", "how the damage is divided among the targets, in their order (601.2d); not "
           "given, every division is an outcome",
           Modelled("activation.lp", ("601.2d",)), ListOf(Count(1)), example="craft/arc-mage-in-one-question",
           asp="question_division"),
    _field("activate", "targets", "its targets, in the order its text says \"target\" (115, 602.2b)",
           Modelled("activation.lp", ("115.1", "602.2b")), ListOf(Text()), example="stack/activated-exile-target",
           asp="question_target"),
    _field("activate", "resolve", "and then it resolves, all players passing", Modelled("activation.lp", ("608.1",)),
           Bool(), example="choices/onyx-plus1-top-three", asp="question_resolves"),
    _field("activate", "pool_only", "its cost is paid from the mana pool only: no mana ability is activated while "
           "paying (by default the player may, 601.2g)", Modelled("activation.lp", ("601.2g",)), Bool(),
           example="payment/pool-only-activation", asp="question_pool_only"),
)
CAST_FIELDS: tuple[Kind, ...] = (
    _field("cast", "object", "the card cast (from its owner's hand)", Modelled("casting.lp", ("601.2a",)),
           example="choices/magecraft-archmage-cast", asp="cast"),
    _field("cast", "player", "who casts it (default: its owner)", Modelled("casting.lp", ("601.2",)),
           example="choices/magecraft-archmage-cast", asp="cast"),
    _field("cast", "x", "the value chosen for X", Modelled("casting.lp", ("107.3a", "601.2f")), Count(0),
           example="stack/cast-with-x", asp="question_x"),
    _field("cast", "targets", "its targets (601.2c)", Modelled("casting.lp", ("601.2c",)), ListOf(Text()),
           example="stack/cast-twincast-at-a-spell", asp="question_target"),
    _field("cast", "division", "how the damage is divided among the targets, in their order (601.2d); not given, "
           "every division is an outcome", Modelled("casting.lp", ("601.2d",)), ListOf(Count(1)),
           example="stack/electrolyze-two-targets", asp="question_division"),
    _field("cast", "pool_only", "its cost is paid from the mana pool only: no mana ability is activated while "
           "paying (by default the player may, 601.2g)", Modelled("activation.lp", ("601.2g",)), Bool(),
           example="payment/pool-only-cast", asp="question_pool_only"),
    _field("cast", "kicked", "its kicker cost is paid too (702.33a)", Modelled("casting.lp", ("702.33a", "601.2b")),
           Bool(), example="payment/kicker-paid-and-kicked-effect", asp="question_kicked"),
    _field("cast", "times_kicked", "its multikicker cost is paid N times too (702.33c; then it is kicked, 702.33d)",
           Modelled("casting.lp", ("702.33c", "601.2b")), Count(1, maximum=20),
           example="payment/multikicker-paid-twice", asp="question_times_kicked"),
    _field("cast", "buyback", "its buyback cost is paid too (702.27a)", Modelled("casting.lp", ("702.27a", "601.2b")),
           Bool(), example="payment/buyback-paid-returns-to-hand", asp="question_buyback"),
    _field("cast", "alternative_cost", "its alternative cost is paid instead of its mana cost (118.9)",
           Modelled("casting.lp", ("118.9", "601.2b")), Bool(), example="payment/alternative-cost-instead-of-mana-cost",
           asp="question_alternative_cost"),
    _field("cast", "evoke", "its evoke cost is paid instead of its mana cost (702.74a): the spell, and the permanent it "
           "becomes, is evoked", Modelled("casting.lp", ("702.74a", "118.9")), Bool(),
           example="sequences/evoked-creature-is-sacrificed", asp="question_evoke"),
    _field("cast", "bestow", "its bestow cost is paid instead of its mana cost (702.103a): the spell is bestowed, an Aura "
           "spell with enchant creature that targets one creature (702.103b)", Modelled("casting.lp", ("702.103a",
           "702.103b", "118.9")), Bool(), example="sequences/a-spell-cast-bestowed-enters-attached", asp="question_bestow"),
    _field("cast", "emerge", "its emerge cost is paid, and a creature sacrificed, instead of its mana cost (702.119a): "
           "the cost reduced by that creature's mana value", Modelled("casting.lp", ("702.119a", "118.9")), Bool(),
           example="payment/emerge-reduced-by-the-sacrificed-creature", asp="question_emerge"),
    _field("cast", "replicate", "how many times its replicate cost is paid too (702.56a): the spell's cast trigger copies "
           "it that many times", Modelled("casting.lp", ("702.56a", "601.2f")), Count(0, maximum=20),
           example="stack/replicate-copies-for-each-time-it-was-paid", asp="question_replicate"),
    _field("cast", "ripple", "cast without paying its mana cost while the ripple trigger that revealed it resolves "
           "(702.60a, 608.2g): a card with the same name as that trigger's spell among the cards revealed",
           Modelled("casting.lp", ("702.60a", "608.2g")), Bool(),
           example="stack/ripple-casts-a-card-of-the-same-name", asp="question_ripple"),
    _field("cast", "cascade", "cast without paying its mana cost while the cascade trigger that exiled it resolves "
           "(702.85a, 608.2g): the first nonland card of lesser mana value from the top of its owner's library",
           Modelled("casting.lp", ("702.85a", "608.2g")), Bool(),
           example="stack/cascade-casts-the-first-cheaper-nonland-card", asp="question_cascade"),
    _field("cast", "suspend", "cast without paying its mana cost while its suspend ability resolves, as the last time "
           "counter was removed (702.62a, 608.2g); a creature spell cast this way has haste while its owner controls it",
           Modelled("casting.lp", ("702.62a", "608.2g")), Bool(),
           example="sequences/a-suspended-creature-is-cast-with-haste",
           asp="question_suspend"),
    _field("cast", "dash", "its dash cost is paid instead of its mana cost (702.109a): the spell, and the permanent it "
           "becomes, is dashed", Modelled("casting.lp", ("702.109a", "118.9")), Bool(),
           example="sequences/a-dashed-creature-returns-at-the-end-step", asp="question_dash"),
    _field("cast", "entwine", "its entwine cost is paid too, and every mode of the modal spell is chosen (702.42a): "
           "modes, if given, are all of them", Modelled("casting.lp", ("702.42a", "700.2", "601.2f")), Bool(),
           example="stack/entwine-chooses-every-mode", asp="question_entwine"),
    _field("cast", "surge", "its surge cost is paid instead of its mana cost (702.117a): only if its caster has cast "
           "another spell this turn; the spell, and the permanent it becomes, is surged", Modelled("casting.lp",
           ("702.117a", "118.9")), Bool(), example="payment/surge-after-another-spell", asp="question_surge"),
    _field("cast", "madness", "cast with madness (702.35a-b): the card its madness ability exiled as it was discarded, cast "
           "by its owner for its madness cost rather than its mana cost while its madness trigger resolves (that trigger "
           "on top of the stack: 608.2g, no priority and no timing by card type)", Modelled("casting.lp", ("702.35b",
           "608.2g")), Bool(), example="sequences/madness-cast-at-instant-speed", asp="question_madness"),
    _field("cast", "rebound", "cast with rebound (702.88a): the card rebound exiled as its spell resolved, cast by its "
           "owner without paying its mana cost while the delayed trigger rebound began resolves (that trigger on top of "
           "the stack: 608.2g, no priority and no timing by card type)", Modelled("casting.lp", ("702.88a", "608.2g")),
           Bool(), example="sequences/rebound-casts-it-again-next-upkeep", asp="question_rebound"),
    _field("cast", "face_down", "cast face down with its morph (megamorph) ability, for {3} rather than its mana cost, as "
           "a 2/2 creature spell with no text, name or mana cost (702.37c, 708.4)", Modelled("casting.lp", ("702.37c",)),
           Bool(), example="sequences/a-morph-cast-face-down-enters-without-its-abilities", asp="question_face_down"),
    _field("cast", "half", "which half of a split card is cast (708.3): left, right, or both, fused, where both halves "
           "have fuse (702.102a: from its owner's hand only); the spell has that half's characteristics, or both halves' "
           "combined and their instructions, the left half's first (702.102c-d)", Modelled("core.lp", ("708.3",
           "702.102c")), OneOf(SPLIT_HALVES), example="stack/split-card-fire-cast-as-one-half", asp="question_half"),
    _field("cast", "modes", "the modes chosen for a modal spell, as many different ones as it says (700.2a, 700.2d); "
           "left out, every legal choice is an outcome (where no mode has a target)",
           Modelled("casting.lp", ("700.2a", "601.2b")), ListOf(Count(1)), example="stack/modal-spell-two-modes",
           asp="question_mode"),
)
ACTIONS: tuple[Kind, ...] = (
    _field("action", "activate", "a player activates an ability: as the activate question (resolve: true adds a "
           "resolve action)", Modelled("activation.lp", ("602.2",)), example="sequences/devoted-druid-untaps"),
    _field("action", "cast", "a player casts a spell: as the cast question", Modelled("casting.lp", ("601.2",)),
           example="sequences/activate-then-cast-with-the-mana"),
    _field("action", "resolve", "all players pass, and the top object of the stack resolves (top, the default), or "
           "the stack resolves to the end (all)", Modelled("stack.lp", ("608.1", "117.4")),
           example="sequences/activate-then-cast-with-the-mana", asp="resolve_top"),
    _field("action", "play", "a player plays a land from their hand (a special action, 305.1): an id, or {object, "
           "player}", Modelled("events.lp", ("305.1", "305.2", "116.2a")), example="sequences/playing-a-land-triggers",
           asp="play"),
    _field("action", "turn_face_up", "a player turns a face-down permanent they control face up by paying its morph "
           "(megamorph) cost, a special action (702.37e, 116.2b): an id, or {object, player}",
           Modelled("events.lp", ("702.37e", "116.2b", "708.8")), example="sequences/a-morph-turned-face-up-triggers",
           asp="turn_face_up"),
    _field("action", "suspend", "a player pays the suspend cost of a card in their hand and exiles it with its time "
           "counters, a special action (702.62a, 116.2f) taken when they could begin to cast the card: an id, or "
           "{object, player}", Modelled("events.lp", ("702.62a", "116.2f")),
           example="sequences/suspending-a-card-exiles-it-with-time-counters", asp="suspend"),
    _field("action", "pass", "the player holding priority (or the player named) passes it; once all have passed in "
           "succession, the top object resolves (117.4)", Modelled("stack.lp", ("117.3d", "117.4")),
           example="sequences/passing-in-turn-resolves", asp="resolve_top"),
    _field("action", "attack", "the active player declares attackers (508.1): {attacker: player or planeswalker, ...}, "
           "or a list of attackers when one opponent is all they can attack; 'attack' alone leaves the declaration "
           "open (every legal one is an outcome)", Modelled("combat.lp", ("508.1",)),
           example="combat/menace-with-one-possible-blocker", asp="question_attack"),
    _field("action", "block", "the defending player declares blockers (509.1): {blocker: attacker, ...}; 'block' alone "
           "leaves the declaration open (every legal one is an outcome)", Modelled("combat.lp", ("509.1",)),
           example="combat/menace-with-one-possible-blocker", asp="question_block"),
    _field("action", "damage", "a combat damage step (510): the first-strike one if an attacking or blocking creature "
           "has first strike or double strike (510.4), else the regular one; how each creature divides its damage is "
           "open (every division with a distinct result is an outcome)", Modelled("combat.lp", ("510.1", "510.2")),
           example="combat/two-blockers-divide-freely", asp="question"),
    _field("action", "upkeep", "the untap step ends and the active player's upkeep begins (503.1): \"at the beginning "
           "of your upkeep\" abilities of the permanents they control trigger; the situation must be in the untap "
           "step, with no mana in a pool (500.4: its emptying is not modelled)", Modelled("triggers.lp", ("503.1",)),
           example="sequences/an-upkeep-trigger-resolves", asp="question"),
    _field("action", "draw_step", "the upkeep ends and the draw step begins (504.1-2): the active player draws a card "
           "(through the effects on drawing), then \"at the beginning of your draw step\" abilities of the permanents "
           "they control trigger; the situation must be in the upkeep with an empty stack, with no mana in a pool "
           "(500.4), and not in the first turn of a two-player game (103.8a: the player who plays first skips that "
           "draw; turn: 1 is refused there)", Modelled("triggers.lp", ("504.1", "504.2")),
           example="sequences/the-draw-step-draws-a-card", asp="question"),
    _field("action", "end_step", "the postcombat main phase ends and the end step begins (513.1): \"at the beginning "
           "of your end step\" abilities of the active player's permanents and \"at the beginning of each end step\" "
           "abilities of every permanent trigger; the situation must be in the postcombat main phase with an empty "
           "stack, with no mana in a pool (500.4: its emptying is not modelled)", Modelled("triggers.lp", ("513.1",)),
           example="sequences/an-end-step-trigger-of-the-active-player", asp="question"),
    _field("action", "end_of_combat", "the combat damage step ends and the end of combat step begins (511.1-2): \"at "
           "end of combat\" abilities of every permanent trigger, and the delayed ones (\"destroy that creature at end of "
           "combat\"); the situation must be in the (last) combat damage step with an empty stack, with no mana in a "
           "pool (500.4); attacking and blocking creatures stay so through the step (511.3)",
           Modelled("triggers.lp", ("511.2",)), example="combat/destroyed-at-end-of-combat", asp="question"),
    _field("action", "beginning_of_combat", "the precombat main phase ends and the combat phase begins with its "
           "beginning of combat step (507.1); the situation must be in the precombat main phase with an empty stack, "
           "with no mana in a pool (500.4)", Modelled("triggers.lp", ("507.1",)),
           example="sequences/combat-begins-only-from-the-precombat-main-phase", asp="question"),
    _field("action", "main", "the next main phase begins (505.1): the precombat one after the draw step, the "
           "postcombat one after the end of combat step (the creatures are removed from combat, 511.3) or after a "
           "declare attackers step in which none attacks (508.8); the stack must be empty, with no mana in a pool "
           "(500.4); a Saga's lore counter as the precombat one begins (714.3b) is refused",
           Modelled("triggers.lp", ("505.1", "511.3")),
           example="sequences/a-main-phase-after-a-combat-without-attackers", asp="question"),
    _field("action", "cleanup", "the end step ends and the cleanup step begins (514.1-2): the active player discards "
           "down to seven cards (every choice of cards an outcome; none with \"no maximum hand size\"), then damage "
           "wears off and \"until end of turn\" and \"this turn\" effects end; the situation must be in the end step "
           "with an empty stack, with no mana in a pool (500.4); a cleanup step in which an ability triggers or a "
           "state-based action applies (514.3a) is refused", Modelled("triggers.lp", ("514.1", "514.2")),
           example="sequences/the-cleanup-step-discards-to-seven", asp="question"),
    _field("action", "untap_step", "the turn ends and the next player in turn order begins theirs with its untap step "
           "(500.1, 502.3): they untap their permanents but those that don't (doesnt_untap, may_not_untap, "
           "enchanted_doesnt_untap, skips_untap_of); their permanents are no longer summoning sick (302.6), and what "
           "counted \"this turn\" starts again; no player receives priority (502.4), and what triggers waits for "
           "the upkeep; the situation must be in the cleanup step with an empty stack, with no mana in a pool "
           "(500.4); phasing (502.1) is refused", Modelled("triggers.lp", ("502.3", "500.1")),
           example="sequences/the-next-turn-untaps-its-players-permanents", asp="question"),
)
HAPPEN_KINDS: tuple[Kind, ...] = (
    _field("happen", "put_counters", "{object, counter, count, instead}: put counters on a permanent",
           Modelled("events.lp", ("122.1",)), example="replacement/two-doubling-seasons"),
    _field("happen", "create_tokens", "{player, token or copy_of, count}: create tokens",
           Modelled("events.lp", ("111.1",)), example="replacement/manufactor-and-procession"),
    _field("happen", "enter", "{object, player}: put a card onto the battlefield", Modelled("events.lp", ("614.1c",)),
           example="replacement/etb-x-hangarback-not-cast"),
    _field("happen", "to_graveyard", "{object}: put a card or token into its owner's graveyard",
           Modelled("events.lp", ("614.1a",)), example="replacement/rest-in-peace-and-leyline"),
)
