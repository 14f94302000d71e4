"""The card library and the ability templates: what is accepted, and what is refused as unsupported."""

from __future__ import annotations

import re

import pytest

from pyrules.base.document import Field
from pyrules.base.errors import InputError, UnsupportedError
from pyrules.cards.library import builtin_library, parse_card
from pyrules.vocabulary.values import mana_text, parse_mana


def card(definition: dict):
    return parse_card(Field(definition, "", "<test>", {}))


def test_library_holds_the_cards_of_the_rules_areas():
    lib = builtin_library()
    for name in ["Forest", "Snow-Covered Island", "Wastes", "Reflecting Pool", "Exotic Orchard", "Mana Reflection",
                 "Contamination", "Pale Moon", "Blood Moon", "Urborg, Tomb of Yawgmoth", "Doubling Season",
                 "Hardened Scales", "Hangarback Walker", "Clone", "Academy Manufactor", "Rest in Peace"]:
        assert name in lib, name


def test_every_built_in_card_parses_under_its_name():
    """The built-in library parses each card when it is first read: every one must parse, under its name."""
    lib = builtin_library()
    assert len(lib) > 100
    assert all(lib[name].name == name for name in lib.names())


def test_a_library_with_cards_added_keeps_its_own():
    extra = card({"name": "Forest", "types": ["land"], "text": [{"add": "R"}]})
    lib = builtin_library().with_cards([extra])
    assert lib["Forest"] is extra and builtin_library()["Forest"] is not extra
    assert len(lib) == len(builtin_library()) and lib["Island"] is builtin_library()["Island"]
    assert builtin_library().with_cards([]) is builtin_library()


@pytest.mark.parametrize("text, symbols", [
    ("{2}{G}{G}", (("g", 2), ("generic", 2))),
    ("{X}{X}", (("x", 2),)),
    ("{W/U}{G/P}{S}", (("g_p", 1), ("snow", 1), ("w_u", 1))),
])
def test_mana_symbols_round_trip(text, symbols):
    parsed = parse_mana(text, Field(text, "cost", "<test>", {}))
    assert parsed == symbols
    assert parse_mana(mana_text(parsed), Field(text, "cost", "<test>", {})) == parsed


@pytest.mark.parametrize("cost, value", [(None, 0), ("{X}{U}", 1), ("{2/W}{2/W}{G}", 5), ("{3}{B/P}{S}", 5)])
def test_transmute_searches_for_the_mana_value_of_its_own_card(cost, value):
    """702.53a: the card found has the discarded card's mana value (202.3: X is 0, {2/W} is 2); the card's own."""
    card = {"name": "Test", "types": ["land"] if cost is None else ["sorcery"], "abilities": [{"transmute": "{1}{U}{U}"}]}
    if cost is not None:
        card["cost"] = cost
    (ability,) = parse_card(Field(card, "card", "<test>", {})).abilities
    assert (ability.keyword, ability.zone, ability.timing) == ("transmute", "hand", "sorcery")
    assert [(e.kind, dict(e.value[0]), e.value[1]) for e in ability.effects] == [
        ("search_to_hand", {"mana_value_at_least": value, "mana_value_at_most": value}, 1)]


def test_a_land_type_is_added_by_add_land_type_not_add_subtypes():
    """205.1b, 305.7: add_subtypes adds creature types and the like; a land type is add_land_type's (Blood Moon reads
    land types apart)."""
    with pytest.raises(InputError, match="unknown subtype other than a land type 'island'"):
        parse_card(Field({"name": "T", "types": ["land"], "abilities": [
            {"static": {"add_subtypes": ["island"], "lasting": "until_end_of_turn"}}]}, "card", "<test>", {}))


