"""Every ``@rule`` block of the covered files has a test of its own (issue 29), so the coverage cannot rot:
a new block without a test, or a test naming a block that no longer exists (renamed when a header's
first citation changed), fails here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from blockrun import COVERED

from pyrules.engine.encodings import all_rule_blocks, rule_blocks

HERE = Path(__file__).parent


def _tested(file: str) -> dict[str, list[str]]:
    """Block name -> the tests of ``test_<stem>.py`` marked with it."""
    path = HERE / f"test_{file.removesuffix('.lp')}.py"
    spec = importlib.util.spec_from_file_location(f"_coverage_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out: dict[str, list[str]] = {}
    for attr, value in vars(module).items():
        if attr.startswith("test") and callable(value):
            for mark in getattr(value, "pytestmark", []):
                if mark.name == "rule_block":
                    for name in mark.args:
                        out.setdefault(name, []).append(attr)
    return out


@pytest.mark.parametrize("file", COVERED)
def test_every_block_has_a_test(file):
    missing = [b.name for b in rule_blocks(file) if b.name not in _tested(file)]
    assert missing == [], f"{file}: blocks without a test in tests/blocks/test_{file.removesuffix('.lp')}.py"


@pytest.mark.parametrize("file", COVERED)
def test_every_tested_name_is_a_block(file):
    known = {b.name for b in all_rule_blocks()}
    unknown = {name: tests for name, tests in _tested(file).items() if name not in known}
    assert unknown == {}
