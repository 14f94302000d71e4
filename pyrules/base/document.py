"""Reading YAML or JSON documents while remembering the line of every value.

:func:`load_document` parses text into plain Python values and a map from dotted paths
(``objects.2.card``) to 1-based line numbers. :class:`Field` walks those values, checks types and
raises :class:`~pyrules.base.errors.InputError` naming the file and line of the offending value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import yaml

from pyrules.base.errors import InputError

_MISSING = object()
#: The largest amount a situation or card may give: clingo computes with 32-bit integers, and effects
#: multiply amounts (Doubling Season), so inputs stay far below 2^31.
MAX_AMOUNT = 1_000_000
#: The most digits a whole number may be written with: far more than any amount has, and far fewer than
#: Python's own limit (4,300), past which int() fails. Checked before a text is converted.
MAX_DIGITS = 100
#: The largest amount the encodings compute (asp/core.lp ``amount_limit``): a sum of two still fits
#: clingo's 32-bit integers. An amount beyond it is refused, never wrapped.
AMOUNT_LIMIT = 1_000_000_000



def whole_number(text: str) -> int | None:
    """The number a text of ASCII digits writes; None for any other text, and for one of more than
    MAX_DIGITS digits (not converted)."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    return None


#: An amount as a file should write it: decimal digits, no leading zero (YAML 1.1 reads 010 as octal), no ``_``, ``:``.
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")


def _short_text(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _number_text(value: int) -> str:
    """A whole number as a message shows it (Python refuses to write one of more than 4,300 digits)."""
    return str(value) if value.bit_length() < 1000 else f"a number of about {int(value.bit_length() * 0.30103):,} digits"


def too_many_digits(text: str) -> str | None:
    """Why a number written as ``text`` is refused before it is converted, or None (MAX_DIGITS). Every letter counts
    as a digit too: 0xfff... is a number of as many digits."""
    digits = sum(c.isalnum() for c in text)
    if digits <= MAX_DIGITS:
        return None
    return f"a number of {digits:,} digits; pyrules computes with amounts up to {MAX_AMOUNT:,}"

#: Bounds on what a document may hold, checked before anything is built from it: its size in bytes,
#: how deep its lists and mappings nest, and how many values it holds once every alias is expanded
#: (an alias repeats a whole subtree: a few lines of aliases can stand for billions of values).
MAX_BYTES = 20_000_000
MAX_DEPTH = 100
MAX_VALUES = 2_000_000
#: The tags a document may carry: those plain YAML (and JSON) values get anyway. Any other tag
#: (``!foo``, ``!!python/object``, ``!!set``) is refused rather than silently read as a plain value.
_KNOWN_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "map", "seq"))


class Locations(dict):
    """Path -> line, plus ``raw``: path -> the text as written of plain scalars YAML read as numbers."""

    def __init__(self) -> None:
        super().__init__()
        self.raw: dict[str, str] = {}


#: libyaml's parser, where PyYAML was built with it: ten times faster. Its composer recurses in C, so a
#: user's file, which may nest without bound, goes to it only once libyaml's events (a loop, no
#: recursion) have shown it nests no deeper than MAX_DEPTH; anything else, and any error (for its
#: message), goes to the Python parser, whose recursion is caught.
_TRUSTED_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _compose(text: str, trusted: bool) -> yaml.Node | None:
    loader = _loader(text, trusted)
    try:
        return yaml.compose(text, Loader=loader)
    except yaml.YAMLError:
        if loader is yaml.SafeLoader or trusted:
            raise
        return yaml.compose(text, Loader=yaml.SafeLoader)  # for the Python parser's message (an undefined alias)


def _loader(text: str, trusted: bool) -> type:
    if trusted or _TRUSTED_LOADER is yaml.SafeLoader:
        return _TRUSTED_LOADER
    depth = deepest = 0
    try:
        for event in yaml.parse(text, Loader=_TRUSTED_LOADER):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                deepest = max(deepest, depth)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        return yaml.SafeLoader  # the Python parser says what is wrong, and where
    return _TRUSTED_LOADER if deepest <= MAX_DEPTH else yaml.SafeLoader


