"""The ``watch`` command: a replay in the window, or replays played headless through the game's
own scenes and checked.

Every file is read once, here, before anything else happens: a bad file stops the command with
its one-line error (exit 2) before a window opens or a line is printed. The replays read are
what the window shows or the headless check plays.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from golf.core.translations import LANGUAGES
from golf.replay_files import check, read_replay
from golf.solitaire.replay import Replay
from golfcli.options import EXIT_FAILED, EXIT_OK, UsageError, add_command, positive
from golfcli.output import one_line
from golfcli.paths import folder, output_file
from golfcli.verify import replay_files
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
        help="play the replay through the game's scenes without a window, as fast as possible, "
        "and check the final position and result (exit 1 naming the first difference)",
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
    """Read every file (exit 2 with its one-line error), then open the window on the one file,
    or check them all headless."""
    files = replay_files(args.paths)
    if not args.headless and len(files) != 1:
        raise UsageError("watch opens one replay in the window (use --headless for several)")
    replays = [(path, read_replay(path)) for path in files]
    if not args.headless:
        path, replay = replays[0]
        return open_watch_window(args, path, replay)
    # before pygame is imported: SDL reads these once
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    return check_headless(replays, args.lang or "en")


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


def _problems(app: App, replay: Replay | SixReplay) -> list[str]:
    """The one check of a replay first (what ``verify`` says), then the table's own playing of
    it, which must agree with the engine's step by step."""
    problems = list(check(replay).problems)
    if problems:
        return problems
    if isinstance(replay, Replay):
        from scenes.solitaire.watch import check as table_check

        return table_check(app, replay)
    from scenes.sixcard.watch import check as six_check

    return six_check(app, replay)


def check_headless(replays: Sequence[tuple[Path, Replay | SixReplay]], lang: str = "en") -> int:
    """Check each replay as ``verify`` does (``golf.replay_files.check``), then play it through
    its table's watch scene on the dummy display; print ``ok`` or ``FAIL`` with the first
    difference; exit status 1 when any differs."""
    try:
        from scenes.sixcard import watch as six_watch  # noqa: F401  (a build without the window)
        from scenes.solitaire.watch import headless_app
    except ModuleNotFoundError as error:
        return no_window(error, NOT_IN_BUILD)
    import pygame  # after the scenes: their package quiets pygame's banner first

    status = EXIT_OK
    with _solver_in_process():
        app = headless_app(lang)
        try:
            for path, replay in replays:
                problems = _problems(app, replay)
                if problems:
                    print(f"FAIL {path}: {one_line(problems[0])}", flush=True)
                    status = EXIT_FAILED
                else:
                    print(f"ok   {path}", flush=True)
        finally:
            pygame.quit()
    return status
