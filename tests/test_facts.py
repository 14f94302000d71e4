"""Facts: user text only ever becomes clingo String symbols, so odd names are just names."""

from __future__ import annotations

import json
import subprocess
import sys

import clingo
import pytest
from clingo import Function, Number, String, Symbol, SymbolType

from pyrules import InputError, SituationBuilder, load_situation, solve
from pyrules.engine.facts import Fact, situation_facts

EVIL_NAME = 'x). #script (python) import os; os.system("echo hacked") #end. a('
ODD_ID = 'odd "id" with \\ backslash\nand a newline'


def g():
    return Function("g")


def odd_situation(write, question: str, name: str = EVIL_NAME, oid: str = ODD_ID):
    """A YAML file with an inline land card called ``name`` and one such permanent called ``oid``."""
    q = json.dumps(oid)  # a JSON string is a valid YAML double-quoted scalar
    return write("odd.yaml", f"""\
        players: [alice, bob]
        cards:
          - name: {json.dumps(name)}
            types: [land]
            abilities:
              - activated: {{cost: "{{T}}", effect: {{add: "{{G}}"}}}}
        objects:
          - {{id: {q}, card: {json.dumps(name)}, controller: alice}}
        question:
          {question.format(id=q)}
        """)


def test_odd_names_survive_loading(write):
    situation = load_situation(odd_situation(write, "activate: {id}"))
    assert situation.objects[0].id == ODD_ID
    assert situation.objects[0].card == EVIL_NAME
    assert situation.cards[0].name == EVIL_NAME


def test_could_produce_of_an_oddly_named_card(write, capfd):
    outcomes = solve(odd_situation(write, "could_produce: {id}"))
    assert [o.atoms for o in outcomes] == [frozenset({Function("could_produce", [String(ODD_ID), g()])})]
    assert outcomes[0].could_produce == {ODD_ID: ["g"]}
    out, err = capfd.readouterr()
    assert "hacked" not in out + err


def test_activating_an_oddly_named_card(write, capfd):
    outcomes = solve(odd_situation(write, "activate: {id}"))
    assert len(outcomes) == 1
    assert outcomes[0].atoms == frozenset({
        Function("tap", [String(ODD_ID)]),
        Function("mana_added", [String("alice"), g(), Number(1)]),
    })
    assert outcomes[0].objects[ODD_ID].tapped is True
    assert outcomes[0].objects[ODD_ID].card == EVIL_NAME
    assert outcomes[0].players["alice"].mana_pool == {"g": 1}
    assert outcomes.illegal == []
    # the printed form quotes and escapes the id, so it reads back as the same atom
    assert outcomes[0].texts == ["mana_added(alice,g,1)", 'tap("odd \\"id\\" with \\\\ backslash\\nand a newline")']
    assert all(outcomes[0].holds(t) for t in outcomes[0].texts)
    out, err = capfd.readouterr()
    assert "hacked" not in out + err


def test_activatable_names_the_odd_card_in_its_ability(write):
    outcomes = solve(odd_situation(write, "activatable: alice"))
    ability = Function("ab", [String(EVIL_NAME), Number(1)])
    assert [o.atoms for o in outcomes] == [
        frozenset({Function("can_activate", [String("alice"), String(ODD_ID), ability])})]


def test_nothing_is_executed(write, tmp_path):
    marker = tmp_path / "HACKED"
    name = f'x). #script (python)\nimport os\nos.system("touch {marker}")\n#end. a('
    oid = f'y"). #script (python) import os; os.system("touch {marker}") #end. b("'
    outcomes = solve(odd_situation(write, "activate: {id}", name=name, oid=oid))
    assert [o.atoms for o in outcomes] == [frozenset({Function("tap", [String(oid)]),
                                                      Function("mana_added", [String("alice"), g(), Number(1)])})]
    assert not marker.exists()


