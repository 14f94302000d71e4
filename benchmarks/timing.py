"""What the benchmarks share: the best of a few runs, so that a loaded machine disturbs the figures less."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def best(f: Callable[..., Any], *args: Any, repeat: int = 3) -> tuple[float, Any]:
    """The shortest time of ``repeat`` calls of ``f(*args)``, and the result of the last."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = f(*args)
        times.append(time.perf_counter() - start)
    return min(times), result
