"""asp/filters.lp, one block at a time (issue 29): each filter field on a few objects. What a block reads
from the blocks before it (``_candidate``, ``view_*``, ``source_object`` ...) is given as facts."""

from __future__ import annotations

from blockrun import covers, derive

# --- 109.1, 109.2: the view of an object as it is ---------------------------------------------------------

@covers("filters:109.1")
def test_an_object_is_seen_through_its_characteristics():
    facts = """object(a). has_type(a,land). has_supertype(a,basic). has_subtype(a,forest). controller(a,alice).
               owner(a,bob). token(a). object(b). has_type(b,creature)."""
    show = ["view", "view_type", "view_supertype", "view_subtype", "view_controller", "view_owner", "view_token"]
    assert derive("filters:109.1", facts, show) == {
        "view(a)", "view_type(a,land)", "view_supertype(a,basic)", "view_subtype(a,forest)",
        "view_controller(a,alice)", "view_owner(a,bob)", "view_token(a)", "view(b)", "view_type(b,creature)"}


@covers("filters:109.1")
def test_a_live_view_of_an_object_shows_it_but_for_its_controller():
    facts = "live_view(v,a). has_type(a,artifact). has_subtype(a,equipment). controller(a,alice). owner(a,bob). token(a)."
    show = ["view", "view_type", "view_subtype", "view_controller", "view_owner", "view_token"]
    assert derive("filters:109.1", facts, show) == {
        "view(v)", "view_type(v,artifact)", "view_subtype(v,equipment)", "view_owner(v,bob)", "view_token(v)",
        "view_controller(a,alice)"}


@covers("filters:113.3b")
def test_a_card_has_an_activated_ability_as_printed():
    facts = """live_view(a,a). face_card(a,pili_pala). ability(ab(pili_pala,1),activated).
               live_view(b,b). face_card(b,bears). ability(ab(bears,1),triggered)."""
    assert derive("filters:113.3b", facts, "view_activated") == {"view_activated(a)"}


@covers("filters:113.3b")
def test_a_permanent_has_the_activated_abilities_the_layers_leave_it():
    """613.1f: a permanent that lost its printed activated ability has none; one granted one has it."""
    facts = """permanent(a). live_view(a,a). face_card(a,pili_pala). ability(ab(pili_pala,1),activated).
               permanent(b). live_view(b,b). face_card(b,bears). ability(ab(bears,1),triggered).
               has_ability(b,granted(x,g)). instance_of(granted(x,g),g). ability(g,activated)."""
    assert derive("filters:113.3b", facts, "view_activated") == {"view_activated(b)"}


@covers("filters:113.3b")
def test_an_object_as_it_would_be_has_the_activated_abilities_of_its_card():
    facts = """imagined(en(o,none),pili_pala,alice,as(o),as(o)). ability(ab(pili_pala,1),activated).
               imagined(tokens(alice,clue),clue,alice,alice,token). ability(ab(clue,1),triggered)."""
    assert derive("filters:113.3b", facts, "view_activated") == {"view_activated(en(o,none))"}


# --- 614.12, 111.2, 707.2: the view of an object as it would be -------------------------------------------

@covers("filters:614.12")
def test_an_object_as_it_would_be_is_seen_through_its_card():
    facts = """player(alice). player(bob). owner(o,bob). token(o). owner(s,alice).
               imagined(en(o,none),forest_card,alice,as(o),as(o)). card_type(forest_card,land).
               card_supertype(forest_card,basic). card_subtype(forest_card,forest).
               imagined(spell(s,alice),bolt,alice,as(s),nontoken). card_type(bolt,instant).
               imagined(tokens(alice,clue),clue_card,alice,alice,token). card_type(clue_card,artifact)."""
    show = ["view", "view_type", "view_supertype", "view_subtype", "view_controller", "view_owner", "view_token"]
    assert derive("filters:614.12", facts, show) == {
        "view(en(o,none))", "view_type(en(o,none),land)", "view_supertype(en(o,none),basic)",
        "view_subtype(en(o,none),forest)", "view_controller(en(o,none),alice)", "view_owner(en(o,none),bob)",
        "view_token(en(o,none))",
        "view(spell(s,alice))", "view_type(spell(s,alice),instant)", "view_controller(spell(s,alice),alice)",
        "view_owner(spell(s,alice),alice)",
        "view(tokens(alice,clue))", "view_type(tokens(alice,clue),artifact)", "view_controller(tokens(alice,clue),alice)",
        "view_owner(tokens(alice,clue),alice)", "view_token(tokens(alice,clue))"}


