"""Explanations: a networkx graph saying why an outcome holds, built from the rules' own headers.

How it works, with no explanation code per rule:

* When a situation is solved with explanations, every rule of ``asp/`` is also loaded as a
  *shadow* rule ``_why(Rule, Head, Body..., Negative...) :- <the same body>.`` (built through
  clingo's AST, so the grounder instantiates it once, with the rest, and writes the atoms of each
  firing itself). Each true ``_why`` atom is one ground instance of a rule whose body holds in
  that outcome: a *firing*.
* Most atoms are decided by grounding (facts): the part of every explanation they make is built
  once per grounding. Which of the others an outcome makes true is read from its model as the
  outcomes are enumerated.
* A firing links its positive body atoms to its head, and is labelled with the Comprehensive
  Rules numbers and text of the ``% @rule(...)`` block it sits in; negative conditions are listed
  as "unless" on the firing. Atom labels come from the predicate catalogues of ``asp/``.
* Only well-founded supports are kept: each atom gets the least stage at which it can be derived
  from facts, and a firing is kept only if its body atoms are all from earlier stages. A
  Reflecting Pool / Exotic Orchard cycle is thus explained from the land that seeds it.
"""

from __future__ import annotations

import io
import json
import re
from collections import ChainMap, defaultdict, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from operator import itemgetter
from typing import Any

import clingo
import clingo.ast as ast
import networkx as nx
from clingo import Function, Number, Symbol, SymbolType

from pyrules.base.collector import paused
from pyrules.base.interrupt import clingo_call
from pyrules.base.symbols import argument_lists, ground_atoms
from pyrules.engine.atoms import format_atom
from pyrules.engine.encodings import FILES, RuleBlock, all_entries, block_at, catalogue
from pyrules.engine.program import statements

WHY = "_why"


# ---------------------------------------------------------------------------------------------
# Rules of the encodings, and their shadows
# ---------------------------------------------------------------------------------------------
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


class _Renamer(ast.Transformer):
    """Give each anonymous variable of a positive atom a name, so a firing says which atom matched."""

    def __init__(self) -> None:
        self.count = 0

    def visit_Variable(self, node):
        if node.name == "_":
            self.count += 1
            return ast.Variable(node.location, f"ANON{self.count}")
        return node


def _name_anonymous(body: list[Any]) -> list[Any]:
    renamer = _Renamer()
    return [renamer(b) if b.ast_type == ast.ASTType.Literal and b.sign == ast.Sign.NoSign
            and b.atom.ast_type == ast.ASTType.SymbolicAtom else b for b in body]


def _variables(nodes: Iterable[Any]) -> list[str]:
    """The global variables of a rule: those of its head, positive atoms, comparisons and aggregate
    guards (variables under "not" or inside conditions and aggregates are local)."""
    found: list[str] = []

    def collect(node: Any) -> None:
        class Collect(ast.Transformer):
            def visit_Variable(self, var):
                if var.name not in found and var.name != "_":
                    found.append(var.name)
                return var

        Collect()(node)

    for n in nodes:
        if n.ast_type == ast.ASTType.Literal:
            if n.sign != ast.Sign.NoSign:
                continue
            atom = n.atom
            if atom.ast_type in (ast.ASTType.SymbolicAtom, ast.ASTType.Comparison):
                collect(atom)
            elif atom.ast_type == ast.ASTType.BodyAggregate:
                for guard in (atom.left_guard, atom.right_guard):
                    if guard is not None:
                        collect(guard.term)
        elif n.ast_type in (ast.ASTType.SymbolicAtom, ast.ASTType.Function):
            collect(n)
    return found


def analyse_rules() -> list[list[Any]]:
    """For every rule of the encodings (each element of a choice rule's head apart): the position of its
    statement, its file and line, whether it is a choice, its head's predicate, how many positive body
    atoms it has, and its shadow rule as text (stored in pyrules' index of the encodings)."""
    rows: list[list[Any]] = []
    for statement in statements():
        name, stm = statement.file, statement.node
        if stm.ast_type != ast.ASTType.Rule:
            continue
        line = stm.location.begin.line
        body = _name_anonymous(list(stm.body))
        positive = [b.atom for b in body if b.ast_type == ast.ASTType.Literal and b.sign == ast.Sign.NoSign
                    and b.atom.ast_type == ast.ASTType.SymbolicAtom]
        negative = [b.atom for b in body if b.ast_type == ast.ASTType.Literal and b.sign != ast.Sign.NoSign
                    and b.atom.ast_type == ast.ASTType.SymbolicAtom]
        head = stm.head
        if head.ast_type == ast.ASTType.Literal:
            if head.atom.ast_type != ast.ASTType.SymbolicAtom or not body:
                continue  # a constraint, or a fact of the encoding (explained by its header alone)
            elements = [(head.atom, positive, body, False)]
        elif head.ast_type == ast.ASTType.Aggregate:
            elements = []
            for element in head.elements:
                condition = _name_anonymous(list(element.condition))
                cond = [c.atom for c in condition if c.ast_type == ast.ASTType.Literal
                        and c.sign == ast.Sign.NoSign and c.atom.ast_type == ast.ASTType.SymbolicAtom]
                elements.append((element.literal.atom, positive + cond, body + condition, True))
        else:
            continue
        for atom, positives, full_body, choice in elements:
            shadow = _shadow(stm.location, len(rows), atom, positives, negative, full_body)
            rows.append([statement.position, name, line, choice, *_pred(atom), len(positives), str(shadow)])
    return rows


