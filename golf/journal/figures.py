"""Statistics and high scores, read from the finished games of the journal.

Nothing here is stored: every figure is a query over ``games`` and ``rounds`` (the counts and
sums, the winning streaks with a window over the games in order, the last games for the
charts), plus what version 0.1.0's files held when they were imported (``imported_stats``,
``imported_scores``), added as :func:`golf.solitaire.stats.merge_stats` adds them. A reset
(``resets``) starts a rule set's figures after the last game then; the games stay in the history.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Final

from golf.journal.database import Database
from golf.solitaire.highscores import TABLE_SIZE, Entry, HighScores
from golf.solitaire.stats import (
    RECENT_GAMES,
    RecentGame,
    RuleStats,
    Stats,
    lower_is_better,
    merge_stats,
    read_stats,
)

__all__ = ["ScoreLine", "high_scores", "statistics"]

_FLOOR: Final = (
    "COALESCE((SELECT MAX(r.after_game) FROM resets r"
    " WHERE r.rules = g.rules OR r.rules IS NULL), 0)"
)
_COUNTED: Final = (
    "g.game = 'solitaire' AND g.counted = 1 AND g.status IN ('won', 'blocked', 'abandoned')"
    " AND g.id > " + _FLOOR
)


def _floors(db: Database) -> tuple[set[str], bool]:
    """The rule sets reset at least once, and whether everything was."""
    rows = db.read("SELECT DISTINCT rules FROM resets")
    return {str(r[0]) for r in rows if r[0] is not None}, any(r[0] is None for r in rows)


def _streaks(db: Database) -> dict[str, tuple[int, int, int]]:
    """Each rule set's winning streaks: (the current one, the longest, the first run of wins —
    what carries on the streak of 0.1.0's figures)."""
    rows = db.read(
        "WITH g2 AS (SELECT g.rules, g.id, g.status = 'won' AS w,"
        " SUM(g.status != 'won') OVER (PARTITION BY g.rules ORDER BY g.id) AS run"
        f" FROM games g WHERE {_COUNTED})"
        " SELECT rules, run, COUNT(*)"
        " FROM g2 WHERE w GROUP BY rules, run"
    )
    lasts = {
        str(r[0]): int(r[1])
        for r in db.read(
            f"SELECT g.rules, SUM(g.status != 'won') FROM games g WHERE {_COUNTED} GROUP BY g.rules"
        )
    }
    out: dict[str, tuple[int, int, int]] = {}
    for rules, run, count in rows:
        key = str(rules)
        current, longest, first = out.get(key, (0, 0, 0))
        out[key] = (
            int(count) if int(run) == lasts.get(key, -1) else current,
            max(longest, int(count)),
            int(count) if int(run) == 0 else first,
        )
    return out