def test_a_card_with_entwine_needs_a_modal_spell():
    with pytest.raises(InputError, match="has entwine but no modal spell ability choosing fewer than all its modes"):
        parse_card(Field({"name": "T", "cost": "{R}", "types": ["instant"],
                          "abilities": [{"spell": {"effect": {"draw": 1}}}, {"entwine": "{2}"}]}, "card", "<test>", {}))


REFUSED = [
    ({"triggered": {"when": "beginning_of_upkeep", "effect": {"damage_that_controller": 1}}},
     "'damage_that_controller' in a 'beginning_of_upkeep' triggered ability"),
    ({"activated": {"cost": [{"discard": 1}], "effect": {"draw": 1}, "any_player": True}},
     "'any_player' with a cost paid with the activator's own cards or permanents"),
    ({"activated": {"cost": "{T}", "effect": {"add": "{G}"}, "any_player": True}},
     "'any_player' on an ability activated from a card's zone or on a mana ability"),
    ({"triggered": {"when": "tapped_for_mana", "effect": {"add_any_color": 1}}},
     "effect 'add_any_color' in a 'tapped_for_mana' triggered ability"),
    ({"activated": {"cost": "{T}", "effect": {"add_produced_type": 1}}},
     "effect 'add_produced_type' in an activated ability"),
    ({"replacement": {"event": "tokens", "modify": {"plus": 1}}}, "modification 'plus' of a 'tokens' event"),
    ({"replacement": {"event": "tokens", "modify": {"each_of": ["clue", "blood"]}}}, "'each_of' other than"),
    ({"static": {"set_land_type": "mountain", "filter": {"types": ["land"], "colorless": True}}},
     "filter field(s) colorless in this kind of ability"),
    ({"static": {"add_land_type": "swamp", "filter": {"chosen_subtype": True}}}, "filter field(s) chosen_subtype"),
    ({"static": {"activate_as_though_haste": True, "filter": {"types": ["creature"], "tapped": True}}},
     "a filter on 'activate_as_though_haste', which is about its controller's permanents"),
    ({"static": {"gain_keywords": ["flying"], "filter": {"types": ["creature"], "colors": ["green"]}}},
     "a static ability whose filter asks colors (decided in layers 5 and 6) for an effect before layer 7"),
    ({"static": {"set_color": "white", "modify_pt": "+1/+1", "filter": {"keywords": ["flying"]}}},
     "a static ability whose filter asks keywords (decided in layers 5 and 6) for an effect before layer 7"),
    ({"static": {"modify_pt": "+1/+1", "filter": {"itself": True}}}, "filter field(s) itself"),
    ({"activated": {"cost": "{T}", "effect": {"add_could_produce": {"filter": {"other": True}, "range": "type"}}}},
     "filter field(s) other"),
    ({"replacement": {"event": "gain_life", "filter": {"types": ["creature"]}, "modify": {"multiply": 2}}},
     "a 'gain_life' replacement's filter asking more than which player it is"),
    ({"replacement": {"event": "draw", "filter": {"types": ["creature"]}, "modify": {"multiply": 2}}},
     "a 'draw' replacement's filter asking more than which player it is"),
    ({"replacement": {"event": "draw", "modify": {"no_gain": True}}}, "modification 'no_gain' of a 'draw'"),
    ({"replacement": {"event": "gain_life", "modify": {"skip_draw": True}}}, "modification 'skip_draw' of a 'gain_life'"),
    ({"replacement": {"event": "counters", "modify": {"lose_instead": True}}},
     "modification 'lose_instead' of a 'counters'"),
    ({"activated": {"cost": "{T}", "effect": [{"add": "{U}"}, {"draw": 1}],
                    "instead": {"if": {"played_land_this_turn": True}, "effect": {"add": "{B}"}}}},
     "an 'instead' where its effect does more than add mana"),
    ({"activated": {"cost": "{T}", "effect": {"add": "{U}"},
                    "instead": {"if": {"counter": "luck"}, "effect": [{"add": "{B}"}, {"draw": 1}]}}},
     "an 'instead' where the effect of 'instead' does more than add mana"),
]


