"""The pixel type reads back by OCR at 1×: the table's HUD, its buttons' labels and their key
hints, each text cut from the surface it is drawn on (the HUD's bar, each button's picture, the
screen) exactly as the screen shows it, read by ``tesseract`` (Debian: tesseract-ocr). Skipped
where the program is absent.

Only the letters and digits are compared (:func:`_letters`). Not all of it reads yet: :data:`MISREAD` are the texts tesseract 5.3 reads otherwise today (the
chunky 0 of the HUD's figures as "o" or "6", the 6-pixel key hints, "New" as "Nem"). The first
test holds every other text to an exact reading; the second, expected to fail (strict), is the
whole promise and starts passing the day the type is mended, when MISREAD must go. The hint
bubble (a toast in cyan on its panel, as ``scenes/solitaire/hints.py`` shows it) is read for
four of its messages; "too open to" reads "te" (expected to fail, strict).
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from golf.solitaire.session import Game
from scenes.core import widgets
from scenes.core.look import PALETTE, PIXEL, Colour

TESSERACT = shutil.which("tesseract")
pytestmark = pytest.mark.skipif(TESSERACT is None, reason="no tesseract (tesseract-ocr)")

BENCH = Path(__file__).resolve().parents[2] / "bench" / "contrast.py"
spec = importlib.util.spec_from_file_location("contrast_bench_ocr", BENCH)
assert spec is not None and spec.loader is not None
contrast = importlib.util.module_from_spec(spec)
sys.modules["contrast_bench_ocr"] = contrast
spec.loader.exec_module(contrast)

MISREAD = {"0", "0:00", "U", "H", "Ctrl+Y", "New"}
PAD = 10


def _letters(text: str) -> str:
    """The letters and digits of ``text``, in order: what the promise is about (OCR reads an
    en dash as a hyphen, and a space or not between a figure and its %)."""
    return "".join(char for char in text if char.isascii() and char.isalnum())


def _read(surface: pygame.Surface, rect: pygame.Rect, folder: Path) -> str:
    """What tesseract reads in ``rect`` of ``surface``, at 1×, with a margin of its background."""
    crop = surface.subsurface(rect.inflate(4, 4).clip(surface.get_rect())).copy()
    page = pygame.Surface((crop.get_width() + 2 * PAD, crop.get_height() + 2 * PAD))
    page.fill(crop.get_at((0, 0)))
    page.blit(crop, (PAD, PAD))
    picture = folder / "text.png"
    pygame.image.save(page, picture)
    assert TESSERACT is not None
    mode = "10" if rect.width < 12 * PIXEL else "7"  # one letter, or one line
    done = subprocess.run(
        [TESSERACT, str(picture), "-", "--psm", mode, "--dpi", "96"],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    return done.stdout.strip()


def _readings(tmp_path: Path) -> list[tuple[str, str]]:
    """Each text the game's table draws, and what OCR reads of it."""
    app = contrast.make_app(tmp_path, "en")
    app.flow.start_game(Game.from_code(contrast.WIN_CODE))
    app.scenes.apply_pending()
    table = app.scenes.top
    assert table is not None
    widgets._PICTURES.clear()
    drawn: list[tuple[str, pygame.Rect, pygame.Surface]] = []
    type_ = app.look.type
    original = type_.blit

    def blit(
        target: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        pos: tuple[float, float],
        **options: object,
    ) -> pygame.Rect:
        rect = original(target, text, size, colour, pos, **options)  # type: ignore[arg-type]
        drawn.append((text, rect.copy(), target))
        return rect

    type_.blit = blit  # type: ignore[method-assign]
    try:
        table.draw(pygame.Surface((1280, 720)))
    finally:
        del type_.blit
    return [(text, _read(target, rect, tmp_path)) for text, rect, target in drawn]


def test_the_table_s_texts_read_back_exactly_but_the_known_misreadings(tmp_path: Path) -> None:
    readings = _readings(tmp_path)
    texts = {text for text, _ in readings}
    assert {"Score", "Moves", "Time", "Undo", "Hint", "Menu", "GO1-E-AAAAAAA"} <= texts
    wrong = [
        (text, read)
        for text, read in readings
        if _letters(read) != _letters(text) and text not in MISREAD
    ]
    assert not wrong, wrong


@pytest.mark.xfail(strict=True, reason="the HUD's 0, the key hints and 'New' misread (MISREAD)")
def test_every_text_of_the_table_reads_back_exactly(tmp_path: Path) -> None:
    wrong = [(text, read) for text, read in _readings(tmp_path) if _letters(read) != _letters(text)]
    assert not wrong, wrong


BUBBLES = [
    ("hint.exact", {"percent": "37"}),
    pytest.param(
        "hint.unsure",
        {},
        marks=pytest.mark.xfail(strict=True, reason="'to' in the bubble reads as 'te'"),
    ),
    ("hint.none", {}),
    ("hint.estimate", {"percent": "52", "low": "40", "high": "64"}),
]


@pytest.mark.parametrize(("key", "fields"), BUBBLES)
def test_the_hint_bubble_reads_back_exactly(
    tmp_path: Path, key: str, fields: dict[str, str]
) -> None:
    app = contrast.make_app(tmp_path, "en")
    message = app.texts(key, **fields)
    bubble = widgets.Toast(message, seconds=60.0, colour=PALETTE.cyan)  # as hints.py shows it
    bubble.update(1.0)  # popped in, not fading
    surface = pygame.Surface((1280, 720))
    surface.blit(app.look.felt(), (0, 0))
    box = bubble.draw(surface, app.look, (640, 600))
    assert _letters(_read(surface, box.inflate(-8 * PIXEL, -8 * PIXEL), tmp_path)) == _letters(
        message
    )
