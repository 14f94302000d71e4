"""The docs run: every example file, every ``$ pyrules`` transcript and every ``>>>`` example in
README.md and docs/ is executed here, and the output must be the one shown (timings aside).

In a Markdown file, ``<!-- file: NAME -->`` before a fenced block makes that block the file NAME
(written into a scratch folder, with ``examples/`` beside it); in a ``console`` block each line
``$ pyrules ...`` is run there and the lines up to the next ``$`` are its expected output; a
``python`` block of ``>>>`` lines is a doctest run in the same folder. The ``$ pytest`` lines (the
pytest plugin on a user's rulings) are run by tests/test_pytest_plugin.py, with pytester.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import os
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pyrules.cli import main
from pyrules.reference import render

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
_FENCE = re.compile(r"^```(\w*)\s*$")
_FILE = re.compile(r"^<!--\s*file:\s*(\S+)\s*-->\s*$")
_SECONDS = re.compile(r"\b\d+\.\d+s\b")
_JSON_SECONDS = re.compile(r'("(?:\w+_)?seconds": )\d+(?:\.\d+)?')


@dataclass
class Doc:
    files: dict[str, str] = field(default_factory=dict)
    commands: list[tuple[int, str, str]] = field(default_factory=list)  # line, command, expected output
    doctests: list[tuple[int, str]] = field(default_factory=list)


def parse(path: Path) -> Doc:
    doc = Doc()
    lines = path.read_text(encoding="utf-8").splitlines()
    pending_file = None
    i = 0
    while i < len(lines):
        m = _FILE.match(lines[i])
        if m:
            pending_file = m.group(1)
            i += 1
            continue
        fence = _FENCE.match(lines[i])
        if not fence:
            if lines[i].strip():
                pending_file = None
            i += 1
            continue
        lang, start = fence.group(1), i + 1
        j = start
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        block = lines[start:j]
        if pending_file is not None:
            doc.files[pending_file] = "\n".join(block) + "\n"
        elif lang == "console":
            _commands(doc, block, start + 1)
        elif lang == "python" and any(b.startswith(">>>") for b in block):
            doc.doctests.append((start + 1, "\n".join(block) + "\n"))
        pending_file = None
        i = j + 1
    return doc


def _commands(doc: Doc, block: list[str], first_line: int) -> None:
    current: tuple[int, str] | None = None
    output: list[str] = []
    for n, line in enumerate(block):
        if line.startswith("$ "):
            if current is not None:
                doc.commands.append((current[0], current[1], "\n".join(output)))
            current, output = (first_line + n, line[2:]), []
        elif current is not None:
            output.append(line)
    if current is not None:
        doc.commands.append((current[0], current[1], "\n".join(output)))


def normalise(text: str) -> str:
    """Timings vary from run to run: they are not compared."""
    return _JSON_SECONDS.sub(r"\g<1>0", _SECONDS.sub("0.000s", text)).rstrip()


def run(command: str) -> tuple[str, int]:
    """The command's output (standard output, then standard error) and its exit code."""
    argv = shlex.split(command)
    assert argv[0] == "pyrules", f"only pyrules commands can be run from the docs, not {command!r}"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv[1:])
        except SystemExit as exc:  # argparse's --help and usage errors
            code = exc.code if isinstance(exc.code, int) else 2
    return out.getvalue() + err.getvalue(), code


_EXIT = re.compile(r"^exit code (\d+)$")


def compare(expected: str, output: str, code: int) -> tuple[str, str]:
    """(expected, actual) as they should be equal: a last line 'exit code N' checks the exit code."""
    lines = normalise(expected).splitlines()
    if lines and _EXIT.match(lines[-1]):
        return normalise(expected), normalise(output) + f"\nexit code {code}"
    return normalise(expected), normalise(output)


def _folder(tmp_path: Path, doc: Doc) -> Path:
    for name, text in doc.files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    (tmp_path / "pyrules").symlink_to(ROOT / "pyrules")  # pyrules/corpus/..., as from the repository's root
    return tmp_path


def is_pyrules(command: str) -> bool:
    return shlex.split(command)[:1] == ["pyrules"]


