"""Sweeps (issue 36): one question asked of every situation a template makes with its parameters, as a table;
errors collected, written incrementally to Parquet and resumed, in processes; `pyrules sweep`."""

from __future__ import annotations

import pickle

import pandas as pd
import pytest

import pyrules
from pyrules.base.errors import InputError
from pyrules.cli import main
from pyrules.sweeps import Template, _Parts, _Question, _Work, card_rows, grid_rows

BALLISTA = "examples/sweep-ballista.yaml"
LAND = "examples/sweep-land.yaml"


def _answers(frame: pd.DataFrame) -> list[dict]:
    """The rows without their timings (which vary), pandas' missing values as None."""
    return [{k: None if v is pd.NA else v for k, v in row.items() if k != "seconds"}
            for row in frame.reset_index().to_dict("records")]


def test_a_grid_of_x_and_counter_effects_counts_the_outcomes_sharing_each_projected_value():
    table = pyrules.sweep(BALLISTA, {"x": [0, 1, 2], "effect": ["Doubling Season", "Hardened Scales"]},
                          project="counters_put", counts=True)
    assert list(table.columns) == ["x", "effect", "outcomes", "counts", "complete", "error", "seconds"]
    assert table.index.name == "situation" and list(table.index) == [0, 1, 2, 3, 4, 5]
    assert list(zip(table.x, table.effect)) == [(0, "Doubling Season"), (0, "Hardened Scales"), (1, "Doubling Season"),
                                                (1, "Hardened Scales"), (2, "Doubling Season"), (2, "Hardened Scales")]
    # CR 616.1: the controller orders the two effects; two Hardened Scales add one each, in either order
    assert [[(c["value"], c["count"]) for c in counts] for counts in table.counts] == [
        [("", 1)], [("", 1)],
        [("counters_put(ballista,p1p1,3)", 1), ("counters_put(ballista,p1p1,4)", 1)],
        [("counters_put(ballista,p1p1,3)", 1)],
        [("counters_put(ballista,p1p1,5)", 1), ("counters_put(ballista,p1p1,6)", 1)],
        [("counters_put(ballista,p1p1,4)", 1)]]
    assert list(table.outcomes) == [1, 1, 2, 1, 2, 1] and table.complete.all() and table.error.isna().all()


def test_counts_tell_how_many_outcomes_share_a_value_that_a_projection_alone_merges():
    rows = [{"x": 2, "effect": "Doubling Season"}]
    counted = pyrules.sweep(BALLISTA, rows, project="tap", counts=True)  # nothing is tapped: one value, two outcomes
    assert counted.outcomes[0] == 2 and [(c["value"], c["count"]) for c in counted.counts[0]] == [("", 2)]
    projected = pyrules.sweep(BALLISTA, rows, project="tap")
    assert list(projected.columns) == ["x", "effect", "outcomes", "complete", "error", "seconds"]
    assert projected.outcomes[0] == 1


def test_a_query_is_answered_with_its_bindings_and_a_bad_row_is_an_error_of_its_own():
    table = pyrules.sweep(LAND, {"land": ["Tundra", "Zzyzx"], "condition": ["Blood Moon", "Contamination"]},
                          query="could_produce(l, C)")
    assert _answers(table) == [
        {"situation": 0, "land": "Tundra", "condition": "Blood Moon", "holds": True, "bindings": [{"C": "r"}],
         "complete": True, "error": None},
        {"situation": 1, "land": "Tundra", "condition": "Contamination", "holds": True, "bindings": [{"C": "b"}],
         "complete": True, "error": None},
        {"situation": 2, "land": "Zzyzx", "condition": "Blood Moon", "holds": None, "bindings": None,
         "complete": None, "error": f"{LAND}:8: unknown card 'Zzyzx'"},
        {"situation": 3, "land": "Zzyzx", "condition": "Contamination", "holds": None, "bindings": None,
         "complete": None, "error": f"{LAND}:8: unknown card 'Zzyzx'"}]
    always = pyrules.sweep(LAND, [{"land": "Tundra", "condition": "Blood Moon"}], query="could_produce(l, u)",
                           mode="always")
    assert always.holds[0] is False or always.holds[0] == False  # noqa: E712 (pandas' nullable boolean)


def test_a_template_from_a_builder_or_a_document_with_a_literal_dollar():
    builder = (pyrules.SituationBuilder(["alice", "bob"]).permanent("l", "$land", "alice").could_produce("l"))
    table = pyrules.sweep(builder, [{"land": "Forest"}, {"land": "Island"}], project="could_produce", counts=True)
    assert [c[0]["value"] for c in table.counts] == ["could_produce(l,g)", "could_produce(l,u)"]
    document = {**builder.as_dict(), "name": "$$land"}  # "$$": one "$", no parameter
    template = Template.of(document)
    assert set(template.places) == {"land"} and template.situation({"land": "Forest"}).name == "$land"


