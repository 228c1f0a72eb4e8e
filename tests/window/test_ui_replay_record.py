"""Every game is recorded as it is played: driven by posted keys and clicks under the dummy driver.

The replay saved by the running game, loaded back, goes through every position the table showed;
games are saved when they end and when they are left; "Save replay as…" and "Watch replay" on
the game-over screen; ``play CODE --record FILE``.
"""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.solitaire.engine import Action, Position
from golf.solitaire.replay import load, play
from golf.solitaire.session import Game
from scenes.core.i18n import Texts
from scenes.solitaire.dialogs import GameOverScene, PauseMenu
from scenes.solitaire.recorder import NameProblem, Recorder, check_name, suggested_name
from scenes.solitaire.save_replay import SaveReplayDialog
from scenes.solitaire.watch import WatchScene
from scenes.title import TitleScene
from tests.ui_driver import FRAME, WIN_CODE, WIN_LINE
from tests.window.test_ui_play import UI, make_ui

ROOT = Path(__file__).resolve().parents[2]


def _ui(tmp_path: Path, code: str | None = None, record: Path | None = None) -> UI:
    return make_ui(tmp_path / "config", code=code, record=record, replays_dir=tmp_path / "replays")


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[UI]:
    yield _ui(tmp_path)
    pygame.event.clear()


def _saved(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "replays"
    return sorted(folder.glob("*.yaml")) if folder.exists() else []


def _press(ui: UI, token: str) -> None:
    if token == "d":
        ui.key(pygame.K_SPACE, text=" ")
    elif token == "u":
        ui.key(pygame.K_u, text="u")
    else:
        ui.key(getattr(pygame, f"K_{token}"), text=token)


def test_a_recorded_game_loaded_back_goes_through_every_position(ui: UI, tmp_path: Path) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    shown: list[Position] = [ui.table.game.position]
    # the winning line with second thoughts: an undo after a draw and one after a play
    line = [*WIN_LINE[:3], "d", "u", *WIN_LINE[3:10], "u", *WIN_LINE[9:]]
    for token in line:
        _press(ui, token)
        ui.frames(3)  # the player's pace: a few frames between keys
        if ui.table.game.position != shown[-1]:
            shown.append(ui.table.game.position)
    assert ui.table.game.status == "won"
    files = _saved(tmp_path)
    assert len(files) == 1
    replay = load(files[0])
    assert replay.code == WIN_CODE
    assert [str(a) for a in replay.actions].count("undo") == 2
    assert list(play(replay).positions) == shown
    assert replay.result is not None
    assert (replay.result.outcome, replay.result.score) == ("won", 350)
    assert replay.result.moves == len(line) - 2
    # the time of each action: whole frames since the previous one (the deal first)
    times = [t for t in replay.times if t is not None]
    assert len(times) == len(replay.actions)
    assert all(t > 0 and math.isclose(t / FRAME, round(t / FRAME), abs_tol=0.06) for t in times)
    assert times[0] > times[1]  # the first action waited for the deal


def test_leaving_a_game_by_the_menu_saves_it_unfinished(ui: UI, tmp_path: Path) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    for token in WIN_LINE[:3]:
        _press(ui, token)
    assert _saved(tmp_path) == []  # not finished, not left: nothing written yet
    ui.key(pygame.K_ESCAPE)
    ui.frames(2)
    menu = ui.top
    assert isinstance(menu, PauseMenu)
    ui.click_button(menu.menu.buttons, "over.title")
    ui.settle()
    assert isinstance(ui.top, TitleScene)
    [path] = _saved(tmp_path)
    replay = load(path)
    assert replay.result is not None
    assert (replay.result.outcome, replay.result.moves, replay.result.removed) == ("playing", 3, 3)
    assert path.name.endswith(f"_{WIN_CODE}.yaml")


def test_a_new_deal_saves_the_game_left_and_records_the_next(ui: UI, tmp_path: Path) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    _press(ui, WIN_LINE[0])
    ui.key(pygame.K_n, text="n")
    ui.settle()
    assert len(_saved(tmp_path)) == 1
    assert ui.table.game.code != WIN_CODE
    ui.key(pygame.K_SPACE, text=" ")
    ui.app.flow.leave_games()  # what the window does when it closes
    saved = [load(p) for p in _saved(tmp_path)]
    assert sorted(r.code or "" for r in saved) == sorted([WIN_CODE, ui.table.game.code or ""])


def test_a_game_without_an_action_is_not_saved(ui: UI, tmp_path: Path) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    ui.key(pygame.K_r, text="r")  # restart: the same deal again, nothing played
    ui.settle()
    ui.app.flow.to_title()
    ui.settle()
    assert _saved(tmp_path) == []


def test_the_record_option_writes_the_first_game_there_too(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    ui = _ui(tmp_path, code=WIN_CODE, record=target)
    ui.settle()
    for token in WIN_LINE[:4]:
        _press(ui, token)
    ui.app.flow.leave_games()
    replay = load(target)
    assert replay.code == WIN_CODE
    assert [str(a) for a in replay.actions] == ["play 2", "play 4", "play 1", "draw"]
    ui.key(pygame.K_n, text="n")  # the next game does not overwrite the file
    ui.settle()
    ui.key(pygame.K_SPACE, text=" ")
    ui.app.flow.leave_games()
    assert load(target).code == WIN_CODE


def test_play_record_on_the_command_line_writes_the_file_when_the_window_closes(
    tmp_path: Path,
) -> None:
    target = tmp_path / "game.yaml"
    env = {
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PATH": "/usr/bin:/bin",
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_STATE_HOME": str(tmp_path / "state"),  # the log: never the player's
    }
    done = subprocess.run(
        [
            sys.executable,
            "main.py",
            "play",
            "go1-c-aaaaaab",
            "--record",
            str(target),
            "--frames",
            "40",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    replay = load(target)
    assert replay.code == "GO1-C-AAAAAAB"
    assert replay.actions == ()
    assert replay.result is not None
    assert replay.result.outcome == "playing"


def _win(ui: UI) -> GameOverScene:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    ui.play_line_by_keys(WIN_LINE)
    ui.settle()
    for _ in range(3):  # screens that may come first (a high score's initials) are skipped
        if isinstance(ui.top, GameOverScene):
            break
        ui.key(pygame.K_ESCAPE)
        ui.settle()
    over = ui.top
    assert isinstance(over, GameOverScene)
    return over


def _erase(ui: UI, count: int) -> None:
    for _ in range(count):
        ui.key(pygame.K_BACKSPACE)


def test_save_replay_as_writes_the_name_typed_in_the_replays_folder(ui: UI, tmp_path: Path) -> None:
    over = _win(ui)
    ui.click_button(over.menu.buttons, "over.save_replay")
    ui.frames(1)
    dialog = ui.top
    assert isinstance(dialog, SaveReplayDialog)
    assert WIN_CODE in dialog.field.text  # a name is suggested
    _erase(ui, len(dialog.field.text))
    ui.type("best-game")
    ui.key(pygame.K_RETURN)
    target = tmp_path / "replays" / "best-game.yaml"
    assert dialog.saved == str(target)
    replay = load(target)
    [auto] = [p for p in _saved(tmp_path) if p != target]
    assert replay.actions == load(auto).actions  # the same game as the one saved on its own
    assert len(replay.actions) == len(WIN_LINE)
    assert replay.result is not None and replay.result.outcome == "won"
    assert replay.title == "best-game"  # the name stays with the file, even renamed
    ui.key(pygame.K_RETURN)  # OK
    ui.frames(1)
    assert ui.top is over


def test_save_replay_as_refuses_a_taken_or_bad_name_with_a_message(ui: UI, tmp_path: Path) -> None:
    over = _win(ui)
    (tmp_path / "replays" / "taken.yaml").write_text("keep me", encoding="utf-8")
    ui.click_button(over.menu.buttons, "over.save_replay")
    ui.frames(1)
    dialog = ui.top
    assert isinstance(dialog, SaveReplayDialog)
    _erase(ui, len(dialog.field.text))
    ui.type("taken")
    ui.key(pygame.K_RETURN)
    assert dialog.error == "A replay named “taken” already exists: choose another name"
    assert (tmp_path / "replays" / "taken.yaml").read_text(encoding="utf-8") == "keep me"
    _erase(ui, 5)
    ui.key(pygame.K_RETURN)
    assert dialog.error == "Type a name for the replay"
    ui.type("a")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="/b"))
    ui.frames(1)
    ui.key(pygame.K_RETURN)
    assert dialog.error.startswith("“a/b” cannot be a file name")
    assert not dialog.saved
    ui.key(pygame.K_ESCAPE)
    ui.frames(1)
    assert ui.top is over


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my game", "my game.yaml"),
        ("  Partie n°1 ", "Partie n°1.yaml"),
        ("été.yaml", "été.yaml"),
        ("x" * 60, "x" * 60 + ".yaml"),
        ("v1.2 (best!)", "v1.2 (best!).yaml"),
    ],
)
def test_names_that_make_good_file_names(text: str, expected: str) -> None:
    assert check_name(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        ".hidden",
        "a/b",
        "a\\b",
        "con",
        "LPT1.txt",
        "x" * 61,
        "dots.",
        "tab\there",
        "../up",
        "what?",
        "a:b",
        "<b>",
        "x|y",
        "star*",
    ],
)
def test_names_that_cannot_be_file_names_are_refused(text: str) -> None:
    with pytest.raises(NameProblem):
        check_name(text)


