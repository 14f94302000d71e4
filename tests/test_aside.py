"""Lines set aside (issue 34, pyrules/situation/aside.py): a line no template fits is left out only where a stated
rule shows it cannot matter to what is asked, and the answer says so.

The rule for activated abilities is checked against abilities pyrules does model: in every corpus case, each
activated ability that is not a mana ability, of a card the case uses, is written as a line no template fits
instead; where the loader then sets it aside, the outcomes must be exactly those of the case with the ability
read (setting it aside changed nothing), and where it refuses, the case must be one that activates it, reads
activated abilities or has an ability of that object on the stack."""

from __future__ import annotations

from dataclasses import replace

import pytest

import pyrules
from pyrules.base.errors import InputError, UnsupportedError
from pyrules.cards.library import builtin_library
from pyrules.engine.atoms import format_atom
from pyrules.regression import case_files
from pyrules.situation.loader import load_situation
from pyrules.vocabulary.abilities import AbilitySpec


def _non_mana_activated(card) -> list[int]:
    return [i for i, a in enumerate(card.abilities) if a.kind == "activated"
            and not any(e.kind.startswith("add") for e in a.effects)]


def _unread(card, index: int):
    """The card with its ability ``index`` written as a line no template fits."""
    abilities = list(card.abilities)
    abilities[index] = AbilitySpec("unsupported", line="{1}: Do what this ability does.")
    return replace(card, abilities=tuple(abilities))


def _answers(situation) -> list[frozenset[str]]:
    try:
        result = pyrules.solve(situation, timeout=20)
    except InputError as error:
        return [frozenset({f"error: {error.message}"})]
    return sorted(frozenset(format_atom(a) for a in o.atoms) for o in result)


def _variants():
    library = builtin_library()
    for path in case_files():
        try:
            situation = load_situation(path)
        except InputError:
            continue
        names = {o.card for o in situation.objects} | {o.copy_of for o in situation.objects if o.copy_of}
        names -= {c.name for c in situation.cards}  # (a card the case defines itself stays as it says)
        cards = (situation.library or library).with_cards(situation.cards)
        for name in sorted(n for n in names if n):
            for index in _non_mana_activated(cards[name]):
                yield pytest.param(path, name, index, id=f"{path.stem}-{name}-{index + 1}")


VARIANTS = list(_variants())


@pytest.mark.parametrize("path, name, index", VARIANTS)
def test_an_activated_ability_set_aside_changes_no_answer(path, name, index):
    original = load_situation(path)
    cards = (original.library or builtin_library()).with_cards(original.cards)
    library = cards.with_cards([_unread(cards[name], index)])
    try:
        unread = load_situation(path, library=library)
    except UnsupportedError:
        activates = [q for q in (original.question, *original.actions)
                     if type(q).__name__ in ("Activate", "Activatable", "Abilities", "Characteristics")]
        reads = any("activated_ability" in repr(a) or "crafted_abilities" in repr(a)
                    for c in {o.card for o in original.objects} for face in (cards[c], *cards[c].faces)
                    for a in face.abilities)
        users = {o.id for o in original.objects if name in (o.card, o.copy_of)}
        on_stack = any(a.source in users for a in original.stack_abilities)
        assert activates or reads or on_stack, "refused, though nothing activates or reads it"
        return
    assert [s[0] for s in unread.set_aside] == [name]
    assert _answers(unread) == _answers(original)


def test_the_variants_cover_cases():
    assert len(VARIANTS) >= 20


VIPER = """\
    players: [alice, bob]
    cards:
      - {name: Ambush Viper, cost: "{1}{G}", types: [creature], power: 2, toughness: 1,
         abilities: [{unsupported: Flash}, {keyword: deathtouch}]}
      - {name: Odd Guide, cost: "{R}", types: [creature], power: 2, toughness: 2,
         abilities: [{unsupported: "At the beginning of your upkeep, Odd Guide deals 1 damage to you."},
                     {unsupported: "{2}{R}: Odd Guide deals 1 damage to any target."}]}
    objects:
      - {id: viper, card: Ambush Viper, controller: bob}
      - {id: guide, card: Odd Guide, controller: alice}
      - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}
      - {id: mountain, card: Mountain, controller: alice}
    question:
      cast: {object: bolt, targets: [viper]}
    """


