"""A situation -> ASP facts, built as clingo symbols.

User text (ids, card names) only ever becomes ``clingo.String`` values: a card named
``x). #script (python) ...`` is just a name. Each fact is paired with the path of the situation
value it came from, so explanations can point back at the file and line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Iterator

from clingo import Function, Number, String, Symbol

from .cards import AbilitySpec, CardLibrary, CardSpec, Effect, Filter, builtin_library
from .errors import UnsupportedError
from .model import Activatable, Activate, Cast, CouldProduce, Happen, ResolveTop, Situation


@dataclass(frozen=True)
class Fact:
    symbol: Symbol
    origin: str  # dotted path into the situation ("objects.2"), or "card:<name>"


def _f(name: str, *args: Symbol | str | int) -> Symbol:
    return Function(name, [_term(a) for a in args])


def _term(value: Symbol | str | int) -> Symbol:
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError("booleans are not terms")
    if isinstance(value, int):
        return Number(value)
    raise TypeError(f"use S() or C() for text, not {value!r}")


@lru_cache(maxsize=65536)
def S(text: str) -> Symbol:
    """A user-given text (id, name) as a clingo string."""
    return String(text)


@lru_cache(maxsize=1024)
def C(name: str) -> Symbol:
    """One of pyrules' own constants (zones, types, keywords): never user text."""
    return Function(name)


_MANA_SYMBOLS = {"generic": C("generic"), "x": C("x"), "snow": C("snow")}


def mana_symbol(key: str) -> Symbol:
    """A mana-cost key from :func:`pyrules.cards.parse_mana` as a term."""
    if key in _MANA_SYMBOLS:
        return _MANA_SYMBOLS[key]
    if "_" in key:
        a, b = key.split("_")
        if b == "p":
            return _f("phyrexian", C(a))
        return _f("hybrid", Number(2) if a == "2" else C(a), C(b))
    return C(key)


def ability_id(card: str, index: int) -> Symbol:
    return _f("ab", S(card), index)


def card_facts(card: CardSpec) -> Iterator[Symbol]:
    name = S(card.name)
    for face_name, face in zip(("front", "back"), card.faces):
        yield _f("card_face", name, C(face_name), S(face.name))
        yield from card_facts(face)
    for t in card.types:
        yield _f("card_type", name, C(t))
    for t in card.supertypes:
        yield _f("card_supertype", name, C(t))
    for t in card.subtypes:
        yield _f("card_subtype", name, C(t))
    for sym, n in card.mana_cost:
        yield _f("card_mana_cost", name, mana_symbol(sym), n)
    for col in card.colors or ():
        yield _f("card_color_indicator", name, C(col))
    for attr in ("power", "toughness", "loyalty"):
        value = getattr(card, attr)
        if value is not None:
            yield _f(f"card_{attr}", name, value)
    for i, ability in enumerate(card.abilities, start=1):
        yield from ability_facts(card.name, i, ability)


def filter_facts(fid: Symbol, flt: Filter) -> Iterator[Symbol]:
    yield _f("filter", fid)
    for t in flt.types:
        yield _f("filter_type", fid, C(t))
    for t in flt.subtypes:
        yield _f("filter_subtype", fid, C(t))
    for t in flt.supertypes:
        yield _f("filter_supertype", fid, C(t))
    if flt.nonbasic:
        yield _f("filter_nonbasic", fid)
    if flt.nonland:
        yield _f("filter_nonland", fid)
    if flt.controller != "any":
        yield _f("filter_controller", fid, C(flt.controller))
    if flt.enchanted:
        yield _f("filter_enchanted", fid)
    if flt.other:
        yield _f("filter_other", fid)
    for t in flt.any_types:
        yield _f("filter_any_type", fid, C(t))
    if flt.chosen_subtype:
        yield _f("filter_chosen_subtype", fid)
    if flt.owner != "any":
        yield _f("filter_owner", fid, C(flt.owner))
    if flt.counter:
        yield _f("filter_counter", fid, C(flt.counter))
    if flt.nontoken:
        yield _f("filter_nontoken", fid)


