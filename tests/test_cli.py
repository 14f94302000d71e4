"""The ``pyrules`` command: exit codes 0/1/2, one-line errors, text and JSON output."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from asplines import asp_line

import pyrules
from pyrules import cli
from pyrules.base.errors import one_line
from pyrules.cli import main
from pyrules.play.sequence import Runner

BIRDS = """\
    players: [alice, bob]
    objects:
      - {id: birds, card: Birds of Paradise, controller: alice}
      - {id: ring, card: Sol Ring, controller: alice, tapped: true}
    question:
      activate: birds
    """

BIRDS_OUTCOMES = [line for color in "bgruw" for line in (f"  mana_added(alice,{color},1)", "  tap(birds)")]


def atom_lines(lines: list[str]) -> list[str]:
    """Printed atom lines, leaving out the record of a mana choice (chose(P,mana(O),T)), which
    test_outcomes.py::test_mana_choice_is_reported checks on its own."""
    return [line for line in lines if not line.startswith("Outcome")
            and not (line.startswith("  chose(") and ",mana(" in line)]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, out: str, err: str, start: str) -> None:
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    assert err.startswith(start), err


# -- outcomes ------------------------------------------------------------------------------------
def test_outcomes_prints_every_outcome(write, capsys):
    path = write("birds.yaml", BIRDS)
    code, out, err = run(capsys, "outcomes", path)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert re.fullmatch(re.escape(f"{path}: 5 outcomes") + r"  \[ground \d+\.\d{3}s, solve \d+\.\d{3}s\]", lines[0])
    numbered = [f"Outcome {i}:" for i in range(1, 6)]
    assert [line for line in lines[1:] if line.startswith("Outcome")] == numbered
    assert atom_lines(lines[1:]) == BIRDS_OUTCOMES
    assert lines[1] == "Outcome 1:"


def test_outcomes_of_an_illegal_action(write, capsys):
    path = write("tapped.yaml", """\
        players: [alice]
        objects:
          - {id: ring, card: Sol Ring, controller: alice, tapped: true}
        question: {activate: ring}
        """)
    code, out, err = run(capsys, "outcomes", path)
    assert code == 0 and err == ""
    assert out.startswith(f"{path}: 0 outcomes -- not legal: "
                          "cannot activate (alice, ring, ability 1 of Sol Ring, already tapped)  [ground ")
    assert out.count("\n") == 1


@pytest.mark.parametrize("argv", [["--where", "tap(ring)"], ["--where", "tap(O), O != ring"], ["--maximize", "tap(O)"],
                                  ["--minimize", "N : mana_added(alice, c, N)"], ["--where", "tap(ring)", "--count"]])
def test_an_illegal_actions_reasons_are_kept_under_where_and_an_objective(write, capsys, argv):
    """0 outcomes because the action is not legal, not because nothing matches: the reasons were dropped by
    --where and --maximize/--minimize (kept by --count and --project), in text, JSON and Python."""
    path = write("tapped.yaml", """\
        players: [alice]
        objects:
          - {id: ring, card: Sol Ring, controller: alice, tapped: true}
        question: {activate: ring}
        """)
    reason = "cannot activate (alice, ring, ability 1 of Sol Ring, already tapped)"
    for command in ("outcomes", "query") if argv[0] == "--where" else ("outcomes",):
        code, out, err = run(capsys, command, path, *argv)
        assert err == "" and out.startswith(f"{path}: 0 outcomes -- not legal: {reason}  [ground ")
        code, out, err = run(capsys, command, path, *argv, "--json")
        assert json.loads(out)["illegal"] == [reason]
    options = {argv[0][2:]: argv[1]}
    assert pyrules.solve(path, **options).illegal == [reason]
    if argv[0] == "--where":
        assert pyrules.solve(path).where(argv[1]).illegal == [reason]


@pytest.mark.parametrize("command", [["outcomes"], ["diff", "examples/birds.yaml"]])
@pytest.mark.parametrize("project, message", [
    ("", "pyrules: --project: names no outcome predicate: give some"),
    ("tap,,move", "pyrules: --project: 'tap,,move': a name is missing between commas")])
def test_a_projection_that_leaves_a_name_out_is_refused(capsys, command, project, message):
    """--project '' listed whole outcomes, and 'tap,,move' projected on tap and move, silently."""
    assert_one_line_error(*run(capsys, *command, "examples/birds.yaml", "--project", project), message)


def test_a_sweep_refuses_a_projection_that_leaves_a_name_out(capsys):
    assert_one_line_error(*run(capsys, "sweep", "examples/sweep-ballista.yaml", "--grid", "x=1", "--grid",
                               "effect=Doubling Season", "--project", ""), "pyrules: --project: names no outcome")


def test_stream_with_count_is_refused(capsys):
    """--stream --count printed every outcome: --count was ignored."""
    assert_one_line_error(*run(capsys, "outcomes", "examples/birds.yaml", "--stream", "--count"),
                          "pyrules: --stream: prints each outcome as it is found, --count only their number: give one")


@pytest.mark.parametrize("mode", ["--sometimes", "--always"])
def test_a_limit_with_sometimes_or_always_is_refused(capsys, mode):
    """--limit 1 was ignored: every value listed, the answer complete."""
    assert_one_line_error(*run(capsys, "query", "examples/birds.yaml", mode, "mana_added(alice, C, 1)", "--limit", "1"),
                          "pyrules: --limit: bounds the outcomes listed (--where, --count): --always/--sometimes")
    code, out, _ = run(capsys, "query", "examples/birds.yaml", "--where", "mana_added(alice, C, 1)", "--limit", "1")
    assert code == 0 and "1 outcome (truncated at --limit 1)" in out


def test_bindings_sort_numbers_as_numbers(capsys):
    """life_lost(P, N) listed N = 12, 15, 18, 21, 3, 6, 9: sorted as texts."""
    path = "pyrules/corpus/choices/onyx-minus8-hand-of-eight.yaml"
    code, out, _ = run(capsys, "query", path, "--sometimes", "life_lost(P, N)")
    assert code == 0 and out.splitlines()[1:] == [f"  P = bob, N = {n}" for n in range(3, 22, 3)]
    assert pyrules.solve(path).query("life_lost(P, N), N > 9").bindings == tuple(
        {"P": "bob", "N": n} for n in (12, 15, 18, 21))


def test_outcomes_json(write, capsys):
    path = write("birds.yaml", BIRDS)
    code, out, err = run(capsys, "outcomes", path, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert {"count", "outcomes", "truncated", "statistics", "options"} <= set(data)
    assert data["count"] == 5 and data["truncated"] is False and data["illegal"] == []
    assert data["situation"] == str(path)
    assert [[a for a in o["atoms"] if not a.startswith("chose(")] for o in data["outcomes"]] == [
        [f"mana_added(alice,{c},1)", "tap(birds)"] for c in "bgruw"]
    assert data["outcomes"][0]["players"]["alice"] == {"life": 20, "mana_pool": {"b": 1}, "mana_added": {"b": 1}}
    assert data["outcomes"][0]["objects"]["birds"]["tapped"] is True
    assert data["statistics"]["models"] == 5 and data["statistics"]["ground_seconds"] >= 0
    assert data["options"]["limit"] is None and data["options"]["threads"] == 1


def test_outcomes_limit(write, capsys):
    path = write("birds.yaml", BIRDS)
    code, out, err = run(capsys, "outcomes", path, "--limit", "2", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["count"] == 2 and len(data["outcomes"]) == 2
    assert data["truncated"] is True
    assert data["options"]["limit"] == 2
    code, out, err = run(capsys, "outcomes", path, "--limit", "2")
    assert code == 0
    assert out.splitlines()[0].startswith(f"{path}: 2 outcomes (truncated at --limit 2)  [ground ")
    assert [line for line in out.splitlines() if line.startswith("Outcome")] == ["Outcome 1:", "Outcome 2:"]
    code, out, err = run(capsys, "outcomes", path, "--limit", "5", "--json")
    assert json.loads(out)["truncated"] is False and json.loads(out)["count"] == 5


# -- bad input: exit 2, one line, no traceback ------------------------------------------------------
BAD_INPUTS = {
    "malformed": ("players: [alice]\nobjects: []\nquestion: {activatable: alice}}\n", 3,
                  "malformed YAML: expected <block end>, but found '}'"),
    "wrong-type": ("players:\n  - {name: alice, life: twenty}\nobjects: []\nquestion: {activatable: alice}\n", 2,
                   "players.0.life must be a whole number, not 'twenty'"),
    "unknown-field": ("players: [alice]\nobjects: []\nquestion: {activatable: alice}\ncolour: red\n", 4,
                      "unknown field 'colour' in the document; expected one of: "),
    "unknown-card": ("players: [alice]\nobjects:\n  - {id: f, card: Forrest, controller: alice}\n"
                     "question: {activate: f}\n", 3, "unknown card 'Forrest'; did you mean 'Forest'?"),
    "unknown-object": ("players: [alice]\nobjects: []\nquestion:\n  activate: f\n", 4,
                       "unknown object 'f'; objects are none"),
    "unknown-player": ("players: [alice]\nactive: bob\nobjects: []\nquestion: {activatable: alice}\n", 2,
                       "unknown player 'bob' in active; players are alice"),
    "duplicate-id": ("players: [alice]\nobjects:\n  - {id: r, card: Sol Ring, controller: alice}\n"
                     "  - {id: r, card: Sol Ring, controller: alice}\nquestion: {activate: r}\n", 4,
                     "object id 'r' is used twice"),
    "wrong-zone": ("players: [alice]\nobjects:\n  - {id: r, card: Sol Ring, owner: alice, zone: hand}\n"
                   "question:\n  activate: r\n", 5,
                   "'r' is in the hand; only abilities of permanents can be activated here (CR 113.6)"),
    "impossible-state": ("players: [alice]\nobjects:\n  - {id: r, card: Sol Ring, owner: alice, zone: graveyard,"
                         " token: true}\nquestion: {activatable: alice}\n", 3,
                         "a token in the graveyard has ceased to exist (CR 111.7)"),
    "unsupported-card": ("players: [alice]\ncards:\n  - name: Odd\n    types: [artifact]\n    abilities:\n"
                         "      - keyword: rampage\nobjects: []\nquestion: {activatable: alice}\n", 6,
                         "unsupported: keyword 'rampage'"),
    "unsupported-question": ("players: [alice]\nobjects:\n  - {id: r, card: Oblivion Ring, controller: alice}\n"
                             "stack:\n  - {id: back, triggered: r, ability: 2}\nquestion: resolve\n", 6,
                             "unsupported: returning an exiled card"),
    "not-utf8": (None, None, "not a UTF-8 text file"),
}


@pytest.mark.parametrize("kind", list(BAD_INPUTS))
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, kind):
    text, line, message = BAD_INPUTS[kind]
    path = tmp_path / f"{kind}.yaml"
    if text is None:
        path.write_bytes(b"players: [\xff]\n")
        where = str(path)
    else:
        path.write_text(text, encoding="utf-8")
        where = f"{path}:{line}"
    for command in (["outcomes", path], ["outcomes", path, "--json"], ["query", path, "--always", "tap(r)"]):
        code, out, err = run(capsys, *command)
        # (a temporary path beyond 100 characters, as under pytest-xdist, is shortened like any long word)
        assert_one_line_error(code, out, err, f"pyrules: {one_line(where)}: {message}")


def test_nonexistent_paths(tmp_path, capsys):
    missing = tmp_path / "missing.yaml"
    assert_one_line_error(*run(capsys, "outcomes", missing), f"pyrules: {missing}: no such file\n")
    assert_one_line_error(*run(capsys, "query", missing, "--sometimes", "tap(x)"), f"pyrules: {missing}: no such file\n")
    assert_one_line_error(*run(capsys, "check", missing), f"pyrules: {missing}: no such file or folder\n")
    assert_one_line_error(*run(capsys, "outcomes", tmp_path), f"pyrules: {tmp_path}: is a folder, not a situation file\n")


@pytest.mark.parametrize("argv, message", [
    (["outcomes", "x.yaml", "--limit", "0"], "pyrules: --limit: must be at least 1\n"),
    (["outcomes", "x.yaml", "--limit", "two"], "pyrules: argument --limit: invalid int value: 'two'\n"),
    (["bogus"], "pyrules: argument command: invalid choice: 'bogus'"),
    ([], "pyrules: the following arguments are required: command\n"),
    (["query", "x.yaml"], "pyrules: query: ask one of --always QUERY, --sometimes QUERY, --where QUERY or --count\n"),
    (["query", "x.yaml", "--always", "a", "--sometimes", "b"], "pyrules: argument --sometimes: not allowed with "),
])
def test_usage_errors(capsys, argv, message):
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse exits through _Parser.error
        code = exc.code
    out, err = capsys.readouterr()
    assert_one_line_error(code, out, err, message)


def test_bad_query_atom(write, capsys):
    path = write("birds.yaml", BIRDS)
    assert_one_line_error(*run(capsys, "query", path, "--always", "tap(("),
                          "pyrules: --always: the query 'tap((' is not clingo syntax (it ends too early)\n")


# -- query -------------------------------------------------------------------------------------------
def test_query_always_and_sometimes(write, capsys):
    path = write("birds.yaml", BIRDS)
    assert run(capsys, "query", path, "--always", "tap(birds)") == (
        0, "yes: tap(birds) holds in every outcome\n", "")
    code, out, err = run(capsys, "query", path, "--always", "mana_added(alice,g,1)")
    assert (code, err) == (1, "") and out == "no: mana_added(alice,g,1) does not hold in every outcome\n"
    assert run(capsys, "query", path, "--sometimes", "mana_added(alice, g, 1)") == (
        0, "yes: mana_added(alice, g, 1) holds in some outcome\n", "")
    code, out, err = run(capsys, "query", path, "--sometimes", "mana_added(alice,c,1)")
    assert (code, err) == (1, "") and out == "no: mana_added(alice,c,1) holds in no outcome\n"
    code, out, err = run(capsys, "query", path, "--sometimes", "tap(ring)")
    assert code == 1


def test_query_on_an_illegal_action(write, capsys):
    path = write("tapped.yaml", """\
        players: [alice]
        objects:
          - {id: ring, card: Sol Ring, controller: alice, tapped: true}
        question: {activate: ring}
        """)
    code, out, err = run(capsys, "query", path, "--always", "tap(ring)")
    assert (code, err) == (1, "") and out == "no: tap(ring) does not hold in every outcome\n"
    code, out, err = run(capsys, "query", path, "--sometimes", "tap(ring)")
    assert (code, err) == (1, "")


# -- check ------------------------------------------------------------------------------------------
PASSING = """\
    id: good-ring
    rulings: [tap-symbol]
    players: [alice, bob]
    objects:
      - {id: ring, card: Sol Ring, controller: alice}
    question:
      activate: ring
    expect:
      outcomes: 1
      exactly:
        - tap(ring), mana_added(alice, c, 2)
    """

FAILING = """\
    id: bad-ring
    rulings: [tap-symbol]
    rules: ["107.5"]
    players: [alice, bob]
    objects:
      - {id: ring, card: Sol Ring, controller: alice}
    question:
      activate: ring
    expect:
      outcomes: 2
      always: tap(ring)
    """


@pytest.fixture
def cases(write, tmp_path):
    write("cases/a-good.yaml", PASSING)
    write("cases/b-bad.yaml", FAILING)
    return tmp_path / "cases"


def test_check_table(cases, capsys):
    code, out, err = run(capsys, "check", cases)
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["case", "rulings", "outcomes", "status", "time"]
    assert re.fullmatch(r"good-ring  tap-symbol +1  pass    \d+\.\d{3}s", lines[1]), lines[1]
    assert re.fullmatch(r"bad-ring +tap-symbol, 107\.5 +1  fail    \d+\.\d{3}s", lines[2]), lines[2]
    assert lines[3] == "    expected 2 outcome(s), got 1"
    assert lines[-1] == "1 passed, 1 failed"
    assert len(lines) == 5
    # the columns line up
    assert lines[0].index("status") == lines[1].index("pass") == lines[2].index("fail")


def test_check_json(cases, capsys):
    code, out, err = run(capsys, "check", cases, "--json")
    assert code == 1 and err == ""
    data = json.loads(out)
    assert (data["passed"], data["failed"]) == (1, 1)
    good, bad = data["cases"]
    assert {"id", "rulings", "status", "outcomes", "seconds"} <= set(good)
    assert (good["id"], good["rulings"], good["rules"], good["status"], good["outcomes"], good["problems"]) == (
        "good-ring", ["tap-symbol"], [], "pass", 1, [])
    assert good["path"] == str(cases / "a-good.yaml")
    assert isinstance(good["seconds"], float) and good["seconds"] >= 0
    assert (bad["id"], bad["rules"], bad["status"], bad["outcomes"], bad["problems"]) == (
        "bad-ring", ["107.5"], "fail", 1, ["expected 2 outcome(s), got 1"])


def test_check_runs_cases_at_once_and_reports_them_as_one_at_a_time(cases, write, capsys):
    """--jobs N: the cases run in N forked processes; the report is the one of --jobs 1, in file order."""
    write("cases/c-broken.yaml", "id: broken\nplayers: [alice]\nobjects: []\nquestion: {activatable: alice}\n")
    reports = []
    for jobs in ("1", "3"):
        code, out, err = run(capsys, "check", cases, "--json", "--jobs", jobs)
        assert code == 1 and err == ""
        reports.append([{k: v for k, v in case.items() if k != "seconds"} for case in json.loads(out)["cases"]])
    assert reports[0] == reports[1]
    assert [case["status"] for case in reports[1]] == ["pass", "fail", "error"]


def test_check_fits_80_columns_unless_wide(write, tmp_path, capsys, monkeypatch):
    """The table fits the terminal (80 columns when there is none): rulings too long are shortened, or left
    out where even a short column does not fit; --wide shows them all."""
    monkeypatch.setenv("COLUMNS", "80")
    many = ", ".join(f'"106.{k}"' for k in range(1, 12))
    write("cites/long.yaml", PASSING.replace("rulings: [tap-symbol]", f"rulings: [tap-symbol]\n    rules: [{many}]"))
    code, out, err = run(capsys, "check", tmp_path / "cites")
    lines = out.splitlines()
    assert code == 0 and err == "" and max(len(line) for line in lines) <= 80
    assert lines[1].startswith("good-ring  tap-symbol, 106.1, 106.2") and "…" in lines[1]
    assert lines[2] == "(rulings shortened to fit the terminal: --wide shows them all, --json too)"
    write(f"cites/{'x' * 60}.yaml", PASSING.replace("id: good-ring", f"id: {'x' * 60}"))
    code, out, err = run(capsys, "check", tmp_path / "cites")
    assert out.splitlines()[0].split() == ["case", "outcomes", "status", "time"]
    assert "(rulings left out to fit the terminal: --wide shows them all, --json too)" in out
    code, out, err = run(capsys, "check", tmp_path / "cites", "--wide")
    assert "106.11" in out and "shortened" not in out and "left out" not in out


def test_check_shows_its_progress_on_a_terminal(cases, capsys, monkeypatch):
    """On a terminal (PYRULES_PROGRESS=1 stands for one), one line of standard error, rewritten in place, says
    how many cases are checked and about how long the rest will take; the table is unchanged."""
    plain = run(capsys, "check", cases)
    monkeypatch.setenv("PYRULES_PROGRESS", "1")
    code, out, err = run(capsys, "check", cases)
    assert (code, out.splitlines()[0]) == (plain[0], plain[1].splitlines()[0])
    assert err.startswith("\rpyrules: ") and err.endswith("\n")
    assert re.fullmatch(r"pyrules: 2/2 cases checked, about 0 s left ", err.split("\r")[-1].strip("\n"))


MOURNERS = """\
players: [alice, bob]
cards:
  - {name: Mourner, cost: "{1}", types: [creature], power: 1, toughness: 1,
     abilities: [{triggered: {when: dies, effect: {gain_life: 1}}}]}
  - {name: Healer, cost: "{1}", types: [creature], power: 1, toughness: 1,
     abilities: [{triggered: {when: dies, effect: {gain_life: 2}}}]}
