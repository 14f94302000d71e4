"""SituationBuilder: the same situations and the same errors as a file, located at ``<builder> path``."""

from __future__ import annotations

import dataclasses

import pytest

from pyrules import InputError, SituationBuilder, UnsupportedError, builtin_library, load_situation, solve
from pyrules.cards.library import CardSpec
from pyrules.situation.model import Activatable, Activate, CouldProduce
from pyrules.vocabulary.abilities import AbilitySpec, Part

RELIC = {"name": "Untapping Relic", "cost": "{2}", "types": ["artifact"],
         "abilities": [{"activated": {"cost": "{Q}", "effect": {"gain_life": 1}}}]}

YAML = """\
    players:
      - {name: alice, life: 17, mana_pool: "{G}"}
      - bob
    active: alice
    turn: 3
    cards:
      - name: Untapping Relic
        cost: "{2}"
        types: [artifact]
        abilities:
          - activated: {cost: "{Q}", effect: {gain_life: 1}}
    objects:
      - {id: birds, card: Birds of Paradise, controller: alice}
      - {id: relic, card: Untapping Relic, controller: alice, tapped: true, since_turn_start: false}
      - {id: ring, card: Sol Ring, owner: bob, controller: alice}
      - {id: bears, card: Grizzly Bears, owner: bob, zone: graveyard}
    question:
      activate: birds
    """


def builder() -> SituationBuilder:
    return (SituationBuilder([{"name": "alice", "life": 17, "mana_pool": "{G}"}, "bob"], active="alice")
            .set(turn=3)
            .card(RELIC)
            .permanent("birds", "Birds of Paradise", "alice")
            .permanent("relic", "Untapping Relic", "alice", tapped=True, since_turn_start=False)
            .permanent("ring", "Sol Ring", "alice", owner="bob")
            .object("bears", "Grizzly Bears", "bob", zone="graveyard"))


def test_builder_matches_the_file(write):
    path = write("s.yaml", YAML)
    from_file = load_situation(path)
    built = builder().activate("birds").build()
    assert built.source == "<builder>"
    assert dataclasses.replace(built, source=from_file.source) == from_file
    assert built.objects[2].owner == "bob" and built.objects[2].controller == "alice"
    assert built.objects[3].controller is None
    assert [o.atoms for o in solve(built)] == [o.atoms for o in solve(path)]
    assert [[t for t in o.texts if not t.startswith("chose(")] for o in solve(built)] == [
        [f"mana_added(alice,{c},1)", "tap(birds)"] for c in "bgruw"]


@pytest.mark.parametrize("question, replacement, expected", [
    (lambda b: b.activate("relic"), "activate: relic", Activate("relic")),
    (lambda b: b.activate("relic", ability=1, player="alice"), "activate: {object: relic, ability: 1, player: alice}",
     Activate("relic", "alice", 1)),
    (lambda b: b.activatable("alice"), "activatable: alice", Activatable("alice")),
    (lambda b: b.could_produce("birds", "ring"), "could_produce: [birds, ring]", CouldProduce(("birds", "ring"))),
    (lambda b: b.could_produce(), "could_produce: all", CouldProduce(())),
], ids=["activate", "activate-full", "activatable", "could-produce", "could-produce-all"])
def test_each_question_matches_the_file(write, question, replacement, expected):
    path = write("s.yaml", YAML.replace("activate: birds", replacement))
    built = question(builder()).build()
    assert built.question == expected
    assert dataclasses.replace(built, source=str(path)) == load_situation(path)
    assert [o.atoms for o in solve(built)] == [o.atoms for o in solve(path)]


def test_outcomes_of_built_questions():
    assert [o.texts for o in solve(builder().activate("relic").build())] == [
        ['stack(1,ability(relic,ab("Untapping Relic",1)))', "untap(relic)"]]
    assert [o.texts for o in solve(builder().could_produce("birds", "ring").build())] == [
        [f"could_produce(birds,{c})" for c in "bgruw"] + ["could_produce(ring,c)"]]
    assert [o.texts for o in solve(builder().activatable("alice").build())] == [[
        'can_activate(alice,birds,ab("Birds of Paradise",2))',
        'can_activate(alice,relic,ab("Untapping Relic",1))',
        'can_activate(alice,ring,ab("Sol Ring",1))',
    ]]


