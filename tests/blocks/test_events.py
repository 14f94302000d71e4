"""Blocks of events.lp, each alone on a few facts (blockrun.py)."""

from __future__ import annotations

from blockrun import covers, derive


@covers("events:701.8a", "events:701.19a")
def test_a_destroyed_permanent_goes_to_the_graveyard_unless_indestructible_or_regenerated():
    facts = """destroyed(e1,a). destroyed(e2,b). has_keyword(b,indestructible). destroyed(e3,c).
               regeneration_shields(c,1). destroyed(e4,d). regeneration_shields(d,1). has_keyword(d,indestructible).
               destroyed(e5,t). regeneration_shields(t,2). is_tapped(t)."""
    assert derive(["events:701.8a", "events:701.19a"], facts, ["to_graveyard", "regenerated", "happens"]) == {
        "to_graveyard(e1,a,battlefield)",  # destroyed
        "regenerated(c)", "happens(regeneration(c),tap(c))",  # a shield replaces it: tapped
        "regenerated(t)"}  # a tapped one stays tapped; b and d are indestructible: nothing, and d keeps its shield


@covers("events:701.19a")
def test_two_destructions_of_a_shielded_permanent_in_one_step_are_refused():
    facts = "_destruction(e1,c). _destruction(e2,c). regeneration_shields(c,1)."
    assert derive("events:701.19a", facts, "unsupported") == {"unsupported(two_destructions_of_a_shielded_permanent(c))"}
