"""A situation -> ASP facts, built as clingo symbols from the vocabulary's declarations.

User text (ids, card names) only ever becomes ``clingo.String`` values: a card named
``x). #script (python) ...`` is just a name. Each fact is paired with the path of the situation
value it came from, so explanations can point back at the file and line. What each template and
field becomes is declared once, in :mod:`pyrules.vocabulary`; this module walks a situation and
asks it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import MISSING, dataclass, fields
from functools import cache
from typing import Any

from clingo import Number, Symbol

from pyrules.base.collector import paused
from pyrules.base.symbols import C, S, ability_id, fn, mana_symbol
from pyrules.cards.library import CardLibrary, CardSpec, builtin_library
from pyrules.situation.model import (
    Abilities,
    Activatable,
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
    Characteristics,
    CombatDamage,
    CombatRun,
    CouldProduce,
    DeclareAttackers,
    DeclareBlockers,
    FindCards,
    GameObject,
    Happen,
    PlayLand,
    Priority,
    ResolveTop,
    Situation,
    Suspend,
    TurnFaceUp,
)
from pyrules.vocabulary import FAMILIES, Filter, Kind, filter_terms, kind, targets_of
from pyrules.vocabulary.abilities import AbilitySpec, held_parts, with_granted
from pyrules.vocabulary.templates import condition_term, copy_exception_term
from pyrules.vocabulary.values import CREATURE_TYPES, OTHER_SUBTYPES, STEPS_WITHOUT_PRIORITY

__all__ = ["Fact", "situation_facts", "card_facts", "ability_facts", "question_facts"]


class Fact:
    """A fact and where it comes from: a dotted path into the situation ("objects.2"), or "card:<name>".
    (A slotted class, not a frozen dataclass: a large board makes them by the hundred thousand, and a
    frozen dataclass takes 0.32 us to make one, this 0.12 us. Facts are read, never changed.)"""

    __slots__ = ("symbol", "origin")

    def __init__(self, symbol: Symbol, origin: str):
        self.symbol = symbol
        self.origin = origin

    def __repr__(self) -> str:
        return f"Fact(symbol={self.symbol!r}, origin={self.origin!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fact) and self.symbol == other.symbol and self.origin == other.origin

    def __hash__(self) -> int:
        return hash((self.symbol, self.origin))


@dataclass
class _AbilityContext:
    """What a template's ``term`` needs: the ability's id, the instruction number, and the means to
    give a filter, a target or a granted ability an id of its own (their facts go to ``out``)."""

    card: str
    d: Symbol
    out: list[Symbol]
    j: int | None = None
    target_base: int = 0
    skip: frozenset[tuple[str, str]] = frozenset()
    fid: Symbol | None = None

    def filter(self, flt: Filter, tag: str) -> Symbol:
        fid = fn("flt", self.d, C(tag) if self.j is None else fn(tag, self.j))
        self.out.extend(_filter_facts(fid, flt, self.skip))
        return fid

    def target(self, k: int) -> Symbol:
        return Number(self.target_base + k + 1)

    def extra(self, symbol: Symbol) -> None:
        self.out.append(symbol)

    def granted(self, ability: AbilitySpec) -> Symbol:
        g = fn("gr", self.d)
        self.out.extend(ability_facts(self.card, 0, ability, g, self.skip))
        return g


@dataclass
class _FilterContext:
    fid: Symbol


def _filter_facts(fid: Symbol, flt: Filter, skip: frozenset[tuple[str, str]] = frozenset()) -> list[Symbol]:
    if skip:
        flt = Filter({k: v for k, v in flt.items() if ("filter_field", k) not in skip})
    return filter_terms(flt, _FilterContext(fid))


def _terms(value: Any) -> list[Symbol]:
    return list(value) if isinstance(value, list) else [value]


_CARD_FACTS: dict[tuple[int, frozenset[tuple[str, str]]], tuple[CardSpec, tuple[Symbol, ...]]] = {}


def _source_face(situation: Situation, library: CardLibrary, item: Any) -> tuple[CardSpec, str]:
    """The card of an ability's source and the name of the face its ability is printed on: as the source was when the
    ability was put on the stack, where a step of a sequence put it there (113.7a: the ability is its own, whatever
    becomes of its source); for one the situation gives, the source's face as it is."""
    if item.source_card is not None:
        card = library[item.source_card[0]]
        return card, card.face(item.source_card[1]).name
    source = situation.object(item.source)
    card = library[source.card]
    return card, card.face(source.face).name


def _instance(situation: Situation, library: CardLibrary, item: Any) -> Symbol:
    """The ability instance a stack item is (113.2c): a printed ability of its source, or one that a card
    used to craft its source gives it (702.167c)."""
    if item.instance is not None:
        material = situation.object(item.instance)
        return fn("crafted", S(material.id), ability_id(library[material.card].face("front").name, item.ability))
    if item.granted is not None:  # granted(X, gr(ab(Face,N))): an ability X's ability N grants (its card's facts say it)
        granter, card, face, number = item.granted
        return fn("granted", S(granter), fn("gr", ability_id(library[card].face(face).name, number)))
    return ability_id(_source_face(situation, library, item)[1], item.ability)


