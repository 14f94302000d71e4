"""The pytest plugin (pyrules.pytest_plugin, issue 35): a user's ruling files run under plain pytest, one test per
case, with a readable report; -k, --lf and markers work on them; the pyrules_solve fixture. Each test runs pytest
on a new folder with pytester, the plugin loaded as a user's pytest loads it: by its entry point. The ``$ pytest``
transcripts of README.md and docs/your-rulings.md are run here too, in a folder holding their files."""

from __future__ import annotations

import re
import shlex
from importlib.metadata import entry_points
from pathlib import Path

import pytest
import yaml
from test_docs import DOCS, ROOT, parse

import pyrules.pytest_plugin  # imported before pytester's runs: they keep the modules they find, drop the others

pytest_plugins = ["pytester"]

FOREST = """\
id: tap-for-mana
rulings: [tap-for-mana]
rules: ["106.12", "305.6"]
players: [alice, bob]
objects:
  - {id: forest1, card: Forest, controller: alice}
question:
  activate: forest1
expect:
  exactly:
    - tap(forest1), mana_added(alice, g, 1)
"""

BIRDS = """\
id: birds-any-color
rules: ["106.3", "605.1a"]
players: [alice, bob]
objects:
  - {id: birds, card: Birds of Paradise, controller: alice}
question:
  activate: birds
expect:
  outcomes: 5
  always: tap(birds)
  never: mana_added(alice, c, 1)
"""

ELVES_WRONG = """\
id: elves-make-two
rulings: [tap-for-mana]
rules: ["106.12"]
players: [alice, bob]
objects:
  - {id: elves, card: Llanowar Elves, controller: alice}
question:
  activate: elves
expect:
  exactly:
    - tap(elves), mana_added(alice, g, 2)
"""


@pytest.fixture
def rulings(pytester):
    """A folder with three ruling files: two pass, elves-make-two fails."""
    for name, text in (("forest", FOREST), ("birds", BIRDS), ("elves", ELVES_WRONG)):
        pytester.makefile(".ruling.yaml", **{f"rulings/{name}": text})
    return pytester


def test_each_ruling_file_is_one_test_and_a_failure_shows_its_citations_and_the_diff(rulings):
    result = rulings.runpytest()
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.re_match_lines([
        r"ruling case elves-make-two failed$",
        r"  rulings: tap-for-mana$",
        r"  rules:   106\.12$",
        r"  outcomes differ from `exactly` \(- expected but missing, \+ found but not expected\):$",
        r"  - \{mana_added\(alice,g,2\), tap\(elves\)\}$",
        r"  \+ \{mana_added\(alice,g,1\), tap\(elves\)\}$",
        r"FAILED rulings/elves\.ruling\.yaml::elves-make-two - ruling case elves-make-two",
    ])
    assert "Traceback" not in result.stdout.str() and "regression.py" not in result.stdout.str()


def test_the_tests_are_named_by_the_case_ids(rulings):
    result = rulings.runpytest("--collect-only", "-q")
    result.stdout.re_match_lines([r"rulings/birds\.ruling\.yaml::birds-any-color$",
                                  r"rulings/elves\.ruling\.yaml::elves-make-two$",
                                  r"rulings/forest\.ruling\.yaml::tap-for-mana$"])


def test_k_selects_a_case_by_its_id(rulings):
    rulings.runpytest("-k", "birds-any-color").assert_outcomes(passed=1, deselected=2)
    rulings.runpytest("-k", "not elves-make-two").assert_outcomes(passed=2, deselected=1)


def test_lf_runs_again_only_the_case_that_failed(rulings):
    rulings.runpytest().assert_outcomes(passed=2, failed=1)
    result = rulings.runpytest("--lf")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["run-last-failure: rerun previous 1 failure (skipped 2 files)", "*elves-make-two*"])


