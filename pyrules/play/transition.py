"""From one state to the next: a situation, a step taken in it, and that step's outcome atoms give
the situation after the step.

Each output predicate of ``asp/`` says in its catalogue line what it does to the next state
(``% output/changes``, ``output/quiet``, ``output/record``, ``output/ends``: pyrules.engine.encodings.EFFECTS).
Here is how each one that changes the state changes it (:data:`CHANGES`); the others change nothing
that a later step reads (:func:`records`: they are kept in the step's record and in the explanation).
An outcome atom of any other predicate cannot be carried on, and the sequence stops with
``unsupported:``; ``tests/test_sequence.py`` checks that :data:`CHANGES` has a way for exactly the
predicates the catalogues mark as changing the state, so none is dropped silently.

Objects and stack items created on the way get ids of their own (``div#copy1``,
``archmage#trigger1``); :func:`state_key` names them by what they are, so that two lines reaching
the same state by different paths are one state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from clingo import Function, String, Symbol, SymbolType

from pyrules.base.document import AMOUNT_LIMIT
from pyrules.cards.library import builtin_library
from pyrules.engine.encodings import effects, output_signatures
from pyrules.engine.facts import activated_ability, printed_face, target_slots
from pyrules.situation.loader import ControlGiver, control_givers
from pyrules.situation.model import (
    Activate,
    BeginCleanup,
    BeginCombat,
    BeginDrawStep,
    BeginEndOfCombat,
    BeginEndStep,
    BeginMain,
    BeginUntap,
    BeginUpkeep,
    Cast,
    DeclareAttackers,
    DeclareBlockers,
    FindCards,
    GameObject,
    LastingEffect,
    Player,
    Priority,
    Question,
    ResolveTop,
    Situation,
    StackAbility,
    shields_left,
)
from pyrules.vocabulary.abilities import NAMES_WHAT_ENTERED


class CarryError(Exception):
    """An outcome that the next step cannot read: ``unsupported: <what>``."""


def _bounded(amount: int) -> int:
    """107.1: an amount summed over steps is held to the encodings' limit, like one step's amounts."""
    if abs(amount) > AMOUNT_LIMIT:
        raise CarryError(f"amount beyond limit ({AMOUNT_LIMIT})")
    return amount


@dataclass
class _Draft:
    """The state being built: mutable copies of the situation's players, objects and stack."""

    before: Situation
    question: Question | Any
    players: dict[str, Player]
    objects: dict[str, GameObject]
    stack: list[str]
    abilities: dict[str, StackAbility]
    waiting: list[StackAbility]
    created: list[str]
    removed: set[str] = field(default_factory=set)
    placed: dict[int, str] = field(default_factory=dict)  # stack position -> id, for items put on it now
    item_ids: dict[Symbol, str] = field(default_factory=dict)  # the ids given to the items put on the stack now
    resolving: StackAbility | None = None  # the ability that resolved, if one did
    effects: list[LastingEffect] = field(default_factory=list)  # the lasting effects, those begun now included
    left: set[str] = field(default_factory=set)  # the objects that left the battlefield (400.7: new objects after)
    left_exile: set[str] = field(default_factory=set)  # the cards that left exile (400.7)
    found_in_exile: set[tuple[str, int, str]] = field(default_factory=set)  # (card, ability, id): effects begun now on a
    # card exiled now, the new object in exile (603.7c)
    orders: list[tuple[str, str]] = field(default_factory=list)  # timestamp orders taken or learnt (613.7)
    step: str | None = None  # the step of the phase the state is in
    made: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # the tokens made now, by (player, kind)
    made_kinds: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # the same, by the kind's whole term
    found: list[str] | None = field(default_factory=list)  # the cards the top of the stack's search found (701.23a)
    upkeeps_to_come: int = 0  # additional upkeep steps to come after this phase (500.8)
    counters_changed: set[str] = field(default_factory=set)  # objects counters were put on or removed from, in order

    def new_id(self, base: str) -> str:
        taken = set(self.objects) | set(self.abilities) | {w.id for w in self.waiting} | set(self.created) \
            | {p for p in self.players} | self.removed
        n = 1
        while f"{base}{n}" in taken:
            n += 1
        self.created.append(f"{base}{n}")
        return f"{base}{n}"

    @property
    def entering_timestamp(self) -> int:
        """The timestamp of what enters the battlefield in this step (613.7d): later than every timestamp of the
        state; things that enter together share it, their order not known (613.7m)."""
        stamps = [o.timestamp for o in self.before.objects if o.timestamp is not None]
        return 1 + max(stamps + [e.timestamp for e in self.before.effects if e.timestamp is not None], default=0)

    def obj(self, symbol: Symbol) -> GameObject:
        oid = _text(symbol)
        if oid not in self.objects:
            raise CarryError(f"an outcome about '{oid}', which is not an object of the state")
        return self.objects[oid]

    def set(self, obj: GameObject, **changes: Any) -> None:
        self.objects[obj.id] = replace(obj, **changes)


def _text(symbol: Symbol) -> str:
    if symbol.type == SymbolType.String:
        return symbol.string
    raise CarryError(f"an object named by the term {symbol}, which the next step cannot name")


def _number(symbol: Symbol) -> int:
    return symbol.number


# -- what each outcome predicate changes ---------------------------------------------------------
def _tap(d: _Draft, a: Symbol) -> None:
    d.set(d.obj(a.arguments[0]), tapped=True)


def _untap(d: _Draft, a: Symbol) -> None:
    d.set(d.obj(a.arguments[0]), tapped=False)


def _move(d: _Draft, a: Symbol) -> None:
    obj = d.obj(a.arguments[0])
    to = a.arguments[2].name
    if obj.zone == "stack" and obj.id in d.stack:
        d.stack.remove(obj.id)
    controller = obj.controller if to in ("battlefield", "stack") else None
    if to == "battlefield" and obj.zone != "stack":
        controller = obj.owner  # 110.2: put onto the battlefield by an effect that names no other player
    shuffling = any(a.name == "shuffled" and _text(a.arguments[0]) == obj.owner
                    for a in d.atoms)  # type: ignore[attr-defined]  # (then no order is known anyway, 701.24a)
    if to == "library" and not shuffling and any(o.zone == "library" and o.owner == obj.owner and o.position == 0
                                                 for o in d.objects.values()):
        raise CarryError(f"two cards put on top of one library at once ('{obj.id}'), in an order pyrules does not track")
    # 400.7: an object that changes zones becomes a new object with no memory of its previous one; a spell that
    # resolves into a permanent stays kicked or evoked (702.33d, 702.74a).
    cast_as = to == "stack" or (to == "battlefield" and obj.zone == "stack")
    if obj.zone == "exile":  # 400.7: a card that leaves exile is no longer the card exiled with a permanent (607.2a),
        d.left_exile.add(obj.id)  # nor the card a delayed triggered ability about an exiled card refers to (603.7c),
        # nor one of the exiled cards used to craft it (702.167c), even should it be exiled again
        for other in [o for o in d.objects.values() if obj.id in o.exiled_with or obj.id in o.crafted_with]:
            d.set(other, exiled_with=tuple(m for m in other.exiled_with if m != obj.id),
                  crafted_with=tuple(m for m in other.crafted_with if m != obj.id))
    if obj.zone == "battlefield":
        d.left.add(obj.id)
        if obj.controller in d.players:  # (revolt: a permanent its controller controlled left, this turn)
            d.players[obj.controller] = replace(d.players[obj.controller], permanent_left=True)
    d.set(obj, zone=to, controller=controller, tapped=False, counters={}, attached_to=None,
          since_turn_start=False if to == "battlefield" else obj.since_turn_start,
          chosen_color=None if to != "battlefield" or obj.zone != "stack" else obj.chosen_color,
          used_this_turn={}, loyalty_activated=False, targets=obj.targets if to == "stack" else (),
          division=obj.division if to == "stack" else (),
          x=obj.x if to in ("stack", "battlefield") else None, position=0 if to == "library" else None, bottom=False,
          may_play=None,
          kicked=obj.kicked and cast_as, times_kicked=obj.times_kicked if cast_as else 0, evoked=obj.evoked and cast_as,
          dashed=obj.dashed and cast_as,
          bestowed=obj.bestowed and cast_as, cast_with_suspend=obj.cast_with_suspend and cast_as,
          replicated=obj.replicated if to == "stack" else 0,
          surged=obj.surged and cast_as,
          cast_from_hand=obj.cast_from_hand and cast_as,
          cant_be_countered=False, colors_spent=obj.colors_spent if cast_as else (),
          renowned=False, monstrous=False, tribute_paid=False, skips_untap_of=None,
          flashback=False, buyback=False, since_last_upkeep=to == "battlefield",
          modes=obj.modes if to == "stack" else (),
          damage=0, damaged_by=(), deathtouch_damage=False, attacking=None, blocking=(), blocked=False,
          struck_first=False,
          regeneration_shields=0, prevention_shields=(), shield_counters=(), copy_of=None, copy_except=(), crafted_with=(),
          exiled_with=(), exiled_until=None,
          keywords=(),
          face="front" if to != "battlefield" else obj.face, timestamp=d.entering_timestamp if to == "battlefield" else None,
          face_down=obj.face_down and to == "battlefield" and obj.zone == "stack",  # (708.3; elsewhere face up, 708.9)
          # 608.3f: a copy of a permanent spell becomes a token as it resolves (not "created": 111.1)
          copy=obj.copy and to != "battlefield", token=obj.token or (obj.copy and to == "battlefield"))


def _life(sign: int) -> Callable[[_Draft, Symbol], None]:
    def change(d: _Draft, a: Symbol) -> None:
        p = d.players[_text(a.arguments[0])]
        d.players[p.name] = replace(p, life=_bounded(p.life + sign * _number(a.arguments[1])))

    return change


def _pool(sign: int) -> Callable[[_Draft, Symbol], None]:
    def change(d: _Draft, a: Symbol) -> None:
        p = d.players[_text(a.arguments[0])]
        pool = dict(p.mana_pool)
        kind = a.arguments[1].name
        pool[kind] = _bounded(pool.get(kind, 0) + sign * _number(a.arguments[2]))
        d.players[p.name] = replace(p, mana_pool={k: v for k, v in sorted(pool.items()) if v})

    return change