@pytest.mark.parametrize("oid", ["a\tb", "cr\rlf", "ünïcödé", "%not a comment", "/* nor this */", "ends with \\",
                                 '"', "x.\n#show.", "#const n=1.", "it's", "UpperCase", "-1", "g", "alice2"])
def test_odd_ids_round_trip(oid):
    situation = (SituationBuilder(["alice", "bob"]).permanent(oid, "Sol Ring", "alice")
                 .permanent("other", "Sol Ring", "alice", tapped=True).activate(oid).build())
    outcomes = solve(situation)
    assert [o.atoms for o in outcomes] == [frozenset({
        Function("tap", [String(oid)]), Function("mana_added", [String("alice"), Function("c"), Number(2)])})]
    assert {i: s.tapped for i, s in outcomes[0].objects.items()} == {oid: True, "other": True}


def test_odd_player_names():
    player = 'bob"). own(x'
    situation = (SituationBuilder(["alice", player], active=player)
                 .permanent("ring", "Sol Ring", player).activate("ring").build())
    outcomes = solve(situation)
    assert [o.atoms for o in outcomes] == [frozenset({
        Function("tap", [String("ring")]), Function("mana_added", [String(player), Function("c"), Number(2)])})]
    assert outcomes[0].players[player].mana_pool == {"c": 2}


def test_query_text_is_parsed_as_a_term_not_as_a_program(write):
    outcomes = solve(odd_situation(write, "activate: {id}"))
    with pytest.raises(InputError) as info:
        outcomes.sometimes('tap(x). #script (python) import os; os.system("echo hacked") #end. a(')
    assert str(info.value).startswith("<query>: the query 'tap(x). #script (python)")
    assert str(info.value).endswith("is one rule body: no '.' that ends a statement")


# -- facts are symbols ----------------------------------------------------------------------------
def _walk(symbol: Symbol, functions: set[str], strings: set[str]) -> None:
    if symbol.type == SymbolType.String:
        strings.add(symbol.string)
    elif symbol.type == SymbolType.Function:
        functions.add(symbol.name)
        for a in symbol.arguments:
            _walk(a, functions, strings)


def test_facts_are_symbols_and_user_text_is_strings():
    # user texts that are also valid clingo constants, so that writing them as constants would go unnoticed
    situation = (SituationBuilder(["alice", "bob"], active="bob")
                 .card({"name": "relic", "types": ["artifact"],
                        "abilities": [{"activated": {"cost": "{T}", "effect": {"add": "{C}"}}}]})
                 .permanent("forest1", "Forest", "alice", tapped=True)
                 .permanent("sol", "relic", "bob")
                 .object("bears", "Grizzly Bears", "alice", zone="hand")
                 .activate("sol").build())
    facts = situation_facts(situation)
    assert facts and all(isinstance(f, Fact) and isinstance(f.symbol, Symbol) for f in facts)
    assert all(f.symbol.type == SymbolType.Function for f in facts)
    functions: set[str] = set()
    strings: set[str] = set()
    for f in facts:
        _walk(f.symbol, functions, strings)
    user_text = {"alice", "bob", "forest1", "sol", "bears", "relic", "Forest", "Grizzly Bears"}
    assert user_text <= strings
    assert user_text & functions == set()
    symbols = {f.symbol for f in facts}
    expected = {
        Function("player", [String("alice")]),
        Function("seat", [String("bob"), Number(2)]),
        Function("active_player", [String("bob")]),
        Function("object", [String("forest1")]),
        Function("card", [String("forest1"), String("Forest")]),
        Function("owner", [String("bears"), String("alice")]),
        Function("initial_zone", [String("bears"), Function("hand")]),
        Function("initial_tapped", [String("forest1")]),
        Function("initial_controller", [String("sol"), String("bob")]),
        Function("question", [Function("activate", [String("bob"), String("sol"), Function("only")])]),
        Function("ability_cost", [Function("ab", [String("relic"), Number(1)]), Function("tap")]),
    }
    assert expected <= symbols
    assert Function("initial_controller", [String("bears"), String("alice")]) not in symbols
    origins = {str(f.symbol): f.origin for f in facts}
    assert origins['object("forest1")'] == "objects.0"
    assert origins['initial_zone("bears",hand)'] == "objects.2"
    assert origins['card_type("relic",artifact)'] == "card:relic"
    assert situation_facts(situation) == facts  # deterministic


