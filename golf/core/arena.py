"""What both games' arenas share: a scripted player's fault and the figures' intervals (the
win chance's estimates, ``golf.solitaire.blind``, take their Wilson interval from here too).

A scripted player (``golf.solitaire.arena``, ``golf.sixcard.arena``) that fails is reported
with a :class:`PlayerFault`'s kind; the figures of many games are given with 95 % intervals:
:func:`wilson` for a win rate, :func:`mean_interval` for a mean.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

__all__ = ["FAULT_KINDS", "MAX_DETAIL", "Z95", "PlayerFault", "mean_interval", "shown", "wilson"]

FAULT_KINDS: Final = ("raised", "slow", "illegal", "died", "hung")
"""A player's failures: it raised an exception, it took longer than the move's time limit, it
answered something that is not a legal action, its process ended while it was on the move, or
its process gave no answer long past the limit and was stopped (the last two where the
player runs in a process of its own: ``golfcli/arena_process.py``)."""
MAX_DETAIL: Final = 160
"""The longest text kept of a fault (an exception's message, an answer)."""
Z95: Final = 1.96


class PlayerFault(Exception):
    """Raised by a caller's guard around a player: it raised (``raised``) or took too long
    (``slow``); ``detail`` says what happened, in one line."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def shown(answer: object) -> str:
    """What a wrong answer was, without calling the player's code (its ``repr``): a text, a
    number or None as Python writes it, anything else by its type's name."""
    if type(answer) is str or answer is None or type(answer) in (int, float, bool):
        text = repr(answer)
    else:
        text = f"a {type(answer).__name__}"
    return text if len(text) <= MAX_DETAIL else text[: MAX_DETAIL - 3] + "..."


def wilson(wins: float, tried: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share (0 to 1 when nothing was tried); ``wins`` may have
    a fractional part (a shared win counts as a part)."""
    if tried == 0:
        return 0.0, 1.0
    p = wins / tried
    centre = (p + z * z / (2 * tried)) / (1 + z * z / tried)
    half = z * math.sqrt(p * (1 - p) / tried + z * z / (4 * tried * tried)) / (1 + z * z / tried)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (the normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)
