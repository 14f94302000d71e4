"""The encodings as clingo statements: parsed once per process, and cut to what a situation can use.

Grounding costs clingo about 40 microseconds per non-ground rule even when the rule has nothing to
instantiate, which for the whole of ``asp/`` is most of the time a small situation takes. Before
grounding, :func:`live_statements` drops every rule that cannot fire: a rule is *live* when each
atom of its positive body can be derived, starting from the situation's facts and adding the heads
of live rules until nothing changes. Atoms are told apart by predicate, arity and, at each argument,
the name of the function or constant written there (``question(resolve_top)`` is not
``question(cast(P,O))``; ``ability_effect(D,J,add_power(T))`` needs a fact or a head with
``add_power`` third); a variable in a head that a positive body literal binds as a whole argument takes
the names known at that argument (``instruction(I,J,E) :- ..., ability_effect(D,J,E)`` has only the
effects some card has), and any other variable or term in a head may be anything. Each argument is
checked on its own, so the test over-approximates what clingo would derive: a dropped rule could
never have fired, and the answer sets are the same. Predicates that only dead rules define are
declared ``#defined``, so clingo's "atom does not occur in any rule head" keeps meaning a real
mistake.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from clingo import ast
from clingo.symbol import Symbol, SymbolType

from pyrules import __version__
from pyrules.base import diskcache
from pyrules.base.collector import paused
from pyrules.base.symbols import symbol_keys
from pyrules.engine import encodings as encodings_module
from pyrules.engine.encodings import FILES, defined_statements, encoding_paths, output_signatures, show_terms

INDEX = "asp-index.json"
#: 2: keys name the function at every argument (1: at the first only); 3: also what explanations and atom
#: checks read of the encodings (their shadow rules, the encodings' facts, the names the encodings write)
#: 4: statements also say which head arguments copy a positive body literal's argument (``copies``); 5: weak
#: constraints say what they read (``uses``)
INDEX_FORMAT = 5

#: (predicate, arity, at each argument the name of its function or constant). In a rule, None: a head's
#: argument that may be anything, a body's that asks for nothing; in a fact, "": a value that is no
#: named function (a string, a number, a tuple).
Key = tuple[str, int, tuple[str | None, ...]]


@dataclass(frozen=True)
class Statement:
    file: str
    position: int  # its place among all the statements (its AST is parsed_encodings()[position])
    heads: tuple[Key, ...]  # what the statement can derive
    needs: tuple[Key, ...]  # what its positive body needs, each derivable, for it to fire
    uses: tuple[Key, ...] = ()  # every atom its body (and a choice's conditions) reads, under any sign
    shows: tuple[tuple[str, int], ...] = ()  # a #show statement: the signature it shows
    kind: str = "other"  # "rule" (with or without a head), "show" or "other" (#program, #defined, ...)
    text: str = ""  # the statement in clingo's syntax, as clingo prints its AST
    line: int = 0  # where it starts in its file
    #: (head, argument, predicate, arity, its argument): the head key's argument is a variable that a positive
    #: body literal of that predicate binds at that argument, so it takes only values that literal's atoms have
    copies: tuple[tuple[int, int, str, int, int], ...] = ()

    @property
    def node(self) -> Any:
        """The statement's clingo AST (the encodings are parsed from Python on first use)."""
        return parsed_encodings()[self.position][1]


def _function_name(argument: Any) -> str | None:
    if argument.ast_type == ast.ASTType.Function and argument.name and not argument.external:
        return argument.name
    if argument.ast_type == ast.ASTType.SymbolicTerm and argument.symbol.type == SymbolType.Function:
        return argument.symbol.name
    return None


def _term_keys(term: Any) -> list[Key] | None:
    if term.ast_type == ast.ASTType.Pool:
        keys = [_term_keys(t) for t in term.arguments]
        return None if any(k is None for k in keys) else [k for ks in keys for k in ks]  # type: ignore[union-attr]
    if term.ast_type == ast.ASTType.Function:
        args = term.arguments
        return [(term.name, len(args), tuple(_function_name(a) for a in args))]
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == SymbolType.Function:
        args = term.symbol.arguments
        return [(term.symbol.name, len(args), tuple(a.name or None if a.type == SymbolType.Function else None
                                                   for a in args))]
    return None


