"""The new-game window opened with the N key starts with an empty code field.

SDL sends the key press and the text it types as two events of the same press: the N that opens
the window must not land in the code field the window shows.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scenes.solitaire.newgame import NewGameScene
from scenes.title import TitleScene
from tests.ui_driver import Driver, make_driver


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(None, tmp_path)
    pygame.event.clear()


def test_n_on_the_title_opens_the_window_with_an_empty_code_field(ui: Driver) -> None:
    ui.frames(2)
    assert isinstance(ui.top, TitleScene)
    ui.key(pygame.K_n, text="n")
    ui.frames(2)
    window = ui.top
    assert isinstance(window, NewGameScene)
    assert window.field.text == ""


def test_letters_typed_once_the_window_shows_go_in_the_code_field(ui: Driver) -> None:
    ui.frames(2)
    ui.key(pygame.K_n, text="n")
    ui.frames(1)
    window = ui.top
    assert isinstance(window, NewGameScene)
    ui.type("gn1")  # an N typed in the field is kept, like any other letter
    assert window.field.text == "GN1"
