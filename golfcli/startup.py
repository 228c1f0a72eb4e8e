"""The start-up trick of the program: the garbage collector held back while modules load.

Start-up allocates many objects and frees almost none: collecting then is wasted time. The entry
(``golfcli.main``) calls :func:`hold_collections` before it imports anything else; the window
calls :func:`collect_as_usual` once its modules are loaded.
"""

from __future__ import annotations

import gc
from typing import Final

__all__ = ["collect_as_usual", "hold_collections"]

USUAL: Final = gc.get_threshold()
"""The collector's thresholds as the interpreter started (this module is imported first)."""
HELD: Final = (50_000, 50, 50)


def hold_collections() -> None:
    """Collect rarely while the program's modules load."""
    gc.set_threshold(*HELD)


def collect_as_usual() -> None:
    """Freeze what start-up built (it lives as long as the window) and collect as usual again;
    nothing when start-up did not hold the collector (a test opening the window in-process)."""
    if gc.get_threshold() != HELD:
        return
    gc.freeze()
    gc.set_threshold(*USUAL)
