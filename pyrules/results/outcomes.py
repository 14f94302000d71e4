"""Outcomes as Python values: per player, per object, as dicts, JSON and HTML.

An :class:`Outcome` is one distinct legal outcome: the set of outcome atoms of one projected
answer set, read against the situation so that it states every player's life and mana pool and
every object's zone, tapped state and counters afterwards. :class:`Outcomes` is the whole result
of a question: the outcomes in a deterministic order, whether a limit cut them, why an action was
not legal, the solver options and statistics, and brave/cautious queries.
"""

from __future__ import annotations

import html
import json
import re
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from copy import copy
from dataclasses import InitVar, dataclass, field, fields, replace
from types import SimpleNamespace
from typing import Any

from clingo import Symbol

from pyrules.base import arguments
from pyrules.base.collector import paused
from pyrules.base.document import Field
from pyrules.base.errors import InputError
from pyrules.cards.library import CardLibrary
from pyrules.engine.atoms import check_atom, format_atom, parse_atom
from pyrules.engine.encodings import answer_names
from pyrules.engine.query import bindings, parse_objective, parse_query, plain
from pyrules.engine.signatures import outcome_signatures
from pyrules.engine.solver import (
    MAX_LIMIT,
    Grounding,
    OutcomeTable,
    SolveOptions,
    Statistics,
    describe_reason,
    match_outcomes,
    optimal_outcomes,
    outcome_key,
    project_signatures,
)
from pyrules.play.combat_run import RunResult, play_combat
from pyrules.play.sequence import Ending, Playing, Runner, changes, describe_ending
from pyrules.situation.loader import CASE_FIELDS, parse_situation
from pyrules.situation.model import DeclareAttackers, DeclareBlockers, Situation


@dataclass(frozen=True)
class PlayerState:
    name: str
    life: int
    mana_pool: dict[str, int]
    mana_added: dict[str, int]


@dataclass(frozen=True)
class ObjectState:
    id: str
    card: str
    zone: str
    controller: str | None
    tapped: bool
    counters: dict[str, int]


@dataclass(frozen=True)
class Match:
    """An outcome where a query holds (:meth:`Outcomes.matches`): its position (from 0), the atoms that match
    the query there (its atoms not under ``not``) and the values of its variables for which it does."""

    index: int
    atoms: tuple[Symbol, ...]
    bindings: tuple[dict[str, Any], ...]


def _atom_argument(value: Any, name: str) -> None:
    arguments.instance(value, (str, Symbol), name, "an atom's text, such as 'tap(forest1)', or a clingo Symbol",
                       optional=False)


def _where_arguments(text: Any, limit: Any) -> None:
    arguments.text(text, "text", "a query in clingo's syntax")
    arguments.optional_whole(limit, "limit", 1, MAX_LIMIT)


