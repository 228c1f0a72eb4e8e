"""Statistics and high scores, read from the finished games of the journal.

Nothing here is stored: every figure is a query over ``games`` and ``rounds`` (for each rule
set, one pass over its part of the index ``games_figures`` for the counts, the sums and the
winning streaks, then a seek for the last games of the charts and one for the daily deals),
plus what version 0.1.0's files held when they were imported (``imported_stats``,
``imported_scores``), added as :func:`golf.solitaire.stats.merge_stats` adds them. A reset
(``resets``) starts a rule set's figures after the last game then; the games stay in the history.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import partial
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

_COUNTED: Final = (
    "g.game = 'solitaire' AND g.counted = 1 AND g.status IN ('won', 'blocked', 'abandoned')"
)
"""A solitaire game the statistics count: the very terms of the partial index ``games_figures``
(``golf.journal.schema``), which holds every column they read. The queries name their index
(``INDEXED BY``): left to choose, SQLite took ``games_status`` and read the table (0.1 s
for 10,000 games), and a schema that loses the index makes them fail rather than crawl."""
_FIGURES: Final = "games g INDEXED BY games_figures"
_ONE_SET: Final = _COUNTED + " AND g.rules = ? AND g.id > ?"
"""One rule set's counted games after its last reset (parameters: the rule set, the last game
before the reset): a range of ``games_figures``."""


def _floors(db: Database) -> tuple[set[str], bool]:
    """The rule sets reset at least once, and whether everything was."""
    rows = db.read("SELECT DISTINCT rules FROM resets")
    return {str(r[0]) for r in rows if r[0] is not None}, any(r[0] is None for r in rows)


def _game_floors(db: Database) -> tuple[dict[str, int], int]:
    """The last game before each rule set's latest reset, and before the latest reset of
    everything: a rule set's figures count the games after the later of the two."""
    floors: dict[str, int] = {}
    everything = 0
    for rules, after in db.read("SELECT rules, MAX(after_game) FROM resets GROUP BY rules"):
        if rules is None:
            everything = int(after)
        else:
            floors[str(rules)] = int(after)
    return floors, everything


def _played_rule_sets(db: Database) -> list[str]:
    """The rule sets of the counted games: one seek in the index for each (a skip scan)."""
    rows = db.read(
        f"WITH RECURSIVE k(rules) AS (SELECT MIN(g.rules) FROM {_FIGURES} WHERE {_COUNTED}"
        f" UNION ALL SELECT (SELECT MIN(g.rules) FROM {_FIGURES} WHERE {_COUNTED}"
        " AND g.rules > k.rules) FROM k WHERE k.rules IS NOT NULL)"
        " SELECT rules FROM k WHERE rules IS NOT NULL"
    )
    return [str(r[0]) for r in rows]


def _rule_set(db: Database, key: str, floor: int) -> RuleStats | None:
    """The figures of one rule set's counted games after game ``floor`` (None: there are none).

    One pass over its range of the index gives the sums, the best score and, in order, one
    character a game (``0`` not won, ``1`` won without undo, ``2`` won with undos): the games
    played, won, the perfect ones and both winning streaks are read from that text. SQLite
    keeps a subquery's ORDER BY for the query around it when that query uses an aggregate such
    as ``group_concat``, so the characters are in the games' order. Then the daily deals and the
    last games, each a seek.
    """
    best = "MIN" if lower_is_better(key) else "MAX"
    total, best_score, left, marks = db.read(
        f"SELECT SUM(score), {best}(score), SUM(cards_left), group_concat(w, '')"
        " FROM (SELECT CASE WHEN g.status != 'won' THEN '0' WHEN g.undos = 0 THEN '1' ELSE '2'"
        " END AS w, g.score AS score, g.cards_left AS cards_left"
        f" FROM {_FIGURES} WHERE {_ONE_SET} ORDER BY g.id)",
        (key, floor),
    )[0]
    if not marks:
        return None
    marks = str(marks)
    runs = marks.split("0")
    recent = db.read(
        f"SELECT g.score, g.status, g.cards_left FROM {_FIGURES} WHERE {_ONE_SET}"
        f" ORDER BY g.id DESC LIMIT {RECENT_GAMES}",
        (key, floor),
    )
    days = db.read(
        f"SELECT DISTINCT g.daily FROM games g INDEXED BY games_daily WHERE {_ONE_SET}"
        " AND g.daily IS NOT NULL"
        " AND g.status IN ('won', 'blocked') ORDER BY g.daily",
        (key, floor),
    )
    return RuleStats(
        played=len(marks),
        won=len(marks) - marks.count("0"),
        score_total=int(total),
        best_score=int(best_score),
        left_total=int(left),
        current_streak=len(runs[-1]),
        longest_streak=max(len(run) for run in runs),
        perfect=marks.count("1"),
        recent=tuple(RecentGame(int(r[0]), r[1], int(r[2])) for r in reversed(recent)),
        daily_done=tuple(str(d[0]) for d in days),
    )


