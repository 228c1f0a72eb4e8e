"""Six-card Golf by ear: each action said (whose turn, your grid, the discard), refusals, nothing
hidden said, and the D key's whole table — in both languages, through a recording voice."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from golf.core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card, card_name
from golf.sixcard.actions import Action
from golf.sixcard.announce import Seats, action_said, table_said
from golf.sixcard.game import Match, Refused, State, apply, replace
from golf.sixcard.rules import base_card
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.board_text import BoardTextScene
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop
from scenes.core.speech import RecordingVoice, Speech
from scenes.sixcard.setup import HUMAN, SixSetup
from scenes.sixcard.table import SixTableScene

YOU = (
    card(1, CLUBS),
    card(7, HEARTS),
    card(13, SPADES),
    card(4, DIAMONDS),
    card(9, CLUBS),
    card(2, SPADES),
)
ANN = (
    card(3, HEARTS),
    card(3, SPADES),
    card(10, CLUBS),
    card(12, HEARTS),
    card(6, CLUBS),
    card(8, DIAMONDS),
)
LINE = ["take discard", "replace 1 3", "take stock", "discard flip 2 3", "take stock", "take stock"]

SAID_EN = [
    "You take 5 of clubs from the discard.",
    "You put 5 of clubs at row 1, column 3 and discard king of spades. Ann to play.",
    "Ann draws from the stock.",
    "Ann discards king of hearts and turns up 8 of diamonds, row 2, column 3. Your turn. "
    "Discard: king of hearts. Your grid: row 1: ace of clubs, 7 of hearts, 5 of clubs; "
    "row 2: face down, face down, face down.",
    "You draw jack of diamonds.",
    "You hold a card: put it in your grid or discard it.",
]
SAID_FR = [
    "Vous prenez 5 de trèfle dans la défausse.",
    "Vous placez 5 de trèfle rangée 1, colonne 3 et défaussez roi de pique. À Ann de jouer.",
    "Ann pioche.",
    "Ann défausse roi de cœur et retourne 8 de carreau, rangée 2, colonne 3. À vous. "
    "Défausse : roi de cœur. Votre grille : rangée 1 : as de trèfle, 7 de cœur, "
    "5 de trèfle ; "
    "rangée 2 : cachée, cachée, cachée.",
    "Vous piochez valet de carreau.",
    "Vous tenez une carte : placez-la dans votre grille ou défaussez-la.",
]


def _turn() -> State:
    """Two seats in the middle of a hole: you (seat 0) to move, two cards up each."""
    start = Match.new(1, 2).state
    return replace(
        start,
        phase="turn",
        to_move=0,
        seats=(0, 1),
        grids=(YOU, ANN),
        up=(0b000011, 0b010001),
        peeked=(0, 0),
        discard=(card(5, CLUBS),),
        stock=(card(13, HEARTS), card(11, DIAMONDS)),
        drawn=None,
        drawn_from=None,
    )


def _said(seats: Seats, lang: str) -> list[str]:
    state, said = _turn(), []
    for token in LINE:
        action = Action.parse(token)
        try:
            after = apply(state, action)
        except Refused as refused:
            said.append(action_said(state, state, action, seats, lang, refused.text(lang)))
            continue
        said.append(action_said(state, after, action, seats, lang))
        state = after
    return said


@pytest.mark.parametrize(("lang", "expected"), [("en", SAID_EN), ("fr", SAID_FR)])
def test_each_action_is_said_with_whose_turn_your_grid_and_the_discard(
    lang: str, expected: list[str]
) -> None:
    names = ("You", "Ann") if lang == "en" else ("Vous", "Ann")
    assert _said(Seats(names, you=0, private=0), lang) == expected


def test_a_card_drawn_by_another_is_not_said() -> None:
    """Watched from Ann's seat (two people at one screen): your stock card stays unsaid."""
    said = _said(Seats(("Player 1", "Player 2"), you=None, private=1), "en")
    assert said[4] == "Player 1 draws from the stock."


