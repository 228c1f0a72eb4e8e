"""The History screen: the journal's finished games newest first, a page at a time, each opened
in the replay viewer and played to the result the journal kept; the empty history; French."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.journal.journal import HistoryRow, Journal
from golf.journal.replays import finished_replay
from golf.sixcard.game import totals
from golf.sixcard.replay import SixReplay
from golf.solitaire.replay import Replay
from scenes.core.speech import focused_label
from scenes.history import VISIBLE, HistoryScene, row_text
from scenes.sixcard.watch import SixWatchScene
from scenes.solitaire.watch import WatchScene
from scenes.stats_screen import StatsScene
from scenes.title import TitleScene
from tests.ui_driver import Driver, make_driver
from tests.window.history_games import fill

COUNT = 23  # two whole pages and three games


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder whose journal holds :data:`COUNT` finished games of both kinds and a game
    still in play (never listed)."""
    folder = tmp_path / "data"
    journal = Journal(folder)
    try:
        fill(journal, COUNT)
        playing = journal.begin("solitaire", "GO1-E-AAAAAAA", "easy", "2026-12-24T10:00:00")
        journal.act(playing, 0, "draw", 1.0, 1.0, 1.0)
    finally:
        journal.close()
    return folder


def _driver(tmp_path: Path, data: Path | None, lang: str = "en") -> Driver:
    driver = make_driver(data, tmp_path / "config", lang=lang)
    driver.app.replays_dir = tmp_path / "replays"
    return driver


@pytest.fixture
def ui(tmp_path: Path, data: Path) -> Iterator[Driver]:
    yield _driver(tmp_path, data)
    pygame.event.clear()


def _open(ui: Driver) -> HistoryScene:
    """The History screen, opened with the title's button."""
    title = ui.top
    assert isinstance(title, TitleScene)
    ui.click(title.sides.history.rect.center)
    ui.settle()
    screen = ui.top
    assert isinstance(screen, HistoryScene)
    ui.frames(2)
    return screen


def _journal_rows(ui: Driver) -> list[HistoryRow]:
    return ui.app.records.journal.history()


def _shown(screen: HistoryScene) -> list[int]:
    """The numbers of the games on the rows shown, top first."""
    return [row.id for row in screen.rows]


def test_the_list_shows_the_journal_s_games_newest_first(ui: Driver) -> None:
    screen = _open(ui)
    every = _journal_rows(ui)
    assert screen.count == len(every) == COUNT  # the game in play is not listed
    assert _shown(screen) == [row.id for row in every[:VISIBLE]]
    assert [row.id for row in every] == sorted((row.id for row in every), reverse=True)
    newest = every[0]
    cells = row_text(ui.app.texts, newest)
    assert (cells.code, cells.moves, cells.when) == (
        newest.code,
        str(newest.moves),
        newest.ended[:16].replace("T", " "),
    )
    assert (screen.selected, screen.page, screen.pages) == (0, 1, 3)
    assert screen.buttons[2].enabled and not screen.buttons[0].enabled


def test_each_row_says_its_game_rules_result_score_moves_and_time(ui: Driver) -> None:
    texts = ui.app.texts
    rows = {row.id: row for row in _journal_rows(ui)}
    said = {row_text(texts, row) for row in rows.values()}
    games = {cells.game for cells in said}
    assert games == {"Solitaire", "Six-card Golf"}
    assert {cells.result for cells in said} >= {"Won", "Blocked", "Left"}
    six = [row for row in rows.values() if row.game == "six-card"]
    assert six and all(row.placing in ("won", "tied", "lost") for row in six)
    assert {row_text(texts, row).result for row in six} <= {"Won", "Tied first", "Lost"}
    assert {cells.rules for cells in said} >= {"Easy", "Classic", "Standard"}
    won = next(row for row in rows.values() if row.outcome == "won" and row.round_id is None)
    cells = row_text(texts, won)
    assert (cells.score, cells.moves, cells.time) == ("350", "51", "1:16")
    hole = next(row for row in rows.values() if row.round_id is not None)
    assert row_text(texts, hole).score.endswith(("stroke", "strokes"))
    assert f"round {hole.round_id}, hole 1" in row_text(texts, hole).note
    daily = next(row for row in rows.values() if row.daily is not None)
    assert row_text(texts, daily).note == f"No. {daily.id} · daily deal"
    assert row_text(texts, daily).when.startswith(daily.daily)


