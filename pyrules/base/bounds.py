"""Arithmetic that cannot overflow: the numbers of a user's query, rules or objective, bounded before
clingo evaluates them.

clingo computes with 32-bit signed integers and wraps silently: ``N + 2147483647 < 0`` holds for
N = 5, a weight ``N * 1000000000`` becomes 1705032704, and a number written beyond the range is read
wrapped. So every number written is checked against the text it was read from, and every operation,
``#sum`` aggregate and objective is bounded by interval arithmetic over clingo's AST: a variable
ranges over the numbers its atoms can hold (read from the grounding: every atom that can be true is
in it), an operation over the ranges of its operands; anything that could leave the 32-bit range is
refused, never wrapped. The bounds over-approximate, so what passes cannot overflow.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from clingo import Symbol, SymbolType, ast

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
FULL = (INT_MIN, INT_MAX)  # any number clingo holds
Range = tuple[int, int]
Path = tuple[int, ...]


class Domains:
    """For each predicate: the range of the numbers at each argument position (a path into nested
    terms) and how many atoms it has, read from a grounding's symbolic atoms. A user's own predicates
    are read from their rules (``own``)."""

    def __init__(self, atoms: Any, own: dict[tuple[str, int], tuple[dict[Path, Range], int | None]] | None = None):
        self.atoms = atoms
        self.own = own or {}
        self.cache: dict[tuple[str, int], tuple[dict[Path, Range], int | None]] = {}

    def of(self, name: str, arity: int) -> tuple[dict[Path, Range], int | None]:
        """(ranges by path, number of atoms or None when it cannot be told)."""
        if (name, arity) in self.own:
            return self.own[(name, arity)]
        if (name, arity) not in self.cache:
            ranges: dict[Path, Range] = {}
            count = 0
            for atom in self.atoms.by_signature(name, arity):
                count += 1
                _numbers(atom.symbol.arguments, (), ranges)
            self.cache[(name, arity)] = (ranges, count)
        return self.cache[(name, arity)]


def _numbers(arguments: Iterable[Symbol], path: Path, ranges: dict[Path, Range]) -> None:
    for i, value in enumerate(arguments):
        here = (*path, i)
        if value.type == SymbolType.Number:
            low, high = ranges.get(here, (value.number, value.number))
            ranges[here] = (min(low, value.number), max(high, value.number))
        elif value.type == SymbolType.Function:
            _numbers(value.arguments, here, ranges)


def _join(a: Range | None, b: Range | None) -> Range | None:
    if a is None or b is None:
        return a or b
    return (min(a[0], b[0]), max(a[1], b[1]))


# -- numbers as written -------------------------------------------------------------------------------
def wrapped_number(node: Any, text: str) -> str | None:
    """A number of the AST written beyond the 32-bit range (so clingo read it wrapped), as written; or
    None. Its place in the text is the one the AST gives."""
    lines = text.encode("utf-8").split(b"\n")
    found: list[str] = []

    def written_at(location: Any) -> str:
        begin, end = location.begin, location.end
        if begin.line != end.line or not 0 < begin.line <= len(lines):
            return ""
        return lines[begin.line - 1][begin.column - 1:end.column - 1].decode("utf-8", "replace")

    class Find(ast.Transformer):
        def visit_UnaryOperation(self, term):
            # (-2147483648 is read as the minus of 2147483648, which wraps to itself: an odd number of minuses before
            # it gives the value written, an even number its opposite, beyond the range)
            minuses, inner = 0, term
            while inner.ast_type == ast.ASTType.UnaryOperation and inner.operator_type == ast.UnaryOperator.Minus:
                minuses, inner = minuses + 1, inner.argument
            if minuses and inner.ast_type == ast.ASTType.SymbolicTerm and inner.symbol.type == SymbolType.Number and \
                    written_at(inner.location).strip() == str(-INT_MIN):
                if minuses % 2 == 0:
                    found.append(written_at(term.location))
                return term
            return term.update(**self.visit_children(term))

        def visit_SymbolicTerm(self, term):
            if term.symbol.type == SymbolType.Number:
                begin, end = term.location.begin, term.location.end
                if begin.line == end.line and 0 < begin.line <= len(lines):
                    written = written_at(term.location)
                    digits = written.strip().lstrip("-")
                    if len(digits) > 40 and digits.isalnum():
                        value = INT_MAX + 1  # too long for any 32-bit number (and for Python's int() of text)
                    else:
                        try:
                            value = int(written, 0)
                        except ValueError:
                            value = 0  # not one literal (a number clingo supplies, such as a priority)
                    if not INT_MIN <= value <= INT_MAX:  # read wrapped: as written, beyond the range
                        found.append(written)
            return term

    Find()(node)
    return found[0] if found else None


# -- ranges of terms --------------------------------------------------------------------------------
class OverflowRisk(Exception):  # noqa: N818 (a finding, not an error of pyrules)
    """A term whose value could leave clingo's 32-bit range (its text, and the range it could take)."""

    def __init__(self, term: str, low: int, high: int):
        super().__init__(term)
        self.term, self.low, self.high = term, low, high
        self.node: Any = None


