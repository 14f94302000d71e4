"""asp/sba.lp, one block at a time (issue 29): each test runs one ``@rule`` block alone on a few facts.
What a block reads from other blocks or files (``_check``, ``permanent``, ``has_type`` ...) is given."""

from __future__ import annotations

from blockrun import covers, derive, models

GY = "to_graveyard(sba({0}),{0},battlefield)"


# --- 704.3: when state-based actions are checked ---------------------------------------------------------

@covers("sba:704.3")
def test_checked_when_a_player_would_receive_priority():
    assert derive("sba:704.3", "question(priority).", "_check") == {"_check"}
    assert derive("sba:704.3", "question(effect).", "_check") == set()


# --- 704.5a, 704.5b: losing the game ---------------------------------------------------------------------

@covers("sba:704.5a")
def test_zero_or_less_life_loses_and_an_empty_library_draw_loses():
    facts = "_check. life(alice,0). life(bob,1). life(carol,-3). empty_library_draw(bob)."
    assert derive("sba:704.5a", facts, "_would_lose") == {"_would_lose(alice,life)", "_would_lose(carol,life)",
                                                          "_would_lose(bob,empty_library)"}


@covers("sba:704.5a")
def test_nobody_loses_when_state_based_actions_are_not_checked():
    assert derive("sba:704.5a", "life(alice,0). empty_library_draw(bob).", "_would_lose") == set()


@covers("sba:704.5a")
def test_a_player_who_cant_lose_does_not_and_zero_life_alone_may_be_excused():
    facts = """_check. life(alice,0). empty_library_draw(alice). life(bob,0). empty_library_draw(bob).
               _cant_lose(alice). _no_loss_for_zero_life(bob)."""
    assert derive("sba:704.5a", facts, "_would_lose") == {"_would_lose(bob,empty_library)"}
    poisoned = "_check. poison(alice,10). poison(bob,10). _cant_lose(alice)."
    assert derive("sba:704.5c", poisoned, "_would_lose") == {"_would_lose(bob,poison)"}


# --- 614.1a: a loss replaced (Lich's Mirror) -------------------------------------------------------------

@covers("sba:614.1a")
def test_a_loss_is_a_loss_unless_its_player_starts_over():
    facts = "_would_lose(alice,life). _would_lose(alice,poison). _would_lose(bob,empty_library). life(alice,-2)."
    assert derive("sba:614.1a", facts, ["loses", "would_draw"]) == {"loses(alice,life)", "loses(alice,poison)",
                                                                    "loses(bob,empty_library)"}
    mirror = facts + " permanent(m). controller(m,alice). has_keyword(m,start_over_instead_of_losing)."
    assert derive("sba:614.1a", mirror, ["loses", "would_draw", "would_gain_life", "shuffled"]) == {
        "loses(bob,empty_library)", "would_draw(start_over(alice),alice,7)", "would_gain_life(start_over(alice),alice,22)",
        "shuffled(alice)"}


@covers("sba:614.1a")
def test_starting_over_shuffles_hand_graveyard_and_permanents_owned_then_draws_seven_at_random():
    facts = """_would_lose(alice,life). life(alice,0). permanent(m). controller(m,alice). owner(m,alice).
               has_keyword(m,start_over_instead_of_losing). permanent(stolen). owner(stolen,alice). controller(stolen,bob).
               permanent(theirs). owner(theirs,bob). in_zone(h,hand). owner(h,alice). in_zone(g,graveyard). owner(g,alice).
               in_zone(l,library). owner(l,alice). unseen_library(alice,5). unseen_hand(alice,2).
               permanent(tok). owner(tok,alice). token(tok). draws(start_over(alice),alice,7)."""
    shuffled_in = {"happens(start_over(alice),move(h,hand,library))", "happens(start_over(alice),move(g,graveyard,library))",
                   "happens(start_over(alice),move(m,battlefield,library))",
                   "happens(start_over(alice),move(tok,battlefield,library))",
                   "happens(start_over(alice),move(stolen,battlefield,library))", "unseen_shuffled_in(alice,hand,2)"}
    every = models("sba:614.1a", facts, ["happens", "unseen_shuffled_in"])
    assert all(shuffled_in <= m and "happens(start_over(alice),move(theirs,battlefield,library))" not in m for m in every)
    # Seven of the 12 cards (5 named: h, g, l, m, stolen; 7 counted; the token is no card, 111.8): any set of the
    # named ones, the rest counted.
    drawn = [frozenset(a for a in m if a.startswith("drawn_at_random")) for m in models("sba:614.1a", facts,
                                                                                     "drawn_at_random")]
    assert len(drawn) == 32 and len(set(drawn)) == 32


