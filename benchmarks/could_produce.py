"""Benchmark: "could produce" (CR 106.7) for every permanent of a large board.

The board: N permanents over three players; a fifth of them are Reflecting Pools and Exotic
Orchards that refer to each other across players, the rest basic lands, Sol Rings and creatures;
Mana Reflection and Contamination are in play (two replacement effects). In the same process the
same board goes through a plain Python fixed-point loop (the baseline), and the benchmark prints
both times and their ratio, with grounding and solving reported separately.

    python benchmarks/could_produce.py [N ...]
"""

from __future__ import annotations

import sys
import time

import pyrules
from pyrules.builder import SituationBuilder

PLAYERS = ["p1", "p2", "p3"]
BASICS = {"Plains": "w", "Island": "u", "Swamp": "b", "Mountain": "r", "Forest": "g"}


def board(n: int):
    """(situation, plain description for the baseline)."""
    b = SituationBuilder(PLAYERS)
    plain = []
    refs = n // 5
    for i in range(n - 2):
        player = PLAYERS[i % 3]
        if i < refs:
            card = "Reflecting Pool" if i % 2 else "Exotic Orchard"
        elif i % 7 == 0:
            card = "Sol Ring"
        elif i % 11 == 0:
            card = "Grizzly Bears"
        else:
            card = list(BASICS)[i % 5] if i % 13 else "Wastes"
        b.permanent(f"o{i}", card, player)
        plain.append((f"o{i}", card, player))
    b.permanent("reflection", "Mana Reflection", "p1")
    b.permanent("contamination", "Contamination", "p2")
    plain += [("reflection", "Mana Reflection", "p1"), ("contamination", "Contamination", "p2")]
    return b.could_produce().build(), plain


def baseline(plain) -> dict[str, set[str]]:
    """A plain Python least fixpoint with the two replacement effects in both orders."""
    lands = {"Reflecting Pool", "Exotic Orchard", "Wastes", *BASICS}
    contamination = any(c == "Contamination" for _, c, _ in plain)
    could: dict[str, set[str]] = {oid: set() for oid, _, _ in plain}

    def replaced(card: str, types: set[str]) -> set[str]:
        # Mana Reflection only doubles (no type change); Contamination makes a land's mana {B}.
        if card in lands and contamination and types:
            return {"b"}
        return types

    for oid, card, _ in plain:
        if card in BASICS:
            could[oid] = replaced(card, {BASICS[card]})
        elif card == "Wastes" or card == "Sol Ring":
            could[oid] = replaced(card, {"c"})
    changed = True
    while changed:
        changed = False
        seen = {p: set() for p in PLAYERS}
        for oid, card, player in plain:
            if card in lands:
                seen[player] |= could[oid]
        for oid, card, player in plain:
            if card == "Reflecting Pool":
                new = replaced(card, set(seen[player]))
            elif card == "Exotic Orchard":
                new = replaced(card, {t for p in PLAYERS if p != player for t in seen[p]} - {"c"})
            else:
                continue
            if new != could[oid]:
                could[oid] = new
                changed = True
    return could


def run(n: int) -> dict[str, float]:
    situation, plain = board(n)
    start = time.perf_counter()
    outcomes = pyrules.solve(situation)
    total = time.perf_counter() - start
    start = time.perf_counter()
    expected = baseline(plain)
    python_seconds = time.perf_counter() - start
    got = {oid: set(types) for oid, types in outcomes[0].could_produce.items()}
    assert {k: v for k, v in expected.items() if v} == got, "pyrules and the baseline disagree"
    stats = outcomes.statistics
    return {"n": n, "total": total, "ground": stats.ground_seconds, "solve": stats.solve_seconds,
            "python": python_seconds, "ratio": total / python_seconds}


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or [500, 1000, 2000, 5000]
    print(f"{'permanents':>10}  {'pyrules s':>9}  {'ground s':>8}  {'solve s':>8}  {'python s':>8}  {'ratio':>7}")
    for n in sizes:
        r = run(n)
        print(f"{r['n']:>10}  {r['total']:>9.3f}  {r['ground']:>8.3f}  {r['solve']:>8.3f}  {r['python']:>8.4f}  "
              f"{r['ratio']:>7.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
