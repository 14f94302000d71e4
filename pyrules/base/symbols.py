"""Building clingo symbols: user text only ever becomes a ``String``; pyrules' own words are constants.

    >>> fn("card", S("forest1"), S("Forest"))
    Function('card', [String('forest1'), String('Forest')], True)
"""

from __future__ import annotations

import copyreg
import threading
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from clingo import Function, Number, String, Supremum, Symbol, SymbolType, parse_term


def _reduce_symbol(symbol: Symbol) -> tuple:
    return parse_term, (str(symbol),)


# A clingo symbol pickles (and deep-copies) as its text, which clingo reads back as the same symbol: so
# outcomes can be cached, copied and sent to worker processes.
copyreg.pickle(Symbol, _reduce_symbol)


class Atom(Symbol):
    """An outcome atom: a clingo symbol that keeps its hash and its texts. Outcomes are sets of atoms,
    hashed, sorted and printed many times over, and clingo computes a symbol's hash and text through
    a C call each time; one Atom per distinct symbol (see :class:`Atoms`) computes each once. It is
    equal to, and hashes like, the plain symbol."""

    __slots__ = ("_hash", "_text", "_shown")

    def __init__(self, symbol: Symbol | int):
        rep = symbol if type(symbol) is int else symbol._rep  # (a handle: no Symbol made only to read it)
        self._rep = rep
        self._hash = _symbol_hash(rep) if _symbol_hash is not None else Symbol.__hash__(self)
        self._text: str | None = None
        self._shown: str | None = None  # format_atom's text (pyrules.engine.atoms)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return Symbol.__eq__(self, other)

    def __str__(self) -> str:
        if self._text is None:
            self._text = Symbol.__str__(self)
        return self._text


copyreg.pickle(Atom, _reduce_symbol)  # unpickled as the plain symbol


class Atoms:
    """One :class:`Atom` per distinct symbol met in the models of one enumeration.

    A model's symbols come from clingo as an array of symbol handles (clingo interns its symbols: equal
    symbols have equal handles). Where clingo's Python package exposes that array (``_p_symbols``, in
    clingo 5.5 to 5.8), the handles are read from it at once and looked up here, without making a
    Symbol object for each; otherwise each symbol is read as clingo gives it."""

    def __init__(self) -> None:
        self._by_rep: dict[int, Atom] = {}
        if _lib is not None:
            self._size = _ffi.new("size_t*")
            self._buffer = _ffi.new("clingo_symbol_t[]", 64)
            self._blank = _ffi.new("clingo_symbol_t[]", [_UNWRITTEN] * 64)

    def shown_terms(self, model: Any) -> frozenset[Symbol]:
        """The terms a model shows (``model.symbols(terms=True)``), read straight into one buffer kept
        for the next model: a model of a few atoms is read in a third of the time."""
        reps = self.shown_handles(model)
        if reps is None:
            return self.set_of(model.symbols(terms=True))
        try:
            return frozenset(map(self._by_rep.__getitem__, reps))
        except KeyError:  # a symbol not met before
            return frozenset(map(self._atom, reps))

    def shown_handles(self, model: Any) -> list[int] | None:
        """The handles of the terms a model shows (a symbol's ``_rep``: equal symbols, equal handles), no Symbol
        made; None where clingo's Python package does not expose them, or on clingo's error (then read the model
        through ``model.symbols``, which raises it its own way)."""
        if _lib is None:
            return None
        # One call, not two: clingo works out a model's shown symbols for each call, and asking their number first
        # doubled the reading (5 against 5 in combat, 215,100 models: 2.6 -> 1.4 s). The buffer is filled with a
        # symbol no program of pyrules shows (#sup); clingo writes the shown ones over its beginning.
        buffer, n = self._buffer, len(self._buffer)
        _ffi.memmove(buffer, self._blank, n * _HANDLE_SIZE)
        if _lib.clingo_model_symbols(model._rep, _TERMS, buffer, n):
            reps = _ffi.unpack(buffer, n)
            if reps[-1] == _UNWRITTEN:
                return reps[:reps.index(_UNWRITTEN)]
        size = self._size  # (more than the buffer holds, or as many: asked their number, the buffer made larger)
        if _lib.clingo_model_symbols_size(model._rep, _TERMS, size):
            n = size[0]
            if n >= len(self._buffer):
                self._buffer = _ffi.new("clingo_symbol_t[]", 2 * n)
                self._blank = _ffi.new("clingo_symbol_t[]", [_UNWRITTEN] * (2 * n))
            if _lib.clingo_model_symbols(model._rep, _TERMS, self._buffer, n):
                return _ffi.unpack(self._buffer, n)
        return None

    def set_of(self, symbols: Sequence[Symbol]) -> frozenset[Symbol]:
        array = getattr(symbols, "_p_symbols", None)
        if array is None or _ffi is None:
            return frozenset(self._atom(symbol._rep) for symbol in symbols)
        reps = _ffi.unpack(array, len(array))
        try:
            return frozenset(map(self._by_rep.__getitem__, reps))
        except KeyError:  # a symbol not met before
            return frozenset(map(self._atom, reps))

    def _atom(self, rep: int) -> Atom:
        atom = self._by_rep.get(rep)
        if atom is None:
            atom = self._by_rep[rep] = Atom(rep)
        return atom


