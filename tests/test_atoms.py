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


FOREST_SPELL = """\
    players: [alice, bob]
    objects:
      - {id: forest, card: Divination, owner: alice, zone: hand}
      - {id: i1, card: Island, controller: alice}
      - {id: i2, card: Island, controller: alice}
      - {id: i3, card: Island, controller: alice}
    question:
      cast: forest
    """


def test_an_id_that_is_a_word_of_pyrules_needs_no_quotes_inside_terms_either(write, capsys):
    """A Divination whose id is `forest` (a land type of pyrules' vocabulary): inside stack(1, spell(...)) only an
    id (or a compound term) goes, so the bare word is the id there; once read as the land type, a silent "no"
    (issue 35)."""
    path = write("forest.yaml", FOREST_SPELL)
    outcomes = solve(path)
    assert "stack(1,spell(forest))" in outcomes[0].texts
    for written in ("stack(1, spell(forest))", 'stack(1, spell("forest"))'):
        assert outcomes.always(written) is True
        assert main(["query", str(path), "--always", written]) == 0
    assert main(["outcomes", str(path)]) == 0
    assert "  stack(1,spell(forest))\n" in capsys.readouterr().out


@pytest.mark.sweep
def test_nested_id_places_hold_ids_or_compound_terms_only():
    """NESTED_ID_PLACES against every term in the corpus's outcomes: each id inside a term is at one of its
    places, and nothing but an id or a compound term is ever at one."""
    from clingo import SymbolType

    from pyrules.engine.atoms import NESTED_ID_PLACES
    from pyrules.regression import case_files

    missing, wrong = set(), set()

    def walk(term, nested, ids, name):
        if term.type != SymbolType.Function:
            return
        signature = f"{term.name}/{len(term.arguments)}"
        places = NESTED_ID_PLACES.get(signature, ()) if nested else ()
        for i, arg in enumerate(term.arguments):
            is_id = arg.type == SymbolType.String and arg.string in ids
            if nested and is_id and i not in places:
                missing.add((signature, i, name))
            if i in places and not is_id and not (arg.type == SymbolType.Function and arg.arguments):
                wrong.add((signature, i, str(arg), name))
            walk(arg, True, ids, name)

    for path in case_files():
        try:
            outcomes = solve(path, limit=50)
        except InputError:
            continue
        situation = outcomes.situation
        ids = {o.id for o in situation.objects} | {p.name for p in situation.players} | \
              {a.id for a in situation.stack_abilities}
        for outcome in outcomes:
            for atom in outcome.atoms:
                walk(atom, False, ids, path.name)
    assert not missing and not wrong, (sorted(missing)[:10], sorted(wrong)[:10])


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


def test_a_token_a_granted_ability_creates_is_an_id_a_query_may_name(write, capsys):
    """The kinds of tokens a situation may create include those of the abilities its cards grant (613.1f): the token a
    granted "{T}: Create a 1/1 Soldier" makes is named in a query by its id, as one a card's own ability makes."""
    path = write("granted.yaml", """\
        cards:
          - name: Test Soldier Grounds
            cost: "{2}{W}"
            types: [enchantment]
            subtypes: [aura]
            abilities:
              - enchant: {types: [land]}
              - static: {grant: {activated: {cost: "{T}", effect: {create_tokens: {kind: soldier, count: 1}}}},
                         filter: {enchanted: true}}
        players: [alice, bob]
        objects:
          - {id: forest, card: Forest, controller: alice}
          - {id: grounds, card: Test Soldier Grounds, controller: alice, attached_to: forest}
        actions:
          - activate: {object: forest, ability: granted}
          - resolve
        """)
    assert main(["query", str(path), "--always", 'created("soldier#token1", "Soldier", battlefield)']) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("yes")
