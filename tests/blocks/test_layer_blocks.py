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
