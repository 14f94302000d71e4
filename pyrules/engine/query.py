"""Questions asked of outcomes in clingo's own syntax: queries, constraints and objectives.

A *query* is the body of a rule over outcome atoms: atoms with variables, ``not``, comparisons and
aggregates (``counters_put(ballista, p1p1, N), N >= 5``). A *constraint* is a user's own rules over
the same atoms (``:- life_lost(alice, N), N > 3.``, ``big :- counters_put(_, p1p1, N), N > 4.``).
An *objective* is what to maximize or minimize (``N : counters_put(ballista, p1p1, N)``).

The text is parsed by clingo's parser into an AST, and every statement, literal and term is checked
before anything reaches a grounding: only outcome predicates (the output catalogue) and a
constraint's own new predicates may be read, ids are those of the situation (bare ids become the
strings the facts use), and nothing else is accepted: no ``#script``, ``#include``, ``#external``,
``#show``, priorities or internal (``_``) names. So a user cannot touch the encodings' internals,
by accident or otherwise; what is accepted is added with clingo's ProgramBuilder, never pasted
into program text.

A query is grounded as ``_query(K, (V1, ..., Vn)) :- Body.`` and ``_query_any(K) :- _query(K, _).``
in a program part of its own, on the grounding the outcomes came from; clingo's brave and cautious
consequences then say in which outcomes it holds, and an assumption on ``_query_any(K)`` lists the
outcomes where it does.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from clingo import Function, Number, String, Symbol, SymbolType, ast

from pyrules.base.bounds import INT_MAX, INT_MIN, Domains, OverflowRisk, check_body, own_domains, wrapped_number
from pyrules.base.errors import InputError
from pyrules.base.files import read_text
from pyrules.engine.atoms import (
    ARGUMENT_KINDS,
    ID_KINDS,
    MAX_ATOM_DEPTH,
    RESERVED,
    _ability_problem,
    _ids,
    _short,
    _signatures,
    _term,
    _Words,
    check_atom,
    clingo_text_problem,
    format_atom,
    id_positions,
    nested_functions,
    parse_atom,
    unknown_ability,
    unwritten_function,
)
from pyrules.engine.encodings import all_entries
from pyrules.engine.program import statements
from pyrules.situation.model import Situation

QUERY = "_query"
QUERY_ANY = "_query_any"
QUERY_IN = "_query_in"
QUERY_ATOM = "_query_atom"
OUTCOME = "_outcome"
IN = "_in"

#: Term types a query may write: variables, values, functions and arithmetic.
_TERMS = {ast.ASTType.Variable, ast.ASTType.SymbolicTerm, ast.ASTType.Function, ast.ASTType.UnaryOperation,
          ast.ASTType.BinaryOperation}
#: Largest constraint text accepted (the situation loader's own bound on a document).
MAX_TEXT = 1_000_000
#: Deepest nesting of parentheses and braces in a query, constraint or objective (outcome atoms nest a
#: few levels; an aggregate or arithmetic adds a few more).
MAX_NESTING = 40


@dataclass(frozen=True)
class Query:
    """A checked query: its text, where it came from, its body literals and its named variables."""

    text: str
    where: str
    body: tuple[Any, ...]
    variables: tuple[str, ...]

    @property
    def ground_atom(self) -> Symbol | None:
        """The atom, when the query is one positive atom without variables (answered from the cached
        consequences)."""
        if len(self.body) != 1 or self.variables:
            return None
        literal = self.body[0]
        if literal.sign != ast.Sign.NoSign or literal.atom.ast_type != ast.ASTType.SymbolicAtom:
            return None
        return _symbol(literal.atom.symbol)


@dataclass(frozen=True)
class Answer:
    """The answer to a query: ``holds`` True, False, or None when solving stopped (``--timeout``) before
    it was decided; ``bindings``: the values of the query's variables for which it holds in some
    outcome (``sometimes``) or in every outcome (``always``), each a dict by variable name."""

    text: str
    mode: str  # "sometimes" or "always"
    holds: bool | None
    variables: tuple[str, ...]
    bindings: tuple[dict[str, Any], ...]
    complete: bool = True

    def as_dict(self) -> dict[str, Any]:
        return {"query": self.text, "mode": self.mode, "holds": self.holds, "complete": self.complete,
                "variables": list(self.variables), "bindings": [dict(b) for b in self.bindings]}


def plain(symbol: Symbol) -> Any:
    """A value as Python: numbers as int, strings (ids) and constants as str, anything else as its text."""
    if symbol.type == SymbolType.Number:
        return symbol.number
    if symbol.type == SymbolType.String:
        return symbol.string
    if symbol.type == SymbolType.Function and not symbol.arguments and symbol.positive:
        return symbol.name

    return format_atom(symbol)


# -- parsing ------------------------------------------------------------------------------------
#: Texts parsed and found good, with their statements: a sweep asks one query of many situations, and parsing it
#: (twice: for its syntax, then for its AST) and checking its numbers and depth cost more than the rest of reading
#: it. Only what holds of the text alone is kept; what the situation decides is checked every time.
_PARSED: dict[str, tuple[Any, ...]] = {}
_PARSED_KEPT = 256


def _parse(text: str, where: str, what: str, shown: str | None = None) -> list[Any]:
    if isinstance(text, str) and text in _PARSED:
        return list(_PARSED[text])
    nodes = _parse_text(text, where, what, shown)
    if len(_PARSED) >= _PARSED_KEPT:
        _PARSED.pop(next(iter(_PARSED)))
    _PARSED[text] = tuple(nodes)
    return nodes


def _parse_text(text: str, where: str, what: str, shown: str | None) -> list[Any]:
    if not isinstance(text, str):
        raise InputError(where, f"{what} is written as text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise InputError(where, f"{what} is longer than {MAX_TEXT:,} characters")
    if "\x00" in text:
        raise InputError(where, f"{what} holds a NUL character")
    if _nesting(text) > MAX_NESTING:  # checked before anything walks the AST recursively
        raise InputError(where, f"{what} nests parentheses more than {MAX_NESTING} levels deep")
    if _INCLUDE in text:  # anywhere, even in a comment or a string: see _INCLUDE
        raise InputError(where, f"{what} '{_short(shown or text)}': #include is not accepted (not even in a "
                                "comment or a string)")
    problem = _syntax_problem(text)
    if problem is not None:
        if shown is not None and "unexpected ." in problem and "." not in shown:
            problem = "it ends too early"  # the '.' clingo trips on is the one pyrules added
        words = clingo_text_problem(text)  # the usual mistakes, said in words
        raise InputError(where, f"{what} '{_short(shown or text)}': {words}" if words is not None else
                         f"{what} '{_short(shown or text)}' is not clingo syntax ({problem})")
    nodes: list[Any] = []
    try:
        ast.parse_string(text, nodes.append, logger=lambda code, message: None, message_limit=0)
    except RuntimeError:  # (cannot happen: the same tokens parsed above)
        raise InputError(where, f"{what} '{_short(shown or text)}' is not clingo syntax") from None

    for node in nodes:
        wrapped = wrapped_number(node, text)
        if wrapped is not None:  # clingo read it wrapped, silently
            raise InputError(where, f"{what} '{_short(shown or text)}': the number {_short(wrapped)} is beyond what "
                                    f"clingo holds ({INT_MIN:,} to {INT_MAX:,})")
        if node.location.begin.filename != "<string>":  # (cannot happen: no #include reaches the parser)
            raise InputError(where, f"{what} '{_short(shown or text)}': only the text given is read")
        if _too_deep(node, MAX_NESTING + _STATEMENT_LEVELS):  # a '"' in a comment can mislead _nesting
            raise InputError(where, f"{what} nests parentheses more than {MAX_NESTING} levels deep")
    return [n for n in nodes if n.ast_type != ast.ASTType.Comment]


#: Why "#include" is refused wherever it is written, rather than only where clingo would read it as a
#: directive: clingo's parser opens the file an #include names as soon as it reads the directive, before
#: any statement reaches pyrules, so the directive must be ruled out before parsing. Its lexer makes the
#: directive only of the eight characters "#include" (a keyword in its normal state: libgringo's
#: nongroundlexer.xch), and no other statement reads a file; so a text without them cannot make clingo
#: read one. Telling a directive from the same characters in a comment or a string would need clingo's
#: lexer reproduced exactly (nested block comments, a '%' inside one, escapes), and any difference would
#: be a way in; refusing the characters everywhere needs nothing of it.
_INCLUDE = "#include"
def _syntax_problem(text: str) -> str | None:
    """clingo's first syntax error in the text, or None. Found on the text with each character beyond
    ASCII replaced by '`': clingo quotes the byte it trips on in its message, and a byte cut from a
    character beyond ASCII cannot be decoded by its Python logger (the process aborts: "PANIC").
    The replacement changes no token: in strings and comments both are any character, elsewhere both
    are a lexer error; so the text itself, parsed after, gives no message."""
    messages: list[str] = []
    try:
        ast.parse_string(_NON_ASCII.sub("`", text), lambda node: None,
                         logger=lambda code, message: messages.append(message), message_limit=1)
    except RuntimeError:
        detail = " ".join(messages[0].split()) if messages else "syntax error"
        detail = detail.split(": error: ", 1)[-1]
        if "`" not in text:  # the byte was one of a character beyond ASCII
            detail = detail.replace("unexpected `", "a character beyond ASCII outside a string")
        return detail
    return None


_NON_ASCII = re.compile(r"[^\x00-\x7f]")
#: AST levels above a term: a statement, a literal, an atom, an aggregate and its element, a condition.
_STATEMENT_LEVELS = 8


def _too_deep(node: Any, limit: int) -> bool:
    """Whether the AST nests deeper than ``limit`` levels, found without recursion (the checks that
    follow walk it recursively)."""
    stack = [(node, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return True
        for key in node.child_keys:
            value = getattr(node, key)
            children = value if isinstance(value, (list, tuple, ast.ASTSequence)) else (value,)
            stack.extend((child, depth + 1) for child in children if isinstance(child, ast.AST))
    return False


def parse_query(text: str, situation: Situation, where: str = "<query>") -> Query:
    """Parse and check a query (a rule body over outcome atoms)."""
    if isinstance(text, str) and _nesting(text) > MAX_ATOM_DEPTH:
        raise InputError(where, f"'{_short(text)}' nests more than {MAX_ATOM_DEPTH} levels deep: no outcome atom does")
    if not isinstance(text, str) or _one_term(text):  # one atom without variables: checked as an atom
        symbol = parse_atom(text, situation, where)
        location = ast.Location(ast.Position("<query>", 1, 1), ast.Position("<query>", 1, 1))
        literal = ast.Literal(location, ast.Sign.NoSign, ast.SymbolicAtom(ast.SymbolicTerm(location, symbol)))
        return Query(text, where, (literal,), ())
    if not text.strip():
        raise InputError(where, "the query is empty")
    if isinstance(text, str) and _has_statement_end(text):
        raise InputError(where, f"the query '{_short(text)}' is one rule body: no '.' that ends a statement")
    nodes = _parse(f":- {text}." if isinstance(text, str) else text, where, "the query", text)
    rules = [n for n in nodes if n.ast_type == ast.ASTType.Rule]
    if len(nodes) != 2 or len(rules) != 1:
        raise InputError(where, f"the query '{_short(text)}' must be one rule body, such as "
                                "counters_put(ballista, p1p1, N), N >= 5")
    if not rules[0].body:  # only a comment
        raise InputError(where, "the query is empty")
    checker = _Checker(situation, where, text)
    body = tuple(checker.body(rules[0].body))
    variables = _named_variables(body)
    checker.safe(body, variables)
    return Query(text, where, body, variables)


def _one_term(text: str) -> bool:
    """Whether the text is one term without variables (then it is read as an atom)."""
    symbol = _term(text.strip())
    return symbol is not None and symbol.type == SymbolType.Function


def _unquoted(text: str) -> str:
    """The text with each string's contents left out, for what is looked for outside strings."""
    return _STRING.sub('""', text)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _nesting(text: str) -> int:
    """How deep the parentheses and braces of a text nest (outside strings)."""
    depth = deepest = 0
    for ch in _unquoted(text):
        if ch in "({":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in ")}":
            depth -= 1
    return deepest


