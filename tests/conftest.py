"""Shared test set-up: headless SDL drivers before any pygame import, the run's own folders in
place of the player's (``tests/folders.py``), Hypothesis profiles."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hypothesis import settings

from tests import folders

# The player's folders as the environment names them before the run moves them; then every
# folder the game finds through the environment goes to this run's own temporary folder.
REAL_FOLDERS = folders.game_folders(os.environ) if sys.platform.startswith("linux") else []
SESSION_FOLDER = Path(tempfile.mkdtemp(prefix="golf-tests-"))
for _var in folders.SESSION_VARS:
    os.environ[_var] = str(SESSION_FOLDER / _var.lower())
for _var in folders.GAME_VARS:
    os.environ.pop(_var, None)
GUARD = folders.install([p for p in REAL_FOLDERS if SESSION_FOLDER not in p.parents])
atexit.register(shutil.rmtree, SESSION_FOLDER, True)

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
