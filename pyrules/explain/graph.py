"""Explanations: a networkx graph saying why an outcome holds, built from the rules' own headers.

How it works, with no explanation code per rule:

* When a situation is solved with explanations, every rule of ``asp/`` is also loaded as a
  *shadow* rule ``_why(Rule, Head, Body..., Negative...) :- <the same body>.`` (built through
  clingo's AST, so the grounder instantiates it once, with the rest, and writes the atoms of each
  firing itself). Each true ``_why`` atom is one ground instance of a rule whose body holds in
  that outcome: a *firing*.
* Most atoms are decided by grounding (facts): the part of every explanation they make is built
  once per grounding. Which of the others an outcome makes true is read from its model as the
  outcomes are enumerated.
* A firing links its positive body atoms to its head, and is labelled with the Comprehensive
  Rules numbers and text of the ``% @rule(...)`` block it sits in; negative conditions are listed
  as "unless" on the firing. Atom labels come from the predicate catalogues of ``asp/``.
* Only well-founded supports are kept: each atom gets the least stage at which it can be derived
  from facts, and a firing is kept only if its body atoms are all from earlier stages. A
  Reflecting Pool / Exotic Orchard cycle is thus explained from the land that seeds it.
"""

from __future__ import annotations

import io
import json
from collections import ChainMap, defaultdict, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import clingo
import clingo.ast as ast
import networkx as nx
from clingo import Symbol, SymbolType

from pyrules.base.collector import paused
from pyrules.engine.atoms import format_atom, parse_atom
from pyrules.engine.derivations import ExplainData, Firings, encoding_facts, read_firings, rules
from pyrules.engine.encodings import FILES, catalogue, output_signatures
from pyrules.engine.shadows import WHY, evaluate_term, instantiate, predicate_of
from pyrules.engine.signatures import OUTCOMES
from pyrules.explain.judge import decisive, game_atom, judge_view, object_names, sentence
from pyrules.explain.terms import GIVEN, GIVEN_GAME, given_phrase
from pyrules.explain.text import atom_label

# ---------------------------------------------------------------------------------------------
# Rules of the encodings, and their shadows
# ---------------------------------------------------------------------------------------------






















# ---------------------------------------------------------------------------------------------
# Instantiating rules
# ---------------------------------------------------------------------------------------------






# ---------------------------------------------------------------------------------------------
# Labels
# ---------------------------------------------------------------------------------------------








# ---------------------------------------------------------------------------------------------
# Building the graph of one outcome
# ---------------------------------------------------------------------------------------------


