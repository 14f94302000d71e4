"""The Outcomes API: a sequence of distinct outcomes in a fixed order, queries, state after, conversions."""

from __future__ import annotations

import json

import pytest
from clingo import Function, Number, String

from pyrules import InputError, Outcome, Outcomes, SituationBuilder, solve
from pyrules.engine.solver import SolveOptions

COLORS = "bgruw"  # the sorted order of the outcomes' texts


@pytest.fixture(scope="module")
def birds_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("outcomes") / "birds.yaml"
    path.write_text(
        "players:\n"
        "  - {name: alice, life: 17, mana_pool: \"{G}\"}\n"
        "  - bob\n"
        "objects:\n"
        "  - {id: birds, card: Birds of Paradise, controller: alice}\n"
        "  - {id: ring, card: Sol Ring, controller: alice, tapped: true}\n"
        "  - {id: elves, card: Llanowar Elves, controller: bob}\n"
        "  - {id: bears, card: Grizzly Bears, owner: alice, zone: hand}\n"
        "question:\n"
        "  activate: birds\n",
        encoding="utf-8",
    )
    return path


@pytest.fixture(scope="module")
def birds(birds_file) -> Outcomes:
    return solve(birds_file)


def expected_texts(color: str) -> list[str]:
    return [f"mana_added(alice,{color},1)", "tap(birds)"]


def texts(outcome: Outcome) -> list[str]:
    """The outcome's atoms as text, leaving out the record of a mana choice (chose(P,mana(O),T)), which
    test_mana_choice_is_reported checks on its own."""
    return [t for t in outcome.texts if not (t.startswith("chose(") and ",mana(" in t)]


# -- a sequence ----------------------------------------------------------------------------------
def test_sequence_protocol(birds):
    assert isinstance(birds, Outcomes)
    assert len(birds) == 5 and birds.count(birds[0]) == 1  # Sequence.count, not shadowed
    assert all(isinstance(o, Outcome) for o in birds)
    assert [texts(o) for o in birds] == [expected_texts(c) for c in COLORS]
    assert texts(birds[0]) == expected_texts("b")
    assert texts(birds[-1]) == expected_texts("w")
    assert [texts(o) for o in birds[1:3]] == [expected_texts("g"), expected_texts("r")]
    assert birds.truncated is False
    assert birds.illegal == []
    assert repr(birds).startswith("<Outcomes 5 of ") and repr(birds).endswith("birds.yaml>")


def test_outcomes_are_distinct(birds):
    assert len({o.atoms for o in birds}) == 5


def test_order_is_deterministic(birds_file, birds):
    again = solve(birds_file)
    assert [o.atoms for o in again] == [o.atoms for o in birds]
    other_seed = solve(birds_file, options=SolveOptions(seed=7))
    assert [o.atoms for o in other_seed] == [o.atoms for o in birds]


def test_atoms_are_symbols(birds):
    assert {a for a in birds[1].atoms if a.name != "chose"} == frozenset({
        Function("mana_added", [String("alice"), Function("g"), Number(1)]),
        Function("tap", [String("birds")]),
    })
    assert [str(a) for a in birds[1].by_name("mana_added")] == ['mana_added("alice",g,1)']
    assert birds[1].by_name("untap") == []


# -- filter, holds, always / sometimes / never ---------------------------------------------------------
def test_filter(birds):
    green = birds.filter("mana_added(alice,g,1)")
    assert [texts(o) for o in green] == [expected_texts("g")]
    assert birds.filter("mana_added(alice, g, 1)") == green  # spaces do not matter
    assert birds.filter(Function("mana_added", [String("alice"), Function("g"), Number(1)])) == green
    assert [o.atoms for o in birds.filter("tap(birds)")] == [o.atoms for o in birds]
    assert birds.filter("mana_added(alice,c,1)") == []
    assert birds.filter("tap(ring)") == []
    assert [texts(o) for o in birds.filter(lambda o: o.players["alice"].mana_pool.get("g") == 2)] == [
        expected_texts("g")]


