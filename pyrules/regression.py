"""Regression cases: situation files with an ``expect`` block, and the runner behind ``pyrules check``.

A case is a situation file that also carries ``id``, the seed ``rulings`` and CR ``rules`` it
checks, and ``expect``: the exact set of outcomes, their count, atoms true in every, some or no
outcome, that the action is not legal, or an expected error. The built-in corpus ships in
``pyrules/corpus/``; ``pytest`` runs the same files through ``tests/test_corpus.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from pyrules.api import solve
from pyrules.base.document import Field
from pyrules.base.errors import InputError
from pyrules.base.files import kind_of, not_regular
from pyrules.base.processes import spread
from pyrules.engine.atoms import format_atom, parse_atoms
from pyrules.situation.loader import CASE_FIELDS, parse_situation, read_document
from pyrules.vocabulary.values import ZONES

_EXPECT_FIELDS = {"outcomes", "exactly", "always", "sometimes", "never", "state", "illegal", "error", "explains",
                  "why_not"}
#: What ``expect: state`` may say of a player and of an object, in every outcome.
_PLAYER_STATE, _OBJECT_STATE = {"life"}, {"zone", "tapped", "controller", "counters"}


@dataclass
class OutcomeSet:
    """What a case's outcome expectations (``exactly``, ``outcomes``) met, for ``pyrules check --update``
    (:mod:`pyrules.snapshot`): the outcomes found now, and how they differ from those expected."""

    count: int  # outcomes found now
    before: int  # outcomes expected: the case's ``outcomes``, else its distinct ``exactly`` outcomes
    kept: list[int]  # the positions of the ``exactly`` items that are outcomes found now
    removed: list[list[str]]  # the expected outcomes not found, each its atom texts (sorted)
    added: list[list[str]]  # the outcomes found that are not expected
    problems: int  # how many of the case's problems these two expectations make (they come first)


@dataclass
class CaseResult:
    id: str
    path: str
    rulings: list[str]
    rules: list[str]
    status: str  # pass, fail, error
    outcomes: int | None = None
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)  # clingo's messages while grounding
    found: OutcomeSet | None = None  # with ``exactly`` or ``outcomes``: what they met (not in as_dict)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "path": self.path, "rulings": self.rulings, "rules": self.rules,
                "status": self.status, "outcomes": self.outcomes, "seconds": round(self.seconds, 4),
                "problems": self.problems, "messages": self.messages}


def corpus_dir() -> Path:
    return Path(str(resources.files("pyrules.corpus")))


def case_files(paths: list[str | Path] | None = None) -> list[Path]:
    """Case files under the given files or folders (default: the built-in corpus), sorted."""
    roots = [Path(p) for p in paths] if paths else [corpus_dir()]
    files: list[Path] = []
    for root in roots:
        try:
            kind = kind_of(root.stat().st_mode)
        except OSError:
            raise InputError(str(root), "no such file or folder") from None
        if kind == "a folder":
            files.extend(sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".yml", ".json")))
        elif kind is None:
            files.append(root)
        else:  # (a FIFO inside a folder is read as a case, and refused as one)
            raise InputError(str(root), not_regular(kind, "a case file or folder"))
    return files


@lru_cache(maxsize=1)
def ruling_index() -> dict[str, dict[str, Any]]:
    """The project's index of seed ruling ids (``pyrules/data/rulings.yaml``)."""
    text = resources.files("pyrules.data").joinpath("rulings.yaml").read_text(encoding="utf-8")
    return {entry["id"]: entry for entry in yaml.safe_load(text)}


def case_id(path: Path) -> str:
    """The id :func:`run_case` reports for a case file: its ``id``, or the file's name without its suffix (also
    when the file cannot be read or its id is not a text: ``run_case`` then reports the error)."""
    try:
        root = read_document(path)
        return root.child("id").text(default=path.stem) if root.child("id").present else path.stem
    except InputError:
        return path.stem


