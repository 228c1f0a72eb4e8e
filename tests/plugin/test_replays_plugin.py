"""pytest's plugin for replay files (``golf_pytest``), run in-process by pytester: one test a
file, named by file; a failure's report (the file, the first action or checkpoint that differs,
expected against actual); nothing collected unless asked. The same from a fresh folder with only
the wheel installed: ``scripts/wheel_smoke.sh``, which CI runs.

The inner runs load the plugin with ``-p`` and no other installed plugin, so they do not depend
on whether the environment's entry points already list it.
"""

from __future__ import annotations

import shutil
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from golf_pytest import replays as plugin_replays
from tests.project.test_layers import arrows, imported_names

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "replays"
Run = Callable[..., pytest.RunResult]


@pytest.fixture
def run(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Run:
    """pytest in-process in pytester's folder, with the plugin and nothing else installed."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.delenv("PYTEST_ADDOPTS", raising=False)

    def go(*args: str) -> pytest.RunResult:
        return pytester.runpytest_inprocess(
            "-p", "golf_pytest.plugin", "-p", "no:cacheprovider", *args
        )

    return go


def sample(pytester: pytest.Pytester, name: str, edit: Callable[[str], str] | None = None) -> Path:
    """A copy of ``replays/NAME`` in pytester's ``replays/``, changed by ``edit``."""
    folder = pytester.path / "replays"
    folder.mkdir(exist_ok=True)
    text = (SAMPLES / name).read_text(encoding="utf-8")
    if edit is not None:
        changed = edit(text)
        assert changed != text, "the edit changed nothing"
        text = changed
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def replace_once(old: str, new: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert text.count(old) == 1, old
        return text.replace(old, new)

    return edit


def failure(result: pytest.RunResult) -> str:
    return result.stdout.str()


# --- one test a file ---------------------------------------------------------------------------


def test_every_file_of_the_folder_is_one_test_named_by_file(
    pytester: pytest.Pytester, run: Run
) -> None:
    for name in ("easy-win.yaml", "seeds-draw-and-play.yaml", "six-card-two-computers.yaml"):
        sample(pytester, name)
    (pytester.path / "replays" / "more").mkdir()
    shutil.copy(SAMPLES / "strict-game.yaml", pytester.path / "replays" / "more" / "strict.yml")
    (pytester.path / "replays" / "notes.txt").write_text("not a replay\n", encoding="utf-8")
    result = run("--golf-replays", "replays", "-v")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines_random(
        [
            "*replays::easy-win.yaml PASSED*",
            "*replays::seeds-draw-and-play.yaml PASSED*",
            "*replays::six-card-two-computers.yaml PASSED*",
            "*replays::more/strict.yml PASSED*",
            "golf replays: 4 files in replays",
            "*collected 4 items*",
        ]
    )
    assert result.ret == pytest.ExitCode.OK


def test_every_sample_passes(pytester: pytest.Pytester, run: Run) -> None:
    # with "=": a value after a space is one more place pytest looks for its configuration
    result = run(f"--golf-replays={SAMPLES}")
    result.assert_outcomes(passed=len(list(SAMPLES.glob("*.yaml"))))


def test_the_ini_key_asks_for_a_folder_relative_to_the_ini_file(
    pytester: pytest.Pytester, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    sample(pytester, "easy-win.yaml")
    pytester.makeini("[pytest]\ngolf_replays = replays\n")
    (pytester.path / "elsewhere").mkdir()
    monkeypatch.chdir(pytester.path / "elsewhere")  # pytest finds the ini file above
    result = run("-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*replays::easy-win.yaml PASSED*"])


def test_k_chooses_files_as_it_chooses_tests(pytester: pytest.Pytester, run: Run) -> None:
    sample(pytester, "easy-win.yaml")
    sample(pytester, "strict-game.yaml")
    result = run("--golf-replays", "replays", "-k", "strict")
    result.assert_outcomes(passed=1, deselected=1)


def test_the_junit_report_has_a_testcase_a_file_named_by_it(
    pytester: pytest.Pytester, run: Run
) -> None:
    sample(pytester, "easy-win.yaml")
    sample(
        pytester,
        "six-card-two-computers.yaml",
        replace_once("totals: [70, 79]", "totals: [70, 80]"),
    )
    result = run("--golf-replays", "replays", "--junitxml=report.xml")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    cases = ET.parse(pytester.path / "report.xml").getroot().findall(".//testcase")
    assert [(c.get("classname"), c.get("name")) for c in cases] == [
        ("replays", "easy-win.yaml"),
        ("replays", "six-card-two-computers.yaml"),
    ]
    assert cases[0].find("failure") is None
    failed = cases[1].find("failure")
    assert failed is not None and "totals" in (failed.text or "")


# --- the failure's report ----------------------------------------------------------------------


def test_a_refused_action_names_the_file_the_action_and_the_board_it_met(
    pytester: pytest.Pytester, run: Run
) -> None:
    sample(
        pytester, "easy-win.yaml", replace_once("- {do: play 6, t: 0.7}", "- {do: play 7, t: 0.7}")
    )
    result = run("--golf-replays", "replays")
    result.assert_outcomes(failed=1)
    text = failure(result)
    assert "replays/easy-win.yaml: action 4 (play 7) refused: " in text
    assert "the first difference is at action 4 (play 7):" in text
    assert "    expected: accepted\n" in text
    assert "    actual:   refused: " in text
    assert "the game before action 4: moves 3, score " in text
    assert "    Stock: " in text


def test_a_board_that_differs_is_a_diff_of_its_lines(pytester: pytest.Pytester, run: Run) -> None:
    edit = replace_once(
        "position_en: 'Stock: 15 cards; waste: 8 of clubs.",
        "position_en: 'Stock: 14 cards; waste: 8 of clubs.",
    )
    sample(pytester, "seeds-draw-and-play.yaml", edit)
    result = run("--golf-replays", "replays")
    result.assert_outcomes(failed=1)
    text = failure(result)
    assert (
        "replays/seeds-draw-and-play.yaml: after action 7: position_en differs at character 9"
        in text
    )
    assert "the first difference is at the checkpoint after action 7 (play 2):" in text
    assert "  position_en, expected (-) against actual (+):" in text
    assert "    - Stock: 14 cards;\n" in text
    assert "    + Stock: 15 cards;\n" in text
    assert "      waste: 8 of clubs.\n" in text  # the lines that agree are shown once


def test_score_and_moves_show_expected_against_actual(pytester: pytest.Pytester, run: Run) -> None:
    edit = replace_once("  score: 20\n  moves: 3\n", "  score: 30\n  moves: 4\n")
    sample(pytester, "seeds-draw-and-play.yaml", edit)
    result = run("--golf-replays", "replays")
    result.assert_outcomes(failed=1)
    text = failure(result)
    assert "replays/seeds-draw-and-play.yaml: after action 7: score 20, expected 30" in text
    assert "  score\n    expected: 30\n    actual:   20\n" in text
    assert "  moves\n    expected: 4\n    actual:   3\n" in text
    assert "the game after action 7: moves 3, score 20, playing" in text


def test_an_action_accepted_where_a_refusal_was_expected(
    pytester: pytest.Pytester, run: Run
) -> None:
    sample(
        pytester,
        "seeds-draw-and-play.yaml",
        replace_once("actions:\n- play 1\n", "actions:\n- draw\n"),
    )
    result = run("--golf-replays", "replays")
    result.assert_outcomes(failed=1)
    text = failure(result)
    assert (
        "action 1 (draw) was accepted, expected refusal: Must be one rank higher or lower" in text
    )
    assert (
        "    expected: refused: Must be one rank higher or lower\n    actual:   accepted\n" in text
    )
    assert "the game before action 1: moves 0, score 0, playing" in text


def test_a_six_card_result_that_differs(pytester: pytest.Pytester, run: Run) -> None:
    sample(
        pytester,
        "six-card-two-computers.yaml",
        replace_once("totals: [70, 79]", "totals: [70, 80]"),
    )
    result = run("--golf-replays", "replays")
    result.assert_outcomes(failed=1)
    text = failure(result)
    assert "replays/six-card-two-computers.yaml: totals [70, 79], expected [70, 80]" in text
    assert "the first difference is at the result at the end, after action " in text
    assert "  totals\n    expected: [70, 80]\n    actual:   [70, 79]\n" in text


def test_a_file_that_is_no_replay_fails_with_the_readers_words(
    pytester: pytest.Pytester, run: Run
) -> None:
    sample(pytester, "easy-win.yaml", replace_once("- {do: play 6, t: 0.7}", "- jump 2"))
    result = run("--golf-replays", "replays")
    result.assert_outcomes(failed=1)
    text = failure(result)
    said = "actions[3] (line 16): 'jump 2' is not an action (expected draw, undo, "
    assert f"replays/easy-win.yaml: cannot be read as a replay: {said}" in text


def test_every_value_that_differs_at_the_first_place_is_shown(
    pytester: pytest.Pytester, run: Run
) -> None:
    edit = replace_once("  outcome: won\n  score: 350\n", "  outcome: blocked\n  score: 340\n")
    sample(pytester, "easy-win.yaml", edit)
    result = run("--golf-replays", "replays")
    text = failure(result)
    assert "the first difference is at the result at the end, after action " in text
    assert "  outcome\n    expected: blocked\n    actual:   won\n" in text
    assert "  score\n    expected: 340\n    actual:   350\n" in text
    assert "more after it" not in text


def test_the_differences_after_the_first_are_listed_below_it(
    pytester: pytest.Pytester, run: Run
) -> None:
    edit = replace_once(
        "{after: 5, score: 0, moves: 1, stock: 15}", "{after: 5, score: 5, moves: 1, stock: 15}"
    )
    sample(
        pytester,
        "seeds-draw-and-play.yaml",
        lambda text: replace_once("  score: 20\n", "  score: 30\n")(edit(text)),
    )
    result = run("--golf-replays", "replays")
    text = failure(result)
    assert "the first difference is at the checkpoint after action 5 (draw):" in text
    assert "  score\n    expected: 5\n    actual:   0\n" in text
    assert "and 1 more after it:\n  after action 7: score 20, expected 30\n" in text


# --- nothing unless asked ----------------------------------------------------------------------


def test_without_the_option_nothing_is_collected(pytester: pytest.Pytester, run: Run) -> None:
    sample(pytester, "easy-win.yaml")
    result = run()
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    assert "golf replays" not in result.stdout.str()
    result = run("-v", "replays")  # a folder of replays named to pytest is not the option
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_help_lists_the_option_and_the_ini_key(run: Run) -> None:
    result = run("--help")
    result.stdout.fnmatch_lines_random(["*--golf-replays=DIR*", "*golf_replays (paths):*"])


@pytest.mark.parametrize(
    ("made", "said"),
    [
        (None, "--golf-replays nowhere: no such file or folder"),
        ("empty", "--golf-replays empty: no replay files (*.yaml, *.yml) in this folder"),
    ],
)
def test_a_folder_missing_or_without_replays_is_a_usage_error(
    pytester: pytest.Pytester, run: Run, made: str | None, said: str
) -> None:
    if made is not None:
        (pytester.path / made).mkdir()
    result = run("--golf-replays", made or "nowhere")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert said in result.stderr.str()


def test_the_entry_point_module_imports_nothing_of_the_game() -> None:
    plugin = ROOT / "golf_pytest" / "plugin.py"
    source = plugin.read_text(encoding="utf-8")
    names = {name.split(".")[0] for name, _line in imported_names(source, "golf_pytest.plugin")}
    assert names <= {"__future__", "pathlib", "pytest", "golf_pytest"}
    # the collection is imported inside pytest_configure, when asked for
    assert "from golf_pytest.replays import" in source.split("def pytest_configure")[1]


def test_the_plugin_reads_only_the_engine_and_nothing_reads_the_plugin() -> None:
    outside = {"golfcli", "golfnet", "scenes", "pygame", "websockets", "main"}
    wrong = [
        str(a)
        for a in arrows()
        if a.source.startswith("golf_pytest") and a.target.split(".")[0] in outside
    ]
    assert wrong == []
    into = [
        str(a)
        for a in arrows()
        if a.target.startswith("golf_pytest") and not a.source.startswith("golf_pytest")
    ]
    assert into == []


def test_the_plugin_is_the_pytest11_entry_point_and_pytest_is_no_dependency() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = pyproject["project"]
    assert project["entry-points"]["pytest11"] == {"golf-replays": "golf_pytest.plugin"}
    assert not any(d.startswith("pytest") for d in project["dependencies"])
    assert "golf_pytest" in pyproject["tool"]["setuptools"]["packages"]


def test_board_lines_cut_a_board_text_at_its_parts() -> None:
    text = "Stock: 16 cards; waste: ace of clubs. Column 1: 6 of clubs (available: 6 of clubs); column 2: empty."
    assert plugin_replays.board_lines(text) == [
        "Stock: 16 cards;",
        "waste: ace of clubs.",
        "Column 1: 6 of clubs (available: 6 of clubs);",
        "column 2: empty.",
    ]


# --- docs/ci.md: the recipe -----------------------------------------------------------------------

RECIPE = "python -m pytest --golf-replays replays/ --junitxml=reports/replays.xml"


def ci_jobs() -> list[Any]:
    """The YAML blocks of docs/ci.md, read."""
    text = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    blocks = text.split("```yaml\n")[1:]
    return [yaml.safe_load(block.split("```")[0]) for block in blocks]


def test_the_github_job_installs_the_wheel_checks_the_replays_and_publishes_the_report() -> None:
    github = ci_jobs()[0]
    steps = github["jobs"]["replays"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    assert runs == ['python -m pip install "$GOLF_WHEEL" "pytest>=8,<10"', RECIPE]
    uses = {step["uses"].split("@")[0]: step for step in steps if "uses" in step}
    assert uses["actions/upload-artifact"]["with"]["path"] == "reports/replays.xml"
    assert uses["mikepenz/action-junit-report"]["with"]["report_paths"] == "reports/replays.xml"


def test_the_gitlab_job_installs_the_wheel_checks_the_replays_and_publishes_the_report() -> None:
    gitlab = ci_jobs()[1]["replays"]
    assert gitlab["script"] == ['python -m pip install "$GOLF_WHEEL" "pytest>=8,<10"', RECIPE]
    assert gitlab["artifacts"]["reports"]["junit"] == "reports/replays.xml"


def test_the_projects_ci_runs_the_same_recipe_with_the_wheel_it_built() -> None:
    smoke = (ROOT / "scripts" / "wheel_smoke.sh").read_text(encoding="utf-8")
    assert '-m pip install --quiet "pytest>=8,<10"' in smoke
    assert "-m pytest --golf-replays replays/ --junitxml=reports/replays.xml" in smoke
    assert "verify --junit reports/verify.xml replays/" in smoke
    assert "scripts/wheel_smoke.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