@pytest.mark.parametrize("ability, message", REFUSED, ids=[m for _, m in REFUSED])
def test_templates_the_encodings_cannot_read_are_refused(ability, message):
    with pytest.raises(UnsupportedError) as info:
        card({"name": "Odd", "types": ["enchantment"], "abilities": [ability]})
    assert message in info.value.message
    assert info.value.message.startswith("unsupported: ")


@pytest.mark.parametrize("effect, message", [
    ([{"destroy_target": {"types": ["land"]}}, {"damage_its_controller": {"target": 2, "amount": 2}}],
     "names target 2, and the instructions before it have 1 target"),
    ([{"target_player": {"draw": 1}}, {"damage_its_controller": {"target": 1, "amount": 2}}], "a player"),
    ([{"destroy_target": {}}, {"damage_its_controller": {"target": 1}}], "needs 'amount'"),
])
def test_damage_to_a_targets_controller_names_an_objects_target(effect, message):
    """608.2h: the controller of a target before it, an object (a player has none); both numbers given."""
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["sorcery"], "abilities": [{"spell": {"effect": effect}}]})
    assert message in info.value.message


def test_ascend_on_an_instant_or_sorcery_is_refused():
    """702.131a: a spell's ascend gives the city's blessing as it resolves, which is not modelled."""
    with pytest.raises(UnsupportedError) as info:
        card({"name": "Odd", "types": ["sorcery"], "abilities": [{"keyword": "ascend"},
                                                                 {"spell": {"effect": {"draw": 1}}}]})
    assert "ascend on an instant or sorcery" in info.value.message


def test_only_a_draw_replacement_leaves_a_draw_alone():
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["enchantment"],
              "abilities": [{"replacement": {"event": "gain_life", "modify": {"multiply": 2},
                                             "except": "first_in_draw_step"}}]})
    assert "'except' is for a 'draw' replacement" in info.value.message


def test_sacrificed_mana_needs_a_sacrifice_cost():
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["land"],
              "abilities": [{"activated": {"cost": "{T}",
                                           "effect": {"add_could_produce": {"of": "sacrificed", "range": "type"}}}}]})
    assert "needs a cost that sacrifices a permanent" in info.value.message


@pytest.mark.parametrize("spell, message", [
    ({"effect": {"gain_life": 1}, "instead": {"if": {"counter": "luck"}, "effect": {"gain_life": 2}}},
     "a spell has no counters"),
    ({"effect": {"damage_any_target": 2}, "instead": {"if": {"cards_in_graveyard": 7}, "effect": {"gain_life": 2}}},
     "where its effect has a target"),
    ({"effect": {"gain_life": 1}, "instead": {"if": {"cards_in_graveyard": 7},
                                              "effect": {"create_tokens": {"kind": "treasure", "count": 1}}}},
     "where the effect of 'instead' has create_tokens"),
    ({"effect": {"gain_life": 1}, "kicked_effect": {"gain_life": 2},
      "instead": {"if": {"cards_in_graveyard": 7}, "effect": {"gain_life": 3}}},
     "both a kicked_effect and an 'instead'"),
    ({"modes": [{"gain_life": 1}, {"draw": 1}], "instead": {"if": {"cards_in_graveyard": 7}, "effect": {"draw": 2}}},
     "not of a modal one"),
], ids=["counter", "target", "tokens", "kicker", "modal"])
def test_a_spells_instead_is_refused_where_it_cannot_be_read(spell, message):
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["sorcery"], "abilities": [{"spell": spell}]})
    assert message in info.value.message


