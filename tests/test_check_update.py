"""``pyrules check --update`` (and the pytest plugin's ``--pyrules-update``): a case failing only on its outcome set
(``exactly``) or count (``outcomes``) is rewritten, snapshot style, to what pyrules finds now, the rest of its file
kept byte for byte; a case failing anything else, or that cannot be run, is never touched."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import yaml

from pyrules.cli import main
from pyrules.engine.atoms import parse_atoms
from pyrules.regression import corpus_dir
from pyrules.situation.loader import load_situation

BIRDS = """\
# Birds of Paradise: one outcome per color.
id: birds-colors
rules: ["106.3", "605.1a"]
notes: >-
  Each color is an outcome; this list is wrong on purpose.
players: [alice, bob]
objects:
  - {id: birds, card: Birds of Paradise, controller: alice}
question:
  activate: birds
expect:
  exactly:
    # green first
    - tap(birds), mana_added(alice, g, 1)
    # colorless: wrong
    - tap(birds), mana_added(alice, c, 1)
    - tap(birds), mana_added(alice, u, 1)

    - tap(birds), mana_added(alice, b, 1)
    # a comment of the block, as deep as its items
  # a comment of what follows
  always: tap(birds)
"""

BIRDS_UPDATED = """\
# Birds of Paradise: one outcome per color.
id: birds-colors
rules: ["106.3", "605.1a"]
notes: >-
  Each color is an outcome; this list is wrong on purpose.
players: [alice, bob]
objects:
  - {id: birds, card: Birds of Paradise, controller: alice}
question:
  activate: birds
expect:
  exactly:
    # green first
    - tap(birds), mana_added(alice, g, 1)
    - tap(birds), mana_added(alice, u, 1)

    - tap(birds), mana_added(alice, b, 1)
    - mana_added(alice,r,1), tap(birds)
    - mana_added(alice,w,1), tap(birds)
    # a comment of the block, as deep as its items
  # a comment of what follows
  always: tap(birds)
"""

FOREST = """\
id: forest
rules: ["305.6"]
players: [alice, bob]
objects:
  - {id: forest1, card: Forest, controller: alice}
question:
  activate: forest1
expect:
  outcomes: 3  # one, really
  always: tap(forest1)
