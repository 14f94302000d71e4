"""Work spread over a Dask cluster (issue 36): `pyrules check`, sweeps and one enumeration split in cubes give what
one process gives; a lost worker's tasks run again; a missing Dask or a bad address is one line. The cluster is a
real one on this machine (a LocalCluster of two worker processes), reached by its address as a remote one is."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import pyrules
from pyrules.base.cluster import connect, on_cluster
from pyrules.base.errors import InputError
from pyrules.regression import corpus_dir, run_case, run_cases
from pyrules.situation.builder import SituationBuilder

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[1]
CASES = [corpus_dir() / "craft", corpus_dir() / "payment"]


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=50) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def client(scheduler):
    with distributed.Client(scheduler, set_as_default=False) as c:
        yield c


def _without_times(results):
    return [{k: v for k, v in r.as_dict().items() if k != "seconds"} for r in results]


def test_check_on_a_cluster_gives_the_serial_results(client):
    serial = run_cases(CASES)
    spread = run_cases(CASES, scheduler=client)
    assert len(serial) > 60
    assert _without_times(spread) == _without_times(serial)
    assert [r.status for r in serial].count("pass") == len(serial)


def test_check_command_on_a_cluster_prints_the_serial_report(scheduler):
    def report(*extra):
        done = _pyrules("check", *map(str, CASES), "--json", *extra)
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        for case in data["cases"]:
            del case["seconds"]
        return data

    assert report("--scheduler", scheduler) == report("--jobs", "1")


def test_a_failing_case_reads_the_same_on_a_cluster(client, tmp_path):
    case = tmp_path / "wrong.yaml"
    case.write_text("id: wrong\nrules: ['106.1']\nplayers: [alice]\nobjects:\n  - {id: f, card: Forest, "
                    "controller: alice}\nquestion: {could_produce: [f]}\nexpect:\n  exactly:\n    - "
                    "could_produce(f, u)\n")
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: [\n")
    serial, spread = run_cases([tmp_path]), run_cases([tmp_path], scheduler=client)
    assert [r.status for r in serial] == ["error", "fail"]
    assert _without_times(spread) == _without_times(serial)


def test_sweep_on_a_cluster_gives_the_serial_table(client):
    grid = {"x": [0, 1, 2, 3], "effect": ["Doubling Season", "Corpsejack Menace", "Zzyzx"]}
    template = ROOT / "examples" / "sweep-ballista.yaml"
    serial = pyrules.sweep(template, grid, project="counters_put", counts=True)
    spread = pyrules.sweep(template, grid, project="counters_put", counts=True, scheduler=client)
    assert spread.drop(columns="seconds").equals(serial.drop(columns="seconds"))
    assert serial.error.notna().sum() == 4


def test_sweep_command_on_a_cluster(scheduler):
    done = _pyrules("sweep", "examples/sweep-land.yaml", "--grid", "land=Forest,Tundra", "--grid",
                    "condition=Blood Moon", "--sometimes", "could_produce(l, C)", "--scheduler", scheduler)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["land=Forest condition=Blood Moon: yes: C = g",
                                        "land=Tundra condition=Blood Moon: yes: C = r"]


def _pyrules(*argv: str) -> subprocess.CompletedProcess:
    """The console command, run as a user runs it (from the repository's folder)."""
    code = f"import sys\nfrom pyrules.entry import main\nsys.argv = ['pyrules', *{list(argv)!r}]\nsys.exit(main())"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600)


# -- one enumeration in cubes --------------------------------------------------------------------------------------
HAND = ["Grizzly Bears", "Hill Giant", "Lightning Bolt", "Divination", "Serra Angel"]


def _onyx(rng: random.Random) -> SituationBuilder:
    """Professor Onyx's -8 against one or two opponents with a few cards each (CR 101.4: each chooses in turn)."""
    opponents = [f"opp{i}" for i in range(1, rng.randint(1, 2) + 1)]
    b = SituationBuilder(["onyx-player", *opponents]).permanent("onyx", "Professor Onyx", "onyx-player",
                                                                counters={"loyalty": 8})
    for p in opponents:
        for i in range(rng.randint(0, 4)):
            b.object(f"{p}-{i}", rng.choice(HAND), p, zone="hand")
    return b.activate("onyx", ability=4).set(question={"activate": {"object": "onyx", "ability": 4, "resolve": True}})


def _ballista(rng: random.Random) -> SituationBuilder:
    """Walking Ballista entering under a random set of counter effects (CR 616.1: their order is chosen)."""
    b = SituationBuilder(["alice", "bob"]).object("ballista", "Walking Ballista", "alice", zone="stack",
                                                  x=rng.randint(0, 3))
    for i, card in enumerate(rng.sample(["Hardened Scales", "Doubling Season", "Corpsejack Menace",
                                         "Hardened Scales"], rng.randint(0, 4))):
        b.permanent(f"effect{i}", card, "alice")
    return b.set(question="resolve")


def _lands(rng: random.Random) -> SituationBuilder:
    """Which mana a few lands could produce under a random condition (CR 106.7)."""
    b = SituationBuilder(["alice", "bob"])
    lands = rng.sample(["Forest", "Tundra", "Badlands", "Mountain", "Reflecting Pool", "Exotic Orchard",
                        "Birds of Paradise"], 3)
    for i, card in enumerate(lands):
        b.permanent(f"l{i}", card, "alice")
    for card in rng.sample(["Blood Moon", "Contamination", "Urborg, Tomb of Yawgmoth"], rng.randint(0, 2)):
        b.permanent(card.split(",")[0].lower().replace(" ", "-"), card, "bob")
    return b.set(question={"could_produce": [f"l{i}" for i in range(3)]})


