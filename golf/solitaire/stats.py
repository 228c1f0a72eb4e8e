"""The player's statistics per rule set: what each figure is, and the pure functions that define
them.

A rule set is named by its key (:func:`rules_key`): the preset name (``easy``, ``classic``,
``strict``) or the variant part of its code (``VQAJ``, …). :func:`record_game` and
:func:`record_round` return new statistics and change nothing: they define the figures, which the
journal of play reads from its finished games (``golf.journal.figures``, checked against them).
:data:`STATS_DOCUMENT` reads version 0.1.0's ``stats.json`` when its folder is imported.
``docs/rounds-and-stats.md`` defines every figure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Final, Literal

from golf.core.store import (
    Data,
    Document,
    expect_int,
    expect_list,
    expect_mapping,
    expect_optional_int,
    expect_str,
    fail,
)
from golf.solitaire.codes import CodeError, parse_code, variant_part
from golf.solitaire.rules import PRESETS, Rules
from golf.solitaire.session import Game

Outcome = Literal["won", "blocked", "abandoned"]
OUTCOMES: Final[tuple[Outcome, ...]] = ("won", "blocked", "abandoned")

RECENT_GAMES: Final = 50
"""How many of the last games are kept, for the charts."""
MAX_DAILY_DATES: Final = 4000
"""Daily deals remembered per rule set (more than ten years); the oldest go first."""
MAX_RULE_SETS: Final = 256
MAX_COUNT: Final = 10**9
MIN_SCORE: Final = -100
MAX_SCORE: Final = 1000
MAX_ROUND: Final = 10_000
ROUND_LENGTHS: Final = (9, 18)


# --- rule set keys -------------------------------------------------------------------------------


def rules_key(rules: Rules) -> str:
    """``easy``, ``classic`` or ``strict`` for a preset, else the variant part (``VQAJ``)."""
    return rules.preset_name() or variant_part(rules)


def rules_from_key(key: str) -> Rules:
    """The rules a key names; raises ``ValueError`` for anything else."""
    if key in PRESETS:
        return PRESETS[key]
    if not key.startswith("V") or len(key) > 10:
        raise ValueError(f"{key!r} is not a rule set (a preset name or a variant such as VQA)")
    letter = "E" if key[1:2] == "K" else "C"
    try:
        rules = parse_code(f"GO1-{letter}-AAAAAAA-{key}").rules
    except CodeError:
        raise ValueError(
            f"{key!r} is not a rule set (a preset name or a variant such as VQA)"
        ) from None
    if variant_part(rules) != key:
        raise ValueError(f"{key!r} is not a rule set")
    return rules


def lower_is_better(key: str) -> bool:
    """True when the rule set counts strokes (the lowest score is the best)."""
    return rules_from_key(key).scoring == "strokes"


# --- one game ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameResult:
    """What a finished (or abandoned) game adds to the statistics.

    ``date`` is an ISO date (``YYYY-MM-DD``) given by the caller; for a daily deal it is the
    day of the deal, and ``daily`` is True.
    """

    outcome: Outcome
    score: int
    left: int
    """Cards left on the tableau."""
    stock_left: int = 0
    undos: int = 0
    moves: int = 0
    code: str = ""
    date: str | None = None
    daily: bool = False

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, not {self.outcome!r}")
        if not MIN_SCORE <= self.score <= MAX_SCORE:
            raise ValueError(f"score {self.score} is out of range")
        if not 0 <= self.left <= 35:
            raise ValueError(f"cards left {self.left} is out of range 0..35")
        if self.outcome == "won" and self.left:
            raise ValueError("a won game leaves no card on the tableau")
        if self.date is not None:
            date.fromisoformat(self.date)
        if self.daily and self.date is None:
            raise ValueError("a daily deal needs its date")

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    @property
    def perfect(self) -> bool:
        """Won without undo."""
        return self.won and self.undos == 0

    @classmethod
    def of_game(cls, game: Game, *, date: str | None = None, daily: bool = False) -> GameResult:
        """The result of ``game`` as it stands; a game still in play counts as abandoned."""
        status = game.status
        outcome: Outcome = (
            "won" if status == "won" else "blocked" if status == "blocked" else "abandoned"
        )
        return cls(
            outcome=outcome,
            score=game.score,
            left=game.position.left,
            stock_left=len(game.position.stock),
            undos=sum(1 for a in game.log if a.kind == "undo"),
            moves=game.moves,
            code=game.code or "",
            date=date,
            daily=daily,
        )


@dataclass(frozen=True)
class RecentGame:
    """One of the last games, for the charts."""

    score: int
    outcome: Outcome
    left: int

    @property
    def won(self) -> bool:
        return self.outcome == "won"


# --- the statistics of one rule set --------------------------------------------------------------


@dataclass(frozen=True)
class RuleStats:
    """Every figure of one rule set. Averages are derived, so they never drift."""

    played: int = 0
    won: int = 0
    score_total: int = 0
    best_score: int | None = None
    left_total: int = 0
    current_streak: int = 0
    """Games won in a row, up to the last one."""
    longest_streak: int = 0
    perfect: int = 0
    """Games won without undo."""
    rounds_played: int = 0
    best_rounds: Mapping[int, int] = field(default_factory=dict)
    """The lowest total of a finished round, by its number of holes (9 or 18)."""
    recent: tuple[RecentGame, ...] = ()
    """The last :data:`RECENT_GAMES` games, oldest first."""
    daily_done: tuple[str, ...] = ()
    """ISO dates of the daily deals finished under these rules, in order."""

    @property
    def win_rate(self) -> float | None:
        """Percentage of games won, or None before the first game."""
        return 100.0 * self.won / self.played if self.played else None

    @property
    def average_score(self) -> float | None:
        return self.score_total / self.played if self.played else None

    @property
    def average_left(self) -> float | None:
        """Cards left on the tableau, on average."""
        return self.left_total / self.played if self.played else None

    def best_round(self, holes: int = 9) -> int | None:
        return self.best_rounds.get(holes)


@dataclass(frozen=True)
class Stats:
    """The statistics of every rule set played, by key."""

    rule_sets: Mapping[str, RuleStats] = field(default_factory=dict)

    def get(self, key: str) -> RuleStats:
        """The figures of one rule set (all zero when it was never played)."""
        return self.rule_sets.get(key, RuleStats())

    def rule_set_keys(self) -> list[str]:
        """The rule sets played: the presets in their order, then variants alphabetically."""
        presets = [k for k in PRESETS if k in self.rule_sets]
        return presets + sorted(k for k in self.rule_sets if k not in PRESETS)


def _better(a: int | None, b: int, lower: bool) -> int:
    if a is None:
        return b
    return min(a, b) if lower else max(a, b)


def record_game(stats: Stats, rules_key: str, result: GameResult) -> Stats:
    """The statistics after one more game under the rule set ``rules_key``.

    Every outcome counts as played; only a win extends the winning streak, anything else
    ends it. A daily deal that was finished (won or blocked) marks its date as done.
    """
    lower = lower_is_better(rules_key)
    old = stats.get(rules_key)
    won = result.won
    streak = old.current_streak + 1 if won else 0
    daily = old.daily_done
    if result.daily and result.outcome != "abandoned" and result.date is not None:
        daily = tuple(sorted({*daily, result.date}))[-MAX_DAILY_DATES:]
    new = replace(
        old,
        played=old.played + 1,
        won=old.won + won,
        score_total=old.score_total + result.score,
        best_score=_better(old.best_score, result.score, lower),
        left_total=old.left_total + result.left,
        current_streak=streak,
        longest_streak=max(old.longest_streak, streak),
        perfect=old.perfect + result.perfect,
        recent=(*old.recent, RecentGame(result.score, result.outcome, result.left))[-RECENT_GAMES:],
        daily_done=daily,
    )
    return Stats({**stats.rule_sets, rules_key: new})


def record_round(stats: Stats, rules_key: str, total: int, holes: int = 9) -> Stats:
    """The statistics after one more finished round of ``holes`` holes (total in strokes)."""
    rules_from_key(rules_key)
    if holes not in ROUND_LENGTHS:
        raise ValueError(f"a round has 9 or 18 holes, not {holes}")
    old = stats.get(rules_key)
    best = dict(old.best_rounds)
    best[holes] = _better(best.get(holes), total, lower=True)
    new = replace(old, rounds_played=old.rounds_played + 1, best_rounds=best)
    return Stats({**stats.rule_sets, rules_key: new})


def merge_stats(old: Stats, new: Stats) -> Stats:
    """``old`` followed by the games of ``new``: the statistics kept in the pending file while
    ``stats.json`` could not be read (counted from nothing) added back once it can be.

    Counts and totals add up, bests keep the better, the recent games follow the old ones, the
    daily dates join; a winning streak of ``new`` that runs from its first game carries on the
    old one.
    """
    sets = dict(old.rule_sets)
    for key, b in new.rule_sets.items():
        a = sets.get(key)
        if a is None:
            sets[key] = b
            continue
        lower = lower_is_better(key)
        unbroken = b.current_streak == b.played  # every game of ``new`` won
        streak = a.current_streak + b.current_streak if unbroken else b.current_streak
        best_rounds = dict(a.best_rounds)
        for holes, total in b.best_rounds.items():
            best_rounds[holes] = _better(best_rounds.get(holes), total, lower=True)
        sets[key] = RuleStats(
            played=min(a.played + b.played, MAX_COUNT),
            won=min(a.won + b.won, MAX_COUNT),
            score_total=a.score_total + b.score_total,
            best_score=(
                b.best_score
                if a.best_score is None
                else a.best_score
                if b.best_score is None
                else _better(a.best_score, b.best_score, lower)
            ),
            left_total=a.left_total + b.left_total,
            current_streak=min(streak, MAX_COUNT),
            longest_streak=min(max(a.longest_streak, b.longest_streak, streak), MAX_COUNT),
            perfect=min(a.perfect + b.perfect, MAX_COUNT),
            rounds_played=min(a.rounds_played + b.rounds_played, MAX_COUNT),
            best_rounds=best_rounds,
            recent=(*a.recent, *b.recent)[-RECENT_GAMES:],
            daily_done=tuple(sorted({*a.daily_done, *b.daily_done}))[-MAX_DAILY_DATES:],
        )
    return Stats(sets)


def reset(stats: Stats, rules_key: str | None = None) -> Stats:
    """Forget one rule set's figures, or everything when ``rules_key`` is None."""
    if rules_key is None:
        return Stats()
    return Stats({k: v for k, v in stats.rule_sets.items() if k != rules_key})


