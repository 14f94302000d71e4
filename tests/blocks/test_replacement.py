"""asp/replacement.lp, one block at a time (issue 29): the engine's blocks (which effects exist, classes,
ranks, reachable states, 616 ordering, final states, one result) on tiny events. States are plain numbers
here (an amount), effects and classes plain names: the engine never looks inside them."""

from __future__ import annotations

from blockrun import covers, derive, models

# --- 614.1, 611.3a: the replacement effects that exist ----------------------------------------------------

@covers("replacement:614.1")
def test_effects_of_permanents_abilities_and_of_lasting_effects():
    facts = """permanent(x). face_card(x,c). has_ability(x,i1). instance_of(i1,ab(c,1)). ability(ab(c,1),replacement).
               lasting_effect(e,ab(d,1),end_of_turn). ability(ab(d,1),replacement)."""
    assert derive("replacement:614.1", facts, ["replacement", "replacement_candidate"]) == {
        "replacement(rep(x,ab(c,1)))", "replacement_candidate(rep(x,ab(c,1)))",
        "replacement(rep(e,ab(d,1)))", "replacement_candidate(rep(e,ab(d,1)))"}


@covers("replacement:614.1")
def test_a_lasting_ability_of_a_permanent_is_no_effect_of_the_permanent():
    facts = """permanent(x). face_card(x,c). has_ability(x,i1). instance_of(i1,ab(c,1)). ability(ab(c,1),replacement).
               ability_lasting(ab(c,1),end_of_turn)."""
    assert derive("replacement:614.1", facts, ["replacement", "replacement_candidate"]) == set()


@covers("replacement:614.1")
def test_a_granted_self_replacement_is_a_candidate_too():
    facts = """permanent(y). has_ability(y,i2). instance_of(i2,ab(g,1)). ability(ab(g,1),replacement).
               replacement_class(rep(y,ab(g,1)),self)."""
    assert derive("replacement:614.1", facts, ["replacement", "replacement_candidate"]) == {
        "replacement(rep(y,ab(g,1)))", "replacement_candidate(rep(y,ab(g,1)))"}


# --- 614.5, 616.1: classes of interchangeable effects ----------------------------------------------------

@covers("replacement:614.5")
def test_copies_of_one_ability_under_one_controller_form_a_class_counted_in_one_digit():
    facts = """amount_limit(1000). replacement_candidate(rep(x,d)). replacement_candidate(rep(y,d)).
               permanent(x). permanent(y). ability_filter(d,f). source_controller(x,alice). source_controller(y,alice).
               replacement_candidate(rep(e,d2))."""
    assert derive("replacement:614.5", facts, ["_class_of", "_size", "_class_position", "replacement_digit"]) == {
        "_class_of(rep(x,d),cl(d,alice))", "_class_of(rep(y,d),cl(d,alice))", "_class_of(rep(e,d2),cl(rep(e,d2)))",
        "_size(cl(d,alice),2)", "_size(cl(rep(e,d2)),1)",
        "_class_position(cl(rep(e,d2)),0)", "_class_position(cl(d,alice),1)",
        "replacement_digit(rep(e,d2),1)", "replacement_digit(rep(x,d),2)", "replacement_digit(rep(y,d),2)"}


@covers("replacement:614.5")
def test_an_effect_whose_filter_names_its_source_or_of_another_controller_is_not_interchangeable():
    facts = """amount_limit(1000). replacement_candidate(rep(x,d)). replacement_candidate(rep(y,d)).
               permanent(x). permanent(y). ability_filter(d,f). filter_other(f).
               source_controller(x,alice). source_controller(y,alice)."""
    assert derive("replacement:614.5", facts, "_class_of") == {"_class_of(rep(x,d),cl(rep(x,d)))",
                                                              "_class_of(rep(y,d),cl(rep(y,d)))"}
    facts = facts.replace("filter_other(f).", "").replace("source_controller(y,alice)", "source_controller(y,bob)")
    assert derive("replacement:614.5", facts, "_class_of") == {"_class_of(rep(x,d),cl(d,alice))",
                                                              "_class_of(rep(y,d),cl(d,bob))"}


# --- 107.1: the number of states fits clingo's integers -------------------------------------------------

@covers("replacement:107.1")
def test_too_many_effects_or_kinds_of_effects_are_refused():
    facts = ("amount_limit(1000). _class_position(c,1). _base(c,600). _size(c,1)."
             " replacement_candidate(r1). replacement_candidate(r2).")
    assert derive("replacement:107.1", facts, "unsupported") == {"unsupported(too_many_replacement_effects(2))"}
    assert derive("replacement:107.1", facts.replace("600", "500"), "unsupported") == set()
    assert derive("replacement:107.1", "_class(1..31).", "unsupported") == {
        "unsupported(too_many_kinds_of_replacement_effects(31))"}
    assert derive("replacement:107.1", "_class(1..30).", "unsupported") == set()


