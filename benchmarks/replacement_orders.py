"""Benchmark: every distinct outcome of one event with n replacement effects (CR 616.1).

One +1/+1 counter would be put on alice's creature while she controls n effects that modify it:
half of them Doubling Seasons (x2), the rest Hardened Scales (+1). She may apply them in any of
n! orders. pyrules computes the reachable (effects applied, event) states as a least fixpoint,
about 2^n of them, and lists each distinct result once. In the same process a brute-force Python
enumeration of every order computes the same set (brute/pyrules: how many times faster pyrules is),
and so does a lean clingo encoding that counts the effects of each kind (``lean_replacement_orders.lp``:
pyrules/lean, how many times slower pyrules is than an encoding of this board alone).

    python benchmarks/replacement_orders.py [N ...]        # default 4..10, brute force up to 10
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

import clingo

import pyrules
from pyrules.situation.builder import SituationBuilder

BRUTE_FORCE_LIMIT = 10


def situation(n: int):
    b = SituationBuilder(["alice", "bob"]).permanent("bears", "Grizzly Bears", "alice")
    for i in range(n):
        b.permanent(f"e{i}", "Doubling Season" if i < n // 2 else "Hardened Scales", "alice")
    return b.set(question={"effect": {"put_counters": {"object": "bears", "counter": "p1p1", "count": 1}}}).build()


def brute_force(n: int) -> set[int]:
    effects = ["double"] * (n // 2) + ["plus"] * (n - n // 2)
    results = set()
    for order in itertools.permutations(range(n)):
        count = 1
        for i in order:
            count = count * 2 if effects[i] == "double" else count + 1
        results.add(count)
    return results


LEAN = Path(__file__).with_name("lean_replacement_orders.lp")


def lean(n: int) -> tuple[set[int], float]:
    """The distinct results through lean_replacement_orders.lp, and its time (grounding and solving)."""
    start = time.perf_counter()
    control = clingo.Control(["--project=show", "0", "-c", f"kd={n // 2}", "-c", f"kp={n - n // 2}"])
    control.load(str(LEAN))
    control.ground([("base", [])])
    found: set[int] = set()
    control.solve(on_model=lambda m: found.update(a.arguments[0].number for a in m.symbols(shown=True)))
    return found, time.perf_counter() - start


def run(n: int) -> dict:
    s = situation(n)
    start = time.perf_counter()
    outcomes = pyrules.solve(s)
    asp = time.perf_counter() - start
    got = {o.by_name("counters_put")[0].arguments[2].number for o in outcomes}
    row = {"n": n, "orders": _factorial(n), "outcomes": len(outcomes), "asp": asp,
           "ground": outcomes.statistics.ground_seconds, "solve": outcomes.statistics.solve_seconds,
           "python": None, "ratio": None}
    row["lean_results"], row["lean"] = lean(n)
    assert row["lean_results"] == got, f"n={n}: pyrules {sorted(got)} != lean {sorted(row['lean_results'])}"
    if n <= BRUTE_FORCE_LIMIT:
        start = time.perf_counter()
        expected = brute_force(n)
        row["python"] = time.perf_counter() - start
        row["ratio"] = row["python"] / asp
        assert got == expected, f"n={n}: pyrules {sorted(got)} != brute force {sorted(expected)}"
    return row


def _factorial(n: int) -> int:
    out = 1
    for i in range(2, n + 1):
        out *= i
    return out


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or list(range(4, 11))
    run(2)  # the fixed costs of a first solve in a process are benchmarks/fixed_cost.py's
    print(f"{'effects':>7}  {'orders':>14}  {'outcomes':>8}  {'pyrules s':>9}  {'ground s':>8}  {'solve s':>8}  "
          f"{'brute s':>9}  {'brute/pyrules':>13}  {'lean s':>7}  {'pyrules/lean':>12}")
    for n in sizes:
        r = run(n)
        brute = f"{r['python']:.3f}" if r["python"] is not None else "-"
        ratio = f"{r['ratio']:.1f}" if r["ratio"] is not None else "-"
        print(f"{r['n']:>7}  {r['orders']:>14,}  {r['outcomes']:>8}  {r['asp']:>9.3f}  {r['ground']:>8.3f}  "
              f"{r['solve']:>8.3f}  {brute:>9}  {ratio:>13}  {r['lean']:>7.4f}  {r['asp'] / r['lean']:>12.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
