"""Explanations: a networkx graph saying why an outcome holds, built from the rules' own headers.

How it works, with no explanation code per rule:

* When a situation is solved with explanations, every rule of ``asp/`` is also loaded as a
  *shadow* rule ``_why(Rule, Bindings) :- <the same body>.`` (built through clingo's AST, so the
  grounder instantiates it once, with the rest). Each true ``_why`` atom is one ground instance
  of a rule whose body holds in that outcome: a *firing*.
* Most atoms are decided by grounding (facts); for the few that depend on choices, the solver
  records which are true in each outcome while it enumerates, so no second solve is needed.
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
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable

import clingo
import clingo.ast as ast
import networkx as nx
from clingo import Function, Number, Symbol, SymbolType

from .atoms import format_atom
from .encodings import FILES, RuleBlock, block_at, catalogue, encoding_paths

WHY = "_why"


# ---------------------------------------------------------------------------------------------
# Rules of the encodings, and their shadows
# ---------------------------------------------------------------------------------------------
@dataclass
class RuleInfo:
    """One (non-ground) rule of an encoding, or one element of a choice rule's head."""

    id: int
    file: str
    line: int
    block: RuleBlock | None
    head: Any  # AST of the head atom (SymbolicAtom) or None
    positive: list[Any]  # ASTs of positive body atoms (and, for a choice element, its condition)
    negative: list[Any]  # ASTs of atoms under "not"
    variables: list[str]
    choice: bool = False
    compiled: tuple[Any, list[Any], list[Any]] | None = None  # head, positive, negative as plain templates

    def instances(self, values: Iterable[Symbol]) -> tuple[Symbol | None, list[Symbol], list[Symbol]]:
        """The head, positive and negative body atoms of the firing with these variable values."""
        if self.compiled is None:
            self.compiled = (_compile(self.head), [_compile(a) for a in self.positive],
                             [_compile(a) for a in self.negative])
        binding = dict(zip(self.variables, values))
        head, pos, neg = self.compiled
        return (_make(head, binding), [s for s in (_make(p, binding) for p in pos) if s is not None],
                [s for s in (_make(n, binding) for n in neg) if s is not None])

    @property
    def label(self) -> str:
        if self.block is None:
            return f"{self.file}:{self.line}"
        return self.block.label

    @property
    def citations(self) -> tuple[str, ...]:
        return self.block.citations if self.block else ()


class _Renamer(ast.Transformer):
    """Give each anonymous variable of a positive atom a name, so a firing says which atom matched."""

    def __init__(self) -> None:
        self.count = 0

    def visit_Variable(self, node):  # noqa: N802 (clingo's visitor naming)
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
            def visit_Variable(self, var):  # noqa: N802
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


@lru_cache(maxsize=1)
def rules() -> tuple[list[RuleInfo], list[Any]]:
    """Every rule of the encodings, and the shadow statements that record their firings."""
    infos: list[RuleInfo] = []
    shadows: list[Any] = []
    for name, path in zip(FILES, encoding_paths()):
        statements: list[Any] = []
        ast.parse_files([str(path)], statements.append)
        for stm in statements:
            if stm.ast_type != ast.ASTType.Rule:
                continue
            line = stm.location.begin.line
            block = block_at(name, line)
            body = _name_anonymous(list(stm.body))
            positive = [b.atom for b in body if b.ast_type == ast.ASTType.Literal and b.sign == ast.Sign.NoSign
                        and b.atom.ast_type == ast.ASTType.SymbolicAtom]
            negative = [b.atom for b in body if b.ast_type == ast.ASTType.Literal and b.sign != ast.Sign.NoSign
                        and b.atom.ast_type == ast.ASTType.SymbolicAtom]
            head = stm.head
            if head.ast_type == ast.ASTType.Literal:
                if head.atom.ast_type != ast.ASTType.SymbolicAtom:
                    continue  # a constraint
                if not body:
                    continue  # a fact of the encoding: explained by its header alone
                variables = _variables([head.atom] + body)
                infos.append(RuleInfo(len(infos), name, line, block, head.atom, positive, negative, variables))
                shadows.append(_shadow(stm.location, len(infos) - 1, variables, body))
            elif head.ast_type == ast.ASTType.Aggregate:
                for element in head.elements:
                    condition = _name_anonymous(list(element.condition))
                    cond = [c.atom for c in condition
                            if c.ast_type == ast.ASTType.Literal and c.sign == ast.Sign.NoSign
                            and c.atom.ast_type == ast.ASTType.SymbolicAtom]
                    variables = _variables([element.literal.atom] + condition + body)
                    infos.append(RuleInfo(len(infos), name, line, block, element.literal.atom, positive + cond,
                                          negative, variables, choice=True))
                    shadows.append(_shadow(stm.location, len(infos) - 1, variables, body + condition))
    return infos, shadows