def test_the_pages_turn_with_the_arrows_the_pad_and_the_buttons(ui: Driver) -> None:
    screen = _open(ui)
    every = [row.id for row in _journal_rows(ui)]
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_DOWN)
    assert screen.selected == 2
    ui.key(pygame.K_RIGHT)  # the next page, the same row
    assert (screen.page, screen.selected) == (2, VISIBLE + 2)
    assert _shown(screen) == every[VISIBLE : 2 * VISIBLE]
    ui.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # the last page: three games
    assert (screen.page, screen.selected) == (3, COUNT - 1)
    assert _shown(screen) == every[2 * VISIBLE :]
    ui.key(pygame.K_RIGHT)  # no page after the last
    assert (screen.page, screen.selected) == (3, COUNT - 1)
    ui.frames()
    assert not screen.buttons[1].enabled and screen.buttons[0].enabled
    ui.click(screen.buttons[0].rect.center)  # Page up
    assert (screen.page, screen.selected) == (2, COUNT - 1 - VISIBLE)
    ui.key(pygame.K_HOME)
    assert (screen.page, screen.selected) == (1, 0)
    for _ in range(VISIBLE):  # down past the last row: the next page
        ui.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert (screen.page, screen.selected, screen.first) == (2, VISIBLE, VISIBLE)
    ui.key(pygame.K_END)
    assert screen.selected == COUNT - 1 and screen.rows[-1].id == every[-1]
    ui.key(pygame.K_UP)
    assert screen.selected == COUNT - 2


def _watch_to_the_end(ui: Driver) -> WatchScene | SixWatchScene:
    watch = ui.top
    assert isinstance(watch, (WatchScene, SixWatchScene))
    ui.key(pygame.K_END)
    ui.frames(30)
    return watch


@pytest.mark.parametrize("game", ["solitaire", "six-card"])
def test_enter_watches_the_game_s_replay_to_the_result_the_journal_kept(
    ui: Driver, game: str
) -> None:
    screen = _open(ui)
    every = _journal_rows(ui)
    index = next(
        i for i, row in enumerate(every) if row.game == game and row.outcome != "abandoned"
    )
    row = every[index]
    screen.select(index)
    ui.key(pygame.K_RETURN)
    ui.settle()
    watch = ui.top
    expected = finished_replay(ui.app.records.journal.finished(row.id))  # type: ignore[arg-type]
    if game == "solitaire":
        assert isinstance(watch, WatchScene) and isinstance(expected, Replay)
        assert watch.replay == expected
        assert watch.name == f"Game {row.id} · {row.ended[:16].replace('T', ' ')}"
        _watch_to_the_end(ui)
        assert watch.index == watch.total == row.moves
        assert (watch.game.status, watch.game.score) == (row.outcome, row.score)
    else:
        assert isinstance(watch, SixWatchScene) and isinstance(expected, SixReplay)
        assert watch.replay == expected
        _watch_to_the_end(ui)
        assert watch.index == watch.total == row.moves
        assert watch.state.over and totals(watch.state)[0] == row.score
    while ui.top is not screen:  # Esc (through a six-card game's final standings): the list
        ui.key(pygame.K_ESCAPE)
        ui.settle()
    assert screen.selected == index
    assert not list(Path(ui.app.replays_dir or "").glob("**/*.yaml"))  # nothing was recorded
    assert ui.app.records.journal.finished_count() == COUNT  # nor counted


def _name(watch: object) -> str:
    """The name a viewer shows for its replay."""
    if isinstance(watch, SixWatchScene):
        return watch.title
    assert isinstance(watch, WatchScene)
    return watch.name


@pytest.mark.parametrize("row", [0, 3])  # a six-card game, a round's hole
def test_a_click_on_a_row_watches_that_game(ui: Driver, row: int) -> None:
    screen = _open(ui)
    game = screen.rows[row]
    ui.click(screen.row_rect(row).center)
    ui.settle()
    assert screen.selected == row
    assert _name(ui.top).startswith(f"Game {game.id} · ")
    kind = SixWatchScene if game.game == "six-card" else WatchScene
    assert isinstance(ui.top, kind)


