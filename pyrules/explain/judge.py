"""The judge view of an explanation: the decisive chain of an outcome, in game words, one line each.

An explanation graph (:mod:`pyrules.explain.graph`) holds every well-founded firing below an outcome's atoms.
A judge wants far less: what the situation gives, the steps of what happens and the choices made, in
the order they happen, each with the Comprehensive Rules numbers of the rules that make it so. Nothing
here is written per rule or per card; the catalogues of ``asp/`` say what each atom is:

* The **decisive chain** below an atom: every firing that derives it and, through their bodies, what
  those rest on, except behind an ``index`` atom (bookkeeping: a digit or a position the encodings
  count, whether some order of effects reaches a state; the rule that derives it is cited, what it
  was counted from is not). This is what :meth:`Explanation.cites` reads. The judge view reads one
  **proof** of it (:func:`proof`).
* **Steps** are the chain's atoms whose catalogue role is ``event`` (an event happens, an effect is
  applied, an ability triggers...) or that were chosen in this outcome; each is one line, cited with the
  rules that derive it and the rules of the auxiliary atoms folded into it (those between it and the
  atoms it rests on).
* **Given** lines are the situation's own facts on the chain, one line per place in the file.
"""

from __future__ import annotations

import heapq
import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from clingo import Symbol, SymbolType

from pyrules.engine.atoms import format_atom
from pyrules.engine.encodings import all_entries
from pyrules.engine.signatures import OUTCOMES
from pyrules.explain.terms import LOSSES, ability_text, choice_phrase, given_phrase, ordinal, phrase
from pyrules.explain.text import fill, templates


@lru_cache(maxsize=1)
def _roles() -> dict[str, str]:
    return {signature: entry.role for signature, entry in all_entries().items()}


def _role(data: dict[str, Any]) -> str:
    symbol = data.get("symbol")
    if symbol is None:
        return ""
    return _roles().get(f"{symbol.name}/{len(symbol.arguments)}", "")


def decisive(graph: Any, roots: Iterable[Any]) -> set[Any]:
    """The nodes of the decisive chain below ``roots``: their firings and what those rest on, not looking
    behind an ``index`` atom (its firings are kept, their bodies are not)."""
    keep: set[Any] = set()
    expanded: set[Any] = set()  # a node first reached behind an index atom may be reached again from elsewhere
    todo = [(r, True) for r in roots]
    while todo:
        node, expand = todo.pop()
        keep.add(node)
        if not expand or node in expanded:
            continue
        expanded.add(node)
        behind = _role(graph.nodes[node]) != "index"
        for firing in graph.predecessors(node):
            if firing not in keep:
                keep.add(firing)
                todo += [(b, behind) for b in graph.predecessors(firing)]
    return keep


def proof(graph: Any, roots: Iterable[Any]) -> set[Any]:
    """One proof below ``roots``: like :func:`decisive`, but each atom through one rule firing only, so
    that a judge reads one order of replacement effects that gives the result, not every order that does.
    Atoms are taken from the latest stage down, and of the firings that derive one, the proof prefers one
    whose body is already in it (so one path of states is read, not pieces of several), then the one whose
    body is derived soonest, then the first rule."""
    nodes = graph.nodes
    keep: set[Any] = set()

    def key(firing: Any) -> tuple:
        body = list(graph.predecessors(firing))
        return (sum(b not in keep for b in body), max((nodes[b].get("stage", 0) for b in body), default=0),
                len(body), nodes[firing].get("file", ""), sorted(str(nodes[b].get("symbol", b)) for b in body))

    heap: list[tuple[int, int, Any]] = []  # (minus the stage, order of arrival, node) of atoms to walk behind
    expanded: set[Any] = set()

    def push(node: Any, expand: bool) -> None:
        keep.add(node)
        if expand and node not in expanded:
            expanded.add(node)
            heapq.heappush(heap, (-nodes[node].get("stage", 0), len(expanded), node))

    for root in roots:
        push(root, True)
    while heap:
        node = heapq.heappop(heap)[2]
        firings = list(graph.predecessors(node))
        if nodes[node]["kind"] != "rule":  # an atom: one of the rule firings deriving it, and all else it rests on
            rules = [f for f in firings if ".lp:" in nodes[f].get("file", "")]
            firings = [f for f in firings if f not in rules] + ([min(rules, key=key)] if rules else [])
        behind = _role(nodes[node]) != "index"
        for firing in firings:
            if nodes[firing]["kind"] == "rule" and ".lp:" in nodes[firing].get("file", ""):
                keep.add(firing)
                for b in graph.predecessors(firing):
                    push(b, behind)
            else:  # a step's state node, or an atom a sequence's outcome rests on
                push(firing, True)
    return keep