def load_document(text: str, source: str, *, trusted: bool = False) -> tuple[Any, Locations]:
    """Parse YAML (JSON is accepted, being YAML) into values plus a path-to-line map. ``trusted``: a file
    that ships with pyrules (the card library), parsed with libyaml where available."""
    if source.endswith(".json"):
        # JSON allows tabs as whitespace, YAML does not (and raw tabs are invalid in JSON strings)
        text = text.replace("\t", "  ")
    if len(text) > MAX_BYTES:
        raise InputError(source, f"larger than {MAX_BYTES:,} characters")
    plain = _plain_document(text)
    return plain if plain is not None else _full_document(text, source, trusted)


def _full_document(text: str, source: str, trusted: bool) -> tuple[Any, Locations]:
    """Any document: composed into nodes, checked against the bounds, then read (see _plain_document)."""
    try:
        node = _compose(text, trusted)
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (NUL, other controls)
        line = text.count("\n", 0, exc.position) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise InputError(f"{source}:{line}", f"malformed YAML: character U+{code:04X} is not allowed") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = exc.problem or exc.context or "cannot parse"
        raise InputError(f"{source}{line}", f"malformed YAML: {problem}") from None
    except yaml.YAMLError as exc:  # pragma: no cover - other parser failures
        raise InputError(source, f"malformed YAML: {exc}") from None
    except RecursionError:  # the composer recurses once per level of nesting: find the level's line
        raise InputError(_too_deep(text, source), f"nested more than {MAX_DEPTH} levels deep") from None
    lines = Locations()
    if node is None:
        return None, lines
    _check_bounds(node, source)
    return _construct(node, "", lines, source), lines


def _plain_document(text: str) -> tuple[Any, Locations] | None:
    """The values and lines of a plain document, read from libyaml's events in one loop; None for anything
    else, which the full path reads and checks (and words the error of): a document with a syntax error,
    a tag, an anchor or alias, another document after it, nesting or values beyond the bounds, a key that is
    not a text, a duplicate key, or a value that is not valid text or a plain value. A 5,000-object file:
    0.05 s here, 0.16 s through the full path, which composes nodes (libyaml's composer is slow through
    PyYAML, and recurses in C: hence the full path's depth pre-pass), then walks them twice."""
    if _TRUSTED_LOADER is yaml.SafeLoader:
        return None
    lines = Locations()
    raw, setdefault = lines.raw, lines.setdefault
    root: Any = None
    # One frame per open mapping or list: [its value, its path, whether a mapping, the key awaiting a value]
    stack: list[list[Any]] = []
    documents = values = 0
    parser = _TRUSTED_LOADER(text)
    next_event = parser.get_event  # (yaml.parse's generator costs a call and a check more an event)
    try:
        while True:
            event = next_event()
            kind = type(event)
            if kind is yaml.StreamEndEvent or event is None:
                break
            if kind is yaml.ScalarEvent or kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                values += 1
                if event.anchor is not None or event.tag not in (None, "!") or len(stack) > MAX_DEPTH \
                        or values > MAX_VALUES:
                    return None
                line = event.start_mark.line + 1
                if stack:
                    frame = stack[-1]
                    container, parent, mapping, key = frame
                    if mapping and key is None:  # a key
                        if kind is not yaml.ScalarEvent or _resolved(event) != _STR or event.value in container \
                                or _SURROGATE.search(event.value):
                            return None
                        frame[3] = f"{parent}.{event.value}" if parent else event.value
                        lines[frame[3]] = line  # a block value starts below its key
                        container[event.value] = None
                        continue
                    path = key if mapping else f"{parent}.{len(container)}" if parent else str(len(container))
                else:
                    if documents:
                        return None  # a second document
                    path = ""
                setdefault(path, line)
                if kind is yaml.ScalarEvent:
                    value = _plain_scalar(event)
                    if value is _MISSING:
                        return None
                    if value.__class__ in (int, float) and not event.style:
                        raw[path] = event.value
                else:
                    value = {} if kind is yaml.MappingStartEvent else []
                if not stack:
                    root = value
                    documents += 1
                elif mapping:
                    container[next(reversed(container))] = value
                    frame[3] = None
                else:
                    container.append(value)
                if kind is not yaml.ScalarEvent:
                    stack.append([value, path, kind is yaml.MappingStartEvent, None])
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                stack.pop()
            elif kind is yaml.AliasEvent:
                return None
    except (yaml.YAMLError, ValueError):
        return None
    finally:
        parser.dispose()
    return root, lines


