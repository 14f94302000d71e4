"""Cards as data: card definitions, their abilities in the template vocabulary, and the built-in library.

A card is a :class:`CardSpec`: characteristics plus a tuple of :class:`AbilitySpec`. Every template
an ability may use is a kind of :mod:`pyrules.vocabulary`, which says how it is written, where it
may appear and what it becomes; this module only walks a card's YAML and asks the vocabulary.
Anything outside the vocabulary is refused with ``unsupported: ...`` when the card is read, never
ignored. The built-in library lives in ``pyrules/data/cards.yaml``.
"""

from __future__ import annotations

import difflib
from collections import ChainMap
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

from pyrules.base.document import Field, load_document
from pyrules.base.errors import InputError, UnsupportedError
from pyrules.vocabulary import Filter, FilterShape, TargetSpec, find, kind, names, targets_of
from pyrules.vocabulary.shapes import name_token
from pyrules.vocabulary.templates import add_ways
from pyrules.vocabulary.values import (
    BASIC_LAND_TYPES,
    CARD_TYPES,
    COLOR_NAMES,
    LAND_TYPES,
    SUPERTYPES,
    mana_text,
    parse_mana,
)

__all__ = ["AbilitySpec", "CardLibrary", "CardSpec", "Part", "builtin_library", "mana_text", "name_token", "parse_ability",
           "parse_card", "parse_cards", "parse_mana", "BASIC_LAND_TYPES", "CARD_TYPES", "COLOR_NAMES", "LAND_TYPES",
           "SUPERTYPES", "KEYWORDS"]

#: The keywords the vocabulary knows (each with its own status).
KEYWORDS = names("keyword")


@dataclass(frozen=True)
class Part:
    """One template in an ability: a cost, an effect, an enters instruction, a modification or a
    static effect. ``kind`` is its name in its family of the vocabulary; ``value`` what the card
    gives it (its shape's parsed value)."""

    kind: str
    value: Any = True


@dataclass(frozen=True)
class AbilitySpec:
    """An ability printed on a card (or granted by one). ``kind``: activated, keyword, triggered,
    replacement, static, enters (how the permanent itself enters, CR 614.1c) or spell."""

    kind: str
    costs: tuple[Part, ...] = ()
    effects: tuple[Part, ...] = ()  # instructions in order (for an enters ability: what it does)
    keyword: str = ""
    trigger: str = ""  # triggered: the event
    event: str = ""  # replacement: the event it modifies
    modify: Part | None = None  # replacement: what it does to the event
    static: Part | None = None  # static: the effect
    filter: Filter | None = None  # triggered/replacement/static: the objects concerned
    lasting: str = ""  # created by a resolved spell or ability, lasting this long
    applies_to: str = ""  # a counters replacement: "effects" if it applies only to counters an effect puts
    limit: str = ""  # activated: once_each_turn
    timing: str = ""  # activated: sorcery
    riders: tuple[str, ...] = ()  # activated mana abilities: restrictions on spending the mana (106.6)
    modes: tuple[int, ...] = ()  # a modal ability: the mode (from 1) of each instruction (700.2)
    zone: str = ""  # activated: the zone it works from, when not the battlefield (cycling: hand, 113.6)
    only_if: tuple = ()  # activated: conditions of "activate only if" (602.5b)
    spend_effect: str = ""  # activated mana abilities: what the mana does to the spell it pays for (106.6)
    conditions: tuple[str, ...] = ()  # a spell: the condition of each instruction ("" or "kicked", 702.33d)
    line: str = ""  # unsupported: the line of rules text that no template fits, as printed

    @property
    def targets(self) -> tuple[TargetSpec, ...]:
        """Each use of the word "target" in its instructions, in order (115.1)."""
        if self.kind == "enters":
            return ()
        return tuple(t for e in self.effects for t in targets_of(kind("effect", e.kind), e.value))

    @property
    def target_modes(self) -> tuple[int, ...]:
        """For each target, the mode of the instruction that says it (0 for an ability without modes)."""
        if self.kind == "enters":
            return ()
        modes = self.modes or (0,) * len(self.effects)
        return tuple(m for e, m in zip(self.effects, modes) for _ in targets_of(kind("effect", e.kind), e.value))

    @property
    def divided(self) -> bool:
        """Whether its instructions divide damage among a number of targets chosen as it is activated (601.2d)."""
        return any(e.kind == "damage_divided" for e in self.effects)

    @property
    def text(self) -> str:
        if self.kind == "unsupported":
            return self.line
        if self.kind == "keyword":
            return self.keyword.replace("_", " ").capitalize()
        if self.kind == "activated" and self.keyword:
            return f"{self.keyword.capitalize()} {mana_text(self.costs[0].value)}"
        if self.kind == "activated":
            costs = ", ".join(kind("cost", c.kind).render(c.value) for c in self.costs)
            return f"{costs}: {'. '.join(kind('effect', e.kind).render(e.value) for e in self.effects)}"
        return f"{self.kind} ({self.trigger or self.event or (self.static.kind if self.static else '')})"