@lru_cache(maxsize=1)
def rules() -> tuple[list[RuleInfo], list[int]]:
    """Every rule of the encodings, and the position of the statement each comes from."""
    from pyrules.engine.program import analysed

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
    from pyrules.engine.program import analysed

    every = statements()
    control = clingo.Control(message_limit=0)
    control.add("base", [], "\n".join(every[i].text for i in analysed("facts")))
    with clingo_call(control):
        control.ground([("base", [])])
    return frozenset(a.symbol for a in control.symbolic_atoms)


def _anonymous(atom: Any) -> bool:
    found = []

    class Find(ast.Transformer):
        def visit_Variable(self, var):
            if var.name == "_":
                found.append(var)
            return var

    Find()(atom)
    return bool(found)


def _shadow(location: Any, rule_id: int, head: Any, positive: list[Any], negative: list[Any],
            body: list[Any]) -> Any:
    """``_why(Rule, Head, Positive..., Negative...) :- <body>``: the grounder writes each firing's atoms
    itself, so reading a firing needs no instantiation in Python (and one flat term per firing, no tuples in
    it: one symbol fewer for clingo to keep, one call fewer to read it). The negative atoms kept are those
    whose variables the rest of the rule binds."""
    safe = set(_variables([head] + body))
    negative = [a for a in negative if set(_variables([a])) <= safe and not _anonymous(a)]
    args = [ast.SymbolicTerm(location, Number(rule_id)), head.symbol, *(a.symbol for a in positive),
            *(a.symbol for a in negative)]
    atom = ast.SymbolicAtom(ast.Function(location, WHY, args, False))
    return ast.Rule(location, ast.Literal(location, ast.Sign.NoSign, atom), body)


# ---------------------------------------------------------------------------------------------
# Instantiating rules
# ---------------------------------------------------------------------------------------------
_OPS = {
    ast.BinaryOperator.Plus: lambda a, b: a + b,
    ast.BinaryOperator.Minus: lambda a, b: a - b,
    ast.BinaryOperator.Multiplication: lambda a, b: a * b,
    ast.BinaryOperator.Division: lambda a, b: int(a / b) if b else 0,
    ast.BinaryOperator.Modulo: lambda a, b: a - b * int(a / b) if b else 0,
    ast.BinaryOperator.Power: lambda a, b: a ** b,
    ast.BinaryOperator.And: lambda a, b: a & b,
    ast.BinaryOperator.Or: lambda a, b: a | b,
    ast.BinaryOperator.XOr: lambda a, b: a ^ b,
}


def _term(node: Any, binding: dict[str, Symbol]) -> Symbol:
    t = node.ast_type
    if t == ast.ASTType.Variable:
        return binding[node.name]
    if t == ast.ASTType.SymbolicTerm:
        return node.symbol
    if t == ast.ASTType.Function:
        return Function(node.name, [_term(a, binding) for a in node.arguments])
    if t == ast.ASTType.BinaryOperation:
        a, b = _term(node.left, binding), _term(node.right, binding)
        return Number(_OPS[node.operator_type](a.number, b.number))
    if t == ast.ASTType.UnaryOperation:
        return Number(-_term(node.argument, binding).number)
    raise ValueError(f"cannot instantiate {node}")


def instantiate(atom: Any, binding: dict[str, Symbol]) -> Symbol | None:
    try:
        return _term(atom.symbol, binding)
    except (KeyError, ValueError, AttributeError):
        return None


# ---------------------------------------------------------------------------------------------
# Labels
# ---------------------------------------------------------------------------------------------
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


# ---------------------------------------------------------------------------------------------
# Building the graph of one outcome
# ---------------------------------------------------------------------------------------------
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
            read.update(zip(new, _firings(new)))
        decided, by_head = self._choices_by_head
        chosen = decided + [pair for head in true_reps.intersection(by_head) for pair in by_head[head]]
        chosen.sort(key=_first)
        # (a choice's firing says its body holds, not that its head was chosen)
        stage = self.base_stage
        return [f for f in map(read.__getitem__, hits) if f[1] in true_reps or f[1] in stage] + \
            [firing for _, firing in chosen]


