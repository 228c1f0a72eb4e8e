"""Version 0.1.0's data folder, imported into the journal once, at the first start.

0.1.0 kept the player's data as separate JSON files: ``stats.json``, ``highscores.json``,
``round.json``, ``autosave.json`` and ``six-card-autosave.json``. Their content is copied into
the journal in one transaction, with the fact ``imported-0.1.0``: a kill during the import
leaves nothing half-imported, and the next start imports again from the start. The files are
read (bounded, regular files only) and never changed, moved or removed: they stay beside the
database. What their statistics counted is kept as it was (``imported_stats``): the finished
holes of the saved round become finished games of the round that are not counted a second time.
A file that cannot be read is left as it is and told to the player; the others are imported.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar

from golf.core.fileio import read_bounded
from golf.core.store import MAX_BYTES, Document, FutureVersionError, StoreNotice, parse_json
from golf.core.version import stamp
from golf.journal.journal import Journal, pack_actions, seed_column
from golf.journal.kept_sixcard import SIX_AUTOSAVE_DOCUMENT, SixSnapshot, rules_name
from golf.journal.kept_solitaire import AUTOSAVE_DOCUMENT, Snapshot
from golf.solitaire.highscores import HIGHSCORES_DOCUMENT, HighScores
from golf.solitaire.round import ROUND_DOCUMENT, Round
from golf.solitaire.stats import STATS_DOCUMENT, Stats, rules_key, write_stats

__all__ = ["IMPORTED", "LEGACY_FILES", "import_legacy", "open_journal"]

log = logging.getLogger(__name__)

T = TypeVar("T")

PROGRAM: Final = "program"
"""The fact that says which version of the game last opened the journal (``golf 0.2.0``)."""
IMPORTED: Final = "imported-0.1.0"
"""The fact that says the folder's 0.1.0 files were imported (its value: when)."""
LEGACY_FILES: Final = (
    STATS_DOCUMENT.name,
    HIGHSCORES_DOCUMENT.name,
    ROUND_DOCUMENT.name,
    AUTOSAVE_DOCUMENT.name,
    SIX_AUTOSAVE_DOCUMENT.name,
)


def _read(folder: Path, document: Document[T], notices: list[StoreNotice]) -> T | None:
    """The value of one 0.1.0 file (None: no file, or it cannot be used — then told)."""
    path = folder / document.name
    try:
        raw = read_bounded(path, MAX_BYTES)
        value, _ = document.from_data(parse_json(raw))
    except FileNotFoundError:
        return None
    except OSError as error:
        log.warning("cannot read %s: %s", path, error)
        notices.append(
            StoreNotice(
                "unreadable",
                document.name,
                document.label,
                detail=error.strerror or str(error),
                error_no=error.errno,
            )
        )
        return None
    except (ValueError, TypeError, KeyError, RecursionError, MemoryError) as error:
        log.warning("%s cannot be imported: %s", path, error)
        kind = "future" if isinstance(error, FutureVersionError) else "corrupt"
        notices.append(
            StoreNotice(kind, document.name, document.label, moved=False, detail=str(error))  # type: ignore[arg-type]
        )
        return None
    return value


Write = Callable[[sqlite3.Connection], None]


def _stats(stats: Stats) -> Write:
    sets = write_stats(stats)["rule_sets"]

    def write(c: sqlite3.Connection) -> None:
        for key, figures in sets.items():
            c.execute(
                "INSERT OR REPLACE INTO imported_stats(rules, figures) VALUES (?, ?)",
                (key, json.dumps({key: figures}, separators=(",", ":"))),
            )

    return write


def _scores(scores: HighScores) -> Write:
    def write(c: sqlite3.Connection) -> None:
        for key, entries in scores.tables.items():
            for e in entries:
                c.execute(
                    "INSERT INTO imported_scores(rules, initials, score, day, code)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (key, e.initials, e.score, e.date, e.code),
                )

    return write


def _steps(
    c: sqlite3.Connection, gid: int, actions: list[str], times: tuple[float, ...], elapsed: float
) -> None:
    for seq, (action, pause) in enumerate(zip(actions, times, strict=True)):
        c.execute(
            "INSERT INTO steps(game_id, seq, action, pause, elapsed, at) VALUES (?, ?, ?, ?, ?, 0)",
            (gid, seq, action, pause, elapsed if seq == len(actions) - 1 else 0.0),
        )