# ---------------------------------------------------------------------------------------------
# Game words
# ---------------------------------------------------------------------------------------------
def object_names(situation: Any) -> dict[str, str]:
    """Each object id of a situation and how a reader of the cards calls it: its card's name, with the id
    when two objects share a card."""
    if situation is None:
        return {}
    objects = list(situation.objects)
    cards = [o.card for o in objects]
    return {o.id: o.card if cards.count(o.card) == 1 else f"{o.card} ({o.id})" for o in objects}


def game_term(value: Symbol, names: dict[str, str]) -> str:
    """A term in game words (:func:`pyrules.explain.terms.phrase`): an object id as its card's name, an
    ability as "Llanowar Elves's first ability", a state of the replacement engine as what it holds."""
    return phrase(value, names)


def game_atom(symbol: Symbol, names: dict[str, str]) -> str:
    """An atom with each object named by its card: ``counters_put(Walking Ballista,p1p1,6)`` (the fact
    that names an object's card stays as it is)."""
    if symbol.name == "card" or not names or not symbol.arguments:
        return format_atom(symbol)
    return f"{symbol.name}({','.join(_plain_term(a, names) for a in symbol.arguments)})"


def _plain_term(value: Symbol, names: dict[str, str]) -> str:
    if value.type == SymbolType.String and value.string in names:
        return names[value.string]
    if value.type == SymbolType.Function and value.arguments:
        return f"{value.name}({','.join(_plain_term(a, names) for a in value.arguments)})"
    return format_atom(value)


def sentence(symbol: Symbol, names: dict[str, str], varying: tuple[int, str] | None = None,
             table: dict[str, tuple[tuple[str, ...], str]] | None = None, several: frozenset[int] = frozenset()) -> str:
    """The first sentence of the catalogue's meaning of an atom (the rest are notes for the reference),
    its arguments in game words; the atom itself when its predicate has no meaning. ``varying``: one
    argument (its position, and the text to stand for it) written otherwise, for a folded line;
    ``table``: meanings that take precedence (those of a sequence's outcome atoms); ``several``: the positions of
    arguments that stand for several players or objects (a folded line), whose verb agrees with them."""
    args = symbol.arguments
    signature = f"{symbol.name}/{len(args)}"
    words = [choice_phrase(v, names) if (signature, i) in _CHOICE_ARGUMENTS else
             LOSSES.get(v.name, game_term(v, names)) if (signature, i) in _LOSS_ARGUMENTS else game_term(v, names)
             for i, v in enumerate(args)]
    if varying is not None:
        words[varying[0]] = varying[1]
    template = (table or {}).get(signature) or templates().get(signature) or OUTCOMES.get(signature)
    if not template or not template[1] or len(template[0]) != len(args):
        return f"{symbol.name}({','.join(words)})" if words else format_atom(symbol)
    first = _FIRST_SENTENCE.match(template[1])
    arguments, text = template[0], first.group(1) if first else template[1]
    ability = _ABILITY_OF.search(text)
    if ability is not None and ability.group(1) in arguments and ability.group(2) in arguments and varying is None:
        # "ability A of O": the ability as the object's own ("Llanowar Elves's first ability")
        a, o = arguments.index(ability.group(1)), arguments.index(ability.group(2))
        arguments, text = arguments + ("A_OF_O",), text[:ability.start()] + "A_OF_O" + text[ability.end():]
        words.append(ability_text(args[a], names, args[o]))
    for i, name in enumerate(arguments[:len(args)]):  # "the N-th": "the second"
        if args[i].type == SymbolType.Number and f"{name}-th" in text and varying is None:
            words[i], text = ordinal(args[i].number), text.replace(f"{name}-th", name)
    subject = _SUBJECT.match(text)
    if subject and subject.group(2) in [arguments[i] for i in several if i < len(arguments)]:  # "alice and bob gain"
        text = f"{subject.group(1) or ''}{subject.group(2)} {plural_verb(subject.group(3))}{text[subject.end():]}"
    if any(_CITES.search(w) for w in words):  # a value that cites its own rule ("none, no creature attacking
        text = _CLOSING_CITATION.sub(".", text)  # (508.8)") stands for the sentence's general one ("(510.4)")
    text = fill((arguments, text), range(len(words)), words.__getitem__)
    if text.startswith(("the ", "a ", "an ")):  # a phrase of pyrules' words opens the sentence
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