def _derived(db: Database) -> Stats:
    """The figures of the games in the journal (after each rule set's reset)."""
    sums = db.read(
        "SELECT g.rules, COUNT(*), SUM(g.status = 'won'), SUM(g.score), MIN(g.score),"
        " MAX(g.score), SUM(g.cards_left), SUM(g.status = 'won' AND g.undos = 0)"
        f" FROM games g WHERE {_COUNTED} GROUP BY g.rules"
    )
    streaks = _streaks(db)
    recent: dict[str, list[RecentGame]] = defaultdict(list)
    for rules, score, status, left in db.read(
        "SELECT rules, score, status, cards_left FROM (SELECT g.rules, g.score, g.status,"
        " g.cards_left, g.id, ROW_NUMBER() OVER (PARTITION BY g.rules ORDER BY g.id DESC) AS n"
        f" FROM games g WHERE {_COUNTED}) WHERE n <= {RECENT_GAMES} ORDER BY rules, id"
    ):
        recent[str(rules)].append(RecentGame(int(score), status, int(left)))
    daily: dict[str, list[str]] = defaultdict(list)
    for rules, day in db.read(
        "SELECT DISTINCT g.rules, g.daily FROM games g WHERE g.daily IS NOT NULL AND "
        f"g.status IN ('won', 'blocked') AND {_COUNTED} ORDER BY g.daily"
    ):
        daily[str(rules)].append(str(day))
    rounds: dict[str, tuple[int, dict[int, int]]] = {}
    for rules, holes, count, best in db.read(
        "SELECT o.rules, o.holes, COUNT(*), MIN(o.total) FROM rounds o WHERE o.total IS NOT NULL"
        " AND o.id > COALESCE((SELECT MAX(r.after_round) FROM resets r"
        " WHERE r.rules = o.rules OR r.rules IS NULL), 0) GROUP BY o.rules, o.holes"
    ):
        played, bests = rounds.get(str(rules), (0, {}))
        rounds[str(rules)] = (played + int(count), {**bests, int(holes): int(best)})
    sets: dict[str, RuleStats] = {}
    for rules, played, won, total, low, high, left, perfect in sums:
        key = str(rules)
        current, longest, _ = streaks.get(key, (0, 0, 0))
        rounds_played, best_rounds = rounds.get(key, (0, {}))
        sets[key] = RuleStats(
            played=int(played),
            won=int(won),
            score_total=int(total),
            best_score=int(low if lower_is_better(key) else high),
            left_total=int(left),
            current_streak=current,
            longest_streak=longest,
            perfect=int(perfect),
            rounds_played=rounds_played,
            best_rounds=best_rounds,
            recent=tuple(recent[key]),
            daily_done=tuple(daily[key]),
        )
    for key, (rounds_played, best_rounds) in rounds.items():
        if key not in sets:
            sets[key] = RuleStats(rounds_played=rounds_played, best_rounds=best_rounds)
    return Stats(sets)


def _imported(db: Database) -> Stats:
    """What version 0.1.0's statistics file held, minus the rule sets reset since."""
    reset, everything = _floors(db)
    if everything:
        return Stats()
    rows = db.read("SELECT figures FROM imported_stats")
    if not rows:
        return Stats()
    merged: dict[str, Any] = {}
    for (figures,) in rows:
        merged.update(json.loads(str(figures)))
    stats = read_stats({"rule_sets": merged})
    return Stats({k: v for k, v in stats.rule_sets.items() if k not in reset})


def statistics(db: Database) -> Stats:
    """Every rule set's figures: version 0.1.0's (when imported) followed by the journal's."""
    return merge_stats(_imported(db), _derived(db))


@dataclass(frozen=True)
class ScoreLine:
    """A line of a high-score table, and the game it is (None: imported from 0.1.0)."""

    entry: Entry
    game_id: int | None


def _order(key: str, line: ScoreLine) -> tuple[float, float, float, float]:
    e = line.entry
    score = e.score if lower_is_better(key) else -e.score
    missing = float("inf")
    return (
        score,
        missing if e.moves is None else e.moves,
        missing if e.seconds is None else e.seconds,
        missing if line.game_id is None else line.game_id,
    )


def score_lines(db: Database) -> dict[str, list[ScoreLine]]:
    """Each rule set's table, best first: the signed games, ties broken by fewer moves, then
    less time, then the earlier game."""
    lines: dict[str, list[ScoreLine]] = defaultdict(list)
    for rules, initials, score, day, code, moves, seconds, gid in db.read(
        "SELECT rules, initials, score, substr(ended, 1, 10), code, moves, seconds, id"
        " FROM games WHERE initials IS NOT NULL AND status IN ('won', 'blocked')"
        " UNION ALL SELECT rules, initials, score, day, code, NULL, NULL, NULL"
        " FROM imported_scores"
    ):
        try:
            entry = Entry(str(initials), int(score), str(day), str(code), moves, seconds)
        except ValueError:
            continue
        lines[str(rules)].append(ScoreLine(entry, None if gid is None else int(gid)))
    return {
        key: sorted(found, key=lambda line, key=key: _order(key, line))[:TABLE_SIZE]  # type: ignore[misc]
        for key, found in lines.items()
    }


def high_scores(db: Database) -> HighScores:
    """Every rule set's table (``golf.solitaire.highscores``), read from the signed games."""
    return HighScores(
        {key: tuple(line.entry for line in found) for key, found in score_lines(db).items()}
    )
