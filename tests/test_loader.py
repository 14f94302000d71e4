"""Situation files: every bad input is one ``path:LINE: message`` error naming the offending line."""

from __future__ import annotations

import json

import pytest

from pyrules import InputError, UnsupportedError, load_situation, solve
from pyrules.situation.model import Activate, GameObject, Player

# The vocabularies grow as rules areas are added: errors must list at least these, sorted where noted.
OBJECT_FIELDS = {"card", "controller", "counters", "face", "id", "keywords", "loyalty_activated", "owner",
                 "since_turn_start", "tapped", "token", "used_this_turn", "x", "zone"}
TOP_FIELDS = {"active", "cards", "description", "expect", "id", "name", "notes", "objects", "phase", "players",
              "priority", "question", "rules", "rulings", "stack", "step", "turn"}
QUESTIONS = {"could_produce", "abilities", "activatable", "activate", "cast", "resolve"}
KEYWORDS = {"haste", "flying", "defender", "vigilance", "reach", "trample", "first_strike", "deathtouch", "lifelink"}


def load_error(path) -> InputError:
    with pytest.raises(InputError) as info:
        load_situation(path)
    error = info.value
    assert "\n" not in str(error), "an input error is one line"
    return error


def assert_error(path, line: int, message: str, *, listing: set[str] | None = None,
                 sorted_listing: bool = False) -> InputError:
    """The error is exactly ``path:line: message``; with ``listing``, ``message`` is followed by a
    comma-separated list that holds at least ``listing`` (sorted, if ``sorted_listing``)."""
    error = load_error(path)
    assert error.where == f"{path}:{line}", str(error)
    if listing is None:
        assert str(error) == f"{path}:{line}: {message}"
        assert error.message == message
    else:
        assert error.message.startswith(message), error.message
        items = error.message[len(message):].split(", ")
        assert listing <= set(items), items
        if sorted_listing:
            assert items == sorted(items)
    return error


# -- a good file, for contrast ------------------------------------------------------------------
def test_a_permanent_with_nothing_said_of_it_is_read_as_one_with_every_default_written(write):
    """A bare permanent takes the loader's short way (no field to check): the same object as the long way gives."""
    path = write("bare.yaml", """\
        players: [alice, bob]
        objects:
          - {id: bare, card: Grizzly Bears, controller: alice}
          - {id: written, card: Grizzly Bears, controller: alice, zone: battlefield, tapped: false}
          - {id: owned, card: Grizzly Bears, owner: bob}
        question: {could_produce: all}
        """)
    bare, written, owned = load_situation(path).objects
    assert bare == GameObject(id="bare", card="Grizzly Bears", owner="alice", controller="alice")
    assert written == GameObject(id="written", card="Grizzly Bears", owner="alice", controller="alice")
    assert owned == GameObject(id="owned", card="Grizzly Bears", owner="bob", controller="bob")


def test_good_file_loads_into_the_model(write):
    path = write("good.yaml", """\
        players:
          - {name: alice, life: 17, mana_pool: "{G}{G}"}
          - bob
        active: bob
        objects:
          - id: forest1
            card: forest
            controller: alice
            tapped: true
        question:
          activate: {object: forest1, player: alice}
        """)
    s = load_situation(path)
    assert s.players == (Player("alice", 17, {"g": 2}), Player("bob", 20, {}))
    assert s.active_player == "bob" and s.priority_player == "bob"
    # card names are matched case-insensitively and stored under the library's spelling
    assert s.objects == (GameObject("forest1", "Forest", "alice", "alice", "battlefield", tapped=True),)
    assert s.question == Activate("forest1", "alice")
    assert s.source == str(path)
    assert s.where("objects.0.tapped") == f"{path}:9"
    assert s.where("objects.0.nonexistent") == f"{path}:6"


# -- malformed YAML -------------------------------------------------------------------------------
@pytest.mark.parametrize("text, line, message", [
    ("players: [alice]\nobjects: []\nquestion: {activate: f}}\n", 3,
     "malformed YAML: expected <block end>, but found '}'"),
    ("players: [alice]\nobjects:\n  - id: f\n     card: Forest\nquestion: x\n", 4,
     "malformed YAML: mapping values are not allowed here"),
    ("players: [alice]\nobjects:\n\t- id: f\nquestion: x\n", 3,
     "malformed YAML: found character '\\t' that cannot start any token"),
    ("players: *nope\n", 1, "malformed YAML: found undefined alias 'nope'"),
    ("players: [alice]\nobjects:\n  - id: f\n    card: Forest\n    card: Island\nquestion: x\n", 5,
     "duplicate key 'card'"),
], ids=["extra-brace", "bad-indent", "tab", "undefined-alias", "duplicate-key"])
def test_malformed_yaml(write, text, line, message):
    path = write("bad.yaml", text, dedent=False)
    assert_error(path, line, message)


def test_not_a_mapping(write):
    path = write("list.yaml", "- alice\n- bob\n")
    assert_error(path, 1, "a situation file must be a mapping with 'players' and 'question' (and usually 'objects')")


def test_empty_file(write):
    path = write("empty.yaml", "")
    error = load_error(path)
    assert str(error) == (f"{path}: a situation file must be a mapping with 'players' and 'question' "
                          "(and usually 'objects')")


def test_missing_file_and_folder(tmp_path):
    missing = tmp_path / "nope.yaml"
    assert str(load_error(missing)) == f"{missing}: no such file"
    assert str(load_error(tmp_path)) == f"{tmp_path}: is a folder, not a situation file"


def test_binary_file(tmp_path):
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\xff\xfe\x00bad")
    assert str(load_error(path)) == f"{path}: not a UTF-8 text file"


# -- wrong field types ------------------------------------------------------------------------------
def test_life_must_be_a_number(write, line_of):
    path = write("life.yaml", """\
        players:
          - name: alice
            life: "twenty"
        objects:
          - {id: f, card: Forest, controller: alice}
        question: {activate: f}
        """)
    assert_error(path, line_of(path, "twenty"), "players.0.life must be a whole number, not 'twenty'")


def test_tapped_must_be_true_or_false(write, line_of):
    path = write("tapped.yaml", """\
        players: [alice]
        objects:
          - id: f
            card: Forest
            controller: alice
            tapped: 3
        question: {activate: f}
        """)
    assert_error(path, line_of(path, "tapped: 3"), "objects.0.tapped must be true or false, not the number 3")


@pytest.mark.parametrize("field, value, message", [
    ("turn", "two", "turn must be a whole number, not 'two'"),
    ("turn", "0", "turn must be at least 1, not 0"),
    ("phase", "lunch", "phase must be one of beginning, precombat_main, combat, postcombat_main, ending, not 'lunch'"),
    ("objects", "forest", "objects must be a list, not 'forest'"),
], ids=["turn-text", "turn-zero", "phase", "objects-text"])
def test_top_level_types(write, line_of, field, value, message):
    objects = "" if field == "objects" else "objects: []\n"
    path = write("types.yaml", f"players: [alice]\n{objects}question: {{activatable: alice}}\n{field}: {value}\n")
    assert_error(path, line_of(path, f"{field}: {value}"), message)


def test_players_must_be_a_list(write):
    path = write("players.yaml", "players: alice\nobjects: []\nquestion: {activatable: alice}\n")
    assert_error(path, 1, "players must be a list, not 'alice'")


def test_missing_players_and_question(write):
    path = write("noplayers.yaml", "objects: []\nquestion: {activatable: alice}\n")
    assert_error(path, 1, "missing field 'players' (a list of player names in turn order)")
    path = write("noquestion.yaml", "players: [alice]\nobjects: []\n")
    error = load_error(path)
    prefix = "missing field 'question' (one of: "
    assert error.where == f"{path}:1"
    assert error.message.startswith(prefix) and error.message.endswith(")"), error.message
    assert QUESTIONS <= set(error.message[len(prefix):-1].split(", "))


def test_step_in_a_phase_without_steps(write, line_of):
    path = write("step.yaml", """\
        players: [alice]
        phase: precombat_main
        step: upkeep
        objects: []
        question: {activatable: alice}
        """)
    assert_error(path, line_of(path, "step:"), "the precombat main phase has no steps")


# -- unknown fields ---------------------------------------------------------------------------------
def test_unknown_object_field(write, line_of):
    path = write("field.yaml", """\
        players: [alice]
        objects:
          - id: f
            card: Forest
            controller: alice
            colour: green
        question: {activate: f}
        """)
    assert_error(path, line_of(path, "colour"), "unknown field 'colour' in objects.0; expected one of: ",
                 listing=OBJECT_FIELDS, sorted_listing=True)


def test_unknown_top_level_field(write, line_of):
    path = write("top.yaml", """\
        players: [alice]
        objects: []
        mood: cheerful
        question: {activatable: alice}
        """)
    assert_error(path, line_of(path, "mood"), "unknown field 'mood' in the document; expected one of: ",
                 listing=TOP_FIELDS, sorted_listing=True)


def test_unknown_player_field(write, line_of):
    path = write("pfield.yaml", """\
        players:
          - name: alice
            experience: 3
        objects: []
        question: {activatable: alice}
        """)
    assert_error(path, line_of(path, "experience"), "unknown field 'experience' in players.0; expected one of: ",
                 listing={"life", "mana_pool", "name"}, sorted_listing=True)


def test_unknown_field_with_block_value_names_the_field_line(write, line_of):
    path = write("nested.yaml", """\
        players: [alice]
        objects:
          - id: f
            card: Forest
            controller: alice
            colours:
              - green
        question: {activate: f}
        """)
    assert_error(path, line_of(path, "colours:"),
                 "unknown field 'colours' in objects.0; expected one of: ",
                 listing=OBJECT_FIELDS, sorted_listing=True)


# -- unknown cards ------------------------------------------------------------------------------------
@pytest.mark.parametrize("written, message", [
    ("Forrest", "unknown card 'Forrest'; did you mean 'Forest'?"),
    ("Llanowar Elfs", "unknown card 'Llanowar Elfs'; did you mean 'Llanowar Elves'?"),
    ("Sol Rung", "unknown card 'Sol Rung'; did you mean 'Sol Ring'?"),
    ("Zzyzx Qwerty", "unknown card 'Zzyzx Qwerty'"),
])
def test_unknown_card_suggests_close_names(write, line_of, written, message):
    path = write("card.yaml", f"""\
        players: [alice]
        objects:
          - id: c
            controller: alice
            card: {written}
        question: {{activatable: alice}}
        """)
    assert_error(path, line_of(path, f"card: {written}"), message)


def test_inline_card_is_known(write):
    path = write("inline.yaml", """\
        players: [alice]
        cards:
          - {name: Forrest, types: [land], subtypes: [forest]}
        objects:
          - {id: land1, card: Forrest, controller: alice}
        question: {could_produce: land1}
        """)
    assert [o.texts for o in solve(path)] == [["could_produce(land1,g)"]]


# -- unknown ids ---------------------------------------------------------------------------------------
def test_unknown_object_in_activate_shorthand(write, line_of):
    path = write("obj.yaml", """\
        players: [alice]
        objects:
          - {id: forest1, card: Forest, controller: alice}
          - {id: forest2, card: Forest, controller: alice}
        question:
          activate: forest3
        """)
    assert_error(path, line_of(path, "forest3"), "unknown object 'forest3'; objects are forest1, forest2")


def test_unknown_object_in_activate_mapping(write, line_of):
    path = write("obj.yaml", """\
        players: [alice]
        objects: []
        question:
          activate:
            player: alice
            object: ghost
        """)
    assert_error(path, line_of(path, "ghost"), "unknown object 'ghost'; objects are none")


def test_unknown_object_in_could_produce_list(write, line_of):
    path = write("obj.yaml", """\
        players: [alice]
        objects:
          - {id: f, card: Forest, controller: alice}
        question:
          could_produce:
            - f
            - g
        """)
    assert_error(path, line_of(path, "- g"), "unknown object 'g'; objects are f")


@pytest.mark.parametrize("snippet, marker, message", [
    ("objects:\n  - {id: f, card: Forest, owner: alice, controller: carol}\nquestion: {activate: f}", "carol",
     "unknown player 'carol' in objects.0.controller; players are alice, bob"),
    ("objects:\n  - {id: f, card: Forest, owner: carol}\nquestion: {activatable: alice}", "carol",
     "unknown player 'carol' in objects.0.owner; players are alice, bob"),
    ("active: carol\nobjects: []\nquestion: {activatable: alice}", "carol",
     "unknown player 'carol' in active; players are alice, bob"),
    ("priority: carol\nobjects: []\nquestion: {activatable: alice}", "carol",
     "unknown player 'carol' in priority; players are alice, bob"),
    ("objects: []\nquestion:\n  activatable: carol", "carol",
     "unknown player 'carol' in question.activatable; players are alice, bob"),
    ("objects:\n  - {id: f, card: Forest, controller: alice}\nquestion:\n  activate: {object: f, player: carol}",
     "carol", "unknown player 'carol' in question.activate.player; players are alice, bob"),
], ids=["controller", "owner", "active", "priority", "activatable", "activate-player"])
def test_unknown_player(write, line_of, snippet, marker, message):
    path = write("player.yaml", "players: [alice, bob]\n" + snippet + "\n", dedent=False)
    assert_error(path, line_of(path, marker), message)


def test_unknown_controller_alone_names_the_controller_field(write, line_of):
    path = write("ctl.yaml", """\
        players: [alice, bob]
        objects:
          - id: f
            card: Forest
            controller: carol
        question: {activate: f}
        """)
    assert_error(path, line_of(path, "carol"), "unknown player 'carol' in objects.0.controller; players are alice, bob")


def test_player_listed_twice(write, line_of):
    path = write("twice.yaml", """\
        players:
          - alice
          - bob
          - alice
        objects: []
        question: {activatable: alice}
        """)
    assert_error(path, line_of(path, "- alice", nth=2), "player 'alice' is listed twice")


def test_no_players(write):
    path = write("none.yaml", "players: []\nobjects: []\nquestion: {activatable: alice}\n")
    assert_error(path, 1, "a situation needs at least one player")


# -- duplicate ids -----------------------------------------------------------------------------------
def test_duplicate_object_ids(write, line_of):
    path = write("dup.yaml", """\
        players: [alice, bob]
        objects:
          - id: land
            card: Forest
            controller: alice
          - id: land
            card: Island
            controller: bob
        question: {activate: land}
        """)
    assert_error(path, line_of(path, "id: land", nth=2), "object id 'land' is used twice")


def test_object_id_that_names_a_player(write, line_of):
    path = write("clash.yaml", """\
        players: [alice, bob]
        objects:
          - id: bob
            card: Forest
            controller: alice
        question: {activate: bob}
        """)
    assert_error(path, line_of(path, "id: bob"), "'bob' names both a player and an object")


# -- an action on an object that is not where the action needs it ---------------------------------------
def test_activate_a_card_in_hand(write, line_of):
    path = write("hand.yaml", """\
        players: [alice, bob]
        objects:
          - {id: elves, card: Llanowar Elves, owner: alice, zone: hand}
        question:
          activate: elves
        """)
    assert_error(path, line_of(path, "activate: elves"),
                 "'elves' is in the hand; only abilities of permanents can be activated here (CR 113.6)")


def test_activate_a_card_in_hand_with_a_line_not_read(write, line_of):
    """A line pyrules does not read may be an ability activated from the hand (transmute, ninjutsu): refused by it."""
    path = write("hand.yaml", """\
        players: [alice, bob]
        cards:
          - name: Test Ninja
            cost: "{1}{U}"
            types: [creature]
            power: 1
            toughness: 1
            abilities:
              - unsupported: "Ninjutsu {U}"
        objects:
          - {id: ninja, card: Test Ninja, owner: alice, zone: hand}
        question:
          activate: ninja
        """)
    assert_error(path, line_of(path, "activate: ninja"),
                 "unsupported: rules text that no template fits, in 'Test Ninja': Ninjutsu {U}")


@pytest.mark.parametrize("cast, message", [
    ("{object: bolt, entwine: true, targets: [bob]}", "'bolt' (Lightning Bolt) has no entwine (CR 702.42a)"),
    ("{object: barbed, entwine: true, modes: [2], targets: [bob]}",
     "'barbed' (Barbed Lightning) is entwined: every mode is chosen, 1, 2 (CR 702.42a)"),
    ("{object: barbed, modes: [1, 2], targets: [bears, bob]}",
     "'barbed' (Barbed Lightning) chooses 1 modes, not 2 (CR 700.2a)"),
], ids=["no-entwine", "not-every-mode", "every-mode-not-entwined"])
def test_entwine_chooses_every_mode_of_a_card_with_entwine(write, line_of, cast, message):
    path = write("entwine.yaml", f"""\
        players: [alice, bob]
        objects:
          - {{id: bolt, card: Lightning Bolt, owner: alice, zone: hand}}
          - {{id: bears, card: Grizzly Bears, controller: bob}}
          - {{id: barbed, card: Barbed Lightning, owner: alice, zone: hand}}
        question:
          cast: {cast}
        """)
    assert_error(path, line_of(path, "cast:"), message)


@pytest.mark.parametrize("cast, marker, message", [
    ("{object: bears, times_kicked: 2}", "times_kicked: 2", "'bears' has no multikicker ability (CR 702.33c)"),
    ("{object: pack, kicked: true, times_kicked: 2}", "times_kicked: 2",
     "'times_kicked' beside 'kicked': a multikicker cost is paid some number of times, give that"),
    ("{object: pack, times_kicked: 0}", "times_kicked: 0", "question.cast.times_kicked must be at least 1, not 0"),
], ids=["no-multikicker", "beside-kicked", "zero"])
def test_a_multikicker_cost_is_paid_a_number_of_times(write, line_of, cast, marker, message):
    """702.33c: only a card with multikicker is cast with its multikicker cost paid, at least once."""
    path = write("multikicker.yaml", f"""\
        players: [alice, bob]
        cards:
          - {{name: Test Pack, cost: "{{1}}{{G}}", types: [creature], power: 2, toughness: 2,
             abilities: [{{multikicker: "{{1}}{{G}}"}}]}}
        objects:
          - {{id: pack, card: Test Pack, owner: alice, zone: hand}}
          - {{id: bears, card: Grizzly Bears, owner: alice, zone: hand}}
        question:
          cast: {cast}
        """)
    assert_error(path, line_of(path, marker), message)


@pytest.mark.parametrize("cast, marker, message", [
    ("{object: bears, bestow: true, targets: [elves]}", "bestow: true",
     "'bears' (Grizzly Bears) has no bestow ability (CR 702.103a)"),
    ("{object: satyr, bestow: true}", "cast:", "'satyr' has 1 target (target creature permanent), not 0"),
], ids=["no-bestow", "no-target"])
def test_a_spell_cast_bestowed_targets_one_creature(write, line_of, cast, marker, message):
    """702.103a-b: only a card with bestow is cast bestowed, and then it targets a creature, as an Aura with enchant
    creature would."""
    path = write("bestow.yaml", f"""\
        players: [alice, bob]
        cards:
          - {{name: Test Satyr, cost: "{{1}}{{G}}", types: [enchantment, creature], power: 2, toughness: 2,
             abilities: [{{bestow: "{{2}}{{G}}"}}]}}
        objects:
          - {{id: satyr, card: Test Satyr, owner: alice, zone: hand}}
          - {{id: bears, card: Grizzly Bears, owner: alice, zone: hand}}
          - {{id: elves, card: Llanowar Elves, controller: alice}}
          - {{id: forest, card: Forest, controller: alice}}
        question:
          cast: {cast}
        """)
    assert_error(path, line_of(path, marker), message)


