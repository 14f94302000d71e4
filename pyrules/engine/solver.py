"""Ground once, then enumerate outcomes or answer brave/cautious queries.

A :class:`Grounding` holds one ``clingo.Control`` with the encodings and a situation's facts,
grounded once. Outcomes are enumerated with clingo's projection onto the shown (outcome) atoms,
so each distinct outcome comes exactly once; "in some outcome" and "in every outcome" use
clingo's brave and cautious enumeration modes on the same grounding.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import clingo
from clingo import Symbol, ast

from pyrules.base.bounds import INT_MAX
from pyrules.base.collector import paused
from pyrules.base.document import AMOUNT_LIMIT
from pyrules.base.errors import InputError, TimeLimitError, UnsupportedError
from pyrules.base.interrupt import clingo_call
from pyrules.base.interrupt import requested as interrupt_requested
from pyrules.base.symbols import Atoms, TruthReader, add_facts, ground_atoms
from pyrules.cards.library import CardLibrary
from pyrules.engine.atoms import _short
from pyrules.engine.derivations import ExplainData, shadow_program
from pyrules.engine.encodings import output_signatures
from pyrules.engine.facts import QUESTION_KINDS, Fact, situation_facts
from pyrules.engine.program import add_program, place_of_line
from pyrules.engine.query import (
    IN,
    OUTCOME,
    PICK,
    QUERY_ANY,
    QUERY_ATOM,
    QUERY_IN,
    Answer,
    any_symbol,
    bindings,
    check_program_numbers,
    check_query_numbers,
    grounding_problem,
    is_query_symbol,
    parse_constraints,
    parse_objective,
    parse_query,
    query_rules,
    read_constraints,
    statement_at,
    table_objective,
    table_rules,
    user_place,
)
from pyrules.engine.shadows import WHY
from pyrules.engine.signatures import outcome_signatures
from pyrules.situation.model import Situation
from pyrules.vocabulary import refusal_reasons

#: The most outcomes a limit may ask for: clingo takes the number of models as a signed 32-bit option.
MAX_LIMIT = 2**31 - 1


#: The options of clingo that pyrules sets itself: enumerating, projecting and optimizing decide what an outcome is.
_OWN_OPTIONS = frozenset({"--models", "-n", "--project", "--opt-mode", "--enum-mode", "-e", "--parallel-mode", "-t",
                          "--seed", "--quiet", "-q", "--outf", "--const", "-c"})


@dataclass(frozen=True)
class SolveOptions:
    """Solver settings. ``limit``: stop after that many outcomes (the result is then truncated)."""

    limit: int | None = None
    threads: int = 1
    project: tuple[str, ...] = ()  # outcome predicates (name/arity) to project onto; () = all of them
    seed: int = 0
    extra: tuple[str, ...] = ()
    timeout: float | None = None  # seconds of solving, after which the outcomes found so far are returned
    #: A user's own rules over outcome atoms (ASP text, or paths to .lp files): see pyrules.engine.query.
    constraints: tuple[str, ...] = ()
    where: str | None = None  # only the outcomes where this query holds
    maximize: str | None = None  # only the outcomes best by this objective (see pyrules.engine.query)
    minimize: str | None = None

    def __post_init__(self) -> None:
        """Check the settings a caller gives (the API's arguments): wrong types raise TypeError, values
        out of range InputError, before clingo sees them."""
        for name, low, high in (("limit", 1, None), ("threads", 1, 64), ("seed", 0, 2**31 - 1)):
            value = getattr(self, name)
            if value is None and name == "limit":
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be a whole number, not {value!r}")
            if value < low or (high is not None and value > high):
                raise InputError(name, f"must be at least {low}" + (f" and at most {high}" if high else ""))
        if self.limit is not None and self.limit > MAX_LIMIT:  # (clingo's option would fail: RuntimeError)
            raise InputError("limit", f"must be at most {MAX_LIMIT:,}")
        if self.timeout is not None and (not isinstance(self.timeout, (int, float)) or isinstance(self.timeout, bool)):
            raise TypeError(f"timeout must be a number of seconds, not {self.timeout!r}")
        if self.timeout is not None and not 0 < self.timeout <= 10**6:
            raise InputError("timeout", f"must be more than 0 seconds and at most 1,000,000, not {self.timeout}")
        object.__setattr__(self, "project", project_signatures(self.project))
        if not isinstance(self.constraints, (str, Path, list, tuple)):
            raise TypeError(f"constraints must be ASP text, a path to a .lp file, or a list of them, not "
                            f"{self.constraints!r}")
        constraints = (self.constraints,) if isinstance(self.constraints, (str, Path)) else tuple(self.constraints)
        object.__setattr__(self, "constraints", constraints)
        for name in ("where", "maximize", "minimize"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name} must be text in clingo's syntax, not {value!r}")
        if self.maximize is not None and self.minimize is not None:
            raise InputError("--maximize", "give one objective: --maximize or --minimize, not both")
        if isinstance(self.extra, str) or not isinstance(self.extra, (list, tuple)) or \
                not all(isinstance(e, str) for e in self.extra):
            raise TypeError(f"extra must be a list of clingo's options (text), not {self.extra!r}")
        object.__setattr__(self, "extra", tuple(self.extra))
        for option in self.extra:
            if option.split("=", 1)[0] in _OWN_OPTIONS or not option.startswith("--"):
                raise InputError("extra", f"'{option}': pyrules sets how clingo enumerates and projects (give "
                                          "limit, project, threads, seed); extra takes clingo's other options")
            try:
                clingo.Control([option], logger=lambda code, text: None)
            except RuntimeError as error:
                raise InputError("extra", f"'{option}': clingo does not take it ({' '.join(str(error).split())})") \
                    from None
        if self.threads > 1 and self.limit is not None:
            # which models the threads find first varies from run to run: so would the outcomes returned
            raise InputError("threads", "a limit with more than one thread would give different outcomes from run "
                                        "to run: use one thread, or no limit")

    def arguments(self) -> list[str]:
        args = [f"--parallel-mode={self.threads}", f"--seed={self.seed}", "--project=show"]
        return args + list(self.extra)


def project_signatures(project: tuple[str, ...] | list[str] | str) -> tuple[str, ...]:
    """Outcome predicates to project onto, as name/arity: given as a sequence or as one text with commas
    ("tap/1, mana_added/3"); a name alone stands for its one arity."""
    names = tuple(project.split(",")) if isinstance(project, str) else project
    if not isinstance(names, (list, tuple)) or not all(isinstance(p, str) for p in names):
        raise TypeError(f"project must be outcome predicates such as 'tap/1', not {project!r}")
    if isinstance(project, str) and not project.strip():
        raise InputError("--project", "names no outcome predicate: give some, such as tap/1,mana_added (or no "
                                      "--project for whole outcomes)")
    if any(not n.strip() for n in names):  # (tap,,move: a name left out, which would have projected on less)
        raise InputError("--project", f"'{project if isinstance(project, str) else ','.join(names)}': a name is "
                                      "missing between commas")
    known = set(output_signatures()) | set(outcome_signatures())  # (one step's, and a sequence's)
    out = []
    for name in (n.strip() for n in names):
        arities = sorted(k for k in known if k.rsplit("/", 1)[0] == name)
        if "/" not in name and len(arities) == 1:
            name = arities[0]
        elif "/" not in name and arities:
            raise InputError("--project", f"{name} has several arities: give one of {', '.join(arities)}")
        if name not in known:
            raise InputError("--project", f"not an outcome predicate: {name}")
        out.append(name)
    return tuple(out)


#: Outcome predicates that tell how an outcome was reached rather than what it is: worked out (a fact
#: ``detail_asked(Name)``) and shown only when projected onto (``--project mana_paid/3``).
DETAILS = frozenset({"mana_paid/3"})


@dataclass
class Statistics:
    ground_seconds: float = 0.0
    solve_seconds: float = 0.0
    models: int = 0
    atoms: int = 0
    rules: int = 0
    choices: int = 0
    conflicts: int = 0
    messages: int = 0  # clingo's warnings and infos while grounding (see Outcomes.messages)
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ground_seconds": round(self.ground_seconds, 6),
            "solve_seconds": round(self.solve_seconds, 6),
            "models": self.models,
            "atoms": self.atoms,
            "rules": self.rules,
            "choices": self.choices,
            "conflicts": self.conflicts,
            "messages": self.messages,
        }


#: The place clingo gives in a message about a statement added as text, ``<block>:LINE:COLUMN(-COLUMN):``, or parsed
#: from text before it was added, ``<string>:LINE:COLUMN(-COLUMN):``.
_PLACE = re.compile(r"^<(string|block)>:(\d+):\d+(?:-\d+(?::\d+)?)?: ")


#: The most ground rules a user's program (its constraints and objective, or a query) may make: clingo
#: keeps every one, so this bounds the memory a user's rules can take (some hundreds of MB). Rules over
#: outcome atoms need thousands; a rule that joins many atoms, or grows values, is stopped here.
USER_RULES_LIMIT = 1_000_000


#: Called from a watchdog thread when a grounding with a timeout is still running GROUNDING_GRACE seconds
#: past it: the guard below stops grounding only when clingo makes a rule, and a join that keeps failing
#: makes none. clingo cannot be stopped from outside, so the library leaves it running; the command line
#: sets this to end the process (exit code 3, one line). Arguments: where the program came from, the timeout.
on_grounding_overrun: Callable[[str, float], None] | None = None
GROUNDING_GRACE = 1.0


class _StopGroundingError(Exception):
    """Raised by the guard inside clingo's grounding; clingo raises its type again for the caller of
    ground() (with other arguments: the type says why)."""


class _OutOfTimeError(_StopGroundingError):
    pass


class _OutOfRulesError(_StopGroundingError):
    pass


class _GroundGuard:
    """Watches clingo's grounding as a ground program observer (clingo calls it with each ground rule)
    and stops it, by raising, once the time (``deadline``) or the rules (``budget``) are used up:
    grounding cannot be interrupted otherwise (Control.interrupt stops only solving). Each call costs
    a few microseconds, so it watches the encodings' own grounding only when there is a timeout."""

    def __init__(self) -> None:
        self.deadline: float | None = None
        self.budget: int | None = None
        self.count = 0
        self.weights: int | None = None  # when counted: the sum of the absolute weights of objectives

    def minimize(self, priority: int, literals: Any) -> None:
        if self.weights is not None:
            self.weights += sum(abs(weight) for _, weight in literals)

    def watch(self, deadline: float | None, budget: int | None) -> None:
        self.deadline, self.budget, self.count = deadline, budget, 0

    def rule(self, choice: bool, head: Any, body: Any) -> None:
        self._made()

    def weight_rule(self, choice: bool, head: Any, lower_bound: int, body: Any) -> None:
        self._made()

    def _made(self) -> None:
        self.count += 1
        if self.budget is not None and self.count > self.budget:
            raise _OutOfRulesError
        if not self.count & 63:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise _OutOfTimeError
            if interrupt_requested():  # Ctrl-C: clingo_call raises KeyboardInterrupt once ground() returns
                raise _StopGroundingError


class Asking:
    """Queries over a clingo control whose answer sets are outcomes (see :mod:`pyrules.engine.query`): each
    query is grounded once in a part of its own and answered with brave or cautious consequences.
    Needs ``control``, ``messages``, ``options``, ``optimizing``, ``_queries`` and ``_solving_since``."""

    control: clingo.Control
    messages: list[str]
    options: SolveOptions
    optimizing: bool
    timed_out: bool
    _queries: dict[str, int]
    _solving_since: float

    def add_query(self, query: Any) -> int:
        """Ground a query (:class:`pyrules.engine.query.Query`) in a program part of its own; its key."""
        if query.text in self._queries:
            return self._queries[query.text]
        # a key never used before, even by a query whose grounding failed (its part holds some rules)

        check_query_numbers(query, self.control.symbolic_atoms)
        key = self._query_keys = getattr(self, "_query_keys", 0) + 1
        with ast.ProgramBuilder(self.control) as builder:
            for node in query_rules(query, key):
                builder.add(node)
        before = len(self.messages)
        try:
            self._ground([(f"query_{key}", [])], query.where, USER_RULES_LIMIT)
        except RuntimeError:
            detail = self.messages[before] if len(self.messages) > before else "clingo could not ground it"
            raise InputError(query.where, f"'{_short(query.text)}': {grounding_problem(detail)}") from None
        undefined = next((m for m in self.messages[before:] if "operation undefined" in m), None)
        if undefined is not None:  # (clingo takes the literal as false: the answer would be about nothing)
            raise InputError(query.where, f"'{query.text}': its arithmetic is undefined where it is asked "
                                          f"({undefined.split('info: ', 1)[-1]})")
        self._queries[query.text] = key
        return key

    def _ground(self, parts: list[tuple[str, list[Symbol]]], where: str, budget: int | None) -> None:
        """Ground these parts, within the timeout and (a user's program) the budget of rules."""
        guard: _GroundGuard | None = getattr(self, "_guard", None)
        timeout = self.options.timeout
        if guard is not None:
            guard.watch(time.perf_counter() + timeout if timeout is not None else None, budget)
        overrun = on_grounding_overrun
        watchdog = threading.Timer(timeout + GROUNDING_GRACE, overrun, (where, timeout)) \
            if timeout is not None and overrun is not None else None
        if watchdog is not None:
            watchdog.daemon = True
            watchdog.start()
        try:
            with clingo_call(self.control):
                self.control.ground(parts)
        except _OutOfTimeError:
            raise TimeLimitError(where, f"grounding stopped at the timeout ({timeout:g} s): nothing was "
                                        "decided") from None
        except _OutOfRulesError:
            raise InputError(where, f"its grounding makes more than {budget:,} rules (pyrules' bound on the "
                                    "memory a user's rules may take)") from None
        finally:
            if watchdog is not None:
                watchdog.cancel()
            if guard is not None:
                guard.watch(None, None)

    def query_literal(self, key: int) -> int | None:
        """The literal of "the query holds" (None when grounding found it can never hold)."""
        atom = self.control.symbolic_atoms[any_symbol(key)]
        return atom.literal if atom is not None else None

    def ask(self, query: Any, mode: str) -> Any:
        """Whether a query holds in some (``sometimes``: brave consequences) or every (``always``:
        cautious) outcome, and for which values of its variables. With a timeout, an answer not yet
        decided when it is up is None."""
        key = self.add_query(query)
        self.timed_out = False
        self._solving_since = time.perf_counter()
        last = self._consequence_models("brave")  # brave first in any case: it finds every problem atom
        if mode == "always" and last is not None and not self.timed_out:
            last = self._consequence_models("cautious")
        # (in clingo's order of values: numbers as numbers, 3 before 12; as texts, 12 came first)
        values = sorted(s.arguments[1] for s in last or () if is_query_symbol(s, key)) if last else []
        holds_any = bool(last) and any(s.name == QUERY_ANY and s.arguments[0].number == key for s in last)
        found = [bindings(v, query.variables) for v in values] if query.variables else []
        if not self.timed_out:
            holds: bool | None = holds_any
        elif mode == "sometimes":
            holds = True if holds_any else None  # a witness found is certain; its absence is not
        else:
            holds = False if last is not None and not holds_any else None
        return Answer(query.text, mode, holds, query.variables, tuple(found), complete=not self.timed_out)

    def _consequence_models(self, mode: str) -> frozenset[Symbol] | None:
        """The shown atoms of clingo's brave or cautious consequences (over the optimal outcomes when
        optimizing); None if there is no outcome (or every answer is an illegal action)."""
        conf = self.control.configuration.solve
        conf.enum_mode, conf.project, conf.models = mode, "no", "0"
        last: frozenset[Symbol] | None = None
        timer = self._start_timer()
        try:
            with clingo_call(self.control), self.control.solve(yield_=True) as handle:
                for model in handle:
                    if self.optimizing and not optimal(model):
                        continue
                    last = frozenset(model.symbols(shown=True))
        finally:
            if timer is not None:
                timer.cancel()
            conf.enum_mode = "auto"
        if last is not None and mode == "brave":
            self._check_models(last)
        if last is not None and any(a.name == "illegal" for a in last):
            return None  # legality does not depend on choices: an illegal action has no outcome at all
        return last

    def _check_models(self, atoms: frozenset[Symbol]) -> None:
        """Raise if some answer set (whose atoms are among these) is unsupported or a bad question."""

    def _start_timer(self) -> threading.Timer | None:
        if self.options.timeout is None:
            return None
        left = self.options.timeout - (time.perf_counter() - self._solving_since)
        timer = threading.Timer(max(left, 0.0), self._time_up)
        timer.daemon = True
        timer.start()
        return timer

    def _time_up(self) -> None:
        """--timeout: stop the search (from the timer's thread); the outcomes found so far stand."""
        self.timed_out = True
        self.control.interrupt()


class OutcomeTable(Asking):
    """Outcomes already found, as a clingo program whose answer sets are exactly them (one choice of
    which): queries on a result that has no grounding of its own (a sequence of actions)."""

    def __init__(self, outcomes: list[frozenset[Symbol]], options: SolveOptions):
        self.options = options
        self.messages: list[str] = []
        self.optimizing = False
        self.timed_out = False
        self._queries = {}
        self._solving_since = 0.0
        self.control = clingo.Control(["--project=show"], logger=lambda code, text: self.messages.append(
            " ".join(text.split())), message_limit=1_000)
        self._guard = _GroundGuard()
        self.control.register_observer(self._guard)
        # Through the grounder, as AST built from the symbols (not the backend: atoms a backend adds are not seen
        # whole by the grounder's projection of a body variable, so "_query(K, ()) :- tap(_)." held in one outcome
        # only, and "always" answered no over a sequence's outcomes where the query held in every one).
        loc = ast.Location(ast.Position("<outcomes>", 1, 1), ast.Position("<outcomes>", 1, 1))

        def literal(symbol: Symbol) -> Any:
            return ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(ast.SymbolicTerm(loc, symbol)))

        picks = [clingo.Function("_pick", [clingo.Number(i)]) for i in range(len(outcomes))]
        one = ast.Guard(ast.ComparisonOperator.LessEqual, ast.SymbolicTerm(loc, clingo.Number(1)))
        with ast.ProgramBuilder(self.control) as builder:
            builder.add(ast.Program(loc, "base", []))
            builder.add(ast.Rule(loc, ast.Aggregate(loc, one, [ast.ConditionalLiteral(loc, literal(p), [])
                                                               for p in picks], one), []))  # exactly one outcome
            for pick, atoms in zip(picks, outcomes):
                for atom in atoms:
                    builder.add(ast.Rule(loc, literal(atom), [literal(pick)]))
        with clingo_call(self.control):
            self.control.ground([("base", [])])
        self.picks = [self.control.symbolic_atoms[p].literal if p in self.control.symbolic_atoms else 0
                      for p in picks]

    def matching(self, query: Any) -> list[int]:
        """The positions of the outcomes where a query holds."""
        literal = self.query_literal(self.add_query(query))
        if literal is None:
            return []
        conf = self.control.configuration.solve
        conf.enum_mode, conf.project, conf.models = "auto", "no", "0"
        found = []
        with clingo_call(self.control), self.control.solve(yield_=True, assumptions=[literal]) as handle:
            for model in handle:
                found.append(next(i for i, p in enumerate(self.picks) if model.is_true(p)))
        return sorted(found)