# --- 109.2, 113.7a: which sources may use a filter --------------------------------------------------------

@covers("filters:109.2")
def test_the_sources_of_a_filter_objects_effects_and_granted_abilities():
    facts = """filter(flt(ab(anthem,1),1)). face_card(x,anthem). face_card(y,bears).
               filter(flt(ab(growth,1),1)). lasting_effect(e1,ab(growth,1),end_of_turn).
               filter(flt(gr(g1),1)). permanent(p)."""
    assert derive("filters:109.2", facts, ["filter_of", "filter_source"]) == {
        "filter_of(flt(ab(anthem,1),1),ab(anthem,1))", "filter_source(flt(ab(anthem,1),1),x)",
        "filter_of(flt(ab(growth,1),1),ab(growth,1))", "filter_source(flt(ab(growth,1),1),e1)",
        "filter_of(flt(gr(g1),1),gr(g1))", "filter_source(flt(gr(g1),1),p)"}


@covers("filters:109.2")
def test_this_object_is_known_only_to_filters_about_their_source():
    facts = """filter(flt(ab(c,1),1)). filter_other(flt(ab(c,1),1)). face_card(x,c). object(x). face_card(s,c). object(s).
               stack_ability(s,ab(c,1),x). _candidate(flt(ab(c,1),1),y). object(y)."""
    assert derive("filters:109.2", facts, ["source_object", "view_object"]) == {
        "source_object(x,x)", "view_object(y,y)"}
    plain = facts.replace("filter_other(flt(ab(c,1),1)).", "")
    assert derive("filters:109.2", plain, ["source_object", "view_object"]) == set()


# --- 109.4: "you" ------------------------------------------------------------------------------------------

@covers("filters:109.4")
def test_you_is_the_controller_of_the_source():
    facts = "filter_source(f,x). source_controller(x,alice). source_controller(y,bob)."
    assert derive("filters:109.4", facts, "filter_you") == {"filter_you(x,alice)"}


# --- 109.2, 205.2a, 205.4a, 111.1: card types, supertypes, tokens ---------------------------------------------

_KIND = ["_first_type", "_candidate", "_kind_fails"]


@covers("filters:109.2-2")
def test_every_card_type_asked_is_needed_starting_from_the_first():
    facts = """filter(f). filter_type(f,creature). filter_type(f,artifact).
               view_type(a,artifact). view_type(a,creature). view_type(b,artifact). view_type(c,creature)."""
    assert derive("filters:109.2-2", facts, _KIND) == {
        "_first_type(f,artifact)", "_candidate(f,a)", "_candidate(f,b)", "_kind_fails(f,b)"}


@covers("filters:109.2-2")
def test_one_of_several_types_and_no_type_at_all():
    facts = """filter(f). filter_any_type(f,artifact). filter_any_type(f,enchantment).
               view(a). view_type(a,enchantment). view(b). view_type(b,land)."""
    assert derive("filters:109.2-2", facts, _KIND) == {"_candidate(f,a)", "_candidate(f,b)", "_kind_fails(f,b)"}


@covers("filters:109.2-2")
def test_supertype_nonbasic_and_nonland():
    facts = """filter(f). filter_supertype(f,legendary). filter(g). filter_nonbasic(g). filter(h). filter_nonland(h).
               view(a). view_supertype(a,legendary). view(b). view_supertype(b,basic). view_type(b,land)."""
    assert derive("filters:109.2-2", facts, "_kind_fails") == {
        "_kind_fails(f,b)", "_kind_fails(g,b)", "_kind_fails(h,b)"}


@covers("filters:109.2-2")
def test_historic_is_an_artifact_a_legendary_or_a_saga():
    """700.6: any one of the three makes an object historic."""
    facts = """filter(f). filter_historic(f). view(a). view_type(a,artifact). view(l). view_supertype(l,legendary).
               view(s). view_type(s,enchantment). view_subtype(s,saga). view(b). view_type(b,instant).
               view(e). view_type(e,enchantment). view_subtype(e,aura)."""
    assert derive("filters:109.2-2", facts, "_kind_fails") == {"_kind_fails(f,b)", "_kind_fails(f,e)"}