def ability_facts(card: str, index: int, ability: AbilitySpec, d: Symbol | None = None) -> Iterator[Symbol]:
    if ability.kind == "keyword":
        yield _f("card_keyword", S(card), C(ability.keyword))
        return
    d = d if d is not None else ability_id(card, index)
    yield _f("ability", d, C(ability.kind))
    for cost in ability.costs:
        if cost.kind == "mana":
            for sym, n in cost.mana:
                yield _f("ability_cost", d, _f("mana", mana_symbol(sym), n))
        elif cost.kind in ("pay_life", "loyalty"):
            yield _f("ability_cost", d, _f(cost.kind, cost.amount))
        elif cost.kind in ("remove_counters", "put_counters"):
            yield _f("ability_cost", d, _f(cost.kind, C(cost.counter), cost.amount))
        elif cost.kind == "sacrifice":
            fid = _f("flt", d, C("cost"))
            yield from filter_facts(fid, cost.filter)
            yield _f("ability_cost", d, _f("sacrifice", fid))
        else:
            yield _f("ability_cost", d, C(cost.kind))
    if ability.kind == "replacement":
        yield _f("ability_event", d, C(ability.event))
        modify = ability.effects[0]
        if modify.kind in ("multiply", "plus"):
            yield _f("ability_modify", d, _f(modify.kind, modify.amount))
        elif modify.kind == "each_of":
            yield _f("ability_modify", d, C("each_of"))
            for kind in modify.options:
                yield _f("ability_modify_option", d, C(kind))
        elif modify.kind == "exile_instead":
            yield _f("ability_modify", d, C("exile_instead"))
        elif modify.kind == "plus_counter":
            yield _f("ability_modify", d, _f("plus_counter", C(modify.counter), modify.amount))
        elif modify.kind == "copy_of":
            fid = _f("flt", d, C("copy"))
            yield from filter_facts(fid, modify.filter)
            yield _f("ability_modify", d, _f("copy_of", fid))
        else:
            yield _f("ability_modify", d, _f(modify.kind, C(modify.options[0])))
    else:
        for j, effect in enumerate(ability.effects, start=1):
            yield from _effect_facts(d, j, effect)
    if ability.kind == "triggered":
        yield _f("ability_trigger", d, C(ability.trigger))
    if ability.kind == "static":
        if ability.static == "grant":
            g = _f("gr", d)
            yield from ability_facts(card, index, ability.granted, g)
            yield _f("ability_static", d, _f("grant", g))
        elif ability.static == "is_chosen_type":
            yield _f("ability_static", d, C("is_chosen_type"))
        elif ability.static == "spend_as":
            yield _f("ability_static", d, _f("spend_as", S(ability.value)))
        elif ability.static == "modify_pt":
            p, t = ability.value.split("/")
            yield _f("ability_static", d, _f("modify_pt", int(p), int(t)))
        else:
            yield _f("ability_static", d, _f(ability.static, C(ability.value)))
    if ability.filter is not None:
        fid = _f("flt", d, 0)
        yield from filter_facts(fid, ability.filter)
        yield _f("ability_filter", d, fid)
    if ability.lasting:
        yield _f("ability_lasting", d, C(ability.lasting))
    if ability.limit:
        yield _f("ability_limit", d, C(ability.limit))
    if ability.timing:
        yield _f("ability_timing", d, C(ability.timing))
    for rider in ability.riders:
        yield _f("ability_rider", d, C(rider))


