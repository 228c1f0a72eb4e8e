"""The short soak (``bench/soak.py``; the long one: ``python bench/soak.py --games 1000``)."""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("golf_bench_soak", ROOT / "bench" / "soak.py")
assert _spec is not None and _spec.loader is not None
soak = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("golf_bench_soak", soak)
_spec.loader.exec_module(soak)


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