# --------------------------------------------------------------------------------------------
# Parsing abilities
# --------------------------------------------------------------------------------------------
def _single(f: Field, what: str, family: str) -> tuple[str, Field]:
    """A mapping with exactly one key, naming a kind of ``family``."""
    if not isinstance(f.value, dict) or len(f.value) != 1:
        raise f.fail(f"{f.name} must be one {what} such as {_EXAMPLES[family]}")
    (key, sub), = f.items()
    if find(family, key) is None:
        label = "ability kind" if family == "ability" else what
        plural = "kinds" if family == "ability" else f"{what}s"
        raise UnsupportedError(sub.where, f"{label} '{key}' (known {plural}: {', '.join(names(family))})")
    return key, sub


_EXAMPLES = {"effect": "{add: '{G}'}", "cost": "'{T}'", "modification": "{multiply: 2}",
             "ability": "'activated: {...}' or 'keyword: haste'"}


def _parse_costs(f: Field) -> tuple[Part, ...]:
    if isinstance(f.value, str):  # "{1}, {T}"
        costs: list[Part] = []
        for part in (p.strip() for p in f.value.split(",")):
            if part.upper() in ("{T}", "{Q}"):
                costs.append(Part(part.upper()))
            else:
                costs.append(Part("mana", kind("cost", "mana").shape.parse(Field(part, f.path, f.source, f.lines))))
        return tuple(costs)
    if isinstance(f.value, list):
        return tuple(c for item in f.elements() for c in _parse_costs(item))
    if isinstance(f.value, dict):
        key, sub = _single(f, "cost", "cost")
        return (Part(key, kind("cost", key).shape.parse(sub)),)
    raise f.fail(f"{f.name} must be a cost such as '{{T}}' or a list of costs")


def _parse_effects(f: Field, contexts: set[str], where: str) -> tuple[Part, ...]:
    """The instructions of an ability, each allowed in one of ``contexts``."""
    if isinstance(f.value, list):
        return tuple(e for item in f.elements() for e in _parse_effects(item, contexts, where))
    key, sub = _single(f, "effect", "effect")
    k = kind("effect", key)
    if not k.contexts & contexts:
        raise UnsupportedError(f.where, f"effect '{key}' in {where}")
    return (Part(key, k.shape.parse(sub)),)


_CHOSEN_MANA = {"add_one_of", "add_any_color", "add_any_combination", "add_combination", "add_could_produce", "add_color_of",
                "add_produced_type", "add_chosen_color", "add_power", "add_for_each"}


def _check_mana_effects(effects: tuple[Part, ...], f: Field) -> None:
    chosen = [e for e in effects if e.kind in _CHOSEN_MANA or (e.kind == "add" and len(add_ways(e.value)) > 1)]
    fixed = [e for e in effects if e.kind == "add" and len(add_ways(e.value)) == 1]
    if len(chosen) > 1 or (chosen and fixed):
        raise UnsupportedError(f.where, "an ability that adds mana in more than one instruction with a choice")


def _options(body: Field, ability: str) -> dict[str, Any]:
    out = {}
    for name in names("option"):
        child = body.child(name)
        if child.present:
            k = kind("option", name)
            if ability not in k.contexts:
                raise body.child(name).fail(f"'{name}' is not an option of a {ability} ability")
            out[name] = k.shape.parse(child)
    return out


def _filter(body: Field, use: str) -> Filter:
    f = body.child("filter")
    return FilterShape(use).parse(f) if f.present else Filter({})


