"""Benchmark: N creatures die at once, each with a "when this dies" triggered ability (issue 30).

The board: alice's N 1/1 creatures each have 1 damage marked, so they die together when the situation is
first settled (704.5g), and each one's ability triggers (603.6c, 603.10a); the abilities are put on the
stack (603.3b) and everything resolves (`resolve: all`). With one effect ("you gain 1 life", on two
different cards) the abilities are alike, and one order stands for all (asp/stack.lp, 603.3b): the steps
grow linearly with N. With two effects (gain 1 life, gain 2 life) every order of the two kinds is still a
line of its own until the states meet again: the steps grow with the number of arrangements of the two
kinds (N choose N/2), which is what is left to do (issue 30: orders whose resolutions commute).

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


def board(n: int, cards: list[str]):
    b = SituationBuilder(["alice", "bob"])
    for name in sorted(set(cards)):
        b.card({"name": name, "cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1,
                "abilities": [{"triggered": {"when": "dies", "effect": {"gain_life": CARDS[name]}}}]})
    for i in range(n):
        b.permanent(f"c{i}", cards[i % len(cards)], "alice", damage=1)
    b.action(resolve="all")
    return b.build()


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
    for cards, label, largest in ((["Mourner", "Weeper"], "one", max(sizes)), (["Mourner", "Healer"], "two", 8)):
        for n in (s for s in sizes if s <= largest):
            seconds, outcomes = best(pyrules.solve, board(n, cards))
            python_seconds, gained = best(baseline, n, cards)
            life = [a.arguments[1].number for a in outcomes[0].atoms if a.name == "life_gained"]
            assert len(outcomes) == 1 and life == [gained], outcomes[0].texts
            orders = 1 if label == "one" else comb(n, n // 2)
            print(f"{label:>8} {n:>3} {outcomes.statistics.extra['steps']:>6} {orders:>8} {len(outcomes):>9} "
                  f"{seconds:>10.3f} {python_seconds:>10.6f} {seconds / python_seconds:>8.0f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1, 2, 3, 4, 6, 8, 10, 12])