def _outcomes_as_facts(control: clingo.Control, outcomes: list[frozenset[Symbol]]) -> None:
    """Outcomes as facts of a program of their own: ``_outcome(I)``, and ``_in(I, A)`` for each atom A of
    outcome I (the table that queries and objectives over a sequence's outcomes read)."""
    with control.backend() as backend:
        for i, atoms in enumerate(outcomes):
            backend.add_rule([backend.add_atom(clingo.Function(OUTCOME, [clingo.Number(i)]))])
            for atom in atoms:
                backend.add_rule([backend.add_atom(clingo.Function(IN, [clingo.Number(i), atom]))])


def match_outcomes(outcomes: list[frozenset[Symbol]], query: Any) -> dict[int, tuple[frozenset[Symbol], list[Symbol]]]:
    """For each outcome (its position) where a query holds: the atoms that match it there (those of its atoms not
    under ``not``) and the values of its variables for which it does. Each outcome's atoms are facts of a
    program of their own, so that grounding alone answers (:func:`pyrules.engine.query.table_rules`)."""
    check_query_numbers(query, _Atoms(frozenset().union(*outcomes)))
    said: list[str] = []
    control = clingo.Control(logger=lambda code, text: said.append(" ".join(text.split())) if len(said) < 20 else None,
                             message_limit=1_000_000)
    _outcomes_as_facts(control, outcomes)
    with ast.ProgramBuilder(control) as builder:
        for node in table_rules(query):
            builder.add(node)
    try:
        with clingo_call(control):
            control.ground([("base", [])])
    except RuntimeError:  # (an unsafe variable clingo finds, which the query's own checks let through)
        error = next((m for m in said if ": error: " in m), "clingo could not ground it")
        raise InputError(query.where, f"'{_short(query.text)}': {grounding_problem(error)}") from None
    found: dict[int, tuple[set[Symbol], list[Symbol]]] = {}
    for atom in control.symbolic_atoms.by_signature(QUERY_IN, 2):
        i, values = atom.symbol.arguments
        found.setdefault(i.number, (set(), []))[1].append(values)
    for atom in control.symbolic_atoms.by_signature(QUERY_ATOM, 2):  # (only where the query holds)
        i, matched = atom.symbol.arguments
        found[i.number][0].add(matched)
    return {i: (frozenset(atoms), sorted(values)) for i, (atoms, values) in sorted(found.items())}


