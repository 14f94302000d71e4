"""Token copies of a permanent (707.2): how many an instruction creates and of what (events.lp), and each token's
own "when this enters" abilities (triggers.lp), each block alone on a few facts."""

from __future__ import annotations

from blockrun import derive

_RITE = ("instruction(s,1,create_token_copies_target(1,1,5)). chosen_target(s,1,bears). legal_target(s,1). "
         "item_controller(s,alice). ")


def test_a_token_copy_of_the_target_one_or_the_kicked_count():
    assert derive("events:707.2", _RITE, "token_event") == {"token_event(i(s,1),alice,copy(bears),1)"}
    assert derive("events:707.2", _RITE + "item_kicked(s).", "token_event") == {"token_event(i(s,1),alice,copy(bears),5)"}


def test_no_token_copy_of_an_illegal_target():
    assert derive("events:707.2", _RITE.replace("legal_target(s,1). ", ""), "token_event") == set()


def test_a_copy_of_that_creature_only_while_it_is_on_the_battlefield():
    facts = "instruction(t,1,create_token_copy_that). trigger_object(t,bears). item_controller(t,alice). object(bears). "
    assert derive("events:707.2", facts + "permanent(bears).", ["token_event", "unsupported"]) == {
        "token_event(i(t,1),alice,copy(bears),1)"}
    assert derive("events:707.2", facts, ["token_event", "unsupported"]) == {
        "unsupported(a_token_copy_of_a_permanent_that_left_the_battlefield(bears))"}


def test_each_token_created_triggers_its_own_enters_ability():
    facts = ("trigger_event(token(e,copy(s),1),enters,tokens(alice,copy(s))). "
             "trigger_event(token(e,copy(s),2),enters,tokens(alice,copy(s))). "
             "imagined(tokens(alice,copy(s)),supplier,alice,alice,token). ability(ab(supplier,1),triggered). "
             "ability_trigger(ab(supplier,1),enters). ability(ab(supplier,2),triggered). "
             "ability_trigger(ab(supplier,2),dies).")
    assert derive("triggers:603.6a-2", facts, ["triggers", "_trigger_controller"]) == {
        "triggers(token(e,copy(s),1),ab(supplier,1),token(e,copy(s),1))",
        "triggers(token(e,copy(s),2),ab(supplier,1),token(e,copy(s),2))",
        "_trigger_controller(token(e,copy(s),1),ab(supplier,1),token(e,copy(s),1),alice)",
        "_trigger_controller(token(e,copy(s),2),ab(supplier,1),token(e,copy(s),2),alice)"}


def test_a_token_that_watches_others_enter_beside_it_is_refused():
    facts = ("trigger_event(token(e,copy(w),1),enters,tokens(alice,copy(w))). "
             "trigger_event(token(e,copy(w),2),enters,tokens(alice,copy(w))). "
             "imagined(tokens(alice,copy(w)),warden,alice,alice,token). ability_trigger(ab(warden,1),enters). "
             "ability_filter(ab(warden,1),f).")
    assert derive("triggers:603.6a-2", facts, "unsupported") == {
        "unsupported(tokens_created_that_see_others_enter(warden))"}
