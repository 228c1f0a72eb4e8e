"""The server's journal of rooms: every room's creation, seats, start, actions and end, written
before anyone is told of them, so that after the server is killed and started again every room
comes back with every action a client was told of, and each person sits again with their token.

One SQLite file, ``rooms.sqlite3`` in the state folder (``golf serve --state DIR``), opened and
written the way the player's journal is (``golf.journal.database``: WAL, ``synchronous =
NORMAL`` — a commit survives the process being killed —, one transaction per change, the
tables' migrations by ``PRAGMA user_version``, a corrupt file moved aside and never deleted, a
file that cannot be used left alone while the rooms live in memory only). *Group commit*: in the
server's loop, the actions of every room taken in one pass of the loop are written in one
transaction at its end, and what the rooms tell of them (their updates, and whatever a room
says until then) is held and sent once it is written (:meth:`RoomJournal.flush`): one commit for
many actions, and still none told before it is written. Its tables:

* ``rooms``: the room's code, its options as the ``create`` gave them (seats, rules, timer,
  pause), the secret deal (a decimal text: it is wider than SQLite's integers) and the seed of
  its computers, when it was created, started and ended (wall-clock seconds), how it ended,
  and when the server let it go (a finished game's room stays while its people are there);
* ``seats``: each seat as it is (kind, name, level, ready, gone) with the SHA-256 of its
  person's token (``golfnet.room.token_digest``): the token itself is never written, and the
  digest is enough to let its holder rejoin;
* ``actions``: every action taken, in order: the seat, the action, whether it was automatic, the
  seconds before it (the record of play's times), when.

:meth:`RoomJournal.restore` rebuilds each room that has not ended (and each game over less than
:data:`RECENT` seconds ago that the server still held, whose people may still come for the
record) by replaying its actions
through the engine's own ``apply``. Ended rooms are removed :data:`KEEP_DAYS` days after their
end (:meth:`RoomJournal.prune`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, NamedTuple

from golf.core import translations
from golf.core.translations import SOURCE_LANGUAGE
from golf.journal.database import Database, Kind, open_database
from golf.sixcard.actions import Action
from golf.sixcard.game import Match, new_game
from golfnet.protocol import PERSON, read_rules
from golfnet.room import COMPUTER, OPEN, Link, Room, Seat

__all__ = ["FILE_NAME", "KEEP_DAYS", "RECENT", "RoomJournal"]

log = logging.getLogger(__name__)

FILE_NAME: Final = "rooms.sqlite3"
KEEP_DAYS: Final = 7
"""Days an ended room is kept in the journal by default (``golf serve --keep-days``)."""
RECENT: Final = 600.0
"""Seconds after its end during which a finished game's room that the server still held (someone
was connected to it) is brought back by a restart, so that a person cut off at the end still
gets the record."""

OVER: Final = "over"
CLOSED: Final = "closed"
"""Closed before its end: its host left before the start, or nobody came back to it."""
BROKEN: Final = "broken"
"""Its rows could not be played again: kept for the operator to look at, never restored."""

_VERSION_1: Final = """
CREATE TABLE rooms(
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL,
    config TEXT NOT NULL,
    deal TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    started REAL,
    ended REAL,
    outcome TEXT CHECK (outcome IN ('over', 'closed', 'broken'))
);
CREATE INDEX rooms_ended ON rooms(ended);
CREATE TABLE seats(
    room INTEGER NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    level TEXT NOT NULL,
    token TEXT,
    ready INTEGER NOT NULL,
    gone INTEGER NOT NULL,
    PRIMARY KEY (room, seat)
) WITHOUT ROWID;
CREATE TABLE actions(
    room INTEGER NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    seat INTEGER,
    action TEXT NOT NULL,
    auto INTEGER NOT NULL,
    pause REAL NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (room, seq)
) WITHOUT ROWID;
"""

_VERSION_2: Final = """
ALTER TABLE rooms ADD COLUMN closed REAL;
UPDATE rooms SET closed = ended WHERE ended IS NOT NULL;
CREATE INDEX rooms_held ON rooms(id) WHERE closed IS NULL;
"""
# 2: when the server let a room go (its game over long ago, or nobody was there): a restart
# brings back only the rooms it still held, read through rooms_held.

ROOMS: Final = Kind(
    FILE_NAME,
    (_VERSION_1, _VERSION_2),
    # reads every page a restart reads: a damaged one is found when the file is opened
    "SELECT (SELECT count(*) FROM seats), (SELECT sum(length(a.action)) FROM rooms r"
    " JOIN actions a ON a.room = r.id WHERE r.closed IS NULL AND r.ended IS NULL)",
    level=logging.INFO,  # the server says what happened in one line of its own
)
"""The journal of rooms as ``golf.journal.database`` opens it."""

_SEAT_ROW: Final = (
    "INSERT OR REPLACE INTO seats(room, seat, kind, name, level, token, ready, gone)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


def _seat_row(room: int, s: int, seat: Seat) -> tuple[object, ...]:
    return (room, s, seat.kind, seat.name, seat.level, seat.token, int(seat.ready), int(seat.gone))


def _run(connection: sqlite3.Connection, statements: list[tuple[str, tuple[object, ...]]]) -> None:
    """``statements`` in order, each run of one statement as one ``executemany``."""
    start = 0
    while start < len(statements):
        sql = statements[start][0]
        end = start + 1
        while end < len(statements) and statements[end][0] == sql:
            end += 1
        if end - start == 1:
            connection.execute(sql, statements[start][1])
        else:
            connection.executemany(sql, [parameters for _, parameters in statements[start:end]])
        start = end


def _problem(
    notice_kind: str, path: Path, kept_as: str | None, detail: str, lang: str = SOURCE_LANGUAGE
) -> str:
    """The operator's one line for a state file that could not be used as it was."""
    if notice_kind == "corrupt" and kept_as is not None:
        return translations.text(
            lang, "net.journal.corrupt", path=path, detail=detail, kept_as=kept_as
        )
    if notice_kind == "future":
        return translations.text(lang, "net.journal.future", path=path)
    return translations.text(lang, "net.journal.unusable", path=path, detail=detail)


