"""The ``stats`` subcommand: print the player's statistics, as text or JSON.

:func:`register` adds it to a command line's subparsers; its parser sets ``run``
(``args -> exit status``). The figures are read from the player's journal
(``golf.journal.figures.statistics``) in the data folder, ``golf.core.folders.data_dir()``: the
user data folder, or the folder named by the ``GOLF_DATA_DIR`` environment variable; version
0.1.0's files there are imported into it the first time, and never changed.
:func:`player_journal` is how the command line opens the journal (``history`` too); what it
must tell the player (a file that could not be read or imported) is printed on stderr, one
line each, by :func:`tell_notices`, and the command then exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, Final

from golf.core.folders import data_dir
from golf.core.store import StoreNotice
from golf.core.translations import LANGUAGES, decimal, text
from golf.journal.database import FILE_NAME
from golf.journal.figures import statistics
from golf.journal.journal import Journal
from golf.journal.legacy import LEGACY_FILES, open_journal
from golf.solitaire import daily
from golf.solitaire.stats import RuleStats, Stats, daily_dates
from golfcli.options import EXIT_FAILED, EXIT_OK, quoted
from golfcli.output import one_line


def rule_set_name(key: str, lang: str = "en") -> str:
    """``Classic``, ``Facile``, or ``Variant VQA`` for a rule set key."""
    if key in ("easy", "classic", "strict"):
        return text(lang, f"cli.rules.{key}")
    return text(lang, "cli.rules.variant", key=key)


# --- the journal, as the command line reads it ----------------------------------------------------


def player_journal(folder: Path | None = None) -> Journal:
    """The journal of the data folder (``folder``, else ``data_dir()``), with version 0.1.0's
    files imported the first time; the command line keeps no game in progress (``own=False``).
    A folder that holds neither a journal nor 0.1.0's files is not created: its journal is an
    empty one in memory. The caller closes it."""
    where = data_dir() if folder is None else folder
    if not any(os.path.lexists(where / name) for name in (FILE_NAME, *LEGACY_FILES)):
        return Journal(None, own=False)
    now = datetime.now().isoformat(timespec="seconds")  # the command line reads the clock
    return open_journal(where, now, own=False)


def tell_notices(notices: Sequence[StoreNotice], lang: str) -> bool:
    """Print each notice of the journal as one line on stderr; whether there was any."""
    for notice in notices:
        print(one_line(notice.text(lang)), file=sys.stderr)
    return bool(notices)


FIRST_DAY: Final = date(1900, 1, 1)
"""The earliest ``--today``: the streaks count back from it a day at a time, and a calendar
date must stay one (``date.min`` less a day is an ``OverflowError``)."""
_ISO_DATE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _iso_date(value: str) -> date:
    """``YYYY-MM-DD`` in the digits 0-9, from 1900-01-01 to 9999-12-31."""
    t = value.strip(" \t")
    try:
        if _ISO_DATE.fullmatch(t) is None:
            raise ValueError(t)
        day = date.fromisoformat(t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(value)} is not a date YYYY-MM-DD") from None
    if day < FIRST_DAY:
        raise argparse.ArgumentTypeError(
            f"{quoted(value)}: the date must be from {FIRST_DAY.isoformat()} to 9999-12-31"
        )
    return day


def register(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    """Add ``stats [--json] [--lang en|fr] [--today YYYY-MM-DD]``, its help in ``lang``."""
    parser = subparsers.add_parser(
        "stats",
        help=text(lang, "cli.help.stats"),
        description=text(lang, "cli.help.stats.description"),
    )
    parser.add_argument("--json", action="store_true", help=text(lang, "cli.help.stats.json"))
    parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    parser.add_argument(
        "--today", type=_iso_date, metavar="YYYY-MM-DD", help=text(lang, "cli.help.stats.today")
    )
    parser.set_defaults(run=run_stats)


# --- the report ----------------------------------------------------------------------------------


def _rule_set_report(s: RuleStats) -> dict[str, Any]:
    return {
        "played": s.played,
        "won": s.won,
        "win_rate": None if s.win_rate is None else round(s.win_rate, 1),
        "best_score": s.best_score,
        "average_score": None if s.average_score is None else round(s.average_score, 2),
        "average_cards_left": None if s.average_left is None else round(s.average_left, 2),
        "current_streak": s.current_streak,
        "longest_streak": s.longest_streak,
        "perfect_games": s.perfect,
        "rounds_played": s.rounds_played,
        "best_round_9": s.best_round(9),
        "best_round_18": s.best_round(18),
        "recent": [{"score": g.score, "outcome": g.outcome, "left": g.left} for g in s.recent],
        "daily_done": list(s.daily_done),
    }


def report(stats: Stats, today: date | None = None) -> dict[str, Any]:
    """Every figure, derived ones included: what ``stats --json`` prints."""
    days = daily_dates(stats)
    daily_part: dict[str, Any] = {
        "days_done": len(days),
        "longest_streak": daily.longest_streak(days),
    }
    if today is not None:
        daily_part["today"] = today.isoformat()
        daily_part["current_streak"] = daily.streak(days, today)
        daily_part["done_today"] = {
            letter: daily.is_done(stats, today, letter) for letter in daily.DAILY_LETTERS
        }
    return {
        "rule_sets": {key: _rule_set_report(stats.rule_sets[key]) for key in stats.rule_set_keys()},
        "daily": daily_part,
    }


def _num(value: float | None, lang: str, digits: int = 1) -> str:
    if value is None:
        return "–"
    text = f"{value:.{digits}f}"
    return decimal(text, lang)


def _opt(value: int | None) -> str:
    return "–" if value is None else str(value)


def text_report(stats: Stats, lang: str = "en", today: date | None = None) -> str:
    """The statistics as lines of text, in ``lang`` (the catalogues' ``cli.stats.…``)."""
    lines: list[str] = []
    if not stats.rule_set_keys():
        lines.append(text(lang, "cli.stats.none"))
    for key in stats.rule_set_keys():
        s = stats.rule_sets[key]
        lines += [
            rule_set_name(key, lang),
            text(
                lang,
                "cli.stats.played",
                played=s.played,
                won=s.won,
                rate=_num(s.win_rate, lang),
                perfect=s.perfect,
            ),
            text(
                lang,
                "cli.stats.scores",
                best=_opt(s.best_score),
                average=_num(s.average_score, lang),
                left=_num(s.average_left, lang),
            ),
            text(lang, "cli.stats.streak", streak=s.current_streak, longest=s.longest_streak),
            text(
                lang,
                "cli.stats.rounds",
                rounds=s.rounds_played,
                best9=_opt(s.best_round(9)),
                best18=_opt(s.best_round(18)),
            ),
        ]
    days = daily_dates(stats)
    done = text(lang, "cli.stats.days_done", count=len(days))
    line = text(lang, "cli.stats.daily", done=done, longest=daily.longest_streak(days))
    if today is not None:
        line += text(lang, "cli.stats.current_streak", current=daily.streak(days, today))
    lines.append(line)
    return "\n".join(lines)


def run_stats(args: argparse.Namespace) -> int:
    """Print the statistics; status 1 when the journal had something to tell (a file that
    could not be read or imported)."""
    journal = player_journal()
    try:
        stats = statistics(journal.db)
        told = tell_notices(journal.take_notices(), args.lang)
    finally:
        journal.close()
    if args.json:
        print(json.dumps(report(stats, args.today), indent=2, ensure_ascii=False))
    else:
        print(text_report(stats, args.lang, args.today))
    return EXIT_FAILED if told else EXIT_OK