#: The subject a sentence opens with (an argument, maybe after the kind of object it is: "Creature O is dealt"), and
#: its verb.
_SUBJECT = re.compile(r"((?:Creature|Permanent|Card|Spell|Player|Object) )?(\w+) (\w+)\b")


def plural_verb(verb: str) -> str:
    """The verb a plural subject takes, from the one a singular subject takes ("gains": "gain", "is": "are")."""
    irregular = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go", "dies": "die"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


_FIRST_SENTENCE = re.compile(r"^(.*?[.!?])\s+(?=[A-Z])")
#: A rule number in parentheses, and one closing a sentence.
_CITES = re.compile(r"\(\d{3}\.\d")
_CLOSING_CITATION = re.compile(r"\s*\(\d{3}\.[^()]*\)\.?$")
#: How a catalogue says "ability A of the object O", to be said as the object's own ability.
_ABILITY_OF = re.compile(r"\b(?:(?:[Ss]tatic |mana )?ability (?:instance )?|instance )?(A|D) of (O|X)\b")
#: The arguments that name a choice (what it is about), worded as such.
_CHOICE_ARGUMENTS = {("chose/3", 1)}
#: The arguments that say why a player loses the game.
_LOSS_ARGUMENTS = {("loses/2", 1), ("lost/2", 1)}


# ---------------------------------------------------------------------------------------------
# The view
# ---------------------------------------------------------------------------------------------
@dataclass
class Line:
    """One line of a judge view: a step (or an atom explained), or what one place of the file gives.
    Alike steps are folded into one line; ``atoms`` are the atoms it stands for."""

    text: str
    cites: tuple[str, ...] = ()
    where: str = ""  # a given line: file:line (or lines)
    chosen: bool = False
    atoms: tuple[Symbol, ...] = ()
    step: int = 0  # in a sequence of actions: the step it belongs to
    what: str = ""

    def render(self) -> str:
        mark = " (chosen)" if self.chosen else ""
        cites = f"  [{', '.join(self.cites)}]" if self.cites else ""
        return f"{self.text}{mark}{cites}"


