"""Targets (CR 115, 601.2c): given in the situation, counted and checked where they are written."""

from __future__ import annotations

import pytest

from pyrules import InputError, UnsupportedError, load_situation, solve


def error(path) -> InputError:
    with pytest.raises(InputError) as info:
        solve(load_situation(path))
    assert "\n" not in str(info.value)
    return info.value


BALLISTA = """\
    players: [alice, bob]
    objects:
      - {id: ballista, card: Walking Ballista, controller: alice, counters: {p1p1: 2}}
    question:
      activate: %s
    """


def test_an_ability_with_a_target_activated_without_one(write, line_of):
    path = write("b.yaml", BALLISTA % "{object: ballista, ability: 3}")
    e = error(path)
    assert e.where == f"{path}:{line_of(path, 'activate:')}"
    assert e.message == ("ability 3 of 'Walking Ballista' has 1 target (any target (a creature, player, planeswalker "
                         "or battle)), not 0")


def test_an_ability_with_a_target_resolves_with_it(write):
    path = write("b.yaml", BALLISTA % "{object: ballista, ability: 3, targets: [bob], resolve: true}")
    assert [o.texts for o in solve(path)] == [
        ['counters_removed(ballista,p1p1,1)', 'damage_dealt(ballista,bob,1)', 'life_lost(bob,1)']]


def test_an_ability_whose_instruction_is_refused_is_not_half_resolved(write):
    path = write("b.yaml", """\
        players: [alice, bob]
        cards:
          - name: Reliquary
            types: [artifact]
            abilities:
              - activated: {cost: "{T}", effect: [{gain_life: 1}, {return_exiled: true}]}
        objects:
          - {id: r, card: Reliquary, controller: alice}
        question:
          activate: {object: r, resolve: true}
        """)
    e = error(path)
    assert isinstance(e, UnsupportedError) and e.message == "unsupported: returning an exiled card"


def test_an_ability_with_a_target_goes_on_the_stack_with_it(write):
    path = write("b.yaml", BALLISTA % "{object: ballista, ability: 3, targets: [bob]}")
    assert [o.texts for o in solve(path)] == [
        ['counters_removed(ballista,p1p1,1)', 'stack(1,ability(ballista,ab("Walking Ballista",3)))']]


TWINCAST = """\
    players: [alice, bob]
    objects:
      - {id: bears, card: Grizzly Bears, controller: bob}
      - {id: div, card: Divination, controller: bob, zone: stack}
      - {id: twincast, card: Twincast, controller: alice, zone: stack%s}
    question: resolve
    """


@pytest.mark.parametrize("targets, message", [
    ("", "'twincast' has 1 target (target instant or sorcery spell), not 0"),
    (", targets: [bears]", "'bears' (Grizzly Bears) can never be target instant or sorcery spell"),
    (", targets: [bob]", "'bob' is a player; target instant or sorcery spell is not"),
    (", targets: [div, div]", "'twincast' has 1 target (target instant or sorcery spell), not 2"),
    (", targets: [twincast]", "'twincast' cannot target itself (CR 115.5)"),
    (", targets: [nobody]", "unknown object or player 'nobody' as a target"),
], ids=["none", "creature", "player", "two", "itself", "unknown"])
def test_twincast_targets_are_checked_where_written(write, line_of, targets, message):
    path = write("t.yaml", TWINCAST % targets)
    e = error(path)
    assert e.message == message
    assert e.where == f"{path}:{line_of(path, 'id: twincast')}"


def test_a_target_that_left_makes_the_spell_not_resolve(write):
    path = write("t.yaml", TWINCAST.replace("zone: stack}", "zone: graveyard}", 1).replace(
        "{id: div, card: Divination, controller: bob, zone: graveyard}", "{id: div, card: Divination, owner: bob, "
        "zone: graveyard}") % ", targets: [div]")
    outcomes = solve(path)
    assert [o.texts for o in outcomes] == [["move(twincast,stack,graveyard)", "not_resolved(twincast)"]]
    assert "608.2b" in outcomes[0].explain().cites("not_resolved(twincast)")
