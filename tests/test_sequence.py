"""Sequences of actions (pyrules/play/sequence.py, pyrules/play/transition.py): lines, states, endings, explanations."""

from __future__ import annotations

import networkx as nx
import pytest

import pyrules
from pyrules import InputError, UnsupportedError, load_situation
from pyrules.engine.encodings import EFFECTS, FILES, catalogue, effects, output_signatures
from pyrules.engine.solver import Grounding
from pyrules.play.sequence import Runner
from pyrules.play.transition import CHANGES, quiet_predicates, records
from pyrules.regression import corpus_dir

SEQUENCES = sorted(p for p in (corpus_dir() / "sequences").glob("*.yaml") if "error:" not in p.read_text(encoding="utf-8"))


def test_every_outcome_predicate_is_carried_or_recorded():
    """No outcome of a step is dropped on the way to the next: the catalogue of asp/ says what each output
    predicate does to the next state, and transition.py has a way to apply exactly those it marks as
    changing the state; the others are recorded (they change nothing a later step reads)."""
    marked = effects()
    unmarked = {s for s, e in marked.items() if e not in EFFECTS}
    assert unmarked == set(), "output predicates with no mark (output/changes, /quiet, /record or /ends)"
    changing = {s for s, e in marked.items() if e in ("changes", "quiet")}
    assert changing - set(CHANGES) == set(), "marked as changing the state, with no way to apply it in CHANGES"
    assert set(CHANGES) - changing == set(), "a way to apply in CHANGES for a predicate not marked as changing the state"
    outputs = set(output_signatures())
    assert outputs - set(CHANGES) - records() == set()
    assert set(CHANGES) & records() == set()
    assert quiet_predicates() <= set(CHANGES) | records()


def test_only_outputs_carry_a_mark():
    assert [e for f in FILES for e in catalogue(f) if e.effect and e.role != "output"] == []


def test_a_situation_that_starts_unsettled_is_settled_before_the_first_action(write):
    """A player holds priority in a situation, so state-based actions come first (117.5): bob's Soul Warden
    with lethal damage is destroyed before alice can target it. A check that finds nothing to do is no step."""
    path = write("s.yaml", """\
        players:
          - {name: alice, mana_pool: "{R}"}
          - bob
        objects:
          - {id: warden, card: Soul Warden, controller: bob, damage: 1}
          - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}
        actions:
          - cast: {object: bolt, targets: [warden]}
        """)
    [outcome] = pyrules.solve(path)
    assert outcome.texts == ["illegal(1,cannot_cast(alice,bolt,illegal_target(1,warden)))",
                             "move(warden,battlefield,graveyard)"]
    assert [(s.action, s.name) for s in outcome.line.steps] == [(0, "priority"), (0, "priority")]
    [settled] = pyrules.solve(corpus_dir() / "sequences" / "passing-in-turn-resolves.yaml")
    # (bob at 17 life after the Bolt: no state-based action can apply, so there is no check, 704.5a)
    assert [(s.action, s.name) for s in settled.line.steps] == [(2, "resolve")]


TWO_WARDENS = """\
players:
  - {name: alice, mana_pool: "{1}{G}"}
  - bob
objects:
  - {id: warden1, card: Soul Warden, controller: alice}
  - {id: warden2, card: Soul Warden, controller: alice}
  - {id: bears, card: Grizzly Bears, owner: alice, zone: hand}
actions:
  - cast: bears
  - %s
"""


def test_alike_triggers_wait_in_one_order_and_resolve_to_one_state(write):
    """Two Soul Wardens of one player trigger together. Their abilities are alike (one controller, "you gain
    1 life", no target: nothing tells their sources apart), so the two orders she may put them on the stack
    in are one stack with its items named the other way round: one outcome while they wait (603.3b), where
    every order was one before (issue 30); once both resolved, one state."""
    on_stack = pyrules.solve(write("a.yaml", TWO_WARDENS % "resolve"))
    assert sorted(o.texts for o in on_stack) == [
        ['mana_spent(alice,c,1)', 'mana_spent(alice,g,1)', 'move(bears,hand,battlefield)', 'stack(1,"warden1#trigger1")',
         'stack(2,"warden2#trigger1")']]
    resolved = pyrules.solve(write("b.yaml", TWO_WARDENS % "resolve: all"))
    assert [o.texts for o in resolved] == [
        ['life_gained(alice,2)', 'mana_spent(alice,c,1)', 'mana_spent(alice,g,1)', 'move(bears,hand,battlefield)']]