@pytest.mark.parametrize("spell, message", [
    ({"effect": {"draw": 1}, "if_spent": {"grene": {"gain_life": 1}}},
     "unknown color 'grene'; expected white, blue, black, red or green"),
    ({"modes": [{"gain_life": 1}, {"draw": 1}], "if_spent": {"green": {"draw": 2}}}, "not of a modal one"),
    ({"effect": {"gain_life": 1}, "if_spent": {"green": {"draw": 2}},
      "instead": {"if": {"cards_in_graveyard": 7}, "effect": {"gain_life": 3}}}, "'if_spent' beside 'instead'"),
    ({"effect": {"draw": 1}, "if_spent": {"green": {"that_enters_with_counters": {"kind": "p1p1"}}}},
     "'that_enters_with_counters' is about the card one return_card_to_battlefield of the spell returns: the spell "
     "has none"),
], ids=["unknown-color", "modal", "instead", "rider-without-return"])
def test_a_spells_instructions_on_mana_spent_are_refused_where_they_cannot_be_read(spell, message):
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["sorcery"], "abilities": [{"spell": spell}]})
    assert message in info.value.message


@pytest.mark.parametrize("abilities, message", [
    ([{"spell": {"effect": {"create_token_copies_target": {"filter": {"types": ["creature"]}, "kicked_count": 5}}}}],
     "card 'Odd' has a kicked_count but no kicker (702.33)"),
    ([{"kicker": "{5}"}, {"triggered": {"when": "enters", "effect": {"create_token_copies_target": {
        "filter": {"types": ["creature"]}, "kicked_count": 5}}}}],
     "card 'Odd': a kicked_count is a spell's, kicked as it was cast (702.33d)"),
    ([{"triggered": {"when": "dies", "effect": {"create_token_copy_that": True}}}],
     "'create_token_copy_that' in a 'dies' triggered ability"),
    ([{"triggered": {"when": "enters", "effect": {"may": {"create_token_copy_that": True}}}}],
     "only of an 'enters' trigger with a filter, the permanent that entered"),
], ids=["kicked-count-without-kicker", "kicked-count-of-a-trigger", "copy-that-of-a-dies-trigger",
        "copy-that-without-a-filter"])
def test_token_copies_are_refused_where_they_cannot_be_read(abilities, message):
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["sorcery"], "abilities": abilities})
    assert message in info.value.message


def test_a_misspelt_spending_restriction_is_an_error():
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["land"], "abilities": [
            {"activated": {"cost": "{T}", "effect": {"add": "{G}"}, "spend_only": ["creature_spell"]}}]})
    assert "creature_spell" in info.value.message and "creature_spells_of_the_chosen_type" in info.value.message


@pytest.mark.parametrize("instead, message", [
    ({"effect": {"add": "{B}"}}, "missing field 'if'"),
    ({"if": {}, "effect": {"add": "{B}"}}, "needs a condition"),
    ({"if": {"played_land_this_turn": False}, "effect": {"add": "{B}"}}, "can only be true"),
    ({"if": {"landfall": True}, "effect": {"add": "{B}"}}, "unknown field 'landfall' in abilities.0.activated.instead.if"),
    ({"if": {"cards_in_graveyard": 0}, "effect": {"add": "{B}"}}, "at least 1"),
    ({"if": {"counter": "luck"}}, "instead.effect must be one effect"),
    ({"if": {"counter": "luck"}, "effect": {"add": "{B}"}, "also": 1},
     "unknown field 'also' in abilities.0.activated.instead"),
], ids=["no if", "empty if", "false", "unknown condition", "zero cards", "no effect", "unknown key"])
def test_a_mana_abilitys_instead_is_checked(instead, message):
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["land"],
              "abilities": [{"activated": {"cost": "{T}", "effect": {"add": "{U}"}, "instead": instead}}]})
    assert message in info.value.message