def test_pyrules_update_rewrites_the_outcomes_of_a_case_failing_on_them_alone_and_lists_it(rulings):
    elves = rulings.path / "rulings" / "elves.ruling.yaml"
    before = elves.read_text()
    result = rulings.runpytest("--pyrules-update")
    result.assert_outcomes(passed=3)
    result.stdout.re_match_lines([r"=+ pyrules: ruling cases updated =+$",
                                  r"updated rulings/elves\.ruling\.yaml: 1 -> 1 outcome$",
                                  r"  - \{mana_added\(alice,g,2\), tap\(elves\)\}$",
                                  r"  \+ \{mana_added\(alice,g,1\), tap\(elves\)\}$"])
    assert elves.read_text() == before.replace("tap(elves), mana_added(alice, g, 2)", "mana_added(alice,g,1), tap(elves)")
    result = rulings.runpytest("--pyrules-update")
    result.assert_outcomes(passed=3)
    assert "updated" not in result.stdout.str()


def test_the_ini_option_chooses_the_files(pytester):
    pytester.makefile(".yaml", **{"cases/forest": FOREST, "elsewhere/birds": BIRDS})
    pytester.makefile(".ruling.yaml", **{"rulings/elves": ELVES_WRONG})
    pytester.makepyprojecttoml('[tool.pytest.ini_options]\npyrules_rulings = ["cases/*.yaml"]\n')
    result = pytester.runpytest("--collect-only", "-q")
    assert [line for line in result.outlines if "::" in line] == ["cases/forest.yaml::tap-for-mana"]
    pytester.runpytest().assert_outcomes(passed=1)


def test_the_cases_the_ini_option_names_are_marked_slow(rulings):
    rulings.makepyprojecttoml('[tool.pytest.ini_options]\npyrules_slow = ["birds-*"]\n')
    rulings.runpytest("-m", "slow").assert_outcomes(passed=1, deselected=2)
    rulings.runpytest("-m", "not slow").assert_outcomes(passed=1, failed=1, deselected=1)
    rulings.runpytest("-m", "pyrules", "--strict-markers").assert_outcomes(passed=2, failed=1)
    assert re.search(r"^@pytest\.mark\.slow: ", rulings.runpytest("--markers").stdout.str(), re.M)


def test_a_slow_marker_of_the_users_own_is_kept(rulings):
    rulings.makepyprojecttoml('[tool.pytest.ini_options]\nmarkers = ["slow: mine"]\npyrules_slow = ["birds-*"]\n')
    markers = rulings.runpytest("--markers").stdout.str()
    assert "@pytest.mark.slow: mine" in markers and markers.count("@pytest.mark.slow:") == 1


def test_a_case_file_that_cannot_be_read_fails_as_one_test_with_its_one_line_error(pytester):
    draft = parse(ROOT / "docs" / "your-rulings.md").files["drafts/elves-make-two.ruling.yaml"]  # the page's draft
    pytester.makefile(".ruling.yaml", **{"drafts/elves": draft.replace("Llanowar Elves", "Llanowar Elvs"),
                                         "drafts/broken": "id: broken\nrules: [106.12\n"})
    result = pytester.runpytest()
    result.assert_outcomes(failed=2)
    result.stdout.re_match_lines([r"ruling case broken\.ruling could not be run \(error\)$",
                                  r"  drafts/broken\.ruling\.yaml:\d+: .*",
                                  r"ruling case elves-make-two could not be run \(error\)$"])
    message = "drafts/elves.ruling.yaml:7: unknown card 'Llanowar Elvs'; did you mean 'Llanowar Elves'?"
    result.stdout.fnmatch_lines([f"  {message}"])
    assert f"`{message}`" in (ROOT / "docs" / "your-rulings.md").read_text(encoding="utf-8")
    assert "Traceback" not in result.stdout.str() and "pyrules/" not in result.stdout.str()


