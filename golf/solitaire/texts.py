"""What the solitaire engine says when it refuses an action (SPEC §4), in every language.

The texts are the catalogues' ``refusal.solitaire.<reason>`` entries (``golf/locale/``); the
first three are fixed by the product contract, the others are the project's own (a card
refused on a King, under rules without "Queen on a King", has its own words: the one-rank text
would be untrue there).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Final

from golf.core.translations import LANGUAGES, text


class Reason(Enum):
    """Why an action was refused."""

    NOT_FOLLOWING = "not_following"
    ON_KING = "on_king"
    ONLY_ACE_ON_KING = "only_ace_on_king"
    COVERED = "covered"
    BLOCKED_GAME = "blocked_game"
    GAME_WON = "game_won"
    STOCK_EMPTY = "stock_empty"
    DRAW_NOT_STUCK = "draw_not_stuck"
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOTHING_TO_REDO = "nothing_to_redo"
    EMPTY_COLUMN = "empty_column"
    NO_SUCH_CARD = "no_such_card"


def key(reason: Reason) -> str:
    """The catalogue key of a refusal."""
    return f"refusal.solitaire.{reason.value}"


MESSAGES: Final[Mapping[Reason, Mapping[str, str]]] = {
    reason: {lang: text(lang, key(reason)) for lang in LANGUAGES} for reason in Reason
}
"""Each refusal's text in each language (read by replays, which may record any of them)."""


def message(reason: Reason, lang: str = "en") -> str:
    return text(lang, key(reason))