def test_holds(birds):
    assert birds[0].holds("tap(birds)") and "tap(birds)" in birds[0]
    assert birds[0].holds('tap("birds")')
    assert "mana_added(alice,b,1)" in birds[0]
    assert "mana_added(alice,g,1)" not in birds[0]
    assert "tap(ring)" not in birds[0]


def test_always_sometimes_never(birds):
    assert birds.always("tap(birds)") is True
    assert birds.always("mana_added(alice,g,1)") is False
    assert birds.sometimes("mana_added(alice,g,1)") is True
    assert birds.sometimes("mana_added(alice,c,1)") is False
    assert birds.never("mana_added(alice,c,1)") is True
    assert birds.never("mana_added(alice,w,1)") is False
    assert birds.never("tap(ring)") is True
    assert birds.sometimes("mana_added(bob,g,1)") is False


def test_mana_choice_shows_as_the_mana_added(birds):
    """Distinct outcomes, not ways: the color chosen is the mana added, with no separate choice atom
    (under a replacement effect several choices can give one outcome)."""
    assert birds[1].texts == ["mana_added(alice,g,1)", "tap(birds)"]
    for color in COLORS:
        assert birds.sometimes(f"mana_added(alice, {color}, 1)")
    assert not any(a.name == "chose" for o in birds for a in o.atoms)


def test_query_text_must_be_an_atom(birds):
    with pytest.raises(InputError) as info:
        birds.always("tap(")
    assert str(info.value) == "<query>: the query 'tap(' is not clingo syntax (it ends too early)"
    with pytest.raises(InputError):
        birds.filter("42")


# -- state after ------------------------------------------------------------------------------------
def test_players_after(birds):
    for outcome, color in zip(birds, COLORS):
        alice = outcome.players["alice"]
        assert alice.name == "alice"
        assert alice.life == 17
        assert alice.mana_added == {color: 1}
        expected_pool = {"g": 2} if color == "g" else dict(sorted({"g": 1, color: 1}.items()))
        assert alice.mana_pool == expected_pool
        bob = outcome.players["bob"]
        assert (bob.life, bob.mana_pool, bob.mana_added) == (20, {}, {})
    assert list(birds[0].players) == ["alice", "bob"]


def test_objects_after(birds):
    objects = birds[2].objects
    assert list(objects) == ["birds", "ring", "elves", "bears"]
    assert (objects["birds"].zone, objects["birds"].controller, objects["birds"].tapped) == ("battlefield", "alice", True)
    assert objects["ring"].tapped is True  # it was tapped before
    assert objects["elves"].tapped is False and objects["elves"].controller == "bob"
    assert (objects["bears"].zone, objects["bears"].controller, objects["bears"].tapped) == ("hand", None, False)
    assert objects["birds"].card == "Birds of Paradise"


def test_changes_and_could_produce(birds):
    assert [t for t in birds[0].changes if not t.startswith("chose(")] == expected_texts("b")
    assert birds[0].could_produce == {}
    produce = solve(SituationBuilder(["alice"]).permanent("birds", "Birds of Paradise", "alice")
                    .permanent("ring", "Sol Ring", "alice").permanent("bears", "Grizzly Bears", "alice")
                    .could_produce().build())
    assert len(produce) == 1
    assert produce[0].could_produce == {"birds": ["w", "u", "b", "r", "g"], "ring": ["c"]}
    assert produce[0].changes == []


def test_abilities_name_their_sources():
    board = (SituationBuilder(["alice"])
             .permanent("locus", "The Enigma Jewel", "alice", face="back", crafted_with=["ring", "elves"])
             .object("ring", "Sol Ring", "alice", zone="exile").object("elves", "Llanowar Elves", "alice", zone="exile")
             .permanent("bears", "Grizzly Bears", "alice"))
    outcomes = solve(board.abilities("locus", "bears").build())
    assert len(outcomes) == 1
    assert outcomes[0].abilities == {"locus": [
        ('ab("Locus of Enlightenment",1)', "static"), ('ab("Locus of Enlightenment",2)', "triggered"),
        ('crafted(elves,ab("Llanowar Elves",1))', "mana_ability"), ('crafted(ring,ab("Sol Ring",1))', "mana_ability")]}
    # Grizzly Bears, asked about too, has no abilities.
    assert outcomes[0].changes == []
    # Every permanent, and only permanents: the exiled cards are not asked about.
    assert sorted(solve(board.abilities().build())[0].abilities) == ["locus"]


