"""Pausing Python's cyclic garbage collector while a layer makes many objects that hold no cycle.

The collector runs every so many allocations and, now and then, walks every container alive. Facts of
a large board, a grounding's firings and explanation graphs are made by the hundred thousand: walking
the heap again and again while they are made cost up to half the time of making them (explaining every
outcome of benchmarks/explain.py's case: 18.7 s, 10.7 s without). Those objects hold no reference
cycle, so nothing is left unfreed: collections only come later.
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