def _effect_facts(d: Symbol, j: int, effect: Effect) -> Iterator[Symbol]:
    if effect.kind == "add":
        for t, n in effect.mana:
            yield _f("ability_effect", d, j, _f("add", C(t), n))
    elif effect.kind == "add_one_of":
        yield _f("ability_effect", d, j, C("add_one_of"))
        for t in effect.options:
            yield _f("ability_effect_option", d, j, C(t))
    elif effect.kind == "sacrifice_unless_sacrifice":
        fid = _f("flt", d, _f("eff", j))
        yield from filter_facts(fid, effect.filter)
        yield _f("ability_effect", d, j, _f(effect.kind, fid))
    elif effect.kind in ("add_could_produce", "add_color_of"):
        fid = _f("flt", d, _f("eff", j))
        yield from filter_facts(fid, effect.filter)
        args = (fid, C(effect.range)) if effect.kind == "add_could_produce" else (fid,)
        yield _f("ability_effect", d, j, _f(effect.kind, *args))
    elif effect.kind == "add_sacrificed":
        yield _f("ability_effect", d, j, _f("add_sacrificed", C(effect.range)))
    elif effect.kind in ("land_doesnt_untap", "enters_tapped", "choose_color", "choose_creature_type", "return_exiled",
                         "exile_all_graveyards", "fetch_partner"):
        yield _f("ability_effect", d, j, C(effect.kind))
    elif effect.kind == "exile_target":
        fid = _f("flt", d, _f("eff", j))
        yield from filter_facts(fid, effect.filter)
        yield _f("ability_effect", d, j, _f(effect.kind, fid))
    elif effect.kind == "discard_rounds":
        yield _f("ability_effect", d, j, _f(effect.kind, effect.amount, int(effect.counter)))
    elif effect.kind == "each_opponent_sacrifices_greatest_power":
        yield _f("ability_effect", d, j, C(effect.kind))
    elif effect.kind == "put_counters_self":
        yield _f("ability_effect", d, j, _f(effect.kind, C(effect.counter), effect.amount))
    elif effect.kind == "create_tokens":
        per = C(effect.counter) if effect.counter else C("none")
        yield _f("ability_effect", d, j, _f(effect.kind, C(effect.options[0]), effect.amount, per))
    elif effect.kind in ("sacrifice_if_no_counters",):
        yield _f("ability_effect", d, j, _f(effect.kind, C(effect.counter)))
    elif effect.kind == "enters_with_counters":
        amount = C("x") if effect.amount < 0 else Number(effect.amount)
        yield _f("ability_effect", d, j, _f(effect.kind, C(effect.counter), amount))
    else:
        yield _f("ability_effect", d, j, _f(effect.kind, effect.amount))


def situation_facts(situation: Situation, library: CardLibrary | None = None) -> list[Fact]:
    """Every fact describing ``situation`` (and the cards it uses), in a deterministic order."""
    library = (library or situation.library or builtin_library()).with_cards(situation.cards)
    facts: list[Fact] = []

    def add(origin: str, symbols: Iterable[Symbol]) -> None:
        facts.extend(Fact(s, origin) for s in symbols)

    for i, p in enumerate(situation.players, start=1):
        path = f"players.{i - 1}"
        add(path, [_f("player", S(p.name)), _f("seat", S(p.name), i), _f("initial_life", S(p.name), p.life)])
        add(path, [_f("initial_pool", S(p.name), C(t), n) for t, n in sorted(p.mana_pool.items()) if n])
    add("active", [_f("active_player", S(situation.active_player))])
    add("priority", [_f("priority", S(situation.priority_player))])
    add("turn", [_f("turn", situation.turn)])
    add("phase", [_f("phase", C(situation.phase))])
    if situation.step:
        add("step", [_f("step", C(situation.step))])

    used_cards: dict[str, CardSpec] = {}
    for i, o in enumerate(situation.objects):
        path = f"objects.{i}"
        oid = S(o.id)
        card = library[o.card]
        used_cards[card.name] = card
        symbols = [_f("object", oid), _f("card", oid, S(card.name)), _f("owner", oid, S(o.owner)),
                   _f("initial_zone", oid, C(o.zone))]
        if o.controller is not None:
            symbols.append(_f("initial_controller", oid, S(o.controller)))
        if o.tapped:
            symbols.append(_f("initial_tapped", oid))
        if not o.since_turn_start:
            symbols.append(_f("new_to_controller", oid))
        symbols += [_f("initial_counters", oid, C(k), n) for k, n in sorted(o.counters.items())]
        if o.token:
            symbols.append(_f("token", oid))
        if card.is_double_faced:
            symbols.append(_f("face", oid, C(o.face)))
        symbols += [_f("gained_keyword", oid, C(k)) for k in o.keywords]
        face = card.faces[1 if o.face == "back" else 0] if card.is_double_faced else card
        for index, n in sorted(o.used_this_turn.items()):
            symbols.append(_f("used_this_turn", oid, ability_id(face.name, index), n))
        if o.loyalty_activated:
            symbols.append(_f("loyalty_activated", oid))
        if o.x is not None:
            symbols.append(_f("object_x", oid, o.x))
        if o.attached_to is not None:
            symbols.append(_f("attached_to", oid, S(o.attached_to)))
        if o.chosen_color is not None:
            symbols.append(_f("chosen_color", oid, C(o.chosen_color)))
        symbols += [_f("target", oid, S(t)) for t in o.targets]
        if o.chosen_type is not None:
            symbols.append(_f("chosen_subtype", oid, C(o.chosen_type)))
        if any(a.kind == "static" for a in face.abilities):  # timestamps order static effects (613.7)
            symbols.append(_f("timestamp", oid, i + 1))
        add(path, symbols)
    for k, effect in enumerate(situation.effects):
        card = library[effect.card]
        used_cards[card.name] = card
        eid = _f("effect", S(f"effects.{k}"))
        add(f"effects.{k}", [_f("lasting_effect", eid, ability_id(card.name, effect.ability), S(effect.controller)),
                             _f("timestamp", eid, len(situation.objects) + k + 1)])
    library = {}
    for o in situation.objects:  # library order: 'position' where given, else the order of the objects
        if o.zone == "library":
            library.setdefault(o.owner, []).append(o)
    for owner, cards in library.items():
        ordered = sorted(cards, key=lambda o: (o.position is None, o.position or 0))
        add("objects", [_f("library_position", S(o.id), k) for k, o in enumerate(ordered, start=1)])
    for n, oid in enumerate(situation.stack, start=1):
        add("stack", [_f("stack_position", S(oid), n)])
    for name in sorted(used_cards):
        add(f"card:{name}", card_facts(used_cards[name]))
    add("question", question_facts(situation))
    return facts


