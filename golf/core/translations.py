"""Every text the game shows, in each language: the gettext catalogues in ``golf/locale/``.

One catalogue per language, ``golf/locale/<lang>/LC_MESSAGES/golf.mo`` (compiled from the
``golf.po`` beside it), read with the stdlib ``gettext`` module; every layer reads them through
this module. Each entry's ``msgctxt`` is the text's key (``hud.score``, ``refusal.solitaire.covered``),
its ``msgid`` the English text and its ``msgstr`` the translation, so callers ask by key:
``text("fr", "hud.score")``. A plural entry (``msgid_plural``, ``msgstr[N]``) is chosen by
the ``count`` field, with the catalogue's ``Plural-Forms`` rule (French: ``n > 1``).
The languages are the catalogues present: adding one is adding a catalogue
(``docs/translations.md``).
"""

from __future__ import annotations

import functools
import gettext
import string
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Final, Protocol, runtime_checkable

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "SOURCE_LANGUAGE",
    "Joined",
    "Said",
    "Words",
    "decimal",
    "fields_of",
    "has_text",
    "is_plural",
    "keys",
    "language_or_source",
    "languages",
    "locale_folder",
    "plural_forms",
    "table",
    "text",
]

DOMAIN: Final = "golf"
SOURCE_LANGUAGE: Final = "en"
"""The language of every ``msgid``; its catalogue also names every key."""


def locale_folder() -> Traversable:
    """``golf/locale``: one folder per language, each with ``LC_MESSAGES/golf.po`` and ``.mo``."""
    return resources.files("golf") / "locale"


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages that have a compiled catalogue, English first, then by code."""
    found = {
        folder.name
        for folder in locale_folder().iterdir()
        if (folder / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
    }
    return tuple(sorted(found, key=lambda lang: (lang != SOURCE_LANGUAGE, lang)))


LANGUAGES: Final = languages()
"""Every language of the game, once: the catalogues present."""


def language_or_source(lang: str) -> str:
    """``lang`` when it has a catalogue, else English."""
    return lang if lang in LANGUAGES else SOURCE_LANGUAGE


@functools.cache
def _catalogue(lang: str) -> gettext.GNUTranslations:
    path = locale_folder() / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as stream:
        return gettext.GNUTranslations(stream)


@functools.cache
def _sources() -> Mapping[str, tuple[str, str | None]]:
    """Each key's English ``msgid`` and ``msgid_plural`` (None for a text without plural).

    gettext looks a text up by its English ``msgid``; the callers know only the key, so the
    English catalogue's entries (whose ``msgstr`` repeat the ``msgid``) give the way back.
    ``GNUTranslations`` keeps its entries in ``_catalog`` only, a name unchanged since 2000.
    """
    entries: dict[object, str] = vars(_catalogue(SOURCE_LANGUAGE))["_catalog"]
    found: dict[str, tuple[str, str | None]] = {}
    for raw, value in entries.items():
        if isinstance(raw, tuple):  # (context\x04msgid, plural index)
            joined, index = raw
            key, _, msgid = str(joined).partition("\x04")
            if index == 0:
                found.setdefault(key, (msgid, None))
            elif index == 1:
                found[key] = (msgid, value)
        elif "\x04" in str(raw):
            key, _, msgid = str(raw).partition("\x04")
            found[key] = (msgid, None)
    return found


def keys() -> tuple[str, ...]:
    """Every key of the catalogues (the English one's), sorted."""
    return tuple(sorted(_sources()))


def has_text(key: str) -> bool:
    return key in _sources()


def is_plural(key: str) -> bool:
    """Whether the text has plural forms (chosen by its ``count`` field)."""
    source = _sources().get(key)
    return source is not None and source[1] is not None


def _lookup(lang: str, key: str, count: object) -> str:
    msgid, plural = _sources()[key]
    catalogue = _catalogue(language_or_source(lang))
    if plural is None:
        return catalogue.pgettext(key, msgid)
    n = count if isinstance(count, int) else 0
    return catalogue.npgettext(key, msgid, plural, n)


def text(lang: str, key: str, /, **fields: object) -> str:
    """The text of ``key`` in ``lang`` (English when the language or the translation is
    missing), its ``{name}`` fields filled from ``fields``; a plural text is chosen by
    ``count``. Raises ``KeyError`` for a key no catalogue has."""
    source = _sources().get(key)
    if source is None:
        raise KeyError(key)
    if source[1] is None:  # the screens ask every frame: one lookup in the language's table
        found = table(language_or_source(lang))[key]
    else:
        found = _lookup(lang, key, fields.get("count"))
    return found.format(**fields) if fields else found


@functools.cache
def table(lang: str) -> Mapping[str, str]:
    """Every key's text in ``lang``, unfilled (a plural text in its ``count`` = 1 form)."""
    return MappingProxyType({key: _lookup(lang, key, 1) for key in keys()})


@runtime_checkable
class Said(Protocol):
    """Something that says itself in a language: :class:`Words`, a game's refusal."""

    def text(self, lang: str = SOURCE_LANGUAGE) -> str: ...


@dataclass(frozen=True)
class Words:
    """A text kept by its key and fields, to be said in any language later: a field that says
    itself (:class:`Said`: other words, a game's refusal) is said in the same language."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, /, **fields: object) -> Words:
        return cls(key, tuple(fields.items()))

    def text(self, lang: str = SOURCE_LANGUAGE) -> str:
        """The text in ``lang``, its fields filled."""
        said = {
            name: value.text(lang) if isinstance(value, Said) else value
            for name, value in self.fields
        }
        return text(lang, self.key, **said)


@dataclass(frozen=True)
class Joined:
    """Parts said in one language and joined with ``", "``."""

    parts: tuple[object, ...]

    def text(self, lang: str = SOURCE_LANGUAGE) -> str:
        return ", ".join(p.text(lang) if isinstance(p, Said) else str(p) for p in self.parts)


def plural_forms(lang: str, key: str) -> tuple[str, ...]:
    """Every form of a plural text in ``lang``, by the catalogue's plural index."""
    msgid, plural = _sources()[key]
    if plural is None:
        return (text(lang, key),)
    entries: dict[object, str] = vars(_catalogue(language_or_source(lang)))["_catalog"]
    found = []
    index = 0
    while (f"{key}\x04{msgid}", index) in entries:
        found.append(entries[(f"{key}\x04{msgid}", index)])
        index += 1
    return tuple(found)


def fields_of(template: str) -> frozenset[str]:
    """The names of a text's ``{name}`` fields (``{shown!r}`` counts as ``shown``)."""
    return frozenset(
        name.split(".")[0].split("[")[0]
        for _, name, _, _ in string.Formatter().parse(template)
        if name is not None
    )


def grouped(number: int, lang: str) -> str:
    """A whole number with its thousands set apart in the language's own way (``2,000,000``;
    ``2 000 000`` in French, with narrow no-break spaces)."""
    thousand = text(lang, "number.thousand")  # a thousand as the language writes it
    return f"{number:,}".replace(",", thousand[1:-3])


def decimal(number: str, lang: str) -> str:
    """A number written with ``.`` in the language's own way (``0,5`` in French)."""
    return number.replace(".", text(lang, "number.decimal_point"))
