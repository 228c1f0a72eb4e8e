"""What the program writes on a terminal: readable on any encoding, and progress bars only on one.

The texts are Unicode (French accents, card suits, dashes), but a terminal or a redirection may
take only ASCII (``PYTHONIOENCODING=ascii``), latin-1 or an old code page such as cp437 or cp1252.
:func:`configure_streams` (called once by ``golfcli.main.start``) gives ``sys.stdout`` and
``sys.stderr`` the error handler ``"golf-plain"``: a character the stream's encoding cannot write
becomes plain ASCII instead of a ``UnicodeEncodeError`` (argparse's help and errors included,
since they go through the same streams). What the encoding can write is left alone, so a UTF-8
terminal sees every character and latin-1 keeps its é.

The mapping, in this order:

* card suits become the letters the replay files also accept: ♣ ``C``, ♦ ``D``, ♥ ``H``,
  ♠ ``S`` (``10♠`` → ``10S``);
* punctuation and symbols from :data:`PLAIN`: – and − ``-``, — ``--``, × ``x``, … ``...``,
  · ``-``, « » “ ” ``"``, ‘ ’ ``'``, → ``->``, ← ``<-``, § ``section``, œ ``oe``, and so on;
* any other letter loses its accents (Unicode decomposition): é ``e``, À ``A``, ç ``c``, ⁷ ``7``;
* what is left (a character with no plain form) is written as Python writes it escaped,
  ``\\u2603``, never silently as ``?``;
* a byte of a file name that was not valid text (a lone surrogate ``\\udc80``–``\\udcff``, as
  ``os.fsdecode`` leaves it) is written back as that byte, as ``surrogateescape`` does.

``golf/`` and ``scenes/`` know nothing of this: the entry layer decides how its output is written.
"""

from __future__ import annotations

import codecs
import io
import sys
from typing import Final, TextIO

from golf.core.messages import one_line
from golf.core.translations import SOURCE_LANGUAGE, text

__all__ = [
    "ERRORS",
    "PLAIN",
    "Progress",
    "configure_streams",
    "error_line",
    "one_line",
    "plain",
    "plain_text",
]

ERRORS: Final = "golf-plain"
"""The name of the error handler that :func:`configure_streams` gives the output streams."""

PLAIN: Final[dict[str, str]] = {
    # suits: the letters of the replay files' ASCII card names (golf.core.cards reads 10S)
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "♤": "S",
    # dashes, minus and spaces
    "‐": "-",
    "‑": "-",
    "‒": "-",
    "–": "-",
    "—": "--",
    "―": "--",
    "−": "-",
    "\u00a0": " ",
    "\u2009": " ",
    "\u202f": " ",
    "·": "-",
    "•": "*",
    "…": "...",
    # quotes
    "«": '"',
    "»": '"',
    "“": '"',
    "”": '"',
    "„": '"',
    "‘": "'",
    "’": "'",
    "‚": "'",
    "‹": "'",
    "›": "'",
    # letters that do not decompose
    "œ": "oe",
    "Œ": "OE",
    "æ": "ae",
    "Æ": "AE",
    "ß": "ss",
    "ø": "o",
    "Ø": "O",
    "ł": "l",
    "Ł": "L",
    "đ": "d",
    "Đ": "D",
    "µ": "u",
    # signs and arrows
    "×": "x",
    "÷": "/",
    "⁄": "/",
    "±": "+/-",
    "≈": "~",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
    "§": "section ",
    "°": " deg",
    "€": "EUR",
    "→": "->",
    "←": "<-",
    "↑": "^",
    "↓": "v",
    "▶": ">",
    "◀": "<",
    "❚": "|",
    "✓": "ok",
    "★": "*",
    "∅": "(empty)",
}
"""Characters whose plain form is not their letter without accents."""

_ESCAPED_BYTES: Final = range(0xDC80, 0xDD00)
"""Lone surrogates that stand for undecodable bytes (PEP 383)."""


def plain(char: str) -> str:
    """The ASCII form of one character (see the module's mapping); ASCII stays as it is."""
    if char.isascii():
        return char
    if char in PLAIN:
        return PLAIN[char]
    # imported here: only a terminal that cannot write a character pays for the table
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", char)  # é → e + accent, ℃ → °C
    text = "".join(PLAIN.get(c, c) for c in decomposed if not unicodedata.combining(c))
    if text.isascii():
        return text
    return char.encode("ascii", "backslashreplace").decode("ascii")


def plain_text(text: str) -> str:
    """``text`` in ASCII, each character as :func:`plain` writes it."""
    return text if text.isascii() else "".join(plain(c) for c in text)


ERROR_LINE: Final = 500
"""The longest error line the command line prints (argparse repeats a bad value whole)."""


def error_line(message: str) -> str:
    """An error as the command line prints it: one line, a long one cut in the middle."""
    line = one_line(message)
    if len(line) <= ERROR_LINE:
        return line
    half = (ERROR_LINE - 5) // 2
    return f"{line[:half]}[...]{line[-half:]}"


def _handler(error: UnicodeError) -> tuple[str | bytes, int]:
    """The ``golf-plain`` codec error handler: the characters the encoding could not write, in
    ASCII; a run of undecodable file-name bytes, as those bytes."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text, start, end = error.object, error.start, error.end
    if ord(text[start]) in _ESCAPED_BYTES:
        stop = start
        while stop < end and ord(text[stop]) in _ESCAPED_BYTES:
            stop += 1
        return bytes(ord(c) - 0xDC00 for c in text[start:stop]), stop
    stop = start
    while stop < end and ord(text[stop]) not in _ESCAPED_BYTES:
        stop += 1
    return plain_text(text[start:stop]), stop


codecs.register_error(ERRORS, _handler)


def configure_streams() -> None:
    """Give ``sys.stdout`` and ``sys.stderr`` the ``golf-plain`` error handler, keeping their
    encoding. A missing stream (the windowed build has none) or one that is not a text file
    (replaced by a caller) is left as it is."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=ERRORS)


class Progress:
    """A progress bar on ``stream`` (stderr), drawn only when it is a terminal.

    On a terminal: ``[#####.....] 40/100``, redrawn in place, a new line at the end. Redirected
    (a file, a pipe, a log): no bar, only one final line, ``deals solved: 100/100``, so a log
    keeps what was done and no carriage returns. That line is written as ``lang`` writes it
    (``donnes résolues : 100/100``); ``label`` is in that language.
    """

    WIDTH: Final = 30

    def __init__(self, stream: TextIO, label: str, lang: str = SOURCE_LANGUAGE) -> None:
        self.stream = stream
        self.label = label
        self.lang = lang
        try:
            self.terminal = stream.isatty()
        except (AttributeError, ValueError):  # no isatty, or a closed stream
            self.terminal = False

    def show(self, done: int, total: int) -> None:
        """``done`` of ``total`` are finished."""
        if self.terminal:
            filled = self.WIDTH * done // total if total else self.WIDTH
            bar = "#" * filled + "." * (self.WIDTH - filled)
            self.stream.write(f"\r[{bar}] {done}/{total}")
            if done >= total:
                self.stream.write("\n")
        elif done >= total:
            line = text(self.lang, "cli.progress.done", label=self.label, done=done, total=total)
            self.stream.write(line + "\n")
        else:
            return
        self.stream.flush()
