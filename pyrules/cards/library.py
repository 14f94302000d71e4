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
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache, partial
from importlib import resources
from typing import Any

from pyrules.base.document import Field, load_document
from pyrules.base.errors import InputError, UnsupportedError
from pyrules.vocabulary import Filter, kind, names
from pyrules.vocabulary.abilities import OWN_RESOURCES, AbilitySpec, parse_ability
from pyrules.vocabulary.values import (
    mana_value,
    parse_mana,
)

__all__ = ["CardLibrary", "CardSpec", "builtin_library", "parse_card", "parse_cards", "read_cards"]

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
    halves: tuple[CardSpec, ...] = ()  # (left, right) for a split card (708): this card is the two combined
    starred: tuple[str, ...] = ()  # power, toughness: printed "*" or "N+*", given by a characteristic-defining ability

    @property
    def is_double_faced(self) -> bool:
        return bool(self.faces)

    @property
    def is_split(self) -> bool:
        return bool(self.halves)

    @property
    def fuses(self) -> bool:
        """A split card both of whose halves have fuse (702.102a)."""
        return bool(self.halves) and all(any(a.keyword == "fuse" for a in h.abilities) for h in self.halves)

    @property
    def parts(self) -> tuple[CardSpec, ...]:
        """Every set of characteristics the card has somewhere: a double-faced card's two faces, a split card's two
        halves and the two combined, any other card itself."""
        return self.faces or self.halves + (self,)

    @property
    def spell_abilities(self) -> tuple[AbilitySpec, ...]:
        """The abilities whose instructions and targets a spell of this card has: an instant's or sorcery's spell
        ability (113.3a), an Aura's enchant ability (its one target, 303.4a)."""
        return tuple(a for a in self.abilities if a.kind == "spell" or (a.kind == "enchant" and "aura" in self.subtypes))

    def face(self, which: str) -> CardSpec:
        """The face that is up (``front`` or ``back``); a card that is not double-faced is its own face. A split
        card's half on the stack (``left`` or ``right``, 708.3); elsewhere, and fused (``both``, 702.102c), the
        split card is its two halves combined (708.4), which is this card."""
        if self.halves:
            return self.halves[("left", "right").index(which)] if which in ("left", "right") else self
        if not self.faces:
            return self
        return self.faces[1 if which == "back" else 0]


