"""What every game code shares: the deal number as seven letters A–Z, and the error for a text
that is not a code.

The solitaire's ``GO1-E-AAAAAAA`` (``golf.solitaire.codes``) and the six-card game's
``G6-4-AAAAAAA`` (``golf.sixcard.codes``) write the deal number the same way: base 26 with
``A`` = 0, most significant first. Each game brings its own prefix, rule letters and variant
part; a :class:`CodeError` subclass names the game and the form it expects, in every language.

Codes, like the action tokens of replay files (:func:`ascii_only`), are ASCII: Unicode's case
mapping would read other letters as theirs (the long s as S, the Kelvin sign as k).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar, Final, TypeVar

from golf.core.deal import MAX_DEAL
from golf.core.translations import text as translated

T = TypeVar("T")

DIGITS: Final = 7
"""How many letters write a deal number (26**7 deals)."""


def letters(number: int, digits: int = DIGITS) -> str:
    """The deal ``number`` as ``digits`` letters A–Z (``AAAAAAA`` = 0), most significant
    first: seven for every classic deal (a six-card wide deal has more, ``golf.sixcard.wide``)."""
    top = MAX_DEAL if digits == DIGITS else 26**digits
    if not 0 <= number < top:
        raise ValueError(f"deal number {number} is out of range 0..{top - 1}")
    out = []
    for _ in range(digits):
        number, digit = divmod(number, 26)
        out.append(chr(ord("A") + digit))
    return "".join(reversed(out))


def number_of(text: str) -> int:
    """The deal number letters A–Z write (the inverse of :func:`letters`)."""
    number = 0
    for ch in text:
        number = number * 26 + ord(ch) - ord("A")
    return number


class CodeError(ValueError):
    """A text that is not a code of one game; the message shows the form expected.

    A game's subclass names the catalogue keys of what a code of that game is called (``noun``)
    and of the form it expects (``expected``); ``reason`` is the key of what is wrong, when
    known, and ``fields`` fill its ``{name}`` fields.
    """

    noun: ClassVar[str] = "code.noun"
    expected: ClassVar[str] = ""

    def __init__(self, text: str, reason: str = "", **fields: object) -> None:
        self.code_text = text
        self.reason = reason
        self.fields = fields
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (English when the game has no such language)."""
        why = translated(lang, self.reason, **self.fields) if self.reason else ""
        return translated(
            lang,
            "code.not_a_code",
            shown=self.code_text.strip()[:40],
            noun=translated(lang, self.noun),
            reason=translated(lang, "code.reason", reason=why) if why else "",
            expected=translated(lang, self.expected) if self.expected else "",
        )

    @classmethod
    def matched(cls, text: object, pattern: re.Pattern[str]) -> re.Match[str]:
        """``text`` trimmed and in capitals, matched whole against a game's ``pattern``; raises
        this error when it is not text, holds a character that is not ASCII, or does not
        match."""
        if not isinstance(text, str):
            raise cls(repr(text), "code.reason.not_text")
        trimmed = text.strip()
        if not trimmed.isascii():
            # before the capitals: Unicode makes the long s (U+017F) an S, the dotless i an I
            raise cls(text, "code.reason.not_ascii")
        match = pattern.fullmatch(trimmed.upper())
        if match is None:
            raise cls(text)
        return match


def ascii_only(parse: Callable[[str], T]) -> Callable[[str], T]:
    """``parse`` (a reader of tokens that folds case, such as an action's) for ASCII text only:
    any other text is a ``ValueError`` before Unicode's case mapping can make it ASCII."""

    def ascii_parse(token: str) -> T:
        if not token.isascii():
            raise ValueError(f"{token[:40]!r} holds a character that is not ASCII")
        return parse(token)

    return ascii_parse