@lru_cache(maxsize=1)
def encoding_facts() -> frozenset[Symbol]:
    """The facts the encodings state outright (``color(w;u;b;r;g).``): grounded once, alone."""
    control = clingo.Control(message_limit=0)
    with ast.ProgramBuilder(control) as builder:
        for path in encoding_paths():
            statements: list[Any] = []
            ast.parse_files([str(path)], statements.append)
            for stm in statements:
                if stm.ast_type == ast.ASTType.Rule and not stm.body and stm.head.ast_type == ast.ASTType.Literal:
                    builder.add(stm)
    control.ground([("base", [])])
    return frozenset(a.symbol for a in control.symbolic_atoms)


def _shadow(location: Any, rule_id: int, variables: list[str], body: list[Any]) -> Any:
    args = ast.Function(location, "", [ast.Variable(location, v) for v in variables], False)
    head = ast.SymbolicAtom(ast.Function(location, WHY, [ast.SymbolicTerm(location, Number(rule_id)), args], False))
    return ast.Rule(location, ast.Literal(location, ast.Sign.NoSign, head), body)


def add_shadow_rules(control: clingo.Control) -> None:
    with ast.ProgramBuilder(control) as builder:
        for stm in rules()[1]:
            builder.add(stm)


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


def _compile(atom: Any) -> Any:
    """An atom's AST as nested tuples, so instantiating it needs no AST access."""
    def term(node: Any) -> Any:
        t = node.ast_type
        if t == ast.ASTType.Variable:
            return ("var", node.name)
        if t == ast.ASTType.SymbolicTerm:
            return ("sym", node.symbol)
        if t == ast.ASTType.Function:
            return ("fun", node.name, tuple(term(a) for a in node.arguments))
        if t == ast.ASTType.BinaryOperation:
            return ("op", _OPS[node.operator_type], term(node.left), term(node.right))
        if t == ast.ASTType.UnaryOperation:
            return ("neg", term(node.argument))
        return ("bad",)
    return term(atom.symbol)


def _make(template: Any, binding: dict[str, Symbol]) -> Symbol | None:
    try:
        return _build(template, binding)
    except (KeyError, ValueError, AttributeError, RuntimeError, TypeError):
        return None


def _build(t: Any, binding: dict[str, Symbol]) -> Symbol:
    kind = t[0]
    if kind == "var":
        return binding[t[1]]
    if kind == "sym":
        return t[1]
    if kind == "fun":
        return Function(t[1], [_build(a, binding) for a in t[2]])
    if kind == "op":
        return Number(t[1](_build(t[2], binding).number, _build(t[3], binding).number))
    if kind == "neg":
        return Number(-_build(t[1], binding).number)
    raise ValueError("cannot instantiate")


def instantiate(atom: Any, binding: dict[str, Symbol]) -> Symbol | None:
    try:
        return _term(atom.symbol, binding)
    except (KeyError, ValueError, AttributeError):
        return None


# ---------------------------------------------------------------------------------------------
# Labels
# ---------------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _templates() -> dict[str, tuple[list[str], str]]:
    """Predicate signature -> (argument names, meaning), from the catalogues of ``asp/``."""
    result = {}
    for path in encoding_paths():
        for line in path.read_text(encoding="utf-8").splitlines():
            m = re.match(r"^%\s*(?:input|derived|output|aux)\s+(\w+)(?:\(([^)]*)\))?\s+(.*)$", line)
            if m:
                args = m.group(2).split(",") if m.group(2) else []
                result[f"{m.group(1)}/{len(args)}"] = (args, m.group(3).strip())
    return result


def _value_text(symbol: Symbol) -> str:
    if symbol.type == SymbolType.Function and not symbol.arguments and symbol.name in "wubrgc" and len(symbol.name) == 1:
        return "{" + symbol.name.upper() + "}"
    return format_atom(symbol)


def atom_label(symbol: Symbol) -> str:
    """A readable sentence for an atom, from its predicate's catalogue entry."""
    key = f"{symbol.name}/{len(symbol.arguments)}"
    template = _templates().get(key)
    if not template or not template[1] or len(template[0]) != len(symbol.arguments):
        return format_atom(symbol)
    names, meaning = template
    text = meaning
    for name, value in sorted(zip(names, symbol.arguments), key=lambda p: -len(p[0])):
        text = re.sub(rf"(?<![\w{{]){re.escape(name)}(?![\w}}])", _value_text(value).replace("\\", "\\\\"), text)
    return f"{format_atom(symbol)}: {text}"


# ---------------------------------------------------------------------------------------------
# Building the graph of one outcome
# ---------------------------------------------------------------------------------------------
@dataclass
class Firing:
    rule: RuleInfo
    binding: tuple[Symbol, ...]
    head: Symbol
    body: list[Symbol]
    unless: list[Symbol]