CASES = [(path, line, command, expected) for path in DOCS for line, command, expected in parse(path).commands
         if is_pyrules(command)]


@pytest.mark.parametrize("path, line, command, expected", CASES,
                         ids=[f"{p.name}:{line}" for p, line, _, _ in CASES])
def test_transcript(tmp_path, monkeypatch, path, line, command, expected):
    monkeypatch.chdir(_folder(tmp_path, parse(path)))
    want, got = compare(expected, *run(command))
    if "\n...\n" in f"\n{want}\n":  # a line '...' stands for any lines (the rest of a long output)
        pattern = "\n".join(".*" if line == "..." else re.escape(line) for line in want.splitlines())
        assert re.fullmatch(pattern, got, flags=re.S), f"{path.name}:{line}: {command}\n{got}"
    else:
        assert got == want, f"{path.name}:{line}: {command}"


DOCTESTS = [path for path in DOCS if parse(path).doctests]


@pytest.mark.parametrize("path", DOCTESTS, ids=[p.name for p in DOCTESTS])
def test_python_examples(tmp_path, monkeypatch, path):
    """The ``>>>`` blocks of one page run in order in one namespace, as in one Python session."""
    doc = parse(path)
    monkeypatch.chdir(_folder(tmp_path, doc))
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    namespace: dict = {}
    out = io.StringIO()
    for line, text in doc.doctests:
        test = parser.get_doctest(text, namespace, f"{path.name}:{line}", str(path), line)
        runner.run(test, out=out.write, clear_globs=False)
        namespace = test.globs  # the next block sees what this one defined
    assert runner.failures == 0, out.getvalue()


def test_every_example_file_is_used():
    """Every example file is run by a transcript or an example (by its name or its folder's); a ruling file
    (``*.ruling.yaml``) by any ``$ pytest`` line, which collects it."""
    for path in DOCS:
        doc = parse(path)
        used = " ".join(c for _, c, _ in doc.commands) + " ".join(t for _, t in doc.doctests)
        pytest_runs = any(shlex.split(c)[:1] == ["pytest"] for _, c, _ in doc.commands)
        unused = [name for name in doc.files if name.endswith((".yaml", ".json"))
                  and not any(part in used for part in [name] + [str(p) for p in Path(name).parents if str(p) != "."])
                  and not (pytest_runs and name.endswith(".ruling.yaml"))]
        assert unused == [], f"{path.name}: example files no transcript or example runs: {unused}"


def test_the_reference_is_generated_from_the_vocabulary():
    # ROOT's, not reference_path() (where --write writes, beside the package): the same file in the
    # repository, and the one the tests have when they run on an installed pyrules (.ci/wheel-tests).
    assert (ROOT / "docs" / "reference.md").read_text(encoding="utf-8") == render(), \
        "docs/reference.md is out of date: run python -m pyrules.reference --write"


def update(path: Path) -> None:
    """Rewrite the transcripts of one doc from real runs (``python tests/test_docs.py --update FILE``);
    review the difference before committing it."""
    import tempfile

    doc = parse(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    fixes: dict[int, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        cwd = os.getcwd()
        os.chdir(_folder(Path(tmp), doc))
        try:
            for line, command, expected in doc.commands:
                output, code = run(command)
                text = output.rstrip("\n").splitlines()
                old = expected.splitlines()
                if "..." in old:  # keep the elision: as many lines as were shown before it
                    text = text[:old.index("...")] + ["..."]
                if old and _EXIT.match(old[-1].strip()):
                    text.append(f"exit code {code}")
                fixes[line] = text
        finally:
            os.chdir(cwd)
    out: list[str] = []
    i = 0
    while i < len(lines):
        out.append(lines[i])
        if i + 1 in fixes:  # the command line itself; skip its old output
            out += fixes[i + 1]
            i += 1
            while i < len(lines) and not lines[i].startswith(("$ ", "```")):
                i += 1
            continue
        i += 1
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    import sys

    if sys.argv[1:2] == ["--update"]:
        for name in sys.argv[2:]:
            update(Path(name).resolve())


def test_no_doc_is_empty_of_examples():
    assert CASES and DOCTESTS
    assert os.path.exists(ROOT / "examples" / "birds.yaml")