def _restricted(sign: int) -> Callable[[_Draft, Symbol], None]:
    """106.6: mana that may be spent only in some ways is kept apart in the pool (mana_added and mana_spent
    count it with the rest of its type)."""
    def change(d: _Draft, a: Symbol) -> None:
        args = a.arguments
        p = d.players[_text(args[0])]
        kind, rider, n = args[1].name, args[2].name, _number(args[-1])
        if not rider.startswith("spend_only_"):
            raise CarryError(f"mana with the restriction {rider}")
        key = (kind, rider.removeprefix("spend_only_"))
        pool, restricted = dict(p.mana_pool), dict(p.restricted_mana)
        pool[kind] = pool.get(kind, 0) - sign * n
        restricted[key] = restricted.get(key, 0) + sign * n
        d.players[p.name] = replace(p, mana_pool={k: v for k, v in sorted(pool.items()) if v},
                                    restricted_mana={k: v for k, v in sorted(restricted.items()) if v})

    return change


def _counters(sign: int) -> Callable[[_Draft, Symbol], None]:
    def change(d: _Draft, a: Symbol) -> None:
        obj = d.obj(a.arguments[0])
        counters = dict(obj.counters)
        kind = a.arguments[1].name
        counters[kind] = _bounded(counters.get(kind, 0) + sign * _number(a.arguments[2]))
        d.set(obj, counters={k: v for k, v in sorted(counters.items()) if v})

    return change


def _stack(d: _Draft, a: Symbol) -> None:
    position, item = _number(a.arguments[0]), a.arguments[1]
    d.placed[position] = _stack_item(d, item)


def _stack_item(d: _Draft, item: Symbol) -> str:
    """The id of an item put on the stack now, creating what it is."""
    if item.type == SymbolType.String:  # a triggered ability that was waiting (sequence.py puts them)
        for w in d.waiting:
            if w.id == item.string:
                d.waiting.remove(w)
                d.abilities[w.id] = w
                return w.id
        raise CarryError(f"the stack item {item}")
    name = item.name
    if name == "spell" and item.arguments[0].type == SymbolType.String:
        return item.arguments[0].string  # a spell cast: its move to the stack is an outcome atom of its own
    if name == "ability":
        source, instance = d.obj(item.arguments[0]), item.arguments[1]
        granted = None
        if instance.name == "crafted":  # an ability a card used to craft its source gives it (702.167c)
            material, printed = _text(instance.arguments[0]), instance.arguments[1].arguments[1].number
        elif instance.name == "ab":
            material, printed = None, instance.arguments[1].number
        elif instance.name == "granted" and instance.arguments[1].name == "gr" and \
                instance.arguments[1].arguments[0].name == "ab":  # granted(X, gr(ab(Face,N))): X's ability N grants it
            granter, definition = _text(instance.arguments[0]), instance.arguments[1].arguments[0]
            granted = (granter, *(_source_card(d, granter, definition.arguments[0]) or ("", "front")),
                       definition.arguments[1].number)
            material, printed = None, 0
        else:
            raise CarryError(f"an ability granted by an effect on the stack ({instance})")
        q = d.question
        controller = (q.player if isinstance(q, Activate) else None) or source.controller or source.owner
        targets, division = (), ()
        if isinstance(q, Activate):
            slots = target_slots(d.before, q)
            targets = tuple(q.targets[slots.index(n)] if n in slots[:len(q.targets)] else ""
                            for n in range(1, max(slots[:len(q.targets)], default=0) + 1))
            division = q.division
        materials = tuple(_text(a.arguments[1]) for a in d.atoms  # type: ignore[attr-defined]
                          if a.name == "craft_material" and a.arguments[0] == item.arguments[0])
        iid = d.new_id(f"{source.id}#ability")
        # 608.2h, 113.7a: should its source leave the battlefield (as a cost, or later), it uses its last known
        # information (kept up to date while the source stays: _last_known)
        before = {o.id: o for o in d.before.objects}.get(source.id)
        lki = dict(before.counters) if before is not None and before.zone == "battlefield" else {}
        d.abilities[iid] = StackAbility(iid, source.id, "activated", printed, controller, targets, lki_counters=lki,
                                        source_card=_source_card(d, source.id, instance.arguments[0]
                                                                 if instance.name == "ab" else None),
                                        x=q.x if isinstance(q, Activate) else None,
                                        modes=q.modes if isinstance(q, Activate) else (), division=division,
                                        materials=materials, instance=material, granted=granted)
        d.item_ids[item] = iid
        return iid
    if name == "ability_copy":  # 707.10: a copy of an ability on the stack, with its choices
        original = d.abilities.get(_text(item.arguments[0]))
        trigger = d.resolving
        if original is None or trigger is None:
            raise CarryError(f"the copy {item} of an ability that is not on the stack")
        cid = d.new_id(f"{original.id}#copy")
        d.abilities[cid] = replace(original, id=cid, controller=trigger.controller, kind="activated",
                                   refers_to=None, materials=original.materials)
        d.item_ids[item] = cid
        return cid
    if name == "copy":
        original = d.obj(item.arguments[0])
        controller = _copier(d, item)
        cid = d.new_id(f"{original.id}#copy")
        # 707.10: a copy of a spell has the copiable values and the choices of the original; its
        # owner is the player under whose control it was put on the stack.
        d.objects[cid] = GameObject(cid, original.card, controller, controller, "stack", face=original.face,
                                    x=original.x, kicked=original.kicked, times_kicked=original.times_kicked,
                                    targets=original.targets,
                                    division=original.division, modes=original.modes, copy=True,
                                    since_turn_start=False)
        d.item_ids[item] = cid
        return cid
    raise CarryError(f"the stack item {item}")


def _source_card(d: _Draft, source: str, printed_on: Symbol | None) -> tuple[str, str] | None:
    """The card and face an ability of a source is printed on, as the ability is activated or triggers: the ability is
    its own (113.7a), whatever becomes of its source (it ceases to exist, or turns its other face up as it leaves the
    battlefield). ``printed_on`` names the face (the instance's card, ab(Face,N)): the source's own card, or the card it
    copies (707.2), whose abilities it has."""
    obj = {o.id: o for o in d.before.objects}.get(source) or d.objects.get(source)  # (as it was, its face then)
    if obj is None:
        return None
    library = _library(d.before)
    face = printed_on.string if printed_on is not None and printed_on.type == SymbolType.String else None
    if face is None or library[obj.card].face(obj.face).name == face:
        return obj.card, obj.face
    now = d.objects.get(source)  # (a copy as it entered: its copy effect is in the state after, 707.2)
    for card in (obj.copy_of, now.copy_of if now is not None else None, obj.card):
        if card is not None:
            for side in ("front", "back"):
                if library[card].face(side).name == face:
                    return card, side
    raise CarryError(f"an ability of {face} that '{source}' neither has printed nor copies")


def _copier(d: _Draft, item: Symbol) -> str:
    for a in d.atoms:  # type: ignore[attr-defined]
        if a.name == "copied" and a.arguments[0] == item.arguments[0] and a.arguments[1] == item.arguments[1]:
            return _text(a.arguments[2])
    raise CarryError(f"the copy {item} without its controller")


def _waits(d: _Draft, a: Symbol) -> None:
    item, controller = a.arguments[0], _text(a.arguments[1])
    if item.name != "triggered" or len(item.arguments) < 2:
        raise CarryError(f"the triggered item {item}")
    source, instance = item.arguments[0], item.arguments[1]
    if source.type == SymbolType.Function and source.name == "effect" and instance.name == "ab":
        _delayed_waits(d, source, instance, controller)
        return
    if source.type == SymbolType.Function and source.name == "token" and len(source.arguments) == 3:
        source = String(_created_token(d, source, controller))  # (a token created now, its own ability, 603.6a)
    if instance.name != "ab" or source.type != SymbolType.String:
        raise CarryError(f"a triggered ability {item} that the next step cannot name")
    event = item.arguments[2] if len(item.arguments) == 3 else None
    that = _event_object(event) if event is not None else None
    card = _source_card(d, source.string, instance.arguments[0])
    if that is None and event is not None and event.name == "enter" and len(event.arguments) == 1 and \
            _says_that_creature(d, card, instance):  # (603.2: "that creature" of an enters trigger is what entered)
        that = _text(event.arguments[0])
    tid = d.new_id(f"{source.string}#trigger")
    before = {o.id: o for o in d.before.objects}.get(source.string)
    # 608.2h: should its source have left the battlefield, the ability uses its last known information.
    lki = dict(before.counters) if before is not None and before.zone == "battlefield" else {}
    d.waiting.append(StackAbility(tid, source.string, "triggered", instance.arguments[1].number, controller,
                                  lki_counters=lki, source_card=card,
                                  refers_to=_event_item(d, item.arguments[2]) if len(item.arguments) == 3 else None,
                                  that=that,
                                  that_much=_event_amount(item.arguments[2]) if len(item.arguments) == 3 else None))


def _says_that_creature(d: _Draft, card: tuple[str, str] | None, instance: Symbol) -> bool:
    """Whether the enters trigger ``instance`` of ``card`` (and face) is about "that creature": the permanent that
    entered (603.2), which evolve's "if that creature has greater power or toughness" compares too (702.100a)."""
    printed = _library(d.before)[card[0]].face(card[1]) if card else _library(d.before)[instance.arguments[0].string]
    ability = printed.abilities[instance.arguments[1].number - 1]
    life_equal_to_that = any(p.kind in ("gain_life_equal_to", "lose_life_equal_to") and p.value[1] == "that"
                             for p in ability.effects)  # ("you gain life equal to its toughness")
    return bool(NAMES_WHAT_ENTERED & ability.instruction_kinds) or ability.intervening_if == "evolves" or \
        life_equal_to_that


