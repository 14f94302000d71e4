"""The notebooks stay true to the code: every code cell runs, top to bottom, in one namespace."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path, monkeypatch):
    monkeypatch.chdir(path.parent)
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    namespace: dict = {"__name__": "__notebook__"}
    for number, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        if source.lstrip().startswith(("%", "!")):
            continue  # IPython magics
        exec(compile(source, f"{path.name}[{number}]", "exec"), namespace)


def test_there_is_a_notebook():
    assert NOTEBOOKS
