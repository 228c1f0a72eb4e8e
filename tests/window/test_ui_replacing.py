"""A new game that would replace a game kept for Continue asks first (scenes.replacing): Keep it
changes nothing; Start a new one abandons the kept game as leaving its table does, then starts."""

from __future__ import annotations

import errno
from pathlib import Path

import pygame

from golf.core.store import StoreNotice
from golf.journal.journal import Journal, KeptGame
from golf.journal.kept_sixcard import HUMAN
from golf.sixcard.game import Match, legal_actions
from golf.sixcard.rules import STANDARD
from golf.sixcard.seating import SixSetup
from golf.solitaire.engine import Action
from golf.solitaire.rules import CLASSIC, EASY
from golf.solitaire.session import Game
from golf.solitaire.stats import rules_key
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.look import SCREEN_SIZE
from scenes.core.speech import RecordingVoice, Speech
from scenes.replacing import ReplaceKeptDialog
from scenes.sixcard.table import SixTableScene
from scenes.solitaire.game import GameScene
from scenes.solitaire.round import RoundGameScene, RoundSetupScene
from scenes.title import TitleScene
from scenes.title_panels import play_daily
from tests.ui_driver import Driver, make_driver

SEATS = (HUMAN, "easy", "medium")


def _kept_solitaire(data: Path) -> Game:
    """A Classic game left in play, kept in the journal for Continue."""
    game = Game.new(5, CLASSIC)
    game.apply(Action.draw())
    assert game.code is not None
    journal = Journal(data)
    try:
        gid = journal.begin("solitaire", game.code, rules_key(CLASSIC), "2026-12-01T10:00:00")
        journal.act(gid, 0, str(game.log[0]), 1.0, 3.0, 1_000.0)
        journal.clocks(gid, 3.0, 0.5, {})
    finally:
        journal.close()
    return game


def _kept_six(data: Path) -> Match:
    """A six-card game left in play, kept in the journal for Continue."""
    match = Match.new(31, 3, STANDARD)
    for _ in range(4):
        assert match.apply(legal_actions(match.state)[0]) is None
    setup = {"kinds": list(SEATS), "speed": "fast"}
    journal = Journal(data)
    try:
        gid = journal.begin(
            "six-card",
            match.code,
            match.code.rsplit("-", 1)[-1],
            "2026-12-01T10:00:00",
            setup=setup,
        )
        for seq, action in enumerate(match.log):
            journal.act(gid, seq, str(action), 1.0, 4.0, 1_000.0)
        journal.clocks(gid, 4.0, 0.5, setup)
    finally:
        journal.close()
    return match


def _kept(driver: Driver, game: str) -> list[KeptGame]:
    return driver.app.records.journal.kept(game)  # type: ignore[arg-type]


def _press(driver: Driver, key: str) -> None:
    """Press the title's button ``key`` (by the keyboard: Down to it, then Enter)."""
    title = driver.top
    assert isinstance(title, TitleScene)
    keys = [button.key for button in title.menu.buttons]
    while keys[title.menu.focus] != key:
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN, text="\r")
    driver.frames(2)


def _title(tmp_path: Path, lang: str = "en") -> Driver:
    return make_driver(tmp_path / "data", tmp_path / "config", lang=lang)


def test_play_easy_over_a_kept_game_asks_and_keep_it_changes_nothing(tmp_path: Path) -> None:
    _kept_solitaire(tmp_path / "data")
    driver = _title(tmp_path)
    saved = _kept(driver, "solitaire")
    assert len(saved) == 1
    _press(driver, "title.play_easy")
    dialog = driver.top
    assert isinstance(dialog, ReplaceKeptDialog) and dialog.kind == "solitaire"
    assert [b.key for b in dialog.menu.buttons] == ["replace.keep", "replace.start"]
    assert dialog.menu.focus == 0  # Keep it is the default
    driver.key(pygame.K_RETURN, text="\r")
    driver.frames(2)
    title = driver.top
    assert isinstance(title, TitleScene) and title.menu.buttons[0].key == "title.continue"
    assert _kept(driver, "solitaire") == saved
    assert driver.app.records.stats.get(rules_key(CLASSIC)).played == 0


