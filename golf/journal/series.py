"""One rule set's games over time, read from the journal, for the statistics screen's charts.

:func:`series` gives, for the games of one game and rule set (solitaire: the very games its
statistics count, after its last reset; six-card: the finished games the person played), each
game's score in order, whether the person won it, the number won among the last 10 and the last
100 games after each game, and how the scores are spread (:func:`histogram`, bins of one round
width). Solitaire reads one range of the index ``games_figures``, which holds every column it
needs; six-card the finished games of ``games_status``. The rows come back as one text each
(``group_concat`` over the games in order), so 100,000 games are two strings, not 100,000
tuples; ``bench/journal.py`` times it. Nothing here is stored: it is read again when shown.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from itertools import accumulate
from operator import sub
from typing import Final

from golf.journal.database import Database
from golf.journal.figures import _FIGURES, _ONE_SET, _game_floors
from golf.journal.journal import GameKind
from golf.solitaire.stats import lower_is_better

__all__ = [
    "MAX_BINS",
    "WINDOWS",
    "Bin",
    "Series",
    "WinRate",
    "histogram",
    "series",
    "six_card_rule_sets",
]

WINDOWS: Final = (10, 100)
"""The win rates drawn over time: over the last 10 games and over the last 100."""
MAX_BINS: Final = 24
"""A histogram has at most this many bins."""
_NICE: Final = (1, 2, 5)
"""A bin is 1, 2 or 5 times a power of ten times the scores' own step wide."""

_PERSON_WON: Final = (
    "CASE WHEN json_valid(g.result) AND json_valid(g.setup) AND EXISTS ("
    "SELECT 1 FROM json_each(g.result, '$.winners') w WHERE w.value = ("
    "SELECT s.key FROM json_each(COALESCE(json_extract(g.setup, '$.kinds'),"
    " json_extract(g.result, '$.seats'))) s WHERE s.value = 'human' ORDER BY s.key LIMIT 1))"
    " THEN '1' ELSE '0' END"
)
"""Whether the person at the screen won a six-card game: the first seat a person sat at (the
one whose total is the game's score) is among the winners."""
_SIX_CARD: Final = (
    "games g INDEXED BY games_status WHERE g.status = 'finished' AND g.game = 'six-card'"
    " AND g.score IS NOT NULL"
)
"""The six-card games whose end the person saw (a game left before its end has no total, a
game of computers alone no person's)."""


@dataclass(frozen=True)
class Bin:
    """Scores from ``low`` to ``high`` (both included) and how many games scored them."""

    low: int
    high: int
    count: int


@dataclass(frozen=True)
class WinRate:
    """The games won among the last ``window`` games, out of ``of`` (fewer than ``window``
    while fewer games were played)."""

    window: int
    won: int
    of: int

    @property
    def full(self) -> bool:
        """Whether there were ``window`` games to count."""
        return self.of == self.window

    @property
    def percent(self) -> float | None:
        """100 × won ÷ of; None before any game."""
        return None if not self.of else 100 * self.won / self.of


@dataclass(frozen=True)
class Series:
    """The games of one rule set, oldest first, as the charts draw them."""

    game: GameKind
    rules: str
    lower_better: bool
    """True when the lowest score is the best (strokes; six-card totals)."""
    scores: tuple[int, ...] = ()
    won: tuple[bool, ...] = ()
    won_last: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """For each of :data:`WINDOWS`: after each game, the games won among the last ``window``
    (or among all the games so far, while there are fewer)."""
    bins: tuple[Bin, ...] = ()
    """The histogram of the scores: every bin from the lowest score's to the highest's."""

    @classmethod
    def of(
        cls,
        game: GameKind,
        rules: str,
        lower_better: bool,
        scores: tuple[int, ...],
        won: tuple[bool, ...],
    ) -> Series:
        """The series of these games (oldest first): its win rates and histogram worked out."""
        if len(won) != len(scores):
            raise ValueError(f"{len(won)} results for {len(scores)} scores")
        marks = bytes(won)
        return cls(
            game,
            rules,
            lower_better,
            scores,
            won,
            {window: _won_last(marks, window) for window in WINDOWS},
            histogram(scores),
        )

    @property
    def played(self) -> int:
        return len(self.scores)

    @property
    def wins(self) -> int:
        return sum(self.won)

    def rate(self, window: int, at: int | None = None) -> WinRate:
        """The win rate over the last ``window`` games after game ``at`` (0 first; None: the
        last game)."""
        if not self.scores:
            return WinRate(window, 0, 0)
        index = len(self.scores) - 1 if at is None else at
        return WinRate(window, self.won_last[window][index], min(index + 1, window))

    def percent(self, window: int, index: int) -> float:
        """The win rate over the last ``window`` games after game ``index``, in %."""
        return 100 * self.won_last[window][index] / min(index + 1, window)

    @property
    def best(self) -> int | None:
        if not self.scores:
            return None
        return min(self.scores) if self.lower_better else max(self.scores)

    @property
    def worst(self) -> int | None:
        if not self.scores:
            return None
        return max(self.scores) if self.lower_better else min(self.scores)

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def bin_width(self) -> int:
        return self.bins[0].high - self.bins[0].low + 1 if self.bins else 1


