"""Hostile and extreme input (issue 15): the loader bounds size, nesting and alias expansion, refuses
tags it does not know, and every failure is one short line ``file:line: problem``; the API checks its
arguments; Ctrl-C stops any command with exit 130."""

from __future__ import annotations

import functools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyrules

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
from pyrules.base.document import MAX_DEPTH, MAX_VALUES
from pyrules.base.errors import InputError, one_line
from pyrules.regression import run_cases
from pyrules.situation.builder import SituationBuilder
from pyrules.situation.loader import load_situation

BALLISTA = str(Path(__file__).parent.parent / "examples" / "ballista.yaml")
QUESTION = "objects: []\nquestion: {activatable: alice}\n"


def error_of(path) -> InputError:
    with pytest.raises(InputError) as info:
        load_situation(path)
    text = str(info.value)
    assert "\n" not in text and len(text) < 1_200, text
    return info.value


def test_tag_on_a_value_is_refused(write, line_of):
    path = write("tag.yaml", "players: [alice]\nobjects:\n  - {id: f, card: !foo Forest, controller: alice}\n"
                             "question: {activatable: alice}\n")
    assert str(error_of(path)) == f"{path}:{line_of(path, '!foo')}: unknown YAML tag '!foo'"


def test_tag_on_a_mapping_is_refused(write):
    path = write("tags.yaml", "players: [alice]\nobjects: !!set {a, b}\nquestion: {activatable: alice}\n")
    assert str(error_of(path)) == f"{path}:2: unknown YAML tag 'tag:yaml.org,2002:set'"


def test_standard_tags_are_plain_values(write):
    path = write("std.yaml", "players: !!seq [alice]\n" + QUESTION)
    assert load_situation(path).players[0].name == "alice"


def test_nul_byte_is_one_line_with_its_line(write):
    path = write("nul.yaml", "players: [alice]\nobjects: [\x00]\nquestion: {activatable: alice}\n")
    assert str(error_of(path)) == f"{path}:2: malformed YAML: character U+0000 is not allowed"


def test_deep_nesting_is_refused_at_its_line(write):
    path = write("deep.yaml", "players: [alice]\nobjects: []\nquestion:\n  activatable: " + "[" * 2000 + "]" * 2000 + "\n")
    assert str(error_of(path)) == f"{path}:4: nested more than {MAX_DEPTH} levels deep"


def test_nesting_within_the_bound_reaches_the_checks(write):
    path = write("nested.yaml", "players: [alice]\nobjects: []\nquestion:\n  activatable: " + "[" * 50 + "]" * 50 + "\n")
    assert "nested" not in error_of(path).message


def test_recursive_alias_is_refused(write):
    path = write("rec.yaml", "players: &a [alice, *a]\n" + QUESTION)
    assert str(error_of(path)) == f"{path}:1: an alias that refers to a value containing itself"


def test_alias_bomb_is_measured_not_expanded(write):
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    lines += [f"b{i}: &b{i} [" + ", ".join([f"*{'a' if i == 1 else f'b{i - 1}'}"] * 9) + "]" for i in range(1, 10)]
    path = write("bomb.yaml", "\n".join(lines) + "\nplayers: [alice]\n" + QUESTION)
    start = time.perf_counter()
    error = error_of(path)
    assert time.perf_counter() - start < 2
    assert error.message == f"holds more than {MAX_VALUES:,} values once its aliases are expanded"


def test_endless_input_is_cut_off(tmp_path):
    path = tmp_path / "big.yaml"
    with open(path, "wb") as handle:
        handle.truncate(20_000_001)
    with pytest.raises(InputError) as info:
        load_situation(path)
    assert str(info.value) == f"{path}: larger than 20,000,000 bytes"


def test_long_and_multiline_text_is_quoted_as_a_short_excerpt(write):
    path = write("long.yaml", 'players: ["al\\nice", "' + "b" * 1_000_000 + '"]\n' + QUESTION)
    message = error_of(path).message
    assert "al\\nice" in message and "...(1,000,000 characters)" in message


def test_numbers_beyond_what_clingo_holds_are_refused(write):
    path = write("big.yaml", "players:\n  - {name: alice, life: 2147483648}\n" + QUESTION)
    assert error_of(path).message == "players.0.life is 2147483648; pyrules computes with amounts up to 1,000,000"
    builder = SituationBuilder([{"name": "alice", "life": 2**63}]).set(question={"activatable": "alice"})
    with pytest.raises(InputError, match="pyrules computes with amounts up to 1,000,000"):
        builder.build()


LONG = "9" * 5_000  # past Python's int() limit of 4,300 digits: int() raises ValueError
TOO_LONG = "a number of 5,000 digits; pyrules computes with amounts up to 1,000,000"