@covers("filters:109.2-2")
def test_none_of_some_card_types():
    facts = """filter(f). filter_not_type(f,creature). view(a). view_type(a,creature). view_type(a,artifact).
               view(b). view_type(b,instant)."""
    assert derive("filters:109.2-2", facts, "_kind_fails") == {"_kind_fails(f,a)"}


@covers("filters:109.2-2")
def test_tokens_nontokens_and_an_activated_ability():
    facts = """filter(f). filter_token(f). filter(g). filter_nontoken(g). filter(h). filter_activated_ability(h).
               view(a). view_token(a). view(b). view_activated(b)."""
    assert derive("filters:109.2-2", facts, "_kind_fails") == {
        "_kind_fails(f,b)", "_kind_fails(g,a)", "_kind_fails(h,a)"}


# --- 109.4, 108.3, 108.4: control and ownership -------------------------------------------------------------

_PLAYERS = "player(alice). player(bob). _candidate(f,a). view_controller(a,alice). _candidate(f,b). view_controller(b,bob). "


@covers("filters:109.4-2")
def test_you_control_and_an_opponent_controls():
    assert derive("filters:109.4-2", _PLAYERS + "filter(f). filter_controller(f,you).", "basic_match") == {
        "basic_match(f,alice,a)", "basic_match(f,bob,b)"}
    assert derive("filters:109.4-2", _PLAYERS + "filter(f). filter_controller(f,opponent).", "basic_match") == {
        "basic_match(f,bob,a)", "basic_match(f,alice,b)"}


@covers("filters:109.4-2")
def test_you_own_and_an_opponent_owns_also_outside_the_battlefield():
    facts = ("player(alice). player(bob). filter(f)."
             " _candidate(f,a). view_owner(a,alice). _candidate(f,c). view_owner(c,bob).")
    assert derive("filters:109.4-2", facts + " filter_owner(f,you).", "basic_match") == {
        "basic_match(f,alice,a)", "basic_match(f,bob,c)"}
    assert derive("filters:109.4-2", facts + " filter_owner(f,opponent).", "basic_match") == {
        "basic_match(f,bob,a)", "basic_match(f,alice,c)"}


@covers("filters:109.4-2")
def test_you_control_but_an_opponent_owns():
    facts = _PLAYERS + "filter(f). filter_controller(f,you). filter_owner(f,opponent). view_owner(a,bob). view_owner(b,bob)."
    assert derive("filters:109.4-2", facts, "basic_match") == {"basic_match(f,alice,a)"}


@covers("filters:109.4-2")
def test_a_filter_without_control_or_ownership_is_seen_from_anyone():
    facts = _PLAYERS + "filter(f). _kind_fails(f,b)."
    assert derive("filters:109.4-2", facts, ["basic_match", "_anyone"]) == {"_anyone(f)", "basic_match(f,anyone,a)"}


# --- 109.2, 303.4: "other" and "enchanted" -------------------------------------------------------------------

@covers("filters:109.2-3")
def test_other_excludes_the_source_also_as_it_would_enter():
    facts = """filter_other(f). filter_source(f,x). source_object(x,x). _candidate(f,x). view_object(x,x).
               _candidate(f,en(x,c)). view_object(en(x,c),x). _candidate(f,y). view_object(y,y)."""
    assert derive("filters:109.2-3", facts, "source_fails") == {"source_fails(f,x,x)", "source_fails(f,x,en(x,c))"}


@covers("filters:109.2-3")
def test_enchanted_means_what_the_aura_is_attached_to():
    facts = """filter_enchanted(f). filter_source(f,aura). source_object(aura,aura). attached_to(aura,bear).
               _candidate(f,bear). view_object(bear,bear). _candidate(f,wolf). view_object(wolf,wolf)."""
    assert derive("filters:109.2-3", facts, "source_fails") == {"source_fails(f,aura,wolf)"}


