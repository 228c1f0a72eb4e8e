"""The short soak (``bench/soak.py``; the long one: ``python bench/soak.py --games 1000``)."""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("golf_bench_soak", ROOT / "bench" / "soak.py")
assert _spec is not None and _spec.loader is not None
soak = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("golf_bench_soak", soak)
_spec.loader.exec_module(soak)


@pytest.mark.window
def test_games_through_the_scenes_do_not_grow_memory(tmp_path: Path) -> None:
    logging.disable(logging.WARNING)
    try:
        report = soak.soak(16, seed=4, warmup=6, folder=tmp_path)
    finally:
        logging.disable(logging.NOTSET)
    assert report.games == 16 and report.won + report.blocked == 16, report.line()
    assert report.keys > 16 * 10
    assert report.heap_growth < 1.0, report.line()  # 10 games after the warm-up
    first, last = report.samples[0], report.samples[-1]
    assert last[3] - first[3] < 3000, report.line()  # live objects
    assert len(list((tmp_path / "replays").glob("*.yaml"))) == 16  # every game saved


def test_the_text_cache_holds_a_bounded_amount_of_pixels() -> None:
    """Every game shows a text never seen before (its code): the cache of rendered
    texts must not keep them all (it grew by some 20 KB a game before it was bounded)."""
    import pygame

    from scenes.core import look

    pygame.init()
    pygame.display.set_mode((64, 64))
    kind = look.Type()
    sizes = []
    for n in range(400):
        surface = kind.render(f"GO1-E-{n:07d}", 16, (255, 255, 255), shadow=(0, 0, 0))
        sizes.append(surface.get_bytesize() * surface.get_width() * surface.get_height())
        held = sum(s.get_bytesize() * s.get_width() * s.get_height() for s in kind._cache.values())
        assert held == kind._cache_bytes <= look.TEXT_CACHE_BYTES
    assert sum(sizes) > look.TEXT_CACHE_BYTES  # the bound was reached, and held
    again = kind.render("GO1-E-0000399", 16, (255, 255, 255), shadow=(0, 0, 0))
    assert kind.render("GO1-E-0000399", 16, (255, 255, 255), shadow=(0, 0, 0)) is again
