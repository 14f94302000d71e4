"""Pausing Python's cyclic garbage collector while a layer makes many objects that hold no cycle.

The collector runs every so many allocations and, as the heap grows, walks every container alive. Facts
of a large board, a grounding's firings and explanation graphs are made by the hundred thousand at once:
paused, the collector walks them once afterwards instead of again and again while they are made
(measured: benchmarks/notes.md). Those objects hold no reference cycle, so nothing is left
unfreed: collections only come later. (A pause around a few objects gains nothing: the allocations still
count, and the collection comes right after.)
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No automatic collection inside (also as a decorator: ``@paused()``); as before afterwards."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
