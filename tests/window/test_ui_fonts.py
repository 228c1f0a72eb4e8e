"""The bundled fonts draw every glyph the window shows, and every shipped asset says where it came from."""

from __future__ import annotations

import pygame
import pygame.freetype
import pytest

from golf.core import cards
from golf.solitaire.texts import MESSAGES
from scenes.core.i18n import CATALOGUE
from scenes.core.paths import FONT_BOLD, FONT_MONO, FONT_REGULAR, asset_path, assets_root

EXTRA = "♠♥♦♣★←→↑↓·×…«»–—0123456789"


def _all_text() -> str:
    parts = [EXTRA]
    for table in CATALOGUE.values():
        parts.extend(table.values())
    for texts in MESSAGES.values():
        parts.extend(texts.values())
    for lang in ("en", "fr"):
        parts.extend(cards.short_name(c, lang) for c in range(54))
    return "".join(parts)


@pytest.fixture(scope="module", autouse=True)
def _freetype() -> None:
    pygame.freetype.init()


@pytest.mark.parametrize("font", [FONT_REGULAR, FONT_BOLD, FONT_MONO])
def test_bundled_font_has_every_glyph_the_window_uses(font: tuple[str, str]) -> None:
    face = pygame.freetype.Font(asset_path(*font), 16)
    text = sorted(set(_all_text()) - {" ", "\n"})
    missing = [ch for ch, m in zip(text, face.get_metrics("".join(text)), strict=True) if m is None]
    assert missing == []


def test_every_asset_file_is_listed_with_its_origin() -> None:
    readme = (assets_root() / "README.md").read_text(encoding="utf-8")
    shipped = [
        p
        for p in assets_root().rglob("*")
        if p.is_file() and p.name != "README.md" and "__pycache__" not in p.parts  # pip compiles
    ]
    assert shipped
    for path in shipped:
        assert path.relative_to(assets_root()).as_posix() in readme


def test_font_licence_ships_with_the_fonts() -> None:
    licence = asset_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence
    assert "public domain" in licence