def running_win_rate(recent: Iterable[RecentGame]) -> list[float]:
    """The win percentage after each of the given games (a chart of the win rate over time)."""
    out: list[float] = []
    wins = 0
    for i, game in enumerate(recent, start=1):
        wins += game.won
        out.append(100.0 * wins / i)
    return out


def daily_dates(stats: Stats, keys: Iterable[str] = ("easy", "classic")) -> frozenset[date]:
    """The days whose daily deal was finished under any of the rule sets ``keys``."""
    return frozenset(date.fromisoformat(d) for k in keys for d in stats.get(k).daily_done)


# --- the file ------------------------------------------------------------------------------------

_RULE_STATS_KEYS: Final = (
    "played",
    "won",
    "score_total",
    "best_score",
    "left_total",
    "current_streak",
    "longest_streak",
    "perfect",
    "rounds_played",
    "best_rounds",
    "recent",
    "daily_done",
)
_V1_KEYS: Final = (*_RULE_STATS_KEYS[:8], "recent")


def _read_recent(value: object, where: str) -> RecentGame:
    items = expect_list(value, where, 3)
    if len(items) != 3:
        fail(where, "expected [score, outcome, cards left]")
    score = expect_int(items[0], where + "[0]", MIN_SCORE, MAX_SCORE)
    outcome = items[1]
    if outcome not in OUTCOMES:
        fail(where + "[1]", f"expected one of {', '.join(OUTCOMES)}")
    left = expect_int(items[2], where + "[2]", 0, 35)
    return RecentGame(score, outcome, left)