class Explanation(nx.DiGraph):
    """The graph of why an outcome holds. Atom nodes are keyed by the atom's clingo symbol id and
    carry ``kind`` (fact, derived, choice), ``symbol`` and ``stage``; rule firings are keyed by
    negative numbers and carry ``kind`` "rule", ``label``, ``cites``, ``file`` and ``unless``.
    Edges run body atom -> firing -> head. Atom labels are written when first needed.

    An explanation is read, not changed: the explanations of a grounding's outcomes share what grounding
    decided (attributes, and the maps of the firings' heads and bodies), so an outcome's explanation is a
    frozen graph (``nx.is_frozen``: adding or removing raises ``NetworkXError``); ``copy()`` gives a graph of
    its own to change.

    An outcome's explanation is built from its maps of predecessors (what each node rests on); its maps of
    successors (networkx's ``_succ``, also ``_adj``) are made from them when first read: a judge view, a
    citation or a focus walks predecessors only, and the successor maps were a third of building."""

    # Shared by _succ and _adj (networkx keeps them one object): made when first read, if build() left them out.
    @property
    def _succ(self) -> dict:
        own = self.__dict__
        succ = own.get("_succ")
        if succ is None:
            succ = {node: {} for node in own["_node"]}
            for node, parents in own["_pred"].items():
                for parent in parents:
                    succ[parent][node] = _NO_ATTRIBUTES
            own["_succ"] = own["_adj"] = succ
        return succ

    @_succ.setter
    def _succ(self, value: dict | None) -> None:  # as networkx's own: both names, and its views made anew
        own = self.__dict__
        own["_succ"] = own["_adj"] = value
        for view in ("adj", "succ", "edges", "out_edges", "degree", "out_degree", "in_degree"):
            own.pop(view, None)

    _adj = _succ

    def label(self, node: Any) -> str:
        data = self.nodes[node]
        if "label" not in data:
            data["label"] = atom_label(data["symbol"])
        return data["label"]

    def node_name(self, node: Any) -> str:
        """A readable name that does not depend on the run: an atom's text; for a firing, its rule's
        place and the atoms it links (a firing is its rule, head and body)."""
        data = self.nodes[node]
        if data["kind"] == "rule":
            head = ", ".join(sorted(self._linked_name(h) for h in self.successors(node)))
            body = ", ".join(sorted(self._linked_name(b) for b in self.predecessors(node)))
            return f"{data['file']}: {head} <- {body}"
        return format_atom(data["symbol"])

    def _linked_name(self, node: Any) -> str:
        """An atom's text; for a node that stands for a step of a sequence (the state after it, the action
        that ended the line), its label."""
        data = self.nodes[node]
        return format_atom(data["symbol"]) if "symbol" in data else f"({data['label']})"

    def labelled(self) -> nx.DiGraph:
        """A copy with readable node names, every label written and only plain attribute values."""
        copy = nx.DiGraph()
        names = {node: self.node_name(node) for node in self.nodes}
        for node, data in sorted(self.nodes(data=True), key=lambda item: names[item[0]]):
            plain = {k: v for k, v in data.items() if k not in ("symbol", "unless")}
            plain["label"] = self.label(node)
            if data["kind"] == "rule":
                plain["unless"] = "; ".join(f"no {format_atom(u)}" for u in data["unless"])
            else:
                plain["atom"] = names[node]
            copy.add_node(names[node], **plain)
        copy.add_edges_from(sorted((names[a], names[b]) for a, b in self.edges))
        return copy

    def atom_node(self, atom: Symbol | str) -> int:
        if isinstance(atom, str):
            from pyrules.engine.atoms import parse_atom

            situation = self.graph.get("situation")
            try:
                atom = parse_atom(atom, situation) if situation is not None else clingo.parse_term(atom)
            except Exception:  # an internal predicate: read it as a plain term
                atom = clingo.parse_term(atom)
        if atom._rep not in self:
            raise KeyError(f"{format_atom(atom)} is not in this explanation")
        return atom._rep

    def focus(self, atom: Symbol | str) -> Explanation:
        """The atom and everything it rests on."""
        node = self.atom_node(atom)
        sub = Explanation(self.subgraph(nx.ancestors(self, node) | {node}))
        sub.graph.update(self.graph)
        return sub

    def firings(self, atom: Symbol | str) -> list[dict[str, Any]]:
        """The rule firings that derive an atom directly."""
        return [self.nodes[p] for p in self.predecessors(self.atom_node(atom))]

    def cites(self, atom: Symbol | str) -> set[str]:
        """The rule numbers and rulings of the decisive chain below an atom (:func:`pyrules.explain.judge.decisive`):
        the rules that derive it and what it rests on, not the rules behind the encodings' bookkeeping."""
        from pyrules.explain.judge import decisive

        chain = decisive(self, [self.atom_node(atom)])
        return {c for n in chain if self.nodes[n]["kind"] == "rule" for c in self.nodes[n]["cites"].split(", ") if c}

    def judge(self, atom: Symbol | str | None = None) -> Any:
        """The judge view (:class:`pyrules.explain.judge.JudgeView`): the situation's facts on the decisive chain,
        the steps and choices in the order they happen, each with its CR numbers, and the atoms explained
        (``atom``, or the outcome's atoms)."""
        from pyrules.explain.judge import judge_view

        return judge_view(self, None if atom is None else [self.atom_node(atom)])

    # -- exports ----------------------------------------------------------------------------------
    def to_dot(self) -> str:
        lines = ["digraph explanation {", "  rankdir=LR;", "  node [fontname=Helvetica, fontsize=10];"]
        shapes = {"rule": "box", "fact": "note", "choice": "diamond", "derived": "ellipse"}
        plain = self.labelled()
        for node, data in plain.nodes(data=True):
            lines.append(f'  "{_dot(node)}" [label="{_dot(data["label"])}", shape={shapes.get(data["kind"], "ellipse")}];')
        for a, b in plain.edges:
            lines.append(f'  "{_dot(a)}" -> "{_dot(b)}";')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def to_graphml(self) -> str:
        buffer = io.BytesIO()
        nx.write_graphml(self.labelled(), buffer)
        return buffer.getvalue().decode("utf-8")

    def to_json(self) -> str:
        return json.dumps(nx.node_link_data(self.labelled(), edges="links"), indent=2, default=str)

    def text(self, roots: Iterable[Any] | None = None) -> str:
        """An indented tree, from the outcome's atoms down to facts; repeated parts are referred to."""
        if roots is None:
            roots = sorted((n for n, d in self.nodes(data=True) if d["kind"] != "rule" and self.out_degree(n) == 0),
                           key=self.node_name)
        out: list[str] = []
        seen: set[Any] = set()

        def walk(node: Any, depth: int) -> None:
            data = self.nodes[node]
            prefix = "  " * depth
            if data["kind"] == "rule":
                unless = "; ".join(f"no {format_atom(u)}" for u in data["unless"])
                out.append(f"{prefix}<- by {data['label']}{f'  [unless: {unless}]' if unless else ''}")
            else:
                mark = {"fact": " (given)", "choice": " (chosen)"}.get(data["kind"], "")
                out.append(f"{prefix}{self.label(node)}{mark}{' (see above)' if node in seen else ''}")
                if node in seen:
                    return
                seen.add(node)
            for pred in sorted(self.predecessors(node), key=self.node_name):
                walk(pred, depth + 1)

        for root in roots:
            walk(root, 0)
        return "\n".join(out) + "\n"

    def drawing(self, internals: bool = False) -> tuple[nx.DiGraph, dict[Any, tuple[float, float]]]:
        """The graph to draw and each node's place, layered from the situation (left) to the outcome
        (right). By default only the atoms a reader knows are kept: the situation's own facts, the
        choices and the outcome atoms; each edge joins two of them through the rules and auxiliary
        atoms between, and carries the CR numbers of the rules that derive its target (``cites``). With ``internals``,
        every atom and rule firing is kept. Node attributes: ``text`` (the atom), ``label`` (the atom with
        each object named by its card: ``counters_put(Walking Ballista,p1p1,6)``), ``kind`` and ``layer``."""
        from pyrules.engine.encodings import output_signatures

        outputs = set(output_signatures())
        graph = nx.DiGraph()

        def known(node: Any) -> bool:
            data = self.nodes[node]
            if data["kind"] == "rule" or "symbol" not in data:
                return data["kind"] != "rule"
            symbol = data["symbol"]
            return (data["kind"] == "choice" or f"{symbol.name}/{len(symbol.arguments)}" in outputs
                    or (data["kind"] == "fact" and not data.get("source", "asp").startswith(("asp", "card:"))))

        if internals:
            for node, data in self.nodes(data=True):
                text = (data["cites"].split(", ")[0] or data["file"]) if data["kind"] == "rule" \
                    else self._linked_name(node)
                graph.add_node(node, kind=data["kind"], text=text, label=text)
            graph.add_edges_from(self.edges, cites="")
        else:
            kept = [n for n in self.nodes if known(n)]
            from pyrules.explain.judge import game_atom, object_names

            cards = object_names(self.graph.get("situation"))
            for node in kept:
                data = self.nodes[node]
                label = game_atom(data["symbol"], cards) if "symbol" in data else self._linked_name(node)
                graph.add_node(node, kind=data["kind"], text=self._linked_name(node), label=label,
                               source=data.get("source", ""))
            for node in kept:  # walk back through what is not kept, to the kept atoms it rests on
                cites: dict[Any, set[str]] = {}
                todo, seen = [(p, frozenset()) for p in self.predecessors(node)], set()
                while todo:
                    current, passed = todo.pop()
                    data = self.nodes[current]
                    if data["kind"] == "rule" and data["cites"] and not passed:
                        passed = frozenset({data["cites"].split(", ")[0]})  # the rule that derives the atom
                    if current in graph and current != node:
                        cites.setdefault(current, set()).update(passed)
                        continue
                    if (current, passed) in seen:
                        continue
                    seen.add((current, passed))
                    todo += [(p, passed) for p in self.predecessors(current)]
                for source, numbers in cites.items():
                    graph.add_edge(source, node, cites=", ".join(sorted(numbers)))
        try:
            layers = list(nx.topological_generations(graph))
        except nx.NetworkXUnfeasible:  # pragma: no cover - explanations are acyclic (stages)
            layers = [sorted(graph.nodes)]
        for depth, layer in enumerate(layers):
            for node in layer:
                graph.nodes[node]["layer"] = depth
        return graph, nx.multipartite_layout(graph, subset_key="layer") if len(graph) else {}

    def to_markdown(self) -> str:
        """The judge view as Markdown, for a rulings write-up (:meth:`judge`)."""
        return self.judge().markdown()

    def to_small_dot(self) -> str:
        """The drawing's graph as Graphviz DOT: the situation's facts, the choices and the outcome atoms,
        each edge labelled with the CR rules that derive its target."""
        graph, _ = self.drawing()
        text = {n: graph.nodes[n]["text"] for n in graph.nodes}
        shapes = {"fact": "note", "choice": "diamond", "derived": "ellipse"}
        lines = ["digraph explanation {", "  rankdir=LR;", "  node [fontname=Helvetica, fontsize=10];"]
        for node in sorted(graph.nodes, key=text.__getitem__):
            lines.append(f'  "{_dot(text[node])}" [shape={shapes.get(graph.nodes[node]["kind"], "ellipse")}];')
        for a, b, data in sorted(graph.edges(data=True), key=lambda e: (text[e[0]], text[e[1]])):
            label = f' [label="{_dot(data["cites"])}"]' if data.get("cites") else ""
            lines.append(f'  "{_dot(text[a])}" -> "{_dot(text[b])}"{label};')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def draw(self, ax: Any = None, internals: bool = False, width: int = 30) -> Any:
        """Draw with matplotlib (the ``notebooks`` extra), as :meth:`drawing` lays it out: facts grey,
        choices orange, outcome atoms blue, each edge marked with the CR numbers of the rules that derive
        its target. Labels are cut to ``width`` characters. Returns the axes."""
        try:
            import matplotlib.pyplot as plt
        except ImportError as exc:
            raise ImportError("Explanation.draw needs matplotlib (pip install 'pyrules[notebooks]'); "
                              "to_dot() needs nothing") from exc
        graph, pos = self.drawing(internals)
        if ax is None:
            layers = 1 + max((d["layer"] for _, d in graph.nodes(data=True)), default=0)
            tallest = max([sum(1 for _, d in graph.nodes(data=True) if d["layer"] == k) for k in range(layers)],
                          default=1)
            _, ax = plt.subplots(figsize=(min(4 + 2.2 * layers, 40), min(2 + 0.45 * tallest, 40)))
        colors = {"fact": "#dddddd", "choice": "#ffb347", "derived": "#a7c7e7", "rule": "#444444"}
        nx.draw_networkx_edges(graph, pos, ax=ax, arrows=True, arrowsize=8, edge_color="#888888", width=0.7)
        nx.draw_networkx_nodes(graph, pos, ax=ax, node_size=[30 if d["kind"] == "rule" else 120
                                                            for _, d in graph.nodes(data=True)],
                               node_color=[colors.get(d["kind"], "#a7c7e7") for _, d in graph.nodes(data=True)])

        def cut(text: str) -> str:
            return text if len(text) <= width else text[:width - 1] + "\u2026"

        nx.draw_networkx_labels(graph, pos, ax=ax, font_size=7,
                                labels={n: cut(d["label"]) for n, d in graph.nodes(data=True)})
        nx.draw_networkx_edge_labels(graph, pos, ax=ax, font_size=6, font_color="#aa3333", rotate=False,
                                     edge_labels={(a, b): d["cites"] for a, b, d in graph.edges(data=True)
                                                  if d.get("cites")})
        ax.set_axis_off()
        return ax


