"""Spoken and written positions on the solitaire table: the sentences said after each action (both
languages), the D key (panel, clipboard, read aloud), the "speak" option, a machine without a
speech engine, and a real engine speaking into a file where this machine has one."""

from __future__ import annotations

import importlib.util
import shutil
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.core.cards import CLUBS, HEARTS, SPADES, card
from golf.solitaire.announce import action_said, plays_said, start_said
from golf.solitaire.describe import describe
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import STRICT
from scenes.core import speech
from scenes.core.board_text import BoardTextScene
from scenes.core.settings import Settings, SettingsStore
from scenes.core.speech import (
    CommandVoice,
    RecordingVoice,
    Speech,
    Voice,
    find_voice,
    focused_label,
)
from scenes.core.widgets import Form
from scenes.highscores import InitialsScene
from scenes.options import OptionsScene
from scenes.replays import ReplaysScene
from scenes.solitaire.game import GameScene
from scenes.solitaire.newgame import CodeField
from scenes.solitaire.round import ScorecardScene
from scenes.solitaire.tutorial import TutorialScene
from tests import seeds_example as seeds
from tests.engine.test_engine import seeds_game
from tests.ui_driver import Driver, make_driver
from tests.window.test_ui_round import _open_round_setup_by_keys as open_round_setup_by_keys

START_EN = (
    "New game, Easy rules. Waste: ace of clubs. No card plays: draw. "
    "Press D to hear the whole board."
)
DRAW_EN = "Drawn: 8 of spades. Stock: 15 cards. Plays: column 5, 9 of clubs."
PLAY_EN = (
    "9 of clubs from column 5 onto the waste. Column 5 now shows 8 of hearts. "
    "Plays: column 2, 8 of clubs; column 5, 8 of hearts; column 6, 8 of diamonds."
)
UNDO_EN = "Undone: 9 of clubs back to column 5. Waste: 8 of spades. Plays: column 5, 9 of clubs."
REFUSED_EN = "Must be one rank higher or lower."

START_FR = (
    "Nouvelle partie, règles Facile. Défausse : as de trèfle. "
    "Aucune carte ne se joue : piochez. "
    "D lit toute la table."
)
DRAW_FR = "Pioché : 8 de pique. Pioche : 15 cartes. Jouables : colonne 5, 9 de trèfle."
PLAY_FR = (
    "9 de trèfle de la colonne 5 sur la défausse. La colonne 5 montre 8 de cœur. "
    "Jouables : colonne 2, 8 de trèfle ; colonne 5, 8 de cœur ; colonne 6, 8 de carreau."
)
UNDO_FR = (
    "Annulé : 9 de trèfle revient dans la colonne 5. Défausse : 8 de pique. "
    "Jouables : colonne 5, 9 de trèfle."
)
REFUSED_FR = "Doit être d'un rang supérieur ou inférieur."


def _speaking(ui: Driver, voice: RecordingVoice | None) -> None:
    """Speech on, through ``voice`` (None: a machine without any engine)."""
    ui.app.speech = Speech(lambda: voice)
    ui.app.change_settings(ui.app.settings.with_(speak=True), save=False)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(None, tmp_path)
    pygame.event.clear()


@pytest.fixture
def ui_fr(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(None, tmp_path, lang="fr")
    pygame.event.clear()


@pytest.fixture
def voice(ui: Driver) -> RecordingVoice:
    """Speech on in ``ui``'s window, through a voice that keeps what it is told."""
    heard = RecordingVoice()
    _speaking(ui, heard)
    return heard


def _seeds_table(ui: Driver) -> GameScene:
    ui.frames(2)
    ui.app.flow.start_game(seeds_game())
    ui.settle()
    table = ui.top
    assert isinstance(table, GameScene)
    return table


def _options_on_speak(ui: Driver) -> OptionsScene:
    """The options window over the title, its focus moved to Speak by the keyboard, as a
    player without the screen moves it."""
    ui.frames(2)
    ui.app.flow.open_options()
    ui.frames(2)
    options = ui.top
    assert isinstance(options, OptionsScene)
    keys = [getattr(item, "key", "") for item in options.form.items]
    for _ in range(keys.index("options.speak")):
        ui.key(pygame.K_DOWN)
    return options


# --- the sentences, without a window -------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", [DRAW_EN, PLAY_EN, UNDO_EN, REFUSED_EN]),
        ("fr", [DRAW_FR, PLAY_FR, UNDO_FR, REFUSED_FR]),
    ],
)
def test_each_action_is_said_in_both_languages(lang: str, expected: list[str]) -> None:
    game = seeds_game()
    said = []
    for action in (Action.draw(), Action.play(5), Action.undo(), Action.play(1)):
        before = game.position
        refusal = game.apply(action)
        text = refusal.text(lang) if refusal is not None else None
        said.append(action_said(before, game.position, action, game.rules, lang, text))
    assert said == expected


