"""Reading documents (pyrules.base.document): the plain path, read from libyaml's events, gives what the full
path gives (nodes composed, checked, then read), and leaves every other document to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyrules import InputError
from pyrules.base import document
from pyrules.base.document import MAX_DEPTH, _full_document, _plain_document, load_document

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(document._TRUSTED_LOADER is document.yaml.SafeLoader, reason="PyYAML without libyaml")


def _documents() -> list[Path]:
    found = [p for folder in ("pyrules", "tests", "examples") for p in (ROOT / folder).rglob("*")
             if p.suffix in (".yaml", ".yml", ".json") and p.is_file()]
    return sorted(found)


def test_plain_documents_are_read_as_the_full_path_reads_them():
    """Every YAML and JSON file of the repository (the corpus, the card library, examples, fixtures): the
    same values, of the same types, the same line for every path, and the same numbers as written."""
    plain = 0
    for path in _documents():
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".json":
            text = text.replace("\t", "  ")
        fast = _plain_document(text)
        try:
            full = _full_document(text, str(path), trusted=False)
        except InputError:
            assert fast is None, path
            continue
        if fast is None:
            continue
        plain += 1
        assert repr(fast[0]) == repr(full[0]), path
        assert dict(fast[1]) == dict(full[1]), path
        assert fast[1].raw == full[1].raw, path
    assert plain > 300


@pytest.mark.parametrize("text", [
    "a: &x [1, 2]\nb: *x\n",                      # an anchor and an alias
    "a: !!str 5\n",                               # a tag
    "a: 1\n---\nb: 2\n",                          # a second document
    "1: one\n",                                   # a key that is a number
    "true: yes\n",                                # a key that is true or false
    "a: 1\na: 2\n",                               # a duplicate key
    "a: \"\\ud800\"\n",                           # a lone surrogate
    "? [a, b]\n: c\n",                            # a key that is a list
    "a: [1, 2\n",                                 # a syntax error
    "a: b\0\n",                                   # a character YAML does not allow
    "a: 2026-12-01\n",                            # a date (a tag of its own)
    "a: {<<: {b: 1}}\n",                          # a merge key
    "[" * (MAX_DEPTH + 1) + "1" + "]" * (MAX_DEPTH + 1),  # nesting beyond the bound
])
def test_other_documents_are_left_to_the_full_path(text):
    assert _plain_document(text) is None
    try:
        expected = _full_document(text, "doc.yaml", trusted=False)
    except InputError as error:
        with pytest.raises(InputError) as raised:
            load_document(text, "doc.yaml")
        assert str(raised.value) == str(error)
    else:
        got = load_document(text, "doc.yaml")
        assert (repr(got[0]), dict(got[1]), got[1].raw) == (repr(expected[0]), dict(expected[1]), expected[1].raw)


def test_nesting_at_the_bound_is_plain():
    text = "[" * MAX_DEPTH + "1" + "]" * MAX_DEPTH
    value, lines = _plain_document(text)
    for _ in range(MAX_DEPTH):
        (value,) = value
    assert value == 1 and lines.raw["." .join(["0"] * MAX_DEPTH)] == "1"


def test_reading_numbers_keeps_no_node():
    """A scalar's value is made by its own constructor: PyYAML's construct_object would keep every node it
    read in the shared constructor, for the life of the process."""
    for text in ("a: 5\nb: [1.5, true, null]\n", "a: !!int 5\nb: [1.5, true, null]\n"):  # plain, and full
        value, _ = load_document(text, "doc.yaml")
        assert value == {"a": 5, "b": [1.5, True, None]}
    assert document._SCALARS.constructed_objects == {}


def test_mutated_documents_read_alike_on_both_paths():
    """Corpus files with random edits (YAML's odd corners among them: anchors, tags, merge keys, dates,
    numbers in other bases, flow and block styles broken): whatever the plain path reads, the full path
    reads the same; whatever the full path refuses, the plain path leaves to it."""
    import random

    rng = random.Random(0)
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "pyrules" / "corpus").rglob("*.yaml"))]
    edits = [": ", "- ", "&a ", "*a", "!!str ", "'", '"', "{", "}", "[", "]", ",", "\n", "  ", "#", "~", "null",
             "yes", "0x1F", "1e3", ".inf", "1_000", "2020-01-01", "<<: ", "? ", "|", ">", "\t", "\\u00e9", "---\n",
             "...\n", "12:30", "+5", "-0", "0o17", "true", "No", "@"]
    plain = 0
    for _ in range(400):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(edits) + text[at:] if rng.random() < 0.6 else \
                text[:at] + text[at + rng.randint(1, 5):]
        fast = _plain_document(text)
        try:
            full = _full_document(text, "doc.yaml", trusted=False)
        except InputError:
            assert fast is None, text
            continue
        if fast is not None:
            plain += 1
            assert (repr(fast[0]), dict(fast[1]), fast[1].raw) == (repr(full[0]), dict(full[1]), full[1].raw), text
    assert plain > 100
