"""asp/combat_run.lp, one block at a time: each test runs one ``@rule`` block (or the few a rule needs together)
alone on a few facts. What a block reads from other blocks or files (``attacks``, ``blocks``, ``power``,
``toughness``, ``has_keyword`` ...) is given."""

from __future__ import annotations

from blockrun import covers, derive, models

RUN = "_run."


@covers("combat_run:506.1")
def test_what_the_run_does_not_model_is_named():
    facts = """question(combat_run). permanent(a). has_keyword(a,flying). has_keyword(a,wither). object(a). object(h).
        has_ability(h,i). instance_of(i,d). ability(d,triggered). has_ability(a,j). instance_of(j,e).
        ability(e,activated). permanent(w). has_type(w,planeswalker)."""
    assert derive("combat_run:506.1", facts, "run_outside") == {
        "run_outside(keyword(a,wither))", "run_outside(ability(h,d))", "run_outside(planeswalker(w))"}
    assert derive("combat_run:506.1", "question(combat_run). ranked_by_requirements.", "run_outside") == {
        "run_outside(blocking_requirement)"}


@covers("combat_run:508.1f")
def test_a_blocked_attacker_and_the_declarations_of_one_line():
    facts = RUN + " attacks(a,bob). attacks(c,bob). blocks(b,a)."
    assert derive("combat_run:508.1f", facts, ["_run_in_combat", "_run_blocked", "run_witness"]) == {
        "_run_in_combat(a)", "_run_in_combat(b)", "_run_in_combat(c)", "_run_blocked(a)",
        "run_witness(attack(a,bob))", "run_witness(attack(c,bob))", "run_witness(block(b,a))"}


@covers("combat_run:510.4")
def test_a_first_strike_step_then_the_regular_one_then_none():
    two = "run_damage(3,1). run_damage(5,2). run_damage(6,3). _run_in_combat(f). has_keyword(f,first_strike)."
    assert derive("combat_run:510.4", two, ["_run_step", "_run_no_step"]) == {
        "_run_step(1,first_strike)", "_run_step(2,regular)", "_run_no_step(3)"}
    # without a first striker in combat the first damage action is the regular step, the second finds none (508.8:
    # with no attacker at all, likewise, no creature dealing damage)
    assert derive("combat_run:510.4", "run_damage(3,1). run_damage(5,2). _run_in_combat(c).",
                  ["_run_step", "_run_no_step"]) == {"_run_step(1,regular)", "_run_no_step(2)"}
    # a line over before a damage action does not take it
    assert derive("combat_run:510.4", "run_damage(3,1). run_damage(5,2). _run_over(1).", "_run_taken") == {
        "_run_taken(1)"}


@covers("combat_run:510.4-2")
def test_who_deals_damage_in_each_step():
    facts = """_run_step(1,first_strike). _run_step(2,regular). _run_in_combat(f). _run_in_combat(d).
               _run_in_combat(c). _run_first_striker(f). _run_first_striker(d). has_keyword(f,first_strike).
               has_keyword(d,double_strike). _run_alive(f,0). _run_alive(d,0). _run_alive(c,0). _run_alive(d,1).
               _run_alive(c,1). power(f,2). power(d,1). power(c,0)."""
    assert derive("combat_run:510.4-2", facts, ["_run_dealer", "_run_power"]) == {
        "_run_dealer(f,1)", "_run_dealer(d,1)", "_run_dealer(d,2)", "_run_dealer(c,2)", "_run_power(f,2,1)",
        "_run_power(d,1,1)", "_run_power(d,1,2)"}  # (c has 0 power: it deals none, 510.1a)