def _has_statement_end(text: str) -> bool:
    """A '.' outside strings that is not part of '..' (a range): the query would end early."""
    return re.search(r"(?<!\.)\.(?!\.)", _unquoted(text)) is not None


def read_constraints(sources: tuple[str, ...] | list[str]) -> list[tuple[str, str]]:
    """Each source as (where, text): a path ending in ``.lp`` is read (its name is where), anything else
    is ASP text (``--constraint``)."""
    out = []
    for source in sources:
        if isinstance(source, Path) or (isinstance(source, str) and source.strip().endswith(".lp")
                                        and "\n" not in source and ":-" not in source):
            where = str(source)
            out.append((where, read_text(source, where, "a constraint file", MAX_TEXT)))
        elif isinstance(source, str):
            out.append(("--constraint", source))
        else:
            raise TypeError(f"constraints: each is ASP text or a path to a .lp file, not {source!r}")
    return out


def parse_constraints(sources: list[tuple[str, str]], situation: Situation) -> list[Any]:
    """Parse and check a user's rules: integrity constraints and rules defining new predicates, whose
    bodies read outcome atoms and those new predicates."""
    statements: list[tuple[str, Any]] = []
    for where, text in sources:
        for node in _parse(text, where, "the constraint"):
            if node.ast_type == ast.ASTType.Program:
                if node.name != "base" or node.parameters:
                    raise InputError(_at(where, node), "#program parts are not accepted in constraints")
                continue
            if node.ast_type != ast.ASTType.Rule:
                raise InputError(_at(where, node), f"only rules and constraints over outcome atoms are accepted, "
                                                   f"not {_kind(node)}")
            statements.append((where, node))
    own = _own_heads(statements, situation)
    written = _head_values(statements)
    out = []
    for where, rule in statements:
        checker = _Checker(situation, _at(where, rule), str(rule), own, written)
        head = rule.head
        if not (head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.BooleanConstant):
            head = checker.literal(head, head=True)
        body = checker.body(rule.body)
        out.append(ast.Rule(rule.location, head, body))
    _refuse_growing_recursion(statements, own)
    return out