@covers("filters:109.2-3")
def test_named_like_the_source_asks_for_its_name_also_of_an_object_as_it_would_be():
    """201.2: "a card named ~": the source's name, read from the card of each view (a card in a library, or an
    object as it would enter)."""
    facts = """filter_same_name(f). filter_source(f,hawk). source_object(hawk,hawk). face_card(hawk,"Hawk").
               live_view(hawk2,hawk2). face_card(hawk2,"Hawk"). _candidate(f,hawk2).
               live_view(bears,bears). face_card(bears,"Bears"). _candidate(f,bears).
               imagined(en(x,none),"Hawk",alice,as(x),as(x)). _candidate(f,en(x,none))."""
    assert derive("filters:109.2-3", facts, "source_fails") == {"source_fails(f,hawk,bears)"}


# --- 205.3, 613.1d, 105.2c: subtypes and colors -----------------------------------------------------------

@covers("filters:205.3")
def test_a_subtype_asked_for_and_colorless():
    facts = """filter_subtype(f,forest). _candidate(f,a). view_subtype(a,forest). _candidate(f,b). view_subtype(b,island).
               filter_colorless(g). _candidate(g,c). live_view(c,c). has_color(c,green). _candidate(g,d).
               live_view(d,d)."""
    assert derive("filters:205.3", facts, "subtype_fails") == {"subtype_fails(f,b)", "subtype_fails(g,c)"}


@covers("filters:205.3")
def test_colors_asked_for_every_one_any_or_none():
    facts = """filter_color(f,b). _candidate(f,a). has_color(a,b). has_color(a,r). _candidate(f,c). has_color(c,w).
               filter_any_color(g,r). filter_any_color(g,g). _candidate(g,a). _candidate(g,c).
               filter_not_color(h,b). _candidate(h,a). _candidate(h,c). _candidate(h,d).
               live_view(a,a). live_view(c,c). live_view(d,d)."""
    assert derive("filters:205.3", facts, "subtype_fails") == {
        "subtype_fails(f,c)", "subtype_fails(g,c)", "subtype_fails(h,a)"}


@covers("filters:205.3")
def test_multicolored_is_two_colors_or_more():
    """105.4: a colorless or one-colored object is not multicolored; two or three colors are."""
    facts = """filter_multicolored(f). _candidate(f,none). live_view(none,none). _candidate(f,one). live_view(one,one).
               has_color(one,r). _candidate(f,two). live_view(two,two). has_color(two,r). has_color(two,w).
               _candidate(f,three). live_view(three,three). has_color(three,r). has_color(three,w). has_color(three,g)."""
    assert derive("filters:205.3", facts, "subtype_fails") == {"subtype_fails(f,none)", "subtype_fails(f,one)"}


@covers("filters:205.3")
def test_an_object_as_it_would_be_has_the_colors_its_card_prints():
    """A spell being cast (or a permanent entering) is seen through its card: a blue card's spell is blue, though
    the layers never colored it (they have not applied to it)."""
    facts = """filter_color(f,u). imagined(spell(s,p),div,p,as(s),nontoken). card_color(div,u). _candidate(f,spell(s,p)).
               imagined(spell(t,p),bolt,p,as(t),nontoken). card_color(bolt,r). _candidate(f,spell(t,p))."""
    assert derive("filters:205.3", facts, ["view_color", "subtype_fails"]) == {
        "view_color(spell(s,p),u)", "view_color(spell(t,p),r)", "subtype_fails(f,spell(t,p))"}


# --- 120.1: dealt damage by the source this turn ----------------------------------------------------------

@covers("filters:120.1")
def test_dealt_damage_by_the_source_earlier_this_turn_or_now():
    """A creature dealt damage by the source earlier (the situation says) or in this very step matches; one dealt
    damage by something else, or no damage (0 dealt), does not."""
    facts = """filter_damaged_by_source(f). filter_source(f,vamp). source_object(vamp,vamp).
               _candidate(f,a). view_object(a,a). damaged_by_this_turn(a,vamp).
               _candidate(f,b). view_object(b,b). damage_dealt(vamp,b,3).
               _candidate(f,c). view_object(c,c). damage_dealt(bolt,c,3).
               _candidate(f,d). view_object(d,d). damage_dealt(vamp,d,0)."""
    assert derive("filters:120.1", facts, "source_fails") == {"source_fails(f,vamp,c)", "source_fails(f,vamp,d)"}


# --- 110.5, 506.4, 208.1: status, combat and power ---------------------------------------------------------

