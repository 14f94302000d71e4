"""pyrules.base.diskcache: what a process works out from pyrules' own files, kept for the next one."""

from __future__ import annotations

import os
import pickle

import pytest

from pyrules.base import diskcache
from pyrules.engine import program


@pytest.fixture
def folder(tmp_path, monkeypatch):
    where = tmp_path / "cache"
    monkeypatch.setenv("PYRULES_CACHE_DIR", str(where))
    monkeypatch.delenv("PYRULES_NO_CACHE", raising=False)
    return where


def test_an_entry_is_read_back_under_its_key_only(folder):
    diskcache.store("things", b"key-1", ("a", 1, {"b": [2]}))
    assert diskcache.load("things", b"key-1") == ("a", 1, {"b": [2]})
    assert diskcache.load("things", b"key-2") is None and diskcache.load("others", b"key-1") is None
    assert [p.name for p in folder.iterdir()] == [diskcache.entry_name("things", b"key-1")]  # (no partial file left)
    assert folder.stat().st_mode & 0o777 == 0o700


def test_nothing_is_read_or_written_with_the_cache_off(folder, monkeypatch):
    diskcache.store("things", b"key", 1)
    monkeypatch.setenv("PYRULES_NO_CACHE", "1")
    assert diskcache.load("things", b"key") is None
    diskcache.store("things", b"other", 2)
    assert not (folder / diskcache.entry_name("things", b"other")).exists()


def test_an_entry_others_could_have_written_or_a_damaged_one_is_not_read(folder):
    diskcache.store("things", b"key", list(range(100)))
    entry = folder / diskcache.entry_name("things", b"key")
    os.chmod(entry, 0o666)
    assert diskcache.load("things", b"key") is None
    os.chmod(entry, 0o600)
    os.chmod(folder, 0o777)
    assert diskcache.load("things", b"key") is None
    diskcache.store("things", b"new", 1)  # not written into a folder others may write to
    assert not (folder / diskcache.entry_name("things", b"new")).exists()
    os.chmod(folder, 0o700)
    entry.write_bytes(pickle.dumps(list(range(100)))[:-5])  # truncated
    assert diskcache.load("things", b"key") is None


def test_the_statements_read_back_are_those_made(folder):
    """A process that finds the entry gets the statements and the need index a process that made them got: the same
    statements, the same live statements for a situation's keys."""
    made, made_index = program._prepared.__wrapped__()
    assert len(list(folder.iterdir())) == 1
    read, read_index = program._prepared.__wrapped__()
    assert read is not made and read == made and read_index.statements is read
    keys = frozenset({("question", 1, ("could_produce",)), ("card", 2, ("", "")), ("card_type", 2, ("", "land"))})
    assert [s.position for s in program.live(made, keys)] == [s.position for s in program.live(read, keys)]
    assert made_index.plans == read_index.plans and made_index.waiting == read_index.waiting


def test_a_changed_file_is_a_new_entry(folder, monkeypatch):
    program._prepared.__wrapped__()
    monkeypatch.setattr(program, "INDEX_FORMAT", program.INDEX_FORMAT + 1)
    program._prepared.__wrapped__()
    assert len(list(folder.iterdir())) == 2


def test_the_declarations_signatures_are_those_clingo_reads():
    from clingo import ast
    assert [signature for signature, _ in program._declaration_nodes()] == [
        (n.name, n.arity) for n in program._declarations() if n.ast_type == ast.ASTType.Defined]