# --- 616.1a-e, 616.1g: ranks ----------------------------------------------------------------------------

_CLASSES = """replacement_class(r1,self). replacement_class(r2,control). replacement_class(r3,copy).
              replacement_class(r4,back_face). replacement_candidate(r5). replacement_candidate(r6).
              replacement_class(r6,contained). """


@covers("replacement:616.1a")
def test_self_replacement_control_copy_back_face_then_any_other():
    assert derive("replacement:616.1a", _CLASSES, "_rank") == {
        "_rank(r1,1)", "_rank(r2,2)", "_rank(r3,3)", "_rank(r4,4)", "_rank(r5,5)"}


@covers("replacement:616.1g")
def test_an_effect_on_a_contained_event_comes_last():
    facts = "replacement_class(r1,self). replacement_class(r6,contained). replacement_class(r7,copy)."
    assert derive("replacement:616.1g", facts, "_rank") == {"_rank(r6,6)"}


# --- 614.1, 616.1: the event before any effect ----------------------------------------------------------

@covers("replacement:614.1-2")
def test_the_event_starts_as_it_would_happen():
    facts = "replaceable(ev,3). replaceable(ev,4). _reach(ev,3,1,6)."
    assert derive("replacement:614.1-2", facts, ["_reach", "event_state"]) == {
        "_reach(ev,3,0,3)", "_reach(ev,4,0,4)", "_reach(ev,3,1,6)",
        "event_state(ev,3)", "event_state(ev,4)", "event_state(ev,6)"}


# --- 614.5, 616.1f: which effect may apply next ------------------------------------------------------------

@covers("replacement:614.5-2")
def test_an_effect_is_open_until_every_effect_of_its_class_was_applied():
    facts = """replaceable(ev,3). _class_of(r,c). _base(c,1). _size(c,2). applicable(r,ev,3). applicable(r,ev,4).
               applicable(r,ev,5). _reach(ev,3,0,3). _reach(ev,3,1,4). _reach(ev,3,2,5)."""
    assert derive("replacement:614.5-2", facts, ["_open", "_step", "_ranked"]) == {
        "_open(ev,3,0,3,c)", "_open(ev,3,1,4,c)", "_step(ev,3,0,3,c)", "_step(ev,3,1,4,c)"}


@covers("replacement:614.5-2")
def test_only_the_most_urgent_rank_may_apply_next():
    facts = """replaceable(ev,3). _reach(ev,3,0,3). concerns(r1,ev). concerns(r2,ev). _rank(r1,1). _rank(r2,5).
               _class_of(r1,c1). _class_of(r2,c2). _base(c1,1). _base(c2,2). _size(c1,1). _size(c2,1).
               applicable(r1,ev,3). applicable(r2,ev,3)."""
    assert derive("replacement:614.5-2", facts, ["_ranked", "_best", "_step"]) == {
        "_ranked(ev)", "_best(ev,3,0,3,1)", "_step(ev,3,0,3,c1)"}


# --- 616.1, 616.1e: every choice is reachable --------------------------------------------------------------

@covers("replacement:616.1")
def test_applying_an_effect_of_the_class_chosen_reaches_its_transform():
    facts = """_step(ev,3,0,3,c). _base(c,2). _class_of(r,c). applicable(r,ev,3). transform(r,ev,3,6).
               _class_of(q,d). applicable(q,ev,3). transform(q,ev,3,4)."""
    assert derive("replacement:616.1", facts, "_reach") == {"_reach(ev,3,2,6)"}


# --- 107.1: amounts stay within the limit ---------------------------------------------------------------

@covers("replacement:107.1-2")
def test_an_effect_that_would_exceed_the_amount_limit_is_refused():
    facts = """amount_limit(1000). _step(ev,3,0,s,c). _class_of(rep(x,d),c). applicable(rep(x,d),ev,s).
               ability_modify(d,multiply(2)). state_amount(s,600)."""
    assert derive("replacement:107.1-2", facts, ["_grows", "unsupported"]) == {
        "_grows(s,2)", "unsupported(amount_beyond_limit(1000))"}
    assert derive("replacement:107.1-2", facts.replace("600", "500"), ["_grows", "unsupported"]) == {"_grows(s,2)"}


