"""Library files: writing an imported library (atomically) and reading one over the built-in cards."""

from __future__ import annotations

import bisect
import hashlib
import os
import re
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from pyrules.base.arguments import check_path, instance, optional_text
from pyrules.base.document import MAX_BYTES, Field, load_document
from pyrules.base.errors import InputError
from pyrules.base.files import check_output, decoded, open_regular, read_bounded
from pyrules.cards.library import CardLibrary, CardSpec, OnFirstRead, builtin_library, parse_card, parse_cards, read_cards

_CACHE: dict[tuple[str, int, int], Mapping[str, CardSpec]] = {}  # by the file's path, time and size
_BY_DIGEST: dict[tuple[str, str], Mapping[str, CardSpec]] = {}  # by its path and the digest of its content


def load_library(path: str | Path, base: CardLibrary | None = None, where: str | None = None,
                 written: str | None = None) -> CardLibrary:
    """The cards of a library file over ``base`` (default: the built-in library): a card of the file
    replaces a card of the same name. ``where`` names the place that asked for the file and ``written``
    the path as it was written there, for errors. The library pickles as the file's path and the digest of
    its content: unpickled in another process, the file is read there (once per process)."""
    check_path(path, "path")
    instance(base, CardLibrary, "base", "a CardLibrary")
    optional_text(where, "where")
    optional_text(written, "written")
    source = str(path)
    label = f"{where}: library '{written or source}'" if where else source
    with open_regular(source, label, "a library file") as handle:  # (stat and read the same file)
        stat = os.fstat(handle.fileno())
        key = (os.path.realpath(source), stat.st_mtime_ns, stat.st_size)
        cards = _CACHE.get(key)
        if cards is None:
            data = read_bounded(handle, label, "a library file", MAX_BYTES)
    if cards is None:
        cards = _parsed(data, key[0], source, label)
        if len(_CACHE) >= 2:
            _CACHE.clear()
        _CACHE[key] = cards
    return (base or builtin_library()).with_cards(cards)  # (a mapping read card by card, or the cards read whole)


def _parsed(data: bytes, real: str, source: str, label: str) -> Mapping[str, CardSpec]:
    """A library file's cards, from its content: pickled as (``real``, the content's digest)."""
    digest = hashlib.sha256(data).hexdigest()
    cards = _BY_DIGEST.get((real, digest))
    if cards is not None:
        return cards
    text = decoded(data, label)
    recipe = (_file_cards, (real, digest))
    cards = _by_card(text, source, recipe)
    if cards is None:  # the whole document at once: slower, and errors name their lines
        value, lines = load_document(text, source)  # a user's file: the Python parser, which checks depth
        root = Field(value, "", source, lines)
        if not isinstance(value, list):
            raise root.fail("a library file is a list of cards, as pyrules/data/cards.yaml")
        cards = read_cards({card.name: card for card in parse_cards(root)}, recipe)
    if len(_BY_DIGEST) >= 2:
        _BY_DIGEST.clear()
    _BY_DIGEST[real, digest] = cards
    return cards


def _file_cards(real: str, digest: str) -> Mapping[str, CardSpec]:
    """The cards of a pickled library: its file read again in this process (once), refused if its content is no
    longer what was pickled."""
    cards = _BY_DIGEST.get((real, digest))
    if cards is None:
        with open_regular(real, real, "a library file") as handle:
            data = read_bounded(handle, real, "a library file", MAX_BYTES)
        if hashlib.sha256(data).hexdigest() != digest:
            raise InputError(real, "the library file has changed since the situation or result that names it was "
                                   "pickled: load it again")
        cards = _parsed(data, real, real, real)
    return cards


_ITEM = re.compile(r"(?m)^- ")
_LEAD = re.compile(r"(?:[ \t]*(?:#[^\n]*)?\n)*")


def _by_card(text: str, source: str, recipe: tuple | None = None) -> Mapping[str, CardSpec] | None:
    """A library as the importer writes it (a block list, one item per card, its name first), indexed by name
    without being parsed: each card is parsed the first time a situation reads it (``OnFirstRead``), so a
    situation naming ten cards of an 18,000-card library reads ten. None if the file is not of that form (the
    caller then reads it whole, and an error names its line)."""
    lead = _LEAD.match(text)
    if lead is None or not text.startswith("- ", lead.end()) or len(text) > MAX_BYTES or _has_alias(text):
        return None  # (anchors and aliases: the whole document, with load_document's limits)
    starts = [m.start() for m in _ITEM.finditer(text)]
    chunks: dict[str, tuple[int, int]] = {}
    for start, end in zip(starts, starts[1:] + [len(text)]):
        first = _NAME.match(text, start)
        if first is None:
            return None
        name = first.group(1)
        if name[:1] in ("'", '"'):
            try:
                name = yaml.load(name, Loader=_FAST)
            except yaml.YAMLError:
                return None
        if not isinstance(name, str) or name in chunks:
            return None
        chunks[name] = (start, end)
    read = _Chunks(text, source, chunks)
    return OnFirstRead(chunks, read.parse, read.token_names, recipe)


def _has_alias(text: str) -> bool:
    """Whether the text may hold a YAML anchor or alias (``&a``, ``*a`` after a space, a comma or a bracket):
    the few ``&`` and ``*`` found first, each then looked at (one pass of the alternation over 4 MB took 0.1 s)."""
    for match in _MARK.finditer(text):
        at = match.start()
        if (at == 0 or text[at - 1] in " \t\n\r\f\v,[{") and at + 1 < len(text) and text[at + 1] not in " \t\n\r\f\v,]}":
            return True
    return False


