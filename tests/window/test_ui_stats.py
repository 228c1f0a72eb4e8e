"""Statistics through the window: games counted as they end or are left, kept across restarts,
the statistics screen and its chart, reset with confirmation, the daily deal, bad files."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pygame
import pytest

from golf.journal.database import FILE_NAME
from golf.solitaire import daily
from golf.solitaire.rules import EASY
from golf.solitaire.session import Game
from golf.solitaire.stats import RecentGame
from scenes.core.records import Records
from scenes.core.speech import RecordingVoice, Speech
from scenes.core.widgets import TOAST_WIDTH
from scenes.highscores import InitialsScene
from scenes.solitaire.dialogs import GameOverScene
from scenes.solitaire.game import GameScene
from scenes.stats_screen import CHART, ConfirmReset, StatsScene, chart_bars, figure_text
from scenes.title import RAIN_BOTTOM, TitleScene
from scenes.title_panels import TitleSides
from tests.ui_driver import DAY, WIN_CODE, WIN_LINE, Driver, make_driver


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(tmp_path / "data", tmp_path)
    pygame.event.clear()


def _win(ui: Driver, skip_initials: bool = True) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    ui.play_line(WIN_LINE)
    ui.settle()
    if skip_initials and isinstance(ui.top, InitialsScene):
        ui.key(pygame.K_ESCAPE)
        ui.frames(2)


def test_statistics_survive_a_restart(ui: Driver, tmp_path: Path) -> None:
    _win(ui)
    assert isinstance(ui.top, GameOverScene)
    figures = ui.app.records.stats.get("easy")
    assert (figures.played, figures.won, figures.best_score, figures.perfect) == (1, 1, 350, 1)
    ui.key(pygame.K_RETURN)  # New game: a fresh deal, nothing played yet
    ui.settle()
    ui.key(pygame.K_SPACE, text=" ")  # one draw, then a new game: an abandoned game
    ui.app.flow.start_game(Game.new(5, EASY))  # (back to the title would keep it to continue)
    ui.settle()
    again = make_driver(tmp_path / "data", tmp_path)
    figures = again.app.records.stats.get("easy")
    assert (figures.played, figures.won) == (2, 1)
    assert [g.outcome for g in figures.recent] == ["won", "abandoned"]
    assert figures.current_streak == 0 and figures.longest_streak == 1
    flow_screen = StatsScene(again.app, "easy")
    again.app.scenes.push(flow_screen)
    again.frames(3)
    tiles = dict((label, value) for label, value, _ in flow_screen.tiles())
    assert tiles["Played"] == "2"
    assert tiles["Won"] == "1"
    assert tiles["Win rate"] == "50 %"
    assert tiles["Best score"] == "350"
    assert tiles["Average score"] == "175"  # (350 + 0) / 2: a whole figure, no ".0"


@pytest.mark.parametrize(
    ("value", "lang", "digits", "shown"),
    [
        (175.0, "en", 1, "175"),
        (175.0, "fr", 1, "175"),
        (172.5, "en", 1, "172.5"),
        (172.5, "fr", 1, "172,5"),
        (3.96, "fr", 1, "4"),
        (66.666, "en", 0, "67"),
        (None, "en", 1, "–"),
    ],
)
def test_figures_show_a_decimal_only_when_it_says_something(
    value: float | None, lang: str, digits: int, shown: str
) -> None:
    assert figure_text(value, lang, digits) == shown


def test_a_game_left_before_any_action_is_not_counted(ui: Driver) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    ui.key(pygame.K_n, text="n")  # straight to another deal
    ui.settle()
    ui.app.flow.to_title()
    ui.settle()
    assert ui.app.records.stats.get("easy").played == 0


def test_a_blocked_game_is_counted_once_when_its_result_shows(ui: Driver) -> None:
    ui.app.flow.start_game(Game.from_code("GO1-C-AAAAAAC"))  # blocks after 16 draws
    ui.settle()
    for _ in range(16):
        ui.key(pygame.K_SPACE, text=" ")
    ui.settle()
    ui.key(pygame.K_ESCAPE)  # the blocked dialog: see the result
    ui.frames(3)
    assert isinstance(ui.top, GameOverScene)
    ui.key(pygame.K_r, text="r")  # the same deal again
    ui.settle()
    figures = ui.app.records.stats.get("classic")
    assert (figures.played, figures.won) == (1, 0)
    assert figures.recent == (RecentGame(0, "blocked", 35),)


def test_the_statistics_screen_opens_from_the_title_by_keys(ui: Driver) -> None:
    title = ui.top
    assert isinstance(title, TitleScene)
    ui.key(pygame.K_RIGHT)  # the right column: statistics
    ui.key(pygame.K_RETURN)
    ui.settle()
    screen = ui.top
    assert isinstance(screen, StatsScene)
    assert screen.key == "easy"  # the default rules of the options (Easy, as the seeds say)
    ui.key(pygame.K_RIGHT)
    assert screen.key == "classic"
    ui.key(pygame.K_ESCAPE)
    ui.settle()
    assert isinstance(ui.top, TitleScene)


def test_reset_asks_first_and_no_keeps_the_figures(ui: Driver, tmp_path: Path) -> None:
    _win(ui)
    ui.app.flow.to_title()
    ui.settle()
    from scenes.stats_screen import open_stats

    open_stats(ui.app, "easy")
    ui.settle()
    screen = ui.top
    assert isinstance(screen, StatsScene)
    reset = next(b for b in screen.menu.buttons if b.key == "stats.reset")
    ui.click(reset.rect.center)
    ui.frames(2)
    confirm = ui.top
    assert isinstance(confirm, ConfirmReset)
    ui.key(pygame.K_RETURN)  # "No" has the focus
    ui.frames(2)
    assert ui.top is screen
    assert ui.app.records.stats.get("easy").played == 1
    ui.click(reset.rect.center)
    ui.frames(2)
    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_RETURN)  # "Reset"
    ui.frames(2)
    assert ui.top is screen
    assert ui.app.records.stats.get("easy").played == 0
    next_window = Records(tmp_path / "data")
    assert "easy" not in next_window.stats.rule_sets
    (row,) = next_window.journal.history()  # the game stays in the history
    assert (row.code, row.outcome) == (WIN_CODE, "won")


def test_the_reset_question_is_said_before_its_buttons(ui: Driver) -> None:
    voice = RecordingVoice()
    ui.app.speech = Speech(lambda: voice)
    ui.app.change_settings(ui.app.settings.with_(speak=True), save=False)
    screen = StatsScene(ui.app, "easy")
    ui.app.scenes.push(screen)
    ui.settle()
    screen.ask_reset()
    ui.frames(2)
    assert isinstance(ui.top, ConfirmReset)
    question = (
        "Reset the statistics of Easy? Every figure and the chart of these rules are "
        "forgotten.\nThis cannot be undone."
    )
    assert voice.texts[-2:] == [question, "No"]


def test_chart_bars_rise_from_zero_and_strokes_below_zero_dip_under_it() -> None:
    recent = (
        RecentGame(350, "won", 0),
        RecentGame(0, "blocked", 35),
        RecentGame(170, "abandoned", 18),
    )
    bars, zero = chart_bars(recent, CHART, lower_better=False)
    assert zero == CHART.bottom
    assert bars[0][0].top == CHART.top and bars[0][0].bottom == zero
    assert [outcome for _, outcome in bars] == ["won", "blocked", "abandoned"]
    assert bars[0][0].height > bars[2][0].height > bars[1][0].height
    strokes = (RecentGame(-4, "won", 0), RecentGame(12, "blocked", 12))
    bars, zero = chart_bars(strokes, CHART, lower_better=True)
    assert CHART.top < zero < CHART.bottom
    assert bars[0][0].top == zero and bars[0][0].bottom == CHART.bottom
    assert bars[1][0].bottom == zero and bars[1][0].top == CHART.top


def test_the_statistics_screen_draws_a_chart_in_both_languages(tmp_path: Path) -> None:
    for lang in ("en", "fr"):
        ui = make_driver(tmp_path / lang, tmp_path, lang=lang)
        _win(ui)
        from scenes.stats_screen import open_stats

        open_stats(ui.app, "easy")
        ui.settle()
        ui.frames(60)  # the bars have risen
        bars, _zero = chart_bars(ui.app.records.stats.get("easy").recent, CHART, False)
        rect = bars[0][0]
        colour = ui.app.screen.get_at((rect.centerx, rect.centery + 10))
        assert tuple(colour)[:3] == (255, 200, 40)  # the gold of a won game


def test_the_daily_deal_from_the_title_is_marked_done_with_a_streak(tmp_path: Path) -> None:
    data = tmp_path / "data"
    yesterday = make_driver(data, tmp_path, today=DAY - timedelta(days=1))
    game = yesterday.app.records.daily_game("C")
    yesterday.app.flow.start_game(game)
    yesterday.settle()
    while not game.over:
        yesterday.act(game.legal_actions()[0])
    yesterday.settle()
    while not isinstance(yesterday.top, GameOverScene):
        yesterday.key(pygame.K_ESCAPE)  # the blocked dialog, or the initials
        yesterday.frames(3)
    ui = make_driver(data, tmp_path)
    title = ui.top
    assert isinstance(title, TitleScene)
    sides = title.sides
    assert isinstance(sides, TitleSides)
    assert not ui.app.records.daily_done("E") and not ui.app.records.daily_done("C")
    assert ui.app.records.daily_streak() == 1  # yesterday's counts until today is over
    ui.key(pygame.K_LEFT)
    ui.key(pygame.K_RETURN)  # today's Easy daily
    ui.settle()
    table = ui.table
    assert table.game.code == daily.daily_code(DAY, "E") == "GO1-E-BPATEMW"
    assert table.game.rules == EASY
    while not table.game.over:
        ui.act(table.game.legal_actions()[0])
    ui.settle()
    while not isinstance(ui.top, GameOverScene):
        ui.key(pygame.K_ESCAPE)
        ui.frames(3)
    ui.app.flow.to_title()
    ui.settle()
    title = ui.top
    assert isinstance(title, TitleScene)
    title.sides.update(0.0)
    assert ui.app.records.daily_done("E")
    assert title.sides.daily_easy.label(ui.app.texts) == "Easy ✓"
    assert title.sides.daily_classic.label(ui.app.texts) == "Classic"
    assert ui.app.records.daily_streak() == 2
    next_window = Records(data, today=lambda: DAY)
    assert next_window.stats.get("easy").daily_done == (DAY.isoformat(),)
    assert next_window.daily_done("E") and next_window.daily_streak() == 2
    dailies = {(row.code, row.daily) for row in next_window.journal.history()}
    assert dailies == {
        (daily.daily_code(DAY - timedelta(days=1), "C"), (DAY - timedelta(days=1)).isoformat()),
        (daily.daily_code(DAY, "E"), DAY.isoformat()),
    }


def test_a_restarted_daily_deal_is_still_the_daily(ui: Driver) -> None:
    game = ui.app.records.daily_game("E")
    ui.app.flow.start_game(game)
    ui.settle()
    ui.key(pygame.K_r, text="r")
    ui.settle()
    assert ui.app.records.daily_day(ui.table.game) == DAY


def _corrupt_journal(ui: Driver, data: Path) -> bytes:
    """The journal, with the statistics of a won game, turned to garbage between two windows."""
    _win(ui)
    assert ui.app.records.stats.rule_set_keys() == ["easy"]
    ui.app.flow.to_title()
    ui.settle()
    ui.app.records.close()
    garbage = b"\x00not a database\xff" * 64
    (data / FILE_NAME).write_bytes(garbage)
    return garbage


def test_a_corrupt_journal_is_kept_aside_and_the_player_told(tmp_path: Path) -> None:
    data = tmp_path / "data"
    garbage = _corrupt_journal(make_driver(data, tmp_path), data)
    ui = make_driver(data, tmp_path)
    title = ui.top
    assert isinstance(title, TitleScene)
    assert (data / f"{FILE_NAME}.corrupt-1").read_bytes() == garbage
    texts = [t.text for t in title.toasts]
    assert any(f"{FILE_NAME}.corrupt-1" in t and "journal of play" in t for t in texts), texts
    assert ui.app.records.stats.rule_set_keys() == []


def test_a_file_problem_is_told_in_french(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _corrupt_journal(make_driver(data, tmp_path), data)
    ui = make_driver(data, tmp_path, lang="fr")
    title = ui.top
    assert isinstance(title, TitleScene)
    assert any(
        "journal de jeu" in t.text and f"{FILE_NAME}.corrupt-1" in t.text for t in title.toasts
    ), [t.text for t in title.toasts]


def test_a_game_under_a_watched_replay_does_not_count(ui: Driver) -> None:
    table = GameScene(ui.app, Game.from_code(WIN_CODE), record=False)
    assert table.settle() is None
    assert ui.app.records.stats.get("easy").played == 0


def test_a_long_notice_is_wrapped_to_fit_the_screen(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "round.json").write_text("not json", encoding="utf-8")  # 0.1.0's, at the import
    ui = make_driver(data, tmp_path, lang="fr")
    title = ui.top
    assert isinstance(title, TitleScene)
    toast = next(t for t in title.toasts if "(round.json)" in t.text)
    assert "laissé tel quel" in toast.text  # 0.1.0's file is never moved
    assert (data / "round.json").read_text(encoding="utf-8") == "not json"
    one_line = ui.app.look.type.render(toast.text, 10, toast.colour)
    assert one_line.get_width() > TOAST_WIDTH  # too long for one line on the screen
    text = toast._text(ui.app.look)
    assert text.get_width() <= TOAST_WIDTH
    assert text.get_height() >= 2 * one_line.get_height()


def test_the_titles_falling_cards_never_cover_the_help_line(ui: Driver) -> None:
    title = ui.top
    assert isinstance(title, TitleScene)
    screen = pygame.display.get_surface()
    title.rain = []
    title.draw(screen)
    bare = pygame.image.tobytes(screen.subsurface((0, RAIN_BOTTOM, 1280, 720 - RAIN_BOTTOM)), "RGB")
    # a face-up card falling right across the help line at the bottom
    title.rain = [[0.0, 100.0, float(RAIN_BOTTOM - 60), 0.0, 1.0]]
    title.draw(screen)
    shown = pygame.image.tobytes(
        screen.subsurface((0, RAIN_BOTTOM, 1280, 720 - RAIN_BOTTOM)), "RGB"
    )
    above = screen.get_at((150, RAIN_BOTTOM - 30))
    title.rain = []
    title.draw(screen)
    assert screen.get_at((150, RAIN_BOTTOM - 30)) != above  # the card shows above the line
    assert shown == bare