class Explanation(nx.DiGraph):
    """The graph of why an outcome holds. Atom nodes are keyed by the atom's clingo symbol id and
    carry ``kind`` (fact, derived, choice), ``symbol`` and ``stage``; rule firings are keyed by
    negative numbers and carry ``kind`` "rule", ``label``, ``cites``, ``file`` and ``unless``.
    Edges run body atom -> firing -> head. Atom labels are written when first needed.

    An explanation is read, not changed: the explanations of a grounding's outcomes share what grounding
    decided (attributes, and the maps of the firings' heads and bodies), so an outcome's explanation is a
    frozen graph (``nx.is_frozen``: adding or removing raises ``NetworkXError``); ``copy()`` gives a graph of
    its own to change.

    An outcome's explanation is built from its maps of predecessors (what each node rests on); its maps of
    successors (networkx's ``_succ``, also ``_adj``) are made from them when first read: a judge view, a
    citation or a focus walks predecessors only, and the successor maps were a third of building."""

    # Shared by _succ and _adj (networkx keeps them one object): made when first read, if build() left them out.
    @property
    def _succ(self) -> dict:
        own = self.__dict__
        succ = own.get("_succ")
        if succ is None:
            succ = {node: {} for node in own["_node"]}
            for node, parents in own["_pred"].items():
                for parent in parents:
                    succ[parent][node] = _NO_ATTRIBUTES
            own["_succ"] = own["_adj"] = succ
        return succ

    @_succ.setter
    def _succ(self, value: dict | None) -> None:  # as networkx's own: both names, and its views made anew
        own = self.__dict__
        own["_succ"] = own["_adj"] = value
        for view in ("adj", "succ", "edges", "out_edges", "degree", "out_degree", "in_degree"):
            own.pop(view, None)

    _adj = _succ

    def label(self, node: Any) -> str:
        data = self.nodes[node]
        if "label" not in data:
            data["label"] = atom_label(data["symbol"])
        return data["label"]

    def node_name(self, node: Any) -> str:
        """A readable name that does not depend on the run: an atom's text; for a firing, its rule's
        place and the atoms it links (a firing is its rule, head and body)."""
        data = self.nodes[node]
        if data["kind"] == "rule":
            head = ", ".join(sorted(self._linked_name(h) for h in self.successors(node)))
            body = ", ".join(sorted(self._linked_name(b) for b in self.predecessors(node)))
            return f"{data['file']}: {head} <- {body}"
        return format_atom(data["symbol"])

    def _linked_name(self, node: Any) -> str:
        """An atom's text; for a node that stands for a step of a sequence (the state after it, the action
        that ended the line), its label."""
        data = self.nodes[node]
        return format_atom(data["symbol"]) if "symbol" in data else f"({data['label']})"

    def labelled(self) -> nx.DiGraph:
        """A copy with readable node names, every label written and only plain attribute values."""
        copy = nx.DiGraph()
        names = {node: self.node_name(node) for node in self.nodes}
        for node, data in sorted(self.nodes(data=True), key=lambda item: names[item[0]]):
            plain = {k: v for k, v in data.items() if k not in ("symbol", "unless")}
            plain["label"] = self.label(node)
            if data["kind"] == "rule":
                plain["unless"] = "; ".join(f"no {format_atom(u)}" for u in data["unless"])
            else:
                plain["atom"] = names[node]
            copy.add_node(names[node], **plain)
        copy.add_edges_from(sorted((names[a], names[b]) for a, b in self.edges))
        return copy

    def atom_node(self, atom: Symbol | str) -> int:
        if isinstance(atom, str):
            situation = self.graph.get("situation")
            try:
                atom = parse_atom(atom, situation) if situation is not None else clingo.parse_term(atom)
            except Exception:  # an internal predicate: read it as a plain term
                atom = clingo.parse_term(atom)
        if atom._rep not in self:
            raise KeyError(f"{format_atom(atom)} is not in this explanation")
        return atom._rep

    def focus(self, atom: Symbol | str) -> Explanation:
        """The atom and everything it rests on."""
        node = self.atom_node(atom)
        sub = Explanation(self.subgraph(nx.ancestors(self, node) | {node}))
        sub.graph.update(self.graph)
        return sub

    def firings(self, atom: Symbol | str) -> list[dict[str, Any]]:
        """The rule firings that derive an atom directly."""
        return [self.nodes[p] for p in self.predecessors(self.atom_node(atom))]

    def cites(self, atom: Symbol | str) -> set[str]:
        """The rule numbers and rulings of the decisive chain below an atom (:func:`pyrules.explain.judge.decisive`):
        the rules that derive it and what it rests on, not the rules behind the encodings' bookkeeping."""
        chain = decisive(self, [self.atom_node(atom)])
        return {c for n in chain if self.nodes[n]["kind"] == "rule" for c in self.nodes[n]["cites"].split(", ") if c}

    def judge(self, atom: Symbol | str | None = None) -> Any:
        """The judge view (:class:`pyrules.explain.judge.JudgeView`): the situation's facts on the decisive chain,
        the steps and choices in the order they happen, each with its CR numbers, and the atoms explained
        (``atom``, or the outcome's atoms)."""
        return judge_view(self, None if atom is None else [self.atom_node(atom)])

    # -- exports ----------------------------------------------------------------------------------
    def to_dot(self) -> str:
        """The whole graph as Graphviz DOT, laid out and labelled as :func:`_write_dot` says: atoms as ellipses
        (facts as notes, choices as diamonds), rule firings as boxes labelled with their rules."""
        return _write_dot(self, {node: self.node_name(node) for node in self.nodes}, [(a, b, "") for a, b in self.edges])

    def to_graphml(self) -> str:
        buffer = io.BytesIO()
        nx.write_graphml(self.labelled(), buffer)
        return buffer.getvalue().decode("utf-8")

    def to_json(self) -> str:
        return json.dumps(nx.node_link_data(self.labelled(), edges="links"), indent=2, default=str)

    def text(self, roots: Iterable[Any] | None = None) -> str:
        """An indented tree, from the outcome's atoms down to facts; repeated parts are referred to."""
        if roots is None:
            roots = sorted((n for n, d in self.nodes(data=True) if d["kind"] != "rule" and self.out_degree(n) == 0),
                           key=self.node_name)
        out: list[str] = []
        seen: set[Any] = set()

        def walk(node: Any, depth: int) -> None:
            data = self.nodes[node]
            prefix = "  " * depth
            if data["kind"] == "rule":
                unless = "; ".join(f"no {format_atom(u)}" for u in data["unless"])
                out.append(f"{prefix}<- by {data['label']}{f'  [unless: {unless}]' if unless else ''}")
            else:
                mark = {"fact": " (given)", "choice": " (chosen)"}.get(data["kind"], "")
                out.append(f"{prefix}{self.label(node)}{mark}{' (see above)' if node in seen else ''}")
                if node in seen:
                    return
                seen.add(node)
            for pred in sorted(self.predecessors(node), key=self.node_name):
                walk(pred, depth + 1)

        for root in roots:
            walk(root, 0)
        return "\n".join(out) + "\n"

    def drawing(self, internals: bool = False) -> tuple[nx.DiGraph, dict[Any, tuple[float, float]]]:
        """The graph to draw and each node's place, layered from the situation (left) to the outcome
        (right). By default only the atoms a reader knows are kept: the situation's own facts, the
        choices and the outcome atoms; each edge joins two of them through the rules and auxiliary
        atoms between, and carries the CR numbers of the rules that derive its target (``cites``). With ``internals``,
        every atom and rule firing is kept. Node attributes: ``text`` (the atom), ``label`` (the atom with
        each object named by its card: ``counters_put(Walking Ballista,p1p1,6)``), ``kind`` and ``layer``."""
        outputs = set(output_signatures())
        graph = nx.DiGraph()

        def known(node: Any) -> bool:
            data = self.nodes[node]
            if data["kind"] == "rule" or "symbol" not in data:
                return data["kind"] != "rule"
            symbol = data["symbol"]
            return (data["kind"] == "choice" or f"{symbol.name}/{len(symbol.arguments)}" in outputs
                    or (data["kind"] == "fact" and not data.get("source", "asp").startswith(("asp", "card:"))))

        if internals:
            for node, data in self.nodes(data=True):
                text = (data["cites"].split(", ")[0] or data["file"]) if data["kind"] == "rule" \
                    else self._linked_name(node)
                graph.add_node(node, kind=data["kind"], text=text, label=text)
            graph.add_edges_from(self.edges, cites="")
        else:
            kept = [n for n in self.nodes if known(n)]

            cards = object_names(self.graph.get("situation"))
            for node in kept:
                data = self.nodes[node]
                label = game_atom(data["symbol"], cards) if "symbol" in data else self._linked_name(node)
                graph.add_node(node, kind=data["kind"], text=self._linked_name(node), label=label,
                               source=data.get("source", ""))
            for node in kept:  # walk back through what is not kept, to the kept atoms it rests on
                cites: dict[Any, set[str]] = {}
                todo, seen = [(p, frozenset()) for p in self.predecessors(node)], set()
                while todo:
                    current, passed = todo.pop()
                    data = self.nodes[current]
                    if data["kind"] == "rule" and data["cites"] and not passed:
                        passed = frozenset({data["cites"].split(", ")[0]})  # the rule that derives the atom
                    if current in graph and current != node:
                        cites.setdefault(current, set()).update(passed)
                        continue
                    if (current, passed) in seen:
                        continue
                    seen.add((current, passed))
                    todo += [(p, passed) for p in self.predecessors(current)]
                for source, numbers in cites.items():
                    graph.add_edge(source, node, cites=", ".join(sorted(numbers)))
        try:
            layers = list(nx.topological_generations(graph))
        except nx.NetworkXUnfeasible:  # pragma: no cover - explanations are acyclic (stages)
            layers = [sorted(graph.nodes)]
        for depth, layer in enumerate(layers):
            for node in layer:
                graph.nodes[node]["layer"] = depth
        return graph, nx.multipartite_layout(graph, subset_key="layer") if len(graph) else {}

    def to_markdown(self) -> str:
        """The judge view as Markdown, for a rulings write-up (:meth:`judge`)."""
        return self.judge().markdown()

    def to_small_dot(self) -> str:
        """The drawing's graph as Graphviz DOT, laid out and labelled as :func:`_write_dot` says: the
        situation's facts, the choices and the outcome atoms, each edge labelled with the CR rules that
        derive its target."""
        graph, _ = self.drawing()
        return _write_dot(self, {n: d["text"] for n, d in graph.nodes(data=True)}, graph.edges(data="cites"))

    def draw(self, ax: Any = None, internals: bool = False, width: int = 30) -> Any:
        """Draw with matplotlib (the ``notebooks`` extra), as :meth:`drawing` lays it out: facts grey,
        choices orange, outcome atoms blue, each edge marked with the CR numbers of the rules that derive
        its target. Labels are cut to ``width`` characters. Returns the axes."""
        try:
            import matplotlib.pyplot as plt
        except ImportError as exc:
            raise ImportError("Explanation.draw needs matplotlib (pip install 'pyrules[notebooks]'); "
                              "to_dot() needs nothing") from exc
        graph, pos = self.drawing(internals)
        if ax is None:
            layers = 1 + max((d["layer"] for _, d in graph.nodes(data=True)), default=0)
            tallest = max([sum(1 for _, d in graph.nodes(data=True) if d["layer"] == k) for k in range(layers)],
                          default=1)
            _, ax = plt.subplots(figsize=(min(4 + 2.2 * layers, 40), min(2 + 0.45 * tallest, 40)))
        colors = {"fact": "#dddddd", "choice": "#ffb347", "derived": "#a7c7e7", "rule": "#444444"}
        nx.draw_networkx_edges(graph, pos, ax=ax, arrows=True, arrowsize=8, edge_color="#888888", width=0.7)
        nx.draw_networkx_nodes(graph, pos, ax=ax, node_size=[30 if d["kind"] == "rule" else 120
                                                            for _, d in graph.nodes(data=True)],
                               node_color=[colors.get(d["kind"], "#a7c7e7") for _, d in graph.nodes(data=True)])

        def cut(text: str) -> str:
            return text if len(text) <= width else text[:width - 1] + "\u2026"

        nx.draw_networkx_labels(graph, pos, ax=ax, font_size=7,
                                labels={n: cut(d["label"]) for n, d in graph.nodes(data=True)})
        nx.draw_networkx_edge_labels(graph, pos, ax=ax, font_size=6, font_color="#aa3333", rotate=False,
                                     edge_labels={(a, b): d["cites"] for a, b, d in graph.edges(data=True)
                                                  if d.get("cites")})
        ax.set_axis_off()
        return ax


