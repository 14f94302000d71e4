"""A whole combat in one program (pyrules/play/combat_run.py, asp/combat_run.lp) against the same combat played
step by step: exactly the same outcomes, on boards drawn at random and on the boards the run must leave to the
steps."""

from __future__ import annotations

import random

import pytest
from clingo import Function, String

import pyrules
from pyrules.engine.atoms import format_atom
from pyrules.engine.solver import SolveOptions
from pyrules.play import combat_run
from pyrules.play.combat_run import as_combat_run, play_combat
from pyrules.results.outcomes import _play
from pyrules.situation.builder import SituationBuilder

#: The keywords the run models, drawn from for the random boards.
KEYWORDS = ["flying", "reach", "menace", "first_strike", "double_strike", "deathtouch", "trample", "lifelink",
            "vigilance", "indestructible", "defender", "haste"]


def random_board(seed: int, sizes: tuple[int, int] = (2, 3), given: bool = False):
    """A random combat: alice's and bob's creatures with random power, toughness and keywords, some tapped, some
    new to their controller, tokens, damage already marked, +1/+1 counters; bob's life low enough to lose; attack,
    block and one to three damage actions (resolve: all between some)."""
    rng = random.Random(seed)
    b = SituationBuilder([{"name": "alice"}, {"name": "bob", "life": rng.randint(1, 8)}])
    b.set(phase="combat", step="beginning_of_combat")
    n = 0
    for player, count in zip(("alice", "bob"), (rng.randint(1, sizes[0]), rng.randint(1, sizes[1]))):
        for _ in range(count):
            n += 1
            name = f"Creature {n}"
            keywords = rng.sample(KEYWORDS, rng.choice([0, 1, 1, 2, 3]))
            toughness = rng.randint(1, 4)
            b.card({"name": name, "cost": "{1}", "types": ["creature"], "power": rng.randint(0, 4),
                    "toughness": toughness, "abilities": [{"keyword": k} for k in keywords]})
            fields = {}
            if rng.random() < 0.15:
                fields["tapped"] = True
            if rng.random() < 0.15:
                fields["since_turn_start"] = False
            if rng.random() < 0.2:
                fields["token"] = True
            if rng.random() < 0.2 and toughness > 1:
                fields["damage"] = rng.randint(1, toughness - 1)
            if rng.random() < 0.15:
                fields["counters"] = {"p1p1": rng.randint(1, 2)}
            b.permanent(f"{player[0]}{n}", name, player, **fields)
    if given:  # some of alice's creatures declared attacking (not always legally: tapped, new, defender)
        mine = [o["id"] for o in b.as_dict()["objects"] if o["controller"] == "alice"]
        b.action(attack={c: "bob" for c in mine if rng.random() < 0.7}).action(block=None).action(damage=None)
    else:
        b.action(attack=None).action(block=None).action(damage=None)
    for _ in range(rng.choice([0, 1, 1, 2])):
        if rng.random() < 0.5:
            b.action(resolve="all")
        b.action(damage=None)
    return b.build()


def step_by_step(situation) -> set[frozenset]:
    return {o.atoms for o in _play(situation, situation.library, SolveOptions())}


def run_outcomes(situation) -> set[frozenset]:
    result = play_combat(situation, situation.library, SolveOptions())
    assert result is not None, "the run should model this board"
    return {o.atoms for o in result.outcomes}


@pytest.mark.parametrize("seed", range(24))
def test_the_run_finds_exactly_the_outcomes_of_the_steps(seed):
    # 506-511, 702.19b, 702.2c, 510.4, 704.5g/h, 704.5a: every combat, every division, the state-based actions after
    # each step, the game ending, the illegal second (or third) damage action.
    situation = random_board(seed)
    assert run_outcomes(situation) == step_by_step(situation)


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(24, 224))
def test_the_run_agrees_with_the_steps_on_many_boards(seed):
    situation = random_board(seed, (3, 3))
    assert run_outcomes(situation) == step_by_step(situation)


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(16, 116))
def test_attackers_given_agree_with_the_steps_on_many_boards(seed):
    situation = random_board(seed, (3, 3), given=True)
    assert {o.atoms for o in pyrules.solve(situation)} == step_by_step(situation)


