"""Finished games of both kinds written into a journal, as the tables write them: real deals,
real actions, the pause before each, one finished game after another, a day apart.

Used by the History screen's tests (``tests/window/test_ui_history.py``) and to look at the
screen with many games (``fill(Journal(folder), 30)``).
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from golf.journal.journal import Ending, Journal
from golf.sixcard.ai import make_opponent
from golf.sixcard.codes import format_code as six_code
from golf.sixcard.game import new_game, totals, winners
from golf.sixcard.simulate import play_game
from golf.solitaire.engine import Action
from golf.solitaire.round import round_numbers
from golf.solitaire.rules import PRESETS
from golf.solitaire.session import Game
from golf.solitaire.stats import GameResult
from tests.ui_driver import WIN_CODE, WIN_LINE

__all__ = ["FIRST", "fill", "finish_six_card", "finish_solitaire", "won_game"]

FIRST = datetime(2026, 11, 1, 9, 0)
"""When the first game of :func:`fill` starts."""


def won_game() -> Game:
    """Deal GO1-E-AAAAAAA played to its win."""
    game = Game.from_code(WIN_CODE)
    for token in WIN_LINE:
        game.apply(Action.draw() if token == "d" else Action.play(int(token)))
    return game


def _played(number: int, rules: str, rng: random.Random, stop: int | None) -> Game:
    """A deal played with a legal move at random (a play rather than a draw, mostly) until it
    ends, or ``stop`` moves (then left in play)."""
    game = Game.new(number, PRESETS[rules])
    while not game.over and (stop is None or len(game.log) < stop):
        legal = game.legal_actions()
        plays = [a for a in legal if a.kind != "draw"]
        game.apply(rng.choice(plays) if plays and rng.random() < 0.9 else legal[0])
    return game


def finish_solitaire(
    journal: Journal,
    game: Game,
    start: datetime,
    rules: str,
    *,
    abandoned: bool = False,
    daily: str | None = None,
    hole: tuple[int, int] | None = None,
    pause: float = 1.5,
) -> int:
    """``game`` written action by action as the table writes it, then finished (``hole``: the
    round's number and the hole); its number."""
    assert game.code is not None
    round_id, number = hole if hole is not None else (None, None)
    gid = journal.begin(
        "solitaire",
        game.code,
        rules,
        start.isoformat(),
        daily=daily,
        round_id=round_id,
        hole=number,
    )
    actions = tuple(str(a) for a in game.log)
    times = tuple(pause for _ in actions)
    for seq, action in enumerate(actions):
        journal.act(gid, seq, action, pause, pause * (seq + 1), pause * (seq + 1))
    result = GameResult.of_game(game)
    journal.finish(
        gid,
        Ending(
            outcome="abandoned" if abandoned else result.outcome,  # type: ignore[arg-type]
            ended=(start + timedelta(seconds=pause * len(actions))).isoformat(),
            actions=actions,
            times=times,
            seconds=pause * len(actions),
            moves=result.moves,
            score=result.score,
            cards_left=result.left,
            stock_left=result.stock_left,
            undos=result.undos,
        ),
    )
    return gid


def finish_six_card(
    journal: Journal, number: int, start: datetime, players: int = 2, seed: int = 1
) -> int:
    """A six-card game of ``players`` seats (the first one the person's) played to its end by
    the computers; its number."""
    kinds = ["human", *("medium",) * (players - 1)]
    code = six_code(number, players)
    opponents = [make_opponent("medium", seed + seat) for seat in range(players)]
    final, log = play_game(new_game(number, players), opponents)
    actions = tuple(str(a) for a in log)
    pause = 0.8
    gid = journal.begin(
        "six-card",
        code,
        "standard",
        start.isoformat(),
        setup={"kinds": kinds, "speed": "normal"},
    )
    scores = totals(final)
    journal.finish(
        gid,
        Ending(
            outcome="finished",
            ended=(start + timedelta(seconds=pause * len(actions))).isoformat(),
            actions=actions,
            times=(pause,) * len(actions),
            seconds=pause * len(actions),
            moves=len(actions),
            score=scores[0],
            result={
                "totals": list(scores),
                "winners": list(winners(final)),
                "seats": kinds,
                "speed": "normal",
            },
        ),
    )
    return gid


def fill(journal: Journal, count: int, seed: int = 1) -> list[int]:
    """``count`` finished games, oldest first, one a day from :data:`FIRST`: solitaire under
    Easy and Classic (won, blocked, left) with a daily deal among them, and six-card games of
    two to four seats, the first hole of a round now and then. Their numbers, oldest first."""
    rng = random.Random(seed)
    numbers = []
    for index in range(count):
        start = FIRST + timedelta(days=index, minutes=7 * index)
        kind = index % 5
        if index % 10 == 9:  # the first hole of a round, then the round left
            game = _played(round_numbers(index)[0], "easy", rng, None)
            round_id = journal.begin_round(index, "easy", 9, start.isoformat())
            numbers.append(finish_solitaire(journal, game, start, "easy", hole=(round_id, 1)))
            journal.leave_round(round_id, start.isoformat())
        elif kind == 0:
            numbers.append(finish_solitaire(journal, won_game(), start, "easy"))
        elif kind in (1, 3):
            rules = "classic" if kind == 1 else "easy"
            game = _played(rng.randrange(1, 10**6), rules, rng, None)
            numbers.append(finish_solitaire(journal, game, start, rules))
        elif kind == 2:
            players = 2 + index % 3
            numbers.append(
                finish_six_card(journal, rng.randrange(1, 10**6), start, players, seed=index)
            )
        else:
            game = _played(rng.randrange(1, 10**6), "easy", rng, 6)
            daily = start.date().isoformat() if index % 20 == 4 else None
            numbers.append(
                finish_solitaire(journal, game, start, "easy", abandoned=True, daily=daily)
            )
    return numbers