def test_the_start_is_said_in_both_languages() -> None:
    game = seeds_game()
    assert start_said(None, "Easy", game.position, game.rules, "en") == START_EN
    assert start_said(None, "Facile", game.position, game.rules, "fr") == START_FR
    assert start_said("GO1-E-AAAAAAB", "Easy", game.position, game.rules).startswith(
        "New game GO1-E-AAAAAAB, Easy rules."
    )


def test_the_end_is_said() -> None:
    ace, two, king = card(1, CLUBS), card(2, HEARTS), card(13, SPADES)
    won = Position(((),) * 7, (ace, two), ())
    played = Position(((two,), *((),) * 6), (ace,), ())
    assert action_said(played, won, Action.play(1), STRICT) == (
        "2 of hearts from column 1 onto the waste. Column 1 is empty. All cards cleared: you win!"
    )
    blocked = Position(((king,), *((),) * 6), (ace, two), ())
    assert plays_said(blocked, STRICT, "en") == "No more moves possible."
    assert plays_said(blocked, STRICT, "fr") == "Plus aucun coup possible."
    assert plays_said(won, STRICT, "fr") == "Toutes les cartes sont retirées : gagné !"


# --- the window ----------------------------------------------------------------------------------


def test_the_table_says_its_game_and_each_action(ui: Driver, voice: RecordingVoice) -> None:
    _seeds_table(ui)
    ui.key(pygame.K_SPACE, text=" ")
    ui.key(pygame.K_5, text="5")
    ui.key(pygame.K_u, text="u")
    ui.key(pygame.K_1, text="1")
    ui.frames(2)
    # the title's focused button first: the menus are read too
    assert voice.texts == ["Play Easy", START_EN, DRAW_EN, PLAY_EN, UNDO_EN, REFUSED_EN]
    assert {lang for _, lang in voice.said} == {"en"}


def test_the_table_speaks_french(ui_fr: Driver) -> None:
    voice = RecordingVoice()
    _speaking(ui_fr, voice)
    _seeds_table(ui_fr)
    ui_fr.key(pygame.K_SPACE, text=" ")
    ui_fr.key(pygame.K_1, text="1")
    ui_fr.frames(2)
    assert voice.said == [
        ("Jouer en Facile", "fr"),
        (START_FR, "fr"),
        (DRAW_FR, "fr"),
        (REFUSED_FR, "fr"),
    ]


def test_nothing_is_said_with_the_option_off(ui: Driver) -> None:
    voice = RecordingVoice()
    ui.app.speech = Speech(lambda: voice)
    _seeds_table(ui)
    ui.key(pygame.K_SPACE, text=" ")
    ui.key(pygame.K_d, text="d")
    ui.frames(2)
    assert voice.said == []


def test_d_shows_copies_and_reads_the_board(ui: Driver, voice: RecordingVoice) -> None:
    _seeds_table(ui)
    ui.key(pygame.K_d, text="d")
    ui.frames(2)
    panel = ui.top
    assert isinstance(panel, BoardTextScene)
    assert panel.text == seeds.INITIAL_EN == describe(seeds_game().position)
    assert pygame.scrap.get_text() == seeds.INITIAL_EN
    assert voice.texts[-1] == seeds.INITIAL_EN
    assert panel.lines[0] == "Stock: 16 cards;"  # one line a part, a column a line
    ui.key(pygame.K_ESCAPE)
    ui.frames(2)
    assert isinstance(ui.top, GameScene)


def test_d_in_french_gives_the_seeds_french_text(ui_fr: Driver) -> None:
    _seeds_table(ui_fr)
    ui_fr.key(pygame.K_d, text="d")
    ui_fr.frames(2)
    assert pygame.scrap.get_text() == seeds.INITIAL_FR
    assert isinstance(ui_fr.top, BoardTextScene)


def test_without_a_speech_engine_the_game_says_so_once_and_goes_on(ui: Driver) -> None:
    _speaking(ui, None)
    table = _seeds_table(ui)
    missing = "No speech engine found on this computer: the game goes on silently"
    assert [t.text for t in table.toasts] == [missing]
    table.toasts = []
    ui.key(pygame.K_SPACE, text=" ")
    ui.key(pygame.K_5, text="5")
    ui.frames(2)
    assert table.game.moves == 2
    assert missing not in [t.text for t in table.toasts]


