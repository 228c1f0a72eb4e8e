"""Every text on every screen stands at 4.5:1 or more against what is behind it (WCAG AA).

Measured by ``bench/contrast.py`` on real renders under the dummy driver: each text drawn through
``look.type.blit`` is caught with its colour and the colour most pixels under its letters had
just before it was drawn.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from scenes.core.settings import TABLE_THEMES

BENCH = Path(__file__).resolve().parents[2] / "bench" / "contrast.py"
spec = importlib.util.spec_from_file_location("contrast_bench", BENCH)
assert spec is not None and spec.loader is not None
contrast = importlib.util.module_from_spec(spec)
sys.modules["contrast_bench"] = contrast  # its dataclass looks its module up
spec.loader.exec_module(contrast)


def test_the_ratio_is_wcag_s() -> None:
    assert contrast.ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21)
    assert contrast.ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast.ratio((10, 20, 30), (10, 20, 30)) == 1


@pytest.mark.parametrize("table", TABLE_THEMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_text_of_every_screen_stands_at_4_5_to_1(
    tmp_path: Path, lang: str, table: str
) -> None:
    app = contrast.make_app(tmp_path, lang, table)
    assert app.look.table == table
    pairs, unknown = contrast.measure(app)
    assert len(pairs) > 600 and unknown == 0  # the buttons' labels and the screens' texts
    assert {pair.screen for pair in pairs} >= {"title", "game", "options", "six-card table"}
    low = sorted((pair for pair in pairs if pair.ratio < contrast.LEAST), key=lambda p: p.ratio)
    assert not low, "\n".join(pair.line() for pair in low)


def test_the_high_contrast_table_keeps_its_texts_at_7_to_1(tmp_path: Path) -> None:
    app = contrast.make_app(tmp_path, "en", "contrast")
    pairs, _ = contrast.measure(app)
    felt = tuple(app.look.felt().get_at((640, 360)))[:3]
    on_felt = [pair for pair in pairs if pair.background == felt]
    assert len(on_felt) > 20
    low = [pair.line() for pair in on_felt if pair.ratio < 7]
    assert not low, "\n".join(low)
