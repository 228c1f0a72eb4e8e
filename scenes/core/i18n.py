"""The window's texts: key-based lookups in the game's gettext catalogues, and the choice of
the first language.

Every text lives in ``golf/locale/<lang>/LC_MESSAGES/golf.po`` (compiled to ``golf.mo``), read by
``golf.core.translations``: the screens ask by key, ``texts("hud.score")``, and a plural text is
chosen by its ``count`` field. ``docs/translations.md`` says how to add a text or a language;
``tests/engine/test_translations.py`` checks that every catalogue is complete.
"""

from __future__ import annotations

import locale
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from golf.core import translations
from golf.core.translations import LANGUAGES
from golf.solitaire.rules import PRESETS

__all__ = ["CATALOGUE", "LANGUAGES", "Notice", "Texts", "system_language"]

log = logging.getLogger(__name__)

CATALOGUE: Final[Mapping[str, Mapping[str, str]]] = MappingProxyType(
    {lang: translations.table(lang) for lang in LANGUAGES}
)
"""Every key's text (unfilled) in each language, for checks that read them all."""


def _language_of(tag: str | None) -> str | None:
    """The catalogue language for a locale tag such as ``fr_CA.UTF-8`` or ``French_France``."""
    if not tag:
        return None
    head = tag.strip().lower()
    if head in ("c", "posix") or head.startswith(("c.", "posix.")):
        return None
    # "fr_CA.UTF-8" and Windows' "French_France" both lead to "fr_FR…"
    name = head.split(".")[0].split("@")[0].split("_")[0]
    code = locale.normalize(name).split("_")[0].lower()
    return code if code in LANGUAGES else translations.SOURCE_LANGUAGE


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The first language to offer: the system locale's when the game has it, else English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        for part in value.split(":"):
            found = _language_of(part)
            if found is not None:
                return found
    if environ is None:
        try:
            found = _language_of(locale.getlocale()[0])
        except ValueError:
            found = None
        if found is not None:
            return found
    return "en"


@dataclass(frozen=True)
class Notice:
    """A message for the player, kept as a key so that it shows in the current language."""

    key: str
    fields: Mapping[str, str] = field(default_factory=dict)


class Texts:
    """The screen texts of one language; ``texts("hud.score")`` or with ``{name}`` fields (a
    plural text by its ``count``: ``texts("replays.count", count=3)``)."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            log.warning("unknown language %r, using English", lang)
            lang = translations.SOURCE_LANGUAGE
        self.lang = lang

    def __call__(self, key: str, /, **fields: object) -> str:
        if not translations.has_text(key):
            log.warning("missing text %r", key)
            return key
        return translations.text(self.lang, key, **fields)

    def number(self, value: str) -> str:
        """A number written with ``.`` as this language writes it (``0,5`` in French)."""
        return translations.decimal(value, self.lang)

    def rule_set(self, key: str) -> str:
        """A rule set's name: ``Classic``, ``Facile``, or ``Variant VQA``."""
        if key in PRESETS:
            return self(f"rules.{key}")
        return self("rules.variant", name=key)

    def notice(self, notice: Notice) -> str:
        """The text of a notice in this language."""
        return self(notice.key, **notice.fields)
