"""Continue a six-card game after a quit, a crash or kill -9 (scenes.sixcard.keeping,
golf.journal): every action written to the journal of play before the next frame, the
computers' too; the game in progress offered by Continue with its seats, pace, hole and scores;
counted once when it ends or is left; version 0.1.0's ``six-card-autosave.json`` imported once,
refused when it does not add up; and the setup window's Continue."""

from __future__ import annotations

import importlib.util
import json
import random
import sqlite3
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pygame
import pytest

from golf.journal.journal import Journal
from golf.journal.kept_sixcard import (
    HUMAN,
    PACES,
    SEAT_KINDS,
    SIX_AUTOSAVE_DOCUMENT,
    SixSnapshot,
    check_data,
)
from golf.journal.kept_solitaire import AUTOSAVE_DOCUMENT, Snapshot
from golf.journal.legacy import IMPORTED, open_journal
from golf.sixcard.actions import Action
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import Match, legal_actions, totals
from golf.sixcard.rules import STANDARD, SixRules
from golf.sixcard.view import seat_view
from golf.solitaire.engine import Action as SolitaireAction
from golf.solitaire.rules import CLASSIC
from golf.solitaire.session import Game
from scenes.core.manager import App
from scenes.core.records import Records
from scenes.replacing import ReplaceKeptDialog
from scenes.sixcard import keeping
from scenes.sixcard.overlays import ScoreboardScene, SixPauseMenu
from scenes.sixcard.setup import KINDS, SPEEDS, SixSetup, SixSetupScene
from scenes.sixcard.table import SixTableScene
from scenes.title import TitleScene
from tests.ui_driver import Driver, make_driver

NAME = SIX_AUTOSAVE_DOCUMENT.name
SEATS = (HUMAN, "easy", "medium", "hard")
SETUP = SixSetup(players=4, kinds=(*SEATS, "medium", "medium"), speed="fast", number=4242)
DT = 0.1  # long frames: the computers' pauses pass quickly
STARTED = "2026-12-01T20:00:00"
ROOT = Path(__file__).resolve().parents[2]


def _play(match: Match, count: int, seed: int = 3) -> None:
    """``count`` actions: the computers' own choices, random legal ones for the person."""
    rng = random.Random(seed)
    opponents = {s: make_opponent(k, seed + s) for s, k in enumerate(SEATS) if k != HUMAN}
    for _ in range(count):
        state = match.state
        if state.over:
            return
        seat = state.to_move
        if seat is not None and seat in opponents:
            action = opponents[seat].decide(seat_view(state, seat))
        else:
            action = rng.choice(legal_actions(state))
        assert match.apply(action) is None


def _times(match: Match) -> list[float]:
    return [0.25 * (i % 7) for i in range(len(match.log))]


def _keep(
    folder: Path,
    match: Match,
    kinds: Sequence[str] = SEATS,
    speed: str = "normal",
    times: Sequence[float] | None = None,
) -> int:
    """``match`` left in play, written to ``folder``'s journal as a table writes it: begun,
    each action with the pause before it, then its clocks and seats as the table leaves."""
    pauses = list(times) if times is not None else _times(match)
    setup = {"kinds": list(kinds), "speed": speed}
    journal = Journal(folder)
    try:
        game_id = journal.begin("six-card", match.code, "standard", STARTED, setup=setup)
        for seq, action in enumerate(match.log):
            elapsed = sum(pauses[: seq + 1])
            journal.act(game_id, seq, str(action), pauses[seq], elapsed, 1000.0 + seq)
        journal.clocks(game_id, sum(pauses), 0.5, setup)
    finally:
        journal.close()
    return game_id


def _records_app(folder: Path) -> App:
    """What :func:`keeping.pending` reads of the app: its records, kept in ``folder``."""
    return cast(App, SimpleNamespace(records=Records(folder)))


def _pending(folder: Path) -> SixSnapshot | None:
    """The six-card game a window opened on ``folder`` would offer to continue."""
    app = _records_app(folder)
    try:
        saved, notice = keeping.pending(app)
        assert notice is None
        return saved
    finally:
        app.records.close()


# ----------------------------------------------------------------------------- the journal


