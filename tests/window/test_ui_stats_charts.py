"""The statistics screen's charts drawn from the journal's games: every game's score over time
with the win rates over the last 10 and 100 games, the spread of the scores, six-card Golf's
too; the views switched by keys, the pad and the mouse; an empty journal says so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.journal.journal import Journal
from golf.journal.series import Series, WinRate
from scenes.core.look import PALETTE
from scenes.stats_charts import (
    CHART,
    CHART_FRAME,
    VIEWS,
    Charts,
    Plot,
    nice_ticks,
    rate_text,
    tab_rects,
    time_points,
)
from scenes.stats_screen import StatsScene, open_stats
from tests.ui_driver import Driver, make_driver
from tests.window.history_games import FIRST, fill, finish_six_card

COUNT = 40


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder whose journal holds :data:`COUNT` finished games of both kinds."""
    folder = tmp_path_factory.mktemp("charts") / "data"
    journal = Journal(folder)
    try:
        fill(journal, COUNT)
    finally:
        journal.close()
    return folder


@pytest.fixture
def ui(tmp_path: Path, data: Path) -> Iterator[Driver]:
    yield make_driver(data, tmp_path)
    pygame.event.clear()


def _stats(ui: Driver, key: str = "easy") -> StatsScene:
    open_stats(ui.app, key)
    ui.settle()
    screen = ui.top
    assert isinstance(screen, StatsScene)
    return screen


def _shown(ui: Driver, screen: StatsScene) -> list[str]:
    """The texts of the chart, once it has risen."""
    ui.frames(50)
    return screen.charts.said


def test_the_time_chart_draws_the_series_of_the_journal(ui: Driver) -> None:
    screen = _stats(ui)
    ui.key(pygame.K_2, text="2")
    assert VIEWS[screen.view] == "time"
    found = ui.app.records.series("solitaire", "easy")
    assert found.played == ui.app.records.stats.get("easy").played > 10
    said = _shown(ui, screen)
    texts = ui.app.texts
    assert rate_text(texts, found.rate(10)) in said
    assert rate_text(texts, found.rate(100)) in said
    assert f"Win rate, last 10 games: {round(found.rate(10).percent or 0)} %" in said[-2]
    assert f"only {found.played} played" in said[-1]  # fewer than 100 games: it says so
    assert texts("stats.time_title", count=found.played) in said
    plot = Plot.of(found.scores, found.lower_better)
    dots, lines = time_points(found, plot)
    assert len(lines[10]) == found.played - 9 and lines[100] == []
    x, y, won = next(d for d in reversed(dots) if d[2])
    assert won and tuple(ui.app.screen.get_at((x, y)))[:3] == PALETTE.gold
    x, y = lines[10][-1]
    assert tuple(ui.app.screen.get_at((x, y)))[:3] == PALETTE.pink


def test_the_spread_of_the_scores_counts_every_game_in_round_bins(ui: Driver) -> None:
    screen = _stats(ui)
    ui.key(pygame.K_3, text="3")
    assert VIEWS[screen.view] == "scores"
    found = ui.app.records.series("solitaire", "easy")
    said = _shown(ui, screen)
    assert sum(b.count for b in found.bins) == found.played
    counts = [str(b.count) for b in found.bins if b.count]
    rest = iter(said)
    assert all(count in rest for count in counts)  # each bar's count, in order
    assert "Each bar: the games of a range of 20 points" in said
    assert f"average {found.average:.1f}".removesuffix(".0") in said


def test_the_views_switch_by_keys_the_pad_and_the_mouse(ui: Driver) -> None:
    screen = _stats(ui)
    assert VIEWS[screen.view] == "recent"  # the last games, as before
    ui.key(pygame.K_3, text="3")
    assert screen.view == 2
    ui.click(tab_rects()[1].center)
    assert screen.view == 1
    ui.key(pygame.K_UP)  # from Back up to the tabs: Enter chooses
    focused = screen.menu.buttons[screen.menu.focus]
    assert focused in screen.tabs
    ui.key(pygame.K_RETURN)
    assert screen.view == screen.tabs.index(focused)
    ui.key(pygame.K_1, text="1")
    assert screen.view == 0
    ui.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # ← → still change the rule set
    assert screen.key == "classic"
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_UP)
    ui.pad(pygame.CONTROLLER_BUTTON_A)
    assert screen.view == screen.tabs.index(screen.menu.buttons[screen.menu.focus])
    lit = [tab.style for tab in screen.tabs]
    assert lit.count("cyan") == 1 and lit.index("cyan") == screen.view


