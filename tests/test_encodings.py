"""Every encoding file documents its predicates and every rule block cites a rule."""

from __future__ import annotations

import re

import clingo
import clingo.ast
import pytest

from pyrules.base.errors import InputError
from pyrules.engine.encodings import FILES, all_rule_blocks, block, catalogue, encoding_paths, output_signatures, rule_blocks
from pyrules.engine.solver import Grounding
from pyrules.regression import case_files
from pyrules.situation.loader import load_situation

_RULE_HEAD = re.compile(r"^(?!%|#)\S")


@pytest.mark.parametrize("name", FILES)
def test_every_rule_is_under_a_header(name):
    path = encoding_paths()[FILES.index(name)]
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks = rule_blocks(name)
    for number, line in enumerate(lines, start=1):
        if _RULE_HEAD.match(line) and not line.startswith(" "):
            assert any(b.first_line <= number <= b.last_line for b in blocks), f"{name}:{number} has no @rule header"


@pytest.mark.parametrize("name", FILES)
def test_headers_cite_cr_numbers_or_seed_rulings(name):
    from pyrules.regression import ruling_index

    for b in rule_blocks(name):
        assert b.citations, b
        for cite in b.citations:
            assert re.match(r"^\d{3}(\.\d+[a-z]?)?$", cite) or cite in ruling_index(), (b, cite)
        assert b.text


#: Rules about one subject: a block citing one of them (the number itself, or a rule under it) is about that
#: subject, and its rules say so (a word of it, in lower case). The mana pool's rule cited by a block that puts
#: counters on a permanent was a wrong answer to a judge.
SUBJECTS = {"106.4": ("mana", "pool"), "106.7": ("produce", "mana"), "119": ("life",), "120": ("damage", "dmg", "d("),
            "122": ("counter",), "305.6": ("basic",), "305.7": ("land_type", "subtype"), "704.5j": ("legend",),
            "702.2": ("deathtouch",), "702.15": ("lifelink",), "701.8": ("destroy",), "701.21": ("sacrific",)}


def _about(cite: str, subject: str) -> bool:
    """Whether a CR number is the subject's rule or under it: 122.1 under 122, 702.15b under 702.15."""
    if "." not in subject:  # a section: each of its rules
        return cite.split(".")[0] == subject
    return cite == subject or (cite.startswith(subject) and cite[len(subject):].isalpha())


@pytest.mark.parametrize("name", FILES)
def test_a_block_cites_a_rule_about_what_it_derives(name):
    """Each block that cites a rule of one subject (life, mana, counters, damage, basic land types, the legend
    rule...) has rules that speak of it: its rules' text, comments aside, holds a word of the subject."""
    lines = encoding_paths()[FILES.index(name)].read_text(encoding="utf-8").splitlines()
    wrong = []
    for b in rule_blocks(name):
        body = "\n".join(line for line in lines[b.first_line - 1:b.last_line]
                         if not line.lstrip().startswith("%")).lower()
        for cite in b.cr_numbers:
            for subject, words in SUBJECTS.items():
                if _about(cite, subject) and not any(w in body for w in words):
                    wrong.append(f"{name}:{b.first_line} cites {cite} but says nothing of {' or '.join(words)}")
    assert not wrong


def test_a_rule_about_a_subject_is_told_by_its_number():
    assert _about("122.1", "122") and _about("122", "122") and not _about("1220.1", "122")
    assert _about("704.5j", "704.5j") and not _about("704.5", "704.5j") and _about("702.15b", "702.15")
    assert not _about("702.150", "702.15") and _about("106.4", "106.4") and not _about("106.41", "106.4")


@pytest.mark.parametrize("name", FILES)
def test_catalogue_lists_every_predicate_defined(name):
    """Each predicate with a rule head in the file appears in some file's catalogue."""
    documented = {e.signature for f in FILES for e in catalogue(f)}
    path = encoding_paths()[FILES.index(name)]
    heads = set()

    def visit(stm):
        if stm.ast_type == clingo.ast.ASTType.Rule:
            head = stm.head
            atoms = []
            if head.ast_type == clingo.ast.ASTType.Literal:
                atoms = [head.atom]
            elif head.ast_type == clingo.ast.ASTType.Aggregate:
                atoms = [e.literal.atom for e in head.elements]
            for atom in atoms:
                if atom.ast_type == clingo.ast.ASTType.SymbolicAtom:
                    term = atom.symbol
                    if term.ast_type == clingo.ast.ASTType.Function:
                        heads.add(f"{term.name}/{len(term.arguments)}")
                    elif term.ast_type == clingo.ast.ASTType.SymbolicTerm:
                        heads.add(f"{term.symbol.name}/0")

    clingo.ast.parse_files([str(path)], visit)
    missing = sorted(h for h in heads if h not in documented)
    assert missing == [], f"{name}: predicates without a catalogue entry: {missing}"