def _created_token(d: _Draft, source: Symbol, controller: str) -> str:
    """The id of the token a trigger term token(Event,Kind,I) names: the tokens of one kind created now are alike, so
    the I-th such term (in order) is the I-th token of that kind made for its controller."""
    kind = source.arguments[1]
    terms = sorted({a.arguments[0].arguments[0] for a in d.atoms  # type: ignore[attr-defined]
                    if a.name == "trigger_waits" and a.arguments[0].name == "triggered"
                    and a.arguments[0].arguments[0].name == "token" and a.arguments[0].arguments[0].arguments[1] == kind},
                   key=str)
    made = d.made_kinds.get((controller, str(kind)), [])
    if len(terms) > len(made):
        raise CarryError(f"a triggered ability of a {kind} token that was not created")
    return made[terms.index(source)]


def _delayed_waits(d: _Draft, effect: Symbol, instance: Symbol, controller: str) -> None:
    """A delayed triggered ability triggers (603.7): it waits with the object it refers to as "that" (none, should
    that object have left the battlefield: it will do nothing, 603.7c), and, triggering only once, it is gone
    (603.7b)."""
    key = _text(effect.arguments[0])
    k = int(key.rsplit(".", 1)[1]) if key.startswith("effects.") else -1
    if not 0 <= k < len(d.before.effects):
        raise CarryError(f"a triggered ability of the lasting effect {key}")
    e = d.before.effects[k]
    ability = _library(d.before)[e.card].abilities[e.ability - 1]
    if ability.lasting != "once":
        raise CarryError(f"a lasting triggered ability of {e.card} put on the stack")
    source = next((o for o in d.before.objects if o.id == e.source), None)
    if source is None or printed_face(d.before, source).name != e.card:
        raise CarryError(f"the source of a delayed triggered ability of {e.card}")
    if len(e.affects) > 1:
        raise CarryError(f"a delayed triggered ability of {e.card} about several objects")
    if e in d.effects:
        d.effects.remove(e)
    d.waiting.append(StackAbility(d.new_id(f"{source.id}#trigger"), source.id, "triggered", e.ability, controller,
                                  that=e.affects[0] if e.affects else None))


#: Trigger events about one creature, and where it is named: "that creature" in the ability's instructions (603.2).
_ABOUT_A_CREATURE = {"attacks_alone", "attacks", "blocks", "becomes_blocked"}


def _event_object(event: Symbol) -> str | None:
    """The creature a trigger event was about ("that creature"), or the player damage was dealt to or who discarded a
    card ("that player"), when it was one."""
    if event.name in _ABOUT_A_CREATURE and len(event.arguments) == 1 and event.arguments[0].type == SymbolType.String:
        return event.arguments[0].string
    if event.name in ("combat_damage", "blocked_by", "blocks_creature", "combat_damage_to") and \
            len(event.arguments) == (3 if event.name == "combat_damage" else 2) and \
            event.arguments[1].type == SymbolType.String:
        return event.arguments[1].string
    if event.name == "damage_to_player" and len(event.arguments) == 4 and event.arguments[1].type == SymbolType.String:
        return event.arguments[1].string
    if event.name in ("each_draw_step", "each_upkeep") and len(event.arguments) == 1 and \
            event.arguments[0].type == SymbolType.String:
        return event.arguments[0].string  # (the player whose draw step or upkeep it is, 603.2)
    if event.name == "discarded" and len(event.arguments) == 2 and event.arguments[0].type == SymbolType.String:
        return event.arguments[0].string
    if event.name == "ability" and len(event.arguments) == 2 and event.arguments[0].type == SymbolType.String:
        return event.arguments[0].string  # (a permanent tapped for mana, 106.12a: "that land")
    return None


#: Trigger events with an amount, its last argument: "that much" (603.2).
_WITH_AN_AMOUNT = {"deals_damage", "dealt_damage", "cast_self", "damage_to_player", "activate_life", "combat_damage"}


def _event_amount(event: Symbol) -> int | None:
    """The amount of a trigger event ("you gain that much life"; storm's spells cast before it), when it has one."""
    if event.name in _WITH_AN_AMOUNT and event.arguments and event.arguments[-1].type == SymbolType.Number:
        return event.arguments[-1].number
    return None


def _event_item(d: _Draft, event: Symbol) -> str | None:
    """The spell or ability on the stack a trigger event was about ("copy it"), when it was one."""
    if event.name == "activate" and len(event.arguments) == 2 or event.name == "activate_life" and len(event.arguments) == 3:
        return d.item_ids.get(Function("ability", list(event.arguments[:2])))
    if event.name == "copy" and len(event.arguments) == 2:
        return d.item_ids.get(event)
    if event.name == "cast" and len(event.arguments) == 1 and event.arguments[0].type == SymbolType.String:
        return event.arguments[0].string
    return None


def _exiled_until(d: _Draft, a: Symbol) -> None:
    """610.3c: the card, exiled now (the move itself came first), returns once the permanent leaves the battlefield."""
    d.set(d.obj(a.arguments[0]), exiled_until=_text(a.arguments[1]))


def _imprinted(d: _Draft, a: Symbol) -> None:
    """607.2a: the card is exiled with the permanent (the move itself came first)."""
    obj = d.obj(a.arguments[0])
    d.set(obj, exiled_with=(*obj.exiled_with, _text(a.arguments[1])))


def _attaches(d: _Draft, a: Symbol) -> None:
    """701.3a: attached to a permanent, or to the one token of a kind just created (living weapon, 702.92a)."""
    to = a.arguments[1]
    if to.type == SymbolType.Function and to.name == "tokens":  # (the tokens made now: they are made first)
        (made,) = d.made[(_text(to.arguments[0]), to.arguments[1].name)]
        d.set(d.obj(a.arguments[0]), attached_to=made)
        return
    d.set(d.obj(a.arguments[0]), attached_to=_text(to))


def _turned_over(d: _Draft, a: Symbol) -> None:
    """701.28a, 712.8: a double-faced permanent transforms: its other face is up, the same object."""
    obj = d.obj(a.arguments[0])
    d.set(obj, face="front" if obj.face == "back" else "back")


def _unattached(d: _Draft, a: Symbol) -> None:
    d.set(d.obj(a.arguments[0]), attached_to=None)


def _unbestowed(d: _Draft, a: Symbol) -> None:  # 702.103f: an enchantment creature now
    d.set(d.obj(a.arguments[0]), bestowed=False)


def _transformed(d: _Draft, a: Symbol) -> None:
    """702.167a, 712.14a: the card returns back face up; its "exiled cards used to craft it" are the cards its
    craft ability exiled that are still in exile (tokens among them have ceased to exist, 702.167c)."""
    obj = d.obj(a.arguments[0])
    materials = d.resolving.materials if d.resolving is not None else ()
    kept = tuple(m for m in materials if m in d.objects and d.objects[m].zone == "exile" and not d.objects[m].token)
    d.set(obj, face="back", crafted_with=kept)


def _entered_as_copy(d: _Draft, a: Symbol) -> None:
    """707.2, 707.3: it has the copiable values of what it copies: that permanent's card, or the card that one is
    a copy of (its exceptions come as entered_with_exception, 707.9b)."""
    d.set(d.obj(a.arguments[0]), copy_of=_copiable_card(d.obj(a.arguments[1]), "a copy"))


def _copiable_card(original: GameObject, what: str) -> str:
    """The card whose values a copy of ``original`` has: what it is a copy of, or its own card (707.2)."""
    if original.face != "front" and original.copy_of is None:
        raise CarryError(f"{what} of a permanent with its back face up, in a sequence of actions")
    return original.copy_of or original.card


def _copy_exception(term: Symbol) -> tuple[str, Any]:
    if term.name == "base_pt":
        return "base_pt", (_number(term.arguments[0]), _number(term.arguments[1]))
    return term.name, term.arguments[0].name


def _entered_with_exception(d: _Draft, a: Symbol) -> None:
    obj = d.obj(a.arguments[0])
    d.set(obj, copy_except=tuple(sorted({*obj.copy_except, _copy_exception(a.arguments[1])})))


def _turned_face_up(d: _Draft, a: Symbol) -> None:  # 708.8, with a new timestamp (613.7f)
    d.set(d.obj(a.arguments[0]), face_down=False, timestamp=d.entering_timestamp)


def _damage_dealt(d: _Draft, a: Symbol) -> None:
    """A player dealt damage this turn (702.54a); a permanent dealt damage this turn by its source (120.1)."""
    source, target = a.arguments[0], a.arguments[1]
    name = _text(target) if target.type == SymbolType.String else None
    if name in d.players:
        d.players[name] = replace(d.players[name], dealt_damage=True)
    elif name in d.objects and d.objects[name].zone == "battlefield" and _number(a.arguments[2]) > 0 and \
            source.type == SymbolType.String and _text(source) not in d.objects[name].damaged_by:
        obj = d.objects[name]
        d.set(obj, damaged_by=tuple(sorted(obj.damaged_by + (_text(source),))))


def _land_played(d: _Draft, a: Symbol) -> None:
    p = d.players[_text(a.arguments[0])]
    d.players[p.name] = replace(p, lands_played=p.lands_played + 1)
    obj = d.obj(a.arguments[1])
    d.set(obj, controller=p.name)


def _attacks(d: _Draft, a: Symbol) -> None:
    attacker = d.obj(a.arguments[0])
    d.set(attacker, attacking=_text(a.arguments[1]))
    if attacker.controller in d.players:  # (raid: its controller attacked with a creature this turn, 508.1)
        d.players[attacker.controller] = replace(d.players[attacker.controller], attacked=True)


def _blocks(d: _Draft, a: Symbol) -> None:
    blocker = d.obj(a.arguments[0])
    d.set(blocker, blocking=tuple(sorted({*blocker.blocking, _text(a.arguments[1])})))
    d.set(d.obj(a.arguments[1]), blocked=True)  # 509.1h


def _damage_step(d: _Draft, a: Symbol) -> None:
    d.step = "first_strike_damage" if a.arguments[0].name == "first_strike" else "combat_damage"


def _struck_first(d: _Draft, a: Symbol) -> None:
    d.set(d.obj(a.arguments[0]), struck_first=True)


