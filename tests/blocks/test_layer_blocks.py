"""Blocks of continuous.lp alone on a few facts: timestamps and the orders left open (613.7), the layers that
override (613.4b, 613.1f) and those that add up or cancel (613.4c, 613.4d)."""

from __future__ import annotations

from blockrun import covers, derive, models

TIMESTAMPS = "continuous:613.7"


def _colors(*sources: str, stamps: dict[str, int] | None = None) -> str:
    facts = "".join(f"_static_candidate({s},d{s}). ability_static(d{s},set_color(w))." for s in sources)
    return facts + "".join(f"timestamp({s},{n})." for s, n in (stamps or {}).items())


@covers(TIMESTAMPS)
def test_given_timestamps_decide_the_order():
    assert derive(TIMESTAMPS, _colors("a", "b", stamps={"a": 2, "b": 1}), "earlier") == {"earlier(b,a)"}


@covers(TIMESTAMPS)
def test_an_order_not_given_is_open_both_ways():
    found = models(TIMESTAMPS, _colors("a", "b"), "earlier")
    assert found == [frozenset({"earlier(a,b)"}), frozenset({"earlier(b,a)"})]
    # Equal timestamps: things that arrived at once, in an order their controller chose (613.7m).
    assert models(TIMESTAMPS, _colors("a", "b", stamps={"a": 1, "b": 1}), "earlier") == found


@covers(TIMESTAMPS)
def test_the_orders_taken_are_orders_of_all_three():
    """Three sources that compete pairwise: the six orders, never a cycle (a < b < c < a)."""
    assert len(models(TIMESTAMPS, _colors("a", "b", "c"), "earlier")) == 6
    # One source without a timestamp between two with: it goes before, between or after them.
    placed = models(TIMESTAMPS, _colors("a", "b", "c", stamps={"a": 1, "c": 2}), "earlier")
    assert len(placed) == 3 and all("earlier(a,c)" in m for m in placed)


@covers(TIMESTAMPS)
def test_effects_that_add_up_do_not_compete():
    facts = "_static_candidate(a,da). ability_static(da,modify_pt(1,1)). _static_candidate(b,db). " \
            "ability_static(db,modify_pt(2,2))."
    assert derive(TIMESTAMPS, facts, "earlier") == set()


@covers("continuous:613.4b")
def test_the_latest_base_setter_wins():
    facts = "_pt_bearer(o). _applies(x,dx,o). ability_static(dx,set_base_pt(1,1)). _applies(y,dy,o). " \
            "ability_static(dy,set_base_pt(4,4)). earlier(x,y). _printed_pt(o,2,2)."
    assert derive("continuous:613.4b", facts, "_base_pt") == {"_base_pt(o,4,4)"}
    assert derive("continuous:613.4b", facts.replace("earlier(x,y)", "earlier(y,x)"), "_base_pt") == {"_base_pt(o,1,1)"}


@covers("continuous:613.4c", "continuous:613.4d")
def test_modifications_add_up_and_two_switches_cancel():
    facts = "_pt_bearer(o). _base_pt(o,1,3). _applies(x,dx,o). ability_static(dx,modify_pt(3,3)). " \
            "counter_count(o,p1p1,1). _applies(s,ds,o). ability_static(ds,switch_pt)."
    blocks = ["continuous:613.4c", "continuous:613.4d"]
    assert derive(blocks, facts, ("power", "toughness")) == {"power(o,7)", "toughness(o,5)"}
    twice = facts + "_applies(t,ds,o)."
    assert derive(blocks, twice, ("power", "toughness")) == {"power(o,5)", "toughness(o,7)"}


@covers("continuous:613.1f")
def test_losing_all_abilities_takes_only_earlier_gifts():
    facts = "_affected(h,dh,o). ability_static(dh,loses_all_abilities). _affected(g,dg,o). " \
            "ability_static(dg,gain_keyword(flying)). face_card(o,c). card_keyword(c,vigilance). "
    assert derive("continuous:613.1f", facts + "_l6_before(h,g).", "has_keyword") == {"has_keyword(o,flying)"}
    assert derive("continuous:613.1f", facts + "_l6_before(g,h).", "has_keyword") == set()


CONDITIONS = "continuous:611.3a"
PLAYER_CONDITIONS = "continuous:602.5b"


def _while(condition: str, board: str) -> set[str]:
    """Whether the effect of x's static ability d, with ``condition``, exists on ``board``."""
    facts = f"permanent(x). face_card(x,c). ability_while(ab(c,1),{condition}). source_controller(x,alice). {board}"
    return derive((CONDITIONS, PLAYER_CONDITIONS), facts, "_while_applies")


