"""Watching a six-card Golf replay (scenes.sixcard.watch): the table driven by the file, the
scoreboards, the journal of play left alone (a watched replay is never kept), the Replays list,
and the headless check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from golf.sixcard.replay import Result, SixReplay, dump, load, play
from scenes.core.input import Intent, Kind
from scenes.core.playback import SPEEDS
from scenes.replays import ReplaysScene
from scenes.sixcard.overlays import ScoreboardScene
from scenes.sixcard.table import SixTableScene
from scenes.sixcard.views import visible_cards
from scenes.sixcard.watch import SixWatchScene, WatchScoreboard, check
from scenes.solitaire.watch import headless_app
from tests.ui_driver import Driver, make_driver
from tests.window.test_sixcard_kept import SETUP, _play_table, _sit

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "replays" / "six-card-two-computers.yaml"
DT = 0.2


def _driver(tmp_path: Path, lang: str = "en") -> Driver:
    driver = make_driver(tmp_path / "data", tmp_path / "config", lang=lang)
    driver.app.replays_dir = tmp_path / "replays"
    return driver


def _step(driver: Driver, count: int = 1) -> None:
    for _ in range(count):
        driver.loop.step(pygame.event.get(), DT)


def _games(driver: Driver) -> list[tuple[object, ...]]:
    """Every game in ``driver``'s journal, in progress or finished, as its row stands."""
    return [tuple(row) for row in driver.app.records.journal.db.read("SELECT * FROM games")]


def _steps(driver: Driver) -> list[tuple[object, ...]]:
    """Every action of the games in progress, as the journal holds it."""
    return [tuple(row) for row in driver.app.records.journal.db.read("SELECT * FROM steps")]


def _watch(driver: Driver, replay: SixReplay) -> SixWatchScene:
    driver.app.flow.watch(replay, name="sample")
    _step(driver)
    scene = driver.app.scenes.top
    assert isinstance(scene, SixWatchScene)
    return scene


def _watch_to_the_end(driver: Driver, scene: SixWatchScene) -> list[WatchScoreboard]:
    """Play the whole replay at the fastest speed; every scoreboard seen on the way."""
    scene.speed = len(SPEEDS) - 1
    boards: list[WatchScoreboard] = []
    for _ in range(6000):
        top = driver.app.scenes.top
        if isinstance(top, WatchScoreboard) and top not in boards:
            boards.append(top)
            if top.final:
                return boards
        drawn = scene.state.drawn
        if drawn is not None and scene.state.drawn_from == "stock":
            assert drawn not in visible_cards(scene.view)  # a spectator never sees it
        _step(driver)
    raise AssertionError(f"the replay did not end: {scene.index} of {scene.total}")


def test_watching_to_the_end_reaches_the_recorded_result(tmp_path: Path) -> None:
    replay = load(SAMPLE)
    driver = _driver(tmp_path)
    scene = _watch(driver, replay)
    assert scene.revealed is None and not scene.opponents and scene.person_to_act is None
    assert scene.name(0) == "Birdie" and scene.level(0) == "medium" and scene.playing
    boards = _watch_to_the_end(driver, scene)
    assert scene.index == scene.total == len(replay.actions)
    assert scene.state == play(replay)[-1]
    assert Result.of_state(scene.state) == replay.result
    assert len(boards) == len(replay.result.holes)  # a scoreboard after every hole
    assert [b.final for b in boards] == [False] * (len(boards) - 1) + [True]
    assert not scene.refusals
    # the final scoreboard: Esc leaves the replay, back to the screen it was opened from
    driver.app.scenes.handle(Intent(Kind.CANCEL))
    _step(driver, 40)
    assert not any(isinstance(s, (SixWatchScene, ScoreboardScene)) for s in driver.app.scenes.stack)
    assert not (tmp_path / "replays" / "six-card").exists()  # no new replay written
    assert _games(driver) == []  # a watched replay is never kept, nor counted


