"""The window's type reads at every size it is drawn at: every glyph the two languages use is in
the bundled fonts, and letters that look alike stay apart at each small size.

Small text is drawn smooth at its size on the screen, headings and buttons chunky (unsmoothed
at half size, then doubled: ``scenes.core.look.Type``). Drawn chunky at 6 to 9 art pixels,
DejaVu gave ↑ and ↓ the very same pixels and ♣ and ♠ nearly so; these tests measure the glyphs
the way the window draws them.
"""

from __future__ import annotations

import pygame
import pygame.freetype
import pytest
import yaml

from golf.core import cards, translations
from scenes.core.look import PIXEL, SMOOTH_BELOW, Type
from scenes.core.paths import FONT_BOLD, FONT_MONO, FONT_REGULAR, asset_path

LOOK_ALIKE = ("oa", "(l", ")l", "0O", "1l", "↑↓", "♣♠")
"""The pairs a player told apart badly in the small text."""

SIZES = (6, 7, 8, 9, 10, 11, 12)
"""Every size of body text, hint, caption and label the screens use, in art pixels."""

APART = 0.2
"""The least share of two glyphs' ink that is not shared (1 - intersection / union) for them
to count as drawn apart: the chunky ↑ and ↓ at 6 share all their ink (0.0), the chunky ♣ and ♠
at 7 share 92 % (0.08); every smooth pair stays above 0.2."""

SYMBOLS = "♠♥♦♣←→↑↓·×…«»–—"


def _tutorial_texts() -> list[str]:
    script = yaml.safe_load(asset_path("tutorial.yaml").read_text(encoding="utf-8"))
    return [text for step in script["steps"] for text in step.get("say", {}).values()]


def _every_text() -> str:
    """Every text of every language's catalogue (each plural form: the window's, the engine's
    refusals, the board description…), the tutorial, the card names and the symbols."""
    parts = [SYMBOLS, *_tutorial_texts()]
    every_key = translations.keys()  # a function of the module, not a mapping's
    for lang in translations.LANGUAGES:
        for key in every_key:
            parts.extend(translations.plural_forms(lang, key))
        parts.extend(cards.short_name(card, lang) for card in range(54))
    return "".join(parts)


@pytest.fixture(scope="module", autouse=True)
def _display() -> None:
    pygame.init()
    pygame.freetype.init()


def test_the_texts_of_both_languages_use_accents_suits_and_arrows() -> None:
    used = set(_every_text())
    assert set("éèêàçôùÉ«»") <= used  # the French texts were gathered
    assert set("♠♥♦♣←→↑↓") <= used


@pytest.mark.parametrize("font", [FONT_BOLD, FONT_REGULAR, FONT_MONO], ids=lambda f: f[1])
def test_every_glyph_the_texts_use_is_in_the_font(font: tuple[str, str]) -> None:
    face = pygame.freetype.Font(asset_path(*font), 16)
    glyphs = sorted(set(_every_text()) - {" ", "\n"})
    metrics = face.get_metrics("".join(glyphs))
    missing = [ch for ch, m in zip(glyphs, metrics, strict=True) if m is None]
    assert missing == []


def _ink(surface: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(surface, 127)


def _apart(first: pygame.Surface, second: pygame.Surface) -> float:
    """How much of two glyphs' ink is not shared, centred side by side on their common line
    (0: the same pixels; 1: nothing in common)."""
    width = max(first.get_width(), second.get_width())
    height = max(first.get_height(), second.get_height())
    masks = []
    for glyph in (first, second):
        mask = pygame.mask.Mask((width, height))
        mask.draw(_ink(glyph), ((width - glyph.get_width()) // 2, 0))
        masks.append(mask)
    union = masks[0].copy()
    union.draw(masks[1], (0, 0))
    shared = masks[0].overlap_mask(masks[1], (0, 0))
    return 1 - shared.count() / max(1, union.count())


@pytest.mark.parametrize("face", ["bold", "regular", "mono"])
@pytest.mark.parametrize("size", SIZES)
def test_look_alike_glyphs_are_drawn_apart_at_every_small_size(face: str, size: int) -> None:
    type_ = Type()
    pairs = [p for p in LOOK_ALIKE if not (face == "mono" and p == "0O")]  # next test
    close = {
        pair: round(
            _apart(
                type_.render(pair[0], size, (255, 255, 255), face=face),
                type_.render(pair[1], size, (255, 255, 255), face=face),
            ),
            2,
        )
        for pair in pairs
    }
    assert {pair: d for pair, d in close.items() if d < APART} == {}


@pytest.mark.parametrize("size", SIZES)
def test_the_mono_zero_has_a_dot_the_letter_o_has_not(size: int) -> None:
    """In the mono face (codes, paths) 0 and O have the same width and nearly the same oval:
    the dot in the 0's middle tells them apart, so it must be drawn."""
    type_ = Type()
    middles = []
    for glyph in ("0", "O"):
        ink = _ink(type_.render(glyph, size, (255, 255, 255), face="mono"))
        box = ink.get_bounding_rects()[0]
        middle = pygame.Rect(0, 0, max(1, box.width // 4), max(1, box.height // 4))
        middle.center = box.center
        middles.append(
            sum(
                ink.get_at((x, y))
                for x in range(middle.left, middle.right)
                for y in range(middle.top, middle.bottom)
            )
        )
    zero, letter = middles
    assert zero > 0 and letter == 0


def test_small_text_and_mono_are_drawn_smooth_headings_chunky() -> None:
    type_ = Type()
    small = type_.render("o", SMOOTH_BELOW - 1, (255, 255, 255))
    alphas = {
        small.get_at((x, y)).a for x in range(small.get_width()) for y in range(small.get_height())
    }
    assert alphas - {0, 255}  # smoothed edges
    big = type_.render("o", SMOOTH_BELOW, (255, 255, 255))
    assert {
        big.get_at((x, y)).a for x in range(big.get_width()) for y in range(big.get_height())
    } <= {
        0,
        255,
    }
    mono = type_.render("0", SMOOTH_BELOW + 2, (255, 255, 255), face="mono")
    assert {
        mono.get_at((x, y)).a for x in range(mono.get_width()) for y in range(mono.get_height())
    } - {0, 255}
    # chunky: every art pixel is a 2×2 block
    assert all(
        big.get_at((x, y)) == big.get_at((x + 1, y + 1))
        for x in range(0, big.get_width() - 1, PIXEL)
        for y in range(0, big.get_height() - 1, PIXEL)
    )


def test_the_measure_finds_the_unsmoothed_arrows_and_suits_alike() -> None:
    """The measure is not blind: DejaVu drawn chunky at 6 and 7 art pixels, as the window drew
    small text before, gives the arrows and the club and spade too little apart."""
    type_ = Type()

    def chunky(text: str, size: int) -> pygame.Surface:
        return pygame.transform.scale_by(
            type_.font(size).render(text, False, (255, 255, 255)), PIXEL
        )

    assert _apart(chunky("↑", 6), chunky("↓", 6)) < APART
    assert _apart(chunky("♣", 7), chunky("♠", 7)) < APART


@pytest.mark.parametrize("size", SIZES)
def test_the_width_measured_is_the_width_drawn(size: int) -> None:
    type_ = Type()
    text = "Déjà joué ? (or a King) ↑↓ ♣♠ 0O"
    for face in ("bold", "regular", "mono"):
        drawn = type_.render(text, size, (255, 255, 255), face=face)
        assert type_.width(text, size, face) == drawn.get_width()
