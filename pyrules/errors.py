"""Errors that reach the user as one line: ``where: what is wrong``.

Every error raised for bad input is an :class:`InputError`; the CLI prints ``str(error)`` and
exits with code 2. An :class:`UnsupportedError` is input that is well formed but asks for
something the encodings do not model; its message starts with ``unsupported:``.
"""

from __future__ import annotations


class InputError(Exception):
    """Bad input: a malformed file, an unknown card or id, an impossible state, a bad action."""

    exit_code = 2

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


class UnsupportedError(InputError):
    """Well-formed input that needs a rule pyrules does not model."""

    def __init__(self, where: str, message: str):
        super().__init__(where, f"unsupported: {message}")
