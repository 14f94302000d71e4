"""A whole combat in one clingo program: every legal combat of a line at once (asp/combat_run.lp).

Step by step, each declaration of attackers, each declaration of blockers and each division of
damage is a state of its own, and a board of five creatures a side has tens of thousands of
intermediate states. Where the line from the situation is a combat and nothing else (attackers and
blockers declared, left open or given, then the combat damage actions, with ``resolve: all`` between
them), and the board holds nothing that could change the game during it but the declarations and the
damage (no triggered, static or replacement ability, no lasting effect, no shield), one program
searches every combat, and each distinct final state is kept once (by the handles of its atoms).

Everything else is played step by step, where every rule applies: the run answers only where it is
exact, and tests compare it with the step-by-step lines on many boards.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from clingo import Symbol, SymbolType, ast

from pyrules.base.collector import paused
from pyrules.base.errors import InputError, TimeLimitError, UnsupportedError
from pyrules.base.interrupt import clingo_call
from pyrules.base.symbols import Atom, Atoms
from pyrules.cards.library import CardLibrary
from pyrules.engine.query import Answer, Query, bindings, parse_objective, parse_query
from pyrules.engine.solver import Grounding, SolveOptions, Statistics, optimal
from pyrules.play.sequence import Ending, Line, Runner
from pyrules.play.transition import state_key
from pyrules.situation.model import CombatDamage, CombatRun, DeclareAttackers, DeclareBlockers, ResolveAll, Situation


@dataclass(frozen=True)
class RunOutcome:
    """One distinct final state of the combat: its outcome atoms, how the line ended (None: after its last action),
    and the declarations of one line that reaches it (``attack(C,T)``, ``block(B,A)``), to play it again."""

    atoms: frozenset[Symbol]
    ending: Ending | None
    witness: frozenset[Symbol]


@dataclass(frozen=True)
class RunResult:
    outcomes: list[RunOutcome]
    statistics: Statistics
    messages: list[str]
    timed_out: bool
    optimum: int | None = None  # with an objective: its value at the optimum


def as_combat_run(situation: Situation) -> CombatRun | None:
    """The situation's actions as one combat the run can take, or None: from the beginning of combat, with nothing on
    the stack and nothing waiting, two players, no lasting effect and no shield, attackers and then blockers declared
    (left open, or given; blockers given only after attackers given), then only combat damage actions, with
    ``resolve: all`` between them."""
    actions = situation.actions
    if len(actions) < 2 or not isinstance(actions[0], DeclareAttackers) or not isinstance(actions[1], DeclareBlockers):
        return None
    if actions[0].attacks is None and actions[1].blocks is not None:
        return None  # (blockers given whatever attacks: illegal in some lines, which the steps tell)
    if any(not isinstance(a, (CombatDamage, ResolveAll)) for a in actions[2:]):
        return None
    if situation.phase != "combat" or situation.step != "beginning_of_combat" or situation.stack or situation.waiting:
        return None
    if len(situation.players) != 2 or situation.effects or situation.stack_abilities:
        return None
    if any(p.prevention_shields or p.lost for p in situation.players):
        return None
    for o in situation.objects:
        if o.zone == "battlefield" and (o.regeneration_shields or o.prevention_shields or o.attacking or o.blocking
                                        or o.blocked or o.struck_first or o.deathtouch_damage):
            return None
    damage = tuple(k for k, a in enumerate(actions, start=1) if isinstance(a, CombatDamage))
    return CombatRun(1, 2, damage, actions[0].attacks, actions[1].blocks)


def ground_combat(situation: Situation, library: CardLibrary | None, options: SolveOptions) -> Grounding | None:
    """The run's program for the situation's combat, grounded; None where the run does not model the board."""
    run = as_combat_run(situation)
    if run is None or not _settled(situation, library, options) or not _declarations_legal(situation, library, options):
        return None
    state = replace(situation, question=run, actions=(), sequence=True)
    try:
        grounding = Grounding(state, library, replace(options, project=(), where=None, maximize=None, minimize=None,
                                                      limit=None, constraints=()))
    except (UnsupportedError, InputError, TimeLimitError):
        return None  # (played step by step, which says where and why)
    if any(True for _ in grounding.control.symbolic_atoms.by_signature("run_outside", 1)):
        return None
    return grounding


def play_combat(situation: Situation, library: CardLibrary | None, options: SolveOptions) -> RunResult | None:
    """Every distinct outcome of the situation's combat, searched in one program (those where ``options.where``
    holds; with an objective, the optimal ones; with a limit, one more than it at most); None where the run does not
    model the board (then the line is played step by step)."""
    grounding = ground_combat(situation, library, options)
    if grounding is None:
        return None
    control = grounding.control
    assumptions: list[int] = []
    if options.where is not None:
        literal = grounding.query_literal(grounding.add_query(run_query(parse_query(options.where, situation,
                                                                                    "--where"))))
        if literal is None:  # (the query can hold in no outcome)
            return RunResult([], Statistics(grounding.ground_seconds, 0.0, 0), grounding.messages, False)
        assumptions.append(literal)
    sense = "maximize" if options.maximize is not None else "minimize" if options.minimize is not None else None
    if sense is not None:
        _add_objective(grounding, parse_objective(getattr(options, sense), sense, situation, f"--{sense}"))
    problems = [a.literal for name in ("unsupported", "bad_question", "illegal")
                for a in control.symbolic_atoms.by_signature(name, 1)]
    finals = _Finals(control)
    configuration = control.configuration.solve
    configuration.enum_mode, configuration.models = "auto", "0"
    configuration.opt_mode = "optN" if sense is not None else "ignore"
    # Every answer set, each distinct final state kept once here: clingo's projection onto the final state found the
    # same outcomes five to seven times slower (5 against 5: 272,524 answer sets in 3.6 s; 169,152 projected in 15 s),
    # the answer sets reaching one state being few (the divisions of damage among blockers that die are searched once,
    # combat_run.lp). Where they are not (many declarations ending in one state), the search starts again projected.
    # With an objective, clingo also proves the optimum far faster without projection (ten against ten: 2.7 s,
    # against 40-70 s projected).
    configuration.project = "no"
    # Atoms chosen false first: a combat's answer sets are found 25% faster (5 against 5: 3.9 -> 2.9 s).
    control.configuration.solver.sign_def = "neg"
    with control.backend() as backend:
        backend.add_project([a.literal for a in control.symbolic_atoms.by_signature("run_final", 1)] + problems)
    start = grounding._solving_since = time.perf_counter()  # (--timeout counts from here, whether searched once or twice)
    reading = (grounding, assumptions, problems, finals, sense, options.limit)
    with paused():  # (hundreds of thousands of sets made, none holding a cycle)
        outcomes, optimum, timed_out = _enumerate(*reading)
        if outcomes is _REDUNDANT:
            configuration.project = "project"
            outcomes, optimum, timed_out = _enumerate(*reading)
    if outcomes is None:
        return None  # (something the run should have left to the steps: they say what)
    statistics = Statistics(grounding.ground_seconds, time.perf_counter() - start, len(outcomes))
    statistics.extra["steps"] = 1  # (one program)
    if optimum is not None and sense == "maximize":
        optimum = -optimum
    return RunResult(outcomes, statistics, grounding.messages, timed_out, optimum)


#: An enumeration without projection gives up, to start again projected, once it has met this many answer sets more
#: than REDUNDANT_RATIO times the distinct final states found.
REDUNDANT_AFTER = 20_000
REDUNDANT_RATIO = 4
_REDUNDANT: Any = object()


class _Finals:
    """What each shown atom of the run says, read once by its handle (a model is then read by looking its handles up),
    as Atoms: hashed once, where a clingo symbol is hashed by a C call every time."""

    def __init__(self, control: Any):
        atoms = control.symbolic_atoms
        self.of = {a.symbol._rep: Atom(a.symbol.arguments[0]) for a in atoms.by_signature("run_final", 1)}
        self.witness_of = {a.symbol._rep: Atom(a.symbol.arguments[0]) for a in atoms.by_signature("run_witness", 1)}
        self.ending_of = {h: _ending(a) for h, a in self.of.items() if a.name in ("game_over", "illegal")}
        self.handles = frozenset(self.of)
        #: Each atom's place among them in the order of their texts: outcomes are sorted by their atoms' places.
        self.place = {h: i for i, h in enumerate(sorted(self.of, key=lambda h: str(self.of[h])))}
        self.witness_handles = frozenset(self.witness_of)
        self.ending_handles = frozenset(self.ending_of)


def _enumerate(grounding: Grounding, assumptions: list[int], problems: list[int], finals: _Finals, sense: str | None,
               limit: int | None) -> tuple[Any, int | None, bool]:
    """The distinct final states of the run's answer sets (optimal ones, with an objective), in the order of their atoms'
    texts (as a sequence's outcomes are), their optimum, and whether the time ran out: None where a model meets a
    problem, _REDUNDANT where, unprojected, answer sets repeat states too often."""
    control = grounding.control
    projected = control.configuration.solve.project != "no"
    reader = Atoms()
    seen: set[frozenset[int]] = set()
    outcomes: list[tuple[list[int], RunOutcome]] = []
    optimum = None
    models = 0
    of, witness_of, ending_of, place = finals.of.__getitem__, finals.witness_of.__getitem__, finals.ending_of, \
        finals.place.__getitem__
    grounding.timed_out = False
    timer = grounding._start_timer()  # (--timeout: interrupts the search; the outcomes found so far stand)
    try:
        with clingo_call(control), control.solve(yield_=True, assumptions=assumptions) as handle:
            for model in handle:
                if problems and any(model.is_true(p) for p in problems):
                    return None, None, False
                if sense is not None:
                    if not optimal(model):
                        continue
                    optimum = model.cost[-1] if model.cost else 0
                handles = reader.shown_handles(model)
                if handles is None:
                    handles = [symbol._rep for symbol in model.symbols(terms=True)]
                key = finals.handles.intersection(handles)
                models += 1
                if key in seen:
                    if sense is None and not projected and models > REDUNDANT_AFTER \
                            and models > REDUNDANT_RATIO * len(outcomes):
                        return _REDUNDANT, None, False
                    continue
                seen.add(key)
                ended = finals.ending_handles.intersection(key)
                outcomes.append((sorted(map(place, key)), RunOutcome(
                    frozenset(map(of, key)), ending_of[min(ended)] if ended else None,
                    frozenset(map(witness_of, finals.witness_handles.intersection(handles))))))
                if limit is not None and len(outcomes) > limit:
                    break  # (one more than the limit: the result says it was cut)
    finally:
        if timer is not None:
            timer.cancel()
    outcomes.sort(key=lambda pair: pair[0])
    return [outcome for _, outcome in outcomes], optimum, grounding.timed_out


def ask_combat(situation: Situation, library: CardLibrary | None, options: SolveOptions, query: Query,
               mode: str) -> Answer | None:
    """Whether a query holds in some or every outcome of the situation's combat, and for which values of its
    variables, no outcome listed: solves under assumptions on the query's own atoms only (clingo's brave and cautious
    consequences would work through every atom of every combat); None where the run does not model the board."""
    grounding = ground_combat(situation, library, options)
    if grounding is None or any(True for name in ("unsupported", "bad_question", "illegal")
                                for _ in grounding.control.symbolic_atoms.by_signature(name, 1)):
        return None  # (a problem some combat could meet: the outcomes, listed, say what it is)
    key = grounding.add_query(run_query(query))
    control = grounding.control
    holds_literal = grounding.query_literal(key)
    values = {a.symbol.arguments[1]: a.literal for a in control.symbolic_atoms.by_signature("_query", 2)
              if a.symbol.arguments[0].number == key}
    configuration = control.configuration.solve
    configuration.enum_mode, configuration.project, configuration.models, configuration.opt_mode = \
        "auto", "no", "1", "ignore"
    grounding.timed_out, grounding._solving_since = False, time.perf_counter()
    timer = grounding._start_timer()
    try:
        holds, found = _consequences(control, holds_literal, values, mode)
    finally:
        if timer is not None:
            timer.cancel()
    if grounding.timed_out:
        return Answer(query.text, mode, None, query.variables, (), complete=False)
    ordered = sorted(found)  # (in clingo's order of values, as Grounding.ask gives them)
    return Answer(query.text, mode, holds, query.variables,
                  tuple(bindings(v, query.variables) for v in ordered) if query.variables else ())


def _consequences(control: Any, holds: int | None, values: dict[Symbol, int], mode: str) -> tuple[bool, set[Symbol]]:
    """Whether the query holds in some (every) answer set, and its values that do: each solve asks for an answer
    set with a value not yet found (sometimes), or one without a value still standing (always)."""

    def witness(condition: list[int]) -> set[Symbol] | None:
        """The values true in an answer set where some literal of ``condition`` holds; None if there is none."""
        with control.backend() as backend:
            wanted = backend.add_atom()
            for literal in condition:
                backend.add_rule([wanted], [literal])
        true: set[Symbol] | None = None
        with clingo_call(control), control.solve(yield_=True, assumptions=[wanted]) as handle:
            for model in handle:
                true = {v for v, literal in values.items() if model.is_true(literal)}
        return true

    if mode == "sometimes":
        first = witness([holds]) if holds is not None else None
        if first is None:
            return False, set()
        found = set(first)
        left = [literal for v, literal in values.items() if v not in found]
        while left:
            more = witness(left)
            if more is None:
                break
            found |= more
            left = [literal for v, literal in values.items() if v not in found]
        return True, found
    # always: the values that hold in every answer set, and whether the query does
    if holds is None or witness([-holds]) is not None:
        return False, set()
    standing = witness([holds]) or set()
    while standing:
        out = witness([-values[v] for v in standing])
        if out is None:
            break
        standing &= out
    return True, standing


def run_query(query: Query) -> Query:
    """A query over outcome atoms as a query over the run's final state: each ``p(...)`` read as ``run_final(p(...))``
    (the run's own atoms of the same names are about its steps, not the end of the line)."""
    return replace(query, body=tuple(_FinalAtoms().visit(literal) for literal in query.body))


class _FinalAtoms(ast.Transformer):
    def visit_SymbolicAtom(self, node: Any) -> Any:
        term = node.symbol
        if term.ast_type == ast.ASTType.Function and not term.name.startswith("_"):
            return node.update(symbol=ast.Function(term.location, "run_final", [term], 0))
        # (an atom with no variable is one symbol: lost("bob", life))
        if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == SymbolType.Function and \
                not term.symbol.name.startswith("_"):
            return node.update(symbol=ast.Function(term.location, "run_final", [term], 0))
        return node


def _add_objective(grounding: Grounding, nodes: list[Any]) -> None:
    """The user's objective over the run's final state, in a program part of its own."""
    with ast.ProgramBuilder(grounding.control) as builder:
        builder.add(ast.Program(nodes[0].location, "run_objective", []))
        for node in nodes:
            builder.add(_FinalAtoms().visit(node))
    with clingo_call(grounding.control):
        grounding.control.ground([("run_objective", [])])


def _settled(situation: Situation, library: CardLibrary | None, options: SolveOptions) -> bool:
    """Whether the situation as given is settled: no state-based action applies and nothing triggers (117.5), so
    that the run starts from the state the steps would."""
    runner = Runner(situation, library, _as_steps(options))
    start = replace(situation, question=None, actions=(), sequence=True)
    try:
        lines = runner._settle([Line(start)], 0)
    except (UnsupportedError, InputError):
        return False
    return len(lines) == 1 and lines[0].ending is None and not lines[0].steps and \
        state_key(lines[0].state) == state_key(start)


def _declarations_legal(situation: Situation, library: CardLibrary | None, options: SolveOptions) -> bool:
    """Whether the declarations the line gives (none, the attackers, or both) are legal, played step by step: an
    illegal one ends the line with the reasons the steps give, and the run leaves it to them."""
    given = [a for a in situation.actions[:2] if getattr(a, "attacks", getattr(a, "blocks", None)) is not None]
    if not given:
        return True
    runner = Runner(replace(situation, actions=tuple(given)), library, _as_steps(options))
    try:
        lines = runner.run()
    except (UnsupportedError, InputError):
        return False
    return len(lines) == 1 and lines[0].ending is None


def _as_steps(options: SolveOptions) -> SolveOptions:
    """The options of the steps that check where the run starts: no question of the user's, no timeout."""
    return replace(options, timeout=None, where=None, maximize=None, minimize=None, constraints=())


def _ending(atom: Symbol) -> Ending:
    """How a line ends, from its outcome atom ``game_over(K)`` or ``illegal(K,Reason)``."""
    if atom.name == "game_over":
        return Ending(atom.arguments[0].number, "game_over")
    return Ending(atom.arguments[0].number, "illegal", (atom.arguments[1],))
