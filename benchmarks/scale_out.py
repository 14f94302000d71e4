"""Benchmark: work spread over processes and a Dask cluster (issue 36), side by side in one run.

1. The cost of a task: a Dask cluster of two worker processes on this machine running tasks that do nothing
   (the scheduler's and the network's part of every task).
2. `pyrules check` on the built-in corpus: one process, two forked processes, two Dask workers.
3. A 2,000-situation sweep (Walking Ballista with X = 0..399 under five counter effects, counters_put projected):
   one process, two forked processes, two Dask workers.
4. Professor Onyx's -8 against three opponents with seven cards each (128^3 = 2,097,152 outcomes), counted: one
   cube in one process, 16 cubes in two processes, 16 cubes on two Dask workers.
5. A simulated cluster: from the measured times of each case, each situation and each of 128 cubes, and the cost
   of a task, the expected wall time on 8, 32 and 128 workers (the tasks handed out largest first to the worker
   free first, each paying the cost of a task at the scheduler, which hands them out one at a time).

    python benchmarks/scale_out.py                 (all; about five minutes on 2 cores)
    python benchmarks/scale_out.py --write-docs    (also the table and the plot of docs/distributed.md)
"""

from __future__ import annotations

import argparse
import heapq
import os
import re
import time
from pathlib import Path

import distributed

import pyrules
from pyrules.engine.cubes import solve_cube, split
from pyrules.engine.solver import Grounding, SolveOptions
from pyrules.regression import run_cases
from pyrules.situation.builder import SituationBuilder

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "distributed.md"
FIGURE = ROOT / "docs" / "figures" / "simulated-cluster.png"
EFFECTS = ["Doubling Season", "Hardened Scales", "Corpsejack Menace", "Branching Evolution", "Winding Constrictor"]
TEMPLATE = {"players": ["alice", "bob"],
            "objects": [{"id": "ballista", "card": "Walking Ballista", "controller": "alice", "zone": "stack",
                         "x": "$x"},
                        {"id": "other", "card": "$effect", "controller": "alice"}],
            "question": "resolve"}
HAND = ["Grizzly Bears", "Hill Giant", "Craw Wurm", "Serra Angel", "Air Elemental", "Divination", "Lightning Bolt"]
WORKERS = (8, 32, 128)


def onyx(opponents: int = 3, hand: int = 7):
    players = ["onyx-player"] + [f"opp{i}" for i in range(1, opponents + 1)]
    b = SituationBuilder(players).permanent("onyx", "Professor Onyx", "onyx-player", counters={"loyalty": 8})
    for p in players[1:]:
        for i in range(hand):
            b.object(f"{p}-{i}", HAND[i], p, zone="hand")
    return b.activate("onyx", ability=4).set(question={"activate": {"object": "onyx", "ability": 4,
                                                                    "resolve": True}}).build()


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def _nothing(item):
    return item


def task_cost(client) -> float:
    """Seconds a task costs beyond its work: 2,000 tasks that do nothing, one at a time through the scheduler."""
    client.gather(client.map(_nothing, range(100), pure=False))  # (warm)
    _, seconds = timed(lambda: client.gather(client.map(_nothing, range(2000), pure=False)))
    return seconds / 2000


