"""A whole combat in one clingo program: every legal combat of a line at once (asp/combat_run.lp).

Step by step, each declaration of attackers, each declaration of blockers and each division of
damage is a state of its own, and a board of five creatures a side has tens of thousands of
intermediate states. Where the line from the situation is a combat and nothing else (attackers and
blockers left open, then the combat damage actions, with ``resolve: all`` between them), and the board
holds nothing that could change the game during it but the declarations and the damage (no
triggered, static or replacement ability, no lasting effect, no shield), one program searches every
combat, and clingo's projection onto the final state gives each distinct outcome once.

Everything else is played step by step, where every rule applies: the run answers only where it is
exact, and tests compare it with the step-by-step lines on many boards.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from clingo import Symbol

from pyrules.base.errors import InputError, TimeLimitError, UnsupportedError
from pyrules.base.interrupt import clingo_call
from pyrules.cards.library import CardLibrary
from pyrules.engine.solver import Grounding, SolveOptions, Statistics
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


def as_combat_run(situation: Situation) -> CombatRun | None:
    """The situation's actions as one combat the run can take, or None: from the beginning of combat, with nothing on
    the stack and nothing waiting, two players, no lasting effect and no shield, attackers and then blockers left open,
    then only combat damage actions, with ``resolve: all`` between them."""
    actions = situation.actions
    if len(actions) < 2 or actions[0] != DeclareAttackers(None) or actions[1] != DeclareBlockers(None):
        return None
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
    return CombatRun(1, 2, damage)


def play_combat(situation: Situation, library: CardLibrary | None, options: SolveOptions) -> RunResult | None:
    """Every distinct outcome of the situation's combat, searched in one program; None where the run does not model
    the board (then the line is played step by step)."""
    run = as_combat_run(situation)
    if run is None or not _settled(situation, library, options):
        return None
    state = replace(situation, question=run, actions=(), sequence=True)
    try:
        grounding = Grounding(state, library, replace(options, project=(), where=None, maximize=None, minimize=None,
                                                      limit=None, constraints=()))
    except (UnsupportedError, InputError, TimeLimitError):
        return None  # (played step by step, which says where and why)
    control = grounding.control
    if any(True for _ in control.symbolic_atoms.by_signature("run_outside", 1)):
        return None
    problems = [a.literal for name in ("unsupported", "bad_question", "illegal")
                for a in control.symbolic_atoms.by_signature(name, 1)]
    # What each shown atom of the run says, read once: a model is then read by looking its atoms up.
    finals = {a.symbol: a.symbol.arguments[0] for a in control.symbolic_atoms.by_signature("run_final", 1)}
    witnesses = {a.symbol: a.symbol.arguments[0] for a in control.symbolic_atoms.by_signature("run_witness", 1)}
    endings = {inner: _ending(inner) for inner in finals.values() if inner.name in ("game_over", "illegal")}
    with control.backend() as backend:
        backend.add_project([control.symbolic_atoms[f].literal for f in finals] + problems)
    configuration = control.configuration.solve
    configuration.enum_mode, configuration.project, configuration.models = "record", "project", "0"
    outcomes: list[RunOutcome] = []
    timed_out = False
    start = time.perf_counter()
    deadline = None if options.timeout is None else start + options.timeout
    with clingo_call(control), control.solve(yield_=True) as handle:
        for model in handle:
            if problems and any(model.is_true(p) for p in problems):
                return None  # (something the run should have left to the steps: they say what)
            atoms, witness, ending = [], [], None
            for symbol in model.symbols(shown=True):
                inner = finals.get(symbol)
                if inner is not None:
                    atoms.append(inner)
                    ending = endings.get(inner, ending)
                elif symbol in witnesses:
                    witness.append(witnesses[symbol])
            outcomes.append(RunOutcome(frozenset(atoms), ending, frozenset(witness)))
            if deadline is not None and not len(outcomes) & 255 and time.perf_counter() > deadline:
                timed_out = True
                break
    statistics = Statistics(grounding.ground_seconds, time.perf_counter() - start, len(outcomes))
    return RunResult(outcomes, statistics, grounding.messages, timed_out)


def _settled(situation: Situation, library: CardLibrary | None, options: SolveOptions) -> bool:
    """Whether the situation as given is settled: no state-based action applies and nothing triggers (117.5), so
    that the run starts from the state the steps would."""
    runner = Runner(situation, library, replace(options, timeout=None))
    start = replace(situation, question=None, actions=(), sequence=True)
    try:
        lines = runner._settle([Line(start)], 0)
    except (UnsupportedError, InputError):
        return False
    return len(lines) == 1 and lines[0].ending is None and not lines[0].steps and \
        state_key(lines[0].state) == state_key(start)


def _ending(atom: Symbol) -> Ending:
    """How a line ends, from its outcome atom ``game_over(K)`` or ``illegal(K,Reason)``."""
    if atom.name == "game_over":
        return Ending(atom.arguments[0].number, "game_over")
    return Ending(atom.arguments[0].number, "illegal", (atom.arguments[1],))