def test_activate_a_card_in_hand_mapping_form(write, line_of):
    path = write("hand.yaml", """\
        players: [alice, bob]
        objects:
          - {id: elves, card: Llanowar Elves, owner: alice, zone: hand}
        question:
          activate:
            object: elves
        """)
    assert_error(path, line_of(path, "object: elves"),
                 "'elves' is in the hand; only abilities of permanents can be activated here (CR 113.6)")


def test_could_produce_of_a_card_in_the_graveyard(write, line_of):
    path = write("gy.yaml", """\
        players: [alice, bob]
        objects:
          - {id: f, card: Forest, controller: alice}
          - {id: dead, card: Forest, owner: alice, zone: graveyard}
        question:
          could_produce: [f,
                          dead]
        """)
    assert_error(path, line_of(path, "dead]"),
                 "'dead' is in the graveyard; 'could produce' is asked of permanents (CR 106.7)")


def test_cast_a_permanent_on_the_battlefield(write, line_of):
    path = write("cast.yaml", """\
        players: [alice, bob]
        objects:
          - {id: bears, card: Grizzly Bears, controller: alice}
        question:
          cast:
            object: bears
        """)
    assert_error(path, line_of(path, "object: bears"),
                 "'bears' is on the battlefield; a spell is cast from another zone (CR 601.2a)")


@pytest.mark.parametrize("objects, question, marker, message", [
    ("{id: c, card: Grizzly Bears, owner: alice, zone: stack, face: left}", "resolve", "face: left",
     "'Grizzly Bears' is not a split card and has no halves (CR 708.1)"),
    ("{id: c, card: Fire // Ice, owner: alice, zone: hand, face: left}", "resolve", "face: left",
     "in the hand a split card is its two halves combined; only a spell on the stack is one half, or both fused "
     "(CR 708.3, 708.4)"),
    ("{id: c, card: Fire // Ice, owner: alice, zone: stack, face: both}", "resolve", "face: both",
     "'Fire // Ice' has no fuse: its halves are cast one at a time (CR 702.102a)"),
    ("{id: c, card: Fire // Ice, owner: alice, zone: stack, targets: [bob]}", "resolve", "id: c",
     "'c' is a split card on the stack: say which half was cast with face: left, right or both (fused) (CR 708.3)"),
    ("{id: c, card: Fire // Ice, owner: alice, zone: hand}", "{cast: {object: c, targets: [bob]}}", "cast:",
     "'c' is a split card (Fire // Ice): say which half is cast with half: left (Fire), right (Ice) or both, fused "
     "(CR 708.3, 702.102a)"),
    ("{id: c, card: Fire // Ice, owner: alice, zone: hand}", "{cast: c}", "cast:",
     "'c' is a split card (Fire // Ice): say which half is cast with half: left (Fire), right (Ice) or both, fused "
     "(CR 708.3, 702.102a)"),
    ("{id: c, card: Fire // Ice, owner: alice, zone: hand}", "{cast: {object: c, half: both, targets: [bob]}}",
     "cast:", "'c' (Fire // Ice) has no fuse: one half is cast, left or right (CR 702.102a)"),
    ("{id: c, card: Lightning Bolt, owner: alice, zone: hand}", "{cast: {object: c, half: left, targets: [bob]}}",
     "cast:", "'c' (Lightning Bolt) is not a split card and has no halves (CR 708.1)"),
    ("{id: c, card: Fire // Ice, owner: alice, zone: hand}", "{cast: {object: c, half: top}}", "cast:",
     "question.cast.half must be one of left, right, both, not 'top'"),
    ("{id: c, card: Divided // Fused, owner: alice, zone: hand}", "{cast: {object: c, half: both, targets: [bob]}}",
     "cast:", "unsupported: casting Divided // Fused fused: a half that is not one plain spell ability (modes, divided "
     "damage, \"instead\" or a timing of its own)"),
], ids=["half-of-a-plain-card", "half-in-hand", "fused-without-fuse", "split-spell-without-half", "cast-without-half",
        "cast-shorthand", "cast-fused-without-fuse", "cast-half-of-a-plain-card", "cast-unknown-half",
        "cast-fused-with-divided-damage"])
def test_a_split_card_is_one_half_only_as_a_spell(write, line_of, objects, question, marker, message):
    """708.3-708.4, 702.102a: which half a split spell is, said where it is cast or on the stack, and only there."""
    divided = "{spell: {effect: {damage_divided: {amount: 2, targets: 2}}}}"
    cards = ("cards:\n  - {name: Divided // Fused, halves: [{name: Divided, cost: '{R}', types: [instant], abilities: "
             f"[{divided}, {{keyword: fuse}}]}}, {{name: Fused, cost: '{{U}}', types: [instant], abilities: "
             "[{spell: {effect: {draw: 1}}}, {keyword: fuse}]}]}\n")
    path = write("split.yaml", f"players: [alice, bob]\n{cards}objects:\n  - {objects}\nquestion: {question}\n",
                 dedent=False)
    assert_error(path, line_of(path, marker), message)


def test_a_spell_cast_face_down_has_no_choices_of_its_text(write, line_of):
    path = write("morph.yaml", """\
        players: [alice, bob]
        cards:
          - {name: Shock Morph, cost: "{R}", types: [creature], power: 1, toughness: 1, abilities: [{morph: "{R}"}]}
        objects:
          - {id: m, card: Shock Morph, owner: alice, zone: hand}
        question:
          cast: {object: m, face_down: true,
                 kicked: true}
        """)
    assert_error(path, line_of(path, "kicked: true"), "'m' is cast face down: a spell with no text and no mana cost has "
                                                      "no kicked (CR 702.37c, 708.2)")


def test_an_unmodelled_instruction_is_unsupported_at_solve_time(write, line_of):
    path = write("resolve.yaml", """\
        players: [alice, bob]
        objects:
          - {id: ring, card: Oblivion Ring, controller: alice}
        stack:
          - {id: back, triggered: ring, ability: 2}
        question:
          resolve: top
        """)
    with pytest.raises(UnsupportedError) as info:
        solve(path)
    assert str(info.value) == f"{path}:{line_of(path, 'resolve: top')}: unsupported: returning an exiled card"


def test_resolve_with_an_empty_stack(write, line_of):
    path = write("resolve.yaml", """\
        players: [alice, bob]
        objects: []
        question:
          resolve: top
        """)
    assert_error(path, line_of(path, "resolve: top"), "the stack is empty; there is nothing to resolve")


def test_resolve_shorthand_with_an_empty_stack(write, line_of):
    path = write("resolve.yaml", """\
        players: [alice, bob]
        objects: []
        question: resolve
        """)
    with pytest.raises(InputError) as info:
        solve(path)
    assert str(info.value) == f"{path}:3: the stack is empty; there is nothing to resolve"


def test_unknown_question(write, line_of):
    path = write("q.yaml", """\
        players: [alice]
        objects: []
        question:
          explain: everything
        """)
    assert_error(path, line_of(path, "everything"),
                 "unknown question 'explain'; expected one of: ", listing=QUESTIONS)


def test_could_produce_of_an_empty_list(write):
    path = write("empty-list.yaml", """\
        players: [alice]
        objects:
          - {id: ring, card: Sol Ring, controller: alice}
        question:
          could_produce: []
        """)
    try:
        outcomes = solve(path)
    except InputError as error:
        assert str(error).startswith(f"{path}:5: ")
    else:
        assert [o.texts for o in outcomes] == [[]]


# -- impossible states ------------------------------------------------------------------------------
@pytest.mark.parametrize("fields, marker, message", [
    ("zone: hand, tapped: true", "tapped", "'c' is in the hand; only permanents can be tapped (CR 110.5)"),
    ("zone: graveyard, token: true", "token", "a token in the graveyard has ceased to exist (CR 111.7)"),
    ("face: back", "face", "'Grizzly Bears' is not a double-faced card and has no back face"),
    ("zone: hand, controller: bob", "controller",
     "'c' is in the hand, where objects have no controller but their owner (CR 108.4a)"),
    ("zone: exile, counters: {p1p1: 1}", "counters", "'c' is in the exile; counters here are not modelled (but time "
     "counters on a card with suspend in exile, 702.62b)"),
    ("zone: exile, counters: {time: 1}", "counters", "'c' is in the exile; counters here are not modelled (but time "
     "counters on a card with suspend in exile, 702.62b)"),
    ("counters: {+1/+1: 1}", "counters", "counter kind '+1/+1' must be a name of letters, digits and underscores"),
    ("zone: sideboard", "zone",
     "objects.0.zone must be one of battlefield, hand, graveyard, exile, library, stack, not 'sideboard'"),
    ("zone: graveyard, regeneration_shields: 1", "regeneration_shields",
     "'c' is in the graveyard; a regeneration shield protects a permanent (CR 701.19a)"),
    ("regeneration_shields: -1", "regeneration_shields", "objects.0.regeneration_shields must be at least 0, not -1"),
    ("zone: hand, prevention_shields: [2]", "prevention_shields",
     "'c' is in the hand; a prevention shield protects a player or a permanent (CR 615.7)"),
    ("prevention_shields: [0]", "prevention_shields", "objects.0.prevention_shields.0 must be at least 1, not 0"),
    ("prevention_shields: [{counters: p1p1}]", "prevention_shields",
     "objects.0.prevention_shields.0 needs 'prevent' (how much damage the shield prevents)"),
    ("prevention_shields: [{prevent: 2, counter: p1p1}]", "prevention_shields",
     "unknown field 'counter' in objects.0.prevention_shields.0; expected one of: counters, prevent"),
    ("damaged_by: [nobody]", "damaged_by", "unknown object 'nobody'"),
    ("zone: graveyard, damaged_by: [c]", "damaged_by",
     "'c' is in the graveyard; only a permanent was dealt damage this turn (a new object elsewhere, CR 400.7)"),
    ("exiled_with: [nobody]", "exiled_with", "unknown object 'nobody'"),
    ("zone: exile, exiled_until: nobody", "exiled_until", "unknown object 'nobody'"),
    ("exiled_until: c", "exiled_until", "'c' is in the battlefield; only a card in exile is exiled until another "
     "permanent leaves the battlefield (CR 610.3c)"),
    ("exiled_with: [c]", "exiled_with", "'c' is in the battlefield; a card exiled with a permanent is in exile (607.2a)"),
    ("zone: hand, exiled_with: [c]", "exiled_with", "'c' is in the hand; only a permanent has 'exiled_with'"),
    ("zone: hand, x: 2", "x", "'c' is in the hand; x is the X chosen for a spell on the stack as it was cast (CR "
     "107.3m): cast it with x instead"),
    ("zone: stack, x: 3", "x", "'Grizzly Bears' has no X in its cost or text (CR 107.3)"),
    ("attached_to: f", "attached_to", "'c' (Grizzly Bears) is no Aura, Equipment or Fortification: nothing else is "
     "attached to a permanent (CR 301.5, 303.4)"),
    ("zone: hand, keywords: [flying]", "keywords", "'c' is in the hand; only a permanent has 'keywords' (a new object "
     "elsewhere, CR 400.7)"),
    ("zone: graveyard, chosen_color: g", "chosen_color", "'c' is in the graveyard; only a permanent has 'chosen_color' "
     "(a new object elsewhere, CR 400.7)"),
], ids=["tapped-in-hand", "token-in-graveyard", "back-face", "controller-in-hand", "counters-in-exile",
        "time-counters-without-suspend",
        "counter-kind", "zone", "shield-in-graveyard", "negative-shields", "prevention-shield-in-hand",
        "empty-prevention-shield", "counting-shield-without-amount", "counting-shield-typo", "damaged-by-unknown",
        "damaged-by-in-graveyard", "exiled-with-unknown", "exiled-until-unknown", "exiled-until-on-the-battlefield",
        "exiled-with-not-in-exile", "exiled-with-in-hand", "x-in-hand", "x-without-x", "attached-bears", "keywords-in-hand",
        "chosen-color-in-graveyard"])
def test_impossible_states(write, line_of, fields, marker, message):
    head = "players: [alice, bob]\nobjects:\n  - id: c\n    card: Grizzly Bears\n    owner: alice\n"
    body = "".join(f"    {part.strip()}\n" for part in _split_fields(fields))
    forest = "  - {id: f, card: Forest, controller: alice}\n"
    path = write("state.yaml", head + body + forest + "question: {activatable: alice}\n", dedent=False)
    assert_error(path, line_of(path, f"    {marker}:"), message)


@pytest.mark.parametrize("card, zone, message", [
    ("Forest", "stack", "'s' is a land: a land is played, never cast, and is never on the stack (CR 305.1, 116.2a)"),
    ("Lightning Bolt", "battlefield", "'s' is an instant or sorcery: it never is on the battlefield (CR 304.4, 307.4)"),
])
def test_a_land_on_the_stack_and_an_instant_on_the_battlefield_are_refused(write, line_of, card, zone, message):
    path = write("state.yaml", f"players: [alice, bob]\nobjects:\n  - {{id: s, card: {card}, owner: alice, "
                               f"zone: {zone}}}\nquestion: resolve\n", dedent=False)
    assert_error(path, 3, message)


def test_two_auras_attached_to_each_other_are_refused(write):
    path = write("state.yaml", "players: [alice, bob]\nobjects:\n  - {id: a, card: Utopia Sprawl, controller: alice, "
                               "attached_to: b}\n  - {id: b, card: Utopia Sprawl, controller: alice, attached_to: a}\n"
                               "question: {activatable: alice}\n", dedent=False)
    assert_error(path, 3, "'a' and 'b' are attached to each other (CR 301.5c, 303.4f)")


@pytest.mark.parametrize("card", ["Grizzly Bears", "Test Chains"])
def test_exiled_with_on_a_card_that_refers_to_no_exiled_card(write, line_of, card):
    """'exiled_with' is read by the abilities that refer to "the exiled card" (607.2a: Chrome Mox's); on a card with
    none it would mean nothing (a card exiled "until this leaves the battlefield" is given 'exiled_until', 610.3c)."""
    path = write("exiled.yaml", f"""\
        cards:
          - name: Test Chains
            cost: "{{R}}"
            types: [enchantment]
            subtypes: [aura]
            abilities:
              - enchant: {{types: [land]}}
        players: [alice, bob]
        objects:
          - {{id: mtn, card: Mountain, controller: alice}}
          - id: holder
            card: {card}
            controller: alice
            exiled_with: [giant]
          - {{id: giant, card: Grizzly Bears, owner: bob, zone: exile}}
        question: {{activatable: alice}}
        """)
    assert_error(path, line_of(path, "    exiled_with:"), f"card '{card}' has no ability that refers to cards exiled "
                 "with it (\"the exiled card\", 607.2a); 'exiled_with' is for a card that does (a card exiled until "
                 "this permanent leaves the battlefield: give it 'exiled_until')")


def test_exiled_with_on_chrome_mox_and_on_a_copy_of_it_is_read(write):
    for holder in ("{id: holder, card: Chrome Mox, controller: alice, exiled_with: [charm]}",
                   "{id: holder, card: Grizzly Bears, copy_of: Chrome Mox, controller: alice, exiled_with: [charm]}"):
        path = write("mox.yaml", f"""\
            players: [alice, bob]
            objects:
              - {holder}
              - {{id: charm, card: Lightning Bolt, owner: alice, zone: exile}}
            question: {{activatable: alice}}
            """)
        assert load_situation(path).object("holder").exiled_with == ("charm",)


def _split_fields(fields: str) -> list[str]:
    """'a: 1, b: {c: 2}' -> ['a: 1', 'b: {c: 2}'] (commas inside braces kept)."""
    parts, depth, current = [], 0, ""
    for ch in fields:
        depth += ch == "{"
        depth -= ch == "}"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return parts + [current]


def test_unknown_keyword_on_object(write, line_of):
    path = write("kw.yaml", """\
        players: [alice]
        objects:
          - id: f
            card: Forest
            controller: alice
            keywords: [ward]
        question: {activate: f}
        """)
    assert_error(path, line_of(path, "ward"), "unknown keyword 'ward'; known keywords: ",
                 listing=KEYWORDS)


def test_unknown_keyword_in_block_list_names_its_line(write, line_of):
    path = write("kw.yaml", """\
        players: [alice]
        objects:
          - id: f
            card: Forest
            controller: alice
            keywords:
              - haste
              - ward
        question: {activate: f}
        """)
    assert_error(path, line_of(path, "ward"), "unknown keyword 'ward'; known keywords: ",
                 listing=KEYWORDS)


def test_a_filter_naming_an_unknown_keyword_or_none_is_refused(write, line_of):
    """A filter's keywords ("a creature with flying", 702.1) are the vocabulary's: a typo is an error, and an empty
    list asks nothing."""
    card = """\
        players: [alice]
        cards:
          - name: Test Gale
            cost: "{R}"
            types: [sorcery]
            abilities:
              - spell: {effect: {damage_each: {amount: 1, filter: {types: [creature], not_keywords: %s}}}}
        objects: [{id: gale, card: Test Gale, owner: alice, zone: hand}]
        question: {cast: gale}
        """
    path = write("kw.yaml", card % "[flyin]")
    assert_error(path, line_of(path, "flyin"), "unknown keyword 'flyin'; expected one of ", listing={"flying", "reach"})
    path = write("none.yaml", card % "[]")
    assert_error(path, line_of(path, "not_keywords"),
                 "cards.0.abilities.0.spell.effect.damage_each.filter.not_keywords needs at least 1 value")