@dataclass
class JudgeView:
    """What a judge reads: the situation's facts on the chain (``given``), the steps in the order they
    happen (``steps``), and the atoms explained (``outcome``)."""

    given: list[Line] = field(default_factory=list)
    steps: list[Line] = field(default_factory=list)
    outcome: list[Line] = field(default_factory=list)
    ruling: list[str] = field(default_factory=list)  # what decides each of the first lines of the outcome

    @property
    def cites(self) -> set[str]:
        return {c for line in self.steps + self.outcome for c in line.cites}

    def _numbered(self, bullet: str) -> list[str]:
        out, step = [], 0
        for i, line in enumerate(self.steps, 1):
            if line.step != step and line.what:
                step = line.step
                out.append(f"{bullet}{i}. step {step}, {line.what}: {line.render()}")
            else:
                out.append(f"{bullet}{i}. {line.render()}")
        return out

    def text(self) -> str:
        files = {_file(g.where) for g in self.given}
        file = files.pop() if len(files) == 1 and "" not in files else ""
        out = ["Ruling:"] + [f"  {r}" for r in self.ruling] if self.ruling else []
        out.append(f"Given ({file}):" if file else "Given:")
        for g in self.given:  # one file: its lines ("line 6", "lines 8-11", "default"); several: each place in full
            numbers = g.where.rpartition(":")[2]
            place = g.where if not file else "default" if g.where == file else \
                f"{'line' if numbers.isdigit() else 'lines'} {numbers}"
            out.append(f"  {place}: {g.text}")
        if self.steps:
            out += ["What happens:"] + self._numbered("  ")
        out += ["So:"] + [f"  {o.render()}" for o in self.outcome]
        return "\n".join(out) + "\n"

    def markdown(self) -> str:
        out = ["**Ruling**", ""] + [f"- {r}" for r in self.ruling] + [""] if self.ruling else []
        out += ["**Given**", ""] + [f"- {g.text} ({g.where})" for g in self.given] + [""]
        if self.steps:
            out += ["**What happens**", ""] + [line.lstrip() if line.lstrip()[0].isdigit() else f"*{line.strip()}*"
                                               for line in self._numbered("")] + [""]
        out += ["**So**", ""] + [f"- {o.render()}" for o in self.outcome] + [""]
        return "\n".join(out)


def judge_view(graph: Any, roots: Iterable[Any] | None = None) -> JudgeView:
    """The judge view of an explanation (below ``roots``; by default, the outcome's atoms: of a sequence
    of actions, those of its final state, the outcomes of its steps being steps)."""
    nodes = graph.nodes
    if roots is None:
        outcome = [n for n, d in nodes(data=True) if d.get("outcome")]
        roots = [n for n in outcome if "step" not in nodes[n]] or outcome or \
            [n for n, d in nodes(data=True) if d["kind"] != "rule" and graph.out_degree(n) == 0]
    roots = list(roots)
    chain = proof(graph, roots)
    names = object_names(graph.graph.get("situation"))
    view = JudgeView(given=_given(graph, chain, names))

    def order(node: Any) -> tuple:
        data = nodes[node]
        return (data.get("step", 0), data.get("stage", 0), format_atom(data["symbol"]))

    root_set = set(roots)
    atoms = [n for n in chain if n not in root_set and "symbol" in nodes[n] and nodes[n]["kind"] != "rule"]
    sequence = any("step" in nodes[n] for n in atoms)
    if sequence:  # a sequence of actions: one line per step, what it brought about
        by_step: dict[int, list[Any]] = {}
        for n in atoms:
            if nodes[n].get("outcome"):
                by_step.setdefault(nodes[n]["step"], []).append(n)
        events: dict[int, list[Any]] = {}
        restated: dict[int, set[str]] = {}  # the rules of the events not repeated, cited all the same
        for n in atoms:
            data = nodes[n]
            if data["kind"] == "choice" or _role(data) == "event":
                if data["symbol"].name in _RESTATED:
                    restated.setdefault(data.get("step", 0), set()).update(_folded_cites(graph, n, chain))
                else:
                    events.setdefault(data.get("step", 0), []).append(n)
        for k in sorted(by_step):
            lines = _folded(graph, sorted(by_step[k], key=order), chain, names)
            how = _folded(graph, sorted(events.get(k, ()), key=order), chain, names)
            first = nodes[by_step[k][0]]
            text = "; ".join(line.text.rstrip(".") for line in lines)
            if how:  # what happened on the way: the events and choices of the step
                text += " (" + "; ".join(line.text.rstrip(".") for line in how) + ")"
            cites = {c for line in lines + how for c in line.cites} | restated.get(k, set())
            view.steps.append(Line(text + ".", tuple(sorted(cites, key=_rule_order)),
                                   step=k, what=f"{first.get('what', '')} (action {first.get('action', '')})"))
    else:
        steps = [n for n in atoms if nodes[n]["kind"] == "choice" or _role(nodes[n]) == "event"]
        view.steps = _folded(graph, sorted(steps, key=order), chain, names)
    view.outcome = _folded(graph, sorted((r for r in roots if "symbol" in nodes[r]), key=order), chain, names,
                           _sequence_outcomes() if sequence else None)
    view.ruling = _ruling(graph, chain, view.outcome)
    return view