def atom_keys(atom: Any) -> list[Key] | None:
    """The keys of a symbolic atom of the AST (several for a pool; None for what has no predicate)."""
    return _term_keys(atom.symbol)


def _heads(head: Any) -> list[Any]:
    if head.ast_type == ast.ASTType.Literal:
        return [head.atom] if head.atom.ast_type == ast.ASTType.SymbolicAtom else []
    if head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        return [e.literal.atom for e in head.elements if e.literal.atom.ast_type == ast.ASTType.SymbolicAtom]
    raise ValueError(f"a head pyrules does not read: {head}")


class _Atoms(ast.Transformer):
    """Collects the keys of every symbolic atom under a node."""

    def __init__(self) -> None:
        self.keys: list[Key] = []

    def visit_SymbolicAtom(self, atom):
        keys = atom_keys(atom)
        self.keys += keys if keys is not None else []
        return atom


def _uses(node: Any) -> list[Key]:
    collect = _Atoms()
    for literal in node.body:
        collect(literal)
    if node.head.ast_type == ast.ASTType.Aggregate:
        for element in node.head.elements:
            for literal in element.condition:
                collect(literal)
    return collect.keys


def analyse(file: str, node: Any, position: int) -> Statement:
    line = node.location.begin.line
    if node.ast_type == ast.ASTType.ShowSignature:
        return Statement(file, position, (), (), shows=((node.name, node.arity),), kind="show", text=str(node),
                         line=line)
    if node.ast_type == ast.ASTType.Minimize:  # a weak constraint: what its body reads is wanted (relevant)
        collect = _Atoms()
        for literal in node.body:
            collect(literal)
        return Statement(file, position, (), (), tuple(dict.fromkeys(collect.keys)), text=str(node), line=line)
    if node.ast_type != ast.ASTType.Rule:
        return Statement(file, position, (), (), text=str(node), line=line)
    heads = []
    for atom in _heads(node.head):
        keys = atom_keys(atom)
        if keys is None:
            raise ValueError(f"{file}:{node.location.begin.line}: a head pyrules cannot key: {atom}")
        heads += keys
    needs: list[Key] = []
    bound: dict[str, tuple[str, int, int]] = {}  # a variable: the first positive body literal's argument it is
    for lit in node.body:
        positive = lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
        if positive and lit.atom.ast_type == ast.ASTType.SymbolicAtom:
            keys = atom_keys(lit.atom)
            if keys is not None and len(keys) == 1:  # a pooled body literal splits the rule: no single need
                needs += keys
                for j, variable in enumerate(_variables(lit.atom.symbol)):
                    if variable is not None:
                        bound.setdefault(variable, (keys[0][0], keys[0][1], j))
    return Statement(file, position, tuple(heads), tuple(needs), tuple(dict.fromkeys(_uses(node))), kind="rule",
                     text=str(node), line=line, copies=_copies(node, bound))


def _variables(term: Any) -> list[str | None]:
    """At each argument of a function term, the variable written there as the whole argument (else None)."""
    if term.ast_type != ast.ASTType.Function:
        return []
    return [a.name if a.ast_type == ast.ASTType.Variable and a.name != "_" else None for a in term.arguments]


def _copies(node: Any, bound: dict[str, tuple[str, int, int]]) -> tuple[tuple[int, int, str, int, int], ...]:
    """The head arguments whose variable a positive body literal binds (see ``Statement.copies``)."""
    found = []
    first = 0  # the index in ``heads`` of this atom's first key
    for atom in _heads(node.head):
        keys = atom_keys(atom) or []
        if len(keys) == 1:  # a pool in a head is left as it is: its keys come from different terms
            found += [(first, i) + bound[v] for i, v in enumerate(_variables(atom.symbol)) if v in bound]
        first += len(keys)
    return tuple(found)


@cache
def parsed_encodings() -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    for name, path in zip(FILES, encoding_paths()):
        nodes: list[Any] = []
        ast.parse_files([str(path)], nodes.append)
        found += [(name, n) for n in nodes if n.ast_type != ast.ASTType.Comment]
    return found


def encodings_hash() -> str:
    digest = hashlib.sha256()
    for path in encoding_paths():
        digest.update(path.read_bytes())
    return digest.hexdigest()