"""


def check(capsys, *argv: str | Path) -> tuple[int, str, str]:
    code = main(["check", *map(str, argv), "--jobs", "1"])
    out, err = capsys.readouterr()
    return code, out, err


def updates(out: str) -> list[str]:
    """The lines of the changes --update prints (after the table, before the summary)."""
    lines = out.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("updated ")), len(lines) - 1)
    return lines[start:-1]


def test_a_wrong_exactly_is_rewritten_keeping_the_rest_of_the_file_and_then_passes(tmp_path, capsys):
    case = tmp_path / "birds.yaml"
    case.write_text(BIRDS, encoding="utf-8")
    code, out, _ = check(capsys, case, "--update")
    assert code == 0
    assert updates(out) == [f"updated {case}: 4 -> 5 outcomes",
                            "  - {mana_added(alice,c,1), tap(birds)}",
                            "  + {mana_added(alice,r,1), tap(birds)}",
                            "  + {mana_added(alice,w,1), tap(birds)}"]
    assert out.splitlines()[1].split()[:3] == ["birds-colors", "106.3,", "605.1a"]
    assert "updated" in out.splitlines()[1] and out.splitlines()[-1] == "0 passed, 1 updated, 0 failed"
    assert case.read_text(encoding="utf-8") == BIRDS_UPDATED
    code, out, _ = check(capsys, case)
    assert code == 0 and out.splitlines()[-1] == "1 passed, 0 failed"


def test_a_wrong_count_is_rewritten_on_its_line_keeping_its_comment(tmp_path, capsys):
    case = tmp_path / "forest.yaml"
    case.write_text(FOREST, encoding="utf-8")
    code, out, _ = check(capsys, case, "--update")
    assert code == 0 and updates(out) == [f"updated {case}: 3 -> 1 outcome"]
    assert case.read_text(encoding="utf-8") == FOREST.replace("outcomes: 3  # one", "outcomes: 1  # one")


def test_the_file_keeps_its_mode_and_a_link_stays_a_link(tmp_path, capsys):
    case = tmp_path / "real" / "forest.yaml"
    case.parent.mkdir()
    case.write_text(FOREST, encoding="utf-8")
    case.chmod(0o640)
    link = tmp_path / "forest.yaml"
    link.symlink_to(case)
    assert check(capsys, link, "--update")[0] == 0
    assert link.is_symlink() and "outcomes: 1  # one" in case.read_text(encoding="utf-8")
    assert stat.S_IMODE(case.stat().st_mode) == 0o640
    assert sorted(os.listdir(case.parent)) == ["forest.yaml"]  # no temporary file left


def test_a_case_failing_another_expectation_is_not_rewritten(tmp_path, capsys):
    text = FOREST.replace("always: tap(forest1)", "always: mana_added(alice, u, 1)")
    case = tmp_path / "forest.yaml"
    case.write_text(text, encoding="utf-8")
    code, out, _ = check(capsys, case, "--update")
    assert code == 1
    assert "expected 3 outcome(s), got 1" in out and "expected mana_added(alice,u,1) in every outcome" in out
    assert "updated " not in out and out.splitlines()[-1] == "0 passed, 0 updated, 1 failed"
    assert case.read_text(encoding="utf-8") == text


def test_a_case_with_an_error_is_not_touched(tmp_path, capsys):
    case = tmp_path / "birds.yaml"
    case.write_text(BIRDS.replace("Birds of Paradise", "Birds of Paradice"), encoding="utf-8")
    before = case.read_bytes()
    code, out, _ = check(capsys, case, "--update")
    assert code == 1 and "error" in out.splitlines()[1] and "unknown card 'Birds of Paradice'" in out
    assert case.read_bytes() == before


def test_the_others_are_updated_and_the_failing_ones_make_the_exit_code(tmp_path, capsys):
    (tmp_path / "forest.yaml").write_text(FOREST, encoding="utf-8")
    wrong = FOREST.replace("tap(forest1)", "untap(forest1)").replace("id: forest\n", "id: wrong\n")
    (tmp_path / "wrong.yaml").write_text(wrong, encoding="utf-8")
    code, out, _ = check(capsys, tmp_path, "--update")
    assert code == 1 and out.splitlines()[-1] == "0 passed, 1 updated, 1 failed"
    assert updates(out)[0] == f"updated {tmp_path / 'forest.yaml'}: 3 -> 1 outcome"


def test_a_case_without_exactly_or_outcomes_is_not_given_one(tmp_path, capsys):
    text = FOREST.replace("  outcomes: 3  # one, really\n", "")
    case = tmp_path / "forest.yaml"
    case.write_text(text, encoding="utf-8")
    assert check(capsys, case, "--update")[0] == 0
    assert case.read_text(encoding="utf-8") == text


def test_update_without_paths_is_refused_in_one_line(capsys):
    code, out, err = check(capsys, "--update")
    assert code == 2 and out == ""
    assert err == ("pyrules: --update: name the case files or folders to update (the built-in corpus ships inside "
                   "the package)\n")


def test_json_says_which_cases_were_updated(tmp_path, capsys):
    (tmp_path / "forest.yaml").write_text(FOREST, encoding="utf-8")
    (tmp_path / "good.yaml").write_text(FOREST.replace("outcomes: 3", "outcomes: 1").replace("id: forest\n", "id: good\n"),
                                        encoding="utf-8")
    code, out, _ = check(capsys, tmp_path, "--update", "--json")
    report = json.loads(out)
    assert code == 0
    assert [(c["id"], c["status"], c["updated"]) for c in report["cases"]] == [("forest", "pass", True),
                                                                              ("good", "pass", False)]
    assert (report["passed"], report["updated"], report["failed"]) == (1, 1, 0)
    code, out, _ = check(capsys, tmp_path, "--json")
    assert "updated" not in json.loads(out) and "updated" not in json.loads(out)["cases"][0]


def test_a_json_case_is_rewritten_and_stays_valid(tmp_path, capsys):
    case = tmp_path / "forest.json"
    value = yaml.safe_load(FOREST)
    value["expect"] = {"outcomes": 2, "exactly": [["tap(forest1)"], ["tap(forest1)", "mana_added(alice, g, 1)"]],
                       "always": "tap(forest1)"}
    case.write_text(json.dumps(value), encoding="utf-8")
    code, out, _ = check(capsys, case, "--update")
    assert code == 0 and updates(out) == [f"updated {case}: 2 -> 1 outcome", "  - {tap(forest1)}"]
    text = case.read_text(encoding="utf-8")
    value["expect"] = {"outcomes": 1, "exactly": [["tap(forest1)", "mana_added(alice, g, 1)"]],
                       "always": "tap(forest1)"}
    assert json.loads(text) == value and list(json.loads(text)) == list(value)
    assert text == json.dumps(value, indent=2)  # (no line break at the end: it had none)


QUOTED = """\
id: quoted
rules: ["602.1"]
players: [alice, bob]
cards:
  - name: "Orb: Charged"
    types: [artifact]
    abilities:
      - activated: {cost: ["{T}"], effect: {add: "{C}"}}