@pytest.mark.parametrize("name, text, where, message", [
    ("turn.yaml", f"players: [alice]\nturn: {LONG}\n" + QUESTION, "turn.yaml:2", TOO_LONG),
    ("turn.json", f'{{"players": ["alice"], "turn": {LONG}, "objects": [], "question": {{"activatable": "alice"}}}}',
     "turn.json:1", TOO_LONG),
    ("negative.yaml", f"players: [alice]\nturn: -{LONG}\n" + QUESTION, "negative.yaml:2", TOO_LONG),
    ("key.yaml", f"players: [alice]\n? {LONG}\n: 1\n" + QUESTION, "key.yaml:2", TOO_LONG),
    ("inline.yaml", f"players: [alice]\ncards:\n  - {{name: Big, types: [creature], power: {LONG}, toughness: 1}}\n"
                    + QUESTION, "inline.yaml:3", TOO_LONG),
    ("library.yaml", "players: [alice]\nlibrary: lib.yaml\n" + QUESTION, "lib.yaml:1", TOO_LONG),
    ("cost.yaml", f"players: [alice]\ncards:\n  - {{name: Big, types: [artifact], cost: '{{{LONG}}}'}}\n" + QUESTION,
     "cost.yaml:3", f"cards.0.cost: {{{LONG}}} is more mana than pyrules computes with (at most 1000000)"),
    ("anthem.yaml", "players: [alice]\ncards:\n  - {name: Big, types: [enchantment], abilities: [{static: "
                    "{modify_pt: '+3000000000/+0', filter: {types: [creature]}}}]}\n" + QUESTION, "anthem.yaml:3",
     "cards.0.abilities.0.static.modify_pt is +3000000000/+0; pyrules computes with amounts up to 1,000,000"),
    ("crafted.yaml", "players: [alice]\nobjects:\n  - {id: b, card: Birds of Paradise, controller: alice}\n"
                     f"question: {{activate: {{object: b, ability: 'b:{LONG}'}}}}\n", "crafted.yaml:4",
     f"'b:{LONG}' must name a card used to craft 'b' and one of its abilities, such as m1:2"),
    ("hex.yaml", f"players: [alice]\nturn: 0x{'f' * 4_998}\n" + QUESTION, "hex.yaml:2", TOO_LONG),
    ("hexkey.yaml", f"players: [alice]\n? 0x{'f' * 4_998}\n: 1\n" + QUESTION, "hexkey.yaml:2", TOO_LONG),
], ids=["situation", "json", "negative", "key", "inline-card", "library", "mana-cost", "pump", "crafted-ability", "hex",
        "hex-key"])
def test_numbers_with_too_many_digits_are_refused_before_conversion(write, name, text, where, message):
    """int() of more than 4,300 digits raises ValueError (a traceback); a pump beyond 32 bits reached clingo."""
    write("lib.yaml", f"- {{name: Big, types: [creature], power: {LONG}, toughness: 1}}\n")
    path = write(name, text)
    error = error_of(path)
    assert (error.where, error.message) == (f"{path.parent / where}", one_line(message))


@pytest.mark.parametrize("written, value", [("010", 8), ("0x10", 16), ("1:30", 90), ("1_000", 1000), ("0b11", 3)])
def test_an_amount_yaml_reads_as_another_number_than_its_digits_is_refused(write, written, value):
    """YAML 1.1 reads 010 as octal 8 and 1:30 as 90 (in a .json file too): an amount is written in decimal digits."""
    path = write("x.yaml", "players: [alice, bob]\nobjects:\n  - {id: b, card: Walking Ballista, controller: alice, "
                           f"zone: stack, x: {written}}}\nquestion: resolve\n")
    error = error_of(path)
    assert (error.where, error.message) == (f"{path}:3", f"objects.0.x is written '{written}', which YAML reads as "
                                                         "another number than its digits say: write an amount in plain "
                                                         "decimal digits")


def test_a_huge_number_from_the_api_is_refused_in_one_line():
    builder = SituationBuilder(["alice"]).permanent("b", "Grizzly Bears", "alice", counters={"p1p1": 10**5000})
    with pytest.raises(InputError, match="is a number of about 5,000 digits; pyrules computes with amounts up to"):
        builder.activatable("alice").build()


def test_a_lone_surrogate_from_the_api_is_refused_in_one_line():
    with pytest.raises(InputError, match=r"objects\.0\.id holds a lone surrogate"):
        SituationBuilder(["alice"]).permanent("\ud800", "Forest", "alice").activate("\ud800").build()


# -- the API checks its arguments --------------------------------------------------------------
BIRDS = "examples/birds.yaml"


@pytest.mark.parametrize("kwargs, error, message", [
    ({"limit": -1}, InputError, "limit: must be at least 1"),
    ({"limit": 0}, InputError, "limit: must be at least 1"),
    ({"limit": True}, TypeError, "limit must be a whole number, not True"),
    ({"limit": 2.5}, TypeError, "limit must be a whole number, not 2.5"),
    ({"threads": 0}, InputError, "threads: must be at least 1 and at most 64"),
    ({"threads": "2"}, TypeError, "threads must be a whole number, not '2'"),
    ({"threads": 2, "limit": 3}, InputError, "threads: a limit with more than one thread would give different "
                                             "outcomes from run to run: use one thread, or no limit"),
    ({"project": [1]}, TypeError, "project must be outcome predicates such as 'tap/1', not [1]"),
    ({"project": ["tapx"]}, InputError, "--project: not an outcome predicate: tapx"),
    # a name left out was silently no projection (''), or a projection on fewer predicates (tap,,move)
    ({"project": ""}, InputError, "--project: names no outcome predicate: give some, such as tap/1,mana_added (or no "
                                  "--project for whole outcomes)"),
    ({"project": " "}, InputError, "--project: names no outcome predicate: give some, such as tap/1,mana_added (or no "
                                   "--project for whole outcomes)"),
    ({"project": "tap,,move"}, InputError, "--project: 'tap,,move': a name is missing between commas"),
    ({"project": "tap,"}, InputError, "--project: 'tap,': a name is missing between commas"),
    ({"project": ["tap", ""]}, InputError, "--project: 'tap,': a name is missing between commas"),
], ids=["limit-negative", "limit-zero", "limit-bool", "limit-float", "threads-zero", "threads-text", "threads-and-limit",
        "project-not-text", "project-unknown", "project-empty", "project-blank", "project-gap", "project-trailing",
        "project-empty-name"])
