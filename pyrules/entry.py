"""The ``pyrules`` console command: Ctrl-C is answered from the very start, even while the rest of
pyrules (clingo, the encodings) is still being imported, with exit code 130 and one line."""

from __future__ import annotations

import signal
import sys


def _interrupted_while_starting(signum: int, frame: object) -> None:
    print("pyrules: interrupted", file=sys.stderr)
    raise SystemExit(130)


def main() -> int:
    signal.signal(signal.SIGINT, _interrupted_while_starting)  # until pyrules.cli installs its own
    from .cli import main as cli_main

    return cli_main()