def test_the_journal_gives_back_the_identical_state(tmp_path: Path) -> None:
    match = Match.new(4242, 4, STANDARD.with_(knock=True, peek=True))
    _play(match, 150)  # several holes: scores, a rebuilt stock maybe, someone holding a card
    assert len(match.state.scores) >= 1 and not match.state.over
    times = _times(match)
    game_id = _keep(tmp_path, match, SEATS, "slow", times)
    back = _pending(tmp_path)
    assert back is not None and back.kept_id == game_id
    start, now = back.states()
    assert start == match.start and now == match.state  # every field of the State
    assert back.actions == tuple(match.log) and back.kinds == SEATS and back.speed == "slow"
    assert back.times == pytest.approx(times) and back.started == STARTED
    assert back.elapsed == pytest.approx(sum(times)) and back.since == pytest.approx(0.5)
    assert back.replay.times == pytest.approx(times)


def test_every_point_of_a_game_comes_back(tmp_path: Path) -> None:
    """Written after each action of a whole game (openings, a card in hand, between holes):
    each point comes back as it was; the game over is not offered any more."""
    match = Match.new(77, 3, SixRules(grid=4))
    app = _records_app(tmp_path)
    journal = app.records.journal
    game_id = journal.begin(
        "six-card", match.code, "V4", STARTED, setup={"kinds": list(SEATS[:3]), "speed": "fast"}
    )
    phases = set()
    try:
        while not match.state.over:
            _play(match, 1, seed=len(match.log))
            phases.add((match.state.phase, match.state.drawn is not None))
            journal.act(game_id, len(match.log) - 1, str(match.log[-1]), 0.5, 1.0, 1.0)
            back, _ = keeping.pending(app)
            if match.state.over:
                assert back is None
            else:
                assert back is not None and back.state() == match.state
    finally:
        app.records.close()
    assert {("opening", False), ("turn", True), ("hole_over", False)} <= phases


def test_the_kinds_and_paces_are_the_setup_windows() -> None:
    assert SEAT_KINDS == KINDS and PACES == SPEEDS


# ------------------------------------------------------------------ version 0.1.0's file


def _old_body() -> dict[str, Any]:
    """The body of a ``six-card-autosave.json`` as version 0.1.0 wrote it."""
    match = Match.new(4242, 4)
    _play(match, 40)
    saved = SixSnapshot.of(match.start, match.log, match.state, SEATS, "normal", _times(match))
    body = json.loads(SIX_AUTOSAVE_DOCUMENT.to_text(saved))
    assert isinstance(body, dict)
    return body


def _replace_check(key: str, value: object) -> Callable[[dict[str, object]], None]:
    def change(body: dict[str, object]) -> None:
        check = body["check"]
        assert isinstance(check, dict)
        check[key] = value

    return change


def _drop_last_action(body: dict[str, object]) -> None:
    actions, times = body["actions"], body["times"]
    assert isinstance(actions, list) and isinstance(times, list)
    del actions[-1], times[-1]


def _refused_action(body: dict[str, object]) -> None:
    actions = body["actions"]
    assert isinstance(actions, list)
    actions[0] = "take stock"  # the opening asks for flips


# each case: the text of a file from a valid body, and what the detail in the log says
HOSTILE: dict[str, tuple[Callable[[dict[str, object]], str], str]] = {
    "truncated": (lambda b: json.dumps(b)[:-40], "Expecting"),
    "empty": (lambda b: "", "Expecting value"),
    "garbage": (lambda b: "\x00\xff\x13garbage{{{", ""),
    "not an object": (lambda b: "[1, 2, 3]", "expected an object"),
    "future version": (lambda b: json.dumps({**b, "version": 99}), "version 99"),
    "wrong type: actions": (
        lambda b: json.dumps({**b, "actions": 5}),
        "actions: expected a list",
    ),
    "wrong type: kinds": (
        lambda b: json.dumps({**b, "kinds": ["human", "robot", "easy", "easy"]}),
        "kinds[1]",
    ),
    "wrong type: a time": (
        lambda b: json.dumps({**b, "times": ["soon"] * len(b["actions"])}),  # type: ignore[arg-type]
        "times[0]",
    ),
    "bad code": (lambda b: json.dumps({**b, "code": "G6-9-!!"}), "code"),
    "unknown key": (lambda b: json.dumps({**b, "extra": 1}), "unknown key"),
}


def _mutated(change: Callable[[dict[str, object]], None]) -> Callable[[dict[str, object]], str]:
    def text(body: dict[str, object]) -> str:
        change(body)
        return json.dumps(body)

    return text


