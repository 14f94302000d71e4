"""The judge view: the decisive chain of an outcome in game words, and the citations it makes precise."""

from __future__ import annotations

from pathlib import Path

import pytest
from clingo import Function, Number, String

import pyrules
from pyrules.cli import main
from pyrules.explain.judge import _difference, game_term
from pyrules.regression import case_files, run_case

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
# Sequences of actions; the judge views of the other cases are checked with their exactness
# (tests/test_explain.py), which explains them anyway.
SEQUENCES = [p for p in case_files() if "error:" not in p.read_text(encoding="utf-8")
             and "\nactions:" in p.read_text(encoding="utf-8")]


def _six():
    outcomes = pyrules.solve(str(EXAMPLES / "ballista.yaml"), explain=True)
    index = next(i for i, o in enumerate(outcomes) if o.holds("counters_put(ballista, p1p1, 6)"))
    return outcomes, index


def test_the_judge_view_of_walking_ballista(capsys):
    """X = 2 under Hardened Scales and Doubling Season (CR 616.1): the steps in the order alice applied the
    effects for 6 counters, each with its rules, and what the other order gives."""
    _, index = _six()
    path = str(EXAMPLES / "ballista.yaml")
    assert main(["explain", path, "--outcome", str(index + 1), "--atom", "counters_put(ballista, p1p1, 6)"]) == 0
    assert capsys.readouterr().out == f"""Given ({path}):
  line 6: ballista: card "Walking Ballista", initial_controller alice, initial_zone stack, object_x 2, stack_position 1
  line 7: scales: card "Hardened Scales", initial_controller alice, initial_zone battlefield
  line 8: season: card "Doubling Season", initial_controller alice, initial_zone battlefield
  line 9: question(resolve_top)
What happens:
  1. Walking Ballista enters the battlefield from zone stack under alice's control.  [405.5, 608.3]
  2. The X that Walking Ballista's enters abilities use is 2 (107.3m).  [107.3g, 107.3m, etb-x]
  3. Applying ability 1 of Walking Ballista to enter(Walking Ballista) in state en(0,none,0,none) gives en(0,p1p1,2,none).  [614.12, 614.1c, 614.5, 707.5]
  4. Applying ability 1 of Hardened Scales to enter(Walking Ballista) in state en(0,p1p1,2,none) gives en(0,p1p1,3,none).  [122.6, 614.1a, 701.10e]
  5. Applying ability 2 of Doubling Season to enter(Walking Ballista) in state en(0,p1p1,3,none) gives en(0,p1p1,6,none).  [122.6, 614.1a, 701.10e]
  6. Started as en(0,none,0,none), enter(Walking Ballista) can end as en(0,p1p1,6,none), which no further effect modifies.  [614.1, 614.5, 614.6, 616.1, 616.1a, 616.1b, 616.1c, 616.1d, 616.1e, 616.1f, 616.1g]
  7. Real event enter(Walking Ballista) happens as en(0,p1p1,6,none). (chosen)  [616.1]
  8. Event counters(Walking Ballista,p1p1,6) (with identity enter(Walking Ballista)) happens.  [122.6, 400.1]
So:
  6 counters of kind p1p1 are put on Walking Ballista.  [106.4, 119.3, 122.1]
instead, in 1 other outcome: counters_put(ballista,p1p1,5)
"""  # noqa: E501


def test_citations_are_those_of_the_decisive_chain():
    """The loyalty rule (306.5b, 310.4b) is a candidate replacement effect that never applies to Walking
    Ballista, and 712.8a is about double-faced cards: neither is on the chain of its 6 counters (they were
    cited before, through the effects' bookkeeping and one rule header for both kinds of card)."""
    outcomes, index = _six()
    cited = outcomes[index].explain().cites("counters_put(ballista, p1p1, 6)")
    assert {"616.1", "616.1e", "614.16", "107.3m", "608.3", "109.3"} <= cited
    assert not cited & {"306.5b", "310.4b", "712.8a", "712.8d", "712.8e"}
    assert outcomes[index].explain().judge("counters_put(ballista, p1p1, 6)").cites <= cited


