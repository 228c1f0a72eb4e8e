"""The ``watch`` command: a replay in the window, or replays played headless through the game's
own scenes and checked.

The window's file is read once, here, before the window opens: a bad file stops the command
with its one-line error (exit 2). Headless, each file is judged as ``verify`` judges it
(``golf.replay_judgement.judge``: the same verdict and the same message, reported by
``golfcli.verify.report_checks``), and a replay that passes is then played through its table.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from golf.core.translations import LANGUAGES
from golf.replay_files import read_replay
from golf.replay_judgement import Judgement, judge
from golf.solitaire.replay import Replay
from golfcli.options import UsageError, add_command, positive
from golfcli.paths import folder, output_file
from golfcli.verify import Checked, replay_files, report_checks
from golfcli.window import NOT_IN_BUILD, no_window, open_watch_window

if TYPE_CHECKING:
    from golf.sixcard.replay import SixReplay
    from scenes.core.manager import App

__all__ = ["check_headless", "register", "run_watch"]


def _add_watch(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="FILE",
        help="a replay file (with --headless: files or folders of *.yaml / *.yml)",
    )
    parser.add_argument(
        "--headless",
        action="store_true",
        help="judge each file as verify does, then play it through the game's scenes without a "
        "window, as fast as possible (exit 0 all pass, 1 some replay differs, 2 a file could "
        "not be read; one line a file, as verify's)",
    )
    parser.add_argument("--lang", choices=LANGUAGES, help="language for this run")
    parser.add_argument(
        "--config-dir", type=folder, metavar="DIR", help="where the settings file lives"
    )
    parser.add_argument(
        "--frames", type=positive, metavar="N", help="close after N frames (tests, benchmarks)"
    )
    parser.add_argument(
        "--screenshot", type=output_file, metavar="PNG", help="save the last frame before closing"
    )


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``watch FILE...``."""
    help_text = "watch a replay in the window, or check it headless"
    add_command(subparsers, "watch", help_text, _add_watch, run_watch)


def run_watch(args: argparse.Namespace) -> int:
    """Open the window on the one file (read first: exit 2 with its one-line error), or check
    every file headless."""
    files = replay_files(args.paths)
    if not args.headless:
        if len(files) != 1:
            raise UsageError("watch opens one replay in the window (use --headless for several)")
        return open_watch_window(args, files[0], read_replay(files[0]))
    # before pygame is imported: SDL reads these once
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    return check_headless(files, args.lang or "en")


@contextlib.contextmanager
def _solver_in_process() -> Iterator[None]:
    """No solver processes while the tables are built: a watched table never asks the solver,
    and the processes a table starts for its hints would only cost the time to start them."""
    from scenes.solitaire import solver_worker

    kept = solver_worker.USE_PROCESSES
    solver_worker.USE_PROCESSES = False
    try:
        yield
    finally:
        solver_worker.USE_PROCESSES = kept


def _table_problems(app: App, replay: Replay | SixReplay) -> list[str]:
    """The table's own playing of a replay, which must agree with the engine's step by step."""
    if isinstance(replay, Replay):
        from scenes.solitaire.watch import check as table_check

        return table_check(app, replay)
    from scenes.sixcard.watch import check as six_check

    return six_check(app, replay)


def _watched(new_app: Callable[[], App], files: Sequence[Path]) -> Generator[Checked, None, None]:
    """Each file judged as ``verify`` judges it; one that passes is then played through its
    table (on the app made for the first of them), whose first difference makes it differ."""
    app: App | None = None
    for path in files:
        start = time.perf_counter()
        judgement, replay = judge(path)
        if judgement.passed and replay is not None:
            app = app or new_app()
            judgement = Judgement.of_problems(judgement.path, _table_problems(app, replay))
        yield Checked(judgement, time.perf_counter() - start)


def check_headless(files: Sequence[Path], lang: str = "en") -> int:
    """Judge each file as ``verify`` does (``golf.replay_judgement.judge``), then play a replay
    that passes through its table's watch scene on the dummy display; print ``ok`` or ``FAIL``
    with the first difference as ``verify`` does; the same exit status (0 all pass, 1 some
    replay differs, 2 a file could not be read)."""
    try:
        from scenes.sixcard import watch as six_watch  # noqa: F401  (a build without the window)
        from scenes.solitaire.watch import headless_app
    except ModuleNotFoundError as error:
        return no_window(error, NOT_IN_BUILD)
    import pygame  # after the scenes: their package quiets pygame's banner first

    with _solver_in_process():
        try:
            with contextlib.closing(_watched(lambda: headless_app(lang), files)) as checked:
                return report_checks(checked, len(files))
        finally:
            pygame.quit()