@pytest.mark.parametrize("parameters, message", [
    ({"land": ["Forest"], "colour": ["g"]}, "parameters[0]: 'colour' is not a parameter of the template "
                                            f"{LAND} (its parameters: $land, $condition)"),
    ({"land": ["Forest"]}, f"parameters[0]: no value for $condition (used at {LAND}:9)"),
    ([{"land": "Forest", "condition": "Blood Moon", "error": 1}], "parameters[0]: 'error' names a column of the "
                                                                   "result: call the parameter something else"),
], ids=["unknown-parameter", "missing-value", "result-column"])
def test_rows_must_fill_exactly_the_template_parameters(parameters, message):
    with pytest.raises(InputError) as caught:
        pyrules.sweep(LAND, parameters)
    assert str(caught.value) == message


def test_the_question_is_checked_before_any_situation_is_asked():
    with pytest.raises(InputError, match="counts are per projected value"):
        pyrules.sweep(LAND, {"land": ["Forest"], "condition": ["Blood Moon"]}, counts=True)
    with pytest.raises(InputError, match="a query or counts outcomes"):
        pyrules.sweep(LAND, {"land": ["Forest"], "condition": ["Blood Moon"]}, query="tap(l)", project="tap")
    with pytest.raises(InputError, match="not an outcome predicate: tapp"):
        pyrules.sweep(LAND, {"land": ["Forest"], "condition": ["Blood Moon"]}, project="tapp")
    with pytest.raises(InputError, match="query: 'could_produce\\(nope, C\\)': 'nope' is not an object of this situation"):
        pyrules.sweep(LAND, {"land": ["Zzyzx", "Forest"], "condition": ["Blood Moon"]}, query="could_produce(nope, C)")
    with pytest.raises(InputError, match="limit: must be at least 1"):
        pyrules.sweep(LAND, {"land": ["Forest"], "condition": ["Blood Moon"]}, limit=0)