def test_solve_checks_its_arguments(kwargs, error, message):
    with pytest.raises(error) as info:
        pyrules.solve(BIRDS, **kwargs)
    assert str(info.value) == message


def test_project_as_one_text_with_spaces_and_names_without_arity():
    texts = {tuple(o.texts) for o in pyrules.solve(BIRDS, project="tap/1, mana_added/3")}
    assert texts == {tuple(o.texts) for o in pyrules.solve(BIRDS, project=("tap/1", "mana_added/3"))}
    assert texts == {tuple(o.texts) for o in pyrules.solve(BIRDS, project="tap, mana_added")}
    assert len(texts) == 5
    assert pyrules.solve(BIRDS, project="tap").options.project == ("tap/1",)


def test_queries_check_the_atom_even_without_outcomes():
    result = pyrules.solve("pyrules/corpus/payment/ballista-x2-with-three-lands-cannot-be-paid.yaml")
    assert len(result) == 0
    for query in (result.always, result.sometimes, result.never, result.filter):
        with pytest.raises(TypeError, match="must be an atom's text, such as 'tap\\(forest1\\)', or a clingo Symbol"):
            query(None)
        with pytest.raises(InputError, match=r"^<query>: .nope\(x\). is not an outcome atom"):
            query("nope(x)")


def test_builder_wants_a_list_of_players():
    with pytest.raises(TypeError, match="players must be a list of names"):
        SituationBuilder("alice")  # type: ignore[arg-type]


# -- Ctrl-C ----------------------------------------------------------------------------------
# The console command's script imports pyrules.entry, then calls main(); the marker says the import is done.
CONSOLE_WITH_MARKER = [sys.executable, "-c", "import os, sys; from pyrules.entry import main; os.write(1, b'ready\\n'); "
                       "sys.exit(main())", "check"]


