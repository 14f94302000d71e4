"""What a process works out once from pyrules' own files, kept on disk for the next process.

The encodings' statements and the index of what each waits for take a new process longer to make (about
0.1-0.2 s) than to read back (0.02 s). They are kept, like Python's bytecode, under a name made from
everything they are made from (the caller's key: the encodings, the code that reads them, pyrules' and
Python's versions), so a changed file is a new name and a stale entry is never read. Only pyrules' files
go in: no situation, nothing a user wrote.

The folder: ``$PYRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/pyrules``, else ``~/.cache/pyrules``; with
``PYRULES_NO_CACHE`` set (to anything but empty), nothing is read or written. An entry is read only from a
file the user owns in a folder no one else may write to (a pickle runs code as it is read); anything
wrong with the folder or an entry (missing, unreadable, truncated) only means working it out again.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import Any

from pyrules.base.collector import paused


def folder() -> Path | None:
    """Where entries are kept, or None when caching is off."""
    if os.environ.get("PYRULES_NO_CACHE"):
        return None
    if os.environ.get("PYRULES_CACHE_DIR"):
        return Path(os.environ["PYRULES_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pyrules"


def entry_name(kind: str, key: bytes) -> str:
    return f"{kind}-{hashlib.sha256(key).hexdigest()[:32]}.pickle"


def load(kind: str, key: bytes) -> Any | None:
    """The entry of this kind made from ``key``, or None (none kept, or one that cannot be trusted or read)."""
    where = folder()
    if where is None:
        return None
    path = where / entry_name(kind, key)
    try:
        if not (_trusted(where) and _trusted(path)):
            return None
        with paused():  # (a few hundred thousand small objects that hold no cycle)
            return pickle.loads(path.read_bytes())
    except Exception:  # any failure to read an entry means: make it again
        return None


def store(kind: str, key: bytes, value: Any) -> None:
    """Keep ``value`` as the entry of this kind made from ``key`` (written whole or not at all)."""
    where = folder()
    if where is None:
        return
    try:
        where.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not _trusted(where):
            return
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        handle, temporary = tempfile.mkstemp(dir=where, prefix=".writing-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, where / entry_name(kind, key))
        except BaseException:
            os.unlink(temporary)
            raise
    except Exception:  # a cache that cannot be written is only slower
        return


def _trusted(path: Path) -> bool:
    """Owned by this user and writable by no one else (where the system has owners)."""
    status = path.stat()
    if hasattr(os, "getuid") and status.st_uid != os.getuid():
        return False
    return not status.st_mode & 0o022