def test_fact_text_parses_back_to_the_same_symbols(write):
    situation = load_situation(odd_situation(write, "activate: {id}"))
    facts = situation_facts(situation)
    control = clingo.Control()
    control.add("base", [], "".join(f"{f.symbol}.\n" for f in facts))
    control.ground([("base", [])])
    grounded = {a.symbol for a in control.symbolic_atoms if a.is_fact}
    assert grounded == {f.symbol for f in facts}


# -- odd text that once broke things, and bugs -------------------------------------------------------------------------
def test_ids_differing_after_a_nul_character_are_not_confused(write):
    path = write("nul.yaml", """\
        players: [alice]
        objects:
          - {id: "ring\\0a", card: Sol Ring, controller: alice, tapped: true}
          - {id: "ring\\0b", card: Sol Ring, controller: alice}
        question: {activate: "ring\\0b"}
        """)
    try:
        outcomes = solve(path)
    except InputError as error:  # rejecting such ids is a fix too
        assert str(error).startswith(f"{path}:")
        return
    assert [o.atoms for o in outcomes] == [frozenset({
        Function("tap", [String("ring\0b")]), Function("mana_added", [String("alice"), Function("c"), Number(2)])})]


def test_subtype_text_cannot_inject_rules(write):
    """Subtypes are user text too: 'forest). p(1' must not become the Forest type (it once did)."""
    path = write("subtype.yaml", """\
        players: [alice]
        cards:
          - {name: Odd Land, types: [land], subtypes: ["forest). p(1"]}
        objects:
          - {id: land1, card: Odd Land, controller: alice}
        question: {could_produce: land1}
        """)
    try:
        outcomes = solve(path)
    except InputError as error:  # rejecting the subtype is a fix too
        assert str(error).startswith(f"{path}:3: ")
        return
    assert [o.texts for o in outcomes] == [[]]


