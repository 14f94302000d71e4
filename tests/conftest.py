"""Shared helpers for the module tests: write situation files into tmp_path, find a line in them."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest


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
def line_of():
    """``line_of(path, marker, nth=1)``: the 1-based line of the ``nth`` line of the file containing ``marker``."""

    def _line_of(path: Path, marker: str, nth: int = 1) -> int:
        found = [i for i, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1)
                 if marker in line]
        assert len(found) >= nth, f"{marker!r} occurs {len(found)} time(s) in {path}"
        return found[nth - 1]

    return _line_of