@covers("filters:110.5")
def test_tapped_untapped_attacking_blocking_and_in_combat():
    facts = """permanent(a). is_tapped(a). attacking(a,bob). permanent(b). blocking(b,a). permanent(c).
               filter_tapped(t). _candidate(t,a). _candidate(t,b). filter_untapped(u). _candidate(u,a). _candidate(u,c).
               filter_attacking(k). _candidate(k,a). _candidate(k,b). filter_blocking(l). _candidate(l,a). _candidate(l,b).
               filter_in_combat(m). _candidate(m,a). _candidate(m,b). _candidate(m,c)."""
    assert derive("filters:110.5", facts, "_status_fails") == {
        "_status_fails(t,b)", "_status_fails(u,a)", "_status_fails(k,b)", "_status_fails(l,a)", "_status_fails(m,c)"}


@covers("filters:110.5")
def test_a_counter_of_a_kind_on_a_permanent():
    """122.1: "with a -1/-1 counter on it": at least one of that kind; only a permanent has counters."""
    facts = """permanent(a). counter_count(a,m1m1,2). permanent(b). counter_count(b,p1p1,1). permanent(c).
               object(s). filter_with_counter(f,m1m1). _candidate(f,a). _candidate(f,b). _candidate(f,c). _candidate(f,s)."""
    assert derive("filters:110.5", facts, "_status_fails") == {
        "_status_fails(f,b)", "_status_fails(f,c)", "_status_fails(f,s)"}

@covers("filters:110.5")
def test_power_at_most_and_at_least_and_only_permanents():
    facts = """permanent(a). power(a,2). permanent(b). power(b,4). object(s). view(s). view(en(o,none)).
               filter_power_at_most(f,2). _candidate(f,a). _candidate(f,b). _candidate(f,s).
               filter_power_at_least(g,4). _candidate(g,a). _candidate(g,b). filter_asked(f,x,en(o,none))."""
    assert derive("filters:110.5", facts, ["_power_fails", "unsupported"]) == {
        "_power_fails(f,b)", "_power_fails(f,s)", "_power_fails(g,a)",
        "unsupported(a_status_filter_on_an_object_as_it_would_be)"}


@covers("filters:110.5")
def test_status_is_a_trait_and_power_is_not():
    """A status is decided by no layer: the conditions of static abilities read it below layer 6 (trait_fails,
    which 205.3's block makes a subtype_fails too); power only after layer 7 (subtype_fails alone)."""
    facts = """permanent(a). is_tapped(a). power(a,5). filter_untapped(u). _candidate(u,a).
               filter_power_at_most(f,2). _candidate(f,a)."""
    assert derive("filters:110.5", facts, ["trait_fails", "subtype_fails"]) == {"trait_fails(u,a)", "subtype_fails(f,a)"}


# --- 702.1, 613.1f: with or without a keyword -------------------------------------------------------------

@covers("filters:702.1")
def test_keywords_of_permanents_after_the_layers_and_of_cards_as_printed():
    facts = """permanent(a). has_keyword(a,flying). permanent(b). object(c). face_card(c,cc). card_keyword(cc,flying).
               object(d). face_card(d,dc). object(a). object(b). view(en(o,none)).
               filter_keyword(f,flying). _candidate(f,(a;b;c;d)). filter_not_keyword(g,flying). _candidate(g,(a;b;c;d)).
               filter_asked(g,x,en(o,none))."""
    assert derive("filters:702.1", facts, ["_keyword_fails", "unsupported"]) == {
        "_keyword_fails(f,b)", "_keyword_fails(f,d)", "_keyword_fails(g,a)", "_keyword_fails(g,c)",
        "unsupported(a_keyword_filter_on_an_object_as_it_would_be)"}


# --- 202.3: mana value ------------------------------------------------------------------------------------

@covers("filters:110.5")
def test_a_cards_power_elsewhere_is_its_printed_power():
    facts = """object(g). face_card(g,giant). card_power(giant,3). card_type(giant,creature).
               object(b). face_card(b,bears). card_power(bears,2). card_type(bears,creature).
               object(n). face_card(n,nightmare). card_type(nightmare,creature).
               object(l). face_card(l,land). card_type(land,land).
               filter_power_at_most(f,2). _candidate(f,(g;b;n;l))."""
    assert derive("filters:110.5", facts, ["_power_fails", "unsupported"]) == {
        "_power_fails(f,g)", "_power_fails(f,n)", "_power_fails(f,l)",
        "unsupported(a_power_filter_on_a_card_whose_power_an_ability_defines(n))"}