_RESOLVER = yaml.resolver.Resolver()
_RESOLVED: dict[tuple[str, tuple[bool, bool]], str] = {}


def _resolved(event: yaml.ScalarEvent) -> str:
    """The tag YAML gives a scalar written without one (PyYAML's resolver, remembered for each text)."""
    key = (event.value, event.implicit)
    tag = _RESOLVED.get(key)
    if tag is None:
        tag = _RESOLVED[key] = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)
        if len(_RESOLVED) > 65536:
            _RESOLVED.clear()
    return tag


def _plain_scalar(event: yaml.ScalarEvent) -> Any:
    """A scalar's value as the full path reads it (see _scalar), or _MISSING where that path has more to say."""
    tag = _resolved(event)
    if tag == _STR:
        return _MISSING if _SURROGATE.search(event.value) else event.value
    if tag == _INT and too_many_digits(event.value):
        return _MISSING  # (the full path says so, with the line)
    construct = _SCALAR_CONSTRUCTORS.get(tag)
    if construct is None:
        return _MISSING
    try:
        return construct(_SCALARS, yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style))
    except yaml.YAMLError:
        return _MISSING


def _too_deep(text: str, source: str) -> str:
    """Where the nesting of a document first goes deeper than MAX_DEPTH (the parser's events come one
    after another, without recursion)."""
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                return f"{source}:{event.start_mark.line + 1}"
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
    return source  # pragma: no cover - the composer only recurses that deep on deep nesting


def _check_bounds(root: yaml.Node, source: str) -> None:
    """Refuse a document nested too deeply, holding too many values once its aliases are expanded,
    with an alias inside itself, or with a tag plain values do not have. Each node is visited once
    (an alias is the same node object again), so an alias bomb is measured without being expanded."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def where(node: yaml.Node) -> str:
        return f"{source}:{node.start_mark.line + 1}"

    def size(node: yaml.Node, depth: int) -> int:
        if id(node) in sizes:
            return sizes[id(node)]
        if node.tag not in _KNOWN_TAGS:
            raise InputError(where(node), f"unknown YAML tag '{_excerpt(node.tag)}'")
        if depth > MAX_DEPTH:
            raise InputError(where(node), f"nested more than {MAX_DEPTH} levels deep")
        if id(node) in open_nodes:
            raise InputError(where(node), "an alias that refers to a value containing itself")
        total = 1
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            open_nodes.add(id(node))
            children = [n for pair in node.value for n in pair] if isinstance(node, yaml.MappingNode) else node.value
            for child in children:
                total += size(child, depth + 1)
                if total > MAX_VALUES:
                    raise InputError(where(node), f"holds more than {MAX_VALUES:,} values once its aliases are expanded")
            open_nodes.discard(id(node))
        sizes[id(node)] = total
        return total

    size(root, 0)


def _excerpt(text: str, limit: int = 40) -> str:
    """A short, one-line excerpt of a user's text for an error message."""
    text = text.encode("unicode_escape").decode("ascii")
    return text if len(text) <= limit else text[:limit] + "..."