@covers("sba:614.1a")
def test_starting_over_beside_another_state_based_action_is_refused():
    facts = """_would_lose(alice,life). life(alice,0). permanent(m). controller(m,alice).
               has_keyword(m,start_over_instead_of_losing). unattached(e)."""
    assert derive("sba:614.1a", facts, "unsupported") == {
        "unsupported(starting_over_beside_another_state_based_action(alice))"}


# --- 104.3: "can't lose the game" -------------------------------------------------------------------------

@covers("sba:104.3")
def test_who_cant_lose_the_game_and_who_keeps_playing_at_zero_life():
    facts = """permanent(angel). controller(angel,alice). has_keyword(angel,cant_lose_the_game).
               permanent(demon). controller(demon,carol). has_keyword(demon,opponents_cant_lose_the_game).
               permanent(tomb). controller(tomb,dave). has_keyword(tomb,no_loss_for_zero_life).
               opponent(carol,alice). opponent(carol,bob). opponent(carol,dave). opponent(alice,carol)."""
    assert derive("sba:104.3", facts, "_cant_lose") == {"_cant_lose(alice)", "_cant_lose(bob)", "_cant_lose(dave)"}
    assert derive("sba:104.3", facts, "_no_loss_for_zero_life") == {"_no_loss_for_zero_life(dave)"}


# --- 704.5d, 704.5e: tokens and copies of spells cease to exist -------------------------------------------

@covers("sba:704.5d")
def test_tokens_off_the_battlefield_and_spell_copies_off_the_stack_cease_to_exist():
    facts = """_check. token(t1). in_zone(t1,graveyard). token(t2). in_zone(t2,battlefield).
               spell_copy(c1). in_zone(c1,exile). spell_copy(c2). in_zone(c2,stack)."""
    assert derive("sba:704.5d", facts, "ceases_to_exist") == {"ceases_to_exist(t1)", "ceases_to_exist(c1)"}


# --- 704.5f: toughness 0 or less --------------------------------------------------------------------------

@covers("sba:704.5f")
def test_a_creature_with_toughness_zero_or_less_goes_to_the_graveyard():
    facts = """_check. permanent(a). has_type(a,creature). toughness(a,0).
               permanent(b). has_type(b,creature). toughness(b,-1).
               permanent(c). has_type(c,creature). toughness(c,1)."""
    assert derive("sba:704.5f", facts, "to_graveyard") == {GY.format("a"), GY.format("b")}


@covers("sba:704.5f")
def test_toughness_counts_only_for_a_creature_on_the_battlefield():
    facts = "_check. permanent(a). has_type(a,artifact). toughness(a,0). has_type(b,creature). toughness(b,0)."
    assert derive("sba:704.5f", facts, "to_graveyard") == set()


# --- 704.5g, 704.5h: lethal damage, deathtouch, indestructible --------------------------------------------

@covers("sba:704.5g")
def test_lethal_damage_and_deathtouch_destroy():
    facts = """_check. permanent(a). has_type(a,creature). toughness(a,2). damage(a,2).
               permanent(b). has_type(b,creature). toughness(b,3). damage(b,2).
               permanent(c). has_type(c,creature). toughness(c,5). deathtouch_damage(c).
               permanent(d). has_type(d,creature). toughness(d,1). damage(d,4)."""
    assert derive("sba:704.5g", facts, ["_lethal", "destroyed"]) == {
        "_lethal(a)", "_lethal(c)", "_lethal(d)", "destroyed(sba(a),a)", "destroyed(sba(c),c)", "destroyed(sba(d),d)"}


