"""Benchmark: a script of 10 actions on a board of N permanents (200 by default).

alice and bob each control N/2 permanents: basic lands, Sol Rings, creatures (Grizzly Bears, Hill
Giants), a Soul Warden each and a Walking Ballista for alice. alice taps mana, casts a creature (both
Wardens trigger), casts Lightning Bolt at bob's Hill Giant, pings bob with the Ballista, and everything
resolves in between: 10 actions, every step solved on the whole board. Beside it, a plain Python
simulation of the same line (a dictionary per permanent, no rules engine) is the baseline.

    python benchmarks/sequence_script.py [N ...]
"""

from __future__ import annotations

import sys

from timing import best

import pyrules
from pyrules.situation.builder import SituationBuilder

KINDS = ["Forest", "Mountain", "Island", "Sol Ring", "Grizzly Bears", "Hill Giant"]
ACTIONS = [
    {"activate": "a3"},  # Sol Ring
    {"activate": "a0"},  # Forest
    {"cast": {"object": "bears-hand", "pool_only": True}},  # with the mana just made (601.2g: not other lands)
    {"resolve": "all"},
    {"activate": "a1"},  # Mountain
    {"cast": {"object": "bolt", "targets": ["b5"], "pool_only": True}},  # at a Hill Giant
    {"resolve": "top"},
    {"activate": {"object": "ballista", "ability": 3, "targets": ["bob"]}},
    {"resolve": "all"},
    {"pass": "alice"},
]


def board(n: int):
    b = SituationBuilder(["alice", "bob"])
    for player in ("alice", "bob"):
        for i in range((n - 3) // 2):
            b.permanent(f"{player[0]}{i}", KINDS[i % len(KINDS)], player)
        b.permanent(f"warden-{player}", "Soul Warden", player)
    b.permanent("ballista", "Walking Ballista", "alice", counters={"p1p1": 2})
    b.object("bears-hand", "Grizzly Bears", "alice", zone="hand")
    b.object("bolt", "Lightning Bolt", "alice", zone="hand")
    for action in ACTIONS:
        (kind, value), = action.items()
        b.action(**{kind: value})
    return b.build()


def baseline(n: int) -> dict:
    """The same line, simulated directly on dictionaries."""
    permanents = {f"p{i}": {"tapped": False, "damage": 0} for i in range(n)}
    pool, life = {"c": 0, "g": 0, "r": 0}, {"alice": 20, "bob": 20}
    permanents["p0"]["tapped"] = True
    pool["c"] += 2
    permanents["p1"]["tapped"] = True
    pool["g"] += 1
    pool["c"] -= 1
    pool["g"] -= 1
    permanents["bears"] = {"tapped": False, "damage": 0}
    life["alice"] += 1
    life["bob"] += 1
    permanents["p2"]["tapped"] = True
    pool["r"] += 1
    pool["r"] -= 1
    permanents["p3"]["damage"] += 3
    if permanents["p3"]["damage"] >= 3:
        del permanents["p3"]
    life["bob"] -= 1
    return {"permanents": len(permanents), "life": life, "pool": pool}


def main(sizes: list[int]) -> None:
    print(f"{'permanents':>10} {'actions':>8} {'steps':>6} {'outcomes':>9} {'pyrules s':>10} {'python s':>10} {'ratio':>8}")
    for n in sizes:
        situation = board(n)
        seconds, outcomes = best(pyrules.solve, situation)
        python_seconds, _ = best(baseline, n)
        texts = outcomes[0].texts
        assert len(outcomes) == 1 and "life_gained(alice,1)" in texts and "move(b5,battlefield,graveyard)" in texts, \
            texts
        print(f"{n:>10} {len(ACTIONS):>8} {outcomes.statistics.extra['steps']:>6} {len(outcomes):>9} {seconds:>10.3f} "
              f"{python_seconds:>10.6f} {seconds / python_seconds:>8.0f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [50, 200])
