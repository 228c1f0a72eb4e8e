"""Windows on the dummy driver for the network tests: one app per player, and frames stepped
on every window together until the network has answered."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from scenes.app import WindowOptions, build_app
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop


def net_app(folder: Path, lang: str) -> App:
    """A window's app with its own settings and replays under ``folder``."""
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(config_dir=folder, seed=7, lang=lang, replays_dir=folder / "r")
    return build_app(window, screen)


def step_windows(loops: list[Loop], until: object, seconds: float = 20.0) -> None:
    """Frames on every window until ``until()`` holds; fails after ``seconds`` of wall time."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for loop in loops:
            loop.step([], 1 / 60)
        if callable(until) and until():
            return
        time.sleep(0.005)
    raise AssertionError("the network did not answer in time")