ARTIFACT = {"name": "Bloody Relic", "types": ["artifact"], "abilities": [
    {"activated": {"cost": ["{T}", {"sacrifice": "self"}], "effect": {"add": "{B}{B}"}}},
    {"activated": {"cost": [{"pay_life": 2}], "effect": {"add": "{R}"}}},
    {"activated": {"cost": [{"remove_counters": {"kind": "charge", "count": 2}}],
                   "effect": {"add_one_of": ["{U}", "{W}"]}}},
    {"activated": {"cost": [{"put_counters": {"kind": "age", "count": 1}}, "{Q}"], "effect": {"draw": 1}}},
]}


def relic(ability: int, life: int = 17, tapped: bool = False) -> Outcomes:
    return solve(SituationBuilder([{"name": "alice", "life": life, "mana_pool": "{B}"}, "bob"]).card(ARTIFACT)
                 .permanent("relic", "Bloody Relic", "alice", counters={"charge": 3}, tapped=tapped)
                 .activate("relic", ability=ability).build())


def test_sacrificed_object_is_in_the_graveyard():
    outcomes = relic(1)
    assert [o.texts for o in outcomes] == [
        ["mana_added(alice,b,2)", "move(relic,battlefield,graveyard)", "tap(relic)"]]
    state = outcomes[0].objects["relic"]
    assert (state.zone, state.controller, state.tapped, state.counters) == ("graveyard", None, False, {})
    assert outcomes[0].players["alice"].mana_pool == {"b": 3}


def test_paid_life_is_lost():
    outcomes = relic(2)
    assert [o.texts for o in outcomes] == [["life_lost(alice,2)", "mana_added(alice,r,1)"]]
    assert outcomes[0].players["alice"].life == 15
    assert outcomes[0].players["alice"].mana_pool == {"b": 1, "r": 1}
    too_little = relic(2, life=1)
    assert len(too_little) == 0
    assert too_little.illegal == ["cannot activate (alice, relic, ability 2 of Bloody Relic, not enough life)"]


def test_removed_counters():
    outcomes = relic(3)
    assert [texts(o) for o in outcomes] == [
        ["counters_removed(relic,charge,2)", f"mana_added(alice,{c},1)"] for c in "uw"]
    assert [o.objects["relic"].counters for o in outcomes] == [{"charge": 1}, {"charge": 1}]


def test_non_mana_ability_goes_on_the_stack():
    outcomes = relic(4, tapped=True)
    assert [o.texts for o in outcomes] == [
        ["counters_put(relic,age,1)", 'stack(1,ability(relic,ab("Bloody Relic",4)))', "untap(relic)"]]
    state = outcomes[0].objects["relic"]
    assert (state.tapped, state.counters) == (False, {"age": 1, "charge": 3})
    assert outcomes[0].players["alice"].mana_pool == {"b": 1}


# -- conversions ----------------------------------------------------------------------------------------
def test_outcome_to_dict(birds):
    d = birds[1].to_dict()
    assert d["atoms"] == birds[1].texts and texts(birds[1]) == expected_texts("g")
    assert {k: v for k, v in d.items() if k != "atoms"} == {
        "players": {"alice": {"life": 17, "mana_pool": {"g": 2}, "mana_added": {"g": 1}},
                    "bob": {"life": 20, "mana_pool": {}, "mana_added": {}}},
        "objects": {
            "birds": {"card": "Birds of Paradise", "zone": "battlefield", "controller": "alice", "tapped": True,
                      "counters": {}},
            "ring": {"card": "Sol Ring", "zone": "battlefield", "controller": "alice", "tapped": True, "counters": {}},
            "elves": {"card": "Llanowar Elves", "zone": "battlefield", "controller": "bob", "tapped": False,
                      "counters": {}},
            "bears": {"card": "Grizzly Bears", "zone": "hand", "controller": None, "tapped": False, "counters": {}},
        },
    }
    assert json.loads(birds[1].to_json()) == birds[1].to_dict()


