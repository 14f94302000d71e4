"""The project's ruling index agrees with the seed rulings and the corpus covers them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pyrules.regression import coverage, ruling_index, run_cases

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
    counts = coverage(run_cases())
    # Rulings the implemented areas cover: each needs at least two passing cases.
    implemented = {"tap-symbol", "untap-symbol", "could-produce", "undefined-mana", "tap-for-mana",
                   "tapped-for-mana-trigger", "tapped-for-mana-replacement", "etb-x", "mana-ability-definition",
                   "activated-ability-colon", "magecraft-spell-copy", "onyx-minus8-process", "magecraft-card-copy",
                   "onyx-minus3-ties", "magecraft-trigger-condition", "magecraft-archmage-example",
                   "magecraft-multiple-copies"}
    assert {r for r in implemented if counts[r] < 2} == set()
