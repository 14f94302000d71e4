"""Run one ``@rule`` block of ``asp/`` alone on a few hand-written facts (issue 29), in the way Draco 2
tests its constraints: the block's own statements, read from its file by their lines (so clingo's
messages name the real file and line), plus the facts; what the block reads from other blocks or
files is given as facts. Every model is returned, projected onto the predicates asked for.

    >>> derive("sba:704.5m", "_illegally_attached(a). has_subtype(a,aura).", "to_graveyard")
    {'to_graveyard(sba(a),a,battlefield)'}

A test says which block it tests with ``@covers("sba:704.5m")``; tests/blocks/test_coverage.py
fails when a block of the files it covers has no test.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import clingo
import clingo.ast
import pytest

from pyrules.engine.encodings import block

#: The files whose every block has at least one test of its own.
COVERED = ("filters.lp", "replacement.lp", "sba.lp", "combat.lp")


def covers(*names: str):
    """Mark a test as testing the blocks ``names`` (each checked to exist by test_coverage.py)."""
    return pytest.mark.rule_block(*names)


def _statements(names: Iterable[str]) -> list[clingo.ast.AST]:
    out: list[clingo.ast.AST] = []
    for name in names:
        b = block(name)
        found: list[clingo.ast.AST] = []

        def keep(stm, b=b, found=found):
            if stm.ast_type == clingo.ast.ASTType.Program or b.first_line <= stm.location.begin.line <= b.last_line:
                found.append(stm)

        clingo.ast.parse_files([str(b.path)], keep)
        assert any(s.ast_type != clingo.ast.ASTType.Program for s in found), f"{name}: no statement read"
        out.extend(found)
    return out


def _predicates(program: str) -> set[str]:
    calls = re.findall(r"(?<![\w])([a-z_]\w*)\s*\(", program)
    constants = re.findall(r"(?<![\w(,])([a-z_]\w*)\b(?![\w(])", program)
    return set(calls) | set(constants)


def models(names: str | Iterable[str], facts: str, show: str | Iterable[str],
           optimal: bool = False) -> list[frozenset[str]]:
    """Every model of the blocks ``names`` (one name or several) with ``facts`` (ASP text), each
    projected onto the predicates named in ``show``; distinct, sorted; with ``optimal``, only the optimal
    models of the blocks' weak constraints. A fact or a shown predicate that the blocks never mention is
    refused: a typo would otherwise make a test pass for nothing."""
    names = [names] if isinstance(names, str) else list(names)
    show = {show} if isinstance(show, str) else set(show)
    text = "".join(block(n).program for n in names)
    mentioned = _predicates(re.sub(r"%.*", "", text))
    fact_preds: set[str] = set()

    def note(stm):
        if stm.ast_type == clingo.ast.ASTType.Rule:
            fact_preds.add(str(stm.head.atom.symbol).split("(")[0])

    clingo.ast.parse_string(facts, note)
    assert fact_preds <= mentioned, f"facts about predicates the blocks never read: {sorted(fact_preds - mentioned)}"
    assert show <= mentioned, f"shown predicates the blocks never mention: {sorted(show - mentioned)}"

    # Info messages (an atom the facts do not give) are expected: the block reads what other blocks derive.
    messages: list[str] = []
    ctl = clingo.Control(["0"] + (["--opt-mode=optN"] if optimal else []),
                         logger=lambda code, message: messages.append(message))
    try:
        with clingo.ast.ProgramBuilder(ctl) as builder:
            for stm in _statements(names):
                builder.add(stm)
        ctl.add("base", [], facts)
        ctl.ground([("base", [])])
    except RuntimeError as exc:
        raise RuntimeError("\n".join([str(exc), *messages])) from None
    found: set[frozenset[str]] = set()
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            if not optimal or model.optimality_proven:
                found.add(frozenset(str(s) for s in model.symbols(atoms=True) if s.name in show))
    return sorted(found, key=sorted)


def derive(names: str | Iterable[str], facts: str, show: str | Iterable[str]) -> set[str]:
    """The one model of ``models(names, facts, show)``, as a set (the blocks must have exactly one)."""
    found = models(names, facts, show)
    assert len(found) == 1, f"{len(found)} models: {[sorted(m) for m in found]}"
    return set(found[0])
