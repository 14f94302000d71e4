"""Why an atom holds in no outcome, minimally: the parts of the situation that block it.

A part is an object (a permanent, a card in a zone) or a lasting effect. The search asks clingo, on
the situation without some parts, whether the atom holds in some outcome (brave consequences):
first without each single part, then without each pair, then each triple, skipping any set that
contains one already found. The first sets found are the smallest: without all the parts of such
a set the atom could hold, and no smaller set does it. The objects the atom and the question name
stay. The rules cited are those that read the blocking parts' abilities by what they do (a rule
that reads ``ability_static(D, set_land_type(S))`` for Blood Moon), the rules through which they
block the atom. The search is bounded; when it stops early it says so.

A query (``could_produce(tundra, T)``) is searched alike, asking whether it holds in some outcome; the atoms
that match it without the blocking parts are its *instances* that could hold. Where no part blocks it, its
instances are those the values of its places give (:func:`instances`).
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from clingo import Function, String, Symbol, SymbolType, ast

from pyrules.base.errors import InputError
from pyrules.cards.library import builtin_library
from pyrules.engine.atoms import ARGUMENT_KINDS, _signatures, format_atom
from pyrules.engine.derivations import rules
from pyrules.engine.facts import card_facts
from pyrules.engine.query import Query, _symbol
from pyrules.engine.shadows import predicate_of
from pyrules.engine.solver import Grounding, match_outcomes
from pyrules.explain.graph import match_atom
from pyrules.situation.model import Situation
from pyrules.vocabulary.values import MANA_TYPES, ZONES

#: Sizes of the sets of parts tried, solves at most, and seconds at most.
MAX_SIZE = 3
MAX_SOLVES = 200
MAX_SECONDS = 30.0
#: The instances of a query explained one by one, at most.
MAX_INSTANCES = 6


@dataclass(frozen=True)
class Part:
    kind: str  # "objects" or "effects"
    index: int
    name: str  # "moon (Blood Moon)", "the lasting effect of Pale Moon"
    where: str  # file:line
    card: str


@dataclass
class WhyNot:
    """``blockers``: the smallest sets of parts without which the atom could hold (each a list of parts);
    ``rules``: the CR numbers of the rules through which they act; ``complete``: False when the search
    stopped at its bound; ``note``: said instead when there is no such set."""

    atom: str
    blockers: list[list[Part]] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    complete: bool = True
    note: str = ""
    #: For a query: the atoms that match it in some outcome without the blocking parts (else None).
    instances: list[Symbol] | None = None

    def lines(self) -> list[str]:
        out = []
        for parts in self.blockers:
            names = " and ".join(f"{p.name}, {p.where}" for p in parts)
            out.append(f"without {names}, {self.atom} could hold: {'they block' if len(parts) > 1 else 'it blocks'} it")
        if self.instances:
            gone = "them" if sum(map(len, self.blockers)) > 1 else "it"
            out.append(f"what could hold without {gone}: {', '.join(map(format_atom, self.instances))}")
        if self.rules:
            out.append(f"through the rules {', '.join(self.rules)}")
        if self.note:
            out.append(self.note)
        if not self.complete:
            out.append(f"(the search stopped after {MAX_SOLVES} solves or {MAX_SECONDS:g} s)")
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"atom": self.atom, "complete": self.complete, "note": self.note, "rules": self.rules,
                "blockers": [[{"part": p.name, "where": p.where} for p in parts] for parts in self.blockers]} | (
            {} if self.instances is None else {"instances": [format_atom(a) for a in self.instances]})


def why_not_minimal(situation: Situation, library: Any, atom: Symbol | Query) -> WhyNot:
    """The smallest sets of the situation's parts that keep ``atom`` (or a query) out of every outcome."""
    text = format_atom(atom) if isinstance(atom, Symbol) else atom.text
    cards = library or situation.library or builtin_library()
    kept = (_ids(atom) if isinstance(atom, Symbol) else _query_ids(atom)) | _question_ids(situation)
    parts = [Part("objects", i, f"{o.id} ({o.card})", situation.where(f"objects.{i}"), o.card)
             for i, o in enumerate(situation.objects) if o.id not in kept]
    parts += [Part("effects", i, f"the lasting effect of {e.card}", situation.where(f"effects.{i}"), e.card)
              for i, e in enumerate(situation.effects)]
    start, solves, found = time.perf_counter(), 0, []
    matched: set[Symbol] | None = None if isinstance(atom, Symbol) else set()
    for size in range(1, MAX_SIZE + 1):
        for combo in itertools.combinations(parts, size):
            if any(set(f) <= set(combo) for f in found):
                continue
            if solves >= MAX_SOLVES or time.perf_counter() - start > MAX_SECONDS:
                return _result(text, found, cards, complete=False, instances=matched, asked=_asked(atom))
            solves += 1
            if _holds_without(situation, library, atom, combo, matched):
                found.append(list(combo))
        if found:
            return _result(text, found, cards, instances=matched, asked=_asked(atom))
    note = (f"no set of up to {MAX_SIZE} of the situation's objects and lasting effects blocks it: without any of "
            "them it still holds in no outcome, so it needs something the situation lacks (see the rules that could "
            "derive it)")
    return _result(text, found, cards, note=note, instances=matched, asked=_asked(atom))