def test_an_illegal_action_ends_its_line_as_an_outcome(write):
    path = write("s.yaml", """\
        players:
          - {name: alice, mana_pool: "{U}{U}{U}{U}{U}"}
          - bob
        objects:
          - {id: div, card: Divination, owner: alice, zone: hand}
          - {id: twincast, card: Twincast, owner: alice, zone: hand}
          - {id: bolt, card: Lightning Bolt, controller: bob, zone: stack, targets: [alice]}
        priority: alice
        actions:
          - cast: div
          - cast: {object: twincast, targets: [div]}
        """)
    outcomes = pyrules.solve(path)
    assert [o.texts for o in outcomes] == [["illegal(1,cannot_cast(alice,div,sorcery_timing))"]]
    assert outcomes.endings == ["action 1 is not legal: cannot cast (alice, div, sorcery timing)"]
    assert outcomes.illegal == []  # the sequence has an outcome: the line that ended


LOOP = """\
cards:
  - name: Grave Echo
    types: [enchantment]
    abilities:
      - triggered: {when: dies, filter: {types: [creature]}, effect: {create_tokens: {kind: echo, count: 1}}}
  - name: Echo
    token: echo
    types: [creature]
    subtypes: [spirit]
    power: 0
    toughness: 0
players: [alice, bob]
objects:
  - {id: graves, card: Grave Echo, controller: alice}
  - {id: bears, card: Grizzly Bears, controller: bob}
  - {id: bolt, card: Lightning Bolt, controller: alice, zone: stack, targets: [bears]}
actions:
  - resolve: all
"""


def test_a_loop_that_cannot_end_is_reported(write):
    """A creature dies, a 0/0 token is created, it dies, another is created...: the line comes back to a
    state it has been in (a mandatory loop, 104.4b), and says so."""
    outcomes = pyrules.solve(write("loop.yaml", LOOP))
    assert len(outcomes) == 1
    assert "loop(1)" in outcomes[0].texts
    assert outcomes.endings == ["action 1 can go on forever (the line came back to a state it had been in)"]


def test_the_bound_on_steps_is_reported(write):
    situation = load_situation(write("loop.yaml", LOOP))
    lines = Runner(situation, max_steps=2).run()
    assert [(line.ending.kind, line.ending.action) for line in lines] == [("bound", 1)]


def test_a_player_losing_a_game_of_three_is_unsupported(write, line_of):
    path = write("three.yaml", """\
        players: [alice, {name: bob, life: 1}, carol]
        objects:
          - {id: bolt, card: Lightning Bolt, controller: alice, zone: stack, targets: [bob]}
        actions:
          - resolve
        """)
    with pytest.raises(UnsupportedError) as info:
        pyrules.solve(path)
    assert str(info.value) == (f"{path}:{line_of(path, '- resolve')}: unsupported: a player leaving a game of more "
                               "than two players (800.4a)")


def test_two_prevention_shields_for_one_player_at_once_are_unsupported(write):
    path = write("shields.yaml", """\
        players: [alice, bob]
        cards:
          - name: Double Ward
            cost: "{W}"
            types: [instant]
            abilities:
              - spell: {effect: [{prevent_next_you: 1}, {prevent_next_you: 2}]}
        objects:
          - {id: ward, card: Double Ward, controller: alice, zone: stack}
        actions:
          - resolve
        """)
    with pytest.raises(UnsupportedError, match="two prevention shields at once"):
        pyrules.solve(path)


def test_a_prevention_shield_beyond_its_limit_is_refused(write):
    path = write("shield.yaml", """\
        players: [alice, {name: bob, prevention_shields: [1001]}]
        question: priority
        """)
    with pytest.raises(UnsupportedError, match="more than 1000 is not modelled"):
        pyrules.solve(path)


def test_passing_out_of_turn_is_illegal(write):
    path = write("p.yaml", """\
        players: [alice, bob]
        objects:
          - {id: bolt, card: Lightning Bolt, controller: alice, zone: stack, targets: [bob]}
        actions:
          - pass: bob
        """)
    assert [o.texts for o in pyrules.solve(path)] == [['illegal(1,"bob does not have priority")']]


