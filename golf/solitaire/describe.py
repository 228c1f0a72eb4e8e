"""The board description of SPEC §4: the text form of a position, for accessibility, logs and tests.

It follows the seeds' texts character for character, in English and French; the words are
the catalogues' ``describe.…`` entries.
"""

from __future__ import annotations

from golf.core.cards import card_name
from golf.core.translations import text
from golf.solitaire.engine import Position


def describe(position: Position, lang: str = "en") -> str:
    """``Stock: 16 cards; waste: ace of clubs. Column 1: …`` or its French form."""
    top = position.waste_top
    waste = card_name(top, lang) if top is not None else text(lang, "describe.empty")
    parts = []
    for i, col in enumerate(position.columns, start=1):
        label = text(lang, "describe.first_column" if i == 1 else "describe.column", n=i)
        if col:
            names = ", ".join(card_name(c, lang) for c in col)
            free = card_name(col[-1], lang)
            parts.append(
                text(lang, "describe.cards_in_column", label=label, names=names, free=free)
            )
        else:
            parts.append(text(lang, "describe.empty_column", label=label))
    return text(
        lang,
        "describe.board",
        stock=text(lang, "describe.cards", count=len(position.stock)),
        waste=waste,
        columns=text(lang, "describe.separator").join(parts),
    )