# -- inline cards with unsupported templates ---------------------------------------------------------
@pytest.mark.parametrize("ability, marker, prefix", [
    ("activated: {cost: '{T}', effect: {bounce_target: creature}}", "bounce_target",
     "unsupported: effect 'bounce_target' (known effects: add, "),
    ("chapter: {number: 1}", "chapter", "unsupported: ability kind 'chapter' (known kinds: activated, keyword"),
    ("activated: {cost: {discard_hand: true}, effect: {add: '{G}'}}", "discard_hand",
     "unsupported: cost 'discard_hand' (known costs: {T}, {Q}, mana, "),
    ("keyword: rampage", "rampage", "unsupported: keyword 'rampage' (known keywords: haste, "),
    ("activated: {cost: '{T}', effect: {add: '{X}'}}", "{X}", "unsupported: adding X mana"),
    ("activated: {cost: '{T}', effect: {add: '" + "{R/G}" * 8 + "{W/U}" * 8 + "'}}",
     "{R/G}", "unsupported: adding mana with 81 ways to choose"),
    ("additional_cost: [{discard: self}]", "discard", "unsupported: cost 'discard' as a spell's additional cost"),
    ("spell: {effect: {draw: 1}, kicked_effect: {destroy_target: {types: [creature]}}}", "kicked_effect",
     "unsupported: a target that only a kicked spell has"),
    ("spell: {effect: {draw: 1}, if_spent: {green: {destroy_target: {types: [creature]}}}}", "if_spent",
     "unsupported: a target the spell has only if mana of a color was spent to cast it"),
    ("flashback: '{T}'", "flashback", "unsupported: cost '{T}' as a spell's flashback"),
    ("triggered: {when: enters, effect: {unless_paid: {pay: '{1}', effect: {draw: 1}}}}", "draw",
     "unsupported: effect 'draw' as an instruction followed unless a cost is paid"),
    ("triggered: {when: enters, effect: {return_self_with_counter: p1p1}}", "return_self_with_counter",
     "unsupported: effect 'return_self_with_counter' in a 'enters' triggered ability"),
    ("triggered: {when: dies, effect: {may: {return_self_with_counter: p1p1}}}", "return_self_with_counter",
     "unsupported: effect 'return_self_with_counter' as an instruction one may follow"),
    ("triggered: {when: enters, effect: {if_paid: {pay: '{1}', effect: {add: '{G}'}}}}", "add",
     "unsupported: effect 'add' as an instruction one may follow"),
    ("static: {restrictions: [attack], filter: {types: [creature]}}", "restrictions",
     "unsupported: a restriction on attacking or blocking other than an Aura's"),
    ("triggered: {when: enters, lasting: once, effect: {sacrifice_that: true}}", "lasting",
     "unsupported: a delayed triggered ability on 'enters' (only \"at the beginning of the next end step\""),
    ("morph: '{X}{G}'", "morph", "unsupported: a morph cost with {X} or no mana (107.3d, 702.37e)"),
    ("activated: {cost: '{T}', zone: graveyard, effect: {return_self_to_hand: true}}", "{T}",
     "unsupported: a cost that only a permanent pays, in an ability activated from the graveyard"),
    ("activated: {cost: '{1}', zone: graveyard, effect: {draw: 1}}", "draw",
     "unsupported: an ability activated from the graveyard whose cost and effect do not move its card out of it"),
    ("activated: {cost: '{1}', effect: {return_self_to_battlefield: tapped}}", "return_self_to_battlefield",
     "unsupported: 'return_self_to_battlefield' outside an ability activated from the graveyard"),
    ("activated: {cost: '{T}', effect: {add: '{G}'}, limit: twice_each_turn}", "limit",
     "unsupported: an activation limit above once each turn on a mana ability"),
    ("triggered: {when: enters, effect: {copy_source_spell: true}}", "copy_source_spell",
     "unsupported: 'copy_source_spell' in a 'enters' triggered ability (only in \"when you cast this spell\")"),
    ("triggered: {when: enters, effect: {damage_that: 2}}", "damage_that",
     "unsupported: 'damage_that' in a 'enters' triggered ability (\"that creature\": only where the event is about one"),
    ("triggered: {when: dies, if: with_two_other_attackers, effect: {draw: 1}}", "with_two_other_attackers",
     "unsupported: 'if: with_two_other_attackers' is a condition of an attack trigger (when: attacks)"),
    ("enters: {tapped: true, if: attacks_player_with_most_life}", "attacks_player_with_most_life",
     "unsupported: 'if: attacks_player_with_most_life' is a condition of a trigger's event, not of how a permanent"),
    ("enters: {tapped: true, if: x_in_cost}", "x_in_cost",
     "unsupported: 'if: x_in_cost' is a condition of a trigger's event, not of how a permanent enters"),
    ("triggered: {when: dies, if: x_in_cost, effect: {draw: 1}}", "x_in_cost",
     "unsupported: 'if: x_in_cost' is a condition of a cast or activate trigger's event"),
    ("triggered: {when: dies, filter: {types: [creature]}, if: evolves, effect: {draw: 1}}", "evolves",
     "unsupported: 'if: evolves' compares the creature an 'enters' trigger's event is about with this one"),
    ("triggered: {when: enters, filter: {types: [land]}, if: evolves, effect: {draw: 1}}", "evolves",
     "unsupported: 'if: evolves' compares the creature an 'enters' trigger's event is about with this one"),
    ("triggered: {when: beginning_of_upkeep, zone: exile, effect: {draw: 1}}", "zone",
     "unsupported: a triggered ability working from exile other than suspend's two (702.62a)"),
    ("activated: {cost: '{1}', zone: exile, effect: {draw: 1}}", "zone", "unsupported: an ability activated from exile"),
    ("activated: {cost: ['{1}', {reveal: self}], effect: {draw: 1}}", "cost",
     "unsupported: a cost of revealing this card from the hand other than forecast's"),
    ("triggered: {when: cast_self, effect: {copy_self_replicated: true}}", "copy_self_replicated",
     "unsupported: a hand-written 'copy_self_replicated': write the keyword ability 'replicate: {cost}'"),
    ("triggered: {when: enters, effect: {cascade: true}}", "cascade",
     "unsupported: 'cascade' in a 'enters' triggered ability, or beside other instructions"),
    ("enters: {tapped: true, if: evolves}", "evolves",
     "unsupported: 'if: evolves' is a condition of a trigger's event, not of how a permanent enters"),
    ("triggered: {when: enters, effect: {double_x_of_triggering_spell: true}}", "double_x_of_triggering_spell",
     "unsupported: effect 'double_x_of_triggering_spell' in a 'enters' triggered ability"),
    ("triggered: {when: activate, filter: {controller: you}, effect: {copy_triggering_spell: true}}",
     "copy_triggering_spell", "unsupported: effect 'copy_triggering_spell' in a 'activate' triggered ability"),
    ("triggered: {when: enters, effect: {may: {copy_triggering_spell: true}}}", "copy_triggering_spell",
     "unsupported: effect 'copy_triggering_spell' in a 'enters' triggered ability"),
    ("triggered: {when: discards, effect: {draw: 1}}", "discards",
     "unsupported: a 'discards' triggered ability without a filter (one about its own card)"),
    ("triggered: {when: activate, effect: {draw: 1}}", "activate",
     "unsupported: a triggered ability on 'activate' without a filter (one about its own object;"),
    ("triggered: {when: cast, effect: {draw: 1}}", "cast",
     "unsupported: a triggered ability on 'cast' without a filter (one about its own object;"),
    ("triggered: {when: discards, filter: {nonland: true}, effect: {draw: 1}}", "nonland",
     "unsupported: a 'discards' triggered ability whose filter asks more than who owns the card"),
    ("triggered: {when: dies, effect: {add: '{R/G}'}}", "add",
     "unsupported: mana with a choice added as a spell or a triggered ability resolves"),
    ("triggered: {when: dies, zone: graveyard, effect: {return_self_to_hand: true}}", "zone",
     "unsupported: a triggered ability working from the graveyard without a filter (one about its own card there)"),
    ("triggered: {when: cast, filter: {controller: you}, zone: graveyard, effect: {draw: 1}}", "draw",
     "unsupported: a triggered ability working from the graveyard whose effect does not move its card out of it"),
    ("madness: '{X}{R}'", "madness", "unsupported: a madness cost with {X} (107.3)"),
    ("surge: '{X}{R}'", "surge", "unsupported: a surge cost with {X} (107.3)"),
    ("triggered: {when: beginning_of_upkeep, effect: {may_cast_self_free: true}}", "may_cast_self_free",
     "unsupported: a hand-written 'may_cast_self_free': write the keyword ability 'rebound: true'"),
    ("replacement: {event: leaves_battlefield, modify: {exile_instead: true}}", "leaves_battlefield",
     "unsupported: a 'leaves_battlefield' replacement that is not a lasting effect about the permanents it locks in"),
    ("activated: {cost: '{B}', zone: graveyard, effect: [{lasting_on_returned: 1}, {return_self_to_battlefield: "
     "untapped}]}", "lasting_on_returned",
     "unsupported: 'lasting_on_returned' without a return to the battlefield before it (return_self_to_battlefield)"),
    ("spell: {effect: [{lasting_on_returned: 1}, {return_card_to_battlefield: {types: [creature]}}]}",
     "lasting_on_returned",
     "unsupported: 'lasting_on_returned' without a return to the battlefield before it (return_card_to_battlefield)"),
    ("spell: {effect: [{draw: 1}, {may_play_exiled: true}]}", "may_play_exiled",
     "unsupported: 'may_play_exiled' other than right after 'exile_top'"),
    ("triggered: {when: exiled_with_madness, effect: {put_self_into_graveyard: true}}", "exiled_with_madness",
     "unsupported: a hand-written 'exiled_with_madness' trigger: write the keyword ability 'madness: {cost}'"),
    ("triggered: {when: dies, effect: {put_self_into_graveyard: true}}", "put_self_into_graveyard",
     "unsupported: effect 'put_self_into_graveyard' in a 'dies' triggered ability"),
    ("spell: {effect: [{draw: 1}, {countered_instead: exile}]}", "countered_instead",
     "unsupported: 'countered_instead' other than right after 'counter_target_spell' (or 'unless_paid' holding it)"),
    ("spell: {effect: [{destroy_target: {types: [creature]}}, {lasting_on_exiled: 1}]}", "lasting_on_exiled",
     "unsupported: 'lasting_on_exiled' without an instruction before it that exiles a permanent"),
    ("triggered: {when: beginning_of_upkeep, effect: {return_that_to_battlefield: untapped}}", "return_that",
     "unsupported: 'return_that_to_battlefield' outside a delayed triggered ability (lasting: once)"),
], ids=["effect", "kind", "cost", "keyword", "add-x", "add-too-many-ways", "additional-discard", "kicked-target",
        "spent-target",
        "flashback-tap", "unless-draw", "persist-not-on-dying", "persist-may", "if-paid-mana", "restriction-not-enchanted",
        "delayed-not-at-the-end-step", "morph-x", "graveyard-tap-cost", "graveyard-other-effect",
        "return-self-to-battlefield-not-from-graveyard", "mana-limit-twice", "storm-copy-not-on-cast",
        "that-creature-of-no-event",
        "attack-condition-on-dies", "attack-condition-on-entering", "x-condition-on-entering", "x-condition-on-dies",
        "evolve-on-dies", "evolve-of-lands", "exile-trigger-not-suspends", "activated-from-exile", "reveal-not-forecast",
        "hand-written-replicate",
        "cascade-on-entering",
        "evolve-on-entering",
        "double-x-not-on-cast", "copy-spell-on-activate",
        "may-copy-spell-on-entering", "discards-without-filter", "activate-without-filter", "cast-without-filter",
        "discards-of-a-type",
        "trigger-adds-hybrid-mana",
        "graveyard-trigger-without-filter",
        "graveyard-trigger-other-effect", "madness-x", "surge-x", "rebound-trigger-by-hand", "leave-replacement-not-lasting",
        "lasting-on-returned-before-the-return", "spell-lasting-on-returned-before-the-return", "may-play-not-after-exile",
        "madness-trigger-by-hand",
        "madness-graveyard-elsewhere", "countered-instead-without-counter",
        "lasting-on-exiled-without-exile", "return-that-not-delayed"])
def test_inline_card_with_unsupported_template(write, line_of, ability, marker, prefix):
    path = write("unsupported.yaml", f"""\
        players: [alice]
        cards:
          - name: Strange Relic
            types: [artifact]
            abilities:
              - keyword: flying
              - {ability}
        objects:
          - {{id: relic, card: Strange Relic, controller: alice}}
        question: {{activatable: alice}}
        """)
    error = load_error(path)
    assert isinstance(error, UnsupportedError)
    assert error.where == f"{path}:{line_of(path, marker)}"
    assert str(error).startswith(f"{path}:{line_of(path, marker)}: unsupported: ")
    assert error.message.startswith(prefix), error.message


@pytest.mark.parametrize("card, obj, marker, message", [
    ("{name: Relic, types: [artifact], abilities: [{activated: {cost: '{T}', effect: {gain_life: 1}, "
     "spend_only: [abilities]}}]}", "{id: relic, card: Relic, controller: alice}", "spend_only",
     "'spend_only' is about the mana an ability adds, and this one adds none"),
    ("{name: Relic, types: [sorcery], abilities: [{spell: {effect: {draw: 1}, kicked_effect: {gain_life: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand}", "abilities",
     "card 'Relic' has a kicked_effect but no kicker (702.33)"),
    ("{name: Relic, types: [artifact], abilities: [{triggered: {when: enters, if: kicked, effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand}", "abilities",
     "card 'Relic' has an ability with 'if: kicked' but no kicker (702.33)"),
    ("{name: Relic, types: [artifact], abilities: [{enters: {counters: {p1p1: 1}, if: evoked}}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand}", "abilities",
     "card 'Relic' has an ability with 'if: evoked' but no evoke (702.74)"),
    ("{name: Relic, types: [creature], power: 1, toughness: 1, abilities: [{static: {gain_keywords: [haste], "
     "as_long_as: dashed}}]}", "{id: relic, card: Relic, owner: alice, zone: hand}", "abilities",
     "card 'Relic' has an ability with 'as_long_as: dashed' but no dash (702.109)"),
    ("{name: Relic, types: [creature], power: 1, toughness: 1, abilities: [{dash: '{1}'}, {dash: '{2}'}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand}", "abilities",
     "card 'Relic' has two dash abilities (702.109)"),
    ("{name: Relic, types: [creature], power: 1, toughness: 1, abilities: [{triggered: {when: enters, if: surged, "
     "effect: {draw: 1}}}]}", "{id: relic, card: Relic, owner: alice, zone: hand}", "abilities",
     "card 'Relic' has an ability with 'if: surged' but no surge (702.117)"),
    ("{name: Relic, types: [creature], power: 1, toughness: 1, abilities: [{surge: '{1}'}]}",
     "{id: relic, card: Relic, owner: alice, zone: graveyard, surged: true}", "surged: true",
     "'relic' is in the graveyard; only a spell on the stack, or the permanent it became, was surged"),
    ("{name: Relic, types: [sorcery], abilities: [{spell: {effect: {draw: 1}}}, {madness: '{1}'}, {madness: '{2}'}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand}", "abilities",
     "card 'Relic' has two madness abilities (702.35)"),
    ("{name: Relic, types: [creature], power: 1, toughness: 1, abilities: [{dash: '{1}'}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand, dashed: true}", "dashed: true",
     "'relic' is in the hand; only a spell on the stack, or the permanent it became, was dashed"),
    ("{name: Relic, types: [artifact]}",
     "{id: relic, card: Relic, owner: alice, zone: hand, renowned: true}", "renowned: true",
     "'relic' is in the hand; only a permanent is renowned"),
    ("{name: Relic, types: [enchantment, creature], power: 1, toughness: 1, abilities: [{bestow: '{1}'}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand, bestowed: true}", "bestowed: true",
     "'relic' is in the hand; only a spell on the stack, or the Aura it became, is bestowed (CR 702.103b)"),
    ("{name: Relic, types: [enchantment, creature], power: 1, toughness: 1, abilities: [{bestow: '{1}'}]}",
     "{id: relic, card: Relic, controller: alice, bestowed: true}", "bestowed: true",
     "'relic' is bestowed but attached to nothing: an unattached bestowed Aura stops being bestowed (CR 702.103f); "
     "give attached_to"),
    ("{name: Relic, types: [enchantment, creature], power: 1, toughness: 1}",
     "{id: relic, card: Relic, controller: alice, bestowed: true}", "bestowed: true",
     "'relic' is no card with bestow (CR 702.103a)"),
    ("{name: Relic, types: [sorcery], abilities: [{suspend: {count: 2, cost: '{R}'}}, {spell: {effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand}", "abilities",
     "card 'Relic': suspend is one ability and its two triggered abilities working from exile, written beside it "
     "(702.62a)"),
    ("{name: Relic, types: [sorcery], abilities: [{spell: {effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: stack, replicated: 2}", "replicated: 2",
     "'relic' is no spell with replicate on the stack; only such a spell had its replicate cost paid (CR 702.56a)"),
    ("{name: Relic, types: [enchantment], abilities: [{bestow: '{1}'}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand}", "abilities",
     "card 'Relic' has bestow but is no creature card (702.103a)"),
    ("{name: Relic, types: [artifact], abilities: [{evoke: '{1}'}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand, evoked: true}", "evoked: true",
     "'relic' is in the hand; only a spell on the stack, or the permanent it became, was evoked"),
    ("{name: Relic, types: [sorcery], abilities: [{kicker: '{1}'}, {spell: {effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand, kicked: true}", "kicked: true",
     "'relic' is in the hand; only a spell on the stack, or the permanent it became, was kicked"),
    ("{name: Relic, types: [artifact]}",
     "{id: relic, card: Relic, owner: alice, zone: graveyard, cast_from_hand: true}", "cast_from_hand: true",
     "'relic' is in the graveyard; only a spell on the stack, or the permanent it became, was cast from hand"),
    ("{name: Relic, types: [artifact]}",
     "{id: relic, card: Relic, owner: alice, zone: stack, copy: true, cast_from_hand: true}", "cast_from_hand: true",
     "'relic' is a copy of a spell, which is not cast (707.10)"),
    ("{name: Relic, types: [sorcery], abilities: [{flashback: '{1}'}, {spell: {effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: stack, flashback: true, cast_from_hand: true}",
     "cast_from_hand: true", "'relic' is cast with flashback, from a graveyard (702.34a)"),
    ("{name: Relic, types: [sorcery], abilities: [{spell: {effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: graveyard, cant_be_countered: true}", "cant_be_countered: true",
     "'relic' is in the graveyard; only a spell on the stack can or can't be countered"),
    ("{name: Relic, types: [artifact]}",
     "{id: relic, card: Relic, owner: alice, zone: hand, colors_spent: [green]}", "colors_spent",
     "'relic' is in the hand; mana is spent to cast a spell, and the permanent it became keeps that (601.2h)"),
    ("{name: Relic, types: [sorcery], abilities: [{spell: {effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: stack, copy: true, colors_spent: [green]}", "colors_spent",
     "'relic' is a copy of a spell, which is not cast (707.10); mana is spent to cast a spell, and the permanent it "
     "became keeps that (601.2h)"),
    ("{name: Relic, types: [artifact]}",
     "{id: relic, card: Relic, controller: alice, token: true, colors_spent: [green]}", "colors_spent",
     "'relic' is a token, which was not cast (111.1); mana is spent to cast a spell, and the permanent it became "
     "keeps that (601.2h)"),
    ("{name: Relic, types: [sorcery], abilities: [{spell: {effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: stack, colors_spent: [green]}", "colors_spent",
     "card 'Relic' asks nothing of the mana spent to cast it; 'colors_spent' is for a card that does (\"if {G} was "
     "spent\")"),
    ("{name: Relic, types: [artifact], abilities: [{echo: '{1}'}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand, since_last_upkeep: true}", "since_last_upkeep: true",
     "'relic' is in the hand; only a permanent came under its controller's control"),
    ("{name: Relic, types: [sorcery], abilities: [{buyback: '{1}'}, {spell: {effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand, buyback: true}", "buyback: true",
     "'relic' is in the hand; only a spell on the stack had its buyback cost paid"),
    ("{name: Relic, types: [sorcery], abilities: [{flashback: '{1}'}, {spell: {effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: graveyard, flashback: true}", "flashback: true",
     "'relic' is no card on the stack; only a card cast from a graveyard as a spell was cast with flashback"),
    ("{name: Relic, types: [artifact], abilities: [{activated: {cost: '{T}', effect: {add_combination: "
     "{count: X, of: ['{W}']}}}}]}", "{id: relic, card: Relic, controller: alice}", "add_combination",
     "X mana needs a cost with X in it: {X}, or removing X counters (107.3)"),
    ("{name: Relic, types: [artifact], abilities: [{activated: {cost: '{T}', effect: {add_combination: "
     "{count: 2, of: ['{W}', '{W}']}}}}]}", "{id: relic, card: Relic, controller: alice}", "add_combination",
     "add_combination's 'of' names a type twice"),
    ("{name: Relic, types: [artifact], abilities: [{activated: {cost: '{T}', effect: {add_combination: "
     "{of: ['{W}']}}}}]}", "{id: relic, card: Relic, controller: alice}", "add_combination",
     "cards.0.abilities.0.activated.effect.add_combination needs 'count'"),
    ("{name: Relic, types: [artifact], abilities: [{static: {modify_pt: +1/+1, lasting: once}}]}",
     "{id: relic, card: Relic, controller: alice}", "lasting",
     "'lasting: once' is a delayed triggered ability (603.7): a static ability is not one"),
    ("{name: Relic, types: [artifact]}",
     "{id: relic, card: Relic, owner: alice, zone: hand, face_down: true}", "face_down: true",
     "'relic' is in the hand; only a permanent or a spell is face down here (CR 708.2)"),
    ("{name: Relic, types: [artifact]}",
     "{id: relic, card: Relic, controller: alice, token: true, face_down: true}", "face_down: true",
     "'relic' is a back face, a token or a copy of a spell; a face-down object here is a card with its front face "
     "down (CR 708.2)"),
    ("{name: Relic, types: [artifact], abilities: [{triggered: {when: enters, or_self: true, effect: {draw: 1}}}]}",
     "{id: relic, card: Relic, controller: alice}", "or_self",
     "'or_self' widens a filter to the ability's own object, and this trigger has no filter (without one it is "
     "about its own object alone)"),
    ("{name: Relic, types: [sorcery], abilities: [{spell: {effect: {create_effect: 2}}}, {static: {modify_pt: +1/+1, "
     "filter: {types: [creature]}, lasting: until_end_of_turn}}]}", "{id: relic, card: Relic, owner: alice, zone: hand}",
     "abilities", "card 'Relic': create_effect names ability 2, a lasting static ability, which changes the objects "
     "locked in as it begins (611.2c): name them with lasting_on_each, lasting_on_target or lasting_on_self"),
    ("{name: Relic, types: [sorcery], abilities: [{spell: {effect: {create_effect: 2}}}]}",
     "{id: relic, card: Relic, owner: alice, zone: hand}", "abilities",
     "card 'Relic': create_effect names ability 2, which is not one of its lasting effects"),
], ids=["spend-only-without-mana", "kicked-effect-without-kicker", "if-kicked-without-kicker", "if-evoked-without-evoke",
        "dashed-condition-without-dash", "two-dash-abilities", "surged-condition-without-surge",
        "surged-off-the-stack", "two-madness-abilities", "dashed-off-the-stack",
        "renowned-off-the-battlefield",
        "bestowed-in-a-hand", "bestowed-unattached", "bestowed-without-bestow", "suspend-alone",
        "replicated-without-replicate",
        "bestow-on-a-noncreature",
        "evoked-off-the-stack", "kicked-off-the-stack", "cast-from-hand-in-a-graveyard", "cast-from-hand-copy",
        "cast-from-hand-with-flashback", "uncounterable-off-the-stack",
        "colors-spent-in-a-hand", "colors-spent-on-a-copy", "colors-spent-on-a-token", "colors-spent-asked-by-nothing",
        "echo-off-the-battlefield",
        "buyback-off-the-stack", "flashback-off-the-stack",
        "x-mana-without-x-cost",
        "combination-type-twice", "combination-without-count", "static-lasting-once",
        "face-down-in-a-hand", "face-down-token", "or-self-without-filter", "create-effect-of-a-static",
        "create-effect-of-no-lasting-ability"])