def parse_ability(f: Field) -> AbilitySpec:
    key, body = _single(f, "ability", "ability")
    if key == "keyword":
        name = body.text().lower().replace(" ", "_")
        if find("keyword", name) is None:
            raise UnsupportedError(body.where, f"keyword '{name}' (known keywords: {', '.join(KEYWORDS)})")
        return AbilitySpec("keyword", keyword=name)
    if key in ("cycling", "equip", "craft"):
        return _keyword_ability(key, body)
    if key == "unsupported":  # a line no template fits: kept, and refused where the card is used
        line = body.text()
        if not line.strip():
            raise body.fail("an unsupported line needs its text")
        return AbilitySpec("unsupported", line=line)
    if key == "activated":
        body.only_keys({"cost", "effect", "modes"} | set(names("option")))
        costs = _parse_costs(body.child("cost"))
        if body.child("modes").present == body.child("effect").present:
            raise body.fail("an activated ability has either 'effect' or 'modes' (a modal ability, 700.2)")
        modes: tuple[int, ...] = ()
        if body.child("modes").present:
            listed = list(body.child("modes").elements())
            if len(listed) < 2:
                raise body.child("modes").fail("a modal ability has at least two modes (700.2)")
            parsed = [_parse_effects(m, {"activated"}, "an activated ability") for m in listed]
            effects = tuple(e for mode in parsed for e in mode)
            modes = tuple(i for i, mode in enumerate(parsed, start=1) for _ in mode)
        else:
            effects = _parse_effects(body.child("effect"), {"activated"}, "an activated ability")
        _check_mana_effects(effects, body.child("effect"))
        if any(e.kind == "add_could_produce" and e.value[0] == "sacrificed" for e in effects) and not any(
                c.kind == "sacrifice" and c.value != "self" for c in costs):
            raise body.child("effect").fail("'of: sacrificed' needs a cost that sacrifices a permanent")
        x_costs = [c for c in costs if (c.kind == "remove_counters" and c.value[1] == "x")
                   or (c.kind == "mana" and any(s == "x" for s, _ in c.value))]
        if any(e.kind == "add_combination" and e.value[0] == "x" for e in effects) and not x_costs:
            raise body.child("effect").fail("X mana needs a cost with X in it: {X}, or removing X counters (107.3)")
        options = _options(body, "activated")
        spending = [k for k in ("spend_only", "spend_effect") if k in options]
        if spending and not any(e.kind.startswith("add") for e in effects):
            raise body.child(spending[0]).fail(f"'{spending[0]}' is about the mana an ability adds, and this one adds none")
        timing = options.get("timing", "")
        if any(c.kind == "loyalty" for c in costs):
            timing = "sorcery"  # 606.3: loyalty abilities only at sorcery speed
        return AbilitySpec("activated", costs=costs, effects=effects, limit=options.get("limit", ""),
                           timing="" if timing == "instant" else timing, riders=options.get("spend_only", ()),
                           modes=modes, spend_effect=options.get("spend_effect", ""), only_if=options.get("only_if", ()))
    if key == "triggered":
        body.only_keys({"when", "filter", "effect", "lasting"})
        when = body.child("when").choice(names("trigger"))
        effects = _parse_effects(body.child("effect"), {"triggered", when}, f"a '{when}' triggered ability")
        _check_mana_effects(effects, body.child("effect"))
        # Without a filter, a trigger is about the object itself ("when this enters").
        flt = FilterShape("objects").parse(body.child("filter")) if body.child("filter").present else None
        return AbilitySpec("triggered", trigger=when, filter=flt, effects=effects,
                           lasting=_options(body, "triggered").get("lasting", ""))
    if key == "replacement":
        body.only_keys({"event", "filter", "modify", "lasting", "applies_to"})
        event = body.child("event").choice(names("replacement_event"))
        mod_key, mod = _single(body.child("modify"), "modification", "modification")
        modification = kind("modification", mod_key)
        if event not in modification.contexts:
            raise UnsupportedError(body.child("modify").where, f"modification '{mod_key}' of a '{event}' event")
        use = "counters" if event == "counters" else "objects"
        options = _options(body, "replacement")
        if "applies_to" in options and event != "counters":
            raise body.child("applies_to").fail("'applies_to' is for a 'counters' replacement: counters may be put as "
                                                "a cost, while every other event is an effect's")
        return AbilitySpec("replacement", event=event, filter=_filter(body, use),
                           modify=Part(mod_key, modification.shape.parse(mod)), lasting=options.get("lasting", ""),
                           applies_to=options.get("applies_to", ""))
    if key == "static":
        statics = names("static")
        body.only_keys(set(statics) | {"filter", "lasting"})
        present = [k for k in statics if body.child(k).present]
        if len(present) != 1:
            raise body.fail(f"a static ability has exactly one of: {', '.join(statics)}")
        which = present[0]
        return AbilitySpec("static", static=Part(which, kind("static", which).shape.parse(body.child(which))),
                           filter=_filter(body, "static"), lasting=_options(body, "static").get("lasting", ""))
    if key == "spell":  # the instructions of an instant or sorcery (CR 113.3a)
        body.only_keys({"effect", "kicked_effect"})
        effects = _parse_effects(body.child("effect"), {"spell"}, "a spell ability")
        if not body.child("kicked_effect").present:
            return AbilitySpec("spell", effects=effects)
        kicked = _parse_effects(body.child("kicked_effect"), {"spell"}, "a spell ability")
        if any(targets_of(kind("effect", e.kind), e.value) for e in kicked):
            raise UnsupportedError(body.child("kicked_effect").where, "a target that only a kicked spell has")
        return AbilitySpec("spell", effects=effects + kicked, conditions=("",) * len(effects) + ("kicked",) * len(kicked))
    if key == "kicker":  # 702.33a
        return AbilitySpec("kicker", costs=(Part("mana", kind("cost", "mana").shape.parse(body)),))
    if key in ("additional_cost", "alternative_cost"):  # 118.8, 118.9
        costs = _parse_costs(body)
        for cost, item in zip(costs, body.elements() if isinstance(body.value, list) else [body] * len(costs)):
            if cost.kind not in ("mana", "pay_life", "sacrifice") or cost.value == "self":
                raise UnsupportedError(item.where, f"cost '{cost.kind}' as a spell's {key.replace('_', ' ')}")
        return AbilitySpec(key, costs=costs)
    # enters: how the permanent itself enters
    enters = names("enters")
    body.only_keys(set(enters))
    parts = tuple(Part(k, kind("enters", k).shape.parse(body.child(k))) for k in enters if body.child(k).present
                  and body.child(k).value is not False)
    if not parts:
        raise body.fail(f"'enters' needs one of: {', '.join(enters)}")
    return AbilitySpec("enters", effects=parts)