def _dot(text: str) -> str:
    """A DOT string's text, without its quotes."""
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


_SHAPES = {"rule": "box", "fact": "note", "choice": "diamond", "derived": "ellipse"}


def _write_dot(graph: Explanation, names: dict[Any, str], edges: Iterable[tuple[Any, Any, str | None]]) -> str:
    """Graphviz DOT of some nodes of an explanation (``names``: each node's name) and edges between them
    (each with its label, or none), each node showing its label in game words (:func:`_dot_label`), laid
    out left to right in columns (``rank=same`` subgraphs, kept in order by an invisible edge from each
    column to the next; ``newrank`` lets a column cross boxes): first the facts, in a box (a ``cluster``
    subgraph) per object, per player and one for the rest (:func:`_about`); then each step of a sequence of
    actions, in a box of its own, its nodes in columns by stage (:func:`_place`); the sequence's outcome
    atoms last. A node of a step (but a fact: one node, whichever steps read it) is named after the step:
    ``step 2: move(ballista,battlefield,graveyard)``."""
    nodes = graph.nodes
    last = max((d.get("step", 0) for _, d in nodes(data=True)), default=0)
    ids = {n: name if nodes[n]["kind"] == "fact" or "step" not in nodes[n] else f"step {nodes[n]['step']}: {name}"
           for n, name in names.items()}
    places = {ids[n]: _place(graph, n, last) for n in names}
    situation = graph.graph.get("situation")
    cards, sequence = object_names(situation), last > 0
    shown = {ids[n]: f'label="{_dot(_dot_label(nodes[n], cards, sequence))}", '
                     f'shape={_SHAPES.get(nodes[n]["kind"], "ellipse")}' for n in names}
    titles, objects, players = _groups(situation)
    titles[""] = "other facts"
    boxes: dict[tuple, dict[str, Any]] = {}  # ("facts", what they are about) or ("step", k) -> its nodes
    for node in names:
        data = nodes[node]
        if data["kind"] == "fact":
            boxes.setdefault(("facts", _about(data["symbol"], objects, players)), {})[ids[node]] = data
        elif "step" in data:
            boxes.setdefault(("step", data["step"]), {})[ids[node]] = data
    lines = ["digraph explanation {", "  rankdir=LR;", "  node [fontname=Helvetica, fontsize=10];", "  newrank=true;"]
    for box in [("facts", key) for key in titles] + [("step", k) for k in range(1, last + 1)]:
        inside = boxes.get(box)
        if not inside:
            continue
        if box[0] == "facts":
            name, title = f"cluster_{box[1]}", titles[box[1]]
        else:
            first = next((d for d in inside.values() if d["kind"] != "rule"), next(iter(inside.values())))
            name, title = f"cluster step {box[1]}", f"step {box[1]}: {first['what']} (action {first['action']})"
        lines += [f'  subgraph "{_dot(name)}" {{', f'    label="{_dot(title)}";']
        lines += [f'    "{_dot(i)}" [{shown.pop(i)}];' for i in sorted(inside, key=lambda i: (places[i], i))]
        lines.append("  }")
    lines += [f'  "{_dot(i)}" [{shown[i]}];' for i in sorted(shown, key=lambda i: (places[i], i))]
    columns: dict[tuple, list[str]] = {}
    for i in sorted(places):
        columns.setdefault(places[i], []).append(i)
    in_order = [columns[place] for place in sorted(columns)]
    lines += ["  {rank=same; " + " ".join(f'"{_dot(i)}";' for i in column) + "}" for column in in_order]
    drawn = {(ids[a], ids[b]): label for a, b, label in edges}
    lines += [f'  "{_dot(a)}" -> "{_dot(b)}"' + (f' [label="{_dot(label)}"];' if label else ";")
              for (a, b), label in sorted(drawn.items())]
    lines += [f'  "{_dot(a[0])}" -> "{_dot(b[0])}" [style=invis];' for a, b in zip(in_order, in_order[1:])]
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dot_label(data: dict, names: dict[str, str], sequence: bool) -> str:
    """What a node shows, in game words: a fact of the situation as the Given lines say it (``on the
    stack``), another fact as written, its objects named by their cards; another atom as the first sentence of its meaning
    (:func:`pyrules.explain.judge.sentence`; a sequence's outcome atoms as its outcomes); a firing, or a state
    of a sequence, its own label (the rule's numbers and text)."""
    if "symbol" not in data or data["kind"] == "rule":
        return data["label"]
    if data["kind"] == "fact":
        return _fact_label(data["symbol"], names)
    return sentence(data["symbol"], names, table=OUTCOMES if sequence and "step" not in data else None)


