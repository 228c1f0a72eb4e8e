"""The daily deal: one code a day for each of Easy and Classic, the same for every player.

The deal number of day ``YYYY-MM-DD`` under rule letter ``R`` (``E`` or ``C``) is the first
output of SplitMix64 (``golf.core.deal``) seeded with ``YYYYMMDD × 256 + ord(R)``, modulo 26⁷.
The date is always an argument: the game passes the player's local calendar date.
``docs/rounds-and-stats.md`` has the worked example.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from typing import Final

from golf.core.deal import MAX_DEAL, SplitMix64
from golf.solitaire.codes import format_code
from golf.solitaire.rules import CLASSIC, EASY, Rules
from golf.solitaire.session import Game
from golf.solitaire.stats import Stats

DAILY_LETTERS: Final = ("E", "C")
_RULES: Final = {"E": EASY, "C": CLASSIC}
_KEYS: Final = {"E": "easy", "C": "classic"}


def _letter(letter: str) -> str:
    t = letter.strip().upper()
    if t not in _RULES:
        raise ValueError(f"the daily deal is dealt for E (Easy) or C (Classic), not {letter!r}")
    return t


def daily_seed(day: date, letter: str) -> int:
    """``YYYYMMDD × 256 + ord(letter)``: the SplitMix64 seed of that day's deal."""
    stamp = day.year * 10_000 + day.month * 100 + day.day
    return stamp * 256 + ord(_letter(letter))


def daily_number(day: date, letter: str) -> int:
    """The deal number of the daily deal of ``day`` under rule letter ``E`` or ``C``."""
    return SplitMix64(daily_seed(day, letter)).next() % MAX_DEAL


def daily_rules(letter: str) -> Rules:
    return _RULES[_letter(letter)]


def daily_rules_key(letter: str) -> str:
    """The statistics key of the daily's rules: ``easy`` or ``classic``."""
    return _KEYS[_letter(letter)]


def daily_code(day: date, letter: str) -> str:
    """``GO1-E-…`` or ``GO1-C-…``: the code of the daily deal of ``day``."""
    return format_code(daily_number(day, letter), daily_rules(letter))


def daily_game(day: date, letter: str) -> Game:
    return Game.new(daily_number(day, letter), daily_rules(letter))


def is_done(stats: Stats, day: date, letter: str) -> bool:
    """Whether the daily deal of ``day`` under that letter was finished (won or blocked)."""
    return day.isoformat() in stats.get(daily_rules_key(letter)).daily_done


def streak(done: Iterable[date], today: date) -> int:
    """Consecutive days with the daily deal done, counted back from ``today``.

    A streak stays alive until the day is over: when today's deal is not done yet, the count
    starts from yesterday.
    """
    days = set(done)
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


def longest_streak(done: Iterable[date]) -> int:
    """The longest run of consecutive days with the daily deal done."""
    days = sorted(set(done))
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    return best
