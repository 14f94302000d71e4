"""A bound on the memory a run holds (``--max-memory``): the run stops with one line before the machine does.

A thread looks at the memory the process and its child processes (``--jobs``) hold, twenty times a
second; past the bound it calls ``stop`` (the command line: one line on standard error, the children
ended, exit code 3). It must not wait for Python: clingo may be grounding or solving in C, where no
Python code runs and where an exception could not be raised; so ``stop`` ends the process itself.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable
from pathlib import Path

from pyrules.base.errors import InputError

_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*([KMGT]?)B?", re.IGNORECASE)
_UNITS = {"": 1 << 20, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
EVERY = 0.05  # seconds between two looks


def parse_size(text: str, where: str = "--max-memory") -> int:
    """Bytes, from ``500M``, ``2G``, ``1.5GB``, ``800`` (megabytes when no unit is given)."""
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise InputError(where, f"'{text}' is not a size such as 500M or 2G")
    size = int(float(match.group(1)) * _UNITS[match.group(2).upper()])
    if size < 1 << 20:
        raise InputError(where, f"'{text}' is less than one megabyte")
    return size


def shown(size: int) -> str:
    """A size as people write it: 512 MB, 2.0 GB."""
    return f"{size / (1 << 30):.1f} GB" if size >= 1 << 30 else f"{size / (1 << 20):.0f} MB"


def children(pid: int) -> list[int]:
    """The process's child processes (Linux: /proc; elsewhere none are known)."""
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(c) for c in (task / "children").read_text().split()]
    except OSError:
        pass
    return found


def resident(pid: int) -> int:
    """The memory a process holds now, in bytes (0 if it cannot be told, or the process is gone)."""
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


def held() -> int:
    """The memory this process and its children hold now; where /proc is missing, this process's peak."""
    own = resident(os.getpid())
    if own == 0:
        import resource  # (not on every system)

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return own + sum(resident(child) for child in children(os.getpid()))


def watch(limit: int, stop: Callable[[int], None]) -> threading.Thread:
    """Start looking: ``stop(bytes held)`` once the process and its children hold more than ``limit``."""

    def look() -> None:
        event = threading.Event()
        while not event.wait(EVERY):
            used = held()
            if used > limit:
                stop(used)
                return

    thread = threading.Thread(target=look, name="pyrules-max-memory", daemon=True)
    thread.start()
    return thread