def _read_date(value: object, where: str) -> str:
    text = expect_str(value, where, 10)
    try:
        date.fromisoformat(text)
    except ValueError:
        fail(where, "expected a date YYYY-MM-DD")
    if len(text) != 10:
        fail(where, "expected a date YYYY-MM-DD")
    return text


def _read_rule_stats(value: object, where: str) -> RuleStats:
    d = expect_mapping(value, where, _RULE_STATS_KEYS)
    count = {
        k: expect_int(d[k], f"{where}.{k}", 0, MAX_COUNT)
        for k in ("played", "won", "current_streak", "longest_streak", "perfect")
    }
    left_total = expect_int(d["left_total"], f"{where}.left_total", 0, 35 * MAX_COUNT)
    if count["won"] > count["played"]:
        fail(where, "more games won than played")
    if count["perfect"] > count["won"]:
        fail(where, "more perfect games than games won")
    if count["current_streak"] > count["longest_streak"] or count["longest_streak"] > count["won"]:
        fail(where, "streaks do not match the games won")
    total = expect_int(
        d["score_total"], f"{where}.score_total", MIN_SCORE * MAX_COUNT, MAX_SCORE * MAX_COUNT
    )
    best = expect_optional_int(d["best_score"], f"{where}.best_score", MIN_SCORE, MAX_SCORE)
    if (best is None) != (count["played"] == 0):
        fail(f"{where}.best_score", "expected a best score exactly when games were played")
    rounds = expect_int(d["rounds_played"], f"{where}.rounds_played", 0, MAX_COUNT)
    best_rounds_raw = expect_mapping(d["best_rounds"], f"{where}.best_rounds")
    best_rounds: dict[int, int] = {}
    for holes_text, total_round in best_rounds_raw.items():
        if holes_text not in ("9", "18"):
            fail(f"{where}.best_rounds", f"expected 9 or 18 holes, not {holes_text!r}")
        best_rounds[int(holes_text)] = expect_int(
            total_round, f"{where}.best_rounds.{holes_text}", -MAX_ROUND, MAX_ROUND
        )
    if best_rounds and not rounds:
        fail(f"{where}.best_rounds", "a best round without any round played")
    recent = tuple(
        _read_recent(item, f"{where}.recent[{i}]")
        for i, item in enumerate(expect_list(d["recent"], f"{where}.recent", RECENT_GAMES))
    )
    if len(recent) > count["played"]:
        fail(f"{where}.recent", "more recent games than games played")
    days = [
        _read_date(item, f"{where}.daily_done[{i}]")
        for i, item in enumerate(
            expect_list(d["daily_done"], f"{where}.daily_done", MAX_DAILY_DATES)
        )
    ]
    if days != sorted(set(days)):
        fail(f"{where}.daily_done", "expected dates in order, each once")
    return RuleStats(
        played=count["played"],
        won=count["won"],
        score_total=total,
        best_score=best,
        left_total=left_total,
        current_streak=count["current_streak"],
        longest_streak=count["longest_streak"],
        perfect=count["perfect"],
        rounds_played=rounds,
        best_rounds=best_rounds,
        recent=recent,
        daily_done=tuple(days),
    )


