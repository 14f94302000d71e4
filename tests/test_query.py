"""Queries, constraints and objectives in clingo's syntax over outcome atoms (pyrules.engine.query)."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest

import pyrules
from pyrules.base.errors import InputError
from pyrules.cli import main

ROOT = Path(__file__).resolve().parents[1]
BALLISTA = str(ROOT / "examples" / "ballista.yaml")  # X=2 under Hardened Scales and Doubling Season: 5 or 6
BIRDS = str(ROOT / "examples" / "birds.yaml")  # one outcome per color
SEQUENCE = str(ROOT / "pyrules" / "corpus" / "sequences" / "ballista-pings-a-player.yaml")


def texts(outcomes) -> list[list[str]]:
    return [o.texts for o in outcomes]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# -- queries --------------------------------------------------------------------------------------
def test_a_query_with_a_variable_gives_its_values():
    result = pyrules.solve(BALLISTA)
    answer = result.query("counters_put(ballista, p1p1, N), N >= 5")
    assert (answer.holds, answer.variables, answer.bindings) == (True, ("N",), ({"N": 5}, {"N": 6}))
    assert result.query("counters_put(ballista, p1p1, N), N > 5").bindings == ({"N": 6},)
    always = result.query("counters_put(ballista, p1p1, N)", "always")
    assert (always.holds, always.bindings) == (True, ())  # some N in every outcome, no single N in all
    assert result.query("counters_put(ballista, p1p1, N), N > 6").holds is False


def test_a_query_parsed_once_is_checked_against_each_situation_again():
    """A sweep asks one query of many situations: its text is parsed once, but whatever the situation decides
    (the ids it names) is checked every time, and a text that failed to parse fails again, with its own place."""
    from pyrules.engine.query import _PARSED, parse_query
    from pyrules.situation.loader import load_situation

    ballista, birds = load_situation(BALLISTA), load_situation(BIRDS)
    text = "counters_put(ballista, p1p1, N), N >= 5"
    first = parse_query(text, ballista)
    assert f":- {text}." in _PARSED
    assert parse_query(text, ballista) == first
    with pytest.raises(InputError, match="ballista"):  # no object 'ballista' among the birds
        parse_query(text, birds)
    for where in ("<first>", "<second>"):
        with pytest.raises(InputError) as info:
            parse_query("counters_put(ballista, p1p1, N) N", ballista, where)
        assert info.value.where == where


def test_sometimes_always_never_take_queries():
    result = pyrules.solve(BALLISTA)
    assert result.sometimes("counters_put(ballista, p1p1, N), N > 5") is True
    assert result.always("counters_put(ballista, p1p1, N), N > 5") is False
    assert result.always("move(ballista, stack, battlefield), not counters_put(ballista, p1p1, 4)") is True
    assert result.never("counters_put(O, p1p1, N), O != ballista") is True
    assert result.always("#count{ N : counters_put(ballista, p1p1, N) } = 1") is True
    # an aggregate's guard binds its variable: N = #count{...} and #count{...} = N alike
    assert result.query("N = #count{ O : move(O, stack, battlefield) }, N >= 1").bindings == ({"N": 1},)
    assert result.query("#count{ K : counters_put(ballista, K, _) } = N", "always").bindings == ({"N": 1},)


def test_where_lists_the_outcomes_that_match():
    result = pyrules.solve(BALLISTA)
    assert texts(result.where("counters_put(ballista, p1p1, N), N > 5")) == [
        ["counters_put(ballista,p1p1,6)", "move(ballista,stack,battlefield)"]]
    assert len(pyrules.solve(BALLISTA, where="not counters_put(ballista, p1p1, 6)")) == 1
    assert len(pyrules.solve(BALLISTA, where="counters_put(ballista, p1p1, 7)")) == 0
    birds = pyrules.solve(BIRDS, where="mana_added(alice, T, 1), T != g")
    assert sorted(tuple(o.players["alice"].mana_added) for o in birds) == [(t,) for t in "bruw"]


def test_ask_answers_without_listing_outcomes():
    answer = pyrules.ask(BALLISTA, "counters_put(ballista, p1p1, N)")
    assert answer.as_dict() == {"query": "counters_put(ballista, p1p1, N)", "mode": "sometimes", "holds": True,
                                "complete": True, "variables": ["N"], "bindings": [{"N": 5}, {"N": 6}]}
    assert pyrules.ask(BIRDS, "tap(O)", "always").bindings == ({"O": "birds"},)


def test_queries_on_a_sequence_of_actions():
    result = pyrules.solve(SEQUENCE)
    assert result.query("life_lost(P, N)").bindings == ({"P": "bob", "N": 1},)
    assert result.always("life_lost(bob, N), N > 0") is True
    assert len(result.where("life_lost(bob, 2)")) == 0
    assert len(pyrules.solve(SEQUENCE, where="life_lost(bob, 1)")) == 1
    with pytest.raises(InputError, match="applies to one-step questions"):
        pyrules.solve(SEQUENCE, constraints=":- life_lost(bob, 1).")


COMBAT = Path(pyrules.__file__).parent / "corpus" / "combat" / "deathtouch-trample-against-two-blockers.yaml"


def test_an_objective_over_a_sequence_keeps_its_optimal_outcomes():
    """Among the six distinct results of the deathtouch trampler's damage (1 + 1 + 3 at most to bob), clingo's
    optimization over the outcomes found keeps the best ones, and says the optimum (510.1c, 702.19b)."""
    most = pyrules.solve(COMBAT, maximize="N : life_lost(bob, N)")
    assert [sorted(o.texts) for o in most] == [["life_lost(bob,3)", "move(four,battlefield,graveyard)",
                                                 "move(three,battlefield,graveyard)",
                                                 "move(trampler,battlefield,graveyard)"]]
    assert most.optimum == 3
    least = pyrules.solve(COMBAT, minimize="move(O, battlefield, graveyard)")  # the fewest creatures dying
    assert least.optimum == 2 and len(least) == 2
    both = pyrules.solve(COMBAT, where="move(four, battlefield, graveyard)", minimize="N : life_lost(bob, N)")
    assert both.optimum == 0 and len(both) == 2
    first = pyrules.solve(COMBAT, minimize="move(O, battlefield, graveyard)", limit=1)
    assert len(first) == 1 and first.truncated


def test_a_sequence_projected_onto_some_outcome_predicates():
    """The deathtouch trampler's six outcomes, projected onto bob's life: four (0 to 3 life), each told by the
    first outcome with it; a predicate only a sequence has is refused on one step, one it never has on it."""
    life = pyrules.solve(COMBAT, project="life_lost")
    assert sorted(tuple(o.texts) for o in life) == [(), ("life_lost(bob,1)",), ("life_lost(bob,2)",),
                                                     ("life_lost(bob,3)",)]
    assert "bob loses 1 life in all" in life[1].explain().judge().text()  # (explained by its line of play)
    assert len(pyrules.solve(COMBAT, project="life_lost", limit=2)) == 2
    with pytest.raises(InputError, match="attacking/2 is an outcome of a sequence of actions only"):
        pyrules.solve(BIRDS, project="attacking")
    with pytest.raises(InputError, match="mana_paid/3 is not an outcome of a sequence of actions"):
        pyrules.solve(COMBAT, project="mana_paid")


@pytest.mark.parametrize("query, always", [
    ("mana_added(alice, C, 1)", True), ("mana_added(alice, _, 1)", True), ("tap(birds)", True),
    ("mana_added(alice, g, 1)", False), ("mana_added(alice, C, 2)", False)])
def test_always_over_a_sequence_answers_as_over_one_step(write, query, always):
    """Birds of Paradise tapped as an action has the five outcomes of the same question asked in one step: a query
    with a variable holds in every outcome where some value makes it hold in each (it answered no, on a sequence)."""
    path = write("birds.yaml", "players: [alice, bob]\nobjects:\n  - {id: birds, card: Birds of Paradise, "
                               "controller: alice}\nactions:\n  - activate: birds\n")
    result = pyrules.solve(path)
    assert len(result) == 5 and len(pyrules.solve(BIRDS)) == 5
    assert result.always(query) is always
    assert pyrules.solve(BIRDS).always(query) is always


def test_an_objective_over_a_sequence_that_clingo_could_not_add_is_refused():
    with pytest.raises(InputError, match="beyond what clingo holds"):
        pyrules.solve(COMBAT, maximize="N * 1000000000, O : move(O, battlefield, graveyard), N = 1")


def test_a_copied_result_answers_queries_again():
    result = pickle.loads(pickle.dumps(pyrules.solve(BALLISTA)))
    assert result.query("counters_put(ballista, p1p1, N)").bindings == ({"N": 5}, {"N": 6})


@pytest.mark.parametrize("query, message", [
    ("counters_put(balista, p1p1, N)", "'balista' is not an object of this situation; did you mean ballista?"),
    ("countersput(X, Y, Z)", "countersput/3 is not an outcome predicate; did you mean counters_put?"),
    ("counters_put(X, Y)", "counters_put takes 3 argument(s), not 2"),
    ("N > 3", "the variable N of the query must appear in an atom that is not under 'not'"),
    ("not tap(X)", "the variable X of the query must appear in an atom that is not under 'not'"),
    ("tap(X). foo", "is one rule body: no '.' that ends a statement"),
    ("tap(X) :- foo", "is not clingo syntax"),
    ("_pay_failed(X)", "_pay_failed/1 is not an outcome predicate"),
    ("controller(X, Y)", "controller/2 is not an outcome predicate"),
    ("tap(X), @f(X) = 1", "external functions (@) are not accepted"),
    ("", "the query is empty"),
    ("% only a comment\n", "the query is empty"),
    ("tap(\u00e9", "'\u00e9' is not clingo syntax outside a string (names are written in ASCII)"),
    ('tap("\u00e9', "a string is left open"),
    ('"\u00e9" "\u00e9"', "is not clingo syntax (syntax error, unexpected <STRING>)"),
    ("#script (python) import os #end", "is not clingo syntax"),
    ("tap(X) } . #show a", "is one rule body"),
    ("tap(X) }  #show a", "is not clingo syntax (syntax error, unexpected }"),
    ("tap(" + "f(" * 30 + "X" + ")" * 31, "nests more than 20 levels deep"),
    # (a compound term no rule nor fact writes, here in place of a counter kind: a typo, never a silent "no")
    ("counters_put(ballista, pp1p1(1), N)", "'pp1p1(...)' is no term an outcome could hold (no rule of pyrules nor "
                                            "fact of this situation writes it)"),
    ("counters_put(ballista, pp1p1(1), 6)", "'pp1p1(...)' is no term an outcome could hold"),
    ("counters_put(ballista, p1p1, N), not counters_put(ballista, pp1p1(1), N)", "'pp1p1(...)' is no term"),
    # (an ability's id: ab(card, number) as printed; another number or shape could hold in no outcome)
    ('counters_put(ballista, p1p1, N), not can_activate(alice, ballista, ab("Walking Ballista", 9))',
     "'ab(\"Walking Ballista\",9)' is no ability of a card of this situation"),
    ('counters_put(ballista, p1p1, N), not can_activate(alice, ballista, ab("Walking Ballista"))',
     "an ability's id is ab(card, number), with 2 arguments, not 1"),
])
def test_bad_queries_are_one_line_errors(query, message):
    result = pyrules.solve(BALLISTA)
    with pytest.raises(InputError, match=None) as info:
        result.query(query)
    assert message in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("query, message", [
    ("tap(X), X = birdz", "'birdz' is not an object of this situation; did you mean birds?"),
    ("tap(X), X != birdz", "'birdz' is not an object of this situation; did you mean birds?"),
    ("tap(X), birdz = X", "'birdz' is not an object of this situation; did you mean birds?"),
    ("tap(X), X = alice", "'alice' is a player, not an object"),
    ("mana_added(P, C, 1), P = alicee", "'alicee' is not a player of this situation; did you mean alice?"),
    ("mana_added(P, C, 1), C = green", "'green' is not a type of mana (w, u, b, r, g, c); did you mean g?"),
    ('mana_added(alice, G, 1), G = "g"', "'\"g\"' is not a type of mana (w, u, b, r, g, c); did you mean g?"),
    ("mana_added(P, C, N), N < foo", "'foo' is not a number"),
    ("#count{ C : mana_added(alice, C, 1), C = green } = 1", "'green' is not a type of mana"),
    ("mana_added(alice, C, 1), #count{ X : tap(X), X = birdz } = 0", "'birdz' is not an object"),
    ("mana_added(alice, C, 1), tap(X) : X = birdz", "'birdz' is not an object"),
])
def test_a_value_compared_with_a_variable_is_checked_as_its_atoms_arguments(query, message):
    """docs/queries.md: every id and word is checked, so a typo is an error, never a silent 'no': also a value
    set beside a variable by a comparison, checked as the arguments where that variable stands."""
    result = pyrules.solve(BIRDS)
    for ask in (result.query, lambda text: pyrules.solve(BIRDS, where=text)):
        with pytest.raises(InputError) as info:
            ask(query)
        assert message in str(info.value) and "\n" not in str(info.value)


def test_values_compared_with_variables_are_answered_when_they_are_right(capsys):
    result = pyrules.solve(BIRDS)
    assert result.query("tap(X), X = birds", "always").bindings == ({"X": "birds"},)
    assert result.query('mana_added(P, C, N), P = "alice", C = g, N >= 1').bindings == (
        {"P": "alice", "C": "g", "N": 1},)
    assert result.always("tap(X), X != forest1") is True
    assert len(pyrules.solve(BIRDS, constraints=":- mana_added(P, g, 1), P = alice.")) == 4
    for argv, message in [(("outcomes", BIRDS, "--constraint", ":- mana_added(P, g, 1), P = alicee."), "'alicee'"),
                          (("explain", BIRDS, "--atom", "mana_added(P, C, 1), C = green"), "did you mean g?"),
                          (("outcomes", BIRDS, "--maximize", "N, C : mana_added(alice, C, N), C = green"), "'green'")]:
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "") and message in err and len(err.splitlines()) == 1


def test_an_id_that_is_a_word_is_read_as_the_id_where_only_ids_stand(tmp_path):
    """``tap(forest)`` names the object called forest; so does ``tap(X), X = forest``."""
    path = tmp_path / "forest.yaml"
    path.write_text("players: [alice, bob]\nobjects:\n  - {id: forest, card: Forest, controller: alice}\n"
                    "question: {activate: forest}\n")
    result = pyrules.solve(str(path))
    assert result.always("tap(forest)") is True
    assert result.always("tap(X), X = forest") is True


UNSAFE = "clingo finds the variable N unsafe: a variable gets its value from an atom not under 'not'"


def test_an_unsafe_variable_clingo_finds_is_said_in_the_users_words(capsys, tmp_path):
    """The query's own checks take '#count{...} = N' to bind N; clingo does not (N is also inside the braces). Its
    error showed the rule pyrules made (_query(1,(N,)):-[#inc_query_1];...); over a sequence, and in matches(), it
    was a traceback (RuntimeError)."""
    text = "tap(birds), #count{ C : mana_added(alice, C, N) } = N"
    sequence = tmp_path / "seq-birds.yaml"
    sequence.write_text("players: [alice, bob]\nobjects:\n  - {id: birds, card: Birds of Paradise, controller: alice}\n"
                        "actions:\n  - activate: birds\n")
    for situation in (BIRDS, str(sequence)):
        result = pyrules.solve(situation)
        for ask in (result.query, result.matches, result.where):
            with pytest.raises(InputError) as info:
                ask(text)
            assert UNSAFE in str(info.value) and "_query" not in str(info.value) and "\n" not in str(info.value)
    code, out, err = run(capsys, "query", BIRDS, "--sometimes", text)
    assert (code, out) == (2, "") and err.startswith(f"pyrules: --sometimes: '{text}': {UNSAFE}")


@pytest.mark.parametrize("rules, place, statement, variable", [
    (":- not tap(X).", "--constraint", "#false :- not tap(X).", "X"),
    ("a(X) :- tap(Y).", "--constraint", "a(X) :- tap(Y).", "X"),
    ("ok :- tap(birds).\n:- tap(X), Y > 2.", "--constraint", "#false :- tap(X); Y > 2.", "Y"),
])
def test_an_unsafe_rule_is_a_one_line_error(rules, place, statement, variable):
    """Each was a traceback: RuntimeError: grounding stopped because of errors."""
    with pytest.raises(InputError) as info:
        pyrules.solve(BIRDS, constraints=rules)
    assert str(info.value) == f"{place}: '{statement}': {UNSAFE.replace('N', variable)}" + \
        " (outside an aggregate's braces, if it is used outside them)"


def test_an_unsafe_rule_of_a_file_is_named_by_its_line(tmp_path):
    rules = tmp_path / "rules.lp"
    rules.write_text("ok :- tap(birds).\n:- not tap(X).\n")
    with pytest.raises(InputError, match=rf"^{re.escape(str(rules))}:2: '#false :- not tap\(X\).': clingo finds"):
        pyrules.solve(BIRDS, constraints=str(rules))


# -- constraints ------------------------------------------------------------------------------------
def test_constraints_remove_outcomes(tmp_path):
    assert texts(pyrules.solve(BALLISTA, constraints=":- counters_put(ballista, p1p1, 6).")) == [
        ["counters_put(ballista,p1p1,5)", "move(ballista,stack,battlefield)"]]
    rules = tmp_path / "big.lp"
    rules.write_text("% my own predicate\nbig(O) :- counters_put(O, p1p1, N), N > 5.\n:- big(ballista).\n")
    result = pyrules.solve(BALLISTA, constraints=[str(rules)])
    assert texts(result) == [["counters_put(ballista,p1p1,5)", "move(ballista,stack,battlefield)"]]
    assert result.options.constraints == (str(rules),)
    assert len(pyrules.solve(BALLISTA, constraints=rules)) == 1  # a Path
    # constraints apply to queries too
    assert pyrules.ask(BALLISTA, "counters_put(ballista, p1p1, 6)", constraints=str(rules)).holds is False


@pytest.mark.parametrize("text, message", [
    ("controller(X, Y) :- tap(X).", "controller is a predicate of pyrules' encodings: choose another name"),
    ("tap(X) :- counters_put(X, p1p1, 5).", "tap is an outcome predicate: constraints may read it, not define it"),
    ("#script (python)\nimport os\n#end.", "not #script"),
    ("#show tap/1.", "not #show"),
    ("#include \"x.lp\".", "#include is not accepted"),
    ("#include \"/etc/passwd\".", "#include is not accepted"),
    (':- tap("#include").', "#include is not accepted (not even in a comment or a string)"),
    # a '"' in a comment hid the directive from a check on the text (issue 28)
    ('% "\n#include "x.lp".\n:- tap(x). % "', "#include is not accepted"),
    ('%* " *%\n#include "x.lp".', "#include is not accepted"),
    # a character beyond ASCII that a '"' in a comment hid: clingo's message about it aborted the process
    ('% "\n:- tap(\u00e9). % "', "is not clingo syntax (lexer error, a character beyond ASCII outside a string)"),
    ('% "\n:- tap(' + "f(" * 45 + "x" + ")" * 46 + '. % "', "the constraint nests parentheses more than 40 levels"),
    ("#external a.", "not #external"),
    ("{ mine }.", "a rule's head is one atom"),
    (":- _pay_failed(X).", "_pay_failed/1 is not an outcome predicate"),
    (":- countersput(X, Y, Z).", "did you mean counters_put?"),
    ("#minimize{ 1 : tap(X) }.", "#minimize (use --maximize/--minimize)"),
    ("#program step(t).", "#program parts are not accepted"),
    (":- tap(" + "f(" * 5000 + "x" + ")" * 5001 + ".", "the constraint nests parentheses more than 40 levels deep"),
    (":- tap(", "is not clingo syntax"),
])
def test_constraints_cannot_touch_internals(text, message):
    assert_refused(message, constraints=text)


@pytest.mark.parametrize("text, message", [
    ("big(O) :- counters_put(O, p1p1, N), N > 5. :- big(balista).",
     "'balista' is not an id of this situation or a word pyrules uses; did you mean ballista?"),
    ("r(O, K) :- counters_put(O, K, N). :- r(ballista, stak).", "'stak' is not an id of this situation"),
])
def test_an_id_or_word_read_from_a_users_own_predicate_is_checked(text, message):
    """A typo there was a silent "no": the constraint never held, and the outcome it should remove stayed."""
    assert_refused(message, constraints=text)


def test_a_users_own_words_may_be_read_back():
    rules = "size(O, large) :- counters_put(O, p1p1, N), N > 5. :- size(ballista, large)."
    assert texts(pyrules.solve(BALLISTA, constraints=rules)) == [
        ["counters_put(ballista,p1p1,5)", "move(ballista,stack,battlefield)"]]


def assert_refused(message: str, **arguments) -> None:
    with pytest.raises(InputError) as info:
        pyrules.solve(BALLISTA, **arguments)
    assert message in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("text, message", [
    # issue 28: grounding this never ended, whatever --timeout said
    ("n(0) :- counters_put(ballista,p1p1,_). n(X+1) :- n(X).",
     "--constraint: 'n((X+1)) :- n(X).': n is defined through itself with a value built by '(X+1)': its grounding "
     "might never end"),
    ("n(0) :- tap(_). m(Y) :- n(X), Y = X*2. n(Y) :- m(Y).", "m is defined through itself with a value built by '(X*2)'"),
    ("n(0) :- tap(_). n(X) :- n(Y), X = -Y.", "n is defined through itself with a value built by '-Y'"),
    ("n(0) :- tap(_). n(f(X)) :- n(X).", "n is defined through itself with a value built by 'f(X)'"),
    ("n(0) :- tap(_). n(K) :- K = #count { X : n(X) }.", "n is defined through itself with a value built by 'K = #count"),
    ("n(a) :- tap(_). n(Y) :- n(X), Y = f(X).", "n is defined through itself with a value built by 'f(X)'"),
])
def test_recursion_that_builds_values_is_refused(text, message):
    from pyrules.engine.query import parse_constraints

    with pytest.raises(InputError) as info:
        parse_constraints([("--constraint", text)], _ballista_situation())
    assert message in str(info.value) and "\n" not in str(info.value)


def test_recursion_over_existing_values_is_accepted():
    """Values a recursion only passes on (a closure) are finitely many: accepted."""
    rules = ("hop(1,2) :- tap(_). hop(2,3) :- tap(_). reach(X,Y) :- hop(X,Y). reach(X,Z) :- reach(X,Y), hop(Y,Z).\n"
             "n(X+1) :- counters_put(ballista, p1p1, X).\n:- n(7).")  # arithmetic without recursion
    assert texts(pyrules.solve(BALLISTA, constraints=rules)) == [
        ["counters_put(ballista,p1p1,5)", "move(ballista,stack,battlefield)"]]


# -- numbers clingo cannot hold are refused, never wrapped (issue 28) ----------------------------------
BEYOND = "beyond what clingo holds (-2,147,483,648 to 2,147,483,647): it would be wrapped"


@pytest.mark.parametrize("query, message", [
    # said yes: 5 + 2147483647 wrapped to a negative number
    ("counters_put(ballista,p1p1,N), N + 2147483647 < 0",
     f"<query>: 'counters_put(ballista,p1p1,N), N + 2147483647 < 0': (N+2147483647) could be 2,147,483,649 to "
     f"2,147,483,653, {BEYOND}"),
    ("counters_put(ballista,p1p1,N), M = N*400000000, M > 0", "(N*400000000) could be 800,000,000 to 2,400,000,000"),
    ("counters_put(ballista,p1p1,N), N**N**N > 0", "(N**(N**N)) could be"),
    ("counters_put(O,p1p1,N), -(N - 2147483647 - 100) > 0", "((N-2147483647)-100) could be"),
    ("counters_put(ballista,p1p1,N), #sum{ X*300000000,X : counters_put(_,_,X) } > 0",
     "0 < #sum { (X*300000000),X: counters_put(_,_"),
    ("counters_put(ballista,p1p1,N), N < 99999999999",
     "the number 99999999999 is beyond what clingo holds (-2,147,483,648 to 2,147,483,647)"),  # read as 1215752191
    ("tap(X), 0x100000000 > 1", "the number 0x100000000 is beyond what clingo holds"),
    # an atom without variables is read apart (as a term): it was answered "no" about the wrapped number
    ("counters_put(ballista,p1p1,99999999999)", "the number 99999999999 is beyond what clingo holds"),
    # too long for Python's int() of text: it was read as 0, and the query answered "no"
    ("counters_put(ballista,p1p1," + "9" * 5000 + ")", "the number 99999"),
    ("counters_put(ballista,p1p1,N), N < " + "9" * 5000, "the number 99999"),
    # the minus of -2147483648 (written 2147483648 under two minuses) wraps to -2147483648
    ("counters_put(ballista,p1p1,N), N > --2147483648", "the number --2147483648 is beyond what clingo holds"),
    ("counters_put(ballista,p1p1,N), N > -(-2147483648)", "the number -(-2147483648) is beyond what clingo holds"),
])
def test_queries_that_could_overflow_are_refused(query, message):
    with pytest.raises(InputError) as info:
        pyrules.solve(BALLISTA).query(query)
    assert message in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("query, values", [
    ("counters_put(ballista,p1p1,N), N + 2147483640 > 0", [5, 6]),  # the largest counter 6 still fits
    ("counters_put(ballista,p1p1,N), N - 1 > 4", [6]),
    ("counters_put(ballista,p1p1,N), 2**N > 40", [6]),
    ("counters_put(ballista,p1p1,N), M = N*300000000, M > 1700000000", [6]),
    ("counters_put(ballista,p1p1,N), -2147483647 - 1 < N", [5, 6]),
    ("counters_put(ballista,p1p1,N), -2147483648 < N", [5, 6]),  # the least number clingo holds (it was refused)
    ("counters_put(ballista,p1p1,N), - 2147483648 < N", [5, 6]),
])
def test_arithmetic_within_range_is_answered(query, values):
    assert [b["N"] for b in pyrules.solve(BALLISTA).query(query).bindings] == values


@pytest.mark.parametrize("arguments, message", [
    # reported the optimum 1705032704 (6 * 10**9 wrapped)
    ({"maximize": "N*1000000000,N : counters_put(ballista,p1p1,N)"},
     f"--maximize: 'N*1000000000,N : counters_put(ballista,p1p1,N)': (N*1000000000) could be 2,000,000,000 to "
     f"6,000,000,000, {BEYOND}"),
    # each weight fits, their sum does not: clasp would add them in 32 bits
    ({"maximize": "N*300000000,N,O : counters_put(O,p1p1,N)"},
     "--maximize: 'N*300000000,N,O : counters_put(O,p1p1,N)': its sum could reach 6,000,000,000, beyond what clingo "
     "holds (2,147,483,647): it would be wrapped"),
    ({"constraints": "big(N*10) :- counters_put(_,p1p1,N). huge(M*100000000) :- big(M). :- huge(X), X > 0."},
     f"--constraint: 'huge((M*100000000)) :- big(M).': (M*100000000) could be 2,000,000,000 to 6,000,000,000, {BEYOND}"),
    ({"constraints": ":- counters_put(_,p1p1,N), N > 4294967301."}, "the number 4294967301 is beyond what clingo holds"),
])
def test_rules_and_objectives_that_could_overflow_are_refused(arguments, message):
    assert_refused(message, **arguments)


def test_rules_and_objectives_within_range():
    # (the sum of every weight as grounded, 2+3+4+5+6 counters times 10**8, must fit: it does)
    assert pyrules.solve(BALLISTA, maximize="N*100000000,N : counters_put(ballista,p1p1,N)").optimum == 600_000_000
    rules = "big(N*10) :- counters_put(_,p1p1,N). huge(M*1000000) :- big(M). :- huge(X), X > 55000000."
    assert texts(pyrules.solve(BALLISTA, constraints=rules)) == [
        ["counters_put(ballista,p1p1,5)", "move(ballista,stack,battlefield)"]]


@pytest.mark.parametrize("weight", ["foo", "ballista", '"x"', "f(N)"])
def test_an_objective_whose_weight_is_no_number_is_refused(weight):
    """clingo leaves out an element whose weight is not a number: the optimum would be of nothing (0 outcomes)."""
    with pytest.raises(InputError, match="its weight is not a number where it holds"):
        pyrules.solve(BALLISTA, maximize=f"{weight} : counters_put(ballista,p1p1,N)")


def test_arithmetic_undefined_in_a_query_is_refused():
    """clingo takes a literal whose arithmetic is undefined as false: "N / 0" answered a plain no."""
    with pytest.raises(InputError, match=r"its arithmetic is undefined where it is asked \(operation undefined"):
        pyrules.ask(BALLISTA, "counters_put(ballista,p1p1,N), M = N / 0")


@pytest.mark.parametrize("extra, error, message", [
    (("--bogus-flag",), InputError, "extra: '--bogus-flag': clingo does not take it"),
    (("--models=1",), InputError, "extra: '--models=1': pyrules sets how clingo enumerates and projects"),
    ("--sat-prepro=2", TypeError, "extra must be a list of clingo's options"),
])
def test_clingos_options_are_checked_before_clingo_sees_them(extra, error, message):
    """clingo's RuntimeError came out of the API; an option pyrules sets itself (--models) would cut the outcomes
    short silently."""
    from pyrules.engine.solver import SolveOptions

    with pytest.raises(error, match=re.escape(message)):
        pyrules.solve(BALLISTA, options=SolveOptions(extra=extra))


def test_a_mode_other_than_sometimes_or_always_is_an_input_error():
    with pytest.raises(InputError, match="mode: is 'sometimes' or 'always', not 'often'"):
        pyrules.ask(BALLISTA, "counters_put(ballista,p1p1,N)", "often")


def test_a_missing_constraint_file_is_an_error(tmp_path):
    with pytest.raises(InputError, match=r"missing\.lp: no such file$"):
        pyrules.solve(BALLISTA, constraints=str(tmp_path / "missing.lp"))


# -- objectives ----------------------------------------------------------------------------------------
def test_maximize_and_minimize_keep_every_optimal_outcome():
    most = pyrules.solve(BALLISTA, maximize="N : counters_put(ballista, p1p1, N)")
    assert (texts(most), most.optimum) == ([["counters_put(ballista,p1p1,6)", "move(ballista,stack,battlefield)"]], 6)
    least = pyrules.solve(BALLISTA, minimize="N : counters_put(ballista, p1p1, N)")
    assert (texts(least), least.optimum) == ([["counters_put(ballista,p1p1,5)", "move(ballista,stack,battlefield)"]], 5)
    ties = pyrules.solve(BIRDS, maximize="tap(O)")  # a query alone: the number of its matches; all five tie
    assert (len(ties), ties.optimum) == (5, 1)
    assert pyrules.solve(BIRDS, minimize="1 : mana_added(alice, g, 1)").optimum == 0
    assert len(pyrules.solve(BIRDS, minimize="1 : mana_added(alice, g, 1)")) == 4


def test_an_objective_that_no_outcome_has_keeps_every_outcome():
    """No outcome of the Birds has bob losing life: each is optimal, with 0 (it was "0 outcomes", on one step and over
    a sequence's outcomes alike)."""
    none = pyrules.solve(BIRDS, maximize="N : life_lost(bob, N)")
    assert (len(none), none.optimum) == (5, 0)
    assert len(pyrules.solve(BIRDS, minimize="N : life_lost(bob, N)")) == 5
    over_a_line = pyrules.solve(COMBAT, maximize="N : life_lost(alice, N)")
    assert (len(over_a_line), over_a_line.optimum) == (6, 0)


@pytest.mark.parametrize("situation", [BALLISTA, SEQUENCE], ids=["one-step", "sequence"])
@pytest.mark.parametrize("sense", ["maximize", "minimize"])
def test_an_objective_that_holds_in_no_outcome_keeps_every_outcome(situation, sense):
    """Nothing is tapped: every outcome has 0 taps, so every one is optimal (none was listed: where the objective
    grounds to nothing, clingo proves no optimum)."""
    every = pyrules.solve(situation)
    optimal = pyrules.solve(situation, **{sense: "tap(O)"})
    assert (texts(optimal), optimal.optimum) == (texts(every), 0) and len(every) >= 1


@pytest.mark.parametrize("text, message", [
    ("N@2 : counters_put(ballista, p1p1, N)", "priorities (@) are pyrules' own"),
    ("N : counters_put(ballista, p1p1, N) } . #show a", "is one element"),
    ("N : foo(N)", "foo/1 is not an outcome predicate"),
    ("", "say what to maximize"),
    ("%\n", "the query is empty"),
    ("N : tap(O), N = " + "f(" * 3000 + "1" + ")" * 3000, "levels deep"),
])
def test_bad_objectives(text, message):
    assert_refused(message, maximize=text)


def test_one_objective_at_a_time():
    with pytest.raises(InputError, match="give one objective"):
        pyrules.solve(BALLISTA, maximize="tap(O)", minimize="tap(O)")


# -- the command line -----------------------------------------------------------------------------------
def test_cli_query_with_a_variable(capsys):
    assert run(capsys, "query", BALLISTA, "--sometimes", "counters_put(ballista, p1p1, N), N >= 5") == (
        0, "yes: counters_put(ballista, p1p1, N), N >= 5 holds in some outcome\n  N = 5\n  N = 6\n", "")
    code, out, _ = run(capsys, "query", BALLISTA, "--always", "counters_put(ballista, p1p1, N), N > 5", "--json")
    assert code == 1 and json.loads(out)["holds"] is False


def test_cli_where_and_count(capsys):
    code, out, err = run(capsys, "query", BALLISTA, "--where", "counters_put(ballista, p1p1, 6)")
    assert (code, err) == (0, "") and out.splitlines()[1:] == [
        "Outcome 1:", "  counters_put(ballista,p1p1,6)", "  move(ballista,stack,battlefield)"]
    code, out, _ = run(capsys, "query", BALLISTA, "--where", "counters_put(ballista, p1p1, 7)", "--count", "--json")
    assert code == 1 and json.loads(out)["count"] == 0
    code, out, _ = run(capsys, "query", BIRDS, "--count")
    assert code == 0 and out.startswith(f"{BIRDS}: 5 outcomes  [")
    code, out, _ = run(capsys, "outcomes", BIRDS, "--count", "--json", "--limit", "2")
    assert code == 0 and (json.loads(out)["count"], json.loads(out)["truncated"]) == (2, True)


def test_cli_maximize_and_constraint(capsys):
    code, out, _ = run(capsys, "outcomes", BALLISTA, "--maximize", "N : counters_put(ballista, p1p1, N)")
    assert code == 0 and out.splitlines()[0].startswith(f"{BALLISTA}: 1 outcome (optimum 6)  [")
    code, out, _ = run(capsys, "outcomes", BALLISTA, "--constraint", ":- counters_put(ballista, p1p1, 6).",
                       "--json")
    assert code == 0 and [o["atoms"] for o in json.loads(out)["outcomes"]] == [
        ["counters_put(ballista,p1p1,5)", "move(ballista,stack,battlefield)"]]
    code, out, err = run(capsys, "outcomes", BALLISTA, "--constraint", "#script (python) import os #end.")
    assert (code, out) == (2, "") and err == ("pyrules: --constraint: only rules and constraints over outcome atoms "
                                              "are accepted, not #script\n")


def test_cli_stream(capsys):
    code, out, _ = run(capsys, "outcomes", BIRDS, "--stream", "--limit", "2")
    lines = out.splitlines()
    assert code == 0 and [line for line in lines if line.startswith("Outcome")] == ["Outcome 1:", "Outcome 2:"]
    assert lines[-1].startswith(f"{BIRDS}: 2 outcomes (truncated at --limit 2)")
    code, out, _ = run(capsys, "outcomes", BIRDS, "--stream", "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r.get("outcome") for r in records] == [1, 2, 3, 4, 5, None]
    assert records[-1]["summary"]["count"] == 5 and sorted(r["atoms"][0] for r in records[:5]) == sorted(
        f"mana_added(alice,{t},1)" for t in "bgruw")


def test_cli_undecided_query_exits_3(capsys, monkeypatch):
    from pyrules.engine.solver import Grounding

    def stopped(self, mode):  # as if --timeout stopped clingo before any model
        self.timed_out = True
        return None

    monkeypatch.setattr(Grounding, "_consequence_models", stopped)
    assert run(capsys, "query", BIRDS, "--sometimes", "tap(O)", "--timeout", "5") == (
        3, "undecided: tap(O) (stopped at --timeout 5 s)\n", "")


@pytest.mark.parametrize("command", ["outcomes", "query", "diff", "check", "explain", "cards import"])
def test_every_command_has_examples_in_its_help(command, capsys):
    with pytest.raises(SystemExit):
        main([*command.split(), "--help"])
    out = capsys.readouterr().out
    assert "examples:\n  pyrules " + command in out
    if command not in ("check", "cards import"):
        assert "--timeout SECONDS" in out and "--limit N" in out and "--constraint FILE.lp|ASP" in out


def test_check_with_a_timeout(capsys):
    case = ROOT / "pyrules" / "corpus" / "replacement" / "doubling-season-hangarback-and-scales.yaml"
    code, out, _ = run(capsys, "check", case, "--timeout", "60")
    assert code == 0 and out.splitlines()[-1] == "1 passed, 0 failed"


# -- long runs on a sequence of actions ----------------------------------------------------------------
LEGEND = str(ROOT / "pyrules" / "corpus" / "sequences" / "legend-rule-keeps-one.yaml")  # two outcomes


def test_a_limit_cuts_a_sequence_of_actions():
    every = pyrules.solve(LEGEND)
    first = pyrules.solve(LEGEND, limit=1)
    assert len(every) == 2 and not every.truncated
    assert (texts(first), first.truncated) == (texts(every)[:1], True)


def test_a_timeout_stops_a_sequence_of_actions(monkeypatch):
    import pyrules.play.sequence as sequence

    assert not pyrules.solve(LEGEND, timeout=100).timed_out
    clock = iter([0.0] + [1000.0] * 1000)  # the deadline is passed by the first step
    monkeypatch.setattr(sequence.time, "perf_counter", lambda: next(clock))
    stopped = pyrules.solve(LEGEND, timeout=5)
    assert (len(stopped), stopped.truncated, stopped.timed_out) == (0, True, True)


def test_atoms_as_plain_tuples():
    six = pyrules.solve(BALLISTA, where="counters_put(ballista, p1p1, 6)")[0]
    assert six.tuples() == [("counters_put", "ballista", "p1p1", 6), ("move", "ballista", "stack", "battlefield")]
    assert six.tuples("move") == [("move", "ballista", "stack", "battlefield")]
    assert pickle.loads(pickle.dumps(six.tuples())) == six.tuples()


# -- any text is answered or refused in one line --------------------------------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PIECES = st.sampled_from(["tap(", "O", ")", ",", " not ", "N", ">=", "5", "counters_put(", "ballista", "p1p1",
                           "#count{", ":", "}", ".", ":-", "#script", "(python)", "#end", "\"", "_", "@f(", "=",
                           "1..3", ";", "%", "\n", "-", "x", "f(", "move(", "stack", "battlefield"])
_TEXT = st.lists(_PIECES, max_size=14).map("".join) | st.text(max_size=40)


def _parse_query(text):
    from pyrules.engine.query import parse_query

    parse_query(text, _ballista_situation(), "--sometimes")


def _parse_constraint(text):
    from pyrules.engine.query import parse_constraints

    parse_constraints([("--constraint", text)], _ballista_situation())


def _parse_objective(text):
    from pyrules.engine.query import parse_objective

    parse_objective(text, "maximize", _ballista_situation(), "--maximize")


@pytest.mark.parametrize("parse", [_parse_query, _parse_constraint, _parse_objective],
                         ids=["query", "constraint", "objective"])
@settings(max_examples=150, deadline=None)
@given(text=_TEXT)
def test_any_text_is_answered_or_refused_in_one_line(parse, text):
    try:
        parse(text)
    except InputError as error:
        assert "\n" not in str(error)


_SITUATION: list = []


def _ballista_situation():
    if not _SITUATION:
        from pyrules.situation.loader import load_situation

        _SITUATION.append(load_situation(BALLISTA))
    return _SITUATION[0]


# -- no program makes clingo read a file (issue 28) ----------------------------------------------------
class _Watched:
    """A FIFO that counts how often it is opened for reading: a thread waits to open its other end,
    which succeeds only once a reader has opened it; the reader is given `secret(x).`, and the thread
    waits a little for it to see the end before opening again (else one reader would count twice)."""

    def __init__(self, path: Path):
        import os
        import threading

        os.mkfifo(path)
        self.path, self.opened, self.stopping = path, 0, False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        import os
        import time

        while True:
            fd = os.open(self.path, os.O_WRONLY)  # waits for a reader
            if self.stopping:
                os.close(fd)
                return
            self.opened += 1
            os.write(fd, b"secret(x).\n")
            os.close(fd)
            time.sleep(0.2)

    def close(self) -> None:
        import os

        self.stopping = True
        fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)  # lets the thread's last open return
        self.thread.join(5)
        os.close(fd)


@pytest.fixture(scope="module")
def watched(tmp_path_factory):
    from clingo import ast

    fifo = _Watched(tmp_path_factory.mktemp("include") / "secret.lp")
    read = []
    ast.parse_string(f'#include "{fifo.path}".', read.append)  # the watch itself sees clingo read it
    assert fifo.opened == 1 and "secret(x)." in map(str, read)
    yield fifo
    fifo.close()


def _pieces(target: str):
    """Pieces of program text: comments of both kinds (nested, with quotes and '%' inside), strings with
    escapes, rules, and the directives that must never take effect."""
    inner = st.sampled_from(['"', '\\"', "\\\\", "\\n", "%", "%*", "*%", "x", " ", ":- tap(x).", "#include",
                             f'"{target}"', "é"])
    words = st.lists(inner, max_size=5).map("".join)
    string = st.lists(st.sampled_from(['\\"', "\\\\", "\\n", "%", "%*", "*%", "#include", "x", "é", " "]),
                      max_size=4).map(lambda parts: '"' + "".join(parts) + '"')
    quoted = st.sampled_from(['% "', '%* " *%', '%* %* " *% *%', '%*" % *% *%'])
    directive = st.sampled_from([f'#include "{target}".', f'#include"{target}"  .', "#script (python)\nimport os\n#end."])
    return st.one_of(
        # a directive between two comments holding a '"': what hid it from a check on the text
        st.tuples(quoted, directive, quoted).map("\n".join),
        words.map(lambda w: f"% {w}\n"),
        words.map(lambda w: f"%* {w} *%"),
        words.map(lambda w: f"%* %* {w} *% *%"),
        string.map(lambda s: f"mine({s}) :- tap(x). "),
        st.sampled_from([f'#include "{target}".', "#include <incmode>.", f'#include"{target}".',
                         "#script (python)\nimport os\n#end.", "#external e.", ":- tap(x). ", "mine(1) :- tap(x). ",
                         '"', "\n", "@f(x)", ":- secret(x). "]),
    )


@pytest.mark.parametrize("parse", [_parse_query, _parse_constraint, _parse_objective],
                         ids=["query", "constraint", "objective"])
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_no_program_makes_clingo_read_a_file(watched, parse, data):
    text = "".join(data.draw(st.lists(_pieces(str(watched.path)), max_size=8)))
    before = watched.opened
    try:
        parse(text)
        refused = None
    except InputError as error:
        refused = str(error)
    assert watched.opened == before, "clingo read the file an #include names"
    if "#include" in text:
        assert refused is not None  # for the directive, or for what comes first
    if refused is not None:
        assert "\n" not in refused


def test_a_sequences_queries_match_every_outcome_that_holds_them():
    """The outcomes of a sequence of actions are a program for the grounder: a query whose body has a variable that
    its head lacks (_query_any) matches in every outcome that holds it, not in one only."""
    result = pyrules.solve(ROOT / "pyrules" / "corpus" / "sequences" / "a-trigger-divides-its-damage.yaml")
    losing = [o for o in result if any(a.name == "life_lost" for a in o.atoms)]
    assert len(result) == 9 and len(losing) == 8
    assert list(result.where("life_lost(P, N)")) == losing
    assert [m.index for m in result.matches("life_lost(P, N), N > 1")] == [0, 1, 2, 4, 5, 7]