def _removed_trigger(d: _Draft, a: Symbol) -> None:
    tid = _text(a.arguments[0])
    d.waiting = [w for w in d.waiting if w.id != tid]


def _drew(d: _Draft, a: Symbol) -> None:
    p = d.players[_text(a.arguments[0])]
    d.players[p.name] = replace(p, drawn=p.drawn + _number(a.arguments[1]))


def _discarded(d: _Draft, a: Symbol) -> None:
    p = d.players[_text(a.arguments[0])]
    d.players[p.name] = replace(p, discarded=p.discarded + _number(a.arguments[1]))


def _drew_unseen(d: _Draft, a: Symbol) -> None:
    p = d.players[_text(a.arguments[0])]
    n = _number(a.arguments[1])
    d.players[p.name] = replace(p, library=p.library - n, hand=p.hand + n)


def _milled_unseen(d: _Draft, a: Symbol) -> None:  # 701.17a: cards the situation only counts
    p = d.players[_text(a.arguments[0])]
    n = _number(a.arguments[1])
    d.players[p.name] = replace(p, library=p.library - n, milled=p.milled + n, graveyard=p.graveyard + n)


def _exiled_unseen(d: _Draft, a: Symbol) -> None:  # 406.2: from the top of the library, cards it only counts
    p = d.players[_text(a.arguments[0])]
    n = _number(a.arguments[1])
    d.players[p.name] = replace(p, library=p.library - n, exiled=p.exiled + n)


def _unseen_shuffled_in(d: _Draft, a: Symbol) -> None:  # 701.24a: cards it only counts, into the library
    p = d.players[_text(a.arguments[0])]
    zone, n = a.arguments[1].name, _number(a.arguments[2])
    d.players[p.name] = replace(p, library=p.library + n, hand=p.hand - n if zone == "hand" else p.hand,
                                graveyard=p.graveyard - n if zone == "graveyard" else p.graveyard)


def _may_play(d: _Draft, a: Symbol) -> None:  # 601.3: until the turn ends (cleared as the cleanup step begins)
    d.set(d.obj(a.arguments[0]), may_play=_text(a.arguments[1]))


def _surveilled_unseen(d: _Draft, a: Symbol) -> None:  # 701.25a: into the graveyard, cards it only counts
    p = d.players[_text(a.arguments[0])]
    n = _number(a.arguments[1])
    d.players[p.name] = replace(p, library=p.library - n, surveilled=p.surveilled + n, graveyard=p.graveyard + n)


def _shuffled(d: _Draft, a: Symbol) -> None:  # 701.24a
    p = d.players[_text(a.arguments[0])]
    d.players[p.name] = replace(p, shuffled=True)
    for obj in [o for o in d.objects.values() if o.zone == "library" and o.owner == p.name and o.bottom]:
        d.set(obj, bottom=False)  # (no longer known to be at the bottom)


def _put_on_bottom(d: _Draft, a: Symbol) -> None:  # 401.4: below the cards the situation only counts
    """Cards put on the bottom at once ("the rest, in any order") are in no known order among themselves; below a card
    already at the bottom, they would be in an order the state does not keep."""
    obj = d.obj(a.arguments[0])
    if any(o.zone == "library" and o.owner == obj.owner and o.bottom and o.id != obj.id for o in d.before.objects):
        raise CarryError(f"a card put on the bottom of a library below another already there ('{obj.id}'), in an "
                         "order pyrules does not track")
    d.set(obj, bottom=True, position=None)


def _found(d: _Draft, a: Symbol) -> None:  # 701.23a: kept on the item until it resolves
    d.found.append(_text(a.arguments[1]))


def _declined(d: _Draft, a: Symbol) -> None:  # "you may search": its controller does not (608.2d)
    d.found = None


def _empty_draw(d: _Draft, a: Symbol) -> None:
    p = d.players[_text(a.arguments[0])]
    d.players[p.name] = replace(p, empty_library_draw=True)


def _discarded_unseen(d: _Draft, a: Symbol) -> None:
    p = d.players[_text(a.arguments[0])]
    n = _number(a.arguments[1])
    d.players[p.name] = replace(p, hand=p.hand - n, graveyard=p.graveyard + n)


def _marked(d: _Draft, a: Symbol) -> None:
    obj = d.obj(a.arguments[0])
    d.set(obj, damage=_bounded(obj.damage + _number(a.arguments[1])))


def _regenerated(d: _Draft, a: Symbol) -> None:
    """701.19a: the shield is used; the damage removed; out of combat (506.4). The tap is an event of its own."""
    obj = d.obj(a.arguments[0])
    d.set(obj, regeneration_shields=obj.regeneration_shields - 1, damage=0, deathtouch_damage=False, attacking=None,
          blocking=(), struck_first=False)


def _removed_from_combat(d: _Draft, a: Symbol) -> None:
    """506.4: no longer attacking or blocking; an attacker it blocked stays blocked (509.1h, marked as blocks are
    declared)."""
    d.set(d.obj(a.arguments[0]), attacking=None, blocking=(), struck_first=False)


def _saved_by_totem_armor(d: _Draft, a: Symbol) -> None:
    """702.89a: all damage is removed from the creature (it stays in combat, untapped or not); the Aura is destroyed,
    an event of its own."""
    d.set(d.obj(a.arguments[0]), damage=0, deathtouch_damage=False)


def _shields_created(d: _Draft, a: Symbol) -> None:
    obj = d.obj(a.arguments[0])
    d.set(obj, regeneration_shields=_bounded(obj.regeneration_shields + _number(a.arguments[1])))


def _prevention_shields(d: _Draft, who: Symbol, change: Callable[[tuple[int, ...]], tuple[int, ...]]) -> None:
    """Change the prevention shields of a player or a permanent (615.7)."""
    name = _text(who)
    if name in d.players:
        p = d.players[name]
        d.players[name] = replace(p, prevention_shields=change(p.prevention_shields))
    else:
        obj = d.obj(who)
        d.set(obj, prevention_shields=change(obj.prevention_shields))


def _prevention_shield_created(d: _Draft, a: Symbol) -> None:
    _prevention_shields(d, a.arguments[0], lambda shields: (*shields, _number(a.arguments[1])))
    if _text(a.arguments[0]) not in d.players:
        obj = d.obj(a.arguments[0])
        if obj.shield_counters:  # (riders stay one for each shield)
            d.set(obj, shield_counters=(*obj.shield_counters, ""))


def _prevention_shield_with_counters(d: _Draft, a: Symbol) -> None:
    """615.7: a shield that also puts a counter of a kind on its permanent for each 1 damage it prevents."""
    obj = d.obj(a.arguments[0])
    riders = obj.shield_counters or ("",) * len(obj.prevention_shields)
    d.set(obj, prevention_shields=(*obj.prevention_shields, _number(a.arguments[1])),
          shield_counters=(*riders, a.arguments[2].name))


def _prevention_shield_used(d: _Draft, a: Symbol) -> None:
    """Shield K prevents N more damage; a used-up shield stays as 0 so that the others keep their numbers."""
    k, used = _number(a.arguments[1]), _number(a.arguments[2])
    _prevention_shields(d, a.arguments[0], lambda shields: tuple(
        max(n - used, 0) if i == k else n for i, n in enumerate(shields, start=1)))


def _deathtouch(d: _Draft, a: Symbol) -> None:
    d.set(d.obj(a.arguments[0]), deathtouch_damage=True)


def _poisoned(d: _Draft, a: Symbol) -> None:
    p = d.players[_text(a.arguments[0])]
    d.players[p.name] = replace(p, poison=_bounded(p.poison + _number(a.arguments[1])))


def _energy(sign: int) -> Callable[[_Draft, Symbol], None]:
    def change(d: _Draft, a: Symbol) -> None:
        p = d.players[_text(a.arguments[0])]
        d.players[p.name] = replace(p, energy=_bounded(p.energy + sign * _number(a.arguments[1])))
    return change


def _loses(d: _Draft, a: Symbol) -> None:
    p = d.players[_text(a.arguments[0])]
    d.players[p.name] = replace(p, lost=a.arguments[1].name)


def _ceases(d: _Draft, a: Symbol) -> None:
    obj = d.obj(a.arguments[0])
    del d.objects[obj.id]
    d.removed.add(obj.id)
    if obj.id in d.stack:
        d.stack.remove(obj.id)


def _tokens(d: _Draft, a: Symbol) -> None:
    """111.1, 111.4: N tokens of a kind, each an object on the battlefield with the characteristics of the
    card that describes the kind (or, for a token copy, of what it copies)."""
    player, kind, count = _text(a.arguments[0]), a.arguments[1], _number(a.arguments[2])
    if kind.type == SymbolType.Function and kind.name == "copy":
        original = d.obj(kind.arguments[0])  # (its copiable values: what it copies, and its exceptions, 707.9b)
        card, base, exceptions = _copiable_card(original, "a token copy"), original.id, original.copy_except
    else:
        library = _library(d.before)
        spec = library.token_card(kind.name)
        if spec is None:
            raise CarryError(f"the characteristics of {kind.name} tokens: no card says 'token: {kind.name}'")
        card, base, exceptions = spec.name, kind.name, ()
    colors = sorted((_number(c.arguments[1].arguments[1]), c.arguments[2].name) for c in d.atoms  # type: ignore[attr-defined]
                    if c.name == "chose" and c.arguments[1].name == "color" and c.arguments[1].arguments[0].name == "token"
                    and c.arguments[1].arguments[0].arguments[0] == kind)
    chosen = {i: color for i, color in colors}
    for i in range(1, count + 1):
        tid = d.new_id(f"{base}#token")
        d.made.setdefault((player, kind.name), []).append(tid)
        d.made_kinds.setdefault((player, str(kind)), []).append(tid)
        d.objects[tid] = GameObject(tid, card, player, player, "battlefield", since_turn_start=False, token=True,
                                    chosen_color=chosen.get(i), timestamp=d.entering_timestamp,
                                    copy_of=card if exceptions else None, copy_except=exceptions)


def _library(state: Situation) -> Any:
    return (state.library or builtin_library()).with_cards(state.cards)


