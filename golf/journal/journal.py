"""The journal of play: every game of both games, as it is played and once it is finished.

A game is one row of ``games`` from its first action: ``playing`` while it is in progress
(its actions one row each in ``steps``, written as each is taken), then ``won``, ``blocked``,
``abandoned`` (solitaire) or ``finished`` (six-card) with its figures and all its actions in one
compressed column, its steps removed — in one transaction. A round is a row of ``rounds``; its
holes are games. A finished hole, its round's total and the hole's game change together or not
at all, so nothing is ever counted twice. Statistics and high scores are read from the
finished games (``golf.journal.figures``); nothing stores them a second time.

Every time and date comes from the caller: nothing here reads the clock.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Literal

from golf.core.store import StoreNotice
from golf.journal.database import Database, open_database
from golf.journal.owner import Owner
from golf.sixcard.seating import HUMAN

__all__ = [
    "Ending",
    "FinishedGame",
    "HistoryRow",
    "Journal",
    "KeptGame",
    "KeptRound",
    "Placing",
    "pack_actions",
    "placing",
    "seed_column",
    "seed_from_column",
    "unpack_actions",
]

GameKind = Literal["solitaire", "six-card"]
Outcome = Literal["won", "blocked", "abandoned", "finished"]
Placing = Literal["won", "tied", "lost"]
OUTCOMES: Final = ("won", "blocked", "abandoned", "finished")
COUNTED: Final = "('won', 'blocked', 'abandoned')"
"""The statuses of a solitaire game counted in the statistics."""
MAX_ACTIONS: Final = 100_000


def pack_actions(actions: Sequence[str], times: Sequence[float]) -> bytes:
    """A finished game's actions and the pause before each (milliseconds), compressed."""
    body = {"a": list(actions), "t": [round(t * 1000) for t in times]}
    return zlib.compress(json.dumps(body, separators=(",", ":")).encode("utf-8"), 6)


def seed_column(seed: int) -> int:
    """A round's seed (0 to 2**64 - 1) as SQLite's signed 64-bit INTEGER holds it: the same
    64 bits, read as two's complement."""
    return seed - (1 << 64) if seed >= 1 << 63 else seed


def seed_from_column(value: int) -> int:
    """The round's seed that :func:`seed_column` stored."""
    return int(value) & ((1 << 64) - 1)


def unpack_actions(blob: bytes | None) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """What :func:`pack_actions` packed; raises ``ValueError`` for anything else."""
    if not blob:
        return (), ()
    try:
        raw = zlib.decompressobj().decompress(blob, 16 * 1024 * 1024)
        body = json.loads(raw.decode("utf-8"))
    except (zlib.error, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise ValueError(f"actions cannot be read: {error}") from None
    if not isinstance(body, dict):
        raise ValueError("actions cannot be read")
    actions, times = body.get("a"), body.get("t")
    if not isinstance(actions, list) or not isinstance(times, list) or len(actions) != len(times):
        raise ValueError("actions cannot be read")
    if not all(isinstance(a, str) for a in actions):
        raise ValueError("actions cannot be read")
    if not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in times):
        raise ValueError("actions cannot be read")
    return tuple(actions), tuple(t / 1000 for t in times)


@dataclass(frozen=True)
class Ending:
    """How a game ended, and everything about it that the journal keeps."""

    outcome: Outcome
    ended: str
    """When (ISO date and time, the caller's clock)."""
    actions: tuple[str, ...]
    times: tuple[float, ...]
    """The pause before each action, in seconds."""
    seconds: float
    """The play time."""
    moves: int
    score: int | None = None
    cards_left: int | None = None
    stock_left: int | None = None
    undos: int | None = None
    result: Mapping[str, Any] | None = None
    """The six-card game's outcome (each seat's total, who won)."""

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"{self.outcome!r} is not an outcome")
        if len(self.times) != len(self.actions):
            raise ValueError(f"{len(self.times)} times for {len(self.actions)} actions")


@dataclass(frozen=True)
class KeptGame:
    """A game in progress as the journal holds it: enough to put it back on its table."""

    id: int
    game: GameKind
    code: str
    rules: str
    started: str
    setup: Mapping[str, Any]
    actions: tuple[str, ...]
    times: tuple[float, ...]
    elapsed: float
    since: float
    last: float
    """When its last action was taken (the caller's clock, seconds; 0 before any)."""
    round_id: int | None = None
    hole: int | None = None
    daily: str | None = None


