"""Orders of triggered abilities that cannot matter are not walked (603.3b, 117.4, issue 30), and every order that
can is: random boards of dying creatures, each with a "when this dies" ability, give the same outcomes as
with every order walked (the encodings without the blocks that make alike abilities, and abilities whose
resolutions commute, one order), up to the names of the abilities left on the stack when the game ends."""

from __future__ import annotations

import random
from typing import Any

import pytest
import yaml
from clingo import Symbol, SymbolType

import pyrules
from pyrules.engine import program
from pyrules.engine.encodings import block
from pyrules.situation.loader import load_situation

#: Card -> its "when this dies" instruction. Mourner and Weeper are different cards with the same one.
DIES = {"Mourner": {"gain_life": 1}, "Weeper": {"gain_life": 1}, "Drainer": {"each_opponent_loses_life": 1},
        "Reader": {"draw": 1}, "Pinger": {"damage_any_target": 1}, "Healer": {"gain_life": 2},
        "Bleeder": {"lose_life": 1}, "Scholar": {"draw": 2}, "Miller": {"mill": 1}}
CARDS = [{"name": name, "cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1,
          "abilities": [{"triggered": {"when": "dies", "effect": effect}}]} for name, effect in DIES.items()]
ALIKE = block("stack:603.3b")
COMMUTING = block("stack:117.4")


def _board(seed: int) -> dict[str, Any]:
    """Two to four creatures with lethal damage (they die together when the board is first settled),
    of random cards and controllers; life totals low enough that an order can end the game."""
    rng = random.Random(seed)
    players = [{"name": p, "life": rng.randint(1, 5)} for p in ("alice", "bob")]
    cards = ["Mourner", "Mourner", "Weeper", "Drainer", "Reader", "Pinger", "Healer", "Bleeder", "Scholar", "Miller"]
    objects = [{"id": f"c{i}", "card": rng.choice(cards), "controller": rng.choice(["alice", "bob"]), "damage": 1}
               for i in range(rng.randint(2, 4))]
    objects += [{"id": f"{p}_card{k}", "card": "Forest", "owner": p, "zone": "library"}
                for p in ("alice", "bob") for k in range(rng.randint(0, 3))]
    # Mostly resolve: all (the orders that commute are one); sometimes a resolution another action could watch.
    actions = rng.choice([[{"resolve": "all"}]] * 3 + [[{"resolve": "top"}], [{"resolve": "top"}, {"resolve": "all"}],
                                                      [{"resolve": "top"}, {"resolve": "top"}]])
    return {"players": players, "cards": CARDS, "objects": objects, "actions": actions}


def _canonical(outcomes: Any, board: dict[str, Any]) -> set[frozenset[str]]:
    """The outcomes with each stack item named by what tells it apart (its controller and instruction)
    instead of by its source."""
    of = {o["id"]: (o["controller"], str(DIES[o["card"]])) for o in board["objects"] if o["card"] in DIES}

    def name(symbol: Symbol) -> str:
        if symbol.name == "stack" and symbol.arguments[1].type == SymbolType.String:
            source = symbol.arguments[1].string.partition("#")[0]
            return f"stack({symbol.arguments[0]},{of.get(source, source)})"
        return str(symbol)

    return {frozenset(name(a) for a in outcome.atoms) for outcome in outcomes}


