"""What separates two outcomes, in game words (``pyrules explain FILE --outcome 1 --versus 2``): the atoms
only one of them has, the choices made differently on their proofs (the judge view's chosen steps), each
with its rules, and the other steps that only one proof takes."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from clingo import Symbol, SymbolType

from pyrules.engine.atoms import format_atom
from pyrules.explain.judge import Line, game_term, object_names, proof, sentence


@dataclass(frozen=True)
class Choice:
    """A choice made differently: the atom chosen in each outcome (``None`` where its proof makes no such
    choice), said in game words, with the rules of the choice."""

    first: Symbol | None
    second: Symbol | None
    text: str
    cites: tuple[str, ...] = ()


@dataclass
class Versus:
    """Two outcomes side by side; ``first`` and ``second`` are their numbers, from 1 as ``pyrules outcomes``
    prints them. ``only_first`` and ``only_second``: the atoms only one has, a line each; ``choices``: the
    choices their proofs make differently; ``steps_first`` and ``steps_second``: the other steps only one
    proof takes."""

    first: int
    second: int
    only_first: list[Line] = field(default_factory=list)
    only_second: list[Line] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    steps_first: list[Line] = field(default_factory=list)
    steps_second: list[Line] = field(default_factory=list)

    def text(self) -> str:
        a, b = self.first, self.second
        out = []
        for number, lines in ((a, self.only_first), (b, self.only_second)):
            out += [f"Only in outcome {number}:"] + [f"  {line.render()}" for line in lines] if lines else []
        out.append("The choice that separates them:" if len(self.choices) == 1 else "The choices that separate them:")
        out += [f"  {c.text}" + (f"  [{', '.join(c.cites)}]" if c.cites else "") for c in self.choices] or \
            ["  none: their proofs make the same choices"]
        for number, lines in ((a, self.steps_first), (b, self.steps_second)):
            out += [f"What happens only in outcome {number}:"] + [f"  {line.render()}" for line in lines] if lines else []
        return "\n".join(out) + "\n"

    def as_dict(self) -> dict[str, Any]:
        def atoms(lines: list[Line]) -> list[dict[str, str]]:
            return [{"atom": format_atom(line.atoms[0]), "text": line.text} for line in lines]

        def steps(lines: list[Line]) -> list[dict[str, Any]]:
            return [{"text": line.text, "cites": list(line.cites), "atoms": [format_atom(a) for a in line.atoms]}
                    for line in lines]

        def atom(symbol: Symbol | None) -> str | None:
            return None if symbol is None else format_atom(symbol)

        return {"first": self.first, "second": self.second,
                "only_first": atoms(self.only_first), "only_second": atoms(self.only_second),
                "choices": [{"first": atom(c.first), "second": atom(c.second), "text": c.text, "cites": list(c.cites)}
                            for c in self.choices],
                "steps_first": steps(self.steps_first), "steps_second": steps(self.steps_second)}


def versus(result: Any, first: int, second: int) -> Versus:
    """Outcomes ``first`` and ``second`` of a result (positions from 0) side by side."""
    a, b = result[first], result[second]
    names = object_names(result.situation)
    graphs = a.explain(), b.explain()
    views = [graph.judge() for graph in graphs]
    found = Versus(first + 1, second + 1)
    found.only_first, found.only_second = ([Line(sentence(s, names), atoms=(s,)) for s in sorted(x - y, key=format_atom)]
                                           for x, y in ((a.atoms, b.atoms), (b.atoms, a.atoms)))
    chosen = [_choices(graph) for graph in graphs]
    mine, theirs = ([c for c in x if c not in y] for x, y in ((chosen[0], chosen[1]), (chosen[1], chosen[0])))
    for atom in mine:  # each with the choice the other proof makes in its place, if one does
        other = next((o for o in theirs if _one_place(atom, o) is not None), None)
        if other is None:
            found.choices.append(Choice(atom, None, f"In outcome {first + 1} only: {sentence(atom, names)}",
                                        chosen[0][atom]))
            continue
        theirs.remove(other)
        cites = chosen[0][atom] + tuple(c for c in chosen[1][other] if c not in chosen[0][atom])
        found.choices.append(Choice(atom, other, _both(atom, other, names, first + 1, second + 1), cites))
    found.choices += [Choice(None, o, f"In outcome {second + 1} only: {sentence(o, names)}", chosen[1][o]) for o in theirs]
    texts = [{line.text for line in view.steps} for view in views]
    found.steps_first = [line for line in views[0].steps if not line.chosen and line.text not in texts[1]]
    found.steps_second = [line for line in views[1].steps if not line.chosen and line.text not in texts[0]]
    return found


def _choices(graph: Any) -> dict[Symbol, tuple[str, ...]]:
    """The choices on the proof of an outcome (:func:`pyrules.explain.judge.proof`), in the order they are
    made, each with the rules of the firings that make it."""
    nodes = graph.nodes
    chain = proof(graph, [n for n, d in nodes(data=True) if d.get("outcome")])
    made = sorted((n for n in chain if nodes[n]["kind"] == "choice"),
                  key=lambda n: (nodes[n].get("step", 0), nodes[n]["stage"], format_atom(nodes[n]["symbol"])))
    return {nodes[n]["symbol"]: tuple(sorted({c for f in graph.predecessors(n) if f in chain
                                              for c in nodes[f].get("cites", "").split(", ") if c}, key=_natural))
            for n in made}


def _natural(text: str) -> tuple:
    """CR numbers in the rules' order (107.3m before 614.1a before 616.1), then rulings by name."""
    return (not text[:1].isdigit(), [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text)])


def _both(a: Symbol, b: Symbol, names: dict[str, str], first: int, second: int) -> str:
    """Two choices alike but for one place, as one sentence: "bob sacrifices Serra Angel (in outcome 1) or Air
    Elemental (in outcome 2) for ..."; a number, which a sentence may write into a word, as two."""
    place = _one_place(a, b)
    if place is None or a.arguments[place].type == SymbolType.Number:
        return f"In outcome {first}: {sentence(a, names).rstrip('.')}; in outcome {second}: {sentence(b, names)}"
    said = (f"{game_term(a.arguments[place], names)} (in outcome {first}) or "
            f"{game_term(b.arguments[place], names)} (in outcome {second})")
    return sentence(a, names, (place, said))


def _one_place(a: Symbol, b: Symbol) -> int | None:
    """The one argument in which two atoms of the same predicate differ (None if not exactly one)."""
    if a.name != b.name or len(a.arguments) != len(b.arguments):
        return None
    places = [i for i, (x, y) in enumerate(zip(a.arguments, b.arguments)) if x != y]
    return places[0] if len(places) == 1 else None