def _dot(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


# A firing: its rule, and the handles (``Symbol._rep``) of its head, positive body atoms and atoms under
# "not". Handles, not Symbols: a grounding has hundreds of thousands of firings, and a Symbol is made
# only for an atom that becomes a node.
Firings = list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]
_first = itemgetter(0)


def _firings(whys: Iterable[int]) -> Firings:
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


def _stages(firings: Firings, stage: Any) -> None:
    """Give each head the least stage at which it is derived from atoms already staged (in place;
    ``stage`` may be a ChainMap over the shared stages)."""
    waiting: defaultdict[int, list[int]] = defaultdict(list)
    missing = [0] * len(firings)
    ready: deque[int] = deque()
    for i, (_, _head, body, _) in enumerate(firings):
        pending = [b for b in body if b not in stage]  # (an atom twice in a body waits, and counts, twice)
        if pending:
            missing[i] = len(pending)
            for b in pending:
                waiting[b].append(i)
        else:
            ready.append(i)
    queue: deque[int] = deque()
    level = stage.__getitem__
    while ready or queue:
        while ready:
            _, head, body, _ = firings[ready.popleft()]
            if head not in stage:
                stage[head] = 1 + max(map(level, body), default=0)
                queue.append(head)
        if queue:
            for i in waiting.get(queue.popleft(), ()):
                missing[i] -= 1
                if missing[i] == 0:
                    ready.append(i)