def parse_card(f: Field, *, face: bool = False, half: bool = False) -> CardSpec:
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
    if f.child("halves").present:
        return _split_card(f, name, face)

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
    if any(e.kind == "create_token_copies_target" and e.value[2] != e.value[1] for a in abilities for e in a.effects) \
            and not any(a.kind == "kicker" for a in abilities):
        raise f.child("abilities").fail(f"card '{name}' has a kicked_count but no kicker (702.33)")
    if any(e.kind == "create_token_copies_target" and e.value[2] != e.value[1] and a.kind != "spell"
           for a in abilities for e in a.effects):
        raise f.child("abilities").fail(f"card '{name}': a kicked_count is a spell's, kicked as it was cast (702.33d)")
    if any(a.intervening_if == "kicked" for a in abilities) and not any(a.kind == "kicker" for a in abilities):
        raise f.child("abilities").fail(f"card '{name}' has an ability with 'if: kicked' but no kicker (702.33)")
    if any(a.intervening_if == "evoked" and a.keyword != "evoke" for a in abilities) and \
            not any(a.keyword == "evoke" for a in abilities):
        raise f.child("abilities").fail(f"card '{name}' has an ability with 'if: evoked' but no evoke (702.74)")
    if any(a.kind == "entwine" for a in abilities) and not any(
            a.kind == "spell" and a.modes and a.choose[1] < len(set(a.modes)) for a in abilities):
        raise f.child("abilities").fail(f"card '{name}' has entwine but no modal spell ability choosing fewer than all "
                                        "its modes (702.42a)")
    if any(a.intervening_if == "surged" for a in abilities) and not any(a.kind == "surge" for a in abilities):
        raise f.child("abilities").fail(f"card '{name}' has an ability with 'if: surged' but no surge (702.117)")
    exiled = {a.trigger for a in abilities if a.kind == "triggered" and a.zone == "exile"}
    if (any(a.kind == "suspend" for a in abilities) or exiled) and \
            exiled != {"beginning_of_upkeep", "last_time_counter_removed"} or len(exiled) and \
            sum(a.kind == "suspend" for a in abilities) != 1:
        raise f.child("abilities").fail(f"card '{name}': suspend is one ability and its two triggered abilities working "
                                        "from exile, written beside it (702.62a)")
    if any(a.kind == "bestow" for a in abilities) and "creature" not in types:
        raise f.child("abilities").fail(f"card '{name}' has bestow but is no creature card (702.103a)")
    if any(a.as_long_as[:1] == ("dashed",) for a in abilities) and not any(a.keyword == "dash" for a in abilities):
        raise f.child("abilities").fail(f"card '{name}' has an ability with 'as_long_as: dashed' but no dash (702.109)")
    for keyword, rule in (("fuse", "702.102a"), ("aftermath", "702.127a")):
        if not half and any(a.keyword == keyword for a in abilities):
            raise f.child("abilities").fail(f"card '{name}': {keyword} is an ability of a split card's half (CR {rule})")
    if any(a.any_player for a in abilities) and any(c.kind in OWN_RESOURCES and c.value != "self"
                                                     for a in abilities for c in a.costs):
        raise UnsupportedError(f.child("abilities").where, f"card '{name}': an ability any player may activate beside a "
                               "cost paid with the activator's own cards or permanents (the cost rules read those of "
                               "every player who may activate the card's abilities)")
    if any(a.keyword == "ascend" for a in abilities) and set(types) & {"instant", "sorcery"}:
        raise UnsupportedError(f.child("abilities").where, f"card '{name}': ascend on an instant or sorcery (702.131a: "
                               "the city's blessing as it resolves)")
    for keyword, rule in (("dash", "702.109"), ("madness", "702.35")):
        if sum(a.keyword == keyword for a in abilities) > 1:
            raise f.child("abilities").fail(f"card '{name}' has two {keyword} abilities ({rule})")
    for a in abilities:  # 611.2a: an instruction that makes a lasting effect names a lasting ability of the card
        for e in a.effects:
            if e.kind == "lasting_on_its_target" and (e.value[1] > len(a.targets) or
                                                       a.targets[e.value[1] - 1].zone != "battlefield" or
                                                       a.targets[e.value[1] - 1].players):
                raise f.child("abilities").fail(f"card '{name}': lasting_on_its_target names target {e.value[1]}, which "
                                                "is not one of its ability's targets on the battlefield (a permanent)")
            n = e.value[0] if e.kind in ("lasting_on_target", "lasting_on_its_target") else \
                e.value if e.kind in ("lasting_on_self", "lasting_on_each", "lasting_on_that", "lasting_on_damaged",
                                      "lasting_on_enchanted", "create_effect", "lasting_on_returned",
                                      "lasting_on_exiled") else None
            if n is not None and not (1 <= n <= len(abilities) and abilities[n - 1].lasting):
                raise f.child("abilities").fail(f"card '{name}': {e.kind} names ability {n}, which is not one of its "
                                                "lasting effects")
            if e.kind == "create_effect" and abilities[n - 1].kind == "static":  # (n: checked just above)
                raise f.child("abilities").fail(f"card '{name}': create_effect names ability {n}, a lasting static "
                                                "ability, which changes the objects locked in as it begins (611.2c): "
                                                "name them with lasting_on_each, lasting_on_target or lasting_on_self")
    starred = tuple(attr for attr in ("power", "toughness") if "*" in str(f.child(attr).value or ""))
    if not starred and any(p.kind in _CDA for a in abilities for p in a.statics):
        raise f.child("abilities").fail(f"card '{name}': a characteristic-defining ability gives the value of a \"*\" "
                                        "printed in its power or toughness (CR 208.2a, 604.3): print it as * or N+*")
    mana_cost = parse_mana(cost_field.value, cost_field) if cost_field.present else ()
    abilities = tuple(_transmute_finds(a, mana_value(mana_cost)) if a.keyword == "transmute" else a for a in abilities)
    return CardSpec(
        name=name,
        mana_cost=mana_cost,
        types=types,
        supertypes=values("supertypes"),
        subtypes=values("subtypes"),
        colors=colors,
        power=kind("card", "power").shape.parse(f.child("power")) if f.child("power").present else None,
        toughness=kind("card", "toughness").shape.parse(f.child("toughness")) if f.child("toughness").present else None,
        loyalty=f.child("loyalty").integer(default=None, minimum=0),
        abilities=abilities,
        faces=faces,
        token=values("token") if f.child("token").present else "",
        starred=starred,
    )