HOSTILE.update(
    {
        "a log that does not replay": (_mutated(_refused_action), "actions[0]"),
        "a check that does not match: one action less": (
            _mutated(_drop_last_action),
            "the actions do not lead",
        ),
        "a check that does not match: a grid": (
            _mutated(_replace_check("grids", [[0, 1, 2, 3, 4, 5]] * 4)),
            "check.grids",
        ),
        "a check that does not match: true for 1": (
            _mutated(_replace_check("hole", True)),
            "check.hole",
        ),
        "a check that does not match: whose turn": (
            _mutated(_replace_check("to_move", 5)),
            "check.to_move",
        ),
    }
)


def test_a_file_of_version_0_1_0_is_imported_as_the_game_to_continue(tmp_path: Path) -> None:
    body = _old_body()
    (tmp_path / NAME).write_text(json.dumps(body), encoding="utf-8")
    journal = open_journal(tmp_path, "2026-12-06T10:00:00")
    try:
        assert journal.take_notices() == []
        (kept,) = journal.kept("six-card")
        assert list(kept.actions) == body["actions"] and kept.setup["kinds"] == list(SEATS)
    finally:
        journal.close()
    back = _pending(tmp_path)
    assert back is not None and check_data(back.state()) == body["check"]
    assert (tmp_path / NAME).read_text(encoding="utf-8") == json.dumps(body)  # left as it was


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_file_is_not_imported_and_is_told(tmp_path: Path, case: str) -> None:
    make, detail = HOSTILE[case]
    text = make(_old_body())
    raw = text.encode("utf-8", "surrogateescape")
    (tmp_path / NAME).write_bytes(raw)
    journal = open_journal(tmp_path, "2026-12-06T10:00:00")
    try:
        (notice,) = journal.take_notices()
        assert journal.kept("six-card") == [] and journal.fact(IMPORTED) is not None
    finally:
        journal.close()
    assert detail in notice.detail and notice.file == NAME and not notice.moved
    assert notice.kind == ("future" if case == "future version" else "corrupt")
    assert (tmp_path / NAME).read_bytes() == raw  # never changed, moved or removed
    assert not (tmp_path / f"{NAME}.corrupt-1").exists()
    assert "six-card" in notice.text("en") and "six cartes" in notice.text("fr")
    assert "left as it is" in notice.text("en")
    assert _pending(tmp_path) is None


# ----------------------------------------------------------------------------- the window


def _driver(tmp_path: Path, lang: str = "en") -> Driver:
    driver = make_driver(tmp_path / "data", tmp_path / "config", lang=lang)
    driver.app.replays_dir = tmp_path / "replays"
    return driver


def _step(driver: Driver, count: int) -> None:
    for _ in range(count):
        driver.loop.step(pygame.event.get(), DT)


def _table(driver: Driver) -> SixTableScene:
    for scene in reversed(driver.app.scenes.stack):
        if isinstance(scene, SixTableScene):
            return scene
    raise AssertionError(f"no six-card table: {driver.app.scenes.stack}")


def _pause_menu(driver: Driver, table: SixTableScene) -> SixPauseMenu:
    """The table's pause menu, opened."""
    table.open_menu()
    _step(driver, 1)
    menu = driver.app.scenes.top
    assert isinstance(menu, SixPauseMenu)
    return menu


def _sit(driver: Driver, setup: SixSetup = SETUP) -> SixTableScene:
    table = SixTableScene(driver.app, setup)
    driver.app.scenes.reset(table, fade=False)
    _step(driver, 1)
    return table


def _play_table(driver: Driver, table: SixTableScene, actions: int) -> None:
    """The person plays random legal actions; the computers take their own turns in time."""
    rng = random.Random(9)
    for _ in range(actions * 40):
        if len(table.match.log) >= actions:
            return
        top = driver.app.scenes.top
        if isinstance(top, ScoreboardScene):
            top.next_hole()
        elif table.person_to_act is not None and not table.animating:
            table.act(rng.choice(legal_actions(table.state)))
        _step(driver, 1)
    raise AssertionError("the game did not get on")


def _open_setup(driver: Driver) -> SixSetupScene:
    driver.app.flow.open_six_card()
    _step(driver, 1)
    setup = driver.app.scenes.top
    assert isinstance(setup, SixSetupScene)
    return setup