@dataclass(frozen=True)
class Outcome:
    """One distinct outcome. ``atoms`` are its outcome atoms; the properties read them as state."""

    atoms: frozenset[Symbol]
    situation: Situation = field(repr=False, compare=False)
    # The Outcomes it belongs to: an attribute, not a field, so that dataclasses.asdict (which pandas
    # calls on each row of pd.DataFrame(outcomes)) does not copy every outcome into every row.
    source: InitVar[Any] = None
    line: Any = field(default=None, repr=False, compare=False)  # for a sequence of actions: the line that reached it

    def __post_init__(self, source: Any) -> None:
        object.__setattr__(self, "source", source)

    # -- raw atoms ------------------------------------------------------------------------
    def by_name(self, name: str) -> list[Symbol]:
        arguments.text(name, "name", "a predicate's name")
        return sorted((a for a in self.atoms if a.name == name), key=str)

    def tuples(self, name: str | None = None) -> list[tuple[Any, ...]]:
        """The atoms (of one predicate, given its name) as plain tuples, the name first: numbers as int,
        ids and words as str, a nested term as its text: ``("counters_put", "ballista", "p1p1", 6)``."""
        arguments.optional_text(name, "name", "a predicate's name")
        atoms = self.atoms if name is None else [a for a in self.atoms if a.name == name]
        return sorted(((a.name, *(plain(x) for x in a.arguments)) for a in atoms), key=lambda t: tuple(map(str, t)))

    def holds(self, atom: str | Symbol) -> bool:
        _atom_argument(atom, "atom")
        if isinstance(atom, Symbol):
            check_atom(atom, self.situation)
            return atom in self.atoms
        return parse_atom(atom, self.situation) in self.atoms

    def __contains__(self, atom: str | Symbol) -> bool:
        return self.holds(atom)

    @property
    def texts(self) -> list[str]:
        texts = [format_atom(a) for a in self.atoms]
        texts.sort()
        return texts

    # -- state after the outcome ----------------------------------------------------------
    @property
    def final(self) -> Situation | None:
        """For a sequence of actions: the state at the end (a situation without a question)."""
        if self.line is None and isinstance(self.source, SequenceOutcomes):  # read back from JSON, or a run's
            self.source._line_of(self)
        return self.line.state if self.line is not None else None

    @property
    def players(self) -> dict[str, PlayerState]:
        if self.final is not None:
            before = {p.name: p for p in self.situation.players}
            return {p.name: PlayerState(p.name, p.life, dict(sorted(p.mana_pool.items())),
                                        {t: n - before[p.name].mana_pool.get(t, 0) for t, n in sorted(p.mana_pool.items())
                                         if n > before[p.name].mana_pool.get(t, 0)})
                    for p in self.final.players}
        added: dict[str, dict[str, int]] = {p.name: {} for p in self.situation.players}
        for a in self.by_name("mana_added"):
            added[a.arguments[0].string][a.arguments[1].name] = a.arguments[2].number
        delta = {p.name: 0 for p in self.situation.players}
        for a in self.by_name("life_lost"):
            delta[a.arguments[0].string] -= a.arguments[1].number
        for a in self.by_name("life_gained"):
            delta[a.arguments[0].string] += a.arguments[1].number
        result = {}
        for p in self.situation.players:
            pool = dict(p.mana_pool)
            for t, n in added[p.name].items():
                pool[t] = pool.get(t, 0) + n
            result[p.name] = PlayerState(p.name, p.life + delta[p.name], dict(sorted(pool.items())),
                                         dict(sorted(added[p.name].items())))
        return result

    @property
    def objects(self) -> dict[str, ObjectState]:
        if self.final is not None:
            return {o.id: ObjectState(o.id, o.card, o.zone, o.controller, o.tapped, dict(sorted(o.counters.items())))
                    for o in self.final.objects}
        taps = {a.arguments[0].string for a in self.by_name("tap")}
        untaps = {a.arguments[0].string for a in self.by_name("untap")}
        moves = {a.arguments[0].string: a.arguments[2].name for a in self.by_name("move")}
        counters: dict[str, dict[str, int]] = {o.id: dict(o.counters) for o in self.situation.objects}
        for a in self.by_name("counters_put"):
            c = counters[a.arguments[0].string]
            c[a.arguments[1].name] = c.get(a.arguments[1].name, 0) + a.arguments[2].number
        for a in self.by_name("counters_removed"):
            c = counters[a.arguments[0].string]
            c[a.arguments[1].name] = c.get(a.arguments[1].name, 0) - a.arguments[2].number
        result = {}
        for o in self.situation.objects:
            zone = moves.get(o.id, o.zone)
            on_battlefield = zone == "battlefield"
            tapped = on_battlefield and ((o.tapped and o.id not in untaps) or o.id in taps)
            result[o.id] = ObjectState(
                o.id, o.card, zone, o.controller if zone in ("battlefield", "stack") else None, tapped,
                {k: v for k, v in sorted(counters[o.id].items()) if v} if on_battlefield else {},
            )
        return result

    @property
    def could_produce(self) -> dict[str, list[str]]:
        result: dict[str, list[str]] = {}
        for a in self.by_name("could_produce"):
            result.setdefault(a.arguments[0].string, []).append(a.arguments[1].name)
        return {k: _mana_order(v) for k, v in sorted(result.items())}

    @property
    def abilities(self) -> dict[str, list[tuple[str, str]]]:
        """For an ``abilities`` question: each asked object's ability instances, as (instance, kind)."""
        result: dict[str, list[tuple[str, str]]] = {}
        for a in sorted(self.by_name("has_ability"), key=str):
            result.setdefault(a.arguments[0].string, []).append((format_atom(a.arguments[1]), a.arguments[2].name))
        return dict(sorted(result.items()))

    @property
    def changes(self) -> list[str]:
        """The atoms that say what happened (everything but answers to 'which ...?' questions)."""
        return [format_atom(a) for a in sorted(self.atoms, key=str) if a.name not in answer_names()]

    # -- explanations -------------------------------------------------------------------
    def explain(self, atom: str | Symbol | None = None) -> Any:
        """A networkx graph of why this outcome holds (or, given an atom, why that atom does; given a query
        such as ``counters_put(ballista, p1p1, N)``, why the atoms that match it in this outcome do)."""
        if self.source is None:
            raise ValueError("this outcome was not produced by pyrules.solve")
        if atom is None:
            return self.source._explanation(self)
        _atom_argument(atom, "atom")
        if isinstance(atom, str) and self.source._ground_atom(atom) is None:  # a query
            here = [m for m in self.source.matches(atom) if self.source[m.index] is self]
            if not here:
                raise InputError("<atom>", f"{atom} does not hold in this outcome")
            graph = self.source._explanation(self)  # (a query of no atoms, such as 'not tap(O)': all of it)
            return _focus(graph, list(here[0].atoms)) if here[0].atoms else graph
        graph = self.source._explanation(self)
        return graph.focus(self.source.atom(atom) if isinstance(atom, str) else atom)

    # -- conversions ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "atoms": self.texts,
            "players": {n: {"life": s.life, "mana_pool": s.mana_pool, "mana_added": s.mana_added}
                        for n, s in self.players.items()},
            "objects": {i: {"card": s.card, "zone": s.zone, "controller": s.controller, "tapped": s.tapped,
                            "counters": s.counters} for i, s in self.objects.items()},
        }

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    def _repr_html_(self) -> str:
        rows = "".join(f"<li><code>{html.escape(t)}</code></li>" for t in self.texts) or "<li>nothing changes</li>"
        objs = "".join(
            f"<tr><td>{html.escape(s.id)}</td><td>{html.escape(s.card)}</td><td>{s.zone}</td>"
            f"<td>{html.escape(s.controller or '')}</td><td>{'tapped' if s.tapped else ''}</td>"
            f"<td>{html.escape(', '.join(f'{k}: {v}' for k, v in s.counters.items()))}</td></tr>"
            for s in self.objects.values()
        )
        players = "".join(
            f"<tr><td>{html.escape(n)}</td><td>{s.life}</td><td>{_pool_text(s.mana_pool)}</td></tr>"
            for n, s in self.players.items()
        )
        return (
            f"<div><ul>{rows}</ul>"
            f"<table><tr><th>player</th><th>life</th><th>mana pool</th></tr>{players}</table>"
            f"<table><tr><th>object</th><th>card</th><th>zone</th><th>controller</th><th>tapped</th>"
            f"<th>counters</th></tr>{objs}</table></div>"
        )


def _mana_order(types: list[str]) -> list[str]:
    order = "wubrgc"
    return sorted(types, key=order.index)


def _flat(record: dict[str, Any], parts: tuple[str, ...]) -> dict[str, Any]:
    """``{"players": {"alice": {"life": 20}}}`` -> ``{"alice.life": 20}``: the state of one outcome as
    one level of named columns (a mana pool's or counters' types and kinds become columns too)."""
    out: dict[str, Any] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(f"{prefix}.{key}" if prefix else str(key), item)
        else:
            out[prefix] = value

    for part in parts:
        walk("", record[part])
    return out


def _pool_text(pool: dict[str, int]) -> str:
    return "".join(f"{{{t.upper()}}}" * n for t, n in sorted(pool.items(), key=lambda kv: "wubrgc".index(kv[0])))


