"""The built-in rulings corpus as pytest items: one test per case file."""

from __future__ import annotations

import pytest

from pyrules.regression import case_files, run_case

CASES = case_files()


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path):
    result = run_case(path)
    assert result.status == "pass", "\n".join(result.problems)


def test_corpus_is_not_empty():
    assert len(CASES) >= 18