def test_lines_that_cannot_matter_are_set_aside_and_said(write, capsys):
    """The new user's board (issue 34): a Bolt at an Ambush Viper. Flash only matters while the Viper is cast; the
    Guide's upkeep trigger never triggers here; its activated ability is never activated. All three are set aside,
    the answer is the Bolt's, and the summary names each line and why."""
    from pyrules.cli import main

    path = write("viper.yaml", VIPER)
    situation = load_situation(path)
    assert [(card, line) for card, line, _ in situation.set_aside] == [
        ("Ambush Viper", "Flash"), ("Odd Guide", "At the beginning of your upkeep, Odd Guide deals 1 damage to you."),
        ("Odd Guide", "{2}{R}: Odd Guide deals 1 damage to any target.")]
    assert [why for _, _, why in situation.set_aside] == [
        "only matters while the card is cast, and it is not cast here (702.8a)",
        "no question reaches the upkeep, where it would trigger (503.1)",
        "an activated ability that is not a mana ability, never activated here, and nothing reads it (602.1)"]
    assert [sorted(map(format_atom, o.atoms)) for o in pyrules.solve(situation)] == [
        ["move(bolt,hand,stack)", "stack(1,spell(bolt))", "tap(mountain)"]]
    assert main(["outcomes", str(path)]) == 0
    out = capsys.readouterr().out
    assert "  set aside: in 'Ambush Viper': Flash (only matters while the card is cast, and it is not cast here " \
           "(702.8a))" in out


@pytest.mark.parametrize("change, refused", [
    ("      cast: {object: bolt, targets: [viper]}", None),
    ("      activate: {object: guide, ability: 2}", "{2}{R}: Odd Guide deals 1 damage to any target."),
    ("      abilities: [guide]", "{2}{R}: Odd Guide deals 1 damage to any target."),
    ("      activatable: alice", "{2}{R}: Odd Guide deals 1 damage to any target."),
    ("      characteristics: [viper]", "Flash"),
    ("      characteristics: [mountain]", None),
], ids=["bolt", "activated", "abilities-asked", "activatable-asked", "keywords-listed", "others-listed"])
def test_a_line_that_may_matter_is_refused(write, change, refused):
    """Where the question activates the line's object, or lists abilities, the line may matter: refused, naming it."""
    path = write("s.yaml", VIPER.replace("      cast: {object: bolt, targets: [viper]}", change))
    if refused is None:
        assert load_situation(path).set_aside
        return
    with pytest.raises(UnsupportedError) as info:
        load_situation(path)
    assert info.value.message.endswith(refused), info.value.message


def test_flash_is_refused_where_its_card_is_cast(write):
    path = write("s.yaml", VIPER.replace("      - {id: viper, card: Ambush Viper, controller: bob}",
                                         "      - {id: viper, card: Ambush Viper, owner: bob, zone: hand}")
                 .replace("      cast: {object: bolt, targets: [viper]}", "      cast: {object: viper, player: bob}"))
    with pytest.raises(UnsupportedError) as info:
        load_situation(path)
    assert "in 'Ambush Viper': Flash" in info.value.message


def test_an_upkeep_trigger_is_refused_where_an_action_begins_the_upkeep(write):
    """503.1: the action upkeep begins an upkeep, so an unread upkeep trigger may matter there."""
    path = write("s.yaml", VIPER.replace("    players: [alice, bob]\n", "    players: [alice, bob]\n    phase: beginning\n"
                                         "    step: untap\n")
                 .replace("    question:\n      cast: {object: bolt, targets: [viper]}\n", "    actions:\n      - upkeep\n"))
    with pytest.raises(UnsupportedError) as info:
        load_situation(path)
    assert "in 'Odd Guide': At the beginning of your upkeep, Odd Guide deals 1 damage to you." in info.value.message


def test_an_end_step_trigger_is_refused_where_an_action_begins_the_end_step(write):
    """513.1: the action end_step begins an end step, so an unread end step trigger may matter there; an upkeep
    trigger still cannot (no action of these begins an upkeep), and is set aside."""
    situation = VIPER.replace('"At the beginning of your upkeep, Odd Guide deals 1 damage to you."',
                              '"At the beginning of your upkeep, Odd Guide deals 1 damage to you."},\n'
                              '                     {unsupported: "At the beginning of the end step, Odd Guide deals 1 '
                              'damage to you."')
    path = write("s.yaml", situation.replace("    players: [alice, bob]\n", "    players: [alice, bob]\n"
                                             "    phase: postcombat_main\n")
                 .replace("    question:\n      cast: {object: bolt, targets: [viper]}\n",
                          "    actions:\n      - end_step\n"))
    with pytest.raises(UnsupportedError) as info:
        load_situation(path)
    assert "in 'Odd Guide': At the beginning of the end step, Odd Guide deals 1 damage to you." in info.value.message
    assert "At the beginning of your upkeep" not in info.value.message
    path = write("t.yaml", situation.replace("    players: [alice, bob]\n", "    players: [alice, bob]\n"
                                             "    phase: postcombat_main\n"))
    assert [line for _, line, _ in load_situation(path).set_aside] == [
        "Flash", "At the beginning of your upkeep, Odd Guide deals 1 damage to you.",
        "At the beginning of the end step, Odd Guide deals 1 damage to you.",
        "{2}{R}: Odd Guide deals 1 damage to any target."]