def _keyword_ability(key: str, body: Field) -> AbilitySpec:
    """Activated keyword abilities (113.3b): the ability their reminder text says, with the keyword's name."""
    if key in ("cycling", "equip"):
        mana = Part("mana", kind("cost", "mana").shape.parse(body))
        if key == "cycling":  # 702.29a: "[Cost], Discard this card: Draw a card", from the hand
            return AbilitySpec("activated", costs=(mana, Part("discard", "self")), effects=(Part("draw", 1),),
                               keyword="cycling", zone="hand")
        # 702.6a: "[Cost]: Attach to target creature you control. Equip only as a sorcery."
        return AbilitySpec("activated", costs=(mana,), keyword="equip", timing="sorcery",
                           effects=(Part("attach_target", Filter({"types": ("creature",), "controller": "you"})),))
    # 702.167a: "[Cost], Exile this permanent, Exile [materials]: Return this card to the battlefield
    # transformed under its owner's control. Activate only as a sorcery."
    cost, materials = kind("ability", "craft").shape.parse(body)
    return AbilitySpec("activated", costs=(Part("mana", cost), Part("exile", "self"), Part("exile_materials", materials)),
                       effects=(Part("return_transformed"),), keyword="craft", timing="sorcery")


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardSpec:
    """A card, or one face of a double-faced card."""

    name: str
    mana_cost: tuple[tuple[str, int], ...] = ()
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None  # color indicator; None = from the mana cost
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    abilities: tuple[AbilitySpec, ...] = ()
    faces: tuple[CardSpec, ...] = ()  # (front, back) for a double-faced card
    token: str = ""  # the kind of tokens this card describes (111.4), such as thopter

    @property
    def is_double_faced(self) -> bool:
        return bool(self.faces)

    def face(self, which: str) -> CardSpec:
        """The face that is up (``front`` or ``back``); a card that is not double-faced is its own face."""
        if not self.faces:
            return self
        return self.faces[1 if which == "back" else 0]