def _card_facts(card: CardSpec, skip: frozenset[tuple[str, str]]) -> tuple[Symbol, ...]:
    """The facts of a card, built once per card definition (the steps of a sequence share them)."""
    key = (id(card), skip)
    found = _CARD_FACTS.get(key)
    if found is None or found[0] is not card:
        if len(_CARD_FACTS) > 4096:
            _CARD_FACTS.clear()
        found = _CARD_FACTS[key] = (card, tuple(card_facts(card, skip)))
    return found[1]


def card_facts(card: CardSpec, skip: frozenset[tuple[str, str]] = frozenset()) -> Iterator[Symbol]:
    name = S(card.name)

    def given(field_name: str) -> bool:
        return ("card", field_name) not in skip

    if not given("name"):  # a card that cannot be found by its name has no facts at all
        return
    for face_name, face in zip(("front", "back"), card.faces):
        if given("faces"):
            yield fn("card_face", name, C(face_name), S(face.name))
        yield from card_facts(face, skip)
    for half_name, half in zip(("left", "right"), card.halves):  # a split card's halves (708)
        if given("halves"):
            yield fn("card_face", name, C(half_name), S(half.name))
        yield from card_facts(half, skip)
    for t in card.types if given("types") else ():
        yield fn("card_type", name, C(t))
    for t in card.supertypes if given("supertypes") else ():
        yield fn("card_supertype", name, C(t))
    for t in card.subtypes if given("subtypes") else ():
        yield fn("card_subtype", name, C(t))
    for sym, n in card.mana_cost if given("cost") else ():
        yield fn("card_mana_cost", name, mana_symbol(sym), n)
    for col in card.colors or () if given("colors") else ():
        yield fn("card_color_indicator", name, C(col))
    for attr in ("power", "toughness", "loyalty"):
        value = getattr(card, attr)
        if value is not None and given(attr):
            yield fn(f"card_{attr}", name, value)
    for attr in card.starred:
        if given(attr):
            yield fn("card_star", name, C(attr))
    for i, ability in enumerate(card.abilities, start=1):
        if given("abilities") and ("ability", ability.kind) not in skip and ("ability", ability.keyword) not in skip:
            yield from ability_facts(card.name, i, ability, skip=skip)


