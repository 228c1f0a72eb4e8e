"""What every game code shares: the deal number as seven letters A–Z, and the error for a text
that is not a code.

The solitaire's ``GO1-E-AAAAAAA`` (``golf.solitaire.codes``) and the six-card game's
``G6-4-AAAAAAA`` (``golf.sixcard.codes``) write the deal number the same way: base 26 with
``A`` = 0, most significant first. Each game brings its own prefix, rule letters and variant
part; a :class:`CodeError` subclass names the game and the form it expects, in English and French.
"""

from __future__ import annotations

import re
from typing import ClassVar, Final

from golf.core.deal import MAX_DEAL

DIGITS: Final = 7
"""How many letters write a deal number (26**7 deals)."""


def letters(number: int) -> str:
    """The deal ``number`` as seven letters A–Z (``AAAAAAA`` = 0), most significant first."""
    if not 0 <= number < MAX_DEAL:
        raise ValueError(f"deal number {number} is out of range 0..{MAX_DEAL - 1}")
    out = []
    for _ in range(DIGITS):
        number, digit = divmod(number, 26)
        out.append(chr(ord("A") + digit))
    return "".join(reversed(out))


def number_of(text: str) -> int:
    """The deal number seven letters A–Z write (the inverse of :func:`letters`)."""
    number = 0
    for ch in text:
        number = number * 26 + ord(ch) - ord("A")
    return number


class CodeError(ValueError):
    """A text that is not a code of one game; the message shows the form expected.

    A game's subclass says what a code of that game is called (``noun``) and the form it
    expects (``expected``), in each language; ``reason`` says what is wrong, when known.
    """

    noun: ClassVar[dict[str, str]] = {"en": "a game code", "fr": "un code de partie"}
    expected: ClassVar[dict[str, str]] = {"en": "", "fr": ""}

    def __init__(self, text: str, reason: str = "", reason_fr: str = "") -> None:
        self.code_text = text
        self.reason = reason
        self.reason_fr = reason_fr or reason
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (English unless ``fr``)."""
        shown = self.code_text.strip()[:40]
        if lang == "fr":
            extra = f" ({self.reason_fr})" if self.reason_fr else ""
            return (
                f"« {shown} » n'est pas {self.noun['fr']}{extra} ; "
                f"forme attendue : {self.expected['fr']}"
            )
        extra = f" ({self.reason})" if self.reason else ""
        return f"{shown!r} is not {self.noun['en']}{extra}; expected {self.expected['en']}"

    @classmethod
    def matched(cls, text: object, pattern: re.Pattern[str]) -> re.Match[str]:
        """``text`` trimmed and in capitals, matched whole against a game's ``pattern``; raises
        this error when it is not text, holds a character that is not ASCII, or does not
        match."""
        if not isinstance(text, str):
            raise cls(repr(text), "not text", "pas du texte")
        trimmed = text.strip()
        if not trimmed.isascii():
            # before the capitals: Unicode makes the long s (U+017F) an S, the dotless i an I
            raise cls(
                text,
                "only the letters A-Z, the digits 0-9 and dashes",
                "seulement les lettres A-Z, les chiffres 0-9 et des tirets",
            )
        match = pattern.fullmatch(trimmed.upper())
        if match is None:
            raise cls(text)
        return match