objects:
  - {id: "orb #1", card: "Orb: Charged", controller: alice}
question:
  activatable: alice
expect:
  exactly:
    - 'cannot_activate(alice,"orb #1",ab("Orb: Charged",1),summoning_sick)'
"""


def test_an_atom_that_needs_quotes_is_written_quoted_and_reads_back(tmp_path, capsys):
    case = tmp_path / "quoted.yaml"
    case.write_text(QUOTED, encoding="utf-8")
    code, out, _ = check(capsys, case, "--update")
    atom = 'can_activate(alice,"orb #1",ab("Orb: Charged",1))'
    assert code == 0 and updates(out)[-1] == f"  + {{{atom}}}"
    assert case.read_text(encoding="utf-8").endswith(f"  exactly:\n    - '{atom}'\n")
    assert yaml.safe_load(case.read_text(encoding="utf-8"))["expect"]["exactly"] == [atom]
    assert check(capsys, case)[0] == 0


def test_no_outcome_at_all_is_an_empty_list(tmp_path, capsys):
    text = FOREST.replace("controller: alice}", "controller: alice, tapped: true}").replace(
        "  outcomes: 3  # one, really\n  always: tap(forest1)\n",
        "  outcomes: 1\n  exactly:  # the forest is tapped\n    - tap(forest1), mana_added(alice, g, 1)\n"
        "  never: tap(forest1)\n")
    case = tmp_path / "forest.yaml"
    case.write_text(text, encoding="utf-8")
    code, out, _ = check(capsys, case, "--update")
    assert code == 0, out
    assert updates(out) == [f"updated {case}: 1 -> 0 outcomes", "  - {mana_added(alice,g,1), tap(forest1)}"]
    assert case.read_text(encoding="utf-8") == text.replace(
        "  outcomes: 1\n  exactly:  # the forest is tapped\n    - tap(forest1), mana_added(alice, g, 1)\n",
        "  outcomes: 0\n  exactly: []  # the forest is tapped\n")


def test_long_outcomes_are_printed_within_80_columns(tmp_path, capsys):
    text = (corpus_dir() / "activation" / "activatable-mixed-board.yaml").read_text(encoding="utf-8")
    case = tmp_path / "board.yaml"
    case.write_text(text.replace('      - can_activate(alice, "ring-new", ab("Sol Ring", 1))\n', ""), encoding="utf-8")
    code, out, _ = check(capsys, case, "--update")
    lines = updates(out)
    assert code == 0 and all(len(line) <= 79 for line in lines[1:]), lines
    assert lines[1] == '  - {can_activate(alice,"forest-new",basic(forest)),'
    assert lines[2] == '     can_activate_if_paid(alice,pili,ab("Pili-Pala",2)),'


# Real cases of the corpus, their expectations spoiled, then updated: back to what they were.

def _copy(tmp_path: Path, name: str) -> tuple[Path, str]:
    source = corpus_dir() / name
    target = tmp_path / Path(name).name
    shutil.copyfile(source, target)
    return target, source.read_text(encoding="utf-8")


def _outcome_sets(path: Path) -> set[frozenset[str]]:
    """A case's ``exactly`` as sets of atoms, read as pyrules reads them (however they are spaced)."""
    situation = load_situation(path)
    items = yaml.safe_load(path.read_text(encoding="utf-8"))["expect"]["exactly"]
    return {frozenset(str(a) for text in (item if isinstance(item, list) else [item])
                      for a in parse_atoms(text, situation)) for item in items}