def test_as_dict_is_the_document():
    b = SituationBuilder(["alice"], name="demo").permanent("ring", "Sol Ring", "alice").activatable("alice")
    assert b.as_dict() == {
        "players": ["alice"], "name": "demo",
        "objects": [{"id": "ring", "card": "Sol Ring", "controller": "alice", "owner": "alice"}],
        "question": {"activatable": "alice"},
    }
    assert b.build().name == "demo"
    assert b.build() == b.build()


def test_builder_with_a_library():
    card = CardSpec("Mox Test", types=("artifact",),
                    abilities=(AbilitySpec("activated", costs=(Part("{T}"),), effects=(Part("add", (("g", 1),)),)),))
    library = builtin_library().with_cards([card])
    situation = SituationBuilder(["alice"], library=library).permanent("m", "Mox Test", "alice").activate("m").build()
    assert [o.texts for o in solve(situation, library=library)] == [["mana_added(alice,g,1)", "tap(m)"]]
    with pytest.raises(InputError) as info:
        SituationBuilder(["alice"]).permanent("m", "Mox Test", "alice").activate("m").build()
    assert str(info.value) == "<builder> objects.0.card: unknown card 'Mox Test'"


def test_situation_built_with_a_library_solves_on_its_own():
    card = CardSpec("Mox Test", types=("artifact",),
                    abilities=(AbilitySpec("activated", costs=(Part("{T}"),), effects=(Part("add", (("g", 1),)),)),))
    library = builtin_library().with_cards([card])
    situation = SituationBuilder(["alice"], library=library).permanent("m", "Mox Test", "alice").activate("m").build()
    assert [o.texts for o in solve(situation)] == [["mana_added(alice,g,1)", "tap(m)"]]


# -- errors -------------------------------------------------------------------------------------------
def build_error(b: SituationBuilder) -> InputError:
    with pytest.raises(InputError) as info:
        b.build()
    assert "\n" not in str(info.value)
    return info.value


def test_unknown_card_names_builder_path():
    error = build_error(SituationBuilder(["alice"]).permanent("f", "Forrest", "alice").activate("f"))
    assert error.where == "<builder> objects.0.card"
    assert error.message == "unknown card 'Forrest'; did you mean 'Forest'?"
    assert str(error) == "<builder> objects.0.card: unknown card 'Forrest'; did you mean 'Forest'?"


@pytest.mark.parametrize("make, where, message", [
    (lambda: SituationBuilder(["alice"]).permanent("r", "Sol Ring", "alice").permanent("s", "Sol Rung", "alice")
     .activatable("alice"), "<builder> objects.1.card", "unknown card 'Sol Rung'; did you mean 'Sol Ring'?"),
    (lambda: SituationBuilder(["alice"]).permanent("r", "Sol Ring", "carol").activatable("alice"),
     "<builder> objects.0.owner", "unknown player 'carol' in objects.0.owner; players are alice"),
    (lambda: SituationBuilder(["alice"]).permanent("r", "Sol Ring", "alice").activate("s"),
     "<builder> question.activate.object", "unknown object 's'; objects are r"),
    (lambda: SituationBuilder(["alice"]).permanent("r", "Sol Ring", "alice", tapped="yes").activate("r"),
     "<builder> objects.0.tapped", "objects.0.tapped must be true or false, not 'yes'"),
    (lambda: SituationBuilder(["alice"]).set(turn="two").activatable("alice"),
     "<builder> turn", "turn must be a whole number, not 'two'"),
    (lambda: SituationBuilder(["alice"]).object("r", "Sol Ring", "alice", zone="hand", tapped=True)
     .activatable("alice"), "<builder> objects.0.tapped", "'r' is in the hand; only permanents can be tapped (CR 110.5)"),
    (lambda: SituationBuilder(["alice"]).permanent("r", "Sol Ring", "alice").permanent("r", "Sol Ring", "alice")
     .activatable("alice"), "<builder> objects.1.id", "object id 'r' is used twice"),
    (lambda: SituationBuilder(["alice"]).permanent("r", "Sol Ring", "alice", colour="red").activatable("alice"),
     "<builder> objects.0.colour", "unknown field 'colour' in objects.0; expected one of: "),
    (lambda: SituationBuilder(["alice"]).object("r", "Sol Ring", "alice", zone="hand").activate("r"),
     "<builder> question.activate.object",
     "'r' is in the hand; only abilities of permanents can be activated here (CR 113.6)"),
    (lambda: SituationBuilder(["alice"]).permanent("r", "Sol Ring", "alice"),
     "<builder> question", "missing field 'question' (one of: could_produce, activatable, activate, cast, resolve"),
    (lambda: SituationBuilder([]).activatable("alice"), "<builder> players", "a situation needs at least one player"),
], ids=["card-second", "owner", "object", "type", "turn", "state", "duplicate", "field", "zone", "question",
        "no-players"])