@dataclass(frozen=True)
class KeptRound:
    """A round in progress: its deals, and the actions of each hole already finished."""

    id: int
    seed: int
    rules: str
    holes: int
    started: str
    played: tuple[tuple[str, tuple[str, ...]], ...]
    """Each finished hole's code and actions, in order."""


@dataclass(frozen=True)
class HistoryRow:
    """One finished game, as the history lists it."""

    id: int
    game: GameKind
    code: str
    rules: str
    outcome: Outcome
    score: int | None
    moves: int
    seconds: float
    ended: str
    daily: str | None = None
    round_id: int | None = None
    hole: int | None = None
    cards_left: int | None = None
    stock_left: int | None = None
    """Cards left on the tableau and in the stock at the end (None: not kept — six-card, or a
    game imported from 0.1.0)."""
    placing: Placing | None = None
    """A six-card game played to its end: how the person at the table did (``won``, ``tied``:
    won with others, ``lost``); None for solitaire, a game left before its end, or a table of
    computers only."""


@dataclass(frozen=True)
class FinishedGame(HistoryRow):
    """A finished game whole: enough to watch it again."""

    started: str = ""
    actions: tuple[str, ...] = ()
    times: tuple[float, ...] = ()
    setup: Mapping[str, Any] = field(default_factory=dict)
    result: Mapping[str, Any] | None = None


_HISTORY: Final = (
    "SELECT id, game, code, rules, status, score, moves, seconds, ended, daily, round_id, hole,"
    " cards_left, stock_left, result FROM games WHERE status != 'playing'"
)


def placing(status: str, result: Mapping[str, Any] | None) -> Placing | None:
    """How the first person of a six-card game ended (see :attr:`HistoryRow.placing`), from the
    result the journal keeps with it."""
    if status != "finished" or not result:
        return None
    seats, winners = result.get("seats"), result.get("winners")
    if not isinstance(seats, list) or not isinstance(winners, list) or not winners:
        return None
    people = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
    if not people:
        return None
    if people[0] not in winners:
        return "lost"
    return "won" if len(winners) == 1 else "tied"


def _history_row(row: Sequence[Any]) -> HistoryRow:
    result = _mapping(row[-1]) if row[-1] else None
    return replace(HistoryRow(*row[:-1]), placing=placing(str(row[4]), result))


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _mapping(text: object) -> dict[str, Any]:
    try:
        value = json.loads(str(text)) if text else {}
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


