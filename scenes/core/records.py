"""The player's records as the window keeps them: every game in the journal of play.

One :class:`Records` lives in the app context. It opens the journal (``golf.journal``: one
SQLite database in the user data folder, version 0.1.0's files imported once) when the window
opens; a table's game is written to it action by action (:class:`JournalGame`), and counted
once, when it ends or is left — the game, a round's hole and the round's total in one
transaction. Statistics and high scores are read from the finished games. Without a folder
(most tests) the journal is in memory and no game is kept for Continue. The calendar date and
the time are read here, through injectable callables, never in ``golf/``.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from golf.core.store import StoreNotice
from golf.journal.figures import high_scores, score_lines, statistics
from golf.journal.journal import Ending, GameKind, Journal
from golf.journal.legacy import open_journal
from golf.journal.series import Series, series, six_card_rule_sets
from golf.solitaire import daily
from golf.solitaire.engine import Action
from golf.solitaire.highscores import HighScores, validate_initials
from golf.solitaire.round import HoleResult, Round, RoundError
from golf.solitaire.rules import Rules
from golf.solitaire.session import Game
from golf.solitaire.stats import (
    GameResult,
    Stats,
    daily_dates,
    lower_is_better,
    rules_from_key,
    rules_key,
)

__all__ = ["HighScoreChance", "HoleRecord", "JournalGame", "Records"]

log = logging.getLogger(__name__)


def now_text() -> str:
    """Now, as the journal writes it (local time, to the second)."""
    return datetime.now().isoformat(timespec="seconds")


@dataclass(frozen=True)
class HighScoreChance:
    """A finished game whose score enters its rule set's table: the player types initials."""

    rules_key: str
    score: int
    code: str
    day: date
    place: int
    """The place (1 = first) the score would take."""
    game_id: int | None = None
    """The game in the journal that the initials sign."""


@dataclass(frozen=True)
class HoleRecord:
    """A hole just finished, with what the scorecard needs to say about it."""

    result: HoleResult
    best_before: int | None
    """The best round of this length before this round (None: the first one)."""
    round_over: bool


class JournalGame:
    """One table's game in the journal: begun with its first action, each action written
    before the next frame, its clocks written when it is left in play, counted once."""

    def __init__(
        self,
        records: Records,
        game: GameKind,
        code: str,
        rules: str,
        started: str,
        *,
        daily: str | None = None,
        round_id: int | None = None,
        hole: int | None = None,
        kept_id: int | None = None,
        written: int = 0,
    ) -> None:
        self.records = records
        self.game, self.code, self.rules, self.started = game, code, rules, started
        self.daily, self.round_id, self.hole = daily, round_id, hole
        self.id = kept_id
        self.written = written if kept_id is not None else 0
        self.over = False

    def sync(
        self,
        actions: Sequence[str],
        times: Sequence[float],
        elapsed: float,
        setup: Mapping[str, Any] | None = None,
    ) -> None:
        """Write the actions taken since the last call (all of them, one transaction each)."""
        if self.over:
            return
        journal = self.records.journal
        try:
            if len(actions) < self.written and self.id is not None:
                journal.forget_after(self.id, len(actions))
                self.written = len(actions)
            if self.id is None:
                if not actions:
                    return
                self.id = journal.begin(
                    self.game,
                    self.code,
                    self.rules,
                    self.started,
                    setup=setup,
                    daily=self.daily,
                    round_id=self.round_id,
                    hole=self.hole,
                )
            for seq in range(self.written, len(actions)):
                pause = times[seq] if seq < len(times) else 0.0
                journal.act(self.id, seq, actions[seq], pause, elapsed, self.records.clock())
            self.written = len(actions)
        except sqlite3.Error as error:  # the journal in memory failed too: nothing more to do
            log.warning("the journal cannot keep %s: %s", self.code, error)
        self.records.collect()

    def leave(self, elapsed: float, since: float, setup: Mapping[str, Any]) -> None:
        """The game is left in play: its clocks and setup, for Continue."""
        if self.id is not None and not self.over:
            self.records.journal.clocks(self.id, elapsed, since, setup)

    def end(self, ending: Ending, round_total: int | None = None) -> int | None:
        """Count the game (its actions given whole); its number, or None when it was counted
        already (nothing is counted twice)."""
        if self.over:
            return None
        journal = self.records.journal
        if self.id is None:
            self.id = journal.begin(
                self.game,
                self.code,
                self.rules,
                self.started,
                daily=self.daily,
                round_id=self.round_id,
                hole=self.hole,
            )
        if self.round_id is not None:
            done = journal.finish_hole(self.id, ending, self.round_id, round_total)
        else:
            done = journal.finish(self.id, ending)
        self.over = True
        self.records.changed()
        return self.id if done else None

    def drop(self) -> None:
        """Forget the game (left before it counts: no action, or a round given up)."""
        if self.id is not None and not self.over:
            self.records.journal.drop(self.id)
        self.over = True