@covers("combat_run:510.1b")
def test_where_each_creatures_damage_may_go():
    facts = """_run_power(u,2,1). attacks(u,bob). _run_power(t,3,1). attacks(t,bob). _run_blocked(t). blocks(b,t).
               blocks(g,t). _run_alive(b,0). has_keyword(t,trample). _run_power(b,1,1). _run_alive(t,0).
               _run_power(n,2,1). attacks(n,bob). _run_blocked(n). _run_power(g,1,1)."""
    assert derive("combat_run:510.1b", facts, "_run_recipient") == {
        "_run_recipient(u,bob,1)", "_run_recipient(t,b,1)", "_run_recipient(t,bob,1)", "_run_recipient(b,t,1)",
        "_run_recipient(g,t,1)"}
    # g is no longer on the battlefield: t assigns it nothing; n was blocked and has no blocker left, and no
    # trample: it assigns nothing


@covers("combat_run:510.1c")
def test_damage_divided_among_recipients_as_its_controller_chooses():
    facts = "_run_power(a,2,1). _run_recipient(a,b,1). _run_recipient(a,c,1). _run_power(u,3,1). _run_recipient(u,bob,1)."
    found = sorted(sorted(m) for m in models("combat_run:510.1c", facts, "_run_assigned"))
    assert found == sorted(sorted(["_run_assigned(u,bob,3,1)", f"_run_assigned(a,b,{x},1)",
                                   f"_run_assigned(a,c,{2 - x},1)"]) for x in range(3))


@covers("combat_run:702.19b")
def test_trample_assigns_to_the_player_only_past_lethal_damage():
    board = """_run_recipient(t,b,1). _run_recipient(t,bob,1). attacks(t,bob). blocks(b,t).
               player(bob). toughness(b,2). """

    def legal(facts: str, to_blocker: int) -> bool:
        split = f"_run_assigned(t,b,{to_blocker},1). _run_assigned(t,bob,{3 - to_blocker},1)."
        return bool(models("combat_run:702.19b", board + facts + split, "_run_assigned"))

    # 1 already marked on the 2-toughness blocker: 1 more is lethal, so up to 2 may go to bob
    assert [m for m in range(4) if legal("_run_marked(b,1).", m)] == [1, 2, 3]
    assert [m for m in range(4) if legal("_run_marked(b,0).", m)] == [2, 3]
    # any damage from a source with deathtouch is lethal (702.2c)
    assert [m for m in range(4) if legal("_run_marked(b,0). has_keyword(t,deathtouch).", m)] == [1, 2, 3]


@covers("combat_run:510.1c-2")
def test_damage_beyond_lethal_to_blockers_that_die_goes_to_the_first_of_them():
    board = """_run_recipient(a,b,N) :- N = 1..2. _run_recipient(a,c,N) :- N = 1..2. blocks(b,a). blocks(c,a).
               toughness(b,2). toughness(c,2). _run_marked(b,0). _run_marked(c,0). """

    def legal(facts: str, to_b: int, to_c: int, step: int = 1) -> bool:
        split = f"_run_assigned(a,b,{to_b},{step}). _run_assigned(a,c,{to_c},{step})."
        return bool(models("combat_run:510.1c-2", board + facts + split, "_run_assigned"))

    both_die = "_run_dies(b,1). _run_dies(c,1). "
    # 5 damage to two 2-toughness blockers that both die: the excess goes to b (the first), never to c
    assert [x for x in range(6) if legal(both_die, x, 5 - x)] == [3, 4, 5]
    assert legal(both_die, 2, 2)
    # deathtouch: 1 is lethal, so 4 and 1 stands for 1 and 4
    assert legal(both_die + "has_keyword(a,deathtouch).", 4, 1)
    assert not legal(both_die + "has_keyword(a,deathtouch).", 1, 4)
    # a blocker that survives (indestructible) keeps what it is dealt: then c may be dealt more than lethal
    assert legal("_run_dies(c,1).", 1, 4)
    # damage dealt in an earlier step counts: c was dealt 1 in the first-strike step, so 2 more is beyond lethal
    earlier = "_run_assigned(x,c,1,1). _run_dies(b,2). _run_dies(c,2). "
    assert legal(earlier, 2, 1, step=2) and not legal(earlier, 2, 2, step=2)