def _fact_label(fact: Symbol, names: dict[str, str]) -> str:
    """A fact of the situation as the judge view's Given lines say it (``on the stack``, in the box of the
    object it is about); another fact (a card's, the encodings') as written, its objects named by their cards."""
    args = fact.arguments
    subject = bool(args) and args[0].type == SymbolType.String
    if f"{fact.name}/{len(args)}" not in (GIVEN if subject else GIVEN_GAME):
        return game_atom(fact, names)
    return given_phrase(fact, names, subject)


def _place(graph: Explanation, node: Any, last: int) -> tuple:
    """Where a node is drawn, as (step, stage), the same place in the same column, columns in order: the
    facts first; then each step of a sequence of actions (of a question, its one step), the sequence's
    outcome atoms after its last (``last``); in a step, the atoms by stage, each firing just before its
    head, the state after the step after its atoms."""
    data = graph.nodes[node]
    if data["kind"] == "fact":
        return (0, 0)
    step = data.get("step", last + 1)
    if data["kind"] != "rule":
        return (step, data.get("stage", 0))
    heads = [graph.nodes[h]["stage"] for h in graph.successors(node)
             if graph.nodes[h].get("step") == data.get("step") and "stage" in graph.nodes[h]]
    return (step, min(heads) - 0.5) if heads else (step, float("inf"))