def run_case(path: Path, timeout: float | None = None) -> CaseResult:
    start = time.perf_counter()
    try:
        root = read_document(path)
    except InputError as exc:
        return CaseResult(path.stem, str(path), [], [], "error", seconds=time.perf_counter() - start,
                          problems=[str(exc)])
    result = CaseResult(path.stem, str(path), [], [], "pass")
    try:
        result.id = root.child("id").text(default=path.stem) if root.child("id").present else path.stem
        result.rulings = list(root.child("rulings").texts())
        result.rules = list(root.child("rules").texts())
        _check_citations(root)
        expect = root.child("expect")
        if not expect.present:
            raise expect.fail("a regression case needs an 'expect' block")
        expect.only_keys(_EXPECT_FIELDS)
        if not expect.mapping():  # ('expect: {}' would check nothing and always pass)
            raise expect.fail("'expect' is empty: give what is expected (exactly, outcomes, error, ...)")
        for key in expect.mapping():  # ("exactly:" with nothing after it would check nothing and always pass)
            if expect.child(key).value is None:
                raise expect.child(key).fail(f"'{key}' is empty: give what is expected"
                                             + (" ('exactly: []' for no outcome)" if key == "exactly" else ""))
        _evaluate(root, expect, result, timeout)
    except InputError as exc:
        result.status, result.problems = "error", [str(exc)]
    result.seconds = time.perf_counter() - start
    return result


def _check_citations(root: Field) -> None:
    known = ruling_index()
    rulings = root.child("rulings")
    for i, r in enumerate(rulings.texts()):
        if r not in known:
            raise (rulings.child(i) if isinstance(rulings.value, list) else rulings).fail(
                f"unknown seed ruling id '{r}'")
    if not rulings.texts() and not root.child("rules").texts():
        raise root.fail("a regression case must cite the seed rulings or CR rules it checks")


def _evaluate(root: Field, expect: Field, result: CaseResult, timeout: float | None = None) -> None:
    problems = result.problems
    error = expect.child("error")
    try:
        situation = parse_situation(root, extra_fields=CASE_FIELDS)
        project = tuple(root.child("project").texts()) if root.child("project").present else ()
        outcomes = solve(situation, explain=expect.child("explains").present or expect.child("why_not").present,
                         project=project, timeout=timeout)
    except InputError as exc:
        if error.present and error.text() in str(exc):
            return
        if error.present:
            problems.append(f"expected an error containing '{error.text()}', got: {exc}")
            result.status = "fail"
            return
        raise
    if error.present:
        problems.append(f"expected an error containing '{error.text()}', got {len(outcomes)} outcome(s)")
        result.status = "fail"
        return
    result.outcomes = len(outcomes)
    result.messages = list(outcomes.messages)
    if outcomes.timed_out:
        problems.append(f"stopped at --timeout {timeout:g} s with {len(outcomes)} outcome(s) found")
        result.status = "fail"
        return
    count, exactly = expect.child("outcomes"), expect.child("exactly")
    if count.present:
        want = count.integer(minimum=0)
        if len(outcomes) != want:
            problems.append(f"expected {want} outcome(s), got {len(outcomes)}")
    kept: list[int] = []
    removed: list[list[str]] = []
    added: list[list[str]] = []
    want_sets: set[frozenset[Any]] = set()
    if exactly.present:
        wanted = [frozenset(_atoms(o, situation)) for o in exactly.elements()]
        want_sets, got_sets = set(wanted), {o.atoms for o in outcomes}
        kept = [i for i, atoms in enumerate(wanted) if atoms in got_sets]
        for missing in sorted(want_sets - got_sets, key=lambda s: sorted(map(str, s))):
            removed.append(sorted(map(format_atom, missing)))
            problems.append(f"missing outcome: {{{', '.join(removed[-1])}}}")
        for extra in sorted(got_sets - want_sets, key=lambda s: sorted(map(str, s))):
            added.append(sorted(map(format_atom, extra)))
            problems.append(f"unexpected outcome: {{{', '.join(added[-1])}}}")
    if count.present or exactly.present:
        before = count.integer(minimum=0) if count.present else len(want_sets)
        result.found = OutcomeSet(len(outcomes), before, kept, removed, added, len(problems))
    for key, check, phrase in (("always", outcomes.always, "in every outcome"),
                               ("sometimes", outcomes.sometimes, "in some outcome"),
                               ("never", outcomes.never, "in no outcome")):
        for atom in _atoms(expect.child(key), situation):
            if not check(atom):
                problems.append(f"expected {format_atom(atom)} {phrase}{_breaking(outcomes, atom, key)}")
    if expect.child("state").present:
        _check_state(expect.child("state"), outcomes, situation, problems)
    for item in expect.child("explains").elements() if expect.child("explains").present else ():
        _check_explanation(item, outcomes, situation, problems)
    for item in expect.child("why_not").elements() if expect.child("why_not").present else ():
        item.only_keys({"atom", "mentions"})
        atom = parse_atoms(item.child("atom").text(), situation, item.child("atom").where)[0]
        reasons = outcomes.why_not(atom)
        for text in item.child("mentions").texts():
            if not any(text in r for r in reasons):
                problems.append(f"why not {format_atom(atom)}: no reason mentions '{text}' ({'; '.join(reasons)})")
    illegal = expect.child("illegal")
    if illegal.present and illegal.value is False:
        if outcomes.illegal:
            problems.append(f"expected the action to be legal, but: {'; '.join(outcomes.illegal)}")
    elif illegal.present:
        wanted = illegal.value
        if len(outcomes) or not outcomes.illegal:
            problems.append("expected the action to be illegal")
        elif isinstance(wanted, str) and not any(wanted in r for r in outcomes.illegal):
            problems.append(f"expected an illegal reason containing '{wanted}', got: {'; '.join(outcomes.illegal)}")
    elif outcomes.illegal and not expect.child("outcomes").present:
        problems.append(f"the action is illegal: {'; '.join(outcomes.illegal)}")
    if problems:
        result.status = "fail"


