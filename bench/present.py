"""What showing a frame in a window of another size costs (``scenes.core.viewport``).

Usage: ``python bench/present.py [--runs N]``. Not a timed test: for each window size it prints
the filter used and the median time of copying the 1280×720 logical screen into the window
(dummy video driver, the CPU doing the scaling as it does in the real window).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from scenes.core.viewport import Presenter

SIZES = [(1280, 720), (900, 600), (1000, 700), (1366, 768), (1920, 1080), (2560, 1440)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=120, help="presents per size")
    runs = parser.parse_args().runs
    pygame.display.init()
    for size in SIZES:
        presenter = Presenter(pygame.display.set_mode(size, pygame.RESIZABLE))
        presenter.canvas.fill((26, 110, 74))
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            presenter.present()
            times.append((time.perf_counter() - start) * 1000)
        kind = "drawn in place" if presenter.canvas is presenter.window else (
            "smooth" if presenter.viewport.smooth else "nearest")
        print(f"{size[0]}x{size[1]}  {presenter.viewport.scale:.3f}x  {kind:15} "
              f"median {statistics.median(times):.2f} ms")
    pygame.display.quit()


if __name__ == "__main__":
    main()