@covers("combat_run:510.2")
def test_the_state_as_the_run_begins_and_deathtouch_damage():
    facts = RUN + """ permanent(a). permanent(b). damage(b,2). _run_assigned(x,a,1,1). has_keyword(x,deathtouch).
                      _run_assigned(x,bob,2,1). player(bob)."""
    assert derive("combat_run:510.2", facts, ["_run_alive", "_run_marked", "_run_touched"]) == {
        "_run_alive(a,0)", "_run_alive(b,0)", "_run_marked(a,0)", "_run_marked(b,2)", "_run_touched(a,1)"}


@covers("combat_run:704.5g")
def test_the_state_based_actions_after_a_step():
    facts = """_run_taken(1). _run_alive(a,0). _run_alive(b,0). _run_alive(i,0). has_type(a,creature).
               has_type(b,creature). has_type(i,creature). has_keyword(i,indestructible). toughness(a,3).
               toughness(b,5). toughness(i,1). _run_marked(a,1). _run_marked(b,0). _run_marked(i,0).
               _run_assigned(x,a,2,1). _run_assigned(y,b,1,1). _run_touched(b,1). _run_assigned(z,i,4,1).
               life(bob,3). life(alice,5). _run_assigned(x,bob,2,1). _run_assigned(v,bob,2,1). has_keyword(v,lifelink).
               controller(v,bob). controller(x,alice)."""
    # a: 1 marked + 2 = its toughness; b: deathtouch; i: indestructible. bob: 3 - 4 + 2 from his lifelink source = 1
    assert derive("combat_run:704.5g", facts, ["_run_dies", "_run_loses", "_run_alive"]) == {
        "_run_dies(a,1)", "_run_dies(b,1)", "_run_alive(a,0)", "_run_alive(b,0)", "_run_alive(i,0)", "_run_alive(i,1)"}
    lost = facts.replace("has_keyword(v,lifelink).", "")
    assert "_run_loses(bob,1)" in derive("combat_run:704.5g", lost, "_run_loses")


@covers("combat_run:508.1f-2")
def test_the_outcome_is_what_changed_by_the_end_of_the_line():
    facts = """_run. run_damage(3,1). permanent(a). permanent(t). permanent(b).
               permanent(v). token(t). attacks(a,bob). attacks(t,bob). attacks(v,bob). has_keyword(v,vigilance).
               blocks(b,t). _run_alive(a,0). _run_alive(t,0). _run_alive(b,0). _run_alive(v,0). _run_alive(a,1).
               _run_alive(b,1). _run_alive(v,1). _run_dies(t,1). _run_marked(a,0). _run_marked(b,0). _run_marked(t,0).
               _run_marked(v,0). _run_assigned(t,b,1,1). _run_assigned(a,bob,2,1). _run_assigned(v,bob,1,1).
               player(alice). player(bob). has_keyword(v,lifelink). controller(v,alice)."""
    assert derive("combat_run:508.1f-2", facts, "run_final") == {
        "run_final(ceased_to_exist(t))", "run_final(tap(a))", "run_final(attacking(a,bob))",
        "run_final(attacking(v,bob))", "run_final(blocking(b,t))", "run_final(damage(b,1))",
        "run_final(life_lost(bob,3))", "run_final(life_gained(alice,1))"}
    over = facts + " _run_loses(bob,1). _run_over(1)."
    assert {"run_final(lost(bob,life))", "run_final(game_over(3))", "run_final(move(t,battlefield,graveyard))"} <= \
        derive("combat_run:508.1f-2", over, "run_final")
    none = "_run. run_damage(3,1). run_damage(5,2). _run_no_step(2). _run_over(2)."
    assert derive("combat_run:508.1f-2", none, "run_final") == {
        "run_final(illegal(5,no_combat_damage_step(not_after_blockers)))"}
