"""The judge view: the decisive chain of an outcome in game words, and the citations it makes precise."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clingo import Function, Number, String

import pyrules
from pyrules.cli import main
from pyrules.explain.judge import _difference, game_term, plural_verb
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
    assert capsys.readouterr().out == f"""Ruling:
  6 +1/+1 counters are put on Walking Ballista: by 616.1 (A real event happens as exactly one of its possible final states: one outcome per distinct result, however ...); 400.1, 122.6 (Outcome: the permanent enters, tapped or not, with its counters, as a copy or not); 614.1, 611.3a (The replacement effects that exist: those of permanents' abilities, and those of resolved spells and ...).
Given ({path}):
  line 6: ballista: Walking Ballista, controlled by alice, on the stack, X is 2, place 1 on the stack (1: the top)
  line 7: scales: Hardened Scales, controlled by alice, on the battlefield
  line 8: season: Doubling Season, controlled by alice, on the battlefield
  line 9: the question: the top of the stack resolves
What happens:
  1. Walking Ballista enters the battlefield from the stack under alice's control.  [405.5, 608.3]
  2. The X that Walking Ballista's enters abilities use is 2 (107.3m).  [107.3g, 107.3m, etb-x]
  3. Walking Ballista's first ability applies to Walking Ballista entering the battlefield, and entering becomes entering with 2 +1/+1 counters.  [614.12, 614.1c, 614.5, 707.5]
  4. Hardened Scales's first ability applies to Walking Ballista entering the battlefield, and entering with 2 +1/+1 counters becomes entering with 3 +1/+1 counters.  [122.6, 614.1a, 614.1c]
  5. Doubling Season's second ability applies to Walking Ballista entering the battlefield, and entering with 3 +1/+1 counters becomes entering with 6 +1/+1 counters.  [122.6, 614.1a, 614.1c]
  6. Walking Ballista entering the battlefield, starting as entering, can end as entering with 6 +1/+1 counters, once no further replacement effect applies.  [614.1, 614.5, 614.6, 616.1, 616.1a, 616.1b, 616.1c, 616.1d, 616.1e, 616.1f, 616.1g]
  7. Walking Ballista entering the battlefield happens as entering with 6 +1/+1 counters. (chosen)  [616.1]
  8. 6 +1/+1 counters are put on Walking Ballista, as Walking Ballista entering the battlefield.  [122.6, 400.1]
So:
  6 +1/+1 counters are put on Walking Ballista.  [122.1]
instead, in 1 other outcome: 5 +1/+1 counters are put on Walking Ballista
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
    ("judge: |\n        Ruling:\n          6 +1/+1 counters are put on Walking Ballista.",
     "the judge view of counters_put(ballista,p1p1,6) differs: '  6 +1/+1 counters are put on Walking Ballista: "
     "by 616.1 (A real event happens as exactly one of its possible final states: one outcome per distinct result, "
     "however ...); 400.1, 122.6 (Outcome: the permanent enters, tapped or not, with its counters, as a copy or "
     "not); 614.1, 611.3a (The replacement effects that exist: those of permanents' abilities, and those of resolved "
     "spells and ...).' where the case has '  6 +1/+1 counters are put on Walking Ballista.'"),
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
    applied = [s for s in steps if " applies to " in s]
    assert applied == [
        "Hardened Scales's first ability applies to the counters from the question asked, and 1 +1/+1 counters "
        "becomes 2 +1/+1 counters.",
        "Doubling Season's second ability applies to the counters from the question asked, and 2 +1/+1 counters "
        "becomes 4 +1/+1 counters.",
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
        'forest1, forest2, forest3, forest4: Forest, controlled by alice, on the battlefield']
    assert [g.where.rpartition(":")[2] for g in view.given if "forest" in g.text] == ["8-11"]
    assert view.outcome[-1].text == "Forest (forest1, forest2, forest3, forest4) become tapped."


def test_a_line_about_several_players_or_objects_says_its_verb_for_several(tmp_path, capsys):
    """Atoms alike but for their subject share a line, whose verb agrees with the several it is about: "alice and
    bob lose 3 life in all", not "loses" (a test Sign in Blood for each: "you lose 3 life")."""
    situation = tmp_path / "both.yaml"
    situation.write_text("""cards:
  - {name: Test Toll, cost: "{B}", types: [sorcery], abilities: [{spell: {effect: {lose_life: 3}}}]}
players: [{name: alice, mana_pool: "{B}"}, {name: bob, mana_pool: "{B}"}]
objects:
  - {id: mine, card: Test Toll, owner: alice, zone: hand}
  - {id: theirs, card: Test Toll, owner: bob, zone: stack}
actions:
  - resolve
  - cast: mine
  - resolve
""", encoding="utf-8")
    assert main(["explain", str(situation)]) == 0
    out = capsys.readouterr().out
    assert "  alice and bob lose 3 life in all." in out.splitlines(), out
    assert "loses 3 life in all." not in out.split("So:")[1]


@pytest.mark.parametrize("singular, plural", [("gains", "gain"), ("loses", "lose"), ("is", "are"), ("has", "have"),
                                              ("becomes", "become"), ("dies", "die"), ("copies", "copy"),
                                              ("passes", "pass"), ("attaches", "attach"), ("can", "can")])
def test_the_verb_for_several(singular, plural):
    assert plural_verb(singular) == plural


def test_a_crafted_permanent_is_given_as_crafted_with_its_materials():
    """used_to_craft(O, M): M was exiled to craft O (702.167c); Locus was given as "used to craft Professor Onyx"."""
    path = next(p for p in case_files() if p.stem == "copy-choices-at-resolution")
    view = pyrules.solve(path, explain=True)[0].explain().judge()
    assert [g.text for g in view.given if g.text.startswith("locus1:")] == [
        "locus1: The Enigma Jewel, back face up, controlled by alice, on the battlefield, crafted with Professor Onyx"]


def test_an_activation_without_an_ability_named_is_given_as_of_the_only_activated_ability():
    """Birds of Paradise has two abilities (flying, and its mana ability): "its only ability" was wrong."""
    view = pyrules.solve(str(EXAMPLES / "birds.yaml"), explain=True)[0].explain().judge()
    assert [g.text for g in view.given if g.text.startswith("the question")] == [
        "the question: alice activates Birds of Paradise's only activated ability"]


def test_terms_in_game_words():
    names = {"scales": "Hardened Scales", "f1": "Forest (f1)", "bear": "Grizzly Bears"}
    ability = Function("ab", [String("Hardened Scales"), Number(1)])
    assert game_term(Function("rep", [String("scales"), ability]), names) == "Hardened Scales's first ability"
    assert game_term(Function("rep", [String("f1"), ability]), names) == \
        "the first ability of Hardened Scales (on Forest (f1))"
    assert game_term(Function("g"), names) == "{G}"
    # the states of the replacement engine, as what they hold
    assert game_term(Function("m", [Number(n) for n in (0, 0, 2, 0, 1, 0)]), names) == "{B}{B}{G}"
    assert game_term(Function("m", [Number(0)] * 6), names) == "no mana"
    assert game_term(Function("en", [Number(1), Function("p1p1"), Number(2), Function("none")]), names) == \
        "entering tapped with 2 +1/+1 counters"
    assert game_term(Function("dest", [Function("exile")]), names) == "going to exile"
    # identities, costs and events
    paid = Function("cost", [String("scales"), ability, Function("tap")])
    assert game_term(paid, names) == "the cost of Hardened Scales's first ability: tapping it"
    assert game_term(Function("basic", [Function("forest")]), names) == \
        "the {T}: Add {G} ability of the land type Forest"
    assert game_term(Function("move", [String("bear"), Function("battlefield"), Function("graveyard")]), names) == \
        "Grizzly Bears moves from the battlefield to a graveyard"


#: Notation a judge does not read: a term as clingo writes it (``m(``, ``ability(``), or a word of the
#: encodings (``initial_zone``). The Given lines say what the file says, in its own fields.
_NOTATION = re.compile(r"\b[a-z_][a-z0-9_]*\(|\b[a-z]+_[a-z0-9_]+\b")
VIEWED = [p for p in case_files() if "error:" not in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("path", VIEWED, ids=[p.stem for p in VIEWED])
def test_every_judge_view_is_in_game_words(path):
    """Each corpus case's judge view (its first outcome: the ruling, what the file gives, the steps and the
    outcome) uses game words: no term of the encodings and none of their words, but the ids the file itself
    gives (the line naming the file aside)."""
    outcomes = pyrules.solve(path, limit=1)
    if not len(outcomes):
        return
    situation = outcomes.situation
    ids = {o.id for o in situation.objects} | {p.name for p in situation.players} | set(situation.stack) | \
        {a.id for a in situation.waiting}
    text = outcomes[0].explain().judge().text()
    told = "\n".join(line for line in text.splitlines() if not line.startswith("Given ("))
    found = [m.group(0) for m in _NOTATION.finditer(told) if m.group(0).rstrip("(") not in ids]
    assert not found, told


@pytest.mark.sweep
@pytest.mark.parametrize("path", SEQUENCES, ids=[p.stem for p in SEQUENCES])
def test_every_sequence_reads_in_30_lines(path):
    """The judge view of each of a sequence case's first three outcomes fits in 30 lines below its ruling."""
    outcomes = pyrules.solve(path, explain=True)
    for outcome in list(outcomes)[:3]:
        text = outcome.explain().judge().text()
        ruling, _, below = text.partition("Given")
        assert ruling.count("\n") <= 6 and below.count("\n") <= 30, text  # a ruling of 2-5 sentences, then the steps


def test_without_an_atom_each_atom_is_contrasted(capsys):
    """Birds of Paradise adds one mana of any color: explaining the outcome with black says, for its mana,
    what the four other outcomes add instead (tap(birds) is the same in all: no line)."""
    assert main(["explain", str(EXAMPLES / "birds.yaml"), "--outcome", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[lines.index("So:") + 1:] == [
        "  Birds of Paradise becomes tapped.  [701.26a]",
        "  1 mana of type {B} is added to alice's mana pool.  [106.4]",
        *[f"instead of \"1 mana of type {{B}} is added to alice's mana pool\", in 1 other outcome: 1 mana of type "
          f"{{{t.upper()}}} is added to alice's mana pool" for t in "gruw"]]


def test_an_atom_is_explained_where_it_holds(capsys):
    """--atom without --outcome looks through every outcome: Walking Ballista's 6 counters hold in outcome 2
    only, which is explained, and said so; with --outcome naming another, the error says where it holds."""
    path = str(EXAMPLES / "ballista.yaml")
    assert main(["explain", path, "--atom", "counters_put(ballista, p1p1, 6)"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "counters_put(ballista, p1p1, 6) holds in outcome 2 of 2: outcome 2 is explained"
    assert "  6 +1/+1 counters are put on Walking Ballista.  [122.1]" in lines
    assert main(["explain", path, "--outcome", "1", "--atom", "counters_put(ballista, p1p1, 6)"]) == 2
    assert capsys.readouterr().err == \
        "pyrules: --atom: counters_put(ballista, p1p1, 6) does not hold in outcome 1; it holds in outcome 2\n"
    assert main(["explain", path, "--atom", "counters_put(ballista, p1p1, 7)"]) == 2
    assert capsys.readouterr().err == "pyrules: --atom: counters_put(ballista, p1p1, 7) holds in no outcome; " \
                                      "try --why-not\n"


def test_the_ruling_names_the_rules_through_which_an_ability_acts(tmp_path, capsys):
    """Blood Moon on a Tundra (305.7, 613.1d): the {R} Tundra could produce comes from the land type
    Mountain's ability (305.6), which it has because Blood Moon's static ability (604.1) sets its land type
    in layer 4. The ruling names those rules, and what the file gives is said in game words."""
    situation = tmp_path / "moon.yaml"
    situation.write_text("""players: [alice, bob]
objects:
  - {id: tundra, card: Tundra, controller: alice}
  - {id: moon, card: Blood Moon, controller: bob}
question:
  could_produce: [tundra]
""", encoding="utf-8")
    assert main(["explain", str(situation)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:6] == [
        "Ruling:",
        "  Permanent Tundra could produce mana of type {R} (asked objects only): by 604.1, 611.3a (Static abilities "
        "that may apply: those printed on permanents, and the effects of resolved spells and ...); 305.7, 613.1d "
        "(An effect that sets a land's subtype to a basic land type (Blood Moon, Celestial Dawn) replaces its land "
        "...); 305.6, 613.1f (A land has the intrinsic mana ability of each basic land type it has (after layer 4), "
        "unless it loses all ...).",
        f"Given ({situation}):",
        "  line 3: tundra: Tundra, controlled by alice, on the battlefield",
        "  line 4: moon: Blood Moon, on the battlefield",
        "  line 5: the question: what Tundra could produce",
    ]


TRAMPLER = """players: [alice, bob]
phase: combat
step: declare_blockers
cards:
  - {{name: Test Trampler, cost: "{{4}}{{G}}", types: [creature], power: 5, toughness: 5,
     abilities: [{{keyword: trample}}{extra}]}}
  - {{name: Test Wall, cost: "{{2}}{{G}}", types: [creature], power: 0, toughness: 3}}
objects:
  - {{id: trampler, card: Test Trampler, controller: alice, tapped: true, attacking: bob}}
  - {{id: wall, card: Test Wall, controller: bob, blocking: trampler}}
actions:
  - damage
"""


@pytest.mark.parametrize("deathtouch, lost, cited", [(True, 4, True), (False, 2, False)])
def test_damage_trampled_past_a_blocker_cites_trample_and_deathtouch_where_it_made_1_lethal(
        tmp_path, capsys, deathtouch, lost, cited):
    """The damage a trampler deals past its blocker is explained by trample's lethal damage (702.19b, 510.1e) and, where
    deathtouch made 1 damage lethal, by 702.2c; not by 702.2c without deathtouch."""
    situation = tmp_path / "trample.yaml"
    situation.write_text(TRAMPLER.format(extra=", {keyword: deathtouch}" if deathtouch else ""), encoding="utf-8")
    assert main(["explain", str(situation), "--where", f"life_lost(bob, {lost})"]) == 0
    out = capsys.readouterr().out
    step = next(line for line in out.splitlines() if "step 1, damage" in line)
    cites = step.rpartition("[")[2]
    assert "702.19b" in cites and "510.1e" in cites, step
    assert ("702.2c" in cites) == cited, step
