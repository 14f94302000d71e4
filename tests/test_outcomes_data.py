"""Outcomes as plain data (issue 13): pickled and copied without the clingo state, as records and as
pandas data frames."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import pyrules

BIRDS = "examples/birds.yaml"
SEQUENCE = "pyrules/corpus/payment/filter-land-paid-by-another-land.yaml"


@pytest.mark.parametrize("clone", [lambda o: pickle.loads(pickle.dumps(o)), copy.deepcopy], ids=["pickle", "deepcopy"])
@pytest.mark.parametrize("path", [BIRDS, SEQUENCE], ids=["one-step", "sequence"])
def test_outcomes_survive_pickling_and_copying(clone, path):
    original = pyrules.solve(path)
    twin = clone(original)
    assert type(twin) is type(original) and len(twin) == len(original)
    assert [o.atoms for o in twin] == [o.atoms for o in original]
    assert all(o.source is twin for o in twin)
    assert twin.to_dict() == original.to_dict()
    atom = original[0].texts[-1]
    assert twin.always(atom) == original.always(atom) and twin.sometimes(atom) is True
    assert len(twin[0].explain()) == len(original[0].explain())  # explained again, from the situation


def test_one_outcome_pickles_with_its_result():
    outcome = pyrules.solve(BIRDS)[1]
    twin = pickle.loads(pickle.dumps(outcome))
    assert twin == outcome and twin.texts == ["mana_added(alice,g,1)", "tap(birds)"]
    assert len(twin.source) == 5


def test_records_are_plain_values():
    records = pyrules.solve(BIRDS).to_records()
    assert [r["outcome"] for r in records] == [1, 2, 3, 4, 5]
    assert records[1]["atoms"] == ["mana_added(alice,g,1)", "tap(birds)"]
    assert records[1]["players"]["alice"]["mana_pool"] == {"g": 1}
    assert records[1]["objects"]["birds"]["tapped"] is True
    assert pickle.loads(pickle.dumps(records)) == records


def test_dataframe_of_atoms():
    frame = pyrules.solve(BIRDS).to_dataframe()
    assert list(frame.index) == [1, 2, 3, 4, 5] and frame.index.name == "outcome"
    assert list(frame.columns) == [f"mana_added(alice,{t},1)" for t in "bgruw"] + ["tap(birds)"]
    assert frame["tap(birds)"].all() and frame.iloc[:, :5].sum(axis=1).tolist() == [1] * 5
    assert frame.loc[2, "mana_added(alice,g,1)"] and not frame.loc[2, "mana_added(alice,b,1)"]


def test_dataframe_columns_order_numbers_as_numbers(tmp_path):
    """Walking Ballista entering with X = 4 under Hardened Scales and Doubling Season (4+1 doubled is 10, 4
    doubled plus 1 is 9): the columns read 9 before 10, not as text."""
    path = tmp_path / "ballista.yaml"
    path.write_text(Path("examples/ballista.yaml").read_text(encoding="utf-8").replace("x: 2", "x: 4"), encoding="utf-8")
    frame = pyrules.solve(path).to_dataframe()
    assert list(frame.columns) == ["counters_put(ballista,p1p1,9)", "counters_put(ballista,p1p1,10)",
                                   "move(ballista,stack,battlefield)"]


def test_dataframe_of_state():
    frame = pyrules.solve(BIRDS).to_dataframe("state")
    assert frame["alice.life"].tolist() == [20] * 5
    assert frame["birds.tapped"].all() and frame["forest1.tapped"].all()
    assert frame["alice.mana_pool.g"].fillna(0).tolist() == [0, 1, 0, 0, 0]
    with pytest.raises(pyrules.InputError, match="columns: is .atoms. or .state."):
        pyrules.solve(BIRDS).to_dataframe("rows")


def test_pandas_reads_outcomes_directly():
    import pandas as pd

    frame = pd.DataFrame(pyrules.solve(BIRDS))
    assert frame.shape == (5, 3) and list(frame.columns) == ["atoms", "situation", "line"]


# -- comparing two results -------------------------------------------------------------------
REFLECTED = """\
players: [alice, bob]
objects:
  - {id: birds, card: Birds of Paradise, controller: alice}
  - {id: forest1, card: Forest, controller: alice, tapped: true}
  - {id: reflection, card: Mana Reflection, controller: alice}
question:
  activate: birds