def _breaking(outcomes: Any, atom: Any, key: str) -> str:
    """Which outcome breaks an ``always`` (the first without the atom) or a ``never`` (the first with it)."""
    numbers = [i for i, o in enumerate(outcomes, start=1) if (atom in o.atoms) == (key == "never")]
    if key == "sometimes" or not numbers:
        return ""
    others = f" (and {len(numbers) - 1} other{'s' if len(numbers) > 2 else ''})" if len(numbers) > 1 else ""
    return f": {'not in' if key == 'always' else 'it holds in'} outcome {numbers[0]}{others}"


def _check_state(state: Field, outcomes: Any, situation: Any, problems: list[str]) -> None:
    """``expect: state``: what each named player and object is in every outcome, in plain fields (a player's
    ``life``; an object's ``zone``, ``tapped``, ``controller``, ``counters``); a problem names the first
    outcome that differs."""
    players, objects = {p.name for p in situation.players}, {o.id for o in situation.objects}
    wanted: list[tuple[str, str, Any]] = []
    for name, f in state.items():
        if name not in players | objects:
            raise f.fail(f"'{name}' is neither a player nor an object of the situation")
        f.only_keys(_PLAYER_STATE if name in players else _OBJECT_STATE)
        for key, value in f.items():
            if key == "life":
                wanted.append((name, key, value.integer()))
            elif key == "zone":
                wanted.append((name, key, value.choice(ZONES)))
            elif key == "tapped":
                wanted.append((name, key, value.boolean()))
            elif key == "controller":
                wanted.append((name, key, value.choice(sorted(players))))
            else:
                value.mapping()
                wanted.append((name, key, {k: n.integer(minimum=0) for k, n in value.items()}))
    for name, key, want in wanted:
        for i, outcome in enumerate(outcomes, start=1):
            got = _state_value(outcome, name, key, want)
            if got != want:
                problems.append(f"expected {name}'s {key} {_shown(want)} in every outcome: in outcome {i} it is "
                                f"{_shown(got)}")
                break