@covers("sba:704.5g")
def test_damage_on_a_creature_with_toughness_zero_is_left_to_704_5f():
    facts = "_check. permanent(a). has_type(a,creature). toughness(a,0). damage(a,1). deathtouch_damage(a)."
    assert derive("sba:704.5g", facts, ["_lethal", "destroyed"]) == set()


# --- 704.5i: planeswalkers with no loyalty ----------------------------------------------------------------

@covers("sba:704.5i")
def test_a_planeswalker_without_loyalty_counters_goes_to_the_graveyard():
    facts = """_check. permanent(p1). has_type(p1,planeswalker).
               permanent(p2). has_type(p2,planeswalker). counter_count(p2,loyalty,3)."""
    assert derive("sba:704.5i", facts, "to_graveyard") == {GY.format("p1")}


# --- 704.5j: the legend rule -------------------------------------------------------------------------------

_LEGENDS = """_check. permanent(a). permanent(b). has_supertype(a,legendary). has_supertype(b,legendary).
              face_card(a,isamaru). face_card(b,isamaru). controller(a,alice). """


@covers("sba:704.5j")
def test_two_legends_with_one_name_and_one_controller_one_is_kept():
    assert models("sba:704.5j", _LEGENDS + "controller(b,alice).", ["to_graveyard", "chose"]) == [
        frozenset({"chose(alice,legend_rule(isamaru),a)", GY.format("b")}),
        frozenset({"chose(alice,legend_rule(isamaru),b)", GY.format("a")}),
    ]


@covers("sba:704.5j")
def test_legends_of_different_controllers_or_names_stay():
    assert derive("sba:704.5j", _LEGENDS + "controller(b,bob).", ["to_graveyard", "chose", "_legends"]) == set()
    facts = _LEGENDS.replace("face_card(b,isamaru)", "face_card(b,jaya)") + "controller(b,alice)."
    assert derive("sba:704.5j", facts, ["to_graveyard", "chose", "_legends"]) == set()


# --- 303.4a, 301.5c, 301.6: where a permanent may be attached -------------------------------------------

_SHOW = ["_legally_attached", "_illegally_attached", "unsupported"]


#: An enchant ability ``e`` whose filter ``f`` is its target's (702.5a, 303.4a): what the filter matches is filters.lp's.
_ENCHANT = "ability(e,enchant). ability_target(e,1,f,battlefield). "


@covers("sba:303.4a")
def test_an_aura_is_legally_attached_to_what_its_enchant_filter_matches_and_asks_about_that_alone():
    facts = _ENCHANT + """_check. permanent(a1). has_subtype(a1,aura). has_ability(a1,e). attached_to(a1,bear).
               permanent(bear). has_type(bear,creature). matches(f,a1,bear).
               permanent(a2). has_subtype(a2,aura). has_ability(a2,e). attached_to(a2,grove).
               permanent(grove). has_type(grove,land)."""
    assert derive("sba:303.4a", facts, _SHOW) == {"_legally_attached(a1)", "_illegally_attached(a2)"}
    assert derive("sba:303.4a", facts, "filter_asked") == {"filter_asked(f,a1,bear)", "filter_asked(f,a2,grove)"}


@covers("sba:303.4a")
def test_an_enchant_ability_the_aura_lost_enchants_nothing():
    """(Its abilities after layer 6: ``has_ability``; an Aura left with no enchant ability is refused below.)"""
    facts = _ENCHANT + """_check. permanent(a1). has_subtype(a1,aura). attached_to(a1,bear). permanent(bear).
               matches(f,a1,bear)."""
    assert derive("sba:303.4a", facts, _SHOW) == {"_illegally_attached(a1)",
                                                  "unsupported(an_aura_without_a_modelled_enchant_ability(a1))"}


