"""asp/combat.lp, one block at a time: each test runs one ``@rule`` block (or the few a rule needs together)
alone on a few facts. What a block reads from other blocks or files (``permanent``, ``has_type``,
``controller``, ``power`` ...) is given."""

from __future__ import annotations

from blockrun import covers, derive, models

# --- 508.1: declaring attackers ---------------------------------------------------------------------------

@covers("combat:508.1")
def test_attackers_are_declared_as_combat_begins_with_an_empty_stack():
    assert derive("combat:508.1", "question(declare_attackers(open)). step(beginning_of_combat). stack_empty.",
                  "illegal") == set()
    assert derive("combat:508.1", "question(declare_attackers(given)). step(declare_blockers).", "illegal") == {
        "illegal(cannot_declare_attackers(not_beginning_of_combat))",
        "illegal(cannot_declare_attackers(stack_not_empty))"}


@covers("combat:506.2")
def test_a_creature_attacks_an_opponent_or_an_opponents_planeswalker():
    facts = """_declaring_attackers. active_player(alice). opponent(alice,bob). permanent(w). has_type(w,planeswalker).
               controller(w,bob). permanent(v). has_type(v,planeswalker). controller(v,alice)."""
    assert derive("combat:506.2", facts, "_attackable") == {"_attackable(alice,bob)", "_attackable(alice,w)"}


@covers("combat:509.1b")
def test_an_auras_restriction_keeps_the_creature_it_enchants_from_attacking_or_blocking():
    facts = """static_effect(p,d). ability_static(d,restriction(attack)). ability_static(d,restriction(block)).
               permanent(p). attached_to(p,c). static_effect(q,e). ability_static(e,restriction(block)). attached_to(q,k).
               permanent(q). ability_static(f,restriction(attack)). attached_to(r,z). permanent(r)."""
    assert derive("combat:509.1b", facts, "_kept_from") == {
        "_kept_from(c,attack)", "_kept_from(c,block)", "_kept_from(k,block)"}


@covers("combat:508.1c-2")
def test_a_creature_that_cant_attack_alone_needs_another_attacker():
    facts = """_attacker(h,bob). has_keyword(h,cant_attack_alone). _attacker(g,bob). has_keyword(g,cant_attack_alone).
               _declaring_attackers. _able_to_attack(h). has_keyword(h,attacks_each_combat)."""
    assert derive("combat:508.1c-2", facts, ["_attack_illegal", "unsupported"]) == {
        "unsupported(attack_requirements_with_a_creature_that_cant_attack_alone)"}
    assert derive("combat:508.1c-2", "_attacker(h,bob). has_keyword(h,cant_attack_alone).", "_attack_illegal") == {
        "_attack_illegal(cannot_attack(h,alone))"}


@covers("combat:509.1b-4")
def test_a_creature_that_cant_block_alone_needs_another_blocker():
    assert derive("combat:509.1b-4", "_blocker(s,x). has_keyword(s,cant_block_alone).", "_block_illegal") == {
        "_block_illegal(cannot_block_alone(s))"}
    assert derive("combat:509.1b-4", "_blocker(s,x). has_keyword(s,cant_block_alone). _blocker(b,y).",
                  "_block_illegal") == set()


@covers("combat:508.1a")
def test_able_to_attack_untapped_not_sick_without_defender():
    facts = """_declaring_attackers. active_player(alice).
               permanent(a). has_type(a,creature). controller(a,alice).
               permanent(b). has_type(b,creature). controller(b,alice). is_tapped(b).
               permanent(c). has_type(c,creature). controller(c,alice). summoning_sick(c).
               permanent(d). has_type(d,creature). controller(d,alice). has_keyword(d,defender).
               permanent(e). has_type(e,creature). controller(e,bob)."""
    assert derive("combat:508.1a", facts, "_able_to_attack") == {"_able_to_attack(a)"}


@covers("combat:508.1a-2")
def test_an_open_declaration_is_any_choice_of_attackers_and_of_what_each_attacks():
    facts = """question(declare_attackers(open)). _able_to_attack(a). _able_to_attack(b). controller(a,alice).
               controller(b,alice). _attackable(alice,bob). _attackable(alice,w)."""
    assert len(models("combat:508.1a-2", facts, "_attacker")) == 9  # each of two: nothing, bob or w
    given = "question(declare_attackers(given)). question_attack(a,bob)."
    assert derive("combat:508.1a-2", given, "_attacks_something") == {"_attacks_something(a)"}