def test_all_passing_on_an_empty_stack_is_unsupported(write):
    path = write("p.yaml", "players: [alice, bob]\nactions:\n  - pass\n  - pass\n")
    with pytest.raises(UnsupportedError, match="the step or phase would end"):
        pyrules.solve(path)


@pytest.mark.parametrize("text, message", [
    ("actions:\n  - cast: nothing\n", "unknown object 'nothing'; objects are bolt"),
    ("actions:\n  - dance\n",
     "unknown action 'dance'; expected one of: activate, cast, resolve, play, turn_face_up, suspend, pass, attack, block, "
     "damage, upkeep, draw_step, end_step, end_of_combat, beginning_of_combat, main, cleanup, untap_step"),
    ("actions:\n  - resolve: most\n", "actions.0.resolve must be one of top, all, not 'most'"),
    ("actions: []\n", "'actions' needs at least one action"),
    ("question: resolve\nactions:\n  - resolve\n", "a situation has either a 'question' or 'actions', not both"),
])
def test_bad_actions_are_input_errors_at_their_line(write, text, message):
    path = write("bad.yaml", "players: [alice, bob]\nobjects:\n  - {id: bolt, card: Lightning Bolt, controller: alice, "
                             "zone: stack, targets: [bob]}\n" + text)
    with pytest.raises(InputError) as info:
        pyrules.solve(path)
    assert info.value.message == message
    assert info.value.where.startswith(f"{path}:")


MORPH = """\
players: [alice, bob]
cards:
  - {name: Flash Morph, cost: "{G}", types: [creature], power: 3, toughness: 3,
     abilities: [{keyword: flash}, {morph: "{G}"}]}
objects:
  - {id: m, card: Flash Morph, owner: alice, zone: hand}
  - {id: plain, card: Grizzly Bears, owner: alice, zone: hand}
  - {id: f1, card: Forest, controller: alice}
  - {id: f2, card: Forest, controller: alice}
  - {id: f3, card: Forest, controller: alice}
%s
actions:
%s
"""


@pytest.mark.parametrize("state, actions, expected", [
    ("", "  - cast: {object: m, face_down: true}\n  - resolve\n",
     [["face_down(m)", "move(m,hand,battlefield)", "tap(f1)", "tap(f2)", "tap(f3)"]]),
    # 702.37c, 601.3e: a face-down spell has no flash of its own, whatever its card
    ("phase: combat\nstep: declare_attackers\n", "  - cast: {object: m, face_down: true}\n",
     [["illegal(1,cannot_cast(alice,m,sorcery_timing))"]]),
    ("phase: combat\nstep: declare_attackers\n", "  - cast: m\n",
     [["move(m,hand,stack)", "stack(1,m)", f"tap({f})"] for f in ("f1", "f2", "f3")]),
    ("", "  - cast: {object: m, face_down: true}\n  - cast: {object: plain, face_down: true}\n",
     [["face_down(m)", "illegal(2,no morph (plain))", "move(m,hand,stack)", "stack(1,m)", "tap(f1)", "tap(f2)",
       "tap(f3)"]]),
], ids=["sorcery-timing-resolves", "face-down-has-no-flash", "face-up-has-flash", "no-morph"])
def test_casting_face_down(write, state, actions, expected):
    outcomes = pyrules.solve(write("morph.yaml", MORPH % (state, actions)))
    assert sorted(sorted(str(a).replace('"', "") for a in o.atoms) for o in outcomes) == sorted(map(sorted, expected))


def test_a_delayed_draw_waits_for_the_next_turns_upkeep(write):
    """603.7a, 603.7d: "draw a card at the beginning of the next turn's upkeep" is made as the spell resolves, with the
    spell as its source; no upkeep comes in the line, so it waits in the final state, about no object."""
    path = write("flare.yaml", """\
        players:
          - {name: alice, mana_pool: "{R}", library: 5}
          - bob
        cards:
          - name: Test Flare
            cost: "{R}"
            types: [instant]
            abilities:
              - spell: {effect: [{damage_any_target: 1}, {create_effect: 2}]}
              - triggered: {when: beginning_of_each_upkeep, lasting: once, effect: {draw: 1}}
        objects:
          - {id: flare, card: Test Flare, owner: alice, zone: hand}
        actions:
          - cast: {object: flare, targets: [bob]}
          - resolve
        """)
    [outcome] = pyrules.solve(path)
    assert sorted(map(str, outcome.atoms)) == ['effect_begun("Test Flare",2,"alice")', 'life_lost("bob",1)',
                                               'mana_spent("alice",r,1)', 'move("flare",hand,graveyard)']
    [effect] = outcome.final.effects
    assert (effect.card, effect.ability, effect.controller, effect.source, effect.affects) == \
        ("Test Flare", 2, "alice", "flare", ())


