"""The ``pyrules`` command: a thin layer over the Python API.

    pyrules outcomes FILE [--json] [--limit N] [--timeout SECONDS] [--project PRED[/N],...]
    pyrules query FILE (--always ATOM | --sometimes ATOM)
    pyrules diff FIRST SECOND [--project PRED[/N],...] [--json]
    pyrules check [PATH ...] [--json]
    pyrules explain FILE [--outcome N] [--atom ATOM] [--why-not ATOM] [--format text|dot|graphml|json]
    pyrules cards import FILE [--format mtgjson|scryfall] [--out LIBRARY.yaml] [--report]

Exit codes: 0 fine, 1 an expectation failed (a query answered no, a case failed, two files differ),
2 bad input, 130 interrupted (Ctrl-C).
Every error is one line on standard error, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from . import interrupt
from .api import solve
from .errors import InputError
from .outcomes import Outcomes
from .regression import coverage, run_cases


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit code 2
        self.exit(2, f"pyrules: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pyrules", description="Every legal outcome of a Magic: The Gathering situation.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    common = _Parser(add_help=False)
    common.add_argument("--verbose", action="store_true", help="also print clingo's messages while grounding (stderr)")
    p = sub.add_parser("outcomes", help="list every distinct legal outcome of a situation file", parents=[common])
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--limit", type=int, metavar="N", help="stop after N outcomes (the result is marked truncated)")
    p.add_argument("--timeout", type=float, metavar="SECONDS",
                   help="stop solving after SECONDS and list the outcomes found so far (marked truncated)")
    p.add_argument("--project", metavar="PRED/N,...", default="",
                   help="distinct outcomes of these outcome predicates only (for example life_lost/2,discarded/2)")
    p = sub.add_parser("query", help="is an atom true in some or in every outcome?", parents=[common])
    p.add_argument("file")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--always", metavar="ATOM", help="true in every outcome (cautious consequence)")
    group.add_argument("--sometimes", metavar="ATOM", help="true in some outcome (brave consequence)")
    p = sub.add_parser("explain", help="why an outcome (or one atom of it) holds, or why an atom holds in no outcome",
                       parents=[common])
    p.add_argument("file")
    p.add_argument("--outcome", type=int, default=1, metavar="N", help="which outcome, counting from 1 (default 1)")
    p.add_argument("--atom", metavar="ATOM", help="explain only this atom and what it rests on")
    p.add_argument("--why-not", metavar="ATOM", dest="why_not", help="why this atom holds in no outcome")
    p.add_argument("--format", choices=("text", "dot", "graphml", "json"), default="text")
    p = sub.add_parser("diff", help="the outcomes of two situation files: only in the first, only in the second",
                       parents=[common])
    p.add_argument("first")
    p.add_argument("second")
    p.add_argument("--project", metavar="PRED[/N],...", default="", help="compare these outcome predicates only")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    for name in ("outcomes", "query", "explain", "diff"):
        sub.choices[name].add_argument("--library", metavar="LIBRARY.yaml",
                                       help="a card library file (pyrules cards import) over the built-in cards")
    p = sub.add_parser("check", help="run regression cases (default: the built-in rulings corpus)", parents=[common])
    p.add_argument("paths", nargs="*", metavar="PATH")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p = sub.add_parser("cards", help="card libraries: import real cards from a bulk file (docs/import.md)")
    cards = p.add_subparsers(dest="cards_command", required=True, parser_class=_Parser)
    p = cards.add_parser("import", help="translate an MTGJSON AtomicCards or Scryfall Oracle Cards file (plain or .gz)")
    p.add_argument("file")
    p.add_argument("--format", choices=("mtgjson", "scryfall"), help="the file's format (default: from its shape)")
    p.add_argument("--out", metavar="LIBRARY.yaml", help="write the library here (default: standard output)")
    p.add_argument("--report", action="store_true", help="print how much was read (without --out: only that)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    interrupt.install()  # Ctrl-C stops clingo cleanly: exit 130, never a PANIC in a callback
    try:
        if args.command == "outcomes":
            if args.limit is not None and args.limit < 1:
                raise InputError("--limit", "must be at least 1")
            if args.timeout is not None and not args.timeout > 0:
                raise InputError("--timeout", "must be more than 0 seconds")
            progress = _Progress() if _show_progress() else None
            result = solve(args.file, limit=args.limit, project=args.project, timeout=args.timeout, progress=progress,
                           library=_library(args))
            if progress is not None:
                progress.done()
            return _verbose(result, args.verbose, _outcomes(result, args.json))
        if args.command == "query":
            result = solve(args.file, library=_library(args))
            return _verbose(result, args.verbose, _query(result, args.always, args.sometimes))
        if args.command == "explain":
            result = solve(args.file, explain=True, library=_library(args))
            return _verbose(result, args.verbose, _explain(result, args.file, args.outcome, args.atom, args.why_not,
                                                           args.format))
        if args.command == "diff":
            return _diff(args.first, args.second, args.project, args.json, _library(args))
        if args.command == "cards":
            from .importer.run import main as import_main

            return import_main(args.file, args.format, args.out, args.report)
        return _check(args.paths, args.json, args.verbose)
    except InputError as exc:
        print(f"pyrules: {exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: stop quietly, as a shell expects (128 + SIGINT)
        print("pyrules: interrupted", file=sys.stderr)
        return 130


def _library(args: argparse.Namespace) -> Any:
    """The library of --library (over the built-in cards), or None."""
    if getattr(args, "library", None) is None:
        return None
    from .importer.library import load_library

    return load_library(args.library, where="--library")


def _verbose(result: Outcomes, verbose: bool, code: int) -> int:
    """With --verbose, clingo's messages (kept on every result) go to standard error."""
    if verbose:
        for message in result.messages:
            print(f"pyrules: clingo: {message}", file=sys.stderr)
        print(f"pyrules: {len(result.messages)} message(s) from clingo", file=sys.stderr)
    return code