@covers("combat:508.1a-3")
def test_a_declared_attacker_that_may_not_attack_is_a_broken_rule():
    facts = """_attacker(a,bob). permanent(a). has_type(a,creature). active_player(alice). controller(a,alice).
               is_tapped(a). _attackable(alice,bob).
               _attacker(b,alice). permanent(b). has_type(b,creature). controller(b,alice). summoning_sick(b).
               _attacker(c,bob). permanent(c). has_type(c,creature). controller(c,bob). has_keyword(c,defender).
               _attacker(d,bob)."""
    assert derive("combat:508.1a-3", facts, "_attack_illegal") == {
        "_attack_illegal(cannot_attack(a,tapped))", "_attack_illegal(cannot_attack(b,summoning_sick))",
        "_attack_illegal(may_not_attack(b,alice))", "_attack_illegal(cannot_attack(c,defender))",
        "_attack_illegal(cannot_attack(c,not_controlled_by_active_player))", "_attack_illegal(may_not_attack(c,bob))",
        "_attack_illegal(cannot_attack(d,not_a_creature))", "_attack_illegal(cannot_attack(d,not_a_permanent))"}


@covers("combat:508.1d")
def test_a_creature_able_to_attack_that_must_attack_does():
    facts = """_able_to_attack(a). has_keyword(a,attacks_each_combat). _able_to_attack(b).
               has_keyword(b,attacks_each_combat). _attacks_something(b). has_keyword(c,attacks_each_combat).
               _able_to_attack(d). has_keyword(d,attacks_each_combat). _forbidden_target(d,bob).
               controller(a,alice). controller(b,alice). controller(d,alice). _attackable(alice,bob)."""
    # d may attack nothing (a restriction forbids its only target): not able, not required
    assert derive("combat:508.1d", facts, "_attack_illegal") == {"_attack_illegal(must_attack(a))"}


@covers("combat:508.1c")
def test_a_creature_that_needs_an_island_attacks_only_a_player_who_controls_one():
    facts = """_attackable(alice,bob). _attackable(alice,carol). _attackable(alice,walker). player(bob). player(carol).
               permanent(walker). controller(walker,carol). permanent(isl). has_type(isl,land). has_subtype(isl,island).
               controller(isl,bob). _able_to_attack(s). has_keyword(s,cant_attack_unless_defender_controls_island).
               _attacker(s,carol)."""
    assert derive("combat:508.1c", facts, ["_island_defender", "_forbidden_target", "_attack_illegal"]) == {
        "_island_defender(bob)", "_forbidden_target(s,carol)", "_forbidden_target(s,walker)",
        "_attack_illegal(cannot_attack(s,no_island))"}


@covers("combat:508.1-2")
def test_a_broken_rule_makes_a_given_declaration_illegal_and_an_open_one_no_declaration():
    broken = "_attack_illegal(must_attack(a))."
    assert derive("combat:508.1-2", "question(declare_attackers(given)). " + broken, "illegal") == {
        "illegal(must_attack(a))"}
    assert models("combat:508.1-2", "question(declare_attackers(open)). " + broken, "illegal") == []


@covers("combat:508.1f")
def test_attackers_attack_and_tap_unless_they_have_vigilance():
    facts = "_attacker(a,bob). _attacker(b,bob). has_keyword(b,vigilance)."
    assert derive("combat:508.1f", facts, ["attacks", "happens"]) == {
        "attacks(a,bob)", "attacks(b,bob)", "happens(declare_attackers,tap(a))"}
    assert derive("combat:508.1f", facts + " illegal(x).", "attacks") == set()


# --- 509.1: declaring blockers ----------------------------------------------------------------------------

@covers("combat:509.1")
def test_blockers_are_declared_after_the_declare_attackers_step():
    assert derive("combat:509.1", "question(declare_blockers(open)). step(declare_attackers). stack_empty.",
                  "illegal") == set()
    assert derive("combat:509.1", "question(declare_blockers(open)). step(beginning_of_combat). stack_empty.",
                  "illegal") == {"illegal(cannot_declare_blockers(not_declare_attackers_step))"}


@covers("combat:508.5")
def test_the_defending_player_is_the_one_attacked_or_the_planeswalkers_controller():
    facts = "_declaring_blockers. attacking(a,bob). player(bob). attacking(b,w). controller(w,carol)."
    assert derive("combat:508.5", facts, "_defending") == {"_defending(bob,a)", "_defending(carol,b)"}


@covers("combat:509.1a")
def test_who_may_block_what_flying_reach_cant_block_and_cant_be_blocked():
    creature = "permanent({0}). has_type({0},creature). controller({0},bob). "
    facts = ("_defending(bob,flyer). _defending(bob,ground). _defending(bob,elusive). permanent(flyer). "
             "has_keyword(flyer,flying). permanent(ground). permanent(elusive). has_keyword(elusive,cant_be_blocked). "
             + creature.format("bears") + creature.format("spider") + "has_keyword(spider,reach). "
             + creature.format("bird") + "has_keyword(bird,flying). "
             + creature.format("coward") + "has_keyword(coward,cant_block). "
             + creature.format("tired") + "is_tapped(tired).")
    assert derive("combat:509.1a", facts, "_able_to_block") == {
        "_able_to_block(bears,ground)", "_able_to_block(spider,ground)", "_able_to_block(bird,ground)",
        "_able_to_block(spider,flyer)", "_able_to_block(bird,flyer)"}


