"""The arcade high-score entry: three initials by keyboard, mouse or gamepad, then the table."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from golf.journal.journal import Ending
from golf.solitaire.engine import Action
from golf.solitaire.session import Game
from golf.solitaire.stats import GameResult
from scenes.core.look import PIXEL, SCREEN_SIZE, Colour
from scenes.core.records import Records
from scenes.highscores import NEW_ENTRY, HighScoresScene, HighScoreTicker, InitialsScene
from scenes.solitaire.dialogs import SLIDE_SECONDS, GameOverScene
from tests.ui_driver import DAY, WIN_CODE, WIN_LINE, Driver, make_driver


def _driver(tmp_path: Path, animation: str = "off") -> Driver:
    driver = make_driver(tmp_path / "data", tmp_path, animation=animation)
    # the journal dates a game by when it ended: the same calendar day as the window's
    driver.app.records.now = lambda: f"{DAY.isoformat()}T12:00:00"
    return driver


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield _driver(tmp_path)
    pygame.event.clear()


def _win_moves() -> int:
    """The moves of the win of WIN_CODE by WIN_LINE."""
    game = Game.from_code(WIN_CODE)
    for token in WIN_LINE:
        assert game.apply(Action.draw() if token == "d" else Action.play(int(token))) is None
    assert game.status == "won"
    return GameResult.of_game(game).moves


def _signed(
    ui: Driver,
    rules: str,
    initials: str,
    score: int,
    code: str,
    moves: int = 50,
    seconds: float = 60.0,
) -> None:
    """A won game in the journal, signed with ``initials``: a line of ``rules``'s table."""
    journal = ui.app.records.journal
    game_id = journal.begin("solitaire", code, rules, f"{DAY.isoformat()}T10:00:00")
    ending = Ending(
        "won", f"{DAY.isoformat()}T10:05:00", (), (), seconds, moves, score=score, cards_left=0
    )
    assert journal.finish(game_id, ending)
    journal.sign(game_id, initials)
    ui.app.records.changed()


def _win(ui: Driver) -> InitialsScene:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    ui.play_line(WIN_LINE)
    ui.settle()
    entry = ui.top
    assert isinstance(entry, InitialsScene)
    return entry


def test_initials_typed_on_the_keyboard_enter_the_table(ui: Driver, tmp_path: Path) -> None:
    entry = _win(ui)
    assert entry.chance.place == 1 and entry.chance.score == 350
    ui.type("j")
    ui.type("o")
    ui.type("e")  # the letter keys U, N, R, H would also be game keys: only the text counts
    assert entry.initials == "JOE"
    assert entry.cursor == 3  # on OK
    ui.key(pygame.K_RETURN)
    ui.frames(3)
    table = ui.top
    assert isinstance(table, HighScoresScene)
    assert table.highlight == 1
    entries = ui.app.records.scores.table("easy").entries
    assert [(e.initials, e.score, e.code, e.date) for e in entries] == [
        ("JOE", 350, WIN_CODE, DAY.isoformat())
    ]
    (signed,) = Records(tmp_path / "data").scores.table("easy").entries  # as the next window
    assert (signed.initials, signed.score, signed.moves) == ("JOE", 350, _win_moves())
    ui.key(pygame.K_ESCAPE)  # back to the result
    ui.frames(3)
    assert isinstance(ui.top, GameOverScene)


def test_letters_outside_ascii_typed_as_initials_are_not_folded_onto_others(ui: Driver) -> None:
    """ſ and ı would become S and I through upper(): they are not initials; the cursor stays."""
    entry = _win(ui)
    ui.type("ſ")
    ui.type("ı")
    assert entry.cursor == 0
    ui.type("s")
    assert entry.initials.startswith("S") and entry.cursor == 1


def test_game_keys_typed_as_initials_do_not_act_on_the_game(ui: Driver) -> None:
    entry = _win(ui)
    ui.type("n")
    ui.type("r")
    ui.type("u")
    assert entry.initials == "NRU"
    assert ui.top is entry
    ui.key(pygame.K_BACKSPACE)
    assert entry.cursor == 2
    ui.type("h")
    ui.key(pygame.K_RETURN)
    ui.frames(2)
    assert ui.app.records.scores.table("easy").entries[0].initials == "NRH"


def test_arrows_turn_the_wheel_and_move_along(ui: Driver) -> None:
    entry = _win(ui)
    assert entry.initials == "AAA"
    ui.key(pygame.K_UP)
    ui.key(pygame.K_UP)  # A → B → C
    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_DOWN)  # A → space, the end of the wheel
    ui.key(pygame.K_DOWN)  # → 9
    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_RIGHT)  # to OK
    assert entry.initials == "C9A"
    ui.key(pygame.K_RETURN)
    ui.frames(2)
    assert ui.app.records.scores.table("easy").entries[0].initials == "C9A"