def test_a_line_of_a_copy_is_refused_where_that_copy_is_activated(write):
    """A Clone that is a copy of the Guide has the Guide's lines (707.2): activating the Clone's second ability
    activates the Guide's unread one, so that line is refused. (A permanent that becomes a copy later in a sequence
    cannot be named activating an ability its card does not print: the loader refuses that first.)"""
    text = VIPER.replace("      cast: {object: bolt, targets: [viper]}", "      activate: {object: clone, ability: 2}")
    text = text.replace("{id: bolt, card: Lightning Bolt, owner: alice, zone: hand}",
                        "{id: clone, card: Clone, controller: alice, copy_of: Odd Guide}")
    with pytest.raises(UnsupportedError) as info:
        load_situation(write("s.yaml", text))
    assert info.value.message.endswith("{2}{R}: Odd Guide deals 1 damage to any target."), info.value.message


ATTACKER = """\
    players: [alice, bob]
    phase: combat
    step: declare_attackers
    cards:
      - {name: Odd Raider, cost: "{R}", types: [creature], power: 2, toughness: 2, abilities: [{keyword: haste},
         {unsupported: "Whenever Odd Raider attacks, defending player reveals the top card of their library."}]}
    objects:
      - {id: raider, card: Odd Raider, controller: alice}
      - {id: bears, card: Grizzly Bears, controller: alice}
    actions:
      - attack: {bears: bob}
    """


def test_an_attack_trigger_is_set_aside_where_its_creature_cannot_attack_here(write):
    """508.3a: "whenever ~ attacks" triggers as attackers are declared. With no declaration here it cannot: set
    aside. Where attackers are declared (even other ones: pyrules does not tell), refused."""
    situation = load_situation(write("s.yaml", ATTACKER.replace("    actions:\n      - attack: {bears: bob}\n",
                                                                "    question:\n      could_produce: [raider]\n")))
    assert [why for _, _, why in situation.set_aside] == [
        "it triggers only when its creature attacks, and no combat action here makes that (508.3a)"]
    with pytest.raises(UnsupportedError) as info:
        load_situation(write("t.yaml", ATTACKER))
    assert info.value.message.endswith("Whenever Odd Raider attacks, defending player reveals the top card of their "
                                       "library."), info.value.message


def test_a_saved_result_keeps_what_was_set_aside(write):
    """to_json says the lines set aside; read back, they must follow from the situation (an edit is refused)."""
    import json

    result = pyrules.solve(load_situation(write("viper.yaml", VIPER)))
    data = result.to_dict()
    assert [s["line"] for s in data["set_aside"]] == ["Flash", "At the beginning of your upkeep, Odd Guide deals 1 "
                                                      "damage to you.", "{2}{R}: Odd Guide deals 1 damage to any target."]
    assert type(result).from_json(json.dumps(data)) == result
    data["set_aside"][0]["why"] = "it is fine"
    with pytest.raises(InputError, match="set_aside: the lines set aside do not follow from the situation"):
        type(result).from_dict(data)


def test_untap_step_and_draw_step_lines_are_set_aside_where_no_such_step_happens(write):
    """502.3, 504.1: no question or action performs an untap step's untapping or begins a draw step, so a static line
    that matters only there is set aside; a line where another instruction rides on it is still refused."""
    path = write("s.yaml", """\
        players: [alice, bob]
        cards:
          - {name: Odd Woodlot, types: [land], abilities: [
              {activated: {cost: "{T}", effect: {add: "{G}"}}},
              {unsupported: "Odd Woodlot doesn't untap during your untap step if it has a depletion counter on it."}]}
          - {name: Odd Drought, cost: "{2}{U}", types: [enchantment], abilities: [
              {unsupported: "Creatures with flying don't untap during their controllers' untap steps."},
              {unsupported: "Skip your draw step."}]}
        objects:
          - {id: woodlot, card: Odd Woodlot, controller: alice}
          - {id: drought, card: Odd Drought, controller: bob}
        question:
          could_produce: [woodlot]
        """)
    situation = load_situation(path)
    assert [(card, why) for card, _, why in situation.set_aside] == [
        ("Odd Woodlot", "it matters only as an untap step's permanents untap, and no question here performs that "
                        "(502.3)"),
        ("Odd Drought", "it matters only as an untap step's permanents untap, and no question here performs that "
                        "(502.3)"),
        ("Odd Drought", "it matters only as a draw step would begin, and no question here begins one (504.1, 614.10)")]
    assert [sorted(map(format_atom, o.atoms)) for o in pyrules.solve(situation)] == [["could_produce(woodlot,g)"]]
    riding = path.read_text().replace("Creatures with flying don't untap", "Creatures with flying get -1/-1 and don't untap")
    with pytest.raises(UnsupportedError) as info:
        load_situation(write("t.yaml", riding))
    assert "in 'Odd Drought': Creatures with flying get -1/-1 and don't untap" in info.value.message