@covers("combat:509.1a-2")
def test_an_open_declaration_blocks_one_attacker_at_most_with_each_creature():
    facts = """question(declare_blockers(open)). _declaring_blockers. attacking(x,bob). attacking(y,bob).
               _able_to_block(b,x). _able_to_block(b,y)."""
    assert models("combat:509.1a-2", facts, "_blocker") == [frozenset(), frozenset({"_blocker(b,x)"}),
                                                            frozenset({"_blocker(b,y)"})]
    assert derive("combat:509.1a-2", facts.replace("open", "given") + " question_block(b,x).", "_blockers") == {
        "_blockers(x,1)", "_blockers(y,0)"}


@covers("combat:509.1a-2")
def test_a_creature_that_can_block_more_blocks_up_to_its_limit():
    facts = """question(declare_blockers(open)). _declaring_blockers. attacking(x,bob). attacking(y,bob). attacking(z,bob).
               _able_to_block(b,x). _able_to_block(b,y). _able_to_block(b,z). has_keyword(b,block_additional)."""
    chosen = models("combat:509.1a-2", facts, "_blocker")
    assert len(chosen) == 7 and max(len(m) for m in chosen) == 2  # none, one of three, two of three
    assert len(models("combat:509.1a-2", facts.replace("block_additional", "block_any_number"), "_blocker")) == 8
    assert derive("combat:509.1a-2", facts + " keyword_given(b,e,block_additional). face_card(b,g). "
                  "card_keyword(g,block_additional).", "unsupported") == {
        "unsupported(two_effects_letting_a_creature_block_an_additional_creature(b))"}


@covers("combat:509.1a-3")
def test_a_block_not_allowed_or_a_lone_blocker_of_a_menace_creature_is_a_broken_rule():
    facts = """_blocker(b,x). _able_to_block(c,x). _blocker(c,x). _blockers(x,2). has_keyword(x,menace).
               _able_to_block(d,y). _blocker(d,y). _blockers(y,1). has_keyword(y,menace)."""
    assert derive("combat:509.1a-3", facts, "_block_illegal") == {
        "_block_illegal(cannot_block(b,x))", "_block_illegal(menace(y))"}


@covers("combat:509.1a-3")
def test_blocking_more_attackers_than_its_limit_is_a_broken_rule():
    facts = """_able_to_block(b,x). _able_to_block(b,y). _blocker(b,x). _blocker(b,y). _block_limit(b,1).
               _able_to_block(c,x). _able_to_block(c,y). _blocker(c,x). _blocker(c,y). _block_limit(c,2)."""
    assert derive("combat:509.1a-3", facts, "_block_illegal") == {"_block_illegal(blocks_too_many(b))"}



@covers("combat:509.1a-3")
def test_more_than_one_blocker_of_a_creature_that_cant_be_blocked_by_more_is_a_broken_rule():
    facts = """_blockers(x,2). has_keyword(x,cant_be_blocked_by_more_than_one). _blockers(y,1).
               has_keyword(y,cant_be_blocked_by_more_than_one). _blockers(z,3)."""
    assert derive("combat:509.1a-3", facts, "_block_illegal") == {"_block_illegal(blocked_by_more_than_one(x))"}


@covers("combat:509.1c")
def test_blocks_each_combat_open_keeps_the_declarations_obeying_the_most_requirements():
    facts = """question(declare_blockers(open)). _able_to_block(guard,x). has_keyword(guard,blocks_each_combat).
               _able_to_block(other,x). _blocker(other,x)."""
    assert derive("combat:509.1c", facts, ["_must_block", "ranked_by_requirements"]) == {
        "_must_block(guard)", "ranked_by_requirements"}


@covers("combat:509.1c")
def test_blocks_each_combat_given_is_compared_with_the_best_witness():
    base = """question(declare_blockers(given)). _able_to_block(guard,x). has_keyword(guard,blocks_each_combat).
              _able_to_block(bears,x). _block_limit(guard,1). _block_limit(bears,1). {menace}"""
    alone = models("combat:509.1c", base.format(menace=""), "_block_illegal", optimal=True)
    assert alone == [frozenset({"_block_illegal(must_block(guard))"})]  # the witness blocks with the guard
    # With menace, the witness needs both: still better than none, so no block is illegal too.
    menace = models("combat:509.1c", base.format(menace="has_keyword(x,menace)."), "_block_illegal", optimal=True)
    assert menace == [frozenset({"_block_illegal(must_block(guard))"})]
    obeyed = base.format(menace="") + " _blocker(guard,x)."
    assert models("combat:509.1c", obeyed, "_block_illegal", optimal=True) == [frozenset()]