def test_initials_of_spaces_only_are_refused(ui: Driver) -> None:
    entry = _win(ui)
    ui.type("   ")
    ui.key(pygame.K_RETURN)
    assert ui.top is entry
    assert entry.error == "Initials cannot be all spaces"
    assert ui.app.records.scores.table("easy").entries == ()


def test_the_mouse_clicks_the_arrows_and_ok(ui: Driver) -> None:
    entry = _win(ui)
    up = entry._arrow_rect(entry.boxes[1], up=True)
    ui.click(up.center)
    ui.click(up.center)
    down = entry._arrow_rect(entry.boxes[2], up=False)
    ui.click(down.center)
    assert entry.initials == "AC "
    ui.click(entry.ok.rect.center)
    ui.frames(2)
    assert isinstance(ui.top, HighScoresScene)
    assert ui.app.records.scores.table("easy").entries[0].initials == "AC "


def test_a_gamepad_enters_initials(ui: Driver) -> None:
    entry = _win(ui)
    ui.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # A → space
    ui.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # → 9
    ui.pad(pygame.CONTROLLER_BUTTON_A)  # next place
    ui.pad(pygame.CONTROLLER_BUTTON_DPAD_UP)  # A → B
    ui.pad(pygame.CONTROLLER_BUTTON_A)
    ui.pad(pygame.CONTROLLER_BUTTON_A)  # on OK
    assert entry.cursor == 3
    ui.pad(pygame.CONTROLLER_BUTTON_A)
    ui.frames(2)
    assert ui.app.records.scores.table("easy").entries[0].initials == "9BA"


def test_skipping_leaves_the_table_empty(ui: Driver) -> None:
    _win(ui)
    ui.key(pygame.K_ESCAPE)
    ui.frames(2)
    assert isinstance(ui.top, GameOverScene)
    assert ui.app.records.scores.table("easy").entries == ()


def test_a_score_that_does_not_beat_the_tenth_asks_nothing(ui: Driver) -> None:
    for _ in range(10):  # the same score in as many moves, and quicker
        _signed(ui, "easy", "ACE", 350, WIN_CODE, moves=_win_moves(), seconds=0.001)
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    ui.play_line(WIN_LINE)
    ui.settle()
    assert isinstance(ui.top, GameOverScene)  # a tie with the tenth does not qualify
    assert len(ui.app.records.scores.table("easy").entries) == 10


def test_the_same_score_in_fewer_moves_goes_ahead(ui: Driver) -> None:
    for _ in range(10):
        _signed(ui, "easy", "ACE", 350, WIN_CODE, moves=_win_moves() + 1, seconds=0.001)
    entry = _win(ui)
    assert entry.chance.score == 350 and entry.chance.place == 1
    ui.type("JOE")
    ui.key(pygame.K_RETURN)
    ui.frames(2)
    entries = ui.app.records.scores.table("easy").entries
    assert [e.initials for e in entries] == ["JOE"] + ["ACE"] * 9


def test_the_last_initials_are_offered_again(ui: Driver) -> None:
    _win(ui)
    ui.type("ZOE")
    ui.key(pygame.K_RETURN)
    ui.frames(2)
    ui.key(pygame.K_ESCAPE)
    ui.frames(2)
    again = _win(ui)
    assert again.initials == "ZOE"
    assert again.chance.place == 2  # a tie goes below the earlier entry


def test_the_title_ticker_turns_through_the_tables(ui: Driver) -> None:
    ticker = HighScoreTicker(ui.app, pygame.Rect(0, 0, 360, 284))
    assert ticker.keys == []  # nothing to show yet
    _signed(ui, "classic", "BOB", 200, "GO1-C-AAAAAAB")
    _signed(ui, "easy", "AMY", 300, WIN_CODE)
    assert ticker.key == "easy"
    ticker.update(5.1)
    assert ticker.key == "classic"
    ticker.update(5.0)
    assert ticker.key == "easy"
    ticker.draw(ui.app.screen)


def test_no_edge_of_the_game_over_panel_shows_around_the_initials(tmp_path: Path) -> None:
    """The initials open over the game-over panel while it still slides in: it ends its slide
    when covered, and the initials' panel hides all of it (its drop shadow too)."""
    ui = _driver(tmp_path, animation="normal")
    entry = _win(ui)
    over = ui.app.scenes.stack[-2]
    assert isinstance(over, GameOverScene)
    assert over.opened >= SLIDE_SECONDS  # drawn where it rests, not 40 pixels higher
    size = (over.panel.width + 2 * PIXEL, over.panel.height + 2 * PIXEL)
    drawn = pygame.Rect(over.panel.topleft, size)
    assert entry.panel.contains(drawn)