def test_a_game_whose_actions_cannot_be_read_says_why_and_stays(ui: Driver) -> None:
    screen = _open(ui)
    newest = screen.rows[0].id
    ui.app.records.journal.db.write(
        ("UPDATE games SET actions = ? WHERE id = ?", (b"not packed", newest))
    )
    ui.key(pygame.K_RETURN)
    ui.settle()
    assert ui.top is screen
    assert screen.message.startswith(f"Game {newest} cannot be watched: ")
    ui.frames(2)
    ui.key(pygame.K_DOWN)
    assert screen.message == ""


def test_the_selected_game_is_read_aloud(ui: Driver) -> None:
    screen = _open(ui)
    row = screen.rows[0]
    words = focused_label(screen, ui.app.texts)
    assert words is not None
    assert words.startswith(f"Game {row.id}: ") and f"{row.moves} moves" in words
    assert row.ended[:16].replace("T", " ") in words
    ui.key(pygame.K_DOWN)
    assert focused_label(screen, ui.app.texts) != words


def test_the_statistics_screen_opens_the_history_and_back_leads_there(ui: Driver) -> None:
    ui.app.flow.open_stats()
    ui.settle()
    stats = ui.top
    assert isinstance(stats, StatsScene)
    [button] = [b for b in stats.menu.buttons if b.key == "history.open"]
    ui.click(button.rect.center)
    ui.settle()
    assert isinstance(ui.top, HistoryScene)
    ui.key(pygame.K_ESCAPE)
    ui.settle()
    assert ui.top is stats


def test_an_empty_history_says_so_in_one_line(tmp_path: Path) -> None:
    ui = _driver(tmp_path, tmp_path / "empty")
    screen = _open(ui)
    assert (screen.count, screen.rows, screen.pages) == (0, [], 1)
    assert not any(b.enabled for b in screen.buttons[:3])
    line = ui.app.texts("history.empty")
    assert ui.app.look.type.width(line, 9) < 1100  # one line across the panel
    ui.key(pygame.K_RETURN)
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RIGHT)
    assert ui.top is screen and focused_label(screen, ui.app.texts) is None
    ui.key(pygame.K_ESCAPE)
    ui.settle()
    assert isinstance(ui.top, TitleScene)
    pygame.event.clear()


def test_the_history_in_french(tmp_path: Path, data: Path) -> None:
    ui = _driver(tmp_path, data, lang="fr")
    texts = ui.app.texts
    title = ui.top
    assert isinstance(title, TitleScene)
    assert title.sides.history.label(texts) == "Historique"
    screen = _open(ui)
    said = {row_text(texts, row) for row in _journal_rows(ui)}
    assert {cells.game for cells in said} == {"Réussite", "Golf à six cartes"}
    assert {cells.result for cells in said} >= {"Gagnée", "Bloquée", "Abandonnée"}
    six = {row_text(texts, row).result for row in _journal_rows(ui) if row.game == "six-card"}
    assert six and six <= {"Gagnée", "Ex æquo", "Perdue"}
    assert {cells.rules for cells in said} >= {"Facile", "Classique"}
    assert texts("history.count", count=COUNT).startswith(f"{COUNT} parties terminées")
    assert texts("history.page", page=1, pages=3) == "Page 1 sur 3"
    assert texts("history.empty").startswith("Aucune partie n'est encore terminée")
    assert ui.app.look.type.width(texts("history.empty"), 9) < 1100  # one line
    notes = {cells.note for cells in said}
    assert any(note.endswith("· donne du jour") for note in notes)
    assert any(", trou 1" in note and note.startswith("N° ") for note in notes)
    words = focused_label(screen, texts)
    assert words is not None and words.startswith(f"Partie {screen.rows[0].id} : ")
    ui.key(pygame.K_RETURN)
    ui.settle()
    assert _name(ui.top).startswith(f"Partie {screen.rows[0].id} · ")
    pygame.event.clear()