#: The events a step of a sequence states anyway (its outcome atoms say them) or that are the replacement
#: engine's own bookkeeping: not repeated in the step's line.
_RESTATED = frozenset({"happens", "result", "final_from"})

#: How many of the outcome's lines the ruling speaks of.
RULING_LINES = 4


def _ruling(graph: Any, chain: set[Any], outcome: list[Line]) -> list[str]:
    """The ruling: for each of the first lines of the outcome, the rules that decide it, nearest to the atom
    first, at most three: those every path of the proof from the atom down to the situation's facts goes
    through (without them the atom would not hold this way), then those through which the abilities at work
    reach it (on the shortest path from the atom down to each ability of a card that its proof uses, see
    :data:`WORKING_KINDS`, nearest to the ability first: Blood Moon's ability reaches Tundra's {R} through
    604.1, then 305.7 and 613.1d). The rules that state an outcome (those that derive an outcome atom, and
    those the outcome line cites) are bookkeeping, not repeated. A block is named once. Each is given with
    its block's first sentence, in the project's words."""
    nodes = graph.nodes
    below = _proof_downwards(graph, chain)
    head_of = {firing: head for head, lower in below.items() for firing in lower}  # (a firing has one head)
    sentences = []
    for line in outcome[:RULING_LINES]:
        deciding: list[tuple[str, str]] = []
        for atom in line.atoms[:1]:  # (the atoms of a folded line are alike: their rules are too)
            if atom._rep not in graph:  # a step's outcome, where the line's own outcome is empty: its step says it
                continue
            root = _step_of(graph.atom_node(atom), below, nodes)
            for node in _on_every_path(below, root) + _towards_abilities(below, root, nodes):
                data = nodes[node]
                cites = tuple(c for c in data.get("cites", "").split(", ") if c)
                if data["kind"] != "rule" or not cites or set(cites) <= set(line.cites) or \
                        _role(nodes[head_of[node]]) == "output":
                    continue  # (a rule that states an outcome, rather than decides it)
                header = data.get("label", "").partition(": ")[2]
                first = _FIRST_SENTENCE.match(header)
                entry = (", ".join(cites), _shortened((first.group(1) if first else header).rstrip(".")))
                if entry not in deciding:
                    deciding.append(entry)
        said = line.text.rstrip(".")
        if deciding:
            rules = "; ".join(f"{cites} ({header})" for cites, header in deciding[:3])
            sentences.append(f"{said}: by {rules}.")
        else:  # nothing below it decides more than the rules that state it
            sentences.append(f"{said}: by {', '.join(line.cites)}." if line.cites else f"{said}.")
    if len(outcome) > RULING_LINES:
        sentences.append(f"(and {len(outcome) - RULING_LINES} more, below)")
    return sentences


def _step_of(root: Any, below: dict[Any, list[Any]], nodes: Any) -> Any:
    """Where a sequence's outcome atom was brought about: the same atom in the last step that derives it (its
    proof there is the one the rules decide; the outcome node joins it to what else the steps record)."""
    same = [n for n in below.get(root, ()) if nodes[n].get("symbol") == nodes[root].get("symbol") and "step" in nodes[n]]
    return max(same, key=lambda n: nodes[n]["step"]) if same else root


#: The facts that are abilities at work on what others do: a card's static, replacement, triggered or
#: "enters with" abilities, a resolved spell's lasting effect (the spell cast or ability activated is the
#: question's own subject, not what decides it).
WORKING_KINDS = frozenset({"static", "replacement", "triggered", "enters"})


