"""The player's records as the window keeps them: statistics, high scores, the saved round.

One :class:`Records` lives in the app context. It loads the three files of the user data folder
through :class:`golf.core.store.Store` when the window opens, updates them with the pure functions of
``golf.solitaire.stats``, ``golf.solitaire.highscores`` and ``golf.solitaire.round`` as games end, and saves them at once. Without
a folder (most tests) it keeps everything in memory. The calendar date is read here, through an
injectable ``today`` callable, never in ``golf/``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

from golf.core.store import Document, Store, StoreNotice
from golf.solitaire import daily
from golf.solitaire.highscores import (
    HIGHSCORES_DOCUMENT,
    Entry,
    HighScores,
    Table,
    add_score,
    qualifies,
)
from golf.solitaire.round import ROUND_DOCUMENT, HoleResult, Round
from golf.solitaire.rules import Rules
from golf.solitaire.session import Game
from golf.solitaire.stats import (
    STATS_DOCUMENT,
    GameResult,
    Stats,
    daily_dates,
    lower_is_better,
    record_game,
    record_round,
    reset,
    rules_key,
)

__all__ = ["HighScoreChance", "HoleRecord", "Records"]

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True)
class HighScoreChance:
    """A finished game whose score enters its rule set's table: the player types initials."""

    rules_key: str
    score: int
    code: str
    day: date
    place: int
    """The place (1 = first) the score would take."""


@dataclass(frozen=True)
class HoleRecord:
    """A hole just finished, with what the scorecard needs to say about it."""

    result: HoleResult
    best_before: int | None
    """The best round of this length before this round (None: the first one)."""
    round_over: bool


