"""The way from one screen to another, as the scenes see it: a protocol, no screen imported.

Scenes reach the others only through ``app.flow`` (a :class:`Navigation`); the one implementation,
``scenes.flow.Flow``, sits above every screen and builds them. So the title, the tables and the
dialogs can lead to each other without importing each other (no import circles).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # only the moves' signatures use them: the window starts without them
    from golf.journal.kept_solitaire import Snapshot
    from golf.sixcard.replay import SixReplay
    from golf.sixcard.seating import SixSetup
    from golf.solitaire.replay import Replay
    from golf.solitaire.rules import Rules
    from golf.solitaire.session import Game
    from scenes.core.records import HighScoreChance

__all__ = ["Navigation"]


class Navigation(Protocol):
    """Every move between screens a scene may ask for."""

    def random_deal(self) -> int:
        """A deal number for "random deal"."""
        ...

    def default_rules(self) -> Rules:
        """The rules chosen in the options."""
        ...

    def leave_games(self, quitting: bool = False) -> None:
        """Every scene on the stack exits now: the games save and settle themselves."""
        ...

    def start_game(self, game: Game) -> None:
        """Leave whatever is showing and play ``game``."""
        ...

    def continue_game(self, saved: Snapshot) -> None:
        """Put the solitaire game the autosave holds back on the table, as it was."""
        ...

    def new_game(self, rules: Rules | None = None) -> None:
        """A random deal under ``rules`` (the default rules when None)."""
        ...

    def to_title(self) -> None:
        """Back to the title screen."""
        ...

    def open_options(self) -> None:
        """The options over the current screen."""
        ...

    def open_new_game(self) -> None:
        """The new-game window over the current screen."""
        ...

    def open_six_card(self, setup: SixSetup | None = None) -> None:
        """The six-card setup window (filled in with ``setup``, over the table it came from)."""
        ...

    def play_six_card(self, setup: SixSetup) -> None:
        """A new six-card game of ``setup``: its table in place of every screen."""
        ...

    def open_net_lobby(self) -> None:
        """The lobby of six-card Golf on the network (host or join a game)."""
        ...

    def replacing(self, kind: str, start: Callable[[], None]) -> None:
        """Run ``start``, a new game of ``kind`` (``solitaire``, ``round``, ``six``) — after
        asking, when it would replace a game of that kind kept for Continue."""
        ...

    def open_initials(self, chance: HighScoreChance) -> None:
        """NEW HIGH SCORE: ask for initials over the screen showing."""
        ...

    def open_stats(self, key: str | None = None) -> None:
        """The statistics screen on rule set ``key`` (default: the default rules)."""
        ...

    def open_replays(self) -> None:
        """The list of saved replays and samples."""
        ...

    def open_history(self) -> None:
        """Every finished game of the journal, newest first; any of them watched."""
        ...

    def watch(
        self, replay: Replay | SixReplay, name: str = "", on_back: Callable[[], None] | None = None
    ) -> None:
        """Watch ``replay`` on its table; Back runs ``on_back`` (default: the screen below)."""
        ...

    def open_save_replay(self) -> None:
        """ "Save replay as…" for the game on the table."""
        ...

    def open_tutorial(self) -> None:
        """The interactive tutorial (How to play), then the rules."""
        ...

    def open_rules(self, rules: Rules | None = None) -> None:
        """The rules of a variant as a page to read."""
        ...

    def watch_game(self) -> None:
        """Watch the replay of the game on the table."""
        ...