#: The characteristic-defining abilities of power and toughness (604.3).
_CDA = frozenset({"pt_equal_count", "pt_equal_cards"})
#: What a split card says of itself: its name and its halves; the rest is its halves' combined (708.4).
_SPLIT_KEYS = {"name", "halves", "text"}
#: What a half says of itself (708.2): any characteristic but faces and halves of its own.
_HALF_TYPES = {"instant", "sorcery"}


def _split_card(f: Field, name: str, face: bool) -> CardSpec:
    """A split card (708): two halves, each a card of its own on the stack (708.3), and everywhere else the two
    combined (708.4): both halves' mana costs added up, colors, types and subtypes; its one ability, when both halves
    have fuse, the fused spell's (702.102c-d): the left half's instructions, then the right half's."""
    where = f.child("halves")
    if face:
        raise where.fail("a face cannot have halves of its own")
    extra = sorted(set(f.value) - _SPLIT_KEYS)
    if extra:
        raise f.child(extra[0]).fail(f"a split card's {extra[0]} is its halves' combined (CR 708.4): give it on each half")
    halves = tuple(parse_card(x, face=True, half=True) for x in where.elements())
    if len(halves) != 2:
        raise where.fail("a split card has exactly two halves: left and right (CR 708.1)")
    for half, item in zip(halves, where.elements()):
        if not set(half.types) <= _HALF_TYPES or half.faces:
            raise UnsupportedError(item.where, f"a split card's half other than an instant or sorcery "
                                               f"('{half.name}')")
        if half.colors is not None:
            raise UnsupportedError(item.where, f"a color indicator on a split card's half ('{half.name}')")
    cost: dict[str, int] = {}
    for half in halves:
        for symbol, n in half.mana_cost:
            cost[symbol] = cost.get(symbol, 0) + n
    fused: tuple[AbilitySpec, ...] = ()
    if all(any(a.keyword == "fuse" for a in half.abilities) for half in halves):  # (the card is not made yet)
        spell = _fused_spell(halves)
        fused = (spell,) if spell is not None else ()
    elif any(a.keyword == "fuse" for half in halves for a in half.abilities):
        raise where.fail(f"card '{name}': fuse is on both halves of a split card or on neither (CR 702.102a)")
    return CardSpec(name=name, mana_cost=tuple(sorted(cost.items())),
                    types=_union(h.types for h in halves), supertypes=_union(h.supertypes for h in halves),
                    subtypes=_union(h.subtypes for h in halves), abilities=fused, halves=halves)


def _union(parts: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(x for part in parts for x in part))


def _fused_spell(halves: tuple[CardSpec, ...]) -> AbilitySpec | None:
    """The spell ability of a fused split spell: both halves' instructions, the left half's first (702.102d); None
    where a half is not one plain spell ability pyrules reads (modes, divided damage, "instead", a timing of its own,
    a line no template fits)."""
    spells = [next((a for a in half.abilities if a.kind == "spell"), None) for half in halves]
    if any(s is None or s.modes or s.divided or s.instead or s.timing for s in spells):
        return None  # (casting it fused is refused where a situation asks for it; a half alone may still be cast)
    left, right = spells
    conditions = (left.conditions or ("",) * len(left.effects)) + (right.conditions or ("",) * len(right.effects))
    return replace(left, effects=left.effects + right.effects, conditions=conditions if any(conditions) else ())


def _transmute_finds(ability: AbilitySpec, value: int) -> AbilitySpec:
    """Transmute's search finds a card with the same mana value as the card discarded (702.53a): this card's."""
    same = Filter({"mana_value_at_least": value, "mana_value_at_most": value})
    return replace(ability, effects=tuple(replace(e, value=(same, *e.value[1:])) for e in ability.effects))