def test_the_controls_step_pause_and_change_speed(tmp_path: Path) -> None:
    replay = load(SAMPLE)
    driver = _driver(tmp_path)
    scene = _watch(driver, replay)
    scene.handle(Intent(Kind.DRAW))  # Space pauses
    assert not scene.playing
    scene.handle(Intent(Kind.RIGHT))
    scene.handle(Intent(Kind.RIGHT))
    assert scene.index == 2 and scene.state == play(replay)[2]
    assert "Bogey" in scene.action_text() or "Birdie" in scene.action_text()
    scene.handle(Intent(Kind.LEFT))
    assert scene.index == 1 and scene.state == play(replay)[1]
    speed = scene.speed
    scene.handle(Intent(Kind.UP))
    assert scene.speed == speed + 1
    scene.handle(Intent(Kind.LAST))
    assert scene.index == scene.total and scene.state == play(replay)[-1]
    _step(driver, 30)  # the end reached by a jump shows the final standings (no other board)
    board = driver.app.scenes.top
    assert isinstance(board, WatchScoreboard) and board.final
    _step(driver, 5)
    driver.app.scenes.handle(Intent(Kind.CONFIRM))  # Watch again: back to the deal, playing
    _step(driver)
    assert driver.app.scenes.top is scene and scene.playing and scene.index <= 1
    scene.handle(Intent(Kind.DRAW))
    scene.handle(Intent(Kind.FIRST))
    assert scene.index == 0 and scene.state == replay.start()
    _step(driver, 5)
    assert scene.index == 0  # paused: nothing plays


def test_watching_leaves_the_game_in_play_alone(tmp_path: Path) -> None:
    driver = _driver(tmp_path)
    table = _sit(driver, SETUP)
    _play_table(driver, table, 10)
    driver = _driver(tmp_path)  # the window closed on it; a new one opens on the title
    before, steps = _games(driver), _steps(driver)
    (kept,) = driver.app.records.journal.kept("six-card")
    assert kept.actions == tuple(str(a) for a in table.match.log)
    replay = load(SAMPLE)
    scene = _watch(driver, replay)
    _watch_to_the_end(driver, scene)
    scene.handle(Intent(Kind.FIRST))
    scene.handle(Intent(Kind.RIGHT))
    driver.app.scenes.handle(Intent(Kind.CANCEL))
    _step(driver, 10)
    assert _games(driver) == before and _steps(driver) == steps  # neither written nor counted
    assert not (tmp_path / "replays" / "six-card").exists()
    # and a new watch over a game in play does not count it or forget it either
    _watch(driver, replay)
    _step(driver, 20)
    assert _games(driver) == before and _steps(driver) == steps
    assert driver.app.records.journal.kept("six-card") == [kept]


def test_the_replays_screen_lists_and_opens_a_six_card_game(tmp_path: Path) -> None:
    driver = _driver(tmp_path)
    folder = tmp_path / "replays"
    (folder / "six-card").mkdir(parents=True)
    named = folder / "six-card" / "2026-11-30T14-00-00_G6-2-AAAABVM.yaml"
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "title: 'Six-card Golf: two computers, nine holes'\n", ""
    )
    named.write_text(text, encoding="utf-8")
    screen = ReplaysScene(driver.app, [(folder, False)])
    driver.app.scenes.push(screen)
    _step(driver, 10)
    assert [e.path for e in screen.entries] == [named]
    entry = screen.entries[0]
    assert entry.six is not None and entry.error is None and entry.autosaved
    assert entry.when.year == 2026 and entry.when.hour == 14
    screen.draw(driver.app.screen)
    driver.app.scenes.handle(Intent(Kind.CONFIRM))
    _step(driver, 10)
    watch = driver.app.scenes.top
    assert isinstance(watch, SixWatchScene) and watch.replay == entry.six
    driver.app.scenes.handle(Intent(Kind.CANCEL))
    _step(driver, 30)
    assert driver.app.scenes.top is screen  # Esc goes back to the list


