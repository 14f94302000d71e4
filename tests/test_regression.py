"""The regression runner's expectations (pyrules/regression.py): a final state in plain fields, and failures
that say which outcome broke them (issue 35)."""

from __future__ import annotations

import pytest

from pyrules.regression import run_case

# Walking Ballista resolves with X = 2 under Hardened Scales and Doubling Season: 5 or 6 counters (616.1).
BALLISTA = """\
id: ballista-state
rules: ["616.1"]
players: [alice, bob]
objects:
  - {id: ballista, card: Walking Ballista, controller: alice, zone: stack, x: 2}
  - {id: scales, card: Hardened Scales, controller: alice}
  - {id: season, card: Doubling Season, controller: alice}
question: resolve
expect:
"""


def _case(tmp_path, expect: str):
    path = tmp_path / "case.yaml"
    path.write_text(BALLISTA + expect, encoding="utf-8")
    return run_case(path)


def test_a_final_state_in_plain_fields_holds_in_every_outcome(tmp_path):
    result = _case(tmp_path, "  state:\n    alice: {life: 20}\n"
                             "    ballista: {zone: battlefield, tapped: false, controller: alice}\n"
                             "    scales: {zone: battlefield, counters: {p1p1: 0}}\n")
    assert (result.status, result.problems) == ("pass", [])


def test_a_state_that_one_outcome_breaks_names_it(tmp_path):
    result = _case(tmp_path, "  state:\n    ballista: {counters: {p1p1: 6}}\n    bob: {life: 19}\n")
    assert result.status == "fail"
    assert result.problems == ["expected ballista's counters {p1p1: 6} in every outcome: in outcome 1 it is {p1p1: 5}",
                               "expected bob's life 19 in every outcome: in outcome 1 it is 20"]


def test_always_and_never_name_the_outcome_that_breaks_them(tmp_path):
    result = _case(tmp_path, "  always: counters_put(ballista, p1p1, 6)\n  never: counters_put(ballista, p1p1, 5)\n"
                             "  sometimes: counters_put(ballista, p1p1, 7)\n")
    assert result.problems == ["expected counters_put(ballista,p1p1,6) in every outcome: not in outcome 1",
                               "expected counters_put(ballista,p1p1,7) in some outcome",
                               "expected counters_put(ballista,p1p1,5) in no outcome: it holds in outcome 1"]


@pytest.mark.parametrize("state, error", [
    ("    carol: {life: 20}\n", "case.yaml:11: 'carol' is neither a player nor an object of the situation"),
    ("    alice: {zone: battlefield}\n", "case.yaml:11: unknown field 'zone' in expect.state.alice; expected one of: life"),
    ("    ballista: {zone: sideboard}\n", "case.yaml:11: expect.state.ballista.zone must be one of battlefield, hand, "
                                        "graveyard, exile, library, stack, not 'sideboard'"),
    ("    ballista: {counters: {p1p1: -1}}\n", "case.yaml:11: expect.state.ballista.counters.p1p1 must be at least 0, "
                                             "not -1"),
])
def test_a_state_that_says_what_cannot_be_is_an_error_at_its_line(tmp_path, state, error):
    result = _case(tmp_path, "  state:\n" + state)
    assert result.status == "error"
    assert result.problems[0].endswith(error), result.problems


@pytest.mark.parametrize("key", ["exactly", "always", "state"])
def test_an_expectation_left_empty_is_an_error_not_a_pass(tmp_path, key):
    result = _case(tmp_path, f"  {key}:\n")
    assert result.status == "error"
    hint = " ('exactly: []' for no outcome)" if key == "exactly" else ""
    assert result.problems[0].endswith(f"case.yaml:10: '{key}' is empty: give what is expected{hint}"), result.problems


def test_an_empty_expect_block_is_an_error_not_a_pass(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(BALLISTA.replace("expect:\n", "expect: {}\n"), encoding="utf-8")
    result = run_case(path)
    assert result.status == "error"
    assert result.problems[0].endswith("case.yaml:9: 'expect' is empty: give what is expected (exactly, outcomes, "
                                       "error, ...)"), result.problems


def test_two_cases_with_one_id_are_refused_naming_both(tmp_path, capsys):
    """A copied case whose id was kept was reported, and selected, as the same case as its original."""
    from pyrules.cli import main

    case = ("id: same\nrules: ['106.3']\nplayers: [alice]\nobjects:\n  - {id: ring, card: Sol Ring, controller: alice}\n"
            "question: {activate: ring}\nexpect: {outcomes: 1}\n")
    (tmp_path / "a.yaml").write_text(case)
    (tmp_path / "b.yaml").write_text(case)
    assert main(["check", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"pyrules: {tmp_path / 'b.yaml'}: its id 'same' is also that of {tmp_path / 'a.yaml'}: "
                              "give each case its own id\n")
    assert main(["check", str(tmp_path / "a.yaml"), str(tmp_path / "a.yaml")]) == 0  # (one file named twice)


def test_the_corpus_cases_have_ids_of_their_own():
    from pyrules.regression import _refuse_shared_ids, case_files

    _refuse_shared_ids(case_files())
