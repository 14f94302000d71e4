"""Benchmark: "could produce" (CR 106.7) for every permanent of a large board.

The board: N permanents over three players; a fifth of them are Reflecting Pools and Exotic
Orchards that refer to each other across players, the rest basic lands, Sol Rings and creatures;
Mana Reflection and Contamination are in play (two replacement effects). In the same process the
same board goes through a plain Python fixed-point loop and through a lean clingo encoding of just
this question (``lean_could_produce.lp``), and is read from a situation file: the benchmark prints the
times and the ratios against the lean encoding (pyrules' grounding and solving; its whole solve; the
whole solve of the file, loading included), the atoms each grounds, and, for the largest board, the
peak memory of each in a fresh process and the whole question as a command (``pyrules outcomes`` beside
``python -m clingo`` on the lean encoding).

    python benchmarks/could_produce.py [N ...]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import clingo
from clingo import Function, String

import pyrules
from pyrules.situation.builder import SituationBuilder

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


LEAN = Path(__file__).with_name("lean_could_produce.lp")


def lean_facts(plain) -> list[clingo.Symbol]:
    """The board as the lean encoding's facts."""
    fixed = {**BASICS, "Wastes": "c", "Sol Ring": "c"}
    lands = {"Reflecting Pool", "Exotic Orchard", "Wastes", *BASICS}
    facts = [Function("player", [String(p)]) for p in PLAYERS]
    for oid, card, player in plain:
        x = String(oid)
        facts.append(Function("ctrl", [x, String(player)]))
        if card in lands:
            facts.append(Function("land", [x]))
        if card in fixed:
            facts.append(Function("fixed", [x, Function(fixed[card])]))
        facts += {"Reflecting Pool": [Function("pool", [x])], "Exotic Orchard": [Function("orchard", [x])],
                  "Contamination": [Function("contamination")],
                  "Mana Reflection": [Function("reflection", [String(player)])]}.get(card, [])
    return facts


def lean(plain) -> tuple[dict[str, set[str]], float, int]:
    """The same board through the lean encoding (lean_could_produce.lp): its answer, its time (grounding
    and solving, facts given as symbols) and the atoms it grounds."""
    start = time.perf_counter()
    control = clingo.Control(["--warn=none"])
    control.load(str(LEAN))
    with control.backend() as backend:
        for fact in lean_facts(plain):
            backend.add_rule([backend.add_atom(fact)])
    control.ground([("base", [])])
    found: dict[str, set[str]] = {}

    def on_model(model: clingo.Model) -> None:
        for atom in model.symbols(shown=True):
            found.setdefault(atom.arguments[0].string, set()).add(atom.arguments[1].name)

    control.solve(on_model=on_model)
    seconds = time.perf_counter() - start
    return found, seconds, int(control.statistics["problem"]["lp"]["atoms"])


def situation_file(plain, folder: Path) -> Path:
    """The board as a situation file (what a user would write), for the time with its loading included."""
    lines = [f"players: [{', '.join(PLAYERS)}]", "objects:"]
    lines += [f"  - {{id: {oid}, card: {card}, controller: {player}}}" for oid, card, player in plain]
    lines += ["question:", "  could_produce: all"]
    path = folder / f"board-{len(plain)}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def best(fn, times: int):
    """(the value, the least time) of ``times`` runs of fn: the machine's noise only ever adds time."""
    found, seconds = None, float("inf")
    for _ in range(times):
        start = time.perf_counter()
        found = fn()
        seconds = min(seconds, time.perf_counter() - start)
    return found, seconds


def run(n: int) -> dict[str, float]:
    situation, plain = board(n)
    times = 3 if n <= 10_000 else 1  # best of three where a run is short
    # Each run a board of its own: a situation solved before has its objects' facts kept (engine/facts.py), which
    # a new question about a new board does not.
    fresh = iter([situation] + [board(n)[0] for _ in range(times - 1)])
    outcomes, total = best(lambda: pyrules.solve(next(fresh)), times)
    with tempfile.TemporaryDirectory() as folder:
        path = situation_file(plain, Path(folder))
        from_file, file_seconds = best(lambda: pyrules.solve(path), times)
    assert [o.atoms for o in from_file] == [o.atoms for o in outcomes], "the file and the builder disagree"
    start = time.perf_counter()
    expected = baseline(plain)
    python_seconds = time.perf_counter() - start
    got = {oid: set(types) for oid, types in outcomes[0].could_produce.items()}
    assert {k: v for k, v in expected.items() if v} == got, "pyrules and the baseline disagree"
    lean_found, lean_atoms = lean(plain)[::2]
    lean_seconds = min(lean(plain)[1] for _ in range(times))
    assert lean_found == got, "pyrules and the lean encoding disagree"
    stats = outcomes.statistics
    return {"n": n, "total": total, "ground": stats.ground_seconds, "solve": stats.solve_seconds,
            "python": python_seconds, "ratio": total / python_seconds, "lean": lean_seconds,
            "lean_ratio": (stats.ground_seconds + stats.solve_seconds) / lean_seconds,
            "whole_ratio": total / lean_seconds, "file": file_seconds, "file_ratio": file_seconds / lean_seconds,
            "atoms": stats.atoms, "lean_atoms": lean_atoms}


