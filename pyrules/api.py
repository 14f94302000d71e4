"""The public entry point: :func:`solve` a situation into its :class:`~pyrules.results.outcomes.Outcomes`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pyrules.base import arguments
from pyrules.cards.library import CardLibrary
from pyrules.engine.query import parse_query
from pyrules.engine.solver import Grounding, SolveOptions
from pyrules.play.sequence import Playing
from pyrules.results.outcomes import Outcome, Outcomes, solve_situation
from pyrules.situation.loader import load_situation
from pyrules.situation.model import Situation


def solve(situation: Situation | str | Path, *, limit: int | None = None, threads: int = 1,
          library: CardLibrary | None = None, options: SolveOptions | None = None, explain: bool = False,
          project: tuple[str, ...] | list[str] = (), timeout: float | None = None,
          progress: Callable[[int, float], None] | None = None, where: str | None = None,
          constraints: str | Path | Sequence[str | Path] = (), maximize: str | None = None,
          minimize: str | None = None, on_outcome: Callable[[Outcome], None] | None = None,
          on_step: Callable[[Playing], None] | None = None) -> Outcomes:
    """Every distinct legal outcome of the situation's question (a file path is read first).

    In clingo's syntax over outcome atoms (see :mod:`pyrules.engine.query`): ``where`` keeps the outcomes
    where a query holds; ``constraints`` adds a user's own rules (ASP text, or paths to ``.lp`` files);
    ``maximize``/``minimize`` keeps the optimal outcomes by an objective such as ``N :
    counters_put(ballista, p1p1, N)`` (the value is ``result.optimum``).

    ``progress(found, seconds)`` is called about twice a second once an enumeration has run a second,
    and ``on_outcome(outcome)`` with each outcome as soon as clingo finds it (in clingo's order; the
    result is sorted), for one-step questions; for a sequence of actions, ``on_step(playing)`` about
    twice a second (:class:`pyrules.play.sequence.Playing`): the steps solved, the distinct states they
    reached, the lines still open and the steps ahead of them. With
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
    return solve_situation(situation, library, options, explain=explain, progress=progress, on_outcome=on_outcome,
                           on_step=on_step)


def ask(situation: Situation | str | Path, query: str, mode: str = "sometimes", *,
        library: CardLibrary | None = None, constraints: str | Path | Sequence[str | Path] = (),
        timeout: float | None = None, origin: str = "<query>") -> Any:
    """Whether a query (clingo syntax over outcome atoms, see :mod:`pyrules.engine.query`) holds in some
    (``mode="sometimes"``) or every (``"always"``) outcome, and for which values of its variables, without
    listing the outcomes: clingo's brave or cautious consequences (:class:`pyrules.engine.query.Answer`)."""
    if mode not in ("sometimes", "always"):
        raise ValueError(f"mode is 'sometimes' or 'always', not {mode!r}")
    _check_common(situation, library)
    arguments.text(query, "query", "a query in clingo's syntax")
    arguments.text(origin, "origin")
    if not isinstance(situation, Situation):
        situation = load_situation(situation, library)
    constraints = _constraints(constraints)
    options = SolveOptions(timeout=timeout, constraints=constraints)  # type: ignore[arg-type]
    if situation.actions:
        return solve(situation, library=library, options=options).query(query, mode, origin)
    grounding = Grounding(situation, library, options)
    return grounding.ask(parse_query(query, situation, origin), mode)


def _check_common(situation: Any, library: Any) -> None:
    if not isinstance(situation, Situation):
        arguments.check_path(situation, "situation")
    arguments.instance(library, CardLibrary, "library", "a CardLibrary (pyrules.load_library)")


def _constraints(constraints: Any) -> tuple[str | Path, ...]:
    """``constraints`` as a tuple: one text or path, or a list of them (SolveOptions checks them)."""
    return (constraints,) if isinstance(constraints, (str, Path)) else constraints