def _entered_tapped(d: _Draft, a: Symbol) -> None:
    d.set(d.obj(a.arguments[0]), tapped=True)


def _uncounterable(d: _Draft, a: Symbol) -> None:  # 106.6: the mana spent on it said so
    d.set(d.obj(a.arguments[0]), cant_be_countered=True)


def _color_spent(d: _Draft, a: Symbol) -> None:  # 601.2h: the spell keeps it, and the permanent it becomes
    obj = d.obj(a.arguments[0])
    spent = set(obj.colors_spent) | {a.arguments[1].name}
    d.set(obj, colors_spent=tuple(c for c in "wubrg" if c in spent))


def _x_doubled(d: _Draft, a: Symbol) -> None:  # 107.3: the spell's X from now on
    d.set(d.obj(a.arguments[0]), x=_bounded(a.arguments[1].number))


def _renowned(d: _Draft, a: Symbol) -> None:  # 702.112b
    d.set(d.obj(a.arguments[0]), renowned=True)


def _monstrous(d: _Draft, a: Symbol) -> None:  # 701.37b
    d.set(d.obj(a.arguments[0]), monstrous=True)


def _tribute_paid(d: _Draft, a: Symbol) -> None:  # 702.104a
    d.set(d.obj(a.arguments[0]), tribute_paid=True)


def _citys_blessing(d: _Draft, a: Symbol) -> None:  # 702.131c: for the rest of the game
    name = _text(a.arguments[0])
    d.players[name] = replace(d.players[name], citys_blessing=True)


def _skips_untap(d: _Draft, a: Symbol) -> None:  # 502.3
    d.set(d.obj(a.arguments[0]), skips_untap_of=_text(a.arguments[1]))


def _gains_keyword(d: _Draft, a: Symbol) -> None:  # 611.2c: an effect with no end (riot's haste, 702.136a)
    obj = d.obj(a.arguments[0])
    if a.arguments[1].name not in obj.keywords:
        d.set(obj, keywords=(*obj.keywords, a.arguments[1].name))


def _chose(d: _Draft, a: Symbol) -> None:
    key, value = a.arguments[1], a.arguments[2]
    if key.name == "color" and key.arguments and key.arguments[0].type == SymbolType.String:
        d.set(d.obj(key.arguments[0]), chosen_color=value.name)
    if key.name in ("target", "new_target") and len(key.arguments) == 2:
        # a triggered ability's target, chosen as it goes on (603.3d); a copy's new target (707.10c)
        item = key.arguments[0]
        iid = d.item_ids.get(item) if item.type == SymbolType.Function else _text(item)
        n = _number(key.arguments[1])
        for item in list(d.abilities.values()) + d.waiting + [o for o in d.objects.values() if o.copy]:
            if item.id == iid:
                targets = list(item.targets) + [""] * max(0, n - len(item.targets))
                targets[n - 1] = _text(value)
                changed = replace(item, targets=tuple(targets))
                if iid in d.abilities:
                    d.abilities[iid] = changed
                elif iid in d.objects:  # a copy of a spell (707.10c)
                    d.objects[iid] = changed
                else:
                    d.waiting = [changed if w.id == iid else w for w in d.waiting]
    if key.name == "mode" and len(key.arguments) == 1:  # a modal spell's mode, chosen as it is cast (700.2a)
        item = key.arguments[0]
        if item.type == SymbolType.String and item.string in d.abilities:  # a modal trigger's, as it goes on (603.3c)
            d.abilities[item.string] = replace(d.abilities[item.string], modes=(_number(value),))
            return
        if item.type == SymbolType.String and any(w.id == item.string for w in d.waiting):
            d.waiting = [replace(w, modes=(_number(value),)) if w.id == item.string else w for w in d.waiting]
            return
        obj = d.obj(item)
        d.set(obj, modes=tuple(sorted({*obj.modes, _number(value)})))
    if key.name == "division" and len(key.arguments) == 2:  # divided damage, announced (601.2d, 603.3c)
        _divides(d, key.arguments[0], _number(key.arguments[1]), _number(value))
    # Other choices (a card to put into a hand, a permanent to sacrifice, whether to cast a copy)
    # act through the other outcome atoms; they stay in the step's record.


def _divides(d: _Draft, item: Symbol, n: int, amount: int) -> None:
    """The n-th target of a spell or ability is dealt ``amount`` of its divided damage."""
    iid = d.item_ids.get(item) if item.type == SymbolType.Function else _text(item)

    def divided(division: tuple[int, ...]) -> tuple[int, ...]:
        shares = list(division) + [0] * max(0, n - len(division))
        shares[n - 1] = amount
        return tuple(shares)

    if iid in d.objects:
        d.objects[iid] = replace(d.objects[iid], division=divided(d.objects[iid].division))
    elif iid in d.abilities:
        d.abilities[iid] = replace(d.abilities[iid], division=divided(d.abilities[iid].division))
    else:
        d.waiting = [replace(w, division=divided(w.division)) if w.id == iid else w for w in d.waiting]


def _unsupported(what: str) -> Callable[[_Draft, Symbol], None]:
    def refuse(d: _Draft, a: Symbol) -> None:
        raise CarryError(what)

    return refuse


#: How each outcome predicate that changes the state (marked ``output/changes`` or ``output/quiet`` in the
#: catalogues of ``asp/``) changes it, applied in this order. Which predicates change the state, and which of
#: them can make a state-based action apply, is the catalogue's to say; ``tests/test_sequence.py`` checks
#: that this table has a way for each of them and for nothing else.
def _timestamps_taken(d: _Draft, a: Symbol) -> None:
    """An order of timestamps the situation left open, as this line takes it (613.7)."""
    d.orders.append((_text(a.arguments[0]), _text(a.arguments[1])))


def _effect_created(d: _Draft, a: Symbol) -> None:
    """A lasting effect begins (611.2a), on the objects locked in as it does (611.2c), with a timestamp later than
    everything before it (613.7b); one effect's objects come as one atom each."""
    ability, controller, obj = a.arguments
    card, index, player = ability.arguments[0].string, ability.arguments[1].number, _text(controller)
    if obj.type == SymbolType.Function and obj.name == "tokens":  # the tokens made now (they are made first)
        objects = tuple(d.made.get((_text(obj.arguments[0]), obj.arguments[1].name), ()))
    elif obj.type == SymbolType.Function and obj.name == "exiled":  # the card exiled now: the new object in exile
        objects = (_text(obj.arguments[0]),)
        d.found_in_exile.add((card, index, objects[0]))
    else:
        objects = () if obj.type == SymbolType.Function and obj.name == "none" else (_text(obj),)  # (no object)
    for n, e in enumerate(d.effects):
        if (e.card, e.ability, e.controller) == (card, index, player) and e.timestamp == d.entering_timestamp:
            d.effects[n] = replace(e, affects=tuple(sorted({*e.affects, *objects})))
            return
    d.effects.append(LastingEffect(card, player, index, timestamp=d.entering_timestamp, affects=objects))


def _on_effect_begun(d: _Draft, ability: Symbol, **changes: Any) -> None:
    """Record ``changes`` on the lasting effect of ``ability`` begun now (its timestamp is the one taken now)."""
    card, index = ability.arguments[0].string, ability.arguments[1].number
    for n, e in enumerate(d.effects):
        if (e.card, e.ability) == (card, index) and e.timestamp == d.entering_timestamp:
            d.effects[n] = replace(e, **changes)


def _delayed_source(d: _Draft, a: Symbol) -> None:
    """The source of a delayed triggered ability begun now (603.7d-e): the spell that made it, or the source of the
    ability that did."""
    _on_effect_begun(d, a.arguments[0], source=_text(a.arguments[1]))


def _effect_count(d: _Draft, a: Symbol) -> None:
    """The number a lasting effect begun now counted as it began (608.2h)."""
    _on_effect_begun(d, a.arguments[0], times=a.arguments[1].number)


def _effect_color(d: _Draft, a: Symbol) -> None:
    """The color chosen for a lasting effect begun now ("protection from the color of your choice", 611.2a)."""
    _on_effect_begun(d, a.arguments[0], color=a.arguments[1].name)


def _upkeeps_added(d: _Draft, a: Symbol) -> None:
    d.upkeeps_to_come += a.arguments[1].number


CHANGES: dict[str, Callable[[_Draft, Symbol], None]] = {
    "timestamps_taken/2": _timestamps_taken,
    "move/3": _move,
    # (before the triggers that wait: a copy's enters trigger is an ability of the card it copies, 707.2)
    "entered_as_copy/2": _entered_as_copy,
    "entered_with_exception/2": _entered_with_exception,
    "put_on_bottom/1": _put_on_bottom,
    "tap/1": _tap,
    "untap/1": _untap,
    "entered_tapped/1": _entered_tapped,
    "cant_be_countered/1": _uncounterable,
    "color_spent/2": _color_spent,
    "became_renowned/1": _renowned,
    "x_doubled/2": _x_doubled,
    "became_monstrous/1": _monstrous,
    "tribute_paid/1": _tribute_paid,
    "gets_citys_blessing/1": _citys_blessing,
    "skips_next_untap/2": _skips_untap,
    "life_lost/2": _life(-1),
    "life_gained/2": _life(+1),
    "mana_added/3": _pool(+1),
    "mana_spent/3": _pool(-1),
    "counters_put/3": _counters(+1),
    "counters_removed/3": _counters(-1),
    "land_played/2": _land_played,
    "damage_dealt/3": _damage_dealt,
    "damage_marked/2": _marked,
    "damaged_by_deathtouch/1": _deathtouch,
    "poisoned/2": _poisoned,
    "energy_gained/2": _energy(+1),
    "energy_paid/2": _energy(-1),
    "regenerated/1": _regenerated,
    "removed_from_combat/1": _removed_from_combat,
    "saved_by_totem_armor/2": _saved_by_totem_armor,
    "regeneration_shields_created/2": _shields_created,
    "prevention_shield_created/2": _prevention_shield_created,
    "prevention_shield_created/3": _prevention_shield_with_counters,
    "prevention_shield_used/3": _prevention_shield_used,
    "drew/2": _drew,
    "discarded/2": _discarded,
    "drew_unseen/2": _drew_unseen,
    "milled_unseen/2": _milled_unseen,
    "exiled_unseen/2": _exiled_unseen,
    "unseen_shuffled_in/3": _unseen_shuffled_in,
    "may_play_granted/2": _may_play,
    "surveilled_unseen/2": _surveilled_unseen,
    "draws_from_empty_library/1": _empty_draw,
    "shuffled/1": _shuffled,
    "found/2": _found,
    "search_declined/1": _declined,
    "discarded_unseen/2": _discarded_unseen,
    "loses/2": _loses,
    "ceases_to_exist/1": _ceases,
    "tokens_created/3": _tokens,
    "effect_created/3": _effect_created,
    "delayed_source/2": _delayed_source,
    "effect_source/2": _delayed_source,
    "effect_count/2": _effect_count,
    "effect_color_chosen/2": _effect_color,
    "attaches/2": _attaches,
    "imprinted/2": _imprinted,
    "exiled_until_leaves/2": _exiled_until,
    "unattached/1": _unattached,
    "unbestowed/1": _unbestowed,
    "entered_transformed/1": _transformed,
    "transformed/1": _turned_over,
    "turned_face_up/1": _turned_face_up,
    "stack/2": _stack,
    "trigger_waits/2": _waits,
    "trigger_removed/1": _removed_trigger,
    "chose/3": _chose,
    "gains_keyword/2": _gains_keyword,
    "attacks/2": _attacks,
    "blocks/2": _blocks,
    "combat_damage_step/1": _damage_step,
    "first_strike_step/1": _struck_first,
    "mana_rider/4": _restricted(+1),
    "restricted_mana_spent/4": _restricted(-1),
    "card_copied/2": _unsupported("a copy of a card, in a sequence of actions"),
    "additional_upkeep_steps/2": _upkeeps_added,
}