class Journal:
    """The player's journal in a data folder (None: in memory, as in most tests).

    The copy of the game that owns the folder (``owns``) keeps its games in progress for
    Continue; another copy's games are written as they are played too, and counted once they
    end, but are never offered to continue.
    """

    def __init__(self, folder: Path | None, *, own: bool = True) -> None:
        self.folder = folder
        self.db: Database = open_database(folder)
        self.owner = Owner(folder) if folder is not None and own else None
        self.other_owner: int | None = None
        if self.owner is not None:
            self.other_owner = self.owner.claim()

    # --- what the player must be told ------------------------------------------------------------

    @property
    def owns(self) -> bool:
        """Whether this copy keeps its games in progress for Continue."""
        return self.other_owner is None

    @property
    def in_memory(self) -> bool:
        return self.db.in_memory

    def take_notices(self) -> list[StoreNotice]:
        notices, self.db.notices = self.db.notices, []
        return notices

    def close(self) -> None:
        self.db.close()
        if self.owner is not None:
            self.owner.release()

    # --- a game as it is played ------------------------------------------------------------------

    def begin(
        self,
        game: GameKind,
        code: str,
        rules: str,
        started: str,
        *,
        setup: Mapping[str, Any] | None = None,
        daily: str | None = None,
        round_id: int | None = None,
        hole: int | None = None,
    ) -> int:
        """A new game in progress; its number."""
        (game_id,) = self.db.write(
            (
                "INSERT INTO games(game, code, rules, status, started, setup, daily, round_id,"
                " hole, kept) VALUES (?, ?, ?, 'playing', ?, ?, ?, ?, ?, ?)",
                (
                    game,
                    code,
                    rules,
                    started,
                    _json(dict(setup or {})),
                    daily,
                    round_id,
                    hole,
                    int(self.owns),
                ),
            )
        )
        assert game_id is not None
        return game_id

    def act(
        self, game_id: int, seq: int, action: str, pause: float, elapsed: float, at: float
    ) -> None:
        """The game's action number ``seq`` (0 first), written before the next frame."""
        self.db.write(
            (
                "INSERT OR REPLACE INTO steps(game_id, seq, action, pause, elapsed, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, action, pause, elapsed, at),
            ),
        )

    def forget_after(self, game_id: int, count: int) -> None:
        """Keep only the first ``count`` actions (a game put back further than it was)."""
        self.db.write(("DELETE FROM steps WHERE game_id = ? AND seq >= ?", (game_id, count)))

    def clocks(self, game_id: int, elapsed: float, since: float, setup: Mapping[str, Any]) -> None:
        """The game's clocks and setup as they are when it is left in play."""
        self.db.write(
            (
                "UPDATE games SET seconds = ?, since = ?, setup = ? WHERE id = ? AND status ="
                " 'playing'",
                (elapsed, since, _json(dict(setup)), game_id),
            )
        )

    def finish(self, game_id: int, ending: Ending) -> bool:
        """The game ended (or was left): its figures and actions kept, its steps removed, in one
        transaction. False if it was not in progress any more (already counted)."""
        return self._finish(game_id, ending, ())

    def _finish(
        self, game_id: int, ending: Ending, more: tuple[tuple[str, tuple[object, ...]], ...]
    ) -> bool:
        result = None if ending.result is None else _json(dict(ending.result))
        packed = pack_actions(ending.actions, ending.times)

        def finish(c: sqlite3.Connection) -> bool:
            done = c.execute(
                "UPDATE games SET status = ?, ended = ?, seconds = ?, since = 0, score = ?,"
                " cards_left = ?, stock_left = ?, undos = ?, moves = ?, result = ?, actions = ?"
                " WHERE id = ? AND status = 'playing'",
                (
                    ending.outcome,
                    ending.ended,
                    ending.seconds,
                    ending.score,
                    ending.cards_left,
                    ending.stock_left,
                    ending.undos,
                    ending.moves,
                    result,
                    packed,
                    game_id,
                ),
            ).rowcount
            if done != 1:  # counted already (or no such game): nothing else changes
                return False
            c.execute("DELETE FROM steps WHERE game_id = ?", (game_id,))
            for sql, parameters in more:
                c.execute(sql, parameters)
            return True

        return self.db.change(finish)

    def drop(self, game_id: int) -> None:
        """Forget a game in progress that is not to be counted (left before any action)."""
        self.db.write(
            ("DELETE FROM steps WHERE game_id = ?", (game_id,)),
            ("DELETE FROM games WHERE id = ? AND status = 'playing'", (game_id,)),
        )

    def kept(self, game: GameKind | None = None) -> list[KeptGame]:
        """The games in progress this copy may continue, the one played last first."""
        if not self.owns:
            return []
        rows = self.db.read(
            "SELECT g.id, g.game, g.code, g.rules, g.started, g.setup, g.seconds, g.since,"
            " g.round_id, g.hole, g.daily, COALESCE(MAX(s.at), 0) AS last"
            " FROM games g LEFT JOIN steps s ON s.game_id = g.id"
            " WHERE g.status = 'playing' AND g.kept = 1"
            + (" AND g.game = ?" if game else "")
            + " GROUP BY g.id ORDER BY last DESC, g.id DESC",
            (game,) if game else (),
        )
        out: list[KeptGame] = []
        for gid, kind, code, rules, started, setup, seconds, since, rid, hole, daily, last in rows:
            steps = self.db.read(
                "SELECT action, pause, elapsed FROM steps WHERE game_id = ? ORDER BY seq",
                (gid,),
            )
            elapsed = float(steps[-1][2]) if steps else 0.0
            out.append(
                KeptGame(
                    int(gid),
                    kind,
                    str(code),
                    str(rules),
                    str(started),
                    _mapping(setup),
                    tuple(str(s[0]) for s in steps),
                    tuple(float(s[1]) for s in steps),
                    max(elapsed, float(seconds)),
                    float(since),
                    float(last),
                    rid,
                    hole,
                    daily,
                )
            )
        return out

    # --- rounds ----------------------------------------------------------------------------------

    def begin_round(self, seed: int, rules: str, holes: int, started: str) -> int:
        """A new round; any round in progress is left (its finished holes stay counted)."""
        _, round_id = self.db.write(
            ("UPDATE rounds SET ended = ? WHERE ended IS NULL AND kept = 1", (started,)),
            (
                "INSERT INTO rounds(seed, rules, holes, started, kept) VALUES (?, ?, ?, ?, ?)",
                (seed_column(seed), rules, holes, started, int(self.owns)),
            ),
        )
        assert round_id is not None
        return round_id

    def finish_hole(self, game_id: int, ending: Ending, round_id: int, total: int | None) -> bool:
        """A hole ended: its game counted and, with the last hole (``total``), the round — one
        transaction. False if the hole was counted already."""
        more: tuple[tuple[str, tuple[object, ...]], ...] = ()
        if total is not None:
            more = (
                (
                    "UPDATE rounds SET ended = ?, total = ? WHERE id = ? AND ended IS NULL",
                    (ending.ended, total, round_id),
                ),
            )
        return self._finish(game_id, ending, more)

    def leave_round(self, round_id: int, when: str) -> None:
        """A round left unfinished (a new one replaces it): its hole in play is forgotten."""
        self.db.write(
            (
                "DELETE FROM steps WHERE game_id IN (SELECT id FROM games WHERE round_id = ?"
                " AND status = 'playing')",
                (round_id,),
            ),
            ("DELETE FROM games WHERE round_id = ? AND status = 'playing'", (round_id,)),
            ("UPDATE rounds SET ended = ? WHERE id = ? AND ended IS NULL", (when, round_id)),
        )

    def kept_round(self) -> KeptRound | None:
        """The round in progress, if this copy keeps one."""
        if not self.owns:
            return None
        rows = self.db.read(
            "SELECT id, seed, rules, holes, started FROM rounds WHERE ended IS NULL AND kept = 1"
            " ORDER BY id DESC LIMIT 1"
        )
        if not rows:
            return None
        rid, seed, rules, holes, started = rows[0]
        holes_rows = self.db.read(
            "SELECT code, actions FROM games WHERE round_id = ? AND status != 'playing'"
            " ORDER BY hole",
            (rid,),
        )
        played = tuple((str(code), unpack_actions(blob)[0]) for code, blob in holes_rows)
        return KeptRound(
            int(rid), seed_from_column(seed), str(rules), int(holes), str(started), played
        )

    # --- high scores -----------------------------------------------------------------------------

    def sign(self, game_id: int, initials: str) -> None:
        """The player's initials on a finished game: it enters its rule set's table."""
        self.db.write(("UPDATE games SET initials = ? WHERE id = ?", (initials, game_id)))

    def reset(self, rules: str | None, when: str) -> None:
        """Statistics start again for ``rules`` (None: every rule set); the games stay in the
        history."""
        self.db.write(
            (
                "INSERT INTO resets(rules, after_game, after_round, at) VALUES (?,"
                " COALESCE((SELECT MAX(id) FROM games), 0),"
                " COALESCE((SELECT MAX(id) FROM rounds), 0), ?)",
                (rules, when),
            )
        )

    # --- history ---------------------------------------------------------------------------------

    def history(self, limit: int | None = None, offset: int = 0) -> list[HistoryRow]:
        """Finished games, newest first."""
        sql = _HISTORY + " ORDER BY id DESC"
        if limit is not None:
            sql += f" LIMIT {int(limit)} OFFSET {int(offset)}"
        return [_history_row(row) for row in self.db.read(sql)]

    def finished_count(self) -> int:
        return int(self.db.read("SELECT COUNT(*) FROM games WHERE status != 'playing'")[0][0])

    def finished(self, game_id: int) -> FinishedGame | None:
        """A finished game whole (None: no such finished game); raises ``ValueError`` when its
        actions cannot be read."""
        rows = self.db.read(
            _HISTORY + " AND id = ?",
            (game_id,),
        )
        if not rows:
            return None
        started, blob, setup, result = self.db.read(
            "SELECT started, actions, setup, result FROM games WHERE id = ?", (game_id,)
        )[0]
        actions, times = unpack_actions(blob)
        row = _history_row(rows[0])
        return FinishedGame(
            **{f: getattr(row, f) for f in row.__dataclass_fields__},
            started=str(started),
            actions=actions,
            times=times,
            setup=_mapping(setup),
            result=_mapping(result) if result else None,
        )

    # --- facts -----------------------------------------------------------------------------------

    def fact(self, name: str) -> str | None:
        rows = self.db.read("SELECT value FROM facts WHERE name = ?", (name,))
        return str(rows[0][0]) if rows else None
