"""asp/triggers.lp, one block at a time: each test runs one ``@rule`` block alone on a few facts. What a block reads
from other blocks or files (``trigger_event`` of the upkeep, ``permanent``, ``lasting_effect`` ...) is given."""

from __future__ import annotations

from blockrun import covers, derive

UPKEEP = "trigger_event(upkeep(alice),beginning_of_upkeep,alice). permanent(howl). lasting_effect(e1,d,bob). "


@covers("triggers:503.1-2")
def test_each_upkeep_triggers_the_permanents_and_the_next_turns_delayed_abilities():
    assert derive("triggers:503.1-2", UPKEEP + "step(untap).", "trigger_subject") == {
        "trigger_subject(each_upkeep(alice),howl)", "trigger_subject(each_upkeep(alice),e1)"}


@covers("triggers:503.1-2")
def test_an_additional_upkeep_is_not_the_next_turns():
    """500.10, 603.7a: an upkeep begun after combat (Obeka's additional beginning phase) is not the next turn's: a delayed
    "next turn's upkeep" ability still waiting was made this turn and waits on; the permanents' abilities trigger."""
    assert derive("triggers:503.1-2", UPKEEP + "step(end_of_combat).", "trigger_subject") == {
        "trigger_subject(each_upkeep(alice),howl)"}