def test_the_pyrules_solve_fixture_solves_a_text_a_path_and_takes_solves_arguments(pytester):
    pytester.makefile(".yaml", birds=BIRDS)
    pytester.makepyfile(test_by_hand='''
        from pathlib import Path

        import pyrules

        FOREST = """
        players: [alice, bob]
        objects:
          - {id: forest1, card: Forest, controller: alice}
        question:
          activate: forest1
        """

        def test_text(pyrules_solve, tmp_path):
            outcomes = pyrules_solve(FOREST)
            assert outcomes.always("mana_added(alice, g, 1)") and len(outcomes) == 1
            assert (tmp_path / "situation.yaml").read_text() == FOREST
            flow = "{players: [alice, bob], objects: [{id: f, card: Forest, controller: alice}], question: {activate: f}}"
            assert len(pyrules_solve(flow)) == 1
            assert (tmp_path / "situation-2.yaml").exists()

        def test_path_and_arguments(pyrules_solve):
            assert len(pyrules_solve(Path("birds.yaml"), limit=2)) == 2
            assert len(pyrules_solve("birds.yaml", project=["tap"])) == 1

        def test_an_error_names_the_written_file(pyrules_solve):
            try:
                pyrules_solve(FOREST.replace("Forest", "Forrest"))
            except pyrules.InputError as exc:
                assert "situation.yaml:4: unknown card 'Forrest'" in str(exc)
            else:
                raise AssertionError("no error")
    ''')
    pytester.runpytest().assert_outcomes(passed=3)


# The transcripts of the docs: every `$ pytest` line runs in a folder holding the doc's files, in order (the
# cache of one run is the next one's, as in a shell); `$ pip install` lines are how the reader installs what
# the tests already have.

_DECORATION = re.compile(r"^[=_\s]+|[=_\s]+$")
_TIME = re.compile(r"\b\d+(\.\d+)?s\b")
_EXIT = re.compile(r"^exit code (\d+)$")


def _normal(line: str) -> str:
    """A line of pytest's output as it reads on any terminal: without the rules of = and _ that fill its width,
    runs of spaces taken as one, timings aside."""
    return _TIME.sub("0s", " ".join(_DECORATION.sub("", line).split()))


def _transcripts(path: Path) -> list[tuple[int, str, str]]:
    return [(line, command, expected) for line, command, expected in parse(path).commands
            if shlex.split(command)[0] in ("pytest", "pip")]


PYTEST_DOCS = [path for path in DOCS if any(shlex.split(c)[0] == "pytest" for _, c, _ in _transcripts(path))]


def test_the_readme_and_the_plugins_page_have_pytest_transcripts():
    assert [p.name for p in PYTEST_DOCS] == ["README.md", "your-rulings.md"]


def test_every_command_of_the_docs_is_run_by_a_test():
    """pyrules lines by tests/test_docs.py, pytest lines here; pip lines only install pyrules and pytest."""
    for path in DOCS:
        for line, command, _ in parse(path).commands:
            argv = shlex.split(command)
            assert argv[0] in ("pyrules", "pytest") or argv == ["pip", "install", "pyrules", "pytest"], \
                f"{path.name}:{line}: no test runs {command!r}"


@pytest.mark.parametrize("path", PYTEST_DOCS, ids=[p.name for p in PYTEST_DOCS])
def test_the_pytest_transcripts_of_the_docs_run_as_written(pytester, monkeypatch, path):
    monkeypatch.setenv("COLUMNS", "80")
    for name, text in parse(path).files.items():
        target = pytester.path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for line, command, expected in _transcripts(path):
        argv = shlex.split(command)
        if argv[0] == "pip":
            continue
        result = pytester.runpytest(*argv[1:])
        want = [_normal(x) for x in expected.splitlines()]
        got = [_normal(x) for x in result.outlines if x.strip()]
        if want and _EXIT.match(want[-1]):
            got.append(f"exit code {int(result.ret)}")
        pattern = "\n".join(".*" if x == "..." else re.escape(x) for x in want if x)
        assert re.fullmatch(pattern, "\n".join(got), flags=re.S), \
            f"{path.name}:{line}: {command}\n" + "\n".join(result.outlines)


def test_the_ci_workflow_of_the_template_runs_what_the_page_runs():
    doc = parse(ROOT / "docs" / "your-rulings.md")
    workflow = yaml.safe_load(doc.files[".github/workflows/rulings.yml"])
    runs = [step["run"] for step in workflow["jobs"]["rulings"]["steps"] if "run" in step]
    assert runs == ["pip install pyrules pytest", "pytest"]
    assert set(runs) <= {command for _, command, _ in doc.commands}


def test_the_plugin_is_the_entry_point_pytest_loads():
    assert [ep.value for ep in entry_points(group="pytest11") if ep.name == "pyrules"] == [pyrules.pytest_plugin.__name__]