@pytest.mark.parametrize("seed", range(6))
def test_the_runs_outcomes_come_in_the_order_of_the_steps(seed):
    # (each distinct state kept once in Python, sorted by its atoms' texts as the run finds them)
    situation = random_board(seed)
    assert [o.atoms for o in pyrules.solve(situation)] == [o.atoms for o in _play(situation, situation.library,
                                                                                  SolveOptions())]


@pytest.mark.parametrize("seed", [16, 29])
def test_answer_sets_repeating_states_start_the_search_again_projected(seed, monkeypatch):
    # Unprojected, a state reached by many answer sets (blockers that die, whichever attacker they blocked) is read
    # once for each; past a ratio of answer sets to states, clingo's projection searches again. Made to happen at once:
    # the same outcomes, searched twice.
    situation = random_board(seed, (3, 3))
    expected = run_outcomes(situation)
    modes = []
    enumerate_ = combat_run._enumerate

    def spied(grounding, *rest):
        modes.append(grounding.control.configuration.solve.project.split(",")[0])
        return enumerate_(grounding, *rest)

    monkeypatch.setattr(combat_run, "_enumerate", spied)
    monkeypatch.setattr(combat_run, "REDUNDANT_AFTER", 0)
    monkeypatch.setattr(combat_run, "REDUNDANT_RATIO", 1)
    assert run_outcomes(situation) == expected == step_by_step(situation)
    assert modes == ["no", "project"]


@pytest.mark.parametrize("seed", [0, 3, 29])
def test_a_limit_keeps_that_many_distinct_outcomes_of_the_run(seed):
    # (answer sets that repeat a state are not counted against the limit)
    situation = random_board(seed, (3, 3))
    every = step_by_step(situation)
    for limit in (1, 3, len(every) - 1, len(every)):
        if limit < 1:
            continue
        found = pyrules.solve(situation, limit=limit)
        assert found.statistics.extra["steps"] == 1
        assert len(found) == min(limit, len(every)) == len({o.atoms for o in found})
        assert {o.atoms for o in found} <= every
        assert found.truncated == (len(every) > limit)


def test_attackers_given_are_checked_by_the_steps_and_the_rest_is_one_run():
    # 508.1: a declaration given is played step by step first; legal, the run searches the blocks and the damage
    # with it fixed; illegal (a tapped or new creature declared), the steps end the line with their reasons.
    runs = 0
    for seed in range(16):
        situation = random_board(seed, given=True)
        outcomes = pyrules.solve(situation)
        runs += outcomes.statistics.extra["steps"] == 1
        assert {o.atoms for o in outcomes} == step_by_step(situation), seed
    assert 8 <= runs < 16  # (most declarations legal, some not)


def vanilla_board(*extra_objects, keywords=()):
    b = SituationBuilder(["alice", "bob"]).set(phase="combat", step="beginning_of_combat")
    b.card({"name": "Bear", "cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2,
            "abilities": [{"keyword": k} for k in keywords]})
    b.permanent("bear", "Bear", "alice").permanent("cub", "Bear", "bob")
    for build in extra_objects:
        build(b)
    return b.action(attack=None).action(block=None).action(damage=None)


def test_a_board_of_vanilla_creatures_is_one_run():
    situation = vanilla_board().build()
    assert as_combat_run(situation) is not None
    outcomes = pyrules.solve(situation)
    assert sorted(sorted(o.texts) for o in outcomes) == sorted(sorted(a) for a in [
        [],
        ["attacking(bear,bob)", "life_lost(bob,2)", "tap(bear)"],
        ["move(bear,battlefield,graveyard)", "move(cub,battlefield,graveyard)"],
    ])
    assert outcomes.statistics.extra["steps"] == 1  # one program, not a step per state


def soul_warden(b):
    b.card({"name": "Watcher", "cost": "{W}", "types": ["creature"], "power": 1, "toughness": 1,
            "abilities": [{"triggered": {"when": "dies", "filter": {"types": ["creature"]}, "effect": {"gain_life": 1}}}]})
    b.permanent("watcher", "Watcher", "bob", tapped=True)


