"""Results that round-trip (issue 35): ``Outcomes.to_json``/``from_json`` and a data frame of atoms (through
Parquet) read back equal, with their situation; an edited result is refused, at its place."""

from __future__ import annotations

import json

import pytest

import pyrules
from pyrules import SituationBuilder
from pyrules.base.errors import InputError
from pyrules.regression import case_files
from pyrules.results.outcomes import Outcomes, SequenceOutcomes

BIRDS = "examples/birds.yaml"
BALLISTA = "examples/ballista.yaml"
SEQUENCE = "pyrules/corpus/payment/filter-land-paid-by-another-land.yaml"
ILLEGAL = "pyrules/corpus/activation/tap-already-tapped.yaml"
DEATHS = "pyrules/corpus/sequences/ballista-pings-a-creature-to-death.yaml"


@pytest.mark.parametrize("path", [BIRDS, BALLISTA, SEQUENCE, ILLEGAL, DEATHS])
def test_json_round_trip_is_equal(path):
    original = pyrules.solve(path)
    text = original.to_json()
    back = Outcomes.from_json(text)
    assert type(back) is type(original) and back == original
    assert back.to_json() == text  # the same options, statistics, messages and situation document
    assert back.situation == original.situation and back.illegal == original.illegal


def test_limits_objectives_and_queries_round_trip():
    cut = pyrules.solve(BIRDS, limit=2)
    assert Outcomes.from_json(cut.to_json()) == cut and Outcomes.from_json(cut.to_json()).truncated
    best = pyrules.solve(BALLISTA, maximize="N : counters_put(ballista, p1p1, N)")
    back = Outcomes.from_json(best.to_json())
    assert back == best and back.optimum == best.optimum == 6
    assert back.options.maximize == best.options.maximize
    # Read back, a result is asked again from its situation (grounded once more).
    birds = Outcomes.from_json(pyrules.solve(BIRDS).to_json())
    assert birds.always("tap(birds)") is True and birds.sometimes("mana_added(alice, g, 1)") is True
    assert birds.never("mana_added(alice, c, 1)") is True
    assert len(birds[0].explain()) == len(pyrules.solve(BIRDS)[0].explain())


def test_results_differ_when_their_outcomes_or_situations_do():
    birds = pyrules.solve(BIRDS)
    assert birds != pyrules.solve(BIRDS, limit=4)
    assert birds != pyrules.solve(BALLISTA) and birds != [o for o in birds]
    with pytest.raises(TypeError, match="unhashable"):
        hash(birds)


def test_a_sequence_read_back_finds_its_lines_again():
    original = pyrules.solve(DEATHS)
    back = Outcomes.from_json(original.to_json())
    assert isinstance(back, SequenceOutcomes) and all(o.line is None for o in back)
    assert [o.to_dict() for o in back] == [o.to_dict() for o in original]  # the final states, played again
    assert all(o.line is not None for o in back) and back.endings == original.endings
    assert len(back[0].explain()) == len(original[0].explain())


def test_a_builder_situation_with_inline_cards_round_trips():
    built = (SituationBuilder(["alice", "bob"])
             .card({"name": "Gold Spring", "types": ["land"],
                    "abilities": [{"activated": {"cost": "{T}", "effect": {"add": "{C}{C}"}}}]})
             .permanent("spring", "Gold Spring", "alice")
             .could_produce("spring").build())
    original = pyrules.solve(built)
    back = Outcomes.from_json(original.to_json())
    assert back == original and back[0].could_produce == {"spring": ["c"]}
    assert back.situation.document == built.document and back.situation.document is not built.document


def _edited(path: str, change) -> str:
    data = json.loads(pyrules.solve(path).to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(count=4), "<json> count: count is 4, but there are 5 outcomes"),
    (lambda d: d["outcomes"][1]["players"]["alice"].update(life=19),
     "<json> outcomes.1: its players and objects do not follow from its atoms (was the result edited?)"),
    (lambda d: d["outcomes"][1]["atoms"].append("tap(bird)"), "<json> outcomes.1.atoms.2"),
    (lambda d: d.update(colour="green"), "<json> colour: unknown field 'colour'"),
    (lambda d: d.update(format=2), "<json> format: this pyrules reads results of format 1"),
    (lambda d: d.update(kind="game"), "<json> kind: kind must be one of one-step, sequence, not 'game'"),
    (lambda d: d["options"].update(seed=-1), "<json> options: seed: must be at least 0"),
    (lambda d: d["options"].update(arguments=["--seed=3"]), "<json> options.arguments: the solver's arguments are"),
    (lambda d: d.update(document=None), "<json> document: the result holds no situation document"),
    (lambda d: d["document"]["objects"][0].update(card="Birds of Paradiso"), "examples/birds.yaml objects.0.card"),
    (lambda d: d.update(endings=[]), "<json> endings: only the result of a sequence of actions has endings"),
])
def test_an_edited_result_is_refused_at_its_place(change, message):
    with pytest.raises(InputError) as caught:
        Outcomes.from_json(_edited(BIRDS, change))
    assert str(caught.value).startswith(message), str(caught.value)


def test_an_edited_sequence_state_is_refused_once_played_again():
    def change(data):
        data["outcomes"][0]["players"]["bob"]["life"] = 3

    back = Outcomes.from_json(_edited(DEATHS, change))
    with pytest.raises(InputError, match="<json> outcomes.0: its players and objects are not the state its line"):
        back[0].players  # noqa: B018


def test_json_that_is_not_a_result_is_refused():
    with pytest.raises(InputError, match=r"^<json>: not JSON: "):
        Outcomes.from_json("{")
    with pytest.raises(InputError, match=r"^saved.json: the document must be a mapping, not a list"):
        Outcomes.from_json("[]", origin="saved.json")
    with pytest.raises(TypeError, match="library"):
        Outcomes.from_json(pyrules.solve(BIRDS).to_json(), library="cards.yaml")  # type: ignore[arg-type]


def test_a_frame_of_atoms_round_trips_through_parquet(tmp_path):
    pd = pytest.importorskip("pandas")
    original = pyrules.solve(BALLISTA)
    path = tmp_path / "ballista.parquet"
    original.to_dataframe().to_parquet(path)
    frame = pd.read_parquet(path)
    assert frame.equals(original.to_dataframe())
    assert Outcomes.from_dataframe(frame, origin=str(path)) == original
    sequence = pyrules.solve(DEATHS)
    assert Outcomes.from_dataframe(sequence.to_dataframe()) == sequence


def test_frames_that_do_not_say_the_outcomes_are_refused():
    pd = pytest.importorskip("pandas")
    with pytest.raises(InputError, match=r"^<frame>: only a frame of atoms \(to_dataframe\(columns='atoms'\)\)"):
        Outcomes.from_dataframe(pyrules.solve(BIRDS).to_dataframe("state"))
    with pytest.raises(InputError, match=r"^<frame>: holds no pyrules result in its attrs"):
        Outcomes.from_dataframe(pd.DataFrame({"tap(birds)": [True]}))
    frame = pyrules.solve(BIRDS).to_dataframe()
    frame["tap(birds)"] = 1
    with pytest.raises(InputError, match=r"^<frame>: each column of a frame of atoms holds true/false"):
        Outcomes.from_dataframe(frame)


@pytest.mark.sweep
def test_every_corpus_result_round_trips():
    checked = 0
    for path in case_files():
        try:
            original = pyrules.solve(path)
        except InputError:  # a case that expects an error
            continue
        assert Outcomes.from_json(original.to_json()) == original, path
        checked += 1
    assert checked > 250
