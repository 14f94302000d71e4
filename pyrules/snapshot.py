"""Regression cases updated snapshot style (``pyrules check --update``): after a reviewed change, a case whose
only problems are its outcome set (``exactly``) or count (``outcomes``) is rewritten to what pyrules finds now.

Only those two values change, and the rest of the file is kept byte for byte: in YAML, the lines of the
``exactly`` block (its items still found keep their own lines, comments included; the new ones are written in
the block's style, a text of atoms or a list of atoms per outcome) and the number of ``outcomes`` on its line;
a JSON case is read and written again with an indent of 2. The new text is read back and compared with what
was meant before it replaces the file, in one step (a temporary file renamed). The case is then run again:
it passes, or it fails saying so. A case failing any other expectation is never rewritten.
"""

from __future__ import annotations

import copy
import json
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from pyrules.base.errors import InputError
from pyrules.base.files import decoded
from pyrules.regression import CaseResult, OutcomeSet, run_case

#: Long outcomes written as a text are wrapped at this column, as the corpus wraps them.
WIDTH = 120
_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")  # YAML's line breaks


@dataclass
class Update:
    """One rewritten case: its outcomes before and now, those removed and those added (atom texts)."""

    path: str
    before: int
    after: int
    removed: list[list[str]]
    added: list[list[str]]

    def lines(self, width: int = 79) -> list[str]:
        """What ``pyrules check --update`` prints: the file, then each outcome removed (``-``) and added
        (``+``), wrapped between atoms within ``width`` columns."""
        lines = [f"updated {self.path}: {self.before} -> {self.after} outcome{'' if self.after == 1 else 's'}"]
        for sign, outcomes in (("-", self.removed), ("+", self.added)):
            for atoms in outcomes:
                lines += _wrapped(f"  {sign} {{", [f"{a}, " for a in atoms[:-1]] + [f"{a}}}" for a in atoms[-1:]],
                                  "     ", width) if atoms else [f"  {sign} {{}}"]
        return lines


def _wrapped(first: str, words: list[str], indent: str, width: int) -> list[str]:
    """``words`` after ``first``, on lines of at most ``width`` columns where they fit (a longer word has a line
    of its own), the next lines after ``indent``; the spaces that end a line are dropped."""
    lines, line = [], first
    for word in words:
        if len(line + word.rstrip()) > width and line.strip() and line != first:
            lines.append(line.rstrip())
            line = indent
        line += word
    return lines + [line.rstrip()]


def updatable(result: CaseResult) -> bool:
    """Whether a case fails on its outcome set or count alone (and not on any other expectation)."""
    found = result.found
    return result.status == "fail" and found is not None and 0 < found.problems == len(result.problems)


def update_case(result: CaseResult, timeout: float | None = None) -> tuple[CaseResult, Update | None]:
    """A case's result after ``--update``: a case failing only on ``exactly`` or ``outcomes`` is rewritten to the
    outcomes found now and run again (its new result, and what changed); any other is left as it is."""
    if not updatable(result):
        return result, None
    found = result.found
    assert found is not None
    path = Path(result.path)
    try:
        rewrite(path, found)
    except InputError as exc:
        result.problems.append(f"not updated: {exc}")
        return result, None
    update = Update(result.path, found.before, found.count, found.removed, found.added)
    again = run_case(path, timeout)
    if again.status != "pass":  # the file says what was found: pyrules is not the same from run to run
        again.status = "fail"
        again.problems.append("rewritten by --update, yet it still fails: a bug of pyrules, please report it")
    return again, update