@covers("filters:202.3")
def test_mana_value_counts_x_only_on_the_stack():
    facts = """filter_mana_value_at_most(f,3). filter_mana_value_at_least(g,4).
               _candidate(f,(a;s;t;en(o,none))). _candidate(g,(a;s;spell(c,p))).
               live_view(a,a). live_view(s,s). live_view(t,t).
               face_card(a,xc). face_card(s,xc). face_card(t,tok). card_mana_value(xc,1). card_mana_cost(xc,x,2).
               card_mana_value(tok,0). in_zone(s,stack). object_x(s,2). imagined(en(o,none),no_card,p,p,token).
               imagined(spell(c,p),xc,p,p,nontoken). question_x(1)."""
    assert derive("filters:202.3", facts, ["view_mana_value", "trait_fails"]) == {
        "view_mana_value(a,1)", "view_mana_value(s,5)", "view_mana_value(t,0)", "view_mana_value(en(o,none),0)",
        "view_mana_value(spell(c,p),3)", "trait_fails(f,s)", "trait_fails(g,a)", "trait_fails(g,spell(c,p))"}


# --- 205.3m, 607.2d: of the chosen type ----------------------------------------------------------------

@covers("filters:205.3m")
def test_of_the_chosen_creature_type():
    facts = """filter_chosen_subtype(f). chosen_subtype(x,elf). filter_asked(f,x,a). view_subtype(a,elf).
               filter_asked(f,x,b). view_subtype(b,goblin). filter_asked(f,y,a)."""
    assert derive("filters:205.3m", facts, "_chosen_fails") == {"_chosen_fails(f,x,b)", "_chosen_fails(f,y,a)"}


# --- 109.2: a match ---------------------------------------------------------------------------------------

@covers("filters:109.2-4")
def test_a_view_matches_when_every_condition_holds_seen_from_the_sources_you():
    facts = """filter_you(x,alice). filter_asked(f,x,a). basic_match(f,alice,a). filter_asked(f,x,b). basic_match(f,bob,b).
               filter_asked(f,x,c). basic_match(f,anyone,c). filter_asked(f,x,d). basic_match(f,alice,d). subtype_fails(f,d).
               filter_asked(f,x,e). basic_match(f,alice,e). source_fails(f,x,e)."""
    assert derive("filters:109.2-4", facts, "matches") == {"matches(f,x,a)", "matches(f,x,c)"}


@covers("filters:109.2-4")
def test_no_match_of_the_chosen_type_when_it_fails():
    facts = "filter_you(x,alice). filter_asked(f,x,a). basic_match(f,anyone,a). _chosen_fails(f,x,a)."
    assert derive("filters:109.2-4", facts, "matches") == set()


@covers("filters:110.5")
def test_lesser_power_than_the_source_is_read_from_the_source_now():
    """702.134a (mentor): "with lesser power" than the source's power after the layers; a source gone from the
    battlefield is refused (its last known power is not kept)."""
    facts = """filter_lesser_power(f). filter_source(f,x). source_object(x,m). permanent(m). power(m,2).
               _candidate(f,a). permanent(a). power(a,1). _candidate(f,b). permanent(b). power(b,2).
               object(a). object(b). filter_asked(f,x,a)."""
    assert derive("filters:110.5", facts, ["source_fails", "unsupported"]) == {"source_fails(f,x,b)"}
    gone = facts.replace("permanent(m). power(m,2).", "")
    assert "unsupported(a_power_compared_with_a_source_gone_from_the_battlefield(x))" in \
        derive("filters:110.5", gone, "unsupported")


