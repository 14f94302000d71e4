"""Benchmark: explanations (networkx graphs) of outcomes, against solving.

1. One outcome of a model with over 10,000 true atoms (a could-produce board of 220 permanents):
   the time to solve, to solve with explanations (grounding the shadow rules), and then to explain the
   outcome: the first time (which also indexes the part of every explanation that grounding decides, the
   base, and makes what later explanations share of it) and again (target: under 20 ms).
2. Every outcome of a situation with over 1,000 outcomes (one counter under 16 Doubling Seasons
   and Hardened Scales: 1,272 distinct outcomes): the time to enumerate them, and the total time
   to explain all of them, in the same process (target: under 10x the plain enumeration).
3. Peak memory (the resident set's high-water mark, each in a fresh process): the plain solve of case 2, and the solve with
   explanations plus explaining every outcome (target: under 3x).

    python benchmarks/explain.py
"""

from __future__ import annotations

import subprocess
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


def one_outcome(n: int = 220) -> None:
    from pyrules.explain.graph import rules

    s, _ = board(n)
    plain, t_plain = timed(lambda: pyrules.solve(s))
    _, t_rules = timed(rules)  # once per process
    print(f"reading the encodings' rules into shadow rules (once per process): {t_rules:.3f} s")
    explained, t_explained = timed(lambda: pyrules.solve(s, explain=True))
    data = explained._explaining()
    atoms = sum(1 for a in data.explain_data.facts if a.name != "_why") + len(data.true_nonfacts(explained[0].atoms))
    graph, t_graph = timed(lambda: explained[0].explain())
    base = explained.statistics.extra["explain_base_seconds"]
    explained._graphs.clear()
    _, t_again = timed(lambda: explained[0].explain())
    print(f"one outcome, {n} permanents, {atoms:,} true atoms:")
    print(f"  solve {t_plain:.3f} s; solve with explanations {t_explained:.3f} s")
    print(f"  explain the outcome after solving: {t_graph * 1000:.1f} ms the first time (of which the base "
          f"{base * 1000:.1f} ms), {t_again * 1000:.1f} ms again ({graph.number_of_nodes():,} nodes, "
          f"{graph.number_of_edges():,} edges; target < 20 ms)")


def every_outcome(n: int = 16) -> None:
    s = orders_situation(n)
    plain, t_plain = timed(lambda: pyrules.solve(s))
    explained, t_explained = timed(lambda: pyrules.solve(s, explain=True))
    sizes, t_graphs = timed(lambda: [o.explain().number_of_nodes() for o in explained])
    print(f"every outcome, {len(plain):,} outcomes:")
    print(f"  enumerate {t_plain:.3f} s; enumerate with explanations {t_explained:.3f} s; "
          f"explain all {t_graphs:.3f} s ({t_graphs / len(sizes) * 1000:.2f} ms each, {max(sizes):,} nodes at most)")
    print(f"  explanations cost {(t_explained + t_graphs) / t_plain:.1f}x the plain enumeration (target < 10x)")


def peak(kind: str, n: int = 16) -> int:
    """Peak resident memory (KB) of a fresh process that solves case 2, plainly or explaining everything."""
    code = (f"import sys; sys.path.insert(0, {__file__.rsplit('/', 1)[0]!r})\n"
            "import pyrules\nfrom replacement_orders import situation\n"
            f"s = situation({n})\n"
            + ("r = pyrules.solve(s)\n" if kind == "plain" else
               "r = pyrules.solve(s, explain=True)\nfor o in r: o.explain()\n")
            # VmHWM, not ru_maxrss: a process started from a large one would report the parent's peak
            + "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')))")
    return int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def memory() -> None:
    plain, explained = peak("plain"), peak("explained")
    print(f"peak memory: plain solve {plain / 1024:.0f} MB; solve with explanations and explaining every outcome "
          f"{explained / 1024:.0f} MB: {explained / plain:.1f}x (target < 3x)")


if __name__ == "__main__":
    one_outcome()
    every_outcome()
    memory()
