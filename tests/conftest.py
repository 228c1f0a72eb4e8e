"""Shared test set-up: headless SDL drivers before any pygame import, the run's own folders in
place of the player's (``tests/folders.py``), the layers' markers and their guard
(``tests/layer_guard.py``), Hypothesis profiles."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest
from hypothesis import settings

from tests import folders, layer_guard

# The player's folders as the environment names them before the run moves them; then every
# folder the game finds through the environment goes to this run's own temporary folder.
# pytest-xdist's workers inherit the moved environment: the first process of the run keeps the
# player's in PLAYER_ENV for them.
PLAYER_ENV = "GOLF_TESTS_PLAYER_ENV"
if PLAYER_ENV not in os.environ:
    _kept = ("HOME", *folders.SESSION_VARS, *folders.GAME_VARS)
    os.environ[PLAYER_ENV] = json.dumps({k: os.environ[k] for k in _kept if k in os.environ})
_player = json.loads(os.environ[PLAYER_ENV])
REAL_FOLDERS = folders.game_folders(_player) if sys.platform.startswith("linux") else []
SESSION_FOLDER = Path(tempfile.mkdtemp(prefix="golf-tests-"))
for _var in folders.SESSION_VARS:
    os.environ[_var] = str(SESSION_FOLDER / _var.lower())
for _var in folders.GAME_VARS:
    os.environ.pop(_var, None)
GUARD = folders.install([p for p in REAL_FOLDERS if SESSION_FOLDER not in p.parents])
atexit.register(shutil.rmtree, SESSION_FOLDER, True)

# Hypothesis: the same examples on every run, here and in CI, a bounded number of them, and a
# deadline for each (generous: the machine may be shared). A test's own @settings may ask for
# fewer or more examples, never for no deadline. "explore" looks for new examples on purpose:
# `pytest --hypothesis-profile=explore tests/engine`.
DEADLINE = timedelta(seconds=5)
settings.register_profile("default-golf", max_examples=60, deadline=DEADLINE, derandomize=True)
settings.register_profile("explore", max_examples=500, deadline=DEADLINE, derandomize=False)
settings.load_profile("default-golf")

layer_guard.install()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--layer",
        choices=("fast", "slow", "all"),
        default="all",
        help="fast: only the tests with no layer marker (no window, processes, sockets or "
        "builds) and not marked slow; slow: every other test; all (default): both "
        "(docs/development.md)",
    )


def pytest_configure(config: pytest.Config) -> None:
    for name, what in layer_guard.LAYER_MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {what}")
    config.addinivalue_line("markers", "{}: {}".format(*layer_guard.SLOW))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test of a layer's folder gets that layer's markers (``FOLDER_MARKERS``); then
    ``--layer`` keeps the fast layer or the rest."""
    tests = Path(__file__).parent
    for item in items:
        if tests not in Path(item.path).parents:
            continue  # replay files asked for with --golf-replays (docs/ci.md): the fast layer
        folder = Path(item.path).relative_to(tests).parts[0]
        for name in layer_guard.FOLDER_MARKERS.get(folder, ()):
            item.add_marker(name)
    layer = config.getoption("--layer")
    if layer == "all":
        return
    keep, drop = [], []
    for item in items:
        slow_names = (*layer_guard.LAYER_MARKERS, layer_guard.SLOW[0])
        fast = not any(item.get_closest_marker(name) for name in slow_names)
        (keep if fast == (layer == "fast") else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture(autouse=True)
def _layer(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test does only what its markers allow (tests/layer_guard.py)."""
    marks = frozenset(m.name for m in request.node.iter_markers())
    yield from layer_guard.guarded(marks & layer_guard.LAYER_MARKERS.keys())
