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

from golf.core.translations import LANGUAGES, text
from golf.replay_files import read_replay
from golf.replay_judgement import Judgement, judge
from golf.solitaire.replay import Replay
from golfcli.language import environment_language, say
from golfcli.options import UsageError, add_command, positive
from golfcli.paths import folder, output_file
from golfcli.verify import Checked, replay_files, report_checks
from golfcli.window import NOT_IN_BUILD, no_window, open_watch_window

if TYPE_CHECKING:
    from golf.sixcard.replay import SixReplay
    from scenes.core.manager import App

__all__ = ["check_headless", "register", "run_watch"]


def _add_watch(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("paths", nargs="+", metavar="FILE", help=text(lang, "cli.help.watch.paths"))
    parser.add_argument(
        "--headless", action="store_true", help=text(lang, "cli.help.watch.headless")
    )
    parser.add_argument("--lang", choices=LANGUAGES, help=text(lang, "cli.help.watch.lang"))
    parser.add_argument(
        "--config-dir", type=folder, metavar="DIR", help=text(lang, "cli.help.config_dir")
    )
    parser.add_argument("--frames", type=positive, metavar="N", help=text(lang, "cli.help.frames"))
    parser.add_argument(
        "--screenshot", type=output_file, metavar="PNG", help=text(lang, "cli.help.screenshot")
    )


def register(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    """Add ``watch FILE...``, its help in ``lang``."""
    add_command(subparsers, "watch", lang, _add_watch, run_watch)


def run_watch(args: argparse.Namespace) -> int:
    """Open the window on the one file (read first: exit 2 with its one-line error), or check
    every file headless."""
    files = replay_files(args.paths)
    if not args.headless:
        if len(files) != 1:
            raise UsageError(say("cli.watch.one_file"))
        return open_watch_window(args, files[0], read_replay(files[0]))
    # before pygame is imported: SDL reads these once
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    return check_headless(files, args.lang or environment_language())


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


def _watched(
    new_app: Callable[[], App], files: Sequence[Path], lang: str
) -> Generator[Checked, None, None]:
    """Each file judged as ``verify`` judges it (its messages in ``lang``); one that passes is
    then played through its table (on the app made for the first of them), whose first
    difference makes it differ."""
    app: App | None = None
    for path in files:
        start = time.perf_counter()
        judgement, replay = judge(path, lang)
        if judgement.passed and replay is not None:
            app = app or new_app()
            judgement = Judgement.of_problems(judgement.path, _table_problems(app, replay))
        yield Checked(judgement, time.perf_counter() - start)


def check_headless(files: Sequence[Path], lang: str = "en") -> int:
    """Judge each file as ``verify`` does, in ``lang`` (``golf.replay_judgement.judge``), then play a replay
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
            with contextlib.closing(_watched(lambda: headless_app(lang), files, lang)) as checked:
                return report_checks(checked, len(files), lang=lang)
        finally:
            pygame.quit()