@pytest.mark.parametrize("seed", range(12))
def test_an_enumeration_in_cubes_has_the_outcomes_of_one(seed, client):
    rng = random.Random(seed)
    situation = rng.choice([_onyx, _ballista, _lands])(rng).build()
    project = rng.choice([(), ("discarded/2",), ("life_lost/2",)]) if situation.actions else ()
    whole = pyrules.solve(situation, project=project)
    for kwargs in ({"scheduler": client, "cubes": rng.randint(2, 9)}, {"jobs": 2, "cubes": rng.randint(1, 9)}):
        parts = pyrules.solve(situation, project=project, **kwargs)
        assert [o.atoms for o in parts] == [o.atoms for o in whole], (seed, kwargs)
        assert parts.illegal == whole.illegal
        assert len(pyrules.count(situation, project=project, **kwargs)) == len(whole)


def test_the_cubes_are_of_like_size_and_cover_the_outcomes_once():
    from pyrules.engine.cubes import solve_cube, split
    from pyrules.engine.solver import Grounding, SolveOptions

    b = SituationBuilder(["onyx-player", "opp1", "opp2"]).permanent("onyx", "Professor Onyx", "onyx-player",
                                                                    counters={"loyalty": 8})
    for p in ("opp1", "opp2"):
        for i in range(4):
            b.object(f"{p}-{i}", HAND[i], p, zone="hand")
    situation = b.activate("onyx", ability=4).set(
        question={"activate": {"object": "onyx", "ability": 4, "resolve": True}}).build()
    options = SolveOptions()
    cubes = split(Grounding(situation, None, options), 8)
    parts = [solve_cube((situation, None, options, cube, False)).outcomes for cube in cubes]
    assert len(cubes) == 8
    assert sorted(len(p) for p in parts) == [32] * 8  # 16 sets of discarded cards an opponent, 256 outcomes
    assert len({o for p in parts for o in p}) == 256


def test_an_optimization_is_not_split(client):
    result = pyrules.solve(ROOT / "examples" / "ballista.yaml", maximize="N : counters_put(ballista, p1p1, N)",
                           scheduler=client)
    assert result.statistics.extra["cubes"] == 1
    assert result.optimum == 6 and [o.texts for o in result] == [["counters_put(ballista,p1p1,6)",
                                                                  "move(ballista,stack,battlefield)"]]


def test_outcomes_command_in_cubes(scheduler):
    def run(*extra):
        done = _pyrules("outcomes", "examples/ballista.yaml", "--json", *extra)
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        data.pop("statistics", None)
        return data

    assert run("--scheduler", scheduler) == run() == run("--jobs", "2", "--cubes", "3")
    assert run("--scheduler", scheduler, "--count") == run("--count") == {
        "situation": "examples/ballista.yaml", "count": 2, "truncated": False, "timed_out": False, "illegal": [],
        "optimum": None, "set_aside": []}


def test_an_outcome_found_in_cubes_is_explained_as_one_found_whole():
    whole = pyrules.solve(ROOT / "examples" / "ballista.yaml", explain=True)
    parts = pyrules.solve(ROOT / "examples" / "ballista.yaml", explain=True, jobs=2, cubes=2)
    assert parts.statistics.extra["cubes"] == 2
    assert [o.explain().text() for o in parts] == [o.explain().text() for o in whole]
    assert "counters_put(ballista,p1p1,6)" in parts[1].explain().text()


def test_a_sequence_is_not_split():
    with pytest.raises(InputError, match="cubes: splits the enumeration of a one-step question"):
        pyrules.solve(ROOT / "pyrules" / "corpus" / "sequences" / "a-card-at-the-bottom-is-drawn-last.yaml", jobs=2)


# -- workers lost, Dask missing, addresses wrong ----------------------------------------------------------------
def test_a_lost_workers_task_runs_again(client, tmp_path):
    marker = tmp_path / "lost-once"
    case = sorted(CASES[0].glob("*.yaml"))[0]

    def run_or_die(path):
        if not marker.exists():  # the first worker to run this dies with its task
            marker.write_text("lost")
            os._exit(1)
        return run_case(path)

    [result] = on_cluster(run_or_die, [case], client)
    assert marker.exists() and result.status == "pass"


def test_without_dask_the_option_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(InputError, match=r"^--scheduler: needs Dask: pip install 'pyrules\[distributed\]'$"):
        connect("tcp://127.0.0.1:8786")


@pytest.mark.parametrize("address", ["", 8786])
def test_a_scheduler_that_is_no_address_is_refused(address):
    with pytest.raises(InputError, match="--scheduler: must be a Dask scheduler's address"):
        connect(address)


def test_a_scheduler_that_does_not_answer_is_one_line(monkeypatch):
    monkeypatch.setattr("pyrules.base.cluster.CONNECT_TIMEOUT", 0.5)
    with pytest.raises(InputError, match=r"^--scheduler: no Dask scheduler answers at tcp://127.0.0.1:9: "):
        connect("tcp://127.0.0.1:9")