def _working_ability(symbol: Symbol) -> bool:
    if symbol.name == "ability" and len(symbol.arguments) == 2:
        kind = symbol.arguments[1]
        return kind.type == SymbolType.Function and kind.name in WORKING_KINDS
    return symbol.name == "lasting_effect" and len(symbol.arguments) == 3


def _towards_abilities(down: dict[Any, list[Any]], root: Any, nodes: Any) -> list[Any]:
    """The rule firings on the shortest path from ``root`` down to each working ability of its proof (a
    breadth-first walk downwards), nearest to an ability first: the rules through which it acts."""
    parent: dict[Any, Any] = {root: None}
    queue = deque([root])
    found: list[Any] = []
    while queue:
        node = queue.popleft()
        symbol = nodes[node].get("symbol")
        if nodes[node]["kind"] == "fact" and symbol is not None and _working_ability(symbol):
            found.append(node)
        for nxt in down.get(node, ()):
            if nxt not in parent:
                parent[nxt] = node
                queue.append(nxt)
    depth: dict[Any, int] = {}
    for fact in found:
        path, node = [], parent[fact]
        while node is not None:
            path.append(node)
            node = parent[node]
        for distance, node in enumerate(path):
            if nodes[node]["kind"] == "rule":
                depth[node] = min(depth.get(node, distance), distance)
    return sorted(depth, key=depth.__getitem__)


def _shortened(text: str, most: int = 110) -> str:
    """A rule's header as a reminder: at most ``most`` characters, cut at a word."""
    return text if len(text) <= most else text[:most].rsplit(" ", 1)[0].rstrip(",;:(") + " ..."


def _proof_downwards(graph: Any, chain: set[Any]) -> dict[Any, list[Any]]:
    """The proof's edges from each head down to what derives it (a firing, or a firing's body atoms)."""
    down: dict[Any, list[Any]] = {}
    for node in chain:
        down[node] = [p for p in graph.predecessors(node) if p in chain]
    return down


def _on_every_path(down: dict[Any, list[Any]], root: Any) -> list[Any]:
    """The nodes every path from ``root`` down to a leaf of the proof goes through, nearest first: the
    dominators of a sink joined to every leaf, in the proof walked downwards from the root."""
    order: list[Any] = []
    seen = {root}
    todo = [root]
    while todo:  # the part of the proof below the root
        node = todo.pop()
        order.append(node)
        for nxt in down.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    sink = object()
    edges = {node: list(down.get(node, ())) or [sink] for node in order}
    edges[sink] = []
    idom = _dominators(root, edges)
    path, node = [], idom.get(sink)
    while node is not None and node is not root:
        path.append(node)
        node = idom.get(node)
    return path


def _dominators(start: Any, edges: dict[Any, list[Any]]) -> dict[Any, Any]:
    """Immediate dominators in a graph given by its edges (Cooper, Harvey and Kennedy's iteration over a
    reverse postorder), without a graph library: the proof is walked once per atom of the ruling."""
    post: list[Any] = []
    seen = {start}
    stack = [(start, iter(edges[start]))]
    while stack:
        node, children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            post.append(node)
        elif child not in seen:
            seen.add(child)
            stack.append((child, iter(edges[child])))
    rank = {node: i for i, node in enumerate(post)}
    preds: dict[Any, list[Any]] = {node: [] for node in post}
    for node in post:
        for child in edges[node]:
            preds[child].append(node)
    idom: dict[Any, Any] = {start: start}
    changed = True
    while changed:
        changed = False
        for node in reversed(post):
            if node is start:
                continue
            new = None
            for p in preds[node]:
                if p in idom:
                    new = p if new is None else _intersect(p, new, idom, rank)
            if new is not None and idom.get(node) is not new:
                idom[node] = new
                changed = True
    idom[start] = None
    return idom


def _intersect(a: Any, b: Any, idom: dict[Any, Any], rank: dict[Any, int]) -> Any:
    while a is not b:
        while rank[a] < rank[b]:
            a = idom[a]
        while rank[b] < rank[a]:
            b = idom[b]
    return a


def _sequence_outcomes() -> dict[str, tuple[tuple[str, ...], str]]:
    return OUTCOMES