def optimal(model: clingo.Model) -> bool:
    """Whether a model found while optimizing is optimal: proven so, or there is nothing to optimize (an objective
    that grounded to nothing, such as tap(O) where nothing is tapped: clingo then proves nothing, and every model,
    each of cost 0, is optimal)."""
    return model.optimality_proven or not model.cost


def optimal_outcomes(outcomes: list[frozenset[Symbol]], elements: list[Any],
                     where: str) -> tuple[list[int], int | None]:
    """The positions of the outcomes that are optimal for an objective (``parse_objective``'s elements, always
    minimized: a maximum is a minimum of the negated weights), and the optimal cost, found by clingo's
    optimization over the outcomes given as facts (:func:`pyrules.engine.query.table_objective`)."""
    if not outcomes:
        return [], None
    control = clingo.Control(["0", "--opt-mode=optN"], logger=lambda code, text: None, message_limit=0)
    _outcomes_as_facts(control, outcomes)
    guard = _GroundGuard()
    guard.weights = 0
    control.register_observer(guard)
    with ast.ProgramBuilder(control) as builder:
        for node in table_objective(elements):
            builder.add(node)
    with clingo_call(control):
        control.ground([("base", [])])
    if guard.weights > INT_MAX:  # clasp adds the weights in 32 bits and would wrap: refused (as for one step)
        raise InputError(where, f"its sum could reach {guard.weights:,}, beyond what clingo holds ({INT_MAX:,}): it "
                                "would be wrapped")
    found: list[int] = []
    cost: list[int | None] = [None]

    def keep(model: clingo.Model) -> None:
        if optimal(model):
            found.extend(a.arguments[0].number for a in model.symbols(atoms=True) if a.name == PICK)
            cost[0] = model.cost[0] if model.cost else 0

    with clingo_call(control):
        control.solve(on_model=keep)
    return sorted(set(found)), cost[0]