def _head_values(statements: list[tuple[str, Any]]) -> frozenset[Symbol]:
    """The constants, strings and numbers the user's rules write in their heads (``size(O, big) :- ...``): words of
    their own, which their bodies may read."""
    found: set[Symbol] = set()

    class Collect(ast.Transformer):
        def visit_SymbolicTerm(self, term):
            found.add(term.symbol)
            return term

        def visit_Function(self, term):
            if not term.arguments and not term.external:
                found.add(Function(term.name))
            self.visit_children(term)
            return term

    for _, rule in statements:
        Collect()(rule.head)
    return frozenset(found)


def _refuse_growing_recursion(statements: list[tuple[str, Any]], own: set[tuple[str, int]]) -> None:
    """Refuse a rule that reads its own predicate (through any cycle of the user's predicates) and
    builds a value: arithmetic, an aggregate's value, or a function term made of variables in its head
    (``n(X+1) :- n(X).``). Such a recursion can make new values without end, and clingo's grounding
    cannot be interrupted; without it, every value of a user's predicate is a value already in the
    outcomes or in the rules, so the grounding ends."""
    reads: dict[tuple[str, int], set[tuple[str, int]]] = {p: set() for p in own}
    for _, rule in statements:
        head = _head_predicate(rule)
        if head is not None:
            reads[head] |= _predicates(rule.body) & own
    for where, rule in statements:
        head = _head_predicate(rule)
        if head is None or not _reaches(reads, _predicates(rule.body) & own, head):
            continue
        built = _built_value(rule)
        if built is not None:
            raise InputError(_at(where, rule), f"'{_short(str(rule))}': {head[0]} is defined through itself with "
                                               f"a value built by '{_short(built)}': its grounding might never end")


def _head_predicate(rule: Any) -> tuple[str, int] | None:
    head = rule.head
    if head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.SymbolicAtom:
        name, arity = _name_arity(head.atom.symbol)
        return (name, arity) if name is not None else None
    return None


