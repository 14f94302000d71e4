"""Work spread over forked processes, or over a Dask cluster (:mod:`pyrules.base.cluster`): the cases of `pyrules
check --jobs`, the situations of a sweep, the cubes of one enumeration."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from pyrules.base.cluster import on_cluster

T = TypeVar("T")


def can_fork() -> bool:
    """Whether this system starts processes by forking (where it cannot, the work runs in this process)."""
    return "fork" in multiprocessing.get_all_start_methods()


def spread(function: Callable[[Any], T], items: Iterable[Any], jobs: int = 1, scheduler: Any = None,
           chunk: int = 1) -> Iterator[T]:
    """``function`` of each item, in the items' order: on a Dask cluster if a ``scheduler`` is given, else by
    ``jobs`` forked processes (where the system forks and there is more than one item), else here."""
    items = list(items)
    if scheduler is not None:
        return on_cluster(function, items, scheduler, chunk)
    if jobs <= 1 or len(items) < 2 or not can_fork():
        return map(function, items)
    return in_processes(function, items, min(jobs, len(items)), chunk)


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