class _Atoms:
    """Atoms looked up by signature, as a grounding's symbolic atoms are (for the checks of a query's numbers)."""

    def __init__(self, atoms: frozenset[Symbol]):
        self.atoms = atoms

    def by_signature(self, name: str, arity: int) -> list[Any]:
        return [SimpleNamespace(symbol=a) for a in self.atoms if a.name == name and len(a.arguments) == arity]


class _Log:
    """clingo's logger for a grounding: its messages, one line each. Not a method of the grounding: the
    control would hold the grounding in a reference cycle, and a grounding dropped after one step of a
    sequence of actions would keep its control's memory until the collector's next full pass."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.places: tuple[str, ...] | None = None  # each line of the shadow rules' text: its place in asp/

    def __call__(self, code: clingo.MessageCode, message: str) -> None:
        message = " ".join(message.split())
        place = _PLACE.match(message)
        line = int(place.group(2)) if place else 0
        if place and place.group(1) == "block" and self.places and 0 < line <= len(self.places) and self.places[line - 1]:
            # the shadow rules went in as one text: say which statement of which file the message is about
            message = f"asp/{self.places[line - 1]}: {message[place.end():]}"
        elif place and place.group(1) == "string" and (statement := place_of_line(line)):
            # a statement of the encodings, parsed at its place (the column is of the statement as printed)
            message = f"asp/{statement}: {message[place.end():]}"
        self.messages.append(message)


#: The program part of a user's constraints and objective, grounded after the encodings'.
USER_PART = "pyrules_user"


class Grounding(Asking):
    """The encodings plus one situation's facts, grounded once."""

    #: Seconds of solving before the first progress report, and at least between two (tests set them lower).
    FIRST_REPORT = 1.0
    REPORT_EVERY = 0.5

    def __init__(self, situation: Situation, library: CardLibrary | None = None,
                 options: SolveOptions | None = None, explain: bool = False):
        self.situation = situation
        self.options = options or SolveOptions()
        self.facts: list[Fact] = situation_facts(situation, library)
        # A detail (each payment) is worked out only when the outcomes are projected onto it.
        self.facts += [Fact(clingo.Function("detail_asked", [clingo.Function(d.rsplit("/", 1)[0])]), "--project")
                       for d in sorted(DETAILS & set(self.options.project))]
        self._log = log = _Log()
        self.messages: list[str] = log.messages
        # Every message clingo gives is kept (message_limit: no cap) and reported on the result.
        self.control = clingo.Control(self.options.arguments(), logger=log, message_limit=1_000_000)
        self.explain = explain
        shadows = shadow_program if explain else None  # shadow rules that record each rule firing
        # The statements of asp/ that the situation's facts can use (see pyrules.engine.program).
        log.places = add_program(self.control, (f.symbol for f in self.facts), shadows, demand=not explain)
        #: "maximize" or "minimize" when the user gave an objective (SolveOptions), else None.
        self.objective, user = self._add_user_program()
        # Facts go in through clingo's backend as symbols: user text is never parsed as program text.
        with self.control.backend() as backend:
            add_facts(backend, (fact.symbol for fact in self.facts))
        self._guard: _GroundGuard | None = None
        if self.options.timeout is not None:  # the encodings' own grounding stops at the timeout too
            self._guard = _GroundGuard()
            self.control.register_observer(self._guard)
        start = time.perf_counter()
        try:
            self._ground([("base", [])], situation.source, None)
        except RuntimeError as error:
            said = [m for m in self.messages if m.startswith("<string>:") and ": error: " in m]
            if user is not None and said:  # the user's rules, checked by clingo as the program is ground
                self._refuse_user_statement(said[0], user)
            # clasp checks the weights of a sum it is given; the encodings check their own amounts first
            # (107.1, asp/core.lp), and this is the backstop: refused, never a traceback.
            if "overflow" not in str(error).lower():
                raise
            kind = QUESTION_KINDS.get(type(self.situation.question), "")
            raise UnsupportedError(self.situation.where(f"question.{kind}"),
                                   f"amount beyond limit ({AMOUNT_LIMIT})") from None
        if self._guard is None:  # the user's rules are always watched, from here on
            self._guard = _GroundGuard()
            self.control.register_observer(self._guard)
        if user is not None:
            self._ground_user(user)
        self.ground_seconds = time.perf_counter() - start
        self._illegal: set[Symbol] = set()
        self.timed_out = False
        self._solving_since = 0.0
        #: Called now and then during a long enumeration with (outcomes so far, seconds): a progress line.
        self.progress: Callable[[int, float], None] | None = None
        #: Called with each outcome's atoms as soon as it is found (streaming output), in clingo's order.
        self.on_outcome: Callable[[frozenset[Symbol]], None] | None = None
        self._reported = 0.0
        self._atoms = Atoms()
        # The atoms that could make a model a problem or an illegal action, found once: checking each
        # model for these few is cheaper than reading the name of every atom it holds.
        self._problems = [(a.symbol, a.literal) for name in ("unsupported", "bad_question", "illegal")
                          for a in self.control.symbolic_atoms.by_signature(name, 1)]
        self._problem: int | None = None  # see _problem_literal
        self.explain_data = self._explain_data() if explain else None
        if self.explain_data is not None:
            self._nonfact_reader = TruthReader(self.explain_data.nonfact_literals)
            self.control.register_propagator(self._nonfact_reader)  # (to read one atom of each class)
        # Paying with mana abilities minimizes failed payments (payment.lp): only optimal models count.
        self._failed_payments = [a.literal for a in self.control.symbolic_atoms.by_signature("_pay_failed", 1)]
        # Declarations of blockers ranked by the requirements they obey (combat.lp, 509.1c): only the best count.
        ranked = any(True for _ in self.control.symbolic_atoms.by_signature("ranked_by_requirements", 0))
        self.optimizing = bool(self._failed_payments) or self.objective is not None or ranked
        #: The cost of the optimal outcomes at the user's objective (priority 0), once enumerated.
        self.optimum: int | None = None
        self._queries: dict[str, int] = {}
        self._filter: int | None = None  # a literal every kept model must make true (see enumerate)
        self._search: list[int] | None = None  # models, choices, conflicts of an enumeration, when counted
        if self.optimizing:
            self.control.configuration.solve.opt_mode = "optN"
        self._shown_literals: dict[Symbol, int] | None = None
        self._projected = False  # the #project statements of the options' projection added
        self._true_nonfacts: dict[frozenset[Symbol], frozenset[Symbol] | None] = {}
        self._check_input(self.fact_atoms("unsupported", 1), self.fact_atoms("bad_question", 1))

    def _refuse_user_statement(self, message: str, user: str) -> None:
        """Raise the error clingo found in one of the user's rules or objective (an unsafe variable: ':- not tap(X).'
        was a traceback), named as the checks of pyrules.engine.query name them."""
        node = statement_at(self._user_nodes, message)
        problem = grounding_problem(message)
        if node is not None and node.ast_type == ast.ASTType.Minimize and self.objective is not None:
            raise InputError(f"--{self.objective}", f"'{_short(getattr(self.options, self.objective))}': {problem}")
        if node is not None:
            raise InputError(user_place(user, node), f"'{_short(str(node))}': {problem}")
        raise InputError(user, problem)

    def _ground_user(self, user: str) -> None:
        """Ground the user's rules and objective (from ``user``), in a part of their own so that their
        rules are counted apart from the encodings', once their numbers are known to stay in range."""
        objective = (f"--{self.objective}", getattr(self.options, self.objective)) if self.objective else None
        check_program_numbers(self._user_nodes, self.control.symbolic_atoms, user, objective)
        self._guard.weights = 0  # type: ignore[union-attr]
        try:
            self._ground([(USER_PART, [])], user, USER_RULES_LIMIT)
        except RuntimeError as error:  # (clasp's own check of a sum: a backstop to pyrules.base.bounds)
            if "overflow" not in str(error).lower():
                raise
            raise InputError(user, "its numbers go beyond what clingo holds (clasp: integer overflow)") from None
        # (the user's own lines: clingo may say so as it reads them, before grounding; the encodings' are asp/ places)
        said = [m for m in self.messages if m.startswith("<string>:")]
        if self.objective is not None and any("tuple ignored" in m or "operation undefined" in m for m in said):
            # (clingo leaves out an element whose weight is not a number: the optimum would be of the others alone)
            raise InputError(f"--{self.objective}", f"'{self.options.maximize or self.options.minimize}': its weight "
                                                    "is not a number where it holds; give a number, or a variable "
                                                    "that holds one (N : counters_put(ballista, p1p1, N))")
        undefined = next((m for m in said if "operation undefined" in m), None)
        if undefined is not None:  # (clingo takes the literal as false: the answer would be about nothing)
            raise InputError(user, "its arithmetic is undefined where it is asked "
                                   f"({undefined.split('info: ', 1)[-1]})")
        self._check_objective_sum()

    def _check_objective_sum(self) -> None:
        """clasp adds an objective's weights in 32 bits and wraps silently: refuse an objective whose
        ground weights could add up beyond that (their absolute values, as grounded)."""
        weights, self._guard.weights = self._guard.weights, None  # type: ignore[union-attr]
        if weights is not None and weights > INT_MAX and self.objective is not None:
            raise InputError(f"--{self.objective}", f"'{self.options.maximize or self.options.minimize}': its sum "
                                                    f"could reach {weights:,}, beyond what clingo holds "
                                                    f"({INT_MAX:,}): it would be wrapped")

    def _add_user_program(self) -> tuple[str | None, str | None]:
        """The user's constraints and objective, checked by :mod:`pyrules.engine.query` and added as AST (never
        as text) in a program part of their own; the objective's sense ("maximize", "minimize" or None),
        and where the user's program comes from (None if there is none)."""
        options = self.options
        sources = read_constraints(options.constraints) if options.constraints else []
        nodes = parse_constraints(sources, self.situation) if sources else []
        sense = "maximize" if options.maximize is not None else "minimize" if options.minimize is not None else None
        if sense is not None:
            nodes += parse_objective(getattr(options, sense), sense, self.situation, f"--{sense}")
        self._user_nodes = nodes
        if not nodes:
            return sense, None
        with ast.ProgramBuilder(self.control) as builder:
            builder.add(ast.Program(nodes[0].location, USER_PART, []))
            for node in nodes:
                builder.add(node)
        return sense, ", ".join([where for where, _ in sources] + ([f"--{sense}"] if sense else []))

    @paused()
    def _explain_data(self) -> Any:
        # The firings decided by grounding (many: read from why_facts), and every undecided atom with its
        # literal; the other facts are not read (ExplainData reads them if asked).
        why_facts: list[int] = []
        nonfacts: dict[Symbol, int] = {}
        signatures = self.control.symbolic_atoms.signatures
        for name, arity, positive in signatures:
            if name == WHY:
                for rep, fact, literal in ground_atoms(self.control, name, arity, positive):
                    if fact:
                        why_facts.append(rep)
                    else:
                        nonfacts[Symbol(rep)] = literal
        why_literals = dict(nonfacts)
        for name, arity, positive in signatures:
            if name != WHY:
                for rep, _, literal in ground_atoms(self.control, name, arity, positive, facts=False):
                    nonfacts[Symbol(rep)] = literal
        inputs = {f.symbol: self.situation.where(f.origin) if not f.origin.startswith("card:") else f.origin
                  for f in self.facts}
        return ExplainData(
            control=self.control,
            input_facts=inputs,
            why_facts=why_facts,
            why_literals=why_literals,
            nonfact_literals=nonfacts,
        )

    def fact_atoms(self, name: str, arity: int) -> list[Symbol]:
        """Atoms of a predicate that grounding made facts (those the situation alone decides)."""
        return sorted(a.symbol for a in self.control.symbolic_atoms.by_signature(name, arity) if a.is_fact)

    def _check_input(self, unsupported: list[Symbol], bad: list[Symbol]) -> None:
        kind = QUESTION_KINDS.get(type(self.situation.question), "")
        where = self.situation.where(f"question.{kind}")
        for atom in sorted(unsupported, key=str):
            raise UnsupportedError(where, describe_reason(atom.arguments[0]))
        for atom in sorted(bad, key=str):
            raise InputError(where, describe_reason(atom.arguments[0]))

    def _check_models(self, atoms: frozenset[Symbol]) -> None:
        self._check_input(sorted(a for a in atoms if a.name == "unsupported" and len(a.arguments) == 1),
                          sorted(a for a in atoms if a.name == "bad_question" and len(a.arguments) == 1))

    def _keep(self, model: clingo.Model) -> bool:
        """Sort out a model: input problems raise, illegal actions are reasons, the rest outcomes (those
        where the query of ``where`` holds, when it is checked here)."""
        present = [symbol for symbol, literal in self._problems if model.is_true(literal)]
        if not present:
            return self._filter is None or model.is_true(self._filter)
        self._check_input([a for a in present if a.name == "unsupported"], [a for a in present if a.name == "bad_question"])
        illegal = [a.arguments[0] for a in present if a.name == "illegal"]
        self._illegal.update(illegal)
        return not illegal and (self._filter is None or model.is_true(self._filter))

    def illegal_reasons(self) -> list[Symbol]:
        return sorted(self._illegal, key=str)

    # -- solving --------------------------------------------------------------------
    def _project_onto(self, signatures: tuple[str, ...]) -> None:
        """Project onto some outcome predicates only, with clingo's projection (#project atoms)."""
        literals = []
        for signature in signatures:
            name, arity = signature.rsplit("/", 1)
            literals += [a.literal for a in self.control.symbolic_atoms.by_signature(name, int(arity))]
        with self.control.backend() as backend:
            backend.add_project(literals)

    def _solve_into(self, models: list[frozenset[Symbol]], keep: set[str] | None, assumptions: list[int],
                    optimizing: bool) -> None:
        """Solve, appending each outcome's shown atoms (as output terms, see show_terms) to ``models``."""
        if self.options.timeout is not None and time.perf_counter() - self._solving_since >= self.options.timeout:
            self.timed_out = True
            return
        timer = self._start_timer()
        try:
            problem = self._problem_literal() if not optimizing else None
            if problem is None:
                self._solve_with(models, keep, assumptions, optimizing)
            else:
                # The models without a problem first, none of them asked about problems; then those with
                # one (an illegal action's reasons, an input refused). Problems are shown, so no projected
                # outcome is split between the two.
                self._solve_with(models, keep, assumptions + [-problem], optimizing, checked=True)
                self._solve_with(models, keep, assumptions + [problem], optimizing)
        finally:
            if timer is not None:
                timer.cancel()

    def _problem_literal(self) -> int | None:
        """A literal true exactly in the models with a problem (some unsupported, bad_question or illegal
        atom true), added once: asking each model for each problem atom costs 10 microseconds an atom,
        a third of reading a small model."""
        if not self._problems:
            return None
        if self._problem is None:
            guard: _GroundGuard | None = getattr(self, "_guard", None)
            if guard is not None:
                guard.watch(None, None)  # (a few rules, never the user's)
            with self.control.backend() as backend:
                self._problem = backend.add_atom()
                for _, literal in self._problems:
                    backend.add_rule([self._problem], [literal])
        return self._problem

    def _solve_with(self, models: list[frozenset[Symbol]], keep: set[str] | None, assumptions: list[int],
                    optimizing: bool, checked: bool = False) -> None:
        """Solve under ``assumptions``; ``checked``: the assumptions rule out every problem."""
        with clingo_call(self.control), self.control.solve(yield_=True, assumptions=assumptions) as handle:
            for model in handle:
                if self._search is not None:
                    self._search[0] += 1
                if optimizing and not optimal(model):
                    continue  # found on the way to the optimum (a payment that failed where one succeeds)
                kept = self._filter is None or model.is_true(self._filter) if checked else self._keep(model)
                if not kept:
                    continue
                if self.objective is not None:
                    self.optimum = model.cost[-1] if model.cost else 0
                atoms = self._atoms.shown_terms(model)
                if keep is not None:
                    atoms = frozenset(a for a in atoms if a.name in keep)
                if self.explain_data is not None and atoms not in self._true_nonfacts:
                    # Read the model once: its explanation needs no second solve.
                    self._true_nonfacts[atoms] = self._nonfact_reader.true(model)
                models.append(atoms)
                if self.on_outcome is not None:
                    self.on_outcome(atoms)
                if self.progress is not None and not len(models) & 1023:
                    self._report(len(models))
        if self._search is not None:
            self._count_search()

    def _pays(self) -> bool:
        """Whether some legal outcome has every payment succeed (then the fewest failures is none)."""
        conf = self.control.configuration.solve
        mode, models = conf.opt_mode, conf.models
        conf.opt_mode, conf.models = "ignore", "0"
        try:
            with clingo_call(self.control), self.control.solve(
                    yield_=True, assumptions=[-literal for literal in self._failed_payments]) as handle:
                return any(self._keep(model) for model in handle)
        finally:
            conf.opt_mode, conf.models = mode, models

    def _report(self, found: int) -> None:
        """Every second or so after the first, tell ``progress`` how many outcomes so far, and how fast."""
        now = time.perf_counter()
        elapsed = now - self._solving_since
        if elapsed >= self.FIRST_REPORT and now - self._reported >= self.REPORT_EVERY:
            self._reported = now
            self.progress(found, elapsed)  # type: ignore[misc]

    def enumerate(self, limit: int | None = None, statistics: bool = True,
                  cube: Sequence[tuple[Symbol, bool]] = ()) -> tuple[list[frozenset[Symbol]], bool, Statistics]:
        """Every distinct outcome (projected), up to ``limit``; and whether that limit cut the list. Reading
        clingo's statistics costs a millisecond or two; without ``statistics`` only times and counts are given.
        ``cube``: only the outcomes where each of these outcome atoms is true or false as given (one part of an
        enumeration split in cubes, :mod:`pyrules.engine.cubes`; never with failed payments, which are weighed
        over all outcomes)."""
        assumed = self._cube_literals(cube)
        if assumed is None:  # an atom assumed true that no outcome can hold
            return [], False, Statistics(self.ground_seconds, 0.0, 0, messages=len(self.messages))
        conf = self.control.configuration.solve
        conf.enum_mode = "auto"
        conf.project = "show"
        keep = None
        project = self.options.project
        only_sequences = sorted(set(project) - set(output_signatures()))
        if only_sequences:
            raise InputError("--project", f"{only_sequences[0]} is an outcome of a sequence of actions only")
        if project:
            if not self._projected:  # (once: a split in cubes enumerates many times)
                self._project_onto(project)
                self._projected = True
            conf.project = "project"
            keep = {s.rsplit("/", 1)[0] for s in project} | {"illegal", "unsupported", "bad_question"}
        conf.models = str(limit + 1) if limit is not None else "0"
        models: list[frozenset[Symbol]] = []
        where: list[int] = []
        if self.options.where is not None:
            literal = self.query_literal(self.add_query(parse_query(self.options.where, self.situation, "--where")))
            if literal is None:  # the query can hold in no outcome
                self._read_problems()
                return [], False, Statistics(self.ground_seconds, 0.0, 0, messages=len(self.messages))
            where = [literal]
        where += assumed
        self._search = [0, 0, 0] if statistics else None
        start = self._solving_since = time.perf_counter()
        if self._failed_payments:
            # Where the cost can be paid, the optimum has no failed payment: enumerating under the
            # assumption that none fails gives the same models without optimizing (but for the user's
            # objective). Only where no model pays is the optimum (the fewest failures) searched; the
            # query of --where is then checked on each optimal model, not assumed, so that it cannot
            # change which payments count as failed.
            conf.opt_mode = "ignore" if self.objective is None else "optN"
            self._solve_into(models, keep, [-literal for literal in self._failed_payments] + where,
                             self.objective is not None)
            conf.opt_mode = "optN"
            if not models and not self.timed_out and not (where and self._pays()):
                self._illegal.clear()
                self._filter = where[0] if where else None
                self._solve_into(models, keep, [], True)
                self._filter = None
        else:
            self._solve_into(models, keep, where, self.optimizing)
        if self.options.where is not None and not models and not self.timed_out:
            self._read_problems()
        elapsed = time.perf_counter() - start
        truncated = (limit is not None and len(models) > limit) or self.timed_out
        if truncated:
            models = models[:limit]
        if len(models) > 1:  # (a key is made even for a single model: 4,686 texts of a could-produce board)
            models.sort(key=outcome_key)  # the atoms keep their texts (symbols.Atom)
        if not statistics:
            return models, truncated, Statistics(self.ground_seconds, elapsed, len(models), messages=len(self.messages))
        return models, truncated, self._statistics(elapsed)

    def _read_problems(self) -> None:
        """With --where assumed, the models of an illegal action are never met (the query holds in none), so 0
        outcomes would not say why: the models with a problem are read as they are without --where (an illegal
        action's reasons kept, an input refused raises)."""
        problem = self._problem_literal()
        if problem is None or self._illegal:
            return
        conf = self.control.configuration.solve
        opt_mode, models, project = conf.opt_mode, conf.models, conf.project
        conf.opt_mode, conf.models, conf.project = "ignore", "0", "no"
        try:
            with clingo_call(self.control), self.control.solve(yield_=True, assumptions=[problem]) as handle:
                for model in handle:
                    self._keep(model)
        finally:
            conf.opt_mode, conf.models, conf.project = opt_mode, models, project

    def _cube_literals(self, cube: Sequence[tuple[Symbol, bool]]) -> list[int] | None:
        if cube and self._failed_payments:
            raise ValueError("an enumeration with payments that may fail is not split in cubes")
        literals = []
        for symbol, true in cube:
            atom = self.control.symbolic_atoms[symbol]
            if atom is None:
                if true:
                    return None
                continue
            literals.append(atom.literal if true else -atom.literal)
        return literals

    def true_nonfacts(self, outcome: frozenset[Symbol]) -> frozenset[Symbol] | None:
        """The atoms grounding left undecided that hold in one answer set of this outcome: a solve
        under assumptions (the outcome's shown atoms, true or false) on this same grounding."""
        if self.explain_data is None:
            raise ValueError("this grounding was made without explanations")
        # One answer set per outcome, always the same one: an outcome reached by several answer sets
        # (payments that end alike) is explained, and checked, from a single one.
        if outcome in self._true_nonfacts:
            return self._true_nonfacts[outcome]
        if self._shown_literals is None:
            shown = output_signatures()
            # Details left out of the outcomes (each payment) are left free, unless projected onto.
            shown = (set(shown) - DETAILS) | (DETAILS & set(self.options.project))
            self._shown_literals = {s: lit for s, lit in self.explain_data.nonfact_literals.items()
                                    if f"{s.name}/{len(s.arguments)}" in shown}
        assumptions = [lit if symbol in outcome else -lit for symbol, lit in self._shown_literals.items()]
        conf = self.control.configuration.solve
        conf.enum_mode, conf.project, conf.models = "auto", "no", "1"
        found: list[frozenset[Symbol]] = []

        def on_model(model: clingo.Model) -> None:
            found.append(self._nonfact_reader.true(model))

        with clingo_call(self.control):
            self.control.solve(assumptions=assumptions, on_model=on_model)
        self._true_nonfacts[outcome] = found[0] if found else None
        return self._true_nonfacts[outcome]

    def brave_atoms(self) -> frozenset[Symbol]:
        """Every atom true in some answer set: the facts, and the undecided atoms among clingo's brave
        consequences (needs a grounding made for explanations, which knows the undecided atoms)."""
        data = self.explain_data
        if data is None:
            raise ValueError("this grounding was made without explanations")
        conf = self.control.configuration.solve
        conf.enum_mode, conf.project, conf.models = "brave", "no", "0"
        true: frozenset[Symbol] = frozenset()
        with clingo_call(self.control), self.control.solve(yield_=True) as handle:
            for model in handle:  # the last model holds the brave consequences
                true = self._nonfact_reader.true(model)
        conf.enum_mode = "auto"
        return frozenset(data.facts | true)

    def consequences(self, mode: str) -> frozenset[Symbol] | None:
        """Brave (true in some outcome) or cautious (true in every outcome) consequences; None if none."""
        self.timed_out = False
        self._solving_since = time.perf_counter()
        return self._consequence_models(mode)

    def _count_search(self) -> None:
        """Add the last solve's choices and conflicts to this enumeration's (clingo's statistics are of
        the last solve only, without --stats)."""
        solvers = self.control.statistics.get("solving", {}).get("solvers", {})
        self._search[1] += int(solvers.get("choices", 0))
        self._search[2] += int(solvers.get("conflicts", 0))

    def _statistics(self, solve_seconds: float) -> Statistics:
        """The statistics of one enumeration, which may be several solves (the models without a problem,
        then those with one)."""
        lp = self.control.statistics.get("problem", {}).get("lp", {})
        models, choices, conflicts = self._search
        return Statistics(
            ground_seconds=self.ground_seconds,
            solve_seconds=solve_seconds,
            models=models,
            atoms=int(lp.get("atoms", 0)),
            rules=int(lp.get("rules", 0)),
            choices=choices,
            conflicts=conflicts,
            messages=len(self.messages),
        )