def _predicates(nodes: Any) -> set[tuple[str, int]]:
    """Every predicate an atom in these nodes names (under 'not', in aggregates and conditions too)."""
    found: set[tuple[str, int]] = set()

    class Collect(ast.Transformer):
        def visit_SymbolicAtom(self, node):
            name, arity = _name_arity(node.symbol)
            if name is not None:
                found.add((name, arity))
            return node

    collect = Collect()
    for node in nodes:
        collect(node)
    return found


def _reaches(reads: dict[tuple[str, int], set[tuple[str, int]]], start: set[tuple[str, int]],
             goal: tuple[str, int]) -> bool:
    """Whether ``goal`` is among ``start`` or the predicates they read, transitively."""
    seen, todo = set(), list(start)
    while todo:
        predicate = todo.pop()
        if predicate == goal:
            return True
        if predicate not in seen:
            seen.add(predicate)
            todo.extend(reads.get(predicate, ()))
    return False


def _built_value(rule: Any) -> str | None:
    """The first term of a rule that builds a new value, as text, or None: an operation or an aggregate
    anywhere, or a function term with variables in its head or in a comparison."""
    found: list[str] = []

    class Find(ast.Transformer):
        def visit_BinaryOperation(self, node):
            found.append(str(node))
            return node

        visit_UnaryOperation = visit_BinaryOperation
        visit_BodyAggregate = visit_BinaryOperation

        def visit_Comparison(self, node):
            for term in (node.term, *(g.term for g in node.guards)):
                if term.ast_type == ast.ASTType.Function and _named_variables((term,)):
                    found.append(str(term))
            self.visit_children(node)
            return node

    find = Find()
    find(rule)
    head = rule.head.atom.symbol
    if head.ast_type == ast.ASTType.Function:
        found += [str(a) for a in head.arguments if a.ast_type == ast.ASTType.Function and _named_variables((a,))]
    return found[0] if found else None


def _own_heads(statements: list[tuple[str, Any]], situation: Situation) -> set[tuple[str, int]]:
    """The predicates a user's rules define: new names only (no outcome or internal predicate)."""
    internal = _internal_names()
    outputs = {s.rsplit("/", 1)[0] for s in _signatures(situation)}
    own: set[tuple[str, int]] = set()
    for where, rule in statements:
        head = rule.head
        if head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.BooleanConstant:
            if head.atom.value:
                raise InputError(_at(where, rule), "a rule with the head #true says nothing")
            continue
        if head.ast_type != ast.ASTType.Literal or head.sign != ast.Sign.NoSign \
                or head.atom.ast_type != ast.ASTType.SymbolicAtom:
            raise InputError(_at(where, rule), "a rule's head is one atom (or nothing, for a constraint): no "
                                               "choices, disjunctions, aggregates or negation")
        name, arity = _name_arity(head.atom.symbol)
        if name is None or name.startswith("_"):
            raise InputError(_at(where, rule), f"'{_short(str(head))}' is not a predicate a rule may define")
        if name in outputs:
            raise InputError(_at(where, rule), f"{name} is an outcome predicate: constraints may read it, not define it")
        if name in internal:
            raise InputError(_at(where, rule), f"{name} is a predicate of pyrules' encodings: choose another name")
        own.add((name, arity))
    return own


def parse_objective(text: str, sense: str, situation: Situation, where: str) -> list[Any]:
    """``TERMS : BODY`` (``N : counters_put(ballista, p1p1, N)``) or a query alone (the number of its
    distinct matches), as clingo ``#maximize``/``#minimize`` statements at priority 0 (below pyrules'
    own objectives)."""
    assert sense in ("maximize", "minimize")
    if not isinstance(text, str) or not text.strip():
        raise InputError(where, "say what to " + sense + ", such as 'N : counters_put(ballista, p1p1, N)'")
    if _has_statement_end(text) or "}" in _unquoted(text):
        raise InputError(where, f"'{_short(text)}' is one element, such as N : counters_put(ballista, p1p1, N)")
    try:
        nodes = _parse(f"#{sense}{{ {text} }}.", where, "the objective", text)
    except InputError:
        nodes = []
    elements = [n for n in nodes if n.ast_type == ast.ASTType.Minimize]
    if len(elements) == 1 and not elements[0].body and ":" not in text:
        elements = []  # a query alone, such as tap(O): count its matches
    if not elements:
        query = parse_query(text, situation, where)
        location = query.body[0].location
        terms = [ast.SymbolicTerm(location, Number(1))] + [ast.Variable(location, v) for v in query.variables]
        weight = terms[0] if sense == "minimize" else ast.UnaryOperation(location, ast.UnaryOperator.Minus, terms[0])
        return [ast.Minimize(location, weight, ast.SymbolicTerm(location, Number(0)), terms[1:], list(query.body))]
    if len(nodes) != len(elements) + 1:
        raise InputError(where, f"'{_short(text)}' is one element, such as N : counters_put(ballista, p1p1, N)")
    out = []
    for element in elements:
        if element.priority.ast_type != ast.ASTType.SymbolicTerm or element.priority.symbol != Number(0):
            raise InputError(where, "priorities (@) are pyrules' own: an objective is always below them")
        checker = _Checker(situation, where, text)
        terms = [checker.term(t) for t in element.terms]
        body = checker.body(element.body)
        checker.safe(tuple(body), _named_variables((checker.term(element.weight), *terms)), what="the weight")
        out.append(ast.Minimize(element.location, checker.term(element.weight), element.priority, terms, body))
    return out


# -- checking -------------------------------------------------------------------------------------
@cache
def _internal_names() -> frozenset[str]:

    names = {k[0] for s in statements() for k in (*s.heads, *s.uses)}
    return frozenset(names | {s.rsplit("/", 1)[0] for s in all_entries()} | {QUERY, QUERY_ANY})