def test_turning_face_up_a_face_down_copy_is_refused(write):
    """707.3: a face-down permanent that copies another card is turned face up for the copied card's morph cost and
    is that copy again; not modelled, so refused rather than answered with its own card's cost."""
    path = write("copy.yaml", (MORPH % ("", "  - turn_face_up: m\n")).replace(
        "{id: m, card: Flash Morph, owner: alice, zone: hand}",
        "{id: m, card: Flash Morph, controller: alice, face_down: true, copy_of: Grizzly Bears}"))
    with pytest.raises(UnsupportedError, match=r"unsupported: turning face up a copy \(m\)"):
        pyrules.solve(path)


def test_the_final_state_is_a_situation():
    outcomes = pyrules.solve(corpus_dir() / "sequences" / "archmage-twincast-draws-three.yaml")
    final = outcomes[0].final
    assert final.question is None and not final.stack and not final.waiting
    assert final.player("alice").drawn == 7 and final.player("alice").hand == 7 and final.player("alice").library == 13
    assert outcomes[0].players["alice"].mana_pool == {}
    assert outcomes[0].objects["div"].zone == "graveyard"


def _step_truth(step):
    """The atoms that hold in one step's answer set with that step's outcome."""
    grounding = Grounding(step.state, explain=True)
    return grounding.explain_data.facts | set(grounding.true_nonfacts(step.atoms))


@pytest.mark.sweep
@pytest.mark.parametrize("path", SEQUENCES[::3], ids=lambda p: p.stem)
def test_explanations_span_the_steps_and_are_exact(path):
    outcomes = pyrules.solve(path)
    for outcome in list(outcomes)[:2]:
        graph = outcome.explain()
        assert nx.is_directed_acyclic_graph(graph)
        truth = {k: _step_truth(step) for k, step in enumerate(outcome.line.steps, start=1)}
        for node, data in graph.nodes(data=True):
            if isinstance(node, tuple) and node[0] != "state" and data["kind"] != "rule":
                assert data["symbol"] in truth[node[0]], (node, data["symbol"])
        for atom in outcome.atoms:
            assert graph.in_degree(graph.atom_node(atom)) > 0, atom


def test_an_explanation_cites_the_rules_of_every_step():
    outcomes = pyrules.solve(corpus_dir() / "sequences" / "onyx-minus-8-opponent-at-zero.yaml")
    graph = outcomes[0].explain()
    assert {"704.5a", "606.4", "608.2c"} <= graph.cites("lost(bob,life)")
    assert "704.5i" in graph.cites("move(onyx,battlefield,graveyard)")
    steps = {data["what"] for _, data in graph.nodes(data=True) if "what" in data}
    assert {"activate", "priority", "resolve"} <= steps
    question = [d for _, d in graph.nodes(data=True) if d.get("symbol") is not None and d["symbol"].name == "question"]
    assert all(d["kind"] == "fact" and d["source"].endswith(("onyx-minus-8-opponent-at-zero.yaml:13",
                                                              "onyx-minus-8-opponent-at-zero.yaml:14"))
               for d in question), [d["source"] for d in question]


def test_a_search_onto_the_battlefield_finds_its_cards_in_a_step_of_its_own():
    """701.23a: the cards are found as the spell begins to resolve (a search step, recorded on the item), and the
    Forest found enters as the spell resolves, the explanation citing the search's rule for it."""
    outcomes = pyrules.solve(corpus_dir() / "sequences" / "a-land-search-puts-a-forest-onto-the-battlefield.yaml")
    forest = next(o for o in outcomes if 'move("forest",library,battlefield)' in {str(a) for a in o.atoms})
    names = [step.name for step in forest.line.steps]
    assert names[:3] == ["cast", "search", "resolve"], names
    search = forest.line.steps[1]
    assert {str(a) for a in search.atoms} == {'found("rite","forest")', 'chose("alice",found("rite"),"forest")'}
    assert forest.line.steps[2].state.found == (("rite", ("forest",)),)
    assert forest.final.found == ()
    assert "701.23a" in forest.explain().cites("move(forest,library,battlefield)")