def test_outcomes_to_dict_and_json_round_trip(birds, birds_file):
    d = birds.to_dict()
    assert list(d) == ["format", "kind", "situation", "count", "truncated", "timed_out", "illegal", "optimum",
                       "set_aside", "outcomes", "options", "statistics", "messages", "document"]
    assert (d["format"], d["kind"]) == (1, "one-step") and d["document"] == birds.situation.document
    assert d["situation"] == str(birds_file)
    assert (d["count"], d["truncated"], d["illegal"]) == (5, False, [])
    assert [o["atoms"] for o in d["outcomes"]] == [o.texts for o in birds]
    assert d["options"]["limit"] is None and d["options"]["threads"] == 1 and d["options"]["seed"] == 0
    assert "--project=show" in d["options"]["arguments"]
    assert json.loads(birds.to_json()) == d
    assert json.loads(birds.to_json(indent=2)) == d


def test_html(birds):
    page = birds._repr_html_()
    assert page.startswith("<p>5 outcomes</p>")
    assert page.count("<table>") == 10  # players and objects, per outcome
    assert page.count("<h4>Outcome ") == 5
    assert "<code>tap(birds)</code>" in page and "<code>mana_added(alice,b,1)</code>" in page
    one = birds[0]._repr_html_()
    assert "<table><tr><th>player</th><th>life</th><th>mana pool</th></tr>" in one
    assert "<tr><td>alice</td><td>17</td><td>{B}{G}</td></tr>" in one


