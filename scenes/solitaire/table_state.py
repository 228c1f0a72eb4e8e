"""The solitaire table as its parts see it: a protocol, no table imported.

The view draws it, the listeners change it after each action, the dialogs and the analysis over
it lead back to it, the solver helper and the autosave read it: each types against
:class:`TableState`, which ``scenes.solitaire.table.TableScene`` satisfies. Defined low, so none of
them imports the table (no import circles).
"""

from __future__ import annotations

from typing import Protocol

from golf.solitaire.engine import Action
from golf.solitaire.session import Game, Refusal
from scenes.core.manager import App, Scene
from scenes.core.records import HighScoreChance, JournalGame
from scenes.core.sprites import CardSprite
from scenes.core.widgets import Button, Toast
from scenes.solitaire.confetti import Confetti
from scenes.solitaire.recorder import Recorder

__all__ = ["Indicator", "TableState"]


class Indicator(Protocol):
    """What the table shows of the solver beside the waste (the winnable indicator)."""

    def indicator_text(self) -> str | None: ...


class TableState(Protocol):
    """One game on the table: the game, its cards, what shows over them, its clocks."""

    app: App
    recorder: Recorder | None
    kept: JournalGame | None  # the game in the journal of play (None: not recorded)
    elapsed: float  # play time; stops while an overlay covers the table or after the end
    sprites: dict[int, CardSprite]
    toasts: list[Toast]
    hint: tuple[int, float] | None  # (cursor slot, seconds left)
    shake: tuple[int, float] | None  # (card, seconds left)
    cursor: int
    cursor_visible: bool
    blink: float
    ending: float | None  # seconds until the result shows
    fountain: bool  # a won game's waste still to burst across the table
    confetti: list[Confetti]

    @property
    def game(self) -> Game: ...

    @property
    def scene(self) -> Scene:
        """The table as a scene of the stack (to go back to it)."""
        ...

    @property
    def buttons(self) -> list[Button]: ...

    @property
    def focused_button(self) -> Button | None:
        """The button Enter presses now, drawn with the focus frame (None: Enter acts on the
        cards, whose cursor or highlight shows where)."""
        ...

    @property
    def solver(self) -> Indicator: ...

    @property
    def rules_key(self) -> str:
        """The text key of the rules' name in the HUD."""
        ...

    def act(self, action: Action) -> Refusal | None: ...

    def toast(self, text: str, colour: tuple[int, int, int] = ...) -> None: ...

    def settle(self) -> HighScoreChance | None: ...

    def undo(self) -> None: ...

    def restart(self) -> None: ...

    def new_deal(self) -> None: ...