@pytest.mark.parametrize("only_if, message", [
    ({}, "needs a condition"),
    ({"your_turn": False}, "can only be true"),
    ({"no_cards_in_hand": "yes"}, "can only be true"),
    ({"cards_in_graveyard": 0}, "at least 1"),
    ({"total_power_at_least": "eight"}, "total_power_at_least"),
    ({"threshold": True}, "unknown field 'threshold' in abilities.0.activated.only_if"),
], ids=["empty", "false", "not a flag", "zero cards", "not a number", "unknown condition"])
def test_an_activation_condition_is_checked(only_if, message):
    """602.5b: each condition of "activate only if" is one the encodings read, with its value; a typo is an error."""
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["land"],
              "abilities": [{"activated": {"cost": "{T}", "effect": {"gain_life": 1}, "only_if": only_if}}]})
    assert message in info.value.message


def test_an_instead_is_refused_outside_activated_abilities_and_said_in_words():
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["enchantment"], "abilities": [
            {"triggered": {"when": "tapped_for_mana", "effect": {"add": "{G}"},
                           "instead": {"if": {"counter": "luck"}, "effect": {"add": "{B}"}}}}]})
    assert "unknown field 'instead' in abilities.0.triggered" in info.value.message
    river = builtin_library()["River of Tears"]
    assert river.abilities[0].text == "{T}: Add {U}. If you played a land this turn, add {B} instead"


def test_is_chosen_type_false_and_unknown_supertype_are_errors():
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["creature"], "abilities": [{"static": {"is_chosen_type": False}}]})
    assert "'is_chosen_type' can only be true" in info.value.message
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["land"], "abilities": [
            {"static": {"add_land_type": "swamp", "filter": {"supertypes": ["ancient"]}}}]})
    assert "unknown supertype 'ancient'" in info.value.message


def test_names_become_safe_constants():
    c = card({"name": "Odd", "types": ["creature"], "subtypes": ["Assembly-Worker", "Human"]})
    assert c.subtypes == ("assembly_worker", "human")
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["creature"], "subtypes": ["forest). p(1"]})
    assert "must be a name of letters, digits and underscores" in info.value.message


def test_the_card_of_a_kind_of_token_is_the_first_in_the_librarys_order():
    from dataclasses import replace

    library = builtin_library()
    treasure = library.token_card("treasure")
    assert treasure is not None and treasure.name == "Treasure" and library.token_card("no such token") is None
    other = replace(treasure, name="Another Treasure")
    assert library.with_cards([other]).token_card("treasure") == treasure  # added after the library's own
    assert library.with_cards([replace(treasure, abilities=())]).token_card("treasure").abilities == ()
    # a library made from a library with cards added: the chain is read through, the newest card hiding its namesake
    plain = replace(treasure, abilities=())
    assert library.with_cards([plain]).with_cards([other]).token_card("treasure") is plain
    assert library.with_cards([other]).with_cards([plain]).token_card("treasure") is other  # (added before it)
    assert library.with_cards([replace(treasure, token=None)]).with_cards([other]).token_card("treasure") is other


@pytest.mark.parametrize("effect, message", [
    ({"target_player": {"draw": 1, "mill": 2}}, "needs one instruction of draw, discard, gain_life, lose_life, mill"),
    ({"target_player": {}}, "needs one instruction of"),
    ({"target_player": {"scry": 1}}, "scry"),
    ({"target_player": {"draw": 0}}, "at least 1"),
])
def test_a_target_players_instruction_is_one_known_instruction(effect, message):
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["sorcery"], "abilities": [{"spell": {"effect": effect}}]})
    assert message in info.value.message


@pytest.mark.parametrize("effect, message", [
    ({"damage_each": {"amount": 2}}, "needs a filter, players, or both"),
    ({"damage_each": {"amount": 2, "players": "everyone"}}, "players"),
    ({"damage_each": {"amount": 0, "players": "each"}}, "at least 1"),
])
def test_damage_to_each_names_what_it_damages(effect, message):
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["sorcery"], "abilities": [{"spell": {"effect": effect}}]})
    assert message in info.value.message


