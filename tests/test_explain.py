"""Explanations: exact, well-founded, automatic; exports, focus, differences and why-not."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx
import pytest
from asplines import asp_line

import pyrules
from pyrules.cli import main
from pyrules.regression import case_files, corpus_dir

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# Cases with one question; the explanations of sequences of actions are tested in test_sequence.py.
CASES = [p for p in case_files() if "error:" not in p.read_text(encoding="utf-8")
         and "\nactions:" not in p.read_text(encoding="utf-8")]


def _true_atoms(outcomes, outcome):
    grounding = outcomes._explaining()
    return grounding.explain_data.facts | set(grounding.true_nonfacts(outcome.atoms))


@pytest.mark.sweep
@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_edge_is_a_rule_instance_whose_body_holds(path):
    """Exact and well-founded, on every case of the corpus (its first three outcomes); and its judge view
    fits in 30 lines below its ruling of at most five (tests/test_judge.py checks those of the sequences)."""
    outcomes = pyrules.solve(path, explain=True)
    for outcome in list(outcomes)[:3]:
        graph = outcome.explain()
        view = graph.judge().text()
        ruling, _, below = view.partition("Given")
        assert ruling.count("\n") <= 6 and below.count("\n") <= 30, view  # a ruling of 2-5 sentences, then the steps
        true = _true_atoms(outcomes, outcome)
        assert nx.is_directed_acyclic_graph(graph)
        for node, data in graph.nodes(data=True):
            if data["kind"] != "rule":
                assert data["symbol"] in true, node
                continue
            heads = list(graph.successors(node))
            assert len(heads) == 1
            head_stage = graph.nodes[heads[0]]["stage"]
            for body in graph.predecessors(node):
                assert graph.nodes[body]["symbol"] in true
                assert graph.nodes[body]["stage"] < head_stage  # no atom rests on itself
            for absent in data["unless"]:
                assert absent not in true
        for atom in outcome.atoms:  # every outcome atom is explained down to given facts
            node = graph.atom_node(atom)
            assert graph.nodes[node]["stage"] > 0 and graph.in_degree(node) > 0, atom


def test_cycle_is_explained_from_the_land_that_seeds_it():
    outcomes = pyrules.solve(corpus_dir() / "mana" / "orchard-pool-cycle-seeded-by-forest.yaml", explain=True)
    graph = outcomes[0].explain()
    focus = outcomes[0].explain('could_produce("orchard-a", g)')
    given = {str(d["symbol"]) for _, d in focus.nodes(data=True) if d["kind"] == "fact"}
    assert 'card("forest1","Forest")' in given  # the Forest seeds the cycle
    assert nx.is_directed_acyclic_graph(graph)
    # bob's Orchard rests on alice's Forest, not on the Pool or the other Orchard
    orchard_b = outcomes[0].explain('could_produce("orchard-b", g)')
    assert not any('"pool-b"' in str(d.get("symbol", "")) and d.get("symbol").name == "_could_produce"
                   for _, d in orchard_b.nodes(data=True) if d["kind"] != "rule")
    assert {"106.7", "could-produce", "305.6"} <= graph.cites('could_produce("pool-b", g)')


def test_labels_come_from_the_catalogue_and_rule_headers():
    outcomes = pyrules.solve(corpus_dir() / "activation" / "tap-untapped-forest.yaml", explain=True)
    graph = outcomes[0].explain()
    node = graph.atom_node("tap(forest1)")
    assert graph.label(node) == "tap(forest1): forest1 becomes tapped."
    (firing,) = graph.predecessors(node)
    assert graph.nodes[firing]["cites"] == "701.26a"
    (happens,) = graph.predecessors(firing)
    (paying,) = graph.predecessors(happens)
    assert graph.nodes[paying]["cites"] == "602.2h, 107.5, 107.6"
    assert graph.nodes[paying]["label"].startswith("602.2h, 107.5, 107.6: Paying the cost: {T} taps the permanent")


def test_convoke_is_explained_by_its_keyword():
    """The tap of a creature that convoked rests on the choice of what it pays for and on 702.51a (a choice
    rule with anonymous variables in its body and in its condition: each is a variable of its own)."""
    outcomes = pyrules.solve(corpus_dir() / "payment" / "convoke-with-a-summoning-sick-creature.yaml", explain=True)
    graph = outcomes[0].explain("tap(elves)")
    assert {"702.51a", "302.6", "601.2h", "701.26a"} <= graph.cites("tap(elves)")
    text = graph.judge().text()
    assert "Llanowar Elves convoking Verdant Call" in text, text


def test_anonymous_variables_stay_apart_in_shadow_rules():
    """Every ``_`` of a rule, in its body or in a choice element's condition, is a variable of its own in the
    rule's shadow: joined on one name, two of them would make the shadow fire less than the rule does."""
    from pyrules.engine.shadows import analyse_rules

    for row in analyse_rules():
        body = row[-1].split(":-", 1)[1]
        for name in set(re.findall(r"\bANON\d+\b", body)):
            assert len(re.findall(rf"\b{name}\b", body)) == 1, row[-1]