def test_kicker_and_spending_fields_that_nothing_would_read(write, line_of, card, obj, marker, message):
    path = write("unread.yaml", f"""\
        players: [alice]
        cards:
          - {card}
        objects:
          - {obj}
        question: {{activatable: alice}}
        """)
    assert_error(path, line_of(path, marker), message)


def test_the_draw_step_of_the_first_turn_is_refused(write, line_of):
    """103.8a: the player who plays first skips the draw of their first turn; that is not modelled, so a situation
    that says it is turn 1 and begins a draw step is refused at its turn."""
    path = write("first.yaml", """\
        players: [alice, bob]
        turn: 1
        phase: beginning
        step: upkeep
        objects: []
        actions: [draw_step]
        """)
    assert_error(path, line_of(path, "turn: 1"), "unsupported: the draw step of the game's first turn, whose draw the "
                 "player who plays first skips (103.8a); without 'turn', a situation is past it")


def test_the_next_players_draw_step_after_the_first_turn_is_not_refused(write):
    """103.8a: only the player who plays first skips a draw, in the first turn: once the action untap_step has begun
    the second turn (bob's), his draw step is read."""
    path = write("second.yaml", """\
        players: [{name: alice, library: 3}, {name: bob, library: 3}]
        turn: 1
        phase: ending
        step: cleanup
        objects: []
        actions: [untap_step, upkeep, draw_step]
        """)
    assert [sorted(map(str, o.atoms)) for o in solve(path)] == [['drew("bob",1)']]


@pytest.mark.parametrize("step", ["untap", "cleanup"])
def test_priority_in_a_step_without_it_is_refused(write, line_of, step):
    """502.4, 514.3: no player receives priority in the untap step or the cleanup step."""
    path = write("priority.yaml", f"""\
        players: [alice, bob]
        priority: bob
        phase: {"beginning" if step == "untap" else "ending"}
        step: {step}
        objects: []
        actions: [upkeep]
        """)
    assert_error(path, line_of(path, "priority: bob"), f"no player receives priority in the {step} step "
                 "(CR 502.4, 514.3)")


def test_inline_card_defined_twice(write, line_of):
    path = write("twice.yaml", """\
        players: [alice]
        cards:
          - {name: Relic, types: [artifact]}
          - name: Relic
            types: [artifact]
        objects: []
        question: {activatable: alice}
        """)
    assert_error(path, line_of(path, "- name: Relic"), "card 'Relic' is defined twice")


def test_inline_card_without_types(write, line_of):
    path = write("notype.yaml", """\
        players: [alice]
        cards:
          - name: Blob
            cost: "{G}"
        objects: []
        question: {activatable: alice}
        """)
    assert_error(path, line_of(path, "- name: Blob"), "card 'Blob' needs at least one card type")


def test_bad_mana_pool(write, line_of):
    path = write("pool.yaml", """\
        players:
          - name: alice
            mana_pool: "{G}{X}"
        objects: []
        question: {activatable: alice}
        """)
    assert_error(path, line_of(path, "mana_pool"), "a mana pool holds mana of the six types only, not {X}")


@pytest.mark.parametrize("symbol", ["{W/U}", "{G/P}", "{S}"])
def test_bad_mana_pool_names_the_symbol_as_written(write, line_of, symbol):
    path = write("pool.yaml", f"""\
        players:
          - name: alice
            mana_pool: "{symbol}"
        objects: []
        question: {{activatable: alice}}
        """)
    assert_error(path, line_of(path, "mana_pool"), f"a mana pool holds mana of the six types only, not {symbol}")


# -- numbers as ids -----------------------------------------------------------------------------------
def test_numeric_ids_read_as_text(write):
    path = write("num.yaml", """\
        players: [alice]
        objects:
          - {id: 7, card: Forest, controller: alice}
        question:
          activate: {object: 7}
        """)
    assert [o.texts for o in solve(path)] == [['mana_added(alice,g,1)', 'tap("7")']]


def test_numeric_id_in_activate_shorthand(write):
    path = write("num.yaml", """\
        players: [alice]
        objects:
          - {id: 7, card: Forest, controller: alice}
        question:
          activate: 7
        """)
    assert [o.texts for o in solve(path)] == [['mana_added(alice,g,1)', 'tap("7")']]


def test_octal_looking_ids_keep_their_written_text(write):
    path = write("octal.yaml", """\
        players: [alice]
        objects:
          - {id: 010, card: Sol Ring, controller: alice}
        question:
          activate: "010"
        """)
    assert [o.id for o in load_situation(path).objects] == ["010"]


def test_decimal_looking_ids_are_not_silently_changed(write, line_of):
    """'id: 1.10' must not become '1.1': keep it as written, or ask for quotes."""
    path = write("float.yaml", """\
        players: [alice]
        objects:
          - id: 1.10
            card: Sol Ring
            controller: alice
        question: {activatable: alice}
        """)
    try:
        situation = load_situation(path)
    except InputError as error:
        assert error.where == f"{path}:{line_of(path, '1.10')}"
        assert "in quotes" in error.message, error.message
    else:
        assert [o.id for o in situation.objects] == ["1.10"]


# -- JSON ---------------------------------------------------------------------------------------------
SITUATION = {
    "players": [{"name": "alice", "mana_pool": "{G}"}, "bob"],
    "objects": [{"id": "birds", "card": "Birds of Paradise", "controller": "alice"},
                {"id": "forest1", "card": "Forest", "controller": "alice", "tapped": True}],
    "question": {"activate": "birds"},
}


def test_json_gives_the_same_outcomes_as_yaml(write):
    yaml_path = write("s.yaml", """\
        players:
          - {name: alice, mana_pool: "{G}"}
          - bob
        objects:
          - {id: birds, card: Birds of Paradise, controller: alice}
          - {id: forest1, card: Forest, controller: alice, tapped: true}
        question:
          activate: birds
        """)
    json_path = write("s.json", json.dumps(SITUATION, indent=2))
    one_line = write("one-line.json", json.dumps(SITUATION))
    from_yaml, from_json, from_one_line = solve(yaml_path), solve(json_path), solve(one_line)
    expected = [[f"mana_added(alice,{c},1)", "tap(birds)"] for c in "bgruw"]
    assert [[t for t in o.texts if not t.startswith("chose(")] for o in from_yaml] == expected
    assert [o.atoms for o in from_json] == [o.atoms for o in from_yaml]
    assert [o.atoms for o in from_one_line] == [o.atoms for o in from_yaml]
    assert load_situation(json_path).question == load_situation(yaml_path).question
    assert load_situation(json_path).objects == load_situation(yaml_path).objects


def test_json_errors_name_the_line(write, line_of):
    bad = json.loads(json.dumps(SITUATION))
    bad["objects"][1]["card"] = "Forrest"
    path = write("bad.json", json.dumps(bad, indent=2))
    assert_error(path, line_of(path, '"Forrest"'), "unknown card 'Forrest'; did you mean 'Forest'?")


def test_malformed_json(write):
    path = write("bad.json", '{\n  "players": ["alice"],\n  "objects": [\n}\n')
    error = load_error(path)
    assert error.where == f"{path}:4"
    assert error.message.startswith("malformed YAML: ")


def test_tab_indented_json_is_accepted(write):
    path = write("tabs.json", json.dumps(SITUATION, indent="\t"))
    assert len(solve(path)) == 5


def test_abilities_question_names_known_objects(write, line_of):
    path = write("abilities.yaml", """\
        players: [alice]
        objects:
          - {id: f, card: Forest, controller: alice}
        question:
          abilities: [f, ghost]
        """)
    assert_error(path, line_of(path, "ghost"), "unknown object 'ghost'; objects are f")


def test_abilities_question_needs_an_object(write, line_of):
    path = write("abilities.yaml", """\
        players: [alice]
        objects:
          - {id: f, card: Forest, controller: alice}
        question:
          abilities: []
        """)
    assert_error(path, line_of(path, "abilities"), "'abilities' needs an object id, a list of them, or 'all'")


LOCUS = """\
    players: [alice]
    objects:
      - {id: locus1, card: The Enigma Jewel, controller: alice, face: back, crafted_with: [pin1]}
      - {id: pin1, card: Helix Pinnacle, owner: alice, zone: exile}
    stack:
"""


def test_a_copying_trigger_names_what_it_copies(write, line_of):
    path = write("copies.yaml", LOCUS + """\
      - {id: copy_it, triggered: locus1, ability: 2}
    question: resolve
    """)
    assert_error(path, line_of(path, "copy_it"),
                 "'copy_it' copies the ability that triggered it: name that ability with 'copies: <its id on the stack>'")


def test_copies_names_an_ability_below(write, line_of):
    path = write("copies.yaml", LOCUS + """\
      - {id: copy_it, triggered: locus1, ability: 2, copies: grow}
      - {id: grow, activated: locus1, ability: "pin1:2", x: 2}
    question: resolve
    """)
    assert_error(path, line_of(path, "copy_it"),
                 "'grow' is not an ability below 'copy_it' on the stack; abilities below it are none")


def test_copies_is_only_for_a_copying_trigger(write, line_of):
    path = write("copies.yaml", LOCUS + """\
      - {id: grow, activated: locus1, ability: "pin1:2", x: 2}
      - {id: grow2, activated: locus1, ability: "pin1:2", x: 1, copies: grow}
    question: resolve
    """)
    assert_error(path, line_of(path, "grow2"),
                 "'grow2' does not copy the ability that triggered it; 'copies' is for such a trigger "
                 "(Locus of Enlightenment)")


def test_removing_x_counters_needs_x_announced(write, line_of):
    path = write("storage.yaml", """\
        players:
          - {name: alice, mana_pool: "{C}"}
        objects:
          - {id: pools, card: Calciform Pools, controller: alice, counters: {storage: 2}}
        question:
          activate: {object: pools, ability: 3}
        """)
    assert_error(path, line_of(path, "activate:"),
                 "ability 3 of 'Calciform Pools' removes X counters: announce X with 'x: N' (CR 107.3, 602.2b)")


def test_one_refusal_names_every_line_no_template_fits_grouped_by_card(write):
    """Two imported cards with lines no template fits (one of them twice on the board, one as a lasting
    effect's card too): one refusal, at the first place, names each card once with every line of it
    (issue 34), so a board is not fixed one run at a time."""
    path = write("s.yaml", """\
        players: [alice, bob]
        cards:
          - {name: Ambush Viper, types: [creature], power: 2, toughness: 1,
             abilities: [{unsupported: Hexproof}, {keyword: deathtouch}]}
          - {name: Odd Guide, types: [creature], power: 2, toughness: 2,
             abilities: [{unsupported: "Whenever this attacks, reveal the top card."}, {unsupported: "Echo {R}"}]}
        objects:
          - {id: forest, card: Forest, controller: alice}
          - {id: viper1, card: Ambush Viper, controller: bob}
          - {id: guide, card: Odd Guide, controller: alice}
          - {id: viper2, card: Ambush Viper, controller: bob}
        question:
          activate: forest
        """)
    assert_error(path, 9, "unsupported: rules text that no template fits, in 'Ambush Viper': Hexproof; in 'Odd Guide': "
                          "Whenever this attacks, reveal the top card. | Echo {R}")


def test_a_text_changing_line_is_refused_as_layer_3(write):
    """Layer 3 (text-changing effects, 612) is left out: a card with such a line is refused, and the refusal
    says which rules area the line needs (issue 31)."""
    path = write("s.yaml", """\
        players: [alice, bob]
        cards:
          - {name: Sleight of Mind, cost: "{U}", types: [instant], abilities: [{unsupported: "Change the text of target
             spell or permanent by replacing all instances of one color word with another."}]}
        objects:
          - {id: forest, card: Forest, controller: alice}
          - {id: sleight, card: Sleight of Mind, controller: alice, zone: hand}
        question:
          activate: forest
        """)
    assert_error(path, 7, "unsupported: rules text that no template fits, in 'Sleight of Mind': Change the text of "
                          "target spell or permanent by replacing all instances of one color word with another. (a "
                          "text-changing effect: layer 3, 612, not modelled)")


ONYX = """\
    players: [alice, bob]
    objects:
      - {id: onyx, card: Professor Onyx, controller: alice, counters: {loyalty: 5}}
      - {id: angel, card: Serra Angel, controller: bob}
    question:
      activate: {object: onyx, ability: %s}
    """


@pytest.mark.parametrize("written, place", [('"-3"', 3), ("-3", 3), ('"[-8]"', 4), ('"+1"', 2), ("3", 3)])
def test_a_loyalty_ability_is_named_by_its_cost(write, written, place):
    """Professor Onyx's first ability is triggered: its -3 is its third printed ability. Naming a loyalty ability
    by its cost (606.4) cannot pick the wrong one (issue 35); YAML reads +1 as the number 1, so it is quoted."""
    situation = load_situation(write("onyx.yaml", ONYX % written))
    assert situation.question.ability == place


def test_a_loyalty_cost_no_ability_has_is_an_error_listing_them(write):
    path = write("onyx.yaml", ONYX % '"-5"')
    assert_error(path, 6, "'Professor Onyx' has no loyalty ability [-5]; its loyalty abilities: [-8], [-3], [+1]")


@pytest.mark.parametrize("written, place", [
    ('"[-3]: Each opponent sacrifices greatest power."', 3),  # the whole text: case and the final period aside
    ('"discard  ROUNDS"', 4),  # a part of the text no other ability has
    ('"Look at the top 3 cards"', 2),
])
def test_an_ability_is_named_by_its_text(write, written, place):
    situation = load_situation(write("onyx.yaml", ONYX % written))
    assert situation.question.ability == place


ONYX_ABILITIES = ("its activated abilities: 2 ([+1]: You lose 1 life. Look at the to...), 3 ([-3]: Each opponent "
                  "sacrifices greate...), 4 ([-8]: Discard rounds (7, 3))")


@pytest.mark.parametrize("written, message", [
    ("1", "ability 1 of 'Professor Onyx' is a triggered ability, not an activated one; " + ONYX_ABILITIES),
    ("5", "'Professor Onyx' has 4 abilities, not 5; " + ONYX_ABILITIES),
    ('"Add {G}"', "'Professor Onyx' has no activated ability 'Add {G}'; " + ONYX_ABILITIES),
    ('"]: "', "']: ' is part of abilities 2, 3, 4 of 'Professor Onyx'; say more of the text, or name it by its place: "
              + ONYX_ABILITIES),
])
def test_an_ability_of_the_wrong_kind_or_text_is_an_error_listing_the_abilities(write, written, message):
    """The misreading that activated Onyx's triggered ability for its +1 (issue 35) is a one-line error."""
    assert_error(write("onyx.yaml", ONYX % written), 6, message)


def test_a_card_without_activated_abilities_says_so(write):
    path = write("angel.yaml", ONYX.replace("object: onyx", "object: angel") % "1")
    assert_error(path, 6, "ability 1 of 'Serra Angel' is a keyword, not an activated one; it has no activated abilities")


# -- combat: what the file says of creatures in combat, checked against each other and the step -------------
_COMBAT = """\
players: [alice, bob, carol]
phase: combat
step: {step}
objects:
  - {{id: walker, card: Professor Onyx, controller: bob, counters: {{loyalty: 5}}}}
  - {{id: ring, card: Sol Ring, controller: alice}}
  - id: bears
    card: Grizzly Bears
    controller: alice
{attacker}
  - id: wall
    card: Grizzly Bears
    controller: {blocker_controller}
{blocker}
actions:
  - damage
"""