@cache
def records() -> frozenset[str]:
    """Outcome predicates that change nothing a later step reads: the catalogue marks them ``output/record``
    (what they do is in other atoms) or ``output/ends`` (the line or the run ends there); and the answers,
    never asked in a sequence. They stay in the step's record and in the explanation."""
    marked = effects()
    answers = set(output_signatures()) - set(marked)
    return frozenset({s for s, e in marked.items() if e in ("record", "ends")} | answers)


@cache
def quiet_predicates() -> frozenset[str]:
    """Outcome predicates whose changes cannot make a state-based action apply (704.5: they change no life
    total downwards, no counter, no damage, no toughness, nothing on the battlefield) nor trigger anything:
    after a step with only these, a settled state stays settled. The catalogue marks them ``output/quiet``
    (a change :data:`CHANGES` applies) or ``output/record`` (no change at all)."""
    return frozenset(s for s, e in effects().items() if e in ("quiet", "record"))


def quiet(atom: Symbol, state: Situation) -> bool:
    """Whether one outcome atom of a step taken in ``state`` leaves a settled state settled: a quiet
    predicate (:func:`quiet_predicates`), life lost that leaves the player above 0 life, or a card (not a
    token or a copy, 704.5d-e) moving between zones other than the battlefield, or leaving the battlefield
    unnoticed (_leaves_unnoticed)."""
    if f"{atom.name}/{len(atom.arguments)}" in quiet_predicates():
        return True
    if atom.name == "life_lost" and len(atom.arguments) == 2 and atom.arguments[0].type == SymbolType.String:
        # 704.5a looks at a life total of 0 or less; nothing modelled triggers on losing life
        lost = atom.arguments[1]
        players = {p.name: p for p in state.players}
        return lost.type == SymbolType.Number and atom.arguments[0].string in players and \
            players[atom.arguments[0].string].life - lost.number > 0
    if atom.name == "move" and len(atom.arguments) == 3 and atom.arguments[0].type == SymbolType.String:
        obj = {o.id: o for o in state.objects}.get(atom.arguments[0].string)
        if obj is None or obj.token or obj.copy or atom.arguments[2].name == "battlefield":
            return False
        return atom.arguments[1].name != "battlefield" or _leaves_unnoticed(obj, state)
    return False


def _leaves_unnoticed(obj: GameObject, state: Situation) -> bool:
    """Whether a card leaving the battlefield can make no state-based action apply and trigger nothing:
    no object has a leaves or dies trigger (603.6c, 603.10a), nothing is attached to it nor it to anything
    (704.5m), and it has no static ability that could change another permanent's toughness or abilities (704.5f-g:
    toughness, being a creature, indestructible), and no card waits in exile for it to leave (610.3c). Land types,
    colors and granted activated abilities no state-based action looks at."""
    if obj.attached_to is not None or any(o.attached_to == obj.id or o.exiled_until == obj.id for o in state.objects):
        return False
    library = _library(state)
    lasting = [a for e in state.effects if e.card in library for a in _all_abilities(e.card, library)]
    for a in [a for o in state.objects for a in _all_abilities(o.copy_of or o.card, library)] + lasting:
        if a.kind == "triggered" and a.trigger in LEAVING_TRIGGERS:
            return False
    return not any(a.kind == "static" and any(p.kind not in _UNNOTICED_STATICS for p in a.statics)
                   for a in _all_abilities(obj.copy_of or obj.card, library))


def watches_states(state: Situation) -> bool:
    """Whether a permanent has a state trigger (603.8, "when you control no Islands"): whatever a step changes on the
    battlefield may make it trigger, so no step leaves the state settled."""
    library = _library(state)
    return any(a.kind == "triggered" and a.trigger in STATE_TRIGGERS for o in state.objects if o.zone == "battlefield"
               for a in _all_abilities(o.copy_of or o.card, library))


#: The state triggers (603.8).
STATE_TRIGGERS = frozenset({"no_permanents"})

#: The triggers on a permanent leaving the battlefield (603.6c, 603.10a).
LEAVING_TRIGGERS = frozenset({"leaves", "dies", "exiled_from_battlefield", "dies_or_exiled", "exiled_while_crafting"})

# Static effects no state-based action reads: land types, colors, granted activated abilities, a chosen type.
_UNNOTICED_STATICS = frozenset({"set_land_type", "add_land_type", "set_color", "grant", "is_chosen_type",
                                "crafted_abilities", "spend_as"})


def searches_onto_battlefield(state: Situation) -> bool:
    """Whether the card of the top of the stack (a spell's, or the source's of an ability) has an ability that searches
    a library for cards to put onto the battlefield (701.23a): its resolution then begins with a step that finds
    them (FindCards). A step too many costs a solve; one too few, a refusal (the cards found are not recorded)."""
    if not state.stack:
        return False
    top = state.stack[-1]
    ability = next((a for a in state.stack_abilities if a.id == top), None)
    holder = next((o for o in state.objects if o.id == (ability.source if ability is not None else top)), None)
    card = (holder.copy_of or holder.card) if holder is not None else ability.source_card[0] if ability.source_card \
        else None  # (a source that ceased to exist: its card as the ability was put on the stack, 113.7a)
    library = _library(state)
    return any(part.kind == "search_to_battlefield" or (part.kind == "may" and part.value[0] == "search_to_battlefield")
               for a in _all_abilities(card, library) for part in a.effects) if card is not None else False


def _all_abilities(name: str, library: Any) -> list[Any]:
    """Every ability printed on either face of a card (whichever face is up)."""
    if name not in library:
        return []
    card = library[name]
    return [a for face in card.parts for a in face.abilities]