def question_facts(situation: Situation) -> list[Symbol]:
    q = situation.question
    if isinstance(q, CouldProduce):
        if not q.objects:
            return [_f("question", C("could_produce_all"))]
        return [_f("question", _f("could_produce", S(o))) for o in q.objects]
    if isinstance(q, Activatable):
        return [_f("question", _f("activatable", S(q.player)))]
    if isinstance(q, Activate):
        obj = situation.object(q.object)
        player = q.player or obj.controller or obj.owner
        if q.ability is None:
            selector = C("only")
        elif q.ability == "granted":
            selector = C("granted")
        elif isinstance(q.ability, str):
            selector = _f("basic", C(q.ability))
        else:
            selector = _f("printed", q.ability)
        symbols = [_f("question", _f("activate", S(player), S(q.object), selector))]
        if q.x is not None:
            symbols.append(_f("question_x", q.x))
        if q.resolve:
            symbols.append(_f("question_resolves"))
        if q.targets:
            raise UnsupportedError(situation.where("question.activate.targets"), "abilities with targets")
        return symbols
    if isinstance(q, Cast):
        obj = situation.object(q.object)
        where = situation.where("question.cast")
        if q.modes:
            raise UnsupportedError(where, "modal spells")
        if q.targets:
            raise UnsupportedError(where, "casting spells with targets")
        symbols = [_f("question", _f("cast", S(q.player or obj.owner), S(q.object)))]
        if q.x is not None:
            symbols.append(_f("question_x", q.x))
        return symbols
    if isinstance(q, ResolveTop):
        return [_f("question", C("resolve_top"))]
    if isinstance(q, Happen):
        if q.kind == "put_counters":
            symbols = [_f("question", _f("effect", _f("put_counters", S(q.object), C(q.counter), q.count)))]
            if q.instead is not None:
                symbols.append(_f("question_instead", q.instead))
            return symbols
        if q.kind == "create_tokens":
            kind = _f("copy", S(q.object)) if q.object is not None else C(q.token)
            return [_f("question", _f("effect", _f("create_tokens", S(q.player), kind, q.count)))]
        if q.kind == "enter":
            return [_f("question", _f("effect", _f("enter", S(q.object), S(q.player))))]
        return [_f("question", _f("effect", _f("to_graveyard", S(q.object))))]
    raise TypeError(q)  # pragma: no cover
