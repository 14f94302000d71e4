"""A property-based fuzz test of the ``pyrules`` command (issue 15).

Each example picks a corpus case file (``pyrules/corpus/**/*.yaml``), applies one to three mutations
to its parsed data (replace a value with an odd scalar, nudge a number, put another text of the corpus
or a card's name in place of a text, delete, duplicate, swap, copy, rename or add a key, wrap a value
in a list or a mapping, nest it hundreds of levels deep, put a raw YAML snippet such as a tag or an
alias bomb in its place) or to its text (truncate it, insert random bytes or YAML
punctuation, re-encode it), writes the result to ``case.yaml`` and runs ``pyrules outcomes case.yaml
--limit 50`` (text or ``--json``) or ``pyrules check case.yaml``.

``PYRULES_FUZZ_COMMANDS`` changes the mix of commands (default ``outcomes,outcomes,outcomes-json,check``;
``explain`` runs ``pyrules explain case.yaml``, slower). The property:

* the command ends within ``PYRULES_FUZZ_TIMEOUT`` seconds (default 20) and prints no traceback;
* exit 0 or 1 comes with a valid result (the summary line and its outcomes, the JSON object, the table
  of ``check``) and nothing on standard error;
* exit 2 comes with nothing on standard output and exactly one line on standard error,
  ``pyrules: <the file's path>...``.

Every example runs in a child process forked from the test process (the modules are already
imported, so it costs about as much as the solving itself) and is killed at the time bound;
``PYRULES_FUZZ_RUNNER=subprocess`` starts a fresh interpreter instead (slower, the real command line).

Modes:

* default (CI): ``pytest tests/test_fuzz.py`` runs 300 examples (10-20 seconds);
* longer: ``PYRULES_FUZZ_EXAMPLES=5000 pytest tests/test_fuzz.py`` runs as many as asked;
* report: ``python tests/fuzz_report.py 5000 --save /tmp/fuzz_findings`` runs every input (it stops at
  no failure), counts the results and saves each crashing or hanging input with its standard error.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

REPO = Path(__file__).parent.parent
CORPUS_DIR = REPO / "pyrules" / "corpus"
CORPUS = sorted(CORPUS_DIR.rglob("*.yaml"))
EXAMPLES = int(os.environ.get("PYRULES_FUZZ_EXAMPLES", "300"))
TIMEOUT = float(os.environ.get("PYRULES_FUZZ_TIMEOUT", "20"))
RUNNER = os.environ.get("PYRULES_FUZZ_RUNNER", "fork" if hasattr(os, "fork") else "subprocess")
LIMIT = 50

# -- values a mutation puts in place ----------------------------------------------------------------------

ODD_SCALARS: list[Any] = [
    None, True, False, 0, -1, 1, 2**31 - 1, 2**31, -(2**31) - 1, 2**63, 2**64, 10**6, 10**6 + 1, 10**9, 10**9 + 1,
    10**100, 0.5, -0.0, 1e308, float("inf"), float("-inf"), float("nan"), "", " ", "x" * 10_000, "a\nb", "a\rb",
    "a\x00b", "\x01\x07\x1b[31m\x7f", "\t", "\u202e\u200b", "\ud800", "\U0001f600", "e\u0301", "null", "true", "0",
    "1.0", "-", "*", "%", "{}", "[]", "a, b", "a(b", "a)b", '"', "'", "\\", "alice", "bob", "hand", "battlefield",
    "stack", "graveyard", "exile", "library", "Forest", "Island", "Grizzly Bears", "Birds of Paradise", [], {},
]

#: Raw YAML put where a value was, after dumping: tags, aliases, odd keys, YAML 1.1 oddities, bad syntax.
RAW_SNIPPETS = [
    "!foo bar", "!foo [1, 2]", "!foo {a: 1}", "!!python/object/apply:os.system ['true']", "!!python/name:os.system",
    "!!binary aGVsbG8=", "!!timestamp 2001-12-14", "2001-12-14t21:59:43.10-05:00", "2002-12-14", "!!set {a, b}",
    "!!omap [a: 1, b: 2]", "!!pairs [a: 1]", "{? [a, b] : c}", "{[a]: b}", "{1: a, 2: b}", "{true: a}", "{null: a}",
    "{1.5: a}", "{a: 1, a: 2}", "0x7fffffff", "0o777", "0b1010", "1_000_000", "1:20", "+12", ".inf", "-.inf", ".nan",
    "~", "!!str 12", "!!int '12'", "!!float 1", "!!bool yes", "yes", "no", "on", "off", "=", "<<", "{<<: {a: 1}}",
    "&x [*x]", "*undefined", "&a b", '"\\ud800"', '"\\x00"', '"\\u202e"', '"\\N\\L\\P"', '"\\e[31m"', "[a, b",
    "]]]", "{a: ", "@foo", "`x`", '"unterminated', "'a''b'", "--- x", "...", "%YAML 1.1", "!<tag:yaml.org,2002:str> x",
    "? a", "- a", "a: b: c", "|", ">", "# a comment",
]

#: Text inserted into the dumped document at a random place.
TEXT_SNIPPETS = [
    "\t", ":", ": ", "- ", "&a ", "*a", "!foo ", "\n  ", "\n", "{", "}", "[", "]", "#", "'", '"', "\\", "%", "@",
    "`", "---\n", "...\n", "\ufeff", "\x00", "\x85", "\u2028", "? ", ",", "|\n", "<<: *a\n",
]

_SENTINEL = "__fuzz_{}__"


@functools.cache
def _corpus_data(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@functools.cache
def _key_names() -> tuple[str, ...]:
    """Every mapping key written in the corpus, sorted: names a renamed or added key takes."""
    keys: set[str] = set()
    for path in CORPUS:
        for _, value in _walk(_corpus_data(path), ()):
            if isinstance(value, dict):
                keys.update(str(k) for k in value)
    return tuple(sorted(keys))


@functools.cache
def _texts() -> tuple[str, ...]:
    """Every short text written in the corpus and every card name of the built-in library, sorted."""
    texts: set[str] = set()
    for path in CORPUS:
        texts.update(v for _, v in _walk(_corpus_data(path), ()) if isinstance(v, str) and len(v) <= 40)
    cards = yaml.safe_load((REPO / "pyrules" / "data" / "cards.yaml").read_text(encoding="utf-8"))
    texts.update(card["name"] for card in cards if isinstance(card, dict) and isinstance(card.get("name"), str))
    return tuple(sorted(texts))


def _walk(value: Any, path: tuple) -> Iterator[tuple[tuple, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _walk(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _walk(child, (*path, i))


def _locations(data: Any) -> list[tuple]:
    """The path of every value below the root, in document order."""
    return [path for path, _ in _walk(data, ()) if path]


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _nesting(depth: int, kind: str, leaf: str) -> str:
    if kind == "list":
        return "[" * depth + leaf + "]" * depth
    return "{a: " * depth + leaf + "}" * depth


def _alias_bomb(levels: int, fanout: int) -> str:
    """A flow sequence whose last anchor expands to ``fanout ** levels`` items (a billion laughs)."""
    parts = [f"&l0 [{', '.join(['lol'] * fanout)}]"]
    for i in range(1, levels):
        parts.append(f"&l{i} [{', '.join([f'*l{i - 1}'] * fanout)}]")
    return "[" + ", ".join(parts) + "]"


# -- the mutations ------------------------------------------------------------------------------------------

@dataclass
class Mutant:
    """A mutated corpus file: where it came from, what was done, the bytes to write."""

    source: Path
    ops: list[str] = field(default_factory=list)
    content: bytes = b""

    def __repr__(self) -> str:
        head = self.content[:300].decode("utf-8", "backslashreplace")
        return (f"Mutant({self.source.relative_to(CORPUS_DIR)}, ops={self.ops}, {len(self.content)} bytes, "
                f"starting {head!r})")


Draw = Callable[[st.SearchStrategy], Any]
odd_values = st.one_of(
    st.sampled_from(ODD_SCALARS),
    st.integers(),
    st.floats(),
    st.text(max_size=20),
)


def _pick(draw: Draw, items: list) -> Any:
    return items[draw(st.integers(0, len(items) - 1))]


def _tree_op(draw: Draw, op: str, data: Any, raw: dict[str, str]) -> str:
    """Apply one mutation to ``data`` in place; return what it did (or that it did nothing)."""
    locations = _locations(data)
    if not locations:
        return f"{op}: nothing to mutate"
    where = _pick(draw, locations)
    label = ".".join(map(str, where))
    if op == "replace":
        value = draw(odd_values)
        _set(data, where, value)
        return f"replace {label} with {value!r:.60}"
    if op == "nudge":
        numbers = [p for p in locations if type(_get(data, p)) is int]
        if not numbers:
            return "nudge: no number"
        where = _pick(draw, numbers)
        n = _get(data, where)
        _set(data, where, value := draw(st.sampled_from([n + 1, n - 1, 0, -n, 2 * n, n + 10, 20, 100])))
        return f"nudge {'.'.join(map(str, where))} from {n} to {value}"
    if op == "reuse":
        texts = [p for p in locations if isinstance(_get(data, p), str)]
        if not texts:
            return "reuse: no text"
        where = _pick(draw, texts)
        _set(data, where, value := draw(st.sampled_from(_texts())))
        return f"reuse {value!r} at {'.'.join(map(str, where))}"
    if op == "delete":
        del _get(data, where[:-1])[where[-1]]
        return f"delete {label}"
    if op == "duplicate":
        in_lists = [p for p in locations if isinstance(_get(data, p[:-1]), list)]
        if not in_lists:
            return "duplicate: no list"
        where = _pick(draw, in_lists)
        parent = _get(data, where[:-1])
        parent.insert(where[-1], parent[where[-1]])  # the same object twice: the dump writes an anchor and an alias
        return f"duplicate {'.'.join(map(str, where))}"
    if op in ("swap", "copy"):
        other = _pick(draw, locations)
        if other[: len(where)] == where or where[: len(other)] == other:
            return f"{op}: {label} and {'.'.join(map(str, other))} nest"
        a, b = _get(data, where), _get(data, other)
        _set(data, where, copy.deepcopy(b))
        if op == "swap":
            _set(data, other, a)
        return f"{op} {label} {'<->' if op == 'swap' else '<-'} {'.'.join(map(str, other))}"
    if op == "wrap_list":
        _set(data, where, [_get(data, where)])
        return f"wrap {label} in a list"
    if op == "wrap_map":
        key = draw(st.sampled_from(_key_names()))
        _set(data, where, {key: _get(data, where)})
        return f"wrap {label} in {{{key}: ...}}"
    if op in ("rename", "add_key"):
        maps = [p for p in [(), *locations] if isinstance(_get(data, p), dict)]
        where = _pick(draw, maps)
        mapping = _get(data, where)
        key = draw(st.one_of(st.sampled_from(_key_names()), st.text(min_size=1, max_size=10)))
        if op == "add_key":
            mapping[key] = draw(odd_values)
            return f"add {key!r} to {'.'.join(map(str, where)) or 'the root'}"
        if not mapping:
            return "rename: empty mapping"
        old = _pick(draw, list(mapping))
        mapping[key] = mapping.pop(old)
        return f"rename {'.'.join(map(str, (*where, old)))} to {key!r}"
    sentinel = _SENTINEL.format(len(raw))
    if op == "deep":
        depth, kind = draw(st.integers(200, 2000)), draw(st.sampled_from(["list", "map"]))
        raw[sentinel] = _nesting(depth, kind, json.dumps(_get(data, where), default=str) if
                                 isinstance(_get(data, where), (str, int)) else "0")
        _set(data, where, sentinel)
        return f"nest {label} {depth} {kind}s deep"
    if op == "bomb":
        levels, fanout = draw(st.integers(2, 9)), draw(st.integers(2, 10))
        raw[sentinel] = _alias_bomb(levels, fanout)
        _set(data, where, sentinel)
        return f"alias bomb at {label}: {fanout}**{levels}"
    if op == "snippet":
        raw[sentinel] = draw(st.sampled_from(RAW_SNIPPETS))
        _set(data, where, sentinel)
        return f"raw {raw[sentinel]!r} at {label}"
    raise ValueError(op)


def _text_op(draw: Draw, op: str, content: bytes) -> tuple[bytes, str]:
    at = draw(st.integers(0, len(content)))
    if op == "truncate":
        return content[:at], f"truncate at byte {at}"
    if op == "bytes":
        noise = draw(st.binary(min_size=1, max_size=16))
        return content[:at] + noise + content[at:], f"insert {noise!r} at byte {at}"
    if op == "text":
        snippet = draw(st.sampled_from(TEXT_SNIPPETS))
        return content[:at] + snippet.encode() + content[at:], f"insert {snippet!r} at byte {at}"
    if op == "cut":
        end = draw(st.integers(at, min(len(content), at + 200)))
        return content[:at] + content[end:], f"cut bytes {at}-{end}"
    if op == "encode":
        encoding = draw(st.sampled_from(["utf-16", "utf-32", "latin-1", "utf-8-sig", "cp1252"]))
        return content.decode("utf-8").encode(encoding, "replace"), f"re-encode as {encoding}"
    raise ValueError(op)


TREE_OPS = ["replace", "nudge", "reuse", "delete", "duplicate", "swap", "copy", "wrap_list", "wrap_map", "rename",
            "add_key", "deep", "bomb", "snippet"]
TEXT_OPS = ["truncate", "bytes", "text", "cut", "encode"]


@st.composite
def mutants(draw: Draw) -> Mutant:
    """A corpus file with one to three mutations, tree mutations first, then text ones, as drawn."""
    source = draw(st.sampled_from(CORPUS))
    ops = draw(st.lists(st.sampled_from(TREE_OPS + TEXT_OPS), min_size=1, max_size=3))
    data = copy.deepcopy(_corpus_data(source))
    raw: dict[str, str] = {}
    mutant = Mutant(source)
    for op in (o for o in ops if o in TREE_OPS):
        mutant.ops.append(_tree_op(draw, op, data, raw))
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    for sentinel, snippet in raw.items():
        text = text.replace(sentinel, snippet)
    content = text.encode("utf-8", "surrogatepass")
    for op in (o for o in ops if o in TEXT_OPS):
        if op == "encode" and not _is_utf8(content):
            continue
        content, done = _text_op(draw, op, content)
        mutant.ops.append(done)
    mutant.content = content
    return mutant


def _is_utf8(content: bytes) -> bool:
    try:
        content.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


COMMANDS = {
    "outcomes": ["outcomes", "{file}", "--limit", str(LIMIT)],
    "outcomes-json": ["outcomes", "{file}", "--limit", str(LIMIT), "--json"],
    "check": ["check", "{file}"],
    "explain": ["explain", "{file}"],
}
#: The commands an example runs, one drawn per example (a name twice is drawn twice as often).
COMMAND_MIX = os.environ.get("PYRULES_FUZZ_COMMANDS", "outcomes,outcomes,outcomes-json,check").split(",")
commands = st.sampled_from(COMMAND_MIX)


# -- running the command ------------------------------------------------------------------------------------

@dataclass
class Run:
    """How one run of the command ended."""

    argv: list[str]
    code: int | None  # None: killed at the time bound; negative: killed by that signal
    stdout: str
    stderr: str
    seconds: float

    @property
    def timed_out(self) -> bool:
        return self.code is None


def run_cli(argv: list[str], timeout: float | None = None, runner: str = RUNNER) -> Run:
    """Run ``pyrules ARGV`` in a child process, killed after ``timeout`` seconds (default :data:`TIMEOUT`)."""
    timeout = TIMEOUT if timeout is None else timeout
    start = time.perf_counter()
    if runner == "subprocess":
        try:
            done = subprocess.run([sys.executable, "-m", "pyrules.cli", *argv], capture_output=True, timeout=timeout,
                                  cwd=REPO, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as exc:
            return Run(argv, None, _decode(exc.stdout or b""), _decode(exc.stderr or b""), time.perf_counter() - start)
        return Run(argv, done.returncode, _decode(done.stdout), _decode(done.stderr), time.perf_counter() - start)
    _warm_up()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            _child(argv, out.fileno(), err.fileno())
        code = _wait(pid, timeout)
        out.seek(0)
        err.seek(0)
        return Run(argv, code, _decode(out.read()), _decode(err.read()), time.perf_counter() - start)


@functools.cache
def _warm_up() -> None:
    """Run each command once in this process, so that every child starts with pyrules' caches filled."""
    from pyrules.cli import main

    case = str(CORPUS_DIR / "payment" / "every-way-to-pay-1g.yaml")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for command in COMMANDS.values():
            main([a.format(file=case) for a in command])