@dataclass
class ExplainData:
    """What the grounding knows for explanations: facts, possible atoms, and the firings."""

    facts: set[Symbol]
    input_facts: dict[Symbol, str]  # situation fact -> where it came from (file:line)
    why_facts: list[Symbol]
    why_literals: dict[Symbol, int]  # non-fact _why atoms and their program literals
    nonfact_literals: dict[Symbol, int]
    possible: set[Symbol] = field(default_factory=set)


class Explanation(nx.DiGraph):
    """The graph of why an outcome holds. Nodes have ``kind`` (fact, derived, choice, rule), ``label``
    and, for rule firings, ``cites`` and ``unless``; edges run body atom -> firing -> head.
    Labels of atoms are written when first needed (exports, :meth:`label`)."""

    def label(self, node: str) -> str:
        data = self.nodes[node]
        if "label" not in data:
            data["label"] = atom_label(data["symbol"])
            data["atom"] = format_atom(data["symbol"])
        return data["label"]

    def labelled(self) -> "Explanation":
        """A copy with every label written and only plain attribute values (for GraphML and JSON)."""
        for node in self.nodes:
            self.label(node)
        copy = Explanation()
        for node, data in self.nodes(data=True):
            plain = {k: v for k, v in data.items() if k != "symbol"}
            if data["kind"] == "rule":
                plain["unless"] = "; ".join(f"no {format_atom(u)}" for u in data["unless"])
            copy.add_node(node, **plain)
        copy.add_edges_from(self.edges)
        return copy

    def focus(self, atom: Symbol | str) -> "Explanation":
        """The atom and everything it rests on."""
        node = self.atom_node(atom)
        keep = nx.ancestors(self, node) | {node}
        return self.subgraph(keep).copy()  # type: ignore[return-value]

    def atom_node(self, atom: Symbol | str) -> str:
        if isinstance(atom, str):
            from .atoms import parse_atom

            situation = self.graph.get("situation")
            try:
                atom = parse_atom(atom, situation) if situation is not None else clingo.parse_term(atom)
            except Exception:  # an internal predicate: read it as a plain term
                atom = clingo.parse_term(atom)
        key = f"atom:{atom}"
        if key not in self:
            raise KeyError(f"{atom} is not in this explanation")
        return key

    def firings(self, atom: Symbol | str) -> list[dict[str, Any]]:
        """The rule firings that derive an atom directly."""
        return [self.nodes[p] for p in self.predecessors(self.atom_node(atom)) if self.nodes[p]["kind"] == "rule"]

    def cites(self, atom: Symbol | str) -> set[str]:
        """Every rule number or ruling cited on the way to an atom."""
        sub = self.focus(atom)
        return {c for _, data in sub.nodes(data=True) if data["kind"] == "rule" for c in data["cites"].split(", ") if c}

    # -- exports ----------------------------------------------------------------------------------
    def to_dot(self) -> str:
        lines = ["digraph explanation {", "  rankdir=LR;", "  node [fontname=Helvetica, fontsize=10];"]
        shapes = {"rule": "box", "fact": "note", "choice": "diamond", "derived": "ellipse"}
        for node, data in self.labelled().nodes(data=True):
            label = data["label"].replace("\\", "\\\\").replace('"', '\\"')
            lines.append(f'  "{_dot(node)}" [label="{label}", shape={shapes.get(data["kind"], "ellipse")}];')
        for a, b in self.edges:
            lines.append(f'  "{_dot(a)}" -> "{_dot(b)}";')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def to_graphml(self) -> str:
        buffer = io.BytesIO()
        nx.write_graphml(self.labelled(), buffer)
        return buffer.getvalue().decode("utf-8")

    def to_json(self) -> str:
        data = nx.node_link_data(self.labelled(), edges="links")
        data["graph"] = {}
        return json.dumps(data, indent=2, default=str)

    def text(self, roots: Iterable[str] | None = None) -> str:
        """An indented tree, from the outcome's atoms down to facts; repeated parts are referred to."""
        if roots is None:
            roots = sorted(n for n, d in self.nodes(data=True) if d["kind"] != "rule" and self.out_degree(n) == 0)
        out: list[str] = []
        seen: set[str] = set()

        def walk(node: str, depth: int) -> None:
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
            for pred in sorted(self.predecessors(node)):
                walk(pred, depth + 1)

        for root in roots:
            walk(root, 0)
        return "\n".join(out) + "\n"

    def draw(self, ax: Any = None) -> Any:  # pragma: no cover - needs matplotlib, for notebooks
        """Draw with matplotlib (install matplotlib to use it in Jupyter)."""
        try:
            import matplotlib.pyplot as plt  # noqa: F401
        except ImportError as exc:
            raise ImportError("Explanation.draw needs matplotlib; to_dot() needs nothing") from exc
        pos = nx.spring_layout(self, seed=0)
        labels = {n: self.label(n)[:40] if d["kind"] != "rule" else d["label"][:40] for n, d in self.nodes(data=True)}
        nx.draw_networkx(self, pos, ax=ax, labels=labels, font_size=7, node_size=300)
        return ax