def test_the_list_texts_of_a_six_card_game_in_both_languages(tmp_path: Path) -> None:
    from scenes.sixcard.watch import players_text, winners_text

    replay = load(SAMPLE)
    for lang, won, players in (
        ("en", "Birdie won", "2 players: Birdie, Bogey"),
        ("fr", "Birdie a gagné", "2 joueurs : Birdie, Bogey"),
    ):
        driver = _driver(tmp_path / lang, lang)
        text = winners_text(driver.app, replay, replay.result)
        assert won in text and "70 – 79" in text
        assert players_text(driver.app, replay).startswith(players)
    # the person at the screen ("You" when saved) is Player N to a watcher, in either language
    saved = SixReplay(replay.code, replay.actions, replay.result, seats=("Vous", "Birdie (easy)"))
    assert players_text(driver.app, saved) == "2 joueurs : Joueur 1, Birdie"


def test_a_corrupt_six_card_file_shows_its_error_line(tmp_path: Path) -> None:
    driver = _driver(tmp_path)
    folder = tmp_path / "replays"
    (folder / "six-card").mkdir(parents=True)
    bad = folder / "six-card" / "broken.yaml"
    bad.write_text(
        SAMPLE.read_text(encoding="utf-8").replace("players: 2", "players: 3"), encoding="utf-8"
    )
    screen = ReplaysScene(driver.app, [(folder, False)])
    driver.app.scenes.push(screen)
    _step(driver, 10)
    (entry,) = screen.entries
    assert entry.six is None and entry.replay is None
    assert entry.error is not None and "players" in entry.error and "\n" not in entry.error
    screen.open_selected()
    assert screen.message == entry.error
    _step(driver, 3)
    assert driver.app.scenes.top is screen  # nothing to watch


def test_headless_check_accepts_the_sample_and_refuses_tampered_ones() -> None:
    app = headless_app("en")
    replay = load(SAMPLE)
    assert check(app, replay) == []
    totals = replay.result.totals
    wrong = SixReplay(
        replay.code,
        replay.actions,
        Result(replay.result.outcome, replay.result.holes, (totals[0] + 1, *totals[1:]), (0,)),
        seats=replay.seats,
    )
    problems = check(app, wrong)
    assert problems and "totals" in problems[0] and "at the end" in problems[0]
    first = replay.actions.index(next(a for a in replay.actions if a.kind == "take stock"))
    swapped = list(replay.actions)
    swapped[first] = next(a for a in replay.actions if a.kind == "take discard")
    refused = SixReplay(replay.code, tuple(swapped), replay.result)
    problems = check(app, refused)
    assert problems and f"action {first + 2}" in problems[0] and "refused" in problems[0]


@pytest.mark.parametrize("lang", ["en"])
def test_main_watch_headless_checks_six_card_files(tmp_path: Path, lang: str) -> None:
    tampered = tmp_path / "tampered.yaml"
    tampered.write_text(
        dump(load(SAMPLE)).replace("totals: [70, 79]", "totals: [71, 79]"), encoding="utf-8"
    )
    done = subprocess.run(
        [
            sys.executable,
            "main.py",
            "watch",
            "--headless",
            "--lang",
            lang,
            str(SAMPLE),
            str(tampered),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    assert f"ok   {SAMPLE}" in done.stdout
    # the one check of a replay (golf.replay_files.check) speaks first: verify's words
    assert f"FAIL {tampered}: totals [70, 79], expected [71, 79]" in done.stdout


def test_the_table_hook_keeps_a_played_game_saving(tmp_path: Path) -> None:
    """The hook is the watch's only: a table being played is still written after every
    action."""
    assert SixTableScene.watching is False and SixWatchScene.watching is True
    driver = _driver(tmp_path)
    table = _sit(driver, SETUP)
    _play_table(driver, table, 3)
    (kept,) = driver.app.records.journal.kept("six-card")
    assert kept.actions == tuple(str(a) for a in table.match.log)