def term_range(term: Any, env: dict[str, Range | None]) -> Range | None:
    """The range of a term's value when it is a number (None: never a number); raises OverflowRisk when an
    operation in it could leave the 32-bit range."""
    t = term.ast_type
    if t == ast.ASTType.SymbolicTerm:
        return (term.symbol.number,) * 2 if term.symbol.type == SymbolType.Number else None
    if t == ast.ASTType.Variable:
        return env.get(term.name, FULL) if term.name != "_" else FULL
    if t == ast.ASTType.Function:
        for argument in term.arguments:
            term_range(argument, env)
        return None
    if t == ast.ASTType.UnaryOperation:
        argument = term.argument
        if term.operator_type == ast.UnaryOperator.Minus and argument.ast_type == ast.ASTType.SymbolicTerm and \
                argument.symbol.type == SymbolType.Number and argument.symbol.number == INT_MIN:
            return (INT_MIN, INT_MIN)  # -2147483648: the minus of 2147483648 as written (read wrapped, to itself)
        value = term_range(argument, env)
        if value is None:
            return None
        low, high = value
        if term.operator_type == ast.UnaryOperator.Minus:
            result = (-high, -low)
        elif term.operator_type == ast.UnaryOperator.Absolute:
            result = (0 if low <= 0 <= high else min(abs(low), abs(high)), max(abs(low), abs(high)))
        else:  # ~: stays in range
            result = (~high, ~low)
        return _checked(term, result)
    if t == ast.ASTType.BinaryOperation:
        left, right = term_range(term.left, env), term_range(term.right, env)
        if left is None or right is None:
            return None
        return _checked(term, _binary(term.operator_type, left, right))
    return FULL  # (nothing else is accepted in a query: see pyrules.engine.query)


def _binary(op: Any, left: Range, right: Range) -> Range:
    op_ = ast.BinaryOperator
    if op == op_.Plus:
        return (left[0] + right[0], left[1] + right[1])
    if op == op_.Minus:
        return (left[0] - right[1], left[1] - right[0])
    if op == op_.Multiplication:
        products = [a * b for a in left for b in right]
        return (min(products), max(products))
    largest = max(abs(left[0]), abs(left[1]))
    if op == op_.Division:  # |a / b| <= |a| (and -2**31 / -1 is 2**31)
        return (-largest, largest)
    if op == op_.Modulo:  # |a \ b| < |b| and <= |a|
        bound = min(largest, max(abs(right[0]), abs(right[1])))
        return (-bound, bound)
    if op == op_.Power:
        exponent = max(right[1], 0)
        if largest <= 1:
            return (-1, 1)
        magnitude = largest ** exponent if exponent <= 64 else 2**64
        return (-magnitude, magnitude)
    return FULL  # &, ?, ^ of numbers in range stay in range


def _checked(term: Any, value: Range) -> Range:
    if value[0] < INT_MIN or value[1] > INT_MAX:
        raise OverflowRisk(str(term), *value)
    return value


# -- bodies ------------------------------------------------------------------------------------------
def body_env(body: Iterable[Any], domains: Domains, outer: dict[str, Range | None] | None = None
             ) -> dict[str, Range | None]:
    """The range of each variable a body binds: by the positive atoms it occurs in (the intersection of
    their ranges at its places; None when one place never holds a number), then by assignments
    ``X = term`` and aggregates ``X = #agg{...}``."""
    env: dict[str, Range | None] = dict(outer or {})
    literals = list(body)
    for literal in literals:
        if _positive_atom(literal):
            name, arity, arguments = _atom_parts(literal.atom.symbol)
            if name is None:
                continue
            ranges, _ = domains.of(name, arity)
            for var, path in _places(arguments, ()):
                here = ranges.get(path)
                env[var] = _meet(env[var], here) if var in env else here
    for _ in range(len(literals) + 1):  # assignments may use each other: repeat until none is new
        changed = False
        for literal in literals:
            for var, value in _assigned(literal, env, domains):
                if var not in env:
                    env[var] = value
                    changed = True
        if not changed:
            break
    return env


