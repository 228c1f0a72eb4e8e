"""The program's start: the command line with the real window (``main.py``, ``python -m
golfcli`` and the built program all come here).

The garbage collector is held back before anything else is imported (see ``golfcli.startup``);
the headless commands never import pygame, the window's modules load only when it opens.
"""

from __future__ import annotations

from golfcli.startup import hold_collections

hold_collections()

import sys  # noqa: E402
from collections.abc import Sequence  # noqa: E402

from golfcli import commands, crash, logs, output  # noqa: E402
from golfcli.window import open_play_window  # noqa: E402

__all__ = ["main", "start"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``sys.argv`` by default); ``play`` opens the window."""
    return commands.main(argv, window=open_play_window)


def start() -> None:
    """Run the program and exit with its status: the output streams take any terminal's
    encoding (``golfcli.output``), the log file is opened, and an unexpected exception becomes a
    crash report (``golfcli.logs``, ``golfcli.crash``)."""
    if getattr(sys, "frozen", False):
        # The built program's process-pool workers (six-card simulate, the solver) start here
        # on Windows and macOS; without this they would run the command line again.
        import multiprocessing

        multiprocessing.freeze_support()
    output.configure_streams()  # any terminal encoding: plain ASCII, never a UnicodeEncodeError
    logs.start()
    raise SystemExit(crash.guard(main))
