"""A finished game of the journal as the history shows it and as a replay to watch again.

What a history row says beyond its columns — its rule set's key (a six-card game's is read from
its code), its score and whether it counts points or strokes (a round's hole: its strokes), its
time played and its end date as text —
and :func:`finished_replay`, the replay the window's recorder writes for a game, made from the
journal's copy: ``golf history --replay N FILE`` writes it, the window's History screen watches
it. Both games' rules are read here, so neither the command line nor the window decides them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from golf.core.translations import text
from golf.core.yamlfile import MAX_TIME
from golf.journal.journal import FinishedGame, HistoryRow
from golf.solitaire.replay import Replay
from golf.solitaire.stats import lower_is_better

if TYPE_CHECKING:
    from golf.sixcard.replay import SixReplay

__all__ = [
    "STANDARD",
    "ReplayProblem",
    "duration_text",
    "finished_replay",
    "rules_key",
    "scoring",
    "shown_score",
    "six_rules_key",
    "when_text",
]

STANDARD = "standard"
"""The rule set key of a six-card game under the standard rules."""


# --- what a row says --------------------------------------------------------------------------------


def scoring(row: HistoryRow) -> Literal["points", "strokes"]:
    """``strokes`` for a round's hole or a solitaire scored in strokes, else ``points``."""
    if row.game != "solitaire":
        return "points"
    if row.round_id is not None:
        return "strokes"
    try:
        return "strokes" if lower_is_better(row.rules) else "points"
    except ValueError:  # not a rule set this version knows
        return "points"


def shown_score(row: HistoryRow) -> int | None:
    """The score the history shows: a round's hole's strokes (its cards left on the tableau, or
    when it was cleared, minus the cards left in the stock: SPEC §3), else the game's score. A
    hole without those figures (imported from 0.1.0) kept its strokes as its score."""
    if row.round_id is not None and row.cards_left is not None:
        if row.cards_left == 0:
            return -(row.stock_left or 0)
        return row.cards_left
    return row.score


def six_rules_key(code: str) -> str:
    """A six-card game's rules, read from its code: ``standard``, its variant part (``V9K``),
    or ``?`` for a code this version cannot read."""
    from golf.sixcard.codes import SixCodeError, parse_code, variant_part
    from golf.sixcard.rules import STANDARD as STANDARD_RULES

    try:
        rules = parse_code(code).rules
    except SixCodeError:
        return "?"
    return STANDARD if rules == STANDARD_RULES else variant_part(rules)


def rules_key(row: HistoryRow) -> str:
    """The rule set's key: ``easy``, ``VQA``; a six-card game's ``standard`` or ``V9K``."""
    return six_rules_key(row.code) if row.game == "six-card" else row.rules


def duration_text(seconds: float, tenths: bool = False) -> str:
    """``4:05``, ``1:02:03`` (``tenths``: ``4:05.3``, as a high score's time, which breaks
    ties to the tenth); ``–`` when no time was kept (a game imported from 0.1.0)."""
    if not math.isfinite(seconds) or seconds <= 0:
        return "–"
    whole, tenth = divmod(int(seconds * 10), 10) if tenths else (int(seconds), 0)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
    return f"{text}.{tenth}" if tenths else text


def when_text(ended: str | None) -> str:
    """``2026-12-07 10:15`` (the ISO date and time to the minute); ``–`` when not known."""
    if not ended:
        return "–"
    return ended[:16].replace("T", " ")


# --- a finished game as a replay ----------------------------------------------------------------------


class ReplayProblem(ValueError):
    """A finished game whose replay cannot be made (its actions cannot be read or played)."""


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
    ``Replay`` or a ``SixReplay``; a six-card game's seats named in ``lang`` when the journal
    kept no labels); raises :class:`ReplayProblem` when it cannot be made."""
    if game.game == "six-card":
        return _six_card_replay(game, lang)
    return _solitaire_replay(game)