def _natural(text: str) -> tuple:
    """A key that orders numbers inside texts as numbers: ``x(9)`` before ``x(10)``."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def _alike(atom: Symbol, other: Symbol) -> bool:
    """Atoms of the same predicate about the same first argument (``counters_put(ballista, ...)``)."""
    return atom.name == other.name and len(atom.arguments) == len(other.arguments) and \
        atom.arguments[:1] == other.arguments[:1]


def _focus(graph: Any, atoms: list[Symbol]) -> Any:
    """An explanation kept to some atoms and everything they rest on (``graph.focus`` for several atoms)."""
    import networkx as nx  # (inside a function: see _explainers)

    if len(atoms) == 1:
        return graph.focus(atoms[0])
    nodes = {graph.atom_node(a) for a in atoms}
    sub = type(graph)(graph.subgraph(nodes.union(*(nx.ancestors(graph, n) for n in nodes))))
    sub.graph.update(graph.graph)
    return sub


class Explained:
    """The explanations of a result's outcomes made so far: each as long as something else holds it, and the
    last one made. (Explaining every outcome of a large result one after another keeps one graph alive, not
    all of them; ``outcome.explain()`` twice in a row, or on a graph still held, makes it once.) Pickled
    empty: explanations are made again from the grounding."""

    def __init__(self) -> None:
        self._held: weakref.WeakValueDictionary[frozenset[Symbol], Any] = weakref.WeakValueDictionary()
        self._last: Any = None

    def get(self, atoms: frozenset[Symbol]) -> Any:
        return self._held.get(atoms)

    def keep(self, atoms: frozenset[Symbol], graph: Any) -> Any:
        self._held[atoms] = self._last = graph
        return graph

    def clear(self) -> None:
        self._held.clear()
        self._last = None

    def __getstate__(self) -> dict[str, Any]:
        return {}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__()


class Outcomes(Sequence[Outcome]):
    """Every distinct legal outcome of a situation's question."""

    def __init__(self, situation: Situation, grounding: Grounding, models: Iterable[frozenset[Symbol]],
                 truncated: bool, statistics: Statistics, options: SolveOptions, library: Any = None):
        """The outcomes of one grounding's enumeration: ``models`` are the shown atoms of each."""
        self._start(situation, statistics, options, library, messages=grounding.messages)
        self._grounding = grounding
        self._outcomes = [Outcome(atoms, situation, self) for atoms in models]
        self.truncated = truncated
        self.timed_out = grounding.timed_out  # truncated by the timeout
        self.illegal = [describe_reason(r) for r in grounding.illegal_reasons()]
        self._explained = grounding if grounding.explain else None
        if grounding.objective is not None and grounding.optimum is not None:
            self.optimum = -grounding.optimum if grounding.objective == "maximize" else grounding.optimum

    def _start(self, situation: Situation, statistics: Statistics, options: SolveOptions, library: Any,
               messages: Iterable[str]) -> None:
        """What every kind of result holds, before its outcomes."""
        self.situation = situation
        self.statistics = statistics
        self.options = options
        #: clingo's warnings while grounding, one line each (none for a well-formed situation).
        self.messages: list[str] = list(messages)
        self._library = library
        self._grounding: Grounding | None = None
        self._explained: Grounding | None = None
        self._graphs = Explained()
        self._brave: frozenset[Symbol] | None = None
        self._cautious: frozenset[Symbol] | None = None
        self._queried = False
        #: With an objective (solve(maximize=...)), its value in the optimal outcomes.
        self.optimum: int | None = None

    # -- sequence -------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._outcomes)

    def __getitem__(self, index):  # type: ignore[override]
        return self._outcomes[index]

    def __iter__(self) -> Iterator[Outcome]:
        return iter(self._outcomes)

    def filter(self, condition: str | Symbol | Callable[[Outcome], bool]) -> list[Outcome]:
        """The outcomes where an atom holds, or that satisfy a predicate."""
        if callable(condition):
            return [o for o in self._outcomes if condition(o)]
        _atom_argument(condition, "condition")
        symbol = self.atom(condition)
        return [o for o in self._outcomes if symbol in o.atoms]

    def atom(self, text: str | Symbol, where: str = "<query>") -> Symbol:
        """An outcome atom from its text (or a symbol), checked against the situation and the vocabulary;
        ``where`` names the place it came from in errors."""
        _atom_argument(text, "text")
        arguments.text(where, "where")
        if isinstance(text, Symbol):
            check_atom(text, self.situation, where)
            return text
        return parse_atom(text, self.situation, where)

    # -- brave and cautious -----------------------------------------------------------------
    def _consequences(self) -> None:
        if not self._queried:
            start = time.perf_counter()
            if self._grounding is None:  # unpickled or copied: the clingo state stayed behind; ground again
                self._grounding = Grounding(self.situation, self._library, self.options)
            self._brave = self._grounding.consequences("brave")
            self._cautious = self._grounding.consequences("cautious")
            self.statistics.extra["query_seconds"] = time.perf_counter() - start
            self._queried = True

    def sometimes(self, query: str | Symbol) -> bool | None:
        """True if the atom, or the query (see :meth:`query`), holds in some outcome (clingo's brave
        consequences); None only when a timeout stopped the search before it was decided."""
        return self._holds(query, "sometimes")

    def always(self, query: str | Symbol) -> bool | None:
        """True if there is an outcome and the atom, or the query, holds in every outcome (cautious
        consequences); a query with variables holds in an outcome when some values of them make it hold."""
        return self._holds(query, "always")

    def never(self, query: str | Symbol) -> bool | None:
        found = self.sometimes(query)
        return None if found is None else not found

    def _holds(self, query: str | Symbol, mode: str) -> bool | None:
        _atom_argument(query, "query")
        symbol = self._ground_atom(query)
        if symbol is None:
            return self.query(query, mode).holds  # type: ignore[arg-type]
        self._consequences()
        found = self._brave if mode == "sometimes" else self._cautious
        return found is not None and symbol in found

    def _ground_atom(self, query: str | Symbol, where: str = "<query>") -> Symbol | None:
        """The atom, when a query is one atom without variables (answered from cached consequences)."""
        if isinstance(query, Symbol):
            return self.atom(query, where)

        return parse_query(query, self.situation, where).ground_atom

    def query(self, text: str, mode: str = "sometimes", origin: str = "<query>") -> Any:
        """Ask a query in clingo's syntax over outcome atoms, such as ``counters_put(ballista, p1p1, N),
        N >= 5`` or ``tap(O), not untap(O)``: whether it holds in some outcome (``mode="sometimes"``) or in
        every one (``"always"``), and for which values of its variables
        (:class:`pyrules.engine.query.Answer`). Answered by clingo (brave and cautious consequences) on the
        grounding the outcomes came from."""
        if mode not in ("sometimes", "always"):
            raise InputError("mode", f"is 'sometimes' or 'always', not {mode!r}")
        arguments.text(text, "text", "a query in clingo's syntax")
        arguments.text(origin, "origin")
        start = time.perf_counter()
        answer = self._asker().ask(parse_query(text, self.situation, origin), mode)
        self.statistics.extra["query_seconds"] = time.perf_counter() - start
        return answer

    def matches(self, text: str, origin: str = "<query>") -> list[Match]:
        """The outcomes where a query holds (:class:`Match`), each with the atoms that match it there and the
        values of its variables: ``matches("counters_put(ballista, p1p1, N)")``. Answered by clingo, grounding
        the query over the outcomes found; ``origin`` names the query in errors."""
        arguments.text(text, "text", "a query in clingo's syntax")
        arguments.text(origin, "origin")
        query = parse_query(text, self.situation, origin)
        return [Match(i, tuple(sorted(atoms, key=lambda a: _natural(format_atom(a)))),
                      tuple(bindings(v, query.variables) for v in values) if query.variables else ())
                for i, (atoms, values) in match_outcomes([o.atoms for o in self._outcomes], query).items()]

    def where(self, text: str, limit: int | None = None) -> Outcomes:
        """The outcomes where a query holds, solved again with the query assumed (``solve(where=...)``)."""
        _where_arguments(text, limit)
        return solve_situation(self.situation, self._library, replace(self.options, where=text, limit=limit))

    def _asker(self) -> Any:
        if self._grounding is None:  # unpickled or copied: the clingo state stayed behind; ground again
            self._grounding = Grounding(self.situation, self._library, self.options)
        return self._grounding

    # -- explanations -----------------------------------------------------------------------
    def _explaining(self) -> Grounding:
        """A grounding that records rule firings: this one, or one more for all outcomes at once."""
        if self._explained is None:
            start = time.perf_counter()
            grounding = Grounding(self.situation, self._library, self.options, explain=True)
            self.statistics.extra["explain_setup_seconds"] = time.perf_counter() - start
            self._explained = grounding
        return self._explained

    def _explanation(self, outcome: Outcome) -> Any:
        graph = self._graphs.get(outcome.atoms)
        if graph is None:
            grounding = self._explaining()
            true = grounding.true_nonfacts(outcome.atoms)
            if true is None:
                raise ValueError("this outcome was not found again when grounding for explanations")
            graph_module = _explainers().graph
            if grounding.explain_data.base is None:  # the part of every explanation grounding decides: once
                start = time.perf_counter()
                graph_module.base(grounding.explain_data)
                self.statistics.extra["explain_base_seconds"] = time.perf_counter() - start
            graph = self._graphs.keep(outcome.atoms, graph_module.build(grounding.explain_data, true, outcome.atoms,
                                                                        self.situation))
        return graph

    def explain(self, index: int = 0, atom: str | Symbol | None = None) -> Any:
        return self._outcomes[arguments.index(index, "index", len(self))].explain(atom)

    def contrast(self, index: int, atom: str | Symbol) -> list[tuple[tuple[str, ...], int]]:
        """What the other outcomes have instead of an atom of outcome ``index`` (from 0): the atoms of the
        same predicate about the same first argument (``counters_put(ballista, ...)``,
        ``mana_added(alice, ...)``), each distinct set once with how many outcomes have it; sorted."""
        outcome = self._outcomes[arguments.index(index, "index", len(self))]
        _atom_argument(atom, "atom")
        symbol = self.atom(atom)
        if symbol not in outcome.atoms:
            raise InputError("<atom>", f"{format_atom(symbol)} does not hold in outcome {index + 1}")
        mine = tuple(sorted(format_atom(a) for a in outcome.atoms if _alike(a, symbol)))
        found = Counter(tuple(sorted(format_atom(a) for a in o.atoms if _alike(a, symbol)))
                        for i, o in enumerate(self._outcomes) if i != index)
        return sorted((atoms, n) for atoms, n in found.items() if atoms != mine)

    def why_not(self, atom: str | Symbol) -> list[str]:
        """For an atom that holds in no outcome: first the smallest sets of the situation's objects and
        lasting effects without which it could hold, and the rules through which they block it
        (:meth:`blockers`); then, for each rule that could derive it, a condition that fails. A query
        (``could_produce(tundra, T)``) is answered alike, see :meth:`_why_no_match`."""
        _atom_argument(atom, "atom")
        symbol = self._ground_atom(atom)
        if symbol is None:
            return self._why_no_match(atom)  # type: ignore[arg-type]
        if self.sometimes(symbol):
            return [f"{format_atom(symbol)} holds in some outcome"]
        first = self.blockers(symbol).lines() if len(self) else self._no_outcome()
        grounding = self._explaining()
        return first + _explainers().graph.why_not(grounding.explain_data, symbol, holds=grounding.brave_atoms())

    def _why_no_match(self, text: str) -> list[str]:
        """Why a query holds in no outcome: what blocks it (:meth:`blockers`), then the rules' failing conditions
        for each of its instances that holds in no outcome, each line headed by the instance. The instances
        are those that could hold without the blocking parts, or else those the values of the query's places
        give (:func:`pyrules.explain.whynot.instances`)."""
        answer = self.query(text)
        if answer.holds:
            values = "; ".join(", ".join(f"{k} = {v}" for k, v in b.items()) for b in answer.bindings)
            return [f"{text} holds in some outcome" + (f" ({values})" if values else "")]
        whynot = _explainers().whynot
        found = self.blockers(text) if len(self) else None
        reasons = found.lines() if found is not None else self._no_outcome()
        grounding = self._explaining()
        holds = grounding.brave_atoms()
        instances = (found.instances if found is not None else None) or \
            whynot.instances(parse_query(text, self.situation), self.situation, holds)
        unheld = [a for a in instances if a not in holds]
        for instance in unheld[:whynot.MAX_INSTANCES]:
            reasons += [f"{format_atom(instance)}: {reason}" for reason in
                        _explainers().graph.why_not(grounding.explain_data, instance, holds=holds)]
        if len(unheld) > whynot.MAX_INSTANCES:
            reasons.append(f"(and {len(unheld) - whynot.MAX_INSTANCES} more instances, not explained one by one)")
        if not instances:
            reasons.append("no instance of it to explain one by one: the values its variables could take here give "
                           "none that matches it")
        held = [format_atom(a) for a in instances if a in holds]
        if held:  # (a query of several atoms: each holds somewhere, not all of them together)
            more = f" and {len(held) - whynot.MAX_INSTANCES} more" if len(held) > whynot.MAX_INSTANCES else ""
            reasons.append(f"{', '.join(held[:whynot.MAX_INSTANCES])}{more}: each holds in some outcome, but never as "
                           "the query asks")
        return reasons

    def _no_outcome(self) -> list[str]:
        return [f"the situation has no outcome at all ({'; '.join(self.illegal) or 'no answer'}): no atom holds in one"]

    def blockers(self, atom: str | Symbol) -> Any:
        """The smallest sets of the situation's objects and lasting effects without which an atom (or a query)
        that holds in no outcome could hold, and the CR numbers of the rules through which they block it
        (:class:`pyrules.explain.whynot.WhyNot`; a bounded search, which says when it stopped)."""
        _atom_argument(atom, "atom")
        symbol = self._ground_atom(atom)
        found = _explainers().whynot.why_not_minimal(self.situation, self._library, symbol if symbol is not None
                                                     else parse_query(atom, self.situation))
        # Where the outcomes have instead atoms of the same predicate about the same object: of the rules
        # that read the blocking cards' abilities, those on the decisive chain of those atoms (Hardened
        # Scales blocks 4 counters through the rules that apply its effect to the entering and add its
        # counter, not through every rule that reads a "plus" modification).
        wanted = [symbol] if symbol is not None else found.instances or []
        used = set()
        for outcome in self._outcomes[:10]:
            for other in outcome.atoms:
                if any(_alike(other, w) for w in wanted):
                    used |= outcome.explain().cites(other)
        if any(r in used for r in found.rules):
            found.rules = [r for r in found.rules if r in used]
        return found

    def versus(self, first: int, second: int) -> Any:
        """What separates outcomes ``first`` and ``second`` (counted from 0), in game words
        (:class:`pyrules.explain.versus.Versus`): the atoms only one has, the choices their proofs make
        differently, with their rules, and the steps only one's proof takes."""
        a, b = arguments.index(first, "first", len(self)), arguments.index(second, "second", len(self))
        if a == b:
            raise ValueError("first and second are the same outcome: versus compares two")
        return _explainers().versus.versus(self, a, b)

    def compare(self, other: Outcomes, project: tuple[str, ...] | list[str] | str = ()) -> dict[str, Any]:
        """The outcomes only here, only in ``other`` and in both, each as its sorted atom texts; with
        ``project`` (outcome predicates, as for ``solve``), by those atoms only (outcomes alike on them
        count once). Outcomes of two situations compare by text, so their ids should agree."""
        if not isinstance(other, Outcomes):
            raise TypeError(f"other must be the Outcomes of another solve, not {other!r}")
        names = {s.rsplit("/", 1)[0] for s in project_signatures(project)}

        def keys(outcomes: Outcomes) -> set[tuple[str, ...]]:
            return {tuple(sorted(format_atom(a) for a in o.atoms if not names or a.name in names)) for o in outcomes}

        mine, theirs = keys(self), keys(other)
        return {"only_first": sorted(mine - theirs), "only_second": sorted(theirs - mine), "both": sorted(mine & theirs)}

    def difference(self, first: int, second: int) -> dict[str, Any]:
        """Where two outcomes part: the atoms only one of them has, and the first choice that differs."""
        a = self._outcomes[arguments.index(first, "first", len(self))]
        b = self._outcomes[arguments.index(second, "second", len(self))]
        ga, gb = a.explain(), b.explain()
        choices_a = {format_atom(d["symbol"]): d["stage"] for _, d in ga.nodes(data=True) if d["kind"] == "choice"}
        choices_b = {format_atom(d["symbol"]): d["stage"] for _, d in gb.nodes(data=True) if d["kind"] == "choice"}
        only_a = sorted(set(choices_a) - set(choices_b), key=lambda x: (choices_a[x], x))
        only_b = sorted(set(choices_b) - set(choices_a), key=lambda x: (choices_b[x], x))
        return {
            "only_first": sorted(format_atom(s) for s in a.atoms - b.atoms),
            "only_second": sorted(format_atom(s) for s in b.atoms - a.atoms),
            "first_choice": (only_a[0] if only_a else None, only_b[0] if only_b else None),
        }

    # -- conversions ----------------------------------------------------------------------
    #: The version of the shape ``to_dict`` writes and ``from_dict`` reads.
    FORMAT = 1

    def set_aside(self) -> list[dict[str, str]]:
        """The lines no template fits that cannot matter here, set aside (``situation/aside.py``): each card, line,
        and why."""
        return [{"card": card, "line": line, "why": why} for card, line, why in self.situation.set_aside]

    def to_dict(self) -> dict[str, Any]:
        """Plain data, with the situation's document, so that :meth:`from_dict` reads it back equal."""
        items = list(self._header().items())
        at = [k for k, _ in items].index("options")  # the outcomes after the summary, before the settings
        return dict(items[:at] + [("outcomes", [o.to_dict() for o in self._outcomes])] + items[at:])

    def _header(self) -> dict[str, Any]:
        """Everything :meth:`to_dict` says but the outcomes."""
        return {
            "format": self.FORMAT,
            "kind": "sequence" if isinstance(self, SequenceOutcomes) else "one-step",
            "situation": self.situation.source,
            "count": len(self),
            "truncated": self.truncated,
            "timed_out": self.timed_out,
            "illegal": self.illegal,
            "optimum": self.optimum,
            "set_aside": self.set_aside(),
        } | ({"endings": self.endings} if isinstance(self, SequenceOutcomes) else {}) | {
            "options": {"limit": self.options.limit, "threads": self.options.threads, "seed": self.options.seed,
                        "project": list(self.options.project), "timeout": self.options.timeout,
                        "where": self.options.where, "constraints": list(map(str, self.options.constraints)),
                        "maximize": self.options.maximize, "minimize": self.options.minimize,
                        "arguments": self.options.arguments()},
            "statistics": self.statistics.as_dict(),
            "messages": self.messages,
            "document": self.situation.document,  # the situation, as its file says it (for from_json)
        }

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str, library: CardLibrary | None = None, origin: str = "<json>") -> Outcomes:
        """A result saved with :meth:`to_json`, read back equal (``==``): its situation is read again from the
        document saved with it (give the ``library`` it was solved with, if not the built-in one); groundings
        and explanations are made again when asked for. ``origin`` names the text in errors."""
        arguments.text(text, "text", "the text to_json wrote")
        arguments.text(origin, "origin")
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise InputError(origin, f"not JSON: {exc}") from None
        return cls.from_dict(data, library, origin)

    @classmethod
    def from_dict(cls, data: dict[str, Any], library: CardLibrary | None = None, origin: str = "<dict>") -> Outcomes:
        """A result from the plain data :meth:`to_dict` made (see :meth:`from_json`)."""
        arguments.instance(library, CardLibrary, "library", "a CardLibrary (pyrules.load_library)")
        arguments.text(origin, "origin")
        return _read_result(data, library, origin)

    @classmethod
    def from_dataframe(cls, frame: Any, library: CardLibrary | None = None, origin: str = "<frame>") -> Outcomes:
        """A result from its data frame of atoms (:meth:`to_dataframe`, kept in Parquet or elsewhere: the
        frame's ``attrs`` hold the rest of the result, and pandas keeps them in Parquet files), read back
        equal (``==``)."""
        arguments.instance(library, CardLibrary, "library", "a CardLibrary (pyrules.load_library)")
        arguments.text(origin, "origin")
        header = getattr(frame, "attrs", {}).get("pyrules")
        try:
            header = json.loads(header) if isinstance(header, str) else None
        except ValueError:
            header = None
        if not isinstance(header, dict):
            raise InputError(origin, "holds no pyrules result in its attrs (a frame made by Outcomes.to_dataframe)")
        if header.get("columns") != "atoms":
            raise InputError(origin, "only a frame of atoms (to_dataframe(columns='atoms')) says what each outcome is")
        if not all(str(kind) == "bool" for kind in frame.dtypes):
            raise InputError(origin, "each column of a frame of atoms holds true/false")
        names = [str(c) for c in frame.columns]
        outcomes = [{"atoms": [n for n, held in zip(names, row) if held]}
                    for row in frame.itertuples(index=False, name=None)]
        data = {k: v for k, v in header.items() if k != "columns"} | {"outcomes": outcomes}
        return _read_result(data, library, origin)

    def __eq__(self, other: object) -> bool:
        """Equal results: of equal situations, the same outcomes in the same order, equally cut or refused."""
        if not isinstance(other, Outcomes):
            return NotImplemented
        return type(self) is type(other) and self._compared() == other._compared()

    __hash__ = None  # type: ignore[assignment]  # a result's outcomes are a list

    def _compared(self) -> tuple[Any, ...]:
        return (self.situation, [o.atoms for o in self._outcomes], self.truncated, self.timed_out, self.illegal,
                self.optimum)

    #: The HTML view stays small however many outcomes there are: the first few in full, the next ones
    #: folded as one line each, and a count of the rest.
    HTML_FULL = 10
    HTML_FOLDED = 200

    def _repr_html_(self) -> str:
        head = f"<p>{len(self)} outcome{'s' if len(self) != 1 else ''}{' (truncated)' if self.truncated else ''}</p>"
        if self.illegal:
            head += "<p>Not legal: " + html.escape("; ".join(self.illegal)) + "</p>"
        if len(self) > self.HTML_FULL:  # a summary: in how many outcomes each atom holds
            counts = Counter(t for o in self._outcomes for t in o.texts)
            rows = "".join(f"<tr><td><code>{html.escape(t)}</code></td><td>{n}</td></tr>"
                           for t, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:30])
            more = f"<p>... and {len(counts) - 30} more atoms</p>" if len(counts) > 30 else ""
            head += (f"<details><summary>atoms</summary><table><tr><th>atom</th><th>outcomes</th></tr>{rows}</table>"
                     f"{more}</details>")
        body = "".join(f"<h4>Outcome {i}</h4>{o._repr_html_()}"
                       for i, o in enumerate(self._outcomes[:self.HTML_FULL], start=1))
        folded = self._outcomes[self.HTML_FULL:self.HTML_FULL + self.HTML_FOLDED]
        if folded:
            lines = "".join(f"<li>Outcome {i}: " + ", ".join(f"<code>{html.escape(t)}</code>" for t in o.texts) + "</li>"
                            for i, o in enumerate(folded, start=self.HTML_FULL + 1))
            body += f"<details><summary>outcomes {self.HTML_FULL + 1} to {self.HTML_FULL + len(folded)}</summary>" \
                    f"<ul>{lines}</ul></details>"
        rest = len(self) - self.HTML_FULL - len(folded)
        if rest > 0:
            body += f"<p>... and {rest} more outcomes (iterate over the result to see them all)</p>"
        return head + body

    def __repr__(self) -> str:
        return f"<Outcomes {len(self)}{' truncated' if self.truncated else ''} of {self.situation.source}>"

    # -- plain data -----------------------------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Pickled and copied as plain values: the clingo state (groundings, explanation graphs) stays
        behind and is made again if a query or an explanation needs it."""
        return {**self.__dict__, "_grounding": None, "_explained": None, "_graphs": Explained()}

    def to_records(self) -> list[dict[str, Any]]:
        """One plain dict per outcome (``outcome``: its number from 1, then as ``Outcome.to_dict``)."""
        return [{"outcome": i, **o.to_dict()} for i, o in enumerate(self._outcomes, start=1)]

    def to_dataframe(self, columns: str = "atoms") -> Any:
        """A pandas DataFrame, one row per outcome (indexed by its number from 1). ``columns="atoms"``:
        one True/False column per atom that holds in some outcome; ``"state"``: one column per player
        and object field after the outcome (``alice.life``, ``forest1.tapped``, ``forest1.counters.p1p1``).
        pandas comes with the ``notebooks`` extra: ``pip install 'pyrules[notebooks]'``."""
        if columns not in ("atoms", "state"):
            raise InputError("columns", f"is 'atoms' or 'state', not {columns!r}")
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_dataframe needs pandas: pip install 'pyrules[notebooks]'") from None
        if columns == "atoms":
            texts = sorted({t for o in self._outcomes for t in o.texts}, key=_natural)
            rows = [dict.fromkeys(texts, False) | dict.fromkeys(o.texts, True) for o in self._outcomes]
            frame = pd.DataFrame(rows, columns=texts, dtype=bool)
        else:
            rows = [_flat(o.to_dict(), ("players", "objects")) for o in self._outcomes]
            frame = pd.DataFrame(rows, columns=sorted({k for row in rows for k in row}, key=_natural))
        frame.index = pd.RangeIndex(1, len(self._outcomes) + 1, name="outcome")
        # For from_dataframe (Parquet files keep attrs): one text, which pandas copies cheaply with the frame.
        frame.attrs["pyrules"] = json.dumps(self._header() | {"columns": columns})
        return frame


class SequenceOutcomes(Outcomes):
    """The outcomes of a sequence of actions: one per distinct final state (:mod:`pyrules.play.sequence`)."""

    def __init__(self, situation: Situation, lines: list[Any], statistics: Statistics, options: SolveOptions,
                 messages: list[str], library: Any = None, timed_out: bool = False, limit: int | None = None,
                 run: RunResult | None = None):
        """The distinct final states of ``lines``, sorted; with ``limit``, the first ones (then truncated);
        ``timed_out``: the lines were cut at the timeout (then truncated too). ``run``: the outcomes of a whole
        combat searched at once (:mod:`pyrules.play.combat_run`) instead of lines; each outcome's line is played
        again, from the declarations of one line that reaches it, when it is asked for."""
        self._start(situation, statistics, options, library, messages=messages)
        found: dict[frozenset[Symbol], Outcome] = {}
        endings: dict[frozenset[Symbol], Ending] = {}
        #: For the outcomes of a run: the declarations of one line to each (``attack(C,T)``, ``block(B,A)``).
        self._witnesses: dict[frozenset[Symbol], tuple[frozenset[Symbol], frozenset[Symbol]]] = {}
        if run is not None:  # (each of its outcomes distinct)
            for o in run.outcomes:
                found[o.atoms] = Outcome(o.atoms, situation, self)
                self._witnesses[o.atoms] = (o.atoms, o.witness)
                if o.ending is not None:
                    endings[o.atoms] = o.ending
        for line in lines:
            atoms = changes(situation, line)
            found.setdefault(atoms, Outcome(atoms, situation, self, line))
            if line.ending is not None:
                endings.setdefault(atoms, line.ending)
        # (a run's outcomes come in this order)
        outcomes = list(found.values()) if run is not None and not lines else \
            sorted(found.values(), key=lambda o: outcome_key(o.atoms))
        self._outcomes = outcomes[:limit] if limit is not None else outcomes
        self.truncated = timed_out or len(self._outcomes) < len(outcomes)
        self.timed_out = timed_out
        self.illegal: list[str] = []  # an illegal action ends its line, and that is an outcome (illegal/2)
        #: Why lines ended before the last action (an illegal action, a loop, the bound), one text each.
        self.endings = sorted({describe_ending(e) for e in {endings[o.atoms] for o in self._outcomes if o.atoms in endings}})
        self._steps: Any = None  # the steps explained so far, for the other outcomes' explanations
        #: Read back from JSON: each outcome's saved state, checked once its line is found again.
        self._saved: dict[frozenset[Symbol], tuple[Field, dict[str, Any]]] = {}

    def _asker(self) -> Any:
        if self._grounding is None:
            self._grounding = OutcomeTable([o.atoms for o in self._outcomes], self.options)  # type: ignore[assignment]
        return self._grounding

    def where(self, text: str, limit: int | None = None) -> Outcomes:
        """The outcomes where a query holds (found by clingo among the lines of play already found)."""
        _where_arguments(text, limit)
        found = list(match_outcomes([o.atoms for o in self._outcomes], parse_query(text, self.situation, "--where")))
        result = copy(self)
        result._outcomes = [self._outcomes[i] for i in found][:limit]
        result.truncated = limit is not None and len(found) > limit
        return result

    def optimal(self, sense: str, text: str, limit: int | None = None) -> Outcomes:
        """The outcomes with the most (``sense`` maximize) or the least of an objective, found by clingo's
        optimization among the lines of play already found; ``optimum`` is its value there."""
        elements = parse_objective(text, sense, self.situation, f"--{sense}")
        found, cost = optimal_outcomes([o.atoms for o in self._outcomes], elements, f"--{sense}")
        result = copy(self)
        result._outcomes = [self._outcomes[i] for i in found][:limit]
        result.truncated = self.truncated or (limit is not None and len(found) > limit)
        result.optimum = None if cost is None else (-cost if sense == "maximize" else cost)
        return result

    def projected(self, signatures: tuple[str, ...], limit: int | None = None) -> Outcomes:
        """The distinct outcomes of these outcome predicates only (name/arity): outcomes that differ only in
        other atoms are one, told by the first of them (its line of play explains it)."""
        unknown = sorted(set(signatures) - set(outcome_signatures()))
        if unknown:
            raise InputError("--project", f"{unknown[0]} is not an outcome of a sequence of actions")
        result = copy(self)
        result._graphs = type(self._graphs)()  # (explanations of the projected outcomes, by their atoms)
        result._witnesses = {}
        found: dict[frozenset[Symbol], Outcome] = {}
        for o in self._outcomes:
            atoms = frozenset(a for a in o.atoms if f"{a.name}/{len(a.arguments)}" in signatures)
            found.setdefault(atoms, Outcome(atoms, self.situation, result, o.line))
            if o.atoms in self._witnesses:
                result._witnesses.setdefault(atoms, self._witnesses[o.atoms])
        result._outcomes = sorted(found.values(), key=lambda o: outcome_key(o.atoms))[:limit]
        result.truncated = self.truncated or (limit is not None and len(found) > limit)
        return result

    def _consequences(self) -> None:
        if not self._queried:
            sets = [o.atoms for o in self._outcomes]
            self._brave = frozenset().union(*sets) if sets else None
            self._cautious = frozenset.intersection(*sets) if sets else None
            self._queried = True

    def _explanation(self, outcome: Outcome) -> Any:
        graph = self._graphs.get(outcome.atoms)
        if graph is None:
            if outcome.line is None:
                self._line_of(outcome)
            steps = _explainers().steps
            if self._steps is None:
                self._steps = steps.StepGroundings()
            graph = self._graphs.keep(outcome.atoms, steps.sequence_graph(self, outcome, self._steps))
        return graph

    def _line_of(self, outcome: Outcome) -> None:
        """Find an outcome's line of play, where the result holds none: a run's outcome from the declarations of a
        line that reaches it (the attackers and blockers given, the rest as the situation says), played step by
        step; a result read back from JSON, every line again."""
        if outcome.atoms not in self._witnesses:
            self._play_again()
            return
        whole, witness = self._witnesses[outcome.atoms]
        attacks = tuple(sorted((w.arguments[0].string, w.arguments[1].string) for w in witness if w.name == "attack"))
        blocks = tuple(sorted((w.arguments[0].string, w.arguments[1].string) for w in witness if w.name == "block"))
        actions = (DeclareAttackers(attacks), DeclareBlockers(blocks)) + self.situation.actions[2:]
        runner = Runner(replace(self.situation, actions=actions), self._library, replace(self.options, limit=None))
        line = next((line for line in runner.run() if changes(self.situation, line) == whole), None)
        if line is None:  # (the run and the steps disagree: a defect of pyrules, never an answer)
            raise RuntimeError(f"no line of play from {sorted(map(str, witness))} ends in the outcome "
                               f"{{{', '.join(outcome.texts)}}}")
        # Each declaration the situation left open is told as asked: one of the open question's outcomes, chosen.
        asked = {1: self.situation.actions[0], 2: self.situation.actions[1]}
        steps = tuple(replace(step, question=asked[step.action], state=replace(step.state, question=asked[step.action]))
                      if step.action in asked and isinstance(step.question, (DeclareAttackers, DeclareBlockers))
                      else step for step in line.steps)
        object.__setattr__(outcome, "line", replace(line, steps=steps))

    def _play_again(self) -> None:
        """A result read back from JSON holds no lines of play: they are found again (the same search, so
        the same lines) for the outcomes' explanations."""
        lines = {o.atoms: o.line for o in _play(self.situation, self._library, replace(self.options, limit=None))}
        for outcome in self._outcomes:
            if outcome.atoms not in lines:
                raise InputError(self.situation.source, f"no line of play ends in the outcome "
                                 f"{{{', '.join(outcome.texts)}}} now; was the result saved by another pyrules?")
            object.__setattr__(outcome, "line", lines[outcome.atoms])
        for outcome in self._outcomes:
            f, state = self._saved.pop(outcome.atoms, (None, None))
            if f is not None and state != outcome.to_dict():
                raise f.fail("its players and objects are not the state its line of play ends in (was the "
                             "result edited?)")

    def why_not(self, atom: str | Symbol) -> list[str]:
        _atom_argument(atom, "atom")
        symbol = self._ground_atom(atom)
        text = format_atom(symbol) if symbol is not None else atom
        if self.sometimes(atom):
            return [f"{text} holds in some outcome"]
        return [f"{text} holds at the end of no line of play; explain an outcome to follow its steps"]

    def __repr__(self) -> str:
        return f"<SequenceOutcomes {len(self)} of {self.situation.source}>"