try:
    from clingo._internal import _ffi, _lib
    _TERMS = _lib.clingo_show_type_terms
    _UNWRITTEN = Supremum._rep
    _HANDLE_SIZE = _ffi.sizeof("clingo_symbol_t")
except ImportError:  # pragma: no cover - another clingo layout: the plain path above
    _ffi = _lib = None


def fn(name: str, *args: Symbol | int) -> Symbol:
    """A function term; arguments are symbols or whole numbers (never text)."""
    if _create is None or len(args) > _ARGUMENTS:  # another clingo layout, or a term longer than the buffers
        return Function(name, [term(a) for a in args])
    c_name = _names.get(name)
    if c_name is None:
        c_name = _names[name] = _ffi.new("char[]", name.encode())
    try:
        buffers = _buffers.value
    except AttributeError:
        buffers = _buffers.value = (_ffi.new("clingo_symbol_t[]", _ARGUMENTS), _ffi.new("clingo_symbol_t*"))
    arguments, out = buffers
    for n, a in enumerate(args):
        arguments[n] = a._rep if type(a) is Symbol else term(a)._rep
    if not _create(c_name, arguments, len(args), True, out):
        raise RuntimeError(f"clingo could not make the term {name}/{len(args)}")
    return Symbol(out[0])


# Facts of large situations are made by the hundred thousand: clingo's Function converts the name and
# the arguments through two helper calls and allocates two C buffers each time; fn keeps each name's C
# string (pyrules' own words) and one pair of buffers per thread (clingo's C calls release the
# interpreter lock, so threads do not share them): half the time a term (benchmarks/notes.md).
_names: dict[str, Any] = {}
_ARGUMENTS = 16
_buffers = threading.local()
try:
    from clingo._internal import _lib as _clingo_lib

    _create, _symbol_hash = _clingo_lib.clingo_symbol_create_function, _clingo_lib.clingo_symbol_hash
except ImportError:  # pragma: no cover
    _create = _symbol_hash = None


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