def _saved(driver: Driver) -> SixSnapshot | None:
    """The six-card game ``driver``'s window keeps for Continue, read from its journal."""
    saved, notice = keeping.pending(driver.app)
    assert notice is None
    return saved


def _in_journal(driver: Driver) -> list[tuple[str, ...]]:
    """The actions of every six-card game in progress in ``driver``'s journal."""
    return [kept.actions for kept in driver.app.records.journal.kept("six-card")]


def _tokens(table: SixTableScene) -> tuple[str, ...]:
    return tuple(str(a) for a in table.match.log)


def test_every_action_is_written_before_the_next_frame_the_computers_too(
    tmp_path: Path,
) -> None:
    driver = _driver(tmp_path)
    table = _sit(driver)
    assert _in_journal(driver) == []  # nothing played yet: nothing to continue
    rng = random.Random(5)
    frames = 0
    while len(table.match.log) < 14:
        frames += 1
        assert frames < 600, "the game did not get on"
        if table.person_to_act is not None and not table.animating:
            table.act(rng.choice(legal_actions(table.state)))
        _step(driver, 1)
        if table.match.log:  # what the frame played is in the journal as the next one starts
            assert _in_journal(driver) == [_tokens(table)]
    movers = {seat for seat in table.state.seats if seat != 0}
    assert movers  # the computers have played
    saved = _saved(driver)
    assert saved is not None and saved.actions == tuple(table.match.log)
    assert saved.state() == table.state and saved.kinds == SEATS and saved.speed == "fast"
    assert saved.times == pytest.approx(tuple(table.recorder.times), abs=1e-3)
    assert driver.app.records.journal.finished_count() == 0  # in progress: not counted yet


def _restored_by(tmp_path: Path, press: Callable[[Driver, SixSetupScene], None]) -> None:
    before = _driver(tmp_path)
    table = _play_to_some_point(before)
    expected = table.state
    log = list(table.match.log)
    # no leaving, no quitting: the process is gone
    after = _driver(tmp_path)
    setup = _open_setup(after)
    assert setup.saved is not None
    continue_button = setup.buttons[0]
    assert continue_button.key == "title.continue" and after.app.texts("title.continue")
    assert setup.form.focused is continue_button  # Enter continues
    assert any("hole 2 of 9" in line for line in setup.saved_lines), setup.saved_lines
    assert "You" in setup.saved_lines[1] and "Birdie" in setup.saved_lines[1]
    press(after, setup)
    _step(after, 2)
    restored = _table(after)
    assert restored.state == expected and restored.match.log == log
    assert restored.setup.seats == SEATS and restored.setup.speed == "fast"
    assert restored.match.start == table.match.start and restored.scored == 1
    assert all(not s.moving for s in restored.sprites.values())  # laid out, not dealt again
    # the computers carry on and the game goes on being written, as the same game
    _play_table(after, restored, len(log) + 6)
    assert len(restored.match.log) >= len(log) + 6
    saved = _saved(after)
    assert saved is not None and saved.actions == tuple(restored.match.log)
    assert saved.kept_id == setup.saved.kept_id and len(_in_journal(after)) == 1
    assert after.app.records.journal.finished_count() == 0


def _play_to_some_point(driver: Driver) -> SixTableScene:
    """A table in the second hole, its scoreboard seen."""
    table = _sit(driver)
    _play_table(driver, table, 1)
    while table.state.hole < 2 or table.state.phase != "turn":
        _play_table(driver, table, len(table.match.log) + 1)
    _play_table(driver, table, len(table.match.log) + 3)
    return table


def test_continue_by_keyboard_restores_the_table(tmp_path: Path) -> None:
    def enter(driver: Driver, _setup: SixSetupScene) -> None:
        driver.key(pygame.K_RETURN, text="\r")

    _restored_by(tmp_path, enter)


def test_continue_by_mouse_restores_the_table(tmp_path: Path) -> None:
    def click(driver: Driver, setup: SixSetupScene) -> None:
        driver.key(pygame.K_DOWN)  # the focus elsewhere: the click is what counts
        driver.click(setup.buttons[0].rect.center)

    _restored_by(tmp_path, click)