@covers("sba:303.4a")
def test_nothing_with_a_quality_is_attached_to_a_permanent_with_protection_from_it():
    facts = _ENCHANT + """_check. permanent(guard). has_type(guard,creature). protected_from(guard,aura).
               protected_from(guard,sword). permanent(aura). has_subtype(aura,aura). has_ability(aura,e).
               attached_to(aura,guard). matches(f,aura,guard).
               permanent(sword). has_subtype(sword,equipment). attached_to(sword,guard).
               permanent(plain). has_subtype(plain,equipment). attached_to(plain,guard)."""
    assert derive(["sba:303.4a", "sba:702.16c"], facts, _SHOW) == {
        "_illegally_attached(aura)", "_illegally_attached(sword)", "_legally_attached(plain)"}


@covers("sba:303.4a")
def test_an_attachment_to_an_object_that_left_the_battlefield_is_illegal():
    facts = _ENCHANT + """_check. permanent(a). has_subtype(a,aura). has_ability(a,e). attached_to(a,bear).
               has_type(bear,creature). matches(f,a,bear)."""  # bear is not a permanent: it left
    assert derive("sba:303.4a", facts, _SHOW) == {"_illegally_attached(a)"}


@covers("sba:303.4a")
def test_equipment_goes_on_a_creature_and_a_fortification_on_a_land_and_nothing_else_on_anything():
    facts = """_check. permanent(bear). has_type(bear,creature). permanent(grove). has_type(grove,land).
               permanent(e1). has_subtype(e1,equipment). attached_to(e1,bear).
               permanent(e2). has_subtype(e2,equipment). attached_to(e2,grove).
               permanent(e3). has_subtype(e3,equipment). has_type(e3,creature). attached_to(e3,bear).
               permanent(f1). has_subtype(f1,fortification). attached_to(f1,grove).
               permanent(f2). has_subtype(f2,fortification). attached_to(f2,bear).
               permanent(x). has_type(x,artifact). attached_to(x,bear)."""
    assert derive("sba:303.4a", facts, _SHOW) == {
        "_legally_attached(e1)", "_legally_attached(f1)",
        "_illegally_attached(e2)", "_illegally_attached(e3)", "_illegally_attached(f2)", "_illegally_attached(x)"}


@covers("sba:303.4a")
def test_an_aura_without_a_modelled_enchant_ability_is_unsupported():
    facts = _ENCHANT + """_check. permanent(a1). has_subtype(a1,aura). has_ability(a1,other).
               permanent(a2). has_subtype(a2,aura). has_ability(a2,e)."""
    assert derive("sba:303.4a", facts, _SHOW) == {"unsupported(an_aura_without_a_modelled_enchant_ability(a1))"}


@covers("sba:303.4a")
def test_an_unattached_aura_is_not_illegally_attached_here():
    """Attached to nothing is 704.5m's second rule, not an illegal attachment."""
    facts = _ENCHANT + "_check. permanent(a). has_subtype(a,aura). has_ability(a,e)."
    assert derive("sba:303.4a", facts, _SHOW) == set()


@covers("sba:303.4a")
def test_a_bestowed_aura_enchants_what_its_bestow_ability_targets():
    """702.103b: a bestowed Aura's enchant creature is its bestow ability's; an Aura that is not bestowed does not read
    a bestow ability."""
    facts = """_check. ability(b,bestow). ability_target(b,1,f,battlefield). permanent(bear). has_type(bear,creature).
               permanent(s1). bestowed(s1). has_subtype(s1,aura). has_ability(s1,b). attached_to(s1,bear).
               matches(f,s1,bear). permanent(s2). has_subtype(s2,aura). has_ability(s2,b). attached_to(s2,bear).
               matches(f,s2,bear)."""
    assert derive("sba:303.4a", facts, _SHOW) == {
        "_legally_attached(s1)", "_illegally_attached(s2)",
        "unsupported(an_aura_without_a_modelled_enchant_ability(s2))"}


# --- 704.5m: Auras --------------------------------------------------------------------------------------

