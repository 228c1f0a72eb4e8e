"""The README's pictures are the game's: ``scripts/screenshots.py --check`` makes them again from
the real game and finds them unchanged in docs/images; the README shows pictures that are
there, small PNG files of the 1280×720 screen."""

from __future__ import annotations

import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "docs" / "images"
PICTURES = ("title.png", "game.png", "statistics.png", "statistics-scores.png")


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_readme_shows_pictures_of_docs_images() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"!\[[^\]]+\]\((docs/images/[^)]+)\)", readme)
    assert 1 <= len(shown) <= 2, shown
    head = readme.split("\n## ", 1)[0]
    assert "![" in head  # a picture before anything else
    for path in shown:
        assert Path(path).name in PICTURES, path


@pytest.mark.parametrize("name", PICTURES)
def test_each_picture_is_a_small_png_of_the_logical_screen(name: str) -> None:
    path = IMAGES / name
    assert _png_size(path) == (1280, 720)
    assert path.stat().st_size < 120_000


@pytest.mark.processes
@pytest.mark.timeout(300)
def test_the_pictures_are_what_the_game_shows_now() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "screenshots.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=280,
        check=False,
    )
    assert done.returncode == 0, (
        "the README's pictures are not what the game shows now: run "
        f"python scripts/screenshots.py and commit docs/images\n{done.stdout}\n{done.stderr}"
    )