def test_six_card_games_show_the_persons_totals(ui: Driver) -> None:
    screen = _stats(ui)
    ui.key(pygame.K_LEFT)  # before Easy, round to the end: six-card Golf
    assert (screen.game, screen.key) == ("six-card", "standard")
    assert screen.name == "Six-card Golf"
    found = ui.app.records.series("six-card", "standard")
    assert found.played == 8 and found.lower_better
    tiles = {label: value for label, value, _ in screen.tiles()}
    assert tiles["Played"] == "8" and tiles["Won"] == str(found.wins)
    assert tiles["Best total"] == str(min(found.scores))
    assert tiles["Last 10: only 8 played"] == "–"
    high = next(b for b in screen.menu.buttons if b.key == "scores.title")
    assert not high.enabled  # six-card has no high-score table
    for key, digit in ((pygame.K_2, "2"), (pygame.K_3, "3"), (pygame.K_1, "1")):
        ui.key(key, text=digit)
        assert screen.view == int(digit) - 1
        assert "Total (lower is better)" in _shown(ui, screen), digit
    ui.key(pygame.K_2, text="2")
    said = _shown(ui, screen)
    assert rate_text(ui.app.texts, found.rate(10)) in said
    assert "only 8 played" in rate_text(ui.app.texts, found.rate(10))


def test_a_new_six_card_game_is_in_the_chart_when_the_screen_comes_back(ui: Driver) -> None:
    screen = _stats(ui)
    before = ui.app.records.series("six-card", "standard").played
    finish_six_card(ui.app.records.journal, 77, FIRST, 3, seed=5)
    ui.app.records.changed()
    screen.resume()
    assert ui.app.records.series("six-card", "standard").played == before + 1


def test_an_empty_journal_says_so_in_every_view(tmp_path: Path) -> None:
    ui = make_driver(tmp_path / "empty", tmp_path)
    screen = _stats(ui)
    for index, view in enumerate(VIEWS):
        screen.show(index)
        said = _shown(ui, screen)
        assert "No games yet under these rules" in said, view
        assert not any("Win rate, last" in text for text in said), view
    ui.key(pygame.K_LEFT)
    assert screen.game == "six-card"
    assert "No games yet under these rules" in _shown(ui, screen)


def test_the_charts_speak_french(tmp_path: Path, data: Path) -> None:
    ui = make_driver(data, tmp_path, lang="fr")
    screen = _stats(ui)
    ui.key(pygame.K_2, text="2")
    found = ui.app.records.series("solitaire", "easy")
    said = _shown(ui, screen)
    rate = found.rate(10)
    percent = f"{round(rate.percent or 0)} %"
    assert f"Victoires sur les 10 dernières parties : {percent} ({rate.won} sur 10)" in said
    assert f"Score de chaque partie, de la plus ancienne : {found.played} parties" in said
    ui.key(pygame.K_LEFT)
    assert screen.name == "Golf à six cartes"


def test_the_axes_have_a_few_round_ticks() -> None:
    assert nice_ticks(0, 350, 5) == [0, 100, 200, 300]
    assert nice_ticks(1, 180, 6) == [50, 100, 150]
    assert nice_ticks(-4, 12, 5) == [0, 5, 10]
    assert nice_ticks(-4, 12, 9) == [-4, -2, 0, 2, 4, 6, 8, 10, 12]
    assert nice_ticks(0, 100, 5) == [0, 25, 50, 75, 100]
    assert nice_ticks(1, 3, 6) == [1, 2, 3]


def test_the_longest_french_rates_stay_in_the_frame(tmp_path: Path) -> None:
    ui = make_driver(None, tmp_path, lang="fr")
    texts = ui.app.texts
    longest = [(rate_text(texts, WinRate(10, 10, 10)), PALETTE.pink, True)]
    longest.append((rate_text(texts, WinRate(100, 99, 99)), PALETTE.cyan, True))
    assert "99 jouées seulement" in longest[1][0]
    layer = pygame.Surface(ui.app.screen.get_size(), pygame.SRCALPHA)
    charts = Charts(ui.app.look, lambda: texts)
    charts.legend(layer, longest, 1)
    drawn = layer.get_bounding_rect()
    assert CHART_FRAME.inflate(-16, 0).contains(drawn), (drawn, CHART_FRAME)


def test_many_games_share_a_column_each_place_drawn_once() -> None:
    count = 5000  # more games than the chart has columns (480)
    scores = tuple((i * 7) % 5 * 50 + (100 if i % 9 == 0 else 0) for i in range(count))
    won = tuple(score >= 300 for score in scores)
    found = Series.of("solitaire", "easy", False, scores, won)
    plot = Plot.of(found.scores, found.lower_better)
    dots, lines = time_points(found, plot)
    assert len(dots) == len(set(dots)) < count
    xs = sorted({x for x, _, _ in dots})
    assert len(xs) <= CHART.width // 2 and CHART.left <= xs[0] and xs[-1] <= CHART.right
    assert {(plot.y(s), w) for s, w in zip(scores, won, strict=True)} == {
        (y, w) for _, y, w in dots
    }
    for window in (10, 100):
        assert len(lines[window]) <= CHART.width // 2
        assert lines[window][-1][1] == plot.rate_y(found.percent(window, count - 1))
