"""The journal's database file: opened safely, written in transactions, never lost.

:func:`open_database` opens ``journal.sqlite3`` in the data folder (WAL, a busy timeout so that
two copies of the game wait for each other's transactions instead of failing) and brings its
schema up to date. Whatever is wrong with the file, the game goes on:

* not a regular file (a FIFO, a folder, a device), or it cannot be opened: it is left alone and
  the game plays on an empty database in memory;
* read-only (the file or its folder), or written by a newer version: it is copied into memory
  and play goes on there, the file untouched;
* corrupt (not a database, damaged pages): the file (with its ``-wal`` and ``-shm``) is moved
  aside as ``journal.sqlite3.corrupt-N`` — never deleted, never written over — and a new one
  is started.

While the game runs, a write that fails (a full disk, an I/O error) switches the journal to a
copy of itself in memory: what was there is still shown and play goes on. Each case gives one
:class:`~golf.core.store.StoreNotice` for the player. Nothing here reads the clock.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar

from golf.core.fileio import NotRegularFileError
from golf.core.store import NoticeKind, StoreNotice
from golf.journal.schema import MIGRATIONS, FutureSchemaError, migrate

__all__ = ["FILE_NAME", "JOURNAL", "LABEL", "Database", "Kind", "open_database"]

log = logging.getLogger(__name__)

T = TypeVar("T")

FILE_NAME: Final = "journal.sqlite3"
LABEL: Final = "store.label.journal"
"""The catalogue key of the file's name for the player: "the journal of play file"."""
BUSY_MS: Final = 5000
"""How long a write waits for another copy's transaction before it fails."""
_MAGIC: Final = b"SQLite format 3\x00"


@dataclass(frozen=True)
class Kind:
    """One kind of database file kept with this design: its name, the migrations of its tables
    (``schema.migrate``) and a query that reads them (a file whose content fails it is
    corrupt). The journal of play is :data:`JOURNAL`; the network server keeps its rooms in
    another (``golfnet.journal``)."""

    file_name: str
    migrations: tuple[str, ...]
    probe: str
    level: int = logging.WARNING
    """How loud what goes wrong in opening it is logged (a server that says it in a line of its
    own, from the notices, logs the details at INFO)."""


JOURNAL: Final = Kind(FILE_NAME, MIGRATIONS, "SELECT id FROM games ORDER BY id DESC LIMIT 1")


def _configure(connection: sqlite3.Connection, wal: bool) -> None:
    connection.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    connection.execute("PRAGMA foreign_keys = ON")
    if wal:
        mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            log.info("journal mode is %s, not WAL", mode)
        # a commit survives the process being killed; only a power cut may lose the last ones
        connection.execute("PRAGMA synchronous = NORMAL")


def _memory() -> sqlite3.Connection:
    connection = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    _configure(connection, wal=False)
    return connection


def _notice(kind: NoticeKind, name: str, error: BaseException | str, **more: object) -> StoreNotice:
    detail = error if isinstance(error, str) else (getattr(error, "strerror", None) or str(error))
    number = getattr(error, "errno", None) if isinstance(error, OSError) else None
    return StoreNotice(kind, name, LABEL, detail=detail or kind, error_no=number, **more)  # type: ignore[arg-type]


class Database:
    """One connection to the journal: the file's, or one in memory once the file cannot be used.

    ``notices`` gathers what the player must be told. :meth:`write` is every change: all of it
    or none; if the file cannot take it, the journal moves to memory (a copy of what the file
    held) and the change is made there.
    """

    def __init__(
        self, connection: sqlite3.Connection, path: Path | None, kind: Kind = JOURNAL
    ) -> None:
        self.connection = connection
        self.path = path
        """The file written to; None once play goes on in memory."""
        self.kind = kind
        self.notices: list[StoreNotice] = []

    @property
    def in_memory(self) -> bool:
        return self.path is None

    def read(self, sql: str, parameters: tuple[object, ...] = ()) -> list[Any]:
        """The rows of one query (an empty list if the file cannot be read any more)."""
        try:
            return self.connection.execute(sql, parameters).fetchall()
        except sqlite3.DatabaseError as error:
            self._to_memory(error)
            return self.connection.execute(sql, parameters).fetchall()

    def write(self, *statements: tuple[str, tuple[object, ...]]) -> list[int | None]:
        """Run ``statements`` in one transaction; the ``lastrowid`` of each."""

        def run(connection: sqlite3.Connection) -> list[int | None]:
            return [connection.execute(sql, parameters).lastrowid for sql, parameters in statements]

        return self.change(run)

    def change(self, body: Callable[[sqlite3.Connection], T]) -> T:
        """``body`` in one transaction (``BEGIN IMMEDIATE`` … ``COMMIT``): all of it or none. A
        file that fails it (full disk, read-only, damaged) is left, and ``body`` is run again on
        the journal's copy in memory — so ``body`` must do nothing but write."""
        try:
            return self._change(body)
        except sqlite3.IntegrityError:
            raise
        except sqlite3.DatabaseError as error:
            if self.in_memory:
                raise
            self._to_memory(error)
            return self._change(body)

    def _change(self, body: Callable[[sqlite3.Connection], T]) -> T:
        connection = self.connection
        connection.execute("BEGIN IMMEDIATE")
        try:
            out = body(connection)
            connection.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            raise
        return out

    def _to_memory(self, error: BaseException) -> None:
        """The file failed: go on with a copy of it in memory (or an empty journal)."""
        if self.path is None:
            raise error
        log.warning("the journal %s failed (%s): play goes on in memory", self.path, error)
        memory = _memory()
        try:
            self.connection.backup(memory)
        except sqlite3.Error as copy_error:
            log.warning("cannot copy the journal into memory: %s", copy_error)
            memory.close()
            memory = _memory()
        migrate(memory, self.kind.migrations)
        with contextlib.suppress(sqlite3.Error):
            self.connection.close()
        self.notices.append(_notice("unwritable", self.path.name, error, kept_as=None))
        self.connection = memory
        self.path = None

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.connection.close()


