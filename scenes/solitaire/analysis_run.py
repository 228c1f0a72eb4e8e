"""The analysis of a finished game as it runs: its questions to the solver, its progress, and
what it knows so far -- without a screen (the analysis screen draws it, ``bench/analysis.py``
times it).

Two questions, off the UI thread, within :data:`ANSWER_SECONDS` of the screen opening:

1. the solver's verdict (:func:`scenes.solitaire.solver_worker.analyse_game`): was the deal
   winnable with the stock's order known, the best result, the move after which the game was
   lost (usually a tenth of a second; past the time it asks no further question, and says
   between which moves the game was lost as far as it got);
2. where it was lost, what a player who cannot see the stock could win just before that move
   and just after it (:func:`scenes.solitaire.solver_worker.chances_within`): exact where the
   search finishes, else estimated, given what is left of the time. It reports how far it has
   got (positions searched, stock orders played out), which the screen shows as it moves.

Past the time the screen says what is known so far (:attr:`AnalysisRun.late`).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Final

from golf.solitaire.postmortem import SAMPLING, SEARCHING, Around
from golf.solitaire.session import Game
from golf.solitaire.solver import Analysis
from scenes.solitaire.solver_worker import Job, analyse_game, chances_within, submit_reporting

__all__ = [
    "ANSWER_SECONDS",
    "DEAL",
    "LOST",
    "MARGIN",
    "SAMPLING",
    "SEARCHING",
    "SHORTEST",
    "AnalysisRun",
]

ANSWER_SECONDS: Final = 2.0
"""The analysis answers within this many seconds of opening (``bench/analysis.py``)."""
MARGIN: Final = 0.3
"""Of that, left for the answer to come back from the solver's process and show."""
SHORTEST: Final = 0.1
"""The chance's question is given at least this long, however late the verdict came."""
DEAL: Final = 0
"""The phase of the solver's first question: was the deal winnable..."""
LOST: Final = 1
"""... and of the next: where was the game lost (the chance's phases follow)."""


class AnalysisRun:
    """One game's analysis under way: ``update(dt)`` each frame takes in the answers."""

    def __init__(
        self,
        game: Game,
        budget: float = ANSWER_SECONDS,
        answer: tuple[Analysis, Around | None] | None = None,
    ) -> None:
        """The questions about ``game`` asked at once; or, given ``answer`` (the verdict and
        the chance around the losing move, already known), none: the run is answered from
        the start (the analysis screen drawn from a given state)."""
        self.game = game
        self.budget = budget
        self.elapsed = 0.0
        start, rules, actions = game.start, game.rules, tuple(game.log)
        seconds = max(SHORTEST, budget - MARGIN)
        if answer is None:
            future, call_off, progress = submit_reporting(
                analyse_game, start, rules, actions, seconds
            )
        else:
            future, call_off, progress = Future(), _nothing_to_call_off, _nothing
            future.set_result(answer[0])
        self.job: Job[Analysis] = Job(len(actions), future, call_off)
        self.verdict_progress = progress
        self.result: Analysis | None = None
        self.failed = False
        self.blind_job: Job[Around | None] | None = None
        self.blind: Around | None = None
        self.blind_done = False
        self.progress: Callable[[], tuple[int, int] | None] = _nothing
        """The chance's reports (:func:`submit_reporting`)."""
        self.answered_at: float | None = None
        """Seconds from opening to the whole answer (None while it is awaited)."""
        if answer is not None:
            self.result, self.blind = answer
            self.blind_done = True
            self.answered_at = 0.0

    # ------------------------------------------------------------ what it knows
    @property
    def needs_blind(self) -> bool:
        """Whether the answer has the chance around the losing move (a winnable deal lost)."""
        result = self.result
        return result is not None and bool(result.winnable) and result.lost_after is not None

    @property
    def answered(self) -> bool:
        """Whether every question has its answer (or failed)."""
        if self.failed:
            return True
        return self.result is not None and (not self.needs_blind or self.blind_done)

    @property
    def late(self) -> bool:
        """Past the time and not answered: the screen says what is known so far."""
        return not self.answered and self.elapsed >= self.budget

    @property
    def cut_short(self) -> bool:
        """Answered, but with what was known when its time (or its budget of positions) ran
        out: the verdict unfinished, or a chance with no order tried."""
        if not self.answered or self.result is None:
            return False
        blind = self.blind
        unknown = self.needs_blind and (blind is None or None in (blind.before, blind.after))
        return not self.result.complete or unknown

    @property
    def partial(self) -> bool:
        """Whether the answer (or what is known) leaves something open: the verdict cut short by
        its budget, or a chance neither exact nor estimated."""
        if not self.answered:
            return True
        if self.failed or self.result is None or not self.result.complete:
            return True
        blind = self.blind
        return self.needs_blind and (blind is None or blind.before is None or blind.after is None)

    def _report(self) -> tuple[int, int] | None:
        if self.result is None:
            return self.verdict_progress()
        return self.progress()

    @property
    def phase(self) -> int:
        """Where it has got: :data:`DEAL`, :data:`LOST` (the solver's verdict), then
        :data:`~golf.solitaire.postmortem.SEARCHING` and
        :data:`~golf.solitaire.postmortem.SAMPLING` (the chance)."""
        got = self._report()
        if got is None:
            return DEAL if self.result is None else SEARCHING
        return got[0]

    @property
    def count(self) -> int:
        """The positions searched or the stock orders played out so far in the phase (0: not
        known yet)."""
        got = self._report()
        return 0 if got is None else got[1]

    # ------------------------------------------------------------ the answers
    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.result is None and not self.failed and self.job.done():
            if self.job.future.exception() is not None:
                self.failed = True
            else:
                self.result = self.job.future.result()
                self._ask_blind()
        blind_job = self.blind_job
        if blind_job is not None and blind_job.done():
            self.blind_job = None
            self.blind_done = True
            if blind_job.future.exception() is None:
                self.blind = blind_job.future.result()
        if self.answered and self.answered_at is None:
            self.answered_at = self.elapsed

    def _ask_blind(self) -> None:
        """Where the game was lost for a player who knew the stock, ask what a player who did
        not know it could still win just before that move and just after, with what is left
        of the time."""
        result = self.result
        if not self.needs_blind or result is None or result.lost_after is None:
            return
        game = self.game
        seconds = max(SHORTEST, self.budget - self.elapsed - MARGIN)
        args = (game.start, game.rules, tuple(game.log), result.lost_after, seconds)
        future, call_off, progress = submit_reporting(chances_within, *args)
        self.blind_job = Job(result.lost_after, future, call_off)
        self.progress = progress

    def stop(self) -> None:
        """Gone for good: the questions still under way are called off, so that the solver
        processes are free for the next ones at once."""
        self.job.call_off()
        if self.blind_job is not None:
            self.blind_job.call_off()


def _nothing() -> tuple[int, int] | None:
    return None


def _nothing_to_call_off() -> None:
    """An answer given: no question to call off."""