def _meet(a: Range | None, b: Range | None) -> Range | None:
    if a is None or b is None:
        return None
    return (max(a[0], b[0]), min(a[1], b[1])) if max(a[0], b[0]) <= min(a[1], b[1]) else None


def _positive_atom(literal: Any) -> bool:
    return (literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign
            and literal.atom.ast_type == ast.ASTType.SymbolicAtom)


def _atom_parts(term: Any) -> tuple[str | None, int, list[Any]]:
    if term.ast_type == ast.ASTType.Function and not term.external:
        return term.name, len(term.arguments), list(term.arguments)
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == SymbolType.Function:
        return term.symbol.name, len(term.symbol.arguments), []
    return None, 0, []


def _places(arguments: list[Any], path: Path) -> Iterable[tuple[str, Path]]:
    """Each variable written as a whole argument (at any depth of function terms), with its path."""
    for i, argument in enumerate(arguments):
        if argument.ast_type == ast.ASTType.Variable and argument.name != "_":
            yield argument.name, (*path, i)
        elif argument.ast_type == ast.ASTType.Function and not argument.external:
            yield from _places(list(argument.arguments), (*path, i))


def _assigned(literal: Any, env: dict[str, Range | None], domains: Domains) -> list[tuple[str, Range | None]]:
    if literal.ast_type != ast.ASTType.Literal or literal.sign != ast.Sign.NoSign:
        return []
    atom = literal.atom
    if atom.ast_type == ast.ASTType.Comparison and len(atom.guards) == 1 \
            and atom.guards[0].comparison == ast.ComparisonOperator.Equal:
        sides = [(atom.term, atom.guards[0].term), (atom.guards[0].term, atom.term)]
        return [(a.name, term_range(b, env)) for a, b in sides if a.ast_type == ast.ASTType.Variable
                and a.name not in env and all(v in env for v in _variables(b))]
    if atom.ast_type == ast.ASTType.BodyAggregate:
        value = aggregate_range(atom, env, domains)
        return [(g.term.name, value) for g in (atom.left_guard, atom.right_guard) if g is not None
                and g.comparison == ast.ComparisonOperator.Equal and g.term.ast_type == ast.ASTType.Variable]
    return []


def _variables(term: Any) -> set[str]:
    found: set[str] = set()

    class Collect(ast.Transformer):
        def visit_Variable(self, node):
            found.add(node.name)
            return node

    Collect()(term)
    return found


def aggregate_range(aggregate: Any, env: dict[str, Range | None], domains: Domains) -> Range | None:
    """The range of a body aggregate's value; raises OverflowRisk when a #sum could leave the 32-bit range:
    at most (the number of its elements' instances) times the largest weight."""
    function = aggregate.function
    kinds = ast.AggregateFunction
    count = 0
    weights: Range | None = None
    for element in aggregate.elements:
        local = body_env(element.condition, domains, env)
        for term in element.terms:
            term_range(term, local)
        for literal in element.condition:
            check_literal(literal, local, domains)
        instances = instance_bound(element.condition, domains)
        count = None if count is None or instances is None else count + instances
        weights = _join(weights, term_range(element.terms[0], local) if element.terms else None)
    if function == kinds.Count:
        return (0, count) if count is not None and count <= INT_MAX else (0, INT_MAX)
    if function in (kinds.Min, kinds.Max):
        return weights
    largest = 0 if weights is None else max(abs(weights[0]), abs(weights[1]))
    if largest and (count is None or count * largest > INT_MAX):
        raise OverflowRisk(str(aggregate), -largest * (count or 2**32), largest * (count or 2**32))
    bound = largest * (count or 0)
    return (0 if function == kinds.SumPlus else -bound, bound)


def instance_bound(condition: Iterable[Any], domains: Domains) -> int | None:
    """How many instances a conjunction can have at most: the product of its positive atoms' numbers of
    atoms (None when one of them cannot be told)."""
    product = 1
    for literal in condition:
        if _positive_atom(literal):
            name, arity, _ = _atom_parts(literal.atom.symbol)
            if name is None:
                continue
            count = domains.of(name, arity)[1]
            if count is None:
                return None
            product *= count
    return product