def ability_facts(card: str, index: int, ability: AbilitySpec, d: Symbol | None = None,
                  skip: frozenset[tuple[str, str]] = frozenset()) -> list[Symbol]:
    """The facts of one ability. ``skip`` leaves out the facts of some kinds (``(family, name)``),
    which the tests use to show that a case depends on them."""
    if ability.kind == "keyword":
        if ("keyword", ability.keyword) in skip:
            return []
        return [fn("card_keyword", S(card), kind("keyword", ability.keyword).term(True, None))]
    d = d if d is not None else ability_id(card, index)
    out: list[Symbol] = [fn("ability", d, C(ability.kind))]
    ctx = _AbilityContext(card, d, out, skip=skip)
    for n, cost in enumerate(ability.costs, start=1):
        ctx.j = n  # (each cost's filter its own: "sacrifice a creature, tap an untapped land" are two filters)
        if ("cost", cost.kind) not in skip:
            out += [fn("ability_cost", d, t) for t in _terms(kind("cost", cost.kind).term(cost.value, ctx))]
    ctx.j = None
    family = "enters" if ability.kind == "enters" else "effect"
    for j, effect in enumerate(ability.effects, start=1):
        k = kind(family, effect.kind)
        ctx.j = j
        if (family, effect.kind) not in skip:
            out += [fn("ability_effect", d, j, t) for t in _terms(k.term(effect.value, ctx))]
        if family == "effect":
            ctx.target_base += len(_targets(k, effect.value))
    ctx.j = None
    for j, mode in enumerate(ability.modes, start=1):
        out.append(fn("ability_effect_mode", d, j, mode))
    if ability.kind == "spell" and ability.modes:
        out.append(fn("ability_modes_chosen", d, *ability.choose))
    out += [fn("ability_effect_condition", d, j, condition_term(c)) for j, c in enumerate(ability.conditions, start=1) if c]
    group_start, left = 0, 0
    for n, (spec, mode) in enumerate(zip(ability.targets, ability.target_modes), start=1):
        fid = fn("flt", d, fn("target", n))
        out += _filter_facts(fid, spec.filter, skip)
        out.append(fn("ability_target", d, n, fid, C(spec.zone)))
        if spec.players:
            out.append(fn("ability_target_player", d, n))
        if spec.opponents:
            out.append(fn("ability_target_opponent", d, n))
        if spec.distinct_from:  # "another target": not the object chosen for target K (115.3)
            out.append(fn("ability_target_distinct", d, n, spec.distinct_from))
        if mode:
            out.append(fn("ability_target_mode", d, n, mode))
        if spec.up_to and ("effect", "up_to") not in skip:  # "up to N target ...": N slots of one word (601.2c)
            if left == 0:
                group_start, left = n, spec.up_to
            left -= 1
            out += [fn("ability_target_optional", d, n), fn("ability_target_group", d, n, group_start)]
        else:
            left = 0
    if ability.zone and (("option", "zone") not in skip or ability.keyword) and \
            not any(c.kind == "reveal" for c in ability.costs):  # (forecast's hand: its cost says it, activation.lp)
        out.append(fn("ability_zone", d, C(ability.zone)))
    if ability.keyword in ("cycling", "typecycling"):
        out.append(fn("ability_cycling", d))
    if ability.kind == "suspend":  # (702.62a: the time counters it exiles its card with)
        out.append(fn("ability_time_counters", d, ability.time_counters))
    if ability.trigger and ("trigger", ability.trigger) not in skip:
        out.append(fn("ability_trigger", d, kind("trigger", ability.trigger).term(True, ctx)))
    if ability.intervening_if and ("ability", ability.keyword or "if") not in skip and ("option", "if") not in skip:
        condition = ability.intervening_if
        if isinstance(condition, tuple) and condition[0] == "no_permanents":  # none_on_battlefield(F)
            out.append(fn("ability_if", d, fn("none_on_battlefield", ctx.filter(condition[1], "if"))))
        elif isinstance(condition, tuple):  # {you_control: {count: N, filter: F}}: controls(F,N)
            out.append(fn("ability_if", d, fn("controls", ctx.filter(condition[2], "if"), condition[1])))
        else:
            out.append(fn("ability_if", d, condition_term(condition)))
    if ability.event and ("replacement_event", ability.event) not in skip:
        out.append(fn("ability_event", d, kind("replacement_event", ability.event).term(True, ctx)))
    if ability.modify is not None and ("modification", ability.modify.kind) not in skip:
        m = kind("modification", ability.modify.kind)
        if ability.modify.kind == "each_of":
            out += [fn("ability_modify_option", d, C(t)) for t in ability.modify.value]
        if ability.modify.kind == "copy_of":  # (707.9: what the copy is except for)
            out += [fn("ability_copy_exception", d, copy_exception_term(e)) for e in ability.modify.value.exceptions]
            counters = ability.modify.value.counters
            if counters is not None:  # (707.9: "except it enters with X additional +1/+1 counters")
                out.append(fn("ability_copy_counters", d, C(counters[0]), C("x") if counters[1] == "x" else counters[1]))
        out.append(fn("ability_modify", d, m.term(ability.modify.value, ctx)))
    for part in ability.statics:
        if ("static", part.kind) not in skip:
            out += [fn("ability_static", d, t) for t in _terms(kind("static", part.kind).term(part.value, ctx))]
    if ability.or_self and ("option", "or_self") not in skip:
        out.append(fn("ability_or_self", d))
    if ability.any_player and ("option", "any_player") not in skip:
        out.append(fn("ability_any_player", d))
    if ability.filter is not None and ability.kind not in ("enchant", "bestow"):  # (their filter is their target's)
        fid = fn("flt", d, 0)
        out += _filter_facts(fid, ability.filter, skip)
        out.append(fn("ability_filter", d, fid))
    for option, values in (("lasting", ability.lasting), ("limit", ability.limit), ("timing", ability.timing),
                           ("spend_only", ability.riders), ("applies_to", ability.applies_to),
                           ("spend_effect", ability.spend_effect), ("only_if", ability.only_if),
                           ("as_long_as", ability.as_long_as), ("for_each", ability.for_each),
                           ("to", ability.damage_to), ("by", ability.damage_by), ("combat", ability.combat),
                           ("instead", ability.instead), ("except", ability.draw_except)):
        if values and ("option", option) not in skip:
            pred = {"lasting": "ability_lasting", "limit": "ability_limit", "timing": "ability_timing",
                    "spend_only": "ability_rider", "applies_to": "ability_applies_to",
                    "spend_effect": "ability_spend_effect", "only_if": "ability_condition", "to": "ability_damage_to",
                    "by": "ability_damage_by", "combat": "ability_damage_kind", "as_long_as": "ability_while",
                    "for_each": "ability_for_each", "instead": "ability_instead", "except": "ability_except"}[option]
            out += [fn(pred, d, t) for t in _terms(kind("option", option).term(values, ctx))]
    return out


def _targets(k: Any, value: Any) -> tuple:
    return targets_of(k, value)


@dataclass
class _ObjectContext:
    oid: Symbol
    double_faced: bool
    face_name: str
    crafted: Any = None  # (material id, ability number) -> the instance a card used to craft it gives it
    face: Any = None  # the face whose abilities it has

    def target_numbers(self, modes: tuple[int, ...], count: int) -> list[int]:
        """The numbers of a spell's targets given, among all its spell's targets: a modal spell's targets are those of
        its chosen modes (700.2c), given in order, as a question gives them (target_slots)."""
        spell = next((a for a in self.face.abilities if a.kind == "spell" and a.modes), None) if self.face else None
        if spell is None or not modes:
            return list(range(1, count + 1))
        return [n for n, mode in enumerate(spell.target_modes, start=1) if mode in modes or mode == 0]

    def instance(self, key: int | str) -> Symbol:
        """An ability instance of the object: its printed ability N, or "M:N" from card M used to craft it."""
        if isinstance(key, int):
            return ability_id(self.face_name, key)
        material, _, number = key.rpartition(":")
        return self.crafted(material, int(number))