def test_non_ascii_counter_kind_does_not_crash(write):
    """A counter kind 'café' once aborted the interpreter ('PANIC: exception in nothrow scope')."""
    path = write("counter.yaml", """\
        players: [alice]
        objects:
          - {id: ring, card: Sol Ring, controller: alice, counters: {café: 1}}
        question: {activate: ring}
        """)
    # in a subprocess: the crash takes the whole interpreter down
    proc = subprocess.run([sys.executable, "-m", "pyrules.cli", "outcomes", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert "PANIC" not in proc.stderr and "Traceback" not in proc.stderr
    if proc.returncode == 2:
        assert proc.stderr.startswith(f"pyrules: {path}:3: ") and proc.stderr.count("\n") == 1
    else:
        assert proc.returncode == 0
        assert "tap(ring)" in proc.stdout and "mana_added(alice,c,2)" in proc.stdout


def test_fn_makes_the_term_clingo_makes():
    from pyrules.base.symbols import C, S, fn

    assert fn("a", S("x"), 3, C("b")) == Function("a", [String("x"), Number(3), Function("b")])
    assert fn("none") == Function("none")
    long = [Number(n) for n in range(20)]  # longer than fn's reused buffer: clingo's own Function
    assert fn("long", *long) == Function("long", long)
    with pytest.raises(TypeError):
        fn("a", "text")  # text is a String (S) or a constant (C), never passed as is
    with pytest.raises(TypeError):
        fn("a", True)


def test_fn_gives_each_thread_its_own_buffers():
    import threading

    from pyrules.base.symbols import S, fn

    wrong: list[Symbol] = []

    def make(worker: int) -> None:
        for n in range(3000):
            symbol = fn("t", S(str(worker)), n)
            if symbol != Function("t", [String(str(worker)), Number(n)]):
                wrong.append(symbol)

    threads = [threading.Thread(target=make, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_symbol_keys_read_the_name_at_each_argument():
    from pyrules.base.symbols import S, fn, symbol_key, symbol_keys

    symbols = [fn("a", S("x"), fn("f", 1)), fn("a", S("y"), fn("f", 2)), fn("a", 3, fn("g")), fn("b")]
    assert symbol_keys(symbols) == {("a", 2, ("", "f")), ("a", 2, ("", "g")), ("b", 0, ())}
    assert symbol_keys(symbols) == {symbol_key(s) for s in symbols}
    with pytest.raises(RuntimeError):
        symbol_keys([Number(3)])  # no atom: not a function term


def test_a_term_left_unasked_at_its_default_would_say_nothing(monkeypatch):
    """An object's field at its default is not asked for its facts (pyrules.engine.facts._object_terms): on every
    situation of the corpus, the facts are those made by asking every term of every object."""
    from pyrules.base.errors import InputError as Refused
    from pyrules.engine import facts as facts_module
    from pyrules.regression import case_files

    quiet = facts_module._object_terms()
    assert {attr for _, attr, _ in quiet} >= {"tapped", "counters", "controller", "targets"}
    assert all(attr is None for k, attr, _ in quiet if k.name in ("face", "zone", "id"))
    situations = []
    for path in case_files():
        try:
            situations.append(load_situation(path))
        except Refused:  # a case that shows a refusal
            continue
    assert len(situations) > 250
    made = [[(f.symbol, f.origin) for f in situation_facts(s)] for s in situations]
    monkeypatch.setattr(facts_module, "_object_terms", lambda: tuple((k, None, None) for k, _, _ in quiet))
    assert made == [[(f.symbol, f.origin) for f in situation_facts(s)] for s in situations]


def test_cards_at_the_bottom_together_have_no_place(write):
    """401.4: one card at the bottom of a library is placed below the cards only counted; two or more there are in no
    known order among themselves, so none of them is given a place (library_position)."""
    text = """\
        players: [{name: alice, library: 3}, bob]
        objects:
          - {id: top, card: Forest, owner: alice, zone: library}
          - {id: ever, card: Ever After, owner: alice, zone: library, bottom: true}
        %s
        actions: [draw_step]
        """
    one = {str(f.symbol) for f in situation_facts(load_situation(write("one.yaml", text % "")))}
    assert {'library_position("top",1)', 'library_bottom("ever")', 'library_position("ever",5)'} <= one
    two = {str(f.symbol) for f in situation_facts(load_situation(write("two.yaml", text % (
        "  - {id: ever2, card: Ever After, owner: alice, zone: library, bottom: true}"))))}
    assert {'library_position("top",1)', 'library_bottom("ever")', 'library_bottom("ever2")'} <= two
    assert not any(f.startswith('library_position("ever') for f in two)


@pytest.mark.parametrize("count", [0, 1, 63, 64, 65, 200])
def test_a_models_shown_terms_are_read_whatever_their_number(count):
    # Atoms.shown_handles reads a model in one call into a buffer of 64 marked unwritten; as many terms as it holds,
    # or more, are counted first and the buffer grows. Each model's terms, exactly, whatever came before.
    import clingo

    from pyrules.base.symbols import Atoms

    control = clingo.Control(["0"])
    control.add("base", [], f"{{ big }}. #show t(N) : N = 1..{count}, big. #show small : not big.")
    control.ground([("base", [])])
    reader = Atoms()
    found = []
    with control.solve(yield_=True) as handle:
        for model in handle:
            found.append(sorted(str(a) for a in reader.shown_terms(model)))
    big = sorted(f"t({n})" for n in range(1, count + 1))
    assert sorted(found) == sorted([["small"], big])