def test_negative_conditions_are_shown():
    outcomes = pyrules.solve(corpus_dir() / "activation" / "tap-untapped-forest.yaml", explain=True)
    text = outcomes[0].explain("tap(forest1)").text()
    assert "[unless: no _problem(" in text or "[unless: no " in text


def test_why_not_names_a_failing_condition():
    outcomes = pyrules.solve(corpus_dir() / "mana" / "cr-106-7-forest-orchard-vs-orchard.yaml", explain=True)
    reasons = outcomes.why_not('could_produce("orchard-a", c)')
    assert len(reasons) == 2
    assert reasons[0].startswith("no set of up to 3 of the situation's objects and lasting effects blocks it")
    assert reasons[1].startswith("106.7, could-produce [mana.lp:")
    assert 'no possible(hyp("orchard-a",A),m(0,0,0,0,0,1)) holds' in reasons[1] or "does not hold" in reasons[1]
    assert outcomes.why_not('could_produce("orchard-a", g)') == ['could_produce("orchard-a",g) holds in some outcome']


def test_difference_finds_the_first_choice():
    outcomes = pyrules.solve(corpus_dir() / "mana" / "contamination-pale-moon-tap-both-orders.yaml")
    diff = outcomes.difference(0, 1)
    assert diff["only_first"] == ["mana_added(alice,b,1)"]
    assert diff["only_second"] == ["mana_added(alice,c,1)"]
    first, second = diff["first_choice"]
    assert first.startswith("result(ability(citadel,") and first.endswith("m(0,0,1,0,0,0))")
    assert second.endswith("m(0,0,0,0,0,1))")


def test_explain_without_explain_flag_grounds_once_more():
    outcomes = pyrules.solve(corpus_dir() / "mana" / "heartbeat-follows-contamination.yaml")
    assert outcomes._explained is None
    graph = outcomes[0].explain()
    assert outcomes._explained is not None and "explain_setup_seconds" in outcomes.statistics.extra
    assert outcomes[0].explain() is graph or outcomes[0].explain().number_of_nodes() == graph.number_of_nodes()
    assert {"tapped-for-mana-trigger", "tapped-for-mana-replacement"} <= graph.cites("mana_added(alice, b, 2)")


def test_exports():
    outcomes = pyrules.solve(corpus_dir() / "activation" / "tap-untapped-forest.yaml", explain=True)
    graph = outcomes[0].explain("tap(forest1)")
    dot = graph.to_dot()
    assert dot.startswith("digraph explanation {") and dot.rstrip().endswith("}")
    drawn = _read_dot(dot)
    assert len(drawn.edges) == graph.number_of_edges() and len(drawn.nodes) == graph.number_of_nodes()
    again = nx.read_graphml(io.BytesIO(graph.to_graphml().encode("utf-8")))
    assert again.number_of_nodes() == graph.number_of_nodes()
    data = json.loads(graph.to_json())
    assert len(data["nodes"]) == graph.number_of_nodes() and len(data["links"]) == graph.number_of_edges()
    text = graph.text()
    assert text.splitlines()[0] == "tap(forest1): forest1 becomes tapped."