def _well_founded(firings: Firings, stage: Any) -> dict[int, tuple[int, ...]]:
    """Each head, and the positions of its well-founded firings (body atoms all of earlier stages than
    the head); given and underivable heads have none."""
    by_head: dict[int, list[int]] = {}
    get = stage.get
    for k, (_, head, body, _) in enumerate(firings):
        level = get(head)
        if level:
            for b in body:
                below = get(b)
                if below is None or below >= level:
                    break
            else:
                by_head.setdefault(head, []).append(k)
    return {head: tuple(ks) for head, ks in by_head.items()}  # (numbers only: see _firings)


@dataclass
class Base:
    """The part of every outcome's explanation that grounding decides: the firings whose heads are
    facts, indexed by head (well-founded ones only), and the stage of each atom. Outcome graphs are built
    from it by walking back from their atoms, so only what an explanation reaches becomes nodes."""

    firings: Firings
    by_head: dict[int, tuple[int, ...]]
    given: set[int]
    nodes: dict[Any, dict] = field(default_factory=dict)  # node attributes made so far, shared by outcomes
    # What the base says of each atom an explanation has walked (see _walk), shared by the outcomes' graphs.
    walked: dict[int, tuple] = field(default_factory=dict)


@paused()
def base(data: ExplainData) -> Base:
    """The shared part of the explanations of a grounding, made once, by its first explanation."""
    if data.base is None:
        infos = rules()[0]
        firings = []
        whys, data.why_facts = data.why_facts, []  # (read once: the handles are not kept)
        for firing in _firings(whys):
            # A firing grounding decided makes its head a fact, but for a choice (which the head of another
            # firing may still make a fact)
            base_firing = not infos[firing[0]].choice or data.is_fact(firing[1])
            (firings if base_firing else data.choice_firings).append(firing)
        derived = {head for _, head, _, _ in firings}
        given = {b for _, _, body, _ in firings for b in body if b not in derived}
        given |= set(data.input_sources) | {s._rep for s in encoding_facts() if data.is_fact(s._rep)}
        stage = {r: 0 for r in given}
        _stages(firings, stage)
        del whys
        data.base, data.base_stage = Base(firings, _well_founded(firings, stage), given), stage
    return data.base


