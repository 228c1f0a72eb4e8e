"""Game codes (SPEC §2): ``GO1-R-LLLLLLL`` and this project's fourth part for variants.

``GO1`` is the format version, ``R`` the rule letter (``E`` Easy, ``C`` Classic, ``N`` read as
Easy), ``LLLLLLL`` the deal number in base 26 with ``A`` = 0, most significant first.

The fourth part (this project's design) carries rules that ``E`` and ``C`` do not cover. It
is ``V`` followed by the letters of the switches that are on, always in this order:

====== =============================================================
``K``  King–Ace link (must match the rule letter: ``K`` iff ``E``)
``Q``  Queen on a King
``A``  draw at any time (absent: draw only when no card can be played)
``J``  one joker; ``JJ`` two jokers
``W``  empty waste at the start
``S``  strokes scoring (absent: points)
====== =============================================================

So the strict rules of the traditional game are ``GO1-C-AAAAAAB-VS``, Classic with one joker
is ``GO1-C-AAAAAAB-VQAJ``, and nothing-on-a-King with drawing at any time is
``GO1-C-AAAAAAB-VA``. A code of the exact Easy or Classic preset is always written with three
parts (a four-part code of a preset is read, and written back with three); a three-part
code never implies a variant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Final

from golf.core.codes import CodeError as BaseCodeError
from golf.core.codes import letters, number_of
from golf.core.translations import text
from golf.solitaire.rules import CLASSIC, EASY, Rules

EXPECTED_FORM: Final = text("en", "code.solitaire.expected")
_CODE_RE: Final = re.compile(r"GO1-([ECN])-([A-Z]{7})(?:-(V[A-Z]*))?")
_VARIANT_RE: Final = re.compile(r"V(K?)(Q?)(A?)(J{0,2})(W?)(S?)")


class CodeError(BaseCodeError):
    """A text that is not a game code; the message shows the expected form."""

    noun: ClassVar[str] = "code.solitaire.noun"
    expected: ClassVar[str] = "code.solitaire.expected"


@dataclass(frozen=True)
class GameCode:
    number: int
    rules: Rules

    def __str__(self) -> str:
        return format_code(self.number, self.rules)


def format_code(number: int, rules: Rules) -> str:
    letter = "E" if rules.king_ace else "C"
    base = f"GO1-{letter}-{letters(number)}"
    if rules in (EASY, CLASSIC):
        return base
    return f"{base}-{variant_part(rules)}"


def variant_part(rules: Rules) -> str:
    return "V" + "".join(
        (
            "K" if rules.king_ace else "",
            "Q" if rules.queen_on_king else "",
            "A" if rules.draw_any_time else "",
            "J" * rules.jokers,
            "W" if rules.empty_waste else "",
            "S" if rules.scoring == "strokes" else "",
        )
    )


def parse_code(text: str) -> GameCode:
    """Read a code: trimmed, case-insensitive. Raises :class:`CodeError`."""
    m = CodeError.matched(text, _CODE_RE)
    letter, digits, variant = m.groups()
    number = number_of(digits)
    if variant is None:
        return GameCode(number, CLASSIC if letter == "C" else EASY)
    v = _VARIANT_RE.fullmatch(variant)
    if v is None:
        raise CodeError(
            text,
            "code.solitaire.variant",
        )
    k, q, a, j, w, s = v.groups()
    if bool(k) != (letter != "C"):
        raise CodeError(
            text,
            "code.solitaire.king_letter",
        )
    rules = Rules(
        king_ace=bool(k),
        queen_on_king=bool(q),
        draw_any_time=bool(a),
        jokers=len(j),
        empty_waste=bool(w),
        scoring="strokes" if s else "points",
    )
    return GameCode(number, rules)