def test_cli_explain(capsys):
    path = str(corpus_dir() / "mana" / "heartbeat-follows-contamination.yaml")
    assert main(["explain", path, "--atom", "mana_added(alice, b, 2)"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Ruling:" and f"Given ({path}):" in out and out[out.index("So:") + 1] == (
        "  2 mana of type {B} is added to alice's mana pool.  [106.4, 107.1]")
    assert main(["explain", path, "--atom", "mana_added(alice, b, 2)", "--full"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "mana_added(alice,b,2): 2 mana of type {B} is added to alice's mana pool.")
    assert main(["explain", path, "--full", "--format", "dot"]) == 2
    assert "--full: goes with --format text" in capsys.readouterr().err
    assert main(["explain", path, "--format", "dot"]) == 0
    assert capsys.readouterr().out.startswith("digraph explanation {")
    assert main(["explain", path, "--why-not", "mana_added(alice, g, 1)"]) == 0
    assert capsys.readouterr().out.startswith("why not mana_added(alice, g, 1):")
    assert main(["explain", path, "--outcome", "3"]) == 2
    assert "--outcome: must be between 1 and 1" in capsys.readouterr().err
    illegal = str(corpus_dir() / "activation" / "tap-already-tapped.yaml")
    assert main(["explain", illegal]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "there is no outcome to explain" in err


# -- drawings ---------------------------------------------------------------------------------------
def test_the_drawing_keeps_the_atoms_a_reader_knows():
    """Walking Ballista (X=2) under Hardened Scales and Doubling Season: the drawing keeps the situation's
    facts, the choice and the outcome atoms, layered left to right, each edge marked with the CR rule
    that derives its target."""
    path = EXAMPLES / "ballista.yaml"
    outcomes = pyrules.solve(str(path), explain=True)
    six = next(o for o in outcomes if o.holds("counters_put(ballista, p1p1, 6)"))
    graph, pos = six.explain().drawing()
    kinds = {d["text"]: d["kind"] for _, d in graph.nodes(data=True)}
    assert {t for t, k in kinds.items() if k != "fact"} == {
        "counters_put(ballista,p1p1,6)", "move(ballista,stack,battlefield)", "result(enter(ballista),en(0,p1p1,6,none))"}
    assert kinds["result(enter(ballista),en(0,p1p1,6,none))"] == "choice"
    assert {"card(ballista,\"Walking Ballista\")", "object_x(ballista,2)", "card(scales,\"Hardened Scales\")"} <= set(kinds)
    assert not any(t.startswith("_") for t in kinds)
    assert all(graph.nodes[a]["layer"] < graph.nodes[b]["layer"] for a, b in graph.edges)
    assert set(pos) == set(graph.nodes)
    labels = {d["text"]: d["label"] for _, d in graph.nodes(data=True)}  # objects named by their cards
    assert labels["counters_put(ballista,p1p1,6)"] == "counters_put(Walking Ballista,p1p1,6)"
    assert labels['card(ballista,"Walking Ballista")'] == 'card(ballista,"Walking Ballista")'
    # a player keeps its name, an object is named by its card
    assert labels["initial_controller(scales,alice)"] == "initial_controller(Hardened Scales,alice)"
    cites = {(graph.nodes[a]["text"], graph.nodes[b]["text"]): d["cites"] for a, b, d in graph.edges(data=True)}
    assert cites["result(enter(ballista),en(0,p1p1,6,none))", "counters_put(ballista,p1p1,6)"] == "122.1"
    assert cites["object_x(ballista,2)", "result(enter(ballista),en(0,p1p1,6,none))"] == "616.1"
    full, _ = six.explain().drawing(internals=True)
    assert len(full) == len(six.explain()) > len(graph)


def test_draw_uses_matplotlib():
    import matplotlib

    matplotlib.use("Agg")
    outcomes = pyrules.solve(str(EXAMPLES / "ballista.yaml"), explain=True)
    ax = outcomes[0].explain().draw()
    assert len(ax.collections) == 1 and ax.patches
    assert any(t.get_text().startswith("counters_put(Walking Ballista") for t in ax.texts)


# -- why not, minimally -------------------------------------------------------------------------------
def test_blockers_are_the_smallest_sets_of_parts(moon):
    outcomes = pyrules.solve(moon)
    found = outcomes.blockers("could_produce(tundra, w)")
    assert [[p.name for p in parts] for parts in found.blockers] == [["moon (Blood Moon)"]]
    assert found.blockers[0][0].where.endswith("moon.yaml:4")
    assert found.rules == ["305.7", "613.1", "613.1d"] and found.complete and not found.note
    ballista = pyrules.solve(str(EXAMPLES / "ballista.yaml"))
    two = ballista.blockers("counters_put(ballista, p1p1, 2)")
    assert [[p.name for p in parts] for parts in two.blockers] == [["scales (Hardened Scales)",
                                                                   "season (Doubling Season)"]]
    assert two.as_dict()["blockers"][0][1] == {"part": "season (Doubling Season)",
                                               "where": str(EXAMPLES / "ballista.yaml") + ":8"}
    # The rules that apply Scales' effect to the entering (614.16, 122.6, 614.12, 616.1g) and add its counter
    # (614.1a, 614.1c), on the chain of the 5 and the 6 counters the outcomes have instead; not the other
    # rules that read a "plus" (107.1, 120.4, 606.4 ...).
    assert ballista.blockers("counters_put(ballista, p1p1, 4)").rules == [
        "122.6", "614.12", "614.16", "614.1a", "614.1c", "616.1", "616.1g"]


def test_the_rules_a_blocker_blocks_through_lead_to_what_was_asked():
    """Blood Moon's set_land_type is read by rules that refuse a subtype filter on what enters (614.12, 611.3a);
    those lead to no could_produce atom, so a why-not about one does not cite them."""
    import pyrules.explain.whynot as whynot
    library = pyrules.cards.library.builtin_library()
    assert "611.3a" in whynot._rules(["Blood Moon"], library)
    assert whynot._rules(["Blood Moon"], library, frozenset({("could_produce", 2)})) == ["305.7", "613.1", "613.1d"]


def test_no_part_blocks_an_atom_no_rule_could_give(write):
    birds = pyrules.solve(str(EXAMPLES / "birds.yaml"))
    found = birds.blockers("mana_added(alice, c, 1)")
    assert found.blockers == [] and found.note.startswith("no set of up to 3 of the situation's objects")


def test_the_search_is_bounded(write, monkeypatch):
    import pyrules.explain.whynot as whynot

    monkeypatch.setattr(whynot, "MAX_SOLVES", 1)
    found = pyrules.solve(str(EXAMPLES / "ballista.yaml")).blockers("counters_put(ballista, p1p1, 2)")
    assert not found.complete and found.lines()[-1] == "(the search stopped after 1 solves or 30 s)"


def test_why_not_without_any_outcome(write):
    path = write("tapped.yaml", """\
        players: [alice, bob]
        objects:
          - {id: forest1, card: Forest, controller: alice, tapped: true}
        question:
          activate: forest1
        """)
    reasons = pyrules.solve(path).why_not("tap(forest1)")
    assert reasons[0] == ("the situation has no outcome at all (cannot activate (alice, forest1, basic (forest), "
                          "already tapped)): no atom holds in one")


# -- contrast --------------------------------------------------------------------------------------------
def test_contrast_says_what_the_other_outcomes_have_instead(capsys):
    ballista = pyrules.solve(str(EXAMPLES / "ballista.yaml"))
    six = next(i for i, o in enumerate(ballista) if o.holds("counters_put(ballista, p1p1, 6)"))
    assert ballista.contrast(six, "counters_put(ballista, p1p1, 6)") == [(("counters_put(ballista,p1p1,5)",), 1)]
    birds = pyrules.solve(str(EXAMPLES / "birds.yaml"))
    green = next(i for i, o in enumerate(birds) if o.holds("mana_added(alice, g, 1)"))
    assert birds.contrast(green, "mana_added(alice, g, 1)") == [((f"mana_added(alice,{t},1)",), 1) for t in "bruw"]
    assert birds.contrast(green, "tap(birds)") == []  # every outcome taps the Birds
    with pytest.raises(pyrules.InputError, match="does not hold in outcome"):
        birds.contrast(green, "mana_added(alice, b, 1)")
    assert main(["explain", str(EXAMPLES / "ballista.yaml"), "--outcome", str(six + 1),
                 "--atom", "counters_put(ballista, p1p1, 6)"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == \
        "instead, in 1 other outcome: 5 +1/+1 counters are put on Walking Ballista"


def test_markdown_and_small_dot_keep_the_game_level_chain():
    outcomes = pyrules.solve(str(EXAMPLES / "ballista.yaml"), explain=True)
    six = next(o for o in outcomes if o.holds("counters_put(ballista, p1p1, 6)"))
    markdown = six.explain("counters_put(ballista, p1p1, 6)").to_markdown().splitlines()
    where = EXAMPLES / "ballista.yaml"
    assert markdown[:2] == ["**Ruling**", ""] and markdown[2].startswith("- 6 +1/+1 counters are put on Walking "
                                                                         "Ballista: by 616.1 (")
    given = markdown.index("**Given**")
    assert markdown[given + 2] == "- ballista: Walking Ballista, controlled by alice, on the stack, X is 2, " \
                                  f"place 1 on the stack (1: the top) ({where}:6)"
    assert "7. Walking Ballista entering the battlefield happens as entering with 6 +1/+1 counters. (chosen)  " \
        "[616.1]" in markdown
    assert markdown[-3:] == ["**So**", "", "- 6 +1/+1 counters are put on Walking Ballista.  [122.1]"]
    dot = six.explain().to_small_dot()
    assert '"result(enter(ballista),en(0,p1p1,6,none))" -> "counters_put(ballista,p1p1,6)" [label="122.1"];' in dot
    assert "_" + "step(" not in dot and dot.startswith("digraph explanation {")


@dataclass
class _Dot:
    """What :func:`_read_dot` reads of a DOT text: node statements (name -> attributes), edges (tail, head,
    attributes) but the invisible ones, the invisible ones, and the subgraphs, each with its name (None for
    ``{...}``), attributes and the nodes stated in it."""

    nodes: dict = field(default_factory=dict)
    edges: list = field(default_factory=list)
    invisible: list = field(default_factory=list)
    subgraphs: list = field(default_factory=list)

    def clusters(self) -> dict[str, tuple[str, set[str]]]:
        return {s["name"]: (s["attrs"]["label"], set(s["nodes"])) for s in self.subgraphs
                if (s["name"] or "").startswith("cluster")}

    def columns(self) -> dict[str, int]:
        """Each node's column: the position of its rank=same subgraph."""
        ranks = [s["nodes"] for s in self.subgraphs if s["attrs"].get("rank") == "same"]
        return {node: k for k, column in enumerate(ranks) for node in column}


_DOT_TOKEN = re.compile(r'\s+|(?P<token>"(?:[^"\\\n]|\\.)*"|->|[{}\[\];=,]|[\w.]+)')


def _read_dot(text: str) -> _Dot:
    """A reader of the DOT the exports write, that fails on anything else: statements of nodes, edges and
    attributes, subgraphs, quoted names and labels (their escapes are JSON's)."""
    tokens, at = [], 0
    while at < len(text):
        match = _DOT_TOKEN.match(text, at)
        assert match, f"not DOT: {text[at:at + 40]!r}"
        tokens += [match["token"]] if match["token"] else []
        at = match.end()
    read, pos = _Dot(), 0

    def take(expected: str | None = None) -> str:
        nonlocal pos
        token, pos = tokens[pos], pos + 1
        assert expected in (None, token), (expected, token, pos)
        return json.loads(token) if token.startswith('"') else token

    def attributes() -> dict[str, str]:
        found = {}
        if tokens[pos] == "[":
            take("[")
            while tokens[pos] != "]":
                key = take()
                take("=")
                found[key] = take()
                if tokens[pos] in (",", ";"):
                    take()
            take("]")
        return found

    def block(graph: dict) -> None:
        take("{")
        while tokens[pos] != "}":
            if tokens[pos] in ("subgraph", "{"):
                sub = {"name": take() and take() if tokens[pos] == "subgraph" else None, "attrs": {}, "nodes": []}
                read.subgraphs.append(sub)
                block(sub)
            elif tokens[pos + 1] == "=":
                key = take()
                take("=")
                graph["attrs"][key] = take()
            elif tokens[pos] in ("node", "edge", "graph"):
                take()
                attributes()
            else:
                ends = [take()]
                while tokens[pos] == "->":
                    take("->")
                    ends.append(take())
                found = attributes()
                if len(ends) == 1:
                    graph["nodes"].append(ends[0])
                    if graph["attrs"].get("rank") != "same":
                        assert ends[0] not in read.nodes, f"{ends[0]} stated twice"
                        read.nodes[ends[0]] = found
                else:
                    (read.invisible if found.get("style") == "invis" else read.edges).append((*ends, found))
            if tokens[pos] == ";":
                take(";")
        take("}")

    take("digraph")
    take("explanation")
    block({"name": None, "attrs": {}, "nodes": []})
    assert pos == len(tokens)
    ends = {end for edge in read.edges + read.invisible for end in edge[:2]}
    assert ends <= set(read.nodes), ends - set(read.nodes)
    return read


def _check_layout(read: _Dot) -> dict[str, int]:
    """What every drawing keeps: each node in one column, the facts (notes) in the first, in one box each;
    every edge pointing right; an invisible edge from each column to the next (keeping them in order).
    Returns the columns."""
    columns = read.columns()
    assert set(columns) == set(read.nodes) and sum(len(s["nodes"]) for s in read.subgraphs
                                                    if s["attrs"].get("rank") == "same") == len(columns)
    facts = {n for n, a in read.nodes.items() if a["shape"] == "note"}
    assert {n for n, k in columns.items() if k == 0} == facts
    boxed = [n for s in read.subgraphs if (s["name"] or "").startswith("cluster_") for n in s["nodes"]]
    assert sorted(boxed) == sorted(facts)
    assert all(columns[a] < columns[b] for a, b, _ in read.edges)
    assert sorted((columns[a], columns[b]) for a, b, _ in read.invisible) == \
        [(k, k + 1) for k in range(max(columns.values()))]
    return columns


def _rendered_columns(dot: str) -> list[float]:
    """Where Graphviz puts the columns of a DOT text: the x of each rank=same subgraph's nodes (one each)."""
    layout = json.loads(subprocess.run(["dot", "-Tjson"], input=dot, capture_output=True, text=True,
                                       check=True).stdout)
    x = {o["name"]: float(o["pos"].split(",")[0]) for o in layout["objects"] if "pos" in o}
    read = _read_dot(dot)
    places = [{x[n] for n in s["nodes"]} for s in read.subgraphs if s["attrs"].get("rank") == "same"]
    assert all(len(place) == 1 for place in places)
    for cluster in layout["objects"]:  # each box holds its nodes
        if cluster["name"].startswith("cluster"):
            left, bottom, right, top = map(float, cluster["bb"].split(","))
            for i in cluster.get("nodes", ()):
                px, py = map(float, layout["objects"][i]["pos"].split(","))
                assert left <= px <= right and bottom <= py <= top, (cluster["name"], layout["objects"][i]["name"])
    return [place.pop() for place in places]


def test_the_dot_drawings_group_the_facts_by_object_and_keep_the_order_of_stages():
    """A question: the situation's facts first, in a box per object; then the atoms in columns by stage."""
    outcomes = pyrules.solve(corpus_dir() / "replacement" / "doubling-season-hardened-scales-one-counter.yaml",
                             explain=True)
    graph = outcomes[1].explain()
    small = _read_dot(graph.to_small_dot())
    columns = _check_layout(small)
    clusters = small.clusters()
    assert {name: title for name, (title, _) in clusters.items()} == {
        "cluster_bears": "Grizzly Bears (bears)", "cluster_season": "Doubling Season (season)",
        "cluster_scales": "Hardened Scales (scales)"}
    assert clusters["cluster_scales"][1] == {'card(scales,"Hardened Scales")', "initial_controller(scales,alice)",
                                             "initial_zone(scales,battlefield)"}
    assert "question(effect(put_counters(bears,p1p1,1)))" in clusters["cluster_bears"][1]
    choice, outcome = "result(counters(question),cn(p1p1,4))", "counters_put(bears,p1p1,4)"
    assert 0 < columns[choice] < columns[outcome]
    # in game words: a fact with its objects named by their cards, an atom by the first sentence of its meaning
    assert small.nodes["initial_zone(scales,battlefield)"]["label"] == "on the battlefield"  # (in Scales' box)
    assert small.nodes[outcome] == {"label": "4 +1/+1 counters are put on Grizzly Bears.", "shape": "ellipse"}
    assert small.nodes[choice]["shape"] == "diamond"
    assert (choice, outcome, {"label": "122.1"}) in small.edges
    full = _read_dot(graph.to_dot())  # every atom and firing: a column per stage, each firing before its head
    columns = _check_layout(full)
    stages = {graph.node_name(n): d["stage"] for n, d in graph.nodes(data=True) if d["kind"] != "rule"}
    assert all((stages[a] < stages[b]) == (columns[a] < columns[b]) for a in stages for b in (choice, outcome))
    assert full.nodes["object(bears)"]["shape"] == "note" and "object(bears)" in full.clusters()["cluster_bears"][1]
    if shutil.which("dot"):  # Graphviz draws them so: columns left to right, the boxes around their facts
        for dot in (graph.to_small_dot(), graph.to_dot()):
            assert _rendered_columns(dot) == sorted(_rendered_columns(dot))


def test_the_dot_drawings_of_a_sequence_keep_its_steps_in_order():
    """A sequence: the facts first (one node each, whichever steps read them), then each step in a box of its
    own, step 1 left of step 2, and the sequence's outcome atoms last."""
    outcomes = pyrules.solve(corpus_dir() / "sequences" / "legend-rule-keeps-one.yaml", explain=True)
    graph = next(o for o in outcomes if o.holds("move(urborg1, battlefield, graveyard)")).explain()
    for dot in (graph.to_small_dot(), graph.to_dot()):
        read = _read_dot(dot)
        columns = _check_layout(read)
        clusters = read.clusters()
        assert clusters["cluster_urborg1"][0] == "Urborg, Tomb of Yawgmoth (urborg1)"
        assert {'card(urborg1,"Urborg, Tomb of Yawgmoth")', "initial_zone(urborg1,battlefield)"} <= \
            clusters["cluster_urborg1"][1]
        assert "question(play(alice,urborg2))" in clusters["cluster_urborg2"][1]
        (one, first), (two, second) = clusters["cluster step 1"], clusters["cluster step 2"]
        assert (one, two) == ("step 1: play (action 1)", "step 2: priority (action 1)")
        assert "step 1: move(urborg2,hand,battlefield)" in first and "step 2: move(urborg1,battlefield,graveyard)" in second
        assert max(columns[n] for n in first) < min(columns[n] for n in second)
        last = {n for n, k in columns.items() if k == max(columns.values())}
        assert last == {"move(urborg1,battlefield,graveyard)", "move(urborg2,hand,battlefield)"}
        assert read.nodes["move(urborg1,battlefield,graveyard)"]["label"] == \
            "Urborg, Tomb of Yawgmoth (urborg1) moves from the battlefield to a graveyard."


def test_an_outcomes_undecided_atoms_are_read_one_per_class_of_equal_truth():
    """The undecided atoms are read through one literal per solver variable (sign included): in every model,
    each class's atoms are exactly those whose own literal the model makes true, and there are fewer
    classes than atoms."""
    from pyrules.engine.solver import Grounding

    path = corpus_dir() / "replacement" / "doubling-season-hangarback-and-scales.yaml"
    grounding = Grounding(pyrules.load_situation(path), explain=True)
    reader, literals = grounding._nonfact_reader, grounding.explain_data.nonfact_literals
    grounding.control.configuration.solve.models = "0"
    models = 0
    with grounding.control.solve(yield_=True) as handle:
        for model in handle:
            models += 1
            assert reader.true(model) == {s for s, literal in literals.items() if model.is_true(literal)}
    assert models > 1
    assert len(reader._classes) < len(literals)


def test_explanations_share_what_grounding_decided_read_only():
    """Two outcomes' explanations share the maps of the firings grounding decided; they are frozen graphs
    (changing one is refused), and a copy can be changed without touching the others."""
    outcomes = pyrules.solve(corpus_dir() / "replacement" / "doubling-season-hardened-scales-one-counter.yaml",
                             explain=True)
    first, second = (o.explain() for o in list(outcomes)[:2])
    shared = [n for n in first if n in second and first.nodes[n]["kind"] == "rule"
              and first._pred[n] is second._pred[n]]
    assert shared
    firing = shared[0]
    assert nx.is_frozen(first) and nx.is_frozen(second)
    for change in (lambda g: g.add_edge("a new atom", firing), lambda g: g.remove_node(firing),
                   lambda g: g.add_node("a new atom"), lambda g: g.remove_edges_from(list(g.in_edges(firing)))):
        with pytest.raises(nx.NetworkXError):
            change(first)
    before = sorted(second.predecessors(firing))
    mine = first.copy()
    mine.add_edge("a new atom", firing)
    assert "a new atom" in mine.pred[firing] and sorted(second.predecessors(firing)) == before
    assert sorted(first.predecessors(firing)) == before


def test_an_explanations_successors_are_made_from_its_predecessors_when_first_read():
    """build() writes each node's predecessors only; networkx's successor maps (_succ, which is _adj) are
    made on first reading, and hold exactly the edges the predecessors say: each firing has its head as its
    one successor, and a copy or a pickled graph has the same edges. Edges' attributes are read-only but in
    a copy."""
    import pickle

    outcomes = pyrules.solve(corpus_dir() / "replacement" / "doubling-season-hardened-scales-one-counter.yaml",
                             explain=True)
    graph = outcomes[1].explain()
    assert graph.__dict__["_succ"] is None  # not made by build()
    fresh = pickle.loads(pickle.dumps(graph))  # pickled before they are made
    judged = graph.judge().text()  # (walks predecessors only)
    assert graph.__dict__["_succ"] is None
    told = {(parent, node) for node, parents in graph._pred.items() for parent in parents}
    assert set(graph.edges) == told and graph.number_of_edges() == len(told)
    assert graph._adj is graph._succ and graph.adj[next(iter(graph))] is not None
    firings = [n for n, d in graph.nodes(data=True) if d["kind"] == "rule"]
    assert firings and all(graph.out_degree(f) == 1 for f in firings)
    assert all(dict(graph.succ[p][n]) == {} for p, n in told)
    mine = graph.copy()
    assert set(mine.edges) == told
    parent, node = next(iter(told))
    with pytest.raises(TypeError, match="read-only"):
        graph.pred[node][parent]["cites"] = "606.1"
    mine.pred[node][parent]["cites"] = "606.1"  # (a copy's edges are its own)
    assert graph.pred[node][parent] == {}
    again = pickle.loads(pickle.dumps(graph))
    assert set(again.edges) == told and set(fresh.edges) == told and fresh.judge().text() == judged


def test_an_explanation_is_kept_while_held_and_the_last_one_made():
    import gc
    import pickle
    import weakref

    outcomes = pyrules.solve(corpus_dir() / "replacement" / "doubling-season-hardened-scales-one-counter.yaml",
                             explain=True)
    first, second = list(outcomes)[:2]
    graph = first.explain()
    assert first.explain() is graph  # the last one made
    second.explain()
    assert first.explain() is graph  # still held here
    gone = weakref.ref(graph)
    del graph
    second.explain()
    gc.collect()
    assert gone() is None  # neither held nor the last: not kept
    again = pickle.loads(pickle.dumps(outcomes))
    assert again[0].explain().judge().text() == first.explain().judge().text()


# -- queries and two outcomes side by side (issue 33) -----------------------------------------------------
def test_matches_say_which_atoms_match_a_query_where():
    ballista = pyrules.solve(str(EXAMPLES / "ballista.yaml"), explain=True)
    found = ballista.matches("counters_put(ballista, p1p1, N), N >= 5")
    assert [(m.index, [str(a) for a in m.atoms], m.bindings) for m in found] == [
        (0, ['counters_put("ballista",p1p1,5)'], ({"N": 5},)), (1, ['counters_put("ballista",p1p1,6)'], ({"N": 6},))]
    both = ballista.matches("counters_put(ballista, p1p1, _), move(ballista, _, _)")  # every '_' of each outcome
    assert [len(m.atoms) for m in both] == [2, 2] and both[0].bindings == ()
    assert ballista.matches("counters_put(ballista, p1p1, N), N < 5") == []
    focused = ballista[1].explain("counters_put(ballista, p1p1, N)")  # a query: the atoms it matches here
    assert focused.number_of_nodes() == ballista[1].explain("counters_put(ballista, p1p1, 6)").number_of_nodes()
    with pytest.raises(pyrules.InputError, match="does not hold in this outcome"):
        ballista[0].explain("counters_put(ballista, p1p1, N), N > 5")


def test_why_not_a_query_explains_each_instance():
    orchards = pyrules.solve(corpus_dir() / "mana" / "cr-106-7-orchards-only.yaml", explain=True)
    reasons = orchards.why_not('could_produce("orchard-a", T)')  # no part blocks it: each type of mana, one by one
    assert reasons[0].startswith("no set of up to 3 of the situation's objects and lasting effects blocks it")
    assert [r.split(":")[0] for r in reasons[1:]] == [f'could_produce("orchard-a",{t})' for t in "bcgruw"]
    line = asp_line("mana.lp", "_could_produce(O,T) :- ")
    assert reasons[1].endswith(f'_could_produce("orchard-a",b) does not hold (106.7, could-produce [mana.lp:{line}]: '
                               "no possible(Ev,S) holds)")
    birds = pyrules.solve(EXAMPLES / "birds.yaml", explain=True)  # a number: the values the encodings derive there
    assert [r.split(": ")[0] for r in birds.why_not("mana_added(alice, c, N)")[1:]] == ["mana_added(alice,c,1)"] * 2
    assert birds.why_not("mana_added(alice, T, 1), mana_added(alice, U, 1), T != U")[-1].startswith(
        "mana_added(alice,b,1), mana_added(alice,g,1), mana_added(alice,r,1), mana_added(alice,u,1), "
        "mana_added(alice,w,1): each holds in some outcome, but never as the query asks")
    assert birds.why_not("mana_added(alice, T, 1), T != c") == ["mana_added(alice, T, 1), T != c holds in some "
                                                               "outcome (T = b; T = g; T = r; T = u; T = w)"]


def test_versus_compares_the_choices_on_two_proofs():
    ballista = pyrules.solve(str(EXAMPLES / "ballista.yaml"), explain=True)
    found = ballista.versus(1, 0)
    assert (found.first, found.second) == (2, 1)
    assert [line.text for line in found.only_first] == ["6 +1/+1 counters are put on Walking Ballista."]
    choice, = found.choices
    assert (str(choice.first), str(choice.second), choice.cites) == (
        'result(enter("ballista"),en(0,p1p1,6,none))', 'result(enter("ballista"),en(0,p1p1,5,none))', ("616.1",))
    assert [line.text.split(",")[0] for line in found.steps_first[:2]] == [
        "Hardened Scales's first ability applies to Walking Ballista entering the battlefield",
        "Doubling Season's second ability applies to Walking Ballista entering the battlefield"]
    with pytest.raises(ValueError, match="the same outcome"):
        ballista.versus(1, 1)
    copy = pyrules.solve(corpus_dir() / "choices" / "magecraft-card-copy-onyx.yaml", explain=True)
    made = copy.versus(0, 1).choices  # casting the copy or not: choices only the second outcome makes
    assert made[0].first is None and made[0].text == "In outcome 2 only: The copy of card Lightning Bolt is cast."
    assert made[0].cites == ("707.12", "magecraft-card-copy")