def _result(text: str, found: list[list[Part]], library: Any, complete: bool = True, note: str = "",
            instances: set[Symbol] | None = None, asked: frozenset[tuple[str, int]] = frozenset()) -> WhyNot:
    cards = sorted({p.card for parts in found for p in parts})
    return WhyNot(text, found, _rules(cards, library, asked), complete, note,
                  None if instances is None else sorted(instances, key=format_atom))


def _asked(atom: Symbol | Query) -> frozenset[tuple[str, int]]:
    """The predicates an atom or query asks for (those of its positive literals)."""
    if isinstance(atom, Symbol):
        return frozenset({(atom.name, len(atom.arguments))})
    return frozenset(predicate_of(literal.atom) for literal in atom.body if literal.ast_type == ast.ASTType.Literal
                     and literal.sign == ast.Sign.NoSign and literal.atom.ast_type == ast.ASTType.SymbolicAtom)


def _holds_without(situation: Situation, library: Any, atom: Symbol | Query, parts: tuple[Part, ...],
                   matched: set[Symbol] | None = None) -> bool:
    """Whether the atom (or query) holds in some outcome of the situation without these parts (False when the
    situation makes no sense without them, e.g. a target that is gone). For a query, the atoms that match it
    in some outcome then are added to ``matched``."""
    gone = {(p.kind, p.index) for p in parts}
    smaller = replace(situation,
                      objects=tuple(o for i, o in enumerate(situation.objects) if ("objects", i) not in gone),
                      effects=tuple(e for i, e in enumerate(situation.effects) if ("effects", i) not in gone))
    try:
        grounding = Grounding(smaller, library)
        if isinstance(atom, Query):
            holds = bool(grounding.ask(atom, "sometimes").holds)
            if holds and matched is not None:  # the atoms that match it over those of every outcome
                every = grounding.consequences("brave") or frozenset()
                matched |= match_outcomes([every], atom).get(0, (frozenset(), []))[0]
            return holds
        brave = grounding.consequences("brave")
    except (InputError, KeyError, ValueError):  # the rest refers to a part that is gone
        return False
    return brave is not None and atom in brave


def instances(query: Query, situation: Situation, known: frozenset[Symbol] = frozenset()) -> list[Symbol]:
    """The instances of a query's atoms (those not under ``not``) that the values of their places give, and
    that the query would match were they all true (so its comparisons hold). A variable stands for each
    object, player, type of mana or zone its place may hold, and for each value that place has in the
    ``known`` atoms of the same predicate (the numbers the encodings derive there)."""
    kinds_of = _signatures(situation)
    values = {"object": [String(o.id) for o in situation.objects],
              "player": [String(p.name) for p in situation.players],
              "mana type": [Function(t) for t in MANA_TYPES], "zone": [Function(z) for z in ZONES]}
    values["object or player"] = values["object"] + values["player"]
    found: set[Symbol] = set()
    for atom in _positive_atoms(query):
        ground = _symbol(atom)
        if ground is not None or atom.ast_type != ast.ASTType.Function:
            found.update([ground] if ground is not None else [])
            continue
        kinds = [ARGUMENT_KINDS.get(a, "term") for a in kinds_of.get(f"{atom.name}/{len(atom.arguments)}", ())]
        alike = [k for k in known if k.name == atom.name and len(k.arguments) == len(atom.arguments)]
        choices = []
        for i, (argument, kind) in enumerate(zip(atom.arguments, kinds)):
            value = _symbol(argument)
            choices.append([value] if value is not None else [] if argument.ast_type != ast.ASTType.Variable else
                           sorted(set(values.get(kind, [])) | {k.arguments[i] for k in alike}))
        if len(choices) == len(atom.arguments) and all(choices) and math.prod(map(len, choices)) <= _MOST_TRIED:
            found.update(Function(atom.name, list(args)) for args in itertools.product(*choices))
    if not found:
        return []
    return sorted(match_outcomes([frozenset(found)], query).get(0, (frozenset(), []))[0], key=format_atom)


