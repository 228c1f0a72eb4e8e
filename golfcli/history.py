"""The ``history`` command: every finished game of the player's journal, newest first, and any
of them written again as a replay file.

``history [--json] [--lang en|fr]`` lists the finished games of both games from the journal of
the data folder (``golf.core.folders.data_dir()``, ``golf.journal``): each line starts with
the game's number in the journal, then the game, its code, its rules, how it ended, its score
(or strokes), its moves, the time played and when it ended. ``history --replay N FILE`` writes
game N as a replay file, the one the window's recorder writes for it, which ``verify`` passes
and ``watch`` plays (made by ``golf.journal.replays``, which the window's History screen
watches too). The journal is opened as ``stats`` opens it (:func:`golfcli.stats.player_journal`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from golf.core.translations import LANGUAGES, text
from golf.journal.journal import FinishedGame, HistoryRow, Journal
from golf.journal.replays import (
    STANDARD,
    ReplayProblem,
    duration_text,
    finished_replay,
    rules_key,
    scoring,
    shown_score,
    six_rules_key,
    when_text,
)
from golf.solitaire.replay import Replay
from golfcli.options import EXIT_FAILED, EXIT_OK, UsageError, positive
from golfcli.output import error_line
from golfcli.paths import output_file
from golfcli.stats import player_journal, rule_set_name, tell_notices

__all__ = [
    "COLUMNS",
    "ReplayProblem",
    "finished_replay",
    "history_report",
    "history_text",
    "register",
    "run_history",
]

COLUMNS: Final = ("number", "game", "code", "rules", "result", "score", "moves", "time", "when")
"""The table's columns, in order (their headings are the catalogues' ``cli.history.col.…``)."""
_RIGHT: Final = frozenset({"number", "score", "moves", "time"})
"""The columns of numbers, aligned on the right."""


# --- the list ---------------------------------------------------------------------------------------


def _row_report(row: HistoryRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "code": row.code,
        "rules": rules_key(row),
        "result": row.outcome,
        "placing": row.placing,
        "score": shown_score(row),
        "scoring": scoring(row),
        "moves": row.moves,
        "seconds": round(row.seconds, 3),
        "ended": row.ended,
        "daily": row.daily,
        "round": row.round_id,
        "hole": row.hole,
    }


def history_report(rows: Sequence[HistoryRow]) -> dict[str, Any]:
    """What ``history --json`` prints: ``{"games": [...]}``, newest first."""
    return {"games": [_row_report(row) for row in rows]}


def _rules_name(row: HistoryRow, lang: str) -> str:
    if row.game == "six-card":
        key = six_rules_key(row.code)
        if key == STANDARD:
            return text(lang, "cli.history.six_standard")
        return text(lang, "cli.rules.variant", key=key)
    return rule_set_name(row.rules, lang)


def _score(row: HistoryRow, lang: str) -> str:
    score = shown_score(row)
    if score is None:
        return "–"
    if scoring(row) == "strokes":
        return text(lang, "cli.history.strokes", count=abs(score), strokes=score)
    return str(score)


def _note(row: HistoryRow, lang: str) -> str:
    """A round's hole, or the day of a daily deal."""
    if row.round_id is not None and row.hole is not None:
        return text(lang, "cli.history.hole", round=row.round_id, hole=row.hole)
    if row.daily is not None:
        return text(lang, "cli.history.daily", day=row.daily)
    return ""


def _cells(row: HistoryRow, lang: str) -> list[str]:
    return [
        str(row.id),
        text(lang, f"cli.history.game.{row.game}"),
        row.code,
        _rules_name(row, lang),
        text(
            lang,
            f"cli.history.placing.{row.placing}"
            if row.placing
            else f"cli.history.outcome.{row.outcome}",
        ),
        _score(row, lang),
        str(row.moves),
        duration_text(row.seconds),
        when_text(row.ended),
    ]


def history_text(rows: Sequence[HistoryRow], lang: str = "en") -> str:
    """The finished games as a table in ``lang``, newest first; one line when there are none."""
    if not rows:
        return text(lang, "cli.history.none")
    table = [[text(lang, f"cli.history.col.{name}") for name in COLUMNS]]
    table += [_cells(row, lang) for row in rows]
    notes = ["", *(_note(row, lang) for row in rows)]
    widths = [max(len(line[i]) for line in table) for i in range(len(COLUMNS))]
    lines = []
    for line, note in zip(table, notes, strict=True):
        cells = [
            cell.rjust(width) if name in _RIGHT else cell.ljust(width)
            for name, cell, width in zip(COLUMNS, line, widths, strict=True)
        ]
        lines.append(("  ".join(cells) + ("  " + note if note else "")).rstrip())
    return "\n".join(lines)


# --- a finished game as a replay file --------------------------------------------------------------


def _write_replay(game: FinishedGame, path: Path, lang: str) -> None:
    """Write the game's replay to ``path``, atomically (``OSError`` when it cannot)."""
    replay = finished_replay(game, lang)
    if isinstance(replay, Replay):
        from golf.solitaire.replay import save

        save(replay, path)
    else:
        from golf.sixcard.replay import save as save_six

        save_six(replay, path)


# --- the command -----------------------------------------------------------------------------------


def register(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    """Add ``history [--json] [--lang en|fr] [--replay N FILE]``, its help in ``lang``."""

    def say(key: str) -> str:
        return text(lang, f"cli.help.history{key}")

    parser = subparsers.add_parser("history", help=say(""), description=say(".description"))
    parser.add_argument("--json", action="store_true", help=say(".json"))
    parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    parser.add_argument("--replay", type=positive, metavar="N", help=say(".replay"))
    parser.add_argument("file", nargs="?", type=output_file, metavar="FILE", help=say(".file"))
    parser.set_defaults(run=run_history)


def run_history(args: argparse.Namespace) -> int:
    """List the finished games, or write one; status 1 when the journal or the game could not
    be read, 2 for an unknown game."""
    if (args.replay is None) != (args.file is None):
        raise UsageError("--replay N and FILE go together: history --replay N FILE")
    journal = player_journal()
    try:
        if args.replay is not None:
            return _replay_command(journal, args)
        rows = journal.history()
        told = tell_notices(journal.take_notices(), args.lang)
    finally:
        journal.close()
    if args.json:
        print(json.dumps(history_report(rows), indent=2, ensure_ascii=False))
    else:
        print(history_text(rows, args.lang))
    return EXIT_FAILED if told else EXIT_OK


def _replay_command(journal: Journal, args: argparse.Namespace) -> int:
    number: int = args.replay
    lang: str = args.lang
    try:
        game = journal.finished(number)
    except ValueError as error:
        tell_notices(journal.take_notices(), lang)
        return _failed(text(lang, "cli.history.unreadable", number=number, error=str(error)))
    told = tell_notices(journal.take_notices(), lang)
    if game is None:
        raise UsageError(text(lang, "cli.history.unknown", number=number))
    try:
        _write_replay(game, args.file, lang)
    except ReplayProblem as error:
        return _failed(text(lang, "cli.history.unreadable", number=number, error=str(error)))
    if args.json:
        print(json.dumps({"id": number, "game": game.game, "file": str(args.file)}))
    else:
        print(text(lang, "cli.history.written", number=number, file=str(args.file)))
    return EXIT_FAILED if told else EXIT_OK


def _failed(message: str) -> int:
    print(f"history: {error_line(message)}", file=sys.stderr)
    return EXIT_FAILED