# -- reading a large grounding without a Python object per call ------------------------------------
# Explanations read every atom of a grounding and every firing of the shadow rules: hundreds of
# thousands of symbols. clingo's Python package allocates C buffers and Symbol objects on every call;
# these readers reuse their buffers and deal in symbol handles (``Symbol._rep``, equal for equal
# symbols), making a Symbol only where one is kept. Without the cffi layer, the plain API.
def ground_atoms(control: Any, name: str | None = None, arity: int = 0, positive: bool = True,
                 facts: bool = True) -> Iterator[tuple[int, bool, int]]:
    """Each atom of a grounding (of one predicate, given ``name``; without ``facts``, but the facts): (symbol
    handle, whether it is a fact, its program literal)."""
    atoms = control.symbolic_atoms
    if _ffi is None:  # pragma: no cover - another clingo layout
        found = atoms if name is None else atoms.by_signature(name, arity, positive)
        yield from ((a.symbol._rep, a.is_fact, a.literal) for a in found if facts or not a.is_fact)
        return
    from clingo._internal import _lib

    rep = atoms._rep
    if name is None:
        signature = _ffi.NULL
    else:
        p_sig = _ffi.new("clingo_signature_t*")
        _lib.clingo_signature_create(name.encode(), arity, positive, p_sig)
        signature = p_sig
    p_it, p_valid = _ffi.new("clingo_symbolic_atom_iterator_t*"), _ffi.new("bool*")
    p_fact, p_symbol, p_literal = _ffi.new("bool*"), _ffi.new("clingo_symbol_t*"), _ffi.new("clingo_literal_t*")
    lib = _lib
    is_valid, is_fact, next_atom = lib.clingo_symbolic_atoms_is_valid, lib.clingo_symbolic_atoms_is_fact, \
        lib.clingo_symbolic_atoms_next
    lib.clingo_symbolic_atoms_begin(rep, signature, p_it)
    it = p_it[0]
    while is_valid(rep, it, p_valid) and p_valid[0]:
        is_fact(rep, it, p_fact)
        if facts or not p_fact[0]:  # (a fact's symbol and literal are not read unless asked for)
            lib.clingo_symbolic_atoms_symbol(rep, it, p_symbol)
            lib.clingo_symbolic_atoms_literal(rep, it, p_literal)
            yield p_symbol[0], p_fact[0], p_literal[0]
        next_atom(rep, it, p_it)
        it = p_it[0]


def symbol_keys(symbols: Iterable[Symbol]) -> set[tuple[str, int, tuple[str, ...]]]:
    """The distinct keys of some symbols (pyrules.engine.program cuts the encodings to what facts with these keys
    can use): predicate, arity, and at each argument the name of its function or constant, "" for any
    other value. clingo interns names, so keys are told apart by the addresses of their names: the texts
    are read once per key."""
    if _ffi is None:  # pragma: no cover - another clingo layout
        return {symbol_key(s) for s in symbols}
    from clingo._internal import _lib

    lib = _lib
    p_name, p_args, p_size = _ffi.new("char**"), _ffi.new("clingo_symbol_t**"), _ffi.new("size_t*")
    function, symbol_type, symbol_name = lib.clingo_symbol_type_function, lib.clingo_symbol_type, lib.clingo_symbol_name
    # A name is told by its pointer (a cffi pointer compares and hashes by address); the arguments repeat
    # (players, colours, object ids): one C call each.
    names: dict[int, Any] = {}

    def name(rep: int) -> Any:
        found = names.get(rep)
        if found is None:
            if symbol_type(rep) == function:
                symbol_name(rep, p_name)
                found = names[rep] = p_name[0]
            else:
                found = names[rep] = 0
        return found

    seen: dict[tuple[Any, ...], tuple[str, int, tuple[str, ...]]] = {}
    arguments_of, unpack = lib.clingo_symbol_arguments, _ffi.unpack
    known, found = _KEY_OF, set()
    if len(known) >= 1_000_000:
        known.clear()
    for symbol in symbols:
        rep = symbol._rep
        key = known.get(rep)
        if key is not None:
            found.add(key)
            continue
        if not symbol_name(rep, p_name):
            from clingo._internal import _handle_error

            _handle_error(False)  # (not a function term: no atom)
        arguments_of(rep, p_args, p_size)
        size = p_size[0]
        shape = (p_name[0], *map(name, unpack(p_args[0], size))) if size else (p_name[0],)
        key = seen.get(shape)
        if key is None:
            key = seen[shape] = symbol_key(symbol)
        known[rep] = key
        found.add(key)
    return found