@covers("combat:509.1c")
def test_every_creature_able_to_block_a_lure_must_block_it():
    """509.1c: "all creatures able to block this creature do so" is a requirement of each creature able to block it;
    one blocking another attacker instead breaks its own, where the witness obeys both."""
    base = """question(declare_blockers(given)). has_keyword(lure,must_be_blocked_by_all_able). _able_to_block(a,lure).
              _able_to_block(a,x). _able_to_block(b,lure). _block_limit(a,1). _block_limit(b,1). {blocks}"""
    assert derive("combat:509.1c", base.format(blocks=""), "_requirement") == {
        "_requirement(must_block_lure(a,lure))", "_requirement(must_block_lure(b,lure))"}
    elsewhere = models("combat:509.1c", base.format(blocks="_blocker(a,x). _blocker(b,lure)."), "_block_illegal",
                       optimal=True)
    assert elsewhere == [frozenset({"_block_illegal(must_block_lure(a,lure))"})]
    both = models("combat:509.1c", base.format(blocks="_blocker(a,lure). _blocker(b,lure)."), "_block_illegal",
                  optimal=True)
    assert both == [frozenset()]


@covers("combat:509.1-2")
def test_a_broken_block_makes_a_given_declaration_illegal_and_an_open_one_no_declaration():
    broken = "_block_illegal(menace(y))."
    assert derive("combat:509.1-2", "question(declare_blockers(given)). " + broken, "illegal") == {
        "illegal(menace(y))"}
    assert models("combat:509.1-2", "question(declare_blockers(open)). " + broken, "illegal") == []


@covers("combat:509.1g")
def test_blockers_block():
    assert derive("combat:509.1g", "_blocker(b,x).", "blocks") == {"blocks(b,x)"}
    assert derive("combat:509.1g", "_blocker(b,x). illegal(r).", "blocks") == set()


# --- 510: combat damage -----------------------------------------------------------------------------------

@covers("combat:510.1")
def test_a_combat_damage_step_begins_after_blockers_with_an_empty_stack():
    assert derive("combat:510.1", "question(combat_damage). step(declare_blockers). stack_empty.",
                  ["_damage_step", "illegal"]) == {"_damage_step"}
    assert derive("combat:510.1", "question(combat_damage). step(first_strike_damage).",
                  ["_damage_step", "illegal"]) == {"illegal(no_combat_damage_step(stack_not_empty))"}
    assert derive("combat:510.1", "question(combat_damage). step(combat_damage). stack_empty.",
                  "illegal") == {"illegal(no_combat_damage_step(not_after_blockers))"}


@covers("combat:510.4")
def test_first_strike_makes_a_first_step_and_the_second_is_for_the_others_and_double_strike():
    creatures = """attacking(fs,bob). permanent(fs). has_keyword(fs,first_strike). attacking(ds,bob). permanent(ds).
                   has_keyword(ds,double_strike). blocking(plain,fs). permanent(plain)."""
    first = derive("combat:510.4", "_damage_step. step(declare_blockers). " + creatures,
                   ["combat_damage_step", "first_strike_step", "_dealer"])
    assert first == {"combat_damage_step(first_strike)", "first_strike_step(fs)", "first_strike_step(ds)",
                     "_dealer(fs)", "_dealer(ds)"}
    second = derive("combat:510.4", "_damage_step. _attackers_declared. step(first_strike_damage). struck_first(fs). "
                    "struck_first(ds). " + creatures, ["combat_damage_step", "_dealer"])
    assert second == {"combat_damage_step(regular)", "_dealer(ds)", "_dealer(plain)"}
    alone = derive("combat:510.4", "_damage_step. _attackers_declared. step(declare_blockers). attacking(a,bob). "
                   "permanent(a).", ["combat_damage_step", "_dealer"])
    assert alone == {"combat_damage_step(regular)", "_dealer(a)"}


@covers("combat:508.8")
def test_with_no_creature_declared_attacking_the_combat_damage_step_is_skipped():
    blocks = ("combat:510.4", "combat:508.8")
    step = "_damage_step. step(declare_blockers). active_player(alice). "
    assert derive(blocks, step, "combat_damage_step") == {"combat_damage_step(no_attackers)"}
    # declared, though none is attacking now (all removed from combat): the step happens, dealing nothing
    assert derive(blocks, step + "attacked_this_turn(alice).", ["combat_damage_step", "_dealer"]) == {
        "combat_damage_step(regular)"}
    # attacking without a declaration (put onto the battlefield attacking, or given so)
    assert derive(blocks, step + "attacking(a,bob). permanent(a).", ["combat_damage_step", "_dealer"]) == {
        "combat_damage_step(regular)", "_dealer(a)"}
    # the defending player's attack does not count
    assert derive(blocks, step + "attacked_this_turn(bob).", "combat_damage_step") == {
        "combat_damage_step(no_attackers)"}


@covers("combat:510.1a")
def test_a_creature_assigns_its_power_and_none_with_zero_or_less():
    facts = "_dealer(a). power(a,3). _dealer(b). power(b,0). _dealer(c). power(c,-1). power(d,2)."
    assert derive("combat:510.1a", facts, "_power") == {"_power(a,3)"}


@covers("combat:510.1b")
def test_where_damage_may_go_unblocked_blocked_and_blocking():
    facts = """_damage_step. player(bob). _in_combat(u). attacking(u,bob). _power(u,2).
               _in_combat(x). attacking(x,bob). blocked(x). _power(x,3). blocking(b,x). permanent(b). _power(b,1).
               attacking(gone,w). _power(gone,2).
               _in_combat(y). attacking(y,bob). blocked(y). _power(y,4)."""
    assert derive("combat:510.1b", facts, "_recipient") == {
        "_recipient(u,bob)", "_recipient(x,b)", "_recipient(b,x)"}