def _dot(node: str) -> str:
    return node.replace("\\", "\\\\").replace('"', '\\"')


def build(data: ExplainData, true_nonfacts: frozenset[Symbol], shown: frozenset[Symbol],
          situation: Any = None) -> Explanation:
    """The well-founded explanation graph of one outcome."""
    infos = rules()[0]
    true_atoms = data.facts | set(true_nonfacts)
    firings: list[Firing] = []
    for why in data.why_facts + [w for w in data.why_literals if w in true_nonfacts]:
        rule_id, values = why.arguments
        info = infos[rule_id.number]
        head, body, unless = info.instances(values.arguments)
        if head is None or head not in true_atoms:
            continue
        firings.append(Firing(info, values, head, body, unless))

    # Least stage of each atom (well-founded supports only).
    stage: dict[Symbol, int] = {}
    waiting: dict[Symbol, list[int]] = {}
    missing = [0] * len(firings)
    queue: deque[Symbol] = deque()
    derived_by: dict[Symbol, list[int]] = {}
    for i, f in enumerate(firings):
        derived_by.setdefault(f.head, []).append(i)
    # Stage 0: the situation's facts, and facts of the encodings that no rule derives (color(w), ...).
    given = ({b for f in firings for b in f.body if b not in derived_by} | set(data.input_facts)
             | (encoding_facts() & true_atoms))
    for i, f in enumerate(firings):
        pending = {b for b in f.body if b not in given}
        missing[i] = len(pending)
        for b in pending:
            waiting.setdefault(b, []).append(i)
    for fact in given:
        stage[fact] = 0
    ready = deque(i for i, m in enumerate(missing) if m == 0)
    while ready or queue:
        while ready:
            i = ready.popleft()
            f = firings[i]
            level = 1 + max((stage.get(b, 0) for b in f.body), default=0)
            if f.head not in stage:
                stage[f.head] = level
                queue.append(f.head)
        while queue:
            atom = queue.popleft()
            for i in waiting.get(atom, ()):
                missing[i] -= 1
                if missing[i] == 0:
                    ready.append(i)
            if ready:
                break

    graph = Explanation()
    if situation is not None:
        graph.graph["situation"] = situation
    choice_heads = {f.head for f in firings if f.rule.choice}

    def add_atom(symbol: Symbol) -> str:
        node = f"atom:{symbol}"
        if node not in graph:
            if symbol in data.input_facts:
                kind, where = "fact", data.input_facts[symbol]
            elif symbol in given:
                kind, where = "fact", "asp"
            else:
                kind, where = ("choice" if symbol in choice_heads else "derived"), ""
            graph.add_node(node, kind=kind, symbol=symbol, source=where, stage=stage.get(symbol, -1),
                           outcome=symbol in shown)
        return node

    for f in firings:
        if f.head not in stage or f.head in given:
            continue
        if any(b not in stage or stage[b] >= stage[f.head] for b in f.body):
            continue  # not a well-founded support of this atom
        rule_node = f"rule:{f.rule.id}:{f.binding}"
        graph.add_node(rule_node, kind="rule", label=f.rule.label, cites=", ".join(f.rule.citations),
                       file=f"{f.rule.file}:{f.rule.line}", choice=f.rule.choice, unless=f.unless)
        graph.add_edge(rule_node, add_atom(f.head))
        for b in f.body:
            graph.add_edge(add_atom(b), rule_node)
    for symbol in shown:
        add_atom(symbol)
    supports = {}
    for node in graph:
        if graph.nodes[node]["kind"] != "rule":
            supports[node] = sum(1 for p in graph.predecessors(node))
    nx.set_node_attributes(graph, supports, "supports")
    return graph


def why_not(data: ExplainData, atom: Symbol, depth: int = 2) -> list[str]:
    """For an atom true in no outcome: for each rule that could derive it, a body condition that fails."""
    infos = rules()[0]
    reasons: list[str] = []
    candidates = [r for r in infos if r.head is not None and _pred(r.head) == (atom.name, len(atom.arguments))]
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
                if instance not in data.possible:
                    failed = f"{format_atom(instance)} does not hold"
                    if depth > 1 and not instance.name.startswith(WHY):
                        deeper = why_not(data, instance, depth - 1)
                        failed += " (" + "; ".join(deeper) + ")"
                    break
            elif not any(_match(body.symbol, p, dict(binding)) is not None for p in data.possible
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
        reasons.append(f"{info.label} [{info.file}:{info.line}]: {failed}")
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
        def visit_Variable(self, var):  # noqa: N802
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
