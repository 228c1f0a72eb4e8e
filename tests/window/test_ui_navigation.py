"""Keyboard, pad and mouse agree: arrows move by geometry in button grids, one highlighted
button at a time, and a pad draws from the stock."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.solitaire.engine import Action
from golf.solitaire.session import Game
from scenes.core.input import Intent, Kind
from scenes.core.widgets import Button, Menu, neighbour
from scenes.highscores import InitialsScene
from scenes.solitaire.dialogs import GameOverScene, _grid
from scenes.title import TitleScene
from tests.ui_driver import WIN_CODE, WIN_LINE, Driver, make_driver

OVER_KEYS = [
    "over.new",
    "over.again",
    "over.save_replay",
    "over.watch_replay",
    "over.analysis",
    "over.title",
]


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(tmp_path / "data", tmp_path)
    pygame.event.clear()


def _over_grid() -> list[Button]:
    def nothing() -> None:
        pass

    return _grid([(key, nothing, "orange") for key in OVER_KEYS], 404)


def _move(buttons: list[Button], start: str, arrow: Kind) -> str:
    rects = [b.rect for b in buttons]
    index = neighbour(rects, [True] * len(buttons), OVER_KEYS.index(start), arrow)
    return OVER_KEYS[index]


def test_down_in_a_grid_goes_to_the_button_below_not_the_next() -> None:
    grid = _over_grid()  # New Again / Save Watch / Analysis (Title alone, centred)
    assert _move(grid, "over.new", Kind.DOWN) == "over.save_replay"
    assert _move(grid, "over.again", Kind.DOWN) == "over.watch_replay"
    assert _move(grid, "over.save_replay", Kind.DOWN) == "over.analysis"
    assert _move(grid, "over.analysis", Kind.DOWN) == "over.title"
    assert _move(grid, "over.new", Kind.RIGHT) == "over.again"
    assert _move(grid, "over.watch_replay", Kind.LEFT) == "over.save_replay"
    assert _move(grid, "over.watch_replay", Kind.UP) == "over.again"
    assert _move(grid, "over.title", Kind.DOWN) == "over.new"  # nothing below: round again


def test_a_column_and_a_disabled_button() -> None:
    rects = [pygame.Rect(100, 100 + 60 * i, 200, 50) for i in range(4)]
    assert neighbour(rects, [True, False, True, True], 0, Kind.DOWN) == 2  # skips the disabled
    assert neighbour(rects, [True] * 4, 3, Kind.DOWN) == 0  # wraps round
    assert neighbour(rects, [True] * 4, 3, Kind.DOWN, wrap=False) == 3
    assert neighbour(rects, [True] * 4, 2, Kind.LEFT) == 1  # a column: Left is Up, as before


def _win(ui: Driver) -> GameOverScene:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    ui.play_line(WIN_LINE)
    ui.settle()
    if isinstance(ui.top, InitialsScene):
        ui.key(pygame.K_ESCAPE)
        ui.frames(2)
    over = ui.top
    assert isinstance(over, GameOverScene)
    return over


def _focused(menu: Menu) -> str:
    return menu.buttons[menu.focus].key


def _highlighted(menu: Menu) -> list[str]:
    """The buttons that show as chosen: the focus frame, or the pointer's brighter face."""
    return sorted(
        {
            b.key
            for i, b in enumerate(menu.buttons)
            if b.hover or (menu.show_focus and i == menu.focus)
        }
    )


def test_down_on_the_game_over_screen_walks_down_the_grid_opening_nothing(ui: Driver) -> None:
    over = _win(ui)
    assert _focused(over.menu) == "over.new"
    walked = []
    for _ in range(3):
        ui.key(pygame.K_DOWN)
        walked.append(_focused(over.menu))
    assert walked == ["over.save_replay", "over.analysis", "over.title"]
    assert ui.top is over  # no dialog opened by the way


def _point(ui: Driver, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    )
    ui.frames()


def test_one_highlight_the_pointer_takes_the_focus_and_keys_move_on_from_there(ui: Driver) -> None:
    over = _win(ui)
    buttons = {b.key: b for b in over.menu.buttons}
    _point(ui, (5, 5))  # the pointer's first position: where it rested, nothing taken
    _point(ui, buttons["over.watch_replay"].rect.center)
    assert _highlighted(over.menu) == ["over.watch_replay"]
    ui.key(pygame.K_DOWN)  # from the pointed button, down: the grid's last centred button
    assert _highlighted(over.menu) == ["over.title"]
    _point(ui, buttons["over.again"].rect.center)
    assert _highlighted(over.menu) == ["over.again"]
    _point(ui, (5, 5))  # off every button: the focus stays where it was, alone
    assert _highlighted(over.menu) == ["over.again"]
    ui.key(pygame.K_LEFT)
    assert _highlighted(over.menu) == ["over.new"]
    assert ui.top is over


def test_on_the_title_the_pointer_takes_the_focus_to_its_column(ui: Driver) -> None:
    title = ui.top
    assert isinstance(title, TitleScene)
    _point(ui, (5, 5))
    side = title.sides.left.buttons[0]
    _point(ui, side.rect.center)
    assert title.sides.column == -1 and not title.menu.show_focus
    assert _highlighted(title.sides.left) == [side.key] and _highlighted(title.menu) == []
    _point(ui, title.menu.buttons[2].rect.center)
    assert title.sides.column == 0 and _highlighted(title.sides.left) == []
    assert _highlighted(title.menu) == [title.menu.buttons[2].key]
    ui.key(pygame.K_DOWN)
    assert _highlighted(title.menu) == [title.menu.buttons[3].key]


def test_a_pad_draws_from_the_stock(ui: Driver) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    table = ui.table
    ui.key(pygame.K_RIGHT)  # the cursor shows (on the stock)
    ui.key(pygame.K_RIGHT)  # and moves to a column: A would play it
    assert table.cursor_visible and table.cursor == 0
    ui.pad(pygame.CONTROLLER_BUTTON_X)  # X draws, wherever the cursor is
    assert table.game.log == [Action.draw()]
    ui.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # down to the stock, then A
    ui.pad(pygame.CONTROLLER_BUTTON_A)
    assert table.game.log == [Action.draw(), Action.draw()]


def test_menu_focus_by_keys_clears_the_pointer_highlight() -> None:
    def nothing() -> None:
        pass

    buttons = [Button(pygame.Rect(100, 100 + 60 * i, 200, 50), "k", nothing) for i in range(3)]
    menu = Menu(buttons)
    menu.handle(Intent(Kind.POINT, pos=(0, 0)))
    menu.handle(Intent(Kind.POINT, pos=buttons[1].rect.center))
    assert menu.focus == 1 and buttons[1].hover
    menu.handle(Intent(Kind.DOWN))
    assert menu.focus == 2 and not any(b.hover for b in buttons)
