"""What "Continue" on the title picks up: the game left in play last, whichever it was — a
solitaire game, a hole of a round or a six-card game.

A game is left in play when the player goes back to the title or closes the window during it
(or the program is killed): the journal keeps it in progress, action by action, and the one
whose last action came last is the one the player left last.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from golf.core.record import Recording
from scenes.core.manager import App
from scenes.sixcard import keeping
from scenes.solitaire import kept

__all__ = ["LeftGame", "left_game"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LeftGame:
    """A game to continue: which kind (``solitaire``, ``round``, ``six``) and how."""

    kind: str
    saved: object  # what the journal holds: a Snapshot, a Round or a SixSnapshot
    resume: Callable[[], None]
    written: float  # when its last action was taken (seconds since the epoch; 0: unknown)


def _last(app: App, recording: Recording[Any] | None) -> float:
    if recording is None or recording.kept_id is None:
        return 0.0
    for game in app.records.journal.kept():
        if game.id == recording.kept_id:
            return game.last
    return 0.0


def _solitaire(app: App) -> LeftGame | None:
    saved = kept.pending(app)
    if saved is None:
        return None
    return LeftGame("solitaire", saved, lambda: app.flow.continue_game(saved), _last(app, saved))


def _round(app: App) -> LeftGame | None:
    rnd = app.records.saved_round
    if rnd is None:
        return None

    def resume() -> None:
        from scenes.solitaire.round import resume_round

        resume_round(app)

    last = max(
        (g.last for g in app.records.journal.kept("solitaire") if g.round_id is not None),
        default=0.0,
    )
    return LeftGame("round", rnd, resume, last)


def _six(app: App) -> LeftGame | None:
    saved, _ = keeping.pending(app)
    if saved is None:
        return None

    def resume() -> None:
        from scenes.sixcard.continued import continue_game

        continue_game(app, saved)

    return LeftGame("six", saved, resume, _last(app, saved))


def left_game(app: App) -> LeftGame | None:
    """The game left in play last, if any."""
    found = [game for game in (_solitaire(app), _round(app), _six(app)) if game]
    if not found:
        return None
    return max(found, key=lambda game: game.written)