def _tokens(game: Game) -> list[str]:
    return [str(a) for a in game.log]


def solitaire_ending(
    game: Game, ended: str, times: Sequence[float], seconds: float, outcome: str | None = None
) -> Ending:
    """What the journal keeps of a solitaire game as it stands (in play: abandoned)."""
    result = GameResult.of_game(game)
    actions = _tokens(game)
    pauses = tuple(times[: len(actions)]) + (0.0,) * max(0, len(actions) - len(times))
    return Ending(
        outcome=outcome or result.outcome,  # type: ignore[arg-type]
        ended=ended,
        actions=tuple(actions),
        times=pauses,
        seconds=seconds,
        moves=result.moves,
        score=result.score,
        cards_left=result.left,
        stock_left=result.stock_left,
        undos=result.undos,
    )


class Records:
    """The journal of one player, kept in ``folder`` (None: in memory, nothing kept to
    continue)."""

    def __init__(
        self,
        folder: Path | None = None,
        today: Callable[[], date] = date.today,
        now: Callable[[], str] = now_text,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.folder = folder
        self.today = today
        self.now = now
        self.clock = clock
        self._journal: Journal | None = None
        self.notices: list[StoreNotice] = []
        """Problems the player has not been told about yet."""
        self.initials = "AAA"
        """The initials typed last, offered again at the next entry."""
        self.last_key: str | None = None
        """The rule set of the last game counted (the statistics screen opens on it)."""
        self._daily_codes: dict[str, date] = {}
        self._told: set[tuple[str, str, str | None, str]] = set()
        self._stats: Stats | None = None
        self._scores: HighScores | None = None
        self._series: dict[tuple[GameKind, str], Series] = {}
        self._round: tuple[Round, int] | bool | None = False

    # ------------------------------------------------------------------ the journal
    @property
    def journal(self) -> Journal:
        if self._journal is None:
            self._journal = open_journal(self.folder, self.now(), own=self.folder is not None)
            self.collect()
        return self._journal

    def load(self) -> None:
        """Open the journal (the folder's 0.1.0 files imported the first time); a file that
        cannot be used is told, and play goes on in memory."""
        journal = self.journal
        if journal.other_owner is not None:
            self.tell(StoreNotice("busy", "journal.owner", "", detail=str(journal.other_owner)))
        self.changed()

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()

    @property
    def keeps_games(self) -> bool:
        """Whether games in progress are kept for Continue (a folder this copy owns)."""
        return self.folder is not None and self.journal.owns

    def collect(self) -> None:
        """The journal's notices join the player's."""
        if self._journal is not None:
            for notice in self._journal.take_notices():
                self.tell(notice)

    def changed(self) -> None:
        """Something was counted: the figures are read again when next shown."""
        self._stats = None
        self._scores = None
        self._series = {}
        self.collect()

    def tell(self, notice: StoreNotice) -> None:
        """Tell the player ``notice`` (the window shows it wherever the player is), once."""
        key = (notice.kind, notice.file, notice.kept_as, notice.detail)
        if notice in self.notices or key in self._told:
            return
        self._told.add(key)
        self.notices.append(notice)

    def take_notices(self) -> list[StoreNotice]:
        """The notices not shown yet (and forget them)."""
        self.collect()
        notices, self.notices = self.notices, []
        return notices

    # ------------------------------------------------------------------ figures
    @property
    def stats(self) -> Stats:
        if self._stats is None:
            self._stats = statistics(self.journal.db)
        return self._stats

    @property
    def scores(self) -> HighScores:
        if self._scores is None:
            self._scores = high_scores(self.journal.db)
        return self._scores

    def series(self, game: GameKind, key: str) -> Series:
        """One rule set's games over time, for the statistics screen's charts (read once until
        something is counted)."""
        found = self._series.get((game, key))
        if found is None:
            found = self._series[game, key] = series(self.journal.db, game, key)
        return found

    def six_card_rule_sets(self) -> list[str]:
        """The rule sets of the six-card games the person finished."""
        return six_card_rule_sets(self.journal.db)

    # ------------------------------------------------------------------ daily deal
    def daily_game(self, letter: str) -> Game:
        """Today's daily deal under ``E`` or ``C``; it is recorded as that day's daily."""
        day = self.today()
        game = daily.daily_game(day, letter)
        if game.code is not None:
            self._daily_codes[game.code] = day
        return game

    def daily_day(self, game: Game) -> date | None:
        """The day whose daily deal ``game`` is, or None (a game started as a daily keeps the
        day it was started on; a deal whose code is today's daily code is today's daily)."""
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
        return daily.is_done(self.stats, self.today(), letter)

    def daily_streak(self) -> int:
        return daily.streak(daily_dates(self.stats), self.today())

    def longest_daily_streak(self) -> int:
        return daily.longest_streak(daily_dates(self.stats))

    # ------------------------------------------------------------------ games
    def solitaire(
        self, game: Game, started: str, *, kept_id: int | None = None, written: int = 0
    ) -> JournalGame | None:
        """The journal's side of a solitaire game with a code (None: a game without one)."""
        if game.code is None:
            return None
        day = self.daily_day(game)
        return JournalGame(
            self,
            "solitaire",
            game.code,
            rules_key(game.rules),
            started,
            daily=None if day is None else day.isoformat(),
            kept_id=kept_id,
            written=written,
        )

    def record(
        self,
        game: Game,
        kept: JournalGame | None = None,
        times: Sequence[float] = (),
        seconds: float = 0.0,
    ) -> HighScoreChance | None:
        """Count a game that ended or was left; a chance at the high-score table, if any.

        A game left before any action is not counted: flicking through deals is not losing.
        Only a finished game (won or blocked) may enter the table, and a points game only
        with more than 0 points. A game counted already is not counted again.
        """
        if game.status == "playing" and not game.log:
            if kept is not None:
                kept.drop()
            return None
        kept = kept or self.solitaire(game, self.now())
        key = rules_key(game.rules)
        if kept is None:  # no code: a deal laid out by a script is not a game of the player's
            return None
        kept.sync(_tokens(game), times, seconds)
        ending = solitaire_ending(game, self.now(), times, seconds)
        game_id = kept.end(ending)
        self.last_key = key
        if game_id is None or ending.outcome == "abandoned":
            return None
        table = self.scores.table(key)
        score = ending.score or 0
        if not lower_is_better(key) and score <= 0:
            return None
        place = table.rank_for(score, ending.moves, seconds)
        if place is None:
            return None
        return HighScoreChance(key, score, kept.code, self.today(), place, game_id)

    def add_high_score(self, chance: HighScoreChance, initials: str) -> int | None:
        """Sign the game with the player's initials; its place in the table (None if it no
        longer fits)."""
        self.initials = validate_initials(initials)
        if chance.game_id is None:
            return None
        self.journal.sign(chance.game_id, self.initials)
        self.changed()
        for place, line in enumerate(score_lines(self.journal.db).get(chance.rules_key, ()), 1):
            if line.game_id == chance.game_id:
                return place
        return None

    def reset_stats(self, key: str | None = None) -> None:
        """Start one rule set's figures again (or all); the games stay in the history."""
        self.journal.reset(key, self.now())
        self.changed()

    # ------------------------------------------------------------------ rounds
    def new_round(self, seed: int, rules: Rules, holes: int) -> Round:
        """A round to play; it replaces any saved one."""
        rnd = Round(seed, rules, holes)
        round_id = self.journal.begin_round(seed, rules_key(rules), holes, self.now())
        self.changed()
        self._round = (rnd, round_id)
        return rnd

    def round_id(self, rnd: Round) -> int:
        """The round's number in the journal (a round not in it yet is begun now)."""
        self.saved_round  # noqa: B018 - read the round in progress first, once
        if isinstance(self._round, tuple) and self._round[0] is rnd:
            return self._round[1]
        round_id = self.journal.begin_round(rnd.seed, rnd.rules_key, rnd.holes, self.now())
        self._round = (rnd, round_id)
        return round_id

    @property
    def saved_round(self) -> Round | None:
        """The round in progress, its finished holes and the hole in play as they were."""
        if self._round is False:
            self._round = self._read_round()
        return None if not isinstance(self._round, tuple) else self._round[0]

    def _read_round(self) -> tuple[Round, int] | None:
        if not self.keeps_games:
            return None
        try:
            kept = self.journal.kept_round()  # a finished hole's actions may not unpack
            if kept is None:
                return None
            rnd = Round(kept.seed, rules_from_key(kept.rules), kept.holes)
            for code, actions in kept.played:
                if code != rnd.code(rnd.hole):
                    raise ValueError(f"hole {rnd.hole} is {code}, not {rnd.code(rnd.hole)}")
                self._replay(rnd, actions)
                rnd.finish_hole()
            for game in self.journal.kept("solitaire"):
                if game.round_id == kept.id and game.hole == rnd.hole and not rnd.over:
                    self._replay(rnd, game.actions)
                    break
        except (ValueError, RoundError) as error:
            log.warning("the round in the journal no longer replays: %s", error)
            return None
        return rnd, kept.id

    @staticmethod
    def _replay(rnd: Round, actions: Sequence[str]) -> None:
        for token in actions:
            refused = rnd.apply(Action.parse(token))
            if refused is not None:
                raise ValueError(f"{token} is refused in hole {rnd.hole}")

    def hole_game(self, rnd: Round) -> JournalGame | None:
        """The journal's side of the round's hole in play."""
        if rnd.game is None:
            return None
        round_id = self.round_id(rnd)
        for game in self.journal.kept("solitaire") if self.keeps_games else []:
            if game.round_id == round_id and game.hole == rnd.hole:
                return JournalGame(
                    self,
                    "solitaire",
                    game.code,
                    game.rules,
                    game.started,
                    round_id=round_id,
                    hole=rnd.hole,
                    kept_id=game.id,
                    written=len(game.actions),
                )
        return JournalGame(
            self,
            "solitaire",
            rnd.code(rnd.hole),
            rnd.rules_key,
            self.now(),
            round_id=round_id,
            hole=rnd.hole,
        )

    def save_round(self, rnd: Round | None) -> None:
        """Forget the round (None: it is given up; its hole in play is not counted)."""
        if rnd is None:
            if isinstance(self._round, tuple):
                self.journal.leave_round(self._round[1], self.now())
            else:
                kept = self.journal.kept_round() if self.keeps_games else None
                if kept is not None:
                    self.journal.leave_round(kept.id, self.now())
            self.changed()

    def best_round(self, rnd: Round) -> int | None:
        """The best finished round of that length under those rules."""
        return self.stats.get(rnd.rules_key).best_round(rnd.holes)

    def finish_hole(
        self,
        rnd: Round,
        kept: JournalGame | None = None,
        times: Sequence[float] = (),
        seconds: float = 0.0,
    ) -> HoleRecord:
        """Count the hole in play (a game in the statistics), score it, and with the last
        hole the round's total: one transaction."""
        game = rnd.game
        assert game is not None and game.over
        best_before = self.best_round(rnd)
        kept = kept or self.hole_game(rnd)
        assert kept is not None
        self.last_key = rnd.rules_key
        kept.sync(_tokens(game), times, seconds)
        ending = solitaire_ending(game, self.now(), times, seconds)
        round_id = self.round_id(rnd)
        hole = rnd.finish_hole()
        kept.end(ending, rnd.total if rnd.over else None)
        self._stats = None
        self._round = (rnd, round_id) if not rnd.over else None
        return HoleRecord(hole, best_before, rnd.over)