def rewrite(path: Path, found: OutcomeSet) -> None:
    """Rewrite a case file's ``exactly`` and ``outcomes`` to the outcomes found (InputError if it cannot)."""
    target = Path(os.path.realpath(path))  # a link stays a link: the file it names is rewritten
    try:
        text = decoded(target.read_bytes(), str(path))
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror or exc}") from None
    old = (json.loads if path.suffix == ".json" else yaml.safe_load)(text)
    meant = copy.deepcopy(old)
    expect = meant["expect"]
    if "exactly" in expect and (found.removed or found.added):
        items = expect["exactly"]
        nested = bool(items) and all(isinstance(item, list) for item in items)  # else one text per outcome
        expect["exactly"] = [items[i] for i in found.kept] + [_item_value(atoms, nested) for atoms in found.added]
    if "outcomes" in expect:
        expect["outcomes"] = found.count
    if meant == old:
        return
    if path.suffix == ".json":
        new = json.dumps(meant, indent=2, ensure_ascii=False) + ("\n" if text.endswith("\n") else "")
    else:
        new = _rewrite_yaml(text, str(path), found, old["expect"], expect)
    if (json.loads if path.suffix == ".json" else yaml.safe_load)(new) != meant:
        raise InputError(str(path), "cannot update: the new text does not read back as meant (a bug of pyrules)")
    _write(target, new.encode("utf-8"), str(path))


def _item_value(atoms: list[str], nested: bool) -> Any:
    """One outcome as an ``exactly`` item: its atoms' texts (a list of atoms) or one text (atoms, comma
    separated; the empty text for the outcome where nothing changes)."""
    return list(atoms) if nested else ", ".join(atoms)


def _rewrite_yaml(text: str, where: str, found: OutcomeSet, old: dict[str, Any], meant: dict[str, Any]) -> str:
    """The YAML text with the value of ``expect: outcomes`` and the lines of ``expect: exactly`` replaced."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    expect = _child(root, "expect")
    if not isinstance(expect, yaml.MappingNode) or expect.flow_style:
        raise InputError(where, "cannot update an 'expect' block written in flow style ({...}): write it as lines")
    edits = []  # (start, end, new text): character positions in the old text
    count = _pair(expect, "outcomes")
    if count is not None and old["outcomes"] != meant["outcomes"]:
        edits.append((count[1].start_mark.index, count[1].end_mark.index, str(meant["outcomes"])))
    exactly = _pair(expect, "exactly")
    if exactly is not None and old["exactly"] != meant["exactly"]:
        edits.append(_exactly(text, where, *exactly, found.kept, meant["exactly"]))
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _child(node: Any, key: str) -> Any:
    pair = _pair(node, key) if isinstance(node, yaml.MappingNode) else None
    return pair[1] if pair is not None else None


def _pair(node: Any, key: str) -> tuple[Any, Any] | None:
    return next(((k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)


def _exactly(text: str, where: str, key: Any, value: Any, kept: list[int], meant: list[Any]) -> tuple[int, int, str]:
    """The edit that rewrites the ``exactly`` block, from its key's line to its last line: a comment after it
    belongs to it when indented deeper than the key (at the key's indentation or less, as a blank line, to what
    follows). The items still found keep their lines, with the comments above them; the new ones follow."""
    starts = [0] + [m.end() for m in _BREAK.finditer(text)]  # where each line starts
    lines = [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]
    split = [(line.rstrip("\r\n\x85\u2028\u2029"), line[len(line.rstrip("\r\n\x85\u2028\u2029")):])
             for line in lines]  # each line's text and its line break
    first, column = key.start_mark.line, key.start_mark.column
    ending = split[first][1] or "\n"
    if not isinstance(value, yaml.SequenceNode):
        raise InputError(where, "cannot update 'exactly': it is not a list")
    colon = text.index(":", key.end_mark.index)
    if value.flow_style:  # exactly: [...] on the key's line (or a few): written anew, as lines
        last = value.end_mark.line
        rest = text[value.end_mark.index:starts[last] + len(split[last][0])].strip()
        body = [(text[starts[first]:colon + 1] + (" []" if not meant else "") + (f" {rest}" if rest else ""),
                 ending)]
        body += [(line, ending) for item in meant for line in _item_lines(item, " " * (column + 2))]
        return starts[first], starts[last] + len(lines[last]), _joined(body, ending, split[last][1])
    end = first  # the block's last line
    for n in range(first + 1, len(lines)):
        line = split[n][0]
        indent = len(line) - len(line.lstrip(" "))
        comment = line.lstrip().startswith("#")
        if not line.strip() or (comment and indent <= column):
            continue  # the block's if more of it follows
        if indent > column or (indent == column == value.start_mark.column and line.lstrip().startswith("-")):
            end = n  # (an indentless list's items start at the key's column)
            continue
        break
    spans = [(item.start_mark.line, _last_line(item)) for item in value.value]
    previous = first
    for a, b in spans:
        if not previous < a <= b <= end:
            raise InputError(where, "cannot update 'exactly': its items are not on lines of their own")
        previous = b
    body = [(text[starts[first]:colon + 1] + " []" + split[first][0][colon + 1 - starts[first]:], split[first][1])
            ] if not meant else [split[first]]
    previous = first
    for i, (_, b) in enumerate(spans):
        if i in kept:  # its lines as they are, with the comments and blank lines above it
            body += split[previous + 1:b + 1]
        previous = b
    body += [(line, ending) for item in meant[len(kept):] for line in _item_lines(item, " " * value.start_mark.column)]
    body += split[previous + 1:end + 1]  # the comments that end the block
    return starts[first], starts[end] + len(lines[end]), _joined(body, ending, split[end][1])


def _joined(lines: list[tuple[str, str]], ending: str, last: str) -> str:
    """Lines with their line breaks (``ending`` where one has none), the last one's being ``last`` (the end of
    a file may have none)."""
    return "".join(text + (brk or ending) for text, brk in lines[:-1]) + lines[-1][0] + last


def _last_line(node: Any) -> int:
    """The last line of a node's own text (a collection written as lines ends where its last item does)."""
    if isinstance(node, yaml.SequenceNode) and node.value and not node.flow_style:
        return _last_line(node.value[-1])
    if isinstance(node, yaml.MappingNode) and node.value and not node.flow_style:
        return _last_line(node.value[-1][1])
    mark = node.end_mark
    return mark.line if mark.column > 0 or mark.line == node.start_mark.line else mark.line - 1