@cache
def stored_index() -> dict[str, Any] | None:
    try:
        text = resources.files("pyrules.data").joinpath(INDEX).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    stored = json.loads(text)
    return stored if stored.get("encodings") == encodings_hash() and stored.get("format") == INDEX_FORMAT else None


def stored_keys(keys: tuple[Key, ...]) -> list:
    return [[name, arity, list(names)] for name, arity, names in keys]


def _keys(stored: list) -> tuple[Key, ...]:
    return tuple((name, arity, tuple(names)) for name, arity, names in stored)


def statements() -> tuple[Statement, ...]:
    """Every statement of the encodings (comments left out), in load order, each with its keys: from the
    stored index while the encodings are those it was made from, else from clingo's AST."""
    return _prepared()[0]


@cache
def _prepared() -> tuple[tuple[Statement, ...], _NeedIndex]:
    """The statements and their need index, once per process: read back from the disk cache where an earlier
    process kept them (pyrules.base.diskcache), else made and kept."""
    key = _cache_key()
    found = diskcache.load("statements", key)
    if isinstance(found, tuple) and len(found) == 2 and isinstance(found[1], _NeedIndex) \
            and found[1].statements is found[0]:
        return found
    with paused():
        made = _made_statements()
        prepared = made, _NeedIndex(made)
    diskcache.store("statements", key, prepared)
    return prepared


def _cache_key() -> bytes:
    """Everything the statements and their index are made from: the encodings, this module and the one that lists
    the encodings, the index's format, pyrules' and Python's versions."""
    code = b"".join(Path(module.__file__).read_bytes() for module in (sys.modules[__name__], encodings_module))
    return b"\0".join([encodings_hash().encode(), hashlib.sha256(code).hexdigest().encode(), str(INDEX_FORMAT).encode(),
                       __version__.encode(), sys.version.encode()])


def _made_statements() -> tuple[Statement, ...]:
    stored = stored_index()
    if stored is None or any(len(entry) != 9 for entry in stored["statements"]):  # the encodings changed
        return tuple(analyse(name, node, i) for i, (name, node) in enumerate(parsed_encodings()))
    return tuple(Statement(name, i, _keys(heads), _keys(needs), _keys(uses), tuple(tuple(k) for k in shows), kind,
                           text, line, tuple(tuple(c) for c in copies))
                 for i, (name, heads, needs, uses, shows, kind, text, line, copies)
                 in enumerate(stored["statements"]))


@cache
def _declarations_text() -> str:
    """``#defined`` for the inputs and outputs of the catalogues and for every predicate a rule derives."""
    heads = sorted({f"{k[0]}/{k[1]}" for s in statements() for k in s.heads})
    return defined_statements() + "\n".join(f"#defined {h}." for h in heads) + "\n"


@cache
def _declarations() -> tuple[Any, ...]:
    """The declarations (:func:`_declarations_text`) as clingo's AST."""
    nodes: list[Any] = []
    ast.parse_string(_declarations_text(), nodes.append)
    return tuple(nodes)


@cache
def _declaration_nodes() -> tuple[tuple[tuple[str, int], Any], ...]:
    """Each declaration's AST with the signature it declares, read from the text (asking each node for its name and
    arity costs two calls into clingo a node: 30 ms for the 1,600 of them)."""
    nodes = _declarations()
    written = [(name, int(arity)) for name, arity in _DEFINED.findall(_declarations_text())]
    if len(nodes) == len(written) + 1 and nodes[0].ast_type == ast.ASTType.Program:  # (#program base. opens a parse)
        return tuple(zip(written, nodes[1:], strict=True))
    return tuple(((n.name, n.arity), n) for n in nodes if n.ast_type == ast.ASTType.Defined)


_DEFINED = re.compile(r"^#defined ([a-z_][A-Za-z0-9_']*)/(\d+)\.$", re.MULTILINE)


def _declared(alive: tuple[Statement, ...]) -> list[Any]:
    """The declarations a program of these statements needs: of what their bodies read, and of every outcome
    predicate (the shown terms read them; so may a user's constraints, objective and queries, and nothing else,
    pyrules.engine.query). The others, three in four, would only cost clingo their reading."""
    wanted = {(key[0], key[1]) for statement in alive for key in statement.uses} | _outcome_signatures()
    return [node for signature, node in _declaration_nodes() if signature in wanted]