def _constant_name(term: Any) -> str | None:
    """The name of a bare constant (``forest``) as clingo's AST holds it, else None."""
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == SymbolType.Function \
            and not term.symbol.arguments:
        return term.symbol.name
    if term.ast_type == ast.ASTType.Function and not term.arguments and not term.external:
        return term.name
    return None


class _Checker:
    """Checks literals and terms of one query, rule or objective, and writes bare ids as strings."""

    def __init__(self, situation: Situation, where: str, text: str, own: set[tuple[str, int]] | None = None,
                 written: frozenset[Symbol] = frozenset()):
        self.situation = situation
        self.where = where
        self.text = text
        self.own = own or set()
        self.written = written  # the values the user's rules write in their heads (their own words)
        self.all_ids = _ids(situation)
        self.ids = {i for i in self.all_ids if i not in RESERVED}
        self.outputs = _signatures(situation)
        self.words = _Words(situation)

    def fail(self, message: str) -> None:
        raise InputError(self.where, f"'{_short(self.text)}': {message}")

    def body(self, literals: Any) -> list[Any]:
        """A rule body's literals, each checked, then its comparisons (:meth:`compared`)."""
        return self.compared([self.literal(lit) for lit in literals], {})

    def compared(self, literals: list[Any], outer: dict[str, set[str]]) -> list[Any]:
        """A value compared with a variable (``X = birds``, ``C != g``, ``N > 3``) is checked as the arguments
        of outcome atoms where that variable stands are (a typo there would be a silent "no" or "yes"), and at
        places only ids fill, an id that is also a word of pyrules is read as the id, as in an atom. ``outer``:
        the places of the variables of the enclosing body (an aggregate's element sees them too)."""
        places = {name: set(kinds) for name, kinds in outer.items()}
        for lit in literals:
            for name, kind in self._variable_places(lit):
                places.setdefault(name, set()).add(kind)
        out = []
        for lit in literals:
            if lit.ast_type == ast.ASTType.ConditionalLiteral:
                literal, *condition = self.compared([lit.literal, *lit.condition], places)
                lit = lit.update(literal=literal, condition=condition)
            elif lit.ast_type == ast.ASTType.Literal and lit.atom.ast_type == ast.ASTType.BodyAggregate:
                agg = lit.atom
                lit = lit.update(atom=agg.update(elements=[e.update(condition=self.compared(list(e.condition), places))
                                                           for e in agg.elements]))
            elif lit.ast_type == ast.ASTType.Literal and lit.atom.ast_type == ast.ASTType.Comparison:
                lit = lit.update(atom=self._comparison(lit.atom, places))
            out.append(lit)
        return out

    def _variable_places(self, lit: Any) -> list[tuple[str, str]]:
        """(variable, kind of argument) for each variable standing as an argument of this literal's outcome atom."""
        if lit.ast_type != ast.ASTType.Literal or lit.atom.ast_type != ast.ASTType.SymbolicAtom:
            return []
        term = lit.atom.symbol
        signature = f"{term.name}/{len(term.arguments)}" if term.ast_type == ast.ASTType.Function else None
        if signature not in self.outputs:
            return []
        return [(arg.name, ARGUMENT_KINDS.get(kind_name, "term")) for kind_name, arg in
                zip(self.outputs[signature], term.arguments) if arg.ast_type == ast.ASTType.Variable and arg.name != "_"]

    def _comparison(self, comparison: Any, places: dict[str, set[str]]) -> Any:
        terms = [comparison.term, *(g.term for g in comparison.guards)]
        kinds = {kind for t in terms if t.ast_type == ast.ASTType.Variable for kind in places.get(t.name, ())}
        if not kinds:
            return comparison
        only_ids = kinds <= ID_KINDS

        def checked(term: Any) -> Any:
            name = _constant_name(term)
            if only_ids and name is not None and name in self.all_ids:  # as _ids_in_place reads an atom
                term = ast.SymbolicTerm(term.location, String(name))
            value = _symbol(term)
            if value is not None:
                for kind in sorted(kinds):
                    self.words.check(kind, value, self.where, self.text)
            return term

        return comparison.update(term=checked(comparison.term),
                                 guards=[g.update(term=checked(g.term)) for g in comparison.guards])

    def literal(self, lit: Any, head: bool = False) -> Any:
        t = lit.ast_type
        if t == ast.ASTType.Literal:
            atom = lit.atom
            if atom.ast_type == ast.ASTType.SymbolicAtom:
                return lit.update(atom=ast.SymbolicAtom(self.atom(atom.symbol, head)))
            if atom.ast_type == ast.ASTType.Comparison:
                return lit.update(atom=atom.update(term=self.term(atom.term),
                                                   guards=[g.update(term=self.term(g.term)) for g in atom.guards]))
            if atom.ast_type == ast.ASTType.BooleanConstant:
                return lit
            if atom.ast_type == ast.ASTType.BodyAggregate:
                return self.aggregate(lit)
            self.fail(f"{_kind(atom)} is not accepted here")
        if t == ast.ASTType.ConditionalLiteral:
            return lit.update(literal=self.literal(lit.literal), condition=[self.literal(c) for c in lit.condition])
        self.fail(f"{_kind(lit)} is not accepted here")

    def aggregate(self, lit: Any) -> Any:
        agg = lit.atom
        elements = [e.update(terms=[self.term(t) for t in e.terms], condition=[self.literal(c) for c in e.condition])
                    for e in agg.elements]
        guard = lambda g: g if g is None else g.update(term=self.term(g.term))  # noqa: E731
        return lit.update(atom=agg.update(elements=elements, left_guard=guard(agg.left_guard),
                                          right_guard=guard(agg.right_guard)))

    def atom(self, term: Any, head: bool = False) -> Any:
        name, arity = _name_arity(term)
        if name is None:
            self.fail(f"'{_short(str(term))}' is not an atom")
        if head:
            return self.term(term)  # a rule's own predicate, checked by _own_heads
        if (name, arity) in self.own:
            term = self.term(term)
            if term.ast_type == ast.ASTType.Function:  # (a typo of an id there would be a silent "no" too)
                for value in (_symbol(a) for a in term.arguments):
                    if value is not None and value not in self.written:
                        self.words.check("term", value, self.where, self.text)
            return term
        signature = f"{name}/{arity}"
        if signature not in self.outputs:
            same = sorted(s for s in self.outputs if s.rsplit("/", 1)[0] == name)
            if same:
                self.fail(f"{name} takes {' or '.join(s.rsplit('/', 1)[1] for s in same)} argument(s), not {arity}")
            import difflib

            close = difflib.get_close_matches(name, sorted({s.rsplit("/", 1)[0] for s in self.outputs}), n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            self.fail(f"{name}/{arity} is not an outcome predicate{hint}")
        term = self.term(self._ids_in_place(term, signature))
        self._nested_names(term)
        symbol = _symbol(term)
        if symbol is not None:  # ground: checked as any atom of a query
            check_atom(symbol, self.situation, self.where, self.text)
        elif term.ast_type == ast.ASTType.Function:
            for kind_name, arg in zip(self.outputs[signature], term.arguments):
                value = _symbol(arg)
                if value is not None:
                    self.words.check(ARGUMENT_KINDS.get(kind_name, "term"), value, self.where, self.text)
        return term

    def _nested_names(self, atom: Any) -> None:
        """A compound term inside an outcome atom is one pyrules writes: its name is a function of the encodings or of
        the situation's facts (``ab("Sol Ring", 1)``). Any other (``abb("Sol Ring", 1)``) could hold in no outcome: a
        typo, which would be a silent "no" (or, under not, "yes")."""
        names: list[str] = []

        def walk(term: Any, top: bool) -> None:
            if term.ast_type == ast.ASTType.Function:
                if not top and term.arguments:
                    names.append(term.name)
                if not top and term.name == "ab" and not term.external:
                    problem = unknown_ability(len(term.arguments), _symbol(term), self.situation)
                    if problem is not None:
                        self.fail(problem)
                for argument in term.arguments:
                    walk(argument, False)
            elif term.ast_type == ast.ASTType.SymbolicTerm:
                symbol = term.symbol if top else Function("", [term.symbol])
                names.extend(nested_functions(symbol))
                problem = _ability_problem(symbol, self.situation)
                if problem is not None:
                    self.fail(problem)
            elif term.ast_type == ast.ASTType.UnaryOperation:
                walk(term.argument, False)
            elif term.ast_type == ast.ASTType.BinaryOperation:
                walk(term.left, False)
                walk(term.right, False)

        walk(atom, True)
        problem = unwritten_function(names, self.situation)
        if problem is not None:
            self.fail(problem)

    def _ids_in_place(self, term: Any, signature: str) -> Any:
        """At the places of an outcome atom only ids fill, any id of the situation is a string, also one that
        is a word of pyrules (``tap(forest)``)."""
        if term.ast_type != ast.ASTType.Function:
            return term
        places = id_positions(signature, self.outputs)
        return term.update(arguments=[
            ast.SymbolicTerm(a.location, String(name)) if i < len(places) and places[i]
            and (name := _constant_name(a)) is not None and name in self.all_ids else a
            for i, a in enumerate(term.arguments)])

    def term(self, term: Any) -> Any:
        t = term.ast_type
        if t not in _TERMS:
            self.fail(f"'{_short(str(term))}' is not a term a query may write")
        if t == ast.ASTType.SymbolicTerm:
            s = term.symbol
            if s.type == SymbolType.Function and not s.arguments and s.name in self.ids:
                return term.update(symbol=String(s.name))
            if s.type == SymbolType.Function and s.name.startswith("_"):
                self.fail(f"'{s.name}' is an internal name")
            return term
        if t == ast.ASTType.Function:
            if term.external:
                self.fail("external functions (@) are not accepted")
            if term.name.startswith("_"):
                self.fail(f"'{term.name}' is an internal name")
            if not term.arguments and term.name in self.ids:
                return ast.SymbolicTerm(term.location, String(term.name))
            return term.update(arguments=[self.term(a) for a in term.arguments])
        if t == ast.ASTType.UnaryOperation:
            return term.update(argument=self.term(term.argument))
        if t == ast.ASTType.BinaryOperation:
            return term.update(left=self.term(term.left), right=self.term(term.right))
        return term

    def safe(self, body: tuple[Any, ...], variables: tuple[str, ...], what: str = "the query") -> None:
        """Every variable must be bound by a positive atom of the body (else clingo could not ground it)."""
        bound = set(_named_variables(tuple(lit.atom for lit in body if lit.ast_type == ast.ASTType.Literal
                                           and lit.sign == ast.Sign.NoSign
                                           and lit.atom.ast_type == ast.ASTType.SymbolicAtom)))
        bound |= {v for lit in body if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                  and lit.atom.ast_type == ast.ASTType.Comparison and len(lit.atom.guards) == 1
                  and lit.atom.guards[0].comparison == ast.ComparisonOperator.Equal
                  and lit.atom.term.ast_type == ast.ASTType.Variable for v in [lit.atom.term.name]}
        bound |= {v for lit in body if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                  and lit.atom.ast_type == ast.ASTType.BodyAggregate
                  for g in (lit.atom.left_guard, lit.atom.right_guard) if g is not None
                  and g.comparison == ast.ComparisonOperator.Equal and g.term.ast_type == ast.ASTType.Variable
                  for v in [g.term.name]}
        loose = [v for v in variables if v not in bound]
        if loose:
            self.fail(f"the variable{'s' if len(loose) > 1 else ''} {', '.join(loose)} of {what} must appear in an "
                      "atom that is not under 'not'")


def _named_variables(nodes: tuple[Any, ...]) -> tuple[str, ...]:
    """The named variables (not ``_``) written in these nodes, in order, each once; variables local to an
    aggregate element or a conditional literal are left out."""
    found: list[str] = []

    class Collect(ast.Transformer):
        def visit_Variable(self, node):
            if node.name != "_" and node.name not in found:
                found.append(node.name)
            return node

        def visit_BodyAggregate(self, node):
            for guard in (node.left_guard, node.right_guard):
                if guard is not None:
                    self(guard.term)
            return node

        def visit_ConditionalLiteral(self, node):
            return node

    collect = Collect()
    for node in nodes:
        collect(node)
    return tuple(found)


def _name_arity(term: Any) -> tuple[str | None, int]:
    if term.ast_type == ast.ASTType.Function and not term.external and term.name:
        return term.name, len(term.arguments)
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == SymbolType.Function and term.symbol.name:
        return term.symbol.name, len(term.symbol.arguments)
    return None, 0


def _symbol(term: Any) -> Symbol | None:
    """The value of a term without variables or operations, else None."""
    if term.ast_type == ast.ASTType.SymbolicTerm:
        return term.symbol
    if term.ast_type == ast.ASTType.Function and not term.external:
        args = [_symbol(a) for a in term.arguments]
        return None if any(a is None for a in args) else Function(term.name, args)  # type: ignore[arg-type]
    return None


def _kind(node: Any) -> str:
    return {"ShowSignature": "#show", "ShowTerm": "#show", "Script": "#script", "External": "#external",
            "Definition": "#const", "Minimize": "#minimize (use --maximize/--minimize)", "Defined": "#defined",
            "ProjectAtom": "#project", "ProjectSignature": "#project", "Heuristic": "#heuristic",
            "Edge": "#edge", "TheoryDefinition": "#theory", "TheoryAtom": "a theory atom",
            "Aggregate": "an aggregate", "BodyAggregate": "an aggregate"}.get(node.ast_type.name, str(node.ast_type.name))


def _at(where: str, node: Any) -> str:
    line = node.location.begin.line
    return f"{where}:{line}" if where != "--constraint" else where


def user_place(where: str, node: Any) -> str:
    """Where a statement of the user's program is: its line in its one source, or the sources (``a.lp, --maximize``)."""
    return _at(where, node) if ", " not in where else where


# -- clingo's own errors ---------------------------------------------------------------------------
def grounding_problem(message: str) -> str:
    """clingo's error about a user's query or rule (one line of its log), in the user's words: the variables it
    found unsafe, not the rule pyrules made of the text (``_query(1,(N,)):-[#inc_query_1];...``)."""
    unsafe = list(dict.fromkeys(re.findall(r"note: '([^']+)' is unsafe", message)))
    if unsafe:
        return (f"clingo finds the variable{'s' if len(unsafe) > 1 else ''} {', '.join(unsafe)} unsafe: a variable gets "
                "its value from an atom not under 'not' (outside an aggregate's braces, if it is used outside them)")
    detail = message.split(": error: ", 1)[-1]
    return detail.split(" in: ", 1)[0] if " in: " in detail else detail.split(": ", 2)[-1]


def statement_at(nodes: list[Any], message: str) -> Any | None:
    """The user's statement a message of clingo's log is about (by the place it gives: ``<string>:2:1-18``)."""
    place = re.match(r"<string>:(\d+):(\d+)", message)
    if place is None:
        return None
    line, column = int(place.group(1)), int(place.group(2))
    return next((n for n in nodes if (n.location.begin.line, n.location.begin.column) == (line, column)), None)


# -- numbers -------------------------------------------------------------------------------------
def check_query_numbers(query: Query, atoms: Any) -> None:
    """Refuse a query whose arithmetic could leave clingo's 32-bit range, given the atoms a grounding
    holds (see pyrules.base.bounds)."""
    try:
        check_body(query.body, Domains(atoms))
    except OverflowRisk as overflow:
        raise InputError(query.where, f"'{_short(query.text)}': {_overflow(overflow)}") from None


def check_program_numbers(nodes: list[Any], atoms: Any, where: str, objective: tuple[str, str] | None) -> None:
    """The same for a user's rules (from ``where``) and objective (``objective``: where, text), checked
    by parse_constraints and parse_objective."""
    rules = [n for n in nodes if n.ast_type == ast.ASTType.Rule]
    domains = Domains(atoms)
    node = rules[0] if rules else None
    try:
        own_domains(rules, domains, {key for key in map(_head_predicate, rules) if key is not None})
        for node in nodes:
            if node.ast_type == ast.ASTType.Rule:
                head = node.head
                check_body(node.body, domains, [head.atom.symbol] if head.atom.ast_type == ast.ASTType.SymbolicAtom
                           else [])
            elif node.ast_type == ast.ASTType.Minimize:
                check_body(node.body, domains, [node.weight, *node.terms])
    except OverflowRisk as overflow:
        node = overflow.node or node
        if node.ast_type == ast.ASTType.Minimize and objective is not None:
            place, text = objective
        else:
            place, text = user_place(where, node), str(node)
        raise InputError(place, f"'{_short(text)}': {_overflow(overflow)}") from None


def _overflow(overflow: Any) -> str:
    return (f"{_short(overflow.term)} could be {overflow.low:,} to {overflow.high:,}, beyond what clingo holds "
            f"({INT_MIN:,} to {INT_MAX:,}): it would be wrapped")


# -- grounding -----------------------------------------------------------------------------------
def query_rules(query: Query, key: int) -> list[Any]:
    """``_query(K, (V1, ..., Vn)) :- Body.``, ``_query_any(K) :- _query(K, _).`` and their #show, in a
    program part ``query_K`` of their own."""
    loc = query.body[0].location
    k = ast.SymbolicTerm(loc, Number(key))
    values = ast.Function(loc, "", [ast.Variable(loc, v) for v in query.variables], 0)
    head = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(loc, QUERY, [k, values], 0)))
    anything = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(
        ast.Function(loc, QUERY, [k, ast.Variable(loc, "_")], 0)))
    any_head = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(loc, QUERY_ANY, [k], 0)))
    return [ast.Program(loc, f"query_{key}", []), ast.Rule(loc, head, list(query.body)),
            ast.Rule(loc, any_head, [anything]), ast.ShowSignature(loc, QUERY, 2, True),
            ast.ShowSignature(loc, QUERY_ANY, 1, True)]