def _folded(graph: Any, ordered: list[Any], chain: set[Any], names: dict[str, str],
            table: dict[str, tuple[tuple[str, ...], str]] | None = None) -> list[Line]:
    """Lines for atoms in order; neighbours alike but for one object (the same atom with another object
    id in its place), for numbers or for one argument, with the same rules and both chosen or neither,
    share one line that lists the objects or the argument's values (or, for numbers, gives the first and
    the last)."""
    groups: list[tuple[list[Symbol], tuple, Any, dict]] = []  # atoms, what must agree, how they differ, data
    for node in ordered:
        data = graph.nodes[node]
        symbol = data["symbol"]
        same = (data["kind"] == "choice", tuple(sorted(_folded_cites(graph, node, chain), key=_rule_order)),
                data.get("step", 0))
        if groups and groups[-1][1] == same:
            atoms, _, how, _ = groups[-1]
            differs = _difference(atoms[0], symbol)
            if differs is not None and how in (None, differs[0]):
                atoms.append(symbol)
                groups[-1] = (atoms, same, differs[0], groups[-1][3])
                continue
        groups.append(([symbol], same, None, data))
    lines = []
    for atoms, (chosen, cites, step), how, data in groups:
        if how is None:
            text = sentence(atoms[0], names, table=table)
        elif how[0] == "numbers":
            text = f"{sentence(atoms[0], names, table=table)} (and {len(atoms) - 1} more alike; the last: " \
                   f"{sentence(atoms[-1], names, table=table)})"
        elif how[0] == "object":
            ids = [how[1]] + [_difference(atoms[0], a)[1] for a in atoms[1:]]
            several = frozenset(i for i, a in enumerate(atoms[0].arguments)
                                if a.type == SymbolType.String and a.string == how[1])
            text = sentence(atoms[0], {**names, how[1]: _objects(ids, names)}, table=table, several=several)
        else:
            text = sentence(atoms[0], names, (how[1], _listed([game_term(a.arguments[how[1]], names) for a in atoms])),
                            table, several=frozenset({how[1]}))
        lines.append(Line(text, cites, chosen=chosen, atoms=tuple(atoms), step=step, what=str(data.get("what", ""))))
    return lines


def _difference(first: Symbol, other: Symbol) -> tuple[tuple, str] | None:
    """How ``other`` differs from ``first``: by one object (``(("object", id in first), id in other)``: the
    same atom with one id replaced throughout), by numbers only (``(("numbers",), "")``), by one argument
    (``(("argument", i), "")``), or otherwise (None)."""
    if first.name != other.name or len(first.arguments) != len(other.arguments):
        return None
    pairs: set[tuple[str, str]] = set()
    numbers = False
    todo = [(first, other)]
    while todo:
        a, b = todo.pop()
        if a == b:
            continue
        if a.type == b.type == SymbolType.String:
            pairs.add((a.string, b.string))
        elif a.type == b.type == SymbolType.Number:
            numbers = True
        elif a.type == b.type == SymbolType.Function and a.name == b.name and len(a.arguments) == len(b.arguments):
            todo += list(zip(a.arguments, b.arguments))
        else:
            pairs.add(("", ""))
    if not pairs and numbers:
        return ("numbers",), ""
    if len(pairs) == 1 and ("", "") not in pairs and not numbers:
        (x, y), = pairs
        return ("object", x), y
    diff = [i for i, (a, b) in enumerate(zip(first.arguments, other.arguments)) if a != b]
    return (("argument", diff[0]), "") if len(diff) == 1 else None


