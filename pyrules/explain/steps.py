"""The explanation of a sequence of actions: one graph per line, its steps in order, each step's own
explanation joined to the state it started from."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from clingo import Symbol, SymbolType

from pyrules.engine.facts import situation_facts
from pyrules.engine.signatures import OUTCOMES, SHARED
from pyrules.engine.solver import Grounding
from pyrules.explain.graph import Explanation, base, build
from pyrules.explain.text import atom_label, templates
from pyrules.play.sequence import describe_ending


class StepGroundings:
    """The groundings with explanations of the steps explained so far, for a result's other outcomes: lines
    that share their first steps share those steps (the same state objects), and each is grounded once. The
    last ``size`` are kept; pickled empty, like the graphs."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._kept: dict[int, tuple[Any, Grounding]] = {}

    def of(self, state: Any, library: Any) -> Grounding:
        kept = self._kept.get(id(state))
        if kept is not None and kept[0] is state:
            return kept[1]
        grounding = Grounding(state, library, explain=True)
        base(grounding.explain_data)
        if self.size:
            if len(self._kept) >= self.size:
                del self._kept[next(iter(self._kept))]
            self._kept[id(state)] = (state, grounding)
        return grounding

    def __getstate__(self) -> dict[str, Any]:
        return {"size": self.size}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["size"])


def step_explanation(state: Any, atoms: frozenset[Symbol], library: Any = None,
                     groundings: StepGroundings | None = None) -> Explanation:
    """The explanation of one step of a sequence: ``atoms``, one outcome of the question ``state`` asks."""
    grounding = (groundings or StepGroundings(0)).of(state, library)
    true = grounding.true_nonfacts(atoms)
    if true is None:
        raise ValueError("a step of this line was not found again when grounding for explanations")
    return build(grounding.explain_data, true, atoms, state)


def sequence_graph(result: Any, outcome: Any, groundings: StepGroundings | None = None) -> Explanation:
    """The explanation of an outcome of a sequence of actions: the explanation of each step of the line
    that reached it (nodes keyed ``(step, node)``, with ``step``, ``action`` and ``what`` attributes), a
    ``state`` node after each step, on which the facts of later steps that it brought about rest, and
    the outcome's atoms, each resting on the atoms of the steps that concern the same object or player."""

    graph = Explanation()
    graph.graph["situation"] = result.situation
    previous = _state_facts(situation_facts(result.situation, result._library))
    origin: dict[Symbol, int] = {}  # a fact of the state -> the step whose outcome brought it about
    step_atoms: list[tuple[Any, Symbol]] = []
    for k, step in enumerate(outcome.line.steps, start=1):
        now = _state_facts(situation_facts(step.state, result._library))
        for fact in now - previous:
            origin[fact] = k - 1
        previous = now
        sub = step_explanation(step.state, step.atoms, result._library, groundings)
        for node, data in sub.nodes(data=True):
            attrs = dict(data, step=k, action=step.action, what=step.name)
            if data["kind"] == "fact" and data["symbol"].name in _STEP_INPUTS:  # what the step asks: its action
                attrs["source"] = result.situation.where(f"actions.{step.action - 1}") if step.action else ""
            elif data["kind"] == "fact" and origin.get(data["symbol"], 0) > 0:
                attrs["kind"] = "derived"  # brought about by an earlier step, not given by the situation
                graph.add_edge(("state", origin[data["symbol"]]), (k, node))
            graph.add_node((k, node), **attrs)
        graph.add_edges_from(((k, a), (k, b)) for a, b in sub.edges)
        state = ("state", k)
        graph.add_node(state, kind="rule", label=f"the state after step {k} ({step.name}, action {step.action})",
                       cites="", file="pyrules/play/transition.py", choice=False, unless=(), step=k,
                       action=step.action, what="state")
        for atom in step.atoms:
            if atom._rep in sub:
                graph.add_edge((k, atom._rep), state)
                step_atoms.append(((k, atom._rep), atom))
    last = ("state", len(outcome.line.steps))

    ending = outcome.line.ending
    if ending is not None:  # the action that ended the line (illegal, a loop, the bound) explains its atom
        graph.add_node(("ending", ending.action), kind="rule", label=describe_ending(ending), cites="",
                       file="pyrules/play/sequence.py", choice=False, unless=(), step=len(outcome.line.steps) + 1,
                       action=ending.action, what=ending.kind,
                       source=result.situation.where(f"actions.{ending.action - 1}"))
        if last in graph:
            graph.add_edge(last, ("ending", ending.action))

    table = {**{s: templates()[s] for s in SHARED}, **OUTCOMES}
    for atom in outcome.atoms:
        graph.add_node(atom._rep, kind="derived", symbol=atom, stage=len(outcome.line.steps) + 1, source="",
                       outcome=True, label=atom_label(atom, table))
        if ending is not None and atom.name in ("illegal", ending.kind) and atom.arguments[0].number == ending.action:
            graph.add_edge(("ending", ending.action), atom._rep)
            continue
        for node, step_atom in step_atoms:
            if _concerns(step_atom, atom):
                graph.add_edge(node, atom._rep)
        if graph.in_degree(atom._rep) == 0 and last in graph:
            graph.add_edge(last, atom._rep)
    return graph


def _state_facts(facts: Iterable[Any]) -> set[Symbol]:
    return {f.symbol for f in facts if f.symbol.name not in _STEP_INPUTS}


#: The facts that say what a step asks rather than what the state is.
_STEP_INPUTS = frozenset({"question", "question_target", "question_x", "question_resolves", "question_instead",
                          "triggers_wait"})


def _concerns(step_atom: Symbol, atom: Symbol) -> bool:
    """Whether an outcome atom of a step is about what an atom of the sequence's outcome is about."""
    def ids(symbol: Symbol) -> set[str]:
        found: set[str] = set()
        todo = [symbol]
        while todo:
            s = todo.pop()
            if s.type == SymbolType.String:
                found.add(s.string.split("#")[0])
            elif s.type == SymbolType.Function:
                todo += s.arguments
        return found

    first = atom.arguments[0] if atom.arguments else None
    if first is None or first.type != SymbolType.String:
        return False
    return first.string.split("#")[0] in ids(step_atom)
