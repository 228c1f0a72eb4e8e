"""The window reads the command line that golfcli.base parsed: a code, or rule options, or nothing."""

from __future__ import annotations

import argparse
from pathlib import Path

from golf.solitaire.rules import CLASSIC, EASY
from scenes.app import WindowOptions


def test_no_options_open_the_title() -> None:
    options = WindowOptions.from_any(
        argparse.Namespace(command="play", code=None, rules=None, game_rules=EASY)
    )
    assert options.code is None
    assert not options.rules_given


def test_a_rule_option_starts_a_game_under_those_rules() -> None:
    options = WindowOptions.from_any(
        argparse.Namespace(command="play", code=None, rules="classic", game_rules=CLASSIC)
    )
    assert options.rules_given
    assert options.game_rules == CLASSIC


def test_a_switch_alone_counts_as_a_rule_option() -> None:
    rules = EASY.with_(jokers=1)
    options = WindowOptions.from_any({"jokers": 1, "game_rules": rules})
    assert options.rules_given
    assert options.game_rules == rules


def test_paths_and_codes_pass_through() -> None:
    options = WindowOptions.from_any({"code": "GO1-E-AAAAAAB", "config_dir": "/tmp/x"})
    assert options.code == "GO1-E-AAAAAAB"
    assert options.config_dir == Path("/tmp/x")
