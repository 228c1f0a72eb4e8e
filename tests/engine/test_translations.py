"""The gettext catalogues: each shipped ``.mo`` is its ``.po`` compiled, every catalogue is
complete with the same fields, plural forms follow each language's rule, the contract's exact
texts are there, and the language list is the catalogues present."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest

from golf.core import translations
from golf.core.pofile import PoError, compile_mo, parse_po, read_po
from golf.core.translations import LANGUAGES, fields_of, text

LOCALE = Path(translations.__file__).resolve().parent.parent / "locale"


def _po(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "golf.po"


def test_the_languages_are_the_catalogues_present_english_first() -> None:
    present = sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/golf.mo"))
    assert LANGUAGES[0] == "en"
    assert sorted(LANGUAGES) == present
    assert {"en", "fr"} <= set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_shipped_catalogue_is_its_source_compiled(lang: str) -> None:
    mo = _po(lang).with_suffix(".mo")
    assert mo.read_bytes() == compile_mo(read_po(_po(lang))), (
        f"{mo} is out of date: run python scripts/compile_catalogues.py"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_has_every_key_translated_with_the_same_fields(lang: str) -> None:
    english = {e.key: e for e in read_po(_po("en")) if e.msgid}
    entries = {e.key: e for e in read_po(_po(lang)) if e.msgid}
    assert set(entries) == set(english), "keys missing or extra in " + lang
    for key, entry in entries.items():
        source = english[key]
        assert (entry.msgid, entry.msgid_plural) == (source.msgid, source.msgid_plural), key
        assert entry.msgstr and all(s.strip() for s in entry.msgstr.values()), f"{key} untranslated"
        wanted = fields_of(source.msgid) | fields_of(source.msgid_plural or "")
        for form in entry.msgstr.values():
            assert fields_of(form) == wanted, f"{lang} {key}: fields {fields_of(form)} != {wanted}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_key_is_written_once_and_english_repeats_its_msgid(lang: str) -> None:
    keys = [e.key for e in read_po(_po(lang)) if e.msgid]
    assert len(keys) == len(set(keys))
    assert all(key for key in keys), "every text has a msgctxt (its key)"
    if lang == "en":
        for e in read_po(_po(lang)):
            if e.msgid:
                assert e.msgstr[0] == e.msgid and e.msgstr.get(1, e.msgid_plural) == e.msgid_plural


def test_plural_forms_follow_each_language() -> None:
    assert text("en", "describe.cards", count=1) == "1 card"
    assert text("en", "describe.cards", count=0) == "0 cards"
    assert text("en", "describe.cards", count=2) == "2 cards"
    # French: the singular for 0 and 1 (Plural-Forms n > 1)
    assert text("fr", "describe.cards", count=0) == "0 carte"
    assert text("fr", "describe.cards", count=1) == "1 carte"
    assert text("fr", "describe.cards", count=2) == "2 cartes"
    assert text("en", "replays.count", count=1).startswith("1 replay ")
    assert text("fr", "replays.count", count=3).startswith("3 parties enregistrées ")
    assert translations.is_plural("replays.count") and not translations.is_plural("hud.score")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_declares_its_plural_rule(lang: str) -> None:
    header = read_po(_po(lang))[0]
    assert header.msgid == ""
    assert "charset=UTF-8" in header.msgstr[0] and "Plural-Forms: nplurals=" in header.msgstr[0]


def test_the_contract_s_exact_texts_are_in_the_catalogues() -> None:
    # SPEC §4's refusals, word for word
    assert text("en", "refusal.solitaire.not_following") == "Must be one rank higher or lower"
    assert text("en", "refusal.solitaire.covered") == "This card is blocked"
    assert text("en", "refusal.solitaire.blocked_game") == "No more moves possible"
    assert (
        text("fr", "refusal.solitaire.not_following")
        == "Doit être d'un rang supérieur ou inférieur"
    )
    assert text("fr", "refusal.solitaire.covered") == "Cette carte est bloquée"
    assert text("fr", "refusal.solitaire.blocked_game") == "Plus aucun coup possible"
    # the board description's words (the seeds' worked example checks whole texts)
    assert text("en", "card.name", rank="ace", suit="clubs") == "ace of clubs"
    assert text(
        "fr", "card.name", rank=text("fr", "card.rank.12"), suit=text("fr", "card.suit.2")
    ) == ("dame de cœur")


def test_the_stdlib_reads_the_catalogues_by_key_and_english_text() -> None:
    french = gettext.translation("golf", str(LOCALE), languages=["fr"])
    assert french.pgettext("hud.moves", "Moves") == "Coups"
    assert (
        french.npgettext("describe.cards", "{count} card", "{count} cards", 5) == "{count} cartes"
    )


def test_a_missing_language_or_key_falls_back() -> None:
    assert text("xx", "game.stock") == "Stock"
    with pytest.raises(KeyError):
        text("en", "no.such.key")


def test_numbers_are_written_as_each_language_writes_them() -> None:
    assert translations.decimal("0.5", "en") == "0.5"
    assert translations.decimal("12.5", "fr") == "12,5"
    assert translations.grouped(2_000_000, "en") == "2,000,000"
    assert translations.grouped(2_000_000, "fr") == "2\u202f000\u202f000"
    assert translations.grouped(999, "fr") == "999"


def test_the_compiler_reads_continued_strings_escapes_and_plurals() -> None:
    entries = parse_po(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        '# a comment\nmsgctxt "k.a"\nmsgid ""\n"two\\n"\n"lines \\"quoted\\""\nmsgstr "deux"\n\n'
        'msgctxt "k.b"\nmsgid "{count} x"\nmsgid_plural "{count} xs"\nmsgstr[0] "{count} y"\n'
        'msgstr[1] "{count} ys"\n\nmsgctxt "k.c"\nmsgid "untranslated"\nmsgstr ""\n'
    )
    assert [e.key for e in entries] == ["", "k.a", "k.b", "k.c"]
    assert entries[1].msgid == 'two\nlines "quoted"'
    assert entries[2].msgstr == {0: "{count} y", 1: "{count} ys"}
    catalogue = gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))
    assert catalogue.pgettext("k.a", 'two\nlines "quoted"') == "deux"
    assert catalogue.npgettext("k.b", "{count} x", "{count} xs", 2) == "{count} ys"
    assert catalogue.pgettext("k.c", "untranslated") == "untranslated"


def test_the_compiler_names_the_line_of_a_bad_entry() -> None:
    with pytest.raises(PoError, match="line 2"):
        parse_po('msgid "a"\nmsgstr unquoted\n')