def test_builder_errors_name_the_path(make, where, message):
    error = build_error(make())
    assert error.where == where
    assert error.message.startswith(message), error.message


def test_unsupported_inline_card_in_builder():
    b = (SituationBuilder(["alice"])
         .card({"name": "Odd", "types": ["artifact"], "abilities": [{"keyword": "flying"}, {"keyword": "rampage"}]})
         .permanent("o", "Odd", "alice").activatable("alice"))
    error = build_error(b)
    assert isinstance(error, UnsupportedError)
    assert error.where == "<builder> cards.0.abilities.1.keyword"
    assert error.message.startswith("unsupported: keyword 'rampage' (known keywords: ")


def test_solve_time_errors_name_the_builder_path():
    situation = SituationBuilder(["alice"]).permanent("r", "Sol Ring", "alice").activate("r", ability="forest").build()
    with pytest.raises(InputError) as info:
        solve(situation)
    assert str(info.value) == "<builder> question.activate: no activated ability (r, forest)"
    with pytest.raises(InputError) as info:  # (a printed ability's place is checked as the situation is read)
        SituationBuilder(["alice"]).permanent("r", "Sol Ring", "alice").activate("r", ability=2).build()
    assert str(info.value) == ("<builder> question.activate.ability: 'Sol Ring' has 1 ability, not 2; its activated "
                               "abilities: 1 ({T}: Add {C}{C})")


@pytest.mark.parametrize("call, message", [
    (lambda b: b.permanent("b", "Walking Ballista", "alice", counters={True: 2}),
     "counters: a key must be text (a name) or a whole number, not True"),
    (lambda b: b.permanent("b", "Walking Ballista", "alice", used_this_turn={1: 1, "1": 2}),
     "used_this_turn: the key '1' is given twice"),
    (lambda b: b.permanent(5, "Forest", "alice"), "id must be text, not 5"),
    (lambda b: b.set(phase=object), "phase must be a text, number, list or mapping (as in a situation file), not "
                                    "<class 'object'>"),
    (lambda b: b.card({"name": "X", 3.5: 1}), "definition: a key must be text (a name) or a whole number, not 3.5"),
    (lambda b: b.activate("b", True), "ability must be a whole number, not True"),
], ids=["counters-bool-key", "key-twice", "id-int", "phase-object", "card-float-key", "ability-bool"])
def test_builder_checks_its_arguments_as_called(call, message):
    """Before: counters={1: 2} raised AttributeError inside build(), far from the call that gave it."""
    with pytest.raises(TypeError) as info:
        call(SituationBuilder(["alice", "bob"]))
    assert str(info.value) == message


def test_builder_takes_whole_number_keys_as_a_file_does():
    """``used_this_turn={1: 1}`` as a file writes ``used_this_turn: {1: 1}`` (it raised a TypeError); a key that means
    nothing where it is given is the situation reader's error, at build()."""
    built = SituationBuilder(["alice"]).permanent("r", "Sol Ring", "alice", used_this_turn={1: 1}).activatable("alice")
    assert built.build().objects[0].used_this_turn == {1: 1}
    with pytest.raises(InputError) as info:
        SituationBuilder(["alice"]).permanent("b", "Walking Ballista", "alice", counters={1: 2}).activatable("alice").build()
    assert str(info.value) == ("<builder> objects.0.counters.1: counter kind '1' must be a name of letters, digits and "
                               "underscores")