def _child(argv: list[str], out: int, err: int) -> None:
    """Run ``main(argv)`` as ``python -m pyrules.cli`` would, then leave without cleanup."""
    code = 70
    try:
        os.dup2(out, 1)
        os.dup2(err, 2)
        os.close(0)
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="strict")
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace",
                                      line_buffering=True)
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.default_int_handler)
        # a fresh interpreter starts with an almost empty stack: allow as much recursion as it would
        depth, frame = 0, sys._getframe()
        while frame is not None:
            depth, frame = depth + 1, frame.f_back
        sys.setrecursionlimit(sys.getrecursionlimit() + depth)
        from pyrules.cli import main

        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if not isinstance(exc.code, int | None):
                print(exc.code, file=sys.stderr)
        except BaseException:
            traceback.print_exc()
            code = 1
        try:
            sys.stdout.flush()
        except BaseException:
            traceback.print_exc()
            code = 120
        sys.stderr.flush()
    finally:
        os._exit(code)


def _wait(pid: int, timeout: float) -> int | None:
    deadline = time.monotonic() + timeout
    pause = 0.0005
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return None
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def _decode(data: bytes) -> str:
    return data.decode("utf-8", "backslashreplace")


# -- the property -------------------------------------------------------------------------------------------

OK = ("exit 0", "exit 1", "clean error")


