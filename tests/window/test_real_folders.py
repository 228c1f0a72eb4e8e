"""A test run never writes into the player's real folders (data, options, logs): the conftest
moves them all to the run's own temporary folder, and a guard refuses a write that would still
go there, in the test process or in a program a test starts (``tests/folders.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from golf.core import folders as game
from golfcli.logs import LOG_FILE, log_folder
from tests import conftest
from tests.folders import RealFolderWrite, game_folders, session_env

ROOT = Path(__file__).resolve().parents[2]
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders: Linux")


@linux
def test_every_folder_of_the_game_is_the_runs_own() -> None:
    session = conftest.SESSION_FOLDER
    found = [game.data_dir(), game.config_dir(), game.replays_dir(), game.logs_dir(), log_folder()]
    for folder in found:
        assert session in folder.parents, folder
    assert not set(game_folders(os.environ)) & set(conftest.REAL_FOLDERS)
    assert conftest.REAL_FOLDERS and conftest.GUARD.real == conftest.REAL_FOLDERS


@linux
@pytest.mark.parametrize("where", range(3))
def test_a_write_into_a_real_folder_fails_the_test(where: int) -> None:
    real = conftest.REAL_FOLDERS[min(where, len(conftest.REAL_FOLDERS) - 1)]
    target = real / f"guard-{uuid.uuid4().hex}.txt"
    with pytest.raises(RealFolderWrite):
        target.write_text("a test must not write here", encoding="utf-8")
    with pytest.raises(RealFolderWrite):
        os.open(target, os.O_WRONLY | os.O_CREAT)
    with pytest.raises(RealFolderWrite):
        (real / f"guard-{uuid.uuid4().hex}").mkdir()
    assert not target.exists()


@linux
def test_a_program_started_with_the_real_folders_is_refused() -> None:
    # an environment built from nothing leads the log to ~/.local/state: refused before it runs
    with pytest.raises(RealFolderWrite):
        subprocess.run(
            [sys.executable, "-c", "pass"],
            env={"PATH": "/usr/bin:/bin", "HOME": str(Path.home())},
            check=False,
        )
    done = subprocess.run(
        [sys.executable, "-c", "pass"],
        env={"PATH": "/usr/bin:/bin", **session_env()},
        check=False,
    )
    assert done.returncode == 0


@linux
def test_the_real_program_logs_into_the_runs_folder() -> None:
    marker = f"GO1-E-{uuid.uuid4().int % 10**7:07d}"
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "describe", marker],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode in (0, 2), done.stderr
    log = conftest.SESSION_FOLDER / "xdg_state_home" / "golf-solitaire" / "log" / LOG_FILE
    assert marker in log.read_text(encoding="utf-8")
