"""What "Continue" on the title picks up: the game left in play last, whichever it was — a
solitaire game, a hole of a round or a six-card game.

A game is left in play when the player goes back to the title or closes the window during it;
each kind keeps its own file (the solitaire and six-card autosaves, the saved round), and the
one written last is the one the player left last.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from golf.core.store import Document, StoreNotice
from golf.journal.kept_sixcard import SIX_AUTOSAVE_DOCUMENT
from golf.journal.kept_solitaire import AUTOSAVE_DOCUMENT
from golf.solitaire.round import ROUND_DOCUMENT
from scenes.core.manager import App
from scenes.sixcard import autosave as sixautosave
from scenes.solitaire import autosave

__all__ = ["LeftGame", "left_game"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LeftGame:
    """A game to continue: which kind (``solitaire``, ``round``, ``six``) and how."""

    kind: str
    saved: object  # what its file holds: a Snapshot, a Round or a SixSnapshot
    resume: Callable[[], None]
    written: float  # when its file was last written (seconds since the epoch; 0: unknown)


def _written(app: App, document: Document[Any]) -> float:
    store = app.records.store
    if store is None:
        return 0.0
    try:
        return store.path(document).stat().st_mtime
    except OSError:
        return 0.0


def _solitaire(app: App) -> LeftGame | None:
    saved = autosave.pending(app)
    if saved is None:
        return None
    return LeftGame(
        "solitaire", saved, lambda: app.flow.continue_game(saved), _written(app, AUTOSAVE_DOCUMENT)
    )


def _round(app: App) -> LeftGame | None:
    rnd = app.records.saved_round
    if rnd is None:
        return None

    def resume() -> None:
        from scenes.solitaire.round import resume_round

        resume_round(app)

    return LeftGame("round", rnd, resume, _written(app, ROUND_DOCUMENT))


def _six(app: App, notices: list[StoreNotice]) -> LeftGame | None:
    saved, notice = sixautosave.pending(app)
    if notice is not None:
        notices.append(notice)
    if saved is None:
        return None

    def resume() -> None:
        from scenes.sixcard.continued import continue_game

        continue_game(app, saved)

    return LeftGame("six", saved, resume, _written(app, SIX_AUTOSAVE_DOCUMENT))


def left_game(app: App) -> LeftGame | None:
    """The game left in play last, if any (a file that cannot be used is kept aside and its
    notice joins the records' notices, which the title shows)."""
    notices: list[StoreNotice] = []
    found = [game for game in (_solitaire(app), _round(app), _six(app, notices)) if game]
    app.records.notices.extend(notices)
    if not found:
        return None
    return max(found, key=lambda game: game.written)