def test_the_setup_says_continue_in_french(tmp_path: Path) -> None:
    before = _driver(tmp_path)
    _play_table(before, _sit(before), 10)
    after = _driver(tmp_path, lang="fr")
    setup = _open_setup(after)
    assert setup.buttons[0].label(after.app.texts) == "Continuer la partie"
    assert setup.saved_lines[0].startswith("Partie en cours : trou 1 sur 9 · 4 joueurs")
    assert setup.saved_lines[1].startswith("Totaux : Vous")


def test_the_window_closing_keeps_the_game(tmp_path: Path) -> None:
    driver = _driver(tmp_path)
    table = _sit(driver)
    _play_table(driver, table, 8)
    driver.app.flow.leave_games(quitting=True)  # what scenes.app.run does as the window closes
    saved = _saved(_driver(tmp_path))
    assert saved is not None and saved.state() == table.state
    assert saved.elapsed == pytest.approx(sum(table.recorder.times), abs=1e-3)
    assert driver.app.records.journal.finished_count() == 0


def test_going_to_the_title_from_the_pause_menu_keeps_it_for_continue(tmp_path: Path) -> None:
    driver = _driver(tmp_path)
    table = _sit(driver)
    _play_table(driver, table, 8)
    expected, log = table.state, list(table.match.log)
    menu = _pause_menu(driver, table)
    menu.menu.buttons[-1].activate()  # Title
    _step(driver, 3)
    title = driver.app.scenes.top
    assert isinstance(title, TitleScene)
    assert title.menu.buttons[0].key == "title.continue"
    assert any(t.text == driver.app.texts("title.game_kept") for t in title.toasts)
    driver.key(pygame.K_RETURN, text="\r")  # Continue has the focus
    _step(driver, 3)
    restored = _table(driver)
    assert restored is not table
    assert restored.state == expected and restored.match.log == log
    assert _open_setup(_driver(tmp_path)).saved is not None  # the setup offers it too
    assert driver.app.records.journal.finished_count() == 0


def test_a_new_deal_from_the_pause_menu_replaces_it(tmp_path: Path) -> None:
    driver = _driver(tmp_path)
    table = _sit(driver)
    _play_table(driver, table, 8)
    menu = _pause_menu(driver, table)
    log, state = list(table.match.log), table.state
    menu.new_deal()
    _step(driver, 3)
    # the game left is counted once, abandoned, with its actions and the person's total
    (row,) = driver.app.records.journal.history()
    assert row.game == "six-card" and row.code == table.code and row.outcome == "abandoned"
    assert row.moves == len(log) and row.score == totals(state)[0] and row.rules == "standard"
    finished = driver.app.records.journal.finished(row.id)
    assert finished is not None and finished.actions == tuple(str(a) for a in log)
    _play_table(driver, _table(driver), 3)
    saved = _saved(driver)
    assert saved is not None and saved.code == _table(driver).code != table.code
    assert driver.app.records.journal.finished_count() == 1
    # a game from before the cut deals its next game as a new game does: after the seed's cut
    assert not table.setup.rules.cut and _table(driver).setup.rules == STANDARD.with_(cut=True)


def test_starting_a_new_game_from_the_setup_replaces_it(tmp_path: Path) -> None:
    before = _driver(tmp_path)
    _play_table(before, _sit(before), 8)
    after = _driver(tmp_path)
    setup = _open_setup(after)
    assert setup.saved is not None
    old = setup.saved
    setup.buttons[1].activate()  # Deal: a new game, which asks first (scenes.replacing)
    _step(after, 1)
    dialog = after.app.scenes.top
    assert isinstance(dialog, ReplaceKeptDialog) and _saved(after) == old
    dialog.keep()  # Keep it: back to the setup, the kept game neither lost nor sat down at
    _step(after, 2)
    assert after.app.scenes.top is setup and setup.saved is not None
    assert _saved(after) == old and after.app.records.journal.finished_count() == 0
    setup.buttons[1].activate()
    _step(after, 1)
    dialog = after.app.scenes.top
    assert isinstance(dialog, ReplaceKeptDialog)
    dialog.confirm()  # Start a new one: the kept game is counted, abandoned, once
    (row,) = after.app.records.journal.history()
    assert row.code == old.code and row.outcome == "abandoned" and row.moves == len(old.actions)
    assert row.score == totals(old.state())[0]  # the person's total when it was left
    _step(after, 2)
    table = _table(after)
    assert table.code != old.code and len(table.match.log) < len(old.actions)
    saved = _saved(after)  # a computer may have flipped already: that game, not the old
    assert saved is None or saved.code == table.code
    assert after.app.records.journal.finished_count() == 1