@pytest.mark.parametrize("step, attacker, blocker_controller, blocker, marker, message", [
    ("beginning_of_combat", "    attacking: bob", "bob", "", "attacking:",
     "creatures are attacking only from the declare attackers step to the end of combat (CR 508.1k, 511.3): give "
     "'phase: combat' and the step"),
    ("declare_blockers", "    attacking: alice", "bob", "", "attacking:",
     "'bears' attacks its own controller; a creature attacks an opponent (CR 506.2)"),
    ("declare_blockers", "    attacking: ring", "bob", "", "attacking:",
     "'ring' is not a planeswalker an opponent controls; a creature attacks a player or a planeswalker (CR 506.3)"),
    ("declare_blockers", "    attacking: nobody", "bob", "", "attacking:", "unknown player or object 'nobody'"),
    ("declare_blockers", "    attacking: walker", "carol", "    blocking: bears", "blocking:",
     "'wall' is controlled by carol, who is not the player 'bears' attacks (CR 509.1a)"),
    ("declare_blockers", "", "bob", "    blocking: bears", "blocking:",
     "'bears' is not an attacking creature; a creature blocks one (CR 509.1a)"),
    ("declare_attackers", "    attacking: bob", "bob", "    blocking: bears", "blocking:",
     "creatures are blocking only from the declare blockers step to the end of combat (CR 509.1g, 511.3): give "
     "'phase: combat' and the step"),
    ("declare_blockers", "    attacking: bob\n    blocked: false", "bob", "    blocking: bears", "blocked:",
     "'bears' is blocked: a creature blocks it (CR 509.1h)"),
    ("declare_blockers", "    blocked: true", "bob", "", "blocked:",
     "'bears' is not attacking; only an attacking creature is blocked (CR 509.1h)"),
    ("declare_blockers", "    attacking: bob\n    struck_first: true", "bob", "", "struck_first:",
     "only an attacking or blocking creature, after the first-strike combat damage step (step first_strike_damage "
     "or later), struck first (CR 510.4)"),
    ("declare_blockers", "    zone: hand\n    attacking: bob", "bob", "", "attacking:",
     "'bears' is in the hand; only a creature on the battlefield is in combat (CR 506.3)"),
], ids=["attacking-too-early", "attacking-its-controller", "attacking-an-artifact", "attacking-nobody",
        "blocker-of-another-player", "blocking-a-non-attacker", "blocking-too-early", "blocked-false-with-a-blocker",
        "blocked-not-attacking", "struck-first-too-early", "attacking-from-the-hand"])
def test_impossible_combat_states(write, line_of, step, attacker, blocker_controller, blocker, marker, message):
    text = _COMBAT.format(step=step, attacker=attacker, blocker_controller=blocker_controller, blocker=blocker)
    path = write("combat.yaml", text.replace("\n\n", "\n"), dedent=False)
    assert_error(path, line_of(path, f"    {marker}"), message)


def test_a_noncreature_cannot_attack(write, line_of):
    path = write("ring.yaml", """\
        players: [alice, bob]
        phase: combat
        step: declare_blockers
        objects:
          - {id: ring, card: Sol Ring, controller: alice, attacking: bob}
        actions: [damage]
        """)
    assert_error(path, line_of(path, "attacking: bob"), "'ring' is not a creature; only creatures attack or block "
                                                         "(CR 506.3)")


@pytest.mark.parametrize("action, marker, message", [
    ("attack: [bears]", "attack:", "with more than one opponent, say what each creature attacks: {attacker: player, "
                                   "...} (CR 508.1b)"),
    ("attack: {nobody: bob}", "nobody", "unknown object 'nobody'; objects are bears"),
    ("attack: {bears: dave}", "dave", "unknown player or object 'dave'; a creature attacks a player or a planeswalker"),
    ("block: {bears: ghost}", "ghost", "unknown object 'ghost'; objects are bears"),
    ("damage: all", "damage:", "'damage' takes no value: write '- damage' (each creature's division of its damage is "
                               "left open)"),
], ids=["list-with-two-opponents", "unknown-attacker", "unknown-attacked", "unknown-blocked", "damage-value"])
def test_bad_combat_actions(write, line_of, action, marker, message):
    path = write("actions.yaml", f"""\
        players: [alice, bob, carol]
        phase: combat
        step: beginning_of_combat
        objects:
          - {{id: bears, card: Grizzly Bears, controller: alice}}
        actions:
          - {action}
        """)
    assert_error(path, line_of(path, marker), message)


# -- continuous effects: timestamps and lasting effects (613.7, 611.2c) ---------------------------------
_LAYERS = """\
players: [alice, bob]
objects:
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: growth, card: Giant Growth, owner: alice, zone: hand%s}
effects:
  - {card: %s}
question:
  characteristics: %s
"""


@pytest.mark.parametrize("where, effect, asked, marker, message", [
    (", timestamp: 3", "Giant Growth, controller: alice, affects: [bears]", "[bears]", "growth",
     "'growth' is in the hand; pyrules orders the effects of permanents by their timestamps (CR 613.7)"),
    ("", "Giant Growth, controller: alice", "[bears]", "Giant Growth, controller",
     "'Giant Growth' changes characteristics: its effect applies to the objects it affected as it began (CR 611.2c); "
     "say which under 'affects'"),
    ("", "Giant Growth, controller: alice, affects: [bear]", "[bears]", "affects", "no object has the id 'bear'"),
    ("", "High Tide, controller: alice, affects: [bears]", "[bears]", "affects",
     "'High Tide''s effect changes no characteristics: it applies to whatever it describes, now (CR 611.2c); "
     "'affects' is for effects that do"),
    ("", "Giant Growth, controller: alice, affects: [bears], timestamp: 0", "[bears]", "timestamp: 0",
     "effects.0.timestamp must be at least 1, not 0"),
    ("", "Giant Growth, controller: alice, affects: [bears]", "[growth]", "characteristics",
     "'growth' is in the hand; the layers are asked of permanents (CR 613.1)"),
])
def test_timestamps_and_lasting_effects_are_checked(write, line_of, where, effect, asked, marker, message):
    path = write("layers.yaml", _LAYERS % (where, effect, asked))
    error = load_error(path)
    assert error.where == f"{path}:{line_of(path, marker)}" and error.message == message, str(error)


def test_a_delayed_triggered_ability_given_in_a_situation_is_refused(write, line_of):
    """603.7: a delayed triggered ability is made as its spell or ability resolves; stated in a file, its source and
    the object it refers to would go unread, so it is refused rather than left to do nothing."""
    path = write("delayed.yaml", """\
        players: [alice, bob]
        cards:
          - name: Test Ghost
            types: [creature]
            power: 2
            toughness: 2
            abilities:
              - activated: {cost: "{0}", effect: {lasting_on_self: 2}}
              - triggered: {when: beginning_of_each_end_step, lasting: once, effect: {sacrifice_that: true}}
        objects:
          - {id: ghost, card: Test Ghost, controller: alice}
        effects:
          - {card: Test Ghost, controller: alice, ability: 2}
        question: {activatable: alice}
        """)
    error = load_error(path)
    assert isinstance(error, UnsupportedError) and error.where == f"{path}:{line_of(path, 'ability: 2}')}"
    assert error.message == ("unsupported: a delayed triggered ability of 'Test Ghost' given in a situation (603.7): "
                             "its source and the object it refers to are not read")


def test_an_effect_lasting_while_its_source_is_tapped_given_in_a_situation_is_refused(write, line_of):
    """611.2b: an effect "for as long as this remains tapped" ends with its source's status; stated in a file, its
    source would go unread, so it is refused rather than kept for ever."""
    path = write("while-tapped.yaml", """\
        players: [alice, bob]
        cards:
          - name: Test Worms
            types: [creature]
            power: 1
            toughness: 1
            abilities:
              - activated:
                  cost: "{T}"
                  effect: [{tap_target: {types: [land]}}, {lasting_on_its_target: {ability: 2, target: 1}}]
              - static: {gain_keywords: [doesnt_untap], lasting: while_source_tapped}
        objects:
          - {id: worms, card: Test Worms, controller: alice, tapped: true}
          - {id: forest, card: Forest, controller: bob, tapped: true}
        effects:
          - {card: Test Worms, controller: alice, ability: 2, affects: [forest]}
        question: {activatable: alice}
        """)
    error = load_error(path)
    assert isinstance(error, UnsupportedError) and error.where == f"{path}:{line_of(path, 'ability: 2, affects')}"
    assert error.message == ("unsupported: an effect of 'Test Worms' lasting for as long as its source remains tapped, "
                             "given in a situation (611.2b): its source is not read")


_CHOSEN = """\
players: [alice, bob]
cards:
  - name: Test Mother
    types: [creature]
    power: 1
    toughness: 1
    abilities:
      - activated: {cost: "{T}", effect: {lasting_on_target: {ability: 2, target: {types: [creature]}}}}
      - static: {gain_keywords: [protection_from_chosen_color], lasting: until_end_of_turn}
objects:
  - {id: bears, card: Grizzly Bears, controller: alice}
effects:
  - {card: %s}
question:
  characteristics: [bears]
"""


@pytest.mark.parametrize("effect, marker, message", [
    ("Test Mother, controller: alice, ability: 2, affects: [bears]", "Test Mother, controller",
     "'Test Mother' gives protection from (or sets) a color chosen as its effect began (CR 611.2a); say which under "
     "'chosen_color'"),
    ("Giant Growth, controller: alice, affects: [bears], chosen_color: red", "Giant Growth",
     "'Giant Growth''s effect has no chosen color: 'chosen_color' is for an effect that gives protection from the "
     "chosen color or sets it"),
    ("Test Mother, controller: alice, ability: 2, affects: [bears], chosen_color: pink", "pink",
     "unknown color 'pink'; expected white, blue, black, red or green"),
])
def test_the_color_chosen_for_a_protection_effect_is_checked(write, line_of, effect, marker, message):
    """611.2a: "gains protection from the color of your choice until end of turn" keeps the color chosen as it began;
    given in a file, it is required of such an effect and refused of any other."""
    path = write("chosen.yaml", _CHOSEN % effect)
    error = load_error(path)
    assert error.where == f"{path}:{line_of(path, marker)}" and error.message.startswith(message), str(error)


def test_the_color_chosen_for_a_protection_effect_loads(write):
    path = write("chosen.yaml", _CHOSEN % "Test Mother, controller: alice, ability: 2, affects: [bears], "
                                          "chosen_color: red")
    assert load_situation(path).effects[0].color == "r"


def test_a_lasting_effect_and_a_timestamp_load(write):
    text = _LAYERS % (", timestamp: 3", "Giant Growth, controller: alice, affects: [bears], timestamp: 2", "[bears]")
    path = write("layers.yaml", text.replace("Giant Growth, owner: alice, zone: hand", "Grizzly Bears, controller: alice"))
    situation = load_situation(path)
    assert situation.effects[0].affects == ("bears",) and situation.effects[0].timestamp == 2
    assert situation.object("growth").timestamp == 3


@pytest.mark.parametrize("static, message", [
    ("{set_base_pt: 1/x}", "cards.0.abilities.0.static.set_base_pt must look like 1/1, or be mana_value"),
    ("{set_base_pt: 3000000000/1}", "cards.0.abilities.0.static.set_base_pt is 3000000000/1; pyrules computes with "
                                    "amounts up to 1,000,000"),
    ("{gain_keywords: [flyin]}", None),
    ("{filter: {types: [creature]}}", None),
])
def test_layer_templates_are_checked(write, static, message):
    path = write("card.yaml", f"""\
        players: [alice]
        cards:
          - name: Odd Anthem
            types: [enchantment]
            abilities:
              - static: {static}
        objects:
          - {{id: odd, card: Odd Anthem, controller: alice}}
        question: {{characteristics: all}}
        """)
    error = load_error(path)
    if message is not None:
        assert error.message == message, str(error)
    else:
        assert "flyin" in error.message or "at least one of" in error.message, str(error)


@pytest.mark.parametrize("extra, message", [
    ("copy_except: {add_types: [artifact]}", "'bears' has exceptions to a copy effect but is no copy ('copy_of')"),
    ("copy_of: Forest, copy_except: {add_type: [artifact]}",
     "unknown field 'add_type' in objects.0.copy_except; expected one of: add_subtypes, add_types, not_legendary, "
     "power_toughness"),
    ("copy_of: Forest, copy_except: {not_legendary: false}", "not_legendary is true, or left out"),
    ("copy_of: Forest, copy_except: {power_toughness: mana_value}", "power_toughness of a copy is P/T such as 7/7"),
    ("copy_of: Forest, copy_except: {}", "objects.0.copy_except needs at least one exception"),
    ("copy_of: Forest, copy_except: {add_types: [wizard]}", None),
], ids=["without-copy", "unknown-key", "not-legendary-false", "mana-value", "empty", "not-a-card-type"])
def test_copy_exceptions_are_checked(write, extra, message):
    """The exceptions of a copy effect (707.9b) are read or refused, one line each (issue 31)."""
    path = write("s.yaml", f"""\
        players: [alice, bob]
        objects:
          - {{id: bears, card: Grizzly Bears, controller: alice, {extra}}}
        question:
          characteristics: [bears]
        """)
    error = load_error(path)
    assert error.where == f"{path}:3", str(error)
    if message is None:
        assert "wizard" in error.message and "card type" in error.message
    else:
        assert error.message == message or error.message.endswith(message), error.message


def test_a_copy_ability_needs_what_it_may_copy(write):
    """"Enter as a copy of ..., except ...": the exceptions (707.9) come with the filter of what it may copy."""
    path = write("s.yaml", """\
        players: [alice, bob]
        cards:
          - {name: Odd Double, cost: "{3}{U}", types: [creature], power: 0, toughness: 0,
             abilities: [{replacement: {event: enter, modify: {copy_of: {except: {not_legendary: true}}}}}]}
        objects:
          - {id: double, card: Odd Double, owner: alice, zone: hand}
        question:
          effect: {enter: {object: double}}
        """)
    error = load_error(path)
    assert error.message.endswith("needs 'of', the filter of what it may copy"), error.message


_MODAL = """\
    players: [{name: alice, mana_pool: "{2}{R}"}, bob]
    cards:
      - name: Two-Way Charm
        cost: "{1}{R}"
        types: [instant]
        abilities:
          - spell: {modes: [{damage_any_target: 2}, {draw: 1}, {gain_life: 2}], choose: 2}
    objects:
      - {id: charm, card: Two-Way Charm, owner: alice, zone: hand}
      - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}
      - {id: stacked, card: Two-Way Charm, owner: alice, zone: graveyard, modes: [1]}
    question:
      cast: {object: charm, modes: MODES, targets: [bob]}
    """


@pytest.mark.parametrize("modes, marker, message", [
    ("[1, 1]", "modes", "'charm' (Two-Way Charm) chooses each mode at most once (CR 700.2d)"),
    ("[1, 4]", "modes", "'charm' (Two-Way Charm) has 3 modes, not 4"),
    ("[1]", "modes", "'charm' (Two-Way Charm) chooses 2 modes, not 1 (CR 700.2a)"),
], ids=["twice", "no-such-mode", "too-few"])
def test_the_modes_of_a_modal_spell_are_checked(write, line_of, modes, marker, message):
    path = write("modal.yaml", _MODAL.replace("MODES", modes).replace(", modes: [1]}", "}"))
    assert_error(path, line_of(path, "cast:"), message)


def test_modes_of_a_spell_that_has_none_and_modes_off_the_stack(write, line_of):
    path = write("modal.yaml", _MODAL.replace("object: charm, modes: MODES, targets: [bob]",
                                              "object: bolt, modes: [1], targets: [bob]").replace(", modes: [1]}", "}"))
    assert_error(path, line_of(path, "cast:"), "'bolt' (Lightning Bolt) is not a modal spell")
    path = write("modal2.yaml", _MODAL.replace("MODES", "[1, 2]"))
    assert_error(path, line_of(path, "stacked"),
                 "'stacked' is in the graveyard; only a spell on the stack has modes chosen (CR 700.2a)")


def test_poison_counters_are_a_count(write, line_of):
    path = write("poison.yaml", """\
        players: [{name: alice, poison: -1}, bob]
        objects:
          - {id: f, card: Forest, controller: alice}
        question: {activatable: alice}
        """)
    assert_error(path, line_of(path, "poison"), "players.0.poison must be at least 0, not -1")


@pytest.mark.parametrize("body, marker, message", [
    ("{pay: '{1}', by: bob, effect: {sacrifice_self: true}}", "by:", "'by' must be you or target_controller, not 'bob'"),
    ("{pay: '{X}', effect: {sacrifice_self: true}}", "unless_paid",
     "unsupported: 'unless_paid' with X in a triggered ability (no X is announced for it)"),
    ("{pay: '{X}{X}', effect: {sacrifice_self: true}}", "pay:",
     "a cost to pay needs mana symbols, with one {X} at most (the X announced for the spell or ability)"),
    ("{pay: '{1}', by: target_controller, effect: {sacrifice_self: true}}", "by:",
     "'target_controller' needs an instruction with a target"),
    ("{effect: {sacrifice_self: true}}", "unless_paid",
     "cards.0.abilities.0.triggered.effect.unless_paid needs 'pay' (mana symbols) and 'effect' (one instruction)"),
    ("{pay: '{1}', effect: {sacrifice_self: true, counter_target_spell: {}}}", "effect:",
     "'effect' needs exactly one instruction"),
], ids=["payer", "x", "two-x", "no-target", "no-pay", "two-instructions"])
def test_an_instruction_unless_paid_is_checked(write, line_of, body, marker, message):
    """118.12: who pays, what they pay and what they pay to stop, each checked where it is written."""
    path = write("unless.yaml", f"""\
        players: [alice]
        cards:
          - name: Needy Relic
            types: [artifact]
            abilities:
              - triggered: {{when: enters, effect: {{unless_paid: {body}}}}}
        objects:
          - {{id: relic, card: Needy Relic, controller: alice}}
        question: {{activatable: alice}}
        """)
    assert_error(path, line_of(path, marker), message)


@pytest.mark.parametrize("item, marker, message", [
    ("{id: t, triggered: squire, ability: 1}", "triggered: squire",
     "'t' says \"that creature\": name the creature its event was about with 'that: <its id>'"),
    ("{id: t, triggered: squire, ability: 1, that: nobody}", "that: nobody", "unknown object 'nobody'"),
    ("{id: t, triggered: bears, ability: 1, that: squire}", "that: squire",
     "'t' says nothing of \"that creature\"; 'that' is for such a trigger (exalted)"),
    ("{id: t, triggered: vorinclex, ability: 3}", "triggered: vorinclex",
     "'t' says \"that land\": name the land its event was about with 'that: <its id>'"),
    ("{id: t, triggered: stinger, ability: 1}", "triggered: stinger",
     "'t' says \"that creature\": name the creature its event was about with 'that: <its id>'"),
], ids=["missing", "unknown", "not-about-that", "that-land", "damage-that"])
def test_a_trigger_about_that_creature_names_it(write, line_of, item, marker, message):
    """603.2: a trigger waiting on the stack whose instruction says "that creature" (exalted) says which."""
    path = write("that.yaml", f"""\
        players: [alice, bob]
        phase: combat
        step: declare_attackers
        cards:
          - name: Exalted Squire
            types: [creature]
            power: 1
            toughness: 1
            abilities:
              - triggered: {{when: attacks_alone, filter: {{types: [creature], controller: you}},
                             effect: {{lasting_on_that: 2}}}}
              - static: {{modify_pt: "+1/+1", lasting: until_end_of_turn}}
          - name: Cheerer
            types: [creature]
            power: 1
            toughness: 1
            abilities:
              - triggered: {{when: attacks, effect: {{gain_life: 1}}}}
          - name: Stinger
            types: [creature]
            power: 1
            toughness: 1
            abilities:
              - triggered: {{when: becomes_blocked, effect: {{damage_that: 1}}}}
        objects:
          - {{id: squire, card: Exalted Squire, controller: alice}}
          - {{id: bears, card: Cheerer, controller: alice, tapped: true, attacking: bob}}
          - {{id: vorinclex, card: "Vorinclex, Voice of Hunger", controller: bob}}
          - {{id: stinger, card: Stinger, controller: alice}}
        stack:
          - {item}
        actions:
          - resolve: all
        """)
    assert_error(path, line_of(path, marker), message)