def makespan(durations: list[float], workers: int, per_task: float, fixed: float = 0.0) -> float:
    """Expected wall time of tasks on ``workers`` workers: largest first to the worker free first; the scheduler
    hands out one task per ``per_task`` seconds, so a task starts no sooner than its turn."""
    free = [0.0] * workers
    for turn, d in enumerate(sorted(durations, reverse=True)):
        start = max(heapq.heappop(free), turn * per_task)
        heapq.heappush(free, start + per_task + d)
    return fixed + max(free)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--write-docs", action="store_true", help="write the table and the plot of docs/distributed.md")
    args = parser.parse_args()
    lines = [f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f} before the run"]
    print(lines[0])
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        per_task = task_cost(client)
        lines.append(f"a task through the scheduler of two local workers: {per_task * 1000:.2f} ms")
        print("\n1. " + lines[-1])

        serial, t1 = timed(lambda: run_cases(jobs=1))
        _, tf = timed(lambda: run_cases(jobs=2))
        spread, td = timed(lambda: run_cases(scheduler=client))
        assert [r.status for r in spread] == [r.status for r in serial]
        lines.append(f"pyrules check, {len(serial):,} cases: one process {t1:.1f} s; two forked {tf:.1f} s "
                     f"({t1 / tf:.2f}x); two Dask workers {td:.1f} s ({t1 / td:.2f}x)")
        print("\n2. " + lines[-1])

        grid = {"x": list(range(400)), "effect": EFFECTS}
        table, s1 = timed(lambda: pyrules.sweep(TEMPLATE, grid, project="counters_put"))
        _, sf = timed(lambda: pyrules.sweep(TEMPLATE, grid, project="counters_put", jobs=2))
        spread_table, sd = timed(lambda: pyrules.sweep(TEMPLATE, grid, project="counters_put", scheduler=client))
        assert spread_table.drop(columns="seconds").equals(table.drop(columns="seconds"))
        n = len(table)
        lines.append(f"sweep, {n:,} situations: one process {s1:.1f} s ({s1 / n * 1000:.2f} ms each); two forked "
                     f"{sf:.1f} s ({s1 / sf:.2f}x); two Dask workers {sd:.1f} s ({s1 / sd:.2f}x)")
        print("\n3. " + lines[-1])

        situation = onyx()
        one, o1 = timed(lambda: pyrules.count(situation, cubes=1))
        two, of = timed(lambda: pyrules.count(situation, jobs=2, cubes=16))
        dask, od = timed(lambda: pyrules.count(situation, scheduler=client, cubes=16))
        assert len(one) == len(two) == len(dask) == 128 ** 3
        lines.append(f"Onyx -8, three opponents with seven cards, {len(one):,} outcomes counted: one cube in one "
                     f"process {o1:.1f} s; 16 cubes in two processes {of:.1f} s ({o1 / of:.2f}x); 16 cubes on two "
                     f"Dask workers {od:.1f} s ({o1 / od:.2f}x)")
        print("\n4. " + lines[-1])

    # 5. the simulated cluster, from the times measured above and 128 cubes of the enumeration, one at a time
    grounding, split_seconds = timed(lambda: Grounding(situation, None, SolveOptions()))
    cubes, seconds = timed(lambda: split(grounding, 128))
    split_seconds += seconds
    cube_seconds = [timed(lambda c=c: solve_cube((situation, None, SolveOptions(), c, True)))[1] for c in cubes]
    # A sweep on a cluster sends its situations in chunks (pyrules.sweeps._answers: as many as 64 workers x 8 allow).
    chunk = max(1, min(16, n // (64 * 8)))
    chunks = [sum(table.seconds.iloc[i:i + chunk]) for i in range(0, n, chunk)]
    workloads = {
        f"pyrules check ({len(serial):,} cases)": ([r.seconds for r in serial], 0.0),
        f"sweep ({n:,} situations, {chunk} a task)": (chunks, 0.0),
        f"Onyx -8 counted ({len(cubes)} cubes)": (cube_seconds, split_seconds),
    }
    print(f"\n5. simulated cluster (a task costs {per_task * 1000:.2f} ms at the scheduler; the cubes are split in "
          f"{split_seconds:.2f} s before any is handed out)")
    rows = []
    for name, (durations, fixed) in workloads.items():
        times = {w: makespan(durations, w, per_task, fixed) for w in (1, *WORKERS)}
        rows.append((name, times))
        print(f"   {name}: " + ", ".join(f"{w} workers {t:.2f} s" for w, t in times.items()))
    if args.write_docs:
        write_docs(rows, workloads, per_task, lines)


def write_docs(rows, workloads, per_task: float, lines: list[str]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    table = ["| workload | 1 worker | " + " | ".join(f"{w} workers" for w in WORKERS) + " |",
             "| --- | ---: | " + " | ".join("---:" for _ in WORKERS) + " |"]
    for name, times in rows:
        table.append(f"| {name} | {times[1]:.2f} s | " + " | ".join(
            f"{times[w]:.2f} s ({times[1] / times[w]:.0f}x)" for w in WORKERS) + " |")
    text = DOC.read_text(encoding="utf-8")
    for name, block in (("simulated", "\n".join(table)), ("measured", "\n".join(f"- {line}" for line in lines))):
        text = re.sub(rf"(<!-- {name}: begin -->\n).*?(<!-- {name}: end -->)", lambda m, b=block: m.group(1) + b + "\n"
                      + m.group(2), text, flags=re.S)
    DOC.write_text(text, encoding="utf-8")
    FIGURE.parent.mkdir(exist_ok=True)
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    counts = [1, 2, 4, 8, 16, 32, 64, 128]
    for name, (durations, fixed) in workloads.items():
        ax.plot(counts, [makespan(durations, w, per_task, fixed) for w in counts], marker="o", label=name)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("workers")
    ax.set_ylabel("expected wall time (s)")
    ax.set_title(f"Simulated cluster ({per_task * 1000:.1f} ms a task at the scheduler)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(FIGURE, dpi=100)
    print(f"   wrote {DOC.relative_to(ROOT)} and {FIGURE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