def test_an_interrupted_sweep_resumes_from_its_parts_and_writes_the_table_once_done(tmp_path, monkeypatch):
    monkeypatch.setattr(_Parts, "EVERY", 0.0)  # (a part after every situation)
    out = tmp_path / "ballista.parquet"
    grid = {"x": [0, 1, 2, 3], "effect": ["Doubling Season", "Hardened Scales"]}

    def stop_after_three(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        pyrules.sweep(BALLISTA, grid, project="counters_put", out=out, progress=stop_after_three)
    assert not out.exists() and len(list((tmp_path / "ballista.parquet.parts").glob("part-*.parquet"))) == 3
    with pytest.raises(InputError, match="the parts of another sweep"):
        pyrules.sweep(BALLISTA, {**grid, "x": [0, 1]}, project="counters_put", out=out)
    seen: list[int] = []
    table = pyrules.sweep(BALLISTA, grid, project="counters_put", out=out, progress=lambda d, t: seen.append(d))
    assert seen == [3, 4, 5, 6, 7, 8]  # the three done are not asked again
    assert not (tmp_path / "ballista.parquet.parts").exists()
    whole = pyrules.sweep(BALLISTA, grid, project="counters_put")
    assert _answers(table) == _answers(whole) == _answers(pd.read_parquet(out))
    assert list(whole.outcomes) == [1, 1, 2, 1, 2, 1, 2, 1]


def test_a_damaged_part_and_an_empty_output_name_are_one_line_errors(tmp_path, monkeypatch):
    monkeypatch.setattr(_Parts, "EVERY", 0.0)
    out = tmp_path / "ballista.parquet"
    grid = {"x": [0, 1], "effect": ["Doubling Season"]}

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        pyrules.sweep(BALLISTA, grid, project="counters_put", out=out, progress=stop)
    part = next((tmp_path / "ballista.parquet.parts").glob("part-*.parquet"))
    part.write_bytes(b"not parquet")
    with pytest.raises(InputError, match=r": not a readable part of this sweep \(damaged, or cut short\): remove .*"
                                         r"ballista\.parquet\.parts to start again$"):
        pyrules.sweep(BALLISTA, grid, project="counters_put", out=out)
    with pytest.raises(InputError, match="^out: is empty: give the name of the file to write$"):
        pyrules.sweep(BALLISTA, grid, project="counters_put", out="")


def test_a_lone_surrogate_in_a_row_is_refused_before_any_situation():
    with pytest.raises(InputError, match=r"^parameters\[0\]\.effect: a lone surrogate"):
        pyrules.sweep(BALLISTA, [{"x": 1, "effect": "\ud800"}], project="counters_put")


def test_a_sweep_in_two_processes_gives_the_table_of_one():
    grid = {"x": [0, 1, 2, 3], "effect": ["Doubling Season", "Hardened Scales", "Nope"]}
    one = pyrules.sweep(BALLISTA, grid, project="counters_put", counts=True)
    two = pyrules.sweep(BALLISTA, grid, project="counters_put", counts=True, jobs=2)
    assert _answers(one) == _answers(two) and one.error.notna().sum() == 4


def test_what_a_process_is_sent_is_lean(tmp_path):
    """A situation's work pickles with its library as a reference: a few kilobytes, whatever the library."""
    work = _Work(Template.of(LAND), _Question(None, "sometimes", (), False, None, None))
    assert len(pickle.dumps(work)) < 5_000


def test_rows_of_cards_and_of_a_grid():
    assert grid_rows({"a": [1, 2], "b": ["x", "y"]}) == [{"a": 1, "b": "x"}, {"a": 1, "b": "y"}, {"a": 2, "b": "x"},
                                                        {"a": 2, "b": "y"}]
    lands = card_rows(pyrules.builtin_library(), "land", types=["land"],
                      where=lambda card: "basic" in card.supertypes and not card.supertypes[1:])
    assert [r["land"] for r in lands] == ["Forest", "Island", "Mountain", "Plains", "Swamp", "Wastes"]
    with pytest.raises(TypeError, match="must be a list of values"):
        grid_rows({"a": "Forest"})


# -- the command line ---------------------------------------------------------------------------------------------
def test_the_command_prints_a_line_per_situation_and_a_summary(capsys):
    assert main(["sweep", LAND, "--grid", "land=Tundra,Nope", "--grid", "condition=Blood Moon",
                 "--sometimes", "could_produce(l, C)"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ["land=Tundra condition=Blood Moon: yes: C = r",
                                f"land=Nope condition=Blood Moon: error: {LAND}:8: unknown card 'Nope'"]
    assert err.startswith("pyrules: 2 situations, 1 answered, 1 with errors, in ")
    assert main(["sweep", BALLISTA, "--grid", "x=1..2", "--grid", "effect=Doubling Season", "--project",
                 "counters_put", "--counts"]) == 0
    assert capsys.readouterr()[0].splitlines() == [
        "x=1 effect=Doubling Season: 2 outcomes", "  1 x counters_put(ballista,p1p1,3)",
        "  1 x counters_put(ballista,p1p1,4)",
        "x=2 effect=Doubling Season: 2 outcomes", "  1 x counters_put(ballista,p1p1,5)",
        "  1 x counters_put(ballista,p1p1,6)"]


def test_the_command_reads_negative_whole_numbers_and_ranges_as_numbers(tmp_path, capsys):
    """A life total may be negative: --grid life=-5 was the text '-5' (an error: 'must be a whole number')."""
    template = tmp_path / "life.yaml"
    template.write_text("players: [{name: alice, life: $x}, {name: bob, life: $life}]\n"
                        "objects:\n  - {id: birds, card: Birds of Paradise, controller: alice}\n"
                        "question: {activate: birds}\n")
    assert main(["sweep", str(template), "--grid", "life=-5,0", "--grid", "x=-2..-1,-1..1"]) == 0
    assert capsys.readouterr()[0].splitlines() == [
        f"life={life} x={x}: 5 outcomes" for life in (-5, 0) for x in (-2, -1, -1, 0, 1)]
    assert main(["sweep", str(template), "--grid", "life=1..-1"]) == 2
    assert "pyrules: --grid: '1..-1' is not a range" in capsys.readouterr()[1]


def test_the_command_reads_rows_and_cards_and_writes_parquet(tmp_path, capsys):
    rows = tmp_path / "rows.yaml"
    rows.write_text("- {land: Forest, condition: Blood Moon}\n- {land: Tundra, condition: Contamination}\n")
    out = tmp_path / "t.parquet"
    assert main(["sweep", LAND, "--rows", str(rows), "--sometimes", "could_produce(l, C)", "--out", str(out)]) == 0
    out_text, err = capsys.readouterr()
    assert out_text == "" and f"the table is in {out}" in err
    assert [b.tolist() for b in pd.read_parquet(out).bindings] == [[{"C": "g"}], [{"C": "b"}]]
    assert main(["sweep", BALLISTA, "--cards", "effect=enchantment", "--grid", "x=1", "--json"]) == 0
    lines = capsys.readouterr()[0].splitlines()
    assert len(lines) == sum("enchantment" in pyrules.builtin_library()[n].types
                             for n in pyrules.builtin_library().names())


@pytest.mark.parametrize("argv, message", [
    (["--grid", "land"], "pyrules: --grid: 'land' is not NAME=VALUES"),
    (["--grid", "land=Forest", "--grid", "condition=Blood Moon", "--counts"],
     "pyrules: --counts: counts how many outcomes share each projected value: give --project"),
    (["--rows", "rows.yaml", "--grid", "land=Forest"], "pyrules: --rows: gives the rows whole: not with --grid or "
                                                        "--cards"),
    (["--cards", "land=flurble", "--grid", "condition=Blood Moon"],
     "pyrules: --cards: no card of the library has the card type 'flurble'"),
    (["--grid", "land=Forest", "--grid", "condition=Blood Moon", "--jobs", "0"], "pyrules: --jobs: must be at least 1"),
    # a parameter given twice ran with the last values alone
    (["--grid", "land=Forest", "--grid", "land=Tundra", "--grid", "condition=Blood Moon"],
     "pyrules: --grid: 'land' is given twice: give its values once, separated by commas"),
    (["--grid", "land=Forest", "--cards", "land=land", "--grid", "condition=Blood Moon"],
     "pyrules: --cards: 'land' is given twice (by --grid or --cards): give it once"),
    # the table replaced the template it read (exit 0, the template lost)
    (["--grid", "land=Forest", "--grid", "condition=Blood Moon", "--out", LAND],
     f"pyrules: --out: is the file being read ({LAND}): write to another name"),
], ids=["not-named", "counts-alone", "rows-and-grid", "no-such-type", "no-jobs", "grid-twice", "grid-and-cards",
        "out-is-the-template"])
def test_bad_sweeps_are_one_line_and_exit_2(capsys, argv, message):
    assert main(["sweep", LAND, *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == message + "\n"


# -- lines declared irrelevant: an opt-in, never the default ----------------------------------------------------
ODD_LAND = """\
- name: Odd Grove
  types: [land]
  abilities:
    - activated: {cost: "{T}", effect: {add: "{G}"}}
    - unsupported: "{T}: Add one mana of any color. Spend this mana only to cast an Elf spell."
- name: Odd Marsh
  types: [land]
  abilities:
    - activated: {cost: "{T}", effect: {add: "{B}"}}
    - unsupported: "Odd Marsh can't be blocked."
"""


def test_lines_declared_irrelevant_are_set_aside_and_every_row_that_needed_it_says_so(tmp_path, capsys):
    path = tmp_path / "odd.yaml"
    path.write_text(ODD_LAND, encoding="utf-8")
    library = pyrules.load_library(path)
    rows = {"land": ["Odd Grove", "Odd Marsh", "Forest"], "condition": ["Contamination"]}
    refused = pyrules.sweep(LAND, rows, library=library, query="could_produce(l, C)")
    assert "partial" not in refused.columns and [e is not pd.NA for e in refused.error] == [True, True, False]
    grove = "{T}: Add one mana of any color. Spend this mana only to cast an Elf spell."
    table = pyrules.sweep(LAND, {**rows, "condition": ["Blood Moon"]}, library=library, query="could_produce(l, C)",
                          ignore_lines=[grove], ignore_areas=["combat"])
    assert [(r["land"], r["bindings"], r["partial"], r["error"]) for r in _answers(table)] == [
        ("Odd Grove", [{"C": "r"}], [f"Odd Grove: {grove}"], None),
        ("Odd Marsh", [{"C": "r"}], ["Odd Marsh: Odd Marsh can't be blocked."], None),
        ("Forest", [{"C": "g"}], [], None)]
    assert main(["sweep", LAND, "--grid", "land=Odd Marsh", "--grid", "condition=Blood Moon", "--library", str(path),
                 "--sometimes", "could_produce(l, C)", "--ignore-area", "combat"]) == 0
    assert capsys.readouterr()[0] == ("land=Odd Marsh condition=Blood Moon: yes: C = r (knowingly partial: set aside as "
                                      "you declared: Odd Marsh: Odd Marsh can't be blocked.)\n")


def test_a_declared_area_must_exist():
    with pytest.raises(InputError, match="no rules area is called 'combats'"):
        pyrules.sweep(LAND, {"land": ["Forest"], "condition": ["Blood Moon"]}, ignore_areas=["combats"])
