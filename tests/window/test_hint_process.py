"""The hint's own solver process: every hint of a game goes to the same process, whose kept
search goes on from the earlier hints' states (in the pool of two the questions took turns),
and a hint the window no longer wants is called off and ends without judging anything."""

from __future__ import annotations

import os
import time

from golf.solitaire.hint_figure import Tally
from golf.solitaire.rules import CLASSIC
from golf.solitaire.session import Game
from scenes.solitaire import solver_worker


def test_every_hint_goes_to_one_process_the_other_questions_to_the_pool() -> None:
    solver_worker.restart()
    hints = {solver_worker.submit(os.getpid, hints=True).result(timeout=60) for _ in range(8)}
    others = {solver_worker.submit(os.getpid).result(timeout=60) for _ in range(8)}
    assert len(hints) == 1
    assert os.getpid() not in hints
    assert not hints & others


def test_a_hint_called_off_ends_without_judging_an_order() -> None:
    position = Game.new(7, CLASSIC).position  # 16 stock cards: no exact search
    # Asked and left to run, a further look judges stock orders and plays the policy out.
    future, _ = solver_worker.submit_stoppable(
        solver_worker.later_look, position, CLASSIC, Tally.of(position), hints=True
    )
    answer = future.result(timeout=60)
    assert answer is not None and answer.tally.judged > 0 and answer.tally.played > 0
    # The first look queued behind other work and called off before it starts.
    busy = solver_worker.submit(time.sleep, 0.5, hints=True)
    future, call_off = solver_worker.submit_stoppable(
        solver_worker.timed_hint, position, CLASSIC, hints=True
    )
    call_off()
    busy.result(timeout=60)
    answer = future.result(timeout=60)
    assert answer is not None and not answer.exact
    assert answer.tally.judged == 0 and answer.tally.played == 0
    assert answer.action in Game(position, CLASSIC).legal_actions()


def test_a_question_reports_how_far_it_has_got() -> None:
    from golf.solitaire.engine import Action
    from golf.solitaire.postmortem import SAMPLING

    game = Game.new(7, CLASSIC)  # the chance around its first move: a long stock, estimated
    game.apply(Action.draw())
    future, _, progress = solver_worker.submit_reporting(
        solver_worker.chances_within, game.start, CLASSIC, tuple(game.log), 0, 0.5
    )
    around = future.result(timeout=60)
    assert around is not None and around.orders > 0
    got = progress()
    assert got is not None and got[0] == SAMPLING and got[1] == around.orders
