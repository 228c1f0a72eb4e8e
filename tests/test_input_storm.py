"""The short input storm (``bench/storm.py``; the long one: ``python bench/storm.py``)."""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

import pytest

from golf.engine import Action, Position
from golf.session import Game

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("golf_bench_storm", ROOT / "bench" / "storm.py")
assert _spec is not None and _spec.loader is not None
storm = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("golf_bench_storm", storm)
_spec.loader.exec_module(storm)


class Table:
    def __init__(self, game: Game) -> None:
        self.game = game


def test_two_thousand_random_events_break_nothing(tmp_path: Path) -> None:
    logging.disable(logging.WARNING)
    try:
        report = storm.storm(2000, seed=3, folder=tmp_path, back_every=500)
    finally:
        logging.disable(logging.NOTSET)
    assert report.events == 2000
    assert report.checks > 500, report.line()  # tables were on screen most of the time
    assert report.quits_cancelled > 0  # quits came and the loop went on
    assert len(report.scenes) >= 4, report.line()  # more than the title and the table


def test_the_invariant_check_sees_a_lost_or_doubled_card() -> None:
    game = Game.from_code("GO1-E-AAAAAAA")
    game.apply(Action.draw())
    storm.check_table(Table(game))  # a sound game passes
    p = game.position
    game.position = Position(p.columns, p.waste, p.stock[1:])  # a card vanishes
    with pytest.raises(storm.InvariantError):
        storm.check_table(Table(game))
    game.position = Position(p.columns, (*p.waste, p.waste[-1]), p.stock[1:])  # doubled
    with pytest.raises(storm.InvariantError):
        storm.check_table(Table(game))


def test_the_invariant_check_sees_a_log_that_does_not_replay() -> None:
    game = Game.from_code("GO1-E-AAAAAAA")
    game.apply(Action.draw())
    game.log.append(Action.draw())  # logged but never played
    with pytest.raises(storm.InvariantError):
        storm.check_table(Table(game))


def test_random_events_cover_every_kind() -> None:
    import random

    import pygame

    rng = random.Random(1)
    kinds = {storm.random_event(rng).type for _ in range(3000)}
    for kind in (
        pygame.MOUSEBUTTONDOWN,
        pygame.KEYDOWN,
        pygame.TEXTINPUT,
        pygame.QUIT,
        pygame.WINDOWFOCUSLOST,
        pygame.VIDEORESIZE,
        pygame.CONTROLLERBUTTONDOWN,
    ):
        assert kind in kinds