def test_escape_in_the_dialog_keeps_the_game_too(tmp_path: Path) -> None:
    _kept_solitaire(tmp_path / "data")
    driver = _title(tmp_path)
    _press(driver, "title.play_classic")
    assert isinstance(driver.top, ReplaceKeptDialog)
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert isinstance(driver.top, TitleScene) and driver.top.left is not None


def test_start_a_new_one_counts_the_kept_game_as_abandoned_and_plays(tmp_path: Path) -> None:
    kept = _kept_solitaire(tmp_path / "data")
    driver = _title(tmp_path)
    _press(driver, "title.play_easy")
    assert isinstance(driver.top, ReplaceKeptDialog)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN, text="\r")
    driver.frames(3)
    table = driver.top
    assert isinstance(table, GameScene) and table.game.rules == EASY
    assert table.game.code != kept.code or not table.game.log
    figures = driver.app.records.stats.get(rules_key(CLASSIC))
    assert (figures.played, figures.won) == (1, 0)  # the kept Classic game, abandoned
    (row,) = driver.app.records.journal.history()
    assert (row.code, row.outcome, row.moves) == (kept.code, "abandoned", kept.moves)


def test_no_question_without_a_kept_game(tmp_path: Path) -> None:
    driver = _title(tmp_path)
    _press(driver, "title.play_easy")
    assert isinstance(driver.top, GameScene)


def test_a_new_deal_from_the_table_does_not_ask(tmp_path: Path) -> None:
    """The table's own game is the kept one: leaving it settles it as before."""
    driver = _title(tmp_path)
    _press(driver, "title.play_classic")
    driver.act(Action.draw())
    table = driver.table
    table.new_deal()
    driver.frames(3)
    assert isinstance(driver.top, GameScene) and driver.top is not table
    assert driver.app.records.stats.get(rules_key(CLASSIC)).played == 1


def test_a_six_card_deal_over_a_kept_six_card_game_asks(tmp_path: Path) -> None:
    kept = _kept_six(tmp_path / "data")
    driver = _title(tmp_path)
    driver.app.flow.play_six_card(SixSetup())
    driver.frames(2)
    assert isinstance(driver.top, ReplaceKeptDialog) and driver.top.kind == "six"
    driver.key(pygame.K_RETURN, text="\r")  # keep it
    driver.frames(2)
    assert isinstance(driver.top, TitleScene) and driver.top.left is not None
    assert driver.top.left.kind == "six"
    driver.app.flow.play_six_card(SixSetup())
    driver.frames(2)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN, text="\r")
    driver.frames(3)
    table = driver.top
    assert isinstance(table, SixTableScene) and table.match.log != kept.log
    (row,) = driver.app.records.journal.history()  # the kept game, counted as abandoned
    assert (row.game, row.code, row.outcome) == ("six-card", kept.code, "abandoned")
    assert row.moves == len(kept.log)


def test_a_solitaire_game_leaves_a_kept_six_card_game_alone(tmp_path: Path) -> None:
    """Different kinds are kept side by side: no question, the six-card game stays kept."""
    kept = _kept_six(tmp_path / "data")
    driver = _title(tmp_path)
    _press(driver, "title.play_easy")
    assert isinstance(driver.top, GameScene)
    (six,) = _kept(driver, "six-card")
    assert six.actions == tuple(str(a) for a in kept.log)