@covers("sba:704.5m")
def test_an_illegally_attached_or_unattached_aura_goes_to_the_graveyard():
    facts = """_check. _illegally_attached(a1). has_subtype(a1,aura). permanent(a2). has_subtype(a2,aura).
               permanent(a3). has_subtype(a3,aura). attached_to(a3,bear).
               _illegally_attached(e). has_subtype(e,equipment)."""
    assert derive("sba:704.5m", facts, "to_graveyard") == {GY.format("a1"), GY.format("a2")}


@covers("sba:704.5m")
@covers("sba:702.103f")
def test_a_bestowed_aura_that_becomes_unattached_stays_and_is_no_longer_bestowed():
    facts = """_check. _illegally_attached(s). has_subtype(s,aura). bestowed(s). permanent(s).
               _illegally_attached(a). has_subtype(a,aura)."""
    assert derive(["sba:704.5m", "sba:702.103f"], facts, ["to_graveyard", "unattached", "unbestowed"]) == {
        GY.format("a"), "unattached(s)", "unbestowed(s)"}


# --- 704.5n, 704.5p: Equipment, Fortifications and the rest ---------------------------------------------

@covers("sba:704.5n")
def test_an_illegally_attached_non_aura_becomes_unattached():
    facts = """_illegally_attached(e). has_subtype(e,equipment). _illegally_attached(f). has_subtype(f,fortification).
               _illegally_attached(x). _illegally_attached(a). has_subtype(a,aura)."""
    assert derive("sba:704.5n", facts, "unattached") == {"unattached(e)", "unattached(f)", "unattached(x)"}


# --- 303.4a with 704.5m and 704.5n: what happens to each attachment ----------------------------------------

_ATTACH = ("sba:303.4a", "sba:704.5m", "sba:704.5n")
_BOARD = "_check. permanent(bear). has_type(bear,creature). permanent(grove). has_type(grove,land). "


@covers(*_ATTACH)
def test_704_5m_auras_attached_illegally_to_what_left_or_to_nothing_go_and_a_legal_one_stays():
    facts = _BOARD + _ENCHANT + """
        permanent(legal). has_subtype(legal,aura). has_ability(legal,e). attached_to(legal,bear). matches(f,legal,bear).
        permanent(wrong). has_subtype(wrong,aura). has_ability(wrong,e). attached_to(wrong,grove).
        permanent(left). has_subtype(left,aura). has_ability(left,e). attached_to(left,gone).
        permanent(none). has_subtype(none,aura). has_ability(none,e)."""
    assert derive(_ATTACH, facts, ["to_graveyard", "unattached"]) == {GY.format(a) for a in ("wrong", "left", "none")}


@covers(*_ATTACH)
def test_704_5n_704_5p_other_attachments_become_unattached_and_stay():
    facts = _BOARD + """
        permanent(sword). has_subtype(sword,equipment). has_type(sword,artifact). attached_to(sword,grove).
        permanent(wall). has_subtype(wall,fortification). has_type(wall,artifact). attached_to(wall,bear).
        permanent(relic). has_type(relic,artifact). attached_to(relic,bear).
        permanent(blade). has_subtype(blade,equipment). attached_to(blade,bear)."""
    assert derive(_ATTACH, facts, ["to_graveyard", "unattached"]) == {"unattached(sword)", "unattached(wall)",
                                                                       "unattached(relic)"}


# --- 704.5q: +1/+1 and -1/-1 counters annihilate ---------------------------------------------------------

@covers("sba:704.5q")
def test_plus_and_minus_counters_remove_the_smaller_number_of_each():
    facts = """_check. counter_count(a,p1p1,2). counter_count(a,m1m1,3). counter_count(b,p1p1,4). counter_count(b,m1m1,1).
               counter_count(c,p1p1,2)."""
    assert derive("sba:704.5q", facts, "happens") == {
        "happens(sba(a,p1p1),counters(a,p1p1,-2))", "happens(sba(a,m1m1),counters(a,m1m1,-2))",
        "happens(sba(b,p1p1),counters(b,p1p1,-1))", "happens(sba(b,m1m1),counters(b,m1m1,-1))"}