def table_rules(query: Query) -> list[Any]:
    """The query over outcomes given as facts, ``_outcome(I)`` and ``_in(I, A)`` for each atom A of outcome I:
    ``_query_in(I, (V1, ..., Vn)) :- _outcome(I), Body.`` and, for each atom A of the body not under ``not``,
    ``_query_atom(I, A) :- _outcome(I), Body.``, each atom of the body read as ``_in(I, A)``. Each ``_`` of
    those atoms gets a name no query can write, so that A says what stood there. All is facts: grounding alone
    answers, for every outcome at once."""
    loc = query.body[0].location
    outcome = ast.Variable(loc, "Outcome 0")
    count = itertools.count(1)

    class Named(ast.Transformer):
        def visit_Variable(self, node):
            return node.update(name=f"Any {next(count)}") if node.name == "_" else node

        def visit_BodyAggregate(self, node):  # (an aggregate's own variables stay its own)
            return node

    class InOutcome(ast.Transformer):
        def visit_SymbolicAtom(self, node):
            return node.update(symbol=ast.Function(loc, IN, [outcome, node.symbol], 0))

    def atom(name: str, *arguments: Any) -> Any:
        return ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(loc, name, list(arguments), 0)))

    named = [Named()(lit) if lit.ast_type == ast.ASTType.Literal else lit for lit in query.body]
    body = [atom(OUTCOME, outcome), *(InOutcome()(lit) for lit in named)]
    values = ast.Function(loc, "", [ast.Variable(loc, v) for v in query.variables], 0)
    matched = [lit.atom.symbol for lit in named if lit.ast_type == ast.ASTType.Literal
               and lit.sign == ast.Sign.NoSign and lit.atom.ast_type == ast.ASTType.SymbolicAtom]
    return [ast.Program(loc, "base", []), ast.Rule(loc, atom(QUERY_IN, outcome, values), body),
            *(ast.Rule(loc, atom(QUERY_ATOM, outcome, a), body) for a in matched)]


