"""One enumeration solved in cubes by several processes or the workers of a Dask cluster, merged into one result
(:mod:`pyrules.engine.cubes` says how the cubes are made and why merging them loses and repeats nothing)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from pyrules.base.errors import InputError
from pyrules.base.processes import spread
from pyrules.cards.library import CardLibrary
from pyrules.engine.cubes import CubeResult, merged_statistics, solve_cube, split
from pyrules.engine.solver import Grounding, SolveOptions, Statistics, describe_reason, outcome_key
from pyrules.results.outcomes import Outcomes
from pyrules.situation.model import Situation


def solve_in_cubes(situation: Situation, library: CardLibrary | None, options: SolveOptions, cubes: int, *,
                   jobs: int = 1, scheduler: Any = None, explain: bool = False) -> Outcomes:
    """Every distinct outcome of a one-step question, its enumeration split into at most ``cubes`` cubes solved
    by ``jobs`` processes or on a Dask cluster (``scheduler``): the same outcomes as one enumeration."""
    grounding, parts, results, seconds = _run(situation, library, options, cubes, jobs, scheduler, explain, False)
    models = sorted((m for r in results for m in r.outcomes or ()), key=outcome_key)
    truncated = any(r.truncated for r in results) or (options.limit is not None and len(models) > options.limit)
    if options.limit is not None:
        models = models[:options.limit]
    result = Outcomes(situation, grounding, models, truncated,
                      merged_statistics(results, grounding.ground_seconds, seconds), options, library)
    _merge_into(result, results, parts)
    return result


@dataclass
class Counted:
    """How many distinct outcomes a question has, counted in cubes: what a result says besides its outcomes."""

    situation: Situation
    count: int
    truncated: bool
    timed_out: bool
    illegal: list[str]
    optimum: int | None
    statistics: Statistics
    options: SolveOptions
    messages: list[str]

    def __len__(self) -> int:
        return self.count

    def set_aside(self) -> list[dict[str, str]]:
        """The lines no template fits that cannot matter here, set aside (as :meth:`Outcomes.set_aside`)."""
        return [{"card": card, "line": line, "why": why} for card, line, why in self.situation.set_aside]


def count_in_cubes(situation: Situation, library: CardLibrary | None, options: SolveOptions, cubes: int, *,
                   jobs: int = 1, scheduler: Any = None) -> Counted:
    """How many distinct outcomes a one-step question has, counted in cubes: only the counts travel back."""
    grounding, parts, results, seconds = _run(situation, library, options, cubes, jobs, scheduler, False, True)
    total, limit = sum(r.count for r in results), options.limit
    timed_out = any(r.timed_out for r in results)
    statistics = merged_statistics(results, grounding.ground_seconds, seconds)
    statistics.extra["cubes"] = parts
    return Counted(situation, min(total, limit) if limit is not None else total,
                   any(r.truncated for r in results) or (limit is not None and total > limit) or timed_out, timed_out,
                   _illegal(results), results[0].optimum if len(results) == 1 else None, statistics, options,
                   results[0].messages if results else [])


def _run(situation: Situation, library: CardLibrary | None, options: SolveOptions, cubes: int, jobs: int,
         scheduler: Any, explain: bool, count_only: bool) -> tuple[Grounding, int, list[CubeResult], float]:
    if situation.actions:
        raise InputError("--cubes", "splits the enumeration of a one-step question; a sequence of actions is "
                                    "solved in one process")
    if not isinstance(cubes, int) or isinstance(cubes, bool) or cubes < 1:
        raise InputError("--cubes", "must be a whole number, at least 1")
    grounding = Grounding(situation, library, options, explain=explain)
    start = time.perf_counter()
    made = split(grounding, cubes)
    tasks = [(situation, library, options, cube, count_only) for cube in made]
    results = list(spread(solve_cube, tasks, jobs, scheduler))
    return grounding, len(made), results, time.perf_counter() - start


def _merge_into(result: Outcomes, results: list[CubeResult], parts: int) -> None:
    """What the cubes found besides their outcomes: illegal actions, the time limit, the optimum (one cube)."""
    result.illegal = _illegal(results)
    result.timed_out = any(r.timed_out for r in results)
    result.truncated = result.truncated or result.timed_out
    result.statistics.extra["cubes"] = parts
    if len(results) == 1:  # (an optimization is never split: its one cube knows the optimum)
        result.optimum = results[0].optimum


def _illegal(results: list[CubeResult]) -> list[str]:
    """The reasons of the illegal actions all the cubes met, in the order one enumeration gives them."""
    return [describe_reason(r) for r in sorted({i for result in results for i in result.illegal}, key=str)]