def after(state: Situation, question: Question, atoms: frozenset[Symbol]) -> Situation:
    """The situation after ``question`` was taken in ``state`` with this outcome."""
    d = _Draft(state, question, {p.name: p for p in state.players}, {o.id: o for o in state.objects},
               list(state.stack), {a.id: a for a in state.stack_abilities}, list(state.waiting), list(state.created))
    d.atoms = atoms  # type: ignore[attr-defined]
    if not isinstance(question, Priority):  # (state-based actions are performed at once, 704.3: nothing before another)
        d.counters_changed = {_text(a.arguments[0]) for a in atoms
                              if a.name in ("counters_put", "counters_removed") and len(a.arguments) == 3}
    d.effects = list(state.effects)
    d.orders = list(state.orders)
    d.step = _STEP_AFTER.get(type(question), state.step)
    d.upkeeps_to_come = state.upkeeps_to_come
    if isinstance(question, Priority):  # what 704.5b and 704.5h look at is "since the last check"
        d.players = {n: replace(p, empty_library_draw=False) for n, p in d.players.items()}
        d.objects = {i: replace(o, deathtouch_damage=False) if o.deathtouch_damage else o for i, o in d.objects.items()}
    if isinstance(question, ResolveTop) and d.stack:
        top = d.stack.pop()  # it resolves, or does not (608.2b); either way it leaves the stack
        if top in d.abilities:
            d.resolving = d.abilities.pop(top)
        elif not any(a.name == "move" and a.arguments[0].type == SymbolType.String and a.arguments[0].string == top
                     for a in atoms):
            d.objects.pop(top, None)  # a copy of a spell or a token spell ceases to exist (704.5e, 111.7)
            d.removed.add(top)
    cast_as_it_resolves = isinstance(question, Cast) and (question.madness or question.rebound or question.suspend or
                                                          question.cascade or question.ripple)
    if cast_as_it_resolves and d.stack and d.stack[-1] in d.abilities:
        # the trigger on top resolves as the card is cast (702.35b, 702.88a, 702.62a, 702.85a, 702.60a, 608.2g)
        d.resolving = d.abilities.pop(d.stack.pop())
    by_signature: dict[str, list[Symbol]] = {}
    for a in atoms:
        by_signature.setdefault(f"{a.name}/{len(a.arguments)}", []).append(a)
    for signature in by_signature:
        if signature not in CHANGES and signature not in records():
            raise CarryError(f"the outcome {signature}, which the next step cannot read")
    for signature in CHANGES:
        atoms_of = sorted(by_signature.get(signature, ()), key=str)
        for a in _in_order(atoms_of) if signature == "move/3" else atoms_of:
            CHANGES[signature](d, a)
    for n, position in enumerate(sorted(d.placed), start=len(d.stack) + 1):
        if position != n:  # items are put on top of what stays on the stack (405.2)
            raise CarryError(f"an item put on the stack at position {position}, under others")
        d.stack.append(d.placed[position])
    _bookkeeping(d, question)
    if isinstance(question, BeginUpkeep):  # the active player's last upkeep is this one now (702.30a)
        givers = control_givers(state.objects, state.effects, _library(state))
        for obj in list(d.objects.values()):
            if obj.since_last_upkeep and obj.zone == "battlefield" and \
                    _controller(obj, givers.get(obj.id)) == state.active_player:
                d.set(obj, since_last_upkeep=False)
    # 610.3c: a permanent that left and came back in one step is a new object, which the cards exiled until it left
    # would not wait for; the step keeps no trace of it: refused.
    if any(d.objects[oid].zone == "battlefield" and any(o.exiled_until == oid for o in d.objects.values())
           for oid in d.left if oid in d.objects):
        raise CarryError("a permanent that left the battlefield and returned in one step, with cards exiled until it "
                         "left (610.3c)")
    # 611.2c: an effect locked in on an object that left the battlefield does not follow it (400.7); nor one about a
    # card in exile, once it leaves exile (603.7c); an effect begun now on a card exiled now is about the new object.
    def follows(e: LastingEffect, x: str) -> bool:
        if e.timestamp == d.entering_timestamp and (e.card, e.ability, x) in d.found_in_exile:
            return True
        return x not in d.left and x not in d.left_exile

    effects = tuple(replace(e, affects=tuple(x for x in e.affects if follows(e, x))) for e in d.effects
                    if not e.affects or any(follows(e, x) for x in e.affects) or e.source is not None)
    # 611.2b: an effect "for as long as this remains tapped" ("for as long as you control this") ends as its source
    # untaps (another player gains control of it) or leaves the battlefield; one whose source is no longer so as it
    # would begin does nothing.
    library = _library(d.before)

    def lasts(e: LastingEffect) -> bool:
        lasting = library[e.card].abilities[e.ability - 1].lasting
        if lasting not in ("while_source_tapped", "while_you_control_source"):
            return True
        source = d.objects.get(e.source or "")
        if source is None or source.zone != "battlefield" or source.id in d.left:
            return False
        return source.tapped if lasting == "while_source_tapped" else source.controller == e.controller

    effects = tuple(e for e in effects if lasts(e))
    before = {o.id for o in state.objects}
    # 613.7d: what entered now is later than every permanent that stayed, those without a timestamp included.
    entered = [o.id for o in d.objects.values() if o.zone == "battlefield" and o.timestamp == d.entering_timestamp]
    unstamped = [o.id for o in state.objects if o.zone == "battlefield" and o.timestamp is None and o.id not in d.left]
    d.orders += [(old, new) for new in entered for old in unstamped if old != new]
    stamped_now = any(o.timestamp == d.entering_timestamp for o in d.objects.values()) or \
        any(e.timestamp == d.entering_timestamp for e in d.effects)
    line_stamped_from = state.line_stamped_from if state.line_stamped_from is not None or not stamped_now else \
        d.entering_timestamp
    orders = tuple(p for p in dict.fromkeys(d.orders) if not ({*p} & d.left))
    objects = tuple(d.objects[o.id] for o in state.objects if o.id in d.objects) + \
        tuple(o for oid, o in d.objects.items() if oid not in before)
    reached = replace(state, players=tuple(d.players[p.name] for p in state.players), objects=_renumber(objects),
                      stack=tuple(d.stack),
                      stack_abilities=tuple(_last_known(d, d.abilities[i]) for i in d.stack if i in d.abilities),
                      waiting=tuple(_last_known(d, a) for a in d.waiting), created=tuple(d.created), question=None,
                      actions=(), step=d.step,
                      phase=_PHASE_AFTER.get(type(question), state.phase),
                      upkeeps_to_come=d.upkeeps_to_come,
                      effects=effects, orders=orders, line_stamped_from=line_stamped_from,
                      found=((state.stack[-1], None if d.found is None else tuple(sorted(d.found))),)
                         if isinstance(question, FindCards) else ())
    return _control_changes(state, _time_moves_on(question, reached))


def _last_known(d: _Draft, ability: StackAbility) -> StackAbility:
    """608.2h: while the source of an ability on the stack (or waiting to be put there) stays on the battlefield, what
    the ability knows of it is how it is now, so that should it leave, the ability has its counters as it last
    existed there (a change to them in the step it leaves is refused in core.lp)."""
    source = d.objects.get(ability.source)
    if ability.source in d.counters_changed and ability.source in d.left:
        raise CarryError(f"counters changed as it left ({ability.source})")
    if source is None or source.zone != "battlefield" or ability.source in d.left:
        return ability
    counters = {k: n for k, n in source.counters.items() if n}
    return ability if counters == {k: n for k, n in ability.lki_counters.items() if n} else \
        replace(ability, lki_counters=counters)


#: The step a turn-based action of combat begins (508.1, 509.1); a combat damage step says which it is.
_STEP_AFTER: dict[type, str] = {DeclareAttackers: "declare_attackers", DeclareBlockers: "declare_blockers",
                                BeginUpkeep: "upkeep", BeginEndStep: "end", BeginEndOfCombat: "end_of_combat",
                                BeginDrawStep: "draw", BeginCombat: "beginning_of_combat", BeginCleanup: "cleanup",
                                BeginUntap: "untap"}
#: The phase an action begins, where it begins one (513.1, 507.1, 502).
_PHASE_AFTER: dict[type, str] = {BeginEndStep: "ending", BeginCombat: "combat", BeginUntap: "beginning"}


def _time_moves_on(question: Question, state: Situation) -> Situation:
    """What the end of a phase, a step or a turn changes beyond the outcome of its question: a main phase begun after
    combat (511.3: no creature is in combat any more), a cleanup step (514.2: damage wears off, and "until end of
    turn" and "this turn" effects end), a new turn (500.1, 302.6: the next player's; what counted "this turn" starts
    again)."""
    if isinstance(question, BeginUpkeep) and state.upkeeps_to_come:  # 500.10: an additional beginning phase begins
        state = replace(state, phase="beginning", additional_phase=True, upkeeps_to_come=state.upkeeps_to_come - 1,
                        objects=_out_of_combat(state.objects))
    if isinstance(question, BeginMain):
        state = replace(state, phase="precombat_main" if state.phase == "beginning" and not state.additional_phase
                        else "postcombat_main", step=None, additional_phase=False, objects=_out_of_combat(state.objects))
    if isinstance(question, BeginCleanup):
        library = _library(state)
        effects = tuple(e for e in state.effects
                        if library[e.card].abilities[e.ability - 1].lasting != "until_end_of_turn")
        players = tuple(replace(p, prevention_shields=()) for p in state.players)
        objects = tuple(replace(o, damage=0, deathtouch_damage=False, regeneration_shields=0, prevention_shields=(),
                                shield_counters=(), may_play=None) for o in state.objects)
        state = replace(state, effects=effects, players=players, objects=objects)
    if isinstance(question, BeginUntap):
        names = [p.name for p in state.players]
        active = names[(names.index(state.active_player) + 1) % len(names)]
        players = tuple(replace(p, lands_played=0, dealt_damage=False, permanent_left=False, attacked=False, spells_cast=0,
                                spells_cast_last_turn=p.spells_cast)
                        for p in state.players)
        givers = control_givers(state.objects, state.effects, _library(state))
        for o in state.objects:
            lasting = [g for g in givers.get(o.id, ()) if g[0] == "effect" and g[-1] != o.controller]
            if lasting and o.zone == "battlefield":
                raise CarryError(f"an effect giving control of {o.id} ({lasting[0][1]}) lasting into another turn: the "
                                 "encodings read such an effect as begun this turn (302.6)")
        objects = tuple(replace(o, used_this_turn={}, loyalty_activated=False, damaged_by=(),
                                since_turn_start=o.since_turn_start or (o.zone == "battlefield" and
                                                                        _controller(o, givers.get(o.id)) == active),
                                skips_untap_of=None if o.skips_untap_of == active else o.skips_untap_of)
                        for o in state.objects)
        state = replace(state, turn=state.turn + 1, active_player=active, priority=None, passed=(), players=players,
                        objects=objects)
    return state


def _controller(obj: GameObject, givers: frozenset[ControlGiver] | None) -> str:
    """Who controls a permanent, where at most one effect may give its control to another player (613.1b); several
    (whose order in layer 2 decides) are not followed from step to step."""
    if not givers:
        return obj.controller
    controllers = {g[-1] for g in givers}
    if len(controllers) > 1:
        raise CarryError(f"several effects giving control of {obj.id} to different players, from one step to the next "
                         "(613.1b, 613.7)")
    return controllers.pop()


def _control_changes(before: Situation, reached: Situation) -> Situation:
    """302.6, 702.30a: a permanent whose controller an effect began or ended changing (Control Magic cast, or destroyed;
    "until end of turn" over) has not been controlled continuously by its new controller since their turn began, and
    came under their control since their last upkeep."""
    library = _library(before)
    old, new = control_givers(before.objects, before.effects, library), control_givers(reached.objects, reached.effects,
                                                                                       library)
    if old == new:
        return reached
    stayed = {o.id: o for o in before.objects if o.zone == "battlefield"}
    objects = []
    for o in reached.objects:
        was = stayed.get(o.id)
        if was is not None and o.zone == "battlefield" and old.get(o.id) != new.get(o.id) and \
                _controller(was, old.get(o.id)) != _controller(o, new.get(o.id)):
            o = replace(o, since_turn_start=False, since_last_upkeep=True)
        objects.append(o)
    return replace(reached, objects=tuple(objects))


def _out_of_combat(objects: tuple[GameObject, ...]) -> tuple[GameObject, ...]:
    """The objects as the combat phase ends: no creature is attacking or blocking (511.3)."""
    return tuple(replace(o, attacking=None, blocking=(), blocked=False, struck_first=False) for o in objects)


