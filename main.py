"""Golf solitaire: start the game window, or run a headless command (``main.py --help``).

The headless commands live in ``golfcli.base`` and never import pygame; the window is imported
only when it is asked for.
"""

from __future__ import annotations

import gc

# Start-up allocates many objects and frees almost none: collecting then is wasted time.
# The window restores the usual thresholds once its modules are loaded (see run_window).
_USUAL_GC = gc.get_threshold()
gc.set_threshold(50_000, 50, 50)

import argparse  # noqa: E402
import importlib  # noqa: E402
import sys  # noqa: E402
from collections.abc import Sequence  # noqa: E402

from golfcli.base import main as cli_main  # noqa: E402


def run_window(args: argparse.Namespace) -> int:
    """Open the game window (``scenes.app``), if this build has one."""
    try:
        app = importlib.import_module("scenes.app")  # pygame is loaded only for the window
    except ModuleNotFoundError as e:
        if e.name not in ("scenes", "scenes.app"):
            raise
        print("The game window is not available yet", file=sys.stderr)
        return 1
    gc.freeze()  # what start-up built lives as long as the window: keep it out of collections
    gc.set_threshold(*_USUAL_GC)
    status = app.run(args)
    return status if isinstance(status, int) else 0


def main(argv: Sequence[str] | None = None) -> int:
    return cli_main(argv, window=run_window)


if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        # The built program's process-pool workers (six-card simulate) start here on Windows
        # and macOS; without this they would run the command line again.
        import multiprocessing

        multiprocessing.freeze_support()
    raise SystemExit(main())