@covers("combat:510.1b")
def test_a_creature_that_may_assign_as_though_unblocked_goes_all_one_way_or_the_other():
    facts = """_damage_step. player(bob). _in_combat(t). attacking(t,bob). blocked(t). _power(t,7).
               has_keyword(t,assign_as_though_unblocked). blocking(b,t). permanent(b)."""
    assert {frozenset(x for x in m if x.startswith("_recipient(t,")) for m in models("combat:510.1b", facts,
            ["_recipient", "as_though_unblocked"])} == {frozenset({"_recipient(t,bob)"}), frozenset({"_recipient(t,b)"})}


@covers("combat:702.19b")
def test_a_blocked_trampler_may_assign_to_what_it_attacks():
    facts = "_power(t,5). blocked(t). has_keyword(t,trample). _attacked_here(t,bob). _power(n,2). blocked(n). " \
            "_attacked_here(n,bob)."
    assert derive("combat:702.19b", facts, "_recipient") == {"_recipient(t,bob)"}


@covers("combat:510.1c")
def test_damage_is_divided_freely_among_two_or_more_recipients():
    facts = "_power(a,4). _recipient(a,x). _recipient(a,y). _power(b,2). _recipient(b,a)."
    found = models("combat:510.1c", facts, "_assigned")
    assert len(found) == 5  # 0+4 .. 4+0, no order and no lethal damage first
    assert all("_assigned(b,a,2)" in m for m in found)
    assert {frozenset(x for x in m if x.startswith("_assigned(a,")) for m in found} == {
        frozenset({f"_assigned(a,x,{k})", f"_assigned(a,y,{4 - k})"}) for k in range(5)}


@covers("combat:702.19b-2")
def test_trample_needs_lethal_damage_on_every_blocker_counting_marked_damage():
    base = """_blocks_now(b1,t). _blocks_now(b2,t). toughness(b1,2). damage(b1,1). toughness(b2,3). _attacked_here(t,bob).
              _assigned(t,b1,{0}). _assigned(t,b2,{1}). _assigned(t,bob,{2})."""
    assert models("combat:702.19b-2", base.format(1, 3, 2), ["_lethal_assigned", "_past_blockers"]) == [
        frozenset({"_lethal_assigned(b1)", "_lethal_assigned(b2)", "_past_blockers(t,bob,2)"})]
    assert models("combat:702.19b-2", base.format(1, 2, 3), "_lethal_assigned") == []  # b2 short of lethal
    # (deathtouch's lethal damage is another block's, given here as what it derives)
    touch = base.format(1, 1, 4) + " _lethal_assigned(b2)."
    assert models("combat:702.19b-2", touch, "_past_blockers") == [frozenset({"_past_blockers(t,bob,4)"})]


@covers("combat:702.2c")
def test_any_damage_from_deathtouch_is_lethal_for_trample():
    facts = """_blocks_now(b1,t). _blocks_now(b2,t). _assigned(t,b1,1). _assigned(t,b2,0). has_keyword(t,deathtouch).
               _blocks_now(b3,n). _assigned(n,b3,1)."""
    assert derive("combat:702.2c", facts, "_lethal_assigned") == {"_lethal_assigned(b1)"}


@covers("combat:510.2")
def test_assigned_damage_is_dealt_at_once_by_each_dealer():
    facts = "_assigned(a,bob,3). _assigned(a,x,0). _dealer(a). controller(a,alice)."
    assert derive("combat:510.2", facts, ["damage_event", "combat_damage_dealer"]) == {
        "damage_event(cd(a,bob),a,bob,3)", "combat_damage_dealer(a,alice)"}
    # (damage past the blockers is dealt as it rests on trample's lethal damage, once)
    facts = "_assigned(t,bob,2). _past_blockers(t,bob,2). _assigned(t,b,1). _dealer(t). controller(t,alice)."
    assert derive("combat:510.2", facts, "damage_event") == {"damage_event(cd(t,bob),t,bob,2)",
                                                             "damage_event(cd(t,b),t,b,1)"}


# --- 603.2: what combat triggers --------------------------------------------------------------------------

@covers("combat:508.3a")
def test_declared_attackers_attack_and_blockers_block_once_each():
    facts = "attacks(a,bob). blocks(b,x). blocks(c,y). _able_to_attack(a). _able_to_block(b,x). _able_to_block(b,y)."
    assert derive("combat:508.3a", facts, ["trigger_event", "trigger_subject", "possible_view"]) == {
        "trigger_event(attacks(a),attacks,a)", "trigger_subject(attacks(a),a)", "trigger_event(blocks(b),blocks,b)",
        "trigger_subject(blocks(b),b)", "trigger_event(blocks(c),blocks,c)", "trigger_subject(blocks(c),c)",
        "possible_view(attacks,a)", "possible_view(blocks,b)"}