_RULE_NODES: dict[int, dict] = {}


class _NoAttributes(dict):
    """The attributes of every edge of an explanation: none. One read-only mapping shared by all edges, not
    a dict per edge (fewer objects for the collector to walk; an explanation is read, not changed), and
    pickled as that one mapping."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("an explanation's edges are read-only: copy() the graph to change it")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple:
        return _no_attributes, ()


def _no_attributes() -> _NoAttributes:
    return _NO_ATTRIBUTES


_NO_ATTRIBUTES = _NoAttributes()


def _rule_node(rule: int, unless: tuple[int, ...]) -> dict:
    """The attributes of a firing of a rule (by its position in :func:`rules`): one dict for the firings
    of a rule with nothing under "not"."""
    if unless:
        return dict(_rule_node(rule, ()), unless=tuple(Symbol(u) for u in unless))
    attrs = _RULE_NODES.get(rule)
    if attrs is None:
        info = rules()[0][rule]
        attrs = _RULE_NODES[rule] = {"kind": "rule", "label": info.label, "cites": ", ".join(info.citations),
                                     "file": f"{info.file}:{info.line}", "choice": info.choice, "unless": ()}
    return attrs


_NO_FIRINGS: tuple = ({}, ())


def _walk(shared: Base, head: int) -> tuple[Mapping[int, Any], tuple]:
    """What the base says of an atom, for every explanation that reaches it: the map of its firings, and for
    each firing, one after another, its node number, attributes, the map of its body and its body."""
    ks = shared.by_head.get(head)
    if not ks:
        return _NO_FIRINGS
    # Flat (number, attributes, body map, body, number, ...) and plain dicts: the collector walks every object
    # kept here at each full collection (explanations are frozen graphs: nothing changes these maps).
    firings: list = []
    numbers: list[int] = []
    table, made = shared.firings, _RULE_NODES
    for k in ks:
        rule, _, body, unless = table[k]
        attrs = None if unless else made.get(rule)
        numbers.append(-(k + 1))
        firings += (numbers[-1], attrs or _rule_node(rule, unless), dict.fromkeys(body, _NO_ATTRIBUTES), body)
    return dict.fromkeys(numbers, _NO_ATTRIBUTES), tuple(firings)


@paused()
def build(data: ExplainData, true_nonfacts: frozenset[Symbol], shown: frozenset[Symbol],
          situation: Any = None) -> Explanation:
    """The well-founded explanation of one outcome: the outcome's atoms and everything they rest on,
    from the shared base and the firings of this outcome's choices."""
    shared = base(data)
    true_reps = {s._rep for s in true_nonfacts}
    firings = data.outcome_firings(true_reps)
    own: dict[int, int] = {}  # the stages of the atoms this outcome's firings derive
    stage = ChainMap(own, data.base_stage)
    _stages(firings, stage)
    mine = _well_founded(firings, stage)
    infos = rules()[0]
    choices = {firings[k][1] for ks in mine.values() for k in ks if infos[firings[k][0]].choice}
    graph = Explanation()
    if situation is not None:
        graph.graph["situation"] = situation
    # Walk back from the outcome's atoms through the base and this outcome's firings, writing into
    # networkx's own maps (add_node and add_edge check and clear caches on every call). What the base
    # decides is made once, when an explanation first reaches it, and shared by the outcomes, read-only
    # (an explanation is read, not changed): the attributes of its atoms and firings, the maps of each
    # atom's firings (as their head) and of each firing's body. Each graph makes its own maps of the rest;
    # its maps of successors are made from the predecessors if asked for (Explanation._succ).
    graph._succ = None
    nodes, pred = graph._node, graph._pred
    made, sources, offset, walked = shared.nodes, data.input_sources, len(shared.firings), shared.walked
    base_stage, given = data.base_stage, shared.given
    todo: list[int] = []

    def atom_attributes(r: int) -> dict:
        kind = "fact" if r in given else "choice" if r in choices else "derived"
        level = base_stage.get(r)
        attrs = {"kind": kind, "symbol": Symbol(r), "stage": own.get(r, -1) if level is None else level,
                 "source": sources.get(r, "asp" if kind == "fact" else "")}
        if level is not None:  # decided by grounding: the same in every outcome
            made[r] = attrs
        return attrs

    def reach(r: int) -> None:  # a new atom node, to walk back from
        nodes[r] = made.get(r) or atom_attributes(r)
        todo.append(r)

    for symbol in shown:
        reach(symbol._rep)
    # Firing k of the base is node -(k + 1); firing k of this outcome, -(offset + k + 1).
    while todo:  # each atom is walked once, so each firing (of one head) is added once
        head = todo.pop()
        walk = walked.get(head)
        if walk is None:
            walk = walked[head] = _walk(shared, head)
        parents, firings_here = walk
        mine_here = mine.get(head)
        if mine_here:  # this outcome's firings derive it too: a map of its own
            parents = dict(parents)
        pred[head] = parents
        flat = iter(firings_here)
        for number, attrs, below, body in zip(flat, flat, flat, flat):
            nodes[number], pred[number] = attrs, below
            for b in body:
                if b not in nodes:
                    reach(b)
        for k in mine_here or ():
            rule, _, body, unless = firings[k]
            number = -(offset + k + 1)
            nodes[number] = _rule_node(rule, unless)
            parents[number] = _NO_ATTRIBUTES
            pred[number] = dict.fromkeys(body, _NO_ATTRIBUTES)
            for b in body:
                if b not in nodes:
                    reach(b)
    for symbol in shown:  # the outcome's own atoms: marked on copies, the shared attributes stay as they are
        nodes[symbol._rep] = dict(nodes[symbol._rep], outcome=True, symbol=symbol)
    nx.freeze(graph)  # it shares maps with the other outcomes' explanations: copy() it to change it
    return graph


