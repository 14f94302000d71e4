"""Benchmark: N Lightning Bolts on the stack, resolving one after another (issue 30: linear, 300 under 10 s).

The board: alice has cast N Lightning Bolts at bob, all on the stack, and bob has life enough to survive
them. Everything resolves (one action, `resolve: all`): each step resolves the top Bolt (bob loses 3) and
checks state-based actions. pyrules plays the line and finds its one outcome; beside it, a plain Python
simulation of the line (a list as the stack) is the baseline. The per-step time shows how a step's cost
grows with what is still on the stack. Times are one run each (the largest take seconds).

    python benchmarks/stack_of_spells.py [N ...]
"""

from __future__ import annotations

import sys
import time

import pyrules
from pyrules.situation.builder import SituationBuilder


def bolts(n: int):
    b = SituationBuilder(["alice", {"name": "bob", "life": 3 * n + 20}])
    for i in range(n):
        b.object(f"bolt{i}", "Lightning Bolt", "alice", controller="alice", zone="stack", targets=["bob"])
    b.set(stack=[f"bolt{i}" for i in range(n)])
    b.action(resolve="all")
    return b.build()


def baseline(n: int) -> int:
    """The one line, simulated: bob's life loss."""
    stack, lost = ["bolt"] * n, 0
    while stack:
        stack.pop()
        lost += 3
    return lost


def main(sizes: list[int]) -> None:
    print(f"{'bolts':>6} {'steps':>6} {'pyrules s':>10} {'per step ms':>12} {'python s':>10} {'ratio':>8}")
    for n in sizes:
        situation = bolts(n)
        start = time.perf_counter()
        outcomes = pyrules.solve(situation)
        seconds = time.perf_counter() - start
        start = time.perf_counter()
        lost = baseline(n)
        python_seconds = time.perf_counter() - start
        got = [a.arguments[1].number for a in outcomes[0].atoms if a.name == "life_lost"]
        assert len(outcomes) == 1 and got == [lost], outcomes[0].texts
        steps = outcomes.statistics.extra["steps"]
        print(f"{n:>6} {steps:>6} {seconds:>10.2f} {1000 * seconds / steps:>12.1f} {python_seconds:>10.6f} "
              f"{seconds / python_seconds:>8.0f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [50, 100, 200, 300])
