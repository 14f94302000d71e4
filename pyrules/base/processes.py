"""Work spread over forked processes: the cases of `pyrules check --jobs`, the situations of a sweep."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")


def can_fork() -> bool:
    """Whether this system starts processes by forking (where it cannot, the work runs in this process)."""
    return "fork" in multiprocessing.get_all_start_methods()


def in_processes(function: Callable[[Any], T], items: Iterable[Any], jobs: int, chunk: int = 1) -> Iterator[T]:
    """``function`` of each item, in the items' order, by ``jobs`` forked processes (each inherits this one's
    state: what it has loaded is not loaded again). Ctrl-C is this process's alone: the workers ignore it (it is
    blocked while they are forked, so none can land before they do) and are ended when it comes."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_ignore_ctrl_c)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    try:
        yield from pool.imap(function, items, chunk)
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.close()
        pool.join()


def _ignore_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