#: The most instances of one atom of a query :func:`instances` tries.
_MOST_TRIED = 10_000


def _positive_atoms(query: Query) -> list[Any]:
    """The terms of a query's atoms not under ``not``."""
    return [lit.atom.symbol for lit in query.body if lit.ast_type == ast.ASTType.Literal
            and lit.sign == ast.Sign.NoSign and lit.atom.ast_type == ast.ASTType.SymbolicAtom]


def _query_ids(query: Query) -> set[str]:
    """The ids a query names."""
    found: set[str] = set()

    class Ids(ast.Transformer):
        def visit_SymbolicTerm(self, term):
            found.update(_ids(term.symbol))
            return term

    for literal in query.body:
        Ids()(literal)
    return found


def _ids(symbol: Symbol) -> set[str]:
    if symbol.type == SymbolType.String:
        return {symbol.string}
    if symbol.type == SymbolType.Function:
        return set().union(*(_ids(a) for a in symbol.arguments)) if symbol.arguments else set()
    return set()


def _question_ids(situation: Situation) -> set[str]:
    """The ids the question names (its objects stay in every try)."""
    found: set[str] = set()
    ids = {o.id for o in situation.objects}

    def walk(value: Any) -> None:
        if isinstance(value, str) and value in ids:
            found.add(value)
        elif isinstance(value, (tuple, list, set, frozenset)):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name))

    walk(situation.question)
    return found


def _rules(cards: list[str], library: Any, asked: frozenset[tuple[str, int]] = frozenset()) -> list[str]:
    """The CR numbers of the rules that read an ability of these cards by what it does: a body atom that
    matches one of the cards' facts about what an ability does (``ability_static(D, set_land_type(S))``,
    ``ability_event(D, counters)``) and names that value, not only the ability's id; with ``asked``, only rules
    whose head leads to one of those predicates (a rule that only refuses, say, cannot block an atom)."""
    facts = [f for name in cards if name in library for f in card_facts(library[name])
             if f.name.startswith("ability_") and f.name != "ability_filter"]
    doing = {a.name for f in facts for a in f.arguments[1:] if a.type == SymbolType.Function}
    leading = _leading_to(asked) if asked else None
    cited: set[str] = set()
    for info, written in zip(rules()[0], _written_names(), strict=True):
        if leading is not None and predicate_of(info.head) not in leading:
            continue
        for body, names in zip(info.positive, written, strict=True):
            if names & doing and any(predicate_of(body) == (f.name, len(f.arguments))
                                     and match_atom(body.symbol, f, {}) is not None for f in facts):
                cited.update(info.citations)
    return sorted(cited, key=_cr_order)


@cache
def _leading_to(asked: frozenset[tuple[str, int]]) -> frozenset[tuple[str, int]]:
    """The predicates some rule's head can lead to one of these through rule bodies (these included)."""
    reads: dict[tuple[str, int], set[tuple[str, int]]] = {}
    for info in rules()[0]:
        reads.setdefault(predicate_of(info.head), set()).update(predicate_of(a) for a in info.positive + info.negative)
    found, todo = set(asked), list(asked)
    while todo:
        for body in reads.get(todo.pop(), ()):
            if body not in found:
                found.add(body)
                todo.append(body)
    return frozenset(found)


@cache
def _written_names() -> list[list[frozenset[str]]]:
    """For each rule of the encodings, for each atom of its positive body: the names of the constants and functions
    it writes after its first argument (read from the AST once per process)."""
    return [[_written(atom) for atom in info.positive] for info in rules()[0]]


class _Functions(ast.Transformer):
    """Collects the names of the functions and constants under a term."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Function(self, term):
        self.names.add(term.name)
        return term.update(**self.visit_children(term))

    def visit_SymbolicTerm(self, term):
        if term.symbol.type == SymbolType.Function:
            self.names.add(term.symbol.name)
        return term


def _written(atom: Any) -> frozenset[str]:
    collect = _Functions()
    for argument in list(getattr(atom.symbol, "arguments", ()))[1:]:
        collect(argument)
    return frozenset(collect.names)


def _cr_order(number: str) -> tuple:
    head, _, tail = number.partition(".")
    return (int(head) if head.isdigit() else 10**6, tail)