def _explainers() -> Any:
    """pyrules.explain, imported when first needed: networkx, on which explanations are built, takes a fifth
    of a second to import, a third of what a small question costs as a process."""
    from pyrules.explain import graph, steps, versus, whynot  # (inside a function: see above)

    return SimpleNamespace(graph=graph, steps=steps, versus=versus, whynot=whynot)


def solve_situation(situation: Situation, library: CardLibrary | None, options: SolveOptions, *, explain: bool = False,
                    progress: Callable[[int, float], None] | None = None,
                    on_outcome: Callable[[Outcome], None] | None = None,
                    on_step: Callable[[Playing], None] | None = None) -> Outcomes:
    """Every distinct legal outcome of a situation already read, with options already checked
    (:func:`pyrules.solve` checks and reads them first)."""
    if situation.actions:
        if options.constraints:
            raise InputError("constraints", "applies to one-step questions; on a sequence of actions use where (a "
                                            "query)")
        # (a whole combat at once, if it can be)
        run = play_combat(situation, library, replace(options, limit=None) if options.project else options)
        if run is not None:
            with paused():  # (an outcome each, by the hundred thousand: collected once afterwards)
                result = SequenceOutcomes(situation, [], run.statistics, options, run.messages, library,
                                          timed_out=run.timed_out, limit=None if options.project else options.limit,
                                          run=run)
            result.optimum = run.optimum
            return result.projected(options.project, options.limit) if options.project else result
        whole = options.where is not None or options.maximize is not None or options.minimize is not None or \
            bool(options.project)
        result = _play(situation, library, replace(options, where=None, maximize=None, minimize=None,
                                                   limit=None if whole else options.limit), on_step)
        if options.where is not None:
            result = result.where(options.where, None if options.maximize or options.minimize or options.project
                                  else options.limit)
        if options.maximize is not None or options.minimize is not None:
            sense = "maximize" if options.maximize is not None else "minimize"
            result = result.optimal(sense, getattr(options, sense), None if options.project else options.limit)
        if options.project:
            result = result.projected(options.project, options.limit)
        return result
    grounding = Grounding(situation, library, options, explain=explain)
    grounding.progress = progress
    if on_outcome is not None:
        grounding.on_outcome = lambda atoms: on_outcome(Outcome(atoms, situation))
    models, truncated, stats = grounding.enumerate(options.limit)
    return Outcomes(situation, grounding, models, truncated, stats, options, library)