def classify(run: Run, file: str, command: str) -> tuple[str, str]:
    """``(category, detail)``: category is one of :data:`OK`, ``crash`` or ``hang``."""
    if run.timed_out:
        return "hang", f"no answer within {run.seconds:.0f}s"
    if "Traceback" in run.stderr:
        return "crash", _last_line(run.stderr)
    if run.code not in (0, 1, 2):
        name = signal.Signals(-run.code).name if run.code < 0 else f"exit {run.code}"
        return "crash", f"{name}: {_last_line(run.stderr)}"
    if run.code == 2:
        if run.stdout:
            return "crash", f"exit 2 after printing: {run.stdout[:80]!r}"
        if not run.stderr.endswith("\n") or run.stderr.count("\n") != 1:
            return "crash", f"exit 2 without one line on stderr: {run.stderr[:160]!r}"
        if not re.match(rf"pyrules: {re.escape(file)}($|[: ])", run.stderr):
            return "crash", f"exit 2 without naming the file: {run.stderr[:160]!r}"
        return "clean error", run.stderr.strip()
    if run.stderr:
        return "crash", f"exit {run.code} with stderr: {run.stderr[:160]!r}"
    problem = _invalid_result(run, file, command)
    if problem:
        return "crash", f"exit {run.code} with an invalid result: {problem}"
    return f"exit {run.code}", ""


