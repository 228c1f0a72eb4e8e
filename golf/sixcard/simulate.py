"""Computer against computer: whole games played headless, and the strength survey.

``play_game`` plays one game to its end with one opponent per seat; ``survey`` plays many games
(each from its own deal number and seeds, so the figures are the same however the work is
split) and returns each seat's mean total and its standard error.
"""

from __future__ import annotations

import math
import multiprocessing
import random
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from golf.core.deal import MAX_DEAL
from golf.sixcard.actions import NEXT_HOLE_ACTION, Action
from golf.sixcard.ai import Opponent, make_opponent
from golf.sixcard.game import State, apply, new_game, totals, winners
from golf.sixcard.rules import SixRules
from golf.sixcard.view import seat_view


def ai_step(state: State, opponents: Sequence[Opponent]) -> Action:
    """The action of the computer at the seat to move (``next hole`` between holes)."""
    seat = state.to_move
    if seat is None:
        return NEXT_HOLE_ACTION
    return opponents[seat].decide(seat_view(state, seat))


def play_game(state: State, opponents: Sequence[Opponent]) -> tuple[State, list[Action]]:
    """Play ``state`` to the end of the game; the final state and every action taken."""
    log: list[Action] = []
    while not state.over:
        action = ai_step(state, opponents)
        state = apply(state, action)
        log.append(action)
    return state, log


def game_seeds(seed: int, index: int, players: int) -> tuple[int, list[int]]:
    """The deal number and the opponents' seeds of game ``index`` of a survey."""
    rng = random.Random(f"six-card survey {seed} {index}")
    return rng.randrange(MAX_DEAL), [rng.randrange(2**63) for _ in range(players)]


@dataclass(frozen=True)
class GameResult:
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    holes: int


def _one(levels: tuple[str, ...], rules: SixRules, seed: int, index: int) -> GameResult:
    number, seeds = game_seeds(seed, index, len(levels))
    opponents = [make_opponent(level, s) for level, s in zip(levels, seeds, strict=True)]
    final, _ = play_game(new_game(number, len(levels), rules), opponents)
    return GameResult(totals(final), winners(final), len(final.scores))


def _chunk(levels: tuple[str, ...], rules: SixRules, seed: int, indices: range) -> list[GameResult]:
    return [_one(levels, rules, seed, i) for i in indices]


@dataclass(frozen=True)
class SeatFigures:
    seat: int
    level: str
    mean: float
    std_error: float
    wins: float
    """Share of games won (a shared win counts as a part)."""


def figures(levels: Sequence[str], results: Iterable[GameResult]) -> list[SeatFigures]:
    rows = list(results)
    n = len(rows)
    out = []
    for seat, level in enumerate(levels):
        values = [r.totals[seat] for r in rows]
        mean = sum(values) / n
        var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        wins = sum(1 / len(r.winners) for r in rows if seat in r.winners) / n
        out.append(SeatFigures(seat, level, mean, math.sqrt(var / n), wins))
    return out


def survey(
    levels: Sequence[str], rules: SixRules, rounds: int, seed: int = 0, jobs: int = 1
) -> list[SeatFigures]:
    """Play ``rounds`` games with these levels at the seats; each seat's figures."""
    lv = tuple(levels)
    for level in lv:
        make_opponent(level, 0)  # refuse a wrong level before any work
    if jobs <= 1 or rounds < 2:
        return figures(lv, _chunk(lv, rules, seed, range(rounds)))
    size = math.ceil(rounds / (jobs * 4))
    parts = [range(a, min(a + size, rounds)) for a in range(0, rounds, size)]
    # spawn, never fork: the caller may run threads (the window's mixer, a test run's), and a
    # forked copy of a process with threads can deadlock. The pool ends with the block, on
    # every path.
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=spawn) as pool:
        chunks = list(pool.map(_chunk, *zip(*((lv, rules, seed, p) for p in parts), strict=True)))
    return figures(lv, (r for chunk in chunks for r in chunk))