def test_the_whole_table_in_words() -> None:
    text = table_said(_turn(), Seats(("You", "Ann"), you=0, private=0))
    assert text == (
        "Hole 1 of 9. Stock: 2 cards. Discard: 5 of clubs. You: row 1: ace of clubs, "
        "7 of hearts, face down; row 2: face down, face down, face down. Ann: row 1: "
        "3 of hearts, face down, face down; row 2: face down, 6 of clubs, face down. Your turn."
    )
    french = table_said(_turn(), Seats(("Vous", "Ann"), you=0, private=0), "fr")
    assert french.startswith("Trou 1 sur 9. Pioche : 2 cartes. Défausse : 5 de trèfle. Vous :")


# --- the window ----------------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(config_dir=tmp_path, seed=7, replays_dir=tmp_path / "r")
    built = build_app(window, screen)
    built.change_settings(built.settings.with_(animation="fast", speak=True), save=False)
    first_scene(built, window)
    yield built
    pygame.event.clear()


def _key(loop: Loop, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    loop.step(pygame.event.get(), 0.1)


def _table_heard(app: App) -> tuple[SixTableScene, RecordingVoice, Loop]:
    """You and an easy computer at a table that speaks through a recording voice; its loop."""
    voice = RecordingVoice()
    app.speech = Speech(lambda: voice)
    app.speech.configure(on=True)
    table = SixTableScene(app, SixSetup(players=2, kinds=(HUMAN,) + ("easy",) * 5, number=1))
    app.scenes.reset(table, fade=False)
    return table, voice, Loop(app)


def _play_until(loop: Loop, table: SixTableScene, done: Callable[[], bool], frames: int) -> None:
    """Run the table until ``done`` (at most ``frames`` steps): the computers play on their
    own, the person turns up a face-down card by its digit key whenever asked to act."""
    for _ in range(frames):
        if done():
            return
        if table.person_to_act is None:
            loop.step([], 0.1)
        else:
            down = table.state.face_down_slots(0)[0]
            _key(loop, getattr(pygame, f"K_{down + 1}"), str(down + 1))


def test_the_table_speaks_and_d_reads_it(app: App) -> None:
    table, voice, loop = _table_heard(app)
    loop.step([], 0.1)
    first = voice.texts[0]  # whoever the cut makes first
    assert first.startswith("Your turn. Your grid: row 1: face down") or first.endswith(" to play.")
    _play_until(loop, table, lambda: table.state.phase != "opening", 600)  # the opening
    assert any(t.startswith("You turn up ") for t in voice.texts)
    _key(loop, pygame.K_d, "d")
    panel = app.scenes.top
    assert isinstance(panel, BoardTextScene)
    names = tuple(table.name(s) for s in range(2))
    assert panel.text == table_said(table.state, Seats(names, 0, 0))
    assert pygame.scrap.get_text() == panel.text
    assert voice.texts[-1] == panel.text


def test_the_cursor_is_read_so_the_discard_is_found_by_ear(app: App) -> None:
    table, voice, loop = _table_heard(app)
    # to the person's first turn after the opening
    _play_until(
        loop, table, lambda: table.state.phase == "turn" and table.person_to_act is not None, 900
    )
    for _ in range(60):  # let the computers' words be heard
        app.speech.pump()
    top = table.state.discard_top
    assert top is not None
    heard = f"Discard: {card_name(base_card(top))}."
    _key(loop, pygame.K_RIGHT)  # the first arrow shows the cursor (on the stock)
    assert voice.texts[-1].startswith("Stock, ")
    for _ in range(8):
        if voice.texts[-1] == heard:
            break
        _key(loop, pygame.K_RIGHT)
    assert voice.texts[-1] == heard
    _key(loop, pygame.K_RETURN)
    assert voice.texts[-1] == f"You take {card_name(base_card(top))} from the discard."
