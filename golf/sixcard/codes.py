"""Six-card Golf game codes: ``G6-P-LLLLLLL`` and an optional variant part.

``G6`` is the format, ``P`` the number of players (2–7, as the grid allows), ``LLLLLLL`` seven letters A–Z giving
the deal number ``n`` in base 26 (``AAAAAAA`` = 0), most significant first — the same letters
as the solitaire's codes. The deal number fixes the deck order of every hole (see
``golf.sixcard.game.hole_deck``) and the first dealer, so a code fixes the whole game.

The variant part is ``V`` followed by the letters of the switches that differ from the
standard game, always in this order:

====== ==========================================================
``4``  four-card grid (2 × 2); ``9`` nine-card grid (3 × 3); ``2`` two-card grid (2 × 1)
``P``  peek at 2 cards instead of turning them up
``K``  knock
``N``  no jokers
``J``  jokers do not cancel in a column (a pair of jokers is −4)
``D``  double deck for any number of players
``T``  twos worth −2
``R``  row cancellation
``M``  a matching pair in a line of three cancels (not only three alike)
``H``  18 holes
``S``  ties shared (no sudden-death play-off)
``C``  the first dealer is chosen by a cut (else seat ``n mod players`` deals first)
====== ==========================================================

A network game's deal is **wide** (``golf.sixcard.wide``): its number is written with 28 letters
instead of seven and is at least ``26**7`` (``BAAAAAAA`` as eight letters), so a code names each
game one way only: ``G6-4-AAAAAAAAAAAAAAAAAAAABAAAAAAA-VC``.

So ``G6-4-AAAAAAB`` is the standard game for 4 players and ``G6-3-AAAAAAB-V9K`` the
nine-card grid with knocking for 3. A code of the standard rules is always written with three
parts; a three-part code never implies a variant. The letters ``2``, ``M`` and ``C`` came
after the others, so every older code keeps its meaning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Final

from golf.core.codes import CodeError, letters, number_of
from golf.core.translations import text
from golf.sixcard.rules import MAX_PLAYERS, MIN_PLAYERS, STANDARD, SixRules
from golf.sixcard.wide import WIDE_LETTERS, check_number, is_wide

EXPECTED_FORM: Final = text("en", "code.sixcard.expected")
_CODE_RE: Final = re.compile(r"G6-([0-9])-([A-Z]{7}|[A-Z]{28})(?:-(V[A-Z0-9]*))?")
_VARIANT_RE: Final = re.compile(r"V([249]?)(P?)(K?)(N?)(J?)(D?)(T?)(R?)(M?)(H?)(S?)(C?)")


class SixCodeError(CodeError):
    """A text that is not a six-card Golf code; the message shows the expected form."""

    noun: ClassVar[str] = "code.sixcard.noun"
    expected: ClassVar[str] = "code.sixcard.expected"


@dataclass(frozen=True)
class SixCode:
    number: int
    players: int
    rules: SixRules

    def __str__(self) -> str:
        return format_code(self.number, self.players, self.rules)


def variant_part(rules: SixRules) -> str:
    """``V`` and the letters of the switches that differ from the standard game."""
    return "V" + "".join(
        (
            "" if rules.grid == 6 else str(rules.grid),
            "P" if rules.peek else "",
            "K" if rules.knock else "",
            "" if rules.jokers else "N",
            "" if rules.jokers_cancel else "J",
            "D" if rules.double_deck else "",
            "T" if rules.twos_negative else "",
            "R" if rules.row_cancel else "",
            "M" if rules.pairs else "",
            "H" if rules.holes == 18 else "",
            "S" if rules.ties == "shared" else "",
            "C" if rules.cut else "",
        )
    )


def format_code(number: int, players: int, rules: SixRules = STANDARD) -> str:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS or not rules.seats_players(players):
        low, high = rules.player_range()
        raise ValueError(f"a {rules.grid}-card game is for {low} to {high} players, not {players}")
    check_number(number)
    deal = letters(number, WIDE_LETTERS) if is_wide(number) else letters(number)
    base = f"G6-{players}-{deal}"
    return base if rules == STANDARD else f"{base}-{variant_part(rules)}"


def parse_code(text: str) -> SixCode:
    """Read a code: trimmed, case-insensitive. Raises :class:`SixCodeError`."""
    m = SixCodeError.matched(text, _CODE_RE)
    players_digit, digits, variant = m.groups()
    players = int(players_digit)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SixCodeError(
            text,
            "code.sixcard.players",
            players=players,
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    number = number_of(digits)
    if len(digits) == WIDE_LETTERS and not is_wide(number):
        raise SixCodeError(text, "code.sixcard.wide", letters=WIDE_LETTERS)
    rules = STANDARD if variant is None else _variant_rules(text, variant)
    if not rules.seats_players(players):
        low, high = rules.player_range()
        raise SixCodeError(
            text,
            "code.sixcard.grid_players",
            players=players,
            grid=rules.grid,
            low=low,
            high=high,
        )
    return SixCode(number, players, rules)


def _variant_rules(text: str, variant: str) -> SixRules:
    """The rules of a code's variant part (``V…``)."""
    v = _VARIANT_RE.fullmatch(variant)
    if v is None:
        raise SixCodeError(
            text,
            "code.sixcard.variant",
        )
    grid, peek, knock, no_jokers, j, double, twos, row, pairs, holes, shared, cut = v.groups()
    if no_jokers and j:
        raise SixCodeError(
            text,
            "code.sixcard.jokers",
        )
    rules = SixRules(
        grid=6 if not grid else 2 if grid == "2" else 4 if grid == "4" else 9,
        peek=bool(peek),
        knock=bool(knock),
        jokers=not no_jokers,
        jokers_cancel=not j,
        double_deck=bool(double),
        twos_negative=bool(twos),
        row_cancel=bool(row),
        pairs=bool(pairs),
        cut=bool(cut),
        holes=18 if holes else 9,
        ties="shared" if shared else "playoff",
    )
    return rules