@covers("combat:506.5")
def test_a_creature_attacks_alone_when_it_is_the_only_attacker():
    alone = "attacks(a,bob). _able_to_attack(a). _able_to_attack(b)."
    assert derive("combat:506.5", alone, ["trigger_event", "possible_view"]) == {
        "trigger_event(attacks_alone(a),attacks_alone,a)", "possible_view(attacks_alone,a)",
        "possible_view(attacks_alone,b)"}
    assert derive("combat:506.5", alone + " attacks(b,bob).", "trigger_event") == set()


@covers("combat:510.3a")
def test_combat_damage_dealt_to_a_player_triggers():
    facts = """combat_damage_dealer(a,alice). damage_dealt(a,bob,2). player(bob). combat_damage_dealer(b,alice).
               damage_dealt(b,x,2). damage_dealt(c,bob,1). _in_combat(a). _damage_step."""
    assert derive("combat:510.3a", facts, ["trigger_event", "possible_view"]) == {
        "trigger_event(combat_damage(a,bob,2),deals_combat_damage_to_player,a)",
        "possible_view(deals_combat_damage_to_player,a)"}


@covers("combat:509.1a")
def test_an_attacker_with_protection_from_a_blockers_quality_cannot_be_blocked_by_it():
    facts = """_defending(bob,guard). permanent(guard). protected_from(guard,blade).
               permanent(blade). has_type(blade,creature). controller(blade,bob).
               permanent(bears). has_type(bears,creature). controller(bears,bob)."""
    assert derive("combat:509.1a", facts, "_able_to_block") == {"_able_to_block(bears,guard)"}


_BLOCKERS = "_may_try_block({0},{1}). "


@covers("combat:702.14b")
def test_landwalk_evades_while_the_defending_player_controls_a_land_of_its_type():
    facts = ("_defending(bob,sw). has_keyword(sw,swampwalk). _defending(bob,fw). has_keyword(fw,forestwalk). "
             "_defending(bob,iw). has_keyword(iw,islandwalk). _may_try_block(giant,sw). _may_try_block(giant,fw). "
             "_may_try_block(giant,iw). permanent(swamp). has_type(swamp,land). has_subtype(swamp,swamp). "
             "controller(swamp,bob). permanent(forest). has_type(forest,land). has_subtype(forest,forest). "
             "controller(forest,alice). permanent(relic). has_subtype(relic,island). controller(relic,bob).")
    # the Forest is alice's, and an Island that is not a land does not count
    assert derive("combat:702.14b", facts, ["_landwalk", "_evaded"]) == {
        "_landwalk(sw,swamp)", "_landwalk(fw,forest)", "_landwalk(iw,island)", "_evaded(giant,sw)"}


@covers("combat:702.36b")
def test_fear_intimidate_and_horsemanship_let_only_some_creatures_block():
    facts = ("has_keyword(f,fear). has_keyword(i,intimidate). has_color(i,g). has_keyword(h,horsemanship). "
             + "".join(_BLOCKERS.format(b, a) for b in ("black", "green", "myr", "rider") for a in "fih")
             + "has_color(black,b). has_color(green,g). has_type(myr,artifact). has_keyword(rider,horsemanship).")
    assert derive("combat:702.36b", facts, "_evaded") == {
        "_evaded(green,f)", "_evaded(rider,f)",  # fear: artifact or black only
        "_evaded(black,i)", "_evaded(rider,i)",  # intimidate: artifact or a shared color
        "_evaded(black,h)", "_evaded(green,h)", "_evaded(myr,h)"}  # horsemanship: horsemanship only


@covers("combat:702.118b")
def test_skulk_keeps_away_blockers_with_greater_power():
    facts = ("has_keyword(rat,skulk). power(rat,2). power(a,1). power(b,2). power(c,3). power(giant,3). "
             + "".join(_BLOCKERS.format(b, a) for b in "abc" for a in ("rat", "giant")))
    assert derive("combat:702.118b", facts, "_evaded") == {"_evaded(c,rat)"}


@covers("combat:702.28b")
def test_shadow_and_can_block_only_flyers_restrict_both_sides():
    facts = ("has_keyword(shade,shadow). has_keyword(angel,flying). "
             + "".join(_BLOCKERS.format(b, a) for b in ("bshade", "percher", "bears") for a in ("shade", "angel", "giant"))
             + "has_keyword(bshade,shadow). has_keyword(percher,can_block_only_flyers).")
    assert derive("combat:702.28b", facts, "_evaded") == {
        "_evaded(percher,shade)", "_evaded(bears,shade)"}
    assert derive("combat:702.28b", facts, "_restricted") == {
        "_restricted(bshade,angel)", "_restricted(bshade,giant)", "_restricted(percher,shade)",
        "_restricted(percher,giant)"}


