"""Benchmark: importing a bulk card file (issue 17), with the report.

Reads the file a card at a time, translates every card, writes the library to a temporary file and
prints the report, then the seconds taken and the peak memory: the most the process held
(``resource.getrusage``, resident set) and the most Python allocated during the import
(``tracemalloc``, run separately, as tracing slows the import down). Targets: under 10 s and under
500 MB for the 18,011 cards of ``../shared/cards/atomic-cards-2020.json.gz``. Then what the library costs a
situation (issue 34: "the library is instant"): reading it back, and a small situation naming ten of its
cards solved in a fresh process with ``--library`` beside the same situation with built-in cards only (target:
under 0.2 s more).

    python benchmarks/import_cards.py [FILE]
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from pyrules.cards.importer.library import load_library
from pyrules.cards.importer.report import Report
from pyrules.cards.importer.run import import_cards

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "cards" / "atomic-cards-2020.json.gz"


def main(path: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "library.yaml")
        start = time.perf_counter()
        report = import_cards(path, out=out, report=Report())
        text = report.text()
        seconds = time.perf_counter() - start
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux
        print(text)
        size = Path(out).stat().st_size
        print(f"\nimport of {report.total:,} cards with the report: {seconds:.2f} s, peak resident memory "
              f"{rss:.0f} MB; the library written: {size / 1e6:.1f} MB")
        tracemalloc.start()
        import_cards(path, report=Report())
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"peak Python allocation during an import (tracemalloc): {peak / 1e6:.1f} MB")
        start = time.perf_counter()
        library = load_library(out)
        print(f"reading the library back (load_library): {time.perf_counter() - start:.2f} s, {len(library):,} cards")
        situation(out, tmp)


TEN = ["Ambush Viper", "Llanowar Elves", "Grizzly Bears", "Hill Giant", "Shivan Dragon", "Sol Ring",
       "Forest", "Mountain", "Island", "Plains"]


def situation(library: str, tmp: str) -> None:
    """Ten cards of the library on a board, a Bolt cast at the first, as processes (best of three each)."""
    objects = "\n".join(f"  - {{id: o{i}, card: {name}, controller: bob}}" for i, name in enumerate(TEN))
    text = f"players: [alice, bob]\nobjects:\n{objects}\n  - {{id: bolt, card: Lightning Bolt, owner: alice, " \
           "zone: hand}\n  - {id: m, card: Mountain, controller: alice}\nquestion:\n  cast: {object: bolt, " \
           "targets: [o0]}\n"
    path, builtin = Path(tmp) / "ten.yaml", Path(tmp) / "ten-builtin.yaml"
    path.write_text(text, encoding="utf-8")
    builtin.write_text(text.replace("Ambush Viper", "Typhoid Rats"), encoding="utf-8")  # (not a built-in card)
    times = {}
    for label, args in (("built-in", [str(builtin)]), ("library", [str(path), "--library", library])):
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run(["pyrules", "outcomes", *args], check=True, capture_output=True)
            runs.append(time.perf_counter() - start)
        times[label] = min(runs)
    print(f"a situation naming ten cards, as a process: built-in cards {times['built-in']:.2f} s, with the "
          f"library {times['library']:.2f} s: {times['library'] - times['built-in']:+.2f} s (target: under 0.2 s)")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(DEFAULT))
