"""pytest's plugin for replay files as another project meets it: the wheel built and installed,
with pytest, in a fresh environment outside the checkout, and pytest run from a fresh folder
(``docs/ci.md``). The wheel and the environment are made once, for one test that asks three
things of them (three tests would each make their own in the parallel run: a module's fixture
is made again in every worker that runs one of its tests).

The in-process tests of the plugin (each kind of failure's report, the ini key, the usage
errors) are ``tests/plugin/test_replays_plugin.py``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "replays"

pytestmark = pytest.mark.timeout(600)


def run(args: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    # nothing of this run's environment reaches the installed copy: no pytest options or
    # plugins, no path to the checkout
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST_", "PYTHON")) and k not in ("VIRTUAL_ENV",)
    }
    return subprocess.run(
        args,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=env,
        timeout=timeout,
        check=False,
    )


def checked(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def fresh_python(work: Path) -> Path:
    """The Python of a fresh environment that holds the game's wheel and pytest, nothing of
    the checkout."""
    work.mkdir(parents=True)
    checked(
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--quiet",
                "--no-deps",
                "-w",
                str(work),
                str(ROOT),
            ],
            cwd=work,
        )
    )
    (wheel,) = work.glob("golf_solitaire-*.whl")
    checked(run([sys.executable, "-m", "venv", str(work / "venv")], cwd=work))
    venv_python = work / "venv" / "bin" / "python"
    checked(
        run(
            [str(venv_python), "-m", "pip", "install", "--quiet", str(wheel), "pytest>=8,<10"],
            cwd=work,
        )
    )
    return venv_python


def project(tmp_path: Path) -> Path:
    """A fresh folder outside the checkout with a copy of replays/ in it."""
    folder = tmp_path / "project"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "replays").mkdir(parents=True)
    for sample in SAMPLES.glob("*.yaml"):
        shutil.copy(sample, folder / "replays")
    return folder


def the_samples_pass_from_a_fresh_folder_with_one_junit_testcase_a_file(
    python: Path, tmp_path: Path
) -> None:
    folder = project(tmp_path)
    files = sorted(p.name for p in (folder / "replays").iterdir())
    done = run(
        [
            str(python),
            "-m",
            "pytest",
            "--golf-replays",
            "replays/",
            "--junitxml=reports/replays.xml",
        ],
        cwd=folder,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(files)} passed" in done.stdout
    cases = ET.parse(folder / "reports" / "replays.xml").getroot().findall(".//testcase")
    assert sorted((c.get("classname"), c.get("name")) for c in cases) == [
        ("replays", name) for name in files
    ]
    assert not [c for c in cases if len(c)]  # no failure, error or skip in any


def a_copy_with_one_action_changed_fails_with_the_file_the_action_and_a_diff(
    python: Path, tmp_path: Path
) -> None:
    folder = project(tmp_path)
    changed = folder / "replays" / "easy-win.yaml"
    text = changed.read_text(encoding="utf-8")
    assert text.count("- {do: play 6, t: 0.7}") == 1
    changed.write_text(text.replace("- {do: play 6, t: 0.7}", "- {do: play 7, t: 0.7}"), "utf-8")
    done = run([str(python), "-m", "pytest", "--golf-replays", "replays/"], cwd=folder)
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    assert "FAILED replays::easy-win.yaml" in out
    assert "1 failed, " in out
    assert "replays/easy-win.yaml: action 4 (play 7) refused: " in out
    assert "    expected: accepted\n    actual:   refused: " in out
    assert "  the game before action 4: moves 3, score " in out


def a_run_that_does_not_ask_collects_nothing_of_the_plugin(python: Path, tmp_path: Path) -> None:
    folder = project(tmp_path)
    (folder / "test_own.py").write_text(
        "import sys\n\n"
        "def test_own():\n"
        "    loaded = [m for m in sys.modules if m.split('.')[0] in ('golf', 'golfcli', 'scenes')]\n"
        "    assert loaded == [], loaded\n"
        "    assert 'golf_pytest.replays' not in sys.modules\n",
        encoding="utf-8",
    )
    done = run([str(python), "-m", "pytest", "-v"], cwd=folder)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "test_own.py::test_own PASSED" in done.stdout
    assert "1 passed" in done.stdout
    assert "replays::" not in done.stdout and "golf replays" not in done.stdout
    # the plugin is there all the same: its option is listed, and asking for it works
    assert "--golf-replays=DIR" in checked(run([str(python), "-m", "pytest", "--help"], cwd=folder))


def test_the_plugin_from_a_fresh_folder_with_only_the_wheel(tmp_path: Path) -> None:
    python = fresh_python(tmp_path / "wheel")
    the_samples_pass_from_a_fresh_folder_with_one_junit_testcase_a_file(python, tmp_path / "a")
    a_copy_with_one_action_changed_fails_with_the_file_the_action_and_a_diff(python, tmp_path / "b")
    a_run_that_does_not_ask_collects_nothing_of_the_plugin(python, tmp_path / "c")
