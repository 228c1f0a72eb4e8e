"""What the six-card engine says when it refuses an action, in every language.

The texts are the catalogues' ``refusal.sixcard.<reason>`` entries (``golf/locale/``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Final

from golf.core.translations import LANGUAGES, text


class Reason(Enum):
    """Why an action was refused."""

    OPENING = "opening"
    NOT_OPENING = "not_opening"
    ALREADY_UP = "already_up"
    ALREADY_PEEKED = "already_peeked"
    NO_SUCH_PLACE = "no_such_place"
    TAKE_FIRST = "take_first"
    HOLDING = "holding"
    KEEP_DISCARD = "keep_discard"
    STOCK_EMPTY = "stock_empty"
    NO_KNOCK = "no_knock"
    KNOCK_LATE = "knock_late"
    ENDING = "ending"
    HOLE_OVER = "hole_over"
    HOLE_NOT_OVER = "hole_not_over"
    GAME_OVER = "game_over"


def key(reason: Reason) -> str:
    """The catalogue key of a refusal."""
    return f"refusal.sixcard.{reason.value}"


MESSAGES: Final[Mapping[Reason, Mapping[str, str]]] = {
    reason: {lang: text(lang, key(reason)) for lang in LANGUAGES} for reason in Reason
}
"""Each refusal's text in each language (read by replays, which may record any of them)."""


def message(reason: Reason, lang: str = "en") -> str:
    return text(lang, key(reason))
