"""What a grounding knows for explanations: the rules of the encodings (:class:`RuleInfo`, with their
``@rule`` blocks), the shadow program a situation grounds beside its own (:func:`shadow_program`), and
the firings read back from it (:class:`ExplainData`). :mod:`pyrules.explain` builds the graphs from these."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from operator import itemgetter
from typing import Any

import clingo
import clingo.ast as ast
from clingo import Symbol

from pyrules.base.interrupt import clingo_call
from pyrules.base.symbols import argument_lists, ground_atoms
from pyrules.engine.encodings import RuleBlock, block_at
from pyrules.engine.index import analysed
from pyrules.engine.program import statements
from pyrules.engine.shadows import WHY


@dataclass
class RuleInfo:
    """One (non-ground) rule of an encoding, or one element of a choice rule's head: where it is, and its
    shadow rule (``_why(Id, Head, Positive..., Negative...) :- <its body>``), as text. Its atoms, as clingo's
    AST, are read from the shadow rule when first asked for (why-not looks at them; explanations do not)."""

    id: int
    file: str
    line: int
    block: RuleBlock | None
    predicate: tuple[str, int]  # its head's
    positives: int  # how many positive body atoms (with, for a choice element, its condition's)
    shadow: str
    choice: bool = False

    @property
    def label(self) -> str:
        if self.block is None:
            return f"{self.file}:{self.line}"
        return self.block.label

    @property
    def citations(self) -> tuple[str, ...]:
        return self.block.citations if self.block else ()

    @property
    def head(self) -> Any:
        """AST of the head atom (a SymbolicAtom)."""
        return _rule_atoms()[self.id][0]

    @property
    def positive(self) -> list[Any]:
        """ASTs of the positive body atoms (and, for a choice element, of its condition)."""
        return _rule_atoms()[self.id][1]

    @property
    def negative(self) -> list[Any]:
        """ASTs of the atoms under "not" whose variables the rest of the body binds."""
        return _rule_atoms()[self.id][2]


@lru_cache(maxsize=1)
def _rule_atoms() -> list[tuple[Any, list[Any], list[Any]]]:
    """Each rule's head, positive and negative atoms, read from the arguments of its shadow rule's head."""
    infos = rules()[0]
    nodes: list[Any] = []
    ast.parse_string("\n".join(info.shadow for info in infos), nodes.append)
    found = []
    for info, node in zip(infos, (n for n in nodes if n.ast_type == ast.ASTType.Rule), strict=True):
        args = [ast.SymbolicAtom(a) for a in node.head.atom.symbol.arguments]
        end = 2 + info.positives
        found.append((args[1], args[2:end], args[end:]))
    return found


@lru_cache(maxsize=1)
def rules() -> tuple[list[RuleInfo], list[int]]:
    """Every rule of the encodings, and the position of the statement each comes from."""
    infos, positions = [], []
    for rule_id, (position, name, line, choice, predicate, arity, positives, shadow) in enumerate(analysed("shadows")):
        infos.append(RuleInfo(rule_id, name, line, block_at(name, line), (predicate, arity), positives, shadow, choice))
        positions.append(position)
    return infos, positions


def shadow_program(statements_: tuple[Any, ...]) -> tuple[str, tuple[str, ...]]:
    """The shadow rules of these statements, as text, and the place in the encodings of each of its lines."""
    live = {s.position for s in statements_}
    infos, positions = rules()
    texts, places = [], []
    for info, position in zip(infos, positions, strict=True):
        if position in live:
            texts.append(info.shadow)
            places += [f"{info.file}:{info.line}"] * (info.shadow.count("\n") + 1)
    return "\n".join(texts) + "\n", tuple(places)


@lru_cache(maxsize=1)
def encoding_facts() -> frozenset[Symbol]:
    """The facts the encodings state outright (``color(w;u;b;r;g).``): grounded once, alone."""
    every = statements()
    control = clingo.Control(message_limit=0)
    control.add("base", [], "\n".join(every[i].text for i in analysed("facts")))
    with clingo_call(control):
        control.ground([("base", [])])
    return frozenset(a.symbol for a in control.symbolic_atoms)


@dataclass
class ExplainData:
    """What the grounding knows for explanations: facts, undecided atoms, and the firings. The part
    decided by grounding alone (facts, their firings, their stages) is built once and shared by the
    explanations of all outcomes."""

    control: Any  # the grounding (clingo.Control) the rest was read from
    input_facts: dict[Symbol, str]  # situation fact -> where it came from (file:line)
    why_facts: list[int]  # the handles of the _why atoms that are facts
    why_literals: dict[Symbol, int]  # non-fact _why atoms and their program literals
    nonfact_literals: dict[Symbol, int]
    base: Any = None  # the Base, made on the first explanation
    base_stage: dict[int, int] = field(default_factory=dict)
    choice_firings: list = field(default_factory=list)  # firings decided by grounding whose head is a choice

    @cached_property
    def fact_reps(self) -> frozenset[int]:
        """The handles of the atoms grounding made facts (but the firings), read when first asked for (an
        explanation needs none of them: what it needs of them is in the base's stages)."""
        return frozenset(rep for name, arity, positive in self.control.symbolic_atoms.signatures if name != WHY
                         for rep, fact, _ in ground_atoms(self.control, name, arity, positive) if fact)

    @cached_property
    def facts(self) -> frozenset[Symbol]:
        """The atoms grounding made facts (but the firings)."""
        return frozenset(map(Symbol, self.fact_reps))

    def is_fact(self, rep: int) -> bool:
        atom = self.control.symbolic_atoms[Symbol(rep)]
        return atom is not None and atom.is_fact

    @cached_property
    def input_sources(self) -> dict[int, str]:
        """The handles of the situation's facts, and where each came from."""
        return {s._rep: where for s, where in self.input_facts.items()}

    @cached_property
    def _why_order(self) -> dict[int, int]:
        """The handles of the undecided firings, each with its place (the order they are read in)."""
        return {w._rep: k for k, w in enumerate(self.why_literals)}

    @cached_property
    def _read_firings(self) -> dict[int, tuple]:
        """The undecided firings read so far, by handle: outcomes share most of theirs."""
        return {}

    @cached_property
    def _choices_by_head(self) -> tuple[list[tuple[int, tuple]], dict[int, list[tuple[int, tuple]]]]:
        """The firings of choices (by place): those of an atom grounding decided (in every outcome's
        explanation), and the others by head (in the explanations where the head holds)."""
        decided: list[tuple[int, tuple]] = []
        by_head: dict[int, list[tuple[int, tuple]]] = {}
        for k, firing in enumerate(self.choice_firings):
            if firing[1] in self.base_stage:
                decided.append((k, firing))
            else:
                by_head.setdefault(firing[1], []).append((k, firing))
        return decided, by_head

    def outcome_firings(self, true_reps: set[int]) -> Firings:
        """The firings an outcome adds to the base (its atoms' handles given): its true undecided firings
        whose heads hold or are decided, in the order they are read, then the firings of choices grounding
        decided whose heads hold or are decided, in theirs."""
        order, read = self._why_order, self._read_firings
        hits = sorted(true_reps.intersection(order), key=order.__getitem__)
        new = [r for r in hits if r not in read]
        if new:
            read.update(zip(new, read_firings(new)))
        decided, by_head = self._choices_by_head
        chosen = decided + [pair for head in true_reps.intersection(by_head) for pair in by_head[head]]
        chosen.sort(key=_first)
        # (a choice's firing says its body holds, not that its head was chosen)
        stage = self.base_stage
        return [f for f in map(read.__getitem__, hits) if f[1] in true_reps or f[1] in stage] + \
            [firing for _, firing in chosen]


# A firing: its rule, and the handles (``Symbol._rep``) of its head, positive body atoms and atoms under
# "not". Handles, not Symbols: a grounding has hundreds of thousands of firings, and a Symbol is made
# only for an atom that becomes a node.
Firings = list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]


_first = itemgetter(0)


def read_firings(whys: Iterable[int]) -> Firings:
    """Each firing as plain numbers: its rule's position in :func:`rules`, the handles of its head, body
    and negative conditions. (Tuples of numbers only: the garbage collector stops walking them after its
    first look, and a grounding holds hundreds of thousands.)"""
    ends = _body_ends()
    # One int object per atom, not one per mention (16 replacement effects: 1.9M mentions of 116k atoms)
    one = {}.setdefault
    rule_of: dict[int, int] = {}  # a rule's number, by its handle
    out = []
    append = out.append
    for args in argument_lists(whys):
        rule = rule_of.get(args[0])
        if rule is None:
            rule = rule_of[args[0]] = Symbol(args[0]).number
        end = ends[rule]
        body = args[2:end]
        if len(args) > end:
            unless = args[end:]
            unless = tuple(map(one, unless, unless))
        else:
            unless = ()
        append((rule, one(args[1], args[1]), tuple(map(one, body, body)), unless))
    return out


@lru_cache(maxsize=1)
def _body_ends() -> list[int]:
    """Where the positive body of each rule's firing term ends (after the rule and the head)."""
    return [2 + info.positives for info in rules()[0]]
