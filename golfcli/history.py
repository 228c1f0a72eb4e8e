"""The ``history`` command: every finished game of the player's journal, newest first, and any
of them written again as a replay file.

``history [--json] [--lang en|fr]`` lists the finished games of both games from the journal of
the data folder (``golf.core.folders.data_dir()``, ``golf.journal``): each line starts with
the game's number in the journal, then the game, its code, its rules, how it ended, its score
(or strokes), its moves, the time played and when it ended. ``history --replay N FILE`` writes
game N as a replay file, the one the window's recorder writes for it, which ``verify`` passes
and ``watch`` plays. The journal is opened as ``stats`` opens it
(:func:`golfcli.stats.player_journal`).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from golf.core.translations import LANGUAGES, text
from golf.core.yamlfile import MAX_TIME
from golf.journal.journal import FinishedGame, HistoryRow, Journal
from golf.solitaire.replay import Replay
from golf.solitaire.stats import lower_is_better
from golfcli.options import EXIT_FAILED, EXIT_OK, UsageError, positive
from golfcli.output import error_line
from golfcli.paths import output_file
from golfcli.stats import player_journal, rule_set_name, tell_notices

if TYPE_CHECKING:
    from golf.sixcard.replay import SixReplay

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


def _scoring(row: HistoryRow) -> str:
    """``strokes`` for a round's hole or a solitaire scored in strokes, else ``points``."""
    if row.game != "solitaire":
        return "points"
    if row.round_id is not None:
        return "strokes"
    try:
        return "strokes" if lower_is_better(row.rules) else "points"
    except ValueError:  # not a rule set this version knows
        return "points"


def _six_rules(code: str) -> str:
    """A six-card game's rules, read from its code: ``standard`` or its variant part."""
    from golf.sixcard.codes import SixCodeError, parse_code, variant_part
    from golf.sixcard.rules import STANDARD

    try:
        rules = parse_code(code).rules
    except SixCodeError:
        return "?"
    return "standard" if rules == STANDARD else variant_part(rules)


def _rules(row: HistoryRow) -> str:
    """The rule set's key: ``easy``, ``VQA``; a six-card game's ``standard`` or ``V9K``."""
    return _six_rules(row.code) if row.game == "six-card" else row.rules