@cache
def _object_terms() -> tuple[tuple[Kind, str | None, Any], ...]:
    """Each object field with a term, and the attribute (with its default) whose default makes the term say
    nothing, for a card with one face or two: an object's fields mostly keep their defaults, and asking
    18 terms of each object for nothing took a sixth of the time its facts took (benchmarks/notes.md).
    (None: the term is always asked. tests/test_facts.py checks the corpus's objects agree.)"""
    defaults = {f.name: f.default if f.default is not MISSING else f.default_factory()
                for f in fields(GameObject) if f.default is not MISSING or f.default_factory is not MISSING}
    sample = GameObject(id="x", card="Forest", owner="p")
    found = []
    for k in FAMILIES["object"]:
        if k.term is None:
            continue
        attr = k.name if k.name in defaults else None
        if attr is not None and any(k.term(sample, _ObjectContext(S("x"), faces, "Forest", None))
                                    for faces in (False, True)):
            attr = None  # says something at its default (a double-faced card's face)
        found.append((k, attr, defaults.get(attr)))
    return tuple(found)


#: The facts of each object met lately, by its identity (the object and the card library held beside them, so
#: that the identity stays theirs): the steps of a sequence of actions leave most objects as they were.
_OBJECT_FACTS: dict[int, tuple[Any, Any, tuple[Symbol, ...]]] = {}


def _creature_types(cards: Iterable[CardSpec]) -> list[str]:
    """Every creature type (205.3m): the official ones, and any other subtype a creature or kindred card of the
    situation carries (a card written for a case may name its own)."""
    others = {s for c in cards for face in c.parts if not {"creature", "kindred"} & set(face.types)
              for s in face.subtypes}
    own = {s for c in cards for face in c.parts if {"creature", "kindred"} & set(face.types)
           for s in face.subtypes} - others - set(OTHER_SUBTYPES)
    return sorted(set(CREATURE_TYPES) | own)


def situation_facts(situation: Situation, library: CardLibrary | None = None,
                    skip: frozenset[tuple[str, str]] = frozenset()) -> list[Fact]:
    """Every fact describing ``situation`` (and the cards it uses), in a deterministic order.
    ``skip`` leaves out the facts of some kinds of the vocabulary, ``(family, name)``: the situation as pyrules
    would see it without them (tests/test_vocabulary.py shows so that each modelled kind matters)."""
    with paused():  # a large board's facts, none in a cycle (see pyrules.base.collector)
        return _situation_facts(situation, library, skip)


