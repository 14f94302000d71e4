"""Query atoms are checked: a typo in a predicate, an id or a word is an error, never a silent 'no'."""

from __future__ import annotations

import textwrap

import pytest
from clingo import Function, String

from pyrules import InputError, solve
from pyrules.cli import main
from pyrules.regression import run_case

POOL = """\
    players: [alice, bob]
    objects:
      - {id: pool, card: Reflecting Pool, controller: alice}
      - {id: forest1, card: Forest, controller: alice}
      - {id: mine, card: Gemstone Mine, controller: alice}
    question:
      could_produce: pool
    """


@pytest.mark.parametrize("atom, message", [
    ("could_produce(pol,r)", "'could_produce(pol,r)': 'pol' is not an object of this situation; did you mean pool?"),
    ("could_produce(pool,red)", "'could_produce(pool,red)': 'red' is not a type of mana (w, u, b, r, g, c); "
                                "did you mean r?"),
    ("could_produce(alice,g)", "'could_produce(alice,g)': 'alice' is a player, not an object"),
    ("could_produce(pool)", "'could_produce(pool)': could_produce takes 2 argument(s), not 1"),
    ("could_prodce(pool,g)", "'could_prodce(pool,g)' is not an outcome atom; did you mean could_produce?"),
    ("counters_put(pool,p1p,1)", "'counters_put(pool,p1p,1)': 'p1p' is not a kind of counter of this situation; "
                                 "did you mean p1p1?"),
    ("move(pool,battlefield,grave)", "'move(pool,battlefield,grave)': 'grave' is not a zone; did you mean graveyard?"),
    ("life_lost(bobb,1)", "'life_lost(bobb,1)': 'bobb' is not a player of this situation; did you mean bob?"),
    ("life_lost(bob,one)", "'life_lost(bob,one)': 'one' is not a number"),
    ("stack(1,ability(poool,x))", "'stack(1,ability(poool,x))': 'poool' is not an id of this situation or a word "
                                  "pyrules uses; did you mean pool?"),
], ids=lambda v: v if "(" in v and len(v) < 40 else None)
def test_query_typos_are_errors(write, capsys, atom, message):
    path = write("pool.yaml", POOL)
    assert main(["query", str(path), "--sometimes", atom]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"pyrules: --sometimes: {message}\n")


def test_quoted_ids_and_right_atoms_are_answered(write, capsys):
    path = write("pool.yaml", POOL)
    assert main(["query", str(path), "--sometimes", "could_produce(pool,g)"]) == 0
    assert main(["query", str(path), "--sometimes", 'tap("mine")']) == 1  # a fine atom that holds in no outcome
    capsys.readouterr()


def test_an_id_that_is_a_word_of_pyrules_needs_no_quotes_where_only_ids_go(write, capsys):
    """`mine` (Gemstone Mine's id) is also a word of pyrules: where an outcome atom takes an object or a player,
    it is the id, written and printed bare; the answers are those of the quoted id (issue 35)."""
    path = write("mines.yaml", POOL.replace("could_produce: pool", "activate: mine").replace(
        "Gemstone Mine, controller: alice}", "Gemstone Mine, controller: alice, counters: {mining: 3}}"))
    for written in ("tap(mine)", 'tap("mine")'):
        assert main(["query", str(path), "--always", written]) == 0
    capsys.readouterr()
    assert main(["query", str(path), "--where", "tap(mine), mana_added(alice, X, 1), X != g"]) == 0
    outcomes = solve(path)
    assert outcomes.always("tap(mine)") and outcomes.sometimes("counters_removed(mine, mining, 1)")
    assert "tap(mine)" in outcomes[0].texts
    out = capsys.readouterr().out
    assert "tap(mine)" in out and 'tap("mine")' not in out


def test_the_api_checks_strings_and_symbols(write):
    outcomes = solve(write("pool.yaml", POOL))
    assert outcomes.sometimes("could_produce(pool, g)")
    with pytest.raises(InputError, match="'pol' is not an object"):
        outcomes.sometimes("could_produce(pol, g)")
    with pytest.raises(InputError, match="'red' is not a type of mana"):
        outcomes.always(Function("could_produce", [String("pool"), Function("red")]))
    with pytest.raises(InputError, match="is not an object"):
        outcomes[0].holds("could_produce(pol, g)")
    with pytest.raises(InputError, match="'pol' is not an object"):
        outcomes.why_not("could_produce(pol, g)")


def test_expect_blocks_are_checked(write):
    path = write("case.yaml", textwrap.dedent(POOL) + "rules: [\"106.7\"]\nexpect:\n  always: could_produce(pol, g)\n",
                 dedent=False)
    result = run_case(path)
    assert result.status == "error"
    assert result.problems == [f"{path}:10: 'could_produce(pol, g)': 'pol' is not an object of this situation; "
                               "did you mean pool?"]
