"""Errors that reach the user as one line: ``where: what is wrong``.

Every error raised for bad input is an :class:`InputError`; the CLI prints ``str(error)`` and
exits with code 2. An :class:`UnsupportedError` is input that is well formed but asks for
something the encodings do not model; its message starts with ``unsupported:``.
"""

from __future__ import annotations

import re

#: An error message stays one short line whatever the input held: control characters are escaped,
#: a run of text without spaces longer than this is cut to an excerpt, and the whole is capped.
_LONGEST_WORD = 100
_LONGEST_MESSAGE = 1_000
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_LONG_WORD = re.compile(rf"\S{{{_LONGEST_WORD + 1},}}")


def one_line(text: str) -> str:
    """``text`` as one bounded line: control characters escaped (a newline as \\n), long runs cut."""
    text = _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    text = _LONG_WORD.sub(lambda m: f"{m.group()[:60]}...({len(m.group()):,} characters)", text)
    return text if len(text) <= _LONGEST_MESSAGE else text[:_LONGEST_MESSAGE] + "..."


class InputError(Exception):
    """Bad input: a malformed file, an unknown card or id, an impossible state, a bad action."""

    exit_code = 2

    def __init__(self, where: str, message: str):
        where, message = one_line(where), one_line(message)
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


class UnsupportedError(InputError):
    """Well-formed input that needs a rule pyrules does not model."""

    def __init__(self, where: str, message: str):
        super().__init__(where, f"unsupported: {message}")


class TimeLimitError(InputError):
    """The time limit (``--timeout``) ran out before anything was decided: while grounding, which cannot
    be stopped part way and still give outcomes. The CLI exits with code 3 (undecided)."""

    exit_code = 3


def unreadable(where: str, error: OSError, what: str) -> InputError:
    """The one-line error for a file that cannot be read: missing, a folder (not ``what``), or another
    error of the system."""
    if isinstance(error, FileNotFoundError):
        return InputError(where, "no such file")
    if isinstance(error, IsADirectoryError):
        return InputError(where, f"is a folder, not {what}")
    return InputError(where, f"cannot read: {error.strerror or error}")