def _keep_aside(path: Path, level: int = logging.WARNING) -> str | None:
    """Move a corrupt file (and its -wal, -shm) to ``<name>.corrupt-N``; the name, or None."""
    n = 1
    while os.path.lexists(path.with_name(f"{path.name}.corrupt-{n}")):
        n += 1
    target = path.with_name(f"{path.name}.corrupt-{n}")
    try:
        path.replace(target)
    except OSError as error:
        log.log(level, "cannot keep %s aside: %s", path, error)
        return None
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.is_file():
            with contextlib.suppress(OSError):
                side.replace(target.with_name(target.name + suffix))
    return target.name


def _looks_like_a_database(path: Path) -> bool:
    """An empty file, or one that starts as SQLite's files do (read 16 bytes, no more)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        head = os.read(fd, len(_MAGIC))
    finally:
        os.close(fd)
    return head in (b"", _MAGIC)


def _copy_into_memory(path: Path) -> sqlite3.Connection:
    """A journal that cannot be written, copied into memory (the file is not changed): read
    with its write-ahead log when that can be read, else as the main file alone."""
    uri = path.resolve().as_uri()
    last: sqlite3.Error | None = None
    for query in ("?mode=ro", "?mode=ro&immutable=1"):
        source = sqlite3.connect(uri + query, uri=True)
        try:
            memory = _memory()
            source.backup(memory)
            return memory
        except sqlite3.Error as error:
            last = error
        finally:
            source.close()
    assert last is not None
    raise last


_CORRUPT_CODES: Final = (11, 26)
"""SQLITE_CORRUPT and SQLITE_NOTADB: the file's content is not a usable database."""


def _corrupt(error: sqlite3.DatabaseError) -> bool:
    """Whether ``error`` says the file's content is damaged (not that it cannot be reached)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return (code & 0xFF) in _CORRUPT_CODES
    text = str(error)
    return "not a database" in text or "malformed" in text


def _check(connection: sqlite3.Connection, kind: Kind) -> None:
    """Read enough to know the file is a database this game can use (raises if not)."""
    connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    migrate(connection, kind.migrations)
    connection.execute(kind.probe).fetchall()


def open_database(folder: Path | None, kind: Kind = JOURNAL) -> Database:
    """The journal of ``folder`` (None: in memory, as in most tests), never raising for a bad
    file: its notices say what happened. ``kind``: another file of the same design."""
    if folder is None:
        connection = _memory()
        migrate(connection, kind.migrations)
        return Database(connection, None, kind)
    path = folder / kind.file_name
    notices: list[StoreNotice] = []
    try:
        database = _open_file(path, notices, kind)
    except (OSError, sqlite3.Error) as error:
        log.log(kind.level, "cannot open the journal %s: %s", path, error)
        notice: NoticeKind = "unreadable" if os.path.lexists(path) else "unwritable"
        notices.append(_notice(notice, kind.file_name, error))
        connection = _memory()
        migrate(connection, kind.migrations)
        database = Database(connection, None, kind)
    database.notices[:0] = notices
    return database


def _open_file(path: Path, notices: list[StoreNotice], kind: Kind) -> Database:
    name = kind.file_name
    path.parent.mkdir(parents=True, exist_ok=True)
    if os.path.lexists(path):
        mode = path.stat().st_mode  # follows a link; a dangling one raises
        if not stat.S_ISREG(mode):
            raise NotRegularFileError(path, mode)
        if not _looks_like_a_database(path):
            return _fresh_after_corrupt(path, notices, "not a database", kind)
        if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
            connection = _copy_into_memory(path)
            migrate(connection, kind.migrations)
            notices.append(
                _notice("unwritable", name, PermissionError(13, "read-only"), kept_as=None)
            )
            return Database(connection, None, kind)
    connection = sqlite3.connect(
        path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        _configure(connection, wal=True)
        _check(connection, kind)
    except FutureSchemaError as error:
        connection.close()
        memory = _copy_into_memory(path)
        notices.append(_notice("future", name, error, moved=False))
        return Database(memory, None, kind)
    except sqlite3.DatabaseError as error:
        connection.close()
        if _corrupt(error):
            return _fresh_after_corrupt(path, notices, str(error), kind)
        # the file is fine but cannot be used now (a full disk, an I/O error, locked for too
        # long): never moved aside; its games are copied into memory and play goes on there
        log.log(kind.level, "cannot use the journal %s: %s", path, error)
        memory = _copy_into_memory(path)
        migrate(memory, kind.migrations)
        notices.append(_notice("unwritable", name, error, kept_as=None))
        return Database(memory, None, kind)
    return Database(connection, path, kind)


def _fresh_after_corrupt(
    path: Path, notices: list[StoreNotice], detail: str, kind: Kind
) -> Database:
    log.log(kind.level, "the journal %s is corrupt: %s", path, detail)
    kept = _keep_aside(path, kind.level)
    notices.append(_notice("corrupt", kind.file_name, detail, kept_as=kept))
    if kept is None:  # still there: never written over
        connection = _memory()
        migrate(connection, kind.migrations)
        return Database(connection, None, kind)
    connection = sqlite3.connect(
        path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False
    )
    _configure(connection, wal=True)
    migrate(connection, kind.migrations)
    return Database(connection, path, kind)
