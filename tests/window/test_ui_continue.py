"""The title's Continue picks up the game left in play last, whichever kind it was."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from golf.core.store import Store
from golf.journal.kept_sixcard import HUMAN, SIX_AUTOSAVE_DOCUMENT, SixSnapshot
from golf.journal.kept_solitaire import AUTOSAVE_DOCUMENT, Snapshot
from golf.sixcard.game import Match, legal_actions
from golf.sixcard.rules import STANDARD
from golf.solitaire.engine import Action
from golf.solitaire.rules import CLASSIC
from golf.solitaire.session import Game
from scenes.sixcard.table import SixTableScene
from scenes.solitaire.game import GameScene
from scenes.title import TitleScene
from tests.ui_driver import make_driver

SEATS = (HUMAN, "easy", "medium")


def _files(data: Path) -> tuple[Game, Match]:
    """A solitaire game and a six-card game, both left in play."""
    game = Game.new(5, CLASSIC)
    game.apply(Action.draw())
    store = Store(data)
    store.save(AUTOSAVE_DOCUMENT, Snapshot.of(game, [1.0], 0.5, 3.0, "2026-12-01T10:00"))
    match = Match.new(31, 3, STANDARD)
    for _ in range(4):
        assert match.apply(legal_actions(match.state)[0]) is None
    store.save(
        SIX_AUTOSAVE_DOCUMENT, SixSnapshot.of(match.start, match.log, match.state, SEATS, "fast")
    )
    return game, match


def _age(path: Path, seconds: float) -> None:
    when = path.stat().st_mtime - seconds
    os.utime(path, (when, when))


def _continue(tmp_path: Path) -> object:
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    title = driver.top
    assert isinstance(title, TitleScene) and title.menu.buttons[0].key == "title.continue"
    driver.key(pygame.K_RETURN, text="\r")
    driver.frames(3)
    return driver.top


def test_continue_picks_the_six_card_game_left_after_the_solitaire(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _, match = _files(data)
    _age(data / AUTOSAVE_DOCUMENT.name, 60)
    top = _continue(tmp_path)
    assert isinstance(top, SixTableScene) and top.match.log == match.log


def test_continue_picks_the_solitaire_game_left_after_the_six_card(tmp_path: Path) -> None:
    data = tmp_path / "data"
    game, _ = _files(data)
    _age(data / SIX_AUTOSAVE_DOCUMENT.name, 60)
    top = _continue(tmp_path)
    assert isinstance(top, GameScene) and top.game.log == game.log