def _play(situation: Situation, library: CardLibrary | None, options: SolveOptions,
          on_step: Callable[[Playing], None] | None = None) -> Outcomes:
    """A sequence of actions: every line of play, step by step, one outcome per distinct final state."""
    runner = Runner(situation, library, options)
    runner.on_step = on_step
    lines = runner.run()
    runner.statistics.extra["steps"] = runner.steps_solved
    return SequenceOutcomes(situation, lines, runner.statistics, options, runner.messages, library,
                            timed_out=runner.timed_out, limit=options.limit)


def _read_result(data: Any, library: CardLibrary | None, where: str) -> Outcomes:
    """An :class:`Outcomes` from :meth:`Outcomes.to_dict`'s data: every field is read, and the derived ones
    (the count, each outcome's players and objects, the solver's arguments) are checked against what they
    derive from, so that a hand-edited result is refused rather than half believed."""
    root = Field(data, "", where, {})
    root.mapping()
    root.only_keys({"format", "kind", "situation", "document", "count", "truncated", "timed_out", "illegal",
                    "optimum", "outcomes", "options", "statistics", "messages", "endings", "set_aside"})
    if root.child("format").integer() != Outcomes.FORMAT:
        raise root.child("format").fail(f"this pyrules reads results of format {Outcomes.FORMAT}")
    kind = root.child("kind").choice(("one-step", "sequence"))
    if not root.child("document").present:
        raise root.child("document").fail("the result holds no situation document (a situation made by hand, "
                                          "not read from a file or a SituationBuilder)")
    document = Field(root.child("document").value, "", root.child("situation").text(), {})
    situation = parse_situation(document, library, extra_fields=CASE_FIELDS)
    if root.child("set_aside").present:  # (derived from the situation: it must agree)
        said = [tuple(Field(item.value, item.path, item.source, {}).mapping().get(k) for k in ("card", "line", "why"))
                for item in root.child("set_aside").elements()]
        if said != list(situation.set_aside):
            raise root.child("set_aside").fail("the lines set aside do not follow from the situation (was the result "
                                               "edited?)")
    options = _read_options(root.child("options"))
    statistics = root.child("statistics")
    statistics.only_keys({f.name for f in fields(Statistics)} - {"extra"})
    cls = SequenceOutcomes if kind == "sequence" else Outcomes
    result: Outcomes = cls.__new__(cls)
    result._start(situation, Statistics(**statistics.mapping()), options, library,
                  messages=root.child("messages").texts())
    result._outcomes = []
    saved: dict[frozenset[Symbol], tuple[Field, dict[str, Any]]] = {}
    for f in root.child("outcomes").elements():
        f.only_keys({"atoms", "players", "objects"})
        atoms = frozenset(parse_atom(a.text(), situation, a.where) for a in f.child("atoms").elements())
        outcome = Outcome(atoms, situation, result)
        if set(f.mapping()) == {"atoms"}:  # (from a data frame: the state follows from the atoms)
            pass
        elif kind == "sequence":  # the state at the end of its line: checked when the lines are found again
            saved[atoms] = (f, f.mapping())
        elif f.mapping() != outcome.to_dict():
            raise f.fail("its players and objects do not follow from its atoms (was the result edited?)")
        result._outcomes.append(outcome)
    if root.child("count").integer(minimum=0) != len(result._outcomes):
        raise root.child("count").fail(f"count is {root.child('count').value}, but there are "
                                       f"{len(result._outcomes)} outcomes")
    result.truncated = root.child("truncated").boolean()
    result.timed_out = root.child("timed_out").boolean()
    result.illegal = list(root.child("illegal").texts())
    result.optimum = root.child("optimum").integer(default=None)
    if isinstance(result, SequenceOutcomes):
        result.endings = list(root.child("endings").texts())
        result._steps = None
        result._saved = saved
        result._witnesses = {}
    elif root.child("endings").present:
        raise root.child("endings").fail("only the result of a sequence of actions has endings")
    return result


def _read_options(f: Field) -> SolveOptions:
    f.only_keys({"limit", "threads", "seed", "project", "timeout", "where", "constraints", "maximize", "minimize",
                 "arguments"})
    timeout = f.child("timeout")
    if timeout.present and (not isinstance(timeout.value, (int, float)) or isinstance(timeout.value, bool)):
        raise timeout.fail("timeout must be a number of seconds")
    try:
        options = SolveOptions(limit=f.child("limit").integer(default=None), threads=f.child("threads").integer(),
                               seed=f.child("seed").integer(), project=f.child("project").texts(),
                               timeout=timeout.value if timeout.present else None,
                               where=f.child("where").text(default=None),
                               constraints=f.child("constraints").texts(),
                               maximize=f.child("maximize").text(default=None),
                               minimize=f.child("minimize").text(default=None))
    except (TypeError, InputError) as exc:
        raise f.fail(str(exc)) from None
    if list(f.child("arguments").texts()) != options.arguments():
        raise f.child("arguments").fail(f"the solver's arguments are {options.arguments()} for these options")
    return options
