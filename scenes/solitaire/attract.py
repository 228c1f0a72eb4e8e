"""Attract mode: after 20 seconds idle on the title, the solver plays a winnable deal.

:class:`AttractTimer` counts the title's idle time. Halfway there it asks the solver (off the UI
thread) for a random Easy deal it proves winnable and the winning line; at 20 seconds the demo
(:class:`AttractScene`) goes over the title. The demo is the table driven by that line at a steady
pace (:class:`Demo`, a replay's driver without controls), so every move goes through the table's
play session as a player's would. Any input
(a key, a click, the mouse moving, a gamepad button) takes the player back to the title, and so
does the end of the demo, a few seconds after the table is cleared.
"""

from __future__ import annotations

import logging
import random
from typing import Final

import pygame

from golf.solitaire.replay import Replay
from golf.solitaire.rules import EASY, Rules
from scenes.core.input import Intent
from scenes.core.look import PALETTE, SCREEN_SIZE
from scenes.core.manager import App
from scenes.core.textfit import fit_text
from scenes.core.widgets import Button
from scenes.solitaire.solver_worker import Job, demo_replay, submit, warm_up
from scenes.solitaire.table import TableScene
from scenes.solitaire.watch import Replayer

__all__ = ["ATTRACT_AFTER", "AttractScene", "AttractTimer", "Demo", "demo_replay"]

log = logging.getLogger(__name__)

ATTRACT_AFTER: Final = 20.0
"""Seconds of no input on the title before the demo starts."""
PREPARE_AFTER: Final = 10.0
"""Seconds of no input before the demo's deal is looked for."""
DEMO_SPEED: Final = 2.0
"""The demo's pace, as a watching speed (two actions a second)."""
LINGER: Final = 4.0
"""Seconds the cleared table stays before the title comes back."""


class Demo:
    """The demo as a table's driver: a :class:`~scenes.solitaire.watch.Replayer` at a steady
    pace, with no controls; any input (or the end, after a moment) goes back to the title."""

    def __init__(self, table: TableScene, replay: Replay) -> None:
        self.table = table
        self.playback = Replayer(table, replay, controls=False)
        self.playback.pace(DEMO_SPEED)
        self.clock = 0.0
        self.linger = LINGER
        self.leaving = False

    @property
    def buttons(self) -> list[Button]:
        """None: the demo has no controls."""
        return []

    def handle(self, intent: Intent) -> None:
        self.leave()

    def leave(self) -> None:
        """Back to the title (once)."""
        if self.leaving:
            return
        self.leaving = True
        self.playback.playing = False
        self.table.app.scenes.pop(fade=True)

    def update(self, dt: float) -> None:
        self.playback.update(dt)
        self.clock += dt
        table = self.table
        over = self.playback.index >= self.playback.total
        if over and not table.animating and not table.fountain:
            self.linger -= dt
            if self.linger <= 0:
                self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        """The demo's name in the HUD and "press any key"."""
        app = self.table.app
        look, texts, p = app.look, app.texts, PALETTE
        left, right = self.table.view.hud_gap()
        name = fit_text(look, texts("attract.title"), 8, right - left)
        look.type.blit(
            surface, name, 8, p.cyan, ((left + right) // 2, 16), anchor="midtop", shadow=p.ink
        )
        if int(self.clock * 1.5) % 3 != 2:
            look.type.blit(
                surface,
                texts("attract.banner"),
                16,
                p.gold,
                (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] - 40),
                anchor="midbottom",
                shadow=p.ink,
            )


class AttractScene(TableScene):
    """The demo: a winning line played on the table, driven by a :class:`Demo`."""

    speaks = False  # the title's demo plays on its own: the speak option says nothing of it

    def __init__(self, app: App, replay: Replay) -> None:
        super().__init__(app, replay.start(), record=False, hints=False)
        self.replay = replay
        self.demo = Demo(self, replay)
        self.driver = self.demo
        self.view.keeps_frames = False  # its name and banner are drawn over the table

    @property
    def index(self) -> int:
        """Actions of the demo played so far."""
        return self.demo.playback.index

    def leave(self) -> None:
        """Back to the title (once)."""
        self.demo.leave()


class AttractTimer:
    """The title's idle clock: prepares the demo, then starts it."""

    def __init__(self, app: App, rules: Rules = EASY) -> None:
        self.app = app
        self.rules = rules
        self.idle = 0.0
        self.job: Job[Replay] | None = None
        self.scene: AttractScene | None = None  # the demo last started
        warm_up()  # the solver processes start while the title shows: the first hint is quick

    def reset(self) -> None:
        """Input arrived: count from zero again."""
        self.idle = 0.0

    def prepare(self) -> None:
        """Start looking for the demo's deal (once; the same demo waits for the next time)."""
        if self.job is not None:
            return
        rules = self.rules
        rng = random.Random(self.app.rng.getrandbits(64))
        title = self.app.texts("attract.title")
        self.job = Job(rules, submit(demo_replay, rules, rng, title))

    def tick(self, dt: float) -> None:
        """The title's update: start the demo after ``ATTRACT_AFTER`` seconds without input."""
        self.idle += dt
        if self.idle >= PREPARE_AFTER:
            self.prepare()
        if self.idle < ATTRACT_AFTER or self.job is None or not self.job.done():
            return
        job, self.job = self.job, None  # a new deal next time
        self.idle = 0.0
        if job.future.exception() is not None:
            return
        self.scene = AttractScene(self.app, job.future.result())
        self.app.scenes.push(self.scene, fade=True)
