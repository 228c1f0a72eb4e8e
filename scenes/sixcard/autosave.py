"""The six-card game's part of the window's autosave (``scenes.core.autosave``): the table's
recording after every action (the person's and the computers'), and the game to continue
("Continue" in the six-card setup window puts it back: ``scenes.sixcard.continued``).

The file is removed when the game ends (the final scoreboard) or is left on purpose (back to
the title from the pause menu, a new deal); when the window is closed or the program dies on a
game in play it stays, and the setup window offers to continue it.
"""

from __future__ import annotations

from typing import Final, Protocol

from golf.core.record import Clocks
from golf.core.store import StoreNotice
from golf.journal.kept_sixcard import SIX_AUTOSAVE_DOCUMENT, SixSnapshot
from golf.sixcard.game import Match, State
from scenes.core.autosave import Autosave, Recorded, noted
from scenes.core.manager import App
from scenes.sixcard.recorder import SixRecorder

__all__ = ["Seating", "Table", "after_action", "clear", "pending", "save", "snapshot"]

_KEPT: Final[Autosave[SixSnapshot]] = Autosave(SIX_AUTOSAVE_DOCUMENT)
"""The game's autosave document, kept in the app's records folder."""


class Seating(Protocol):
    """What the autosave reads of a table's setup: who sits at each seat, the computers' pace."""

    @property
    def seats(self) -> tuple[str, ...]: ...

    @property
    def speed(self) -> str: ...


class Table(Recorded[SixRecorder], Protocol):
    """What the autosave reads of a six-card table (``scenes.sixcard.table.SixTableScene``)."""

    @property
    def match(self) -> Match: ...

    @property
    def state(self) -> State: ...

    @property
    def setup(self) -> Seating: ...


def snapshot(table: Table) -> SixSnapshot:
    """The recording of the game on ``table`` now, with its clock and its seats."""
    match, setup, now = table.match, table.setup, noted(table.recorder)
    return SixSnapshot.of(
        match.start,
        match.log,
        match.state,
        setup.seats,
        setup.speed,
        now.times,
        Clocks(now.since),
        now.started,
        now.file,
    )


def save(table: Table) -> None:
    """Write the autosave of ``table``'s game (a notice for the player if that fails)."""
    _KEPT.save(table.app, snapshot(table))


def after_action(table: Table) -> None:
    """An action was taken on ``table``: save the game, or forget it once it is over."""
    _KEPT.after_action(table.app, table.state.over, lambda: snapshot(table))


def clear(app: App) -> None:
    """Remove the autosave (the game ended or was left)."""
    _KEPT.clear(app)


def pending(app: App) -> tuple[SixSnapshot | None, StoreNotice | None]:
    """The six-card game to continue, if one was left in play; and a notice for the player
    when the file could not be used (it is then kept aside)."""
    saved, notice = _KEPT.load(app)
    if saved is not None and saved.state().over:  # written by hand, or an older program
        clear(app)
        return None, None
    return saved, notice