def _round(rnd: Round, when: str, owns: bool) -> Write:
    def write(c: sqlite3.Connection) -> None:
        rid = c.execute(
            "INSERT INTO rounds(seed, rules, holes, started, kept) VALUES (?, ?, ?, ?, ?)",
            (seed_column(rnd.seed), rnd.rules_key, rnd.holes, when, int(owns)),
        ).lastrowid
        for hole in rnd.results:
            c.execute(
                "INSERT INTO games(game, code, rules, status, round_id, hole, started, ended,"
                " score, moves, actions, counted, kept) VALUES ('solitaire', ?, ?, ?, ?, ?, ?, ?,"
                " ?, ?, ?, 0, 0)",
                (
                    hole.code,
                    rnd.rules_key,
                    hole.outcome,
                    rid,
                    hole.hole,
                    when,
                    when,
                    hole.strokes,
                    hole.moves,
                    pack_actions([str(a) for a in hole.actions], (0.0,) * len(hole.actions)),
                ),
            )
        game = rnd.game
        if game is not None and game.log:
            gid = c.execute(
                "INSERT INTO games(game, code, rules, status, round_id, hole, started, kept)"
                " VALUES ('solitaire', ?, ?, 'playing', ?, ?, ?, ?)",
                (rnd.code(rnd.hole), rnd.rules_key, rid, rnd.hole, when, int(owns)),
            ).lastrowid
            assert gid is not None
            actions = [str(a) for a in game.log]
            _steps(c, gid, actions, (0.0,) * len(actions), 0.0)

    return write


def _kept(snapshot: Snapshot | SixSnapshot, owns: bool) -> Write:
    def write(c: sqlite3.Connection) -> None:
        if isinstance(snapshot, Snapshot):
            kind, rules = "solitaire", rules_key(snapshot.game().rules)
            setup: dict[str, Any] = {}
        else:
            kind, rules = "six-card", rules_name(snapshot.code)
            setup = {"kinds": list(snapshot.kinds), "speed": snapshot.speed}
        if snapshot.file is not None:
            setup["file"] = snapshot.file
        gid = c.execute(
            "INSERT INTO games(game, code, rules, status, started, seconds, since, setup, kept)"
            " VALUES (?, ?, ?, 'playing', ?, ?, ?, ?, ?)",
            (
                kind,
                snapshot.code,
                rules,
                snapshot.started,
                snapshot.elapsed,
                snapshot.since,
                json.dumps(setup, sort_keys=True, separators=(",", ":")),
                int(owns),
            ),
        ).lastrowid
        assert gid is not None
        _steps(c, gid, [str(a) for a in snapshot.actions], snapshot.times, snapshot.elapsed)

    return write


def import_legacy(journal: Journal, when: str) -> list[StoreNotice]:
    """Import ``journal``'s folder's 0.1.0 files once (``when``: now, ISO text); what the
    player must be told of files that could not be imported."""
    folder = journal.folder
    if folder is None or journal.in_memory or journal.fact(IMPORTED) is not None:
        return []
    notices: list[StoreNotice] = []
    writes: list[Write] = []
    stats = _read(folder, STATS_DOCUMENT, notices)
    if stats is not None:
        writes.append(_stats(stats))
    scores = _read(folder, HIGHSCORES_DOCUMENT, notices)
    if scores is not None:
        writes.append(_scores(scores))
    rnd = _read(folder, ROUND_DOCUMENT, notices)
    if rnd is not None:
        writes.append(_round(rnd, when, journal.owns))
    solitaire = _read(folder, AUTOSAVE_DOCUMENT, notices)
    if solitaire is not None:
        writes.append(_kept(solitaire, journal.owns))
    six = _read(folder, SIX_AUTOSAVE_DOCUMENT, notices)
    if six is not None:
        writes.append(_kept(six, journal.owns))
    found = [name for name in LEGACY_FILES if (folder / name).exists()]

    def write(c: sqlite3.Connection) -> None:
        if c.execute("SELECT 1 FROM facts WHERE name = ?", (IMPORTED,)).fetchone():
            return  # another copy imported them meanwhile
        for each in writes:
            each(c)
        c.execute("INSERT INTO facts(name, value) VALUES (?, ?)", (IMPORTED, when))

    journal.db.change(write)
    if found:
        log.info("imported %s from version 0.1.0", ", ".join(found))
    return notices


def open_journal(folder: Path | None, when: str, *, own: bool = True) -> Journal:
    """The journal of ``folder``, with its 0.1.0 files imported if they were not yet (``when``:
    now, ISO text). ``own=False`` (the command line): it never keeps games in progress. What the
    player must be told waits in :meth:`Journal.take_notices`."""
    journal = Journal(folder, own=own)
    journal.db.notices.extend(import_legacy(journal, when))
    if folder is not None and not journal.in_memory and journal.fact(PROGRAM) != stamp():
        # which version of the game last opened it, for a bug report
        journal.db.write(
            ("INSERT OR REPLACE INTO facts(name, value) VALUES (?, ?)", (PROGRAM, stamp()))
        )
    return journal