def _invalid_result(run: Run, file: str, command: str) -> str | None:
    """Why standard output is not a valid result of the command (None: it is)."""
    lines = run.stdout.splitlines()
    if command == "check":
        match = re.fullmatch(r"(\d+) passed, (\d+) failed", lines[-1] if lines else "")
        if not match or int(match[1]) + int(match[2]) != 1:
            return f"no '1 passed' or '1 failed' line: {run.stdout[-160:]!r}"
        if (run.code == 0) != (match[1] == "1"):
            return f"exit {run.code} with {lines[-1]!r}"
        return None
    if run.code != 0:
        return f"{command} exits 0 or 2"
    if command == "explain":
        return None if run.stdout.strip() else "nothing on stdout"
    if command == "outcomes-json":
        try:
            result = json.loads(run.stdout)
        except ValueError as exc:
            return f"not JSON: {exc}"
        if not isinstance(result, dict) or not isinstance(result.get("outcomes"), list):
            return "no list of outcomes"
        if result["count"] != len(result["outcomes"]) or len(result["outcomes"]) > LIMIT:
            return f"count {result['count']} for {len(result['outcomes'])} outcomes"
        return None
    match = re.match(rf"{re.escape(file)}: (\d+) outcomes?", lines[0] if lines else "")
    if not match:
        return f"no summary line: {run.stdout[:160]!r}"
    count = int(match[1])
    listed = sum(1 for line in lines if re.fullmatch(r"Outcome \d+:( \(no atoms\))?", line))
    if count > LIMIT or listed != count:
        return f"{count} outcomes announced, {listed} listed"
    return None


def _last_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    return lines[-1][:200] if lines else "(nothing on stderr)"


def run_mutant(mutant: Mutant, command: str, folder: Path, runner: str = RUNNER) -> tuple[Run, str, str]:
    """Write the mutant to ``folder/case.yaml``, run the command on it and classify the run."""
    path = folder / "case.yaml"
    path.write_bytes(mutant.content)
    argv = [a.format(file=path) for a in COMMANDS[command]]
    run = run_cli(argv, runner=runner)
    category, detail = classify(run, str(path), command)
    return run, category, detail


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where each example writes ``case.yaml`` (the last one, the smallest failing input, stays there)."""
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.sweep
@settings(max_examples=EXAMPLES, deadline=None, print_blob=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(mutant=mutants(), command=commands)
def test_cli_survives_mutated_corpus_files(folder: Path, mutant: Mutant, command: str) -> None:
    run, category, detail = run_mutant(mutant, command, folder)
    note(f"pyrules {' '.join(run.argv)} -> {run.code} in {run.seconds:.2f}s")
    assert category in OK, (f"{category}: {detail}\n{mutant!r}\n(the input is {folder / 'case.yaml'})\n"
                            f"stderr:\n{run.stderr[-2000:]}")