@covers("combat:509.3c")
def test_becomes_blocked_triggers_once_however_many_block():
    facts = "blocks(b1,a). blocks(b2,a). blocks(b3,c). _able_to_block(b1,a). _able_to_block(b1,d)."
    assert derive("combat:509.3c", facts, ["trigger_event", "trigger_subject", "possible_view"]) == {
        "trigger_event(becomes_blocked(a),becomes_blocked,a)", "trigger_subject(becomes_blocked(a),a)",
        "trigger_event(becomes_blocked(c),becomes_blocked,c)", "trigger_subject(becomes_blocked(c),c)",
        "possible_view(becomes_blocked,a)", "possible_view(becomes_blocked,d)"}


@covers("combat:509.3d")
def test_becomes_blocked_by_a_creature_triggers_once_for_each_blocker_and_sees_the_blocker():
    facts = "blocks(b1,a). blocks(b2,a). _able_to_block(b1,a). _able_to_block(b3,c)."
    assert derive("combat:509.3d", facts, ["trigger_event", "trigger_subject", "possible_view"]) == {
        "trigger_event(blocked_by(a,b1),becomes_blocked_by,b1)", "trigger_subject(blocked_by(a,b1),a)",
        "trigger_event(blocked_by(a,b2),becomes_blocked_by,b2)", "trigger_subject(blocked_by(a,b2),a)",
        "possible_view(becomes_blocked_by,b1)", "possible_view(becomes_blocked_by,b3)"}


@covers("combat:509.3b")
def test_blocks_a_creature_triggers_once_for_each_attacker_it_blocks_and_sees_the_attacker():
    facts = "blocks(b,a1). blocks(b,a2). blocks(c,a1). _able_to_block(b,a1). _able_to_block(c,a3)."
    assert derive("combat:509.3b", facts, ["trigger_event", "trigger_subject", "possible_view"]) == {
        "trigger_event(blocks_creature(b,a1),blocks_creature,a1)", "trigger_subject(blocks_creature(b,a1),b)",
        "trigger_event(blocks_creature(b,a2),blocks_creature,a2)", "trigger_subject(blocks_creature(b,a2),b)",
        "trigger_event(blocks_creature(c,a1),blocks_creature,a1)", "trigger_subject(blocks_creature(c,a1),c)",
        "possible_view(blocks_creature,a1)", "possible_view(blocks_creature,a3)"}


@covers("combat:510.3a-2")
def test_combat_damage_to_a_creature_triggers_once_for_each_creature_dealt_damage_and_sees_it():
    facts = """combat_damage_dealer(c,alice). damage_dealt(c,b1,2). damage_dealt(c,b2,1). damage_dealt(c,bob,3).
               damage_dealt(c,b3,0). permanent(b1). permanent(b2). permanent(b3).
               _in_combat(b1). _damage_step."""
    assert derive("combat:510.3a-2", facts, ["trigger_event", "trigger_subject", "possible_view"]) == {
        "trigger_event(combat_damage_to(c,b1),deals_combat_damage_to_creature,b1)",
        "trigger_subject(combat_damage_to(c,b1),c)",
        "trigger_event(combat_damage_to(c,b2),deals_combat_damage_to_creature,b2)",
        "trigger_subject(combat_damage_to(c,b2),c)", "possible_view(deals_combat_damage_to_creature,b1)"}


@covers("combat:702.25a")
def test_flanking_without_its_triggered_ability_is_refused():
    facts = """has_keyword(k,flanking). face_card(k,"Knight"). has_keyword(l,flanking). face_card(l,"Lancer").
               ability(ab("Lancer",2),triggered). ability_trigger(ab("Lancer",2),becomes_blocked_by)."""
    assert derive("combat:702.25a", facts, "unsupported") == {"unsupported(flanking_without_its_triggered_ability(k))"}


@covers("combat:702.22c")
def test_banding_is_refused_for_an_attacker_as_blockers_are_declared_and_in_combat_damage():
    facts = """has_keyword(a,banding). attacks(a,bob). has_keyword(b,banding). attacking(b,bob). permanent(b).
               _declaring_blockers. has_keyword(c,banding). permanent(c). has_keyword(d,banding). permanent(d).
               attacks(e,bob)."""
    assert derive("combat:702.22c", facts, "unsupported") == {
        "unsupported(banding_in_combat(a))", "unsupported(banding_in_combat(b))"}
    assert derive("combat:702.22c", "has_keyword(c,banding). _in_combat(c). _damage_step.",
                  "unsupported") == {"unsupported(banding_in_combat(c))"}


