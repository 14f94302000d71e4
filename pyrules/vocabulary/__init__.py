"""The vocabulary of cards and situations, declared once.

Every template a card may use (a cost, an effect, a trigger, a replacement event or modification,
a static ability, an option, a filter field, a keyword) and every field a situation may have is a
:class:`Kind`: how it is written, where it may appear, the facts it becomes and its status
(modelled by a named ``asp/`` file, refused with a reason, inert where no modelled question
reaches, or informational). The parser (:mod:`pyrules.cards.library`, :mod:`pyrules.situation.loader`), the fact
emitter (:mod:`pyrules.engine.facts`), the query checker (:mod:`pyrules.engine.atoms`) and the reference tables of
the docs all read it from here, and ``tests/test_vocabulary.py`` holds every status to its word.

    >>> from pyrules.vocabulary import kind
    >>> kind("effect", "draw").status.label
    'unsupported: drawing cards'
"""

from __future__ import annotations

from functools import cache

from pyrules.vocabulary.filters import FILTER_FIELDS, Filter, FilterShape, check_filter_use, filter_terms
from pyrules.vocabulary.keywords import KEYWORDS
from pyrules.vocabulary.kinds import Inert, Informational, Kind, Modelled, Refused, Status
from pyrules.vocabulary.situation import (
    ACTIONS,
    ACTIVATE_FIELDS,
    CASE_FIELDS,
    CAST_FIELDS,
    EFFECT_FIELDS,
    HAPPEN_KINDS,
    OBJECT_FIELDS,
    PLAYER_FIELDS,
    QUESTIONS,
    SITUATION_FIELDS,
    STACK_FIELDS,
)
from pyrules.vocabulary.templates import (
    ABILITY_KINDS,
    CARD_FIELDS,
    COSTS,
    EFFECTS,
    ENTERS,
    MODIFICATIONS,
    OPTIONS,
    REPLACEMENT_EVENTS,
    STATICS,
    TRIGGERS,
    TargetSpec,
    refused_term,
    targets_of,
)

#: Every kind, grouped by family, in the order the docs list them.
FAMILIES: dict[str, tuple[Kind, ...]] = {
    "card": CARD_FIELDS,
    "ability": ABILITY_KINDS,
    "cost": COSTS,
    "effect": EFFECTS,
    "enters": ENTERS,
    "trigger": TRIGGERS,
    "replacement_event": REPLACEMENT_EVENTS,
    "modification": MODIFICATIONS,
    "static": STATICS,
    "option": OPTIONS,
    "filter_field": FILTER_FIELDS,
    "keyword": KEYWORDS,
    "situation": SITUATION_FIELDS,
    "case": CASE_FIELDS,
    "player": PLAYER_FIELDS,
    "object": OBJECT_FIELDS,
    "stack_item": STACK_FIELDS,
    "lasting_effect": EFFECT_FIELDS,
    "question": QUESTIONS,
    "activate": ACTIVATE_FIELDS,
    "cast": CAST_FIELDS,
    "happen": HAPPEN_KINDS,
    "action": ACTIONS,
}

ALL: tuple[Kind, ...] = tuple(k for kinds in FAMILIES.values() for k in kinds)


@cache
def _index() -> dict[tuple[str, str], Kind]:
    index: dict[tuple[str, str], Kind] = {}
    for k in ALL:
        if k.key in index:
            raise ValueError(f"the vocabulary declares {k.family} '{k.name}' twice")
        index[k.key] = k
    return index


def kind(family: str, name: str) -> Kind:
    """The kind ``name`` of ``family``; KeyError if there is none."""
    return _index()[(family, name)]


def names(family: str) -> tuple[str, ...]:
    """The names of a family's kinds, as written."""
    return tuple(k.name for k in FAMILIES[family])


def find(family: str, name: str) -> Kind | None:
    return _index().get((family, name))


#: Families whose refused kinds become the fact term ``unsupported(Name)``, answered by the encodings.
TERM_FAMILIES = ("effect", "enters", "trigger", "replacement_event", "modification", "static", "keyword")


@cache
def refusal_reasons() -> dict[str, str]:
    """Name -> reason of every refused template, for turning ``unsupported(Name)`` into text."""
    return {k.name: k.status.reason for f in TERM_FAMILIES for k in FAMILIES[f] if isinstance(k.status, Refused)}


__all__ = [
    "ALL", "FAMILIES", "Filter", "FilterShape", "Inert", "Informational", "Kind", "Modelled", "Refused", "Status",
    "TargetSpec", "check_filter_use", "filter_terms", "find", "kind", "names", "refusal_reasons", "refused_term",
    "targets_of",
]