def test_aux_predicates_start_with_underscore():
    for name in FILES:
        for entry in catalogue(name):
            assert entry.role == "index" or entry.signature.startswith("_") == (entry.role == "aux"), entry


def test_outputs_are_shown():
    shown = set()
    for path in encoding_paths():
        shown |= set(re.findall(r"^#show (\w+/\d+)\.", path.read_text(encoding="utf-8"), flags=re.M))
    assert set(output_signatures()) == shown


def test_blocks_are_read_with_their_citations():
    blocks = {b.citations: b for b in all_rule_blocks()}
    assert ("107.5", "701.26a", "tap-symbol") in blocks
    block = blocks[("107.5", "701.26a", "tap-symbol")]
    assert block.file == "activation.lp" and block.cr_numbers == ("107.5", "701.26a") and block.rulings == ("tap-symbol",)


def test_blocks_have_unique_names_found_by_block():
    """Each block is addressable by name (issue 29): ``<file stem>:<first citation>``, with ``-2``, ``-3`` for
    later blocks of the same file starting with the same citation."""
    names = [b.name for b in all_rule_blocks()]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})
    for b in all_rule_blocks():
        assert block(b.name) is b
        assert b.name.startswith(f"{b.file.removesuffix('.lp')}:{b.citations[0]}")
    assert [b.name for b in rule_blocks("sba.lp")][:1] + [b.name for b in rule_blocks("sba.lp")][-1:] == [
        "sba:704.3", "sba:704.3-2"]
    with pytest.raises(KeyError, match="sba:704.5m"):
        block("sba:999.9")


def test_a_block_program_is_its_lines():
    b = block("sba:704.5m")
    lines = b.path.read_text(encoding="utf-8").splitlines()
    assert lines[b.first_line - 2].startswith("% @rule(704.5m)") or lines[b.first_line - 3].startswith("% @rule(704.5m)")
    assert b.program.splitlines() == lines[b.first_line - 1:b.last_line]
    assert b.program.startswith("to_graveyard(sba(O),O,battlefield) :- _illegally_attached(O)")


def test_aux_predicates_belong_to_one_file():
    """ASP has one namespace: an auxiliary predicate defined in two files would silently merge."""
    owners: dict[str, str] = {}
    for name in FILES:
        text = encoding_paths()[FILES.index(name)].read_text(encoding="utf-8")
        names = set(re.findall(r"(?<![\w])(_[a-z]\w*)\(", text)) | set(re.findall(r"(?<![\w])(_[a-z]\w*)\b(?!\()", text))
        for pred in names:
            assert owners.setdefault(pred, name) == name, f"{pred} is used in {owners[pred]} and {name}"


def test_no_pools_inside_body_atoms():
    """A pool such as p(X,(a;b)) in a rule body splits the rule in two; explanations record each
    firing's atoms from the rule as written, so body atoms must not use pools."""
    found = []

    def visit(stm):
        if stm.ast_type != clingo.ast.ASTType.Rule:
            return
        for literal in stm.body:
            if literal.ast_type == clingo.ast.ASTType.Literal and literal.atom.ast_type == clingo.ast.ASTType.SymbolicAtom:
                if "(" in str(literal.atom) and ";" in str(literal.atom):
                    found.append(f"{stm.location.begin.filename}:{stm.location.begin.line}: {literal.atom}")

    for path in encoding_paths():
        clingo.ast.parse_files([str(path)], visit)
    assert found == []


CASES = case_files()