def _contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours (4.5 is enough for small text)."""

    def luminance(colour: tuple[int, int, int]) -> float:
        linear = [
            v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
            for v in (c / 255 for c in colour)
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


ENTRIES = (("ABC", 350), ("XYZ", 300), ("EAR", 250), ("JOE", 120))


@pytest.mark.parametrize("place", [1, 2, 3, 4])
def test_every_cell_of_a_new_entry_reads_clearly_on_its_highlight(
    ui: Driver, monkeypatch: pytest.MonkeyPatch, place: int
) -> None:
    """The row blinks between two shades; on both, the large cells keep 3:1 and the deal's
    small type 4.5:1 (WCAG's thresholds)."""
    for i, (initials, score) in enumerate(ENTRIES):
        _signed(ui, "easy", initials, score, f"GO1-E-AAAAAA{'BCDE'[i]}")
    assert [e.initials for e in ui.app.records.scores.table("easy").entries] == [
        initials for initials, _ in ENTRIES
    ]
    screen = HighScoresScene(ui.app, "easy", highlight=place)
    drawn: dict[str, Colour] = {}
    blit = ui.app.look.type.blit

    def recording(
        surface: pygame.Surface, text: str, size: int, colour: Colour, *args: Any, **kwargs: Any
    ) -> pygame.Rect:
        drawn[text] = colour
        return blit(surface, text, size, colour, *args, **kwargs)

    monkeypatch.setattr(ui.app.look.type, "blit", recording)
    initials, score = ENTRIES[place - 1]
    surface = pygame.Surface(SCREEN_SIZE)
    for clock in (0.0, 0.3):
        screen.clock = clock
        screen.draw(surface)
        for shade in NEW_ENTRY:
            for large in (initials, str(score), DAY.isoformat()):
                assert _contrast(drawn[large], shade) >= 3, (large, drawn[large], shade)
            code = f"GO1-E-AAAAAA{'BCDE'[place - 1]}"
            assert _contrast(drawn[code], shade) >= 4.5, (code, drawn[code], shade)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_entry_shows_its_moves_and_time_and_0_1_0_s_entries_a_dash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """The moves and time that break a tie are in the table (an entry imported from version
    0.1.0 knows neither: –), every cell within its column at 1280×720."""
    ui = make_driver(tmp_path / "data", tmp_path, lang=lang)
    _signed(ui, "easy", "ABC", 350, "GO1-E-AAAAAAB", moves=51, seconds=76.54)
    _signed(ui, "easy", "XYZ", 350, "GO1-E-AAAAAAC", moves=51, seconds=1000.0)
    ui.app.records.journal.db.write(
        (
            "INSERT INTO imported_scores(rules, initials, score, day, code)"
            " VALUES ('easy', 'OLD', 300, '2026-10-01', 'GO1-E-AAAAAAD')",
            (),
        )
    )
    ui.app.records.changed()
    entries = ui.app.records.scores.table("easy").entries
    assert [(e.initials, e.moves) for e in entries] == [("ABC", 51), ("XYZ", 51), ("OLD", None)]
    screen = HighScoresScene(ui.app, "easy")
    drawn: list[tuple[str, pygame.Rect]] = []
    blit = ui.app.look.type.blit

    def recording(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = blit(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(ui.app.look.type, "blit", recording)
    screen.draw(pygame.Surface(SCREEN_SIZE))
    texts = [text for text, _ in drawn]
    point = "," if lang == "fr" else "."
    assert texts.count("51") == 2
    assert f"1:16{point}5" in texts and f"16:40{point}0" in texts
    assert texts.count("–") == 2  # OLD's moves and time
    heads = {ui.app.texts(f"scores.{name}") for name in ("moves", "time")}
    assert heads <= set(texts)
    # no two cells of a line meet, and the table stays on the screen
    lines: dict[int, list[pygame.Rect]] = {}
    for _, rect in drawn:
        if rect.top > 170:
            lines.setdefault(rect.centery // 10, []).append(rect)
    for cells in lines.values():
        cells.sort(key=lambda r: r.left)
        assert all(a.right <= b.left for a, b in itertools.pairwise(cells)), cells
        assert cells[0].left >= 0 and cells[-1].right <= SCREEN_SIZE[0]
    pygame.event.clear()