@pytest.mark.parametrize("spell, message", [
    ({"modes": [{"draw": 1}]}, "a modal spell has at least two modes"),
    ({"modes": [{"draw": 1}, {"gain_life": 1}], "choose": 3}, "choose 3 different modes of 2"),
    ({"modes": [{"draw": 1}, {"gain_life": 1}], "effect": {"draw": 1}}, "a modal spell has 'modes' and no 'effect'"),
    ({"effect": {"draw": 1}, "choose": 2}, "'choose' is how many modes a modal spell chooses"),
])
def test_a_modal_spell_is_checked(spell, message):
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["sorcery"], "abilities": [{"spell": spell}]})
    assert message in info.value.message


def test_a_modal_spell_chooses_how_many_modes():
    spell = card({"name": "Odd", "types": ["sorcery"], "abilities": [
        {"spell": {"modes": [{"draw": 1}, [{"gain_life": 1}, {"draw": 2}], {"mill": 1}], "choose": "one_or_more"}}]})
    ability = spell.abilities[0]
    assert (ability.modes, ability.choose) == ((1, 2, 2, 3), (1, 3))


@pytest.mark.parametrize("enters, message", [
    ({"tapped_unless": {"filter": {"types": ["land"]}}}, "needs one of at_least and at_most"),
    ({"tapped_unless": {"filter": {"types": ["land"]}, "at_least": 1, "at_most": 2}}, "needs one of at_least and"),
    ({"tapped_unless": {"at_least": 1}}, "needs a filter: what to count"),
])
def test_enters_tapped_unless_is_checked(enters, message):
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["land"], "abilities": [{"enters": enters}]})
    assert message in info.value.message


@pytest.mark.parametrize("effect, message", [
    ({"may": {"draw": 1, "discard": 1}}, "needs exactly one instruction"),
    ({"may": {"may": {"draw": 1}}}, "effect 'may' as an instruction one may follow"),
    ({"may": {"add": "{G}"}}, "effect 'add' as an instruction one may follow"),
])
def test_an_instruction_one_may_follow_is_one_instruction(effect, message):
    with pytest.raises(InputError) as info:
        card({"name": "Odd", "types": ["creature"], "abilities": [{"triggered": {"when": "enters", "effect": effect}}]})
    assert message in info.value.message


def test_the_instructions_one_may_follow_are_effects_read_as_followed():
    from pathlib import Path

    from pyrules.vocabulary import kind, names
    from pyrules.vocabulary.templates import MayInstruction
    assert MayInstruction.FOLLOWED <= set(names("effect"))
    asp = "".join(p.read_text(encoding="utf-8") for p in (Path(__file__).parents[1] / "pyrules" / "asp").glob("*.lp"))
    for name in MayInstruction.FOLLOWED:  # (as the term the vocabulary writes: damage_target as damage_any_target)
        # (target_opponent is written as target_player, its opponent beside it: ability_target_opponent)
        reads = "target_player" if name == "target_opponent" else kind("effect", name).reads
        assert re.search(rf"(?:instruction\((?:I|R|ability\(O,A\)),[A-Z_],|_effect\(R,){reads}\b", asp), name


_FIRE = {"name": "Fire", "cost": "{1}{R}", "types": ["instant"],
         "abilities": [{"spell": {"effect": {"damage_divided": {"amount": 2, "targets": 2}}}}]}
_ICE = {"name": "Ice", "cost": "{1}{U}", "types": ["sorcery"], "abilities": [{"spell": {"effect": {"draw": 1}}}]}


def test_a_split_card_is_its_halves_combined():
    """708.4: off the stack a split card has both halves' mana costs (so mana values add up), colors and types; 708.3:
    each half is a card of its own while cast."""
    split = card({"name": "Fire // Ice", "halves": [_FIRE, _ICE]})
    assert split.mana_cost == (("generic", 2), ("r", 1), ("u", 1))
    assert (split.types, split.abilities) == (("instant", "sorcery"), ())
    assert [split.face(h).name for h in ("left", "right", "both", "front")] == ["Fire", "Ice", "Fire // Ice", "Fire // Ice"]
    assert split.parts == (split.halves[0], split.halves[1], split)


