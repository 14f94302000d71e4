"""Benchmark: enumerating many outcomes, through the Python API and through the command line.

Professor Onyx's -8 against two opponents with seven cards each: 128 x 128 = 16,384 distinct
outcomes. Side by side, in the same run:

- pyrules.solve (grounding, enumerating, reading each model into an Outcome, sorting);
- raw clingo on pyrules' own grounding: the same models' symbols read in a loop, nothing else;
- a lean encoding that chooses each opponent's set of discarded cards and reads each model's symbols
  (``lean_onyx.lp``, beside this file): what the question costs without pyrules' general rules;
- ``pyrules outcomes FILE`` as a process against a ``clingo`` process printing the same models of
  the same program (pyrules' encodings and the situation's facts written out).

    python benchmarks/enumeration.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import clingo

sys.path.insert(0, str(Path(__file__).parent))

from onyx_discard import situation
from timing import best

import pyrules
from pyrules.base.symbols import symbol_key
from pyrules.engine.encodings import show_terms
from pyrules.engine.facts import situation_facts
from pyrules.engine.program import _declarations_text, live_statements
from pyrules.engine.solver import Grounding

LEAN = Path(__file__).with_name("lean_onyx.lp")
OPPONENTS, HAND = 2, 7


def api() -> int:
    return len(pyrules.solve(situation(OPPONENTS, HAND)))


def raw_clingo() -> int:
    """pyrules' grounding, enumerated by clingo alone: each model's symbols read, nothing kept."""
    grounding = Grounding(situation(OPPONENTS, HAND))
    grounding.control.configuration.solve.models = "0"
    count = 0
    with grounding.control.solve(yield_=True) as handle:
        for model in handle:
            list(model.symbols(terms=True))
            count += 1
    return count


def lean() -> int:
    control = clingo.Control(["0", "--project=show"])
    control.load(str(LEAN))
    facts = [f"opponent(p{i})." for i in range(OPPONENTS)] + [
        f"hand(p{i},c{j})." for i in range(OPPONENTS) for j in range(HAND)]
    control.add("base", [], "\n".join(facts))
    control.ground([("base", [])])
    count = 0
    with control.solve(yield_=True) as handle:
        for model in handle:
            list(model.symbols(shown=True))
            count += 1
    return count


def program_text() -> str:
    """The program pyrules grounds for the situation, as text: its encodings' statements, the facts and
    the #show terms (all pyrules' own, so fit to print)."""
    facts = [f.symbol for f in situation_facts(situation(OPPONENTS, HAND))]
    statements = live_statements(frozenset(symbol_key(s) for s in facts))
    return "\n".join([_declarations_text(), *(s.text for s in statements), *(f"{s}." for s in facts), show_terms()]) + "\n"


def situation_file(folder: str) -> str:
    """The same situation as a file for the command line."""
    lines = ["players: [alice, " + ", ".join(f"opp{i}" for i in range(1, OPPONENTS + 1)) + "]",
             "objects:", "  - {id: onyx, card: Professor Onyx, controller: alice, counters: {loyalty: 8}}"]
    cards = ["Grizzly Bears", "Hill Giant", "Craw Wurm", "Serra Angel", "Air Elemental", "Divination", "Lightning Bolt"]
    for i in range(1, OPPONENTS + 1):
        lines += [f"  - {{id: opp{i}-{j}, card: {cards[j]}, owner: opp{i}, zone: hand}}" for j in range(HAND)]
    lines += ["question:", "  activate: {object: onyx, ability: 4, resolve: true}"]
    path = os.path.join(folder, "onyx.yaml")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def process(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=False, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    t_api, n = best(api)
    t_raw, n_raw = best(raw_clingo)
    t_lean, n_lean = best(lean)
    assert n == n_raw == n_lean == 128 ** OPPONENTS, (n, n_raw, n_lean)
    print(f"Professor Onyx -8, {OPPONENTS} opponents x {HAND} cards: {n:,} outcomes (best of three)\n")
    print(f"{'':<44}{'seconds':>8}  {'outcomes/s':>10}  {'pyrules / it':>12}")
    print(f"{'pyrules.solve (Python API)':<44}{t_api:>8.3f}  {n / t_api:>10,.0f}  {'':>12}")
    print(f"{'raw clingo, same grounding, symbols read':<44}{t_raw:>8.3f}  {n / t_raw:>10,.0f}  {t_api / t_raw:>12.2f}")
    print(f"{'lean choose-the-discard-set encoding':<44}{t_lean:>8.3f}  {n / t_lean:>10,.0f}  {t_api / t_lean:>12.2f}")

    with tempfile.TemporaryDirectory() as folder:
        path = situation_file(folder)
        program = os.path.join(folder, "program.lp")
        Path(program).write_text(program_text(), encoding="utf-8")
        pyrules_cli = [str(Path(sys.executable).with_name("pyrules")), "outcomes", path]
        clingo_cli = [sys.executable, "-m", "clingo", "0", "--project=show", program]
        t_cli = min(process(pyrules_cli) for _ in range(3))
        t_clingo = min(process(clingo_cli) for _ in range(3))
    print(f"\n{'':<44}{'seconds':>8}  {'ratio':>10}")
    print(f"{'pyrules outcomes FILE (whole process)':<44}{t_cli:>8.3f}")
    print(f"{'clingo 0 printing the same models':<44}{t_clingo:>8.3f}  {t_cli / t_clingo:>10.2f}")


if __name__ == "__main__":
    main()