def parse_card(f: Field, *, face: bool = False) -> CardSpec:
    f.mapping()
    f.only_keys(set(names("card")))
    name = f.child("name").text()
    if not name.strip():
        raise f.child("name").fail("a card name cannot be empty")
    faces: tuple[CardSpec, ...] = ()
    if f.child("faces").present:
        if face:
            raise f.child("faces").fail("a face cannot have faces of its own")
        faces = tuple(parse_card(x, face=True) for x in f.child("faces").elements())
        if len(faces) != 2:
            raise f.child("faces").fail("a double-faced card has exactly two faces: front and back")

    def values(key: str) -> tuple:
        child = f.child(key)
        return kind("card", key).shape.parse(child) if child.present else ()

    types = values("types")
    if not types and not faces:
        raise f.fail(f"card '{name}' needs at least one card type")
    colors = tuple(sorted(set(values("colors")))) if f.child("colors").present else None
    cost_field = f.child("cost")
    abilities = tuple(parse_ability(a) for a in f.child("abilities").elements()) if f.child("abilities").present else ()
    if any("kicked" in a.conditions for a in abilities) and not any(a.kind == "kicker" for a in abilities):
        raise f.child("abilities").fail(f"card '{name}' has a kicked_effect but no kicker (702.33)")
    return CardSpec(
        name=name,
        mana_cost=parse_mana(cost_field.value, cost_field) if cost_field.present else (),
        types=types,
        supertypes=values("supertypes"),
        subtypes=values("subtypes"),
        colors=colors,
        power=f.child("power").integer(default=None),
        toughness=f.child("toughness").integer(default=None),
        loyalty=f.child("loyalty").integer(default=None, minimum=0),
        abilities=abilities,
        faces=faces,
        token=values("token") if f.child("token").present else "",
    )


@dataclass(frozen=True)
class CardLibrary:
    """Card definitions by name: the built-in library, plus any cards a situation defines."""

    cards: Mapping[str, CardSpec] = field(default_factory=dict)

    def __contains__(self, name: str) -> bool:
        return name in self.cards

    def __getitem__(self, name: str) -> CardSpec:
        return self.cards[name]

    def __len__(self) -> int:
        return len(self.cards)

    def names(self) -> list[str]:
        return sorted(self.cards)

    def lookup(self, name: str, where: str) -> CardSpec:
        """The card called ``name``, or an error suggesting the closest known names."""
        if name in self.cards:
            return self.cards[name]
        folded = {n.casefold(): n for n in self.cards}
        if name.casefold() in folded:
            return self.cards[folded[name.casefold()]]
        close = difflib.get_close_matches(name, list(self.cards), n=3, cutoff=0.6)
        if not close:
            close = [folded[c] for c in difflib.get_close_matches(name.casefold(), list(folded), n=3, cutoff=0.6)]
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise InputError(where, f"unknown card '{name}'{hint}")

    def token_card(self, kind: str) -> CardSpec | None:
        """The card that describes tokens of a kind (``token: kind``), if the library has one (the first, in
        the library's order)."""
        return self._token_cards.get(kind)

    @cached_property
    def _token_cards(self) -> dict[str, CardSpec]:
        found: dict[str, CardSpec] = {}  # (made once: a situation asks for each kind of token it makes)
        for card in self.cards.values():
            if card.token:
                found.setdefault(card.token, card)
        return found

    def with_cards(self, extra: Iterable[CardSpec]) -> CardLibrary:
        """This library with some cards added (a card of the same name replaces its own)."""
        added = {card.name: card for card in extra}
        if not added:
            return self
        return CardLibrary(ChainMap(added, self.cards))  # the library's cards are not copied (nor parsed)


def parse_cards(f: Field) -> tuple[CardSpec, ...]:
    cards = []
    seen: dict[str, Field] = {}
    for item in f.elements():
        card = parse_card(item)
        if card.name in seen:
            raise item.child("name").fail(f"card '{card.name}' is defined twice")
        seen[card.name] = item
        cards.append(card)
    return tuple(cards)


class _OnFirstUse(Mapping[str, CardSpec]):
    """Cards by name, each parsed through the vocabulary the first time it is read: a process reads the
    few cards its situations use, not the whole library (tests parse every built-in card)."""

    def __init__(self, fields: dict[str, Field]):
        self._fields = fields
        self._parsed: dict[str, CardSpec] = {}

    def __getitem__(self, name: str) -> CardSpec:
        card = self._parsed.get(name)
        if card is None:
            card = self._parsed[name] = parse_card(self._fields[name])
        return card

    def __contains__(self, name: object) -> bool:
        return name in self._fields

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)


@lru_cache(maxsize=1)
def builtin_library() -> CardLibrary:
    """The card library that ships with pyrules (each card parsed on first use)."""
    ref = resources.files("pyrules.data").joinpath("cards.yaml")
    text = ref.read_text(encoding="utf-8")
    value, lines = load_document(text, str(ref), trusted=True)
    fields: dict[str, Field] = {}
    for item in Field(value, "", str(ref), lines).elements():
        name = item.child("name").text()
        if name in fields:
            raise item.child("name").fail(f"card '{name}' is defined twice")
        fields[name] = item
    return CardLibrary(_OnFirstUse(fields))