def outcome_key(atoms: frozenset[Symbol]) -> tuple[str, ...]:
    """The order of outcomes: by their atoms' texts."""
    return tuple(sorted(map(str, atoms)))


_MANA_SYMBOL_TERMS = {("hybrid", 2), ("phyrexian", 1)}


def describe_reason(reason: Symbol) -> str:
    """A readable text for a reason term such as ``paying_mana_costs("pp",ab("Pili-Pala",2))``."""
    if reason.type == clingo.SymbolType.String:
        return reason.string
    if reason.type == clingo.SymbolType.Number:
        return str(reason.number)
    if reason.type == clingo.SymbolType.Function and reason.name == "ab" and len(reason.arguments) == 2:
        return f"ability {reason.arguments[1]} of {reason.arguments[0].string}"
    if reason.type == clingo.SymbolType.Function and (reason.name, len(reason.arguments)) in _MANA_SYMBOL_TERMS:
        halves = [str(a).upper() for a in reason.arguments] + (["P"] if reason.name == "phyrexian" else [])
        return "{" + "/".join(halves) + "}"  # a mana symbol as it is printed: {B/G}, {2/W}, {G/P}
    if reason.type == clingo.SymbolType.Function and not reason.arguments:
        return refusal_reasons().get(reason.name, reason.name.replace("_", " "))
    args = ", ".join(describe_reason(a) for a in reason.arguments)
    return f"{reason.name.replace('_', ' ')} ({args})"