@covers("filters:508.5")
def test_a_filter_names_the_defending_player_or_that_player():
    base = """_candidate(f,x). view_controller(x,bob). _candidate(f,y). view_controller(y,carol). _candidate(f,z).
              filter_source(f,i). """
    defending = base + "filter_controller(f,defending_player). source_object(i,a). attacking(a,bob). player(bob)."
    assert derive("filters:508.5", defending, ["basic_match", "source_fails"]) == {
        "basic_match(f,anyone,x)", "basic_match(f,anyone,y)", "basic_match(f,anyone,z)",
        "source_fails(f,i,y)", "source_fails(f,i,z)"}
    # A planeswalker attacked: its controller is the defending player.
    walker = base + ("filter_controller(f,defending_player). source_object(i,a). attacking(a,w). permanent(w). "
                     "controller(w,carol).")
    assert derive("filters:508.5", walker, "source_fails") == {"source_fails(f,i,x)", "source_fails(f,i,z)"}
    that = base + "filter_controller(f,that_player). trigger_object(i,carol). player(carol). filter_asked(f,i,x)."
    assert derive("filters:508.5", that, ["source_fails", "unsupported"]) == {
        "source_fails(f,i,x)", "source_fails(f,i,z)"}
    assert derive("filters:508.5", base + "filter_controller(f,that_player). filter_asked(f,i,x).", "unsupported") == {
        "unsupported(that_player_of(i))"}
    assert derive("filters:508.5", "filter_controller(flt(d,eff),that_player). ability(d,spell).", "unsupported") == {
        "unsupported(a_player_named_by_a_spells_filter(d))"}


@covers("filters:613.1e")
def test_a_color_asked_of_a_spell_or_card_whose_color_an_effect_sets_is_refused():
    facts = """_color_field(f). _candidate(f,v). live_view(v,bolt). colored_elsewhere(bolt).
               _candidate(f,w). live_view(w,bears).
               _candidate(f,n). imagined(n,"Grizzly Bears",alice,alice,nontoken). colors_elsewhere_of(alice).
               _candidate(f,m). imagined(m,"Grizzly Bears",bob,bob,nontoken).
               _candidate(g,x). live_view(x,bolt)."""
    assert derive("filters:613.1e", facts, "unsupported") == {
        "unsupported(a_color_of_spells_and_cards_set_by_an_effect(bolt))",
        "unsupported(a_color_of_spells_and_cards_set_by_an_effect(n))"}


@covers("filters:614.12-2")
def test_a_color_asked_of_what_enters_or_is_created_under_an_effect_setting_colors_is_refused():
    facts = """_color_field(f). _candidate(f,en(lion,none)). imagined(en(lion,none),"Test Lion",alice,as(lion),as(lion)).
               _candidate(f,tokens(alice,clue)). imagined(tokens(alice,clue),"Clue",alice,alice,token).
               token_event(i(s,1),alice,clue,1).
               _candidate(f,tokens(bob,food)). imagined(tokens(bob,food),"Food",bob,bob,token).
               static_effect(hour,d). ability_static(d,set_color(b))."""
    assert derive("filters:614.12-2", facts, "unsupported") == {
        "unsupported(a_color_an_effect_would_set_as_it_enters(lion))",
        "unsupported(a_color_an_effect_would_set_as_it_is_created(alice,clue))"}
    # Without an effect that sets or adds colors: the card's colors are the permanent's.
    assert derive("filters:614.12-2", facts.replace("set_color(b)", "modify_pt(1,1)"), "unsupported") == set()


# --- 614.12, 611.3a, 205.3d: types and subtypes a static ability would give what enters ------------------------

_ENTERING = """imagined(en(bears,none),"Grizzly Bears",alice,as(bears),as(bears)).
               imagined(en(moon,none),"Blood Moon",alice,as(moon),as(moon)).
               imagined(en(field,none),"Field",alice,as(field),as(field)).
               view_type(en(bears,none),creature). view_type(en(moon,none),enchantment). view_type(en(field,none),land).
               filter_asked(f,x,en(bears,none)). filter_asked(f,x,en(moon,none)). filter_asked(f,x,en(field,none)).
               filter_subtype(f,goblin). filter_type(f,creature).
               permanent(banner). static_effect(banner,d). ability_filter(d,g)."""


@covers("filters:614.12-3")
def test_a_creature_type_a_static_ability_would_give_what_enters_is_refused():
    """A static ability adding Goblin to creatures: the subtypes of an entering creature are refused; an entering
    enchantment (no creature type goes to it) and land are not."""
    facts = _ENTERING + " ability_static(d,add_subtype(goblin)). filter_type(g,creature)."
    assert derive("filters:614.12-3", facts, "unsupported") == {
        "unsupported(subtypes_of_an_entering_permanent_under_an_effect_that_changes_subtypes(bears))"}
    # Its own permanent's only, what it enchants only, or a lasting effect's: nothing entering is reached.
    for only in ("filter_itself(g).", "filter_enchanted(g).", "ability_lasting(d,until_end_of_turn)."):
        assert derive("filters:614.12-3", facts + only, "unsupported") == set(), only


