"""The public entry point: :func:`solve` a situation into its :class:`~pyrules.outcomes.Outcomes`."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from .cards import CardLibrary
from .errors import InputError
from .loader import load_situation
from .model import Situation
from .outcomes import Outcome, Outcomes
from .solver import Grounding, SolveOptions


def solve(situation: Situation | str | Path, *, limit: int | None = None, threads: int = 1,
          library: CardLibrary | None = None, options: SolveOptions | None = None, explain: bool = False,
          project: tuple[str, ...] | list[str] = (), timeout: float | None = None,
          progress: Callable[[int, float], None] | None = None) -> Outcomes:
    """Every distinct legal outcome of the situation's question (a file path is read first).

    ``progress(found, seconds)`` is called about twice a second once an enumeration has run a second
    (one-step questions). With ``explain=True`` the grounding also records every rule firing, so that
    ``outcome.explain()`` costs no further solving; without it, the first ``explain()`` grounds and
    solves the situation once more (for all outcomes together)."""
    if not isinstance(situation, Situation):
        situation = load_situation(situation, library)
    options = options or SolveOptions(limit=limit, threads=threads, project=project, timeout=timeout)  # type: ignore[arg-type]
    if limit is not None and options.limit != limit:
        options = replace(options, limit=limit)
    if situation.actions:
        if options.timeout is not None:
            raise InputError("timeout", "applies to one-step questions; a sequence of actions is solved step by step")
        return _play(situation, library, options)
    grounding = Grounding(situation, library, options, explain=explain)
    grounding.progress = progress
    models, truncated, stats = grounding.enumerate(options.limit)
    if explain:  # the part of every explanation that grounding decides, built once
        from .explain import base

        start = time.perf_counter()
        base(grounding.explain_data)
        stats.extra["explain_base_seconds"] = time.perf_counter() - start
    result = Outcomes(situation, grounding, [], truncated, stats, options, library)
    result._outcomes = [Outcome(atoms, situation, result) for atoms in models]
    return result


def _play(situation: Situation, library: CardLibrary | None, options: SolveOptions) -> Outcomes:
    """A sequence of actions: every line of play, one outcome per distinct final state."""
    from .outcomes import SequenceOutcomes
    from .sequence import Runner

    runner = Runner(situation, library, options)
    lines = runner.run()
    runner.statistics.extra["steps"] = runner.steps_solved
    return SequenceOutcomes(situation, lines, runner.statistics, options, runner.messages, library)