@pytest.mark.parametrize("variant", ["trigger", "keyword", "given", "planeswalker"])
def test_what_the_run_does_not_model_is_played_step_by_step(variant):
    # A dies trigger, a keyword the run does not model (wither), blockers given whatever attacks, a planeswalker to
    # attack: the run declines, and the steps answer, every rule applying.
    if variant == "trigger":
        situation = vanilla_board(soul_warden).build()
    elif variant == "keyword":
        situation = vanilla_board(keywords=("wither",)).build()
    elif variant == "planeswalker":
        def walker(b):
            b.card({"name": "Walker", "cost": "{3}", "types": ["planeswalker"], "loyalty": 3})
            b.permanent("walker", "Walker", "bob", counters={"loyalty": 3})
        situation = vanilla_board(walker).build()
    else:
        b = SituationBuilder(["alice", "bob"]).set(phase="combat", step="beginning_of_combat")
        b.card({"name": "Bear", "cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2})
        b.permanent("bear", "Bear", "alice").permanent("cub", "Bear", "bob")
        situation = b.action(attack=None).action(block={"cub": "bear"}).action(damage=None).build()
    assert play_combat(situation, situation.library, SolveOptions()) is None
    outcomes = pyrules.solve(situation)
    assert outcomes.statistics.extra["steps"] > 1
    assert {o.atoms for o in outcomes} == step_by_step(situation)


def test_a_dies_trigger_is_seen_when_the_steps_play_the_combat():
    outcomes = pyrules.solve(vanilla_board(soul_warden).build())
    traded = next(o for o in outcomes if "move(cub,battlefield,graveyard)" in o.texts)
    # the Bears trade: the Watcher's ability triggers twice, and both wait on the stack (603.2, 603.3)
    assert 'stack(1,"watcher#trigger1")' in traded.texts and 'stack(2,"watcher#trigger2")' in traded.texts


def test_an_outcome_of_the_run_is_explained_by_its_line_played_again():
    situation = vanilla_board().build()
    outcomes = pyrules.solve(situation)
    traded = next(o for o in outcomes if "move(cub,battlefield,graveyard)" in o.texts)
    assert traded.line is None  # (found by the run: no line until asked)
    assert traded.objects["cub"].zone == "graveyard" and traded.objects["bear"].zone == "graveyard"
    assert [step.name for step in traded.line.steps if step.name != "priority"] == ["attack", "block", "damage"]
    assert [step.atoms for step in traded.line.steps if step.name == "block"] == [frozenset({
        Function("blocks", [String("cub"), String("bear")])})]


def test_with_no_attacker_the_combat_damage_step_is_explained_as_skipped():
    # 508.8: no creature declared as an attacker, so no combat damage step: the judge is not told of a regular one.
    situation = vanilla_board().build()
    quiet = next(o for o in pyrules.solve(situation) if not o.atoms)
    view = quiet.explain().judge().text()
    assert "The combat damage step taken is none, no creature attacking (508.8).  [" in view
    assert "(510.4)" not in view  # (the sentence's general rule gives way to the value's own)
    assert "regular" not in view
    attacked = next(o for o in pyrules.solve(situation) if "tap(bear)" in o.texts)
    assert "The combat damage step taken is regular (510.4)" in attacked.explain().judge().text()


def test_a_run_outcome_projected_keeps_a_line():
    situation = vanilla_board().build()
    projected = pyrules.solve(situation, project=["move/3"])
    both = next(o for o in projected if o.atoms)
    assert both.objects["cub"].zone == "graveyard"


def test_a_token_that_dies_as_the_game_ends_stays_in_the_graveyard():
    # 704.5d: a token in the graveyard ceases to exist at the next check of state-based actions; when bob loses in the
    # same check that puts alice's token attacker there, no further check is made (104.3b, 704.3).
    b = SituationBuilder(["alice", {"name": "bob", "life": 2}]).set(phase="combat", step="beginning_of_combat")
    b.card({"name": "Bear", "cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2})
    b.permanent("token", "Bear", "alice", token=True).permanent("bear", "Bear", "alice").permanent("cub", "Bear", "bob")
    situation = b.action(attack=None).action(block=None).action(damage=None).build()
    outcomes = run_outcomes(situation)
    assert outcomes == step_by_step(situation)
    texts = {frozenset(format_atom(a) for a in atoms) for atoms in outcomes}
    assert frozenset({"attacking(bear,bob)", "game_over(3)", "life_lost(bob,2)", "lost(bob,life)",
                      "move(cub,battlefield,graveyard)", "move(token,battlefield,graveyard)", "tap(bear)"}) in texts
    # the token alone, blocked by the cub: the game goes on, and the token ceases to exist (704.5d)
    assert frozenset({"ceased_to_exist(token)", "move(cub,battlefield,graveyard)"}) in texts


QUESTIONS = [("lost(bob,_)", "sometimes"), ("life_lost(bob,N), N >= 6", "sometimes"), ("life_lost(bob,N)", "sometimes"),
             ("move(X,battlefield,graveyard)", "sometimes"), ("not tap(a1)", "always"), ("tap(a1)", "always"),
             ("#count{ X : move(X,battlefield,graveyard) } >= 3", "sometimes"), ("X = 1", "always"),
             ("blocking(B,A)", "always")]


@pytest.mark.parametrize("seed", [3, 7, 11])
@pytest.mark.parametrize(("text", "mode"), QUESTIONS)
def test_a_question_about_the_run_is_answered_as_over_the_outcomes(seed, text, mode):
    # --sometimes/--always over every combat at once (no outcome listed) against the same question asked of the
    # outcomes the steps found: the same answer and the same bindings.
    situation = random_board(seed)
    asked = pyrules.ask(situation, text, mode)
    listed = _play(situation, situation.library, SolveOptions()).query(text, mode)
    assert (asked.holds, asked.bindings) == (listed.holds, listed.bindings)


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_where_and_an_objective_are_answered_in_the_run(seed):
    situation = random_board(seed)
    steps = _play(situation, situation.library, SolveOptions())
    for where in ("move(X,battlefield,graveyard)", "not tap(a1)", "life_lost(bob,N), N > 2"):
        assert {o.atoms for o in pyrules.solve(situation, where=where)} == {o.atoms for o in steps.where(where)}
    for sense in ("maximize", "minimize"):
        for objective in ("N : life_lost(bob,N)", "1,X : move(X,battlefield,graveyard)"):
            run = pyrules.solve(situation, **{sense: objective})
            listed = steps.optimal(sense, objective)
            assert ({o.atoms for o in run}, run.optimum) == ({o.atoms for o in listed}, listed.optimum)


def test_a_timeout_stops_the_runs_search_with_the_outcomes_found():
    # four 3/3 tramplers against four 1/4 blockers: thousands of combats; a tenth of a second finds some, and says so
    b = SituationBuilder(["alice", "bob"]).set(phase="combat", step="beginning_of_combat")
    b.card({"name": "Trampler", "cost": "{3}", "types": ["creature"], "power": 3, "toughness": 3,
            "abilities": [{"keyword": "trample"}]})
    b.card({"name": "Wall", "cost": "{1}", "types": ["creature"], "power": 1, "toughness": 4})
    for i in range(4):
        b.permanent(f"t{i}", "Trampler", "alice").permanent(f"w{i}", "Wall", "bob")
    situation = b.action(attack=None).action(block=None).action(damage=None).build()
    outcomes = pyrules.solve(situation, timeout=0.1)
    assert outcomes.timed_out and outcomes.truncated and len(outcomes) < len(pyrules.solve(situation))


@pytest.mark.parametrize("seed", [0, 5])
def test_a_run_outcome_is_explained_as_the_steps_explain_it(seed):
    # the line found again from one line's declarations, each told as the open question it was: the same judge's
    # view, word for word, as the outcome the steps found
    situation = random_board(seed)
    steps = {o.atoms: o for o in _play(situation, situation.library, SolveOptions())}
    for outcome in list(pyrules.solve(situation))[:6]:
        assert str(outcome.explain().judge()) == str(steps[outcome.atoms].explain().judge())


@pytest.mark.parametrize(("text", "mode", "holds"), [("lost(bob, life)", "sometimes", True),
                                                    ("not lost(bob, life)", "always", False),
                                                    ("life_lost(bob, 2), lost(bob, life)", "sometimes", True),
                                                    ("move(cub, battlefield, graveyard)", "always", False)])
def test_a_question_with_no_variable_is_asked_of_the_end_of_the_line(text, mode, holds):
    # an atom with no variable is one symbol in the query: it is read as the run's final state too (the run's own
    # atoms of the same name are about its steps); bob at 2 life loses to an unblocked Bear (704.5a)
    b = SituationBuilder(["alice", {"name": "bob", "life": 2}]).set(phase="combat", step="beginning_of_combat")
    b.card({"name": "Bear", "cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2})
    situation = b.permanent("bear", "Bear", "alice").permanent("cub", "Bear", "bob").action(attack=None).action(
        block=None).action(damage=None).build()
    assert pyrules.ask(situation, text, mode).holds is holds
    assert _play(situation, situation.library, SolveOptions()).query(text, mode).holds is holds
