"""The pytest plugin: a user's ruling files (``*.ruling.yaml``) run under plain ``pytest``, one test per case,
and the ``pyrules_solve`` fixture solves situations in hand-written tests.

Installed with pyrules (the ``pytest11`` entry point ``pyrules``), so it needs no configuration. Each file
whose name matches a pattern of the ini option ``pyrules_rulings`` (default ``*.ruling.yaml`` and
``*.ruling.yml``; a pattern with a ``/`` matches the end of the path) is one regression case
(:mod:`pyrules.regression`), one test named by the case's id. A failing case reports its id, the rulings
and rules it cites and each problem, the outcome sets as a diff (``-`` an expected outcome missing, ``+``
an outcome not expected). Every case is marked ``pyrules``; those the ini option ``pyrules_slow`` lists
(ids or glob patterns of ids) are marked ``slow`` too (``pytest -m "not slow"``). With ``--pyrules-update``,
a case failing only on its outcome set or count is rewritten as ``pyrules check --update`` rewrites it
(:mod:`pyrules.snapshot`), and passes; the changes are listed after the tests.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pyrules.api import solve
from pyrules.regression import CaseResult, case_id, run_case
from pyrules.snapshot import update_case

PATTERNS = ["*.ruling.yaml", "*.ruling.yml"]
_MISSING, _UNEXPECTED = "missing outcome: ", "unexpected outcome: "  # run_case's lines for an `exactly` mismatch
_UPDATED = "pyrules_updated"  # the user property of a case --pyrules-update rewrote: what changed


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("pyrules_rulings", type="linelist", default=PATTERNS,
                  help="pyrules: glob patterns of the ruling files collected as tests (default: *.ruling.yaml "
                       "*.ruling.yml)")
    parser.addini("pyrules_slow", type="linelist", default=[],
                  help="pyrules: ids (or glob patterns of ids) of the ruling cases marked slow")
    parser.addoption("--pyrules-update", action="store_true",
                     help="pyrules: rewrite 'exactly' and 'outcomes' of the ruling cases failing on them alone to "
                          "the outcomes found now (as pyrules check --update)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "pyrules: a ruling case of a *.ruling.yaml file, run by pyrules")
    if not any(str(line).split(":")[0].split("(")[0].strip() == "slow" for line in config.getini("markers")):
        config.addinivalue_line("markers", "slow: a slow test (a ruling case the ini option pyrules_slow lists)")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> RulingFile | None:
    if any(file_path.match(pattern) for pattern in parent.config.getini("pyrules_rulings")):
        return RulingFile.from_parent(parent, path=file_path)
    return None


class RulingFile(pytest.File):
    """A ruling file: one case, so one test."""

    def collect(self) -> Iterator[RulingItem]:
        item = RulingItem.from_parent(self, name=case_id(self.path))
        item.add_marker(pytest.mark.pyrules)
        if any(fnmatch.fnmatchcase(item.name, p) for p in self.config.getini("pyrules_slow")):
            item.add_marker(pytest.mark.slow)
        yield item


class RulingCaseError(Exception):
    """A case that failed or could not be run (its :class:`CaseResult` says which)."""

    def __init__(self, result: CaseResult) -> None:
        super().__init__(result.id)
        self.result = result


class RulingItem(pytest.Item):
    """One case: :func:`pyrules.regression.run_case` runs it, and it passes when the case does."""

    def runtest(self) -> None:
        result = run_case(self._shown_path())  # its errors name the file as the test report does
        if self.config.getoption("pyrules_update"):
            result, update = update_case(result)
            if update is not None:
                self.user_properties.append((_UPDATED, "\n".join(update.lines())))
        self.user_properties += [("rulings", ", ".join(result.rulings)), ("rules", ", ".join(result.rules))]
        if result.status != "pass":
            raise RulingCaseError(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, RulingCaseError):
            return report(excinfo.value.result)
        return super().repr_failure(excinfo, style)  # an error of pyrules itself: its traceback

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"ruling case {self.name}"

    def _shown_path(self) -> Path:
        """The case file's path from the current folder (an error message cuts a long path short)."""
        try:
            return Path(os.path.relpath(self.path))
        except ValueError:  # on another drive
            return self.path


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The cases --pyrules-update rewrote, after the tests (read from the reports: also under pytest-xdist)."""
    changes = [text for reports in terminalreporter.stats.values() for r in reports if getattr(r, "when", "") == "call"
               for name, text in getattr(r, "user_properties", ()) if name == _UPDATED]
    if changes:
        terminalreporter.section("pyrules: ruling cases updated")
        for text in changes:
            terminalreporter.write_line(text)


def report(result: CaseResult) -> str:
    """A failed case as the test report shows it: id, citations, problems, and the outcome sets as a diff."""
    status = "failed" if result.status == "fail" else "could not be run (error)"
    lines = [f"ruling case {result.id} {status}",
             f"  rulings: {', '.join(result.rulings) or '-'}",
             f"  rules:   {', '.join(result.rules) or '-'}"]
    if result.outcomes is not None:
        lines.append(f"  outcomes found: {result.outcomes}")
    diff: list[str] = []
    for problem in result.problems:
        if problem.startswith(_MISSING):
            diff.append(f"  - {problem.removeprefix(_MISSING)}")
        elif problem.startswith(_UNEXPECTED):
            diff.append(f"  + {problem.removeprefix(_UNEXPECTED)}")
        else:
            lines.append(f"  {problem}")
    if diff:
        lines += ["  outcomes differ from `exactly` (- expected but missing, + found but not expected):", *diff]
    return "\n".join(lines)


@pytest.fixture
def pyrules_solve(tmp_path: Path) -> Callable[..., Any]:
    """``pyrules_solve(situation, **kwargs)``: :func:`pyrules.solve` of a situation, a path to one, or the text of
    a situation file (a text with a line break or starting with ``{``, written to a file in ``tmp_path``, named
    ``situation.yaml``, ``situation-2.yaml``, ...); the keyword arguments are ``pyrules.solve``'s."""
    written = 0

    def _solve(situation: Any, **kwargs: Any) -> Any:
        nonlocal written
        if isinstance(situation, str) and ("\n" in situation or situation.lstrip().startswith("{")):
            written += 1
            path = tmp_path / ("situation.yaml" if written == 1 else f"situation-{written}.yaml")
            path.write_text(situation, encoding="utf-8")
            situation = path
        return solve(situation, **kwargs)

    return _solve
