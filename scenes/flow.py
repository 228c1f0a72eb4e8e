"""Moving between screens: :class:`Flow` builds the next scene and asks the stack for it.

It is the one implementation of :class:`scenes.core.navigation.Navigation`, which every scene
reaches as ``app.flow``. It sits above every screen: it imports them, none of them imports it, so
the title, the tables and the dialogs lead to each other with no import circle. Each move imports
its screen when it is first made, so the window starts without the screens it has not shown.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from golf.core.deal import MAX_DEAL
from golf.solitaire.replay import Replay
from golf.solitaire.rules import PRESETS, Rules
from golf.solitaire.session import Game
from scenes.core.i18n import Notice
from scenes.core.manager import App
from scenes.core.records import HighScoreChance

if TYPE_CHECKING:
    from golf.journal.kept_solitaire import Snapshot
    from golf.sixcard.replay import SixReplay
    from golf.sixcard.seating import SixSetup
    from scenes.solitaire.game import GameScene

log = logging.getLogger(__name__)

__all__ = ["Flow"]


class Flow:
    """The moves between screens of one app (see :class:`~scenes.core.navigation.Navigation`)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def random_deal(self) -> int:
        """A deal number for "random deal" (not cosmetic, but no engine randomness either)."""
        return self.app.deals.randrange(MAX_DEAL)

    def default_rules(self) -> Rules:
        """The rules chosen in the options."""
        return PRESETS.get(self.app.settings.default_rules, PRESETS["easy"])

    def leave_games(self, quitting: bool = False) -> None:
        """Every scene on the stack exits now: a table saves its replay, and its game is counted
        (a game in play as abandoned) — or, when the window closes or the player goes back to
        the title (``quitting``) on a game still in play, its autosave is written one last time
        and the title offers to continue it."""
        self.app.scenes.leave_all(quitting)

    def start_game(self, game: Game) -> None:
        """Leave whatever is showing and play ``game`` (after asking, when it would replace a
        solitaire game kept for Continue: :mod:`scenes.replacing`)."""
        from scenes.solitaire.game import GameScene

        if game.code is not None and self._asks("solitaire", lambda: self.start_game(game)):
            return
        self.leave_games()
        self.app.scenes.reset(GameScene(self.app, game))

    def continue_game(self, saved: Snapshot) -> None:
        """Put the solitaire game the autosave holds back on the table, as it was."""
        from scenes.solitaire.continued import continue_game

        continue_game(self.app, saved)

    def new_game(self, rules: Rules | None = None) -> None:
        """A random deal under ``rules`` (the default rules when None).

        With the "winnable deals only" option on for those rules, a window finds a deal the
        solver proves winnable first (off the UI thread), then starts it.
        """
        from scenes.solitaire.finding import FindDealScene

        rules = rules or self.default_rules()
        if self._asks("solitaire", lambda: self.new_game(rules)):
            return
        if self.app.settings.winnable(rules):
            self.app.scenes.push(FindDealScene(self.app, rules), fade=False)
            return
        self.start_game(Game.new(self.random_deal(), rules))

    def to_title(self) -> None:
        """Back to the title screen. A game still in play is kept, as when the window closes:
        the title offers to continue it, and says so."""
        from scenes.title import TitleScene

        if self._game_in_play():
            self.app.notices.append(Notice("title.game_kept"))
        self.leave_games(quitting=True)
        self.app.scenes.reset(TitleScene(self.app))

    def _game_in_play(self) -> bool:
        """Whether a table on the stack holds a game still in play that leaving keeps."""
        from scenes.sixcard.table import SixTableScene
        from scenes.solitaire import kept as kept_solitaire
        from scenes.solitaire.round import RoundGameScene
        from scenes.solitaire.table import TableScene

        for scene in self.app.scenes.stack:
            if isinstance(scene, RoundGameScene):
                kept = not scene.round.over and not scene.game.over
            elif isinstance(scene, TableScene):
                kept = kept_solitaire.keeps(scene) and scene.game.status == "playing"
            elif isinstance(scene, SixTableScene):
                kept = scene.keeper is not None and bool(scene.match.log) and not scene.state.over
            else:
                kept = False
            if kept:
                return True
        return False

    def replacing(self, kind: str, start: Callable[[], None]) -> None:
        """Run ``start``, a new game of ``kind``, or ask first when it would replace a kept
        game of that kind (:func:`scenes.replacing.ask_before_replacing`)."""
        if not self._asks(kind, start):
            start()

    def _asks(self, kind: str, start: Callable[[], None]) -> bool:
        """True when a game of ``kind`` is kept for Continue and a new one would replace it:
        the dialog asking is pushed, and runs ``start`` if the player says yes."""
        from scenes.replacing import KINDS, ReplaceKeptDialog, kept

        which = next(k for k in KINDS if k == kind)
        if not kept(self.app, which):
            return False
        self.app.scenes.push(ReplaceKeptDialog(self.app, which, start), fade=False)
        return True

    def open_options(self) -> None:
        """Show the options over the current screen."""
        from scenes.options import OptionsScene

        self.app.scenes.push(OptionsScene(self.app), fade=False)

    def open_new_game(self) -> None:
        """Show the new-game window over the current screen."""
        from scenes.solitaire.newgame import NewGameScene

        self.app.scenes.push(NewGameScene(self.app), fade=False)

    def open_six_card(self, setup: SixSetup | None = None) -> None:
        """The setup window of six-card Golf, the game against computer opponents (filled in
        with ``setup``, over the table it came from)."""
        from scenes.sixcard.setup import SixSetupScene

        self.app.scenes.push(SixSetupScene(self.app, setup), fade=False)

    def play_six_card(self, setup: SixSetup) -> None:
        """A new six-card game of ``setup``: its table in place of every screen (after asking,
        when it would replace a six-card game kept for Continue)."""
        from scenes.sixcard.table import SixTableScene

        if self._asks("six", lambda: self.play_six_card(setup)):
            return
        self.app.scenes.reset(SixTableScene(self.app, setup))

    def open_net_lobby(self) -> None:
        """The lobby of six-card Golf on the network, over the setup window."""
        from scenes.sixcard.lobby import NetLobbyScene

        self.app.scenes.push(NetLobbyScene(self.app), fade=False)

    def open_initials(self, chance: HighScoreChance) -> None:
        """NEW HIGH SCORE: ask for initials over the screen showing (the game-over screen)."""
        from scenes.highscores import open_initials

        open_initials(self.app, chance)

    def open_stats(self, key: str | None = None) -> None:
        """The statistics screen over whatever shows, on ``key`` (default: the default rules)."""
        from scenes.stats_screen import open_stats

        open_stats(self.app, key)

    def open_replays(self) -> None:
        """The list of saved replays and samples."""
        from scenes.replays import ReplaysScene

        self.app.scenes.push(ReplaysScene(self.app))

    def open_history(self) -> None:
        """Every finished game of the journal, newest first (the History screen)."""
        from scenes.history import open_history

        open_history(self.app)

    def watch(
        self, replay: Replay | SixReplay, name: str = "", on_back: Callable[[], None] | None = None
    ) -> None:
        """Watch ``replay`` (solitaire or six-card) on its table; Back runs ``on_back`` (default:
        back to the screen below)."""
        if not isinstance(replay, Replay):  # a six-card replay
            from scenes.sixcard.watch import SixWatchScene

            self.app.scenes.push(SixWatchScene(self.app, replay, name=name, on_back=on_back))
            return
        from scenes.solitaire.watch import WatchScene

        self.app.scenes.push(WatchScene(self.app, replay, name=name, on_back=on_back))

    def _table(self) -> GameScene | None:
        from scenes.solitaire.game import GameScene

        return next((s for s in reversed(self.app.scenes.stack) if isinstance(s, GameScene)), None)

    def open_save_replay(self) -> None:
        """ "Save replay as…" over the game-over screen, for the game on the table."""
        from scenes.solitaire.save_replay import SaveReplayDialog

        table = self._table()
        if table is not None and table.recorder is not None:
            self.app.scenes.push(SaveReplayDialog(self.app, table.recorder), fade=False)

    def open_tutorial(self) -> None:
        """The interactive tutorial (How to play), then the rules."""
        from scenes.solitaire.tutorial import TutorialError, TutorialScene, load_tutorial

        try:
            tutorial = load_tutorial()
        except TutorialError as error:  # a broken install: the rules page still teaches
            log.error("%s", error)
            self.open_rules()
            return
        self.app.scenes.push(TutorialScene(self.app, tutorial))

    def open_rules(self, rules: Rules | None = None) -> None:
        """The rules of a variant as a page to read (the default rules when None)."""
        from scenes.solitaire.rules_screen import RulesScene

        self.app.scenes.push(RulesScene(self.app, rules or self.default_rules()))

    def watch_game(self) -> None:
        """Watch the replay of the game on the table (from the game-over screen)."""
        table = self._table()
        if table is None:
            return
        replay = (
            table.recorder.replay() if table.recorder is not None else Replay.from_game(table.game)
        )
        self.watch(replay)