def test_the_cli_lists_the_outcomes_of_a_sequence(capsys):
    from pyrules.cli import main

    code = main(["outcomes", str(corpus_dir() / "sequences" / "onyx-minus-8-ends-the-game.yaml")])
    out = capsys.readouterr().out
    assert code == 0
    assert "3 outcomes" in out and "lost(bob,life)" in out and "game_over(2)" in out


def test_the_progress_of_a_sequence_says_what_lies_ahead(monkeypatch):
    """Each report of a sequence (here one a step: a clock that moves a second a call) counts the steps solved,
    the states reached, the lines open and the steps they still need: with everything resolving and no
    player acting, one for each spell still on the stack, counting the one resolving."""
    import itertools

    import pyrules.play.sequence as sequence
    from pyrules.situation.builder import SituationBuilder

    clock = itertools.count()
    monkeypatch.setattr(sequence.time, "perf_counter", lambda: float(next(clock)))
    b = SituationBuilder(["alice", {"name": "bob", "life": 40}])
    for i in range(5):
        b.object(f"bolt{i}", "Lightning Bolt", "alice", controller="alice", zone="stack", targets=["bob"])
    b.set(stack=[f"bolt{i}" for i in range(5)])
    b.action(resolve="all")
    seen: list = []
    result = pyrules.solve(b.build(), on_step=seen.append)
    assert len(result) == 1 and "life_lost(bob,15)" in result[0].texts
    # the situation as given is checked first (a step), then the five Bolts resolve one by one
    assert [(p.steps, p.states, p.open_lines, p.steps_ahead) for p in seen] == \
        [(1, 0, 1, 5), (2, 1, 1, 5), (3, 2, 1, 4), (4, 3, 1, 3), (5, 4, 1, 2), (6, 5, 1, 1)]
    assert seen[-1].seconds_ahead == seen[-1].seconds / 6


@pytest.mark.parametrize("phase, action", [("beginning\n        step: untap", "upkeep"), ("postcombat_main", "end_step")])
def test_an_action_that_begins_a_step_takes_no_value(write, phase, action):
    """The actions upkeep and end_step begin the active player's upkeep (503.1) or end step (513.1): they say
    nothing more."""
    path = write("step.yaml", f"""\
        players: [alice, bob]
        phase: {phase}
        objects: []
        actions:
          - {action}: alice
        """)
    with pytest.raises(InputError) as info:
        pyrules.solve(path)
    line = 6 if action == "upkeep" else 5
    assert str(info.value) == f"{path}:{line}: '{action}' takes no value: write '- {action}'"


def test_the_end_step_begins_the_ending_phase(write):
    """513.1: after the action end_step the game is in the end step of the ending phase, where no sorcery can be
    cast (307.1): casting one is illegal there."""
    path = write("end.yaml", """\
        players: [{name: alice, library: 20}, bob]
        phase: postcombat_main
        cards:
          - {name: Test Omen, cost: "{0}", types: [sorcery], abilities: [{spell: {effect: {draw: 1}}}]}
        objects:
          - {id: omen, card: Test Omen, owner: alice, zone: hand}
        actions:
          - end_step
          - cast: omen
        """)
    assert sorted(str(a) for o in pyrules.solve(path) for a in o.atoms) == \
        ["illegal(2,cannot_cast(\"alice\",\"omen\",sorcery_timing))"]


def test_mana_in_a_pool_as_the_untap_step_ends_is_refused(write):
    """500.4 (mana empties as a step ends) is not modelled: a pool with mana at the upkeep says so."""
    path = write("pool.yaml", """\
        players: [{name: alice, mana_pool: "{G}"}, bob]
        phase: beginning
        step: untap
        objects: []
        actions:
          - upkeep
        """)
    with pytest.raises(UnsupportedError) as info:
        pyrules.solve(path)
    assert "mana emptying from a pool as a step ends (alice)" in str(info.value)


