"""Starting a new game where one is kept for Continue: ask first.

A game left for the title (or in a closed window) is kept in progress in the journal of play —
a solitaire game, a round, a six-card game — and a new game of the same kind takes its place
for Continue. So before a new game of a kind replaces a kept game of that kind, a small dialog asks
("Your game in play will be lost. Start a new one?"); **Keep it** is the default and changes
nothing. **Start a new one** first abandons the kept game as leaving a table does today — a
solitaire game is counted in the statistics as abandoned (or as its end, if it had ended before
its result was counted), a round's finished holes stay counted and the round is forgotten, a
six-card game is counted as abandoned — then starts the new one.

Games of other kinds are kept side by side: a new solitaire game leaves a kept six-card game or
round where it is (the six-card setup and the round window still offer it, and the title's
Continue takes it back once the newer game is finished).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final, Literal

import pygame

from scenes.core.dialog import ConfirmDialog
from scenes.core.manager import App
from scenes.sixcard import keeping
from scenes.solitaire import kept as kept_solitaire

__all__ = ["KINDS", "KeptKind", "ReplaceKeptDialog", "abandon_kept", "kept"]

log = logging.getLogger(__name__)

KeptKind = Literal["solitaire", "round", "six"]
KINDS: Final[tuple[KeptKind, ...]] = ("solitaire", "round", "six")

PANEL_W = 720


def _on_table(app: App, kind: KeptKind) -> bool:
    """Whether a table of ``kind`` is on the stack: its own game is the kept one, and the
    table settles it when it is left (a new deal from its menu, say)."""
    from scenes.sixcard.table import SixTableScene
    from scenes.solitaire.round import RoundGameScene
    from scenes.solitaire.table import TableScene

    for scene in app.scenes.stack:
        if kind == "round" and isinstance(scene, RoundGameScene):
            return True
        if kind == "solitaire" and isinstance(scene, TableScene):
            return getattr(scene, "round", None) is None
        if kind == "six" and isinstance(scene, SixTableScene):
            return True
    return False


def kept(app: App, kind: KeptKind) -> bool:
    """Whether a game of ``kind`` is kept for Continue that a new game of that kind would
    replace (not the game of a table showing now)."""
    if _on_table(app, kind):
        return False
    if kind == "solitaire":
        return kept_solitaire.pending(app) is not None
    if kind == "round":
        rnd = app.records.saved_round
        return rnd is not None and not rnd.over
    saved, notice = keeping.pending(app)
    if notice is not None:
        app.records.tell(notice)
    return saved is not None


def abandon_kept(app: App, kind: KeptKind) -> None:
    """Give up the kept game of ``kind`` as leaving its table would: a solitaire game counted
    (abandoned, or as it ended) and its autosave removed; a round forgotten (its finished holes
    were counted as they ended); a six-card game forgotten."""
    if kind == "solitaire":
        saved = kept_solitaire.pending(app)
        if saved is not None:
            game = saved.game()
            journal = app.records.solitaire(
                game, saved.started, kept_id=saved.kept_id, written=len(saved.actions)
            )
            app.records.record(game, journal, saved.times, saved.elapsed)
            log.info("the kept solitaire game %s was abandoned for a new one", saved.code)
    elif kind == "round":
        app.records.save_round(None)
        log.info("the kept round was abandoned for a new one")
    else:
        keeping.forget_kept(app)
        log.info("the kept six-card game was abandoned for a new one")


class ReplaceKeptDialog(ConfirmDialog):
    """ "Your game in play will be lost. Start a new one?" — Keep it (the default) or Start a
    new one."""

    def __init__(self, app: App, kind: KeptKind, start: Callable[[], None]) -> None:
        super().__init__(
            app,
            PANEL_W,
            ("replace.keep", self.keep),
            ("replace.start", self.confirm),
            button_width=300,
            body_middle=96,
        )
        self.kind = kind
        self.start = start

    def title(self) -> str:
        return self.app.texts("replace.title")

    def body(self) -> str:
        return self.app.texts(f"replace.body.{self.kind}")

    def keep(self) -> None:
        """No: back where the player was, the kept game untouched (to the title when the
        dialog is all there is: the command line named a game to start)."""
        if self.app.scenes.stack[:1] == [self]:
            self.app.flow.to_title()
            return
        self.app.scenes.pop(fade=False)

    def confirm(self) -> None:
        """Yes: the kept game is abandoned, then the new one starts."""
        self.app.scenes.pop(fade=False)
        abandon_kept(self.app, self.kind)
        self.start()

    def draw(self, surface: pygame.Surface) -> None:
        if self.app.scenes.stack[:1] == [self]:  # nothing below (a game named at start)
            surface.blit(self.app.look.felt(), (0, 0))
        super().draw(surface)
