"""The title's Continue picks up the game left in play last, whichever kind it was."""

from __future__ import annotations

from pathlib import Path

import pygame

from golf.journal.journal import Journal
from golf.journal.kept_sixcard import HUMAN
from golf.sixcard.game import Match, legal_actions
from golf.sixcard.rules import STANDARD
from golf.solitaire.engine import Action
from golf.solitaire.rules import CLASSIC
from golf.solitaire.session import Game
from golf.solitaire.stats import rules_key
from scenes.sixcard.table import SixTableScene
from scenes.solitaire.game import GameScene
from scenes.title import TitleScene
from tests.ui_driver import make_driver

SEATS = (HUMAN, "easy", "medium")


def _left(data: Path, solitaire_at: float, six_at: float) -> tuple[Game, Match]:
    """A solitaire game and a six-card game, both left in play in the journal; the last
    action of each taken at ``solitaire_at`` and ``six_at`` (seconds)."""
    game = Game.new(5, CLASSIC)
    game.apply(Action.draw())
    match = Match.new(31, 3, STANDARD)
    for _ in range(4):
        assert match.apply(legal_actions(match.state)[0]) is None
    journal = Journal(data)
    try:
        assert game.code is not None
        gid = journal.begin("solitaire", game.code, rules_key(CLASSIC), "2026-12-01T10:00:00")
        for seq, action in enumerate(game.log):
            journal.act(gid, seq, str(action), 1.0, 3.0, solitaire_at)
        journal.clocks(gid, 3.0, 0.5, {})
        setup = {"kinds": list(SEATS), "speed": "fast"}
        sid = journal.begin(
            "six-card",
            match.code,
            match.code.rsplit("-", 1)[-1],
            "2026-12-01T10:00:00",
            setup=setup,
        )
        for seq, six_action in enumerate(match.log):
            journal.act(sid, seq, str(six_action), 1.0, 4.0, six_at)
        journal.clocks(sid, 4.0, 0.5, setup)
    finally:
        journal.close()
    return game, match


def _continue(tmp_path: Path) -> object:
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    title = driver.top
    assert isinstance(title, TitleScene) and title.menu.buttons[0].key == "title.continue"
    driver.key(pygame.K_RETURN, text="\r")
    driver.frames(3)
    return driver.top


def test_continue_picks_the_six_card_game_left_after_the_solitaire(tmp_path: Path) -> None:
    _, match = _left(tmp_path / "data", solitaire_at=1_000.0, six_at=1_060.0)
    top = _continue(tmp_path)
    assert isinstance(top, SixTableScene) and top.match.log == match.log


def test_continue_picks_the_solitaire_game_left_after_the_six_card(tmp_path: Path) -> None:
    game, _ = _left(tmp_path / "data", solitaire_at=1_060.0, six_at=1_000.0)
    top = _continue(tmp_path)
    assert isinstance(top, GameScene) and top.game.log == game.log