def test_a_fused_spell_does_both_halves_instructions_left_first():
    """702.102d: the fused spell's one ability is the left half's instructions, then the right half's."""
    fuse = {"keyword": "fuse"}
    left = {**_ICE, "name": "Left", "abilities": [*_ICE["abilities"], fuse]}
    right = {"name": "Right", "cost": "{W}", "types": ["instant"],
             "abilities": [{"spell": {"effect": {"destroy_target": {"types": ["artifact"]}}}}, fuse]}
    (spell,) = card({"name": "Left // Right", "halves": [left, right]}).abilities
    assert [e.kind for e in spell.effects] == ["draw", "destroy_target"] and len(spell.targets) == 1


@pytest.mark.parametrize("definition, message", [
    ({"name": "A // B", "cost": "{R}", "halves": [_FIRE, _ICE]},
     "a split card's cost is its halves' combined (CR 708.4): give it on each half"),
    ({"name": "A // B", "halves": [_FIRE]}, "a split card has exactly two halves: left and right (CR 708.1)"),
    ({"name": "A // B", "halves": [_FIRE, {**_ICE, "types": ["creature"], "power": 1, "toughness": 1}]},
     "a split card's half other than an instant or sorcery ('Ice')"),
    ({"name": "A // B", "halves": [{**_FIRE, "abilities": [*_FIRE["abilities"], {"keyword": "fuse"}]}, _ICE]},
     "card 'A // B': fuse is on both halves of a split card or on neither (CR 702.102a)"),
    ({**_ICE, "abilities": [*_ICE["abilities"], {"keyword": "aftermath"}]},
     "card 'Ice': aftermath is an ability of a split card's half (CR 702.127a)"),
], ids=["combined-cost-given", "one-half", "creature-half", "fuse-on-one-half", "aftermath-on-a-card"])
def test_a_split_card_is_checked(definition, message):
    with pytest.raises(InputError, match=re.escape(message)):
        card(definition)


_EXILED = {"replacement": {"event": "dies", "modify": {"exile_instead": True}, "lasting": "until_end_of_turn"}}


@pytest.mark.parametrize("abilities, message", [
    ([{"spell": {"effect": [{"damage_any_target": 3}, {"lasting_on_its_target": {"ability": 2, "target": 1}}]}},
      _EXILED], "lasting_on_its_target names target 1, which is not one of its ability's targets on the battlefield"),
    ([{"spell": {"effect": [{"damage_target": {"amount": 4, "filter": {"types": ["creature"]}}},
                            {"lasting_on_its_target": {"ability": 2, "target": 2}}]}}, _EXILED],
     "lasting_on_its_target names target 2, which is not one of its ability's targets on the battlefield"),
    ([{"spell": {"effect": [{"damage_any_target": 3}, {"lasting_on_damaged": 1}]}}, _EXILED],
     "lasting_on_damaged names ability 1, which is not one of its lasting effects"),
    ([{"spell": {"effect": {"draw": 1}}}, {"replacement": {"event": "dies", "modify": {"exile_instead": True}}}],
     "a 'dies' replacement that is not a lasting effect about the permanents it locks in"),
], ids=["its-target-a-player", "its-target-out-of-range", "damaged-names-the-spell", "dies-not-lasting"])
def test_an_exile_if_it_dies_effect_is_checked(abilities, message):
    """611.2c: "if that creature (a creature dealt damage this way) would die this turn, exile it instead" is a lasting
    effect about permanents the instructions lock in."""
    with pytest.raises(InputError, match=re.escape(message)):
        card({"name": "Test Coil", "cost": "{R}", "types": ["sorcery"], "abilities": abilities})
