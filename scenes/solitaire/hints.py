"""The table's link to the solver: the hint and the winnable indicator, answered off the UI thread.

:class:`SolverHelper` asks ``scenes.solitaire.solver_worker`` (the solver's processes) and looks at
the answers once a frame, never waiting, so the table keeps animating and taking input. Each answer
carries the key of the position it was asked for; an answer for a position the game has left is
dropped.

The hint is one figure per position (:mod:`golf.solitaire.hint_figure`): what the looks at a
position found is kept in :data:`MEMO`, by what the player sees of it, for as long as the window
runs, so the same position always shows the same figure, exact or an estimate whose range only
narrows. Its bubble and the card it lights stay until the player acts (an action, an undo, a new
game); while they show, further looks narrow the range (or find the exact chance) until
:func:`golf.solitaire.timed_hint.another_look` says no more will. How it reads is decided by
:func:`golf.solitaire.timed_hint.hint_said`.
"""

from __future__ import annotations

from typing import Final

from golf.solitaire import engine
from golf.solitaire.announce import hint_move_said
from golf.solitaire.hint_figure import FigureKey, HintMemo, Known, figure_key
from golf.solitaire.timed_hint import (
    HINT_SECONDS,
    LOOK_SECONDS,
    TimedHint,
    another_look,
    hint_said,
)
from scenes.core.board_text import speak
from scenes.core.look import PALETTE
from scenes.core.widgets import Toast
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

__all__ = ["MEMO", "STAYS", "SolverHelper"]

MEMO = HintMemo()
"""What the hint has found, by position, in this window's process (the one place a table's
hints are kept beyond the table: a new game, a restart or an undo back to a position shows
what was found there before)."""
STAYS: Final = 1e6
"""Seconds a hint's bubble and light are given: they go when the player acts, not on a timer."""


class SolverHelper:
    """A table's link to the solver: the hint and the winnable indicator."""

    def __init__(self, scene: TableState, warm: bool = True) -> None:
        self.scene = scene
        if warm:  # the processes start now, so that the first hint does not wait for them
            warm_up()
        self.hint_job: Job[TimedHint | None] | None = None
        self.shown: object = None  # the position (:meth:`key`) the bubble is about
        self.bubble: Toast | None = None
        self.first = False  # whether the job under way is a first look
        self.indicator_job: Job[bool | None] | None = None
        self.winnable: bool | None = None  # what the indicator shows
        self.winnable_key: object = None  # the position it is about

    def key(self) -> object:
        """The position now: the log length (it grows with every action, undo too) and it."""
        game = self.scene.game
        return (id(game), len(game.log), game.position)

    def figure_key(self) -> FigureKey:
        """The position now as the hint's figures are kept (what the player sees of it)."""
        game = self.scene.game
        return figure_key(game.position, game.rules)

    @property
    def thinking(self) -> bool:
        """Whether a hint is being worked out for the position on the table."""
        return self.hint_job is not None and self.hint_job.key == self.key()

    @property
    def showing(self) -> bool:
        """Whether the hint's bubble is up for the position on the table."""
        return self.bubble is not None and self.shown == self.key()

    def ask_hint(self) -> None:
        """Show the hint for the position on the table: at once what is known of it, else
        "Thinking…" until the first look answers; further looks follow while it shows."""
        game = self.scene.game
        if game.status != "playing":
            return
        known = MEMO.get(self.figure_key())
        if known is not None:
            self._show_hint(known, again=True)
            return
        if self.thinking:
            return
        self._ask(first=True)
        self.scene.toast(self.scene.app.texts("hint.thinking"), PALETTE.cyan)
        self.scene.toasts[-1].seconds = STAYS

    def _ask(self, first: bool, known: Known | None = None) -> None:
        """Ask the hint's own process (its kept search goes on from the earlier hints of the
        game) for a look at the position on the table: the first, or a further one going on
        from ``known``'s evidence; called off if the position changes first."""
        game = self.scene.game
        if first:
            future, call_off = submit_stoppable(
                solver_worker.timed_hint, game.position, game.rules, hints=True
            )
        else:
            assert known is not None
            future, call_off = submit_stoppable(
                solver_worker.later_look, game.position, game.rules, known.tally, hints=True
            )
        self.hint_job = Job(self.key(), future, call_off)
        self.first = first

    def update(self) -> None:
        """Take in answers that are ready; drop the ones for a position the game has left, and
        the bubble once the player has acted."""
        key = self.key()
        if self.shown is not None and self.shown != key:
            self._drop_bubble()
        job = self.hint_job
        if job is not None and job.key != key:
            self.hint_job = None  # stale: the position changed
            job.call_off()  # the hint's process is free at once for the next question
            self._drop_thinking()
        elif job is not None and job.done():
            self.hint_job = None
            self._drop_thinking()
            if job.future.exception() is None:
                self._take(job.future.result())
        bubble = self.bubble
        if bubble is not None and self.showing and not self.scene.toasts:
            self.scene.toasts.append(bubble)  # back once a passing message has gone
        self._update_indicator(key)

    def _take(self, answer: TimedHint | None) -> None:
        """A look's answer: kept for the position, shown, and the next look asked while it
        may still say more."""
        fkey = self.figure_key()
        if answer is None:
            self._show_none()
            return
        seconds = HINT_SECONDS if self.first else LOOK_SECONDS
        known = MEMO.take(fkey, answer.action, answer.tally, seconds, answer.exact_chance)
        if known is None:  # a further look at a position the memo has forgotten since
            return
        was = self.bubble.text if self.showing and self.bubble is not None else None
        self._show_hint(known, again=False, said_before=was)

    def _show_none(self) -> None:
        scene, texts = self.scene, self.scene.app.texts
        said = hint_said(None, looking=False)
        scene.toast(texts(said.message))
        speak(scene.app, texts(said.message), scene.toast)

    def _show_hint(self, known: Known, again: bool, said_before: str | None = None) -> None:
        """Light the suggested card (or the stock) and show the figure in the bubble, which
        stays until the player acts; a further look is asked while one may say more. Spoken
        when asked for (``again``), the first time, and when the figure becomes exact."""
        scene, texts = self.scene, self.scene.app.texts
        position = scene.game.position
        more = another_look(known, position)  # and a look is under way, or asked below
        said = hint_said(known, looking=more)
        assert said.action is not None
        slot = STOCK_SLOT if said.action.kind == engine.DRAW else said.action.column - 1
        scene.hint = (slot, STAYS)
        message = texts(said.message, **said.fields)
        if self.showing and self.bubble is not None:
            # (put back by :meth:`update` if a passing message has taken its place)
            self.bubble.text, self.bubble.colour = message, PALETTE.cyan
        else:
            scene.toast(message, PALETTE.cyan)
            self.bubble = scene.toasts[-1]
            self.bubble.seconds = STAYS
            self.shown = self.key()
        exact = known.figure is not None and known.figure.exact
        if again or said_before is None or (exact and said_before != message):
            move = hint_move_said(position, said.action, texts.lang)
            speak(scene.app, f"{move} {message}", scene.toast)
        if more and not self.thinking:
            self._ask(first=False, known=known)

    def _drop_bubble(self) -> None:
        """The player acted: the bubble and the light go."""
        if self.bubble is not None:
            self.scene.toasts = [t for t in self.scene.toasts if t is not self.bubble]
        self.bubble = None
        self.shown = None
        self.scene.hint = None

    def _drop_thinking(self) -> None:
        text = self.scene.app.texts("hint.thinking")
        self.scene.toasts = [t for t in self.scene.toasts if t.text != text]

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