def _row_report(row: HistoryRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "code": row.code,
        "rules": _rules(row),
        "result": row.outcome,
        "score": row.score,
        "scoring": _scoring(row),
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


def _duration(seconds: float) -> str:
    """``4:05``, ``1:02:03``; ``–`` when no time was kept (a game imported from 0.1.0)."""
    if not math.isfinite(seconds) or seconds <= 0:
        return "–"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _when(ended: str | None) -> str:
    """``2026-12-07 10:15`` (the ISO date and time to the minute)."""
    if not ended:
        return "–"
    return ended[:16].replace("T", " ")


def _rules_name(row: HistoryRow, lang: str) -> str:
    if row.game == "six-card":
        key = _six_rules(row.code)
        if key == "standard":
            return text(lang, "cli.history.six_standard")
        return text(lang, "cli.rules.variant", key=key)
    return rule_set_name(row.rules, lang)


def _score(row: HistoryRow, lang: str) -> str:
    if row.score is None:
        return "–"
    if _scoring(row) == "strokes":
        return text(lang, "cli.history.strokes", count=abs(row.score), strokes=row.score)
    return str(row.score)


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
        text(lang, f"cli.history.outcome.{row.outcome}"),
        _score(row, lang),
        str(row.moves),
        _duration(row.seconds),
        _when(row.ended),
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


class ReplayProblem(ValueError):
    """A finished game whose replay cannot be written (its actions cannot be read or played)."""


def _pauses(times: Sequence[float]) -> list[float] | None:
    """The pauses as a replay file takes them, each from 0 to a day; None when none was kept
    (every one 0: a game imported from version 0.1.0, whose files did not keep them)."""
    if not any(t > 0 for t in times):
        return None
    return [min(max(t, 0.0), MAX_TIME) if math.isfinite(t) else 0.0 for t in times]


def _recorded(started: str) -> str | None:
    """The game's start as the replay's ``recorded`` date (None: not an ISO date-time)."""
    if not started or len(started) > 64:
        return None
    try:
        datetime.fromisoformat(started)
    except ValueError:
        return None
    return started


def _solitaire_replay(game: FinishedGame) -> Replay:
    """The replay the solitaire's recorder writes (``scenes/solitaire/recorder.py``): the game
    dealt from its code, its actions played again, the pause before each."""
    from golf.solitaire.codes import CodeError, parse_code
    from golf.solitaire.engine import Action
    from golf.solitaire.replay import MAX_ACTIONS
    from golf.solitaire.session import Game

    if len(game.actions) > MAX_ACTIONS:
        raise ReplayProblem(f"{len(game.actions):,} actions, more than a replay holds")
    try:
        code = parse_code(game.code)
    except CodeError as error:
        raise ReplayProblem(f"code: {error}") from None
    played = Game.new(code.number, code.rules)
    for index, token in enumerate(game.actions, start=1):
        try:
            action = Action.parse(token)
        except ValueError as error:
            raise ReplayProblem(f"action {index}: {error}") from None
        refusal = played.apply(action)
        if refusal is not None:
            raise ReplayProblem(f"action {index} ({token}) is refused: {refusal.text('en')}")
    return Replay.from_game(played, _pauses(game.times), recorded=_recorded(game.started))


def _seat_labels(game: FinishedGame, players: int, lang: str) -> tuple[str, ...]:
    """What the file calls each seat: the labels the game kept (``seats`` in its setup), else
    You or Player N and a computer's level, from who sat where (``kinds`` in its setup, or
    ``seats`` in its result); none when the journal does not say."""
    from golf.sixcard.replay import MAX_LABEL
    from golf.sixcard.seating import HUMAN, KINDS

    labels = game.setup.get("seats")
    if (
        isinstance(labels, list)
        and len(labels) == players
        and all(isinstance(s, str) and 0 < len(s) <= MAX_LABEL for s in labels)
    ):
        return tuple(labels)
    kinds = game.setup.get("kinds")
    if kinds is None and game.result is not None:
        kinds = game.result.get("seats")
    if not isinstance(kinds, list) or len(kinds) != players or any(k not in KINDS for k in kinds):
        return ()
    people = sum(1 for kind in kinds if kind == HUMAN)
    out = []
    for seat, kind in enumerate(kinds):
        name = text(lang, "six.player", n=seat + 1)
        if kind != HUMAN:
            out.append(f"{name} ({kind})")
        else:
            out.append(text(lang, "six.you") if people == 1 else name)
    return tuple(out)


def _six_card_replay(game: FinishedGame, lang: str) -> SixReplay:
    """The replay the six-card recorder writes (``scenes/sixcard/recorder.py``): the game's
    first state from its code, every seat's actions, the pause before each, the seats."""
    from golf.sixcard.actions import Action
    from golf.sixcard.codes import SixCodeError, parse_code
    from golf.sixcard.game import Refused, new_game
    from golf.sixcard.replay import MAX_ACTIONS, SixReplay

    if len(game.actions) > MAX_ACTIONS:
        raise ReplayProblem(f"{len(game.actions):,} actions, more than a replay holds")
    try:
        code = parse_code(game.code)
    except SixCodeError as error:
        raise ReplayProblem(f"code: {error}") from None
    actions = []
    for index, token in enumerate(game.actions, start=1):
        try:
            actions.append(Action.parse(token))
        except ValueError as error:
            raise ReplayProblem(f"action {index}: {error}") from None
    try:
        return SixReplay.record(
            new_game(code.number, code.players, code.rules),
            actions,
            times=_pauses(game.times),
            seats=_seat_labels(game, code.players, lang),
            recorded=_recorded(game.started),
        )
    except Refused as error:
        raise ReplayProblem(f"an action is refused: {error}") from None


def finished_replay(game: FinishedGame, lang: str = "en") -> Replay | SixReplay:
    """The replay of a finished game, as the window's recorder writes it (a solitaire
    ``Replay`` or a ``SixReplay``); raises :class:`ReplayProblem` when it cannot be made."""
    if game.game == "six-card":
        return _six_card_replay(game, lang)
    return _solitaire_replay(game)


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


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``history [--json] [--lang en|fr] [--replay N FILE]``."""
    parser = subparsers.add_parser(
        "history",
        help="list the finished games, or write one as a replay file",
        description=(
            "List every finished game of the player's journal, newest first; each line starts "
            "with the game's number N. With --replay N FILE, write game N as a replay file."
        ),
    )
    parser.add_argument("--json", action="store_true", help="print the list as JSON")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text")
    parser.add_argument(
        "--replay",
        type=positive,
        metavar="N",
        help="write game N (its number in the list) as a replay file FILE",
    )
    parser.add_argument(
        "file",
        nargs="?",
        type=output_file,
        metavar="FILE",
        help="the replay file to write (with --replay)",
    )
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
