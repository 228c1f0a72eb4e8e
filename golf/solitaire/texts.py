"""What the engine says, in English and French (SPEC §4).

The first three refusal texts are fixed by the product contract; the others are the
project's own (SPEC §4 leaves them to the project).
"""

from __future__ import annotations

from enum import Enum
from typing import Final


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
    EMPTY_COLUMN = "empty_column"
    NO_SUCH_CARD = "no_such_card"


MESSAGES: Final[dict[Reason, dict[str, str]]] = {
    Reason.NOT_FOLLOWING: {
        "en": "Must be one rank higher or lower",
        "fr": "Doit être d'un rang supérieur ou inférieur",
    },
    # Under rules without "Queen on a King" the "one rank higher or lower" text is untrue on a
    # King (a Queen is one lower), so a King on the waste has its own words.
    Reason.ON_KING: {
        "en": "Nothing can be played on a King",
        "fr": "Rien ne se joue sur un Roi",
    },
    Reason.ONLY_ACE_ON_KING: {
        "en": "Only an Ace can be played on a King",
        "fr": "Seul un As se joue sur un Roi",
    },
    Reason.COVERED: {"en": "This card is blocked", "fr": "Cette carte est bloquée"},
    Reason.BLOCKED_GAME: {"en": "No more moves possible", "fr": "Plus aucun coup possible"},
    Reason.GAME_WON: {"en": "The game is already won", "fr": "La partie est déjà gagnée"},
    Reason.STOCK_EMPTY: {"en": "The stock is empty", "fr": "La pioche est vide"},
    Reason.DRAW_NOT_STUCK: {
        "en": "Draw only when no card can be played",
        "fr": "On ne pioche que si aucune carte ne peut être jouée",
    },
    Reason.NOTHING_TO_UNDO: {"en": "Nothing to undo", "fr": "Rien à annuler"},
    Reason.EMPTY_COLUMN: {"en": "This column is empty", "fr": "Cette colonne est vide"},
    Reason.NO_SUCH_CARD: {"en": "There is no card there", "fr": "Il n'y a pas de carte ici"},
}


def message(reason: Reason, lang: str = "en") -> str:
    return MESSAGES[reason][lang]
