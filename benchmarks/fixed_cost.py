"""Benchmark: the fixed cost of a small question, and of the corpus.

1. Warm, in one process: each one-step case of the corpus solved again (its files read, its facts
   built, grounded, solved, read), beside raw clingo grounding and solving the same program text
   (the live statements and the facts) in the same process: the median and the slowest.
2. Cold, whole processes: ``pyrules outcomes examples/birds.yaml`` beside ``python -c 'import
   clingo'``, and ``pyrules check`` on the whole corpus (CPU time of the process).

    python benchmarks/fixed_cost.py
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import clingo

import pyrules
from pyrules.base.symbols import symbol_key
from pyrules.engine.encodings import show_terms
from pyrules.engine.facts import situation_facts
from pyrules.engine.program import _declarations_text, live_statements
from pyrules.regression import case_files
from pyrules.situation.loader import load_situation

ROOT = Path(__file__).resolve().parents[1]


def one_step_cases() -> list[Path]:
    return [p for p in case_files() if "\nactions:" not in p.read_text(encoding="utf-8")
            and "\n  error:" not in p.read_text(encoding="utf-8")]


def pyrules_seconds(path: Path) -> float:
    start = time.perf_counter()
    pyrules.solve(path)
    return time.perf_counter() - start


def clingo_seconds(path: Path) -> float:
    """Raw clingo on the same program: the live statements (as text) and the facts, ground and solved."""
    facts = [f.symbol for f in situation_facts(load_situation(path))]
    alive = live_statements(frozenset(symbol_key(s) for s in facts), True)
    text = _declarations_text() + "\n".join(s.text for s in alive) + "\n" + show_terms()
    start = time.perf_counter()
    control = clingo.Control(["0", "--project=show", "--opt-mode=optN"], message_limit=0)
    control.add("base", [], text)
    with control.backend() as backend:
        for fact in facts:
            backend.add_rule([backend.add_atom(fact)])
    control.ground([("base", [])])
    control.solve(on_model=lambda model: model.symbols(terms=True))
    return time.perf_counter() - start


def process_cpu(argv: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    cases = one_step_cases()
    for path in cases[:5]:  # warm up: encodings parsed, card library read
        pyrules_seconds(path)
    ours = [min(pyrules_seconds(p) for _ in range(3)) for p in cases]
    raw = [min(clingo_seconds(p) for _ in range(3)) for p in cases]
    print(f"{len(cases)} one-step corpus cases, warm, best of three each (seconds):")
    print(f"  pyrules.solve   median {statistics.median(ours):.4f}  slowest {max(ours):.4f}")
    print(f"  raw clingo      median {statistics.median(raw):.4f}  slowest {max(raw):.4f}")
    print(f"  ratio of medians {statistics.median(ours) / statistics.median(raw):.2f}")

    bindir = Path(sys.executable).parent
    cli = min(process_cpu([str(bindir / "pyrules"), "outcomes", "examples/birds.yaml"]) for _ in range(3))
    bare = min(process_cpu([sys.executable, "-c", "import clingo"]) for _ in range(3))
    print("\nwhole processes (wall s, CPU s), best of three:")
    print(f"  pyrules outcomes examples/birds.yaml   {cli[0]:.3f}  {cli[1]:.3f}")
    print(f"  python -c 'import clingo'              {bare[0]:.3f}  {bare[1]:.3f}   ratio (CPU) {cli[1] / bare[1]:.1f}")
    check = process_cpu([str(bindir / "pyrules"), "check"])
    print(f"  pyrules check (the corpus)             {check[0]:.3f}  {check[1]:.3f}")


if __name__ == "__main__":
    main()