def _situation_facts(situation: Situation, library: CardLibrary | None,
                     skip: frozenset[tuple[str, str]]) -> list[Fact]:
    library = (library or situation.library or builtin_library()).with_cards(situation.cards)
    facts: list[Fact] = []

    def add(origin: str, symbols: Iterable[Symbol]) -> None:
        facts.extend(Fact(s, origin) for s in symbols)

    def given(*key: str) -> bool:
        return key not in skip

    for i, p in enumerate(situation.players, start=1):
        path = f"players.{i - 1}"
        if given("situation", "players") and given("player", "name"):
            add(path, [fn("player", S(p.name)), fn("seat", S(p.name), i)])
        if given("player", "life"):
            add(path, [fn("initial_life", S(p.name), p.life)])
        if given("player", "mana_pool"):
            add(path, [fn("initial_pool", S(p.name), C(t), n) for t, n in sorted(p.mana_pool.items()) if n])
        if given("player", "restricted_mana"):
            add(path, [fn("initial_restricted_pool", S(p.name), C(t), C(f"spend_only_{r}"), n)
                       for (t, r), n in sorted(p.restricted_mana.items()) if n])
        if p.library and given("player", "library"):
            add(path, [fn("unseen_library", S(p.name), p.library)])
        if p.hand and given("player", "hand"):
            add(path, [fn("unseen_hand", S(p.name), p.hand)])
        if p.graveyard and given("player", "graveyard"):
            add(path, [fn("unseen_graveyard", S(p.name), p.graveyard)])
        if p.lands_played and given("player", "lands_played"):
            add(path, [fn("lands_played", S(p.name), p.lands_played)])
        if p.poison and given("player", "poison"):
            add(path, [fn("poison", S(p.name), p.poison)])
        if p.energy and given("player", "energy"):
            add(path, [fn("energy", S(p.name), p.energy)])
        if p.prevention_shields and given("player", "prevention_shields"):
            add(path, [fn("prevention_shield", S(p.name), k, n) for k, n in enumerate(p.prevention_shields, 1) if n])
        if p.shuffled and given("player", "shuffled"):
            add(path, [fn("library_shuffled", S(p.name))])
        if p.dealt_damage and given("player", "dealt_damage"):
            add(path, [fn("dealt_damage_this_turn", S(p.name))])
        if p.permanent_left and given("player", "permanent_left"):
            add(path, [fn("permanent_left_this_turn", S(p.name))])
        if p.attacked and given("player", "attacked"):
            add(path, [fn("attacked_this_turn", S(p.name))])
        if p.citys_blessing and given("player", "citys_blessing"):
            add(path, [fn("citys_blessing", S(p.name))])
        if p.spells_cast and given("player", "spells_cast"):
            add(path, [fn("spells_cast_this_turn", S(p.name), p.spells_cast)])
        if p.spells_cast_last_turn and given("player", "spells_cast_last_turn"):
            add(path, [fn("spells_cast_last_turn", S(p.name), p.spells_cast_last_turn)])
        if p.empty_library_draw:  # the state of a sequence of actions (704.5b)
            add(path, [fn("empty_library_draw", S(p.name))])
    if given("situation", "active"):
        add("active", [fn("active_player", S(situation.active_player))])
    if given("situation", "priority") and situation.step not in STEPS_WITHOUT_PRIORITY:
        add("priority", [fn("priority", S(situation.priority_player))])
    if given("situation", "phase"):
        add("phase", [fn("phase", C(situation.phase))])
    if situation.step and given("situation", "step"):
        add("step", [fn("step", C(situation.step))])
    if situation.upkeeps_to_come and given("situation", "upkeeps_to_come"):
        add("upkeeps_to_come", [fn("upkeeps_to_come", situation.upkeeps_to_come)])
    if situation.additional_phase and given("situation", "additional_phase"):
        add("additional_phase", [fn("additional_phase")])

    used_cards: dict[str, CardSpec] = {}
    object_fields = [(k, attr, default) for k, attr, default in _object_terms() if k.key not in skip]
    for i, o in enumerate(situation.objects if given("situation", "objects") else ()):
        card = library[o.card]
        used_cards[card.name] = card
        if o.copy_of is not None:  # the card it is a copy of gives it its characteristics (707.2)
            used_cards[o.copy_of] = library[o.copy_of]
        # An object's own facts depend on it and its card alone (but the cards it was crafted with): an
        # object that a step left as it was has the facts it had.
        cached = _OBJECT_FACTS.get(id(o)) if not skip and not o.crafted_with else None
        if cached is not None and cached[0] is o and cached[1] is library:
            symbols = list(cached[2])
        else:
            face = card.face(o.face)
            ctx = _ObjectContext(S(o.id), card.is_double_faced, face.name,
                                 lambda m, n: fn("crafted", S(m), ability_id(library[situation.object(m).card].face(
                                     "front").name, n)), face)
            symbols = []
            for k, attr, default in object_fields:
                if attr is None or getattr(o, attr) != default:
                    symbols += k.term(o, ctx)
            if not skip and not o.crafted_with:
                if len(_OBJECT_FACTS) >= 50_000:
                    _OBJECT_FACTS.clear()
                _OBJECT_FACTS[id(o)] = (o, library, tuple(symbols))
        if o.deathtouch_damage:  # the state of a sequence of actions (704.5h)
            symbols.append(fn("deathtouch_damage", S(o.id)))
        add(f"objects.{i}", symbols)
    for k, item in enumerate(situation.stack_abilities):
        source_card = _source_face(situation, library, item)[0]
        iid = S(item.id)
        symbols = [fn("object", iid), fn("initial_zone", iid, C("stack"))]
        if given("stack_item", "controller"):
            symbols.append(fn("initial_controller", iid, S(item.controller)))
        if all(given("stack_item", k) for k in ("id", "activated", "triggered", "ability")):
            symbols.append(fn("stack_ability", iid, S(item.source), _instance(situation, library, item)))
        if given("stack_item", "targets"):
            symbols += [fn("target", iid, n, S(t)) for n, t in enumerate(item.targets, start=1) if t]
        symbols += [fn("last_known_counters", iid, C(k), n) for k, n in sorted(item.lki_counters.items()) if n]
        if item.x is not None and given("stack_item", "x"):
            symbols.append(fn("stack_x", iid, item.x))
        if given("stack_item", "modes"):
            symbols += [fn("stack_mode", iid, m) for m in item.modes]
        if given("stack_item", "division"):
            slots = [n for n, t in enumerate(item.targets, start=1) if t]
            symbols += [fn("division", iid, n, k) for n, k in zip(slots, item.division)]
        if item.refers_to is not None and given("stack_item", "copies"):
            symbols.append(fn("trigger_item", iid, S(item.refers_to)))
        if item.that is not None and given("stack_item", "that"):
            symbols.append(fn("trigger_object", iid, S(item.that)))
        if item.that_much is not None and given("stack_item", "that_much"):
            symbols.append(fn("trigger_amount", iid, item.that_much))
        used_cards[source_card.name] = source_card
        if item.granted is not None:
            used_cards[item.granted[1]] = library[item.granted[1]]
        add(f"stack.{situation.stack.index(item.id)}", symbols)
    for k, effect in enumerate(situation.effects):
        card = library[effect.card]
        used_cards[card.name] = card
        eid = fn("effect", S(f"effects.{k}"))
        if given("situation", "effects") and all(given("lasting_effect", f) for f in ("card", "controller", "ability")):
            add(f"effects.{k}", [fn("lasting_effect", eid, ability_id(card.name, effect.ability), S(effect.controller))]
                + ([fn("timestamp", eid, effect.timestamp)]
                   if effect.timestamp is not None and given("lasting_effect", "timestamp") else [])
                + ([fn("effect_affects", eid, S(oid)) for oid in effect.affects] if given("lasting_effect", "affects")
                   else [])
                + ([fn("effect_times", eid, effect.times)]
                   if effect.times is not None and given("lasting_effect", "times") else [])
                + ([fn("effect_color", eid, C(effect.color))]
                   if effect.color is not None and given("lasting_effect", "chosen_color") else []))
    libraries: dict[str, list] = {}
    for o in situation.objects:  # library order: 'position' where given, else the order of the objects
        if o.zone == "library":
            libraries.setdefault(o.owner, []).append(o)
    if ("object", "position") not in skip:
        for cards in libraries.values():
            ordered = sorted((o for o in cards if not o.bottom or ("object", "bottom") in skip),
                             key=lambda o: (o.position is None, o.position or 0))
            add("objects", [fn("library_position", S(o.id), k) for k, o in enumerate(ordered, start=1)])
    if ("object", "bottom") not in skip:  # 401.4: below the cards only counted, its place counts them
        unseen = {p.name: p.library for p in situation.players}
        for owner, cards in libraries.items():
            top = sum(not o.bottom for o in cards)
            ordered = sum(o.bottom for o in cards) == 1  # (several: in no known order, so no place is given)
            add("objects", [f for o in cards if o.bottom for f in (
                fn("library_bottom", S(o.id)),
                *([fn("library_position", S(o.id), top + unseen.get(owner, 0) + 1)] if ordered else []))])
    place = {o.id: f"objects.{i}" for i, o in enumerate(situation.objects)}
    for n, oid in enumerate(situation.stack if given("situation", "stack") else (), start=1):
        # Where the file writes the stack; otherwise (the stack is its objects in order) the object's entry.
        add(f"stack.{n - 1}" if "stack" in situation.lines else place.get(oid, "stack"), [fn("stack_position", S(oid), n)])
    for item, cards in situation.found:  # what a search found as its item began to resolve (701.23a)
        add("stack", [fn("item_searched", S(item))] + ([fn("item_declined", S(item))] if cards is None else
                                                       [fn("item_found", S(item), S(c)) for c in cards]))
    # 111.4, 111.10: the cards that describe the kinds of tokens the situation may create (by a card's own abilities,
    # or by those it grants: Spawning Grounds' land makes Beasts).
    kinds = {"clue", "food", "treasure"} | {part.value[0] for card in used_cards.values() for face in card.parts
                                            for a in with_granted(face.abilities) for part in held_parts(a.effects)
                                            if part.kind == "create_tokens"}
    if isinstance(situation.question, Happen) and situation.question.token:
        kinds.add(situation.question.token)
    for token_kind in sorted(kinds):
        card = library.token_card(token_kind)
        if card is not None and given("card", "token"):
            used_cards.setdefault(card.name, card)
            add(f"card:{card.name}", [fn("token_card", C(token_kind), S(card.name))])
    inline = {c.name for c in situation.cards}
    for name in sorted(used_cards):
        if name not in inline or given("situation", "cards"):
            add(f"card:{name}", _card_facts(used_cards[name], skip))
    changelings = sorted(c.name for c in used_cards.values() for face in c.parts for a in face.abilities
                         if a.keyword == "changeling")
    # (which subtypes are creature types: for changeling, and for kinship's "shares a creature type", 205.3m)
    kin = sorted(c.name for c in used_cards.values() for face in c.parts for a in face.abilities
                 if any(e.kind == "kinship" for e in a.effects))
    # (and amplify's "cards that share a creature type with it", 702.38a)
    amp = sorted(c.name for c in used_cards.values() for face in c.parts for a in face.abilities
                 if a.kind == "enters" and any(e.kind == "amplify" for e in a.effects))
    asking = ([changelings[0]] if changelings and given("keyword", "changeling") else []) + \
        ([kin[0]] if kin and given("effect", "kinship") else []) + ([amp[0]] if amp and given("enters", "amplify") else [])
    if asking:  # (facts of the card that asks for them)
        add(f"card:{asking[0]}", [fn("creature_type", C(t)) for t in _creature_types(used_cards.values())])
    if situation.sequence and given("situation", "actions"):
        add("question", [fn("triggers_wait")])
    if situation.orders:  # the state of a sequence of actions (613.7)
        add("objects", [fn("given_earlier", S(a), S(b)) for a, b in situation.orders])
    if situation.line_stamped_from is not None:
        add("objects", [fn("line_stamped_from", situation.line_stamped_from)])
    for item in situation.waiting:
        card, face = _source_face(situation, library, item)
        used_cards.setdefault(card.name, card)
        add("waiting", [fn("waiting_trigger", S(item.id), S(item.source),
                           ability_id(face, item.ability), S(item.controller))]
            + ([fn("trigger_object", S(item.id), S(item.that))] if item.that is not None else []))  # (its targets' filters)
    if given("situation", "question") and situation.question is not None:
        add("question", question_facts(situation, skip))
    return facts