def _item_lines(item: Any, pad: str) -> list[str]:
    """One outcome as the lines of an item of ``exactly``: a list of atoms (``- - atom`` then ``  - atom``;
    ``- []`` for none) or one text of atoms (plain and wrapped at :data:`WIDTH` where YAML reads it back so,
    else quoted on one line; ``- ""`` for none)."""
    if isinstance(item, list):
        if not item:
            return [f"{pad}- []"]
        return [f"{pad}{'- - ' if i == 0 else '  - '}{_scalar(str(atom))}" for i, atom in enumerate(item)]
    value = str(item)
    parts = value.split(", ")
    lines = _wrapped(f"{pad}- ", [f"{t}, " for t in parts[:-1]] + parts[-1:], pad + "  ", WIDTH)
    return lines if value and _reads(lines, value) else [f"{pad}- {_scalar(value)}"]


def _scalar(value: str) -> str:
    """A text as a YAML value on one line: plain where it reads back as the same text, else in single quotes,
    else in double quotes."""
    for shown in (value, "'" + value.replace("'", "''") + "'"):
        if value and _reads([f"- {shown}"], value):
            return shown
    return json.dumps(value, ensure_ascii=False)


def _reads(lines: list[str], value: str) -> bool:
    try:
        return yaml.safe_load("\n".join(lines) + "\n") == [value]
    except yaml.YAMLError:
        return False


def _write(target: Path, data: bytes, where: str) -> None:
    """Replace the file in one step (a temporary file beside it, renamed over it), keeping its mode."""
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise InputError(where, f"cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise InputError(where, f"cannot write: {exc.strerror or exc}") from None
        raise