def _construct(node: yaml.Node, path: str, lines: Locations, source: str) -> Any:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node, source)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise InputError(f"{source}:{key_node.start_mark.line + 1}", f"key {key!r} must be a name")
            key = str(key)
            if key in result:
                raise InputError(f"{source}:{key_node.start_mark.line + 1}", f"duplicate key '{key}'")
            child = f"{path}.{key}" if path else key
            lines[child] = key_node.start_mark.line + 1  # a block value starts below its key
            result[key] = _construct(value_node, child, lines, source)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _construct(item, f"{path}.{i}" if path else str(i), lines, source)
            for i, item in enumerate(node.value)
        ]
    value = _scalar(node, source)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and not node.style:  # plain ("" in libyaml)
        lines.raw[path] = node.value
    return value


def _scalar(node: yaml.Node, source: str) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        raise InputError(f"{source}:{node.start_mark.line + 1}", "expected a plain value here")
    if node.tag == _STR:  # most values are texts: PyYAML's constructor gives them as written
        value = node.value
    else:
        if node.tag == _INT and too_many_digits(node.value):
            raise InputError(f"{source}:{node.start_mark.line + 1}", too_many_digits(node.value))
        # (a scalar's own constructor: construct_object would keep every node it was given, for good)
        construct = _SCALAR_CONSTRUCTORS.get(node.tag, _SCALARS.__class__.construct_undefined)
        try:
            value = construct(_SCALARS, node)
        except yaml.YAMLError as exc:
            raise InputError(f"{source}:{node.start_mark.line + 1}", f"malformed YAML: {exc}") from None
    if isinstance(value, str) and _SURROGATE.search(value):  # "\ud800": not text any output could hold
        raise InputError(f"{source}:{node.start_mark.line + 1}", "a lone surrogate (\\ud800-\\udfff) is not valid text")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"


_SCALARS = yaml.SafeLoader("")
#: The constructors of the plain values a scalar may be (YAML 1.1's, as PyYAML's SafeLoader reads them).
_SCALAR_CONSTRUCTORS = {f"tag:yaml.org,2002:{t}": yaml.SafeLoader.yaml_constructors[f"tag:yaml.org,2002:{t}"]
                        for t in ("str", "int", "float", "bool", "null")}

_TYPE_NAMES = {str: "a text", int: "a whole number", bool: "true or false", list: "a list", dict: "a mapping"}


