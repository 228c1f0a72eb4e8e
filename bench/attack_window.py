"""The window of ``bench/attack.py``'s children: built as ``scenes.app`` builds it, on the SDL
dummy drivers, its files where the environment says (``golf.core.folders``), driven by posted
keys through the real frame loop, and remembering every message it showed the player.

Run alone, ``python bench/attack_window.py [--games N] [--quick]`` drives it as a child of
``bench/attack.py`` does, with every file in a temporary folder: N blocked games finished
(``--quick``: 2, for CI); it prints how long the window took to open and a game took, and ends
with status 1 when a game was not counted.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from golf.core.folders import data_dir, replays_dir
from golf.solitaire.session import Game
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import Loop, Scene
from scenes.solitaire.table import TableScene

BLOCK_CODE = "GO1-C-AAAAAAC"
"""16 draws block it (tests/window/test_ui_play.py)."""
WIN_CODE = "GO1-E-AAAAAAA"
WIN_LINE = "241d241d123d426577d5d14d6dd6d745dd1576326d73ddd35d3"
FRAME = 1 / 60


class Window:
    """One window of the game, its config folder ``./config`` (the child runs in its case's
    folder)."""

    def __init__(self, animation: str = "off") -> None:
        pygame.init()
        screen = pygame.display.set_mode(SCREEN_SIZE)
        options = WindowOptions(
            config_dir=Path.cwd() / "config", data_dir=data_dir(), replays_dir=replays_dir(), seed=7
        )
        self.app = build_app(options, screen)
        self.app.change_settings(self.app.settings.with_(animation=animation), save=False)
        first_scene(self.app, options)
        self.loop = Loop(self.app)
        self.told: set[str] = set()
        self.in_play: set[str] = set()
        """What was told while a game (or its dialogs) was up, not on a title later."""
        self._collect()

    @property
    def top(self) -> Scene | None:
        return self.app.scenes.top

    @property
    def table(self) -> TableScene | None:
        for scene in reversed(self.app.scenes.stack):
            if isinstance(scene, TableScene):
                return scene
        return None

    def _collect(self) -> None:
        shown: set[str] = set()
        for scene in self.app.scenes.stack:
            shown.update(t.text for t in getattr(scene, "toasts", []))
        shown.update(t.text for t in getattr(self.loop, "told", []))
        self.told |= shown
        if self.table is not None:
            self.in_play |= shown

    def frames(self, count: int = 1) -> None:
        for _ in range(count):
            self.loop.step(pygame.event.get(), FRAME)
            self._collect()

    def key(self, key: int, text: str = "") -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)
        )
        if text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0)
        )
        self.frames()

    def settle(self, limit: int = 900) -> None:
        for _ in range(limit):
            self.frames()
            table = self.table
            busy = table is not None and (table.animating or table.ending is not None)
            if not busy and not self.app.scenes.busy:
                return

    def start(self, code: str) -> None:
        self.app.flow.start_game(Game.from_code(code))
        self.settle()

    def moves(self, line: str) -> None:
        for token in line:
            if token == "d":
                self.key(pygame.K_SPACE, " ")
            else:
                self.key(getattr(pygame, f"K_{token}"), token)

    def finish_blocked(self) -> None:
        """A deal drawn out until it blocks, its result seen (the game counted), the title."""
        self.start(BLOCK_CODE)
        self.moves("d" * 16)
        self.settle()
        self.key(pygame.K_ESCAPE)  # the blocked dialog: see the result
        self.settle()
        self.app.flow.to_title()
        self.settle()

    def bring_up(self, dialog: str) -> str:
        """Bring ``dialog`` up; the name of the scene on top."""
        if dialog == "pause":
            self.start(BLOCK_CODE)
            self.moves("ddd")
            self.key(pygame.K_ESCAPE)
        elif dialog == "blocked":
            self.start(BLOCK_CODE)
            self.moves("d" * 16)
        elif dialog == "gameover":
            self.start(BLOCK_CODE)
            self.moves("d" * 16)
            self.settle()
            self.key(pygame.K_ESCAPE)
        elif dialog in ("celebration", "initials"):
            if dialog == "celebration":
                self.app.change_settings(self.app.settings.with_(animation="normal"), save=False)
            self.start(WIN_CODE)
            self.moves(WIN_LINE)
            if dialog == "celebration":
                for _ in range(200):  # the cards land; the celebration goes on for seconds
                    table = self.table
                    if table is not None and not table.animating:
                        break
                    self.frames()
                return type(self.top).__name__
        self.settle()
        return type(self.top).__name__

    def played(self) -> int:
        return sum(s.played for s in self.app.records.stats.rule_sets.values())

    def check(self) -> dict[str, Any]:
        """What a relaunch offers: the game to continue (its number of actions), the games
        counted, and the scene on top once Continue was chosen."""
        saved = getattr(self.top, "saved", None)
        out: dict[str, Any] = {
            "continue": None if saved is None else len(saved.actions),
            "played": self.played(),
            "top": type(self.top).__name__,
        }
        if saved is not None:
            self.key(pygame.K_RETURN, "\r")
            self.settle()
            out["top"] = type(self.top).__name__
        out["told"] = sorted(self.told)
        return out


def main(argv: list[str] | None = None) -> int:
    """Finish ``--games`` blocked games in a window whose files are all in a temporary folder;
    1 when the records do not count them all."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="blocked games finished (10)")
    parser.add_argument("--quick", action="store_true", help="2 games (for CI)")
    args = parser.parse_args(argv)
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(games=2)
        args = parser.parse_args(argv)
    back = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="golf-window-") as tmp:
        folder = Path(tmp)
        os.environ.update(  # every file of the game in the folder, as attack.py's children have
            GOLF_DATA_DIR=str(folder / "data"),
            XDG_DATA_HOME=str(folder / "share"),
            XDG_CONFIG_HOME=str(folder / "xdg-config"),
            XDG_STATE_HOME=str(folder / "state"),
            XDG_CACHE_HOME=str(folder / "cache"),
        )
        os.chdir(folder)  # the window's config folder is ./config
        try:
            start = time.perf_counter()
            window = Window()
            opened = time.perf_counter() - start
            for _ in range(args.games):
                window.finish_blocked()
            window.frames(3)
            seconds = time.perf_counter() - start - opened
            played = window.played()
            pygame.quit()
        finally:
            os.chdir(back)
    per_game = seconds / max(1, args.games)
    print(
        f"window opened in {opened:.2f} s; {args.games} blocked games finished in "
        f"{seconds:.1f} s ({per_game:.2f} s a game); games counted {played}; "
        f"told: {sorted(window.told) or 'nothing'}"
    )
    return 0 if played == args.games else 1


if __name__ == "__main__":
    raise SystemExit(main())
