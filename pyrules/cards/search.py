"""Finding cards in a library (``pyrules cards list``, issue 34): by name, by type, by the text of an ability, and
the cards with lines no template fits. A card is parsed only where a search needs more than its name (a library
file's cards are parsed as they are first read)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pyrules.cards.library import CardLibrary, CardSpec
from pyrules.vocabulary.values import mana_text


@dataclass(frozen=True)
class Search:
    """What to look for; every part given must hold (case is ignored)."""

    name: str = ""  # in the card's name
    type: str = ""  # a card type, supertype or subtype of one of its faces
    text: str = ""  # in the text of one of its abilities, as pyrules reads it (or the line, if unread)
    unsupported: bool = False  # only cards with a line no template fits


def _faces(card: CardSpec) -> tuple[CardSpec, ...]:
    return card.parts


def _matches(card: CardSpec, search: Search) -> bool:
    faces = _faces(card)
    if search.type and not any(search.type.lower() in (*f.types, *f.supertypes, *f.subtypes) for f in faces):
        return False
    if search.text and not any(search.text.lower() in a.text.lower() for f in faces for a in f.abilities):
        return False
    return not search.unsupported or any(a.kind == "unsupported" for f in faces for a in f.abilities)


def find(library: CardLibrary, search: Search) -> Iterator[CardSpec]:
    """The cards of ``library`` that ``search`` finds, by name."""
    wanted = search.name.lower()
    for name in sorted(library.names()):
        if wanted in name.lower() and _matches(library[name], search):
            yield library[name]


def _cost(face: CardSpec) -> str:
    return mana_text(sorted(face.mana_cost, key=lambda part: part[0] != "generic"))  # ({1}{G}: generic first)


def describe(card: CardSpec) -> dict[str, Any]:
    """A card as plain data: each face's types, cost and abilities, and the lines no template fits."""
    faces = [{"name": f.name, "cost": _cost(f), "supertypes": list(f.supertypes),
              "types": list(f.types), "subtypes": list(f.subtypes),
              "abilities": [a.text for a in f.abilities if a.kind != "unsupported"],
              "unsupported": [a.line for a in f.abilities if a.kind == "unsupported"]} for f in _faces(card)]
    return {"name": card.name, "faces": faces}


def one_line(card: CardSpec) -> str:
    """One line per card: its name, cost and types, and how many of its lines pyrules cannot read."""
    face = _faces(card)[0]
    types = " ".join((*face.supertypes, *face.types)) + (f" - {' '.join(face.subtypes)}" if face.subtypes else "")
    unread = sum(1 for f in _faces(card) for a in f.abilities if a.kind == "unsupported")
    return f"{card.name}  {_cost(face)}  {types}" + (f"  ({unread} unread)" if unread else "")