def target_slots(situation: Situation, q: Activate | Cast) -> list[int]:
    """The numbers of the targets given, among all the targets of the ability (or spell): a modal ability's
    targets are those of its chosen modes (700.2c)."""
    ability = activated_ability(situation, q) if isinstance(q, Activate) else spell_ability(situation, q)
    if ability is None or not ability.modes or not q.modes:
        return list(range(1, len(q.targets) + 1))
    return [n for n, mode in enumerate(ability.target_modes, start=1) if mode in q.modes or mode == 0]


def printed_face(situation: Situation, obj: Any) -> CardSpec:
    """The face whose abilities an object has as printed: its face that is up, or, for a permanent that is a
    copy of a card, that card's front face (707.2)."""
    library = (situation.library or builtin_library()).with_cards(situation.cards)
    if obj.copy_of is not None and obj.zone == "battlefield":
        return library[obj.copy_of].face("front")
    return library[obj.card].face(obj.face)


def spell_ability(situation: Situation, q: Cast) -> Any:
    """The spell ability of the card a cast question casts (None for a permanent spell)."""
    obj = situation.object(q.object)
    return next(iter(printed_face(situation, obj).spell_abilities), None)


def activated_ability(situation: Situation, q: Activate) -> Any:
    """The ability an activate question names, as the card prints it (None when the encodings decide)."""
    library = (situation.library or builtin_library()).with_cards(situation.cards)
    obj = situation.object(q.object)
    if isinstance(q.ability, str) and ":" in q.ability:
        material, number = q.ability.rsplit(":", 1)
        face = library[situation.object(material).card].face("front")
        index = int(number)
    else:
        face = printed_face(situation, obj)
        printed = [i for i, a in enumerate(face.abilities, start=1) if a.kind == "activated"]
        index = q.ability if isinstance(q.ability, int) else (printed[0] if q.ability is None and len(printed) == 1
                                                              else None)
    if index is None or not 1 <= index <= len(face.abilities):
        return None
    return face.abilities[index - 1]


