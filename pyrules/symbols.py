"""Building clingo symbols: user text only ever becomes a ``String``; pyrules' own words are constants.

    >>> fn("card", S("forest1"), S("Forest"))
    Function('card', [String('forest1'), String('Forest')], True)
"""

from __future__ import annotations

import copyreg
from functools import lru_cache

from clingo import Function, Number, String, Symbol, parse_term


def _reduce_symbol(symbol: Symbol) -> tuple:
    return parse_term, (str(symbol),)


# A clingo symbol pickles (and deep-copies) as its text, which clingo reads back as the same symbol: so
# outcomes can be cached, copied and sent to worker processes.
copyreg.pickle(Symbol, _reduce_symbol)


def fn(name: str, *args: Symbol | int) -> Symbol:
    """A function term; arguments are symbols or whole numbers (never text)."""
    return Function(name, [term(a) for a in args])


def term(value: Symbol | int) -> Symbol:
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError("booleans are not terms")
    if isinstance(value, int):
        return Number(value)
    raise TypeError(f"use S() or C() for text, not {value!r}")


@lru_cache(maxsize=65536)
def S(text: str) -> Symbol:  # noqa: N802 (short names: S for a string, C for a constant)
    """A user-given text (an id, a card name) as a clingo string."""
    return String(text)


@lru_cache(maxsize=4096)
def C(name: str) -> Symbol:  # noqa: N802
    """One of pyrules' own constants (zones, types, keywords): never user text."""
    return Function(name)


_MANA_SYMBOLS = {"generic": C("generic"), "x": C("x"), "snow": C("snow")}


def mana_symbol(key: str) -> Symbol:
    """A mana-cost key from :func:`pyrules.vocabulary.values.parse_mana` as a term."""
    if key in _MANA_SYMBOLS:
        return _MANA_SYMBOLS[key]
    if "_" in key:
        a, b = key.split("_")
        if b == "p":
            return fn("phyrexian", C(a))
        return fn("hybrid", Number(2) if a == "2" else C(a), C(b))
    return C(key)


def ability_id(card: str, index: int) -> Symbol:
    """``ab(Card, I)``: the I-th ability printed on a card."""
    return fn("ab", S(card), index)