class Records:
    """Statistics, high-score tables and the saved round of one player, kept in ``folder``."""

    def __init__(self, folder: Path | None = None, today: Callable[[], date] = date.today) -> None:
        self.store = Store(folder) if folder is not None else None
        self.today = today
        self.stats = Stats()
        self.scores = HighScores()
        self.saved_round: Round | None = None
        self.notices: list[StoreNotice] = []
        """File problems the player has not been told about yet."""
        self.initials = "AAA"
        """The initials typed last, offered again at the next entry."""
        self.last_key: str | None = None
        """The rule set of the last game counted (the statistics screen opens on it)."""
        self._daily_codes: dict[str, date] = {}
        self._told: set[tuple[str, str, str | None, str]] = set()

    # ------------------------------------------------------------------ files
    def load(self) -> None:
        """Own the folder if no other copy of the game does (else say so: this copy then
        saves no game in progress), and read the three files; a bad one is kept aside and a
        notice waits for the player."""
        if self.store is not None:
            busy = self.store.claim()
            if busy is not None:
                self.tell(busy)
        self.stats = self._load(STATS_DOCUMENT, Stats())
        self.scores = self._load(HIGHSCORES_DOCUMENT, HighScores())
        self.saved_round = self._load(ROUND_DOCUMENT, None)

    @property
    def owns_folder(self) -> bool:
        """Whether this copy of the game saves its games in progress (no other copy owns the
        folder)."""
        return self.store is not None and self.store.other_owner is None

    def _load(self, document: Document[T], default: T) -> T:
        if self.store is None:
            return default
        loaded = self.store.load(document)
        if loaded.notice is not None:
            self.tell(loaded.notice)
        return loaded.value

    def _save(self, document: Document[T], value: T) -> None:
        if self.store is None:
            return
        self.saved(document, self.store.try_save(document, value))

    def _update(self, document: Document[T], change: Callable[[T], T], mine: T) -> T:
        """``change`` applied to what is on disk now (another copy of the game may have added
        to it) and saved; to ``mine`` without a folder or when the file cannot be used."""
        if self.store is None:
            return change(mine)
        value, notice = self.store.update(document, change, mine)
        self.saved(document, notice)
        return value

    def saved(self, document: Document[Any], notice: StoreNotice | None) -> None:
        """A save of ``document`` ended: its failure is told (once), or, saved, a later failure
        will be told again."""
        if notice is not None:
            self.tell(notice)
        else:
            self._told = {k for k in self._told if k[1] != document.name}

    def tell(self, notice: StoreNotice) -> None:
        """Tell the player ``notice`` (the window shows it wherever the player is), once: the
        same failure again (a save after every move) is not told twice in a session."""
        key = (notice.kind, notice.file, notice.kept_as, notice.detail)
        if notice in self.notices or key in self._told:
            return
        self._told.add(key)
        self.notices.append(notice)

    def take_notices(self) -> list[StoreNotice]:
        """The notices not shown yet (and forget them)."""
        notices, self.notices = self.notices, []
        return notices

    # ------------------------------------------------------------------ daily deal
    def daily_game(self, letter: str) -> Game:
        """Today's daily deal under ``E`` or ``C``; it is recorded as that day's daily."""
        day = self.today()
        game = daily.daily_game(day, letter)
        if game.code is not None:
            self._daily_codes[game.code] = day
        return game

    def daily_day(self, game: Game) -> date | None:
        """The day whose daily deal ``game`` is, or None.

        A game started as a daily keeps the day it was started on (past midnight too); a deal
        whose code is today's daily code is today's daily however it was started.
        """
        if game.code is None:
            return None
        started = self._daily_codes.get(game.code)
        if started is not None:
            return started
        today = self.today()
        if any(game.code == daily.daily_code(today, letter) for letter in daily.DAILY_LETTERS):
            return today
        return None

    def daily_done(self, letter: str) -> bool:
        """Whether today's daily deal under ``letter`` was finished."""
        return daily.is_done(self.stats, self.today(), letter)

    def daily_streak(self) -> int:
        """Days in a row with a daily deal done, up to today (or yesterday)."""
        return daily.streak(daily_dates(self.stats), self.today())

    def longest_daily_streak(self) -> int:
        return daily.longest_streak(daily_dates(self.stats))

    # ------------------------------------------------------------------ games
    def record(self, game: Game) -> HighScoreChance | None:
        """Count a game that ended or was left; a chance at the high-score table, if any.

        A game left before any action is not counted: flicking through deals is not losing.
        Only a finished game (won or blocked) may enter the table, and a points game only
        with more than 0 points.
        """
        if game.status == "playing" and not game.log:
            return None
        day = self.daily_day(game)
        today = self.today()
        result = GameResult.of_game(
            game,
            date=(day or today).isoformat(),
            daily=day is not None,
        )
        key = rules_key(game.rules)
        self.stats = self._update(STATS_DOCUMENT, lambda s: record_game(s, key, result), self.stats)
        self.last_key = key
        if result.outcome == "abandoned" or game.code is None:
            return None
        table = self.scores.table(key)
        if not self._enters(table, key, result.score):
            return None
        place = table.rank_for(result.score)
        assert place is not None
        return HighScoreChance(key, result.score, game.code, today, place)

    def _enters(self, table: Table, key: str, score: int) -> bool:
        if not lower_is_better(key) and score <= 0:
            return False
        return qualifies(table, score)

    def add_high_score(self, chance: HighScoreChance, initials: str) -> int | None:
        """Write the entry in its table and save; its place (None if it no longer fits)."""
        entry = Entry.make(initials, chance.score, chance.day, chance.code)
        self.initials = entry.initials
        places: list[int | None] = []

        def add(scores: HighScores) -> HighScores:
            new, place = add_score(scores, chance.rules_key, entry)
            places.append(place)
            return new

        self.scores = self._update(HIGHSCORES_DOCUMENT, add, self.scores)
        return places[-1] if places else None

    def reset_stats(self, key: str | None = None) -> None:
        """Forget the figures of one rule set (or all) and save."""
        self.stats = self._update(STATS_DOCUMENT, lambda s: reset(s, key), self.stats)

    # ------------------------------------------------------------------ rounds
    def new_round(self, seed: int, rules: Rules, holes: int) -> Round:
        """A round to play; it replaces any saved one and is saved at once."""
        rnd = Round(seed, rules, holes)
        self.save_round(rnd)
        return rnd

    def save_round(self, rnd: Round | None) -> None:
        """Keep ``rnd`` to resume later (a round that is over is not kept)."""
        self.saved_round = None if rnd is None or rnd.over else rnd
        self._save(ROUND_DOCUMENT, self.saved_round)

    def best_round(self, rnd: Round) -> int | None:
        """The best finished round of that length under those rules."""
        return self.stats.get(rnd.rules_key).best_round(rnd.holes)

    def finish_hole(self, rnd: Round) -> HoleRecord:
        """Count the hole in play (a game in the statistics), score it and save the round.

        When it was the last hole, the round's total goes to the statistics too.
        """
        game = rnd.game
        assert game is not None and game.over
        best_before = self.best_round(rnd)
        result = GameResult.of_game(game, date=self.today().isoformat())
        self.last_key = rnd.rules_key
        hole = rnd.finish_hole()
        over, total, holes = rnd.over, rnd.total, rnd.holes

        def count(stats: Stats) -> Stats:
            stats = record_game(stats, rnd.rules_key, result)
            return record_round(stats, rnd.rules_key, total, holes) if over else stats

        self.stats = self._update(STATS_DOCUMENT, count, self.stats)
        self.save_round(rnd)
        return HoleRecord(hole, best_before, rnd.over)