def test_the_setup_over_a_table_offers_no_continue(tmp_path: Path) -> None:
    driver = _driver(tmp_path)
    table = _sit(driver)
    _play_table(driver, table, 8)
    menu = _pause_menu(driver, table)
    menu.setup()
    _step(driver, 1)
    top = driver.app.scenes.top
    assert isinstance(top, SixSetupScene) and top.saved is None
    assert [b.key for b in top.buttons] == ["six.setup.start", "six.setup.network", "common.back"]
    assert _in_journal(driver) == [_tokens(table)]  # the game below is still in progress
    assert driver.app.records.journal.finished_count() == 0


def test_the_end_of_the_game_counts_it_once(tmp_path: Path) -> None:
    match = Match.new(31, 2, SixRules(grid=4))
    while True:  # to one action before the end
        follow = Match(match.start)
        follow.state, follow.log = match.state, list(match.log)
        _play(follow, 1, seed=len(match.log))
        if follow.state.over:
            last = follow.log[-1]
            break
        match = follow
    driver = _driver(tmp_path)
    setup = SixSetup(players=2, kinds=(HUMAN, "easy", *SETUP.kinds[2:]), rules=match.start.rules)
    table = SixTableScene(driver.app, setup, match)
    driver.app.scenes.reset(table, fade=False)
    journal = driver.app.records.journal
    assert table.act(last) is None and table.state.over
    assert _in_journal(driver) == [] and _saved(driver) is None  # nothing to continue
    (row,) = journal.history()  # counted at once, with every action
    assert row.code == match.code and row.outcome == "finished"
    assert row.moves == len(table.match.log) and row.score == totals(table.state)[0]
    finished = journal.finished(row.id)
    assert finished is not None and finished.actions == _tokens(table)
    assert finished.result is not None and finished.result["totals"] == list(totals(table.state))
    # leaving the table, or the window closing, does not count it again
    _step(driver, 5)
    driver.app.flow.leave_games(quitting=True)
    driver.app.flow.leave_games()
    assert journal.finished_count() == 1
    # a game in progress whose actions end it (written by another program) is not offered
    _keep(tmp_path / "data", follow, (HUMAN, "easy"), "fast")
    assert _open_setup(_driver(tmp_path)).saved is None