class Field:
    """A value at a path of a document, with the means to report errors at its line. (A plain class with
    slots, not a frozen dataclass: a 5,000-object file makes 145,000 of them.)"""

    __slots__ = ("value", "path", "source", "lines")

    def __init__(self, value: Any, path: str, source: str, lines: Mapping[str, int]):
        self.value = value
        self.path = path
        self.source = source
        self.lines = lines

    def __repr__(self) -> str:
        return f"Field(value={self.value!r}, path={self.path!r}, source={self.source!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Field) and (self.value, self.path, self.source, self.lines) == \
            (other.value, other.path, other.source, other.lines)

    __hash__ = None  # type: ignore[assignment]  # its value may be a list or a mapping

    # -- locating -----------------------------------------------------------------
    @property
    def where(self) -> str:
        parts = self.path.split(".") if self.path else []
        while True:
            line = self.lines.get(".".join(parts))
            if line is not None:
                return f"{self.source}:{line}"
            if not parts:
                return f"{self.source} {self.path}" if self.path and not self.lines else self.source
            parts.pop()

    def fail(self, message: str) -> InputError:
        return InputError(self.where, message)

    @property
    def name(self) -> str:
        return self.path or "the document"

    @property
    def key(self) -> str:
        """The last part of the path: the field's own name (or index)."""
        return self.path.rsplit(".", 1)[-1]

    # -- walking ------------------------------------------------------------------
    def child(self, key: str | int) -> Field:
        path = f"{self.path}.{key}" if self.path else str(key)
        value = self.value
        if type(value) is dict:
            value = value.get(key if type(key) is str else str(key), _MISSING)
        elif isinstance(value, dict):
            value = value.get(str(key), _MISSING)
        elif isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value):
            value = value[key]
        else:
            value = _MISSING
        return Field(value, path, self.source, self.lines)

    @property
    def present(self) -> bool:
        return self.value is not _MISSING and self.value is not None

    def items(self) -> Iterator[tuple[str, Field]]:
        for key in self.mapping():
            yield key, self.child(key)

    def elements(self) -> Iterator[Field]:
        for i in range(len(self.sequence())):
            yield self.child(i)

    def only_keys(self, allowed: set[str] | frozenset[str]) -> None:
        for key in self.mapping():
            if key not in allowed:
                raise self.child(key).fail(
                    f"unknown field '{key}' in {self.name}; expected one of: {', '.join(sorted(allowed))}"
                )

    def needs_keys(self, *required: str) -> None:
        """Refuses the mapping where one of ``required`` is missing, naming the first."""
        for key in required:
            if not self.child(key).present:
                raise self.fail(f"{self.name} needs '{key}'")

    # -- typed access -------------------------------------------------------------
    def _typed(self, kind: type, default: Any = _MISSING) -> Any:
        if not self.present:
            if default is not _MISSING:
                return default
            raise self.fail(f"missing field '{self.path.rsplit('.', 1)[-1]}'")
        value = self.value
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise self.fail(f"{self.name} must be {_TYPE_NAMES[kind]}, not {_describe(value)}")
        return value

    def text(self, default: Any = _MISSING) -> str:
        value = self.value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            # ids and rule numbers such as 010 or 107.10 are read as numbers: keep them as written
            raw = getattr(self.lines, "raw", {}).get(self.path)
            if raw is not None:
                return raw
            if isinstance(value, float):
                raise self.fail(f"write {value!r} in quotes, as text (for example '107.10')")
            return str(value)
        if isinstance(value, str) and "\x00" in value:  # clingo strings end at a NUL character
            raise self.fail(f"{self.name} contains a NUL character")
        if isinstance(value, str) and _SURROGATE.search(value):  # (a file's are refused as it is read; the API's here)
            raise self.fail(f"{self.name} holds a lone surrogate (\\ud800-\\udfff), which is not valid text")
        return self._typed(str, default)

    def integer(self, default: Any = _MISSING, minimum: int | None = None) -> int:
        value = self._typed(int, default)
        raw = getattr(self.lines, "raw", {}).get(self.path) if value is not None and self.present else None
        if raw is not None and not _DECIMAL.fullmatch(raw):  # YAML 1.1 reads 010 as 8, 1:30 as 90, 0x10 as 16
            raise self.fail(f"{self.name} is written '{_short_text(raw)}', which YAML reads as another number than its "
                            "digits say: write an amount in plain decimal digits")
        if value is not None and abs(value) > MAX_AMOUNT:
            raise self.fail(f"{self.name} is {_number_text(value)}; pyrules computes with amounts up to "
                            f"{MAX_AMOUNT:,}")
        if minimum is not None and value is not None and value < minimum:
            raise self.fail(f"{self.name} must be at least {minimum}, not {value}")
        return value

    def boolean(self, default: Any = _MISSING) -> bool:
        return self._typed(bool, default)

    def sequence(self, default: Any = _MISSING) -> list:
        return self._typed(list, default)

    def mapping(self, default: Any = _MISSING) -> dict:
        return self._typed(dict, default)

    def choice(self, options: tuple[str, ...] | list[str], default: Any = _MISSING) -> str:
        value = self.text(default)
        if self.present and value not in options:
            raise self.fail(f"{self.name} must be one of {', '.join(options)}, not '{value}'")
        return value

    def texts(self) -> tuple[str, ...]:
        """A list of texts, or a single text taken as a list of one."""
        if not self.present:
            return ()
        if isinstance(self.value, list):
            return tuple(f.text() for f in self.elements())
        return (self.text(),)


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int):
        return f"the number {value}"
    return repr(value)