QUESTION_KINDS = {CouldProduce: "could_produce", Abilities: "abilities", Characteristics: "characteristics",
                  Activatable: "activatable",
                  Activate: "activate", Cast: "cast", ResolveTop: "resolve", Happen: "effect", Priority: "priority",
                  FindCards: "find",
                  PlayLand: "play", TurnFaceUp: "turn_face_up", Suspend: "suspend", DeclareAttackers: "attack",
                  DeclareBlockers: "block",
                  CombatDamage: "damage", CombatRun: "combat_run",
                  BeginUpkeep: "upkeep", BeginEndStep: "end_step", BeginEndOfCombat: "end_of_combat",
                  BeginDrawStep: "draw_step", BeginCombat: "beginning_of_combat", BeginMain: "main",
                  BeginCleanup: "cleanup", BeginUntap: "untap_step"}


#: The actions that begin a step or a phase, each a question of its own (triggers.lp).
_STEP_QUESTIONS = {BeginUpkeep: "begin_upkeep", BeginEndStep: "begin_end_step", BeginDrawStep: "begin_draw_step",
                   BeginCombat: "begin_combat", BeginMain: "begin_main_phase", BeginCleanup: "begin_cleanup",
                   BeginUntap: "begin_untap_step", BeginEndOfCombat: "begin_end_of_combat"}