PICK = "_pick"


def table_objective(elements: list[Any]) -> list[Any]:
    """An objective (``parse_objective``) over outcomes given as facts, as :func:`table_rules` reads a query: one
    outcome is picked (``_pick(I)``), and each element's body is read in it, ``_in(I, A)`` for each of its
    atoms; the optimal models pick the optimal outcomes."""
    loc = elements[0].location
    outcome = ast.Variable(loc, "Outcome 0")

    class InOutcome(ast.Transformer):
        def visit_SymbolicAtom(self, node):
            return node.update(symbol=ast.Function(loc, IN, [outcome, node.symbol], 0))

        def visit_BodyAggregate(self, node):  # (an aggregate reads the picked outcome's atoms too)
            return node.update(elements=[e.update(condition=[self(c) for c in e.condition]) for e in node.elements])

    def atom(name: str, *arguments: Any) -> Any:
        return ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(loc, name, list(arguments), 0)))

    choice = ast.Rule(loc, ast.Aggregate(loc, ast.Guard(ast.ComparisonOperator.LessEqual, ast.SymbolicTerm(loc, Number(1))),
                                         [ast.ConditionalLiteral(loc, atom(PICK, outcome), [atom(OUTCOME, outcome)])],
                                         ast.Guard(ast.ComparisonOperator.LessEqual, ast.SymbolicTerm(loc, Number(1)))),
                      [])
    return [ast.Program(loc, "base", []), choice,
            *(e.update(body=[atom(PICK, outcome), *(InOutcome()(lit) for lit in e.body)]) for e in elements)]


def bindings(values: Symbol, variables: tuple[str, ...]) -> dict[str, Any]:
    return dict(zip(variables, (plain(v) for v in values.arguments)))


def is_query_symbol(symbol: Symbol, key: int) -> bool:
    return symbol.name == QUERY and len(symbol.arguments) == 2 and symbol.arguments[0] == Number(key)


def any_symbol(key: int) -> Symbol:
    return Function(QUERY_ANY, [Number(key)])

