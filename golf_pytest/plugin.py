"""The ``pytest11`` entry point: the ``--golf-replays`` option and the ``golf_replays`` ini key.

pytest loads this module in every run of every project where the game is installed, so it
imports nothing of the game: the replays' collection (``golf_pytest.replays``) is loaded and
registered only when a run asks for it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

OPTION = "--golf-replays"
INI = "golf_replays"
COLLECTION = "golf-replays-collection"
"""The name the collection is registered under, when asked for."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("golf-replays", "Golf replay files (docs/ci.md)")
    group.addoption(
        OPTION,
        action="append",
        default=[],
        dest=INI,
        metavar="DIR",
        help="check every Golf replay and script file (*.yaml, *.yml) under DIR, either game, "
        "one test each, named by file; may be given more than once",
    )
    parser.addini(
        INI,
        type="paths",
        default=[],
        help=f"folders (or files) of Golf replays to check, as {OPTION}; the command line's "
        "win over it",
    )


def pytest_configure(config: pytest.Config) -> None:
    given: list[str] = config.getoption(INI)
    asked: list[tuple[str, Path]]  # each as the run names it, and where it is
    if given:
        asked = [(name, config.invocation_params.dir / name) for name in given]
    else:
        asked = [(str(path), path) for path in config.getini(INI)]
    if not asked:
        return
    from golf_pytest.replays import ReplayCollection

    config.pluginmanager.register(ReplayCollection(asked), COLLECTION)
