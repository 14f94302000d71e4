"""How template values are written in YAML: each shape parses a located value and describes itself.

A shape turns a :class:`~pyrules.base.document.Field` into a plain, hashable Python value (a number, a
name, a tuple, :class:`Args`) or raises an :class:`~pyrules.base.errors.InputError` at the value's line.
``form`` is how the value is written, for the generated reference tables of the docs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pyrules.base.document import Field
from pyrules.base.errors import UnsupportedError

NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def name_token(text: str, f: Field, what: str) -> str:
    """A subtype, counter kind or the like as one of pyrules' constants: lowercase ASCII letters,
    digits and underscores ("Assembly-Worker" -> assembly_worker); anything else is an input error."""
    token = text.strip().lower().replace(" ", "_").replace("-", "_")
    if not NAME.match(token) or not token.isascii():
        raise f.fail(f"{what} '{_short(text)}' must be a name of letters, digits and underscores")
    return token


def _short(text: str) -> str:
    text = text.encode("unicode_escape").decode("ascii")
    return text if len(text) <= 40 else text[:37] + "..."


class Args(Mapping[str, Any]):
    """The fields of a record value, read-only and hashable (so parsed cards stay comparable)."""

    __slots__ = ("_items",)

    def __init__(self, items: dict[str, Any]):
        self._items = tuple(sorted(items.items()))

    def __getitem__(self, key: str) -> Any:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Args) and self._items == other._items

    def __repr__(self) -> str:
        return f"Args({dict(self._items)!r})"


class Shape:
    """How one value is written."""

    form = "?"

    def parse(self, f: Field) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True)
class Flag(Shape):
    """``true``: the template takes no value."""

    form = "true"

    def parse(self, f: Field) -> Any:
        if f.boolean() is not True:
            raise f.fail(f"'{f.key}' can only be true")
        return True


@dataclass(frozen=True)
class Count(Shape):
    """A whole number, at least ``minimum``; above ``maximum`` (what grounding multiplies: copies),
    refused as unsupported rather than ground for minutes."""

    minimum: int = 1
    maximum: int | None = None

    @property
    def form(self) -> str:  # type: ignore[override]
        return f"N (at least {self.minimum}" + (f", at most {self.maximum})" if self.maximum else ")")

    def parse(self, f: Field) -> Any:
        value = f.integer(minimum=self.minimum)
        if self.maximum is not None and value > self.maximum:

            raise UnsupportedError(f.where, f"{f.name} is {value}: more than {self.maximum} is not modelled")
        return value


@dataclass(frozen=True)
class Signed(Shape):
    """A whole number that may be negative (a loyalty cost)."""

    form = "N (may be negative)"

    def parse(self, f: Field) -> Any:
        return f.integer()


@dataclass(frozen=True)
class Text(Shape):
    """Any text (a note that no rule reads)."""

    form = "a text"

    def parse(self, f: Field) -> Any:
        return f.text()


@dataclass(frozen=True)
class Name(Shape):
    """One of pyrules' names: a counter kind, a token kind (letters, digits, underscores)."""

    what: str

    @property
    def form(self) -> str:  # type: ignore[override]
        return f"a {self.what}"

    def parse(self, f: Field) -> Any:
        return name_token(f.text(), f, self.what)


@dataclass(frozen=True)
class OneOf(Shape):
    """One of a fixed list of words (``what`` names them in errors: "unknown supertype 'x'")."""

    options: tuple[str, ...]
    what: str = ""

    @property
    def form(self) -> str:  # type: ignore[override]
        return " or ".join(self.options)

    def parse(self, f: Field) -> Any:
        if self.what:
            value = f.text().lower()
            if value not in self.options:
                raise f.fail(f"unknown {self.what} '{value}'; expected one of {', '.join(self.options)}")
            return value
        return f.choice(self.options)


@dataclass(frozen=True)
class ListOf(Shape):
    """A list of values (a single value is a list of one unless ``min_len`` says otherwise)."""

    item: Shape
    min_len: int = 1

    @property
    def form(self) -> str:  # type: ignore[override]
        return f"[{self.item.form}, ...]"

    def parse(self, f: Field) -> Any:
        items = list(f.elements()) if isinstance(f.value, list) else [f]
        if len(items) < self.min_len:
            raise f.fail(f"{f.name} needs at least {self.min_len} value{'s' if self.min_len != 1 else ''}")
        return tuple(self.item.parse(item) for item in items)


@dataclass(frozen=True)
class Record(Shape):
    """A mapping of named fields: ``fields`` maps each name to its shape and its default (``REQUIRED``
    when the field must be given)."""

    fields: tuple[tuple[str, Shape, Any], ...]

    @property
    def form(self) -> str:  # type: ignore[override]
        parts = [f"{name}: {shape.form}" + ("" if default is REQUIRED else " (optional)")
                 for name, shape, default in self.fields]
        return "{" + ", ".join(parts) + "}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({name for name, _, _ in self.fields})
        values: dict[str, Any] = {}
        for name, shape, default in self.fields:
            child = f.child(name)
            if child.present:
                values[name] = shape.parse(child)
            elif default is REQUIRED:
                raise f.fail(f"{f.name} needs '{name}'")
            else:
                values[name] = default
        return Args(values)


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