def read_stats(body: Data) -> Stats:
    """The statistics from a file's body (current version); raises ``FormatError``."""
    d = expect_mapping(body, "", ("rule_sets",))
    sets = expect_mapping(d["rule_sets"], "rule_sets")
    if len(sets) > MAX_RULE_SETS:
        fail("rule_sets", f"more than {MAX_RULE_SETS} rule sets")
    out: dict[str, RuleStats] = {}
    for key, value in sets.items():
        try:
            rules_from_key(key)
        except ValueError as error:
            fail(f"rule_sets.{key}", str(error))
        out[key] = _read_rule_stats(value, f"rule_sets.{key}")
    return Stats(out)


def write_stats(stats: Stats) -> Data:
    """The body of ``stats.json`` (without the version)."""
    sets: dict[str, Any] = {}
    for key in stats.rule_set_keys():
        s = stats.rule_sets[key]
        sets[key] = {
            "played": s.played,
            "won": s.won,
            "score_total": s.score_total,
            "best_score": s.best_score,
            "left_total": s.left_total,
            "current_streak": s.current_streak,
            "longest_streak": s.longest_streak,
            "perfect": s.perfect,
            "rounds_played": s.rounds_played,
            "best_rounds": {str(h): s.best_rounds[h] for h in sorted(s.best_rounds)},
            "recent": [[g.score, g.outcome, g.left] for g in s.recent],
            "daily_done": list(s.daily_done),
        }
    return {"rule_sets": sets}


def upgrade_stats_1_to_2(body: Data) -> Data:
    """Version 1 had no rounds and no daily deal: add them, empty."""
    d = expect_mapping(body, "", ("rule_sets",))
    sets = expect_mapping(d["rule_sets"], "rule_sets")
    new_sets: dict[str, Any] = {}
    for key, value in sets.items():
        old = expect_mapping(value, f"rule_sets.{key}", _V1_KEYS)
        new_sets[key] = {**old, "rounds_played": 0, "best_rounds": {}, "daily_done": []}
    return {"rule_sets": new_sets}


STATS_DOCUMENT: Final[Document[Stats]] = Document(
    name="stats.json",
    version=2,
    label="store.label.statistics",
    default=Stats,
    read=read_stats,
    write=write_stats,
    upgrades={1: upgrade_stats_1_to_2},
)
"""``stats.json``. Version 2 added rounds and daily deals to version 1."""