"""


def test_compare_by_full_atoms_and_by_a_projection(tmp_path):
    (tmp_path / "reflected.yaml").write_text(REFLECTED, encoding="utf-8")
    plain, reflected = pyrules.solve(BIRDS), pyrules.solve(tmp_path / "reflected.yaml")
    found = plain.compare(reflected)
    assert found["both"] == []
    assert found["only_first"] == [(f"mana_added(alice,{t},1)", "tap(birds)") for t in "bgruw"]
    assert found["only_second"] == [(f"mana_added(alice,{t},2)", "tap(birds)") for t in "bgruw"]
    assert plain.compare(reflected, project="tap") == {"only_first": [], "only_second": [], "both": [("tap(birds)",)]}
    assert plain.compare(plain) == {"only_first": [], "only_second": [], "both": sorted(tuple(o.texts) for o in plain)}
    with pytest.raises(TypeError, match="other must be the Outcomes of another solve"):
        plain.compare([])  # type: ignore[arg-type]


def test_cli_diff(tmp_path, capsys):
    import json

    from pyrules.cli import main

    (tmp_path / "reflected.yaml").write_text(REFLECTED, encoding="utf-8")
    second = str(tmp_path / "reflected.yaml")
    assert main(["diff", BIRDS, second]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{BIRDS}: 5 outcomes; {second}: 5 outcomes; 0 in both" and len(out) == 11
    assert main(["diff", BIRDS, second, "--project", "tap", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"first": BIRDS, "second": second, "project": ["tap/1"], "truncated": [],
                                                   "only_first": [], "only_second": [], "both": [["tap(birds)"]]}
    assert main(["diff", BIRDS, str(tmp_path / "missing.yaml")]) == 2
    assert capsys.readouterr().err == f"pyrules: {tmp_path / 'missing.yaml'}: no such file\n"


# -- lean pickles (issue 36): a library pickles as where its cards come from -----------------------------------
LIBRARY = """\
- name: Grove of Tests
  types: [land]
  abilities:
    - activated: {cost: "{T}", effect: {add: "{G}"}}
- name: Swamp of Tests
  types: [land]
  abilities:
    - activated: {cost: "{T}", effect: {add: "{B}"}}
"""


def _board(library: pyrules.CardLibrary) -> pyrules.Situation:
    return (pyrules.SituationBuilder(["alice", "bob"], library=library)
            .permanent("grove", "Grove of Tests", "alice").could_produce("grove").build())


@pytest.mark.parametrize("written", [LIBRARY, LIBRARY.replace("types: [land]", "types: &t [land]", 1)],
                         ids=["card-by-card", "whole-document"])
def test_a_library_file_pickles_as_its_path_and_digest(tmp_path, written):
    path = tmp_path / "cards.yaml"
    path.write_text(written, encoding="utf-8")
    library = pyrules.load_library(path)
    situation = _board(library)
    assert len(pickle.dumps(library)) < 1_000 and len(pickle.dumps(situation)) < 10_000
    twin = pickle.loads(pickle.dumps(situation))
    assert twin.library["Grove of Tests"] == library["Grove of Tests"] and len(twin.library) == len(library)
    assert [o.texts for o in pyrules.solve(twin)] == [o.texts for o in pyrules.solve(situation)]
    result = pyrules.solve(situation)
    assert len(pickle.dumps(result)) < 10_000


def test_a_pickled_library_is_read_again_in_another_process_and_refused_once_its_file_changed(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(LIBRARY, encoding="utf-8")
    pickled = tmp_path / "situation.pickle"
    pickled.write_bytes(pickle.dumps(_board(pyrules.load_library(path))))
    read = ("import pickle, sys, pyrules\n"
            "s = pickle.loads(open(sys.argv[1], 'rb').read())\n"
            "print(pyrules.solve(s)[0].texts)\n")
    done = subprocess.run([sys.executable, "-c", read, str(pickled)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['could_produce(grove,g)']"
    path.write_text(LIBRARY.replace('add: "{G}"', 'add: "{R}"'), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", read, str(pickled)], capture_output=True, text=True, check=False)
    assert done.returncode != 0 and "the library file has changed since the situation or result that names it " \
                                      "was pickled" in done.stderr


def test_the_builtin_library_pickles_as_a_name():
    library = pyrules.builtin_library()
    assert len(pickle.dumps(library)) < 200
    assert pickle.loads(pickle.dumps(library)).cards is library.cards
    situation = pyrules.load_situation(BIRDS)
    twin = pickle.loads(pickle.dumps(situation))
    assert len(pickle.dumps(situation)) < 10_000 and twin.library["Birds of Paradise"] == situation.library[
        "Birds of Paradise"]