def why_not(data: ExplainData, atom: Symbol, depth: int = 2, holds: frozenset[Symbol] | None = None) -> list[str]:
    """For an atom true in no outcome: for each rule that could derive it, a body condition that holds
    in no outcome (``holds``: the atoms true in some outcome; default, every atom grounding made)."""
    holds = holds if holds is None else holds
    infos = rules()[0]
    reasons: list[str] = []
    candidates = [r for r in infos if r.predicate == (atom.name, len(atom.arguments))]
    if not candidates:
        return [f"no rule derives {atom.name}/{len(atom.arguments)}"
                + ("; it is given by the situation, which does not give it" if atom.name in _inputs() else "")]
    for info in candidates:
        binding = _match(info.head.symbol, atom, {})
        if binding is None:
            continue
        failed = None
        for body in info.positive:
            instance = instantiate(body, binding)
            if instance is not None:
                if instance not in holds:
                    failed = f"{format_atom(instance)} does not hold"
                    if depth > 1 and not instance.name.startswith(WHY):
                        deeper = why_not(data, instance, depth - 1, holds)
                        failed += " (" + "; ".join(deeper) + ")"
                    break
            elif not any(_match(body.symbol, p, dict(binding)) is not None for p in holds
                         if (p.name, len(p.arguments)) == _pred(body)):
                failed = f"no {_pattern(body, binding)} holds"
                break
        if failed is None:
            for neg in info.negative:
                instance = instantiate(neg, binding)
                if instance is not None and instance in data.facts:
                    failed = f"{format_atom(instance)} holds"
                    break
        if failed is None:
            failed = "its other conditions (comparisons, counts or choices) fail in every outcome"
        cited = ", ".join(info.citations) or "rule"
        reasons.append(f"{cited} [{info.file}:{info.line}]: {failed}")
    return reasons or [f"no rule's head matches {format_atom(atom)}"]


@lru_cache(maxsize=1)
def _inputs() -> set[str]:
    return {e.signature.split("/")[0] for name in FILES for e in catalogue(name) if e.role == "input"}


def _pred(atom: Any) -> tuple[str, int]:
    term = atom.symbol
    if term.ast_type == ast.ASTType.Function:
        return term.name, len(term.arguments)
    return (term.symbol.name, 0) if term.ast_type == ast.ASTType.SymbolicTerm else ("", -1)


def _pattern(atom: Any, binding: dict[str, Symbol]) -> str:
    """An atom with the variables the failed match bound written as their values."""
    class Bind(ast.Transformer):
        def visit_Variable(self, var):
            if var.name in binding:
                return ast.SymbolicTerm(var.location, binding[var.name])
            return ast.Variable(var.location, "_" if var.name.startswith("ANON") else var.name)

    return str(Bind()(atom.symbol))


def _match(term: Any, symbol: Symbol, binding: dict[str, Symbol]) -> dict[str, Symbol] | None:
    t = term.ast_type
    if t == ast.ASTType.Variable:
        if term.name.startswith("ANON"):
            return binding
        if term.name in binding:
            return binding if binding[term.name] == symbol else None
        binding = dict(binding)
        binding[term.name] = symbol
        return binding
    if t == ast.ASTType.SymbolicTerm:
        return binding if term.symbol == symbol else None
    if t == ast.ASTType.Function:
        if symbol.type != SymbolType.Function or symbol.name != term.name or len(symbol.arguments) != len(term.arguments):
            return None
        for a, s in zip(term.arguments, symbol.arguments):
            binding = _match(a, s, binding)
            if binding is None:
                return None
        return binding
    try:
        return binding if _term(term, binding) == symbol else None
    except (KeyError, ValueError, AttributeError):
        return binding  # arithmetic over unbound variables: do not constrain