_MARK = re.compile(r"[&*]")
_NAME = re.compile(r"- name: ([^\n#]+?)[ \t]*\n")
_TOKEN_KEY = "\n  token: "


class _Chunks:
    """A library file's text, and where each card's item begins and ends: each card parsed as it is first read
    (``OnFirstRead``). A card that does not parse is an error of the file, at its line."""

    def __init__(self, text: str, source: str, chunks: dict[str, tuple[int, int]]):
        self._text, self._source, self.chunks = text, source, chunks

    def parse(self, name: str) -> CardSpec:
        start, end = self.chunks[name]
        chunk = self._text[start:end]
        try:
            if _depth(chunk) > _SHALLOW:  # libyaml recurses in C: only shallow text goes to it
                raise ValueError("deep")
            value = yaml.load(chunk, Loader=_FAST)
            if isinstance(value, list) and len(value) == 1:
                card = parse_card(Field(value[0], "", self._source, {}))
                if card.name == name:
                    return card
        except (yaml.YAMLError, InputError, ValueError, TypeError, RecursionError):
            pass
        # (the card as a document of its own, its lines those of the file: the error names its line)
        padding = "\n" * self._text.count("\n", 0, start)
        value, lines = load_document(padding + chunk, self._source)
        cards = parse_cards(Field(value, "", self._source, lines))
        if len(cards) != 1 or cards[0].name != name:
            raise InputError(f"{self._source}:{len(padding) + 1}", f"card '{name}' is not one card as written")
        return cards[0]

    def token_names(self) -> dict[str, str]:
        """The kinds of tokens the cards describe, and the first card of each, from the text: one pass over it,
        each "token:" line belonging to the card begun before it."""
        starts = [start for start, _ in self.chunks.values()]  # (in the file's order)
        names = list(self.chunks)
        found: dict[str, str] = {}
        at = self._text.find(_TOKEN_KEY)
        while at >= 0:
            end = self._text.find("\n", at + 1)
            kind = self._text[at + len(_TOKEN_KEY):end if end >= 0 else None].split("#")[0].strip()
            found.setdefault(kind, names[bisect.bisect_right(starts, at) - 1])
            at = self._text.find(_TOKEN_KEY, at + 1)
        return found


_FAST = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SHALLOW = 32
_QUOTED = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"")
_BRACKETS = re.compile(r"[\[\]{}]")
_INDENT = re.compile(r"(?m)^[ -]*")


def _depth(chunk: str) -> int:
    """An upper bound on how deep a card's YAML nests: flow brackets plus block indentation."""
    deepest = depth = 0
    for bracket in _BRACKETS.findall(_QUOTED.sub("", chunk)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest + max(len(m.group()) for m in _INDENT.finditer(chunk)) // 2


# -- writing ----------------------------------------------------------------------------------------
class _Dumper(yaml.SafeDumper):
    pass


def _flow(value: Any) -> str:
    """One value in YAML flow style, on one line."""
    return yaml.dump(value, Dumper=_Dumper, default_flow_style=True, width=1 << 30, allow_unicode=True,
                     sort_keys=False).strip().removesuffix("...").strip()


def card_yaml(card: dict[str, Any], indent: str = "") -> list[str]:
    """A card as cards.yaml writes it: fields one a line, abilities one a line in flow style."""
    lines: list[str] = []
    first = True
    for key, value in card.items():
        lead = f"{indent}- " if first else f"{indent}  "
        first = False
        if key == "faces":
            lines.append(f"{lead}faces:")
            for face in value:
                lines += card_yaml(face, indent + "    ")
        elif key == "abilities":
            lines.append(f"{lead}abilities:")
            for ability in value:
                (kind, body), = ability.items()
                lines.append(f"{indent}    - {kind}: {_flow(body)}")
        else:
            lines.append(f"{lead}{key}: {_flow(value)}")
    return lines


HEADER = ("# A card library written by 'pyrules cards import' from {source}.\n"
          "# Each card's abilities are its Oracle text in the template vocabulary (docs/cards.md); a line no\n"
          "# template fits is kept as 'unsupported', and a situation that uses the card says so.\n")


def write_library(path: str, cards: Iterable[dict[str, Any]], source: str) -> int:
    """Write the cards to ``path`` atomically (a temporary file renamed): all or nothing. The count written.
    ``path`` is a new name or a regular file other than ``source`` (checked before a card is read)."""
    check_output(path, (source,), path)
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    count = 0
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:  # a folder one may not write to
        raise InputError(path, f"cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(HEADER.format(source=Path(source).name))
            for card in cards:
                out.write("\n".join(card_yaml(card)) + "\n")
                count += 1
            if not count:
                out.write("[]\n")
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # as an ordinary new file, not mkstemp's owner-only
        os.replace(tmp, target)
    except OSError as exc:  # (reading errors are InputErrors already: this is the writing, a full disk)
        with_suppressed_unlink(tmp)
        raise InputError(path, f"cannot write: {exc.strerror or exc}") from None
    except BaseException:
        with_suppressed_unlink(tmp)
        raise
    return count


def with_suppressed_unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