def _groups(situation: Any) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The boxes facts are drawn in: their titles, in the situation's order (each object by its card's name
    and its id, "Walking Ballista (ballista)", then each player), and the names that say which box: each
    object's id, and the name of a card only one object has; each player's name."""
    if situation is None:
        return {}, {}, {}
    names = object_names(situation)
    titles = {oid: name if name.endswith(f"({oid})") else f"{name} ({oid})" for oid, name in names.items()}
    players = {p.name: p.name for p in situation.players if p.name not in names}
    return {**titles, **players}, {**{name: oid for oid, name in names.items()}, **{o: o for o in names}}, players


def _about(symbol: Symbol, objects: dict[str, str], players: dict[str, str]) -> str:
    """The box of a fact: the object it names first (``objects``: by its id, or the name of its card; what an
    object made by the object's id before "#": "ballista#ability1"), else the player it names first, else
    the rest ("")."""
    found: list[str] = []
    todo = [symbol]
    while todo:  # its strings, first to last
        value = todo.pop()
        if value.type == SymbolType.String:
            found.append(value.string.split("#")[0])
        elif value.type == SymbolType.Function:
            todo += reversed(value.arguments)
    return next((objects[s] for s in found if s in objects), None) or next((s for s in found if s in players), "")


def _stages(firings: Firings, stage: Any) -> None:
    """Give each head the least stage at which it is derived from atoms already staged (in place;
    ``stage`` may be a ChainMap over the shared stages)."""
    waiting: defaultdict[int, list[int]] = defaultdict(list)
    missing = [0] * len(firings)
    ready: deque[int] = deque()
    for i, (_, _head, body, _) in enumerate(firings):
        pending = [b for b in body if b not in stage]  # (an atom twice in a body waits, and counts, twice)
        if pending:
            missing[i] = len(pending)
            for b in pending:
                waiting[b].append(i)
        else:
            ready.append(i)
    queue: deque[int] = deque()
    level = stage.__getitem__
    while ready or queue:
        while ready:
            _, head, body, _ = firings[ready.popleft()]
            if head not in stage:
                stage[head] = 1 + max(map(level, body), default=0)
                queue.append(head)
        if queue:
            for i in waiting.get(queue.popleft(), ()):
                missing[i] -= 1
                if missing[i] == 0:
                    ready.append(i)


def _well_founded(firings: Firings, stage: Any) -> dict[int, tuple[int, ...]]:
    """Each head, and the positions of its well-founded firings (body atoms all of earlier stages than
    the head); given and underivable heads have none."""
    by_head: dict[int, list[int]] = {}
    get = stage.get
    for k, (_, head, body, _) in enumerate(firings):
        level = get(head)
        if level:
            for b in body:
                below = get(b)
                if below is None or below >= level:
                    break
            else:
                by_head.setdefault(head, []).append(k)
    return {head: tuple(ks) for head, ks in by_head.items()}  # (numbers only: see read_firings)


@dataclass
class Base:
    """The part of every outcome's explanation that grounding decides: the firings whose heads are
    facts, indexed by head (well-founded ones only), and the stage of each atom. Outcome graphs are built
    from it by walking back from their atoms, so only what an explanation reaches becomes nodes."""

    firings: Firings
    by_head: dict[int, tuple[int, ...]]
    given: set[int]
    nodes: dict[Any, dict] = field(default_factory=dict)  # node attributes made so far, shared by outcomes
    # What the base says of each atom an explanation has walked (see _walk), shared by the outcomes' graphs.
    walked: dict[int, tuple] = field(default_factory=dict)


@paused()
def base(data: ExplainData) -> Base:
    """The shared part of the explanations of a grounding, made once, by its first explanation."""
    if data.base is None:
        infos = rules()[0]
        firings = []
        whys, data.why_facts = data.why_facts, []  # (read once: the handles are not kept)
        for firing in read_firings(whys):
            # A firing grounding decided makes its head a fact, but for a choice (which the head of another
            # firing may still make a fact)
            base_firing = not infos[firing[0]].choice or data.is_fact(firing[1])
            (firings if base_firing else data.choice_firings).append(firing)
        derived = {head for _, head, _, _ in firings}
        given = {b for _, _, body, _ in firings for b in body if b not in derived}
        given |= set(data.input_sources) | {s._rep for s in encoding_facts() if data.is_fact(s._rep)}
        stage = {r: 0 for r in given}
        _stages(firings, stage)
        del whys
        data.base, data.base_stage = Base(firings, _well_founded(firings, stage), given), stage
    return data.base


_RULE_NODES: dict[int, dict] = {}


class _NoAttributes(dict):
    """The attributes of every edge of an explanation: none. One read-only mapping shared by all edges, not
    a dict per edge (fewer objects for the collector to walk; an explanation is read, not changed), and
    pickled as that one mapping."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("an explanation's edges are read-only: copy() the graph to change it")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple:
        return _no_attributes, ()


def _no_attributes() -> _NoAttributes:
    return _NO_ATTRIBUTES


_NO_ATTRIBUTES = _NoAttributes()


def _rule_node(rule: int, unless: tuple[int, ...]) -> dict:
    """The attributes of a firing of a rule (by its position in :func:`rules`): one dict for the firings
    of a rule with nothing under "not"."""
    if unless:
        return dict(_rule_node(rule, ()), unless=tuple(Symbol(u) for u in unless))
    attrs = _RULE_NODES.get(rule)
    if attrs is None:
        info = rules()[0][rule]
        attrs = _RULE_NODES[rule] = {"kind": "rule", "label": info.label, "cites": ", ".join(info.citations),
                                     "file": f"{info.file}:{info.line}", "choice": info.choice, "unless": ()}
    return attrs


_NO_FIRINGS: tuple = ({}, ())


def _walk(shared: Base, head: int) -> tuple[Mapping[int, Any], tuple]:
    """What the base says of an atom, for every explanation that reaches it: the map of its firings, and for
    each firing, one after another, its node number, attributes, the map of its body and its body."""
    ks = shared.by_head.get(head)
    if not ks:
        return _NO_FIRINGS
    # Flat (number, attributes, body map, body, number, ...) and plain dicts: the collector walks every object
    # kept here at each full collection (explanations are frozen graphs: nothing changes these maps).
    firings: list = []
    numbers: list[int] = []
    table, made = shared.firings, _RULE_NODES
    for k in ks:
        rule, _, body, unless = table[k]
        attrs = None if unless else made.get(rule)
        numbers.append(-(k + 1))
        firings += (numbers[-1], attrs or _rule_node(rule, unless), dict.fromkeys(body, _NO_ATTRIBUTES), body)
    return dict.fromkeys(numbers, _NO_ATTRIBUTES), tuple(firings)


@paused()
def build(data: ExplainData, true_nonfacts: frozenset[Symbol], shown: frozenset[Symbol],
          situation: Any = None) -> Explanation:
    """The well-founded explanation of one outcome: the outcome's atoms and everything they rest on,
    from the shared base and the firings of this outcome's choices."""
    shared = base(data)
    true_reps = {s._rep for s in true_nonfacts}
    firings = data.outcome_firings(true_reps)
    own: dict[int, int] = {}  # the stages of the atoms this outcome's firings derive
    stage = ChainMap(own, data.base_stage)
    _stages(firings, stage)
    mine = _well_founded(firings, stage)
    infos = rules()[0]
    choices = {firings[k][1] for ks in mine.values() for k in ks if infos[firings[k][0]].choice}
    graph = Explanation()
    if situation is not None:
        graph.graph["situation"] = situation
    # Walk back from the outcome's atoms through the base and this outcome's firings, writing into
    # networkx's own maps (add_node and add_edge check and clear caches on every call). What the base
    # decides is made once, when an explanation first reaches it, and shared by the outcomes, read-only
    # (an explanation is read, not changed): the attributes of its atoms and firings, the maps of each
    # atom's firings (as their head) and of each firing's body. Each graph makes its own maps of the rest;
    # its maps of successors are made from the predecessors if asked for (Explanation._succ).
    graph._succ = None
    nodes, pred = graph._node, graph._pred
    made, sources, offset, walked = shared.nodes, data.input_sources, len(shared.firings), shared.walked
    base_stage, given = data.base_stage, shared.given
    todo: list[int] = []

    def atom_attributes(r: int) -> dict:
        kind = "fact" if r in given else "choice" if r in choices else "derived"
        level = base_stage.get(r)
        attrs = {"kind": kind, "symbol": Symbol(r), "stage": own.get(r, -1) if level is None else level,
                 "source": sources.get(r, "asp" if kind == "fact" else "")}
        if level is not None:  # decided by grounding: the same in every outcome
            made[r] = attrs
        return attrs

    def reach(r: int) -> None:  # a new atom node, to walk back from
        nodes[r] = made.get(r) or atom_attributes(r)
        todo.append(r)

    for symbol in shown:
        reach(symbol._rep)
    # Firing k of the base is node -(k + 1); firing k of this outcome, -(offset + k + 1).
    while todo:  # each atom is walked once, so each firing (of one head) is added once
        head = todo.pop()
        walk = walked.get(head)
        if walk is None:
            walk = walked[head] = _walk(shared, head)
        parents, firings_here = walk
        mine_here = mine.get(head)
        if mine_here:  # this outcome's firings derive it too: a map of its own
            parents = dict(parents)
        pred[head] = parents
        flat = iter(firings_here)
        for number, attrs, below, body in zip(flat, flat, flat, flat):
            nodes[number], pred[number] = attrs, below
            for b in body:
                if b not in nodes:
                    reach(b)
        for k in mine_here or ():
            rule, _, body, unless = firings[k]
            number = -(offset + k + 1)
            nodes[number] = _rule_node(rule, unless)
            parents[number] = _NO_ATTRIBUTES
            pred[number] = dict.fromkeys(body, _NO_ATTRIBUTES)
            for b in body:
                if b not in nodes:
                    reach(b)
    for symbol in shown:  # the outcome's own atoms: marked on copies, the shared attributes stay as they are
        nodes[symbol._rep] = dict(nodes[symbol._rep], outcome=True, symbol=symbol)
    nx.freeze(graph)  # it shares maps with the other outcomes' explanations: copy() it to change it
    return graph


def why_not(data: ExplainData, atom: Symbol, depth: int = 2, holds: frozenset[Symbol] | None = None) -> list[str]:
    """For an atom true in no outcome: for each rule that could derive it, a body condition that holds
    in no outcome (``holds``: the atoms true in some outcome; default, every atom grounding made)."""
    holds = holds if holds is None else holds
    infos = rules()[0]
    reasons: list[str] = []
    candidates = [r for r in infos if r.predicate == (atom.name, len(atom.arguments))]
    if not candidates:
        return [f"no rule derives {atom.name}/{len(atom.arguments)}"
                + ("; it is given by the situation, which does not give it" if atom.name in _inputs() else "")]
    for info in candidates:
        binding = match_atom(info.head.symbol, atom, {})
        if binding is None:
            continue
        failed = None
        for body in info.positive:
            instance = instantiate(body, binding)
            if instance is not None:
                if instance not in holds:
                    failed = f"{format_atom(instance)} does not hold"
                    if depth > 1 and not instance.name.startswith(WHY):
                        deeper = why_not(data, instance, depth - 1, holds)
                        failed += " (" + "; ".join(deeper) + ")"
                    break
            elif not any(match_atom(body.symbol, p, dict(binding)) is not None for p in holds
                         if (p.name, len(p.arguments)) == predicate_of(body)):
                failed = f"no {_pattern(body, binding)} holds"
                break
        if failed is None:
            for neg in info.negative:
                instance = instantiate(neg, binding)
                if instance is not None and instance in data.facts:
                    failed = f"{format_atom(instance)} holds"
                    break
        if failed is None:
            failed = "its other conditions (comparisons, counts or choices) fail in every outcome"
        cited = ", ".join(info.citations) or "rule"
        reasons.append(f"{cited} [{info.file}:{info.line}]: {failed}")
    return reasons or [f"no rule's head matches {format_atom(atom)}"]


@lru_cache(maxsize=1)
def _inputs() -> set[str]:
    return {e.signature.split("/")[0] for name in FILES for e in catalogue(name) if e.role == "input"}




def _pattern(atom: Any, binding: dict[str, Symbol]) -> str:
    """An atom with the variables the failed match bound written as their values."""
    class Bind(ast.Transformer):
        def visit_Variable(self, var):
            if var.name in binding:
                return ast.SymbolicTerm(var.location, binding[var.name])
            return ast.Variable(var.location, "_" if var.name.startswith("ANON") else var.name)

    return str(Bind()(atom.symbol))


def match_atom(term: Any, symbol: Symbol, binding: dict[str, Symbol]) -> dict[str, Symbol] | None:
    t = term.ast_type
    if t == ast.ASTType.Variable:
        if term.name.startswith("ANON"):
            return binding
        if term.name in binding:
            return binding if binding[term.name] == symbol else None
        binding = dict(binding)
        binding[term.name] = symbol
        return binding
    if t == ast.ASTType.SymbolicTerm:
        return binding if term.symbol == symbol else None
    if t == ast.ASTType.Function:
        if symbol.type != SymbolType.Function or symbol.name != term.name or len(symbol.arguments) != len(term.arguments):
            return None
        for a, s in zip(term.arguments, symbol.arguments):
            binding = match_atom(a, s, binding)
            if binding is None:
                return None
        return binding
    try:
        return binding if evaluate_term(term, binding) == symbol else None
    except (KeyError, ValueError, AttributeError):
        return binding  # arithmetic over unbound variables: do not constrain


# ---------------------------------------------------------------------------------------------
# Sequences of actions
# ---------------------------------------------------------------------------------------------