def histogram(scores: tuple[int, ...] | list[int], max_bins: int = MAX_BINS) -> tuple[Bin, ...]:
    """The scores counted in bins of one width, the narrowest of 1, 2 or 5 × 10ⁿ times the
    scores' step (points go by tens: a bin is never narrower than 10, so none is empty for
    want of a possible score) that gives at most ``max_bins`` bins. The bins start at multiples
    of the width (0 is always an edge); every bin from the lowest score's to the highest's is
    there, empty ones too."""
    if not scores:
        return ()
    counts = Counter(scores)
    low, high = min(counts), max(counts)
    step = 0
    for value in counts:
        step = math.gcd(step, value - low)
    step = step or 1
    width = step
    for power in range(20):
        width = next(
            (
                step * nice * 10**power
                for nice in _NICE
                if high // (step * nice * 10**power) - low // (step * nice * 10**power) < max_bins
            ),
            0,
        )
        if width:
            break
    first, last = low // width, high // width
    bins = [0] * (last - first + 1)
    for value, count in counts.items():
        bins[value // width - first] += count
    return tuple(
        Bin((first + i) * width, (first + i + 1) * width - 1, count) for i, count in enumerate(bins)
    )


def _won_last(marks: bytes, window: int) -> tuple[int, ...]:
    """After each game, the games won among the last ``window`` (``marks``: 1 a game won, 0
    not), by differences of the running count."""
    running = list(accumulate(marks, initial=0))
    head = running[1 : window + 1]
    return (*head, *map(sub, running[window + 1 :], running[1:]))


def _floor(db: Database, rules: str) -> int:
    """The last game before the latest reset of these rules, or of everything."""
    floors, everything = _game_floors(db)
    return max(floors.get(rules, 0), everything)


def series(db: Database, game: GameKind, rules: str) -> Series:
    """The games of ``game`` under ``rules`` (a solitaire rule set's key; six-card
    ``standard`` or the code's variant part) after their last reset, oldest first."""
    if game == "solitaire":
        sql = (
            "SELECT group_concat(score), group_concat(w, '') FROM (SELECT ifnull(g.score, 0)"
            " AS score, CASE WHEN g.status = 'won' THEN '1' ELSE '0' END AS w"
            f" FROM {_FIGURES} WHERE {_ONE_SET} ORDER BY g.id)"
        )
        try:
            lower = lower_is_better(rules)
        except ValueError:  # a rule set this version cannot read: counted in points
            lower = False
    else:
        sql = (
            "SELECT group_concat(score), group_concat(w, '') FROM (SELECT g.score AS score,"
            f" {_PERSON_WON} AS w FROM {_SIX_CARD} AND g.rules = ? AND g.id > ? ORDER BY g.id)"
        )
        lower = True
    scores_text, marks_text = db.read(sql, (rules, _floor(db, rules)))[0]
    if not scores_text:
        return Series(game, rules, lower)
    scores = tuple(map(int, str(scores_text).split(",")))
    marks = str(marks_text).encode("ascii").translate(bytes.maketrans(b"01", b"\x00\x01"))
    return Series.of(game, rules, lower, scores, tuple(map(bool, marks)))


def six_card_rule_sets(db: Database) -> list[str]:
    """The rule sets of the six-card games the person finished (``standard``, ``V9K``, …)."""
    rows = db.read(f"SELECT DISTINCT g.rules FROM {_SIX_CARD} ORDER BY g.rules")
    return [str(r[0]) for r in rows]