def test_a_new_round_over_a_kept_round_asks(tmp_path: Path) -> None:
    driver = _title(tmp_path)
    kept = driver.app.records.new_round(99, CLASSIC, 9)
    driver.app.scenes.push(RoundSetupScene(driver.app))
    driver.frames(2)
    setup = driver.top
    assert isinstance(setup, RoundSetupScene)
    setup.start()
    driver.frames(2)
    assert isinstance(driver.top, ReplaceKeptDialog) and driver.top.kind == "round"
    driver.top.keep()
    driver.frames(2)
    assert driver.app.records.saved_round is kept
    setup.start()
    driver.frames(2)
    dialog = driver.top
    assert isinstance(dialog, ReplaceKeptDialog)
    dialog.confirm()
    driver.frames(3)
    table = driver.top
    assert isinstance(table, RoundGameScene) and table.round is not kept
    assert driver.app.records.saved_round is table.round


def test_the_dialog_reads_in_french(tmp_path: Path) -> None:
    _kept_solitaire(tmp_path / "data")
    driver = _title(tmp_path, lang="fr")
    _press(driver, "title.play_easy")
    texts = driver.app.texts
    assert texts("replace.title") == "Votre partie en cours sera perdue."
    assert texts("replace.keep") == "La garder"
    driver.frames(1)  # drawn without a missing text


def test_common_system_errors_are_told_in_the_players_language() -> None:
    notice = StoreNotice(
        "unwritable",
        "stats.json",
        "store.label.statistics",
        detail="Permission denied",
        error_no=errno.EACCES,
    )
    assert "accès refusé" in notice.text("fr") and "Permission" not in notice.text("fr")
    assert "permission denied" in notice.text("en")
    full = StoreNotice("unwritable", "stats.json", "", detail="x", error_no=errno.ENOSPC)
    assert "plus de place sur le disque" in full.text("fr")
    odd = StoreNotice("unwritable", "stats.json", "", detail="Odd failure", error_no=errno.EIO)
    assert "Odd failure" in odd.text("fr")  # any other reason: as the system gives it


def test_the_question_is_said_before_its_buttons(tmp_path: Path) -> None:
    _kept_solitaire(tmp_path / "data")
    driver = _title(tmp_path)
    voice = RecordingVoice()
    driver.app.speech = Speech(lambda: voice)
    driver.app.change_settings(driver.app.settings.with_(speak=True), save=False)
    _press(driver, "title.play_easy")
    driver.frames(2)
    question = (
        "Your game in play will be lost. The solitaire game kept for Continue counts as "
        "abandoned in the statistics. Start a new one?"
    )
    assert question in voice.texts
    assert voice.texts[voice.texts.index(question) + 1 :] == ["Keep it"]


def test_the_daily_deal_over_a_kept_game_asks(tmp_path: Path) -> None:
    _kept_solitaire(tmp_path / "data")
    driver = _title(tmp_path)
    play_daily(driver.app, "E")
    driver.frames(2)
    assert isinstance(driver.top, ReplaceKeptDialog)
    driver.top.confirm()
    driver.frames(3)
    assert isinstance(driver.top, GameScene) and driver.top.game.code is not None


def test_a_game_named_on_the_command_line_asks_and_keep_it_shows_the_title(
    tmp_path: Path,
) -> None:
    _kept_solitaire(tmp_path / "data")
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(
        config_dir=tmp_path / "config", data_dir=tmp_path / "data", seed=7, code="GO1-E-AAAAAAB"
    )
    app = build_app(window, screen)
    first_scene(app, window)
    driver = Driver(app)
    dialog = driver.top
    assert isinstance(dialog, ReplaceKeptDialog) and app.scenes.stack == [dialog]
    driver.frames(1)  # drawn alone, over the felt
    dialog.keep()
    driver.settle()  # the title fades in
    title = driver.top
    assert isinstance(title, TitleScene) and title.left is not None


def test_the_options_not_saved_say_why_in_french(tmp_path: Path) -> None:
    driver = _title(tmp_path, lang="fr")
    app = driver.app

    def refused(_settings: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    app.store.save = refused  # type: ignore[method-assign]
    notice = app.change_settings(app.settings.with_(four_colour=True))
    assert notice is not None
    said = app.texts.notice(notice)
    assert "accès refusé" in said and "Permission denied" not in said
