"""Watching a replay: the game scene driven by the file, its controls, and the headless check.

The controls are driven by posted keys and clicks with a fixed ``dt``; positions are compared
with the engine's own playback (``golf.solitaire.replay.play``).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from golf.solitaire.engine import Action
from golf.solitaire.replay import Replay, Result, load, play
from golf.solitaire.session import Game
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.look import CARD_H, CARD_W, SCREEN_SIZE
from scenes.core.playback import SPEEDS, STEADY
from scenes.solitaire.layout import card_at, layout
from scenes.solitaire.watch import WatchScene, check, position_difference
from tests.folders import session_env
from tests.ui_driver import FRAME, WIN_CODE, WIN_LINE
from tests.window.test_ui_play import UI, make_ui

ROOT = Path(__file__).resolve().parents[2]
EVERY_SAMPLE = sorted((ROOT / "replays").glob("*.yaml"))
# the solitaire samples (the six-card one plays through scenes.sixcard.watch)
SAMPLES = [p for p in EVERY_SAMPLE if "game: six-card" not in p.read_text("utf-8")]
WITH_UNDOS = ROOT / "replays" / "easy-win-with-undos.yaml"


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[UI]:
    yield make_ui(tmp_path, replays_dir=tmp_path / "r")
    pygame.event.clear()


def _watch(ui: UI, replay: Replay) -> WatchScene:
    ui.app.flow.watch(replay)
    ui.settle()
    scene = ui.top
    assert isinstance(scene, WatchScene)
    return scene


def _won_game_replay(times: list[float] | None = None) -> Replay:
    game = Game.from_code(WIN_CODE)
    for token in WIN_LINE:
        game.apply(Action.draw() if token == "d" else Action.play(int(token)))
    return Replay.from_game(game, times)


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_sample_plays_the_same_through_the_scenes(ui: UI, path: Path) -> None:
    assert check(ui.app, load(path)) == []


def test_a_result_that_differs_is_named(ui: UI) -> None:
    replay = load(ROOT / "replays" / "easy-win.yaml")
    assert replay.result is not None
    wrong = replace(replay, result=replace(replay.result, score=340))
    assert check(ui.app, wrong) == [
        f"at the end (after action {len(replay.actions)}): the table shows score 350, "
        "the replay says 340"
    ]


def test_positions_that_differ_are_named_by_place() -> None:
    game = Game.from_code(WIN_CODE)
    start = game.position
    game.apply(Action.play(2))
    assert position_difference(start, start) is None
    assert position_difference(game.position, start) is not None
    assert position_difference(game.position, start).startswith("column 2 shows")  # type: ignore[union-attr]


def test_playback_follows_the_recorded_pauses(ui: UI) -> None:
    replay = _won_game_replay([2.0, 1.0] + [0.5] * (len(WIN_LINE) - 2))
    scene = _watch(ui, replay)
    assert scene.speed_value is None  # as recorded, since the file has times
    scene.to_start()
    scene.toggle()
    ui.frames(round(1.9 / FRAME))
    assert scene.index == 0
    ui.frames(round(0.2 / FRAME))
    assert scene.index == 1
    ui.frames(round(0.95 / FRAME))
    assert scene.index == 2
    assert scene.elapsed == pytest.approx(3.0)  # the player's own clock


def test_the_speed_keys_choose_a_steady_pace(ui: UI) -> None:
    scene = _watch(ui, _won_game_replay())
    assert scene.speed_text() == "1×"  # no times: one action a second
    ui.key(pygame.K_UP)
    ui.key(pygame.K_UP)
    assert scene.speed_text() == "4×"
    scene.to_start()
    ui.key(pygame.K_SPACE, text=" ")
    assert scene.playing
    ui.frames(round(1.0 / FRAME))
    assert scene.index == pytest.approx(4 / STEADY, abs=1)
    for _ in range(len(SPEEDS) + 2):
        ui.key(pygame.K_DOWN)
    assert scene.speed_text() == "as recorded"
    for _ in range(len(SPEEDS) + 2):
        ui.key(pygame.K_UP)
    assert scene.speed_text() == "8×"
    ui.app.change_settings(ui.app.settings.with_(language="fr"), save=False)
    for _ in range(4):
        ui.key(pygame.K_DOWN)
    assert scene.speed_text() == "0,5×"


def test_pause_step_and_jump_with_the_keyboard(ui: UI) -> None:
    replay = load(WITH_UNDOS)
    positions = play(replay).positions
    scene = _watch(ui, replay)
    ui.key(pygame.K_SPACE, text=" ")  # pause
    assert not scene.playing
    index = scene.index
    ui.frames(300)
    assert scene.index == index
    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_RIGHT)
    assert scene.index == index + 2
    ui.key(pygame.K_LEFT)
    assert scene.index == index + 1
    assert scene.game.position == positions[index + 1]
    ui.key(pygame.K_END)
    assert scene.index == len(replay.actions)
    assert scene.game.position == positions[-1]
    assert not scene.playing
    ui.key(pygame.K_HOME)
    assert (scene.index, scene.game.position) == (0, positions[0])
    ui.key(pygame.K_RIGHT)
    assert scene.game.position == positions[1]


def test_the_buttons_and_the_progress_bar_work_with_the_mouse(ui: UI) -> None:
    replay = load(WITH_UNDOS)
    positions = play(replay).positions
    scene = _watch(ui, replay)
    buttons = {b.key: b for b in scene.buttons}
    ui.click(buttons["watch.to_end"].rect.center)
    assert scene.index == len(replay.actions)
    ui.click(buttons["watch.step_back"].rect.center)
    ui.click(buttons["watch.step_back"].rect.center)
    assert scene.index == len(replay.actions) - 2
    assert scene.game.position == positions[-3]
    bar = scene.progress_rect
    ui.click((bar.left + bar.width // 2, bar.centery))
    assert scene.index == round(len(replay.actions) / 2)
    assert scene.game.position == positions[scene.index]
    ui.click(buttons["watch.faster"].rect.center)
    assert scene.speed_value == 0.5
    ui.click(scene.play_button.rect.center)
    assert scene.playing
    ui.click(buttons["watch.to_start"].rect.center)
    assert (scene.index, scene.playing) == (0, False)


def test_the_players_undos_are_shown_as_undos(ui: UI) -> None:
    replay = load(WITH_UNDOS)
    first_undo = next(i for i, a in enumerate(replay.actions) if str(a) == "undo")
    scene = _watch(ui, replay)
    scene.go_to(first_undo)
    ui.settle()
    taken_back = scene.game.position.waste_top
    assert taken_back is not None
    ui.key(pygame.K_RIGHT)
    assert scene.action_text() == "Undo"
    assert [t.text for t in scene.toasts] == ["Undo"]
    assert scene.sprites[taken_back].moving  # the card flies back where it came from
    ui.settle()
    place = layout(scene.game.position)[taken_back]
    assert scene.sprites[taken_back].pos == pygame.Vector2(place.x, place.y)
    # a step back over the undo puts the card on the waste again
    ui.key(pygame.K_LEFT)
    assert scene.game.position.waste_top == taken_back


def test_the_players_input_never_changes_the_game(ui: UI) -> None:
    scene = _watch(ui, load(WITH_UNDOS))
    scene.to_start()
    before = scene.game.position
    for column in range(1, 8):
        ui.key(getattr(pygame, f"K_{column}"), text=str(column))
    ui.key(pygame.K_u, text="u")
    ui.key(pygame.K_n, text="n")
    ui.key(pygame.K_r, text="r")
    ui.key(pygame.K_h, text="h")
    for cards in before.columns:  # a click on each free card, which would play it in a game
        place = layout(before)[cards[-1]]
        centre = (place.x + CARD_W // 2, place.y + CARD_H // 2)
        assert card_at(before, centre) is not None
        ui.click(centre)
    assert scene.game.position == before
    assert scene.game.moves == 0
    assert isinstance(ui.top, WatchScene)


def test_escape_goes_back_where_the_replay_was_opened(ui: UI) -> None:
    title = ui.top
    _watch(ui, load(WITH_UNDOS))
    ui.key(pygame.K_ESCAPE)
    ui.settle()
    assert ui.top is title


def test_the_window_opens_on_a_replay_and_closes_with_back(tmp_path: Path) -> None:
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    options = WindowOptions(config_dir=tmp_path, watch=WITH_UNDOS)
    app = build_app(options, screen)
    first_scene(app, options)
    scene = app.scenes.top
    assert isinstance(scene, WatchScene)
    assert scene.name == load(WITH_UNDOS).title
    scene.back()
    assert not app.running


def _main(*args: str) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": "/nonexistent",
        **session_env(),  # the log goes to the test run's folder
    }  # no display: headless must not need one
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_watch_headless_checks_every_sample_and_exits_0() -> None:
    done = _main("watch", "replays", "--headless")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == [f"ok   replays/{p.name}" for p in EVERY_SAMPLE]


def test_watch_headless_names_the_first_difference_and_exits_1(tmp_path: Path) -> None:
    text = (ROOT / "replays" / "classic-blocked.yaml").read_text(encoding="utf-8")
    assert "  removed: 30\n" in text
    bad = tmp_path / "changed.yaml"
    bad.write_text(
        text.replace("  removed: 30\n", "  removed: 31\n").replace(
            "  score: 250\n", "  score: 260\n"
        ),
        encoding="utf-8",
    )
    done = _main("watch", str(bad), "--headless")
    assert done.returncode == 1
    # the one check of a replay (golf.replay_files.check) speaks first: verify's words
    assert done.stdout.strip() == (
        f"FAIL {bad}: at the end (after action "
        f"{len(load(ROOT / 'replays' / 'classic-blocked.yaml').actions)}"
        "): score 250, expected 260"
    )


def test_watch_refuses_a_bad_file_with_one_line_and_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nrules: {king_ace: no}\nactions: []\n", encoding="utf-8")
    # the window reads its file before it opens; headless, the file is judged as verify does
    for args, said in (
        (("watch", str(bad)), f"main.py: {bad}: rules"),
        (("watch", str(bad), "--headless"), f"FAIL {bad}: rules"),
    ):
        done = _main(*args)
        assert done.returncode == 2
        assert done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1
        assert lines[0].startswith(said)


def test_watch_headless_goes_on_after_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nrules: {king_ace: no}\nactions: []\n", encoding="utf-8")
    good = ROOT / "replays" / "classic-blocked.yaml"
    done = _main("watch", "--headless", str(bad), str(good))
    assert done.returncode == 2
    assert done.stdout == f"ok   {good}\n"
    assert done.stderr.startswith(f"FAIL {bad}: rules (line 2): ")


def test_the_recorded_result_is_what_the_table_shows_after_a_jump_to_the_end(ui: UI) -> None:
    replay = load(ROOT / "replays" / "classic-blocked.yaml")
    scene = _watch(ui, replay)
    assert scene.progress_text().endswith(" · playing")
    scene.to_end()
    assert Result.of_game(scene.game) == replay.result
    total = len(replay.actions)
    assert scene.progress_text() == f"{total} / {total} · Blocked"
    scene.step_back()
    assert scene.progress_text() == f"{total - 1} / {total} · paused"