@pytest.mark.parametrize("expectation, problem", [
    ('cites: ["616.1", "306.5b"]', "the explanation of counters_put(ballista,p1p1,6) does not cite 306.5b"),
    ("judge: |\n        Given (case.yaml):\n          line 6: ballista: card \"Walking Ballista\", initial_controller "
     "alice, initial_zone stack, object_x 2, stack_position 1",
     "the judge view of counters_put(ballista,p1p1,6) differs: '  line 7: scales: card \"Hardened Scales\", "
     "initial_controller alice, initial_zone battlefield' where the case has no more lines"),
], ids=["a rule off the chain", "a judge view that differs"])
def test_an_explanation_expectation_that_is_wrong_fails(tmp_path, expectation, problem):
    case = tmp_path / "case.yaml"
    case.write_text((EXAMPLES / "ballista.yaml").read_text(encoding="utf-8") + f"""id: wrong
rules: ["616.1"]
expect:
  explains:
    - atom: counters_put(ballista, p1p1, 6)
      {expectation}
""", encoding="utf-8")
    result = run_case(case)
    assert (result.status, result.problems) == ("fail", [problem])


def test_one_order_is_read_not_pieces_of_several():
    """Doubling Season and Hardened Scales on one counter (616.1): the 4 comes from Scales (1 -> 2), then
    Season (2 -> 4); Season's own 1 -> 2 is another path to a state with 2 and is not read into it."""
    path = next(p for p in case_files() if p.stem == "doubling-season-hardened-scales-one-counter")
    outcomes = pyrules.solve(path, explain=True)
    four = next(o for o in outcomes if o.holds("counters_put(bears, p1p1, 4)"))
    steps = [line.text for line in four.explain().judge("counters_put(bears, p1p1, 4)").steps]
    applied = [s for s in steps if s.startswith("Applying")]
    assert applied == [
        "Applying ability 1 of Hardened Scales to counters(question) in state cn(p1p1,1) gives cn(p1p1,2).",
        "Applying ability 2 of Doubling Season to counters(question) in state cn(p1p1,2) gives cn(p1p1,4).",
    ]


def test_alike_steps_share_a_line():
    forest = Function("tap", [String("forest1")])
    assert _difference(forest, Function("tap", [String("forest2")])) == (("object", "forest1"), "forest2")
    copy = Function("stack", [Number(2), Function("copy", [String("div"), Number(1)])])
    assert _difference(copy, Function("stack", [Number(3), Function("copy", [String("div"), Number(2)])])) == \
        (("numbers",), "")
    mana = Function("could_produce", [String("pool"), Function("w")])
    assert _difference(mana, Function("could_produce", [String("pool"), Function("u")])) == (("argument", 1), "")
    assert _difference(mana, Function("tap", [String("pool")])) is None
    path = next(p for p in case_files() if p.stem == "ballista-x2-under-scales-and-season")
    outcomes = pyrules.solve(path, explain=True)
    view = outcomes[0].explain().judge()
    assert [g.text for g in view.given if "forest" in g.text] == [
        'forest1, forest2, forest3, forest4: card "Forest", initial_controller alice, initial_zone battlefield']
    assert [g.where.rpartition(":")[2] for g in view.given if "forest" in g.text] == ["8-11"]
    assert view.outcome[-1].text == "Forest (forest1, forest2, forest3, forest4) becomes tapped."


def test_terms_in_game_words():
    names = {"scales": "Hardened Scales", "f1": "Forest (f1)"}
    ability = Function("ab", [String("Hardened Scales"), Number(1)])
    assert game_term(Function("rep", [String("scales"), ability]), names) == "ability 1 of Hardened Scales"
    assert game_term(Function("rep", [String("f1"), ability]), names) == "ability 1 of Hardened Scales (from Forest (f1))"
    assert game_term(Function("g"), names) == "{G}"


@pytest.mark.sweep
@pytest.mark.parametrize("path", SEQUENCES, ids=[p.stem for p in SEQUENCES])
def test_every_sequence_reads_in_30_lines(path):
    """The judge view of each of a sequence case's first three outcomes fits in 30 lines."""
    outcomes = pyrules.solve(path, explain=True)
    for outcome in list(outcomes)[:3]:
        text = outcome.explain().judge().text()
        assert text.count("\n") <= 30, text


def test_without_an_atom_each_atom_is_contrasted(capsys):
    """Birds of Paradise adds one mana of any color: explaining the outcome with black says, for its mana,
    what the four other outcomes add instead (tap(birds) is the same in all: no line)."""
    assert main(["explain", str(EXAMPLES / "birds.yaml"), "--outcome", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[lines.index("So:") + 1:] == [
        "  Birds of Paradise becomes tapped.  [701.26a]",
        "  1 mana of type {B} is added to alice's mana pool.  [106.4, 119.3, 122.1]",
        *[f"instead of mana_added(alice,b,1), in 1 other outcome: mana_added(alice,{t},1)" for t in "gruw"]]