@pytest.mark.parametrize("delay", [0, 0.03, 0.1, 0.25, 0.5, 1, 2])
def test_ctrl_c_ends_a_command_cleanly(delay):
    """Interrupted at any moment of `pyrules check` once pyrules.entry is imported (importing the rest of
    pyrules and clingo, grounding, solving, between cases, in clingo's callbacks), the command ends with
    exit 130 and one line, never a traceback, a PANIC or a lost Ctrl-C. The delays count from the
    marker, not from the start: a busy machine only moves the moment the signal lands."""
    process = subprocess.Popen(CONSOLE_WITH_MARKER, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline() == b"ready\n"
    time.sleep(delay)
    finished_first = process.poll() is not None  # `check` takes far longer, but a fast machine may finish
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("still running 60 s after Ctrl-C")
    if finished_first:
        assert process.returncode in (0, 1) and b"Traceback" not in err, err
    else:
        assert (process.returncode, err) == (130, b"pyrules: interrupted\n")


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


def test_importing_the_console_command_loads_nothing_heavy():
    """The console script (`import sys; from pyrules.entry import main`) imports pyrules, then
    pyrules.entry, before any Ctrl-C handler of pyrules exists: they load nothing else (not clingo,
    YAML, typing, nor even signal and enum), so the handler is there within a millisecond."""
    home = str(Path(pyrules.__file__).parent.parent)  # -S: site may load typing itself
    process = subprocess.run([sys.executable, "-S", "-c", f"import os, sys; sys.path.insert(0, {home!r}); "
                              "before = set(sys.modules); import pyrules.entry; "
                              "print(' '.join(sorted(set(sys.modules) - before)))"],
                             capture_output=True, text=True, timeout=60)
    assert (process.returncode, process.stdout, process.stderr) == (0, "pyrules pyrules.entry\n", "")


# A Ctrl-C landing inside a finaliser (an import's module lock has one), where Python drops what is raised.
_IN_A_FINALISER = """
class Finaliser:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.01)
Finaliser()
"""


@pytest.mark.parametrize("finaliser", [False, True], ids=["plain", "in-a-finaliser"])
def test_ctrl_c_while_starting_ends_at_once(finaliser):
    """Before pyrules.cli takes Ctrl-C over, the handler pyrules.entry installs on import ends the
    process: exit 130, one line, wherever the signal lands."""
    landing = _IN_A_FINALISER if finaliser else "os.kill(os.getpid(), signal.SIGINT)\n"
    process = _python("import os, signal, time\nimport pyrules.entry\n" + landing + "time.sleep(10)\nprint('lost')")
    assert (process.returncode, process.stdout, process.stderr) == (130, "", "pyrules: interrupted\n")


def test_ctrl_c_during_an_import_lands_after_it(tmp_path):
    """Code run by an import may clear whatever is raised under it (PyYAML's compiled module does): a
    Ctrl-C is raised in plain Python once the import is done, never inside it, where it could be lost."""
    (tmp_path / "swallowing.py").write_text("import os, signal, time\ntry:\n    os.kill(os.getpid(), signal.SIGINT)\n"
                                            "    time.sleep(0.01)\nexcept BaseException:\n    pass\n")
    process = _python(f"import sys, time\nsys.path.insert(0, {str(tmp_path)!r})\nfrom pyrules.base import interrupt\n"
                      "interrupt.install()\ntry:\n    import swallowing\n    print('imported')\n    time.sleep(10)\n"
                      "    print('lost')\nexcept KeyboardInterrupt:\n    print('interrupted')\n")
    assert (process.returncode, process.stdout, process.stderr) == (0, "imported\ninterrupted\n", "")


@pytest.mark.parametrize("delay", [0.5, 2])
def test_ctrl_c_from_a_terminal_ends_check_and_its_workers(delay):
    """A terminal sends Ctrl-C to every process of the command: `pyrules check` runs its cases in worker
    processes (--jobs), which leave Ctrl-C to the command; it ends them and itself, exit 130, one line."""
    process = subprocess.Popen(CONSOLE_WITH_MARKER + ["--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    assert process.stdout.readline() == b"ready\n"
    time.sleep(delay)
    finished_first = process.poll() is not None
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("still running 60 s after Ctrl-C")
    if not finished_first:
        assert (process.returncode, err) == (130, b"pyrules: interrupted\n")
    for _ in range(50):  # the workers are gone with it
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("a worker outlived the command")


def test_ctrl_c_as_the_command_takes_it_over():
    """A Ctrl-C landing just as pyrules.cli has installed its handler is the command's: exit 130, one line."""
    process = _python("import os, signal, sys, time\nfrom pyrules import cli\nfrom pyrules.base import interrupt\n"
                      "install = interrupt.install\n"
                      "def install_then_ctrl_c():\n    install()\n    os.kill(os.getpid(), signal.SIGINT)\n"
                      "    time.sleep(10)\ninterrupt.install = install_then_ctrl_c\n"
                      "sys.exit(cli.main(['check', 'missing.yaml']))")
    assert (process.returncode, process.stdout, process.stderr) == (130, "", "pyrules: interrupted\n")


def test_ctrl_c_dropped_in_a_finaliser_is_raised_again():
    """Once pyrules.base.interrupt handles Ctrl-C (the command line installs it), a KeyboardInterrupt that
    Python drops in a finaliser is raised again, in plain Python, instead of being lost."""
    process = _python("import os, signal, time\nfrom pyrules.base import interrupt\ninterrupt.install()\n"
                      "try:\n" + "".join("    " + line + "\n" for line in _IN_A_FINALISER.strip().splitlines())
                      + "    time.sleep(10)\n    print('lost')\nexcept KeyboardInterrupt:\n    print('interrupted')\n")
    assert (process.returncode, process.stdout, process.stderr) == (0, "interrupted\n", "")


# -- limits a user sets, and what a template may multiply ---------------------------------------
def test_timeout_returns_the_outcomes_found_so_far():
    """Professor Onyx's -8 against three opponents with seven cards each has 2,097,152 outcomes: with
    a timeout of 0.5 s, some of them, marked truncated, in about that time."""
    import onyx_discard  # benchmarks/, on the path below

    start = time.perf_counter()
    result = pyrules.solve(onyx_discard.situation(3, 7), timeout=0.5)
    assert result.timed_out and result.truncated
    assert 0 < len(result) < 2_097_152
    assert time.perf_counter() - start < 10


def test_timeout_that_is_not_reached_changes_nothing():
    result = pyrules.solve(BIRDS, timeout=60)
    assert (len(result), result.truncated, result.timed_out) == (5, False, False)


@pytest.mark.parametrize("value, error, message", [
    (0, InputError, "timeout: must be more than 0 seconds and at most 1,000,000, not 0"),
    ("1", TypeError, "timeout must be a number of seconds, not '1'"),
])
def test_timeout_is_checked(value, error, message):
    with pytest.raises(error) as info:
        pyrules.solve(BIRDS, timeout=value)
    assert str(info.value) == message


def test_cli_timeout(capsys):
    from pyrules.cli import main

    assert main(["outcomes", BIRDS, "--timeout", "30"]) == 0
    assert capsys.readouterr().out.startswith("examples/birds.yaml: 5 outcomes  [")
    assert main(["outcomes", BIRDS, "--timeout", "0"]) == 2
    assert capsys.readouterr().err == "pyrules: --timeout: must be more than 0 seconds and at most 1,000,000, not 0.0\n"
    # (the API's message, whose place is its argument 'timeout'; check ran its cases with it)
    for command in (["outcomes", BIRDS], ["query", BIRDS, "--sometimes", "tap(birds)"], ["check", "examples/birds.yaml"]):
        for value in ("inf", "nan", "1e7"):
            assert main([*command, "--timeout", value]) == 2
            assert capsys.readouterr().err == f"pyrules: --timeout: must be more than 0 seconds and at most 1,000,000, " \
                                              f"not {float(value)}\n"


# -- a memory bound (issue 36): the run stops with one line before the machine does ------------------------------
def _command(*argv: str) -> subprocess.CompletedProcess:
    code = f"import sys\nfrom pyrules.entry import main\nsys.argv = ['pyrules', *{list(argv)!r}]\nsys.exit(main())"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).parent.parent)


def test_max_memory_stops_an_enumeration_that_outgrows_it(tmp_path):
    """Professor Onyx's -8 against three opponents with seven cards each: 2,097,152 outcomes, more than 300 MB of
    them; stopped once the process holds 300 MB, with one line and exit code 3."""
    import onyx_discard  # benchmarks/, on the path below

    path = tmp_path / "onyx.yaml"
    path.write_text(yaml.safe_dump(onyx_discard.builder(3, 7).as_dict()), encoding="utf-8")
    start = time.perf_counter()
    done = _command("outcomes", str(path), "--count", "--max-memory", "300M")
    assert done.returncode == 3 and done.stdout == ""
    assert re.fullmatch(r"pyrules: stopped at --max-memory 300M: the run held 3\d\d MB; nothing more was decided \(ask "
                        r"less with --limit, --project or --where, or allow more memory\)\n", done.stderr)
    assert time.perf_counter() - start < 60


def test_max_memory_not_reached_changes_nothing_and_is_checked():
    bounded, free = (_command("outcomes", BIRDS, "--json", *extra) for extra in (("--max-memory", "4G"), ()))
    assert bounded.returncode == free.returncode == 0
    assert json.loads(bounded.stdout)["outcomes"] == json.loads(free.stdout)["outcomes"]
    from pyrules.cli import main

    for size, message in [("2X", "'2X' is not a size such as 500M or 2G"), ("0.5K", "'0.5K' is less than one "
                                                                                      "megabyte")]:
        assert _command("outcomes", BIRDS, "--max-memory", size).stderr == f"pyrules: --max-memory: {message}\n"
    assert main(["sweep", "examples/sweep-land.yaml", "--grid", "land=Forest", "--grid", "condition=Blood Moon",
                 "--max-memory", "2X"]) == 2


def test_the_memory_held_counts_the_child_processes():
    from pyrules.base import memory

    child = subprocess.Popen([sys.executable, "-c", "import time; x = bytearray(200 << 20); time.sleep(30)"])
    try:
        deadline = time.perf_counter() + 20
        while memory.resident(child.pid) < 200 << 20 and time.perf_counter() < deadline:
            time.sleep(0.05)
        assert child.pid in memory.children(os.getpid())
        assert memory.held() >= memory.resident(os.getpid()) + (200 << 20)
    finally:
        child.kill()
        child.wait()


# -- grounding is bounded: by the timeout, and a user's rules by a number of rules (issue 28) -------------
ENDLESS = "n(0) :- counters_put(ballista,p1p1,_). n(f(X)) :- n(X)."  # refused, unless the check is passed by


@pytest.fixture
def unchecked_recursion(monkeypatch):
    """As if a program the static check lets through could not be grounded finitely."""
    import pyrules.engine.query

    monkeypatch.setattr(pyrules.engine.query, "_refuse_growing_recursion", lambda statements, own: None)


def test_timeout_stops_grounding(unchecked_recursion):
    from pyrules.base.errors import TimeLimitError

    start = time.perf_counter()
    with pytest.raises(TimeLimitError) as info:
        pyrules.solve(BALLISTA, constraints=ENDLESS, timeout=0.5)
    assert str(info.value) == "--constraint: grounding stopped at the timeout (0.5 s): nothing was decided"
    assert time.perf_counter() - start < 10


def test_cli_timeout_stops_grounding(unchecked_recursion, capsys):
    from pyrules.cli import main

    assert main(["outcomes", BALLISTA, "--constraint", ENDLESS, "--timeout", "0.5"]) == 3
    assert capsys.readouterr() == ("", "pyrules: --constraint: grounding stopped at the timeout (0.5 s): nothing "
                                      "was decided\n")


def test_timeout_stops_the_encodings_grounding():
    """The situation's own grounding (Professor Onyx against four opponents: thousands of rules)."""
    import onyx_discard

    from pyrules.base.errors import TimeLimitError

    with pytest.raises(TimeLimitError, match=r"grounding stopped at the timeout \(1e-06 s\): nothing was decided$"):
        pyrules.solve(onyx_discard.situation(4, 7), timeout=1e-6)


def test_a_users_rules_are_bounded_without_a_timeout(unchecked_recursion, monkeypatch, capsys):
    import pyrules.engine.solver
    from pyrules.cli import main

    monkeypatch.setattr(pyrules.engine.solver, "USER_RULES_LIMIT", 10_000)
    message = ("--constraint: its grounding makes more than 10,000 rules (pyrules' bound on the memory a user's "
               "rules may take)")
    with pytest.raises(InputError) as info:
        pyrules.solve(BALLISTA, constraints=ENDLESS)
    assert str(info.value) == message
    assert main(["outcomes", BALLISTA, "--constraint", ENDLESS]) == 2
    assert capsys.readouterr() == ("", f"pyrules: {message}\n")


def test_a_query_is_bounded_and_its_key_not_reused(monkeypatch):
    import pyrules.engine.solver

    result = pyrules.solve(BALLISTA)
    monkeypatch.setattr(pyrules.engine.solver, "USER_RULES_LIMIT", 3)
    with pytest.raises(InputError, match=r"^<query>: its grounding makes more than 3 rules"):
        result.query("counters_put(A, B, C), counters_put(D, E, F)")
    monkeypatch.setattr(pyrules.engine.solver, "USER_RULES_LIMIT", 1_000_000)
    assert result.query("counters_put(ballista, p1p1, 6), not counters_put(ballista, p1p1, 5)").holds is True


def test_copies_beyond_twenty_are_refused(write, line_of):
    path = write("copies.yaml", """\
        players: [alice, bob]
        cards:
          - name: Mass Twincast
            cost: "{U}"
            types: [instant]
            abilities:
              - spell: {effect: {copy_target_spell: 100}}
        objects:
          - {id: div, card: Divination, controller: alice, zone: stack}
          - {id: mass, card: Mass Twincast, controller: alice, zone: stack, targets: [div]}
        question: resolve
        """)
    error = error_of(path)
    assert str(error) == (f"{path}:{line_of(path, 'copy_target_spell')}: unsupported: cards.0.abilities.0.spell.effect."
                          "copy_target_spell is 100: more than 20 is not modelled")


# -- found by the fuzz test (tests/test_fuzz.py) ---------------------------------------------
def test_lone_surrogate_is_refused(write):
    path = write("surrogate.yaml", 'players: ["\\ud800"]\n' + QUESTION)
    assert str(error_of(path)) == f"{path}:1: a lone surrogate (\\ud800-\\udfff) is not valid text"


@pytest.mark.parametrize("case, outcome", [("craft/jewel-mana-cannot-pay-for-a-spell", 1),
                                           ("sequences/onyx-minus-8-ends-the-game", 3)])
def test_explaining_a_line_that_ended_early(case, outcome, capsys):
    """A sequence that ended on an illegal action or the end of the game links the state after the last
    step to that ending, two firings in a row: naming them must not expect an atom on both sides."""
    from pyrules.cli import main

    assert main(["explain", f"pyrules/corpus/{case}.yaml", "--outcome", str(outcome)]) == 0
    out = capsys.readouterr().out
    assert "was not legal" in out or "The game ended" in out


def test_query_atom_nested_too_deeply(capsys):
    from pyrules.cli import main

    deep = "f(" * 2000 + "a" + ")" * 2000
    assert main(["query", BIRDS, "--sometimes", deep]) == 2
    err = capsys.readouterr().err
    assert err.endswith("' nests more than 20 levels deep: no outcome atom does\n") and err.count("\n") == 1
    assert pyrules.solve(BIRDS).sometimes("tap(birds)")


# -- long runs ------------------------------------------------------------------------------------
def test_progress_is_reported_during_a_long_enumeration(monkeypatch):
    """Reports come after the first FIRST_REPORT seconds of solving, at least REPORT_EVERY apart: set low here, so
    that a slow machine (or one busy with other work) still makes several before the timeout."""
    import onyx_discard

    from pyrules.engine.solver import Grounding

    monkeypatch.setattr(Grounding, "FIRST_REPORT", 0.2)
    monkeypatch.setattr(Grounding, "REPORT_EVERY", 0.1)
    calls: list[tuple[int, float]] = []
    result = pyrules.solve(onyx_discard.situation(3, 7), timeout=2.2, progress=lambda n, s: calls.append((n, s)))
    assert len(calls) >= 2 and calls[0][1] >= 0.2
    assert [n for n, _ in calls] == sorted(n for n, _ in calls) and calls[-1][0] <= len(result)
    assert all(later - earlier >= 0.1 for (_, earlier), (_, later) in zip(calls, calls[1:]))
    quick: list = []
    pyrules.solve(BIRDS, progress=quick.append)
    assert quick == []


def test_cli_progress_line(tmp_path, monkeypatch, capsys):
    import onyx_discard
    import yaml

    from pyrules.cli import main

    players = ["onyx-player", "opp1", "opp2", "opp3"]
    objects = [{"id": "onyx", "card": "Professor Onyx", "controller": "onyx-player", "counters": {"loyalty": 8}}]
    objects += [{"id": f"{p}-{i}", "card": onyx_discard.CARDS[i % len(onyx_discard.CARDS)], "owner": p, "zone": "hand"}
                for p in players[1:] for i in range(7)]
    path = tmp_path / "onyx.yaml"
    path.write_text(yaml.safe_dump({"players": players, "objects": objects, "question": {
        "activate": {"object": "onyx", "ability": 4, "resolve": True}}}), encoding="utf-8")
    monkeypatch.setenv("PYRULES_PROGRESS", "1")
    # (long enough for a loaded machine to ground, solve past the first progress line and be stopped: with 1.8 s,
    # grounding alone took it all once under load, and no line came)
    assert main(["outcomes", str(path), "--timeout", "4"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("\rpyrules: ") and " outcomes so far, " in err and err.endswith("/s\n")
    assert main(["outcomes", BIRDS]) == 0
    assert capsys.readouterr().err == ""


# -- files that are not files (issue 28) --------------------------------------------------------
FIFO_COMMANDS = {  # the command, with {fifo} for the FIFO's path and {dir} for the folder holding it
    "situation": (["outcomes", "{fifo}"], "{fifo}: is a named pipe (FIFO), not a situation file"),
    "library-field": (["outcomes", "{dir}/uses-library.yaml"],
                      "{dir}/uses-library.yaml:2: library 'fifo': is a named pipe (FIFO), not a library file"),
    "library-option": (["outcomes", "examples/birds.yaml", "--library", "{fifo}"],
                       "--library: library '{fifo}': is a named pipe (FIFO), not a library file"),
    "constraint": (["outcomes", "examples/birds.yaml", "--constraint", "{fifo}.lp"],
                   "{fifo}.lp: is a named pipe (FIFO), not a constraint file"),
    "import": (["cards", "import", "{fifo}"], "{fifo}: is a named pipe (FIFO), not a card file"),
    "check": (["check", "{fifo}"], "{fifo}: is a named pipe (FIFO), not a case file or folder"),
}


@pytest.mark.parametrize("kind", list(FIFO_COMMANDS))
def test_a_fifo_is_refused_at_once(tmp_path, kind):
    """A named pipe given as a file would block until something writes to it: refused, exit 2, one line.
    (In a child process with a time bound, so that a regression fails instead of hanging the tests.)"""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "fifo.lp").symlink_to(fifo)
    (tmp_path / "uses-library.yaml").write_text("players: [alice]\nlibrary: fifo\n" + QUESTION, encoding="utf-8")
    argv, message = FIFO_COMMANDS[kind]
    argv = [a.format(fifo=fifo, dir=tmp_path) for a in argv]
    try:
        done = subprocess.run([sys.executable, "-c", "import sys; from pyrules.entry import main; sys.exit(main())",
                               *argv], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pyrules {' '.join(argv)} still reading the FIFO after 30 s")
    expected = f"pyrules: {message.format(fifo=fifo, dir=tmp_path)} (only regular files are read)\n"
    assert (done.returncode, done.stdout, done.stderr) == (2, "", expected)


def test_a_fifo_among_cases_is_a_failing_case(tmp_path):
    os.mkfifo(tmp_path / "case.yaml")
    results = run_in_thread(lambda: run_cases([str(tmp_path)]))
    assert [(r.status, r.problems) for r in results] == [
        ("error", [f"{tmp_path / 'case.yaml'}: is a named pipe (FIFO), not a situation file (only regular files "
                   "are read)"])]


def test_devices_and_folders_are_not_read(tmp_path):
    with pytest.raises(InputError) as info:
        load_situation("/dev/zero")
    assert str(info.value) == "/dev/zero: is a device, not a situation file (only regular files are read)"
    with pytest.raises(InputError) as info:
        pyrules.load_library(tmp_path)
    assert str(info.value) == f"{tmp_path}: is a folder, not a library file"


def run_in_thread(call, seconds: float = 30):
    """``call()``'s result, or a test failure if it has not returned within ``seconds`` (a blocked read)."""
    box: list = []
    worker = threading.Thread(target=lambda: box.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        pytest.fail(f"still running after {seconds} s")
    return box[0]


# -- every public entry point checks its arguments (issue 28) -----------------------------------
@functools.cache
def birds() -> pyrules.Outcomes:
    return pyrules.solve(BIRDS)


#: Each public entry point with one argument replaced: (the call, the argument's name).
ENTRY_POINTS: dict[str, tuple[Callable[[Any], Any], str]] = {
    **{f"solve-{name}": ((lambda v, name=name: pyrules.solve(BIRDS, **{name: v})), name)
       for name in ("limit", "threads", "library", "options", "explain", "project", "timeout", "progress", "where",
                    "constraints", "maximize", "minimize", "on_outcome")},
    "solve-situation": (lambda v: pyrules.solve(v), "situation"),
    **{f"ask-{name}": ((lambda v, name=name: pyrules.ask(BIRDS, "tap(birds)", **{name: v})), name)
       for name in ("mode", "library", "constraints", "timeout", "origin")},
    "ask-situation": (lambda v: pyrules.ask(v, "tap(birds)"), "situation"),
    "ask-query": (lambda v: pyrules.ask(BIRDS, v), "query"),
    "load_situation-path": (lambda v: pyrules.load_situation(v), "path"),
    "load_situation-library": (lambda v: pyrules.load_situation(BIRDS, v), "library"),
    "load_library-path": (lambda v: pyrules.load_library(v), "path"),
    "load_library-base": (lambda v: pyrules.load_library("tests/fixtures/import/oracle-cards.expected.yaml", v), "base"),
    "builder-players": (lambda v: SituationBuilder(v), "players"),
    "builder-active": (lambda v: SituationBuilder(["alice"], active=v), "active"),
    "builder-library": (lambda v: SituationBuilder(["alice"], library=v), "library"),
    "builder-name": (lambda v: SituationBuilder(["alice"], name=v), "name"),
    "builder-card": (lambda v: SituationBuilder(["alice"]).card(v), "definition"),
    "builder-object-id": (lambda v: SituationBuilder(["alice"]).object(v, "Forest", "alice"), "id"),
    "builder-permanent-counters": (lambda v: SituationBuilder(["alice"]).permanent(
        "f", "Forest", "alice", counters={v: 1} if isinstance(v, Hashable) else v), "counters"),
    "builder-activate-ability": (lambda v: SituationBuilder(["alice"]).activate("f", v), "ability"),
    "builder-activatable": (lambda v: SituationBuilder(["alice"]).activatable(v), "player"),
    "outcomes-query": (lambda v: birds().query(v), "text"),
    "outcomes-query-mode": (lambda v: birds().query("tap(birds)", v), "mode"),
    "outcomes-query-origin": (lambda v: birds().query("tap(birds)", origin=v), "origin"),
    "outcomes-sometimes": (lambda v: birds().sometimes(v), "query"),
    "outcomes-always": (lambda v: birds().always(v), "query"),
    "outcomes-where": (lambda v: birds().where(v), "text"),
    "outcomes-where-limit": (lambda v: birds().where("tap(birds)", v), "limit"),
    "outcomes-explain": (lambda v: birds().explain(v), "index"),
    "outcomes-explain-atom": (lambda v: birds().explain(0, v), "atom"),
    "outcomes-contrast": (lambda v: birds().contrast(v, "tap(birds)"), "index"),
    "outcomes-difference": (lambda v: birds().difference(v, 0), "first"),
    "outcomes-filter": (lambda v: birds().filter(v), "condition"),
    "outcomes-atom": (lambda v: birds().atom(v), "text"),
    "outcomes-why_not": (lambda v: birds().why_not(v), "atom"),
    "outcomes-compare": (lambda v: birds().compare(v), "other"),
    "outcomes-compare-project": (lambda v: birds().compare(birds(), v), "project"),
    "outcomes-to_dataframe": (lambda v: birds().to_dataframe(v), "columns"),
    "outcome-holds": (lambda v: birds()[0].holds(v), "atom"),
    "outcome-explain": (lambda v: birds()[0].explain(v), "atom"),
    "outcome-tuples": (lambda v: birds()[0].tuples(v), "name"),
    "outcome-by_name": (lambda v: birds()[0].by_name(v), "name"),
}

BAD_VALUES = st.one_of(
    st.integers(min_value=-2**70, max_value=2**70), st.sampled_from([0, -1, 3, 2**31, 2**63, 42]), st.booleans(),
    st.none(), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12), st.binary(max_size=6),
    st.lists(st.integers(), max_size=2), st.dictionaries(st.integers(), st.integers(), max_size=2),
    st.tuples(st.integers()), st.just(object()), st.just(Path("no-such-file.yaml")))


@settings(max_examples=int(os.environ.get("PYRULES_API_FUZZ_EXAMPLES", "400")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(entry=st.sampled_from(sorted(ENTRY_POINTS)), value=BAD_VALUES)
def test_public_entry_points_refuse_bad_arguments_by_name(entry, value):
    """Only TypeError, ValueError or InputError come out, naming the argument. (A text that reaches a
    parser, a path or a query, is named by where it is found: '<query>', the path itself.)"""
    call, name = ENTRY_POINTS[entry]
    try:
        call(value)
    except (TypeError, ValueError, InputError) as exc:
        message = str(exc)
        assert name in message or (isinstance(value, (str, Path)) and isinstance(exc, InputError)), message
        assert "\n" not in message
    except Exception as exc:
        pytest.fail(f"{entry}({value!r}) raised {type(exc).__name__}: {exc}")


@pytest.mark.parametrize("call, error, message", [
    (lambda: pyrules.solve(42), TypeError, "situation must be the path of a file (text or a Path), not 42"),
    (lambda: pyrules.solve(BIRDS, limit=2**63), InputError, "limit: must be at most 2,147,483,647"),
    (lambda: pyrules.solve(BIRDS, library="x"), TypeError,
     "library must be a CardLibrary (pyrules.load_library), not 'x'"),
    (lambda: SituationBuilder(["alice"]).permanent("b", "Walking Ballista", "alice", counters={None: 2}), TypeError,
     "counters: a key must be text (a name) or a whole number, not None"),
    (lambda: birds().explain(2**70), InputError,
     "index: must be between 0 and 4 (there are 5 outcomes), not 1180591620717411303424"),
    (lambda: birds().where("tap(birds)", 2**63), InputError,
     "limit: must be between 1 and 2,147,483,647, not 9223372036854775808"),
], ids=["solve-fd", "limit-huge", "library-text", "counters-int-key", "index-huge", "where-limit-huge"])
def test_api_misuse_named_in_one_line(call, error, message):
    """Before: solve(42) read file descriptor 42, the others raised RuntimeError, AttributeError or IndexError."""
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == message


def test_a_grounding_that_makes_no_rule_still_stops_at_the_timeout(tmp_path):
    """A join whose comparisons all fail makes no ground rule, so the guard inside grounding is never called;
    the command line's watchdog ends the process GROUNDING_GRACE after --timeout: exit 3, one line, nothing
    on stdout. (It ran for minutes: 1,500 lands joined three ways.)"""
    board = tmp_path / "board.yaml"
    board.write_text("players: [alice, bob]\nobjects:\n" + "".join(
        f"  - {{id: f{i}, card: Forest, controller: alice}}\n" for i in range(1500)) + "question:\n  could_produce: all\n",
        encoding="utf-8")
    join = ":- could_produce(A,_), could_produce(B,_), could_produce(C,_), A < B, B < C, C < A."
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-c", "import sys; from pyrules.entry import main; sys.exit(main())",
                               "outcomes", str(board), "--constraint", join, "--timeout", "1"],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("still grounding 120 s after --timeout 1")
    assert (done.returncode, done.stdout, done.stderr) == (
        3, "", "pyrules: --constraint: grounding stopped at the timeout (1 s): nothing was decided\n")
    assert time.perf_counter() - started < 60
