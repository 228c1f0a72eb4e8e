"""The screen texts: every language has the same keys, no empty text, the same fields (the
catalogues themselves are checked by ``tests/engine/test_translations.py``)."""

from __future__ import annotations

import string

import pytest

from scenes.core.i18n import CATALOGUE, LANGUAGES, Notice, Texts, system_language


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_english_and_french_have_the_same_keys() -> None:
    assert set(CATALOGUE["en"]) == set(CATALOGUE["fr"])
    assert set(CATALOGUE) == set(LANGUAGES) >= {"en", "fr"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_is_empty(lang: str) -> None:
    assert [k for k, v in CATALOGUE[lang].items() if not v.strip()] == []


def test_both_languages_use_the_same_fields() -> None:
    for key, english in CATALOGUE["en"].items():
        for lang in LANGUAGES:
            assert _fields(english) == _fields(CATALOGUE[lang][key]), (lang, key)


def test_french_differs_where_the_words_differ() -> None:
    assert Texts("fr")("game.stock") == "Pioche"
    assert Texts("en")("game.stock") == "Stock"


def test_fields_are_filled_in() -> None:
    assert Texts("en")("game.stock_count", count=16) == "16 left"
    assert Texts("fr").notice(Notice("settings.corrupt", {"name": "x"})).endswith("x.")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANGUAGE": "fr:en", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LC_ALL": "C", "LANG": "fr_BE.UTF-8"}, "fr"),
        ({"LANG": "French_France.1252"}, "fr"),
        ({"LANG": "English_United States.1252"}, "en"),
    ],
)
def test_first_language_follows_the_system_locale(environ: dict[str, str], expected: str) -> None:
    assert system_language(environ) == expected