@covers("filters:614.12-3")
def test_land_types_a_static_ability_sets_go_only_to_lands():
    """205.3d: Blood Moon's Mountains matter to a land entering, not to a creature, unless an ability could make it
    a land."""
    facts = _ENTERING + " ability_static(d,set_land_type(mountain)). filter_type(g,land)."
    assert derive("filters:614.12-3", facts, "unsupported") == {
        "unsupported(subtypes_of_an_entering_permanent_under_an_effect_that_changes_subtypes(field))"}
    animate = " permanent(lattice). static_effect(lattice,e). ability_filter(e,h). ability_static(e,add_type(land))."
    assert derive("filters:614.12-3", facts + animate, "unsupported") == {
        f"unsupported(subtypes_of_an_entering_permanent_under_an_effect_that_changes_subtypes({o}))"
        for o in ("field", "bears", "moon")} | {
        f"unsupported(types_of_an_entering_permanent_under_an_effect_that_changes_types({o}))"
        for o in ("field", "bears", "moon")}


@covers("filters:614.12-3")
def test_card_types_a_static_ability_would_add_to_what_enters_are_refused():
    """Opalescence makes enchantments creatures: the types of an entering enchantment are refused, a creature's
    are its card's; tokens about to be created likewise."""
    facts = _ENTERING + """ ability_static(d,add_type(creature)). filter_type(g,enchantment).
        imagined(tokens(alice,shrine),"Shrine",alice,alice,token). view_type(tokens(alice,shrine),enchantment).
        token_event(i(s,1),alice,shrine,1). filter_asked(f,x,tokens(alice,shrine))."""
    assert derive("filters:614.12-3", facts, "unsupported") == {
        "unsupported(types_of_an_entering_permanent_under_an_effect_that_changes_types(moon))",
        "unsupported(types_of_tokens_created_under_an_effect_that_changes_types(alice,shrine))"}
    # A filter that asks nothing of types or subtypes ("whenever a permanent you control enters") is answered.
    assert derive("filters:614.12-3", facts.replace("filter_type(f,creature).", "").replace(
        "filter_subtype(f,goblin).", ""), "unsupported") == set()


@covers("filters:614.12-4")
def test_own_entering_abilities_under_an_effect_removing_all_abilities_are_refused():
    """Humility-like (creatures lose all abilities): a creature entering with its own enters-with-counters, enter as
    a copy, or "when this enters" ability is refused; one with none, or an enchantment it cannot reach, is not."""
    facts = """permanent(hum). static_effect(hum,d). ability_filter(d,g). filter_type(g,creature).
               ability_static(d,loses_all_abilities).
               imagined(en(ballista,none),"Walking Ballista",alice,as(ballista),as(ballista)).
               view_type(en(ballista,none),creature). ability(ab("Walking Ballista",1),enters).
               imagined(en(clone,none),"Clone",alice,as(clone),as(clone)). view_type(en(clone,none),creature).
               ability(ab("Clone",1),replacement). ability_event(ab("Clone",1),enter).
               imagined(tokens(alice,greeter),"Greeter",alice,alice,token). view_type(tokens(alice,greeter),creature).
               token_event(i(s,1),alice,greeter,1). ability_trigger(ab("Greeter",1),enters).
               imagined(en(bears,none),"Grizzly Bears",alice,as(bears),as(bears)). view_type(en(bears,none),creature).
               imagined(en(orb,none),"Orb",alice,as(orb),as(orb)). view_type(en(orb,none),enchantment).
               ability(ab("Orb",1),enters)."""
    blocks = ["filters:614.12-3", "filters:614.12-4"]  # (what may reach what enters is the block before's)
    assert derive(blocks, facts, "unsupported") == {
        "unsupported(abilities_of_an_entering_permanent_under_an_effect_that_removes_them(ballista))",
        "unsupported(abilities_of_an_entering_permanent_under_an_effect_that_removes_them(clone))",
        "unsupported(abilities_of_tokens_created_under_an_effect_that_removes_them(alice,greeter))"}
    # An effect that changes power and toughness only removes nothing.
    assert derive(blocks, facts.replace("loses_all_abilities", "modify_pt(1,1)"), "unsupported") == set()
