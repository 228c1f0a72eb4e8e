"""Finding a winnable deal: a small window while the solver looks, then the game starts.

The search (:func:`scenes.solitaire.solver_worker.winnable_number`) runs off the UI thread with a
generator seeded from the app's deal generator, so the same seed gives the same deals. Esc gives
up and goes back to the screen below.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

import pygame

from golf.solitaire.rules import Rules
from golf.solitaire.session import Game
from scenes.core.dialog import centred, draw_frame
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE
from scenes.core.manager import App, Scene

if TYPE_CHECKING:
    from scenes.solitaire.solver_worker import Job

__all__ = ["FindDealScene"]

log = logging.getLogger(__name__)


class FindDealScene(Scene):
    """ "Finding a winnable deal…" over the screen it was asked from."""

    overlay = True

    def __init__(self, app: App, rules: Rules, job: Job[int] | None = None) -> None:
        """The search asked of the solver; or ``job``, a search given (the screen drawn
        from a given state: its answer, when it has one, starts the deal as the solver's
        would)."""
        super().__init__(app)
        self.rules = rules
        if job is None:
            # the solver loads with the first question, not with the window (the title warms
            # it up)
            from scenes.solitaire.solver_worker import Job, submit, winnable_number

            rng = random.Random(app.deals.getrandbits(64))
            job = Job(rules, submit(winnable_number, rules, rng))
        self.job: Job[int] = job
        self.clock = 0.0
        self.cancelled = False

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.cancelled = True
            self.app.scenes.pop(fade=False)

    def exit(self, quitting: bool = False) -> None:
        self.cancelled = True  # left for another screen: the deal found later is not played

    def update(self, dt: float) -> None:
        self.clock += dt
        # a screen change under way (the player left for the title, say) is not overruled by
        # a deal found in the meantime
        if self.cancelled or self.app.scenes.busy or not self.job.done():
            return
        self.cancelled = True  # start once
        error = self.job.future.exception()
        if error is not None:
            log.warning("no winnable deal found (%s): a random deal instead", error)
            self.app.flow.start_game(Game.new(self.app.flow.random_deal(), self.rules))
            return
        from scenes.solitaire.solver_worker import proven_game

        self.app.flow.start_game(proven_game(self.job.future.result(), self.rules))

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        panel = centred(640, 170)
        dots = "." * (1 + int(self.clock * 3) % 3)
        title = texts("new.finding").rstrip("…") + dots
        draw_frame(surface, look, panel, title, alpha=150, size=12, top=44)
        look.type.blit(
            surface,
            texts("winnable.label"),
            8,
            p.label,
            (panel.centerx, panel.top + 104),
            anchor="midtop",
            shadow=p.ink,
        )
