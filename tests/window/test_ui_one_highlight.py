"""One highlighted element at a time, on the screens that could show two: the six-card setup's
rows (Up and Down by geometry), the six-card table's Knock and Menu buttons, and the high-score
initials pop-up's letters and buttons."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.sixcard.rules import SixRules
from scenes.core.input import Intent, Kind
from scenes.highscores import SKIP, InitialsScene
from scenes.sixcard.parts import KNOCK
from scenes.sixcard.setup import HUMAN, SixSetup, SixSetupScene
from tests.window.test_ui_six import UI, _make_ui, _sit


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[UI]:
    yield _make_ui(tmp_path)
    pygame.event.clear()


def _setup(ui: UI) -> SixSetupScene:
    ui.app.flow.open_six_card()
    ui.frames(1)
    setup = ui.top
    assert isinstance(setup, SixSetupScene)
    return setup


def _focus(setup: SixSetupScene, item: object) -> None:
    setup.form.focus = setup.form.items.index(item)  # type: ignore[arg-type]


def test_down_from_the_last_row_on_the_left_goes_to_the_buttons_below(ui: UI) -> None:
    setup = _setup(ui)
    _focus(setup, setup.left[-1])  # the pace, at the bottom of the left column
    ui.key(pygame.K_DOWN)
    assert setup.form.focused in setup.buttons  # not the top of the rules on the right


def test_up_and_down_stay_in_their_column(ui: UI) -> None:
    setup = _setup(ui)
    _focus(setup, setup.right[0])
    ui.key(pygame.K_DOWN)
    assert setup.form.focused is setup.right[1]
    _focus(setup, setup.left[0])  # the number of players; the seats below it
    ui.key(pygame.K_DOWN)
    assert setup.form.focused is setup.left[1]
    ui.key(pygame.K_UP)
    assert setup.form.focused is setup.left[0]


def test_down_skips_the_empty_seats(ui: UI) -> None:
    setup = _setup(ui)
    players = setup.setup.players
    _focus(setup, setup.left[players])  # the last seat someone sits at
    ui.key(pygame.K_DOWN)
    assert setup.form.focused is setup.left[-1]  # the pace, past the greyed-out seats


def test_an_arrow_in_the_setup_takes_the_pointers_highlight_away(ui: UI) -> None:
    setup = _setup(ui)
    setup.left[0].hover = True
    ui.key(pygame.K_DOWN)
    assert not any(item.hover for item in setup.form.items)


def _knock_table(ui: UI) -> object:
    """A knock game's table with the person to act in the turn phase (Knock open)."""
    setup = SixSetup(
        players=2,
        kinds=(HUMAN,) + ("easy",) * 5,
        rules=SixRules(knock=True),
        speed="fast",
        number=3,
    )
    table = _sit(ui, setup)
    for _ in range(4):  # the opening: turn up two cards (the first arrow shows the cursor)
        ui.wait_for_person()
        if table.state.phase != "opening":
            break
        ui.key(pygame.K_RIGHT)
        ui.key(pygame.K_RETURN, text="\r")
    ui.wait_for_person()
    assert table.state.phase == "turn" and table.knock_open()
    return table


def _move(ui: UI, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    )
    ui.frames(1)


def test_the_pointer_on_menu_hides_the_knock_focus_and_a_key_takes_it_back(ui: UI) -> None:
    table = _knock_table(ui)
    table.cursor, table.cursor_visible = KNOCK, True  # Knock focused by the keys
    _move(ui, (table.menu_button.rect.centerx + 2, table.menu_button.rect.centery))
    _move(ui, table.menu_button.rect.center)
    assert table.menu_button.hover
    assert not table.cursor_visible  # Knock's focus frame is gone: Menu alone is highlighted
    ui.key(pygame.K_LEFT)  # the keys lead again: the cursor shows, the pointer's hover goes
    assert table.cursor_visible and not table.menu_button.hover


def test_the_pointer_on_knock_hides_the_card_cursor(ui: UI) -> None:
    table = _knock_table(ui)
    table.cursor, table.cursor_visible = ("slot", 0), True
    _move(ui, (table.knock_button.rect.centerx + 2, table.knock_button.rect.centery))
    assert table.knock_button.hover and not table.cursor_visible


def _initials(ui: UI) -> InitialsScene:
    from scenes.core.records import HighScoreChance

    chance = HighScoreChance("easy", 350, "GO1-E-AAAAAAB", ui.app.records.today(), 1)
    entry = InitialsScene(ui.app, chance)
    ui.app.scenes.push(entry)
    ui.frames(1)
    return entry


def test_the_pointer_onto_skip_takes_the_cursor_from_the_letters(ui: UI) -> None:
    entry = _initials(ui)
    assert entry.cursor == 0
    entry.handle(Intent(Kind.POINT, pos=(5, 5)))  # where the pointer rested: takes nothing
    entry.handle(Intent(Kind.POINT, pos=entry.skip.rect.center))
    assert entry.cursor == SKIP and not entry.skip.hover and not entry.ok.hover
    ui.key(pygame.K_LEFT)
    assert entry.cursor == SKIP - 1  # on OK: one highlight, moved by the keys
    entry.handle(Intent(Kind.POINT, pos=entry.ok.rect.center))
    assert entry.cursor == SKIP - 1


def test_the_pointer_resting_where_the_pop_up_opened_takes_nothing(ui: UI) -> None:
    entry = _initials(ui)
    entry.handle(Intent(Kind.POINT, pos=entry.skip.rect.center))
    assert entry.cursor == 0


def test_enter_on_skip_leaves_without_an_entry(ui: UI) -> None:
    entry = _initials(ui)
    for _ in range(5):
        ui.key(pygame.K_RIGHT)
    assert entry.cursor == SKIP
    assert entry.focus_words() == ui.app.texts("initials.skip")
    ui.key(pygame.K_RETURN, text="\r")
    ui.frames(1)
    assert ui.top is not entry and entry.done
