"""The long run of the fuzz test: ``python tests/fuzz_report.py N [--save DIR] [--seed S] [--jobs J]``.

Generates N mutated corpus files with the strategy of ``tests/test_fuzz.py``, runs each through the
``pyrules`` command (``--commands``, default as ``PYRULES_FUZZ_COMMANDS``) in a subprocess bounded by
``--timeout`` seconds, and prints the counts: inputs, exit 0, exit 1, clean errors (exit 2, one line
naming the file), crashes (a traceback, another exit code, a signal, an error line that is not one line
naming the file, an invalid result) and hangs. Every crashing or hanging input is saved to ``--save``
(default /tmp/fuzz_findings) as ``NNNN-kind.yaml`` next to ``NNNN-kind.stderr`` (its standard error)
and ``NNNN-kind.txt`` (source file, mutations, command); the findings are grouped by kind (the last
line of the traceback), smallest input first. Exit code: 0 if every input ended well, 1 otherwise.
Not a test module: pytest does not collect it.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
import test_fuzz as fuzz


def generate(count: int, seed: int, mix: list[str] = fuzz.COMMAND_MIX, batch: int = 20) -> list[tuple[fuzz.Mutant, str]]:
    """``count`` mutants, each with a command drawn from ``mix``: the same for the same seed.

    Hypothesis builds an input by varying earlier ones, so a long run dwells on few corpus files: a
    fresh run per ``batch`` inputs keeps them diverse (less its first input, always the simplest)."""
    found: list[tuple[fuzz.Mutant, str]] = []
    for k in range(0, count, batch):
        size = min(batch, count - k)
        batch_found: list[tuple[fuzz.Mutant, str]] = []

        @hypothesis_seed(seed * 1_000_003 + k)
        @settings(max_examples=size + 1, database=None, deadline=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(mutant=fuzz.mutants(), command=st.sampled_from(mix))
        def collect(mutant: fuzz.Mutant, command: str) -> None:
            batch_found.append((mutant, command))  # noqa: B023 - used within this iteration only

        collect()
        found.extend(batch_found[1 : size + 1])
    return found


def kind_of(category: str, detail: str, file: str) -> str:
    """A finding's kind: its category and the last line of its traceback, without paths and numbers."""
    if category == "hang":
        return "hang"
    text = detail.replace(file, "FILE")
    text = re.sub(r"\d+", "N", text)
    return f"{category}: {text[:120]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int, help="how many mutated inputs to run")
    parser.add_argument("--save", type=Path, default=Path("/tmp/fuzz_findings"), help="folder for the findings")
    parser.add_argument("--seed", type=int, default=0, help="the random seed of the inputs (default 0)")
    parser.add_argument("--timeout", type=float, default=fuzz.TIMEOUT, help="seconds before a run is a hang")
    parser.add_argument("--jobs", type=int, default=2, help="runs at the same time (default 2)")
    parser.add_argument("--commands", default=",".join(fuzz.COMMAND_MIX),
                        help=f"the mix of commands, from {', '.join(fuzz.COMMANDS)} (default: %(default)s)")
    parser.add_argument("--runner", choices=("subprocess", "fork"), default="subprocess",
                        help="a fresh interpreter per input (default), or a child forked from this process (faster)")
    args = parser.parse_args(argv)
    fuzz.TIMEOUT = args.timeout
    start = time.perf_counter()
    mix = args.commands.split(",")
    if unknown := set(mix) - set(fuzz.COMMANDS):
        parser.error(f"unknown command(s): {', '.join(sorted(unknown))}")
    cases = generate(args.count, args.seed, mix)
    print(f"generated {len(cases)} inputs in {time.perf_counter() - start:.1f}s (seed {args.seed})", flush=True)
    args.save.mkdir(parents=True, exist_ok=True)
    jobs = 1 if args.runner == "fork" else max(1, args.jobs)  # no fork from a process running threads
    folders = [Path(tempfile.mkdtemp(prefix=f"pyrules-fuzz-{i}-")) for i in range(jobs)]

    def run(i: int) -> tuple[int, fuzz.Run, str, str]:
        mutant, command = cases[i]
        run, category, detail = fuzz.run_mutant(mutant, command, folders[i % jobs], runner=args.runner)
        if (i + 1) % 500 == 0:
            print(f"  ... input {i + 1}", flush=True)
        return i, run, category, detail

    counts: Counter[str] = Counter()
    kinds: defaultdict[str, list[tuple[int, Path]]] = defaultdict(list)
    slowest = (0.0, -1)
    order = [list(range(j, len(cases), jobs)) for j in range(jobs)]  # one folder per job: never two runs at once

    def run_all(indices: list[int]) -> list[tuple[int, fuzz.Run, str, str]]:
        return [run(i) for i in indices]

    if jobs == 1:  # in the main thread: a forked child must start from it
        results = run_all(order[0])
    else:
        with ThreadPoolExecutor(jobs) as pool:
            results = [r for rs in pool.map(run_all, order) for r in rs]
    for i, result, category, detail in sorted(results, key=lambda r: r[0]):
        counts[category] += 1
        slowest = max(slowest, (result.seconds, i))
        if category in fuzz.OK:
            continue
        mutant, command = cases[i]
        file = str(folders[i % jobs] / "case.yaml")
        kind = kind_of(category, detail, file)
        stem = args.save / f"{i:04d}-{category}"
        stem.with_suffix(".yaml").write_bytes(mutant.content)
        stem.with_suffix(".stderr").write_text(result.stderr, encoding="utf-8")
        stem.with_suffix(".txt").write_text(
            f"source: {mutant.source}\nmutations: {mutant.ops}\ncommand: pyrules {' '.join(result.argv)}\n"
            f"exit: {result.code}\nseconds: {result.seconds:.2f}\nkind: {kind}\ndetail: {detail}\n", encoding="utf-8")
        kinds[kind].append((len(mutant.content), stem.with_suffix(".yaml")))
    for path in folders:
        shutil.rmtree(path, ignore_errors=True)
    elapsed = time.perf_counter() - start
    print(f"inputs: {len(cases)}  exit 0: {counts['exit 0']}  exit 1: {counts['exit 1']}  "
          f"clean errors: {counts['clean error']}  crashes: {counts['crash']}  hangs: {counts['hang']}  "
          f"({elapsed:.0f}s, slowest run {slowest[0]:.2f}s: input {slowest[1]})")
    for kind, found in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(found)} x {kind}\n  smallest: {min(found)[1]}")
    return 1 if kinds else 0


if __name__ == "__main__":
    sys.exit(main())