def test_html_of_many_outcomes_stays_small():
    """Professor Onyx's -8 against two opponents with seven cards each: 16,384 outcomes. The view shows
    in how many outcomes each atom holds, the first ten in full, the next 200 folded a line each."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
    import onyx_discard

    outcomes = solve(onyx_discard.situation(2, 7))
    page = outcomes._repr_html_()
    assert len(outcomes) == 16_384 and len(page) < 150_000
    assert page.startswith("<p>16384 outcomes</p><details><summary>atoms</summary>")
    assert "<tr><td><code>counters_removed(onyx,loyalty,8)</code></td><td>16384</td></tr>" in page
    assert page.count("<h4>Outcome ") == 10 and page.count("<li>Outcome ") == 200
    assert "<summary>outcomes 11 to 210</summary>" in page
    assert page.endswith("<p>... and 16174 more outcomes (iterate over the result to see them all)</p>")


def test_html_escapes_user_text():
    outcomes = solve(SituationBuilder(["<i>alice</i>"]).permanent("<b>ring</b>", "Sol Ring", "<i>alice</i>")
                     .activate("<b>ring</b>").build())
    page = outcomes._repr_html_()
    assert "<b>" not in page and "<i>" not in page
    assert "&lt;b&gt;ring&lt;/b&gt;" in page and "&lt;i&gt;alice&lt;/i&gt;" in page


# -- statistics and limits ---------------------------------------------------------------------------
def test_statistics(birds_file):
    outcomes = solve(birds_file)
    stats = outcomes.statistics
    assert stats.ground_seconds > 0 and stats.solve_seconds >= 0
    assert stats.models == 5
    assert stats.atoms > 0 and stats.rules > 0
    assert set(stats.as_dict()) == {"ground_seconds", "solve_seconds", "models", "atoms", "rules", "choices",
                                    "conflicts", "messages"}
    assert stats.messages == 0 and outcomes.messages == []
    assert "query_seconds" not in stats.extra
    outcomes.sometimes("tap(birds)")
    assert stats.extra["query_seconds"] >= 0


def test_limit_truncates(birds_file, birds):
    two = solve(birds_file, limit=2)
    assert len(two) == 2 and two.truncated is True
    assert two.options.limit == 2
    all_atoms = [o.atoms for o in birds]
    assert all(o.atoms in all_atoms for o in two)
    assert [o.atoms for o in two] == sorted((o.atoms for o in two), key=lambda a: sorted(map(str, a)))
    assert [o.atoms for o in solve(birds_file, limit=2)] == [o.atoms for o in two]
    # brave/cautious consequences still consider every outcome
    assert two.sometimes("mana_added(alice,w,1)") and two.sometimes("mana_added(alice,b,1)")
    exact = solve(birds_file, limit=5)
    assert len(exact) == 5 and exact.truncated is False
    assert solve(birds_file, limit=6).truncated is False


# -- illegal actions ------------------------------------------------------------------------------------
@pytest.mark.parametrize("build, reason", [
    (lambda b: b.permanent("ring", "Sol Ring", "alice", tapped=True).activate("ring"),
     "cannot activate (alice, ring, ability 1 of Sol Ring, already tapped)"),
    (lambda b: b.permanent("ring", "Sol Ring", "alice").activate("ring", player="bob"),
     "cannot activate (bob, ring, ability 1 of Sol Ring, not controller)"),
    (lambda b: b.permanent("elves", "Llanowar Elves", "alice", since_turn_start=False).activate("elves"),
     "cannot activate (alice, elves, ability 1 of Llanowar Elves, summoning sick)"),
    (lambda b: b.set(priority="bob").permanent("ring", "Sol Ring", "alice").activate("ring"),
     "cannot activate (alice, ring, ability 1 of Sol Ring, no priority)"),
], ids=["tapped", "not-controller", "summoning-sick", "no-priority"])
def test_illegal_action_has_no_outcome_and_a_reason(build, reason):
    outcomes = solve(build(SituationBuilder(["alice", "bob"])).build())
    assert len(outcomes) == 0 and list(outcomes) == []
    assert outcomes.illegal == [reason]
    assert outcomes.truncated is False
    source = reason.split(", ")[1]
    assert outcomes.always(f"tap({source})") is False
    assert outcomes.sometimes(f"tap({source})") is False
    assert outcomes.never(f"tap({source})") is True
    assert outcomes.to_dict()["illegal"] == [reason]
    assert outcomes.to_dict()["count"] == 0
    assert outcomes._repr_html_().startswith("<p>0 outcomes</p><p>Not legal: ")


def test_an_outcome_with_no_atoms():
    outcomes = solve(SituationBuilder(["alice"]).permanent("bears", "Grizzly Bears", "alice")
                     .could_produce("bears").build())
    assert len(outcomes) == 1
    assert outcomes[0].texts == [] and outcomes[0].could_produce == {}
    assert outcomes.always("could_produce(bears,g)") is False
    assert outcomes.never("could_produce(bears,g)") is True
    assert "<li>nothing changes</li>" in outcomes[0]._repr_html_()


def test_printed_atoms_read_back_for_ids_starting_with_underscore():
    for oid in ("_", "_1", "__"):
        outcomes = solve(SituationBuilder(["alice"]).permanent(oid, "Sol Ring", "alice").activate(oid).build())
        assert all(outcomes[0].holds(text) for text in outcomes[0].texts), oid


def test_an_overflow_that_clasp_reports_is_refused_not_a_traceback(monkeypatch):
    """107.1: the encodings check their amounts; clasp's own check of a sum's weights is the backstop."""
    import clingo

    from pyrules import UnsupportedError

    def overflow(self, parts, context=None):
        raise RuntimeError("bool Clasp::Asp::LogicProgram::simplifySum(...): Integer overflow!")

    monkeypatch.setattr(clingo.Control, "ground", overflow)
    situation = SituationBuilder(["alice", "bob"]).permanent("forest1", "Forest", controller="alice").activate("forest1")
    with pytest.raises(UnsupportedError, match=r"amount beyond limit \(1000000000\)"):
        solve(situation.build())


@pytest.mark.parametrize("term, text", [
    ("paying_life_rather_than_a_hybrid_symbol(hybrid(b,g))", "paying life rather than a hybrid symbol ({B/G})"),
    ("paying_mana_symbol(hybrid(2,w))", "paying mana symbol ({2/W})"),
    ("paying_mana_symbol(phyrexian(g))", "paying mana symbol ({G/P})"),
])
def test_a_mana_symbol_in_a_reason_reads_as_it_is_printed(term, text):
    from clingo import parse_term

    from pyrules.engine.solver import describe_reason

    assert describe_reason(parse_term(term)) == text
