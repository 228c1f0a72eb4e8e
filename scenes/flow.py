"""Moving between screens: each helper builds the next scene and asks the stack for it.

The scene modules import one another only through here (and lazily), so the title, the game and
the dialogs can all lead to each other without import cycles.
"""

from __future__ import annotations

from golf.deal import MAX_DEAL
from golf.rules import PRESETS, Rules
from golf.session import Game
from scenes.manager import App

__all__ = [
    "default_rules",
    "new_game",
    "open_new_game",
    "open_options",
    "random_deal",
    "start_game",
    "to_title",
]


def random_deal(app: App) -> int:
    """A deal number for "random deal" (not cosmetic, but no engine randomness either)."""
    return app.deals.randrange(MAX_DEAL)


def default_rules(app: App) -> Rules:
    """The rules chosen in the options."""
    return PRESETS.get(app.settings.default_rules, PRESETS["classic"])


def start_game(app: App, game: Game) -> None:
    """Leave whatever is showing and play ``game``."""
    from scenes.game import GameScene

    app.scenes.reset(GameScene(app, game))


def new_game(app: App, rules: Rules | None = None) -> None:
    """A random deal under ``rules`` (the default rules when None)."""
    start_game(app, Game.new(random_deal(app), rules or default_rules(app)))


def to_title(app: App) -> None:
    """Back to the title screen."""
    from scenes.title import TitleScene

    app.scenes.reset(TitleScene(app))


def open_options(app: App) -> None:
    """Show the options over the current screen."""
    from scenes.options import OptionsScene

    app.scenes.push(OptionsScene(app), fade=False)


def open_new_game(app: App) -> None:
    """Show the new-game window over the current screen."""
    from scenes.newgame import NewGameScene

    app.scenes.push(NewGameScene(app), fade=False)