def test_the_speak_option_is_saved_and_read_back_aloud(ui: Driver, tmp_path: Path) -> None:
    voice = RecordingVoice()
    ui.app.speech = Speech(lambda: voice)
    _options_on_speak(ui)  # by keyboard, as a player without the screen
    ui.key(pygame.K_RIGHT)
    ui.frames(1)
    assert ui.app.settings.speak is True
    assert SettingsStore(tmp_path).load()[0].speak is True
    assert voice.texts == ["Speak (D reads the board): On"]
    ui.key(pygame.K_UP)
    ui.frames(1)
    assert voice.texts[-1] == "Winnable indicator: Off"  # the menus are read as the focus moves


def test_the_options_say_once_that_there_is_no_speech_engine(ui: Driver) -> None:
    ui.app.speech = Speech(lambda: None)
    options = _options_on_speak(ui)
    ui.key(pygame.K_RIGHT)
    missing = "No speech engine found on this computer: the game goes on silently"
    assert [t.text for t in options.toasts] == [missing]
    told = options.toasts[0]
    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_RIGHT)
    assert ui.app.settings.speak is True
    assert all(t is told for t in options.toasts)  # not told a second time


def test_the_speak_option_reads_back_and_a_bad_value_is_off(tmp_path: Path) -> None:
    assert Settings().speak is False
    store = SettingsStore(tmp_path)
    store.save(Settings(speak=True))
    assert store.load()[0].speak is True
    store.path.write_text("format: 1\nspeak: loudly\n", encoding="utf-8")
    assert store.load()[0].speak is False


def test_a_real_engine_speaks_into_a_file(tmp_path: Path) -> None:
    voices: list[Voice] = [
        CommandVoice(name, path)
        for name in ("espeak-ng", "espeak")
        if (path := shutil.which(name)) is not None
    ]
    found = find_voice()
    if found is not None:
        voices.insert(0, found)
    path = tmp_path / "board.wav"
    writer = next((v for v in voices if v.save(seeds.INITIAL_EN[:120], "en", path)), None)
    if writer is None:
        pytest.skip(
            "no speech engine here that writes a file (espeak-ng or espeak; Debian: "
            "apt-get install espeak-ng)"
            if not voices
            else f"the speech engines here ({', '.join(v.name for v in voices)}) "
            "cannot write a file"
        )
    with wave.open(str(path)) as sound:
        seconds = sound.getnframes() / sound.getframerate()
    assert seconds > 1.0


class _BusyVoice(RecordingVoice):
    """A voice still saying something until told otherwise."""

    def __init__(self) -> None:
        super().__init__()
        self.speaking = False

    @property
    def busy(self) -> bool:
        return self.speaking


def test_computers_moves_wait_their_turn_and_a_players_own_cuts_in() -> None:
    voice = _BusyVoice()
    speech = Speech(lambda: voice)
    speech.configure(on=True)
    speech.say("Ann draws from the stock.", "en", interrupt=False)
    voice.speaking = True
    speech.say("Ann discards 5 of clubs.", "en", interrupt=False)
    speech.say("Bob draws from the stock.", "en", interrupt=False)
    assert voice.texts == ["Ann draws from the stock."]
    voice.speaking = False
    speech.pump()
    assert voice.texts[-1] == "Ann discards 5 of clubs."
    voice.speaking = True
    speech.say("You draw 7 of hearts.", "en")  # the player's own: at once, the rest dropped
    voice.speaking = False
    speech.pump()
    assert voice.texts[-2:] == ["Ann discards 5 of clubs.", "You draw 7 of hearts."]
    speech.configure(on=False)
    assert speech.say("Unheard.", "en") is False and voice.texts[-1] == "You draw 7 of hearts."


def test_a_whole_game_by_keyboard_and_ear_alone(ui: Driver, voice: RecordingVoice) -> None:
    """A player who sees nothing: the title's menu read aloud, Enter deals, each move chosen
    from the last sentence heard ("Plays: column N…" or "draw"), U takes one back, the result
    and the next menu read, Enter deals again."""
    ui.frames(2)
    assert voice.texts[-1] == "Play Easy"
    ui.key(pygame.K_RETURN)
    ui.settle()
    assert voice.texts[-1].startswith("New game GO1-E-")
    undone = False
    for _ in range(120):
        heard = voice.texts[-1]
        lately = " ".join(voice.texts[-2:])  # the last move's words, then a dialog's button
        if "you win" in lately or "No more moves possible" in lately:
            break
        if "Plays: column " in heard:
            column = heard.split("Plays: column ")[1][0]
            ui.key(getattr(pygame, f"K_{column}"), text=column)
            if not undone:
                undone = True
                ui.key(pygame.K_u, text="u")
                assert voice.texts[-1].startswith("Undone: ")
                ui.key(getattr(pygame, f"K_{column}"), text=column)
        else:
            assert heard.endswith("No card plays: draw.")
            ui.key(pygame.K_SPACE, text=" ")
    else:
        raise AssertionError("the game never ended")
    ui.settle()
    if "No more moves possible" in lately:
        assert voice.texts[-1] == "Undo"  # the blocked dialog's first button
        ui.key(pygame.K_ESCAPE)  # see the result
        ui.frames(3)
    assert any(t.startswith("Score: ") for t in voice.texts)
    if isinstance(ui.top, InitialsScene):  # a fresh table of high scores: this one is on it
        assert any(t.startswith("NEW HIGH SCORE! Place 1") for t in voice.texts[-3:])
        assert voice.texts[-1] == "Letter 1: A, initials A A A"
        ui.type("e")
        ui.frames(1)
        assert voice.texts[-1] == "Letter 2: A, initials E A A"
        ui.type("ar")
        ui.frames(1)
        assert voice.texts[-1] == "OK"
        ui.key(pygame.K_RETURN)  # the table of high scores, its Back button read
        ui.frames(2)
        assert voice.texts[-1] == "Back"
        ui.key(pygame.K_RETURN)
        ui.frames(2)
    assert voice.texts[-1] == "New game"  # the result window's first button
    ui.key(pygame.K_RETURN)
    ui.settle()
    assert voice.texts[-1].startswith("New game GO1-E-")


