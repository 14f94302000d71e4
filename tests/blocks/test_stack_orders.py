"""stack.lp's orders of triggered abilities (603.3b), one block at a time: which abilities put on the stack
together are alike, so that one order of them stands for all (issue 30)."""

from __future__ import annotations

from blockrun import covers, derive

PUTTING = "_putting(i1). _putting(i2). item_controller(i1,alice). item_controller(i2,alice). "


@covers("stack:603.3b")
def test_abilities_of_different_sources_with_the_same_blind_instructions_are_alike():
    facts = PUTTING + ("item_definition(i1,ab(mourner,1)). item_definition(i2,ab(weeper,1)). "
                       "ability_effect(ab(mourner,1),1,gain_life(1)). ability_effect(ab(weeper,1),1,gain_life(1)).")
    assert derive("stack:603.3b", facts, "_alike") == {"_alike(i1,i2)"}


@covers("stack:603.3b")
def test_different_instructions_a_target_or_one_reading_its_source_tell_them_apart():
    two = ("item_definition(i1,d1). item_definition(i2,d2). ability_effect(d1,1,gain_life(1)). "
           "ability_effect(d2,1,gain_life(1)). ")
    assert derive("stack:603.3b", PUTTING + two.replace("d2,1,gain_life(1)", "d2,1,gain_life(2)"), "_alike") == set()
    assert derive("stack:603.3b", PUTTING + two + "ability_target_player(d2,1).", "_alike") == set()
    assert derive("stack:603.3b", PUTTING + two + "ability_effect(d2,2,put_counters_self(p1p1,1)).", "_alike") == set()
    assert derive("stack:603.3b", PUTTING + two.replace("gain_life(1)", "gain_life(x)"), "_alike") == set()
    other = PUTTING.replace("item_controller(i2,alice)", "item_controller(i2,bob)")
    assert derive("stack:603.3b", other + two, "_alike") == set()
