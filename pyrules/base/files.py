"""A user's files: only regular files are read, never more than a bound, and outputs go only where a
file may be replaced.

A named pipe (FIFO) given as a file would block until something writes to it, and a device such as
``/dev/zero`` never ends: every path a user gives (situation files, libraries, constraint files, card
files to import, regression cases) is opened without blocking and read only if it is a regular file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

from pyrules.base.errors import InputError, unreadable

# (Windows has no O_NONBLOCK: there a FIFO cannot be opened as a path anyway.)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


def check_path(value: object, name: str) -> str | os.PathLike:
    """``value`` if it is a path (text or ``os.PathLike``), else TypeError naming the argument: an int
    would otherwise be taken by ``open`` as a file descriptor."""
    if isinstance(value, str) or (isinstance(value, os.PathLike) and isinstance(os.fspath(value), str)):
        return value
    raise TypeError(f"{name} must be the path of a file (text or a Path), not {value!r}")


def kind_of(mode: int) -> str | None:
    """What a file that is not a regular file is ("a folder", "a named pipe (FIFO)", ...); None for a
    regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _KINDS if test(mode)), "not a regular file")


def not_regular(kind: str, what: str) -> str:
    """Why a file of this kind (see kind_of) is not read as ``what``."""
    return f"is {kind}, not {what}" + ("" if kind == "a folder" else " (only regular files are read)")


def open_regular(path: str | os.PathLike, where: str, what: str) -> BinaryIO:
    """The file at ``path`` opened for reading in binary, or InputError at ``where`` if it cannot be read
    or is not a regular file (``what`` says what it should be: "a situation file")."""
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK)  # a FIFO opens at once instead of waiting for a writer
    except OSError as exc:
        raise unreadable(where, exc, what) from None
    except ValueError:  # a NUL character in the path
        raise InputError(where, "a path cannot hold a NUL character") from None
    try:
        kind = kind_of(os.fstat(fd).st_mode)
        if kind is not None:
            raise InputError(where, not_regular(kind, what))
        if _NONBLOCK:
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    # Outside the try: once fdopen has begun, the file object owns the descriptor (a Ctrl-C landing inside
    # it must reach the command as itself, not as the EBADF of closing the descriptor a second time).
    return os.fdopen(fd, "rb")


def read_text(path: str | os.PathLike, where: str, what: str, limit: int) -> str:
    """A regular file's UTF-8 text, refused (InputError at ``where``) beyond ``limit`` bytes."""
    with open_regular(path, where, what) as handle:
        return decoded(read_bounded(handle, where, what, limit), where)


def read_bounded(handle: BinaryIO, where: str, what: str, limit: int) -> bytes:
    """At most ``limit`` bytes of an open file; InputError at ``where`` if it holds more."""
    try:
        data = handle.read(limit + 1)
    except OSError as exc:
        raise unreadable(where, exc, what) from None
    if len(data) > limit:
        raise InputError(where, f"larger than {limit:,} bytes")
    return data


def decoded(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(where, "not a UTF-8 text file") from None


def check_output(path: str | os.PathLike, inputs: tuple[str | os.PathLike, ...], where: str) -> None:
    """Refuse to write to ``path`` (InputError at ``where``) unless it is a new name or a regular file that
    is none of ``inputs``: replacing a FIFO, a device or a folder, or the file being read, loses it."""
    if not str(path).strip():
        raise InputError(where, "is empty: give the name of the file to write")
    try:
        info = os.stat(path)
    except FileNotFoundError:
        folder = Path(path).parent
        if not folder.is_dir():
            raise InputError(where, f"no such folder: {folder}") from None
        return
    except OSError as exc:
        raise InputError(where, f"cannot write: {exc.strerror or exc}") from None
    kind = kind_of(info.st_mode)
    if kind is not None:
        raise InputError(where, f"is {kind}: write to a new name or a regular file")
    for source in inputs:
        try:
            same = os.path.samefile(source, path)
        except OSError:
            same = False
        if same:
            raise InputError(where, f"is the file being read ({source}): write to another name")
