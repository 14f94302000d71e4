"""The shadow rules of explanations: each rule of the encodings rewritten, through clingo's AST, as
``_why(Rule, Head, Positive..., Negative...) :- <the same body>.``, so that the grounder writes the atoms of
each of its firings itself (:mod:`pyrules.engine.derivations` reads them). Also: the AST of a rule's atoms
instantiated with a binding, for why-not."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import clingo.ast as ast
from clingo import Function, Number, Symbol

from pyrules.engine.program import statements

WHY = "_why"


class _Renamer(ast.Transformer):
    """Give each anonymous variable of a positive atom a name, so a firing says which atom matched."""

    def __init__(self) -> None:
        self.count = 0

    def visit_Variable(self, node):
        if node.name == "_":
            self.count += 1
            return ast.Variable(node.location, f"ANON{self.count}")
        return node


def _name_anonymous(body: list[Any], after: int = 0) -> tuple[list[Any], int]:
    """The body with its anonymous variables named, the first ``ANON{after + 1}``; and how many were named
    (a choice element's condition goes on from its rule's body: the two are joined in one shadow rule)."""
    renamer = _Renamer()
    renamer.count = after
    return [renamer(b) if b.ast_type == ast.ASTType.Literal and b.sign == ast.Sign.NoSign
            and b.atom.ast_type == ast.ASTType.SymbolicAtom else b for b in body], renamer.count


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
        body, named = _name_anonymous(list(stm.body))
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
                condition, _ = _name_anonymous(list(element.condition), named)
                cond = [c.atom for c in condition if c.ast_type == ast.ASTType.Literal
                        and c.sign == ast.Sign.NoSign and c.atom.ast_type == ast.ASTType.SymbolicAtom]
                elements.append((element.literal.atom, positive + cond, body + condition, True))
        else:
            continue
        for atom, positives, full_body, choice in elements:
            shadow = _shadow(stm.location, len(rows), atom, positives, negative, full_body)
            rows.append([statement.position, name, line, choice, *predicate_of(atom), len(positives), str(shadow)])
    return rows


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


def evaluate_term(node: Any, binding: dict[str, Symbol]) -> Symbol:
    t = node.ast_type
    if t == ast.ASTType.Variable:
        return binding[node.name]
    if t == ast.ASTType.SymbolicTerm:
        return node.symbol
    if t == ast.ASTType.Function:
        return Function(node.name, [evaluate_term(a, binding) for a in node.arguments])
    if t == ast.ASTType.BinaryOperation:
        a, b = evaluate_term(node.left, binding), evaluate_term(node.right, binding)
        return Number(_OPS[node.operator_type](a.number, b.number))
    if t == ast.ASTType.UnaryOperation:
        return Number(-evaluate_term(node.argument, binding).number)
    raise ValueError(f"cannot instantiate {node}")


def instantiate(atom: Any, binding: dict[str, Symbol]) -> Symbol | None:
    try:
        return evaluate_term(atom.symbol, binding)
    except (KeyError, ValueError, AttributeError):
        return None


def predicate_of(atom: Any) -> tuple[str, int]:
    term = atom.symbol
    if term.ast_type == ast.ASTType.Function:
        return term.name, len(term.arguments)
    return (term.symbol.name, 0) if term.ast_type == ast.ASTType.SymbolicTerm else ("", -1)