MOX = """\
cards:
  - name: Boros Charm
    cost: "{R}{W}"
    types: [instant]
    abilities:
      - spell: {effect: {gain_life: 4}}
players: [alice, bob]
objects:
  - {id: mox, card: Chrome Mox, controller: alice, exiled_with: [charm]}
  - {id: charm, card: Boros Charm, owner: alice, zone: exile}
question: {activate: mox}
"""


@pytest.mark.parametrize("moved, source, to", [("charm", "exile", "hand"), ("mox", "battlefield", "graveyard")],
                         ids=["the-card-leaves-exile", "the-permanent-leaves"])
def test_a_card_exiled_with_a_permanent_loses_the_link_as_either_changes_zones(write, moved, source, to):
    """607.2a, 400.7: the link is between these two objects; one that changes zones is a new object."""
    from clingo import Function, String

    from pyrules.play.transition import after

    state = load_situation(write("mox.yaml", MOX))
    assert state.object("mox").exiled_with == ("charm",)
    atom = Function("move", [String(moved), Function(source), Function(to)])
    assert after(state, state.question, frozenset({atom})).object("mox").exiled_with == ()


LOCUS = """\
players: [alice, bob]
objects:
  - {id: locus, card: The Enigma Jewel, controller: alice, face: back, crafted_with: [walker, ring, crater, pin]}
  - {id: walker, card: Walking Ballista, owner: alice, zone: exile}
  - {id: ring, card: Sol Ring, owner: alice, zone: exile}
  - {id: crater, card: Goblin Cratermaker, owner: alice, zone: exile}
  - {id: pin, card: Helix Pinnacle, owner: alice, zone: exile}
question: {activatable: alice}
"""


def test_a_card_that_leaves_exile_is_no_longer_used_to_craft_its_permanent(write):
    """702.167c, 400.7: only cards still in exile are "the exiled cards used to craft it": one that leaves exile is
    a new object, and stays out of the list even should it be exiled again."""
    from clingo import Function, String

    from pyrules.play.transition import after

    state = load_situation(write("locus.yaml", LOCUS))
    atom = Function("move", [String("walker"), Function("exile"), Function("graveyard")])
    assert after(state, state.question, frozenset({atom})).object("locus").crafted_with == ("ring", "crater", "pin")


SHIELDED = """\
players: [alice, bob]
objects:
  - {id: bears, card: Grizzly Bears, controller: alice, prevention_shields: [{prevent: 2, counters: p1p1}]}
question: {activatable: alice}
"""


@pytest.mark.parametrize("atom, shields, riders", [
    ('prevention_shield_created("bears",3)', (2, 3), ("p1p1", "")),
    ('prevention_shield_created("bears",1,m1m1)', (2, 1), ("p1p1", "m1m1")),
    ('prevention_shield_used("bears",1,2)', (0,), ("p1p1",)),
], ids=["a-plain-shield-beside", "a-second-counting-shield", "used-up"])
def test_a_counting_shield_keeps_its_counters_beside_the_other_shields(write, atom, shields, riders):
    """615.7 (Test of Faith): each shield keeps the kind of counter it puts, by its number, from step to step."""
    from clingo import parse_term

    from pyrules.play.transition import after

    state = load_situation(write("shielded.yaml", SHIELDED))
    bears = after(state, state.question, frozenset({parse_term(atom)})).object("bears")
    assert (bears.prevention_shields, bears.shield_counters) == (shields, riders)


def test_a_new_turn_starts_what_counts_this_turn_again(write):
    """500.1, 302.6, 502.3: the untap step begins the next player's turn; what counted "this turn" starts again; the
    permanents of that player are no longer summoning sick (another's stay so until their own turn), and an effect
    keeping one of theirs tapped through this untap step ends."""
    from pyrules.play.transition import after
    from pyrules.situation.model import BeginUntap
    path = write("turn.yaml", """\
        players:
          - {name: alice, lands_played: 1, spells_cast: 2, dealt_damage: true, permanent_left: true, attacked: true}
          - {name: bob, dealt_damage: true}
        turn: 4
        phase: ending
        step: cleanup
        objects:
          - {id: elves, card: Llanowar Elves, controller: bob, since_turn_start: false, skips_untap_of: bob,
             tapped: true, damaged_by: [bolt_source]}
          - {id: relic, card: Llanowar Elves, controller: alice, since_turn_start: false, skips_untap_of: alice,
             used_this_turn: {1: 1}}
          - {id: bolt_source, card: Grizzly Bears, controller: alice}
        question: {activatable: alice}
        """)
    state = after(load_situation(path), BeginUntap(), frozenset())
    assert (state.turn, state.active_player, state.phase, state.step, state.priority) == (5, "bob", "beginning", "untap",
                                                                                          None)
    alice, bob = state.players
    assert (alice.lands_played, alice.spells_cast, alice.dealt_damage, alice.permanent_left, alice.attacked,
            bob.dealt_damage) == (0, 0, False, False, False, False)
    elves, relic = state.object("elves"), state.object("relic")
    assert (elves.since_turn_start, elves.skips_untap_of, elves.damaged_by) == (True, None, ())
    assert (relic.since_turn_start, relic.skips_untap_of, dict(relic.used_this_turn)) == (False, "alice", {})