def _undecided(g: Grounding, name: str, arity: int) -> list[str]:
    return [str(a.symbol) for a in g.control.symbolic_atoms.by_signature(name, arity) if not a.is_fact]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_case_grounds_without_a_message_and_decides_by_grounding(path):
    """Each corpus case, grounded once (one test per case, so the corpus is shared out among the workers):

    * no message from clingo: #defined covers every input, so 'atom does not occur' warnings name real typos;
    * every filter match is a fact: anything in a cycle through 'not' is left undecided by the grounder, and
      the solver would then guess what a filter matches (and the layers, and speed, suffer);
    * which effects compete for an event, and their ranks, are facts; a could-produce question (its events
      are all imagined) is answered by grounding alone, as the speed of large boards needs."""
    try:
        g = Grounding(load_situation(path))
    except InputError:
        return  # a case that expects an error: tests/test_corpus.py checks it
    assert g.messages == []
    for name, arity in (("basic_match", 3), ("source_fails", 3), ("filter_source", 2), ("view", 1),
                        ("filter_asked", 3), ("filter_you", 2), ("subtype_fails", 2), ("matches", 3)):
        assert _undecided(g, name, arity) == [], f"{name}/{arity} not decided by grounding"
    for name, arity in (("concerns", 2), ("_rank", 2), ("_ranked", 1), ("replacement_class", 2), ("_base", 2)):
        assert _undecided(g, name, arity) == [], f"{name}/{arity} not decided by grounding"
    if any(a.symbol.name == "question" and a.symbol.arguments[0].name.startswith("could_produce")
           for a in g.control.symbolic_atoms.by_signature("question", 1)):
        undecided = [str(a.symbol) for a in g.control.symbolic_atoms if not a.is_fact]
        assert undecided == [], f"could-produce left to the solver: {undecided[:3]}"


def test_every_catalogue_label_shows_each_argument_in_its_place():
    """Labels come from one template per predicate, the catalogue's meaning: rendered with sample values,
    every argument (a variable, not a constant such as ``effects``) appears, and none where the
    template names it as a heading (``Kind: activated, ...`` once read ``replacement: activated``). A step
    of the judge view (an ``event`` predicate) shows every argument in its first sentence."""
    import re

    import clingo

    from pyrules.engine.encodings import all_entries
    from pyrules.explain.graph import atom_label
    from pyrules.explain.judge import sentence

    problems = []
    for signature, entry in sorted(all_entries().items()):
        name, arity = signature.rsplit("/", 1)
        assert len(entry.args) == int(arity), signature
        values = [clingo.Function(f"value{i}x") for i in range(int(arity))]
        label = atom_label(clingo.Function(name, values))
        text = label.split(": ", 1)[1] if ": " in label else ""
        for i, arg in enumerate(entry.args):
            if arg[:1].isupper() and f"value{i}x" not in text:
                problems.append(f"{signature}: {arg} is not shown in '{entry.meaning}'")
        if re.search(r"value\dx:", text):
            problems.append(f"{signature}: a value stands as a heading in '{text}'")
        if entry.role == "event":  # the judge view reads only the first sentence: it must show them all
            step = sentence(clingo.Function(name, values), {})
            problems += [f"{signature}: {arg} is not in the first sentence '{step}'" for i, arg in enumerate(entry.args)
                         if arg[:1].isupper() and f"value{i}x" not in step]
    assert not problems, "\n".join(problems)


def test_a_filter_that_says_nothing_of_control_is_matched_once_from_anyone():
    """Contamination's "a land" is the same whoever looks: each land matches it once, seen from anyone
    (not once per player), and its effect still reaches every player's lands; "a land you control"
    (Reflecting Pool) is matched from the view of each land's controller."""
    from pyrules import SituationBuilder, solve
    from pyrules.engine.solver import Grounding

    b = SituationBuilder(["p1", "p2", "p3"])
    for i, (card, player) in enumerate([("Forest", "p1"), ("Island", "p2"), ("Plains", "p3"), ("Reflecting Pool", "p1")]):
        b.permanent(f"o{i}", card, player)
    b.permanent("contamination", "Contamination", "p2")
    situation = b.could_produce().build()
    g = Grounding(situation)
    seen: dict[str, set[str]] = {}
    for atom in g.control.symbolic_atoms.by_signature("basic_match", 3):
        flt, viewer, view = atom.symbol.arguments
        seen.setdefault(str(flt.arguments[0].arguments[0]), set()).add(f"{viewer}:{view}")
    assert seen['"Contamination"'] == {'anyone:"o0"', 'anyone:"o1"', 'anyone:"o2"', 'anyone:"o3"'}
    assert seen['"Reflecting Pool"'] == {'"p1":"o0"', '"p2":"o1"', '"p3":"o2"', '"p1":"o3"'}
    (outcome,) = solve(situation)
    assert sorted(str(a) for a in outcome.atoms) == [
        'could_produce("o0",b)', 'could_produce("o1",b)', 'could_produce("o2",b)', 'could_produce("o3",b)']