# ---------------------------------------------------------------------------------------------
# Sequences of actions
# ---------------------------------------------------------------------------------------------
def step_explanation(state: Any, atoms: frozenset[Symbol], library: Any = None) -> Explanation:
    """The explanation of one step of a sequence: ``atoms``, one outcome of the question ``state`` asks."""
    from pyrules.engine.solver import Grounding

    grounding = Grounding(state, library, explain=True)
    base(grounding.explain_data)
    true = grounding.true_nonfacts(atoms)
    if true is None:
        raise ValueError("a step of this line was not found again when grounding for explanations")
    return build(grounding.explain_data, true, atoms, state)


def sequence_graph(result: Any, outcome: Any) -> Explanation:
    """The explanation of an outcome of a sequence of actions: the explanation of each step of the line
    that reached it (nodes keyed ``(step, node)``, with ``step``, ``action`` and ``what`` attributes), a
    ``state`` node after each step, on which the facts of later steps that it brought about rest, and
    the outcome's atoms, each resting on the atoms of the steps that concern the same object or player."""
    from pyrules.engine.facts import situation_facts

    graph = Explanation()
    graph.graph["situation"] = result.situation
    previous = _state_facts(situation_facts(result.situation, result._library))
    origin: dict[Symbol, int] = {}  # a fact of the state -> the step whose outcome brought it about
    step_atoms: list[tuple[Any, Symbol]] = []
    for k, step in enumerate(outcome.line.steps, start=1):
        now = _state_facts(situation_facts(step.state, result._library))
        for fact in now - previous:
            origin[fact] = k - 1
        previous = now
        sub = step_explanation(step.state, step.atoms, result._library)
        for node, data in sub.nodes(data=True):
            attrs = dict(data, step=k, action=step.action, what=step.name)
            if data["kind"] == "fact" and data["symbol"].name in _STEP_INPUTS:  # what the step asks: its action
                attrs["source"] = result.situation.where(f"actions.{step.action - 1}") if step.action else ""
            elif data["kind"] == "fact" and origin.get(data["symbol"], 0) > 0:
                attrs["kind"] = "derived"  # brought about by an earlier step, not given by the situation
                graph.add_edge(("state", origin[data["symbol"]]), (k, node))
            graph.add_node((k, node), **attrs)
        graph.add_edges_from(((k, a), (k, b)) for a, b in sub.edges)
        state = ("state", k)
        graph.add_node(state, kind="rule", label=f"the state after step {k} ({step.name}, action {step.action})",
                       cites="", file="pyrules/play/transition.py", choice=False, unless=(), step=k,
                       action=step.action, what="state")
        for atom in step.atoms:
            if atom._rep in sub:
                graph.add_edge((k, atom._rep), state)
                step_atoms.append(((k, atom._rep), atom))
    last = ("state", len(outcome.line.steps))
    from pyrules.play.sequence import OUTCOMES, SHARED, describe_ending

    ending = outcome.line.ending
    if ending is not None:  # the action that ended the line (illegal, a loop, the bound) explains its atom
        graph.add_node(("ending", ending.action), kind="rule", label=describe_ending(ending), cites="",
                       file="pyrules/play/sequence.py", choice=False, unless=(), step=len(outcome.line.steps) + 1,
                       action=ending.action, what=ending.kind,
                       source=result.situation.where(f"actions.{ending.action - 1}"))
        if last in graph:
            graph.add_edge(last, ("ending", ending.action))

    table = {**{s: templates()[s] for s in SHARED}, **OUTCOMES}
    for atom in outcome.atoms:
        graph.add_node(atom._rep, kind="derived", symbol=atom, stage=len(outcome.line.steps) + 1, source="",
                       outcome=True, label=atom_label(atom, table))
        if ending is not None and atom.name in ("illegal", ending.kind) and atom.arguments[0].number == ending.action:
            graph.add_edge(("ending", ending.action), atom._rep)
            continue
        for node, step_atom in step_atoms:
            if _concerns(step_atom, atom):
                graph.add_edge(node, atom._rep)
        if graph.in_degree(atom._rep) == 0 and last in graph:
            graph.add_edge(last, atom._rep)
    return graph


def _state_facts(facts: Iterable[Any]) -> set[Symbol]:
    return {f.symbol for f in facts if f.symbol.name not in _STEP_INPUTS}


#: The facts that say what a step asks rather than what the state is.
_STEP_INPUTS = frozenset({"question", "question_target", "question_x", "question_resolves", "question_instead",
                          "triggers_wait"})


def _concerns(step_atom: Symbol, atom: Symbol) -> bool:
    """Whether an outcome atom of a step is about what an atom of the sequence's outcome is about."""
    def ids(symbol: Symbol) -> set[str]:
        found: set[str] = set()
        todo = [symbol]
        while todo:
            s = todo.pop()
            if s.type == SymbolType.String:
                found.add(s.string.split("#")[0])
            elif s.type == SymbolType.Function:
                todo += s.arguments
        return found

    first = atom.arguments[0] if atom.arguments else None
    if first is None or first.type != SymbolType.String:
        return False
    return first.string.split("#")[0] in ids(step_atom)