@dataclass(frozen=True)
class CardLibrary:
    """Card definitions by name: the built-in library, plus any cards a situation defines."""

    cards: Mapping[str, CardSpec] = field(default_factory=dict)

    def __contains__(self, name: str) -> bool:
        return name in self.cards

    def __getitem__(self, name: str) -> CardSpec:
        return self.cards[name]

    def __len__(self) -> int:
        return self._size

    @cached_property
    def _size(self) -> int:  # (counted once: a ChainMap counts the union of its maps' names, 18,000 of them)
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
        maps = _flat_maps(self.cards)
        for depth in range(len(maps) - 1, -1, -1):  # (the library's order: its own cards, then those added over them)
            cards, over = maps[depth], maps[:depth]  # (a card of a map over this one hides its namesake here)
            indexed = getattr(cards, "token_names", None)
            if indexed is not None:  # a library file read card by card: its index, not every card parsed
                for token, name in indexed().items():
                    if token not in found and not any(name in m for m in over):
                        found[token] = cards[name]
                continue
            for name, card in cards.items():
                if card.token and not any(name in m for m in over):
                    found.setdefault(card.token, card)
        return found

    def __reduce__(self) -> tuple:
        """Pickled as its cards (each part of them as where it comes from: ``OnFirstRead``), without what was
        worked out from them."""
        return (CardLibrary, (self.cards,))

    def with_cards(self, extra: Iterable[CardSpec] | Mapping[str, CardSpec]) -> CardLibrary:
        """This library with some cards added, given as cards or by name (a card of the same name replaces its
        own)."""
        added = extra if isinstance(extra, Mapping) else {card.name: card for card in extra}
        if not added:
            return self
        return CardLibrary(ChainMap(added, self.cards))  # the library's cards are not copied (nor parsed)


def _flat_maps(cards: Mapping[str, CardSpec]) -> list[Mapping[str, CardSpec]]:
    """The maps of a chain of cards, chains within it opened, first the one over the others."""
    if not isinstance(cards, ChainMap):
        return [cards]
    return [inner for part in cards.maps for inner in _flat_maps(part)]


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


class OnFirstRead(Mapping[str, CardSpec]):
    """Cards by name, each parsed through the vocabulary the first time it is read: a process reads the few cards
    its situations use, not the whole library. ``index`` holds what each card is read from (its unparsed
    document); ``parse`` reads one by name; ``tokens`` finds, without parsing, the kinds of tokens the cards
    describe and the first card of each (``token: kind``)."""

    def __init__(self, index: Mapping[str, Any], parse: Callable[[str], CardSpec],
                 tokens: Callable[[], dict[str, str]], recipe: tuple[Callable[..., Any], tuple] | None = None):
        self._index, self._parse, self._tokens = index, parse, tokens
        self._parsed: dict[str, CardSpec] = {}
        self._recipe = recipe
        self._token_names: dict[str, str] | None = None

    def __reduce__(self) -> tuple:
        """Pickled as where the cards come from (``recipe``: a function and its arguments that give them again,
        such as a library file's path and the digest of its content), not as the cards: a situation pickles in a
        few kilobytes, and a process that unpickles many reads the library once."""
        if self._recipe is None:
            return (read_cards, (dict(self.items()),))
        return self._recipe

    def __getitem__(self, name: str) -> CardSpec:
        card = self._parsed.get(name)
        if card is None:
            if name not in self._index:
                raise KeyError(name)
            card = self._parsed[name] = self._parse(name)
        return card

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def token_names(self) -> dict[str, str]:
        """(Found once: every situation's library asks, and the built-in one has a thousand cards to look at.)"""
        if self._token_names is None:
            self._token_names = self._tokens()
        return self._token_names


def read_cards(cards: dict[str, CardSpec], recipe: tuple[Callable[..., Any], tuple] | None = None) -> OnFirstRead:
    """Cards read already, as an ``OnFirstRead`` (pickled by ``recipe`` if given, else as the cards)."""
    return OnFirstRead(cards, cards.__getitem__, partial(_spec_tokens, cards), recipe)


def _spec_tokens(cards: dict[str, CardSpec]) -> dict[str, str]:
    found: dict[str, str] = {}
    for name, card in cards.items():
        if card.token:
            found.setdefault(card.token, name)
    return found


def _builtin_cards() -> Mapping[str, CardSpec]:
    """The built-in cards of this process's pyrules (what a pickled built-in library becomes)."""
    return builtin_library().cards


def _parse_field(fields: dict[str, Field], name: str) -> CardSpec:
    return parse_card(fields[name])


def _field_tokens(fields: dict[str, Field]) -> dict[str, str]:
    found: dict[str, str] = {}
    for name, f in fields.items():
        if f.child("token").present:
            found.setdefault(f.child("token").text(), name)
    return found


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
    return CardLibrary(OnFirstRead(fields, partial(_parse_field, fields), partial(_field_tokens, fields),
                                   recipe=(_builtin_cards, ())))
