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


# -- stack:117.4: abilities whose resolutions commute ------------------------------------------------------
COMMUTING = ("stack_resolves_uninterrupted. player(alice). player(bob). opponent(alice,bob). opponent(bob,alice). "
             "life(alice,20). life(bob,20). item_definition(i1,d1). item_definition(i2,d2). "
             "item_controller(i1,alice). item_controller(i2,alice). _putting(i1). _putting(i2). "
             "ability_effect(d1,1,gain_life(1)). ability_effect(d2,1,each_opponent_loses_life(2)). "
             "ability_effect(d2,2,draw(1)). unseen_library(alice,5). ")


@covers("stack:117.4")
def test_life_and_draws_commute_when_nothing_can_tell_the_orders_apart():
    assert derive("stack:117.4", COMMUTING, "_order_matters") == set()
    assert derive("stack:117.4", COMMUTING, "_resolving_later") == {"_resolving_later(i1)", "_resolving_later(i2)"}


@covers("stack:117.4")
def test_the_order_matters_when_anything_could_tell_it():
    matters = {"_order_matters"}
    cases = {
        "a player could act": COMMUTING.replace("stack_resolves_uninterrupted. ", ""),
        "bob's life could reach 0 (704.5a)": COMMUTING.replace("life(bob,20)", "life(bob,2)"),
        "alice's library could run out (704.5b)": COMMUTING.replace("unseen_library(alice,5).", ""),
        "an instruction that does not commute": COMMUTING + "ability_effect(d1,2,mill(1)).",
        "an X": COMMUTING.replace("gain_life(1)", "gain_life(x)"),
        "a target": COMMUTING + "ability_target_player(d1,1).",
        "a mode": COMMUTING + "ability_effect_mode(d1,1,1).",
        "a spell on the stack": COMMUTING + "in_zone(bolt,stack).",
        "a trigger kind not reviewed": COMMUTING + "ability_trigger(d9,gains_life).",
        "a replacement event not reviewed": COMMUTING + "ability_event(d9,draw).",
    }
    for why, facts in cases.items():
        assert derive("stack:117.4", facts, "_order_matters") == (set() if why == "a player could act" else matters), why
    # Without stack_resolves_uninterrupted nothing is derived at all: the block is not live.
    assert derive("stack:117.4", cases["a player could act"], "_resolving_later") == set()


def test_the_event_kinds_reviewed_are_every_kind_of_the_vocabulary():
    """stack:117.4 lists the trigger kinds and replacement events that gaining or losing life and drawing
    cannot cause; a kind added to the vocabulary turns the block off until someone reviews it and adds it
    (this test fails to say so). No static ability or filter reads life totals, hands or libraries: a new
    one must be reviewed likewise."""
    from pyrules.vocabulary import FAMILIES

    reviewed = {a.split("(")[1].rstrip(")") for a in derive("stack:117.4", "", "_unmoved_by_life_and_draws")}
    # reviewed: gaining life and drawing cause these, so they keep the block off (not listed)
    moved = {"you_gain_life", "gain_life", "draw"}
    assert not moved & reviewed
    assert {k.name for k in FAMILIES["trigger"]} | {k.name for k in FAMILIES["replacement_event"]} == reviewed | moved
    assert {k.name for k in FAMILIES["static"]} == {"set_land_type", "add_land_type", "set_color", "add_colors", "grant",
                                                     "set_colorless", "set_chosen_color",
                                                         "modify_pt",
                                                     "is_chosen_type", "crafted_abilities", "spend_as", "add_types",
                                                     "add_subtypes", "replaces_types",
                                                     "loses_all_abilities", "gain_keywords", "lose_keywords",
                                                     "pt_equal_count", "set_base_pt", "switch_pt", "gain_control",
                                                     "restrictions",  # (who may attack or block: no life or card)
                                                     "activate_as_though_haste",  # (who may activate: likewise)
                                                     "spares_its_aura",  # (which Auras stay attached: likewise)
                                                     "unblockable_by_power", "unblockable_by",  # (likewise)
                                                     "cant_block_power",  # (likewise)
                                                     "protection_from",  # (what may target, block, damage: likewise)
                                                     "you_have",  # (which players may be targets: likewise)
                                                     "color_spells_and_cards",  # (refuses a color read: likewise)
                                                     "one_spell_each_turn",  # (who may cast: likewise)
                                                     "spell_cost", "spell_cost_each",  # (spells being cast: none is)
                                                     "life_rather_than_mana",  # (payments: no commuting one pays)
                                                     # (a hand or graveyard counted: of the commuting instructions
                                                     # only a draw changes one, and it only grows a hand, so no order
                                                     # shrinks a creature another order would not)
                                                     "pt_equal_cards"}
    assert {k.name for k in FAMILIES["filter_field"]} == {
        "types", "any_types", "not_types", "subtypes", "any_subtypes", "not_subtypes", "supertypes", "nonbasic", "nonland",
        "nontoken",
        "colorless", "colors", "any_colors", "not_colors", "tapped", "untapped", "attacking", "blocking", "in_combat",
        "power_at_most", "power_at_least",  # (colors, status, combat and power: none changes as life or hands do)
        "mana_value_at_most", "mana_value_at_least",  # (a card's mana cost, and an X chosen: neither does)
        "keywords", "not_keywords",  # (keyword abilities: no gain or loss of life or cards changes them)
        "activated_ability", "token", "controller", "owner", "other", "itself", "enchanted", "chosen_subtype", "counter",
        "same_name",  # (a name: no gain or loss of life or cards changes it)
        "historic", "multicolored",  # (types and colors: as types and colors)
        "damaged_by_source",  # (damage dealt: no gain or loss of life or cards deals any)
        "with_counter",  # (counters on a permanent: no gain or loss of life or cards puts or removes one)
        "lesser_power"}  # (power: as power_at_most)
