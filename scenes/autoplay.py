"""Random play in the real window, for crash tests: ``main.py play --autoplay SEED``.

Each frame, before the window reads its events, :meth:`Autoplay.post` may put a key press into
pygame's event queue, as a player's keyboard would: Enter on the title (Continue when it is
offered, else the first entry), the table's keys (Space draws, 1-7 play a column, U undoes) on a
game, Enter on any other screen (a new deal on the game-over screen, resume on the pause menu).
After the frame, :meth:`Autoplay.observe` writes a JSON line on standard output whenever the
game on the table changed:

* ``autoplay restored {...}`` once, when the first game comes up after the title: the state of
  the game "Continue" put back, or ``null`` when the title offered none;
* ``autoplay state {...}`` after every change of the game's code or action log.

A state holds the code, the action log, the position, the move counter, the undo depth, a digest
of every position of the undo history, the status and the play clock — what ``bench/
kill_resume.py`` compares across a ``kill -9`` and a relaunch. The keys come from
``random.Random(SEED)``; the timing of frames does not, so two runs differ.

With ``--autoplay-game six-card`` it plays six-card Golf instead: arrows down the title to its
six-card entry and Enter, Enter in the setup window (Continue when it is offered, else Deal),
then the table's keys at random (Space, 1-6, Enter, arrows; they also hurry the computers
along), Enter on the scoreboard and the curtain. A six-card state holds the code, every
player's actions, a digest of the state they lead to and the status.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any, TextIO

import pygame

from golf.solitaire.session import Game
from scenes.core.manager import App

__all__ = ["GAMES", "Autoplay", "game_state", "six_state", "table_state"]

GAMES = ("solitaire", "six-card")

PRESS_CHANCE = 0.5
"""The chance of a key press in a frame (a fast player: about 30 keys a second)."""

# the table's keys: draw often, every column, undo now and then
_GAME_KEYS: tuple[tuple[int, str], ...] = (
    *[(pygame.K_SPACE, " ")] * 4,
    *[(getattr(pygame, f"K_{n}"), str(n)) for n in range(1, 8)] * 2,
    *[(pygame.K_u, "u")] * 2,
)


def game_state(game: Game) -> dict[str, Any]:
    """What a relaunch must give back of ``game``: the states the bench compares."""
    history = "\n".join(repr(p) for p in game._history)
    return {
        "code": game.code,
        "actions": [str(a) for a in game.log],
        "position": repr(game.position),
        "moves": game.moves,
        "undo_depth": game.undo_depth,
        "history": hashlib.sha1(history.encode()).hexdigest(),
        "status": game.status,
    }


# the six-card table's keys: take from the stock, a grid place, Enter on the cursor, arrows
_SIX_KEYS: tuple[tuple[int, str], ...] = (
    *[(pygame.K_SPACE, " ")] * 3,
    *[(getattr(pygame, f"K_{n}"), str(n)) for n in range(1, 7)],
    *[(pygame.K_RETURN, "\r")] * 2,
    (pygame.K_LEFT, ""),
    (pygame.K_RIGHT, ""),
    (pygame.K_UP, ""),
    (pygame.K_DOWN, ""),
)


def six_state(start: Any, log: list[Any], state: Any) -> dict[str, Any]:
    """What a relaunch must give back of a six-card game (its first state, its log, the state
    now): the states the bench compares."""
    from golf.journal.kept_sixcard import check_data

    check = json.dumps(check_data(state), sort_keys=True)
    return {
        "code": start.code,
        "actions": [str(a) for a in log],
        "check": hashlib.sha1(check.encode()).hexdigest(),
        "status": "over" if state.over else "playing",
    }


def table_state(scene: Any) -> dict[str, Any]:
    """:func:`game_state` of the game on ``scene`` (a ``GameScene``), with its play clock."""
    return {**game_state(scene.game), "elapsed": round(scene.elapsed, 3)}


class Autoplay:
    """Random key presses into the real event loop, and the game's state after each change."""

    def __init__(
        self, app: App, seed: int, out: TextIO | None = None, game: str = "solitaire"
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"{game!r} is not one of {', '.join(GAMES)}")
        self.app = app
        self.game = game
        self.rng = random.Random(seed)
        self.out = out if out is not None else sys.stdout
        self.offered: bool | None = None  # whether the title offered Continue (None: not seen)
        self.entered: object = None  # the title Enter was pressed on (once per title)
        self.restored_told = False
        self.last: tuple[object, ...] | None = None  # code, actions, position

    def _table(self) -> Any:
        from scenes.sixcard.table import SixTableScene
        from scenes.solitaire.table import TableScene as GameScene

        table = SixTableScene if self.game == "six-card" else GameScene
        return next((s for s in self.app.scenes.stack if isinstance(s, table)), None)

    def _say(self, kind: str, payload: object) -> None:
        self.out.write(f"autoplay {kind} {json.dumps(payload)}\n")
        self.out.flush()

    def _press(self, key: int, text: str) -> None:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode=text, scancode=0))

    def post(self) -> None:
        """Maybe one key press for this frame (none while the screens change)."""
        from scenes.solitaire.table import TableScene as GameScene
        from scenes.title import TitleScene

        scenes = self.app.scenes
        top = scenes.top
        if top is None or scenes.busy:
            return
        if self.game == "six-card":
            self._post_six(top)
            return
        if isinstance(top, TitleScene):
            if self.entered is not top:
                self.entered = top
                if self.offered is None:
                    self.offered = top.saved is not None
                self._press(pygame.K_RETURN, "\r")
            return
        self.entered = None
        if self.rng.random() >= PRESS_CHANCE:
            return
        if isinstance(top, GameScene):
            self._press(*self.rng.choice(_GAME_KEYS))
        else:
            self._press(pygame.K_RETURN, "\r")

    def _post_six(self, top: object) -> None:
        """A key for six-card Golf: to its setup window from the title, then its table."""
        from scenes.sixcard.setup import SixSetupScene
        from scenes.sixcard.table import SixTableScene
        from scenes.title import TitleScene

        if isinstance(top, TitleScene):
            focused = top.menu.buttons[top.menu.focus].key
            if focused == "title.six_card":
                self._press(pygame.K_RETURN, "\r")
            else:
                self._press(pygame.K_DOWN, "")
            return
        if isinstance(top, SixSetupScene):
            if self.entered is not top:
                self.entered = top
                if self.offered is None:
                    self.offered = top.saved is not None
                self._press(pygame.K_RETURN, "\r")  # Continue when offered, else Deal
            return
        self.entered = None
        if self.rng.random() >= PRESS_CHANCE:
            return
        if isinstance(top, SixTableScene):
            self._press(*self.rng.choice(_SIX_KEYS))
        else:
            self._press(pygame.K_RETURN, "\r")  # the scoreboard, the curtain

    def observe(self) -> None:
        """Tell the game's state when it changed in this frame."""
        scene = self._table()
        if scene is None:
            return
        if self.game == "six-card":
            match = scene.match
            state = six_state(match.start, match.log, match.state)
        else:
            state = table_state(scene)
        if not self.restored_told:
            self.restored_told = True
            self._say("restored", state if self.offered else None)
        key = (state["code"], len(state["actions"]), state.get("position", state.get("check")))
        if key != self.last:
            self.last = key
            self._say("state", state)
