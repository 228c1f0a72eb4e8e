"""``play --record FILE`` whose file cannot be written while the game is played: the player is
told in the window (as any save that fails), the game is kept in the replays folder, and the
program ends with a failure status."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pygame

from golf.solitaire.replay import load
from scenes.app import RECORD_FAILED, record_status
from tests.folders import session_env
from tests.window.test_ui_replay_record import _press, _ui

ROOT = Path(__file__).resolve().parents[2]
CODE = "GO1-E-AAAAAAB"


def test_the_record_file_follows_the_game_as_it_is_played(tmp_path: Path) -> None:
    target = tmp_path / "rec" / "game.yaml"
    target.parent.mkdir()
    ui = _ui(tmp_path, code=CODE, record=target)
    ui.settle()
    _press(ui, "d")
    ui.settle()
    assert len(load(target).actions) == 1
    assert record_status(ui.app) == 0


def test_a_record_file_that_fails_mid_game_is_told_in_the_window(tmp_path: Path) -> None:
    target = tmp_path / "rec" / "game.yaml"
    target.parent.mkdir()
    ui = _ui(tmp_path, code=CODE, record=target)
    ui.settle()
    _press(ui, "d")
    ui.settle()
    shutil.rmtree(target.parent)
    target.parent.write_text("the record's folder is now a file", encoding="utf-8")
    _press(ui, "d")
    ui.frames(2)
    told = [toast.text for toast in ui.loop.told]
    assert told == [
        f"The replay file ({target}) could not be saved (part of the path is not a folder)."
    ]
    ui.app.flow.leave_games(quitting=True)
    assert record_status(ui.app) == RECORD_FAILED
    recorder = ui.app.recording_to
    assert recorder is not None and recorder.path is not None
    assert len(load(recorder.path).actions) == 2  # the whole game, in the replays folder
    pygame.event.clear()


def test_a_real_game_whose_record_file_fails_ends_with_a_failure(tmp_path: Path) -> None:
    rec = tmp_path / "rec"
    rec.mkdir()
    target = rec / "game.yaml"
    env = {
        "PATH": "/usr/bin:/bin",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        **session_env(),
        "GOLF_DATA_DIR": str(tmp_path / "data"),
        "XDG_DATA_HOME": str(tmp_path / "share"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    argv = [
        sys.executable,
        str(ROOT / "main.py"),
        "play",
        CODE,
        "--record",
        str(target),
        "--autoplay",
        "4",
        "--frames",
        "900",
    ]
    with subprocess.Popen(
        argv, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        states = []
        for line in process.stdout:
            _, kind, body = line.split(" ", 2)
            if kind == "state":
                states.append(json.loads(body))
            if len(states) == 3:  # a few actions in: the record's folder becomes a file
                assert len(load(target).actions) == len(states[-1]["actions"])
                shutil.rmtree(rec)
                rec.write_text("now a file", encoding="utf-8")
        stderr = process.stderr.read()
        status = process.wait(timeout=120)
    assert len(states) > 3, stderr
    assert status == RECORD_FAILED, stderr
    assert f"cannot save the replay to {target}: [Errno 20] Not a directory" in stderr
    assert f"the replay could not be written to {target} (Not a directory)" in stderr
    kept = Path(stderr.rsplit("the same replay is kept in ", 1)[1].split()[0])
    replay = load(kept)
    assert replay.code == states[-1]["code"]
    assert [str(a) for a in replay.actions] == states[-1]["actions"]