def _state_value(outcome: Any, name: str, key: str, want: Any) -> Any:
    if key == "life":
        return outcome.players[name].life
    state = outcome.objects.get(name)
    if state is None:  # not on the battlefield nor anywhere the outcome follows it
        return None
    if key == "counters":  # the kinds the case names, 0 where there are none
        return {k: state.counters.get(k, 0) for k in want}
    return getattr(state, key)


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return "nothing" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _check_explanation(item: Field, outcomes: Any, situation: Any, problems: list[str]) -> None:
    """``{atom: A, cites: [...], judge: TEXT}``: in every outcome where A holds, the decisive chain of its
    explanation cites these rules, and its judge view is TEXT word for word (the case file named by its
    file name alone)."""
    item.only_keys({"atom", "cites", "judge"})
    atom = parse_atoms(item.child("atom").text(), situation, item.child("atom").where)[0]
    holding = [o for o in outcomes if atom in o.atoms]
    if not holding:
        problems.append(f"cannot explain {format_atom(atom)}: it holds in no outcome")
        return
    for outcome in holding:
        graph = outcome.explain()
        cited = graph.cites(atom)
        missing = [c for c in item.child("cites").texts() if c not in cited]
        if missing:
            problems.append(f"the explanation of {format_atom(atom)} does not cite {', '.join(missing)}")
            return
        if item.child("judge").present:
            got = judge_text(graph, atom, situation)
            want = item.child("judge").text()
            if got.strip() != want.strip():
                got_lines, want_lines = got.strip().splitlines(), want.strip().splitlines()
                first = next((f"'{a}' where the case has '{b}'" for a, b in zip(got_lines, want_lines) if a != b),
                             f"'{(got_lines + want_lines)[min(len(got_lines), len(want_lines))]}' where the case has "
                             f"{'no more lines' if len(got_lines) > len(want_lines) else 'more lines'}")
                problems.append(f"the judge view of {format_atom(atom)} differs: {first}")
                return


def judge_text(graph: Any, atom: Any, situation: Any) -> str:
    """The judge view of an atom as a case file states it: the situation's file by its name alone."""
    text = graph.judge(atom).text()
    return text.replace(situation.source, Path(situation.source).name) if situation.source else text


def _atoms(f: Field, situation: Any) -> list[Any]:
    """Atoms written as a text (several separated by commas) or a list of such texts."""
    if not f.present:
        return []
    if isinstance(f.value, list):
        return [a for item in f.elements() for a in parse_atoms(item.text(), situation, item.where)]
    return parse_atoms(f.text(), situation, f.where)


def run_cases(paths: list[str | Path] | None = None, timeout: float | None = None, jobs: int = 1,
              progress: Callable[[int, int], None] | None = None, scheduler: Any = None) -> list[CaseResult]:
    """Run regression cases, in file order; ``timeout``: seconds of solving for each case (a case stopped by
    it fails); ``jobs``: how many cases run at once, each in a process of its own (forked from this one, where
    the system can fork; one at a time elsewhere); ``scheduler``: a Dask scheduler's address or client, whose
    workers run the cases instead (:mod:`pyrules.base.cluster`); ``progress(done, total)`` after each case."""
    files = case_files(paths)
    _refuse_shared_ids(files)
    if scheduler is None:
        results = spread(partial(run_case, timeout=timeout), files, jobs)
    else:
        corpus = corpus_dir().resolve()
        placed = [(str(p), p.resolve().relative_to(corpus).as_posix() if p.resolve().is_relative_to(corpus) else None)
                  for p in files]
        results = spread(partial(_run_placed, timeout=timeout), placed, scheduler=scheduler)
    done = []
    for result in results:
        done.append(result)
        if progress is not None:
            progress(len(done), len(files))
    return done


def _refuse_shared_ids(files: list[Path]) -> None:
    """Two cases with one id (a copied file whose id was kept) would be reported, and selected, as one."""
    first: dict[str, Path] = {}
    for path in files:
        seen = first.setdefault(case_id(path), path)
        if seen != path and seen.resolve() != path.resolve():
            raise InputError(str(path), f"its id '{case_id(path)}' is also that of {seen}: give each case its own id")


def _run_placed(placed: tuple[str, str | None], timeout: float | None) -> CaseResult:
    """A case run by a worker of a cluster: a built-in case from the worker's own corpus (a worker needs only
    pyrules installed), any other from its path; named in the result as the caller names it, so that the report
    is the same wherever the worker keeps its corpus."""
    path, inside = placed
    here = corpus_dir() / inside if inside is not None else Path(path)
    result = run_case(here, timeout)
    if str(here) != path:
        result.path = path
        result.problems = [problem.replace(str(here), path) for problem in result.problems]
    return result


def coverage(results: list[CaseResult]) -> dict[str, int]:
    """Passing cases per testable seed ruling id."""
    counts = {rid: 0 for rid, entry in ruling_index().items() if entry.get("testable", True)}
    for r in results:
        if r.status == "pass":
            for rid in r.rulings:
                if rid in counts:
                    counts[rid] += 1
    return counts
