"""Orders of triggered abilities that cannot matter are not walked (603.3b, issue 30), and every order that
can is: random boards of dying creatures, each with a "when this dies" ability, give the same outcomes as
with every order walked (the encodings without the block that makes alike abilities one order), up to
the names of the abilities left on the stack when the game ends."""

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
        "Reader": {"draw": 1}, "Pinger": {"damage_any_target": 1}}
CARDS = [{"name": name, "cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1,
          "abilities": [{"triggered": {"when": "dies", "effect": effect}}]} for name, effect in DIES.items()]
ALIKE = block("stack:603.3b")


def _board(seed: int) -> dict[str, Any]:
    """Two to four creatures with lethal damage (they die together when the board is first settled),
    of random cards and controllers; life totals low enough that an order can end the game."""
    rng = random.Random(seed)
    players = [{"name": p, "life": rng.randint(1, 3)} for p in ("alice", "bob")]
    cards = ["Mourner", "Mourner", "Weeper", "Drainer", "Reader", "Pinger"]  # alike ones more often
    objects = [{"id": f"c{i}", "card": rng.choice(cards), "controller": rng.choice(["alice", "bob"]), "damage": 1}
               for i in range(rng.randint(2, 4))]
    objects += [{"id": f"{p}_card{k}", "card": "Forest", "owner": p, "zone": "library"}
                for p in ("alice", "bob") for k in range(rng.randint(0, 2))]
    return {"players": players, "cards": CARDS, "objects": objects, "actions": [{"resolve": "all"}]}


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


def _without_the_alike_block(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Every order walked: the program text without the constraint that makes alike abilities one order
    (in the steps where it is live). Returns a list that gets one item each time it is left out."""
    constraint = next(s.text for s in program.statements() if s.file == ALIKE.file and s.text.startswith("#false :-")
                      and ALIKE.first_line <= s.line <= ALIKE.last_line)
    made, dropped = program._live_program, []

    def every_order(keys: Any, demand: bool) -> tuple[str, tuple[str, ...]]:
        text, places = made(keys, demand)
        if constraint in text:
            dropped.append(True)
        return text.replace(constraint, ""), places

    monkeypatch.setattr(program, "_live_program", every_order)
    return dropped


@pytest.mark.parametrize("seed", range(12))
def test_one_order_of_alike_abilities_gives_every_outcome(seed, tmp_path, monkeypatch):
    board = _board(seed)
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(board, sort_keys=False), encoding="utf-8")
    reduced = pyrules.solve(load_situation(path))
    dropped = _without_the_alike_block(monkeypatch)
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
