"""Reading bulk card files, one card at a time, with bounded memory.

Two shapes are read, plain or gzip-compressed:

* MTGJSON ``AtomicCards.json``: ``{"meta": ..., "data": {card name: [face, ...], ...}}``;
* Scryfall "Oracle Cards": ``[{card}, ...]`` (or an API list, ``{"object": "list", "data": [...]}``).

The file is decoded in chunks with :meth:`json.JSONDecoder.raw_decode`: one card's JSON is held at a
time, never the whole file. Each card becomes a :class:`RawCard`: its name, layout and faces in one
form, whatever the source. A malformed file is an :class:`~pyrules.base.errors.InputError` naming the file,
the character where reading stopped, and the problem.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from pyrules.base.document import too_many_digits
from pyrules.base.errors import InputError
from pyrules.base.files import open_regular

CHUNK = 1 << 20  # characters read at a time
MAX_VALUE = 1 << 26  # one card's JSON is far smaller
#: The most text a card file may hold, once uncompressed: six times the largest bulk file today
#: (Scryfall's Oracle Cards, 160 MB).
MAX_CHARACTERS = 1 << 30
#: A gzip file may expand to this many times its own size (and to one CHUNK however small it is): bulk
#: JSON expands 5 to 10 times, a gzip bomb (1 MB of it holding 1 GiB of spaces) a thousand, and
#: decompressing a gigabyte alone takes seconds.
MAX_EXPANSION = 100
FORMATS = ("mtgjson", "scryfall")


@dataclass
class RawFace:
    """One face of a card as a bulk file gives it (strings as printed)."""

    name: str
    mana_cost: str | None = None
    type_line: str = ""
    types: list[str] | None = None  # MTGJSON gives them; for Scryfall they come from the type line
    supertypes: list[str] | None = None
    subtypes: list[str] | None = None
    text: str = ""
    colors: list[str] | None = None
    color_indicator: list[str] | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None


@dataclass
class RawCard:
    name: str
    layout: str
    faces: list[RawFace] = field(default_factory=list)
    produced_mana: list[str] | None = None  # Scryfall's produced_mana, where given
    where: str = ""  # the file and the card's place in it, for messages


class _TooLongError(ValueError):
    pass


def _whole(text: str) -> int:
    """A JSON number without a fraction, refused before int() if it has too many digits."""
    problem = too_many_digits(text)
    if problem:
        raise _TooLongError(problem)
    return int(text)


_SPACE = re.compile(r"[ \t\r\n]*")


class _Stream:
    """JSON values read one at a time from a text stream."""

    def __init__(self, handle: TextIO, source: str, limit: int = MAX_CHARACTERS):
        self.handle, self.source, self.limit = handle, source, limit
        self.buf, self.pos, self.offset, self.eof = "", 0, 0, False
        self.decoder = json.JSONDecoder(parse_int=_whole)

    def fail(self, problem: str) -> InputError:
        return InputError(self.source, f"character {self.offset + self.pos + 1:,}: {problem}")

    def _more(self) -> bool:
        if self.eof:
            return False
        try:
            chunk = self.handle.read(CHUNK)
        except UnicodeDecodeError:
            raise self.fail("not UTF-8 text") from None
        except (OSError, EOFError, zlib.error) as exc:  # a damaged or truncated gzip file
            raise InputError(self.source, f"cannot read: {exc}") from None
        if not chunk:
            self.eof = True
            return False
        if self.offset + len(self.buf) + len(chunk) > self.limit:
            raise InputError(self.source, f"larger than {self.limit:,} characters once uncompressed"
                             + ("" if self.limit == MAX_CHARACTERS else f" ({MAX_EXPANSION} times its size)"))
        self.offset += self.pos
        self.buf = self.buf[self.pos:] + chunk
        self.pos = 0
        return True

    def peek(self) -> str:
        """The next character that is not white space ('' at the end)."""
        while True:
            self.pos = _SPACE.match(self.buf, self.pos).end()  # (a regular expression: a long run is fast)
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more():
                return ""

    def expect(self, char: str) -> None:
        got = self.peek()
        if got != char:
            raise self.fail(f"expected '{char}', found {repr(got) if got else 'the end of the file'}")
        self.pos += 1

    def value(self) -> Any:
        self.peek()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buf, self.pos)
            except RecursionError:
                raise self.fail("a value nested too deeply") from None
            except _TooLongError as exc:
                raise self.fail(str(exc)) from None
            except json.JSONDecodeError as exc:
                # A value cut by the end of the buffer: read on. At the end of the file it is an error.
                if len(self.buf) - self.pos > MAX_VALUE:
                    raise self.fail(f"malformed JSON ({exc.msg}), or one value larger than {MAX_VALUE:,} "
                                    "characters") from None
                if self._more():
                    continue
                self.pos = max(exc.pos, self.pos)
                raise self.fail(f"malformed JSON ({exc.msg})") from None
            if end == len(self.buf) and not self.eof and isinstance(value, (int, float)):
                if self._more():  # a number may go on in the next chunk
                    continue
            self.pos = end
            return value

    def members(self) -> Iterator[str]:
        """The keys of an object whose '{' comes next; the caller reads each value."""
        self.expect("{")
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            key = self.value()
            if not isinstance(key, str):
                raise self.fail("expected a key (a string)")
            self.expect(":")
            yield key
            if self._closed("}"):
                return

    def elements(self) -> Iterator[None]:
        """Each element of an array whose '[' comes next; the caller reads each value."""
        self.expect("[")
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield None
            if self._closed("]"):
                return

    def _closed(self, close: str) -> bool:
        """After an element: True at the closing bracket, False at a comma (both read), else an error."""
        nxt = self.peek()
        if nxt not in (close, ","):
            raise self.fail(f"expected ',' or '{close}', found {repr(nxt) if nxt else 'the end of the file'}")
        self.pos += 1
        return nxt == close


def open_text(path: str) -> tuple[TextIO, int]:
    """The file as text, uncompressed as it is read if it is gzip (by its first bytes, not its name), and
    the most characters it may hold."""
    raw = open_regular(path, path, "a card file")
    magic = raw.read(2)
    raw.seek(0)
    if magic != b"\x1f\x8b":
        return io.TextIOWrapper(raw, encoding="utf-8"), MAX_CHARACTERS
    size = os.fstat(raw.fileno()).st_size
    limit = min(MAX_CHARACTERS, max(CHUNK, MAX_EXPANSION * size))
    return io.TextIOWrapper(gzip.GzipFile(fileobj=raw), encoding="utf-8"), limit


def read_cards(path: str, fmt: str | None = None) -> Iterator[RawCard]:
    """Each card of a bulk file. ``fmt``: mtgjson or scryfall (by default, from the file's shape)."""
    if fmt is not None and fmt not in FORMATS:
        raise InputError("--format", f"must be one of {', '.join(FORMATS)}")
    handle, limit = open_text(path)
    with handle:
        stream = _Stream(handle, path, limit)
        first = stream.peek()
        if first == "[":
            if fmt == "mtgjson":
                raise stream.fail("an MTGJSON AtomicCards file is an object with 'data', not a list")
            yield from _scryfall(stream, path)
        elif first == "{":
            found = False
            for key in stream.members():
                if key != "data":
                    stream.value()  # meta, object: small
                    continue
                found = True
                nxt = stream.peek()
                if nxt == "{" and fmt != "scryfall":
                    yield from _mtgjson(stream, path)
                elif nxt == "[" and fmt != "mtgjson":
                    yield from _scryfall(stream, path)
                else:
                    raise stream.fail(f"'data' is not what a {fmt or 'card'} file holds there")
            if not found:
                raise InputError(path, "no 'data' field: not an MTGJSON AtomicCards or Scryfall list file")
        else:
            raise stream.fail("not a card file: expected a JSON object (MTGJSON) or list (Scryfall)"
                              if first else "empty file")
        if stream.peek():
            raise stream.fail("more after the end of the JSON value")


def _strings(value: Any) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("a list of strings")
    return list(value)


def _text(value: Any, default: str | None = "", numbers: bool = False) -> Any:
    if value is None:
        return default
    if numbers and isinstance(value, (int, float)) and not isinstance(value, bool):  # power 2 as well as "2"
        return str(value)
    if not isinstance(value, str):
        raise ValueError("a string")
    return value


def _mtgjson(stream: _Stream, path: str) -> Iterator[RawCard]:
    for name in stream.members():
        where = f"{path}: card '{name}'"
        faces = stream.value()
        if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
            raise InputError(where, "expected a list of faces (objects)")
        try:
            raw = [RawFace(name=_text(f.get("faceName"), None) or _text(f.get("name")) or name,
                           mana_cost=_text(f.get("manaCost"), None), type_line=_text(f.get("type")),
                           types=_strings(f.get("types")), supertypes=_strings(f.get("supertypes")),
                           subtypes=_strings(f.get("subtypes")), text=_text(f.get("text")),
                           colors=_strings(f.get("colors")), color_indicator=_strings(f.get("colorIndicator")),
                           power=_text(f.get("power"), None, numbers=True),
                           toughness=_text(f.get("toughness"), None, numbers=True),
                           loyalty=_text(f.get("loyalty"), None, numbers=True)) for f in faces]
            sides = [_text(f.get("side"), "a") for f in faces]
        except ValueError as exc:
            raise InputError(where, f"a field is not {exc}") from None
        # MTGJSON lists faces by side (a, b; meld results are c): keep that order.
        ordered = [f for _, f in sorted(zip(sides, raw), key=lambda p: p[0])]
        yield RawCard(name=name, layout=_text(faces[0].get("layout"), "normal") or "normal", faces=ordered, where=where)


def _scryfall(stream: _Stream, path: str) -> Iterator[RawCard]:
    for i, _ in enumerate(stream.elements()):
        card = stream.value()
        if not isinstance(card, dict):
            raise InputError(f"{path}: card {i + 1}", "expected an object")
        name = card.get("name")
        where = f"{path}: card {i + 1}" + (f" '{name}'" if isinstance(name, str) else "")
        if not isinstance(name, str) or not name:
            raise InputError(where, "no 'name'")
        try:
            parts = card.get("card_faces")
            if parts is not None and not (isinstance(parts, list) and all(isinstance(p, dict) for p in parts)):
                raise ValueError("a list of faces")
            sources = parts if parts else [card]
            faces = []
            for part in sources:
                faces.append(RawFace(
                    name=_text(part.get("name")) or name, mana_cost=_text(part.get("mana_cost"), None),
                    type_line=_text(part.get("type_line", card.get("type_line"))), text=_text(part.get("oracle_text")),
                    colors=_strings(part.get("colors", card.get("colors") if not parts else None)),
                    color_indicator=_strings(part.get("color_indicator")),
                    power=_text(part.get("power"), None, numbers=True),
                    toughness=_text(part.get("toughness"), None, numbers=True),
                    loyalty=_text(part.get("loyalty"), None, numbers=True)))
            produced = _strings(card.get("produced_mana"))
            layout = _text(card.get("layout"), "normal") or "normal"
        except ValueError as exc:
            raise InputError(where, f"a field is not {exc}") from None
        yield RawCard(name=name, layout=layout, faces=faces, produced_mana=produced, where=where)