@cache
def _outcome_signatures() -> frozenset[tuple[str, int]]:
    return frozenset((name, int(arity)) for name, arity in (s.rsplit("/", 1) for s in output_signatures()))


@cache
def _shown_terms() -> tuple[tuple[tuple[str, int], Any], ...]:
    """The shown atoms as output terms (:func:`pyrules.engine.encodings.show_terms`) as clingo's AST, each with the
    signature it shows."""
    nodes: list[Any] = []
    ast.parse_string(show_terms(), nodes.append)
    return tuple(((n.term.name, len(n.term.arguments)), n) for n in nodes[1:])


class _NeedIndex:
    """Which statements wait for which conditions: made once per tuple of statements (``live`` runs for
    every situation, over the same statements). A need is met when its predicate is there, condition
    ``(name, arity)``, and so is each function it names at an argument, ``(name, arity, i, function)``."""

    def __init__(self, statements_: tuple[Statement, ...]):
        self.statements = statements_
        self.counts: list[int] = []
        self.waiting: dict[tuple, list[int]] = defaultdict(list)
        self.by_position: dict[tuple[str, int, int], list[tuple]] = defaultdict(list)  # conditions at an argument
        for j, stm in enumerate(statements_):
            conditions: set[tuple] = set()
            for name, arity, names in stm.needs:
                conditions.add((name, arity))
                conditions.update((name, arity, i, f) for i, f in enumerate(names) if f)
            self.counts.append(len(conditions))
            for condition in conditions:
                if condition not in self.waiting and len(condition) == 4:
                    self.by_position[condition[:3]].append(condition)
                self.waiting[condition].append(j)
        self.kept = [not stm.heads and not stm.needs and stm.kind != "rule" for stm in statements_]
        #: for each statement, its head keys' copied arguments: head -> argument -> (predicate, arity, argument)
        self.copies: list[dict[int, dict[int, tuple[str, int, int]]]] = []
        for stm in statements_:
            copies: dict[int, dict[int, tuple[str, int, int]]] = defaultdict(dict)
            for head, argument, name, arity, at in stm.copies:
                copies[head][argument] = (name, arity, at)
            self.copies.append(dict(copies))
        #: the arguments whose names some head copies: the only places whose names ``live`` must remember
        self.sources = {(name, arity, at) for stm in statements_ for _, _, name, arity, at in stm.copies}
        #: for each statement, what each of its heads meets (see ``plan``), worked out once
        self.plans = [[self.plan(key, self.copies[j].get(h, {})) for h, key in enumerate(stm.heads)]
                      for j, stm in enumerate(statements_)]
        self.ready = [j for j, count in enumerate(self.counts) if not count]
        self.always = [j for j, kept in enumerate(self.kept) if kept]

    def plan(self, key: Key, copies: dict[int, tuple[str, int, int]]) -> tuple[tuple | None, tuple, tuple]:
        """What an atom with this key meets: its predicate's condition (None if nothing waits for it), the
        conditions met by the names at arguments nobody copies (an argument that may be anything meets every
        condition on it), and the (place, name, copied from) of the rest, which ``live`` follows name by name."""
        name, arity, names = key
        signature = (name, arity)
        met: list[tuple] = []
        followed: list[tuple] = []
        for i, f in enumerate(names):
            place, source = (name, arity, i), copies.get(i)
            if source is not None or place in self.sources:
                followed.append((place, f, source))
            elif f is None:
                met += self.by_position.get(place, ())
            elif f and place + (f,) in self.waiting:
                met.append(place + (f,))
        return (signature if signature in self.waiting else None), tuple(met), tuple(followed)


_need_indexes: dict[int, _NeedIndex] = {}


def _need_index(statements_: Iterable[Statement]) -> _NeedIndex:
    prepared = _prepared()
    if statements_ is prepared[0]:
        return prepared[1]
    if isinstance(statements_, tuple):
        found = _need_indexes.get(id(statements_))
        if found is None or found.statements is not statements_:
            found = _need_indexes[id(statements_)] = _NeedIndex(statements_)
        return found
    return _NeedIndex(tuple(statements_))