def test_an_ability_removing_its_source_to_act_on_what_it_enchanted_is_refused(write, line_of):
    """608.2h: "Sacrifice this Aura: regenerate enchanted creature" would find the creature by last known information,
    which pyrules does not track: refused as the card is read, not only as the ability resolves."""
    path = write("sacrificed-aura.yaml", """\
        players: [alice, bob]
        cards:
          - name: Last Ward
            types: [enchantment]
            subtypes: [aura]
            abilities:
              - enchant: {types: [creature]}
              - activated: {cost: {sacrifice: self}, effect: {regenerate_enchanted: true}}
        objects:
          - {id: bears, card: Grizzly Bears, controller: alice}
          - {id: ward, card: Last Ward, controller: alice, attached_to: bears}
        question: {activatable: alice}
        """)
    error = load_error(path)
    assert isinstance(error, UnsupportedError) and error.where == f"{path}:{line_of(path, 'activated:')}"
    assert error.message == ("unsupported: an ability whose cost removes its source and whose effect is about the "
                             "permanent the source was attached to (608.2h: last known information)")


def test_an_aura_spell_needs_its_one_target_and_one_it_could_enchant(write, line_of):
    """303.4a, 702.5b: an Aura spell targets what its enchant ability allows, and only that."""
    for targets, message in (("[]", "'ward' has 1 target (target creature permanent), not 0"),):
        path = write("aura-spell.yaml", f"""\
            players: [{{name: alice, mana_pool: "{{G}}"}}, bob]
            cards:
              - name: Green Ward
                cost: "{{G}}"
                types: [enchantment]
                subtypes: [aura]
                abilities:
                  - enchant: {{types: [creature]}}
            objects:
              - {{id: bears, card: Grizzly Bears, controller: alice}}
              - {{id: forest, card: Forest, controller: alice}}
              - {{id: ward, card: Green Ward, owner: alice, zone: hand}}
            question: {{cast: {{object: ward, targets: {targets}}}}}
            """)
        error = load_error(path)
        assert isinstance(error, InputError) and error.message == message, error


def test_a_permanent_not_a_creature_as_read_is_a_target_the_encodings_judge(write):
    """205.1, 613.1d: a permanent's types are its card's only until an effect changes them (a Forest that Living Lands
    makes a creature), so a permanent is never refused as a target for its card's types as the file is read: the
    casting is judged as it is made (601.2c), and where nothing makes the Forest a creature it is illegal."""
    for cast in ("{object: satyr, bestow: true, targets: [forest]}", "{object: ward, targets: [forest]}"):
        path = write("not-a-creature.yaml", f"""\
            players: [{{name: alice, mana_pool: "{{2}}{{G}}"}}, bob]
            cards:
              - {{name: Test Satyr, cost: "{{1}}{{G}}", types: [enchantment, creature], power: 2, toughness: 2,
                 abilities: [{{bestow: "{{2}}{{G}}"}}]}}
              - {{name: Green Ward, cost: "{{G}}", types: [enchantment], subtypes: [aura],
                 abilities: [{{enchant: {{types: [creature]}}}}]}}
            objects:
              - {{id: satyr, card: Test Satyr, owner: alice, zone: hand}}
              - {{id: ward, card: Green Ward, owner: alice, zone: hand}}
              - {{id: forest, card: Forest, controller: alice}}
            question:
              cast: {cast}
            """)
        spell = cast.split(",")[0].split()[-1]
        result = solve(path)
        assert (len(result), result.illegal) == (0, [f"cannot cast (alice, {spell}, illegal target (1, forest))"])


def _artifact_with(write, ability: str):
    """A situation file with one artifact of alice's whose one ability is ``ability`` (YAML, one line)."""
    return write("one-ability.yaml", f"""\
        players: [alice, bob]
        cards:
          - name: Test Artifact
            cost: "{{1}}"
            types: [artifact]
            abilities:
              - {ability}
        objects:
          - {{id: thing, card: Test Artifact, controller: alice}}
        question: {{activatable: alice}}
        """)


@pytest.mark.parametrize("ability, marker, message", [
    ("static: {spell_cost: 1, modify_pt: '+1/+1', filter: {types: [creature]}}", "spell_cost",
     "unsupported: a spell_cost other than a nonzero amount alone in a static ability"),
    ("static: {spell_cost: 0, filter: {types: [creature]}}", "spell_cost",
     "unsupported: a spell_cost other than a nonzero amount alone in a static ability"),
    ("static: {spell_cost_each: -1, filter: {types: [artifact]}}", "spell_cost_each",
     "unsupported: spell_cost_each outside a cost_reduction ability"),
    ("cost_reduction: {less: 1}", "cost_reduction",
     "a cost reduction counts either 'for_each' permanent a filter matches or 'if_any' does"),
    ("cost_reduction: {less: 1, for_each: {types: [artifact]}, if_any: {types: [land]}}", "cost_reduction",
     "a cost reduction counts either 'for_each' permanent a filter matches or 'if_any' does"),
    ("cost_reduction: {less: 0, if_any: {types: [land]}}", "cost_reduction", None),
])
def test_cost_changes_are_refused_where_they_would_go_unread(write, line_of, ability, marker, message):
    """601.2f: a cost change is an amount of generic mana alone in its ability; a reduction counts one way."""
    path = _artifact_with(write, ability)
    error = load_error(path)
    assert error.where.startswith(f"{path}:{line_of(path, marker)}"), error
    if message is not None:
        assert error.message == message, error.message


@pytest.mark.parametrize("effect, message", [
    ("{if_paid: {effect: {draw: 1}}}", "needs 'pay' (mana symbols), 'energy' ({E} symbols, 107.14) or 'life'"),
    ("{if_paid: {energy: 0, effect: {draw: 1}}}", "at least 1"),
    ("{if_paid: {energy: 2, pay: '{X}', effect: {draw: 1}}}", "no {X}"),
    ("{if_paid: {life: 0, effect: {draw: 1}}}", "at least 1"),
    ("{if_paid: {life: lots, effect: {draw: 1}}}", "is a number of life, or that_much (as much as the event the "
                                                   "ability triggered on), not 'lots'"),
])
def test_a_payment_for_an_instruction_names_what_is_paid(write, effect, message):
    """608.2d, 107.14, 119.4: "you may pay {2}" ("{E}{E}", "2 life"). If you do, ...": a cost of mana, energy counters
    or life."""
    assert message in load_error(_artifact_with(write, f'activated: {{cost: "{{1}}", effect: {effect}}}')).message


def test_energy_counters_are_a_count(write, line_of):
    path = write("energy.yaml", """\
        players: [{name: alice, energy: -1}, bob]
        question: {activatable: alice}
        """)
    assert load_error(path).where == f"{path}:{line_of(path, 'energy')}"


@pytest.mark.parametrize("effects", ["[{if_you_do: {draw: 1}}]", "[{gain_life: 1}, {if_you_do: {draw: 1}}]",
                                     "[{may: {gain_life: 1}}, {if_you_do: {draw: 1}}]",
                                     "[{if_paid: {pay: '{1}', effect: {draw: 1}}}, {gain_life: 1}, {if_you_do: {draw: 1}}]",
                                     "[{may: {draw: 1}}, {if_you_do: {discard: 1}}, {if_you_do: {draw: 1}}]"])
def test_if_you_do_follows_a_draw_or_discard_one_may_follow(write, line_of, effects):
    """608.2c: whether its player did is known only of a draw, a discard or a sacrifice of this they took up, or of a
    payment ("you may pay {1}. If you do, draw a card and you gain 1 life": each instruction it holds)."""
    error = load_error(_artifact_with(write, f'activated: {{cost: "{{1}}", effect: {effects}}}'))
    assert error.message == ("unsupported: 'if_you_do' other than right after 'may' with one of: draw, discard, "
                             "sacrifice_self, or after 'if_paid' (and the 'if_you_do' after it)"), error


@pytest.mark.parametrize("ability, message", [
    ("triggered: {when: enters, effect: {draw: 1}, modes: [{draw: 1}, {gain_life: 1}]}",
     "a 'enters' triggered ability has either 'effect' or 'modes' (a modal ability, 700.2)"),
    ("triggered: {when: enters, modes: [{draw: 1}]}", "a modal ability has at least two modes (700.2)"),
    ("triggered: {when: beginning_of_each_end_step, lasting: once, modes: [{draw: 1}, {gain_life: 1}]}",
     "unsupported: a modal delayed or mana triggered ability"),
    ("triggered: {when: dies, effect: {put_self_on_top: true}}",
     "unsupported: 'put_self_on_top' in a 'dies' triggered ability (the card in its new zone, 400.7e)"),
], ids=["effect-and-modes", "one-mode", "delayed", "put-on-top-after-dying"])
def test_a_triggered_ability_the_encodings_cannot_follow_is_refused(write, ability, message):
    """700.2: a modal ability lists at least two modes, and nothing else to do; "put this on top" after it died
    would be about the card in its new zone (400.7e), which this instruction does not find."""
    error = load_error(_artifact_with(write, ability))
    assert message in error.message, error


@pytest.mark.parametrize("static, message", [
    ('{modify_pt: "+1/+1", filter: {types: [creature]}, as_long_as: attacking}',
     "unsupported: a static ability with a condition other than one giving this permanent keywords, +N/+N or a base "
     "power and toughness"),
    ("{set_color: white, as_long_as: your_turn}",
     "unsupported: a static ability with a condition other than one giving this permanent keywords, +N/+N or a base "
     "power and toughness"),
    ('{modify_pt: "+1/+1", as_long_as: {permanents: {filter: {types: [creature], keywords: [flying]}}}}',
     "unsupported: a condition's filter asking keywords (read only after layer 6)"),
    ('{modify_pt: "+1/+1", as_long_as: sometimes}',
     "as_long_as must be one of attacking, tapped, untapped, monstrous, dashed, your_turn, not_your_turn, "
     "no_cards_in_hand, citys_blessing, or {permanents: {count: N, filter: a filter}}, {no_permanents: a filter}, "
     "{counter: a counter kind}, {counters: {kind: a counter kind, at_least: N, at_most: M (optional)}}, "
     "{life_at_least: N}, {opponent_life_at_most: N}, {cards_in_graveyard: N}; not 'sometimes'"),
    ('{modify_pt: "+1/+1", as_long_as: {counter: p1p1, life_at_least: 3}}',
     "as_long_as is one condition: one of attacking"),
    ("{set_base_pt: 3/3, as_long_as: {counters: {kind: level, at_least: 4, at_most: 2}}}",
     "as_long_as.counters.at_most must be at least 4"),
    ("{set_base_pt: 3/3, as_long_as: {counters: {kind: level, at_least: 0}}}",
     "as_long_as.counters.at_least must be at least 1"),
    ("{set_base_pt: 3/3, as_long_as: {counters: {at_least: 2}}}", "as_long_as.counters needs kind: a counter kind"),
    ("{set_base_pt: 3/3, as_long_as: {counters: {kind: level, at_least: 2, up_to: 3}}}", "up_to"),
], ids=["with-a-filter", "a-color", "keyword-in-the-filter", "unknown-word", "two-conditions", "level-range-reversed",
        "level-zero", "level-no-kind", "level-unknown-key"])
def test_a_static_condition_is_one_the_encodings_read(write, static, message):
    """611.3a: a condition the encodings read, on an effect they gate by it; anything else is refused, never
    applied without its condition."""
    error = load_error(_artifact_with(write, f"static: {static}"))
    assert message in error.message, error


@pytest.mark.parametrize("static, message", [
    ("{gain_keywords: [flying], for_each: {permanents: {types: [artifact]}}}",
     "'for_each' multiplies a +N/+N: give 'modify_pt'"),
    ('{modify_pt: "+1/+1", for_each: {permanents: {types: [creature], power_at_least: 3}}}',
     "unsupported: counting permanents by power (power_at_least) for +N/+N: power is what the count changes"),
    ('{modify_pt: "+1/+1", for_each: {counters: charge, blocking_it: true}}', "for_each counts one thing: "),
    ('{modify_pt: "+1/+1", for_each: {blocking_it: false}}', "blocking_it is true or absent"),
    ('{modify_pt: "+1/+1", for_each: {blocking_it: true, beyond: 0}}', "beyond must be at least 1"),
    ('{modify_pt: "+1/+1", for_each: {cards: {zone: library, whose: you}}}', "zone must be one of hand, graveyard"),
    ('{modify_pt: "+1/+1", for_each: {x: true}}', "unsupported: 'for_each: {x: true}' outside a lasting effect until "
     "end of turn (X is announced for the spell or ability that begins it)"),
    ('{modify_pt: "+1/+1", lasting: until_end_of_turn, for_each: {x: 2}}', "x is true or absent"),
], ids=["no-pt", "power-filter", "two-counts", "blocking-false", "beyond-zero", "library-cards", "x-not-lasting",
        "x-not-true"])
def test_a_count_is_one_the_encodings_read(write, static, message):
    """608.2h, 613.4c: "+N/+N for each ..." counts one thing the encodings count, and multiplies the +N/+N alone; a
    count by power would read the layer it changes."""
    error = load_error(_artifact_with(write, f"static: {static}"))
    assert message in error.message, error


@pytest.mark.parametrize("effect, message", [
    ("{gain_life_for_each: {amount: 2}}", "gain_life_for_each needs for_each: what it counts"),
    ("{gain_life_for_each: {amount: 0, for_each: {counters: charge}}}", "amount must be at least 1"),
    ("{gain_life_for_each: {amount: 1, for_each: {permanents: {types: [creature]}, counters: charge}}}",
     "for_each counts one thing: "),
    ("{gain_life_for_each: {amount: 1, for_each: {permanents: {types: [creature]}}, each: true}}", "unknown field 'each'"),
], ids=["no-count", "zero", "two-counts", "unknown-field"])
def test_life_for_each_counts_one_thing(write, effect, message):
    """608.2h: "you gain N life for each ..." counts one thing the encodings count, as it resolves."""
    assert message in load_error(_artifact_with(write, f'activated: {{cost: "{{1}}", effect: {effect}}}')).message


@pytest.mark.parametrize("ability, message", [
    ("reinforce: {count: 2, cost: '{X}'}", "unsupported: a reinforce cost with {X} (107.3d)"),
    ("reinforce: {count: 0, cost: '{1}'}", "count must be at least 1"),
    ("reinforce: {cost: '{1}'}", "needs 'count'"),
], ids=["x-cost", "no-counters", "no-count"])
def test_reinforce_has_a_number_and_a_cost(write, ability, message):
    """702.77a: "Reinforce N-[cost]": N +1/+1 counters, a mana cost without {X}."""
    assert message in load_error(_artifact_with(write, ability)).message


@pytest.mark.parametrize("effect, message", [
    ("{if_you_control: {effect: {draw: 1}}}", "if_you_control needs 'filter'"),
    ("{if_you_control: {filter: {types: [creature]}, count: 0, effect: {draw: 1}}}", "count must be at least 1"),
    ("{if_you_control: {filter: {types: [creature]}, effect: {add: '{G}'}}}",
     "unsupported: effect 'add' held by 'if_you_control'"),
], ids=["no-filter", "zero", "not-followed"])
def test_an_instruction_if_you_control_is_checked(write, effect, message):
    """608.2c: "if you control a Wizard, draw a card" names what it counts and holds one instruction followed as
    it resolves."""
    assert message in load_error(_artifact_with(write, f'activated: {{cost: "{{1}}", effect: {effect}}}')).message


@pytest.mark.parametrize("trigger, message", [
    ("{when: no_permanents, effect: {sacrifice_self: true}}",
     "'no_permanents' needs a filter: the permanents whose absence it waits for (603.8)"),
    ("{when: no_permanents, filter: {types: [land], untapped: true, controller: you}, effect: {sacrifice_self: true}}",
     "unsupported: a state trigger whose filter asks what can change without a permanent leaving (untapped): a "
     "condition that held for a moment inside a step is not seen (603.8)"),
], ids=["no-filter", "a-status"])
def test_a_state_trigger_is_checked(write, trigger, message):
    """603.8: a state trigger names the permanents whose absence it waits for, by what only changes as they come
    and go."""
    assert message in load_error(_artifact_with(write, f"triggered: {trigger}")).message


def test_an_if_no_permanents_asks_what_they_are(write):
    """603.4: "if no creatures are on the battlefield" asks what the permanents are and who controls them; a status
    (what a step may change for a moment) is refused."""
    error = load_error(_artifact_with(write, "triggered: {when: beginning_of_upkeep, if: {no_permanents: {types: "
                                             "[creature], tapped: true}}, effect: {sacrifice_self: true}}"))
    assert error.message == "unsupported: 'no_permanents' asking tapped (only what the permanents are and who controls " \
                            "them)", error


def test_tokens_for_a_targets_controller_are_one_instruction(write):
    """608.2c, 111.2: "its controller creates a token" holds one instruction; tokens for each counter are refused."""
    both = "{its_controller: {target: 1, draw: 1, create_tokens: {kind: soldier}}}"
    error = load_error(_artifact_with(write, f"activated: {{cost: \"{{1}}\", effect: [{{destroy_target: {{}}}}, {both}]}}"))
    assert "needs one instruction" in error.message, error
    counted = "{its_controller: {target: 1, create_tokens: {kind: soldier, per_counter: charge}}}"
    error = load_error(_artifact_with(write, f"activated: {{cost: \"{{1}}\", effect: [{{destroy_target: {{}}}}, "
                                             f"{counted}]}}"))
    assert "unsupported: tokens for each counter, created by the controller of a target" in error.message, error


@pytest.mark.parametrize("effect, message", [
    ("{damage_target_counted: {filter: {types: [creature]}}}", "needs count: what it counts"),
    ("{damage_target_counted: {filter: {types: [creature]}, count: {permanents: {types: [land]}}, amount: 2}}",
     "unknown field 'amount'"),
    ("{damage_any_target_counted: {permanents: {types: [land]}, cards: {zone: hand, whose: you}}}", "counts one thing"),
], ids=["no-count", "unknown-field", "two-counts"])
def test_damage_equal_to_a_count_says_what_it_counts(write, effect, message):
    """608.2h: damage "equal to the number of ..." counts one thing, as for_each says it."""
    assert message in load_error(_artifact_with(write, f'activated: {{cost: "{{1}}", effect: {effect}}}')).message


@pytest.mark.parametrize("used, message", [
    ("{7: 1}", "'elves' (Llanowar Elves) has no ability 7: its card has 1"),
    ("{3000000000: 1}", "'elves' (Llanowar Elves) has no ability 3000000000: its card has 1"),  # (crashed in clingo)
    ("{'Forest:1': 1}", "'Forest:1': 'Forest' is not a card used to craft 'elves' (crafted_with)"),  # (a KeyError)
])
def test_used_this_turn_names_abilities_the_object_has(write, used, message):
    """602.5b: the activations counted are of abilities the object has; a typo is an error, not an ability no one has."""
    path = write("used.yaml", f"""\
        players: [alice, bob]
        objects:
          - {{id: elves, card: Llanowar Elves, controller: alice, used_this_turn: {used}}}
        question: {{activatable: elves}}
        """)
    error = load_error(path)
    assert error.message == message and str(error).startswith(f"{path}:3:")


