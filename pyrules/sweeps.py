"""Sweeps: one question asked of many situations made from one template, as a table (issue 36).

A template is a situation (a file, a document as :meth:`SituationBuilder.as_dict` gives it, or a builder) in
which a value written ``$name`` (the whole value, a text) is a parameter; ``$$`` at the start of a text writes
one ``$``. Each row of parameters fills the template's parameters and gives one situation, read and checked
as a situation file is (an error names the template's line). The parameters are a grid (a mapping from each
name to its values: every combination, the first name varying slowest) or rows (a list of mappings); every
row gives a value to each parameter of the template, and nothing else.

The question asked of each situation: a query (``query`` in clingo's syntax over outcome atoms, answered
``sometimes`` or ``always`` by clingo's brave or cautious consequences, without listing the outcomes), or the
number of distinct outcomes (on a projection if ``project`` names outcome predicates; with ``counts``, how
many outcomes share each projected value). A situation that cannot be read or asked (an unknown card, an
unsupported line, a bad action made by the parameters) is a row with its one-line error: a sweep is never
stopped by one of its situations.

The result is a pandas DataFrame, one row per situation, indexed by its number (from 0) and named
``situation``: the parameters, then ``holds`` and ``bindings`` (a query) or ``outcomes`` and ``counts`` (a
count), ``complete`` (False where the time limit stopped it), ``partial`` (with lines declared irrelevant, see
:class:`Declared`), ``error`` and ``seconds``. With ``out``, rows are
written as they come to ``<out>.parts/``, so that a sweep interrupted resumes where it stopped, and the
whole table to ``out`` (Parquet) once every row is done.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import pickle
import re
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyrules.api import ask, solve
from pyrules.base import arguments
from pyrules.base.collector import paused
from pyrules.base.document import Field
from pyrules.base.errors import InputError
from pyrules.base.files import check_output
from pyrules.base.processes import spread
from pyrules.cards.importer.areas import AREAS, area_of
from pyrules.cards.library import CardLibrary, CardSpec
from pyrules.engine.atoms import format_atom
from pyrules.engine.query import parse_query
from pyrules.engine.solver import SolveOptions, project_signatures
from pyrules.situation.builder import SituationBuilder
from pyrules.situation.loader import CASE_FIELDS, parse_situation, read_document
from pyrules.situation.model import Situation

__all__ = ["Template", "Declared", "sweep", "grid_rows", "card_rows", "plain_value", "RESULT_COLUMNS"]

#: The columns a sweep adds after the parameters (a parameter may not take one of these names).
RESULT_COLUMNS = ("holds", "bindings", "outcomes", "counts", "complete", "partial", "error", "seconds")

#: The result columns' types (pandas' nullable ones: a situation with an error has no answer).
_DTYPES = {"holds": "boolean", "outcomes": "Int64", "complete": "boolean", "error": "string", "seconds": "float64"}

_PLACEHOLDER = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")


# -- the template ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Template:
    """A situation with parameters: ``document`` as read (plain values), where each parameter is used
    (``places``: name -> the document paths of its placeholders), and what errors name (``source``, ``lines``)."""

    document: Any
    source: str
    lines: Mapping[str, int]
    library: CardLibrary | None
    places: Mapping[str, tuple[str, ...]]

    @classmethod
    def of(cls, template: str | Path | Mapping[str, Any] | SituationBuilder,
           library: CardLibrary | None = None) -> Template:
        """A template from a situation file, a situation document (as ``SituationBuilder.as_dict()``) or a
        builder (whose library is used unless ``library`` is given)."""
        arguments.instance(library, CardLibrary, "library", "a CardLibrary (pyrules.load_library)")
        if isinstance(template, SituationBuilder):
            library = library or template._library
            template = template.as_dict()
        if isinstance(template, Mapping):
            document = arguments.plain(dict(template), "template")
            source, lines = "<template>", {}
        elif isinstance(template, (str, Path)):
            arguments.check_path(template, "template")
            root = read_document(template)
            document, source, lines = root.value, root.source, root.lines
        else:
            raise TypeError(f"template must be a situation file, a situation document or a SituationBuilder, "
                            f"not {type(template).__name__}")
        places: dict[str, list[str]] = {}
        _find_placeholders(document, "", places)
        return cls(document, source, lines, library, {name: tuple(p) for name, p in places.items()})

    def situation(self, row: Mapping[str, Any], declared: Callable[[str], str] | None = None) -> Situation:
        """The situation this row of parameters makes (checked as a situation file is; ``declared``: the lines no
        template fits that the user declared irrelevant, see :class:`Declared`)."""
        value = _filled(self.document, row)
        with paused():
            return parse_situation(Field(value, "", self.source, self.lines), self.library, extra_fields=CASE_FIELDS,
                                   declared=declared)

    def where(self, name: str) -> str:
        """Where the template first uses a parameter."""
        return Field(None, self.places[name][0], self.source, self.lines).where


def _find_placeholders(value: Any, path: str, places: dict[str, list[str]]) -> None:
    if isinstance(value, dict):
        for key, sub in value.items():
            _find_placeholders(sub, f"{path}.{key}" if path else str(key), places)
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            _find_placeholders(sub, f"{path}.{i}" if path else str(i), places)
    elif isinstance(value, str):
        match = _PLACEHOLDER.fullmatch(value)
        if match:
            places.setdefault(match.group(1), []).append(path)


def _filled(value: Any, row: Mapping[str, Any]) -> Any:
    """The document with each placeholder replaced by its value (``$$`` at the start of a text: one ``$``)."""
    if isinstance(value, dict):
        return {key: _filled(sub, row) for key, sub in value.items()}
    if isinstance(value, list):
        return [_filled(sub, row) for sub in value]
    if isinstance(value, str) and value.startswith("$"):
        match = _PLACEHOLDER.fullmatch(value)
        if match:
            return row[match.group(1)]
        if value.startswith("$$"):
            return value[1:]
    return value


# -- the rows ----------------------------------------------------------------------------------------------------
def grid_rows(grid: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """Every combination of the values, the first name varying slowest."""
    names = list(grid)
    values = []
    for name in names:
        given = grid[name]
        if isinstance(given, (str, bytes, Mapping)) or not isinstance(given, Iterable):
            raise TypeError(f"parameters[{name!r}] must be a list of values, not {type(given).__name__}")
        values.append(list(given))
    return [dict(zip(names, combination)) for combination in itertools.product(*values)]


def card_rows(library: CardLibrary, name: str = "card", where: Callable[[CardSpec], bool] | None = None,
              types: Iterable[str] = ()) -> list[dict[str, str]]:
    """One row per card of a library (``{name: the card's name}``), in the order of the cards' names: those of
    every one of the given card ``types`` (such as ``["land"]``) for which ``where(card)`` holds."""
    arguments.instance(library, CardLibrary, "library", "a CardLibrary (pyrules.load_library)")
    wanted = set(types)
    rows = []
    for card_name in library.names():
        card = library[card_name]
        if wanted <= set(card.types) and (where is None or where(card)):
            rows.append({name: card_name})
    return rows


def _rows(parameters: Mapping[str, Sequence[Any]] | Sequence[Mapping[str, Any]], template: Template) -> list[dict]:
    """The rows, each checked against the template: plain values, and a value for exactly its parameters."""
    rows = grid_rows(parameters) if isinstance(parameters, Mapping) else parameters
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        raise TypeError("parameters must be a grid (a mapping from each name to its values) or a list of rows "
                        "(mappings)")
    checked = []
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping):
            raise TypeError(f"parameters[{i}] must be a mapping from parameter names to values, not "
                            f"{type(row).__name__}")
        row = arguments.plain(dict(row), f"parameters[{i}]")
        for name in row:
            if name in RESULT_COLUMNS:
                raise InputError(f"parameters[{i}]", f"'{name}' names a column of the result: call the parameter "
                                                     "something else")
            if name not in template.places:
                used = ", ".join(f"${n}" for n in template.places) or "none"
                raise InputError(f"parameters[{i}]", f"'{name}' is not a parameter of the template {template.source} "
                                                     f"(its parameters: {used})")
        for name in template.places:
            if name not in row:
                raise InputError(f"parameters[{i}]", f"no value for ${name} (used at {template.where(name)})")
        checked.append(row)
    return checked


# -- lines declared irrelevant (an opt-in) ------------------------------------------------------------------------
#: How a line set aside because the user declared it irrelevant is marked (its reason begins so).
DECLARED = "declared irrelevant in this sweep"


@dataclass(frozen=True)
class Declared:
    """Lines no template fits that a user declares irrelevant to a sweep's question, by their text or by their rules
    area (:mod:`pyrules.cards.importer.areas`): set aside where they would refuse a situation, and every row that
    used this says which. pyrules does not check the claim: such an answer is knowingly partial."""

    lines: frozenset[str] = frozenset()
    areas: frozenset[str] = frozenset()

    @classmethod
    def of(cls, lines: Iterable[str], areas: Iterable[str]) -> Declared:
        lines, areas = _texts(lines, "ignore_lines"), _texts(areas, "ignore_areas")
        known = [a.name for a in AREAS]
        for area in areas:
            if area not in known:
                raise InputError("ignore_areas", f"no rules area is called '{area}' (the areas: {', '.join(known)})")
        return cls(frozenset(lines), frozenset(areas))

    def __bool__(self) -> bool:
        return bool(self.lines or self.areas)

    def __call__(self, line: str) -> str:
        if line in self.lines:
            return f"{DECLARED} (ignore_lines): not modelled, so the answer is knowingly partial"
        area = area_of(line).name
        if area in self.areas:
            return f"{DECLARED} (ignore_areas: {area}): not modelled, so the answer is knowingly partial"
        return ""


def _texts(values: Iterable[str], name: str) -> tuple[str, ...]:
    if isinstance(values, str) or not all(isinstance(v, str) for v in values):
        raise TypeError(f"{name} must be a list of texts")
    return tuple(values)


# -- the question ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Question:
    query: str | None
    mode: str
    project: tuple[str, ...]
    counts: bool
    timeout: float | None
    limit: int | None

    declared: Declared = Declared()

    def columns(self) -> tuple[str, ...]:
        asked = ("holds", "bindings") if self.query is not None else \
            ("outcomes", "counts") if self.counts else ("outcomes",)
        return (*asked, "complete", *(("partial",) if self.declared else ()), "error", "seconds")

    def answer(self, situation: Situation) -> dict[str, Any]:
        found = self._answer(situation)
        if self.declared:
            found["partial"] = [f"{card}: {line}" for card, line, why in situation.set_aside if why.startswith(DECLARED)]
        return found

    def _answer(self, situation: Situation) -> dict[str, Any]:
        if self.query is not None:
            answer = ask(situation, self.query, self.mode, timeout=self.timeout)
            return {"holds": answer.holds, "complete": answer.complete,
                    "bindings": [{k: _text(v) for k, v in b.items()} for b in answer.bindings]}
        outcomes = solve(situation, timeout=self.timeout, limit=self.limit,
                         project=() if self.counts else self.project)
        found: dict[str, Any] = {"outcomes": len(outcomes), "complete": not outcomes.truncated}
        if self.counts:
            shared = Counter(" ".join(sorted(format_atom(a) for a in o.atoms
                                             if f"{a.name}/{len(a.arguments)}" in self.project)) for o in outcomes)
            found["counts"] = [{"value": value, "count": n} for value, n in
                               sorted(shared.items(), key=lambda item: (-item[1], item[0]))]
        return found


def _text(value: Any) -> str:
    return value if isinstance(value, str) else str(value)


@dataclass(frozen=True)
class _Work:
    """What each situation of a sweep needs (pickled lean: the library as a reference)."""

    template: Template
    question: _Question

    def __call__(self, numbered: tuple[int, dict[str, Any]]) -> dict[str, Any]:
        index, row = numbered
        start = time.perf_counter()
        found: dict[str, Any] = dict.fromkeys(self.question.columns())
        try:
            found.update(self.question.answer(self.template.situation(row, self.question.declared or None)))
        except InputError as error:  # (the template's own errors were found before the sweep began)
            found["error"] = str(error)
        found["seconds"] = time.perf_counter() - start
        return {"situation": index, **row, **found}


# -- the sweep -----------------------------------------------------------------------------------------------
def sweep(template: str | Path | Mapping[str, Any] | SituationBuilder,
          parameters: Mapping[str, Sequence[Any]] | Sequence[Mapping[str, Any]], *,
          query: str | None = None, mode: str = "sometimes", project: Sequence[str] | str = (), counts: bool = False,
          library: CardLibrary | None = None, timeout: float | None = None, limit: int | None = None,
          out: str | Path | None = None, jobs: int = 1, progress: Callable[[int, int], None] | None = None,
          ignore_lines: Iterable[str] = (), ignore_areas: Iterable[str] = (), scheduler: Any = None) -> Any:
    """Ask one question of every situation a template makes with its parameters: a pandas DataFrame, one row
    per situation (see the module's documentation). ``timeout``: seconds for each situation; ``out``: a
    Parquet file, written at the end, with the rows done kept in ``<out>.parts/`` meanwhile (a sweep run again
    with the same template, parameters and question resumes there); ``jobs``: situations asked at once, each
    in a forked process; ``scheduler``: a Dask scheduler's address or client, whose workers ask the situations
    instead (:mod:`pyrules.base.cluster`); ``progress(done, total)`` after each situation.

    ``ignore_lines`` and ``ignore_areas`` (an opt-in, never the default): lines no template fits, by their text or
    their rules area, that you declare irrelevant to the question: set aside where they would refuse a situation
    (the answer is then knowingly partial: pyrules does not check the claim), and the column ``partial`` lists, for
    each row, the lines set aside so ("card: line")."""
    import pandas as pd  # (the notebooks or parquet extra: pyrules itself needs no pandas)

    if mode not in ("sometimes", "always"):
        raise InputError("mode", f"is 'sometimes' or 'always', not {mode!r}")
    arguments.instance(counts, bool, "counts", "True or False", optional=False)
    arguments.function(progress, "progress")
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise InputError("jobs", "must be a whole number, at least 1")
    signatures = project_signatures(project)
    if query is not None:
        arguments.text(query, "query", "a query in clingo's syntax")
        if signatures or counts:
            raise InputError("query", "a sweep asks a query or counts outcomes (project, counts), not both")
    if counts and not signatures:
        raise InputError("counts", "counts are per projected value: name the outcome predicates to project onto "
                                   "(project=...)")
    SolveOptions(limit=limit, timeout=timeout)  # (checked once, not refused again at every situation)
    question = _Question(query, mode, signatures, counts, timeout, limit, Declared.of(ignore_lines, ignore_areas))
    work = _Work(Template.of(template, library), question)
    rows = _rows(parameters, work.template)
    if query is not None:
        _check_query(query, work, rows)
    if out is not None:  # (the table must not replace the template it reads)
        check_output(out, (template,) if isinstance(template, (str, Path)) else (), "out")
    parts = _Parts(Path(out), _fingerprint(work, rows)) if out is not None else None
    done = parts.read() if parts is not None else []
    finished = {r["situation"] for r in done}
    todo = [(i, row) for i, row in enumerate(rows) if i not in finished]
    if progress is not None and done:
        progress(len(done), len(rows))
    try:
        for found in _answers(work, todo, jobs, scheduler):
            done.append(found)
            if parts is not None:
                parts.add(found)
            if progress is not None:
                progress(len(done), len(rows))
    finally:  # (interrupted: the rows done are kept for the next run)
        if parts is not None:
            parts.flush()
    names = list(dict.fromkeys(name for row in rows for name in row))
    frame = pd.DataFrame(sorted(done, key=lambda r: r["situation"]),
                         columns=["situation", *names, *question.columns()]).set_index("situation")
    frame = frame.astype({column: dtype for column, dtype in _DTYPES.items() if column in frame.columns})
    if parts is not None:
        parts.finish(frame)
    return frame


def _check_query(query: str, work: _Work, rows: list[dict[str, Any]]) -> None:
    """A query that cannot be read (its syntax, an atom no outcome has, an id of no object) is the sweep's error, not
    every row's: read once against the first situation that can be read."""
    for row in rows:
        try:
            situation = work.template.situation(row, work.question.declared or None)
        except InputError:
            continue
        parse_query(query, situation, "query")
        return


def _answers(work: _Work, todo: list[tuple[int, dict[str, Any]]], jobs: int, scheduler: Any) -> Iterator[dict[str, Any]]:
    workers = jobs if scheduler is None else 64  # (on a cluster: chunks small enough to spread over many workers)
    return spread(work, todo, jobs, scheduler, chunk=max(1, min(16, len(todo) // (workers * 8))))


def _fingerprint(work: _Work, rows: list[dict[str, Any]]) -> str:
    """What makes two sweeps the same one: the template, its library, the rows and the question."""
    q = work.question
    asked = [q.query, q.mode, list(q.project), q.counts, q.timeout, q.limit, sorted(q.declared.lines),
             sorted(q.declared.areas)]
    text = json.dumps([work.template.document, work.template.source, rows, asked], sort_keys=True, default=str)
    digest = hashlib.sha256(text.encode())
    digest.update(pickle.dumps(work.template.library))  # (a library pickles as where its cards come from)
    return digest.hexdigest()


class _Parts:
    """The rows of a sweep written as they come (``<out>.parts/``, a Parquet file every second or so), read back
    when the same sweep runs again, and the whole table written to ``out`` at the end (atomically), the parts
    then removed."""

    EVERY = 1.0  # seconds between two parts

    def __init__(self, out: Path, fingerprint: str):
        self.out, self.fingerprint = out, fingerprint
        self.folder = out.with_name(out.name + ".parts")
        self.pending: list[dict[str, Any]] = []
        self.last = time.perf_counter()
        self.count = 0
        if out.exists() and not out.is_file():
            raise InputError(str(out), "not a regular file: the sweep's table cannot be written there")
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise InputError(str(out), "writing Parquet needs pyarrow: pip install 'pyrules[parquet]'") from None

    def read(self) -> list[dict[str, Any]]:
        import pandas as pd

        manifest = self.folder / "sweep.json"
        if not self.folder.exists():
            return []
        try:
            written = json.loads(manifest.read_text(encoding="utf-8"))["fingerprint"]
        except (OSError, ValueError, KeyError, TypeError):
            raise InputError(str(self.folder), "not the parts of a sweep (no readable sweep.json): remove it or "
                                               "choose another output") from None
        if written != self.fingerprint:
            raise InputError(str(self.folder), "the parts of another sweep (its template, parameters or question "
                                               "differ): remove them to start again, or choose another output")
        done: dict[int, dict[str, Any]] = {}
        for path in sorted(self.folder.glob("part-*.parquet")):
            self.count += 1
            try:
                frame = pd.read_parquet(path)
            except Exception:  # (pyarrow's errors have no common base but Exception)
                raise InputError(str(path), f"not a readable part of this sweep (damaged, or cut short): remove "
                                            f"{self.folder} to start again") from None
            for record in frame.reset_index().to_dict("records"):
                done[int(record["situation"])] = {k: plain_value(v) for k, v in record.items()}
        return list(done.values())

    def add(self, found: dict[str, Any]) -> None:
        self.pending.append(found)
        if time.perf_counter() - self.last >= self.EVERY:
            self.flush()

    def flush(self) -> None:
        import pandas as pd

        if not self.pending:
            return
        if not self.folder.exists():
            self.folder.mkdir(parents=True)
            (self.folder / "sweep.json").write_text(json.dumps({"fingerprint": self.fingerprint}), encoding="utf-8")
        self.count += 1
        path = self.folder / f"part-{self.count:06d}.parquet"
        _atomically(path, lambda tmp: pd.DataFrame(self.pending).set_index("situation").to_parquet(tmp))
        self.pending = []
        self.last = time.perf_counter()

    def finish(self, frame: Any) -> None:
        _atomically(self.out, frame.to_parquet)
        shutil.rmtree(self.folder, ignore_errors=True)


def _atomically(path: Path, write: Callable[[str], Any]) -> None:
    """Write through a temporary file in the same folder, renamed over ``path``: all or nothing."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent if str(path.parent) else ".")
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, path)
    except OSError as exc:
        _remove(tmp)
        raise InputError(str(path), f"cannot write: {exc.strerror or exc}") from None
    except BaseException:
        _remove(tmp)
        raise


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def plain_value(value: Any) -> Any:
    """A value of a sweep's table (or read back from Parquet) as plain Python: arrays as lists, NumPy scalars as their
    Python values, NaN and pandas' NA as None."""
    if value is None or type(value).__name__ == "NAType":
        return None
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        value = value.tolist()
    if isinstance(value, list):
        return [plain_value(v) for v in value]
    if isinstance(value, dict):
        return {k: plain_value(v) for k, v in value.items()}
    if isinstance(value, float) and value != value:
        return None
    return value

