"""Shared helpers for the module tests: write situation files into tmp_path, find a line in them."""

from __future__ import annotations

import os
import shutil
import sysconfig
import tempfile
import textwrap
from pathlib import Path

import pytest

import pyrules


def pytest_report_header() -> str:
    return f"pyrules: {os.path.dirname(pyrules.__file__)}"


def pytest_configure() -> None:
    # What pyrules keeps on disk between processes (pyrules.base.diskcache) goes to a folder of this run's own.
    if "PYRULES_CACHE_DIR" not in os.environ:
        os.environ["PYRULES_CACHE_DIR"] = _CACHE_MADE[0] = tempfile.mkdtemp(prefix="pyrules-cache-")
    # PYRULES_SOURCE: the suite runs on an installed pyrules (.ci/wheel-tests), which it must then be.
    if os.environ.get("PYRULES_SOURCE") and not pyrules.__file__.startswith(sysconfig.get_paths()["purelib"]):
        raise pytest.UsageError(f"PYRULES_SOURCE is set, but pyrules is not the installed one: {pyrules.__file__}")


#: The cache folder this process made for the run (its workers share it), removed when the run ends.
_CACHE_MADE: list[str] = [""]


def pytest_unconfigure() -> None:
    if _CACHE_MADE[0]:
        shutil.rmtree(_CACHE_MADE[0], ignore_errors=True)


@pytest.fixture
def write(tmp_path):
    """``write(name, text)`` writes dedented ``text`` to ``tmp_path / name`` and returns the path."""

    def _write(name: str, text: str, *, dedent: bool = True) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text) if dedent else text, encoding="utf-8")
        return path

    return _write


@pytest.fixture
def moon(write):
    """A Blood Moon (bob's) beside alice's Tundra and Forest; the question: what Tundra could produce."""
    return write("moon.yaml", """\
        players: [alice, bob]
        objects:
          - {id: tundra, card: Tundra, controller: alice}
          - {id: moon, card: Blood Moon, controller: bob}
          - {id: forest1, card: Forest, controller: alice}
        question:
          could_produce: [tundra]
        """)


@pytest.fixture
def line_of():
    """``line_of(path, marker, nth=1)``: the 1-based line of the ``nth`` line of the file containing ``marker``."""

    def _line_of(path: Path, marker: str, nth: int = 1) -> int:
        found = [i for i, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1)
                 if marker in line]
        assert len(found) >= nth, f"{marker!r} occurs {len(found)} time(s) in {path}"
        return found[nth - 1]

    return _line_of
