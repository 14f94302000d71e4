"""The public entry point: :func:`solve` a situation into its :class:`~pyrules.results.outcomes.Outcomes`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pyrules.base import arguments
from pyrules.base.errors import InputError
from pyrules.cards.library import CardLibrary
from pyrules.engine.query import parse_query
from pyrules.engine.solver import Grounding, SolveOptions
from pyrules.play.combat_run import ask_combat
from pyrules.play.sequence import Playing
from pyrules.results.cubes import Counted, count_in_cubes, solve_in_cubes
from pyrules.results.outcomes import Outcome, Outcomes, solve_situation
from pyrules.situation.loader import load_situation
from pyrules.situation.model import Situation

#: The cubes of an enumeration split over a Dask cluster, unless told: enough to keep some dozens of workers busy.
CLUSTER_CUBES = 32


def solve(situation: Situation | str | Path, *, limit: int | None = None, threads: int = 1,
          library: CardLibrary | None = None, options: SolveOptions | None = None, explain: bool = False,
          project: tuple[str, ...] | list[str] = (), timeout: float | None = None,
          progress: Callable[[int, float], None] | None = None, where: str | None = None,
          constraints: str | Path | Sequence[str | Path] = (), maximize: str | None = None,
          minimize: str | None = None, on_outcome: Callable[[Outcome], None] | None = None,
          on_step: Callable[[Playing], None] | None = None, cubes: int | None = None, jobs: int = 1,
          scheduler: Any = None) -> Outcomes:
    """Every distinct legal outcome of the situation's question (a file path is read first).

    In clingo's syntax over outcome atoms (see :mod:`pyrules.engine.query`): ``where`` keeps the outcomes
    where a query holds; ``constraints`` adds a user's own rules (ASP text, or paths to ``.lp`` files);
    ``maximize``/``minimize`` keeps the optimal outcomes by an objective such as ``N :
    counters_put(ballista, p1p1, N)`` (the value is ``result.optimum``).

    ``progress(found, seconds)`` is called about twice a second once an enumeration has run a second,
    and ``on_outcome(outcome)`` with each outcome as soon as clingo finds it (in clingo's order; the
    result is sorted), for one-step questions; for a sequence of actions, ``on_step(playing)`` about
    twice a second (:class:`pyrules.play.sequence.Playing`): the steps solved, the distinct states they
    reached, the lines still open and the steps ahead of them.

    ``jobs=N`` (forked processes) or ``scheduler`` (a Dask scheduler's address or ``distributed.Client``)
    splits a one-step question's enumeration into ``cubes`` parts (default: four a process, 32 on a cluster)
    solved apart and merged: the same outcomes (:mod:`pyrules.engine.cubes`). With
    ``explain=True`` the grounding also records every
    rule firing, so that ``outcome.explain()`` costs no further solving; without it, the first
    ``explain()`` grounds and solves the situation once more (for all outcomes together)."""
    _check_common(situation, library)
    arguments.instance(options, SolveOptions, "options", "SolveOptions")
    arguments.instance(explain, bool, "explain", "True or False", optional=False)
    arguments.function(progress, "progress")
    arguments.function(on_outcome, "on_outcome")
    arguments.function(on_step, "on_step")
    if not isinstance(situation, Situation):
        situation = load_situation(situation, library)
    constraints = _constraints(constraints)
    options = options or SolveOptions(limit=limit, threads=threads, project=project, timeout=timeout,  # type: ignore[arg-type]
                                      where=where, constraints=constraints, maximize=maximize,  # type: ignore[arg-type]
                                      minimize=minimize)
    if limit is not None and options.limit != limit:
        options = replace(options, limit=limit)
    parts = _cubes(cubes, jobs, scheduler)
    if parts is not None:
        if progress is not None or on_outcome is not None or on_step is not None:
            raise InputError("cubes", "an enumeration split in cubes reports no progress and streams no outcome")
        return solve_in_cubes(situation, library, options, parts, jobs=jobs, scheduler=scheduler, explain=explain)
    return solve_situation(situation, library, options, explain=explain, progress=progress, on_outcome=on_outcome,
                           on_step=on_step)


def count(situation: Situation | str | Path, *, cubes: int | None = None, jobs: int = 1, scheduler: Any = None,
          limit: int | None = None, library: CardLibrary | None = None, project: tuple[str, ...] | list[str] = (),
          timeout: float | None = None, where: str | None = None, constraints: str | Path | Sequence[str | Path] = (),
          maximize: str | None = None, minimize: str | None = None) -> Outcomes | Counted:
    """How many distinct outcomes :func:`solve` would give. Split in cubes (``jobs``, ``scheduler``, ``cubes`` as
    for :func:`solve`), only each cube's count comes back, not its outcomes (a :class:`Counted`: ``len()`` is the
    count); else the whole result."""
    parts = _cubes(cubes, jobs, scheduler)
    if parts is None:
        return solve(situation, limit=limit, library=library, project=project, timeout=timeout, where=where,
                     constraints=constraints, maximize=maximize, minimize=minimize)
    _check_common(situation, library)
    if not isinstance(situation, Situation):
        situation = load_situation(situation, library)
    options = SolveOptions(limit=limit, project=project, timeout=timeout, where=where,  # type: ignore[arg-type]
                           constraints=_constraints(constraints), maximize=maximize,  # type: ignore[arg-type]
                           minimize=minimize)
    return count_in_cubes(situation, library, options, parts, jobs=jobs, scheduler=scheduler)


def ask(situation: Situation | str | Path, query: str, mode: str = "sometimes", *,
        library: CardLibrary | None = None, constraints: str | Path | Sequence[str | Path] = (),
        timeout: float | None = None, origin: str = "<query>") -> Any:
    """Whether a query (clingo syntax over outcome atoms, see :mod:`pyrules.engine.query`) holds in some
    (``mode="sometimes"``) or every (``"always"``) outcome, and for which values of its variables, without
    listing the outcomes: clingo's brave or cautious consequences (:class:`pyrules.engine.query.Answer`)."""
    if mode not in ("sometimes", "always"):
        raise InputError("mode", f"is 'sometimes' or 'always', not {mode!r}")
    _check_common(situation, library)
    arguments.text(query, "query", "a query in clingo's syntax")
    arguments.text(origin, "origin")
    if not isinstance(situation, Situation):
        situation = load_situation(situation, library)
    constraints = _constraints(constraints)
    options = SolveOptions(timeout=timeout, constraints=constraints)  # type: ignore[arg-type]
    if situation.actions:
        answer = None if constraints else ask_combat(situation, library, options, parse_query(query, situation, origin),
                                                     mode)  # (a whole combat, at once, if it can be)
        return answer if answer is not None else solve(situation, library=library, options=options).query(query, mode,
                                                                                                          origin)
    grounding = Grounding(situation, library, options)
    return grounding.ask(parse_query(query, situation, origin), mode)


def _cubes(cubes: Any, jobs: Any, scheduler: Any) -> int | None:
    """How many cubes an enumeration is split into (None: it is not split)."""
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise InputError("jobs", "must be a whole number, at least 1")
    if cubes is not None and (not isinstance(cubes, int) or isinstance(cubes, bool) or cubes < 1):
        raise InputError("cubes", "must be a whole number, at least 1")
    if scheduler is not None:
        return cubes or CLUSTER_CUBES
    if jobs > 1 or cubes is not None:
        return cubes or 4 * jobs
    return None


def _check_common(situation: Any, library: Any) -> None:
    if not isinstance(situation, Situation):
        arguments.check_path(situation, "situation")
    arguments.instance(library, CardLibrary, "library", "a CardLibrary (pyrules.load_library)")


def _constraints(constraints: Any) -> tuple[str | Path, ...]:
    """``constraints`` as a tuple: one text or path, or a list of them (SolveOptions checks them)."""
    return (constraints,) if isinstance(constraints, (str, Path)) else constraints