def _derived(db: Database) -> Stats:
    """The figures of the games in the journal (after each rule set's reset)."""
    floors, everything = _game_floors(db)
    sets: dict[str, RuleStats] = {}
    for key in _played_rule_sets(db):
        figures = _rule_set(db, key, max(floors.get(key, 0), everything))
        if figures is not None:
            sets[key] = figures
    rounds: dict[str, tuple[int, dict[int, int]]] = {}
    for rules, holes, count, best in db.read(
        "SELECT o.rules, o.holes, COUNT(*), MIN(o.total) FROM rounds o WHERE o.total IS NOT NULL"
        " AND o.id > COALESCE((SELECT MAX(r.after_round) FROM resets r"
        " WHERE r.rules = o.rules OR r.rules IS NULL), 0) GROUP BY o.rules, o.holes"
    ):
        played, bests = rounds.get(str(rules), (0, {}))
        rounds[str(rules)] = (played + int(count), {**bests, int(holes): int(best)})
    for key, (rounds_played, best_rounds) in rounds.items():
        sets[key] = replace(
            sets.get(key, RuleStats()), rounds_played=rounds_played, best_rounds=best_rounds
        )
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


def _most(value: float | None) -> float:
    return float("inf") if value is None else value


def _rank(sign: int, row: tuple[Any, ...]) -> tuple[float, float, float, float]:
    """Where a signed game's row goes in its table (``sign``: 1 when strokes count, else -1):
    its score, then fewer moves, then less time, then the earlier game; unknown ones last."""
    return sign * row[2], _most(row[5]), _most(row[6]), _most(row[7])


def score_lines(db: Database) -> dict[str, list[ScoreLine]]:
    """Each rule set's table, best first: the signed games, ties broken by fewer moves, then
    less time, then the earlier game (0.1.0's lines, which know neither, after the others).
    The rows are put in order first; only the lines of the table are made into entries."""
    found: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
    for row in db.read(
        "SELECT rules, initials, score, substr(ended, 1, 10), code, moves, seconds, id"
        " FROM games INDEXED BY games_initials"  # the signed games only (not games_status)
        " WHERE initials IS NOT NULL AND status IN ('won', 'blocked')"
        " UNION ALL SELECT rules, initials, score, day, code, NULL, NULL, NULL"
        " FROM imported_scores"
    ):
        found[str(row[0])].append(row)
    tables: dict[str, list[ScoreLine]] = {}
    for key, rows in found.items():
        rows.sort(key=partial(_rank, 1 if lower_is_better(key) else -1))
        lines: list[ScoreLine] = []
        for _, initials, score, day, code, moves, seconds, gid in rows:
            try:
                entry = Entry(str(initials), int(score), str(day), str(code), moves, seconds)
            except ValueError:
                continue
            lines.append(ScoreLine(entry, None if gid is None else int(gid)))
            if len(lines) == TABLE_SIZE:
                break
        if lines:
            tables[key] = lines
    return tables


def high_scores(db: Database) -> HighScores:
    """Every rule set's table (``golf.solitaire.highscores``), read from the signed games."""
    return HighScores(
        {key: tuple(line.entry for line in found) for key, found in score_lines(db).items()}
    )
