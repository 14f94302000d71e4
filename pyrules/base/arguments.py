"""Checks of the Python API's arguments, each error naming the argument: a wrong type is a TypeError,
a value out of range an :class:`~pyrules.base.errors.InputError` (``name: problem``), before anything is read
or solved (an int given as a path would otherwise be read as a file descriptor)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from pyrules.base.document import MAX_DEPTH
from pyrules.base.errors import InputError, one_line
from pyrules.base.files import check_path

__all__ = ["check_path", "whole", "optional_whole", "text", "optional_text", "instance", "function", "index",
           "plain", "seconds"]


def _shown(value: Any) -> str:
    return one_line(repr(value))


def whole(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (not a bool) within [low, high]."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be a whole number, not {_shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"at least {low:,}" if high is None else f"between {low:,} and {high:,}" if low is not None \
            else f"at most {high:,}"
        raise InputError(name, f"must be {bounds}, not {one_line(str(value)) if abs(value) < 10**30 else 'larger'}")
    return value


def optional_whole(value: Any, name: str, low: int | None = None, high: int | None = None) -> int | None:
    return None if value is None else whole(value, name, low, high)


def seconds(value: Any, name: str) -> float | None:
    """None, or a number of seconds more than 0 and at most 1,000,000."""
    if value is None:
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError(f"{name} must be a number of seconds, not {_shown(value)}")
    if not (math.isfinite(value) and 0 < value <= 10**6):
        raise InputError(name, f"must be more than 0 seconds and at most 1,000,000, not {value}")
    return value


def text(value: Any, name: str, what: str = "text") -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be {what}, not {_shown(value)}")
    return value


def optional_text(value: Any, name: str, what: str = "text") -> str | None:
    return None if value is None else text(value, name, what)


def instance(value: Any, kind: type, name: str, what: str, optional: bool = True) -> Any:
    """``value`` if it is a ``kind`` (or None when ``optional``); ``what`` names the kind for the message."""
    if (value is None and optional) or isinstance(value, kind):
        return value
    raise TypeError(f"{name} must be {what}, not {_shown(value)}")


def function(value: Any, name: str) -> Callable[..., Any] | None:
    if value is None or callable(value):
        return value
    raise TypeError(f"{name} must be a function (or None), not {_shown(value)}")


def index(value: Any, name: str, count: int) -> int:
    """A position in a list of ``count`` (from 0; negative counts from the end, as Python's)."""
    whole(value, name)
    if not -count <= value < count:
        raise InputError(name, f"must be between 0 and {count - 1} (there are {count} outcomes), not "
                               f"{value if abs(value) < 10**30 else 'larger'}" if count else "there are no outcomes")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def plain(value: Any, name: str, depth: int = 0) -> Any:
    """``value`` as a situation file could hold it: texts, numbers, true/false, null, lists (tuples become
    lists) and mappings with text or whole-number keys (``used_this_turn: {2: 1}``); anything else is a TypeError
    naming where it is (``name``). What the keys mean is the situation reader's to check, as in a file."""
    if depth > MAX_DEPTH:
        raise InputError(name, f"nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, str) and _SURROGATE.search(value):  # (no file, table or clingo string can hold it)
        raise InputError(name, "a lone surrogate (\\ud800-\\udfff) is not valid text")
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [plain(v, f"{name}.{i}", depth + 1) for i, v in enumerate(value)]
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise TypeError(f"{name}: a key must be text (a name) or a whole number, not {_shown(key)}")
            if str(key) in out:  # (a file's keys are texts: 1 and "1" are one key)
                raise TypeError(f"{name}: the key {key!r} is given twice")
            out[str(key)] = plain(v, f"{name}.{key}", depth + 1)
        return out
    raise TypeError(f"{name} must be a text, number, list or mapping (as in a situation file), not {_shown(value)}")
