"""One enumeration split into cubes, to be solved apart (by processes or the workers of a cluster) and merged.

A cube fixes some outcome atoms true or false. The outcomes are their shown atoms (or the projected ones), so
cubes made by splitting on such atoms hold disjoint sets of outcomes whose union is the whole: merged, nothing
is counted twice and nothing is lost. Each split is on an atom that a sample of the cube's outcomes shows both
ways, so neither half is empty; the sample (outcomes found under random choices, or all of a small cube) also estimates
how evenly the atom divides the cube, and the largest cube is split first, so the cubes come out of similar size.
An enumeration that weighs payments which may fail (payment.lp), or an objective, is optimized over all
outcomes together and is never split.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from clingo import Symbol

from pyrules.cards.library import CardLibrary
from pyrules.engine.solver import Grounding, SolveOptions, Statistics
from pyrules.situation.model import Situation

#: A cube with at most this many outcomes is enumerated whole to choose where to split it (its size is then
#: known); a larger one is sampled (RANDOM outcomes).
SAMPLE = 256
RANDOM = 32

#: A cube: outcome atoms, each true or false.
Cube = tuple[tuple[Symbol, bool], ...]


@dataclass
class _Part:
    cube: Cube
    size: float  # exact when the sample held the whole cube, else an estimate
    sample: list[frozenset[Symbol]] = field(default_factory=list)
    whole: bool = False  # the sample is every outcome of the cube


def can_split(grounding: Grounding) -> bool:
    """Whether this enumeration may be split (no optimization over all outcomes, see the module)."""
    return not grounding.optimizing


def split(grounding: Grounding, count: int, sample: int = SAMPLE) -> list[Cube]:
    """At most ``count`` cubes that together hold every outcome of the grounding's enumeration once (fewer where
    the enumeration has fewer outcomes, or cannot be split)."""
    if count <= 1 or not can_split(grounding):
        return [()]
    parts = [_probe(grounding, (), math.inf, sample)]
    while len(parts) < count:
        splittable = [p for p in parts if len(set(p.sample)) > 1]
        if not splittable:
            break
        # The largest first; among estimates alike, the cube with the fewest atoms fixed (split breadth first).
        part = max(splittable, key=lambda p: (p.size, -len(p.cube)))
        parts.remove(part)
        atom, share = _divider(part.sample)
        for true, fraction in ((True, share), (False, 1 - share)):
            estimate = sum((atom in s) == true for s in part.sample) if part.whole else part.size * fraction
            parts.append(_probe(grounding, part.cube + ((atom, true),), estimate, sample))
    return [p.cube for p in sorted(parts, key=lambda p: [(str(a), t) for a, t in p.cube])]


def _probe(grounding: Grounding, cube: Cube, estimate: float, sample: int) -> _Part:
    """The cube's outcomes where it may have at most ``sample`` (then its size is known); else a sample of them,
    each found under random choices (the first outcomes an enumeration finds share most of their atoms and would
    say little of the rest)."""
    if estimate <= sample or not cube:  # (the whole enumeration: its size is not known at all)
        models, cut, _ = grounding.enumerate(sample, statistics=False, cube=cube)
        if not cut:
            return _Part(cube, float(len(models)), models, True)
    drawn = _random_outcomes(grounding, cube, RANDOM)
    if len(set(drawn)) < 2:  # (random choices kept finding one outcome: the enumeration's first ones, then)
        drawn = grounding.enumerate(sample, statistics=False, cube=cube)[0]
    return _Part(cube, estimate, drawn)


def _random_outcomes(grounding: Grounding, cube: Cube, count: int) -> list[frozenset[Symbol]]:
    """``count`` outcomes of the cube, each the first found with every choice of the solver random (its seed the
    outcome's number: the same cubes every run)."""
    solver = grounding.control.configuration.solver
    saved = solver.sign_def, solver.rand_freq, solver.seed
    solver.sign_def, solver.rand_freq = "rnd", "1.0"
    try:
        drawn = []
        for seed in range(1, count + 1):
            solver.seed = str(seed)
            drawn += grounding.enumerate(1, statistics=False, cube=cube)[0]
        return drawn
    finally:  # (the grounding solves as before: an outcome's explanation is found the same way every time)
        solver.sign_def, solver.rand_freq, solver.seed = saved


def _divider(sample: list[frozenset[Symbol]]) -> tuple[Symbol, float]:
    """The atom that divides the sample most evenly (it is in some outcomes of the sample and not in others), and
    the share of the sample that holds it."""
    counts: dict[Symbol, int] = {}
    for outcome in sample:
        for atom in outcome:
            counts[atom] = counts.get(atom, 0) + 1
    n = len(sample)
    varying = [(abs(c / n - 0.5), str(a), a, c / n) for a, c in counts.items() if 0 < c < n]
    _, _, atom, share = min(varying)
    return atom, share


@dataclass
class CubeResult:
    """What solving one cube found: its outcomes (or only how many, when asked to count), whether a limit or the
    time limit cut them, the reasons of illegal actions met, the statistics and clingo's messages."""

    outcomes: list[frozenset[Symbol]] | None
    count: int
    truncated: bool
    timed_out: bool
    illegal: list[Symbol]
    statistics: Statistics
    messages: list[str]
    optimum: int | None  # with the user's objective: its value in the optimal outcomes


def solve_cube(task: tuple[Situation, CardLibrary | None, SolveOptions, Cube, bool]) -> CubeResult:
    """Solve one cube of a situation's enumeration (a task for a process or a worker of a cluster): the situation
    grounded again where it runs, its outcomes in the cube enumerated; ``count_only``: only their number comes back."""
    situation, library, options, cube, count_only = task
    grounding = Grounding(situation, library, options)
    models, truncated, statistics = grounding.enumerate(options.limit, cube=cube)
    optimum = grounding.optimum
    if optimum is not None and grounding.objective == "maximize":
        optimum = -optimum
    return CubeResult(None if count_only else models, len(models), truncated, grounding.timed_out,
                      grounding.illegal_reasons(), statistics, list(grounding.messages),
                      optimum if grounding.objective is not None else None)


def merged_statistics(results: list[CubeResult], ground_seconds: float, seconds: float) -> Statistics:
    """One enumeration's statistics from its cubes': the counts summed, the grounding the caller's, and the
    solving the wall time of all the cubes together."""
    stats = [r.statistics for r in results]
    total: dict[str, Any] = {"models": sum(s.models for s in stats), "choices": sum(s.choices for s in stats),
                             "conflicts": sum(s.conflicts for s in stats)}
    first = stats[0] if stats else Statistics(ground_seconds, 0.0, 0)
    return Statistics(ground_seconds=ground_seconds, solve_seconds=seconds, atoms=first.atoms, rules=first.rules,
                      messages=first.messages, **total)
