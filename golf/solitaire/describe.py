"""The board description of SPEC §4: the text form of a position, for accessibility, logs and tests.

It follows the seeds' texts character for character, in English and French.
"""

from __future__ import annotations

from golf.core.cards import card_name
from golf.solitaire.engine import Position


def _count(n: int, lang: str) -> str:
    if lang == "fr":
        return f"{n} carte" if n <= 1 else f"{n} cartes"
    return f"{n} card" if n == 1 else f"{n} cards"


def describe(position: Position, lang: str = "en") -> str:
    """``Stock: 16 cards; waste: ace of clubs. Column 1: …`` or its French form."""
    top = position.waste_top
    fr = lang == "fr"
    waste = card_name(top, lang) if top is not None else ("vide" if fr else "empty")
    parts = []
    for i, col in enumerate(position.columns, start=1):
        label = f"colonne {i} :" if fr else (f"Column {i}:" if i == 1 else f"column {i}:")
        if col:
            names = ", ".join(card_name(c, lang) for c in col)
            free = card_name(col[-1], lang)
            parts.append(f"{label} {names} ({'libre :' if fr else 'available:'} {free})")
        else:
            parts.append(f"{label} {'vide' if fr else 'empty'}")
    if fr:
        return (
            f"Pioche : {_count(len(position.stock), lang)} ; défausse : {waste}. "
            + " ; ".join(parts)
            + "."
        )
    return f"Stock: {_count(len(position.stock), lang)}; waste: {waste}. " + "; ".join(parts) + "."
