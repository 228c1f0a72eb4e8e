"""Rounds of golf through the window: nine holes from the title, the scorecard, leave and resume.

Seed 2232 under the strict rules, played greedily (the first legal action each time), scores
4, 14, 6, −3, 0, 6, 5, 12, 7 = 51, +6 (docs/rounds-and-stats.md, pinned in tests/engine/test_round.py).
Here the same round is played key by key through the scenes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.solitaire.round import Round, hole_label
from golf.solitaire.rules import STRICT
from scenes.core.records import Records
from scenes.solitaire.round import RoundGameScene, RoundPauseMenu, RoundSetupScene, ScorecardScene
from scenes.title import TitleScene
from tests.ui_driver import Driver, make_driver

SEED = 2232
GREEDY_STROKES = [4, 14, 6, -3, 0, 6, 5, 12, 7]


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    driver = make_driver(tmp_path / "data", tmp_path)
    driver.app.deals.randint = lambda a, b: SEED  # type: ignore[method-assign]
    yield driver
    pygame.event.clear()


def _open_round_setup_by_keys(ui: Driver) -> RoundSetupScene:
    title = ui.top
    assert isinstance(title, TitleScene)
    ui.key(pygame.K_LEFT)  # to the left column: daily Easy, daily Classic, round
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    ui.frames(2)
    setup = ui.top
    assert isinstance(setup, RoundSetupScene)
    return setup


def _play_hole_greedily(ui: Driver) -> None:
    table = ui.table
    assert isinstance(table, RoundGameScene)
    game = table.game
    while not game.over:
        ui.act(game.legal_actions()[0])
    ui.settle()


def test_a_nine_hole_round_played_through_the_scenes_gives_the_right_scorecard(
    tmp_path: Path,
) -> None:
    ui = make_driver(tmp_path / "data", tmp_path, animation="normal")  # as a player sees it
    ui.app.deals.randint = lambda a, b: SEED  # type: ignore[method-assign]
    setup = _open_round_setup_by_keys(ui)
    assert setup.rules == STRICT and setup.holes == 9
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_DOWN)  # rules, holes, then Start
    ui.key(pygame.K_RETURN)
    ui.settle()
    first = ui.top
    assert isinstance(first, RoundGameScene)
    assert first.round.seed == SEED and first.round.rules == STRICT
    for hole, strokes in enumerate(GREEDY_STROKES, start=1):
        table = ui.top
        assert isinstance(table, RoundGameScene)
        assert table.round.hole == hole
        _play_hole_greedily(ui)
        card = ui.top
        assert isinstance(card, ScorecardScene), f"hole {hole}: {card}"
        assert card.record is not None
        assert card.record.result.hole == hole
        assert card.record.result.strokes == strokes
        cheer = "!" if strokes < 5 else ""  # under par
        assert card.headline()[0] == f"Hole {hole}: {hole_label(strokes)}{cheer}" or hole == 9
        if hole < 9:
            ui.key(pygame.K_RETURN)  # Next hole
            ui.settle()
    card = ui.top
    assert isinstance(card, ScorecardScene)
    rows = card.round.scorecard("en").rows
    assert [r.strokes for r in rows] == GREEDY_STROKES
    assert [r.label for r in rows] == [hole_label(s) for s in GREEDY_STROKES]
    assert rows[-1].total == 51 and rows[-1].to_par == 6
    assert card.headline()[0] == "Round over: 51 strokes (+6)"
    assert card.summary().startswith("Total 51 for par 45 (+6)")
    assert "Your first round" in card.summary()
    figures = ui.app.records.stats.get("strict")
    assert figures.played == 9
    assert figures.rounds_played == 1
    assert figures.best_round(9) == 51
    # a finished round is not kept, and each hole is counted once, with the round's total
    assert ui.app.records.saved_round is None
    journal = ui.app.records.journal
    assert journal.kept_round() is None and journal.kept() == []
    holes = sorted(journal.history(), key=lambda row: row.hole or 0)
    assert [(row.hole, row.score) for row in holes] == list(enumerate(GREEDY_STROKES, start=1))
    assert len({row.round_id for row in holes}) == 1
    assert journal.db.read("SELECT holes, total FROM rounds WHERE ended IS NOT NULL") == [(9, 51)]
    ui.key(pygame.K_RETURN)  # New round: the best round now shows on its scorecard
    ui.settle()
    assert isinstance(ui.top, RoundGameScene)
    _play_hole_greedily(ui)
    card = ui.top
    assert isinstance(card, ScorecardScene)
    assert "Best round: 51" in card.summary()


def test_a_round_left_mid_hole_is_resumed_by_a_new_window(ui: Driver, tmp_path: Path) -> None:
    setup = _open_round_setup_by_keys(ui)
    setup.start()
    ui.settle()
    _play_hole_greedily(ui)  # hole 1 finished
    ui.key(pygame.K_RETURN)
    ui.settle()
    table = ui.top
    assert isinstance(table, RoundGameScene)
    for _ in range(3):
        ui.act(table.game.legal_actions()[0])
    log = [str(a) for a in table.game.log]
    position = table.game.position
    ui.key(pygame.K_ESCAPE)
    ui.frames(2)
    menu = ui.top
    assert isinstance(menu, RoundPauseMenu)
    leave = next(b for b in menu.menu.buttons if b.key == "round.leave")
    ui.click(leave.rect.center)
    ui.settle()
    assert isinstance(ui.top, TitleScene)
    journal = ui.app.records.journal
    kept_round = journal.kept_round()
    assert kept_round is not None and kept_round.seed == SEED
    assert [code for code, _ in kept_round.played] == [Round(SEED, STRICT).code(1)]
    (hole,) = journal.kept("solitaire")
    assert (hole.round_id, hole.hole, list(hole.actions)) == (kept_round.id, 2, log)
    # a new window on the same folder
    again = make_driver(tmp_path / "data", tmp_path)
    title = again.top
    assert isinstance(title, TitleScene)
    assert title.sides.round.label(again.app.texts) == "Round of golf: hole 2/9…"
    setup = _open_round_setup_by_keys(again)
    assert setup.resume_button is not None
    assert setup.form.focused is setup.resume_button
    again.key(pygame.K_RETURN)
    again.settle()
    resumed = again.top
    assert isinstance(resumed, RoundGameScene)
    assert resumed.round.hole == 2
    assert resumed.game.position == position
    assert [str(a) for a in resumed.game.log] == log
    assert resumed.round.results[0].strokes == GREEDY_STROKES[0]


def test_back_to_the_title_during_a_hole_offers_continue(ui: Driver, tmp_path: Path) -> None:
    setup = _open_round_setup_by_keys(ui)
    setup.start()
    ui.settle()
    table = ui.table
    assert isinstance(table, RoundGameScene)
    for _ in range(3):
        ui.act(table.game.legal_actions()[0])
    log, position = list(table.game.log), table.game.position
    ui.key(pygame.K_ESCAPE)
    ui.frames(2)
    menu = ui.top
    assert isinstance(menu, RoundPauseMenu)
    ui.click(next(b for b in menu.menu.buttons if b.key == "round.leave").rect.center)
    ui.settle()
    title = ui.top
    assert isinstance(title, TitleScene) and title.menu.buttons[0].key == "title.continue"
    assert any(t.text == ui.app.texts("title.game_kept") for t in title.toasts)
    ui.key(pygame.K_RETURN)  # Continue has the focus
    ui.settle()
    resumed = ui.top
    assert isinstance(resumed, RoundGameScene) and resumed is not table
    assert resumed.round.hole == 1
    assert resumed.game.position == position and list(resumed.game.log) == log


def test_quitting_the_window_during_a_hole_keeps_the_round(ui: Driver, tmp_path: Path) -> None:
    setup = _open_round_setup_by_keys(ui)
    setup.start()
    ui.settle()
    table = ui.table
    ui.act(table.game.legal_actions()[0])
    ui.app.flow.leave_games(quitting=True)  # what the window does when it closes
    loaded = Records(tmp_path / "data").saved_round  # what the next window reads
    assert isinstance(loaded, Round) and loaded.seed == SEED and loaded.hole == 1
    assert [str(a) for a in loaded.game.log] == [str(a) for a in table.game.log]  # type: ignore[union-attr]
    # a hole in play is not counted as an abandoned game
    assert ui.app.records.stats.get("strict").played == 0
    assert ui.app.records.journal.history() == []


def test_no_restart_no_new_deal_and_no_undo_once_the_hole_is_over(ui: Driver) -> None:
    setup = _open_round_setup_by_keys(ui)
    setup.start()
    ui.settle()
    table = ui.table
    assert isinstance(table, RoundGameScene)
    ui.act(table.game.legal_actions()[0])
    ui.key(pygame.K_r, text="r")
    ui.key(pygame.K_n, text="n")
    assert ui.table is table and table.game.moves == 1
    ui.key(pygame.K_u, text="u")  # undo is allowed while the hole is in play
    assert table.game.position == table.game.start
    game = table.game
    while not game.over:
        ui.act(game.legal_actions()[0])
    before = game.position
    ui.key(pygame.K_u, text="u")
    assert game.position == before
    ui.settle()
    assert isinstance(ui.top, ScorecardScene)


def test_the_scorecard_can_be_looked_at_during_a_hole(ui: Driver) -> None:
    setup = _open_round_setup_by_keys(ui)
    setup.start()
    ui.settle()
    ui.key(pygame.K_s, text="s")
    ui.frames(2)
    card = ui.top
    assert isinstance(card, ScorecardScene) and card.peek
    assert [b.key for b in card.menu.buttons] == ["common.back"]
    ui.key(pygame.K_ESCAPE)
    ui.frames(2)
    assert isinstance(ui.top, RoundGameScene)


def test_an_eighteen_hole_round_shows_both_halves(ui: Driver) -> None:
    setup = _open_round_setup_by_keys(ui)
    ui.key(pygame.K_DOWN)  # holes
    ui.key(pygame.K_RIGHT)
    assert setup.holes == 18
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    ui.settle()
    table = ui.top
    assert isinstance(table, RoundGameScene)
    assert table.round.holes == 18
    assert table.round.numbers[:9] == Round(SEED, STRICT, 9).numbers
    _play_hole_greedily(ui)
    card = ui.top
    assert isinstance(card, ScorecardScene)
    assert len(card.round.scorecard("en").rows) == 18
    assert card.summary().startswith(f"Total {GREEDY_STROKES[0]} for par 5")


def test_a_saved_round_whose_hole_ended_opens_on_its_scorecard(tmp_path: Path) -> None:
    """The window closed after the hole's last action, before its scorecard: the hole is scored
    when the round is resumed, and counted once."""
    data = tmp_path / "data"
    records = Records(data)
    rnd = records.new_round(SEED, STRICT, 9)
    game = rnd.game
    assert game is not None
    while not game.over:
        rnd.apply(game.legal_actions()[0])
    hole = records.hole_game(rnd)
    assert hole is not None
    hole.sync([str(a) for a in game.log], [0.5] * len(game.log), 10.0)  # written, not counted
    records.close()
    ui = make_driver(data, tmp_path)
    from scenes.solitaire.round import resume_round

    assert resume_round(ui.app)
    ui.settle()
    card = ui.top
    assert isinstance(card, ScorecardScene)
    assert card.record is not None and card.record.result.strokes == GREEDY_STROKES[0]
    assert ui.app.records.stats.get("strict").played == 1
    ui.app.flow.leave_games(quitting=True)
    again = make_driver(data, tmp_path)  # a new window: the hole is not counted again
    assert again.app.records.stats.get("strict").played == 1
    resumed = again.app.records.saved_round
    assert resumed is not None and resumed.hole == 2
    assert [r.strokes for r in resumed.results] == GREEDY_STROKES[:1]


def test_the_scorecard_speaks_french(tmp_path: Path) -> None:
    ui = make_driver(tmp_path / "data", tmp_path, lang="fr")
    ui.app.deals.randint = lambda a, b: SEED  # type: ignore[method-assign]
    setup = _open_round_setup_by_keys(ui)
    setup.start()
    ui.settle()
    _play_hole_greedily(ui)
    card = ui.top
    assert isinstance(card, ScorecardScene)
    assert card.headline()[0] == "Trou 1 : Birdie !"
    assert card.summary().startswith("Total 4 pour un par de 5 (-1)")


def test_every_scorecard_column_has_a_heading_and_they_share_the_width(ui: Driver) -> None:
    setup = _open_round_setup_by_keys(ui)
    setup.start()
    ui.settle()
    _play_hole_greedily(ui)
    card = ui.top
    assert isinstance(card, ScorecardScene)
    for show_code in (True, False):
        columns = card._columns(show_code, 1000)
        assert all(heading for heading, _ in columns)
        assert "Result" in [heading for heading, _ in columns]
        widths = [width for _, width in columns]
        assert sum(widths) == 1000 - 24
        # the room left over is shared out: no column is wider than the deal's plus its share
        assert max(widths) <= 250 + (1000 - 24) // len(columns)
