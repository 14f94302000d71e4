"""Spells and abilities (issue 29): each kind of item (activated, activated while paying, cast, on the stack,
being put on it, copied) is declared once by ``stack_item(I,D,X,P)``, and its definition, source and
controller are projected from it in one block of stack.lp, so no kind can have one of the three without
the others. The first test failed on an encoding where nine kinds restated the three facts apart."""

from __future__ import annotations

import clingo.ast
from blockrun import derive

from pyrules.engine.encodings import block_at, encoding_paths

TRIPLE = ("item_definition", "item_source", "item_controller")


def _heads() -> dict[str, set[str]]:
    """Predicate of TRIPLE -> the blocks (file:name) whose rules derive it."""
    out: dict[str, set[str]] = {name: set() for name in TRIPLE}

    def note(stm, path):
        if stm.ast_type == clingo.ast.ASTType.Rule and stm.head.ast_type == clingo.ast.ASTType.Literal:
            atom = stm.head.atom
            if atom.ast_type == clingo.ast.ASTType.SymbolicAtom and atom.symbol.ast_type == clingo.ast.ASTType.Function:
                if atom.symbol.name in out:
                    b = block_at(path.name, stm.location.begin.line)
                    out[atom.symbol.name].add(b.name if b else f"{path.name}:{stm.location.begin.line}")

    for path in encoding_paths():
        clingo.ast.parse_files([str(path)], lambda stm, path=path: note(stm, path))
    return out


def test_the_definition_source_and_controller_of_an_item_are_derived_in_one_block():
    heads = _heads()
    blocks = set().union(*heads.values())
    assert len(blocks) == 1, f"item_definition/item_source/item_controller derived in {sorted(blocks)}"
    assert all(heads[name] == blocks for name in TRIPLE), heads


def test_an_item_declared_once_has_all_three():
    facts = "stack_item(ability(o,a),ab(c,1),o,alice). stack_item(s,ab(bolt,1),s,bob)."
    assert derive("stack:113.8", facts, list(TRIPLE)) == {
        "item_definition(ability(o,a),ab(c,1))", "item_source(ability(o,a),o)", "item_controller(ability(o,a),alice)",
        "item_definition(s,ab(bolt,1))", "item_source(s,s)", "item_controller(s,bob)"}


def test_an_intervening_if_on_tapped_or_untapped_is_asked_again_as_it_resolves():
    """603.4: "if this is untapped" (Howling Mine) or "if this is tapped" (a storage land), no longer true as the
    ability resolves: it does nothing; with its source gone, the answer would need last known information: refused."""
    facts = """_resolving_item(mine_t). item_definition(mine_t,ab(mine,1)). ability_if(ab(mine,1),untapped).
               item_source(mine_t,mine). permanent(mine). is_tapped(mine).
               _resolving_item(vault_t). item_definition(vault_t,ab(vault,1)). ability_if(ab(vault,1),tapped).
               item_source(vault_t,vault). permanent(vault).
               _resolving_item(kept_t). item_definition(kept_t,ab(kept,1)). ability_if(ab(kept,1),tapped).
               item_source(kept_t,kept). permanent(kept). is_tapped(kept).
               _resolving_item(gone_t). item_definition(gone_t,ab(gone,1)). ability_if(ab(gone,1),untapped).
               item_source(gone_t,gone)."""
    assert derive("stack:603.4", facts, ("not_resolved", "unsupported")) == {
        "not_resolved(mine_t)", "not_resolved(vault_t)", "unsupported(an_intervening_if_of_a_source_gone(gone_t))"}
