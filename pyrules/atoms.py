"""Outcome atoms as text: parsing what users write, printing what they read.

Users may write ids without quotes (``tap(forest1)``); :func:`parse_atom` turns constants that
name an object or a player of the situation into the strings the facts use. The text is parsed
as a clingo *term*, never as program text.
"""

from __future__ import annotations

import re

import clingo
from clingo import Function, String, Symbol, SymbolType

from .errors import InputError
from .cards import CARD_TYPES, KEYWORDS, LAND_TYPES, SUPERTYPES
from .model import ZONES, Situation

#: Constants of pyrules' own vocabulary that are never read as ids (quote an id such as "forest").
RESERVED = frozenset(
    {"w", "u", "b", "r", "g", "c", "only"}
    | set(ZONES) | set(CARD_TYPES) | set(LAND_TYPES) | set(KEYWORDS) | set(SUPERTYPES)
)
_BARE = re.compile(r"^[a-z][A-Za-z0-9_']*$")


def parse_atom(text: str, situation: Situation | None = None, where: str = "<query>") -> Symbol:
    """Parse ``text`` as an outcome atom, reading bare ids of ``situation`` as strings."""
    try:
        symbol = clingo.parse_term(text.strip())
    except (RuntimeError, ValueError):
        symbol = None
    if symbol is None or symbol.type != SymbolType.Function or not symbol.name:
        raise InputError(where, f"'{text}' is not an atom such as could_produce(forest1, g)")
    if situation is None:
        return symbol
    from .encodings import output_signatures  # local: encodings needs the installed package data

    signature = f"{symbol.name}/{len(symbol.arguments)}"
    if signature not in output_signatures():
        known = ", ".join(sorted(output_signatures()))
        raise InputError(where, f"'{text}' is not an outcome atom; outcome predicates are {known}")
    names = {o.id for o in situation.objects} | {p.name for p in situation.players}
    return _normalise(symbol, names)


def _normalise(symbol: Symbol, names: set[str]) -> Symbol:
    if symbol.type != SymbolType.Function:
        return symbol
    if not symbol.arguments and symbol.name in names and symbol.name not in RESERVED:
        return String(symbol.name)
    return Function(symbol.name, [_normalise(a, names) for a in symbol.arguments], symbol.positive)


def format_atom(symbol: Symbol) -> str:
    """clingo syntax, with quotes dropped from ids that read unambiguously without them."""
    if symbol.type == SymbolType.String:
        s = symbol.string
        return s if _BARE.match(s) and s not in RESERVED else str(symbol)
    if symbol.type == SymbolType.Function and symbol.arguments:
        inner = ",".join(format_atom(a) for a in symbol.arguments)
        return f"{'' if symbol.positive else '-'}{symbol.name}({inner})"
    return str(symbol)


def parse_atoms(text: str, situation: Situation | None = None, where: str = "<query>") -> list[Symbol]:
    """Parse one atom or several separated by commas: ``tap(forest1), mana_added(alice, g, 1)``."""
    try:
        group = clingo.parse_term(f"({text.strip()},)")
    except (RuntimeError, ValueError):
        raise InputError(where, f"'{text}' is not a list of atoms such as tap(forest1), mana_added(alice, g, 1)") from None
    return [parse_atom(str(s), situation, where) if s.type == SymbolType.Function and s.name else
            parse_atom(str(s), None, where) for s in group.arguments]