def live(statements_: Iterable[Statement], keys: Iterable[Key]) -> list[Statement]:
    """The statements that can fire given facts with these keys (least fixpoint over rule heads).

    What is known of each argument of each predicate is the set of names atoms can have there (None: any
    value). A head argument that copies a body literal's argument (``Statement.copies``) takes the names known
    at that argument, now and as more become known; any other variable there may be anything. Linear in the
    size of the statements and the names: each condition of a statement is counted once, and once met stays
    met (an argument that may be anything meets every condition on that argument)."""
    index = _need_index(statements_)
    pending, plans = index.statements, index.plans
    missing = list(index.counts)
    waiting, by_position = index.waiting, index.by_position
    met: set[tuple] = set()
    names_at: dict[tuple[str, int, int], set[str | None]] = defaultdict(set)
    copied_to: dict[tuple[str, int, int], list[tuple[str, int, int]]] = defaultdict(list)
    ready = list(index.ready)

    def meet(condition: tuple) -> None:
        if condition in met:
            return
        met.add(condition)
        for j in waiting.get(condition, ()):
            missing[j] -= 1
            if not missing[j]:
                ready.append(j)

    def name_at(place: tuple[str, int, int], name: str | None) -> None:
        known = names_at[place]
        if name in known or None in known:
            return
        known.add(name)
        if name is None:  # anything: every condition on this argument
            if place not in met:
                met.add(place)
                for condition in by_position.get(place, ()):
                    meet(condition)
        elif name:
            meet(place + (name,))
        for target in copied_to.get(place, ()):
            name_at(target, name)

    def have(plan: tuple[tuple | None, tuple, tuple]) -> None:
        signature, conditions, followed = plan
        if signature is not None:
            meet(signature)
        for condition in conditions:
            meet(condition)
        for place, f, source in followed:
            if source is None:
                name_at(place, f)
            else:
                copied_to[source].append(place)
                for known in list(names_at.get(source, ())):
                    name_at(place, known)

    for key in keys:
        have(index.plan(key, {}))
    alive = set(index.always)
    while ready:
        i = ready.pop()
        if i in alive:
            continue
        alive.add(i)
        for plan in plans[i]:
            have(plan)
    return [pending[i] for i in sorted(alive)]


def _first(key: Key) -> str | None:
    """The name at a key's first argument (None: anything, or no argument)."""
    return key[2][0] or None if key[2] else None


def _matches(key: Key, wanted: dict[tuple[str, int], set[str | None]]) -> bool:
    firsts = wanted.get((key[0], key[1]))
    first = _first(key)
    return firsts is not None and (first is None or None in firsts or first in firsts)


def relevant(statements_: list[Statement]) -> list[Statement]:
    """The statements whose heads something reads: what is shown, the bodies of constraints, and the
    bodies of relevant rules, as a greatest fixpoint backwards. A rule whose head nothing reads changes
    no answer: the shown atoms, and which answer sets exist, are the same without it. (A worklist: a rule
    is looked at again only when its predicate is wanted with a new first argument.)"""
    wanted: dict[tuple[str, int], set[str | None]] = {}
    by_name: dict[tuple[str, int], list[int]] = {}
    for i, stm in enumerate(statements_):
        for key in stm.heads:
            by_name.setdefault((key[0], key[1]), []).append(i)
    keep: set[int] = set()
    todo: list[int] = []

    def want(key: Key) -> None:
        name, first = (key[0], key[1]), _first(key)
        firsts = wanted.setdefault(name, set())
        if first in firsts:
            return
        firsts.add(first)
        for i in by_name.get(name, ()):
            if i not in keep and any(_matches(k, wanted) for k in statements_[i].heads):
                keep.add(i)
                todo.append(i)

    for i, stm in enumerate(statements_):
        if stm.kind != "rule" or not stm.heads:  # #show, #program, constraints
            keep.add(i)
            todo.append(i)
    for stm in statements_:
        for name, arity in stm.shows:
            want((name, arity, ()))
    while todo:
        for key in statements_[todo.pop()].uses:
            want(key)
    return [stm for i, stm in enumerate(statements_) if i in keep]


def live_statements(keys: Iterable[Key], demand: bool = True) -> tuple[Statement, ...]:
    """The statements to ground for facts with these keys: the live statements (with ``demand``, only
    those whose heads something reads). A name no statement's body asks for at any argument meets no
    condition wherever ``live`` carries it, so it is read as any other value (""): situations that differ
    only in such names (object ids, players, card names) share one set of keys, and one answer."""
    return _live_statements(_as_read(keys), demand)


