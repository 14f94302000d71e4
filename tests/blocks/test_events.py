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


@covers("events:122.5")
def test_a_counter_moves_from_this_onto_that_creature_or_nothing_happens():
    """122.5: taken from the source and put onto the creature the trigger is about, as putting counters is; nothing
    if the source has no such counter, if either has left the battlefield, or if they are one."""
    facts = """instruction(i1,1,move_counter_to_that(p1p1)). item_source(i1,s). trigger_object(i1,t).
               permanent(s). permanent(t). counter_on(s,p1p1).
               instruction(i2,1,move_counter_to_that(p1p1)). item_source(i2,s2). trigger_object(i2,t). permanent(s2).
               instruction(i3,1,move_counter_to_that(p1p1)). item_source(i3,s). trigger_object(i3,gone).
               instruction(i4,1,move_counter_to_that(p1p1)). item_source(i4,s). trigger_object(i4,s).
               instruction(i5,1,move_counter_to_that(p1p1)). item_source(i5,s)."""
    assert derive("events:122.5", facts, ["happens", "counters_event", "unsupported"]) == {
        "happens(effect(i1,1),counters(s,p1p1,-1))", "counters_event(i(i1,1),t,p1p1,1)",
        "unsupported(that_creature_of(i5))"}
