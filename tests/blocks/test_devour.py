"""Devour (702.82a), its block of events.lp alone on a few facts: which creatures may be devoured (614.13a), the
counters for those chosen, and their sacrifice as it enters."""

from __future__ import annotations

from blockrun import models

_FACTS = ("_own_enter(o,ab(c,1)). ability_effect(ab(c,1),1,devour(3)). entering(o,alice,stack). "
          "permanent(a). controller(a,alice). has_type(a,creature). "
          "permanent(b). controller(b,bob). has_type(b,creature). "
          "permanent(l). controller(l,alice). "
          "permanent(e). controller(e,alice). has_type(e,creature). entering(e,alice,stack). ")


def test_its_player_devours_any_of_their_creatures_not_entering_and_gets_the_counters():
    got = models("events:702.82a", _FACTS, ["_enter_amount", "to_graveyard"])
    assert got == [frozenset(), frozenset({"_enter_amount(o,ab(c,1),p1p1,3)", "to_graveyard(devour(o),a,battlefield)"})]


def test_one_that_may_enter_as_a_copy_is_refused():
    got = models("events:702.82a", _FACTS + "_may_copy(o).", ["_enter_amount", "to_graveyard", "unsupported"])
    assert got == [frozenset({"unsupported(devour_as_a_copy(o))"})]
