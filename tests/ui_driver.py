"""Drives the window in tests of rounds, statistics and high scores: real loop, posted events.

The app is built as ``scenes.app`` builds it, with the data folder (statistics, high scores, the
saved round) and the calendar date injected. Deal GO1-E-AAAAAAA is won by ``WIN_LINE`` (found
once with a search and pinned here: deals never change, SPEC §1).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pygame

from golf.solitaire.engine import DRAW, Action
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop, Scene
from scenes.solitaire.table import TableScene as GameScene

__all__ = ["DAY", "FRAME", "WIN_CODE", "WIN_LINE", "Driver", "make_driver", "token_key"]

WIN_CODE = "GO1-E-AAAAAAA"
# one move a character: play column 1-7, or d to draw
WIN_LINE = list("241d241d123d426577d5d14d6dd6d745dd1576326d73ddd35d3")
FRAME = 1 / 60


def token_key(token: str) -> tuple[int, str]:
    """The key and its text for a token of a winning line: ``d`` draws (Space), a digit plays
    that column."""
    return (pygame.K_SPACE, " ") if token == "d" else (getattr(pygame, f"K_{token}"), token)


DAY = date(2026, 12, 1)


class Driver:
    """Posts events to pygame's queue and runs frames of the real loop."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.loop = Loop(app)

    @property
    def top(self) -> Scene | None:
        return self.app.scenes.top

    @property
    def table(self) -> GameScene:
        for scene in reversed(self.app.scenes.stack):
            if isinstance(scene, GameScene):
                return scene
        raise AssertionError(f"no game on the stack: {self.app.scenes.stack}")

    def frames(self, count: int = 1) -> None:
        for _ in range(count):
            self.loop.step(pygame.event.get(), FRAME)

    def settle(self, limit: int = 900) -> None:
        """Run frames until no card flies, no fade runs and no dialog is pending."""
        for _ in range(limit):
            self.frames()
            game = next((s for s in self.app.scenes.stack if isinstance(s, GameScene)), None)
            busy = game is not None and (game.animating or game.ending is not None or game.fountain)
            if not busy and not self.app.scenes.busy:
                return
        raise AssertionError("the window never settled")

    def key(self, key: int, text: str = "", mod: int = 0) -> None:
        """A key press as SDL sends it: KEYDOWN, the TEXTINPUT it types, KEYUP; one frame."""
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        )
        if text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
        )
        self.frames()

    def type(self, text: str) -> None:
        """Type text as a keyboard does: a key press and the character it makes."""
        named = {" ": pygame.K_SPACE, "-": pygame.K_MINUS}
        for ch in text:
            self.key(named.get(ch) or pygame.key.key_code(ch.lower()), text=ch)

    def pad(self, button: int) -> None:
        """A gamepad button press."""
        pygame.event.post(
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0)
        )
        self.frames()

    def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames()

    def act(self, action: Action) -> None:
        """An action by its key: the column number, or Space to draw."""
        if action.kind == DRAW:
            self.key(pygame.K_SPACE, text=" ")
        else:
            self.key(getattr(pygame, f"K_{action.column}"), text=str(action.column))

    def play_line(self, line: list[str]) -> None:
        """Moves written one a character: a column 1-7, or d to draw."""
        for token in line:
            if token == "d":
                self.key(pygame.K_SPACE, text=" ")
            else:
                self.key(getattr(pygame, f"K_{token}"), text=token)


def make_driver(
    data_dir: Path | None,
    config_dir: Path,
    lang: str = "en",
    today: date = DAY,
    seed: int = 7,
    animation: str = "off",
) -> Driver:
    """A window on the title, its records in ``data_dir`` (None: kept in memory).

    Animations are off unless asked for: the cards land at once, which keeps the tests quick.
    """
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(config_dir=config_dir, data_dir=data_dir, seed=seed, lang=lang)
    app = build_app(window, screen)
    app.records.today = lambda: today
    app.change_settings(app.settings.with_(animation=animation), save=False)
    first_scene(app, window)
    pygame.event.clear()
    return Driver(app)