def test_used_this_turn_off_the_battlefield_counts_only_abilities_that_work_there(write):
    """400.7: a card that came to a hand this turn is a new object; only an ability activated from the hand (cycling,
    113.6) can have been used there. It was accepted, and read by nothing."""
    path = write("used.yaml", """\
        players: [alice, bob]
        objects:
          - {id: ring, card: Sol Ring, owner: alice, zone: hand, used_this_turn: {1: 1}}
        question: {activatable: alice}
        """)
    error = load_error(path)
    assert (str(error) == f"{path}:3: 'ring' is in the hand, where its ability 1 is not activated: an object that came "
                          "here this turn is a new one, with no activations (400.7)")
    path = write("cycled.yaml", """\
        players: [alice, bob]
        objects:
          - {id: forsake, card: Forsake the Worldly, owner: alice, zone: hand, used_this_turn: {2: 1}}
        question: {activatable: alice}
        """)
    assert load_situation(path).objects[0].used_this_turn == {2: 1}


def test_mana_beyond_the_amount_pyrules_computes_with_is_refused_in_all(write):
    """Each symbol fits, their sum does not: 3,000 {999999} in a pool stopped with clingo's OverflowError, and 3,000,000
    {G} made a pool of 3,000,001 (beyond the amounts pyrules computes with)."""
    pool = "{999999}" * 3
    path = write("pool.yaml", f"""\
        players: [{{name: alice, mana_pool: "{pool}"}}, bob]
        question: {{could_produce: all}}
        """)
    error = load_error(path)
    assert error.message == (f"players.0.mana_pool: '{pool}' is more mana than pyrules computes with (at most "
                             "1000000 in all)")


@pytest.mark.parametrize("text, line, message", [
    # an object is in one place at a time: Bolt listed twice resolved once
    ("""objects:
  - {id: bolt, card: Lightning Bolt, owner: alice, zone: stack, targets: [bob]}
stack: [bolt, bolt]""", 4, "'bolt' is listed on the stack twice"),
    # one card at each place of a library (401.1): the draw took one of them silently
    ("""objects:
  - {id: a, card: Grizzly Bears, owner: alice, zone: library, position: 1}
  - {id: b, card: Hill Giant, owner: alice, zone: library, position: 1}""", 4,
     "'b' and 'a' are both at position 1 of alice's library"),
    # an X nothing reads was silently ignored
    ("""objects:
  - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}
actions:
  - cast: {object: bolt, targets: [bob], x: 3}""", 5, "'bolt' (Lightning Bolt) has no X to announce (CR 107.3)"),
    ("""objects:
  - {id: m, card: Mountain, controller: alice}
actions:
  - activate: {object: m, ability: mountain, x: 5}""", 5,
     "the mana ability of 'Mountain' (mountain) has no X to announce (CR 107.3)"),
])
def test_impossible_states_and_unread_values_are_refused(write, text, line, message):
    path = write("odd.yaml", "players: [{name: alice, mana_pool: \"{R}\"}, bob]\n" + text + "\n")
    error = load_error(path)
    assert error.message == message and str(error).startswith(f"{path}:{line}:")


def test_life_gained_by_x_is_an_announced_x(write):
    """107.3: "you gain X life" reads the X announced for a spell or activated ability; a triggered ability has none."""
    error = load_error(_artifact_with(write, "triggered: {when: enters, effect: {gain_life: X}}"))
    assert error.message == "unsupported: 'gain_life' with X in a triggered ability (no X is announced for it)", error


@pytest.mark.parametrize("effect, kind", [("{draw: X}", "draw"), ("{target_player: {draw: X}}", "target_player")])
def test_cards_drawn_by_x_are_an_announced_x(write, effect, kind):
    """107.3: "draw X cards" reads the X announced for a spell or activated ability; a triggered ability has none."""
    error = load_error(_artifact_with(write, f"triggered: {{when: enters, effect: {effect}}}"))
    assert error.message == f"unsupported: '{kind}' with X in a triggered ability (no X is announced for it)", error


@pytest.mark.parametrize("ability, message", [
    ('typecycling: {cost: "{2}"}', "typecycling needs a filter: the [type] it searches for (plain cycling is 'cycling')"),
    ('typecycling: {cost: "{2}", filter: {}}', "typecycling needs a filter"),
    ('typecycling: {cost: "{2}", filter: {subtypes: [swamp]}, zone: hand}', "unknown field 'zone'"),
], ids=["no-filter", "empty-filter", "unknown-field"])
def test_typecycling_searches_for_a_type(write, ability, message):
    """702.29e: typecycling searches for a card of a type; without one it would be cycling."""
    assert message in load_error(_artifact_with(write, ability)).message


def test_that_much_is_the_amount_of_a_damage_event(write):
    """603.2: "you gain that much life" reads the amount of the event the ability triggered on: only a damage
    trigger has one."""
    error = load_error(_artifact_with(write, "triggered: {when: enters, effect: {gain_life_that_much: true}}"))
    assert error.message == "unsupported: effect 'gain_life_that_much' in a 'enters' triggered ability", error


@pytest.mark.parametrize("that_much, ability, message", [
    ("", 1, "'t' says \"that much\": give the amount of the event it triggered on with 'that_much: N'"),
    (", that_much: 2", 2, "'t' says nothing of \"that much\"; 'that_much' is for such a trigger"),
    (", that_much: 0", 1, "that_much must be at least 1"),
], ids=["missing", "not-that-much", "zero"])
def test_a_trigger_on_the_stack_says_how_much(write, that_much, ability, message):
    """603.2: a trigger waiting to resolve keeps the amount of its event; the situation gives it, and only for a
    trigger that reads it."""
    path = write("that-much.yaml", f"""\
        players: [alice, bob]
        cards:
          - name: Test Drinker
            cost: "{{1}}"
            types: [creature]
            power: 1
            toughness: 1
            abilities:
              - triggered: {{when: deals_damage, effect: {{gain_life_that_much: true}}}}
              - triggered: {{when: dealt_damage, effect: {{gain_life: 1}}}}
        objects:
          - {{id: d, card: Test Drinker, controller: alice}}
        stack:
          - {{id: t, triggered: d, ability: {ability}, controller: alice{that_much}}}
        question: resolve
        """)
    assert message in load_error(path).message


@pytest.mark.parametrize("effect, message", [
    ("{up_to: {count: 1, effect: {tap_target: {types: [creature]}}}}", "count must be at least 2"),
    ("{up_to: {count: 2, effect: {draw: 1}}}", "unsupported: effect 'draw' for each of up to N targets"),
    ("{up_to: {count: 2, effect: {tap_target: {types: [creature]}, untap_target: {types: [creature]}}}}",
     "up_to.effect needs exactly one instruction"),
    ("[{up_to: {count: 2, effect: {tap_target: {types: [creature]}}}}, {destroy_target: {types: [creature]}}]",
     "unsupported: targets after those of 'up to N targets' (only trailing targets may be left unchosen)"),
], ids=["one", "no-target", "two-instructions", "a-target-after"])
def test_up_to_n_targets_is_one_targeted_instruction(write, effect, message):
    """601.2c: "up to N target ..." is one instruction with one target, followed for each of N targets that may be
    left unchosen: only trailing ones, so that the targets a situation gives are read in order."""
    error = load_error(_artifact_with(write, f'activated: {{cost: "{{1}}", effect: {effect}}}'))
    assert message in error.message, error


@pytest.mark.parametrize("targets, message", [
    ("[bears, bears]", "'repel' targets 'bears' twice with one word \"target\" (CR 601.2c)"),
    ("[bears, giant, elves]", "'repel' has 0 to 2 targets (target creature permanent; target creature permanent), "
                              "not 3"),
], ids=["twice", "too-many"])
def test_up_to_targets_are_different_and_at_most_n(write, targets, message):
    """601.2c: one word "target" never chooses an object twice, and "up to two" at most two."""
    path = write("up-to.yaml", f"""\
        players: [{{name: alice, mana_pool: "{{2}}{{W}}"}}, bob]
        cards:
          - name: Repel the Darkness
            cost: "{{2}}{{W}}"
            types: [instant]
            abilities:
              - spell: {{effect: {{up_to: {{count: 2, effect: {{tap_target: {{types: [creature]}}}}}}}}}}
        objects:
          - {{id: repel, card: Repel the Darkness, owner: alice, zone: hand}}
          - {{id: bears, card: Grizzly Bears, controller: bob}}
          - {{id: giant, card: Hill Giant, controller: bob}}
          - {{id: elves, card: Llanowar Elves, controller: bob}}
        question: {{cast: {{object: repel, targets: {targets}}}}}
        """)
    assert message in load_error(path).message


@pytest.mark.parametrize("blocking, message", [
    ("[b1, b1]", "blocking is an attacking creature (one, or a list), each once"),
    ("[b1, giant]", "'giant' is not an attacking creature; a creature blocks one (CR 509.1a)"),
], ids=["twice", "not-attacking"])
def test_a_blocker_of_several_attackers_names_each_once(write, blocking, message):
    """509.1a: a creature blocking more than one attacker (where an effect lets it) names each attacking creature."""
    path = write("blocking.yaml", f"""\
        players: [alice, bob]
        phase: combat
        step: declare_blockers
        objects:
          - {{id: b1, card: Grizzly Bears, controller: alice, tapped: true, attacking: bob}}
          - {{id: giant, card: Hill Giant, controller: alice}}
          - {{id: wall, card: Grizzly Bears, controller: bob, blocking: {blocking}}}
        question: {{characteristics: wall}}
        """)
    assert message in load_error(path).message


def _counted_effect(write, times: str, ability: int = 2):
    return write("counted.yaml", f"""\
        players: [alice, bob]
        cards:
          - name: Test Counter
            cost: "{{1}}"
            types: [creature]
            power: 1
            toughness: 1
            abilities:
              - activated: {{cost: "{{1}}", effect: {{lasting_on_self: 2}}}}
              - static: {{modify_pt: "+1/+1", lasting: until_end_of_turn, for_each: {{counters: p1p1}}}}
              - static: {{modify_pt: "+1/+1", lasting: until_end_of_turn}}
        objects:
          - {{id: c, card: Test Counter, controller: alice}}
        effects:
          - {{card: Test Counter, controller: alice, ability: {ability}, affects: [c]{times}}}
        question: {{characteristics: c}}
        """)


@pytest.mark.parametrize("times, ability, message", [
    ("", 2, "'Test Counter' counts as its effect begins (CR 608.2h); say the number it counted under 'times'"),
    (", times: 2", 3, "'Test Counter''s effect counts nothing: 'times' is for an effect whose ability has for_each"),
    (", times: -1", 2, "times must be at least 0"),
], ids=["missing", "not-counting", "negative"])
def test_a_lasting_effect_says_what_it_counted(write, times, ability, message):
    """608.2h: a lasting effect that counts keeps the number it counted as it began; the situation says it, and
    says it only of such an effect."""
    error = load_error(_counted_effect(write, times, ability))
    assert message in error.message, error


def test_a_lasting_effect_that_counted_keeps_its_number(write):
    """608.2h: the effect's +1/+1 times the number it counted then, whatever the count would be now (no counters)."""
    assert [[t for t in o.texts if "power" in t or "toughness" in t] for o in solve(_counted_effect(write, ", times: 3"))] \
        == [["characteristic(c,power,4)", "characteristic(c,toughness,4)"]]


@pytest.mark.parametrize("effects, message", [
    ("[{tap_target: {types: [creature]}}, {skip_untap_that: 2}]",
     "'skip_untap_that: 2' names target 2, and the instructions before it have 1 target"),
    ("[{untap_that: 1}, {tap_target: {types: [creature]}}]",
     "'untap_that: 1' names target 1, and the instructions before it have 0 targets"),
    ("[{regenerate_that: 1}, {tap_target: {types: [creature]}}]",
     "'regenerate_that: 1' names target 1, and the instructions before it have 0 targets"),
    ("[{destroy_target: {types: [creature]}}, {its_controller: {target: 2, lose_life: 2}}]",
     "'its_controller' names target 2, and the instructions before it have 1 target"),
    ("[{target_player: {draw: 1}}, {its_controller: {target: 1, lose_life: 2}}]",
     "'its_controller' names target 1, a player: only an object has a controller"),
    ("[{destroy_target: {types: [creature]}}, {its_controller: {lose_life: 2}}]",
     "cards.0.abilities.0.activated.effect.1.its_controller needs 'target': the number of the target whose controller "
     "follows it"),
    ("[{destroy_target: {types: [creature]}}, {its_controller: {target: 1, lose_life: 2, draw: 1}}]",
     "cards.0.abilities.0.activated.effect.1.its_controller needs one instruction of draw, discard, gain_life, "
     "lose_life, mill, exile_top, get_poison, sacrifice"),
], ids=["past-the-last", "before-its-target", "regenerate-before-its-target", "its-controller-past-the-last",
        "its-controller-of-a-player", "its-controller-without-target", "its-controller-two-instructions"])
def test_an_instruction_about_that_target_names_one_before_it(write, effects, message):
    """608.2b: "it doesn't untap", "untap that creature" refer to a target an earlier instruction chose; a number
    naming none would make the instruction do nothing, silently."""
    error = load_error(_artifact_with(write, f'activated: {{cost: "{{1}}", effect: {effects}}}'))
    assert error.message == message, error


@pytest.mark.parametrize("effects, message", [
    ("[{destroy_target: {types: [creature]}}, {gain_life_equal_to: {characteristic: power, of: 2}}]",
     "'gain_life_equal_to' names target 2, and the instructions before it have 1 target"),
    ("[{target_player: {draw: 1}}, {lose_life_equal_to: {characteristic: power, of: 1}}]",
     "'lose_life_equal_to' names target 1, a player: only an object has a power, toughness or mana value"),
    ("[{destroy_target: {types: [creature]}}, {gain_life_equal_to: {characteristic: color, of: 1}}]",
     "cards.0.abilities.0.activated.effect.1.gain_life_equal_to.characteristic must be one of power, toughness, "
     "mana_value, not 'color'"),
    ("[{destroy_target: {types: [creature]}}, {gain_life_equal_to: {of: 1}}]",
     "cards.0.abilities.0.activated.effect.1.gain_life_equal_to needs 'characteristic'"),
    ("[{sacrifice_one: {who: you, filter: {types: [creature]}}}, {gain_life_equal_to: {characteristic: power, "
     "of: sacrificed, player: its_controller}}]",
     "cards.0.abilities.0.activated.effect.1.gain_life_equal_to: 'its_controller' is the controller of a target (of: N)"),
    ("[{destroy_target: {types: [creature]}}, {gain_life_equal_to: {characteristic: power, of: sacrificed}}]",
     "unsupported: 'gain_life_equal_to' of 'sacrificed' without exactly one instruction before it in which one player "
     "sacrifices a permanent"),
    ("[{sacrifice_one: {who: each_player, filter: {types: [creature]}}}, {gain_life_equal_to: {characteristic: power, "
     "of: sacrificed}}]",
     "unsupported: 'gain_life_equal_to' of 'sacrificed' without exactly one instruction before it in which one player "
     "sacrifices a permanent"),
    ("[{destroy_target: {types: [creature]}}, {gain_life_equal_to: {characteristic: power, of: that}}]",
     "unsupported: 'gain_life_equal_to' of 'that' outside a triggered ability (it names what the ability triggered "
     "on)"),
    ("[{put_counters_target: {kind: p1p1, count: 2, filter: {types: [creature]}}}, {gain_life_equal_to: "
     "{characteristic: power, of: 1}}]",
     "unsupported: 'gain_life_equal_to' after 'put_counters_target' (the value is read as the resolution began: only "
     "after instructions that change no object's characteristics)"),
], ids=["past-the-last", "of-a-player", "unknown-characteristic", "no-characteristic", "its-controller-of-sacrificed",
        "sacrificed-without-sacrifice", "sacrificed-by-each-player", "that-outside-a-trigger", "after-counters"])
def test_life_equal_to_a_characteristic_names_one_object_read_as_it_was(write, effects, message):
    """608.2h: "you gain life equal to its power" reads the object an instruction before it named, as the resolution
    began: no such object, or one the instructions before it may have changed, is refused, not read as 0."""
    error = load_error(_artifact_with(write, f'activated: {{cost: "{{1}}", effect: {effects}}}'))
    assert error.message == message, error


@pytest.mark.parametrize("item, marker, message", [
    ("{id: t, triggered: raker, ability: 1}", "triggered: raker",
     "'t' says \"that player\": name the player its event was about with 'that: <a player>'"),
    ("{id: t, triggered: raker, ability: 1, that: carol}", "that: carol", "unknown player 'carol'"),
], ids=["missing", "unknown"])
def test_a_trigger_about_that_player_names_them(write, line_of, item, marker, message):
    """603.2: a waiting "that player discards a card" says which player its combat damage event was about."""
    path = write("that-player.yaml", f"""\
        players: [alice, bob]
        cards:
          - {{name: Mind Raker, cost: "{{1}}{{B}}", types: [creature], power: 2, toughness: 2,
             abilities: [{{triggered: {{when: deals_combat_damage_to_player, effect: {{that_player: {{discard: 1}}}}}}}}]}}
        objects:
          - {{id: raker, card: Mind Raker, controller: alice}}
        stack:
          - {item}
        actions:
          - resolve: all
        """)
    assert_error(path, line_of(path, marker), message)


def test_a_cycled_card_has_no_permanent_to_act_on(write):
    """702.29c: "when you cycle this card" triggers with the card in a graveyard: an instruction about "this
    permanent" would do nothing there, silently."""
    path = write("cycled-self.yaml", """\
        players: [alice, bob]
        cards:
          - name: Odd Tethers
            types: [instant]
            abilities:
              - cycling: "{U}"
              - triggered: {when: cycling, effect: {put_counters_self: {kind: p1p1}}}
        objects:
          - {id: t, card: Odd Tethers, owner: alice, zone: hand}
        question: {activatable: alice}
        """)
    error = load_error(path)
    assert error.message == ("unsupported: an instruction about this permanent in a 'cycling' triggered ability of the "
                             "card cycled (it is in a graveyard, 702.29c)"), error.message


def test_that_player_only_after_damage_to_a_player(write, line_of):
    path = write("that-player-enters.yaml", """\
        players: [alice, bob]
        cards:
          - name: Odd Raker
            types: [creature]
            power: 1
            toughness: 1
            abilities:
              - triggered: {when: enters, effect: {that_player: {discard: 1}}}
        objects:
          - {id: raker, card: Odd Raker, controller: alice}
        question: {activatable: alice}
        """)
    error = load_error(path)
    assert error.message == ("unsupported: \"that player\" in a 'enters' triggered ability (only after damage to a "
                             "player, a discard, or in each player's upkeep or draw step)"), error.message


@pytest.mark.parametrize("effect, message", [
    ("{search_to_hand: {count: 0}}", "at least 1"),
    ("{search_to_hand: {filter: {types: [land]}, to: battlefield}}", "to"),
    ("{search_to_hand: {filter: {flying: true}}}", "flying"),
    ("{search_to_hand: 2}", "mapping"),
    ("{search_to_hand: {tapped: true}}", "tapped"),
    ("{search_to_battlefield: {tapped: sometimes}}", "true or false"),
])
def test_a_search_names_what_it_looks_for_and_how_many(write, effect, message):
    """701.23: a search's filter and count; a key it does not read (a destination) is refused, never ignored."""
    assert message in load_error(_artifact_with(write, f'activated: {{cost: "{{1}}", effect: {effect}}}')).message


