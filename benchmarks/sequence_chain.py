"""Benchmark: a chain of magecraft triggers from spell copies, resolved to the end.

The board: alice's Archmage Emeritus ("whenever you cast or copy an instant or sorcery spell, draw a
card"), a Divination on the stack, and above it N Twincasts that alice cast targeting it. Everything
resolves (one action, `resolve: all`): each Twincast creates a copy of Divination, which triggers the
Archmage; the trigger resolves (alice draws one), then the copy (she draws two); at the end Divination
itself. pyrules plays every line and finds every distinct outcome (here one: alice drew 3N + 2 cards);
in the same process, a plain Python simulation of the one line (a list as the stack, no rules engine)
is the baseline. Times are the best of three runs; the ratio says how many times slower pyrules is.

    python benchmarks/sequence_chain.py [N ...]
"""

from __future__ import annotations

import sys

from timing import best

import pyrules
from pyrules.situation.builder import SituationBuilder


def chain(n: int):
    b = SituationBuilder([{"name": "alice", "library": 4 * n + 10}, "bob"])
    b.permanent("archmage", "Archmage Emeritus", "alice")
    b.object("div", "Divination", "alice", controller="alice", zone="stack")
    order = ["div"]
    for i in range(1, n + 1):
        b.object(f"twincast{i}", "Twincast", "alice", controller="alice", zone="stack", targets=["div"])
        order.append(f"twincast{i}")
    b.set(stack=order)
    b.action(resolve="all")
    return b.build()


def baseline(n: int) -> int:
    """One line, simulated directly: the stack as a list, each kind of object resolved by hand."""
    stack = ["divination"] + ["twincast"] * n
    drawn = 0
    while stack:
        top = stack.pop()
        if top == "twincast":
            stack += ["copy", "trigger"]  # the copy, then the magecraft trigger above it
        elif top == "trigger":
            drawn += 1
        else:  # Divination or its copy
            drawn += 2
    return drawn


def main(sizes: list[int]) -> None:
    print(f"{'chain':>6} {'steps':>6} {'outcomes':>9} {'pyrules s':>10} {'per step ms':>12} {'python s':>10} "
          f"{'ratio':>8}")
    for n in sizes:
        situation = chain(n)
        seconds, outcomes = best(pyrules.solve, situation)
        drawn = [a for a in outcomes[0].atoms if a.name == "drew"]
        python_seconds, python_drawn = best(baseline, n)
        assert len(outcomes) == 1 and drawn[0].arguments[1].number == python_drawn == 3 * n + 2, outcomes[0].texts
        steps = outcomes.statistics.extra["steps"]
        print(f"{n:>6} {steps:>6} {len(outcomes):>9} {seconds:>10.3f} {1000 * seconds / steps:>12.1f} "
              f"{python_seconds:>10.6f} {seconds / python_seconds:>8.0f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [4, 8, 12])