def test_the_cleanup_step_ends_damage_and_effects_until_end_of_turn(write):
    """514.2: damage wears off, and "until end of turn" effects and this turn's shields end, all at once."""
    from pyrules.play.transition import after
    from pyrules.situation.model import BeginCleanup
    path = write("cleanup.yaml", """\
        players: [alice, bob]
        phase: ending
        step: end
        objects:
          - {id: bears, card: Grizzly Bears, controller: bob, damage: 1, regeneration_shields: 1,
             prevention_shields: [2]}
        effects:
          - {card: Giant Growth, controller: alice, affects: [bears]}
        question: {activatable: alice}
        """)
    state = after(load_situation(path), BeginCleanup(), frozenset())
    bears = state.object("bears")
    assert (state.step, state.effects, bears.damage, bears.regeneration_shields, bears.prevention_shields) == \
        ("cleanup", (), 0, 0, ())


def test_the_postcombat_main_phase_removes_creatures_from_combat(write):
    """511.3, 505.1: as the end of combat step ends, creatures stop attacking and blocking; the main phase has no
    step."""
    from pyrules.play.transition import after
    from pyrules.situation.model import BeginMain
    path = write("main.yaml", """\
        players: [alice, bob]
        phase: combat
        step: end_of_combat
        objects:
          - {id: bears, card: Grizzly Bears, controller: alice, tapped: true, attacking: bob, blocked: true}
          - {id: wall, card: Grizzly Bears, controller: bob, blocking: [bears]}
        question: {activatable: alice}
        """)
    state = after(load_situation(path), BeginMain(), frozenset())
    bears, wall = state.object("bears"), state.object("wall")
    assert (state.phase, state.step) == ("postcombat_main", None)
    assert (bears.attacking, bears.blocked, wall.blocking, bears.tapped) == (None, False, (), True)


def test_the_effects_a_line_begins_are_in_its_outcome_and_the_situations_own_are_not(write):
    """611.2c: an outcome says which objects a lasting effect begun during the actions changes (affected_by), so that
    lines pumping different creatures are different outcomes; an effect the situation gives stays itself as the objects
    it changes leave (it then changes fewer), and is not reported as begun."""
    path = write("pumps.yaml", """\
        players: [{name: alice, mana_pool: "{R}{G}"}, bob]
        cards:
          - name: Test Weakness
            cost: "{B}"
            types: [instant]
            abilities:
              - spell: {effect: {lasting_on_target: {ability: 2, target: {types: [creature]}}}}
              - static: {modify_pt: "-1/-1", lasting: until_end_of_turn}
        objects:
          - {id: bears, card: Grizzly Bears, controller: alice}
          - {id: giant, card: Hill Giant, controller: alice}
          - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}
          - {id: growth, card: Giant Growth, owner: alice, zone: hand}
        effects:
          - {card: Test Weakness, controller: bob, ability: 2, affects: [bears, giant]}
        actions:
          - cast: {object: bolt, targets: [bears]}
          - resolve
          - cast: {object: growth, targets: [giant]}
          - resolve
        """)
    [outcome] = pyrules.solve(path)
    assert sorted(map(str, outcome.atoms)) == [
        'affected_by("giant","Giant Growth",2)', 'mana_spent("alice",g,1)', 'mana_spent("alice",r,1)',
        'move("bears",battlefield,graveyard)', 'move("bolt",hand,graveyard)', 'move("growth",hand,graveyard)']
    assert [e.affects for e in outcome.final.effects if e.card == "Test Weakness"] == [("giant",)]