def _as_read(keys: Iterable[Key]) -> frozenset[Key]:
    asked = _asked_names()
    return frozenset(key if all(f in asked for f in key[2]) else (key[0], key[1], tuple(f if f in asked else ""
                                                                                        for f in key[2]))
                     for key in keys)


@cache
def _asked_names() -> frozenset[str]:
    """Every name some statement's body asks for at an argument, and "" (any other value)."""
    return frozenset({""} | {condition[3] for condition in _need_index(statements()).waiting if len(condition) == 4})


@lru_cache(maxsize=1024)
def _live_statements(keys: frozenset[Key], demand: bool) -> tuple[Statement, ...]:
    """Kept for the last 1,024 sets of keys (a tuple of references each): a sweep's situations repeat theirs
    (every land of a library under three conditions: 960 sets in 1,482), and so do most regression cases."""
    alive = live(statements(), keys)
    return tuple(relevant(alive) if demand else alive)


#: A statement's clingo AST, by its position, parsed from its text the first time a situation uses it and kept for the
#: process: a program handed to clingo as AST is not parsed again (3x faster than its text, measured in
#: benchmarks/notes.md), and each statement is parsed once however many situations use it.
_NODES: dict[int, Any] = {}

#: The line at which the encodings begin in the text their statements are parsed from: each statement is placed at
#: its own line of its file, counted on from the files before it, so that clingo's place in a message about it
#: (``<string>:LINE:COLUMN:``, the only place parse_string gives) says which; far below the lines of a user's rules.
FIRST_LINE = 100_000


@cache
def _file_starts() -> tuple[tuple[int, str], ...]:
    """(the line before its first, its name) of each file of the encodings, in the text statements are parsed from."""
    starts, line = [], FIRST_LINE
    for name in FILES:
        starts.append((line, name))
        line += max((s.line for s in statements() if s.file == name), default=0) + 100  # (its last statement's lines)
    return tuple(starts)


def place_of_line(line: int) -> str | None:
    """The file and line of the encodings (``core.lp:207``) at this line of the text statements are parsed from."""
    if line <= FIRST_LINE:
        return None
    start, name = max(s for s in _file_starts() if s[0] < line)
    return f"{name}:{line - start}"


def statement_nodes(statements_: tuple[Statement, ...]) -> list[Any]:
    """The AST of these statements, each parsed at its place in the encodings (see FIRST_LINE)."""
    starts = {name: line for line, name in _file_starts()}
    new = sorted((starts[s.file] + s.line, s.position, s) for s in statements_ if s.position not in _NODES)
    if new:
        text, at = [], 1
        for line, _, statement in new:
            text.append("\n" * (line - at) if line > at else " ")  # (two statements on one line: side by side)
            text.append(statement.text)
            at = max(at, line) + statement.text.count("\n")
        parsed: list[Any] = []
        ast.parse_string("".join(text), parsed.append)
        for (_, position, _), node in zip(new, parsed[1:], strict=True):  # (parse_string begins with "#program base.")
            _NODES[position] = node
    return [_NODES[s.position] for s in statements_]


def add_program(control: Any, facts: Iterable[Symbol], extra: Any = None,
                demand: bool = True) -> tuple[str, ...]:
    """Add to ``control`` the declarations, the statements of the encodings that facts like these can use and the
    shown atoms as terms, as clingo's AST. Without ``demand``, every live rule is kept, also those whose heads
    nothing reads (explanations and why-not look at those atoms too). ``extra(statements)`` gives more statements
    for the live ones, as text, and the place of each of its lines, which this returns (for clingo's messages
    about that text)."""
    keys = symbol_keys(facts)
    alive = live_statements(keys, demand)
    # A shown term of a predicate no fact has and no statement derives shows nothing; clingo would still spend most
    # of a small grounding on the 80 of them (benchmarks/notes.md).
    derivable = {(key[0], key[1]) for key in keys} | {(key[0], key[1]) for statement in alive for key in statement.heads}
    with ast.ProgramBuilder(control) as builder:
        for node in _declared(alive):
            builder.add(node)
        for node in statement_nodes(alive):
            builder.add(node)
        for signature, node in _shown_terms():
            if signature in derivable:
                builder.add(node)
    if extra is None:
        return ()
    more, places = extra(alive)
    control.add("base", [], more)
    return places
