"""The ``pyrules`` command: a thin layer over the Python API.

    pyrules outcomes FILE [--json] [--count] [--stream] [--project PRED[/N],...] [--where QUERY]
                          [--maximize OBJECTIVE | --minimize OBJECTIVE] [SITUATION OPTIONS]
    pyrules query FILE (--always QUERY | --sometimes QUERY | --where QUERY | --count) [--json] [SITUATION OPTIONS]
    pyrules diff FIRST SECOND [--project PRED[/N],...] [--where QUERY] [--json] [SITUATION OPTIONS]
    pyrules check [PATH ...] [--json] [--timeout SECONDS] [--update]
    pyrules sweep TEMPLATE (--grid NAME=V1,V2,... | --cards NAME=TYPE | --rows ROWS.yaml) ...
                           [--sometimes QUERY | --always QUERY | --project PRED[/N],... [--counts]]
                           [--out TABLE.parquet] [--jobs N] [--json] [--library LIBRARY.yaml] [--timeout SECONDS]
    pyrules explain FILE [--outcome N] [--atom ATOM|QUERY] [--why-not ATOM|QUERY] [--versus N]
                         [--format FORMAT] [--full] [--where QUERY] [SITUATION OPTIONS]
    pyrules cards import FILE [--format mtgjson|scryfall] [--out LIBRARY.yaml] [--report [--top N] [--json]]
    pyrules cards list [--library LIBRARY.yaml] [--name TEXT] [--type TYPE] [--text TEXT] [--unsupported] [--json]

Situation options (every command that solves a situation): --limit N, --timeout SECONDS,
--constraint FILE.lp|ASP (repeatable), --library LIBRARY.yaml, --verbose.

Exit codes: 0 fine (a query answered yes, --where matched), 1 an expectation failed (a query answered
no, --where matched nothing, a case failed, two files differ), 2 bad input, 3 a query undecided when
--timeout stopped it (or anything stopped while grounding), 130 interrupted (Ctrl-C).
Every error is one line on standard error, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import sys
import time
from collections.abc import Sequence
from functools import partial
from typing import Any

from pyrules.api import ask, count, solve
from pyrules.base import arguments, interrupt, memory
from pyrules.base.document import MAX_BYTES, Field, load_document, whole_number
from pyrules.base.errors import InputError
from pyrules.base.files import check_output, read_text
from pyrules.cards import search
from pyrules.cards.importer.library import load_library
from pyrules.cards.importer.run import main as import_main
from pyrules.cards.library import builtin_library
from pyrules.engine import solver
from pyrules.engine.atoms import format_atom
from pyrules.engine.query import parse_query
from pyrules.explain.judge import judge_view, object_names, sentence
from pyrules.regression import coverage, run_cases
from pyrules.snapshot import update_case
from pyrules.sweeps import RESULT_COLUMNS, card_rows, plain_value, sweep

#: Exit code of a query that --timeout stopped before it was decided.
UNDECIDED = 3

_QUERY_HELP = """A QUERY is written like the outcome atoms, in clingo's syntax: atoms with variables,
'not', comparisons and aggregates, such as 'counters_put(ballista, p1p1, N), N >= 5' or
'tap(O), not untap(O)'. Only outcome predicates may be read (pyrules' internals cannot be)."""

_EPILOGS = {
    "outcomes": """examples:
  pyrules outcomes examples/birds.yaml
  pyrules outcomes examples/birds.yaml --json --limit 2
  pyrules outcomes examples/ballista.yaml --where 'counters_put(ballista, p1p1, N), N > 5'
  pyrules outcomes examples/ballista.yaml --maximize 'N : counters_put(ballista, p1p1, N)'
  pyrules outcomes examples/ballista.yaml --constraint ':- counters_put(ballista, p1p1, 6).'
  pyrules outcomes big.yaml --stream --timeout 60      (print each outcome as it is found)
  pyrules outcomes big.yaml --count --jobs 2           (the enumeration split into cubes, two processes)
  pyrules outcomes big.yaml --count --scheduler tcp://host:8786 --cubes 128   (on a Dask cluster)

""" + _QUERY_HELP + """
An OBJECTIVE is 'TERMS : QUERY' (the sum of the first term over the distinct TERMS that match, as in
clingo's #maximize) or a QUERY alone (the number of its distinct matches): every optimal outcome is
listed, with the optimum.""",
    "query": """examples:
  pyrules query examples/birds.yaml --always 'tap(birds)'
  pyrules query examples/ballista.yaml --sometimes 'counters_put(ballista, p1p1, N), N >= 5'
  pyrules query examples/ballista.yaml --where 'counters_put(ballista, p1p1, 6)' --count
  pyrules query examples/birds.yaml --count --json

""" + _QUERY_HELP + """
--sometimes and --always use clingo's brave and cautious consequences (no outcome is listed); with
variables, they also print the values for which the query holds in some (in every) outcome.
Exit code 0 yes, 1 no, 3 undecided when --timeout stopped it.""",
    "diff": """examples:
  pyrules diff before.yaml after.yaml
  pyrules diff before.yaml after.yaml --project life_lost --json

Exit code 0 when the two have the same outcomes (on the projection), 1 when they differ.""",
    "check": """examples:
  pyrules check                        (the built-in rulings corpus)
  pyrules check my-cases/ --json
  pyrules check --timeout 10           (a one-step case still solving after 10 s fails)
  pyrules check --jobs 1               (one case at a time; default: as many at once as there are cores)
  pyrules check --scheduler tcp://host:8786   (on the workers of a Dask cluster: docs/distributed.md)
  pyrules check my-cases/ --update     (after a reviewed change: the cases failing only on their outcome set
                                        or count get the outcomes found now, in place; each change is printed)

--update rewrites 'exactly' and 'outcomes' only, of the cases whose other expectations all pass; the rest
of each file is kept as it is. The cases failing otherwise are reported and left alone (exit code 1).""",
    "sweep": """examples:
  pyrules sweep examples/sweep-land.yaml --grid land=Forest,Tundra,Mountain --project could_produce --counts
  pyrules sweep examples/sweep-land.yaml --cards land=land --library cards.yaml --grid condition="Blood Moon" \
      --sometimes 'could_produce(l, C)' --out lands.parquet --jobs 2
  pyrules sweep examples/sweep-ballista.yaml --grid x=0..6 --project counters_put --counts --json

A TEMPLATE is a situation file in which a value written $NAME (the whole value) is a parameter. --grid
gives a parameter's values, separated by commas (a whole number is a number; A..B is every number from A to
B); --cards one value per card of the library (--library over the built-in cards) that has a card type
('any': every card). Every combination of the values is a situation; --rows gives the rows instead (a YAML
or JSON list of mappings). Each situation gets one line (one JSON object with --json): the outcomes
counted (on --project, with --counts how many share each value) or the answer to --sometimes/--always
QUERY, or its error; a sweep goes on past errors. --out writes the table as Parquet (pip install
'pyrules[parquet]'), keeping the rows done in OUT.parts/ meanwhile: the same sweep run again resumes
there. Exit code 0 when the sweep ran (whatever its rows say).""",
    "cards list": """examples:
  pyrules cards list --name guide
  pyrules cards list --library cards.yaml --type elf --text "Add {G}"
  pyrules cards list --library cards.yaml --unsupported --type goblin""",
    "cards import": """examples:
  pyrules cards import AtomicCards.json.gz --out cards.yaml --report
  pyrules cards import oracle-cards.json --format scryfall --report
  pyrules outcomes situation.yaml --library cards.yaml""",
    "explain": """examples:
  pyrules explain examples/birds.yaml --outcome 2
  pyrules explain examples/ballista.yaml --outcome 2 --full
  pyrules explain examples/birds.yaml --atom 'mana_added(alice, g, 1)' --outcome 4
  pyrules explain examples/birds.yaml --why-not 'mana_added(alice, c, 1)'
  pyrules explain examples/ballista.yaml --atom 'counters_put(ballista, p1p1, N)'
  pyrules explain examples/birds.yaml --why-not 'mana_added(alice, T, 1), T != g, T != u, T != b, T != r, T != w'
  pyrules explain examples/ballista.yaml --outcome 1 --versus 2
  pyrules explain examples/ballista.yaml --where 'counters_put(ballista, p1p1, 6)' --format dot

""" + _QUERY_HELP + """
--atom and --why-not take an atom or a QUERY: --atom explains the atoms that match it in the first outcome
where it holds (and says which values of its variables hold in which outcomes); --why-not says why it holds
in no outcome: what in the situation blocks it, and for each of its instances the condition that fails.""",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit code 2
        self.exit(2, f"pyrules: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pyrules", description="Every legal outcome of a Magic: The Gathering situation.",
                     epilog="Run 'pyrules COMMAND --help' for a command's options and examples.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    common = _Parser(add_help=False)
    common.add_argument("--verbose", action="store_true", help="also print clingo's messages while grounding (stderr)")
    common.add_argument("--max-memory", metavar="SIZE", dest="max_memory",
                        help="stop (exit code 3) once the run holds more memory than SIZE (500M, 2G), its "
                             "processes together")
    solving = _Parser(add_help=False)
    solving.add_argument("--limit", type=int, metavar="N", help="stop after N outcomes (the result says it is truncated)")
    solving.add_argument("--timeout", type=float, metavar="SECONDS",
                         help="stop solving after SECONDS: the outcomes found so far, marked truncated (a query: "
                              "undecided, exit code 3, unless already decided); grounding stopped by it: exit code 3")
    solving.add_argument("--library", metavar="LIBRARY.yaml",
                         help="a card library file (pyrules cards import) over the built-in cards")
    solving.add_argument("--constraint", action="append", default=[], metavar="FILE.lp|ASP",
                         help="your own rules over outcome atoms, from a .lp file or given as text "
                              "(':- life_lost(alice, N), N > 3.'); repeatable")
    kinds = {"parents": [common, solving], "formatter_class": argparse.RawDescriptionHelpFormatter}
    p = sub.add_parser("outcomes", help="list every distinct legal outcome of a situation file",
                       epilog=_EPILOGS["outcomes"], **kinds)
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print one JSON object (with --stream: one per line)")
    p.add_argument("--project", metavar="PRED[/N],...", default=(),
                   help="distinct outcomes of these outcome predicates only (for example life_lost,discarded)")
    p.add_argument("--where", metavar="QUERY", help="only the outcomes where QUERY holds")
    best = p.add_mutually_exclusive_group()
    best.add_argument("--maximize", metavar="OBJECTIVE", help="only the outcomes with the most of OBJECTIVE")
    best.add_argument("--minimize", metavar="OBJECTIVE", help="only the outcomes with the least of OBJECTIVE")
    p.add_argument("--count", action="store_true", help="print how many outcomes there are, not the outcomes")
    p.add_argument("--stream", action="store_true",
                   help="print each outcome as soon as it is found (in the order found), the summary last")
    p.add_argument("--jobs", type=int, metavar="N", default=1,
                   help="split the enumeration into cubes solved by N processes at once (default 1: not split)")
    p.add_argument("--cubes", type=int, metavar="K",
                   help="how many cubes the enumeration is split into (default: 4 a process, 32 on a cluster)")
    _scheduler_option(p, "the cubes of the enumeration")
    p = sub.add_parser("query", help="does a query hold in some or in every outcome; which outcomes match",
                       epilog=_EPILOGS["query"], **kinds)
    p.add_argument("file")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--always", metavar="QUERY", help="holds in every outcome (cautious consequences)")
    group.add_argument("--sometimes", metavar="QUERY", help="holds in some outcome (brave consequences)")
    group.add_argument("--where", metavar="QUERY", help="list the outcomes where QUERY holds")
    p.add_argument("--count", action="store_true", help="count the outcomes (where QUERY holds, with --where)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p = sub.add_parser("explain", help="why an outcome (or one atom of it) holds, why an atom holds in no outcome, "
                                       "what separates two outcomes",
                       epilog=_EPILOGS["explain"], **kinds)
    p.add_argument("file")
    p.add_argument("--outcome", type=int, metavar="N",
                   help="which outcome, counting from 1 (default: 1, or with --atom the first where it holds)")
    p.add_argument("--atom", metavar="ATOM|QUERY",
                   help="explain only this atom and what it rests on (in the first outcome where it holds, unless "
                        "--outcome says which); a QUERY: the atoms that match it there, and which values hold where")
    p.add_argument("--why-not", metavar="ATOM|QUERY", dest="why_not",
                   help="why this atom (or any match of this QUERY) holds in no outcome")
    p.add_argument("--versus", type=int, metavar="N",
                   help="what separates the outcome of --outcome (default 1) from outcome N: the atoms only one has, "
                        "the choices made differently, with their rules, and the steps only one takes (text or json)")
    p.add_argument("--where", metavar="QUERY", help="count --outcome among the outcomes where QUERY holds")
    p.add_argument("--format", choices=("text", "dot", "graphml", "json", "markdown", "small-dot"), default="text",
                   help="text or markdown (the judge view: what the situation gives, the steps and choices in the "
                        "order they happen, each with its CR rules), dot, graphml or json (the full graph), "
                        "small-dot (only the situation's facts, the choices and the outcome atoms)")
    p.add_argument("--full", action="store_true",
                   help="with text: every rule firing below the outcome, as an indented tree")
    p = sub.add_parser("diff", help="the outcomes of two situation files: only in the first, only in the second",
                       epilog=_EPILOGS["diff"], **kinds)
    p.add_argument("first")
    p.add_argument("second")
    p.add_argument("--project", metavar="PRED[/N],...", default=(), help="compare these outcome predicates only")
    p.add_argument("--where", metavar="QUERY", help="compare the outcomes where QUERY holds")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p = sub.add_parser("check", help="run regression cases (default: the built-in rulings corpus)", parents=[common],
                       epilog=_EPILOGS["check"], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="*", metavar="PATH")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--timeout", type=float, metavar="SECONDS",
                   help="seconds of solving for each one-step case; a case stopped by it fails")
    p.add_argument("--wide", action="store_true", help="show every ruling a case cites, however wide the table")
    p.add_argument("--jobs", type=int, metavar="N", default=_cores(),
                   help="how many cases run at once, each in a process of its own (default: one per core)")
    _scheduler_option(p, "the cases")
    p.add_argument("--update", action="store_true",
                   help="rewrite 'exactly' and 'outcomes' of the cases that fail on them alone to the outcomes "
                        "found now, in place, printing each change (name the case files or folders)")
    p = sub.add_parser("sweep", help="ask one question of every situation a template file makes with its "
                                     "parameters: one row each (docs/sweeps.md)",
                       epilog=_EPILOGS["sweep"], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("template")
    p.add_argument("--grid", action="append", default=[], metavar="NAME=V1,V2,...",
                   help="a parameter's values (A..B: the numbers from A to B); repeatable: every combination")
    p.add_argument("--cards", action="append", default=[], metavar="NAME=TYPE",
                   help="a parameter taking the name of each card of the library with this card type (any: all)")
    p.add_argument("--rows", metavar="ROWS.yaml", help="the rows of parameters, a YAML or JSON list of mappings")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--always", metavar="QUERY", help="whether QUERY holds in every outcome of each situation")
    group.add_argument("--sometimes", metavar="QUERY", help="whether QUERY holds in some outcome of each situation")
    p.add_argument("--project", metavar="PRED[/N],...", default=(),
                   help="count the distinct outcomes of these outcome predicates only")
    p.add_argument("--counts", action="store_true",
                   help="with --project: how many outcomes share each projected value")
    p.add_argument("--out", metavar="TABLE.parquet", help="write the table here (resumable: see below)")
    p.add_argument("--json", action="store_true", help="one JSON object per situation, one a line")
    p.add_argument("--jobs", type=int, metavar="N", default=1,
                   help="how many situations are asked at once, each in a process of its own (default 1)")
    _scheduler_option(p, "the situations")
    p.add_argument("--library", metavar="LIBRARY.yaml",
                   help="a card library file (pyrules cards import) over the built-in cards")
    p.add_argument("--timeout", type=float, metavar="SECONDS", help="stop solving each situation after SECONDS "
                                                                    "(its row says it is not complete)")
    p.add_argument("--limit", type=int, metavar="N", help="count at most N outcomes of each situation")
    p.add_argument("--ignore-line", action="append", default=[], metavar="TEXT", dest="ignore_lines",
                   help="an opt-in: a line no template fits (its text) that you declare irrelevant: set aside, each row "
                        "that needed it says so (knowingly partial); repeatable")
    p.add_argument("--ignore-area", action="append", default=[], metavar="AREA", dest="ignore_areas",
                   help="an opt-in: every line no template fits of this rules area (as the import report names "
                        "them, such as 'combat'), declared irrelevant as --ignore-line; repeatable")
    p.add_argument("--max-memory", metavar="SIZE", dest="max_memory",
                   help="stop (exit code 3; the rows done are kept with --out) once the sweep holds more memory "
                        "than SIZE (500M, 2G), its processes together")
    p = sub.add_parser("cards", help="card libraries: import real cards from a bulk file (docs/import.md)")
    cards = p.add_subparsers(dest="cards_command", required=True, parser_class=_Parser)
    p = cards.add_parser("import", help="translate an MTGJSON AtomicCards or Scryfall Oracle Cards file (plain or .gz)",
                         epilog=_EPILOGS["cards import"], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file")
    p.add_argument("--format", choices=("mtgjson", "scryfall"), help="the file's format (default: from its shape)")
    p.add_argument("--out", metavar="LIBRARY.yaml", help="write the library here (default: standard output)")
    p.add_argument("--report", action="store_true", help="print how much was read (without --out: only that)")
    p.add_argument("--top", type=int, default=10, metavar="N", help="how many lines of each list the report shows "
                                                                    "(default 10)")
    p.add_argument("--json", action="store_true", help="the report as JSON (with --report)")
    p = cards.add_parser("list", help="find cards: by name, type or the text of an ability, or those with lines no "
                                      "template fits (the built-in cards, and a --library over them)",
                         epilog=_EPILOGS["cards list"], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--library", metavar="LIBRARY.yaml", help="a card library file over the built-in cards")
    p.add_argument("--name", default="", help="in the card's name (case is ignored)")
    p.add_argument("--type", default="", help="a card type, supertype or subtype (creature, legendary, elf)")
    p.add_argument("--text", default="", help="in the text of an ability, as pyrules reads it (or the line as printed, "
                                              "where no template fits)")
    p.add_argument("--unsupported", action="store_true", help="only cards with lines no template fits, which are "
                                                              "printed under each")
    p.add_argument("--json", action="store_true", help="each card as JSON: its faces' types, cost, abilities and "
                                                       "lines no template fits")
    return parser


def _scheduler_option(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--scheduler", metavar="ADDRESS", help=f"the Dask scheduler (tcp://host:8786) whose workers solve "
                                                          f"{what} instead (pip install 'pyrules[distributed]'; "
                                                          "docs/distributed.md)")


class _Printable:
    """The standard output with control characters escaped (ESC as \\x1b), but for newlines and tabs: ids and card
    names are the user's text, and a terminal would act on them (colours, a cleared screen, a moved cursor)."""

    _CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(self._CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    stdout, sys.stdout = sys.stdout, _Printable(sys.stdout)
    try:
        return _main(argv)
    finally:
        sys.stdout = stdout


def _main(argv: Sequence[str] | None) -> int:
    try:  # (a Ctrl-C may land in install(), once it has taken Ctrl-C over)
        args = _parser().parse_args(argv)
        interrupt.install()  # Ctrl-C stops clingo cleanly: exit 130, never a PANIC in a callback
        _check_bounds(args)
        if getattr(args, "timeout", None) is not None and args.command not in ("check", "sweep"):  # (a row's)
            solver.on_grounding_overrun = _grounding_overrun
        if getattr(args, "max_memory", None) is not None:
            memory.watch(memory.parse_size(args.max_memory), partial(_memory_overrun, args.max_memory))
        if args.command == "outcomes":
            return _outcomes(args)
        if args.command == "query":
            return _query(args)
        if args.command == "explain":
            return _explain(args)
        if args.command == "diff":
            return _diff(args)
        if args.command == "sweep":
            return _sweep(args)
        if args.command == "cards" and args.cards_command == "list":
            return _cards_list(args)
        if args.command == "cards":
            return import_main(args.file, args.format, args.out, args.report, args.top, args.json)
        return _check(args.paths, args.json, args.verbose, args.timeout, args.jobs, args.wide, args.update,
                      args.scheduler)
    except InputError as exc:
        print(f"pyrules: {exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: stop quietly, as a shell expects (128 + SIGINT)
        print("pyrules: interrupted", file=sys.stderr)
        return 130


def _grounding_overrun(where: str, timeout: float) -> None:
    """--timeout while clingo grounds without making a rule (which only ending the process stops): one line,
    exit code 3. Nothing of the answer has been written yet: grounding comes before any output."""
    try:
        sys.stdout.flush()
        print(f"pyrules: {where}: grounding stopped at the timeout ({timeout:g} s): nothing was decided",
              file=sys.stderr, flush=True)
    finally:
        os._exit(UNDECIDED)


def _memory_overrun(given: str, used: int) -> None:
    """--max-memory passed: one line, the child processes ended, exit code 3, from the watching thread (clingo may
    hold the main thread in C, where nothing else would stop it)."""
    try:
        lead = "\n" if sys.stderr.isatty() else ""  # (after a progress line)
        print(f"{lead}pyrules: stopped at --max-memory {given}: the run held {memory.shown(used)}; nothing more "
              "was decided (ask less with --limit, --project or --where, or allow more memory)", file=sys.stderr,
              flush=True)
        for child in memory.children(os.getpid()):
            try:
                os.kill(child, signal.SIGKILL)
            except OSError:
                pass
    finally:
        os._exit(UNDECIDED)


def _cores() -> int:
    """The cores this process may run on (its affinity, not the machine's count, where the system says)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _check_bounds(args: argparse.Namespace) -> None:
    if getattr(args, "limit", None) is not None and args.limit < 1:
        raise InputError("--limit", "must be at least 1")
    if getattr(args, "timeout", None) is not None:  # (inf was refused as the API's argument 'timeout', or run by check)
        arguments.seconds(args.timeout, "--timeout")
    if getattr(args, "jobs", None) is not None and args.jobs < 1:
        raise InputError("--jobs", "must be at least 1")
    if getattr(args, "top", None) is not None and args.top < 1:
        raise InputError("--top", "must be at least 1")
    if getattr(args, "cards_command", None) == "import" and args.json and not args.report:
        raise InputError("--json", "is the form of the report: give --report with it")


def _solve(path: str, args: argparse.Namespace, **kwargs: Any) -> Any:
    """Solve one situation file with the situation options of the command line."""
    return solve(path, limit=args.limit, timeout=args.timeout, constraints=tuple(args.constraint),
                 library=_library(args), **kwargs)


def _cards_list(args: argparse.Namespace) -> int:
    """``pyrules cards list``: the cards found, one a line (or as JSON), sorted by name."""
    wanted = search.Search(args.name, args.type, args.text, args.unsupported)
    found = search.find(_library(args) or builtin_library(), wanted)
    if args.json:
        print(json.dumps([search.describe(card) for card in found], indent=2))
        return 0
    for card in found:
        print(search.one_line(card))
        if args.unsupported:
            for face in card.parts:
                for ability in face.abilities:
                    if ability.kind == "unsupported":
                        print(f"    {ability.line}")
    return 0


def _library(args: argparse.Namespace) -> Any:
    """The library of --library (over the built-in cards), or None."""
    if getattr(args, "library", None) is None:
        return None

    return load_library(args.library, where="--library")


def _verbose(result: Any, verbose: bool, code: int) -> int:
    """With --verbose, clingo's messages (kept on every result) go to standard error."""
    if verbose:
        for message in result.messages:
            print(f"pyrules: clingo: {message}", file=sys.stderr)
        print(f"pyrules: {len(result.messages)} message(s) from clingo", file=sys.stderr)
    return code


def _outcomes(args: argparse.Namespace) -> int:
    split = {"jobs": args.jobs, "cubes": args.cubes, "scheduler": args.scheduler} \
        if args.jobs > 1 or args.cubes is not None or args.scheduler is not None else {}
    if split and args.stream:
        raise InputError("--stream", "streams the outcomes of one enumeration: not with --jobs, --cubes or "
                                     "--scheduler")
    if split and args.count:
        return _count_in_cubes(args, split)
    if args.stream and args.count:  # (--count printed every outcome as it was found)
        raise InputError("--stream", "prints each outcome as it is found, --count only their number: give one")
    progress = _Progress(args.timeout) if _show_progress() and not args.stream and not split else None
    stream = _Stream(args.json, args.limit) if args.stream else None
    result = _solve(args.file, args, project=args.project, where=args.where, maximize=args.maximize,
                    minimize=args.minimize, progress=progress, on_outcome=stream,
                    on_step=progress.step if progress is not None else None, **split)
    if progress is not None:
        progress.done()
    if stream is not None:
        stream.close(result)
    elif args.count:
        print(json.dumps(_counts(result), indent=2) if args.json else _summary(result))
    else:
        _print_outcomes(result, args.json)
    return _verbose(result, args.verbose, 0)


def _count_in_cubes(args: argparse.Namespace, split: dict[str, Any]) -> int:
    """--count with the enumeration split in cubes: only each cube's count comes back (api.count)."""
    result = count(args.file, limit=args.limit, timeout=args.timeout, constraints=tuple(args.constraint),
                   library=_library(args), project=args.project, where=args.where, maximize=args.maximize,
                   minimize=args.minimize, **split)
    print(json.dumps(_counts(result), indent=2) if args.json else _summary(result))
    return _verbose(result, args.verbose, 0)


def _print_outcomes(result: Any, as_json: bool) -> None:
    if as_json:
        print(result.to_json(indent=2))
        return
    print(_summary(result))
    write, chunk = sys.stdout.write, []
    for i, outcome in enumerate(result, start=1):  # written a thousand outcomes at a time
        texts = outcome.texts
        chunk.append(_outcome_text(i, texts))
        if len(chunk) == 1000:
            write("".join(chunk))
            chunk.clear()
    write("".join(chunk))


def _outcome_text(number: int, texts: list[str]) -> str:
    """An outcome as printed: its atoms a line each; one with none (a combat where nothing attacks, a permanent
    that could produce nothing) says so."""
    return f"Outcome {number}:\n  " + "\n  ".join(texts) + "\n" if texts else f"Outcome {number}: (no atoms)\n"


def _counts(result: Any) -> dict[str, Any]:
    return {"situation": result.situation.source, "count": len(result), "truncated": result.truncated,
            "timed_out": result.timed_out, "illegal": result.illegal, "optimum": result.optimum,
            "set_aside": result.set_aside()}


class _Stream:
    """--stream: each outcome printed as clingo finds it (numbered in that order), the summary last."""

    def __init__(self, as_json: bool, limit: int | None):
        self.as_json, self.limit, self.found = as_json, limit, 0

    def __call__(self, outcome: Any) -> None:
        if self.limit is not None and self.found >= self.limit:
            return  # the one past the limit only tells that the list is truncated
        self.found += 1
        if self.as_json:
            print(json.dumps({"outcome": self.found, **outcome.to_dict()}), flush=True)
        else:
            print(_outcome_text(self.found, outcome.texts), end="", flush=True)

    def close(self, result: Any) -> None:
        if self.found == 0 and len(result):  # solved without streaming (a sequence of actions)
            for outcome in result:
                self(outcome)
        print(json.dumps({"summary": _counts(result)}) if self.as_json else _summary(result))


def _summary(result: Any) -> str:
    n = len(result)
    text = f"{result.situation.source}: {n} outcome{'s' if n != 1 else ''}"
    if result.timed_out:
        text += f" (truncated: stopped at --timeout {result.options.timeout:g} s)"
    elif result.truncated:
        text += f" (truncated at --limit {result.options.limit})"
    if result.illegal:
        text += " -- not legal: " + "; ".join(result.illegal)
    if result.optimum is not None:
        text += f" (optimum {result.optimum})"
    stats = result.statistics
    text += f"  [ground {stats.ground_seconds:.3f}s, solve {stats.solve_seconds:.3f}s]"
    for card, line, why in result.situation.set_aside:  # (issue 34: what was not read, and why it cannot matter)
        text += f"\n  set aside: in '{card}': {line} ({why})"
    return text


def _show_progress() -> bool:
    """A progress line on a terminal (or when PYRULES_PROGRESS=1 asks for it), never into a file."""
    return os.environ.get("PYRULES_PROGRESS") == "1" or sys.stderr.isatty()


class _Progress:
    """One line on standard error, rewritten in place: outcomes so far and the rate, or for a sequence of
    actions the steps solved, the distinct states reached and what lies ahead; ended when done. A sequence
    that will go on past :data:`_LONG` seconds with no --timeout says once how to bound it."""

    def __init__(self, timeout: float | None = None) -> None:
        self.shown = False
        self.timeout = timeout
        self.warned = False

    def __call__(self, found: int, seconds: float) -> None:
        print(f"\rpyrules: {found:,} outcomes so far, {found / seconds:,.0f}/s", end="", file=sys.stderr, flush=True)
        self.shown = True

    def step(self, playing: Any) -> None:
        """A sequence of actions (pyrules.play.sequence.Playing): steps, states, and what lies ahead. Once a
        second of steps shows the rate, a search that will go on past _LONG seconds with no --timeout says so,
        with its estimate; one still going after _LONG seconds says so in any case."""
        ahead = playing.seconds_ahead
        if self.timeout is None and not self.warned and (playing.seconds >= _LONG or
                                                         (playing.seconds >= 1 and ahead >= _LONG)):
            print(f"\rpyrules: {playing.steps_ahead:,} steps ahead on {playing.open_lines:,} open lines, "
                  f"{_duration(ahead)} at this rate, with no --timeout: every line goes on to its end; "
                  "--timeout SECONDS stops at that time with the lines ended by then", file=sys.stderr)
            self.warned = True
        print(f"\rpyrules: {playing.steps:,} steps solved, {playing.states:,} distinct states, "
              f"{playing.steps / playing.seconds:,.0f} steps/s, {playing.open_lines:,} lines open, "
              f"{playing.steps_ahead:,} steps ahead ", end="", file=sys.stderr, flush=True)
        self.shown = True

    def done(self) -> None:
        if self.shown:
            print(file=sys.stderr)


#: Seconds after which a sequence of actions with no --timeout says how to bound it.
_LONG = 10.0


def _duration(seconds: float) -> str:
    """About how long: "about 40 s", "about 12 min", "about 3.5 h"."""
    if seconds < 120:
        return f"about {seconds:.0f} s"
    if seconds < 7200:
        return f"about {seconds / 60:.0f} min"
    return f"about {seconds / 3600:.1f} h"


class _CaseProgress:
    """`pyrules check` or `pyrules sweep` on a terminal: cases checked (situations asked) so far and an estimate of
    the time left, on one line of standard error rewritten in place (at most twice a second), ended when done."""

    def __init__(self, what: str = "cases checked") -> None:
        self.start = self.last = time.perf_counter()
        self.shown = False
        self.what = what

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if now - self.last < 0.5 and done < total:
            return
        self.last = now
        left = (now - self.start) / done * (total - done)
        print(f"\rpyrules: {done:,}/{total:,} {self.what}, about {left:.0f} s left ", end="", file=sys.stderr,
              flush=True)
        self.shown = True

    def done(self) -> None:
        if self.shown:
            print(file=sys.stderr)


def _sweep(args: argparse.Namespace) -> int:
    """``pyrules sweep``: one line (or JSON object) per situation, then a summary on standard error."""
    library = _library(args)
    if args.out is not None:  # (the table must not replace a file the sweep reads)
        check_output(args.out, tuple(p for p in (args.template, args.rows, args.library) if p is not None), "--out")
    if args.rows is not None and (args.grid or args.cards):
        raise InputError("--rows", "gives the rows whole: not with --grid or --cards")
    if args.rows is not None:
        parameters: Any = _sweep_rows(args.rows)
    else:
        parameters = {}
        for given in args.grid:
            name, values = _named(given, "--grid")
            if name in parameters:
                raise InputError("--grid", f"'{name}' is given twice: give its values once, separated by commas")
            parameters[name] = [v for value in values.split(",") for v in _grid_values(value)]
        for given in args.cards:
            name, kind = _named(given, "--cards")
            if name in parameters:
                raise InputError("--cards", f"'{name}' is given twice (by --grid or --cards): give it once")
            parameters[name] = [r[name] for r in card_rows(library or builtin_library(), name,
                                                            types=() if kind == "any" else (kind,))]
            if not parameters[name]:
                raise InputError("--cards", f"no card of the library has the card type '{kind}'")
    if args.counts and not args.project:
        raise InputError("--counts", "counts how many outcomes share each projected value: give --project")
    query, mode = (args.always, "always") if args.always else (args.sometimes, "sometimes")
    if query is not None and (args.project or args.counts):
        raise InputError("--project", "a sweep asks a query or counts outcomes, not both")
    progress = _CaseProgress("situations asked") if _show_progress() else None
    start = time.perf_counter()
    table = sweep(args.template, parameters, query=query, mode=mode, project=args.project, counts=args.counts,
                  library=library, timeout=args.timeout, limit=args.limit, out=args.out, jobs=args.jobs,
                  progress=progress, ignore_lines=args.ignore_lines, ignore_areas=args.ignore_areas,
                  scheduler=args.scheduler)
    if progress is not None:
        progress.done()
    if args.out is None:
        for situation, row in zip(table.index, table.to_dict("records")):
            print(json.dumps({"situation": int(situation), **_json_row(row)}) if args.json else _sweep_line(row, query))
    errors = int(table["error"].notna().sum())
    print(f"pyrules: {len(table):,} situation{'s' if len(table) != 1 else ''}, {len(table) - errors:,} answered, "
          f"{errors:,} with errors, in {time.perf_counter() - start:.2f}s" +
          (f"; the table is in {args.out}" if args.out else ""), file=sys.stderr)
    return 0


def _named(given: str, option: str) -> tuple[str, str]:
    name, equals, value = given.partition("=")
    if not equals or not name.strip():
        raise InputError(option, f"'{given}' is not NAME=VALUES")
    return name.strip(), value


def _grid_values(value: str) -> list[Any]:
    """One value of --grid: a whole number (negative too: a life total) as a number, A..B as the numbers from A to
    B, anything else as text."""
    low, dots, high = value.partition("..")
    first, last = _signed_number(low), _signed_number(high)
    if dots and first is not None and last is not None:
        if last < first or last - first > 1_000_000:
            raise InputError("--grid", f"'{value}' is not a range of at most 1,000,000 numbers from low to high")
        return list(range(first, last + 1))
    number = _signed_number(value)
    return [number if number is not None else value]


def _signed_number(text: str) -> int | None:
    """The whole number a text writes, with a '-' before it or not; else None."""
    text = text.strip()
    number = whole_number(text.removeprefix("-"))
    return None if number is None else -number if text.startswith("-") else number


def _sweep_rows(path: str) -> list[Any]:
    value, lines = load_document(read_text(path, path, "a rows file", MAX_BYTES), path)
    root = Field(value, "", path, lines)
    if not isinstance(root.value, list):
        raise root.fail("the rows of a sweep are a list of mappings (parameter name: value)")
    for i, row in enumerate(root.value):
        if not isinstance(row, dict):
            raise root.child(i).fail("a row is a mapping from parameter names to values")
    return root.value


def _json_row(row: dict[str, Any]) -> dict[str, Any]:
    return {k: plain_value(v) for k, v in row.items()}


def _sweep_line(row: dict[str, Any], query: str | None) -> str:
    row = _json_row(row)
    fields = [(k, v) for k, v in row.items() if k not in RESULT_COLUMNS]
    head = " ".join(f"{k}={v}" for k, v in fields)
    if row["error"] is not None:
        return f"{head}: error: {row['error']}"
    cut = "" if row["complete"] else " (stopped: not complete)"
    if row.get("partial"):
        cut += f" (knowingly partial: set aside as you declared: {' | '.join(row['partial'])})"
    if query is not None:
        values = "; ".join(", ".join(f"{k} = {v}" for k, v in b.items()) for b in row["bindings"] if b)
        return f"{head}: {'yes' if row['holds'] else 'no'}{': ' + values if values else ''}{cut}"
    shared = "".join(f"\n  {c['count']:,} x {c['value'] or '(none)'}" for c in row.get("counts") or ())
    return f"{head}: {row['outcomes']:,} outcome{'s' if row['outcomes'] != 1 else ''}{cut}{shared}"


def _diff(args: argparse.Namespace) -> int:
    """Exit 0 when the two files have the same outcomes (on the projection), 1 when they differ."""
    first, second = args.first, args.second
    a, b = (_solve(path, args, project=args.project, where=args.where) for path in (first, second))
    found = a.compare(b, args.project)
    cut = [path for path, r in ((first, a), (second, b)) if r.truncated]
    if args.json:
        print(json.dumps({"first": first, "second": second, "project": list(a.options.project), "truncated": cut,
                          **{k: [list(o) for o in v] for k, v in found.items()}}, indent=2))
    else:
        counts = [f"{n} outcome{'s' if n != 1 else ''}" for n in (len(a), len(b))]
        print(f"{first}: {counts[0]}; {second}: {counts[1]}; {len(found['both'])} in both")
        for path in cut:
            print(f"truncated: {path} (at --limit or --timeout): the comparison covers the outcomes found")
        for key, path in (("only_first", first), ("only_second", second)):
            for atoms in found[key]:
                print(f"only in {path}: {', '.join(atoms) or '(nothing changes)'}")
    code = 0 if not found["only_first"] and not found["only_second"] else 1
    return _verbose(a, args.verbose, _verbose(b, args.verbose, code))


def _query(args: argparse.Namespace) -> int:
    if args.where is not None or (args.count and not (args.always or args.sometimes)):
        result = _solve(args.file, args, where=args.where)
        if args.count:
            print(json.dumps({**_counts(result), "where": args.where}, indent=2) if args.json else _summary(result))
        else:
            _print_outcomes(result, args.json)
        return _verbose(result, args.verbose, 0 if len(result) else 1)
    if args.count:
        raise InputError("--count", "counts outcomes (with --where, those that match), not with --always/--sometimes")
    if not (args.always or args.sometimes):
        raise InputError("query", "ask one of --always QUERY, --sometimes QUERY, --where QUERY or --count")
    if args.limit is not None:  # (it was silently ignored: every value listed, the answer complete)
        raise InputError("--limit", "bounds the outcomes listed (--where, --count): --always/--sometimes answer over "
                                    "every outcome")

    mode, text = ("always", args.always) if args.always else ("sometimes", args.sometimes)
    answer = ask(args.file, text, mode, constraints=tuple(args.constraint), timeout=args.timeout, origin=f"--{mode}",
                 library=_library(args))
    if args.json:
        print(json.dumps(answer.as_dict(), indent=2))
    elif answer.holds is None:
        print(f"undecided: {text} (stopped at --timeout {args.timeout:g} s)")
    else:
        phrase = {("always", True): "holds in every outcome", ("always", False): "does not hold in every outcome",
                  ("sometimes", True): "holds in some outcome", ("sometimes", False): "holds in no outcome"}
        print(f"{'yes' if answer.holds else 'no'}: {text} {phrase[mode, answer.holds]}")
        for binding in answer.bindings:
            print("  " + ", ".join(f"{k} = {v}" for k, v in binding.items()))
        if not answer.complete:
            print(f"(stopped at --timeout {args.timeout:g} s: the values found so far)")
    return UNDECIDED if answer.holds is None else 0 if answer.holds else 1


def _explain(args: argparse.Namespace) -> int:
    path, index, atom, why_not, fmt = args.file, args.outcome, args.atom, args.why_not, args.format
    if why_not is not None and (atom is not None or index is not None or args.versus is not None or args.full):
        raise InputError("--why-not", "says why an atom holds in no outcome: not with --atom, --outcome, --versus or "
                                      "--full (one question at a time)")
    result = _solve(path, args, explain=True, where=args.where)
    _verbose(result, args.verbose, 0)
    if why_not is not None:
        query = parse_query(why_not, result.situation, "--why-not")  # a typo: one line that names the option
        target = query.ground_atom or why_not
        reasons = result.why_not(target)
        if fmt == "json":
            blockers = result.blockers(target).as_dict() if len(result) and not result.sometimes(target) else None
            print(json.dumps({"atom": why_not, "reasons": reasons, "blockers": blockers}, indent=2))
        else:
            print(f"why not {why_not}:")
            for reason in reasons:
                print(f"  - {reason}")
        return 0
    if not len(result):
        reason = "; ".join(result.illegal) or ("no outcome where " + args.where if args.where else "no outcome")
        raise InputError(path, f"there is no outcome to explain ({reason}); try --why-not")
    if args.versus is not None:
        return _versus(result, args)
    query = parse_query(atom, result.situation, "--atom") if atom is not None else None
    found, values = _matched(result, query)
    if atom is not None and not found:
        raise InputError("--atom", f"{atom} holds in no outcome; try --why-not")
    holding = list(found)
    searched = index is None  # (then the first outcome where --atom holds)
    if index is None:
        index = holding[0] if holding else 1
    if not 1 <= index <= len(result):
        raise InputError("--outcome", f"must be between 1 and {len(result)}")
    outcome = result[index - 1]
    if atom is not None and index not in holding:
        raise InputError("--atom", f"{atom} does not hold in outcome {index}; it holds in {_numbers('outcome', holding)}")
    if query is not None and (query.ground_atom is None or searched and len(result) > 1):  # which outcomes hold it
        lines = [f"  {v}: {_numbers('outcome', numbers)}" for v, numbers in values.items()]
        lines = lines[:_CONTRASTS] + ([f"  ... ({len(lines) - _CONTRASTS} more)"] if len(lines) > _CONTRASTS else [])
        print(f"{atom} holds in {_numbers('outcome', holding)} of {len(result)}: outcome {index} is explained",
              *lines, sep="\n", file=sys.stdout if fmt in ("text", "markdown") else sys.stderr)
    atoms = found.get(index, ())
    graph = outcome.explain(atoms[0] if len(atoms) == 1 else atom)
    if args.full and fmt != "text":
        raise InputError("--full", "goes with --format text (the other formats are chosen by --format)")
    if fmt == "text" and not args.full:
        view = graph.judge(atoms[0]) if len(atoms) == 1 else \
            judge_view(graph, [graph.atom_node(a) for a in atoms]) if atoms else graph.judge()
        text = view.text()
    else:
        text = {"text": graph.text, "dot": graph.to_dot, "graphml": graph.to_graphml, "json": graph.to_json,
                "markdown": graph.to_markdown, "small-dot": graph.to_small_dot}[fmt]()
    sys.stdout.write(text)
    if fmt == "text" and not args.full:  # what the other outcomes have instead (of the atoms, or of each atom)
        names = object_names(result.situation)

        def said_in_words(symbol: Any) -> str:
            return sentence(symbol, names).rstrip(".")

        symbols = list(atoms) if atom is not None else sorted(outcome.atoms, key=format_atom)
        lines = []
        for symbol in symbols:
            for others, n in result.contrast(index - 1, symbol):
                what = "" if len(atoms) == 1 else f" of \"{said_in_words(symbol)}\""
                lines.append(f"instead{what}, in {n} other outcome{'s' if n != 1 else ''}: "
                             f"{'; '.join(said_in_words(result.atom(a)) for a in others) or 'nothing of the kind'}")
        for line in lines[:_CONTRASTS] + ([f"... ({len(lines) - _CONTRASTS} more)"] if len(lines) > _CONTRASTS else []):
            print(line)
    return 0


def _matched(result: Any, query: Any) -> tuple[dict[int, tuple[Any, ...]], dict[str, list[int]]]:
    """Where --atom holds: the number (from 1) of each outcome where it does, with the atoms that match it there
    (an atom: itself; a query: its atoms not under 'not', as clingo matched them); and for a query with
    variables, each set of their values for which it holds, with the numbers of the outcomes where it does."""
    if query is None:
        return {}, {}
    if query.ground_atom is not None:
        return {i: (query.ground_atom,) for i, o in enumerate(result, start=1) if query.ground_atom in o.atoms}, {}
    found, values = {}, {}
    for m in result.matches(query.text, query.where):
        found[m.index + 1] = m.atoms
        for binding in m.bindings:
            values.setdefault(", ".join(f"{k} = {v}" for k, v in binding.items()), []).append(m.index + 1)
    return found, values


def _versus(result: Any, args: argparse.Namespace) -> int:
    """--versus: what separates the outcome of --outcome (default 1) from another."""
    if args.atom is not None or args.full:
        raise InputError("--versus", "compares two whole outcomes: not with --atom or --full")
    if args.format not in ("text", "json"):
        raise InputError("--versus", "prints text or json (--format text or --format json)")
    first = 1 if args.outcome is None else args.outcome
    for option, number in (("--outcome", first), ("--versus", args.versus)):
        if not 1 <= number <= len(result):
            raise InputError(option, f"must be between 1 and {len(result)}")
    if args.versus == first:
        raise InputError("--versus", f"names outcome {first}, the one explained: give another")
    found = result.versus(first - 1, args.versus - 1)
    sys.stdout.write(json.dumps(found.as_dict(), indent=2) + "\n" if args.format == "json" else found.text())
    return 0


def _numbers(what: str, numbers: list[int], most: int = 8) -> str:
    """``outcome 3``, ``outcomes 2, 5 and 7``, or the first ``most`` and how many more."""
    shown = [str(n) for n in numbers[:most]] + ([f"{len(numbers) - most} more"] if len(numbers) > most else [])
    listed = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
    return f"{what}{'s' if len(numbers) > 1 else ''} {listed}"


#: At most this many "instead" lines under a judge view.
_CONTRASTS = 6


#: The narrowest rulings column worth showing (shortened); narrower, it is left out.
_NARROWEST = 16


def _shortened(text: str, width: int) -> str:
    return text if len(text) <= width else text[:max(width - 1, 0)] + "…"


def _check(paths: list[str], as_json: bool, verbose: bool = False, timeout: float | None = None, jobs: int = 1,
           wide: bool = False, update: bool = False, scheduler: str | None = None) -> int:
    if update and not paths:
        raise InputError("--update", "name the case files or folders to update (the built-in corpus ships inside "
                                     "the package)")
    progress = _CaseProgress() if _show_progress() else None
    results = run_cases(paths or None, timeout, jobs, progress, scheduler)
    if progress is not None:
        progress.done()
    updates = {}
    if update:  # one case at a time: each is rewritten, then run again
        for i, r in enumerate(results):
            results[i], change = update_case(r, timeout)
            if change is not None:
                updates[i] = change
    if verbose:
        for r in results:
            for message in r.messages:
                print(f"pyrules: {r.id}: clingo: {message}", file=sys.stderr)
    failed = sum(r.status != "pass" for r in results)
    passed = sum(r.status == "pass" and i not in updates for i, r in enumerate(results))
    if as_json:
        cases = [{**r.as_dict(), "updated": i in updates} if update else r.as_dict() for i, r in enumerate(results)]
        counts = {"passed": passed, "failed": failed, **({"updated": len(updates)} if update else {})}
        print(json.dumps({"cases": cases, **counts}, indent=2))
        return 0 if failed == 0 else 1
    width = max([len(r.id) for r in results] + [4])
    rwidth = max([len(", ".join(r.rulings + r.rules)) for r in results] + [7])
    # Within the terminal (80 columns when not one) unless --wide: the rulings are shortened, or left out.
    room = (10**6 if wide else shutil.get_terminal_size().columns) - width - len("    outcomes  status  ") - 7
    shown = rwidth if rwidth <= room else room if room >= _NARROWEST else 0
    head = f"  {'rulings':<{shown}}" if shown else ""
    swidth = 7 if updates else 6
    print(f"{'case':<{width}}{head}  {'outcomes':>8}  {'status':<{swidth}}  time")
    for i, r in enumerate(results):
        cites = _shortened(", ".join(r.rulings + r.rules), shown)
        outcomes = "-" if r.outcomes is None else str(r.outcomes)
        cell = f"  {cites:<{shown}}" if shown else ""
        status = "updated" if i in updates and r.status == "pass" else r.status
        print(f"{r.id:<{width}}{cell}  {outcomes:>8}  {status:<{swidth}}  {r.seconds:.3f}s")
        for problem in r.problems:
            print(f"    {problem}")
    if shown < rwidth:
        print(f"(rulings {'shortened' if shown else 'left out'} to fit the terminal: --wide shows them all, "
              "--json too)")
    if not paths:
        counts = coverage(results)
        covered = sum(1 for n in counts.values() if n >= 2)
        print(f"\nSeed rulings with at least two passing cases: {covered}/{len(counts)}")
    for change in updates.values():
        print("\n".join(change.lines()))
    print(f"{passed} passed, {len(updates)} updated, {failed} failed" if update else f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
