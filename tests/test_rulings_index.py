"""The project's ruling index agrees with the seed rulings and the corpus covers them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pyrules.regression import CaseResult, case_files, coverage, ruling_index

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds" / "rulings.yaml"


@pytest.mark.skipif(not SEEDS.exists(), reason="the shared seeds folder is not beside this checkout")
def test_index_ids_match_the_seed_rulings():
    seeds = yaml.safe_load(SEEDS.read_text(encoding="utf-8"))
    assert [s["id"] for s in seeds] == list(ruling_index())
    untestable = {s["id"] for s in seeds if s.get("testable", True) is False}
    assert untestable == {rid for rid, e in ruling_index().items() if e.get("testable", True) is False}


def test_index_has_an_area_and_own_summary_for_every_ruling():
    for rid, entry in ruling_index().items():
        assert entry["area"], rid
        assert len(entry["summary"]) > 20, rid


def test_covered_rulings_have_two_passing_cases():
    """Each ruling of the implemented areas is cited by at least two cases of the corpus; that every case
    passes is tests/test_corpus.py's (one test per case, shared out among the workers, not run twice)."""
    cited = [CaseResult(path.stem, str(path), list(_cited(path)), [], "pass") for path in case_files()]
    counts = coverage(cited)
    # Rulings the implemented areas cover: each needs at least two passing cases.
    implemented = {"tap-symbol", "untap-symbol", "could-produce", "undefined-mana", "tap-for-mana",
                   "tapped-for-mana-trigger", "tapped-for-mana-replacement", "etb-x", "mana-ability-definition",
                   "activated-ability-colon", "magecraft-spell-copy", "onyx-minus8-process", "magecraft-card-copy",
                   "onyx-minus3-ties", "magecraft-trigger-condition", "magecraft-archmage-example",
                   "magecraft-multiple-copies"}
    assert {r for r in implemented if counts[r] < 2} == set()


def _cited(path: Path) -> list[str]:
    """The rulings a case file cites (its ``rulings`` field), as the runner reads them."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return list(data.get("rulings") or []) if isinstance(data, dict) else []


def test_a_ruling_cited_by_a_failing_case_is_not_covered():
    """What coverage counts: passing cases only."""
    first = next(rid for rid, entry in ruling_index().items() if entry.get("testable", True))
    results = [CaseResult("a", "a.yaml", [first], [], "pass"), CaseResult("b", "b.yaml", [first], [], "fail")]
    assert coverage(results)[first] == 1
