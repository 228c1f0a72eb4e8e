"""What the six-card engine says when it refuses an action, in English and French."""

from __future__ import annotations

from enum import Enum
from typing import Final


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


MESSAGES: Final[dict[Reason, dict[str, str]]] = {
    Reason.OPENING: {
        "en": "First turn up two cards of your grid",
        "fr": "Retournez d'abord deux cartes de votre grille",
    },
    Reason.NOT_OPENING: {
        "en": "To turn up a card, take one from the stock and discard it",
        "fr": "Pour retourner une carte, piochez puis défaussez",
    },
    Reason.ALREADY_UP: {
        "en": "This card is already face up",
        "fr": "Cette carte est déjà face visible",
    },
    Reason.ALREADY_PEEKED: {
        "en": "You have already looked at this card",
        "fr": "Vous avez déjà regardé cette carte",
    },
    Reason.NO_SUCH_PLACE: {
        "en": "There is no card there",
        "fr": "Il n'y a pas de carte ici",
    },
    Reason.TAKE_FIRST: {
        "en": "Take a card from the stock or the discard first",
        "fr": "Prenez d'abord une carte de la pioche ou de la défausse",
    },
    Reason.HOLDING: {
        "en": "You hold a card: put it in your grid or discard it",
        "fr": "Vous tenez une carte : placez-la dans votre grille ou défaussez-la",
    },
    Reason.KEEP_DISCARD: {
        "en": "A card taken from the discard must go into your grid",
        "fr": "Une carte prise dans la défausse doit aller dans votre grille",
    },
    Reason.STOCK_EMPTY: {
        "en": "The stock is empty",
        "fr": "La pioche est vide",
    },
    Reason.NO_KNOCK: {
        "en": "Knocking is not part of these rules",
        "fr": "Frapper ne fait pas partie de ces règles",
    },
    Reason.KNOCK_LATE: {
        "en": "Knock at the start of your turn, before taking a card",
        "fr": "Frappez au début de votre tour, avant de prendre une carte",
    },
    Reason.ENDING: {
        "en": "The hole is already ending",
        "fr": "Le trou se termine déjà",
    },
    Reason.HOLE_OVER: {
        "en": "The hole is over",
        "fr": "Le trou est terminé",
    },
    Reason.HOLE_NOT_OVER: {
        "en": "The hole is not over yet",
        "fr": "Le trou n'est pas encore terminé",
    },
    Reason.GAME_OVER: {
        "en": "The game is over",
        "fr": "La partie est terminée",
    },
}


def message(reason: Reason, lang: str = "en") -> str:
    return MESSAGES[reason][lang]