objects:
%s
actions:
  - resolve: all
"""


def test_a_long_sequence_shows_steps_and_states_and_says_how_to_bound_it(write, capsys, monkeypatch):
    """A sequence of actions on a terminal: the progress line counts the steps solved and the distinct states
    they reached; still going past a few seconds (here none) with no --timeout, it says once how to bound it."""
    creatures = "\n".join(f"  - {{id: c{i}, card: {'Mourner' if i % 2 else 'Healer'}, controller: alice, damage: 1}}"
                          for i in range(5))
    # (one resolve: top at a time, so that each order could be watched between them and every one is walked)
    path = write("mourners.yaml", (MOURNERS % creatures).replace("  - resolve: all\n", "  - resolve: top\n" * 5),
                 dedent=False)
    monkeypatch.setenv("PYRULES_PROGRESS", "1")
    monkeypatch.setattr(cli, "_LONG", 0.0)
    monkeypatch.setattr(Runner, "REPORT_EVERY", 0.0)  # (a fast machine plays these lines out in under half a second)
    seen = []
    monkeypatch.setattr(cli._Progress, "step", lambda self, *a, step=cli._Progress.step: seen.append(a) or step(self, *a))
    code, out, err = run(capsys, "outcomes", path)
    assert code == 0 and ": 1 outcome " in out.splitlines()[0]
    assert seen and all(p.steps > 0 and p.seconds > 0 and p.open_lines > 0 for (p,) in seen) and seen[-1][0].states > 0
    progress = [(p.steps, p.states, p.seconds) for (p,) in seen]
    assert progress == sorted(progress)  # counts and time only grow
    assert err.count("--timeout SECONDS stops at that time") == 1
    assert re.search(r"pyrules: [\d,]+ steps ahead on [\d,]+ open lines, about \d+ s at this rate, with no --timeout",
                     err)
    last = err.split("\r")[-1]
    assert re.fullmatch(r"pyrules: [\d,]+ steps solved, [\d,]+ distinct states, [\d,]+ steps/s, [\d,]+ lines open, "
                        r"[\d,]+ steps ahead \n", last), last
    code, out, err = run(capsys, "outcomes", path, "--timeout", "600")
    assert "--timeout SECONDS" not in err


def test_check_wants_at_least_one_job(cases, capsys):
    assert run(capsys, "check", cases, "--jobs", "0") == (2, "", "pyrules: --jobs: must be at least 1\n")


def test_check_passing_file_exits_0(cases, capsys):
    code, out, err = run(capsys, "check", cases / "a-good.yaml")
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "1 passed, 0 failed"
    code, out, err = run(capsys, "check", cases / "a-good.yaml", "--json")
    assert code == 0 and json.loads(out)["passed"] == 1


def test_check_reports_a_broken_case_as_error(write, capsys):
    path = write("broken/c.yaml", "id: broken\nrulings: [tap-symbol]\nplayers: [alice]\nobjects: []\n"
                                  "question: {activatable: alice}\n")
    code, out, err = run(capsys, "check", path, "--json")
    assert code == 1 and err == ""
    (case,) = json.loads(out)["cases"]
    assert (case["id"], case["status"], case["outcomes"]) == ("broken", "error", None)
    assert case["problems"] == [f"{path}:1: a regression case needs an 'expect' block"]


def test_check_keeps_rule_numbers_as_written(write, capsys, line_of):
    """An unquoted 702.10 must not turn into 702.1, a different rule: keep it as written, or ask for quotes."""
    path = write("rule.yaml", PASSING.replace("rulings: [tap-symbol]", "rules: [702.10, 106]"))
    code, out, err = run(capsys, "check", path, "--json")
    if code == 2:  # a one-line input error for the file
        assert_one_line_error(code, out, err, f"pyrules: {path}:{line_of(path, '702.10')}: ")
        assert "702.1 in quotes" in err, err
        return
    (case,) = json.loads(out)["cases"]
    if case["status"] == "pass":
        assert code == 0 and case["rules"] == ["702.10", "106"]
    else:
        assert code == 1 and case["status"] == "error"
        (problem,) = case["problems"]
        assert problem.startswith(f"{path}:{line_of(path, '702.10')}: ") and "in quotes" in problem, problem


def test_clingo_errors_do_not_escape_as_tracebacks(write, capsys):
    path = write("subtype.yaml", """\
        players: [alice]
        cards:
          - {name: Odd Land, types: [land], subtypes: ["x). #script (python) import os #end. a("]}
        objects:
          - {id: land1, card: Odd Land, controller: alice}
        question: {could_produce: land1}
        """)
    code, out, err = run(capsys, "outcomes", path)
    if code == 0:  # the subtype taken as an opaque name is a fix too
        assert out.splitlines()[1:] == ["Outcome 1: (no atoms)"]
    else:
        assert_one_line_error(code, out, err, f"pyrules: {path}:3: ")


def test_check_reports_a_case_with_bad_citations_and_goes_on(write, tmp_path, capsys):
    write("mixed/a-good.yaml", PASSING)
    write("mixed/b-bad-citation.yaml", PASSING.replace("id: good-ring", "id: odd-citation")
          .replace("rulings: [tap-symbol]", "rulings: [{x: 1}]"))
    code, out, err = run(capsys, "check", tmp_path / "mixed", "--json")
    assert (code, err) == (1, "")
    data = json.loads(out)
    assert [c["status"] for c in data["cases"]] == ["pass", "error"]
    assert data["cases"][0]["id"] == "good-ring" and data["cases"][1]["id"] in ("odd-citation", "b-bad-citation")
    assert (data["passed"], data["failed"]) == (1, 1)


# -- as a program ------------------------------------------------------------------------------------
def test_as_a_subprocess(write, tmp_path):
    good = write("birds.yaml", BIRDS)
    proc = subprocess.run([sys.executable, "-m", "pyrules.cli", "outcomes", str(good)],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.splitlines()[0].startswith(f"{good}: 5 outcomes  [ground ")
    assert atom_lines(proc.stdout.splitlines()[1:]) == BIRDS_OUTCOMES


def test_bad_input_as_a_subprocess(write, tmp_path):
    bad = write("bad.yaml", "players: [alice]\nobjects:\n  - {id: f, card: Forrest, controller: alice}\n"
                            "question: {activate: f}\n")
    proc = subprocess.run([sys.executable, "-m", "pyrules.cli", "outcomes", str(bad)],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"pyrules: {bad}:3: unknown card 'Forrest'; did you mean 'Forest'?\n"


CONSOLE = [sys.executable, "-c", "import sys; from pyrules.entry import main; sys.exit(main())"]


@pytest.mark.parametrize("args", [["outcomes", "{file}"], ["outcomes", "{file}", "--json"], ["explain", "{file}"],
                                  ["outcomes", "{missing}"], ["outcomes", "{file}", "--limit", "0"]])
def test_the_console_command_ends_with_its_output_and_exit_code(tmp_path, capsys, args):
    """The console command (which ends without the interpreter's teardown) writes what pyrules.cli.main
    writes and exits with its code."""
    path = tmp_path / "birds.yaml"
    path.write_text(BIRDS.replace("    ", ""), encoding="utf-8")
    argv = [a.format(file=path, missing=tmp_path / "missing.yaml") for a in args]
    def timeless(text: str) -> str:  # the times a run measures differ from run to run
        return re.sub(r'[0-9.]+s\b|("[a-z_]*seconds": )[0-9.e-]+', r"\1", text)

    code, out, err = run(capsys, *argv)
    process = subprocess.run(CONSOLE + argv, capture_output=True, text=True, timeout=120)
    assert (process.returncode, timeless(process.stdout), process.stderr) == (code, timeless(out), err)
    assert out.strip() or err.strip()


def test_the_console_command_stops_quietly_when_its_reader_goes(tmp_path):
    """| head: the reader closes the pipe after the first lines; the command stops with no traceback."""
    lines = ["players: [alice, bob]", "objects:"] + [f"  - {{id: c{i}, card: Grizzly Bears, owner: bob, zone: hand}}"
                                                    for i in range(7)]
    lines += ["  - {id: onyx, card: Professor Onyx, controller: alice, counters: {loyalty: 8}}",
              "question:", "  activate: {object: onyx, ability: 4, resolve: true}"]
    path = tmp_path / "onyx.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    process = subprocess.Popen(CONSOLE + ["outcomes", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = process.stdout.readline() + process.stdout.readline()
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert b": 128 outcomes" in first.split(b"\n")[0] and first.split(b"\n")[1] == b"Outcome 1:"
    assert b"Traceback" not in err and b"Exception" not in err, err
    assert process.returncode == 0


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["outcomes", "{file}"], ["outcomes", "{file}", "--json"]])
def test_the_console_command_says_in_one_line_when_its_output_cannot_be_written(tmp_path, args):
    path = tmp_path / "birds.yaml"
    path.write_text(BIRDS.replace("    ", ""), encoding="utf-8")
    with open("/dev/full", "w") as full:
        process = subprocess.run(CONSOLE + [a.format(file=path) for a in args], stdout=full, stderr=subprocess.PIPE,
                                 text=True, timeout=120)
    assert (process.returncode, process.stderr) == (1, "pyrules: [Errno 28] No space left on device\n")


# -- explain: queries, and two outcomes side by side (issue 33) ------------------------------------------
BALLISTA = os.path.join(os.path.dirname(__file__), "..", "examples", "ballista.yaml")


def test_explain_atom_takes_a_query(capsys):
    code, out, err = run(capsys, "explain", BALLISTA, "--atom", "counters_put(ballista, p1p1, N)")
    lines = out.splitlines()
    assert (code, err) == (0, "")
    assert lines[:3] == ["counters_put(ballista, p1p1, N) holds in outcomes 1 and 2 of 2: outcome 1 is explained",
                         "  N = 5: outcome 1", "  N = 6: outcome 2"]
    assert lines[lines.index("So:") + 1:] == [
        "  5 +1/+1 counters are put on Walking Ballista.  [122.1]",
        "instead, in 1 other outcome: 6 +1/+1 counters are put on Walking Ballista"]
    code, out, _ = run(capsys, "explain", BALLISTA, "--atom", "counters_put(ballista, p1p1, N), N > 5")
    assert out.splitlines()[:2] == ["counters_put(ballista, p1p1, N), N > 5 holds in outcome 2 of 2: outcome 2 is "
                                    "explained", "  N = 6: outcome 2"]
    assert out.splitlines()[-1] == "instead, in 1 other outcome: 5 +1/+1 counters are put on Walking Ballista"
    # two atoms matched: both explained, each with what the other outcomes have instead
    code, out, _ = run(capsys, "explain", BALLISTA, "--atom", "counters_put(ballista, p1p1, N), move(ballista, _, Z)",
                       "--outcome", "2")
    lines = out.splitlines()
    assert lines[:3] == ["counters_put(ballista, p1p1, N), move(ballista, _, Z) holds in outcomes 1 and 2 of 2: "
                         "outcome 2 is explained", "  N = 5, Z = battlefield: outcome 1",
                         "  N = 6, Z = battlefield: outcome 2"]
    assert lines[lines.index("So:") + 1:] == [
        "  Walking Ballista moves from the stack to the battlefield.  [400.1]",
        "  6 +1/+1 counters are put on Walking Ballista.  [122.1]",
        'instead of "6 +1/+1 counters are put on Walking Ballista", in 1 other outcome: 5 +1/+1 counters are put on '
        "Walking Ballista"]
    # other formats: the graph alone on standard output, where it holds on standard error
    code, out, err = run(capsys, "explain", BALLISTA, "--atom", "counters_put(ballista, p1p1, N)", "--format", "json")
    assert json.loads(out)["nodes"] and err.startswith("counters_put(ballista, p1p1, N) holds in outcomes 1 and 2")


@pytest.mark.parametrize("args, message", [
    (["--atom", "counters_put(ballista, p1p1, N), N < 5"],
     "--atom: counters_put(ballista, p1p1, N), N < 5 holds in no outcome; try --why-not"),
    (["--atom", "counters_put(ballista, p1p1, N), N > 5", "--outcome", "1"],
     "--atom: counters_put(ballista, p1p1, N), N > 5 does not hold in outcome 1; it holds in outcome 2"),
    (["--atom", "counters_pt(ballista, p1p1, N)"],
     "--atom: 'counters_pt(ballista, p1p1, N)': counters_pt/3 is not an outcome predicate; did you mean counters_put, "
     "counters_removed?"),
    (["--why-not", "counters_put(ballista, p1p1)"],
     "--why-not: 'counters_put(ballista, p1p1)': counters_put takes 3 argument(s), not 2"),
    (["--why-not", "counters_put(balista, p1p1, N)"],
     "--why-not: 'counters_put(balista, p1p1, N)': 'balista' is not an object of this situation; did you mean "
     "ballista?"),
    (["--versus", "3"], "--versus: must be between 1 and 2"),
    (["--outcome", "2", "--versus", "2"], "--versus: names outcome 2, the one explained: give another"),
    (["--versus", "2", "--format", "dot"], "--versus: prints text or json (--format text or --format json)"),
    (["--versus", "2", "--atom", "counters_put(ballista, p1p1, 5)"],
     "--versus: compares two whole outcomes: not with --atom or --full"),
    (["--atom", "counters_put(ballista, p1p1, 6)", "--why-not", "tap(ballista)"],
     "--why-not: says why an atom holds in no outcome: not with --atom, --outcome, --versus or --full (one question "
     "at a time)"),
])
def test_explain_query_and_versus_errors_are_one_line(capsys, args, message):
    assert run(capsys, "explain", BALLISTA, *args) == (2, "", f"pyrules: {message}\n")


def test_explain_why_not_takes_a_query(capsys, moon):
    code, out, _ = run(capsys, "explain", moon, "--why-not", "could_produce(tundra, T)")
    assert (code, out) == (0, "why not could_produce(tundra, T):\n"
                              "  - could_produce(tundra, T) holds in some outcome (T = r)\n")
    code, out, _ = run(capsys, "explain", moon, "--why-not", "could_produce(tundra, T), T != r")
    aux, shown = asp_line("mana.lp", "_could_produce(O,T) :- "), asp_line("mana.lp", "could_produce(O,T) :- ")
    assert out.splitlines() == [
        "why not could_produce(tundra, T), T != r:",
        f"  - without moon (Blood Moon), {moon}:4, could_produce(tundra, T), T != r could hold: it blocks it",
        "  - what could hold without it: could_produce(tundra,u), could_produce(tundra,w)",
        "  - through the rules 305.7, 613.1, 613.1d",
        f"  - could_produce(tundra,u): 106.7, could-produce [mana.lp:{shown}]: _could_produce(tundra,u) does not hold "
        f"(106.7, could-produce [mana.lp:{aux}]: no _positive(D,u) holds)",
        f"  - could_produce(tundra,w): 106.7, could-produce [mana.lp:{shown}]: _could_produce(tundra,w) does not hold "
        f"(106.7, could-produce [mana.lp:{aux}]: no _positive(D,w) holds)"]
    code, out, _ = run(capsys, "explain", moon, "--why-not", "could_produce(tundra, T), T != r", "--format", "json")
    found = json.loads(out)
    assert found["blockers"]["instances"] == ["could_produce(tundra,u)", "could_produce(tundra,w)"]
    assert found["reasons"][1] == "what could hold without it: could_produce(tundra,u), could_produce(tundra,w)"


def test_explain_versus_says_what_separates_two_outcomes(capsys):
    code, out, err = run(capsys, "explain", BALLISTA, "--outcome", "1", "--versus", "2")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Only in outcome 1:",
        "  5 +1/+1 counters are put on Walking Ballista.",
        "Only in outcome 2:",
        "  6 +1/+1 counters are put on Walking Ballista.",
        "The choice that separates them:",
        "  Walking Ballista entering the battlefield happens as entering with 5 +1/+1 counters (in outcome 1) or "
        "entering with 6 +1/+1 counters (in outcome 2).  [616.1]",
        "What happens only in outcome 1:",
        "  Doubling Season's second ability applies to Walking Ballista entering the battlefield, and entering with 2 "
        "+1/+1 counters becomes entering with 4 +1/+1 counters.  [122.6, 614.1a, 614.1c]",
        "  Hardened Scales's first ability applies to Walking Ballista entering the battlefield, and entering with 4 "
        "+1/+1 counters becomes entering with 5 +1/+1 counters.  [122.6, 614.1a, 614.1c]",
        "  Walking Ballista entering the battlefield, starting as entering, can end as entering with 5 +1/+1 counters, "
        "once no further replacement effect applies.  [614.1, 614.5, 614.6, 616.1, 616.1a, 616.1b, 616.1c, 616.1d, "
        "616.1e, 616.1f, 616.1g]",
        "  5 +1/+1 counters are put on Walking Ballista and Walking Ballista moves from the stack to the battlefield, "
        "as Walking Ballista entering the battlefield.  [122.6, 400.1]",
        "What happens only in outcome 2:",
        "  Hardened Scales's first ability applies to Walking Ballista entering the battlefield, and entering with 2 "
        "+1/+1 counters becomes entering with 3 +1/+1 counters.  [122.6, 614.1a, 614.1c]",
        "  Doubling Season's second ability applies to Walking Ballista entering the battlefield, and entering with 3 "
        "+1/+1 counters becomes entering with 6 +1/+1 counters.  [122.6, 614.1a, 614.1c]",
        "  Walking Ballista entering the battlefield, starting as entering, can end as entering with 6 +1/+1 counters, "
        "once no further replacement effect applies.  [614.1, 614.5, 614.6, 616.1, 616.1a, 616.1b, 616.1c, 616.1d, "
        "616.1e, 616.1f, 616.1g]",
        "  6 +1/+1 counters are put on Walking Ballista and Walking Ballista moves from the stack to the battlefield, "
        "as Walking Ballista entering the battlefield.  [122.6, 400.1]"]
    assert "_" not in out and "en(" not in out  # game words only
    code, out, _ = run(capsys, "explain", BALLISTA, "--versus", "2", "--format", "json")  # --outcome 1 by default
    found = json.loads(out)
    assert (found["first"], found["second"]) == (1, 2)
    assert found["only_first"] == [{"atom": "counters_put(ballista,p1p1,5)",
                                    "text": "5 +1/+1 counters are put on Walking Ballista."}]
    assert found["choices"] == [{"first": "result(enter(ballista),en(0,p1p1,5,none))",
                                 "second": "result(enter(ballista),en(0,p1p1,6,none))",
                                 "text": "Walking Ballista entering the battlefield happens as entering with 5 +1/+1 "
                                         "counters (in outcome 1) or entering with 6 +1/+1 counters (in outcome 2).",
                                 "cites": ["616.1"]}]
    assert [step["cites"] for step in found["steps_second"]][:2] == [["122.6", "614.1a", "614.1c"]] * 2


def test_explain_versus_on_choices_of_players(capsys):
    """Professor Onyx's -3 with tied opponents: bob sacrifices one of two creatures; on a sequence of actions, the
    legend rule keeps one Urborg or the other."""
    onyx = os.path.join(os.path.dirname(cli.__file__), "corpus", "choices", "onyx-minus3-ties-three-opponents.yaml")
    code, out, _ = run(capsys, "explain", onyx, "--versus", "2")
    lines = out.splitlines()
    assert lines[:6] == ["Only in outcome 1:", "  bob chose Serra Angel as what to sacrifice for step 1.",
                         "  Serra Angel moves from the battlefield to a graveyard.",
                         "Only in outcome 2:", "  bob chose Air Elemental as what to sacrifice for step 1.",
                         "  Air Elemental moves from the battlefield to a graveyard."]
    assert lines[6:8] == ["The choice that separates them:",
                          "  bob sacrifices Serra Angel (in outcome 1) or Air Elemental (in outcome 2) for Professor "
                          "Onyx's third ability.  [101.4, onyx-minus3-ties]"]
    legend = os.path.join(os.path.dirname(cli.__file__), "corpus", "sequences", "legend-rule-keeps-one.yaml")
    code, out, _ = run(capsys, "explain", legend, "--versus", "2")
    assert out.splitlines()[5:7] == [
        "The choice that separates them:",
        '  alice keeps Urborg, Tomb of Yawgmoth (urborg2) (in outcome 1) or Urborg, Tomb of Yawgmoth (urborg1) (in '
        'outcome 2) of the legendary permanents named "Urborg, Tomb of Yawgmoth".  [704.5j]']


# -- pyrules cards list (issue 34) ----------------------------------------------------------------------
def test_cards_list_finds_by_type_and_text(capsys):
    assert main(["cards", "list", "--type", "elf", "--text", "Add {G}"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Devoted Druid  {1}{G}  creature - elf druid", "Elvish Archdruid  {1}{G}{G}  creature - elf druid",
        "Llanowar Elves  {G}  creature - elf druid"]
    assert main(["cards", "list", "--name", "llanowar", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"name": "Llanowar Elves", "faces": [{
        "name": "Llanowar Elves", "cost": "{G}", "supertypes": [], "types": ["creature"], "subtypes": ["elf", "druid"],
        "abilities": ["{T}: Add {G}"], "unsupported": []}]}]


def test_cards_list_shows_the_lines_no_template_fits(write, capsys):
    library = write("lib.yaml", """\
        - name: Odd Guide
          cost: '{R}'
          types: [creature]
          subtypes: [goblin]
          power: 2
          toughness: 2
          abilities:
            - keyword: haste
            - unsupported: Whenever Odd Guide attacks, defending player reveals the top card of their library.
        """)
    assert main(["cards", "list", "--library", str(library), "--unsupported"]) == 0
    assert capsys.readouterr().out.splitlines() == [  # (a library file adds its cards to the built-in ones)
        "Chromatic Orrery  {7}  legendary artifact  (1 unread)",
        "    {5}, {T}: Draw a card for each color among permanents you control.",
        "Epochrasite  {2}  artifact creature - construct  (1 unread)",
        "    When Epochrasite dies, exile it with three time counters on it and it gains suspend.",
        "Odd Guide  {R}  creature - goblin  (1 unread)",
        "    Whenever Odd Guide attacks, defending player reveals the top card of their library."]
    assert main(["cards", "list", "--library", str(library) + ".missing"]) == 2
    assert capsys.readouterr().err.startswith("pyrules: --library: library ")


def test_control_characters_of_the_users_text_are_printed_escaped(write, capsys):
    """An id with ESC and BEL printed raw would colour the terminal and ring it; JSON escapes them itself."""
    path = write("cc.yaml", 'players: [alice]\nobjects:\n  - {id: "f\\x1b[31mred\\x07", card: Forest, controller: alice}\n'
                            'question: {could_produce: ["f\\x1b[31mred\\x07"]}\n')
    code, out, err = run(capsys, "outcomes", path)
    assert (code, err) == (0, "")
    assert '  could_produce("f\\x1b[31mred\\x07",g)\n' in out and "\x1b" not in out and "\x07" not in out
    code, out, err = run(capsys, "explain", path)
    assert code == 0 and "  line 3: f\\x1b[31mred\\x07: Forest, controlled by alice" in out and "\x1b" not in out
    code, out, err = run(capsys, "outcomes", path, "--json")
    assert json.loads(out)["outcomes"][0]["atoms"] == ['could_produce("f\x1b[31mred\x07",g)']


def test_an_outcome_with_no_atoms_says_so(write, capsys):
    """A permanent that could produce nothing has one outcome, with no atom: printed as such, streamed alike."""
    path = write("rock.yaml", """\
        players: [alice]
        objects:
          - {id: bears, card: Grizzly Bears, controller: alice}
        question: {could_produce: bears}
        """)
    for stream in ((), ("--stream",)):
        code, out, _ = run(capsys, "outcomes", path, *stream)
        assert code == 0 and "Outcome 1: (no atoms)" in out.splitlines(), out
