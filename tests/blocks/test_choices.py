"""Searching a library (701.23) and its shuffle (701.24), each block alone on a few facts: what a search may find,
and which instructions a shuffled library refuses."""

from __future__ import annotations

from blockrun import derive, models

SEARCH = ("choices:608.2c", "choices:701.23a")
LIBRARY = ("in_zone(c1,library). in_zone(c2,library). in_zone(c3,library). owner(c1,alice). owner(c2,alice). "
           "owner(c3,alice). resolves(r). item_controller(r,alice). ")


def _found(facts: str) -> set[frozenset[str]]:
    return {frozenset(a for a in m if a.startswith("_found(")) for m in models(SEARCH, facts, "_found")}


def test_a_search_with_a_stated_quality_finds_up_to_n_of_the_cards_it_matches():
    facts = LIBRARY + "instruction(r,1,search_to_hand(f,2,stated)). matches(f,r,c1). matches(f,r,c2)."
    assert _found(facts) == {frozenset(), frozenset({"_found(r,c1)"}), frozenset({"_found(r,c2)"}),
                             frozenset({"_found(r,c1)", "_found(r,c2)"})}


def test_a_search_for_a_card_finds_as_many_as_it_can():
    facts = LIBRARY + "instruction(r,1,search_to_hand(f,2,any)). matches(f,r,c1). matches(f,r,c2). matches(f,r,c3)."
    assert _found(facts) == {frozenset({"_found(r,c1)", "_found(r,c2)"}), frozenset({"_found(r,c1)", "_found(r,c3)"}),
                             frozenset({"_found(r,c2)", "_found(r,c3)"})}
    one = LIBRARY.replace("in_zone(c2,library). in_zone(c3,library). ", "") + \
        "instruction(r,1,search_to_hand(f,3,any)). matches(f,r,c1)."
    assert _found(one) == {frozenset({"_found(r,c1)"})}


def test_a_search_shuffles_and_is_refused_in_a_library_the_situation_only_counts():
    facts = LIBRARY + "instruction(r,1,search_to_hand(f,1,stated)). "
    assert "shuffled(alice)" in derive(SEARCH, facts, "shuffled")
    assert derive(SEARCH, facts + "unseen_library(alice,5).", "unsupported") == {
        "unsupported(searching_a_library_the_situation_only_counts(alice))"}
    assert derive(SEARCH, facts + "unseen_library(alice,0).", "unsupported") == set()


def test_looking_at_the_top_of_a_shuffled_library_is_refused():
    facts = "instruction(r,1,look_at_top(3)). resolves(r). item_controller(r,alice). "
    blocks = ("choices:608.2c", "choices:701.24a")
    assert derive(blocks, facts + "library_order_unknown(alice).", "unsupported") == {
        "unsupported(reading_the_order_of_a_shuffled_library(alice))"}
    assert derive(blocks, facts, "unsupported") == set()


def test_a_shuffled_library_is_unknown_only_with_a_named_card_among_two_or_more():
    def unknown(facts: str) -> set[str]:
        return derive("stack:701.24a", "library_shuffled(alice). " + facts, "library_order_unknown")
    assert unknown("in_zone(c1,library). owner(c1,alice). unseen_library(alice,1).") == {"library_order_unknown(alice)"}
    assert unknown("in_zone(c1,library). owner(c1,alice).") == set()
    assert unknown("unseen_library(alice,9).") == set()