def _in_order(moves: list[Symbol]) -> list[Symbol]:
    """Moves in the order they happened: an object moved twice in one step (drawn, then discarded) moves
    from where the first move put it."""
    ordered: list[Symbol] = []
    pending = list(moves)
    while pending:
        first = next((m for m in pending if not any(o is not m and o.arguments[0] == m.arguments[0]
                                                    and o.arguments[2] == m.arguments[1] for o in pending)), pending[0])
        ordered.append(first)
        pending.remove(first)
    return ordered


def _bookkeeping(d: _Draft, question: Question) -> None:
    """What the action itself changes: the choices a spell is cast with (601.2b-c), and the activations
    this turn (602.5b, 606.3)."""
    if isinstance(question, Cast):
        obj = d.objects.get(question.object)
        if obj is not None and obj.zone == "stack":
            caster = question.player or d.before.object(obj.id).player  # (another's card, in exile: 601.3)
            if caster in d.players:  # (storm counts the spells cast before it this turn, 702.40a)
                d.players[caster] = replace(d.players[caster], spells_cast=d.players[caster].spells_cast + 1)
            cast_from = d.before.object(obj.id).zone
            exiled_as_it_leaves = any(a.name in ("cast_with_flashback", "cast_with_jump_start") and
                                      _text(a.arguments[0]) == obj.id for a in d.atoms)  # type: ignore[attr-defined]
            d.objects[obj.id] = replace(obj, controller=caster, x=question.x,
                                        targets=question.targets, kicked=question.kicked or bool(question.times_kicked),
                                        times_kicked=question.times_kicked, evoked=question.evoke,
                                        surged=question.surge,
                                        dashed=question.dash, cast_from_hand=cast_from == "hand",
                                        bestowed=question.bestow, replicated=question.replicate,
                                        cast_with_suspend=question.suspend and "creature" in
                                        _library(d.before)[obj.card].face(question.half or obj.face).types,
                                        flashback=exiled_as_it_leaves, buyback=question.buyback,
                                        modes=question.modes or obj.modes,
                                        division=question.division or obj.division, face_down=question.face_down,
                                        face=question.half or obj.face)
    if isinstance(question, Activate):
        obj = d.objects.get(question.object)
        key = question.ability if isinstance(question.ability, int) or (isinstance(question.ability, str) and ":" in
                                                                        question.ability) else None
        if obj is not None and key is None:
            spec = activated_ability(d.before, question)
            face = printed_face(d.before, d.before.object(obj.id))
            key = next((i for i, a in enumerate(face.abilities, start=1) if a is spec), None)
        if obj is not None and key is not None:
            used = dict(obj.used_this_turn)
            used[key] = used.get(key, 0) + 1
            obj = replace(obj, used_this_turn=used)
        if obj is not None and _loyalty(d.before, question):
            obj = replace(obj, loyalty_activated=True)
        if obj is not None:
            d.objects[obj.id] = obj


def _loyalty(state: Situation, question: Activate) -> bool:
    chosen = activated_ability(state, question)
    return chosen is not None and any(c.kind == "loyalty" for c in chosen.costs)


def _renumber(objects: tuple[GameObject, ...]) -> tuple[GameObject, ...]:
    """Library positions 1..n from the top, in the order they had (cards drawn or milled leave gaps)."""
    libraries: dict[str, list[GameObject]] = {}
    for o in objects:
        if o.zone == "library" and not o.bottom:
            libraries.setdefault(o.owner, []).append(o)
    positions: dict[str, int] = {}
    for cards in libraries.values():
        ordered = sorted(enumerate(cards), key=lambda ic: (ic[1].position is None, ic[1].position or 0, ic[0]))
        positions.update({o.id: k for k, (_, o) in enumerate(ordered, start=1)})
    return tuple(replace(o, position=positions[o.id]) if o.id in positions and o.position != positions[o.id] else o
                 for o in objects)


# -- one state, however it was reached ----------------------------------------------------------
#: The keys of the states met lately, by the identity of the state (held, so that the identity stays its own):
#: a state's key is asked for several times as its line is settled, compared and kept.
_KEYS: dict[int, tuple[Situation, tuple]] = {}


def state_key(state: Situation) -> tuple:
    """A value equal for two states exactly when they are the same state up to the names of the objects
    and stack items the actions created."""
    found = _KEYS.get(id(state))
    if found is not None and found[0] is state:
        return found[1]
    key = _state_key(state)
    if len(_KEYS) >= 4096:
        _KEYS.clear()
    _KEYS[id(state)] = (state, key)
    return key


#: The part of the state key of each object met lately that names no created object, by the object's identity
#: (held beside it): most objects come through a step as they were.
_OBJECT_KEYS: dict[int, tuple[GameObject, str]] = {}


def _own(o: GameObject) -> tuple:
    return (o.card, o.owner, o.controller, o.zone, o.tapped, o.since_turn_start, tuple(sorted(o.counters.items())),
            o.token, o.face, o.keywords, tuple(sorted(o.used_this_turn.items())), o.loyalty_activated, o.x, o.kicked,
            o.times_kicked, o.cant_be_countered, o.colors_spent, o.evoked, o.surged, o.dashed, o.bestowed,
            o.cast_with_suspend, o.replicated, o.cast_from_hand, o.renowned,
            o.monstrous, o.tribute_paid,
            o.skips_untap_of, o.flashback, o.buyback, o.since_last_upkeep,
            o.chosen_color, o.chosen_type, o.position, o.bottom, o.copy, o.damage, o.damaged_by, o.deathtouch_damage,
            o.copy_of, o.copy_except, o.may_play, o.exiled_until,
            o.division, o.blocked, o.struck_first, o.regeneration_shields, o.modes, shields_left(o.prevention_shields),
            tuple(sorted((n, k) for n, k in zip(o.prevention_shields, o.shield_counters) if n and k)), o.face_down)


def _state_key(state: Situation) -> tuple:
    created = set(state.created)
    content: dict[str, tuple] = {o.id: _own(o) for o in state.objects if o.id in created}
    for a in state.stack_abilities + state.waiting:
        content[a.id] = (a.kind, a.ability, a.controller, a.source, a.targets, tuple(sorted(a.lki_counters.items())),
                         a.x, a.modes, a.division, a.instance, a.that, a.that_much)
    names: dict[str, Any] = {oid: ("created", content[oid]) for oid in created & set(content)}

    def ref(x: str | None) -> Any:
        return names.get(x, x) if x is not None else None

    def entry(o: GameObject) -> str:
        return repr((ref(o.id), _own(o), ref(o.attached_to), tuple(ref(t) for t in o.targets),
                     tuple(ref(m) for m in o.crafted_with), ref(o.attacking), tuple(ref(x) for x in o.blocking),
                     tuple(ref(m) for m in o.exiled_with)))

    known = _OBJECT_KEYS
    if len(known) >= 100_000:
        known.clear()
    objects = []
    for o in state.objects:
        if created and (o.id in created or o.attached_to in created or o.attacking in created
                        or not created.isdisjoint(o.blocking) or not created.isdisjoint(o.targets)
                        or not created.isdisjoint(o.crafted_with) or not created.isdisjoint(o.exiled_with)):
            objects.append(entry(o))  # it names a created object: by what that object is, not its name
            continue
        found = known.get(id(o))
        if found is None or found[0] is not o:
            found = known[id(o)] = (o, entry(o))
        objects.append(found[1])
    objects.sort()
    stack = tuple(ref(i) for i in state.stack)
    abilities = sorted(repr((ref(a.id), a.kind, a.ability, a.controller, ref(a.source), tuple(ref(t) for t in a.targets),
                             tuple(sorted(a.lki_counters.items())), a.x, a.modes, a.division, ref(a.refers_to), ref(a.that),
                             a.that_much,
                             tuple(ref(m) for m in a.materials), a.instance,
                             a.granted and (ref(a.granted[0]), *a.granted[1:]))) for a in state.stack_abilities)
    waiting = sorted(repr((a.kind, a.ability, a.controller, ref(a.source), tuple(ref(t) for t in a.targets),
                           tuple(sorted(a.lki_counters.items())), a.division, ref(a.that), a.that_much))
                     for a in state.waiting)
    players = tuple((p.name, p.life, tuple(sorted(p.mana_pool.items())), tuple(sorted(p.restricted_mana.items())),
                     p.library, p.hand, p.graveyard, p.lands_played, p.drawn, p.discarded, p.lost, p.empty_library_draw,
                     p.poison, p.energy, p.dealt_damage, p.permanent_left, p.attacked, p.citys_blessing, p.spells_cast,
                     p.spells_cast_last_turn,
                     p.shuffled,
                     p.milled, p.exiled, p.surveilled, shields_left(p.prevention_shields))
                    for p in state.players)
    # Timestamps by their order alone (613.7): two lines that reach the same order reach the same state.
    ranks = {n: i for i, n in enumerate(sorted({o.timestamp for o in state.objects if o.timestamp is not None}
                                               | {e.timestamp for e in state.effects if e.timestamp is not None}))}
    stamps = tuple(sorted(repr((ref(o.id), ranks[o.timestamp])) for o in state.objects if o.timestamp is not None))
    lasting = tuple(sorted(repr((e.card, e.controller, e.ability, ranks.get(e.timestamp), tuple(ref(x) for x in e.affects),
                                 e.times, e.color)) for e in state.effects))
    orders = tuple(sorted(repr((ref(a), ref(b))) for a, b in state.orders))
    # (by the number of the state's timestamps before the first a step gave: the same split of the order)
    line_stamped = None if state.line_stamped_from is None else sum(1 for t in ranks if t < state.line_stamped_from)
    found = tuple(repr((ref(item), cards if cards is None else tuple(sorted(map(ref, cards)))))
                  for item, cards in state.found)
    return (players, tuple(objects), tuple(map(repr, stack)), tuple(abilities), tuple(waiting),
            state.priority, state.passed, state.step, stamps, lasting, orders, found, state.upkeeps_to_come,
            state.additional_phase, line_stamped)


__all__ = ["CHANGES", "Cast", "after", "quiet", "quiet_predicates", "records", "searches_onto_battlefield", "state_key"]
