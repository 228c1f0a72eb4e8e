"""The short input storm (``bench/storm.py``; the long one: ``python bench/storm.py``)."""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

import pytest

from golf.solitaire.engine import Action, Position
from golf.solitaire.session import Game

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("golf_bench_storm", ROOT / "bench" / "storm.py")
assert _spec is not None and _spec.loader is not None
storm = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("golf_bench_storm", storm)
_spec.loader.exec_module(storm)


class Table:
    def __init__(self, game: Game) -> None:
        self.game = game


class SixTable:
    def __init__(self, match: object) -> None:
        self.match = match


def test_random_events_in_every_scene_break_nothing(tmp_path: Path) -> None:
    """Once round every place of the tour, 15 events each: every scene takes random input."""
    tour = [name for name, _go in storm.places()]
    logging.disable(logging.WARNING)
    try:
        report = storm.storm(len(tour) * 15, seed=3, folder=tmp_path, burst=15)
    finally:
        logging.disable(logging.NOTSET)
    assert report.events == len(tour) * 15
    assert sum(report.places.values()) + sum(report.missed.values()) == len(tour)
    for name in tour:
        assert report.places[name] == 1, f"never reached {name}: {report.line()}"
        assert report.scenes[name] > 0, f"{name} received no event: {report.line()}"
    assert report.checks > 150, report.line()  # tables (solitaire and six-card) were checked
    assert report.quits_cancelled > 0  # quits came and the loop went on


def test_the_six_card_check_sees_a_lost_card_and_a_log_that_does_not_replay() -> None:
    from golf.sixcard.game import Match, legal_actions, replace

    match = Match.new(7, 3)
    for _ in range(5):
        match.apply(legal_actions(match.state)[0])
    table = SixTable(match)
    storm.check_six(table)  # a sound game passes
    state = match.state
    match.state = replace(state, stock=state.stock[1:])  # a card vanishes
    with pytest.raises(storm.InvariantError):
        storm.check_six(table)
    match.state = state
    match.log.append(match.log[-1])  # logged but never played
    with pytest.raises(storm.InvariantError):
        storm.check_six(table)


def test_aimed_clicks_land_on_what_the_scene_shows() -> None:
    import random

    import pygame

    class Scene:
        def __init__(self) -> None:
            self.ok = pygame.Rect(100, 100, 50, 20)
            self.nothing = pygame.Rect(0, 0, 0, 0)

    rng = random.Random(2)
    for _ in range(50):
        _motion, down, up = storm.aimed_click(rng, Scene())
        assert down.type == pygame.MOUSEBUTTONDOWN and up.type == pygame.MOUSEBUTTONUP
        assert pygame.Rect(100, 100, 50, 20).collidepoint(down.pos) and down.pos == up.pos


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