def test_watch_replay_from_the_game_over_screen_and_back(ui: UI) -> None:
    over = _win(ui)
    game_log = list(ui.table.game.log)
    ui.click_button(over.menu.buttons, "over.watch_replay")
    ui.settle()
    watch = ui.top
    assert isinstance(watch, WatchScene)
    assert list(watch.replay.actions) == game_log
    assert watch.index == 0
    ui.key(pygame.K_END)
    assert watch.index == len(game_log)
    assert watch.game.status == "won"
    ui.key(pygame.K_ESCAPE)
    ui.settle()
    assert ui.top is over


def test_a_write_error_never_stops_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    game = Game.from_code(WIN_CODE)
    recorder = Recorder(game, blocker / "replays")
    game.apply(game.legal_actions()[0])
    recorder.note()
    assert recorder.save() is None
    assert recorder.error is not None


def test_a_pause_of_days_is_kept_within_what_a_replay_file_holds(tmp_path: Path) -> None:
    game = Game.from_code(WIN_CODE)
    recorder = Recorder(game, tmp_path)
    recorder.tick(3 * 86_400.0)
    game.apply(game.legal_actions()[0])
    recorder.note()
    path = recorder.save()
    assert path is not None
    assert load(path).times == (86_400.0,)


@pytest.mark.parametrize(("lang", "word"), [("en", "won"), ("fr", "gagnée")])
def test_the_suggested_name_tells_the_outcome_in_the_players_language(lang: str, word: str) -> None:
    game = Game.from_code(WIN_CODE)
    for token in WIN_LINE:
        game.apply(Action.draw() if token == "d" else Action.play(int(token)))
    assert game.status == "won"
    texts = Texts(lang)
    assert suggested_name(game, texts) == f"{WIN_CODE} {word} {game.score}"
    assert check_name(suggested_name(game, texts)).endswith(".yaml")  # a good file name