def test_corpus_cases_spoiled_by_an_outcome_and_a_count_come_back_byte_for_byte(tmp_path, capsys):
    case, original = _copy(tmp_path, "mana/contamination-pale-moon-tap-both-orders.yaml")
    spoiled = original.replace("  outcomes: 2\n", "  outcomes: 3\n").replace(
        "  exactly:\n", "  exactly:\n    - tap(citadel), mana_added(alice, g, 1)\n")
    case.write_text(spoiled, encoding="utf-8")
    folded, folded_text = _copy(tmp_path, "stack/electrolyze-every-division.yaml")
    folded.write_text(folded_text.replace("  exactly:\n", '  exactly:\n    - ""\n'), encoding="utf-8")
    code, out, _ = check(capsys, tmp_path, "--update")
    assert code == 0, out
    assert updates(out) == [f"updated {case}: 3 -> 2 outcomes", "  - {mana_added(alice,g,1), tap(citadel)}",
                            f"updated {folded}: 3 -> 2 outcomes", "  - {}"]
    assert case.read_text(encoding="utf-8") == original
    assert folded.read_text(encoding="utf-8") == folded_text


def test_a_corpus_case_spoiled_in_its_empty_outcome_comes_back_byte_for_byte(tmp_path, capsys):
    case, original = _copy(tmp_path, "mana/orchard-pool-cycle-no-seed.yaml")
    case.write_text(original.replace('    - ""\n', '    - could_produce("pool-b", g)\n'), encoding="utf-8")
    code, out, _ = check(capsys, case, "--update")
    assert code == 0 and updates(out) == [f"updated {case}: 1 -> 1 outcome", '  - {could_produce("pool-b",g)}',
                                          "  + {}"]
    assert case.read_text(encoding="utf-8") == original


def test_corpus_cases_spoiled_by_a_missing_outcome_or_atom_get_it_back(tmp_path, capsys):
    nested, nested_text = _copy(tmp_path, "activation/activatable-mixed-board.yaml")
    nested.write_text(nested_text.replace('      - can_activate(alice, "ring-new", ab("Sol Ring", 1))\n', ""),
                      encoding="utf-8")
    texts, texts_text = _copy(tmp_path, "mana/citadel-adds-one-of-three.yaml")
    texts.write_text(texts_text.replace("    - tap(citadel), mana_added(alice, w, 1)\n", ""), encoding="utf-8")
    code, out, _ = check(capsys, tmp_path, "--update")
    assert code == 0, out
    assert updates(out)[-2:] == [f"updated {texts}: 2 -> 3 outcomes", "  + {mana_added(alice,w,1), tap(citadel)}"]
    assert texts.read_text(encoding="utf-8") == texts_text.replace(
        "    - tap(citadel), mana_added(alice, w, 1)\n", "") + "    - mana_added(alice,w,1), tap(citadel)\n"
    assert yaml.safe_load(nested.read_text(encoding="utf-8"))["expect"]["exactly"] == [[
        'can_activate(alice,"forest-new",basic(forest))', 'can_activate(alice,"ring-new",ab("Sol Ring",1))',
        'can_activate_if_paid(alice,pili,ab("Pili-Pala",2))',
        'cannot_activate(alice,"elves-new",ab("Llanowar Elves",1),summoning_sick)',
        'cannot_activate(alice,"forest-tapped",basic(forest),already_tapped)']]
    for path, text in ((nested, nested_text), (texts, texts_text)):
        original = tmp_path / "original" / path.name
        original.parent.mkdir(exist_ok=True)
        original.write_text(text, encoding="utf-8")
        assert _outcome_sets(path) == _outcome_sets(original)  # the same atoms, written as pyrules prints them
        assert path.read_text(encoding="utf-8").startswith(text[:text.index("  exactly:")])
