"""Benchmark: sweeps (issue 36), side by side in one process.

1. The land sweep: every land of a card library under Blood Moon, Contamination and Urborg, Tomb of
   Yawgmoth ("which types of mana could it produce?", as a query), by ``pyrules.sweep`` with one process
   and with two, beside a plain loop that builds each situation and asks ``pyrules.ask`` (what a
   researcher would write without sweeps): milliseconds per situation and the ratios.
2. Walking Ballista with X = 0..6 under every subset of four counter effects (112 situations), outcomes
   counted per projected value.
3. The size of what travels between processes: a situation and a result over the library, pickled.

    python benchmarks/sweep.py                          (the lands of the test fixture's 106 cards)
    python benchmarks/sweep.py --library cards.yaml     (an imported library: pyrules cards import ...)
"""

from __future__ import annotations

import argparse
import itertools
import os
import pickle
import tempfile
import time
from pathlib import Path

import pyrules
from pyrules.cards.importer.run import import_cards
from pyrules.sweeps import card_rows

ROOT = Path(__file__).resolve().parents[1]
CONDITIONS = ["Blood Moon", "Contamination", "Urborg, Tomb of Yawgmoth"]
TEMPLATE = {"players": ["alice", "bob"],
            "objects": [{"id": "l", "card": "$land", "controller": "alice"},
                        {"id": "condition", "card": "$condition", "controller": "bob"}],
            "question": {"could_produce": ["l"]}}
QUERY = "could_produce(l, C)"


def plain_loop(library: pyrules.CardLibrary, rows: list[dict]) -> float:
    """Each situation built and asked in a loop, its errors caught: seconds."""
    start = time.perf_counter()
    for row in rows:
        builder = pyrules.SituationBuilder(["alice", "bob"], library=library)
        builder.permanent("l", row["land"], "alice").permanent("condition", row["condition"], "bob")
        try:
            pyrules.ask(builder.could_produce("l").build(), QUERY)
        except pyrules.InputError:
            pass
    return time.perf_counter() - start


def swept(library: pyrules.CardLibrary, rows: list[dict], jobs: int) -> tuple[float, object]:
    start = time.perf_counter()
    table = pyrules.sweep(TEMPLATE, rows, library=library, query=QUERY, jobs=jobs)
    return time.perf_counter() - start, table


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--library", help="an imported card library (default: the test fixture's cards, imported)")
    args = parser.parse_args()
    if args.library is None:
        path = Path(tempfile.mkdtemp()) / "cards.yaml"
        import_cards(str(ROOT / "tests/fixtures/import/atomic-cards.json"), out=str(path))
    else:
        path = Path(args.library)
    start = time.perf_counter()
    library = pyrules.load_library(path)
    lands = card_rows(pyrules.load_library(path, base=pyrules.CardLibrary()), "land", types=["land"])
    print(f"library {path.name}: {len(library):,} cards, {len(lands):,} lands found in "
          f"{time.perf_counter() - start:.2f} s; machine load {os.getloadavg()[0]:.2f}")
    rows = [{"land": r["land"], "condition": c} for r in lands for c in CONDITIONS]
    swept(library, rows[:30], 1)  # warm: the encodings parsed, the conditions' cards read
    loop = plain_loop(library, rows)
    one, table = swept(library, rows, 1)
    two, table2 = swept(library, rows, 2)
    per = 1000 / len(rows)
    errors = int(table.error.notna().sum())
    print(f"land sweep, {len(rows):,} situations ({errors:,} with errors), ms per situation:")
    print(f"  plain loop (builder + ask)   {loop * per:6.2f}")
    print(f"  pyrules.sweep, 1 process     {one * per:6.2f}   ratio to the loop {one / loop:.2f}")
    print(f"  pyrules.sweep, 2 processes   {two * per:6.2f}   speed-up over 1 process {one / two:.2f}x")
    assert table.drop(columns="seconds").equals(table2.drop(columns="seconds"))

    effects = ["Hardened Scales", "Doubling Season", "Corpsejack Menace", "Winding Constrictor"]
    subsets = [list(s) for n in range(len(effects) + 1) for s in itertools.combinations(effects, n)]
    ballista = [{"x": x, "effects": s} for x in range(7) for s in subsets]
    template = {"players": ["alice", "bob"],
                "objects": [{"id": "ballista", "card": "Walking Ballista", "controller": "alice", "zone": "stack",
                             "x": "$x"}],
                "question": "resolve"}
    start = time.perf_counter()
    table = pyrules.sweep(_with_effects(template), [{"x": r["x"], **_slots(r["effects"], effects)} for r in ballista],
                          project="counters_put", counts=True)
    seconds = time.perf_counter() - start
    print(f"Walking Ballista, X = 0..6 under every subset of four counter effects: {len(table)} situations, "
          f"{seconds * 1000 / len(table):.2f} ms each, {int(table.outcomes.sum()):,} outcomes")

    builder = pyrules.SituationBuilder(["alice", "bob"], library=library)
    situation = builder.permanent("l", lands[0]["land"], "alice").could_produce("l").build()
    result = pyrules.solve(situation)
    print(f"pickled: a situation over the library {len(pickle.dumps(situation)):,} bytes, its result "
          f"{len(pickle.dumps(result)):,} bytes, a row of the sweep's table "
          f"{len(pickle.dumps(table.iloc[0].to_dict())):,} bytes")


def _with_effects(template: dict) -> dict:
    """The Ballista template with four effect slots, each a permanent of alice's or a plain Forest (absent)."""
    objects = template["objects"] + [{"id": f"e{i}", "card": f"$e{i}", "controller": "alice"} for i in range(4)]
    return {**template, "objects": objects}


def _slots(chosen: list[str], effects: list[str]) -> dict:
    return {f"e{i}": effect if effect in chosen else "Forest" for i, effect in enumerate(effects)}


if __name__ == "__main__":
    main()