def peak(kind: str, n: int) -> tuple[int, int]:
    """(resident memory after building the board, peak resident memory) in KB of a fresh process that
    solves the board through pyrules or the lean encoding (VmHWM: the process's own high-water mark)."""
    code = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
            "from could_produce import board, lean\n"
            f"s, plain = board({n})\n"
            "status = lambda key: int(next(l.split()[1] for l in open('/proc/self/status') if l.startswith(key)))\n"
            "before = status('VmRSS')\n"
            + ("import pyrules\npyrules.solve(s)\n" if kind == "pyrules" else "lean(plain)\n")
            + "print(before, status('VmHWM'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), int(out[1])


def memory(n: int) -> None:
    (base, ours), (_, lean_peak) = peak("pyrules", n), peak("lean", n)
    print(f"peak memory, {n:,} permanents (fresh processes; the board itself {base / 1024:.0f} MB): pyrules "
          f"{ours / 1024:.0f} MB, lean {lean_peak / 1024:.0f} MB: {ours / lean_peak:.2f}x; above the board "
          f"{(ours - base) / 1024:.0f} MB vs {(lean_peak - base) / 1024:.0f} MB: {(ours - base) / (lean_peak - base):.2f}x")


def processes(n: int) -> None:
    """The whole question as a command: ``pyrules outcomes board.yaml`` (interpreter, imports, reading the
    file, solving, printing) beside ``python -m clingo`` on the lean encoding and the same board's facts in a
    file, each the best of three fresh processes. As an installed command runs: Python's bytecode cached (pip
    compiles it as it installs; here in a folder of the run's own, whatever PYTHONDONTWRITEBYTECODE says), and
    pyrules' own cache of what it works out from the encodings (pyrules.base.diskcache) made by the first run."""
    _, plain = board(n)
    with tempfile.TemporaryDirectory() as folder:
        path = situation_file(plain, Path(folder))
        facts = Path(folder) / "facts.lp"
        facts.write_text("".join(f"{fact}.\n" for fact in lean_facts(plain)), encoding="utf-8")
        commands = {"pyrules": [str(Path(sys.executable).with_name("pyrules")), "outcomes", str(path)],
                    "lean": [sys.executable, "-m", "clingo", "--outf=3", str(LEAN), str(facts)]}
        seconds = {}
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=str(Path(folder) / "bytecode"), PYRULES_CACHE_DIR=str(Path(folder) / "cache"))
        for name, command in commands.items():
            seconds[name] = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                done = subprocess.run(command, capture_output=True, env=env)
                seconds[name] = min(seconds[name], time.perf_counter() - start)
                assert done.returncode in (0, 10, 30), (name, done.returncode, done.stderr[-300:])
    print(f"as processes, {n:,} permanents from a file: pyrules outcomes {seconds['pyrules']:.2f} s, python -m clingo "
          f"on the lean encoding {seconds['lean']:.2f} s: {seconds['pyrules'] / seconds['lean']:.2f}x")


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or [500, 1000, 2000, 5000]
    run(30)  # the fixed costs (reading the encodings' index and the cards) are benchmarks/fixed_cost.py's
    print("pyrules: the situation built in Python, solved (facts, grounding, solving, outcomes); file: the same\n"
          "board from a situation file, its loading included; lean: lean_could_produce.lp on the same board\n"
          "(each the best of three runs up to 10,000 permanents, of one above).")
    print(f"{'permanents':>10}  {'pyrules s':>9}  {'ground s':>8}  {'solve s':>8}  {'lean s':>7}  "
          f"{'g+s/lean':>8}  {'all/lean':>8}  {'file s':>7}  {'file/lean':>9}  {'python s':>8}  {'atoms':>9}  "
          f"{'lean atoms':>10}  {'ratio':>5}")
    for n in sizes:
        r = run(n)
        print(f"{r['n']:>10}  {r['total']:>9.3f}  {r['ground']:>8.3f}  {r['solve']:>8.3f}  {r['lean']:>7.3f}  "
              f"{r['lean_ratio']:>8.2f}  {r['whole_ratio']:>8.2f}  {r['file']:>7.3f}  {r['file_ratio']:>9.2f}  "
              f"{r['python']:>8.4f}  {r['atoms']:>9,}  {r['lean_atoms']:>10,}  {r['atoms'] / r['lean_atoms']:>5.1f}")
    memory(max(sizes))
    processes(max(sizes))

if __name__ == "__main__":
    main(sys.argv[1:])
