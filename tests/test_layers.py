"""The architecture holds (issue 29): each part of pyrules imports only the parts below it, no modules import
each other in a cycle, and imports sit at the top of modules. The contracts are import-linter's, written in
pyproject.toml; import-linter counts imports made inside functions too."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pyrules

SOURCE = Path(os.environ.get("PYRULES_SOURCE") or Path(__file__).resolve().parents[1])
PACKAGE = Path(pyrules.__file__).resolve().parent
needs_source = pytest.mark.skipif(not (SOURCE / "pyproject.toml").is_file(), reason="no source tree: set PYRULES_SOURCE")

#: The imports of pyrules made inside a function, each for a reason its comment gives.
#: (networkx, under the explanations, costs a fifth of a second to import: only results that explain load it)
INSIDE_FUNCTIONS = {("entry.py", "pyrules.cli"), ("results/outcomes.py", "pyrules.explain")}


def _lint(config: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()",
                           "--config", str(config), "--no-cache"], cwd=PACKAGE.parent, capture_output=True, text=True,
                          timeout=300)


@needs_source
def test_the_layers_and_the_absence_of_cycles_hold():
    process = _lint(SOURCE / "pyproject.toml")
    assert process.returncode == 0, process.stdout + process.stderr
    assert "Contracts: 2 kept, 0 broken." in process.stdout


@needs_source
def test_a_layer_imported_from_below_breaks_the_contract(tmp_path):
    text = (SOURCE / "pyproject.toml").read_text(encoding="utf-8")
    upside_down = text.replace('    "pyrules.base",\n]', ']').replace('layers = [\n', 'layers = [\n    "pyrules.base",\n')
    assert upside_down != text
    (tmp_path / "pyproject.toml").write_text(upside_down, encoding="utf-8")
    process = _lint(tmp_path / "pyproject.toml")
    assert process.returncode == 1
    assert "Each part of pyrules imports only the parts below it BROKEN" in process.stdout


def _inner_imports(path: Path) -> list[tuple[str, int]]:
    """The pyrules modules a file imports inside functions, with the line of each import."""
    found = []

    def walk(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, ast.ImportFrom) and (child.level or (child.module or "").startswith("pyrules")):
                found.append((child.module or "", child.lineno))
            elif inside and isinstance(child, ast.Import):
                found.extend((a.name, child.lineno) for a in child.names if a.name.startswith("pyrules"))
            walk(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    walk(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def test_imports_sit_at_the_top_of_modules_but_the_few_that_say_why():
    found, uncommented = set(), []
    for path in PACKAGE.rglob("*.py"):
        name = path.relative_to(PACKAGE).as_posix()
        lines = path.read_text(encoding="utf-8").splitlines()
        for module, line in _inner_imports(path):
            found.add((name, module))
            if not (lines[line - 2].strip().startswith("#") or "#" in lines[line - 1]):
                uncommented.append(f"{name}:{line}")
    assert found == INSIDE_FUNCTIONS
    assert uncommented == []
    assert len(INSIDE_FUNCTIONS) <= 5
