"""Easy is the default rule set (the seeds: "On Easy (King and Ace connected), the default"): a
fresh install's options, the New Game window and ``play`` without a code all start on Easy."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.solitaire.rules import CLASSIC, EASY
from golfcli import commands as cli
from scenes.core.settings import Settings, SettingsStore
from scenes.solitaire.game import GameScene
from scenes.solitaire.newgame import NewGameScene
from tests.ui_driver import Driver, make_driver


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(None, tmp_path)
    pygame.event.clear()


def test_a_fresh_install_defaults_to_easy(tmp_path: Path) -> None:
    assert Settings().default_rules == "easy"
    settings, notice = SettingsStore(tmp_path).load()
    assert notice is None and settings.default_rules == "easy"


def test_a_saved_choice_of_classic_is_kept(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.save(Settings(default_rules="classic"))
    assert store.load()[0].default_rules == "classic"


def test_the_new_game_window_opens_on_easy(ui: Driver) -> None:
    ui.frames(2)
    ui.key(pygame.K_n, text="n")
    ui.frames(2)
    window = ui.top
    assert isinstance(window, NewGameScene)
    assert window.rules == EASY
    assert window.choices[0].value == "easy"


def test_a_new_deal_without_rules_is_easy(ui: Driver) -> None:
    ui.frames(2)
    ui.app.flow.new_game()
    ui.frames(3)
    assert isinstance(ui.top, GameScene)
    assert ui.top.game.rules == EASY


def test_play_without_a_code_or_preset_is_easy() -> None:
    seen: list[argparse.Namespace] = []

    def window(args: argparse.Namespace) -> int:
        seen.append(args)
        return 0

    assert cli.main(["play"], window=window) == 0
    assert seen[0].code is None and seen[0].game_rules == EASY
    assert cli.main(["play", "--draw", "any"], window=window) == 0
    assert seen[1].game_rules == EASY
    assert cli.main(["play", "--rules", "classic"], window=window) == 0
    assert seen[2].game_rules == CLASSIC