@covers("combat:506.4")
def test_a_creature_whose_controller_changed_or_that_stopped_being_a_creature_leaves_combat():
    facts = """active_player(alice). player(bob). permanent(w). controller(w,carol).
               attacking(a,bob). permanent(a). controller(a,bob). has_type(a,creature).
               attacking(k,bob). permanent(k). controller(k,alice). has_type(k,creature).
               attacking(m,w). permanent(m). controller(m,alice). has_type(m,creature).
               blocking(b,k). permanent(b). controller(b,alice). has_type(b,creature).
               blocking(c,k). permanent(c). controller(c,bob). has_type(c,creature).
               blocking(d,m). permanent(d). controller(d,bob). has_type(d,creature).
               blocking(e,m). permanent(e). controller(e,carol). has_type(e,creature).
               attacking(l,bob). permanent(l). controller(l,alice).
               blocking(n,k). permanent(n). controller(n,bob).
               attacking(g,bob). controller(g,bob)."""
    assert derive("combat:506.4", facts + " question(priority).", ["removed_from_combat", "unsupported"]) == {
        "removed_from_combat(a)", "removed_from_combat(b)", "removed_from_combat(d)", "removed_from_combat(l)",
        "removed_from_combat(n)"}
    # In any other step it would be too late to take it out of combat: refused.
    assert derive("combat:506.4", facts + " question(damage).", ["removed_from_combat", "unsupported"]) == {
        "unsupported(removed_from_combat(a))", "unsupported(removed_from_combat(b))",
        "unsupported(removed_from_combat(d))", "unsupported(removed_from_combat(l))",
        "unsupported(removed_from_combat(n))"}


@covers("combat:506.4")
def test_an_attacked_planeswalker_the_attacking_player_took_is_refused():
    """506.4c: it left combat (its attackers attack nothing); not modelled. One its defender still controls is not."""
    facts = """active_player(alice). attacking(m,w). permanent(w). controller(w,alice).
               attacking(k,v). permanent(v). controller(v,bob)."""
    assert derive("combat:506.4", facts, "unsupported") == {
        "unsupported(an_attacked_planeswalker_that_changed_controller(w))"}


@covers("combat:702.39a")
def test_provoke_and_melee_are_refused_as_their_creature_attacks():
    facts = """has_keyword(a,provoke). attacks(a,bob). has_keyword(b,melee). attacks(b,bob). has_keyword(c,provoke).
               has_keyword(d,flying). attacks(d,bob)."""
    assert derive("combat:702.39a", facts, "unsupported") == {
        "unsupported(attack_trigger_of(provoke,a))", "unsupported(attack_trigger_of(melee,b))"}


@covers("combat:509.1b-2")
def test_a_creature_unblockable_by_a_filter_asks_it_of_each_possible_blocker_and_evades_those_it_matches():
    facts = """_may_try_block(wall,a). _may_try_block(bear,a). static_effect(a,d). ability_static(d,unblockable_by(f)).
               matches(f,a,wall). _may_try_block(wall,c)."""
    assert derive("combat:509.1b-2", facts, ["filter_asked", "_evaded"]) == {
        "filter_asked(f,a,wall)", "filter_asked(f,a,bear)", "_evaded(wall,a)"}


@covers("combat:509.1b-3")
def test_a_creature_that_cant_block_big_creatures_is_restricted_by_the_attackers_power():
    facts = """_may_try_block(b,big). _may_try_block(b,small). power(big,3). power(small,1). power(b,2).
               static_effect(b,d). ability_static(d,cant_block_power(at_least,2)).
               _may_try_block(c,big). _may_try_block(c,small). static_effect(c,e). power(c,2).
               ability_static(e,cant_block_power(less_than_its_own,0))."""
    assert derive("combat:509.1b-3", facts, "_restricted") == {"_restricted(b,big)", "_restricted(c,small)"}


@covers("combat:208.1")
def test_a_creature_unblockable_by_small_creatures_evades_them_while_it_has_the_ability():
    facts = """_may_try_block(small,a). _may_try_block(big,a). power(small,2). power(big,3). static_effect(a,d).
               ability_static(d,unblockable_by_power(at_most,2)).
               _may_try_block(small,c). _may_try_block(big,c). static_effect(c,e).
               ability_static(e,unblockable_by_power(at_least,3)).
               _may_try_block(small,g). _may_try_block(big,g). static_effect(g,h). power(g,3).
               ability_static(h,unblockable_by_power(less_than_its_own,0))."""
    assert derive("combat:208.1", facts, "_evaded") == {"_evaded(small,a)", "_evaded(big,c)", "_evaded(small,g)"}


@covers("combat:701.43a")
def test_an_attacker_that_may_be_exerted_is_exerted_or_not():
    facts = """attacks(b,bob). has_keyword(b,exert_as_it_attacks). controller(b,alice). attacks(c,bob). controller(c,alice).
               _able_to_attack(b)."""
    assert models("combat:701.43a", facts, ["exerted", "skips_next_untap", "trigger_event"]) == [
        frozenset(),
        frozenset({"exerted(b)", "skips_next_untap(b,alice)", "trigger_event(exerted(b),exerted,b)"})]
    assert derive("combat:701.43a", facts, "possible_view") == {"possible_view(exerted,b)"}


@covers("combat:509.3g")
def test_an_attacker_no_creature_blocks_is_unblocked_once_blockers_are_declared():
    facts = """_declaring_blockers. attacking(a,bob). permanent(a). attacking(b,bob). permanent(b). blocks(s,b).
               attacking(c,bob)."""
    assert derive("combat:509.3g", facts, "trigger_event") == {"trigger_event(unblocked(a),attacks_unblocked,a)"}
    assert derive("combat:509.3g", facts + " illegal(x).", "trigger_event") == set()
