"""Atoms in words: each predicate's meaning, from the catalogues of the encodings, with its arguments
filled in."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from clingo import Symbol, SymbolType

from pyrules.engine.atoms import format_atom
from pyrules.engine.encodings import all_entries


@lru_cache(maxsize=1)
def templates() -> dict[str, tuple[tuple[str, ...], str]]:
    """Predicate signature -> (argument names, meaning), from the catalogues of ``asp/``."""
    return {sig: (e.args, e.meaning) for sig, e in all_entries().items()}


def _value_text(symbol: Symbol) -> str:
    if symbol.type == SymbolType.Function and not symbol.arguments and symbol.name in "wubrgc" and len(symbol.name) == 1:
        return "{" + symbol.name.upper() + "}"
    return format_atom(symbol)


def fill(template: tuple[tuple[str, ...], str], values: Iterable[Symbol], render: Any = _value_text) -> str:
    """A catalogue meaning with each argument name replaced by its value, as ``render`` writes it."""
    names, text = template
    words = {name: render(value) for name, value in zip(names, values)}
    if not words:
        return text
    pattern = "|".join(re.escape(n) for n in sorted(words, key=len, reverse=True))
    # One pass, so a value that contains another argument's name is not rewritten again.
    return re.sub(rf"(?<![\w{{])({pattern})(?![\w}}])", lambda m: words[m.group(1)], text)


def atom_label(symbol: Symbol, table: dict[str, tuple[tuple[str, ...], str]] | None = None) -> str:
    """A readable sentence for an atom, from its predicate's catalogue entry (or from ``table``)."""
    template = (table or templates()).get(f"{symbol.name}/{len(symbol.arguments)}")
    if not template or not template[1] or len(template[0]) != len(symbol.arguments):
        return format_atom(symbol)
    return f"{format_atom(symbol)}: {fill(template, symbol.arguments)}"
