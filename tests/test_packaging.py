"""What a regular install ships (issue 28): setuptools finds the packages (setup.py) and their data
(pyproject.toml), so every file of pyrules/ (the encodings in pyrules/asp/ too) ships, and nothing else.

CI runs the whole suite a second time on the installed wheel, from a folder outside the repository, with
PYRULES_SOURCE naming the repository (.ci/run): then the installed files are compared with it too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pyrules

SOURCE = Path(os.environ.get("PYRULES_SOURCE") or Path(__file__).resolve().parents[1])

# What setuptools would put in the wheel, read from its build_py command without building anything.
_SHIPPED = """
import json, os, tempfile
import setuptools  # first: distutils is setuptools' own then
from distutils.core import run_setup
script = "setup.py"
if not os.path.exists(script):  # the configuration is all in pyproject.toml
    script = os.path.join(tempfile.mkdtemp(), "setup.py")
    with open(script, "w") as out:
        out.write("import setuptools; setuptools.setup()")
build = run_setup(script, stop_after="config").get_command_obj("build_py")
build.ensure_finalized()
print(json.dumps([os.path.relpath(p, build.build_lib).replace(os.sep, "/")
                  for p in build.get_outputs(include_bytecode=False)]))
"""


def _source_files() -> list[str]:
    """The files of pyrules/ as they are installed (pyrules/...), Python's caches aside."""
    folder = SOURCE / "pyrules"
    return sorted(f"pyrules/{p.relative_to(folder).as_posix()}" for p in folder.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def _missing_and_extra(files: list[str]) -> tuple[list[str], list[str]]:
    source = _source_files()
    return sorted(set(source) - set(files)), sorted(set(files) - set(source))


@pytest.mark.skipif(not (SOURCE / "pyproject.toml").is_file(), reason="no source tree: set PYRULES_SOURCE")
def test_setuptools_ships_every_file_of_pyrules():
    process = subprocess.run([sys.executable, "-c", _SHIPPED], cwd=SOURCE, capture_output=True, text=True, timeout=300)
    assert process.returncode == 0, process.stderr
    shipped = json.loads(process.stdout.splitlines()[-1])
    assert _missing_and_extra(shipped) == ([], [])
    assert {"pyrules/cards/importer/run.py", "pyrules/asp/core.lp", "pyrules/data/cards.yaml",
            "pyrules/corpus/mana/birds-any-color.yaml"} <= set(shipped)


INSTALLED = Path(pyrules.__file__).resolve().parent


@pytest.mark.skipif(INSTALLED == (SOURCE / "pyrules").resolve(), reason="pyrules is imported from the source tree here")
def test_the_installed_package_holds_every_file_of_pyrules():
    installed = sorted(f"pyrules/{p.relative_to(INSTALLED).as_posix()}" for p in INSTALLED.rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts)
    assert _missing_and_extra(installed) == ([], [])
