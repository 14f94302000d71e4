"""Work spread over a Dask cluster (the optional extra ``pip install 'pyrules[distributed]'``): the cases of
``pyrules check --scheduler``, the situations of a sweep, the cubes of one enumeration.

A cluster is a Dask scheduler's address (``tcp://host:8786``) or a ``distributed.Client`` already connected.
Every task is a function of pyrules with its arguments, pickled: a situation or a card library travels as
where its cards come from (see :mod:`pyrules.cards.library`), so a worker needs only pyrules installed, and the
card library files a situation names at the same paths. Dask runs again, on another worker, the tasks of a worker
that is lost (its ``distributed.scheduler.allowed-failures``); an error a task raises is raised here, once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from pyrules.base.errors import InputError

T = TypeVar("T")

#: Seconds to wait for a scheduler to answer before the address is refused.
CONNECT_TIMEOUT = 10


def connect(scheduler: Any) -> tuple[Any, bool]:
    """A Dask client for ``scheduler`` (an address, or a client given), and whether it was opened here (then it
    is closed when the work is done)."""
    try:
        import distributed  # (the distributed extra: pyrules itself needs no Dask)
    except ImportError:
        raise InputError("--scheduler", "needs Dask: pip install 'pyrules[distributed]'") from None
    if isinstance(scheduler, distributed.Client):
        return scheduler, False
    if not isinstance(scheduler, str) or not scheduler.strip():
        raise InputError("--scheduler", "must be a Dask scheduler's address (tcp://host:8786) or a "
                                        "distributed.Client")
    try:
        return distributed.Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False), True
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError("--scheduler", f"no Dask scheduler answers at {scheduler}: {error}") from None


def on_cluster(function: Callable[[Any], T], items: Iterable[Any], scheduler: Any, chunk: int = 1) -> Iterator[T]:
    """``function`` of each item, in the items' order, by the workers of a Dask cluster: ``chunk`` items a task
    (a task costs the scheduler about a millisecond: many small items go in chunks)."""
    client, opened = connect(scheduler)
    items = list(items)
    batches = [items[i:i + chunk] for i in range(0, len(items), max(1, chunk))]
    futures = client.map(_each, [function] * len(batches), batches, pure=False)
    try:
        for future in futures:  # (in order, as multiprocessing's imap: the report's order is the items')
            yield from future.result()
    finally:  # (done, an error, or Ctrl-C: nothing is left running on the cluster)
        client.cancel(futures)
        if opened:
            client.close()


def _each(function: Callable[[Any], T], batch: list[Any]) -> list[T]:
    return [function(item) for item in batch]