def check_literal(literal: Any, env: dict[str, Range | None], domains: Domains) -> None:
    """Raise OverflowRisk if some operation or #sum in the literal could leave the 32-bit range."""
    t = literal.ast_type
    if t == ast.ASTType.ConditionalLiteral:
        local = body_env(literal.condition, domains, env)
        check_literal(literal.literal, local, domains)
        for condition in literal.condition:
            check_literal(condition, local, domains)
        return
    if t != ast.ASTType.Literal:
        return
    atom = literal.atom
    if atom.ast_type == ast.ASTType.SymbolicAtom:
        term_range(atom.symbol, env)
    elif atom.ast_type == ast.ASTType.Comparison:
        term_range(atom.term, env)
        for guard in atom.guards:
            term_range(guard.term, env)
    elif atom.ast_type == ast.ASTType.BodyAggregate:
        for guard in (atom.left_guard, atom.right_guard):
            if guard is not None:
                term_range(guard.term, env)
        aggregate_range(atom, env, domains)


def check_body(body: Iterable[Any], domains: Domains, terms: Iterable[Any] = ()) -> dict[str, Range | None]:
    """Check a body and terms over its variables (a head's, an objective's); the body's ranges."""
    body = list(body)
    env = body_env(body, domains)
    for literal in body:
        check_literal(literal, env, domains)
    for term in terms:
        term_range(term, env)
    return env


def own_domains(rules: list[Any], domains: Domains, own: set[tuple[str, int]]) -> None:
    """The ranges and numbers of atoms of a user's own predicates, from their rules (a fixed point: a
    recursion cannot build values, see pyrules.engine.query, so it ends; a count through a recursion cannot be
    told)."""
    for key in own:
        domains.own[key] = ({}, 0)
    for _ in range(len(rules) * 4 + 4):
        changed = False
        for rule in rules:
            head = rule.head
            if head.ast_type != ast.ASTType.Literal or head.atom.ast_type != ast.ASTType.SymbolicAtom:
                continue
            name, arity, arguments = _atom_parts(head.atom.symbol)
            if (name, arity) not in own:
                continue
            ranges, count = domains.own[(name, arity)]
            new = dict(ranges)
            try:
                env = body_env(rule.body, domains)
                for path, value in _head_ranges(arguments, env, ()):
                    new[path] = _join(new.get(path), value)  # type: ignore[assignment]
            except OverflowRisk as overflow:
                overflow.node = rule  # the rule it is in
                raise
            if new != ranges:
                domains.own[(name, arity)] = (new, count)
                changed = True
        if not changed:
            break
    else:  # (cannot happen) any number, then
        for key, (ranges, count) in domains.own.items():
            domains.own[key] = ({path: FULL for path in ranges}, count)
    for key in own:
        domains.own[key] = (domains.own[key][0], _own_count(key, rules, domains, own, set()))


def _head_ranges(arguments: list[Any], env: dict[str, Range | None], path: Path) -> Iterable[tuple[Path, Range]]:
    for i, argument in enumerate(arguments):
        here = (*path, i)
        if argument.ast_type == ast.ASTType.Function and not argument.external:
            yield from _head_ranges(list(argument.arguments), env, here)
            continue
        if argument.ast_type == ast.ASTType.SymbolicTerm and argument.symbol.type == SymbolType.Function:
            ranges: dict[Path, Range] = {}
            _numbers(argument.symbol.arguments, here, ranges)
            yield from ranges.items()
            continue
        value = term_range(argument, env)
        if value is not None:
            yield here, value


def _own_count(key: tuple[str, int], rules: list[Any], domains: Domains, own: set[tuple[str, int]],
               visiting: set[tuple[str, int]]) -> int | None:
    if key in visiting:
        return None  # through a recursion: cannot be told
    total = 0
    for rule in rules:
        head = rule.head
        if head.ast_type != ast.ASTType.Literal or head.atom.ast_type != ast.ASTType.SymbolicAtom \
                or _atom_parts(head.atom.symbol)[:2] != key:
            continue
        product = 1
        for literal in rule.body:
            if _positive_atom(literal):
                name, arity, _ = _atom_parts(literal.atom.symbol)
                count = (_own_count((name, arity), rules, domains, own, visiting | {key}) if (name, arity) in own
                         else domains.of(name, arity)[1]) if name is not None else 1
                if count is None:
                    return None
                product *= count
        total += product
    return total

