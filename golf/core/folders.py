"""The player's folders: where the game keeps its data, settings, replays and logs.

The one module that names the game's folder (``golf-solitaire``) and asks ``platformdirs`` for the
user's folders, so the window, the command line and the tests all agree. Nothing is created here.
It reads the environment (``$GOLF_DATA_DIR``, and platformdirs reads ``$XDG_*`` on Linux); the
rest of ``golf/`` never does: the window and the command line call these and pass the folders in.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from platformdirs import PlatformDirs

__all__ = ["APP_NAME", "DATA_DIR_ENV", "config_dir", "data_dir", "logs_dir", "replays_dir"]

APP_NAME: Final = "golf-solitaire"
"""The game's folder name under each of the user's folders."""
DATA_DIR_ENV: Final = "GOLF_DATA_DIR"
"""Names another data folder (statistics, high scores, the saved round, the autosaves)."""


def _dirs() -> PlatformDirs:
    return PlatformDirs(APP_NAME, appauthor=False)


def data_dir() -> Path:
    """``$GOLF_DATA_DIR`` when set, else the user data folder of the game (records, autosaves)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return Path(_dirs().user_data_dir)


def config_dir() -> Path:
    """The user's config folder for the game (``settings.yaml``)."""
    return Path(_dirs().user_config_dir)


def replays_dir() -> Path:
    """``replays`` in the user data folder: where every game's replay is saved.

    Always the platformdirs folder (under ``$XDG_DATA_HOME`` on Linux), even when
    ``$GOLF_DATA_DIR`` moves the records: the player finds their replays in the same place.
    """
    return Path(_dirs().user_data_dir) / "replays"


def logs_dir() -> Path:
    """The user's log folder for the game (no module writes a log file yet)."""
    return Path(_dirs().user_log_dir)
