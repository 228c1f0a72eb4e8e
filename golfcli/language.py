"""The language of the command line: which one a run speaks, its help texts, and argparse's
own words ("usage:", "options:", its error messages) in that language.

A run's language is the ``--lang`` given on the command line, else the environment's, read as
command-line programs read it: the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and
``LANG`` that is set and not empty decides (``fr_FR.UTF-8``, ``fr`` → French; ``C``, ``en_GB``
or a language the game has no catalogue for → English; ``LANGUAGE`` is a list, ``de:fr:en``,
whose first language the game has is taken). ``--help`` is printed while the options are read,
so the parser is built in the language found before it reads them (:func:`run_language`).

argparse writes its own words through ``gettext`` functions it imported into its module
(``argparse._``, ``argparse.ngettext``); :func:`argparse_words` puts the catalogue's in their
place while a parser is built and used, and puts the originals back after.

:func:`speaking` makes a language the run's for a block (argparse's words included): what
cannot be handed the language — an option's type, which argparse calls with the text alone —
says its message with :func:`say`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import Final

from golf.core.translations import LANGUAGES, SOURCE_LANGUAGE, text

__all__ = [
    "ARGPARSE_PLURALS",
    "ARGPARSE_WORDS",
    "ENVIRONMENT",
    "LANG_OPTION",
    "ArgparseWords",
    "argparse_words",
    "environment_language",
    "given_language",
    "run_language",
    "say",
    "speaking",
    "spoken",
]

ENVIRONMENT: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that name the language, in the order they are read."""

LANG_OPTION: Final = "--lang"


def _language_of(tag: str) -> str | None:
    """The catalogue language a locale tag names (``fr_CA.UTF-8`` → ``fr``), or None."""
    head = tag.strip().lower()
    name = head.split(".")[0].split("@")[0].split("_")[0].split("-")[0]
    return name if name in LANGUAGES else None


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``os.environ`` by default): the first of
    :data:`ENVIRONMENT` that is set decides; English when none is, or when it names a
    language the game does not have (``C``, ``POSIX``, ``de_DE``)."""
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":") if name == "LANGUAGE" else (value,):
            found = _language_of(part)
            if found is not None:
                return found
        return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def given_language(argv: Sequence[str]) -> str | None:
    """The language ``--lang X`` (or ``--lang=X``) names in ``argv`` when it is one of the
    game's (the last given wins, as argparse does), else None; nothing after ``--`` counts."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == LANG_OPTION and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith(LANG_OPTION + "="):
            value = arg.partition("=")[2]
        else:
            continue
        if value in LANGUAGES:
            found = value
    return found


def run_language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language of a run: its ``--lang``, else the environment's."""
    return given_language(argv) or environment_language(environ)


# --- argparse's own words -------------------------------------------------------------------------

ARGPARSE_WORDS: Final[Mapping[str, str]] = {
    "usage: ": "cli.argparse.usage",
    "positional arguments": "cli.argparse.positionals",
    "options": "cli.argparse.options",
    "show this help message and exit": "cli.argparse.help",
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "not allowed with argument %s": "cli.argparse.not_allowed",
    "ignored explicit argument %r": "cli.argparse.ignored",
    "the following arguments are required: %s": "cli.argparse.required",
    "one of the arguments %s is required": "cli.argparse.one_required",
    "expected one argument": "cli.argparse.expected_one",
    "expected at most one argument": "cli.argparse.expected_at_most_one",
    "expected at least one argument": "cli.argparse.expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
    "unexpected option string: %s": "cli.argparse.unexpected",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid_value",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.invalid_choice",
    "%(prog)s: error: %(message)s\n": "cli.argparse.error",
    "can't open '%(filename)s': %(error)s": "cli.argparse.cannot_open",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "cli.argparse.unknown_parser",
}
"""argparse's texts (Python 3.11 to 3.13) a person may read, and the key of each in the
catalogues; the others (a program's own mistakes) stay as argparse writes them."""

ARGPARSE_PLURALS: Final[Mapping[str, str]] = {
    "expected %s argument": "cli.argparse.expected_count",
}
"""argparse's plural texts, by their singular form."""


class ArgparseWords:
    """argparse's ``gettext`` and ``ngettext`` in ``lang``: a text with a key in the
    catalogues is that key's text, any other is left as it is."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def gettext(self, message: str) -> str:
        key = ARGPARSE_WORDS.get(message)
        return message if key is None else text(self.lang, key)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        key = ARGPARSE_PLURALS.get(singular)
        if key is None:
            return singular if n == 1 else plural
        return text(self.lang, key, count=n)


@contextlib.contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """argparse speaks ``lang`` inside the block (its help's headings, its errors); its own
    functions are back after it, whatever happens."""
    words = ArgparseWords(lang)
    kept = (getattr(argparse, "_"), getattr(argparse, "ngettext"))  # noqa: B009
    setattr(argparse, "_", words.gettext)  # noqa: B010
    setattr(argparse, "ngettext", words.ngettext)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", kept[0])  # noqa: B010
        setattr(argparse, "ngettext", kept[1])  # noqa: B010


# --- the run's language ---------------------------------------------------------------------------

_SPOKEN: Final[ContextVar[str]] = ContextVar("golfcli_language", default=SOURCE_LANGUAGE)


def spoken() -> str:
    """The language of the run (English outside :func:`speaking`)."""
    return _SPOKEN.get()


def say(key: str, /, **fields: object) -> str:
    """The text of ``key`` in the run's language, its fields filled."""
    return text(_SPOKEN.get(), key, **fields)


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """``lang`` is the run's language inside the block, argparse's words too."""
    token = _SPOKEN.set(lang)
    try:
        with argparse_words(lang):
            yield
    finally:
        _SPOKEN.reset(token)