def test_a_shuffled_library_is_true_or_false(write, line_of):
    path = write("shuffled.yaml", """\
        players: [{name: alice, shuffled: often}, bob]
        question: {activatable: alice}
        """)
    assert load_error(path).where == f"{path}:{line_of(path, 'shuffled')}"


@pytest.mark.parametrize("counters", ["{p1p1: X}", "{p1p1: 0}", "{}"])
def test_counters_a_permanent_may_enter_with_are_a_number(write, counters):
    """702.98a: "you may have this enter with a +1/+1 counter": a number of counters, at least one (no X: nothing
    chooses one as it enters without being cast for it)."""
    path = write("unleash.yaml", f"""\
        players: [alice, bob]
        cards:
          - {{name: Relic, types: [creature], power: 1, toughness: 1, abilities: [{{enters: {{may_counters: {counters}}}}}]}}
        objects:
          - {{id: relic, card: Relic, controller: alice}}
        question: {{activatable: alice}}
        """)
    error = load_error(path)
    assert error.where.startswith(f"{path}:3") and "may_counters" in error.message, error


def _relic_with(write, power: str, toughness: str, cda: str):
    """A situation asking what a creature card with a characteristic-defining ability is."""
    return write("cda.yaml", f"""\
        players: [alice, bob]
        cards:
          - {{name: Relic, types: [creature], power: {power}, toughness: {toughness},
             abilities: [{{static: {{pt_equal_cards: {cda}}}}}]}}
        objects:
          - {{id: relic, card: Relic, controller: alice}}
        question: {{characteristics: relic}}
        """)


@pytest.mark.parametrize("value, message", [
    ("{zone: library, whose: you}", "hand, graveyard"),
    ("{zone: hand, whose: opponent}", "you, all"),
    ("{zone: hand}", "whose"),
])
def test_a_count_of_cards_names_a_zone_and_whose(write, value, message):
    """604.3: "the number of cards in your hand (all graveyards)": a zone pyrules counts, and whose."""
    assert message in load_error(_relic_with(write, '"*"', '"*"', value)).message


def test_a_characteristic_defining_ability_gives_a_printed_star(write):
    """208.2a, 604.3: such an ability gives the value of the "*" printed in power or toughness; a card printing none
    has no value for it to give: an error, not a count silently dropped."""
    error = load_error(_relic_with(write, "0", "0", "{zone: hand, whose: you}"))
    assert "card 'Relic': a characteristic-defining ability gives the value of a \"*\"" in error.message
    assert "cda.yaml:4: card" in str(error)  # (the line of its abilities)


@pytest.mark.parametrize("power, message", [
    ('"x+*"', "cards.0.power must be N, * or N+*, not 'x+*'"),
    ('"99999999999+*"', "cards.0.power must be N, * or N+*, not '99999999999+*'"),
    ('"one"', "cards.0.power must be a whole number, not 'one'"),
])
def test_a_printed_star_is_n_plus_star_or_star(write, power, message):
    """208.2a: a printed "*" or "N+*"; anything else is an error naming the field."""
    assert message in load_error(_relic_with(write, power, '"*"', "{zone: hand, whose: you}")).message


def test_its_counters_are_a_count_only_for_a_target(write):
    """702.43a, 608.2h: "put its +1/+1 counters on target artifact creature" (count: its) is read for one target;
    "on each [filter] permanent" with it is no template."""
    ok = _artifact_with(write, 'triggered: {when: dies, effect: {put_counters_target: {kind: p1p1, count: its, '
                                    'filter: {types: [creature]}}}}')
    assert load_situation(ok) is not None
    error = load_error(_artifact_with(write, 'triggered: {when: dies, effect: {put_counters_each: {kind: p1p1, '
                                             'count: its, filter: {types: [creature]}}}}'))
    assert "count" in error.where or "count" in error.message, error


@pytest.mark.parametrize("ability, message", [
    ('activated: {cost: "{1}", effect: {draw: 1}, timing: during_combat}',
     "'during_combat' is when a spell may be cast; an activated ability's timing is one of: sorcery, instant, "
     "your_upkeep, your_turn_before_attackers"),
    ("spell: {effect: {draw: 1}, timing: sorcery}",
     "'sorcery' is when an activated ability may be activated; a spell's timing is one of: during_combat, "
     "combat_before_blockers, combat_after_blockers, declare_attackers_step, declare_attackers_step_attacked, "
     "declare_blockers_step, before_combat_damage"),
    ("spell: {modes: [{draw: 1}, {gain_life: 1}], timing: during_combat}",
     "unsupported: a timing restriction on a modal spell or one with 'instead'"),
])
def test_a_timing_is_one_its_ability_can_have(write, ability, message):
    """602.5, 601.3: an activated ability's timing and a spell's are different sets; none is dropped unread."""
    assert str(load_error(_artifact_with(write, ability))).endswith(message)


@pytest.mark.parametrize("phase, step", [("beginning", "draw"), ("combat", "end_of_combat"), ("precombat_main", None)])
def test_an_additional_phase_other_than_an_upkeep_is_refused(write, line_of, phase, step):
    """500.10: the additional beginning phase added after a combat phase holds only an upkeep step."""
    path = write("additional.yaml", f"""\
        players: [alice, bob]
        phase: {phase}
        {f"step: {step}" if step else ""}
        additional_phase: true
        objects: []
        actions: [main]
        """)
    assert_error(path, line_of(path, "additional_phase: true"), "an additional phase added after a combat phase holds "
                 "only an upkeep step (CR 500.10): give 'phase: beginning' and 'step: upkeep'")


@pytest.mark.parametrize("phase, step", [("beginning", "upkeep"), ("postcombat_main", None)])
def test_upkeeps_to_come_outside_combat_are_refused(write, line_of, phase, step):
    """500.8, 500.10: additional upkeep steps "after this phase" come after a combat phase (or after another such
    additional phase, which says so)."""
    path = write("upkeeps.yaml", f"""\
        players: [alice, bob]
        phase: {phase}
        {f"step: {step}" if step else ""}
        upkeeps_to_come: 2
        objects: []
        actions: [main]
        """)
    assert_error(path, line_of(path, "upkeeps_to_come: 2"), "additional upkeep steps come after a combat phase "
                 "(CR 500.8, 500.10): give 'phase: combat', or 'additional_phase: true' in such an upkeep")


def test_upkeeps_to_come_must_be_a_count(write, line_of):
    path = write("upkeeps.yaml", """\
        players: [alice, bob]
        phase: combat
        step: end_of_combat
        upkeeps_to_come: -1
        objects: []
        actions: [upkeep]
        """)
    assert_error(path, line_of(path, "upkeeps_to_come: -1"), "upkeeps_to_come must be at least 0, not -1")


@pytest.mark.parametrize("fields, marker, message", [
    ("zone: hand, bottom: true", "bottom: true", "'ever' is in the hand; only a card in a library is at its bottom"),
    ("zone: library, bottom: true, position: 1", "position: 1",
     "'ever' is at the bottom of its library, below the cards only counted: give 'bottom' or 'position', not both"),
], ids=["not-in-a-library", "with-a-position"])
def test_a_card_at_the_bottom_of_a_library_is_checked(write, line_of, fields, marker, message):
    """401.4: only a card in a library is at its bottom, below the cards the situation only counts."""
    path = write("bottom.yaml", f"""\
        players: [{{name: alice, library: 3}}, bob]
        objects:
          - {{id: ever, card: Ever After, owner: alice, {fields}}}
        actions: [draw_step]
        """)
    assert_error(path, line_of(path, marker), message)


def test_two_cards_at_the_bottom_of_one_library_are_in_no_known_order(write):
    """401.4: cards put on the bottom together are below the others in no order the situation keeps (an instruction
    reading that deep is refused: sequences/cards-at-the-bottom-in-no-known-order)."""
    path = write("bottom.yaml", """\
        players: [{name: alice, library: 3}, bob]
        objects:
          - {id: ever, card: Ever After, owner: alice, zone: library, bottom: true}
          - {id: ever2, card: Ever After, owner: alice, zone: library, bottom: true}
        actions: [draw_step]
        """)
    situation = load_situation(path)
    assert [o.id for o in situation.objects if o.bottom] == ["ever", "ever2"]


def test_a_permission_to_play_a_card_outside_exile_is_refused(write, line_of):
    """601.3: pyrules models the permission to play a card in exile ("you may play that card this turn")."""
    path = write("may-play.yaml", """\
        players: [alice, bob]
        objects:
          - {id: bolt, card: Lightning Bolt, owner: bob, zone: graveyard, may_play: alice}
        actions: [main]
        """)
    assert_error(path, line_of(path, "may_play: alice"), "'bolt' is in the graveyard; pyrules models the permission to "
                 "play a card in exile (CR 601.3)")


def test_an_if_you_control_condition_is_checked(write, line_of):
    """603.4: "if you control two or more Gates" is {you_control: {count: N, filter: F}}, N at least 1."""
    path = write("if.yaml", """\
        players: [alice, bob]
        cards:
          - name: Test Keeper
            types: [creature]
            power: 2
            toughness: 4
            abilities:
              - triggered: {when: enters, if: {you_control: {count: 0, filter: {subtypes: [gate]}}}, effect: {gain_life: 7}}
        objects:
          - {id: keeper, card: Test Keeper, controller: alice}
        question: {activatable: alice}
        """)
    error = load_error(path)
    assert error.where == f"{path}:{line_of(path, 'count: 0')}" and "count must be at least 1, not 0" in error.message


def test_an_if_you_control_condition_of_how_a_permanent_enters_is_refused(write, line_of):
    """614.1c: an enters rider's condition is read as the permanent enters, with the replacement effects; a count of
    permanents after the layers is not: refused there."""
    path = write("if.yaml", """\
        players: [alice, bob]
        cards:
          - name: Test Keeper
            types: [creature]
            power: 2
            toughness: 4
            abilities:
              - enters: {tapped: true, if: {you_control: {count: 2, filter: {subtypes: [gate]}}}}
        objects:
          - {id: keeper, card: Test Keeper, controller: alice}
        question: {activatable: alice}
        """)
    error = load_error(path)
    assert isinstance(error, UnsupportedError) and "'if: you_control' is a condition of a triggered ability" in error.message


@pytest.mark.parametrize("obj, marker, message", [
    ("{id: land, card: Forest, controller: alice, kicked: true}", "kicked: true",
     "'land' (Forest) has no kicker or multikicker (702.33d); 'kicked' is for an object whose card does"),
    ("{id: land, card: Forest, controller: alice, monstrous: true}", "monstrous: true",
     "'land' (Forest) has no monstrosity ability (701.37b); 'monstrous' is for an object whose card does"),
    ("{id: land, card: Forest, controller: alice, renowned: true}", "renowned: true",
     "'land' (Forest) has no renown (702.112b); 'renowned' is for an object whose card does"),
    ("{id: land, card: Forest, controller: alice, chosen_color: blue}", "chosen_color: blue",
     "'land' (Forest) has no \"as this enters, choose a color\" ability (607.2d); 'chosen_color' is for an object "
     "whose card does"),
    ("{id: land, card: Forest, controller: alice, chosen_type: elf}", "chosen_type: elf",
     "'land' (Forest) has no \"as this enters, choose a creature type\" ability (614.12a); 'chosen_type' is for an "
     "object whose card does"),
    ("{id: mimic, card: Metallic Mimic, controller: alice, chosen_type: elff}", "chosen_type: elff",
     "'elff' is no creature type pyrules knows (205.3m: those of the 2020 card file, and the subtypes of the cards "
     "here)"),
])
def test_a_status_or_choice_its_card_cannot_give_is_refused(write, line_of, obj, marker, message):
    path = write("given.yaml", f"""\
        players: [alice]
        objects:
          - {obj}
        question: {{activatable: alice}}
        """)
    assert_error(path, line_of(path, marker), message)


@pytest.mark.parametrize("obj, field, value", [
    ("{id: mimic, card: Metallic Mimic, controller: alice, chosen_type: elf}", "chosen_type", "elf"),
    ("{id: sprawl, card: Utopia Sprawl, controller: alice, chosen_color: red, attached_to: land}", "chosen_color", "r"),
    ("{id: copy, card: Forest, controller: alice, copy_of: Metallic Mimic, chosen_type: elf}", "chosen_type", "elf"),
    ("{id: mimic, card: Metallic Mimic, controller: alice, chosen_type: dog}\n          - {id: mowu, card: \"Mowu, Loyal "
     "Companion\", controller: alice}", "chosen_type", "dog"),
])
def test_a_status_or_choice_its_card_gives_is_kept(write, obj, field, value):
    """Given where the card (or the card copied) makes the choice; a type beyond the 2020 list if a card here has it."""
    path = write("given.yaml", f"""\
        players: [alice]
        objects:
          - {{id: land, card: Forest, controller: alice}}
          - {obj}
        question: {{activatable: alice}}
        """)
    assert getattr(load_situation(path).objects[1], field) == value


@pytest.mark.parametrize("counters, marker, message", [
    ("{p1p3x: 1}", "p1p3x", "counter kind 'p1p3x' is none pyrules knows (122.1: p1p1, m1m1, loyalty, those of the 2020 "
     "card file) and no card here names it"),
    ("{chrage: 2}", "chrage", "counter kind 'chrage' is none pyrules knows (122.1: p1p1, m1m1, loyalty, those of the "
     "2020 card file) and no card here names it"),
])
def test_a_counter_kind_nothing_names_is_refused(write, line_of, counters, marker, message):
    path = write("counters.yaml", f"""\
        players: [alice]
        objects:
          - {{id: b, card: Walking Ballista, controller: alice, counters: {counters}}}
        question: {{activatable: alice}}
        """)
    assert_error(path, line_of(path, marker), message)


@pytest.mark.parametrize("kind", ["p2p2", "m0m1", "flying", "shield", "stun"])
def test_a_counter_kind_with_rules_pyrules_does_not_model_is_unsupported(write, line_of, kind):
    """122.1a-d: a +2/+2, keyword, shield or stun counter changes the object; read as a plain counter, it would not."""
    path = write("counters.yaml", f"""\
        players: [alice]
        objects:
          - {{id: b, card: Walking Ballista, controller: alice, counters: {{{kind}: 1}}}}
        question: {{activatable: alice}}
        """)
    error = load_error(path)
    assert isinstance(error, UnsupportedError)
    assert str(error) == (f"{path}:{line_of(path, kind)}: unsupported: {kind} counters, which have rules of their own "
                          "(122.1a-d) pyrules does not model")


@pytest.mark.parametrize("counters, card", [
    ("{charge: 2}", ""),
    ("{p1p1: 1, m1m1: 1}", ""),
    ("{sprocket: 3}", "\n        cards:\n          - {name: Gear, types: [artifact], abilities: [{activated: {cost: "
                      "['{T}', {remove_counters: {kind: sprocket, count: 1}}], effect: {draw: 1}}}]}"),
])
def test_a_counter_kind_pyrules_knows_or_a_card_names_is_read(write, counters, card):
    path = write("counters.yaml", f"""\
        players: [alice]{card}
        objects:
          - {{id: b, card: Walking Ballista, controller: alice, counters: {counters}}}
          - {{id: g, card: {"Gear" if card else "Forest"}, controller: alice}}
        question: {{activatable: alice}}
        """)
    assert dict(load_situation(path).objects[0].counters) == {k: int(n) for k, n in
                                                              (p.split(": ") for p in counters[1:-1].split(", "))}


def test_a_modal_spell_on_the_stack_says_its_modes(write, line_of):
    """700.2a: the modes are chosen as the spell is cast; on the stack without them it resolved doing nothing."""
    path = write("modal.yaml", """\
        players: [alice, bob]
        cards:
          - {name: Test Charm, cost: "{1}{R}", types: [instant], abilities: [{spell: {modes: [{gain_life: 2}, {draw: 1}]}}]}
        objects:
          - {id: charm, card: Test Charm, owner: alice, zone: stack}
        stack: [charm]
        question: resolve
        """)
    assert_error(path, line_of(path, "id: charm"), "'charm' is a modal spell on the stack, whose modes were chosen as "
                                                    "it was cast (CR 700.2a): give them ('modes: [1]')")


def test_a_card_cast_with_targets_whose_lines_are_unread_is_refused_for_them(write, line_of):
    """Its targets are in a line no template fits: the refusal names that line (it said "has 0 targets, not 1")."""
    path = write("unread.yaml", """\
        players: [{name: alice, mana_pool: "{1}{R}"}, bob]
        cards:
          - name: Test Burn
            cost: "{1}{R}"
            types: [instant]
            abilities:
              - unsupported: "Test Burn deals 3 damage to any target. A creature dealt damage this way can't be
                  regenerated this turn."
        objects:
          - {id: giant, card: Hill Giant, controller: bob}
          - {id: burn, card: Test Burn, owner: alice, zone: hand}
        actions:
          - cast: {object: burn, targets: [giant]}
        """)
    error = load_error(path)
    assert isinstance(error, UnsupportedError)
    assert error.where == f"{path}:{line_of(path, 'cast:')}"
    assert error.message.startswith("unsupported: rules text that no template fits, in 'Test Burn': Test Burn deals 3")


def test_activate_without_its_number_off_the_battlefield_names_the_one_ability_that_works_there(write):
    """113.6: from a hand only cycling works of a land with a mana ability and cycling; it was refused ("only
    abilities of permanents can be activated here") though "ability: 2" was accepted."""
    path = write("cycle.yaml", """\
        players: [{name: alice, mana_pool: "{2}", library: 3}, bob]
        cards:
          - {name: Test Desert, types: [land], abilities: [{activated: {cost: "{T}", effect: {add: "{G}"}}},
                                                          {cycling: "{2}"}]}
        objects:
          - {id: desert, card: Test Desert, owner: alice, zone: hand}
        question:
          activate: desert
        """)
    assert load_situation(path).question.ability == 2
    assert [o.texts for o in solve(path)] == [["mana_spent(alice,c,2)", "move(desert,hand,graveyard)",
                                               'stack(1,ability(desert,ab("Test Desert",2)))']]


@pytest.mark.parametrize("effect, marker, message", [
    ("{enter: {object: bolt}}", "enter", "'bolt' (Lightning Bolt) is no permanent card; an instant or sorcery card "
                                         "can't enter the battlefield (CR 304.4, 307.4)"),
    ("{put_counters: {object: bears, counter: p1p3x}}", "put_counters",
     "counter kind 'p1p3x' is none pyrules knows (122.1: p1p1, m1m1, loyalty, those of the 2020 card file) and no card "
     "here names it"),
])
def test_an_effect_asked_about_is_checked_as_the_situation_is(write, line_of, effect, marker, message):
    """An instant put onto the battlefield was answered (move(bolt,hand,battlefield)); a typo in a counter kind was
    read as a kind no effect names (Hardened Scales then did nothing)."""
    path = write("effect.yaml", f"""\
        players: [alice, bob]
        objects:
          - {{id: bolt, card: Lightning Bolt, owner: alice, zone: hand}}
          - {{id: bears, card: Grizzly Bears, controller: alice}}
        question:
          effect: {effect}
        """)
    assert_error(path, line_of(path, marker), message)
