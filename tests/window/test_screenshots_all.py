"""``scripts/screenshots.py --all DIR`` writes every screen of the screens' tour at each window
size in each language, named ``<screen>-<size>-<lang>.png``, with a contact sheet (issue 36,
item 5): here one screen at two sizes, as the command line runs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "screenshots.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=150,
        check=False,
    )


def test_one_screen_at_two_sizes_is_written_and_shows_the_screen(tmp_path: Path) -> None:
    out = tmp_path / "screens"
    done = _run(
        "--all", str(out), "--only", "game-over", "--size", "800x600", "--size", "3840x2160",
        "--lang", "fr", "--games", "20",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "2 pictures written" in done.stdout
    names = {"game-over-800x600-fr.png": (800, 600), "game-over-3840x2160-fr.png": (3840, 2160)}
    assert {p.name for p in out.glob("*.png")} == set(names)
    pygame.init()
    for name, size in names.items():
        picture = pygame.image.load(str(out / name))
        assert picture.get_size() == size
        step = size[0] // 160
        colours = {
            tuple(picture.get_at((x, y)))
            for x in range(0, size[0], step)
            for y in range(0, size[1], step)
        }
        assert len(colours) > 40, f"{name} is nearly blank: {len(colours)} colours"
    # 800x600 is not 16:9: the screen is letterboxed, 75 rows of black above and below
    small = pygame.image.load(str(out / "game-over-800x600-fr.png"))
    assert {tuple(small.get_at((x, y)))[:3] for x in range(0, 800, 10) for y in (0, 74, 525)} == {
        (0, 0, 0)
    }
    sheet = (out / "index.html").read_text(encoding="utf-8")
    assert all(f'src="{name}"' in sheet for name in names)


def test_a_name_no_screen_has_writes_nothing_and_says_so(tmp_path: Path) -> None:
    done = _run("--all", str(tmp_path), "--only", "no-such-screen", "--size", "800x600")
    assert done.returncode == 1
    assert "no-such-screen" in done.stderr
    assert not list(tmp_path.glob("*.png"))
