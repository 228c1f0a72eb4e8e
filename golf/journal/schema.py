"""The journal's tables, and the migrations that bring an older database up to them.

The schema's version is SQLite's own ``PRAGMA user_version``. :data:`MIGRATIONS` ``[n]`` turns a
database of version ``n`` into one of version ``n + 1`` (version 0: an empty file); they run in
one transaction, so a database is always at one version or the next, never between.
``docs/rounds-and-stats.md`` describes every table and what may change together.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Final

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "migrate", "missing"]

_VERSION_1: Final = """
CREATE TABLE rounds(
    id INTEGER PRIMARY KEY,
    seed INTEGER NOT NULL,
    rules TEXT NOT NULL,
    holes INTEGER NOT NULL CHECK (holes IN (9, 18)),
    started TEXT NOT NULL,
    ended TEXT,
    total INTEGER,
    kept INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE games(
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL CHECK (game IN ('solitaire', 'six-card')),
    code TEXT NOT NULL,
    rules TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'won', 'blocked', 'abandoned', 'finished')),
    round_id INTEGER REFERENCES rounds(id),
    hole INTEGER,
    daily TEXT,
    started TEXT NOT NULL,
    ended TEXT,
    seconds REAL NOT NULL DEFAULT 0,
    since REAL NOT NULL DEFAULT 0,
    score INTEGER,
    cards_left INTEGER,
    stock_left INTEGER,
    undos INTEGER,
    moves INTEGER,
    result TEXT,
    setup TEXT NOT NULL DEFAULT '{}',
    actions BLOB,
    initials TEXT,
    kept INTEGER NOT NULL DEFAULT 1,
    counted INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX games_figures ON games(rules, id, status, score, cards_left, undos)
    WHERE game = 'solitaire' AND counted = 1 AND status IN ('won', 'blocked', 'abandoned');
CREATE INDEX games_daily ON games(rules, id, status, daily, game, counted) WHERE daily IS NOT NULL;
CREATE INDEX games_round ON games(round_id) WHERE round_id IS NOT NULL;
CREATE INDEX games_status ON games(status);
CREATE INDEX games_initials ON games(rules) WHERE initials IS NOT NULL;
CREATE TABLE steps(
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    pause REAL NOT NULL,
    elapsed REAL NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE resets(
    id INTEGER PRIMARY KEY,
    rules TEXT,
    after_game INTEGER NOT NULL,
    after_round INTEGER NOT NULL,
    at TEXT NOT NULL
);
CREATE TABLE imported_stats(
    rules TEXT PRIMARY KEY,
    figures TEXT NOT NULL
);
CREATE TABLE imported_scores(
    id INTEGER PRIMARY KEY,
    rules TEXT NOT NULL,
    initials TEXT NOT NULL,
    score INTEGER NOT NULL,
    day TEXT NOT NULL,
    code TEXT NOT NULL
);
CREATE TABLE facts(
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

# The indexes of games, each for its readers: games_figures holds every column the statistics
# read (golf.journal.figures: one rule set's counted games in order, never the table itself, whose
# rows carry the packed actions); games_daily the daily deals; games_round a round's holes;
# games_status the games in progress and the count of the finished ones; games_initials the
# signed games of the high scores. bench/journal.py times them on 100,000 games.

MIGRATIONS: Final[tuple[str, ...]] = (_VERSION_1,)
"""``MIGRATIONS[n]``: the SQL that takes a database from version ``n`` to ``n + 1``."""
SCHEMA_VERSION: Final = len(MIGRATIONS)
"""The version this game writes."""


class FutureSchemaError(sqlite3.DatabaseError):
    """A database written by a newer version of the game."""

    def __init__(self, version: int) -> None:
        super().__init__(f"schema version {version} is newer than this game reads")
        self.version = version


def migrate(connection: sqlite3.Connection, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Bring the database to the version of ``migrations`` (the journal's: :data:`SCHEMA_VERSION`;
    another file of the same design passes its own), one transaction for all the steps; the
    version it had. Raises :class:`FutureSchemaError` for a newer database."""
    latest = len(migrations)
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    if version > latest:
        raise FutureSchemaError(version)
    if version == latest:
        _repair(connection, migrations)
        return version
    connection.execute("BEGIN IMMEDIATE")
    try:
        again = connection.execute("PRAGMA user_version").fetchone()[0]  # another copy did it
        for step in migrations[again:]:
            for statement in step.split(";"):
                if statement.strip():
                    connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {latest}")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
    return version


def _statements(migrations: Sequence[str]) -> dict[str, str]:
    """Each table and index the migrations leave, by name: the statement that makes it."""
    made: dict[str, str] = {}
    for step in migrations:
        for statement in step.split(";"):
            words = statement.split()
            if words[:2] in (["CREATE", "TABLE"], ["CREATE", "INDEX"]):
                made[words[2].split("(")[0]] = " ".join(words)
            elif words[:2] in (["DROP", "TABLE"], ["DROP", "INDEX"]):
                made.pop(words[-1], None)
    return made


def missing(connection: sqlite3.Connection, migrations: Sequence[str] = MIGRATIONS) -> list[str]:
    """The tables the database lacks and the indexes it lacks or holds made otherwise (a file
    from a development build, or edited by hand): their names, in the schema's order. A table is
    judged by its name alone (``ALTER TABLE`` rewrites its statement)."""
    held = {
        name: (kind, " ".join(sql.split()))
        for kind, name, sql in connection.execute(
            "SELECT type, name, sql FROM sqlite_master"
            " WHERE type IN ('table', 'index') AND sql NOT NULL"
        )
    }
    names = []
    for name, sql in _statements(migrations).items():
        kind, made = held.get(name, ("", ""))
        if not kind or (kind == "index" and made != sql):
            names.append(name)
    return names


def _repair(connection: sqlite3.Connection, migrations: Sequence[str]) -> None:
    """Make again what :func:`missing` names, in one transaction: a missing table is created, an
    index missing or made otherwise is made as the schema says (the queries name them with
    ``INDEXED BY``, which fails without them). A table of another shape is left as it is: its
    rows are the player's; the queries' own errors tell of it."""
    if not missing(connection, migrations):
        return
    wanted = _statements(migrations)
    connection.execute("BEGIN IMMEDIATE")
    try:
        for name in missing(connection, migrations):  # another copy may have done it
            connection.execute(f'DROP INDEX IF EXISTS "{name}"')
            connection.execute(wanted[name])
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
