"""What showing a frame in a window of another size costs (``scenes.core.viewport``).

Usage: ``python bench/present.py [--runs N] [--keys N] [--whole] [--size WxH] [--quick]``
(``--quick``: 10 presents and 10 keys a size, for CI). Not a timed test: for each window
size it prints the filter used, the median CPU time of copying the whole 1280×720 logical
screen into the window, and the median and 90th percentile CPU time of the copies while a game
is played on the real table (``--keys`` random table keys, 4 frames each: at a whole scale
only the places a frame changed are copied). Dummy video driver, the CPU doing the scaling as
it does in the real window.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.manager import Loop
from scenes.core.viewport import Presenter

SIZES = [(1280, 720), (900, 600), (1000, 700), (1366, 768), (1920, 1080), (2560, 1440)]
KEYS = [
    pygame.K_SPACE,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_5,
    pygame.K_6,
    pygame.K_7,
]


def _whole(presenter: Presenter, runs: int) -> list[float]:
    presenter.canvas.fill((26, 110, 74))
    times = []
    for _ in range(runs):
        start = time.process_time()
        presenter.present()
        times.append((time.process_time() - start) * 1000)
    return times


def _game(presenter: Presenter, keys: int, folder: Path, whole: bool) -> list[float]:
    """The CPU time of each frame's copy while random keys play a game on the table."""
    options = WindowOptions(
        config_dir=folder,
        data_dir=folder,
        replays_dir=folder,
        seed=1,
        lang="en",
        code="GO1-E-AAAAAAB",
    )
    app = build_app(options, presenter.canvas, None, presenter)
    first_scene(app, options)
    times: list[float] = []
    present = presenter.present

    def timed(changed: object = None) -> None:
        start = time.process_time()
        present(None if whole else changed)  # type: ignore[arg-type]
        times.append((time.process_time() - start) * 1000)

    presenter.present = timed  # type: ignore[method-assign]
    loop = Loop(app)
    rng = random.Random(5)
    for _ in range(keys):
        key = rng.choice(KEYS)
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        )
        for _ in range(4):
            loop.step(pygame.event.get(), 1 / 60)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=120, help="whole presents per size")
    parser.add_argument("--keys", type=int, default=60, help="table keys per size")
    parser.add_argument(
        "--whole",
        action="store_true",
        help="copy every frame of the game whole (as before the changed places)",
    )
    parser.add_argument("--size", help="only this window size, such as 2560x1440")
    parser.add_argument("--quick", action="store_true", help="10 presents, 10 keys (for CI)")
    args = parser.parse_args()
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(runs=10, keys=10)
        args = parser.parse_args()
    pygame.init()
    with tempfile.TemporaryDirectory() as folder:
        sizes = SIZES if not args.size else [tuple(int(n) for n in args.size.split("x"))]
        for size in sizes:
            presenter = Presenter(pygame.display.set_mode(size, pygame.RESIZABLE))
            whole = statistics.median(_whole(presenter, args.runs))
            game = sorted(_game(presenter, args.keys, Path(folder), args.whole))
            kind = (
                "drawn in place"
                if presenter.canvas is presenter.window
                else ("smooth" if presenter.viewport.smooth else "nearest")
            )
            print(
                f"{size[0]}x{size[1]}  {presenter.viewport.scale:.3f}x  {kind:15} "
                f"whole frame median {whole:.2f} ms; a game's frames median "
                f"{statistics.median(game):.2f} ms, p90 {game[len(game) * 9 // 10]:.2f} ms"
            )
    pygame.quit()


if __name__ == "__main__":
    main()
