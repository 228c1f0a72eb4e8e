"""The table's link to the solver: the hint and the winnable indicator, answered off the UI thread.

:class:`SolverHelper` asks ``scenes.solitaire.solver_worker`` (the solver's processes) and looks at
the answers once a frame, never waiting, so the table keeps animating and taking input. Each answer
carries the key of the position it was asked for; an answer for a position the game has left is
dropped. How an answer shows is decided by :func:`golf.solitaire.timed_hint.hint_said`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from golf.solitaire import engine
from golf.solitaire.announce import hint_move_said
from golf.solitaire.timed_hint import EXACT, TimedHint, hint_said, hint_seed
from scenes.core.board_text import speak
from scenes.core.look import PALETTE
from scenes.solitaire import solver_worker
from scenes.solitaire.layout import STOCK_SLOT
from scenes.solitaire.solver_worker import (
    Job,
    still_winnable,
    submit,
    submit_stoppable,
    warm_up,
)
from scenes.solitaire.table_state import TableState

__all__ = ["SolverHelper"]


class SolverHelper:
    """A table's link to the solver: the hint and the winnable indicator."""

    def __init__(self, scene: TableState, warm: bool = True) -> None:
        self.scene = scene
        if warm:  # the processes start now, so that the first hint does not wait for them
            warm_up()
        self.hint_job: Job[TimedHint | None] | None = None
        self.first: TimedHint | None = None  # the first look's answer, while the second runs
        self.indicator_job: Job[bool | None] | None = None
        self.winnable: bool | None = None  # what the indicator shows
        self.winnable_key: object = None  # the position it is about

    def key(self) -> object:
        """The position now: the log length (it grows with every action, undo too) and it."""
        game = self.scene.game
        return (id(game), len(game.log), game.position)

    @property
    def refining(self) -> bool:
        """Whether the hint job under way (or the last one) is the second, longer look."""
        return self.first is not None

    @property
    def thinking(self) -> bool:
        """Whether a hint is being worked out for the position on the table."""
        return self.hint_job is not None and self.hint_job.key == self.key()

    def ask_hint(self) -> None:
        """Start working out a hint for the position on the table (once per position)."""
        if self.thinking:
            return
        game = self.scene.game
        if game.status != "playing":
            return
        rng = random.Random(hint_seed(game))
        self._ask(solver_worker.timed_hint, rng)
        self.first = None
        self.scene.toast(self.scene.app.texts("hint.thinking"), PALETTE.cyan)
        self.scene.toasts[-1].seconds = 10.0

    def refine(self, first: TimedHint, look: str) -> None:
        """A second, longer look: the exact search going on (``look`` is ``EXACT``), else the
        range over more time at a position too open to judge within the second."""
        game = self.scene.game
        rng = random.Random(hint_seed(game) + ":again")
        question = solver_worker.exact_again if look == EXACT else solver_worker.refined_hint
        self._ask(question, rng)
        self.first = first

    def _ask(self, question: Callable[..., TimedHint | None], rng: random.Random) -> None:
        """Ask ``question`` about the position on the table in the hint's own process (its
        kept search goes on from the earlier hints of the game), to be called off if the
        position changes first."""
        game = self.scene.game
        future, call_off = submit_stoppable(question, game.position, game.rules, rng, hints=True)
        self.hint_job = Job(self.key(), future, call_off)

    def update(self) -> None:
        """Take in answers that are ready; drop the ones for a position the game has left."""
        key = self.key()
        job = self.hint_job
        if job is not None and job.key != key:
            self.hint_job = None  # stale: the position changed
            job.call_off()  # the hint's process is free at once for the next question
            self._drop_thinking()
        elif job is not None and job.done():
            self.hint_job = None
            self._drop_thinking()
            if job.future.exception() is None:
                answer = job.future.result()
                if self.first is not None and answer is None:
                    answer = self.first  # the exact search did not finish: the range stays
                self._show_hint(answer)
                look = hint_said(answer, self.refining).look_again
                if answer is not None and look:
                    self.refine(answer, look)
        self._update_indicator(key)

    def _drop_thinking(self) -> None:
        text = self.scene.app.texts("hint.thinking")
        self.scene.toasts = [t for t in self.scene.toasts if t.text != text]

    def _show_hint(self, answer: TimedHint | None) -> None:
        scene, texts = self.scene, self.scene.app.texts
        said = hint_said(answer, self.refining)
        if said.action is None:
            scene.toast(texts(said.message))
            speak(scene.app, texts(said.message), scene.toast)
            return
        slot = STOCK_SLOT if said.action.kind == engine.DRAW else said.action.column - 1
        scene.hint = (slot, said.seconds)
        message = texts(said.message, **said.fields)
        scene.toast(message, PALETTE.cyan)
        scene.toasts[-1].seconds = said.seconds
        move = hint_move_said(scene.game.position, said.action, texts.lang)
        speak(scene.app, f"{move} {message}", scene.toast)

    def _update_indicator(self, key: object) -> None:
        if not getattr(self.scene.app.settings, "winnable_indicator", False):
            self.indicator_job = None
            self.winnable_key = None
            return
        job = self.indicator_job
        if job is not None and job.done():
            self.indicator_job = None
            if job.key == key and job.future.exception() is None:
                self.winnable = job.future.result()
                self.winnable_key = key
        if self.indicator_job is None and self.winnable_key != key:
            game = self.scene.game
            self.indicator_job = Job(key, submit(still_winnable, game.position, game.rules))

    def indicator_text(self) -> str | None:
        """The indicator's words, or None when it is off (or not yet known)."""
        if not getattr(self.scene.app.settings, "winnable_indicator", False):
            return None
        texts = self.scene.app.texts
        if self.winnable_key != self.key():
            return texts("indicator.thinking")
        if self.winnable is None:
            return texts("indicator.unknown")
        return texts("indicator.yes" if self.winnable else "indicator.no")
