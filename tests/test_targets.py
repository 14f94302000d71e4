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


@pytest.mark.parametrize("target, dealt", [
    ("bob", ["damage_dealt(ballista,bob,1)", "life_lost(bob,1)"]),
    # 115.5 forbids a spell or ability on the stack to target itself, not the permanent it comes from
    ("ballista", ["damage_dealt(ballista,ballista,1)", "damage_marked(ballista,1)"]),
], ids=["a-player", "its-own-source"])
def test_an_ability_with_a_target_resolves_with_it(write, target, dealt):
    path = write("b.yaml", BALLISTA % f"{{object: ballista, ability: 3, targets: [{target}], resolve: true}}")
    assert [o.texts for o in solve(path)] == [["counters_removed(ballista,p1p1,1)", *dealt]]


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


def test_an_ability_on_the_stack_cannot_target_itself(write):
    path = write("s.yaml", """\
        players: [alice, bob]
        objects:
          - {id: ballista, card: Walking Ballista, controller: alice, counters: {p1p1: 2}}
        stack:
          - {id: ping, activated: ballista, ability: 3, targets: [ping]}
        question: resolve
        """)
    assert error(path).message == "'ping' cannot target itself (CR 115.5)"


ELECTROLYZE = """\
    players:
      - {name: alice, mana_pool: "{1}{U}{R}"}
      - bob
    objects:
      - {id: zap, card: Electrolyze, owner: alice, zone: hand}
      - {id: bears, card: Grizzly Bears, controller: bob}
    question:
      cast: %s
    """


@pytest.mark.parametrize("cast, message", [
    ("{object: zap, targets: [bears, bob], division: [2, 1]}",
     "'zap' divides 2 damage: give 'division' with one amount per target, adding up to 2 (CR 601.2d), or leave it out "
     "for every division"),
    ("{object: zap, targets: [bears, bob], division: [2]}",
     "'zap' divides 2 damage: give 'division' with one amount per target, adding up to 2 (CR 601.2d), or leave it out "
     "for every division"),
    ("{object: zap, targets: [bears, bears]}", "'zap' divides its damage among different targets (CR 601.2d, 115.3)"),
    ("{object: zap, targets: []}", "'zap' divides its damage among one to 2 targets, not 0"),
    ("{object: zap, targets: [bears, bob, alice]}", "'zap' divides its damage among one to 2 targets, not 3"),
    ("{object: zap, targets: [zap]}", "'zap' cannot target itself (CR 115.5)"),
], ids=["sum", "count", "same-target", "none", "three", "itself"])
def test_a_division_given_is_checked(write, cast, message):
    assert error(write("e.yaml", ELECTROLYZE % cast)).message == message


def test_a_division_is_refused_where_no_damage_is_divided(write):
    path = write("m.yaml", """\
        players:
          - {name: alice, mana_pool: "{1}{B}{B}"}
          - bob
        objects:
          - {id: murder, card: Murder, owner: alice, zone: hand}
          - {id: bears, card: Grizzly Bears, controller: bob}
        question:
          cast: {object: murder, targets: [bears], division: [1]}
        """)
    assert error(path).message == "'murder' divides no damage"


def test_every_division_of_a_spell_is_an_outcome_and_one_target_gets_all(write):
    both = solve(write("e.yaml", ELECTROLYZE % "{object: zap, targets: [bears, bob]}"))
    assert [sorted(a for a in o.texts if a.startswith("chose")) for o in both] == [
        ["chose(alice,division(zap,1),1)", "chose(alice,division(zap,2),1)"]]
    one = solve(write("e1.yaml", ELECTROLYZE % "{object: zap, targets: [bears]}"))
    assert [[a for a in o.texts if a.startswith("chose")] for o in one] == [["chose(alice,division(zap,1),2)"]]


@pytest.mark.parametrize("card, refused", [("Lightning Bolt", True), ("Glorious Anthem", False)])
def test_a_card_off_the_battlefield_is_refused_as_a_target_only_if_it_can_never_be_one(write, card, refused):
    """A permanent card may become a creature once on the battlefield (Opalescence, 613.1d): whether it is a legal
    target as the spell is cast is the encodings' to say; an instant card never is a creature there."""
    path = write("t.yaml", f"""\
        players: [alice, {{name: bob, mana_pool: "{{R}}"}}]
        priority: bob
        objects:
          - {{id: card, card: {card}, owner: alice, zone: hand}}
          - {{id: bolt, card: Lightning Bolt, owner: bob, zone: hand}}
        actions:
          - cast: {{object: bolt, targets: [card]}}
        """)
    if refused:
        assert error(path).message == ("'card' (Lightning Bolt) can never be any target (a creature, player, "
                                       "planeswalker or battle)")
    else:
        assert [o.texts for o in solve(path)] == [["illegal(1,cannot_cast(bob,bolt,illegal_target(1,card)))"]]