# --- 704.3: whether any state-based action applies ---------------------------------------------------------

@covers("sba:704.3-2")
def test_each_kind_of_state_based_action_counts():
    for fact in ("loses(alice,life).", "ceases_to_exist(t).", "to_graveyard(sba(a),a,battlefield).",
                 "_legends(alice,isamaru).", "_annihilate(a,1).", "unattached(e)."):
        assert derive("sba:704.3-2", fact, "state_based_actions") == {"state_based_actions"}, fact


@covers("sba:704.3-2")
def test_a_move_to_the_graveyard_that_is_not_a_state_based_action_does_not_count():
    facts = "to_graveyard(destroy(s),a,battlefield). to_graveyard(sba(b),b,battlefield)."
    assert derive("sba:704.3-2", facts.split(" ")[0], "state_based_actions") == set()
    assert derive("sba:704.3-2", facts, "state_based_actions") == {"state_based_actions"}


@covers(*_ATTACH)
def test_303_4d_an_aura_that_is_also_a_creature_enchants_nothing():
    """303.4d: an Aura that's also a creature can't enchant anything (704.5p: a creature attached to an
    object becomes unattached); the Aura is put into its owner's graveyard, like an Equipment creature
    that may not equip (301.5c, the block's Equipment rule)."""
    facts = _BOARD + _ENCHANT + """
        permanent(ghoul). has_subtype(ghoul,aura). has_type(ghoul,creature). has_ability(ghoul,e).
        attached_to(ghoul,bear). matches(f,ghoul,bear)."""
    assert derive(_ATTACH, facts, ["to_graveyard", "unattached"]) == {GY.format("ghoul")}


@covers("sba:303.4a")
def test_303_4d_no_aura_enchants_itself_and_an_aura_creature_enchants_nothing():
    facts = _ENCHANT + """_check. permanent(a1). has_subtype(a1,aura). has_type(a1,land). has_ability(a1,e).
               attached_to(a1,a1). matches(f,a1,a1). permanent(a2). has_subtype(a2,aura). has_type(a2,creature).
               has_ability(a2,e). attached_to(a2,bear). matches(f,a2,bear). permanent(bear). has_type(bear,creature)."""
    assert derive("sba:303.4a", facts, _SHOW) == {"_illegally_attached(a1)", "_illegally_attached(a2)"}


@covers("sba:704.5c")
def test_ten_poison_counters_lose_the_game():
    facts = "_check. poison(alice,10). poison(bob,9). poison(carol,12)."
    assert derive("sba:704.5c", facts, "_would_lose") == {"_would_lose(alice,poison)", "_would_lose(carol,poison)"}


@covers("sba:702.16c")
def test_an_auras_own_protection_does_not_remove_it():
    ward = """_check. attached_to(o,t). permanent(o). has_subtype(o,aura). has_ability(o,a). instance_of(a,d).
              ability_static(d,spares_its_aura). has_keyword(t,protection_from_white). has_color(o,w).
              protected_from(t,o). keyword_given(t,o,protection_from_white). """
    assert derive("sba:702.16c", ward, ["_protection_removes", "_spared"]) == {"_spared(t,o)"}
    # The same protection printed on the creature too: it still removes the Aura.
    printed = ward + "face_card(t,c). card_keyword(c,protection_from_white)."
    assert derive("sba:702.16c", printed, ["_protection_removes", "_spared"]) == {"_protection_removes(t,o)"}
    # Another white Aura without the words is removed.
    other = "_check. attached_to(p,t). permanent(p). has_subtype(p,aura). protected_from(t,p)."
    assert derive("sba:702.16c", other, "_protection_removes") == {"_protection_removes(t,p)"}
    # The words on a permanent that is no Aura: refused.
    assert derive("sba:702.16c", "permanent(x). has_ability(x,a). instance_of(a,d). ability_static(d,spares_its_aura).",
                  "unsupported") == {"unsupported(sparing_itself_but_not_an_aura(x))"}