@pytest.mark.parametrize("case", ["garbage", "a check that does not match: a grid"])
def test_a_hostile_file_shows_a_notice_and_the_game_still_starts(tmp_path: Path, case: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    text = HOSTILE[case][0](_old_body())
    (data / NAME).write_text(text, errors="surrogateescape")
    hostile = (data / NAME).read_bytes()
    # another file the player has: the solitaire game in play is imported all the same
    game = Game.new(5, CLASSIC)
    game.apply(SolitaireAction.draw())
    old = Snapshot.of(game, [1.0], 0.5, 3.0, "2026-11-30T10:00")
    (data / AUTOSAVE_DOCUMENT.name).write_text(AUTOSAVE_DOCUMENT.to_text(old), encoding="utf-8")
    driver = _driver(tmp_path)
    title = driver.app.scenes.top  # the title tells what could not be imported
    assert isinstance(title, TitleScene)
    assert any("saved six-card game" in t.text for t in title.toasts)
    assert isinstance(title.saved, Snapshot) and title.saved.code == game.code
    setup = _open_setup(driver)
    assert setup.saved is None and setup.buttons[0].key == "six.setup.start"
    assert (data / NAME).read_bytes() == hostile and not (data / f"{NAME}.corrupt-1").exists()
    _step(driver, 3)
    setup.start()
    _step(driver, 2)
    table = _table(driver)
    _play_table(driver, table, 4)  # a new game plays and is written
    saved = _saved(driver)
    assert saved is not None and saved.code == table.code


class _FailingWrites:
    """The journal's connection once the disk fails: every transaction refused."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def execute(self, sql: str, *parameters: Any) -> sqlite3.Cursor:
        if sql.startswith("BEGIN"):
            raise sqlite3.OperationalError("disk I/O error")
        return self.connection.execute(sql, *parameters)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.connection, name)


def test_a_journal_that_cannot_be_written_is_told_once_and_play_goes_on(tmp_path: Path) -> None:
    driver = _driver(tmp_path)
    table = _sit(driver)
    _play_table(driver, table, 3)
    database = driver.app.records.journal.db
    assert not database.in_memory
    database.connection = cast(sqlite3.Connection, _FailingWrites(database.connection))
    _play_table(driver, table, 12)
    assert len(table.match.log) >= 12  # the game plays on
    # told at once over the table (not kept for the next title screen), and once only
    told = [t.text for t in driver.loop.told if "journal.sqlite3" in t.text]
    assert len(told) == 1 and "could not be saved" in told[0], told
    assert not driver.app.records.notices
    # the journal goes on in memory: nothing of the game is lost while the window is open
    assert database.in_memory and _in_journal(driver) == [_tokens(table)]


def test_action_tokens_in_the_journal_are_the_replay_tokens(tmp_path: Path) -> None:
    match = Match.new(5, 4)
    _play(match, 12)
    _keep(tmp_path, match)
    journal = Journal(tmp_path)
    try:
        (kept,) = journal.kept("six-card")
    finally:
        journal.close()
    assert [Action.parse(a) for a in kept.actions] == match.log
    assert kept.setup == {"kinds": list(SEATS), "speed": "normal"}


def test_two_people_at_one_screen_get_the_curtain_back_first(tmp_path: Path) -> None:
    """A continued game of two people shows nobody's private cards before the curtain."""
    from scenes.sixcard.overlays import CurtainScene

    match = Match.new(808, 3, STANDARD.with_(peek=True))
    _play(match, 9)  # the opening done (peeked cards), someone to move in the turn phase
    assert match.state.phase == "turn"
    _keep(tmp_path / "data", match, (HUMAN, HUMAN, "easy"), "fast")
    driver = _driver(tmp_path)
    setup = _open_setup(driver)
    assert setup.saved is not None and "Player 1 " in setup.saved_lines[1]
    setup.play_saved()
    for _ in range(60):
        _step(driver, 1)
        if isinstance(driver.app.scenes.top, CurtainScene):
            break
    table = _table(driver)
    assert table.revealed is None and table.person_to_act is None
    curtain = driver.app.scenes.top
    assert isinstance(curtain, CurtainScene) and curtain.seat == table.state.to_move
    assert curtain.seat in (0, 1)


def test_sigkill_relaunches_restore_the_six_card_game(tmp_path: Path) -> None:
    """The short version of ``bench/kill_resume.py --game six-card``: two SIGKILLs of the real
    program playing six-card Golf, each relaunch's Continue restoring the kept game exactly."""
    kill_resume = sys.modules.get("kill_resume")
    if kill_resume is None:  # the bench is a script, not a package: loaded as test_resume does
        spec = importlib.util.spec_from_file_location(
            "kill_resume", ROOT / "bench" / "kill_resume.py"
        )
        assert spec is not None and spec.loader is not None
        kill_resume = importlib.util.module_from_spec(spec)
        sys.modules["kill_resume"] = kill_resume
        spec.loader.exec_module(kill_resume)
    failures = kill_resume.run(
        trials=2, seed=21, low=0.3, high=1.2, folder=tmp_path, game="six-card"
    )
    assert failures == 0


@pytest.mark.parametrize("where", ["hole over", "a card in hand"])
def test_continue_between_holes_or_holding_a_card(tmp_path: Path, where: str) -> None:
    """Killed with the scoreboard due, the scoreboard comes back; with a card taken, the card
    is in the hand again."""
    match = Match.new(99, 4)
    for _ in range(2000):
        state = match.state
        if where == "hole over" and state.phase == "hole_over":
            break
        if where == "a card in hand" and state.drawn is not None and state.to_move == 0:
            break
        _play(match, 1, seed=len(match.log))
    _keep(tmp_path / "data", match, SEATS, "fast")
    driver = _driver(tmp_path)
    _open_setup(driver).play_saved()
    _step(driver, 25)
    table = _table(driver)
    assert table.state == match.state
    if where == "hole over":
        top = driver.app.scenes.top
        assert isinstance(top, ScoreboardScene) and not top.final
        assert table.scored == len(match.state.scores)
    else:
        drawn = match.state.drawn
        assert drawn is not None and drawn in table.sprites
        hand, _scale = table.board.hand_at(0)
        assert table.sprites[drawn].pos == pygame.Vector2(hand.x, hand.y)
        assert table.person_to_act == 0 and table.view.drawn == drawn
