"""Moving between screens: each helper builds the next scene and asks the stack for it.

The scene modules import one another only through here (and lazily), so the title, the game and
the dialogs can all lead to each other without import cycles.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from golf.core.deal import MAX_DEAL
from golf.sixcard.replay import SixReplay
from golf.solitaire.replay import Replay
from golf.solitaire.rules import PRESETS, Rules
from golf.solitaire.session import Game
from scenes.core.manager import App

log = logging.getLogger(__name__)

__all__ = [
    "default_rules",
    "leave_games",
    "new_game",
    "open_new_game",
    "open_options",
    "open_replays",
    "open_rules",
    "open_save_replay",
    "open_six_card",
    "open_tutorial",
    "random_deal",
    "start_game",
    "to_title",
    "watch",
]


def random_deal(app: App) -> int:
    """A deal number for "random deal" (not cosmetic, but no engine randomness either)."""
    return app.deals.randrange(MAX_DEAL)


def default_rules(app: App) -> Rules:
    """The rules chosen in the options."""
    return PRESETS.get(app.settings.default_rules, PRESETS["classic"])


def leave_games(app: App, quitting: bool = False) -> None:
    """Save the replay of every game on the stack: the player is leaving it (or quitting).

    A game left for another screen is counted (abandoned) and its autosave removed; when the
    window closes (``quitting``) on a game still in play, its autosave is written one last time
    (with the clock) and it is not counted yet: the title offers to continue it.
    """
    from scenes.solitaire import autosave
    from scenes.solitaire.game import GameScene

    for scene in app.scenes.stack:
        if isinstance(scene, GameScene):
            scene.save_replay()
            if quitting and autosave.keeps(scene) and scene.game.status == "playing":
                autosave.save(scene)
                continue
            if autosave.keeps(scene):
                autosave.clear(app)
            scene.settle()  # counted in the statistics (a game in play as abandoned)


def start_game(app: App, game: Game) -> None:
    """Leave whatever is showing and play ``game``."""
    from scenes.solitaire.game import GameScene

    leave_games(app)
    app.scenes.reset(GameScene(app, game))


def new_game(app: App, rules: Rules | None = None) -> None:
    """A random deal under ``rules`` (the default rules when None).

    With the "winnable deals only" option on for those rules, a window finds a deal the solver proves winnable
    first (off the UI thread), then starts it.
    """
    rules = rules or default_rules(app)
    if app.settings.winnable(rules):
        from scenes.solitaire.finding import FindDealScene

        app.scenes.push(FindDealScene(app, rules), fade=False)
        return
    start_game(app, Game.new(random_deal(app), rules))


def to_title(app: App) -> None:
    """Back to the title screen."""
    from scenes.title import TitleScene

    leave_games(app)
    app.scenes.reset(TitleScene(app))


def open_options(app: App) -> None:
    """Show the options over the current screen."""
    from scenes.options import OptionsScene

    app.scenes.push(OptionsScene(app), fade=False)


def open_new_game(app: App) -> None:
    """Show the new-game window over the current screen."""
    from scenes.solitaire.newgame import NewGameScene

    app.scenes.push(NewGameScene(app), fade=False)


def open_six_card(app: App) -> None:
    """The setup window of six-card Golf, the game against computer opponents."""
    from scenes.sixcard.setup import SixSetupScene

    app.scenes.push(SixSetupScene(app), fade=False)


def open_replays(app: App) -> None:
    """The list of saved replays and samples."""
    from scenes.replays import ReplaysScene

    app.scenes.push(ReplaysScene(app))


def watch(app: App, replay: Replay | SixReplay, name: str = "",
          on_back: Callable[[], None] | None = None) -> None:
    """Watch ``replay`` (solitaire or six-card) on its table; Back runs ``on_back`` (default:
    back to the screen below)."""
    if isinstance(replay, SixReplay):
        from scenes.sixcard.watch import SixWatchScene

        app.scenes.push(SixWatchScene(app, replay, name=name, on_back=on_back))
        return
    from scenes.solitaire.watch import WatchScene

    app.scenes.push(WatchScene(app, replay, name=name, on_back=on_back))


def open_save_replay(app: App) -> None:
    """"Save replay as…" over the game-over screen, for the game on the table."""
    from scenes.solitaire.game import GameScene
    from scenes.solitaire.save_replay import SaveReplayDialog

    table = next((s for s in reversed(app.scenes.stack) if isinstance(s, GameScene)), None)
    if table is not None and table.recorder is not None:
        app.scenes.push(SaveReplayDialog(app, table.recorder), fade=False)


def open_tutorial(app: App) -> None:
    """The interactive tutorial (How to play), then the rules."""
    from scenes.solitaire.tutorial import TutorialError, TutorialScene, load_tutorial

    try:
        tutorial = load_tutorial()
    except TutorialError as error:  # a broken install: the rules page still teaches
        log.error("%s", error)
        open_rules(app)
        return
    app.scenes.push(TutorialScene(app, tutorial))


def open_rules(app: App, rules: Rules | None = None) -> None:
    """The rules of a variant as a page to read (the default rules when None)."""
    from scenes.solitaire.rules_screen import RulesScene

    app.scenes.push(RulesScene(app, rules or default_rules(app)))


def watch_game(app: App) -> None:
    """Watch the replay of the game on the table (from the game-over screen)."""
    from scenes.solitaire.game import GameScene

    table = next((s for s in reversed(app.scenes.stack) if isinstance(s, GameScene)), None)
    if table is None:
        return
    replay = table.recorder.replay() if table.recorder is not None else Replay.from_game(
        table.game)
    watch(app, replay)