def _without_the_order_blocks(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Every order walked: the program without the constraints that make alike abilities, and abilities
    whose resolutions commute, one order (in the steps where they are live). Returns a list that gets one item
    each time one is left out."""
    constraints = {s.position for b in (ALIKE, COMMUTING) for s in program.statements() if s.file == b.file
                   and any(k[:2] == ("stack_order_below", 2) for k in s.heads) and b.first_line <= s.line <= b.last_line}
    assert len(constraints) == 2
    made, dropped = program.live_statements, []

    def every_order(keys: Any, demand: bool = True) -> tuple[Any, ...]:
        alive = made(keys, demand)
        dropped.extend(True for s in alive if s.position in constraints)
        return tuple(s for s in alive if s.position not in constraints)

    monkeypatch.setattr(program, "live_statements", every_order)
    return dropped


@pytest.mark.parametrize("seed", range(24))
def test_one_order_of_alike_or_commuting_abilities_gives_every_outcome(seed, tmp_path, monkeypatch):
    board = _board(seed)
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(board, sort_keys=False), encoding="utf-8")
    reduced = pyrules.solve(load_situation(path))
    dropped = _without_the_order_blocks(monkeypatch)
    full = pyrules.solve(load_situation(path))
    assert dropped
    assert _canonical(reduced, board) == _canonical(full, board)
    assert reduced.statistics.extra["steps"] <= full.statistics.extra["steps"]


def _dying(n: int, cards: list[str]) -> dict[str, Any]:
    objects = [{"id": f"c{i}", "card": cards[i % len(cards)], "controller": "alice", "damage": 1} for i in range(n)]
    return {"players": ["alice", "bob"], "cards": CARDS, "objects": objects, "actions": [{"resolve": "all"}]}


def test_n_alike_dies_triggers_take_steps_linear_in_n(tmp_path):
    """Five creatures with the same "when this dies, you gain 1 life" (two of them a different card): one
    line, each trigger resolving in turn, where every order walked took 602 steps."""
    path = tmp_path / "five.yaml"
    path.write_text(yaml.safe_dump(_dying(5, ["Mourner", "Mourner", "Weeper"]), sort_keys=False), encoding="utf-8")
    outcomes = pyrules.solve(path)
    assert [sorted(o.texts) for o in outcomes] == [
        ["life_gained(alice,5)", *[f"move(c{i},battlefield,graveyard)" for i in range(5)]]]
    assert outcomes.statistics.extra["steps"] == 7  # settle (the creatures die), put the triggers, 5 resolutions


def test_abilities_that_target_are_not_alike(tmp_path):
    """Two Pingers' triggers: each chooses its target as it is put on the stack, and which source deals the
    damage can matter (protection, lifelink), so their orders are still walked."""
    path = tmp_path / "pingers.yaml"
    path.write_text(yaml.safe_dump(_dying(2, ["Pinger"]), sort_keys=False), encoding="utf-8")
    reduced = pyrules.solve(path)
    assert reduced.statistics.extra["steps"] > 4


def _solve(tmp_path, board: dict[str, Any]) -> Any:
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(board, sort_keys=False), encoding="utf-8")
    return pyrules.solve(path)


def test_different_instructions_that_commute_take_one_order(tmp_path):
    """Six creatures die: three "gain 1 life", three "gain 2 life" (117.4, 603.3b). With everything resolving
    and nothing able to tell the orders apart, one order is walked: 8 steps, where 20 arrangements were."""
    outcomes = _solve(tmp_path, _dying(6, ["Mourner", "Healer"]))
    assert [sorted(o.texts) for o in outcomes] == [
        ["life_gained(alice,9)", *[f"move(c{i},battlefield,graveyard)" for i in range(6)]]]
    assert outcomes.statistics.extra["steps"] == 8


def test_orders_that_could_end_the_game_are_all_walked(tmp_path):
    """alice at 2 life: two "you lose 1 life" and one "gain 2 life". Losing both first ends the game (704.5a);
    gaining first does not: both outcomes are there."""
    board = _dying(3, ["Bleeder", "Bleeder", "Healer"]) | {"players": [{"name": "alice", "life": 2}, "bob"]}
    outcomes = _solve(tmp_path, board)
    assert sorted("lost(alice,life)" in o.texts for o in outcomes) == [False, True]


def test_orders_that_could_empty_a_library_are_all_walked(tmp_path):
    """alice draws 2 from a library of 1 (704.5b) and gains 1 life: the life she has when the game ends
    depends on the order."""
    board = _dying(2, ["Scholar", "Mourner"])
    board["objects"].append({"id": "top", "card": "Forest", "owner": "alice", "zone": "library"})
    outcomes = _solve(tmp_path, board)
    assert len(outcomes) == 2 and all("lost(alice,empty_library)" in o.texts for o in outcomes)
    assert sorted("life_gained(alice,1)" in o.texts for o in outcomes) == [False, True]


def test_a_resolution_another_action_could_watch_keeps_every_order(tmp_path):
    """Only the top one resolves (resolve: top): which one that is is the outcome."""
    outcomes = _solve(tmp_path, _dying(2, ["Mourner", "Healer"]) | {"actions": [{"resolve": "top"}]})
    assert sorted(t for o in outcomes for t in o.texts if t.startswith("life_gained")) == [
        "life_gained(alice,1)", "life_gained(alice,2)"]