@covers("replacement:107.1-2")
def test_additions_count_against_the_limit_too():
    facts = """amount_limit(1000). _step(ev,3,0,s,c). _class_of(rep(x,d),c). applicable(rep(x,d),ev,s).
               ability_modify(d,plus(5)). state_amount(s,996)."""
    assert derive("replacement:107.1-2", facts, ["_adds", "unsupported"]) == {
        "_adds(s,5)", "unsupported(amount_beyond_limit(1000))"}
    assert derive("replacement:107.1-2", facts.replace("996", "995"), ["_adds", "unsupported"]) == {"_adds(s,5)"}


# --- 616.1f, 614.6: the final states -------------------------------------------------------------------

@covers("replacement:616.1f")
def test_a_state_with_no_effect_left_to_apply_is_final():
    facts = "_reach(ev,3,0,3). _open(ev,3,0,3,c). _reach(ev,3,1,6). _reach(ev,4,0,4)."
    assert derive("replacement:616.1f", facts, "final_from") == {"final_from(ev,3,6)", "final_from(ev,4,4)"}


# --- 616.1: one result per distinct final state ------------------------------------------------------------

@covers("replacement:616.1-2")
def test_a_real_event_happens_as_one_of_its_final_states_from_a_possible_start():
    facts = """real_event(ev). possible_start(ev,s1). final_from(ev,s1,d1). final_from(ev,s1,d2).
               final_from(ev,s2,d3). final_from(hyp,s1,d1)."""
    assert models("replacement:616.1-2", facts, "result") == [frozenset({"result(ev,d1)"}),
                                                              frozenset({"result(ev,d2)"})]


@covers("replacement:616.1-2")
def test_a_hypothetical_event_has_no_result():
    assert derive("replacement:616.1-2", "possible_start(ev,s1). final_from(ev,s1,d1).", "result") == set()


@covers("replacement:608.2c", "replacement:608.2d")
def test_an_event_nothing_replaces_happens_as_one_of_its_possible_starts():
    # "One mana of any color", no effect on it: the color chosen as the ability resolves (608.2d), not an order of
    # replacement effects (616.1).
    blocks = ("replacement:608.2c", "replacement:608.2d")
    facts = """real_event(ev). possible_start(ev,s1). possible_start(ev,s2). replaceable(ev,s1). replaceable(ev,s2).
               replaceable(ev,s3). possible_start(hyp,s1). replaceable(hyp,s1)."""
    assert sorted(models(blocks, facts, "result"), key=sorted) == [frozenset({"result(ev,s1)"}),
                                                                  frozenset({"result(ev,s2)"})]
    # one way to start: no choice to make (and none shown as made)
    assert derive("replacement:608.2c", "real_event(ev). possible_start(ev,s1). replaceable(ev,s1).", "result") == {
        "result(ev,s1)"}
    # none: no answer set, as with no final state under 616.1
    assert models(blocks, "real_event(ev). possible_start(ev,s1).", "result") == []
    # an effect that could modify it: the 616.1 block chooses its result instead
    assert derive(blocks, facts + " _modifiable(ev).", "result") == set()


# --- the engine: reachable states and the 616.1 order on a tiny event -------------------------------------

_ENGINE = ("replacement:614.1-2", "replacement:614.5-2", "replacement:616.1", "replacement:616.1f")
# 3 doubled (r1) and plus one (r2), each once, in either order: 7 or 8.
_EVENT = """replaceable(ev,3). _class_of(r1,c1). _class_of(r2,c2). _base(c1,1). _base(c2,2). _size(c1,1). _size(c2,1).
            applicable(r1,ev,3). applicable(r1,ev,4). transform(r1,ev,3,6). transform(r1,ev,4,8).
            applicable(r2,ev,3). applicable(r2,ev,6). transform(r2,ev,3,4). transform(r2,ev,6,7). """


@covers(*_ENGINE)
def test_every_order_is_reachable_and_each_distinct_result_is_final():
    assert derive(_ENGINE, _EVENT, ["event_state", "final_from"]) == {
        "event_state(ev,3)", "event_state(ev,6)", "event_state(ev,4)", "event_state(ev,7)", "event_state(ev,8)",
        "final_from(ev,3,7)", "final_from(ev,3,8)"}


@covers(*_ENGINE)
def test_a_self_replacement_effect_applies_first():
    facts = _EVENT + "concerns(r1,ev). concerns(r2,ev). _rank(r1,1). _rank(r2,5)."
    assert derive(_ENGINE, facts, ["event_state", "final_from"]) == {
        "event_state(ev,3)", "event_state(ev,6)", "event_state(ev,7)", "final_from(ev,3,7)"}
