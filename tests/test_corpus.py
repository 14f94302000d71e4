"""The built-in rulings corpus as pytest items: one test per case file."""

from __future__ import annotations

import pytest

from pyrules.regression import case_files, run_case

CASES = case_files()


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path):
    result = run_case(path)
    assert result.status == "pass", "\n".join(result.problems)
    # The encodings ground every case without a warning or a note from clingo (an "operation undefined"
    # note means some instance computed nonsense, even where a guard then dropped it).
    assert result.messages == [], result.messages[:3]


def test_corpus_is_not_empty():
    assert len(CASES) >= 18
