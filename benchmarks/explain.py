"""Benchmark: explanations (networkx graphs) of outcomes, against solving.

1. One outcome of a model with over 10,000 true atoms (a could-produce board of 200 permanents):
   the time to solve, to solve with explanations (grounding the shadow rules and building the part
   of every explanation that grounding decides), and then to explain the outcome.
2. Every outcome of a situation with over 1,000 outcomes (one counter under 16 Doubling Seasons
   and Hardened Scales: 1,272 distinct outcomes): the time to enumerate them, and the total time
   to explain all of them, in the same process.

    python benchmarks/explain.py
"""

from __future__ import annotations

import sys
import time

import pyrules

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from could_produce import board
from replacement_orders import situation as orders_situation


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def one_outcome(n: int = 200) -> None:
    s, _ = board(n)
    plain, t_plain = timed(lambda: pyrules.solve(s))
    explained, t_explained = timed(lambda: pyrules.solve(s, explain=True))
    data = explained._explaining()
    atoms = sum(1 for a in data.explain_data.facts if a.name != "_why") + len(data.true_nonfacts(explained[0].atoms))
    graph, t_graph = timed(lambda: explained[0].explain())
    base = explained.statistics.extra["explain_base_seconds"]
    print(f"one outcome, {n} permanents, {atoms:,} true atoms:")
    print(f"  solve {t_plain:.3f} s; solve with explanations {t_explained:.3f} s (of which the shared base {base:.3f} s)")
    print(f"  explain the outcome after solving: {t_graph * 1000:.1f} ms "
          f"({graph.number_of_nodes():,} nodes, {graph.number_of_edges():,} edges)")


def every_outcome(n: int = 16) -> None:
    s = orders_situation(n)
    plain, t_plain = timed(lambda: pyrules.solve(s))
    explained, t_explained = timed(lambda: pyrules.solve(s, explain=True))
    sizes, t_graphs = timed(lambda: [o.explain().number_of_nodes() for o in explained])
    print(f"every outcome, {len(plain):,} outcomes:")
    print(f"  enumerate {t_plain:.3f} s; enumerate with explanations {t_explained:.3f} s; "
          f"explain all {t_graphs:.3f} s ({t_graphs / len(sizes) * 1000:.2f} ms each, {max(sizes):,} nodes at most)")
    print(f"  explanations cost {(t_explained + t_graphs) / t_plain:.1f}x the plain enumeration")


if __name__ == "__main__":
    one_outcome()
    every_outcome()
