"""Benchmark: Professor Onyx's -8 (seven rounds of "discard a card or lose 3 life", CR 101.4).

pyrules chooses each opponent's *set* of discarded cards directly (the rounds' order changes no
final state here), so it never enumerates the 8^7 ways per opponent of playing the rounds. The
baseline is a brute-force Python enumeration of the per-round choices, deduplicated.

1. Four opponents, seven cards each: the distinct outcomes projected onto life lost and cards
   discarded (8^4 = 4,096), timed.
2. Every distinct combination of discarded cards: full enumeration for small hands and few
   opponents against the brute force, in the same run; and, for four opponents with seven cards
   (128^4 = 268 million outcomes), the streaming rate over the first 100,000.

    python benchmarks/onyx_discard.py
"""

from __future__ import annotations

import itertools
import time

import pyrules
from pyrules.situation.builder import SituationBuilder

CARDS = ["Grizzly Bears", "Hill Giant", "Craw Wurm", "Serra Angel", "Air Elemental", "Divination", "Lightning Bolt"]
ROUNDS = 7


def builder(opponents: int, hand: int) -> SituationBuilder:
    players = ["onyx-player"] + [f"opp{i}" for i in range(1, opponents + 1)]
    b = SituationBuilder(players).permanent("onyx", "Professor Onyx", "onyx-player", counters={"loyalty": 8})
    for p in players[1:]:
        for i in range(hand):
            b.object(f"{p}-{i}", CARDS[i % len(CARDS)], p, zone="hand")
    question = {"activate": {"object": "onyx", "ability": 4, "resolve": True}}
    return b.activate("onyx", ability=4).set(question=question)


def situation(opponents: int, hand: int):
    return builder(opponents, hand).build()


def brute_force(opponents: int, hand: int) -> int:
    """Distinct final states, by playing every round's choice for one opponent, then combining."""
    finals = set()
    for rounds in itertools.product(range(hand + 1), repeat=ROUNDS):  # 0 = discard nothing, i = card i
        discarded, ok = set(), True
        for choice in rounds:
            if choice:
                if choice in discarded:
                    ok = False  # that card was already discarded
                    break
                discarded.add(choice)
        if ok:
            finals.add(frozenset(discarded))
    return len(finals) ** opponents


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def main() -> None:
    s = situation(4, 7)
    projected, t = timed(lambda: pyrules.solve(s, project=("life_lost/2", "discarded/2")))
    print(f"4 opponents x 7 cards, projected onto life lost and cards discarded: {len(projected):,} outcomes "
          f"in {t:.3f} s (ground {projected.statistics.ground_seconds:.3f} s, "
          f"solve {projected.statistics.solve_seconds:.3f} s)")

    print(f"\n{'opponents':>9}  {'hand':>4}  {'outcomes':>9}  {'pyrules s':>9}  {'brute s':>8}  {'brute/pyrules':>13}")
    for opponents, hand in [(1, 3), (1, 5), (1, 7), (2, 3), (2, 5), (2, 7)]:
        result, t_asp = timed(lambda n=opponents, h=hand: pyrules.solve(situation(n, h)))
        count, t_py = timed(lambda n=opponents, h=hand: brute_force(n, h))
        assert len(result) == count, (opponents, hand, len(result), count)
        print(f"{opponents:>9}  {hand:>4}  {len(result):>9,}  {t_asp:>9.3f}  {t_py:>8.3f}  {t_py / t_asp:>13.1f}")

    limit = 100_000
    streamed, t = timed(lambda: pyrules.solve(s, limit=limit))
    _, t_py = timed(lambda: brute_force(1, 7))
    rate = len(streamed) / t
    print(f"\n4 opponents x 7 cards, every combination ({128 ** 4:,} in all): the first {len(streamed):,} "
          f"streamed at {rate:,.0f} outcomes/s; brute force needs {t_py:.2f} s of round choices for the "
          f"{128} sets of one opponent alone ({128 / t_py:,.0f} sets/s)")


if __name__ == "__main__":
    main()
