"""The pixel type reads back by OCR at 1×: the table's HUD (its labels and figures, at
several times of play so every digit shows), its buttons' labels and their key hints, each text
cut from the surface it is drawn on (the HUD's bar, each button's picture, the screen) to its own
box, exactly as the screen shows it, and the hint bubble (a toast in cyan on its panel, as
``scenes/solitaire/hints.py`` shows it), in English and French, read by ``tesseract`` (Debian:
tesseract-ocr; French with tesseract-ocr-fra). Skipped where the program (or the French
language) is absent.

Only the letters and digits are compared (:func:`_letters`, with the accented letters in
French). Text under :data:`SMALL` pixels (the 6-pixel key hints) is scaled up 2× before it is
read. Every text is held to an exact reading. (The redo key's hint is written "CTRL+Y", in
capitals as on a keycap: "Ctrl+Y" in DejaVu at 6 pixels read "ctrl+¥", a small C and the Y after
the plus taken for a yen sign.)
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

PAD = 10
SMALL = 16
"""Text less tall than this (screen pixels: the 6-pixel key hints, 14) is under the least height
tesseract reads well: it is scaled up whole, each pixel made 2×2 (nearest neighbour)."""
LANGUAGES = {"en": "eng", "fr": "fra+eng"}
"""Tesseract's trained data for each language's words (a French screen shows English key names
too); a figure, which has no letter, is no language's and is read with ``eng``."""


def _has_language(lang: str) -> bool:
    """Whether tesseract has the trained data of ``lang``."""
    assert TESSERACT is not None
    done = subprocess.run(
        [TESSERACT, "--list-langs"], capture_output=True, text=True, check=True, timeout=30
    )
    return set(LANGUAGES[lang].split("+")) <= set(done.stdout.split())


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest) -> str:
    """Each language of the window, skipped where tesseract cannot read it."""
    if not _has_language(request.param):
        pytest.skip(f"tesseract has no {LANGUAGES[request.param]} (tesseract-ocr-fra)")
    return str(request.param)


def _letters(text: str) -> str:
    """The letters and digits of ``text``, accents kept, in order: what the promise is about
    (OCR reads an en dash as a hyphen, and a space or not between a figure and its %)."""
    return "".join(char for char in text if char.isalnum())


def _read(
    surface: pygame.Surface, rect: pygame.Rect, folder: Path, lang: str = "en", text: str = ""
) -> str:
    """What tesseract reads in ``rect`` of ``surface`` (the text's own box) as the screen shows
    it, with a margin of its background (text under :data:`SMALL` scaled up by a whole factor),
    as words of ``lang`` unless ``text`` is a figure."""
    crop = surface.subsurface(rect.clip(surface.get_rect())).copy()
    page = pygame.Surface((crop.get_width() + 2 * PAD, crop.get_height() + 2 * PAD))
    page.fill(crop.get_at((0, 0)))
    page.blit(crop, (PAD, PAD))
    if rect.height < SMALL:  # under tesseract's least height: each pixel made k x k
        page = pygame.transform.scale_by(page, -(-SMALL // rect.height))
    picture = folder / "text.png"
    pygame.image.save(page, picture)
    assert TESSERACT is not None
    mode = "10" if rect.width < 12 * PIXEL else "7"  # one letter, or one line
    model = LANGUAGES[lang] if any(char.isalpha() for char in text) else "eng"
    done = subprocess.run(
        [TESSERACT, str(picture), "-", "--psm", mode, "--dpi", "96", "-l", model],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    return done.stdout.strip()


ELAPSED = (0.0, 754.0, 4076.0, 3548.0)
"""Times of play the HUD is drawn at: 0:00, 12:34, 67:56 and 59:08 show every digit."""


def _readings(tmp_path: Path, lang: str) -> list[tuple[str, str]]:
    """Each text the game's table draws, and what OCR reads of it."""
    app = contrast.make_app(tmp_path, lang)
    app.flow.start_game(Game.from_code(contrast.WIN_CODE))
    app.scenes.apply_pending()
    table = app.scenes.top
    assert table is not None
    widgets._PICTURES.clear()
    drawn: list[tuple[str, pygame.Surface]] = []
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
        # cut at once: the HUD's bar is drawn again for the next time of play
        drawn.append((text, target.subsurface(rect.clip(target.get_rect())).copy()))
        return rect

    type_.blit = blit  # type: ignore[method-assign]
    try:
        for elapsed in ELAPSED:
            table.elapsed = elapsed
            table.draw(pygame.Surface((1280, 720)))
    finally:
        del type_.blit
    readings: dict[tuple[str, bytes], str] = {}
    for text, picture in drawn:
        key = (text, pygame.image.tobytes(picture, "RGB"))
        if key not in readings:
            readings[key] = _read(picture, picture.get_rect(), tmp_path, lang, text)
    return [(text, read) for (text, _), read in readings.items()]


def test_every_text_of_the_table_reads_back_exactly(tmp_path: Path, lang: str) -> None:
    readings = _readings(tmp_path, lang)
    texts = {text for text, _ in readings}
    words = {"en": {"Score", "Moves", "Time", "Undo", "Redo", "New", "Menu"}}
    words["fr"] = {"Score", "Coups", "Temps", "Annuler", "Rétablir", "Nouvelle", "Défausse"}
    keys = {"U", "CTRL+Y", "H", "Esc"}  # the buttons' key hints, the smallest text
    assert words[lang] | keys | {"GO1-E-AAAAAAA", "0", "0:00", "12:34", "67:56", "59:08"} <= texts
    wrong = [(text, read) for text, read in readings if _letters(read) != _letters(text)]
    assert not wrong, wrong


BUBBLES = [
    ("hint.exact", {"percent": "37"}),
    ("hint.unsure", {}),
    ("hint.refining", {}),
    ("hint.none", {}),
    ("hint.estimate", {"percent": "52", "low": "40", "high": "64"}),
    ("hint.estimate_refining", {"percent": "9", "low": "4", "high": "27"}),
]


@pytest.mark.parametrize(("key", "fields"), BUBBLES)
def test_the_hint_bubble_reads_back_exactly(
    tmp_path: Path, lang: str, key: str, fields: dict[str, str]
) -> None:
    app = contrast.make_app(tmp_path, lang)
    message = app.texts(key, **fields)
    bubble = widgets.Toast(message, seconds=60.0, colour=PALETTE.cyan)  # as hints.py shows it
    bubble.update(1.0)  # popped in, not fading
    surface = pygame.Surface((1280, 720))
    surface.blit(app.look.felt(), (0, 0))
    box = bubble.draw(surface, app.look, (640, 600))
    read = _read(surface, box.inflate(-8 * PIXEL, -8 * PIXEL), tmp_path, lang, message)
    assert _letters(read) == _letters(message), read
