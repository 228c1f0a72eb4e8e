"""Whole games through the window under the dummy driver: posted keys and clicks, fixed dt.

Title → game → game over, by keyboard only and by mouse only, to a win and to a block; the
refusal messages; the language switch. Deal GO1-E-AAAAAAA is won by ``WIN_LINE``
(``tests/ui_driver.py``); GO1-C-AAAAAAC blocks after 16 draws.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.solitaire.rules import EASY
from golf.solitaire.session import Game
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.look import CARD_H, CARD_W, SCREEN_SIZE
from scenes.core.settings import SETTINGS_FILE
from scenes.core.widgets import Button
from scenes.highscores import InitialsScene
from scenes.options import OptionsScene
from scenes.solitaire.dialogs import BlockedDialog, GameOverScene
from scenes.solitaire.game import GameScene
from scenes.solitaire.layout import layout, stock_rect
from scenes.solitaire.newgame import NewGameScene
from scenes.title import TitleScene
from tests.ui_driver import WIN_CODE, WIN_LINE, Driver

BLOCK_CODE = "GO1-C-AAAAAAC"
ROOT = Path(__file__).resolve().parents[2]


class UI(Driver):
    """The window driven by posted events, with the table's cards clicked where they lie."""

    def click_button(self, buttons: list[Button], key: str) -> None:
        button = next(b for b in buttons if b.key == key)
        self.click(button.rect.center)

    def click_free_card(self, column: int) -> None:
        card = self.table.game.position.columns[column - 1][-1]
        place = layout(self.table.game.position)[card]
        self.click((place.x + CARD_W // 2, place.y + CARD_H // 2))

    def play_line_by_keys(self, line: list[str]) -> None:
        self.play_line(line)

    def play_line_by_clicks(self, line: list[str]) -> None:
        for token in line:
            if token == "d":
                self.click(stock_rect().center)
            else:
                self.click_free_card(int(token))
            self.frames(2)


def make_ui(config_dir: Path, lang: str = "en", **options: object) -> UI:
    """A window on the title (seed 7), its settings in ``config_dir``; ``options``: more
    :class:`WindowOptions`."""
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(config_dir=config_dir, seed=7, lang=lang, **options)  # type: ignore[arg-type]
    app = build_app(window, screen)
    first_scene(app, window)
    pygame.event.clear()
    return UI(app)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[UI]:
    yield make_ui(tmp_path)
    pygame.event.clear()


def test_the_window_opens_on_the_title(ui: UI) -> None:
    ui.frames(3)
    assert isinstance(ui.top, TitleScene)


def test_keyboard_only_from_title_to_a_win_and_on(ui: UI) -> None:
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    ui.frames(2)
    assert isinstance(ui.top, NewGameScene)
    ui.type(WIN_CODE.lower())
    ui.key(pygame.K_RETURN)
    ui.settle()
    assert isinstance(ui.top, GameScene)
    assert ui.table.game.code == WIN_CODE
    # one frame between keys: the cards are still flying when the next key arrives
    ui.play_line_by_keys(WIN_LINE)
    assert ui.table.game.status == "won"
    ui.settle()
    assert isinstance(ui.top, InitialsScene)  # the first win enters the empty high-score table
    ui.key(pygame.K_ESCAPE)  # skip the initials
    ui.frames(2)
    over = ui.top
    assert isinstance(over, GameOverScene)
    assert over.won
    assert dict(over.rows())["Score"] == "350"
    assert dict(over.rows())["Moves"] == str(len(WIN_LINE))
    ui.key(pygame.K_RETURN)  # "New game" has the focus
    ui.settle()
    assert isinstance(ui.top, GameScene)
    assert ui.table.game.code != WIN_CODE
    assert ui.table.game.rules == EASY


def test_mouse_only_from_title_to_a_win_and_back(ui: UI) -> None:
    pygame.scrap.put_text(f"  {WIN_CODE}\n")
    title = ui.top
    assert isinstance(title, TitleScene)
    ui.click_button(title.menu.buttons, "title.new_game")
    ui.frames(2)
    window = ui.top
    assert isinstance(window, NewGameScene)
    ui.click_button(window.buttons, "new.paste")
    assert window.field.text == WIN_CODE
    ui.click_button(window.buttons, "new.start")
    ui.settle()
    assert ui.table.game.code == WIN_CODE
    ui.play_line_by_clicks(WIN_LINE)
    ui.settle()
    initials = ui.top
    assert isinstance(initials, InitialsScene)  # the first win enters the empty high-score table
    ui.click(initials.skip.rect.center)
    ui.frames(2)
    over = ui.top
    assert isinstance(over, GameOverScene)
    assert over.won
    ui.click_button(over.menu.buttons, "over.title")
    ui.settle()
    assert isinstance(ui.top, TitleScene)


def test_a_blocked_game_offers_undo_and_the_result(ui: UI) -> None:
    ui.app.flow.start_game(Game.from_code(BLOCK_CODE))
    ui.settle()
    for _ in range(16):
        ui.key(pygame.K_SPACE, text=" ")
    ui.settle()
    dialog = ui.top
    assert isinstance(dialog, BlockedDialog)
    assert ui.table.game.status == "blocked"
    ui.key(pygame.K_u, text="u")
    ui.frames(2)
    assert isinstance(ui.top, GameScene)
    assert len(ui.table.game.position.stock) == 1
    ui.click(stock_rect().center)
    ui.settle()
    dialog = ui.top
    assert isinstance(dialog, BlockedDialog)
    ui.click_button(dialog.menu.buttons, "blocked.see")
    ui.frames(2)
    over = ui.top
    assert isinstance(over, GameOverScene)
    assert not over.won
    assert dict(over.rows())["Score"] == "0"
    assert dict(over.rows())["Cards left"] == "35"
    ui.click_button(over.menu.buttons, "over.again")
    ui.settle()
    assert ui.table.game.code == BLOCK_CODE
    assert ui.table.game.moves == 0


def _not_following_column(scene: GameScene) -> int:
    position = scene.game.position
    for column, cards in enumerate(position.columns, start=1):
        if cards and not scene.game.rules.may_play(cards[-1], position.waste_top):
            return column
    raise AssertionError("every free card plays")


def test_refusals_are_shown_when_interactive_rules_are_on(ui: UI) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    table = ui.table
    ui.click(
        (
            table.sprites[table.game.position.columns[0][0]].rect.centerx,
            table.sprites[table.game.position.columns[0][0]].rect.top + 10,
        )
    )
    assert [t.text for t in table.toasts] == ["This card is blocked"]
    column = _not_following_column(table)
    ui.key(getattr(pygame, f"K_{column}"), text=str(column))
    assert [t.text for t in table.toasts] == ["Must be one rank higher or lower"]
    assert table.game.moves == 0
    assert "refusal" in ui.app.sound.played


def test_refusals_are_silent_when_interactive_rules_are_off(ui: UI) -> None:
    ui.app.change_settings(ui.app.settings.with_(interactive_rules=False), save=False)
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    column = _not_following_column(ui.table)
    ui.key(getattr(pygame, f"K_{column}"), text=str(column))
    assert ui.table.toasts == []
    assert ui.table.game.moves == 0


def test_refusals_speak_french(tmp_path: Path) -> None:
    ui = make_ui(tmp_path, lang="fr")
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    column = _not_following_column(ui.table)
    ui.key(getattr(pygame, f"K_{column}"), text=str(column))
    assert [t.text for t in ui.table.toasts] == ["Doit être d'un rang supérieur ou inférieur"]


def test_switching_the_language_in_the_options_changes_the_texts_and_is_saved(ui: UI) -> None:
    title = ui.top
    assert isinstance(title, TitleScene)
    ui.click_button(title.menu.buttons, "title.options")
    ui.frames(2)
    assert isinstance(ui.top, OptionsScene)
    before = pygame.image.tobytes(ui.app.screen, "RGB")
    ui.key(pygame.K_RIGHT)  # the language row has the focus
    ui.frames(1)
    assert ui.app.texts.lang == "fr"
    assert title.menu.buttons[0].label(ui.app.texts) == "Jouer en Facile"
    assert pygame.image.tobytes(ui.app.screen, "RGB") != before
    saved = (ui.app.store.path).read_text(encoding="utf-8")
    assert "language: fr" in saved
    ui.key(pygame.K_ESCAPE)
    ui.frames(1)
    assert isinstance(ui.top, TitleScene)


def test_a_wrong_code_is_refused_with_the_expected_form(ui: UI) -> None:
    ui.key(pygame.K_n, text="n")
    ui.frames(1)
    window = ui.top
    assert isinstance(window, NewGameScene)
    assert window.field.text == ""  # the N that opened the window is not typed in it
    ui.type("GO1-X-12")
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, NewGameScene)
    assert "GO1-E-AAAAAAA" in window.error
    ui.key(pygame.K_BACKSPACE)
    assert window.field.text == "GO1-X-1"


def test_a_typed_code_sets_the_rule_switches(ui: UI) -> None:
    ui.key(pygame.K_n, text="n")
    ui.frames(1)
    window = ui.top
    assert isinstance(window, NewGameScene)
    ui.type("GO1-C-AAAAAAB-VS")
    assert window.rules.scoring == "strokes"
    assert not window.rules.draw_any_time
    assert window.rules.preset_name() == "strict"


def test_undo_flies_the_card_back_to_its_column(ui: UI) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    card = ui.table.game.position.columns[1][-1]
    home = layout(ui.table.game.position)[card]
    ui.key(pygame.K_2, text="2")
    ui.settle()
    assert ui.table.game.position.waste_top == card
    ui.key(pygame.K_u, text="u")
    assert ui.table.sprites[card].moving
    ui.settle()
    assert ui.table.sprites[card].pos == pygame.Vector2(home.x, home.y)


def test_every_sprite_rests_where_the_position_puts_it(ui: UI) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.play_line_by_keys(WIN_LINE[:20])
    ui.key(pygame.K_u, text="u")
    ui.settle()
    for card, place in layout(ui.table.game.position).items():
        sprite = ui.table.sprites[card]
        assert (sprite.pos.x, sprite.pos.y, sprite.face_up) == (place.x, place.y, place.face_up)


def test_a_key_during_the_deal_fast_forwards_it(ui: UI) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.frames(25)  # the fade is over, the deal is under way
    assert ui.table.animating
    ui.key(pygame.K_SPACE, text=" ")
    assert ui.table.game.moves == 1


def test_the_keyboard_cursor_plays_the_column_it_points_at(ui: UI) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    ui.key(pygame.K_RIGHT)  # shows the cursor
    assert ui.table.cursor_visible
    while ui.table.cursor != 1:
        ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_RETURN)
    assert ui.table.game.moves == 1
    assert ui.table.game.log[-1].column == 2
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)  # the cursor on the stock draws
    assert ui.table.game.log[-1].kind == "draw"


def test_a_corrupt_settings_file_is_reported_on_the_title(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text("{{{ not yaml", encoding="utf-8")
    ui = make_ui(tmp_path)
    title = ui.top
    assert isinstance(title, TitleScene)
    assert any("settings.yaml.corrupt-1" in t.text for t in title.toasts)


def test_run_opens_and_closes_the_window(tmp_path: Path) -> None:
    script = (
        "from pathlib import Path\n"
        "from scenes.app import WindowOptions, run\n"
        f"raise SystemExit(run(WindowOptions(frames=5, config_dir=Path({str(tmp_path)!r}),"
        f" screenshot=Path({str(tmp_path / 'shot.png')!r}))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "shot.png").stat().st_size > 0


def test_run_refuses_a_wrong_code(tmp_path: Path) -> None:
    script = "from scenes.app import run\nraise SystemExit(run({'code': 'nonsense'}))\n"
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