@covers(PLAYER_CONDITIONS)
def test_each_condition_about_a_player_holds_or_fails_where_asked():
    """602.5b, 611.3a: cards in a graveyard (named and counted), an attack this turn, creatures' total power; a
    condition nothing asks is not worked out."""
    def holds(condition: str, board: str) -> set[str]:
        return derive(PLAYER_CONDITIONS, f"player_condition_asked(alice,{condition}). {board}", "player_condition")

    yes = {"player_condition(alice,graveyard_at_least(3))"}
    named = "in_zone(g1,graveyard). owner(g1,alice). in_zone(g2,graveyard). owner(g2,bob). "
    assert holds("graveyard_at_least(3)", named + "unseen_graveyard(alice,2).") == yes
    assert holds("graveyard_at_least(3)", named + "unseen_graveyard(alice,1). unseen_graveyard(bob,5).") == set()
    assert holds("attacked_this_turn", "attacked_this_turn(alice).") == {"player_condition(alice,attacked_this_turn)"}
    assert holds("attacked_this_turn", "attacked_this_turn(bob).") == set()
    board = ("permanent(w). controller(w,alice). has_type(w,creature). power(w,6). permanent(b). controller(b,alice). "
             "has_type(b,creature). power(b,2). permanent(g). controller(g,bob). has_type(g,creature). power(g,3). "
             "permanent(r). controller(r,alice). has_type(r,artifact). power(r,5).")
    assert holds("total_power_at_least(8)", board) == {"player_condition(alice,total_power_at_least(8))"}
    assert holds("total_power_at_least(9)", board) == set()
    assert derive(PLAYER_CONDITIONS, "attacked_this_turn(alice). active_player(alice).", "player_condition") == set()


@covers(CONDITIONS)
def test_each_condition_holds_or_fails():
    yes = {"_while_applies(x,ab(c,1))"}
    assert _while("attacking", "attacking(x,bob).") == yes and _while("attacking", "") == set()
    assert _while("tapped", "is_tapped(x).") == yes and _while("untapped", "is_tapped(x).") == set()
    assert _while("untapped", "") == yes
    assert _while("monstrous", "object_monstrous(x).") == yes and _while("monstrous", "") == set()
    assert _while("your_turn", "active_player(alice).") == yes and _while("your_turn", "active_player(bob).") == set()
    assert _while("not_your_turn", "active_player(bob).") == yes
    assert _while("counter(p1p1)", "counter_count(x,p1p1,2).") == yes and _while("counter(p1p1)", "") == set()
    assert _while("no_cards_in_hand", "in_zone(h,hand). owner(h,bob).") == yes
    assert _while("no_cards_in_hand", "in_zone(h,hand). owner(h,alice).") == set()
    assert _while("no_cards_in_hand", "unseen_hand(alice,1).") == set()
    assert _while("life_at_least(10)", "life(alice,10).") == yes and _while("life_at_least(10)", "life(alice,9).") == set()
    opponent = "opponent(alice,bob). opponent(alice,carol). life(bob,12). life(carol,5)."
    assert _while("opponent_life_at_most(5)", opponent) == yes and _while("opponent_life_at_most(4)", opponent) == set()


@covers(CONDITIONS)
def test_permanents_of_a_filter_are_counted_below_layer_6():
    """At least N (or none) of the permanents the filter matches, seen from x's controller, before layer 6:
    basic_match and trait_fails (filters.lp), never a keyword or power."""
    failing = "filter_you(x,alice). permanent(y3). basic_match(f,alice,y3). trait_fails(f,y3). "
    board = failing + "permanent(y1). permanent(y2). basic_match(f,alice,y1). basic_match(f,alice,y2)."
    assert _while("permanents(f,2)", board) == {"_while_applies(x,ab(c,1))"}
    assert _while("permanents(f,3)", board) == set()
    assert _while("no_permanents(f)", board) == set()
    assert _while("no_permanents(f)", failing) == {"_while_applies(x,ab(c,1))"}


@covers(CONDITIONS)
def test_the_effect_gives_a_keyword_or_pt_to_its_own_permanent_only_while_it_holds():
    facts = """permanent(x). face_card(x,c). ability_while(ab(c,1),attacking). attacking(x,bob). has_ability(x,ab(c,1)).
               _printed_before6(x,ab(c,1)). ability_static(ab(c,1),gain_keyword(flying)).
               ability_static(ab(c,1),modify_pt(1,0))."""
    assert derive(CONDITIONS, facts, ("_gains_keyword", "_applies")) == {
        "_gains_keyword(x,x,flying)", "_applies(x,ab(c,1),x)"}
    assert derive(CONDITIONS, facts.replace("attacking(x,bob).", ""), ("_gains_keyword", "_applies")) == set()
    stripped = facts + "_static_candidate(h,dh). _l6_stripper(dh)."
    assert derive(CONDITIONS, stripped, "unsupported") == {"unsupported(a_conditional_keyword_beside_ability_loss(x))"}