def _objects(ids: list[str], names: dict[str, str]) -> str:
    """Several objects: ``Forest (forest1, forest2)`` when they share a card, else their names listed."""
    cards = {names.get(i, i).split(" (")[0] for i in ids}
    if len(cards) == 1 and all(i in names for i in ids):
        return f"{cards.pop()} ({', '.join(ids)})"
    return _listed([names.get(i, i) for i in ids])


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _folded_cites(graph: Any, node: Any, chain: set[Any]) -> set[str]:
    """The rules that derive an atom, and those of the auxiliary atoms between it and the atoms it rests on."""
    cites: set[str] = set()
    seen = {node}
    todo = [node]
    while todo:
        current = todo.pop()
        for firing in graph.predecessors(current):
            if firing not in chain:
                continue
            cites.update(c for c in graph.nodes[firing].get("cites", "").split(", ") if c)
            for body in graph.predecessors(firing):
                if body not in seen and body in chain and _role(graph.nodes[body]) == "aux":
                    seen.add(body)
                    todo.append(body)
    return cites


def _given(graph: Any, chain: set[Any], names: dict[str, str]) -> list[Line]:
    """What the situation's file gives on the chain: one line per place, grouped by what the facts are
    about (``ballista: card "Walking Ballista", initial_zone stack, object_x 2``); neighbouring places
    that say the same of different objects share a line (``forest1, forest2: card "Forest", ...``)."""
    places: dict[str, set[Symbol]] = {}
    for node in chain:
        data = graph.nodes[node]
        if data["kind"] == "fact" and data.get("source") and not data["source"].startswith(("asp", "card:")):
            places.setdefault(data["source"], set()).add(data["symbol"])
    rows: list[tuple[list[str], list[str], str]] = []  # (places, subjects, what is said of them)
    for where in sorted(places, key=_place):
        about: dict[str, list[str]] = {}
        for fact in sorted(places[where], key=format_atom):
            args = fact.arguments
            if args and args[0].type == SymbolType.String:
                about.setdefault(args[0].string, []).append(given_phrase(fact, names, True))
            else:
                about.setdefault("", []).append(given_phrase(fact, names, False))
        for said in about.values():  # "an object" goes without saying beside what else the file says of it
            if len(said) > 1 and "an object" in said:
                said.remove("an object")
        if len(about) == 1 and "" not in about:
            subject, said = next(iter(about.items()))
            text = ", ".join(said)
            if rows and rows[-1][1] and rows[-1][2] == text and _same_file(rows[-1][0][-1], where):
                rows[-1][0].append(where)
                rows[-1][1].append(subject)
                continue
            rows.append(([where], [subject], text))
        else:
            rows.append(([where], [], "; ".join(f"{k}: {', '.join(v)}" if k else ", ".join(v) for k, v in about.items())))
    return [Line(f"{', '.join(subjects)}: {text}" if subjects else text, where=_places(wheres))
            for wheres, subjects, text in rows]


def _same_file(a: str, b: str) -> bool:
    return a.rpartition(":")[0] == b.rpartition(":")[0]


def _places(wheres: list[str]) -> str:
    """``f.yaml:8`` or, for several lines of one file, ``f.yaml:8-11`` (``f.yaml:8,10`` when not in a row)."""
    if len(wheres) == 1:
        return wheres[0]
    file = wheres[0].rpartition(":")[0]
    numbers = [w.rpartition(":")[2] for w in wheres]
    if all(n.isdigit() for n in numbers) and [int(n) - int(numbers[0]) for n in numbers] == list(range(len(numbers))):
        return f"{file}:{numbers[0]}-{numbers[-1]}"
    return f"{file}:{','.join(numbers)}"


def _place(where: str) -> tuple:
    file, _, line = where.rpartition(":")
    return (file, int(line)) if line.isdigit() else (where, 0)


def _rule_order(number: str) -> tuple:
    """CR numbers in the rules' order (107.3m before 614.1a before 616.1), then rulings by name."""
    head = number.split(".")[0]
    if head.isdigit():
        return (0, int(head), number)
    return (1, 0, number)


def _file(where: str) -> str:
    """The file of a place: ``onyx.yaml`` of ``onyx.yaml:8`` and ``onyx.yaml:8-11``, and of ``onyx.yaml`` itself
    (a fact its file implies without writing it on a line, such as the active player by default)."""
    head, colon, tail = where.rpartition(":")
    return head if colon and tail.replace("-", "").isdigit() else where

