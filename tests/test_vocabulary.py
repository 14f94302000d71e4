"""The vocabulary keeps its word: no template or field is accepted and silently dropped.

For every kind of :mod:`pyrules.vocabulary`:

* modelled: a rule of the ``asp/`` file its status names reads the name its facts carry, and its
  example case passes, but fails once the kind's facts are left out (so the case checks its effect);
* refused: its example case expects ``unsupported: <its reason>`` and gets it;
* inert or informational: it says why.

A new kind without a rule and a case, or without a refusal and a case, fails here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import cache
from pathlib import Path

import clingo.ast as ast
import pytest

from pyrules.engine import facts, solver
from pyrules.engine.encodings import encoding_dir, names_in
from pyrules.play.sequence import ACTION_NAMES, Runner
from pyrules.regression import corpus_dir, run_case
from pyrules.results import outcomes
from pyrules.vocabulary import ALL, FAMILIES, TERM_FAMILIES, Inert, Informational, Kind, Modelled, Refused, refusal_reasons

CASES_DIR = Path(__file__).parent / "cases"


@contextmanager
def omitting(key: tuple[str, str]) -> Iterator[None]:
    """Within this block, cases are run as pyrules would see them without one kind of the vocabulary: the
    facts of every situation are made without the kind's, and a kind of action is left out of the actions."""
    family, name = key
    with pytest.MonkeyPatch.context() as patch:
        if family == "action":
            run = Runner.run

            def without_the_action(self):
                self.situation = replace(self.situation, actions=tuple(
                    a for a in self.situation.actions if ACTION_NAMES[type(a)] != name))
                return run(self)

            patch.setattr(Runner, "run", without_the_action)
            whole = outcomes.play_combat  # (a whole combat, searched in one program, sees the actions too)
            patch.setattr(outcomes, "play_combat", lambda situation, *rest: whole(replace(situation, actions=tuple(
                a for a in situation.actions if ACTION_NAMES[type(a)] != name)), *rest))
        else:
            made = facts.situation_facts
            patch.setattr(solver, "situation_facts",
                          lambda situation, library=None: made(situation, library, frozenset({key})))
        yield


def find_case(case_id: str) -> Path:
    for root in (corpus_dir(), CASES_DIR):
        path = root / f"{case_id}.yaml"
        if path.exists():
            return path
    raise AssertionError(f"no case '{case_id}' in the corpus or in tests/cases")


@cache
def body_names(file: str) -> frozenset[str]:
    """Every predicate, function and constant name that a rule body of ``file`` reads, and the constants a
    rule head gives as arguments (``trigger_event(enter(O),enters,V)`` says which facts ``ability_trigger(D,K)``
    a generic rule reads)."""
    found: set[str] = set()

    def visit(stm):
        if stm.ast_type != ast.ASTType.Rule:
            return
        for literal in stm.body:
            found.update(names_in(literal))
        if stm.head.ast_type == ast.ASTType.Aggregate:
            for element in stm.head.elements:
                for literal in element.condition:
                    found.update(names_in(literal))
        if stm.head.ast_type == ast.ASTType.Literal and stm.head.atom.ast_type == ast.ASTType.SymbolicAtom:
            term = stm.head.atom.symbol
            for argument in getattr(term, "arguments", ()):
                found.update(names_in(argument))

    ast.parse_files([str(encoding_dir() / file)], visit)
    return frozenset(found)


@cache
def passes(case_id: str) -> bool:
    return run_case(find_case(case_id)).status == "pass"


def _ids(kinds: list[Kind]) -> list[str]:
    return [f"{k.family}:{k.name}" for k in kinds]


MODELLED = [k for k in ALL if isinstance(k.status, Modelled)]
REFUSED = [k for k in ALL if isinstance(k.status, Refused)]
EXPLAINED = [k for k in ALL if isinstance(k.status, (Inert, Informational))]


@pytest.mark.parametrize("kind", MODELLED, ids=_ids(MODELLED))
def test_a_rule_of_its_file_reads_it(kind: Kind):
    for file in kind.status.files:
        assert kind.reads in body_names(file), \
            f"{kind.family} '{kind.name}' is said to be modelled by {file}, but no rule there reads '{kind.reads}'"


@pytest.mark.sweep
@pytest.mark.parametrize("kind", MODELLED, ids=_ids(MODELLED))
def test_a_case_checks_its_effect(kind: Kind):
    assert kind.example, f"{kind.family} '{kind.name}' names no case that exercises it"
    assert passes(kind.example), f"{kind.example} does not pass"
    with omitting(kind.key):
        result = run_case(find_case(kind.example))
    assert result.status != "pass", f"{kind.example} passes even without the facts of {kind.family} '{kind.name}'"


@pytest.mark.parametrize("kind", REFUSED, ids=_ids(REFUSED))
def test_a_refusal_says_unsupported_with_its_reason(kind: Kind):
    assert kind.example, f"{kind.family} '{kind.name}' names no case that shows its refusal"
    path = find_case(kind.example)
    assert f"unsupported: {kind.status.reason}" in path.read_text(encoding="utf-8"), \
        f"{kind.example} does not expect 'unsupported: {kind.status.reason}'"
    result = run_case(path)
    assert result.status == "pass", result.problems


@pytest.mark.parametrize("kind", EXPLAINED, ids=_ids(EXPLAINED))
def test_what_no_rule_reads_says_why(kind: Kind):
    assert kind.status.reason.strip()


def test_every_kind_is_documented():
    for k in ALL:
        assert k.doc.strip(), k
        assert isinstance(k.status, (Modelled, Refused, Inert, Informational)), k


def test_refused_names_are_unique():
    """A refused template's name is its fact term, unsupported(Name): one name, one reason."""
    refused = [k.name for f in TERM_FAMILIES for k in FAMILIES[f] if isinstance(k.status, Refused)]
    assert len(refused) == len(set(refused)) == len(refusal_reasons())


def test_families_are_what_the_docs_list():
    assert set(FAMILIES) >= {"cost", "effect", "trigger", "replacement_event", "modification", "static",
                             "filter_field", "keyword", "question", "object"}


def test_every_case_of_the_tests_is_an_example():
    """tests/cases holds the cases that show refusals; each is some kind's example, so none lingers
    once its kind is modelled."""
    examples = {k.example for k in ALL if k.example}
    stale = sorted(str(p.relative_to(CASES_DIR).with_suffix("")) for p in CASES_DIR.rglob("*.yaml")
                   if str(p.relative_to(CASES_DIR).with_suffix("")) not in examples)
    assert stale == []


def test_an_ability_is_printed_in_words_not_python():
    """`pyrules cards list` shows readings to check them against the Oracle text: "Sacrifice a creature" (it printed
    every sacrifice as "Sacrifice a permanent"), a filter as a situation file writes it (it printed Args({...}))."""
    from pyrules.vocabulary import kind
    from pyrules.vocabulary.filters import Filter

    sacrifice = kind("cost", "sacrifice")
    assert sacrifice.render(Filter({"types": ("creature",), "controller": "you"})) == "Sacrifice a creature"
    assert sacrifice.render(Filter({"types": ("artifact",)})) == "Sacrifice an artifact"
    assert sacrifice.render(Filter({"types": ("land",), "supertypes": ("snow",)})) == "Sacrifice a snow land"
    assert sacrifice.render(Filter({})) == "Sacrifice a permanent"
    assert sacrifice.render("self") == "Sacrifice this"
    assert kind("effect", "regenerate_target").render(Filter({"types": ("artifact", "creature")})) == \
        "Regenerate target {types: [artifact, creature]}"