def test_the_tutorial_reads_each_step_after_the_move(ui: Driver, voice: RecordingVoice) -> None:
    ui.frames(2)
    ui.app.flow.open_tutorial()
    ui.settle()
    tutorial = ui.top
    assert isinstance(tutorial, TutorialScene)
    assert voice.texts[-2].startswith("New game, ")
    assert voice.texts[-1] == tutorial.caption()
    first = tutorial.step
    for _ in range(6):  # through the steps that only explain (Enter goes on)
        if tutorial.current.do is not None:
            break
        ui.key(pygame.K_RETURN)
    assert tutorial.step > first
    assert voice.texts[-1] == tutorial.caption()


def test_the_replays_list_reads_the_selected_replay(ui: Driver, voice: RecordingVoice) -> None:
    ui.frames(2)
    ui.app.flow.open_replays()
    ui.settle()
    replays = ui.top
    assert isinstance(replays, ReplaysScene) and len(replays.entries) > 1
    first = replays.entries[0]
    assert voice.texts[-1] == f"{first.name}, {first.when:%Y-%m-%d}"
    ui.key(pygame.K_DOWN)
    second = replays.entries[1]
    assert voice.texts[-1] == f"{second.name}, {second.when:%Y-%m-%d}"


def test_a_text_field_is_read_with_what_was_typed(ui: Driver) -> None:
    field = CodeField(pygame.Rect(0, 0, 10, 10), "new.code", lambda: None)
    field.text = "GO1-E-AAAAAAB"
    texts = ui.app.texts
    assert focused_label(_WithForm(Form([field])), texts) == f"{texts('new.code')}: GO1-E-AAAAAAB"


class _WithForm:
    def __init__(self, form: Form) -> None:
        self.form = form


def test_a_rounds_scorecard_is_read(ui: Driver, voice: RecordingVoice) -> None:
    setup = open_round_setup_by_keys(ui)
    setup.start()
    ui.settle()
    ui.key(pygame.K_s, text="s")
    ui.frames(2)
    card = ui.top
    assert isinstance(card, ScorecardScene)
    headline, summary = card.headline()[0], card.summary().split("   ·   ")[0]
    assert any(t.startswith(f"{headline}. {summary}.") for t in voice.texts[-2:])


def test_the_voice_found_depends_on_the_system_and_what_it_has(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    have: set[str] = set()
    monkeypatch.setattr(
        speech.shutil, "which", lambda name: f"/usr/bin/{name}" if name in have else None
    )
    assert speech.find_voice("linux") is None
    have.update({"espeak-ng", "say"})
    found = speech.find_voice("linux")
    assert isinstance(found, CommandVoice) and found.name == "espeak-ng"
    have.add("spd-say")  # speech-dispatcher first: the screen reader's own voice
    assert getattr(speech.find_voice("linux"), "name", None) == "spd-say"
    assert getattr(speech.find_voice("darwin"), "name", None) == "say"
    if importlib.util.find_spec("pyttsx3") is None:
        assert speech.find_voice("win32") is None  # no SAPI here: no voice, no error


def test_a_new_sentence_stops_the_command_still_speaking(tmp_path: Path) -> None:
    slow = tmp_path / "espeak-ng"
    slow.write_text("#!/bin/sh\nsleep 30\n", encoding="utf-8")
    slow.chmod(0o755)
    voice = CommandVoice("espeak-ng", str(slow))
    voice.say("A long sentence.", "en")
    first = voice._speaking
    assert first is not None and voice.busy
    voice.say("Cut in.", "en")
    assert first.poll() is not None  # stopped
    assert voice.busy
    voice.close()
    assert not voice.busy