class Kept(NamedTuple):
    """A room a restart brings back, as its row reads, not rebuilt yet."""

    kept: int
    code: str
    config: str
    deal: str
    seed: int
    started: bool


@dataclass
class RoomJournal:
    """The rooms' journal: a :class:`~golfnet.room.Keeper` for every room of the server."""

    database: Database
    wall: Callable[[], float] = time.time
    """The wall clock (seconds since the epoch): when rooms start and end, for ``keep-days``."""
    problems: list[str] = field(default_factory=list)
    """What the operator must be told of the file (one line each, in :attr:`lang`)."""
    restored: int = 0
    """How many rooms the last :meth:`restore` brought back…"""
    restoring: float = 0.0
    """…and in how many seconds."""
    timing: Callable[[float], None] | None = None
    """Told the seconds of each transaction written (``golfnet.metrics``: the write-time
    histogram; one a batch of actions)."""
    pending: list[tuple[str, tuple[object, ...]]] = field(default_factory=list)
    """The actions taken in this pass of the server's loop, not yet written (group commit)…"""
    outbox: list[tuple[Link, str]] = field(default_factory=list)
    """…and what the rooms tell of them, sent once they are written (:meth:`flush`)."""
    batches: int = 0
    """Transactions of actions written (for the figures: actions per transaction)."""
    _flush_due: bool = False
    lang: str = SOURCE_LANGUAGE
    """The language of :attr:`problems` (``golf serve``'s run's)."""

    @classmethod
    def open(
        cls, folder: Path | None, wall: Callable[[], float] = time.time, lang: str = SOURCE_LANGUAGE
    ) -> RoomJournal:
        """The journal in ``folder`` (None: in memory), made if missing, never raising for a bad
        file: :attr:`problems` says what became of it, in ``lang``."""
        database = open_database(folder, ROOMS)
        journal = cls(database, wall, lang=lang)
        if folder is not None:
            for notice in database.notices:
                journal.problems.append(
                    _problem(notice.kind, folder / FILE_NAME, notice.kept_as, notice.detail, lang)
                )
        return journal

    @property
    def on_disk(self) -> bool:
        return not self.database.in_memory

    def close(self) -> None:
        self.flush()
        self.database.close()

    # --- group commit ---------------------------------------------------------------------------

    @property
    def holding(self) -> bool:
        """Actions are waiting for their transaction: what a room tells now must wait too."""
        return bool(self.pending)

    def later(self, link: Link, text: str) -> None:
        """Send ``text`` to ``link`` once the actions waiting are written."""
        self.outbox.append((link, text))

    def _hold(self, *statements: tuple[str, tuple[object, ...]]) -> None:
        """An action's rows: in a running asyncio loop, written with every other action of this
        pass of the loop in one transaction at its end (``call_soon``); else at once."""
        self.pending.extend(statements)
        if self._flush_due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a room stepped without a server: one transaction an action
            self.flush()
            return
        self._flush_due = True
        loop.call_soon(self.flush)

    def flush(self) -> None:
        """Write the actions waiting in one transaction, then send what was held for them (an
        action is never told before it is written: a write that fails tells nothing)."""
        self._flush_due = False
        pending, self.pending = self.pending, []
        if pending:
            began = time.perf_counter()
            try:
                self.database.change(lambda connection: _run(connection, pending))
            except sqlite3.Error:
                log.exception("%d changes of rooms could not be written", len(pending))
                self.outbox.clear()
                return
            self.batches += 1
            if self.timing is not None:
                self.timing(time.perf_counter() - began)
        outbox, self.outbox = self.outbox, []
        for link, text in outbox:
            link.send(text)

    def _write(self, *statements: tuple[str, tuple[object, ...]]) -> None:
        """A change written at once (with the actions waiting before it, in its transaction),
        then what was held for them sent."""
        self.pending.extend(statements)
        self.flush()

    # --- what a room writes (golfnet.room.Keeper) ---------------------------------------------

    def created(self, room: Room) -> None:
        """A new room: its options, deal and seats (before its creator is welcomed)."""
        config = {
            "seats": list(room.kinds),
            "rules": room.rules.to_dict(),
            "timer": room.timer,
            "pause": room.pause,
        }
        now = self.wall()

        def write(connection: sqlite3.Connection) -> None:
            cursor = connection.execute(
                "INSERT INTO rooms(code, config, deal, seed, created) VALUES (?, ?, ?, ?, ?)",
                (room.code, json.dumps(config), str(room.number), room.seed, now),
            )
            assert cursor.lastrowid is not None
            room.kept = cursor.lastrowid
            connection.executemany(
                _SEAT_ROW, [_seat_row(room.kept, s, seat) for s, seat in enumerate(room.seats)]
            )

        self.flush()  # the actions waiting first, in their order
        began = time.perf_counter()
        self.database.change(write)
        if self.timing is not None:
            self.timing(time.perf_counter() - began)
        room.keeper = self

    def seat(self, room: Room, seat: int) -> None:
        if room.kept is not None:
            self._write((_SEAT_ROW, _seat_row(room.kept, seat, room.seats[seat])))

    def started(self, room: Room) -> None:
        if room.kept is None:
            return
        kept = room.kept
        self._write(
            ("UPDATE rooms SET started = ? WHERE id = ?", (self.wall(), kept)),
            *((_SEAT_ROW, _seat_row(kept, s, seat)) for s, seat in enumerate(room.seats)),
        )

    def acted(self, room: Room) -> None:
        if room.kept is None or room.match is None or room.last is None:
            return
        now = self.wall()
        last = room.last
        statements: list[tuple[str, tuple[object, ...]]] = [
            (
                "INSERT INTO actions(room, seq, seat, action, auto, pause, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    room.kept,
                    len(room.match.log) - 1,
                    last["seat"],
                    str(room.match.log[-1]),
                    int(bool(last["auto"])),
                    room.times[-1],
                    now,
                ),
            )
        ]
        if room.over:
            statements.append(
                (
                    "UPDATE rooms SET ended = ?, outcome = ? WHERE id = ? AND ended IS NULL",
                    (now, OVER, room.kept),
                )
            )
        self._hold(*statements)

    def ended(self, room: Room) -> None:
        """The server lets the room go: it ends now if its game was not over, and no restart
        brings it back; nothing for a room no longer kept here (the server stopping leaves its
        rooms as they are)."""
        if room.kept is None or room.keeper is not self:
            return
        now = self.wall()
        self._write(
            (
                "UPDATE rooms SET ended = coalesce(ended, ?), outcome = coalesce(outcome, ?),"
                " closed = ? WHERE id = ?",
                (now, CLOSED, now, room.kept),
            )
        )
        room.keeper = None

    # --- a restart ---------------------------------------------------------------------------

    def prune(self, keep_days: float) -> int:
        """Remove the rooms that ended more than ``keep_days`` days ago; how many."""
        cutoff = self.wall() - keep_days * 86400.0
        ids = [
            row[0]
            for row in self.database.read(
                "SELECT id FROM rooms WHERE ended IS NOT NULL AND ended < ?", (cutoff,)
            )
        ]
        if ids:
            self.flush()

            def remove(connection: sqlite3.Connection) -> None:
                connection.executemany("DELETE FROM rooms WHERE id = ?", [(i,) for i in ids])

            self.database.change(remove)
        return len(ids)

    def restore(self, now: float) -> list[Room]:
        """Every room that has not ended (and every game over less than :data:`RECENT` seconds
        ago that the server still held), rebuilt: its seats as they were, without connections,
        its match played again from its actions, its timers from ``now`` (the room's clock). A
        room whose rows cannot be played again is marked ``broken`` and said in
        :attr:`problems`. (The server does the same in two steps, :meth:`kept_rooms` at its
        start and :meth:`rebuild` of each while it listens.)"""
        began = time.perf_counter()
        rooms = [room for row in self.kept_rooms() if (room := self.rebuild(row, now)) is not None]
        self.restored = len(rooms)
        self.restoring = time.perf_counter() - began
        return rooms

    def kept_rooms(self) -> list[Kept]:
        """The rooms a restart brings back, in the order they were made, none rebuilt yet. The
        games over long ago that a killed server still held are let go."""
        now_wall = self.wall()
        recent = now_wall - RECENT
        try:
            self.database.write(
                (
                    "UPDATE rooms SET closed = ? WHERE closed IS NULL AND ended IS NOT NULL"
                    " AND NOT (outcome = ? AND ended >= ?)",
                    (now_wall, OVER, recent),
                )
            )
            rows = self.database.read(
                "SELECT id, code, config, deal, seed, started FROM rooms WHERE closed IS NULL"
                " ORDER BY id"
            )
        except sqlite3.DatabaseError as error:  # damaged past what opening it read
            self.problems.append(
                translations.text(self.lang, "net.journal.unreadable", error=error)
            )
            return []
        return [
            Kept(kept, str(code), config, deal, seed, started is not None)
            for kept, code, config, deal, seed, started in rows
        ]

    def leave_out(self, row: Kept) -> None:
        """End a kept room the server does not bring back (another room of its code is in
        play), as :meth:`ended` ends a room."""
        self._end(row.kept, CLOSED, self.wall())

    def rebuild(self, row: Kept, now: float) -> Room | None:
        """The room of ``row`` played again (:meth:`restore`), or None when its rows cannot be
        (then marked ``broken`` and said in :attr:`problems`)."""
        try:
            return self._rebuild(*row, now)
        except sqlite3.DatabaseError as error:
            self.problems.append(
                translations.text(
                    self.lang, "net.journal.room_unreadable", code=row.code, error=error
                )
            )
        except Exception as error:  # whatever a strange row makes of it: that room is left out
            self.problems.append(
                translations.text(self.lang, "net.journal.not_replayed", code=row.code, error=error)
            )
        self._end(row.kept, BROKEN, self.wall())
        return None

    def _end(self, kept: int, outcome: str, now_wall: float) -> None:
        """End a room a restart leaves out: ``broken`` whatever it was, else as
        :meth:`ended` ends it."""
        sql = (
            "UPDATE rooms SET ended = ?, outcome = ?, closed = ? WHERE id = ?"
            if outcome == BROKEN
            else "UPDATE rooms SET ended = coalesce(ended, ?), outcome = coalesce(outcome, ?),"
            " closed = ? WHERE id = ?"
        )
        with contextlib.suppress(sqlite3.DatabaseError):  # said already: the room stays out
            self.database.write((sql, (now_wall, outcome, now_wall, kept)))

    def _rebuild(
        self, kept: int, code: str, config: str, deal: str, seed: int, started: bool, now: float
    ) -> Room:
        """The room of one row of ``rooms`` (:class:`Kept`'s fields), played again."""
        options = json.loads(config)
        room = Room(
            code=str(code),
            rules=read_rules(options["rules"]),
            kinds=tuple(str(k) for k in options["seats"]),
            number=int(deal),
            seed=int(seed),
            timer=float(options["timer"]),
            pause=float(options["pause"]),
        )
        for s, kind, name, level, token, ready, gone in self.database.read(
            "SELECT seat, kind, name, level, token, ready, gone FROM seats WHERE room = ?"
            " ORDER BY seat",
            (kept,),
        ):
            if not 0 <= s < len(room.seats) or kind not in (PERSON, OPEN, COMPUTER):
                raise ValueError(f"seat {s} is not one of the room's")
            room.seats[s] = Seat(kind, str(name), str(level), token, bool(ready), None, bool(gone))
        if started:
            match = Match(new_game(room.number, len(room.seats), room.rules))
            actions = self.database.read(
                "SELECT seq, seat, action, auto, pause FROM actions WHERE room = ? ORDER BY seq",
                (kept,),
            )
            parsed: dict[str, Action] = {}  # a game's hundreds of actions are a few dozen
            for seq, seat, action, auto, pause in actions:
                if seq != len(match.log):
                    raise ValueError(f"action {len(match.log) + 1} is missing")
                taken = parsed.get(action)
                if taken is None:
                    taken = parsed[action] = Action.parse(action)
                refused = match.apply(taken)
                if refused is not None:
                    raise ValueError(f"action {seq + 1} ({action}) is refused: {refused.text()}")
                room.times.append(float(pause))
                room.last = {"seat": seat, "action": str(action), "auto": bool(auto)}
            room.match = match
        room.since = now  # every timer from the restart: a turn has its full time again
        room.kept = kept
        room.keeper = self
        return room