@pytest.mark.parametrize("action, line", [
    ("untap_step", "Odd Woodlot doesn't untap during your untap step if it has a depletion counter on it."),
    ("draw_step", "Skip your draw step."),
])
def test_untap_step_and_draw_step_lines_are_refused_where_such_a_step_happens(write, action, line):
    """502.3, 504.1: where an action performs an untap step (untap_step) or begins a draw step (draw_step), a line
    that matters there can change the answer: it is refused, not set aside."""
    path = write("s.yaml", f"""\
        players: [alice, bob]
        phase: {"ending" if action == "untap_step" else "beginning"}
        step: {"cleanup" if action == "untap_step" else "upkeep"}
        cards:
          - {{name: Odd Woodlot, types: [land], abilities: [
              {{activated: {{cost: "{{T}}", effect: {{add: "{{G}}"}}}}}},
              {{unsupported: "Odd Woodlot doesn't untap during your untap step if it has a depletion counter on it."}}]}}
          - {{name: Odd Drought, cost: "{{2}}{{U}}", types: [enchantment], abilities: [
              {{unsupported: "Skip your draw step."}}]}}
        objects:
          - {{id: woodlot, card: Odd Woodlot, controller: bob, tapped: true}}
          - {{id: drought, card: Odd Drought, controller: alice}}
        actions:
          - {action}
        """)
    with pytest.raises(UnsupportedError) as info:
        load_situation(path)
    assert line in info.value.message
KEYWORDS = """\
    players: [alice, bob]
    cards:
      - {name: Odd Hellion, cost: "{2}{R}", types: [creature], power: 2, toughness: 2, abilities: [
          {unsupported: "Suspend 3-{R}"}, {unsupported: "Banding"}, {unsupported: "Partner"},
          {unsupported: "Unearth {R}"}, {unsupported: "Surge {R}"}]}
      - {name: Odd Jest, cost: "{1}{R}", types: [instant], abilities: [
          {spell: {effect: {damage_any_target: 2}}}, {unsupported: "Madness {R}"}, {unsupported: "Jump-start"}]}
    objects:
      - {id: hellion, card: Odd Hellion, controller: alice}
      - {id: jest, card: Odd Jest, owner: alice, zone: graveyard}
      - {id: mountain, card: Mountain, controller: alice}
    question:
      could_produce: [mountain]
    """


def test_keywords_that_work_only_in_other_zones_actions_or_steps_are_set_aside(write):
    """702.62a, 702.22, 702.124a, 702.84a, 702.117a, 702.35a, 702.133a: on the battlefield Suspend, Surge and the
    others cannot work, nor can Madness and Jump-start of a card in a graveyard that is not cast."""
    situation = load_situation(write("s.yaml", KEYWORDS))
    assert [(card, line, why.rsplit("(", 1)[-1]) for card, line, why in situation.set_aside] == [
        ("Odd Hellion", "Suspend 3-{R}", "702.62a)"), ("Odd Hellion", "Banding", "702.22)"),
        ("Odd Hellion", "Partner", "702.124a)"), ("Odd Hellion", "Unearth {R}", "602.1)"),
        ("Odd Hellion", "Surge {R}", "702.117a)"), ("Odd Jest", "Madness {R}", "702.35a)"),
        ("Odd Jest", "Jump-start", "702.133a)")]
    assert [sorted(map(format_atom, o.atoms)) for o in pyrules.solve(situation)] == [["could_produce(mountain,r)"]]


@pytest.mark.parametrize("change, refused", [
    (("      - {id: hellion, card: Odd Hellion, controller: alice}",
      "      - {id: hellion, card: Odd Hellion, owner: alice, zone: hand}"), "Suspend 3-{R}"),
    (("      - {id: jest, card: Odd Jest, owner: alice, zone: graveyard}",
      "      - {id: jest, card: Odd Jest, owner: alice, zone: hand}"), "Madness {R}"),
    (("    question:\n      could_produce: [mountain]\n",
      "    phase: combat\n    step: declare_attackers\n    actions:\n      - attack: {hellion: bob}\n"), "Banding"),
], ids=["suspend-in-a-hand", "madness-in-a-hand", "banding-in-combat"])
def test_those_keywords_are_refused_where_they_may_work(write, change, refused):
    with pytest.raises(UnsupportedError) as info:
        load_situation(write("s.yaml", KEYWORDS.replace(*change)))
    assert f"in 'Odd Hellion': {refused}" in info.value.message or f"in 'Odd Jest': {refused}" in info.value.message, \
        info.value.message