def question_facts(situation: Situation, skip: frozenset[tuple[str, str]] = frozenset()) -> list[Symbol]:
    q = situation.question
    if ("question", QUESTION_KINDS[type(q)]) in skip or (isinstance(q, Happen) and ("happen", q.kind) in skip):
        return []
    if isinstance(q, CouldProduce):
        if not q.objects:
            return [fn("question", C("could_produce_all"))]
        return [fn("question", fn("could_produce", S(o))) for o in q.objects]
    if isinstance(q, Abilities):
        if not q.objects:
            return [fn("question", C("abilities_all"))]
        return [fn("question", fn("abilities", S(o))) for o in q.objects]
    if isinstance(q, Characteristics):
        if not q.objects:
            return [fn("question", C("characteristics_all"))]
        return [fn("question", fn("characteristics", S(o))) for o in q.objects]
    if isinstance(q, Activatable):
        return [fn("question", fn("activatable", S(q.player)))]
    if isinstance(q, Activate):
        obj = situation.object(q.object)
        player = q.player or obj.controller or obj.owner
        if q.ability is None or ("activate", "ability") in skip:
            selector = C("only")
        elif q.ability == "granted":
            selector = C("granted")
        elif isinstance(q.ability, str) and ":" in q.ability:
            material, number = q.ability.rsplit(":", 1)
            selector = fn("crafted", S(material), int(number))
        elif isinstance(q.ability, str):
            selector = fn("basic", C(q.ability))
        else:
            selector = fn("printed", q.ability)
        if ("activate", "object") in skip or ("activate", "player") in skip:
            return []
        symbols = [fn("question", fn("activate", S(player), S(q.object), selector))]
        if q.player is None:  # (the controller the file gives: layer 2 may say otherwise, activation.lp)
            symbols.append(fn("question_player_unnamed"))
        if q.x is not None and ("activate", "x") not in skip:
            symbols.append(fn("question_x", q.x))
        if q.resolve and ("activate", "resolve") not in skip:
            symbols.append(fn("question_resolves"))
        if q.pool_only and ("activate", "pool_only") not in skip:
            symbols.append(fn("question_pool_only"))
        slots = target_slots(situation, q)
        if ("activate", "targets") not in skip:
            symbols += [fn("question_target", n, S(t)) for n, t in zip(slots, q.targets)]
        if ("activate", "modes") not in skip:
            symbols += [fn("question_mode", m) for m in q.modes]
        if ("activate", "division") not in skip:
            symbols += [fn("question_division", n, k) for n, k in zip(slots, q.division)]
        return symbols
    if isinstance(q, Cast):
        obj = situation.object(q.object)
        if ("cast", "object") in skip or ("cast", "player") in skip:
            return []
        symbols = [fn("question", fn("cast", S(q.player or obj.player), S(q.object)))]
        if q.x is not None and ("cast", "x") not in skip:
            symbols.append(fn("question_x", q.x))
        if q.pool_only and ("cast", "pool_only") not in skip:
            symbols.append(fn("question_pool_only"))
        if q.kicked and ("cast", "kicked") not in skip:
            symbols.append(fn("question_kicked"))
        if q.times_kicked and ("cast", "times_kicked") not in skip:
            symbols.append(fn("question_times_kicked", q.times_kicked))
        if q.buyback and ("cast", "buyback") not in skip:
            symbols.append(fn("question_buyback"))
        if q.alternative_cost and ("cast", "alternative_cost") not in skip:
            symbols.append(fn("question_alternative_cost"))
        if q.evoke and ("cast", "evoke") not in skip:
            symbols.append(fn("question_evoke"))
        if q.dash and ("cast", "dash") not in skip:
            symbols.append(fn("question_dash"))
        if q.bestow and ("cast", "bestow") not in skip:
            symbols.append(fn("question_bestow"))
        if q.suspend and ("cast", "suspend") not in skip:
            symbols.append(fn("question_suspend"))
        if q.cascade and ("cast", "cascade") not in skip:
            symbols.append(fn("question_cascade"))
        if q.emerge and ("cast", "emerge") not in skip:
            symbols.append(fn("question_emerge"))
        if q.ripple and ("cast", "ripple") not in skip:
            symbols.append(fn("question_ripple"))
        if q.replicate and ("cast", "replicate") not in skip:
            symbols.append(fn("question_replicate", q.replicate))
        if q.surge and ("cast", "surge") not in skip:
            symbols.append(fn("question_surge"))
        if q.entwine and ("cast", "entwine") not in skip:
            symbols.append(fn("question_entwine"))
        if q.madness and ("cast", "madness") not in skip:
            symbols.append(fn("question_madness"))
        if q.rebound and ("cast", "rebound") not in skip:
            symbols.append(fn("question_rebound"))
        if q.face_down and ("cast", "face_down") not in skip:
            symbols.append(fn("question_face_down"))
        if q.half and ("cast", "half") not in skip:
            symbols.append(fn("question_half", C(q.half)))
        slots = target_slots(situation, q)
        if ("cast", "targets") not in skip:
            symbols += [fn("question_target", n, S(t)) for n, t in zip(slots, q.targets)]
        if ("cast", "modes") not in skip:
            symbols += [fn("question_mode", m) for m in q.modes]
        if ("cast", "division") not in skip:
            symbols += [fn("question_division", n, k) for n, k in zip(slots, q.division)]
        return symbols
    if isinstance(q, ResolveTop):
        return [fn("question", C("resolve_top"))]
    if isinstance(q, FindCards):
        return [fn("question", C("find_cards"))]
    if isinstance(q, Priority):
        return [fn("question", C("priority"))] + ([C("stack_resolves_uninterrupted")] if q.uninterrupted else [])
    if isinstance(q, PlayLand):
        obj = situation.object(q.object)
        return [fn("question", fn("play", S(q.player or obj.player), S(q.object)))]
    if isinstance(q, TurnFaceUp):
        obj = situation.object(q.object)
        return [fn("question", fn("turn_face_up", S(q.player or obj.controller or obj.owner), S(q.object)))]
    if isinstance(q, Suspend):
        obj = situation.object(q.object)
        return [fn("question", fn("suspend", S(q.player or obj.owner), S(q.object)))]
    if isinstance(q, DeclareAttackers):
        if q.attacks is None:
            return [fn("question", fn("declare_attackers", C("open")))]
        return [fn("question", fn("declare_attackers", C("given")))] + \
            [fn("question_attack", S(a), S(t)) for a, t in q.attacks]
    if isinstance(q, DeclareBlockers):
        if q.blocks is None:
            return [fn("question", fn("declare_blockers", C("open")))]
        return [fn("question", fn("declare_blockers", C("given")))] + \
            [fn("question_block", S(b), S(a)) for b, a in q.blocks]
    if isinstance(q, CombatDamage):
        return [fn("question", C("combat_damage"))]
    if isinstance(q, CombatRun):
        return [fn("question", C("combat_run")), fn("run_attack", q.attack), fn("run_block", q.block)] + \
            [fn("run_damage", k, n) for n, k in enumerate(q.damage, start=1)] + \
            ([C("run_attacks_given")] + [fn("run_given_attack", S(a), S(t)) for a, t in q.attacks]
             if q.attacks is not None else []) + \
            ([C("run_blocks_given")] + [fn("run_given_block", S(b), S(a)) for b, a in q.blocks]
             if q.blocks is not None else [])
    if type(q) in _STEP_QUESTIONS:
        return [fn("question", C(_STEP_QUESTIONS[type(q)]))]
    if isinstance(q, Happen):
        if q.kind == "put_counters":
            symbols = [fn("question", fn("effect", fn("put_counters", S(q.object), C(q.counter), q.count)))]
            if q.instead is not None:
                symbols.append(fn("question_instead", q.instead))
            return symbols
        if q.kind == "create_tokens":
            kind_term = fn("copy", S(q.object)) if q.object is not None else C(q.token)
            return [fn("question", fn("effect", fn("create_tokens", S(q.player), kind_term, q.count)))]
        if q.kind == "enter":
            return [fn("question", fn("effect", fn("enter", S(q.object), S(q.player))))]
        return [fn("question", fn("effect", fn("to_graveyard", S(q.object))))]
    raise TypeError(q)  # pragma: no cover
