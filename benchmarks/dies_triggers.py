"""Benchmark: N creatures die at once, each with a "when this dies" triggered ability (issue 30).

The board: alice's N 1/1 creatures each have 1 damage marked, so they die together when the situation is
first settled (704.5g), and each one's ability triggers (603.6c, 603.10a); the abilities are put on the
stack (603.3b) and everything resolves (`resolve: all`). With one effect ("you gain 1 life", on two
different cards) the abilities are alike (asp/stack.lp, stack:603.3b); with two effects (gain 1 life,
gain 2 life) their resolutions commute (stack:117.4: everything resolves with no player acting, no life
total can reach 0 and no library run out in any order): either way one order stands for all, and the
steps grow linearly with N where every arrangement of the two kinds (N choose N/2) was a line of its own.

The board wipe: N creatures with "when this dies, you gain 1 life" and two that stay, each with "whenever
another creature you control dies, each opponent loses 1 life and you gain 1 life" (a Blood Artist without
its target): 3N triggers at once. bob has life enough to survive them; where he could die part way, the
order decides how much alice has gained when the game ends, and every order is still walked.

The baseline, in the same process, is a plain Python simulation of one line (a list as the stack). Times
are the best of three runs.

    python benchmarks/dies_triggers.py [N ...]
"""

from __future__ import annotations

import sys
from math import comb

from timing import best

import pyrules
from pyrules.situation.builder import SituationBuilder

CARDS = {"Mourner": 1, "Weeper": 1, "Healer": 2}  # card -> the life its "when this dies" ability gains
DRAINER = {"name": "Drainer", "cost": "{2}", "types": ["creature"], "power": 1, "toughness": 1,
           "abilities": [{"triggered": {"when": "dies", "filter": {"types": ["creature"], "controller": "you",
                                                                    "other": True},
                                        "effect": [{"each_opponent_loses_life": 1}, {"gain_life": 1}]}}]}


def board(n: int, cards: list[str]):
    b = SituationBuilder(["alice", "bob"])
    for name in sorted(set(cards)):
        b.card({"name": name, "cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1,
                "abilities": [{"triggered": {"when": "dies", "effect": {"gain_life": CARDS[name]}}}]})
    for i in range(n):
        b.permanent(f"c{i}", cards[i % len(cards)], "alice", damage=1)
    b.action(resolve="all")
    return b.build()


def wipe(n: int):
    """n dying creatures that gain 1 life each, two Drainers that stay; bob at 3n + 1 life."""
    b = SituationBuilder(["alice", {"name": "bob", "life": 3 * n + 1}])
    b.card({"name": "Mourner", "cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1,
            "abilities": [{"triggered": {"when": "dies", "effect": {"gain_life": 1}}}]})
    b.card(DRAINER)
    for i in range(n):
        b.permanent(f"c{i}", "Mourner", "alice", damage=1)
    b.permanent("d1", "Drainer", "alice").permanent("d2", "Drainer", "alice")
    b.action(resolve="all")
    return b.build()


def wipe_baseline(n: int) -> tuple[int, int]:
    """One line of the board wipe, simulated directly: alice's life gained, bob's lost."""
    stack = [("gain", 1)] * n + [("drain", 1)] * (2 * n)
    gained = lost = 0
    while stack:
        kind, amount = stack.pop()
        gained += amount
        lost += amount if kind == "drain" else 0
    return gained, lost


def baseline(n: int, cards: list[str]) -> int:
    """One line, simulated directly: the triggers as a list, resolved from the top."""
    stack = [CARDS[cards[i % len(cards)]] for i in range(n)]
    gained = 0
    while stack:
        gained += stack.pop()
    return gained


def main(sizes: list[int]) -> None:
    print(f"{'effects':>8} {'N':>3} {'steps':>6} {'orders':>8} {'outcomes':>9} {'pyrules s':>10} {'python s':>10} "
          f"{'ratio':>8}")
    for cards, label, largest in ((["Mourner", "Weeper"], "one", max(sizes)), (["Mourner", "Healer"], "two", max(sizes))):
        for n in (s for s in sizes if s <= largest):
            seconds, outcomes = best(pyrules.solve, board(n, cards))
            python_seconds, gained = best(baseline, n, cards)
            life = [a.arguments[1].number for a in outcomes[0].atoms if a.name == "life_gained"]
            assert len(outcomes) == 1 and life == [gained], outcomes[0].texts
            orders = 1 if label == "one" else comb(n, n // 2)
            print(f"{label:>8} {n:>3} {outcomes.statistics.extra['steps']:>6} {orders:>8} {len(outcomes):>9} "
                  f"{seconds:>10.3f} {python_seconds:>10.6f} {seconds / python_seconds:>8.0f}")
    for n in (s for s in (5, 10, 20) if s <= max(sizes) + 8):
        seconds, outcomes = best(pyrules.solve, wipe(n), repeat=1 if n >= 20 else 3)
        python_seconds, (gained, lost) = best(wipe_baseline, n)
        texts = outcomes[0].texts
        assert len(outcomes) == 1 and f"life_gained(alice,{gained})" in texts and f"life_lost(bob,{lost})" in texts
        print(f"{'wipe':>8} {n:>3} {outcomes.statistics.extra['steps']:>6} {'3N=' + str(3 * n):>8} {len(outcomes):>9} "
              f"{seconds:>10.3f} {python_seconds:>10.6f} {seconds / python_seconds:>8.0f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1, 2, 3, 4, 6, 8, 10, 12])