def _outcomes(result: Outcomes, as_json: bool) -> int:
    if as_json:
        print(result.to_json(indent=2))
        return 0
    print(_summary(result))
    for i, outcome in enumerate(result, start=1):
        print(f"Outcome {i}:")
        for text in outcome.texts:
            print(f"  {text}")
    return 0


def _summary(result: Outcomes) -> str:
    n = len(result)
    text = f"{result.situation.source}: {n} outcome{'s' if n != 1 else ''}"
    if result.timed_out:
        text += f" (truncated: stopped at --timeout {result.options.timeout:g} s)"
    elif result.truncated:
        text += f" (truncated at --limit {result.options.limit})"
    if result.illegal:
        text += " -- not legal: " + "; ".join(result.illegal)
    stats = result.statistics
    return text + f"  [ground {stats.ground_seconds:.3f}s, solve {stats.solve_seconds:.3f}s]"


def _show_progress() -> bool:
    """A progress line on a terminal (or when PYRULES_PROGRESS=1 asks for it), never into a file."""
    return os.environ.get("PYRULES_PROGRESS") == "1" or sys.stderr.isatty()


class _Progress:
    """One line on standard error, rewritten in place: outcomes so far and the rate; ended when done."""

    def __init__(self) -> None:
        self.shown = False

    def __call__(self, found: int, seconds: float) -> None:
        print(f"\rpyrules: {found:,} outcomes so far, {found / seconds:,.0f}/s", end="", file=sys.stderr, flush=True)
        self.shown = True

    def done(self) -> None:
        if self.shown:
            print(file=sys.stderr)


def _diff(first: str, second: str, project: str, as_json: bool, library: Any = None) -> int:
    """Exit 0 when the two files have the same outcomes (on the projection), 1 when they differ."""
    a, b = solve(first, project=project, library=library), solve(second, project=project, library=library)
    found = a.compare(b, project)
    if as_json:
        print(json.dumps({"first": first, "second": second, "project": list(a.options.project),
                          **{k: [list(o) for o in v] for k, v in found.items()}}, indent=2))
    else:
        counts = [f"{n} outcome{'s' if n != 1 else ''}" for n in (len(a), len(b))]
        print(f"{first}: {counts[0]}; {second}: {counts[1]}; {len(found['both'])} in both")
        for key, path in (("only_first", first), ("only_second", second)):
            for atoms in found[key]:
                print(f"only in {path}: {', '.join(atoms) or '(nothing changes)'}")
    return 0 if not found["only_first"] and not found["only_second"] else 1


def _query(result: Outcomes, always: str | None, sometimes: str | None) -> int:
    atom = always or sometimes
    symbol = result.atom(atom, "--always" if always else "--sometimes")
    answer = result.always(symbol) if always else result.sometimes(symbol)
    if always:
        phrase = "holds in every outcome" if answer else "does not hold in every outcome"
    else:
        phrase = "holds in some outcome" if answer else "holds in no outcome"
    print(f"{'yes' if answer else 'no'}: {atom} {phrase} ({len(result)} outcome{'s' if len(result) != 1 else ''})")
    return 0 if answer else 1


def _explain(result: Outcomes, path: str, index: int, atom: str | None, why_not: str | None, fmt: str) -> int:
    if why_not is not None:
        reasons = result.why_not(result.atom(why_not, "--why-not"))
        if fmt == "json":
            print(json.dumps({"atom": why_not, "reasons": reasons}, indent=2))
        else:
            print(f"why not {why_not}:")
            for reason in reasons:
                print(f"  - {reason}")
        return 0
    if not len(result):
        reason = "; ".join(result.illegal) or "no outcome"
        raise InputError(path, f"there is no outcome to explain ({reason}); try --why-not")
    if not 1 <= index <= len(result):
        raise InputError("--outcome", f"must be between 1 and {len(result)}")
    outcome = result[index - 1]
    if atom is not None and not outcome.holds(result.atom(atom, "--atom")):
        raise InputError("--atom", f"{atom} does not hold in outcome {index}; try --why-not")
    graph = outcome.explain(atom)
    text = {"text": graph.text, "dot": graph.to_dot, "graphml": graph.to_graphml, "json": graph.to_json}[fmt]()
    sys.stdout.write(text)
    return 0


def _check(paths: list[str], as_json: bool, verbose: bool = False) -> int:
    results = run_cases(paths or None)
    if verbose:
        for r in results:
            for message in r.messages:
                print(f"pyrules: {r.id}: clingo: {message}", file=sys.stderr)
    passed = sum(r.status == "pass" for r in results)
    failed = len(results) - passed
    if as_json:
        print(json.dumps({"cases": [r.as_dict() for r in results], "passed": passed, "failed": failed}, indent=2))
        return 0 if failed == 0 else 1
    width = max([len(r.id) for r in results] + [4])
    rwidth = max([len(", ".join(r.rulings + r.rules)) for r in results] + [7])
    print(f"{'case':<{width}}  {'rulings':<{rwidth}}  {'outcomes':>8}  {'status':<6}  time")
    for r in results:
        cites = ", ".join(r.rulings + r.rules)
        outcomes = "-" if r.outcomes is None else str(r.outcomes)
        print(f"{r.id:<{width}}  {cites:<{rwidth}}  {outcomes:>8}  {r.status:<6}  {r.seconds:.3f}s")
        for problem in r.problems:
            print(f"    {problem}")
    if not paths:
        counts = coverage(results)
        covered = sum(1 for n in counts.values() if n >= 2)
        print(f"\nSeed rulings with at least two passing cases: {covered}/{len(counts)}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