#: Each symbol's key by its handle, kept across calls: clingo keeps a symbol for the life of the process, and
#: the steps of a sequence of actions give mostly the facts of the step before (300 spells on the stack:
#: 8 ms a step to read their facts' keys).
_KEY_OF: dict[int, tuple[str, int, tuple[str, ...]]] = {}


def symbol_key(symbol: Symbol) -> tuple[str, int, tuple[str, ...]]:
    """A symbol's key (see :func:`symbol_keys`)."""
    args = symbol.arguments
    return symbol.name, len(args), tuple(a.name if a.type == SymbolType.Function else "" for a in args)


def add_facts(backend: Any, symbols: Iterable[Symbol]) -> None:
    """Add each symbol as a fact through clingo's backend (one reused buffer, not two per fact)."""
    if _ffi is None:  # pragma: no cover - another clingo layout
        for symbol in symbols:
            backend.add_rule([backend.add_atom(symbol)])
        return
    from clingo._internal import _handle_error, _lib

    add_atom, add_rule, rep = _lib.clingo_backend_add_atom, _lib.clingo_backend_rule, backend._rep
    p_symbol, p_atom, empty = _ffi.new("clingo_symbol_t*"), _ffi.new("clingo_atom_t*"), _ffi.NULL
    for symbol in symbols:
        p_symbol[0] = symbol._rep
        if not add_atom(rep, p_symbol, p_atom) or not add_rule(rep, False, p_atom, 1, empty, 0):
            _handle_error(False)


def argument_lists(reps: Iterable[int]) -> Iterator[list[int]]:
    """The arguments of each of some symbols, as handles (one C call each, with one reused buffer)."""
    if _ffi is None:  # pragma: no cover - another clingo layout
        yield from ([a._rep for a in Symbol(rep).arguments] for rep in reps)
        return
    from clingo._internal import _lib

    arguments_of, unpack = _lib.clingo_symbol_arguments, _ffi.unpack
    p_args, p_size = _ffi.new("clingo_symbol_t**"), _ffi.new("size_t*")
    for rep in reps:
        arguments_of(rep, p_args, p_size)
        yield unpack(p_args[0], p_size[0])


class TruthReader:
    """Which of some program literals a model makes true: one C call per class of literals, with one reused
    buffer.

    Registered as a propagator (its ``init`` is clingo's hook; it watches nothing, so solving is not slowed),
    it learns the solver literal of each program literal before the first model: atoms clasp made one
    variable (or its negation) are true together, so one of each class is read. Where explanations enumerate
    the 1,272 orders of 16 replacement effects, 11,448 undecided atoms fall into 1,272 classes."""

    def __init__(self, items: dict[Symbol, int]) -> None:
        self._items = list(items.items())
        # (the program literal read, the symbols true with it); until clingo says, one class per literal
        self._classes = [(literal, (symbol,)) for symbol, literal in self._items]
        if _ffi is not None:
            from clingo._internal import _lib

            self._is_true, self._p_bool = _lib.clingo_model_is_true, _ffi.new("bool*")

    def init(self, init: Any) -> None:
        """Group the literals by their solver literal (called by clingo as each solve starts)."""
        solver_literal = init.solver_literal
        classes: dict[int, tuple[int, list[Symbol]]] = {}
        for symbol, literal in self._items:
            key = solver_literal(literal)
            if key not in classes:
                classes[key] = (literal, [])
            classes[key][1].append(symbol)
        self._classes = [(literal, tuple(symbols)) for literal, symbols in classes.values()]

    def true(self, model: Any) -> frozenset[Symbol]:
        if _ffi is None:  # pragma: no cover - another clingo layout
            return frozenset(s for literal, symbols in self._classes if model.is_true(literal) for s in symbols)
        is_true, p_bool, rep = self._is_true, self._p_bool, model._rep
        found: list[Symbol] = []
        for literal, symbols in self._classes:
            is_true(rep, literal, p_bool)
            if p_bool[0]:
                found += symbols
        return frozenset(found)
