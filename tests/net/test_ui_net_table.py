"""The network table without a network: a whole game's updates for one seat, as a server sends
them, fed to the table through a stand-in link. The table follows every action (its state gives
the seat's view back at every update), shows the final standings for everyone once the game is
over, saves the record of play as a replay that verifies, says aloud what a local table would
say to that seat, and sends the person's own actions with the update they were chosen on."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from golf.replay_files import verify_file
from golf.sixcard.actions import TAKE_STOCK_ACTION, Action
from golf.sixcard.ai import make_opponent
from golf.sixcard.announce import Seats, action_said
from golf.sixcard.game import State, apply, new_game
from golf.sixcard.rules import SixRules
from golf.sixcard.view import seat_view
from golfnet.client import Client
from golfnet.link import Back, Event, Failed, Lost
from golfnet.protocol import TO_CLIENT, Act, Last, ToClient, ToServer, last_for, view_data
from scenes.app import WindowOptions, build_app
from scenes.core.input import Intent, Kind
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop
from scenes.core.speech import RecordingVoice, Speech
from scenes.sixcard.netshow import NetPauseMenu, NetScoreboard
from scenes.sixcard.nettable import NetTableScene
from tests.netplay import wire

pytestmark = pytest.mark.window  # the network's screens, in a window


RULES = SixRules(knock=True)


class Link:
    """What the table asks of a link: its client, what arrived, what it sent."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.inbox: list[Event] = []
        self.sent: list[ToServer] = []
        self.closed = False

    def poll(self) -> list[Event]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, message: ToServer) -> None:
        self.sent.append(message)

    def close(self) -> None:
        self.closed = True


def _app(folder: Path) -> App:
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(config_dir=folder, seed=7, lang="en", replays_dir=folder / "r")
    return build_app(window, screen)


def _game(seed: int) -> tuple[State, list[tuple[State, Action, int | None]]]:
    """A whole two-seat game by two computers: the start, then each state with its action."""
    rng = random.Random(seed)
    state = new_game(rng.randrange(26**7), 2, RULES)
    start, steps = state, []
    bots = [make_opponent("medium", rng.randrange(2**32)) for _ in range(2)]
    while state.phase != "game_over":
        seat = state.to_move
        if state.phase == "hole_over":
            action = Action("next hole")
        else:
            assert seat is not None
            action = bots[seat].decide(seat_view(state, seat))
        after = apply(state, action)
        steps.append((after, action, seat))
        state = after
    return start, steps


def _update(state: State, at: int, last: dict[str, object] | None, opening: bool) -> ToClient:
    return wire(
        {
            "type": "update",
            "at": at,
            "view": view_data(seat_view(state, 0)),
            "last": last_for(last, 0, opening),
            "deadline": 12.0,
        }
    )


def _room(code: str) -> ToClient:
    return wire(_room_data(code))


def _room_data(code: str) -> dict[str, Any]:
    seat = {"ready": True, "connected": True, "gone": False}
    return {
        "type": "room",
        "code": code,
        "seats": [
            {"name": "Ann", "kind": "person", "level": "medium", **seat},
            {"name": "", "kind": "computer", "level": "hard", **seat},
        ],
        "rules": RULES.to_dict(),
        "timer": 12.0,
        "host": 0,
        "started": True,
    }


def _table(tmp_path: Path, start: State) -> tuple[App, Loop, NetTableScene, Link]:
    app = _app(tmp_path)
    client = Client(None)  # type: ignore[arg-type]
    client.take_in(wire({"type": "welcome", "code": "ABCDEFGHJ", "seat": 0, "token": "t" * 24}))
    client.take_in(_room("ABCDEFGHJ"))
    client.take_in(_update(start, 0, None, True))
    link = Link(client)
    table = NetTableScene(app, link)  # type: ignore[arg-type]
    app.scenes.reset(table, fade=False)
    return app, Loop(app), table, link


def test_a_whole_game_is_followed_to_the_final_standings_and_its_replay_saved(
    tmp_path: Path,
) -> None:
    start, steps = _game(3)
    app, loop, table, link = _table(tmp_path, start)
    voice = RecordingVoice()
    app.speech = Speech(lambda: voice)
    app.change_settings(app.settings.with_(speak=True), save=False)
    app.speech.configure(on=True)
    loop.step([], 1 / 60)
    state = start
    seats = Seats(("You", "Birdie"), you=0, private=0)
    for at, (after, action, seat) in enumerate(steps, 1):
        last = {"seat": seat, "action": str(action), "auto": False}
        link.inbox.append(_update(after, at, last, state.phase == "opening"))
        said = len(voice.texts)
        table.listen()
        mirrored = seat_view(table.state, 0)
        assert table.view == seat_view(after, 0)
        assert dataclasses.replace(mirrored, rules=table.view.rules) == table.view
        # what is said aloud is what the local table would say to this seat, word for word
        assert voice.texts[said:] == [action_said(state, after, action, seats)]
        state = after
    assert table.state.phase == "game_over"
    log = [str(a) for _s, a, _seat in steps]
    record = {
        "code": start.code,
        "actions": log,
        "times": [1.0] * len(log),
        "seats": ["Ann", "computer (hard)"],
    }
    link.inbox.append(wire({"type": "over", "record": record}))
    for _ in range(600):
        loop.step([], 1 / 30)
        if isinstance(app.scenes.top, NetScoreboard):
            break
    board = app.scenes.top
    assert isinstance(board, NetScoreboard) and board.final
    assert [table.name(s) for s in range(2)] == ["You", "Birdie"]
    surface = pygame.Surface(SCREEN_SIZE)
    app.scenes.draw(surface)  # the standings over the table
    saved = list((tmp_path / "r").glob("six-card-net-*.yaml"))
    assert len(saved) == 1 and table.status.saved == saved[0].name
    assert verify_file(saved[0]) == []
    # where it was saved: in the final standings, above their buttons (too long for the HUD)
    assert board.saved_line() == f"Replay saved: {saved[0].name}"
    assert table.status.line()[0] == ""
    assert board.menu.buttons[0].rect.bottom == board.panel.bottom - 28


def test_the_person_s_action_is_sent_once_with_the_update_it_was_chosen_on(
    tmp_path: Path,
) -> None:
    start, steps = _game(5)
    _app, _loop, table, link = _table(tmp_path, start)
    # play the updates until it is this seat's turn to take a card
    for at, (after, action, seat) in enumerate(steps, 1):
        last = {"seat": seat, "action": str(action), "auto": False}
        link.inbox.append(_update(after, at, last, False))
        table.listen()
        if after.phase == "turn" and after.to_move == 0 and after.drawn is None:
            break
    table.cards.land()
    assert table.person_to_act == 0
    table.handle(Intent(Kind.DRAW))  # Space: the stock
    table.handle(Intent(Kind.DRAW))  # again before the server answered: not sent twice
    assert link.sent == [Act(action=str(TAKE_STOCK_ACTION), at=table.at)]
    assert table.person_to_act is None  # waiting for the server
    link.inbox.append(wire({"type": "refused", "reason": "stale", "text": "too late"}))
    table.listen()
    assert table.person_to_act == 0  # refused: the person may act again
    assert table.toasts  # and is told why


def test_esc_opens_the_network_menu_whose_way_out_leaves_the_game(tmp_path: Path) -> None:
    start, _steps = _game(7)
    app, loop, table, link = _table(tmp_path, start)
    loop.step([], 1 / 60)
    table.handle(Intent(Kind.CANCEL))
    loop.step([], 1 / 60)
    menu = app.scenes.top
    assert isinstance(menu, NetPauseMenu)
    assert [key for key, _do, _style in menu.choices()] == [
        "pause.resume",
        "title.options",
        "net.table.leave_game",
    ]
    menu.choices()[-1][1]()  # type: ignore[operator]
    for _ in range(60):  # the fade to the title
        loop.step([], 1 / 30)
    assert link.closed
    assert not any(isinstance(s, NetTableScene) for s in app.scenes.stack)


def _people(gone: bool, connected: bool = True) -> ToClient:
    """The room of two people (Ann here, Bob there), Bob gone or not, connected or not."""
    room = _room_data("ABCDEFGHJ")
    bob = {"name": "Bob", "kind": "person", "level": "medium", "ready": True}
    room["seats"][1] = {**bob, "connected": connected and not gone, "gone": gone}
    return wire(room)


def test_a_person_who_left_is_said_once_and_is_not_said_to_run_out_of_time(
    tmp_path: Path,
) -> None:
    start, _steps = _game(11)
    app, _loop, table, link = _table(tmp_path, start)
    texts = {
        "en": ("Bob left the game: a computer plays for them", "Bob ran out of time"),
        "fr": ("Bob a quitté la partie : l'ordinateur joue à sa place", "Bob n'avait plus"),
    }
    client = table.link.client
    assert client is not None
    for lang in ("en", "fr"):
        app.change_settings(app.settings.with_(language=lang), save=False)
        left, out_of_time = texts[lang]
        table.status.left.clear()
        here = _people(False)
        client.take_in(here)
        link.inbox.append(here)
        table.toasts = []
        table.listen()
        assert table.toasts == []  # nobody left
        # said when the room first shows Bob gone, and not again
        gone = _people(True)
        client.take_in(gone)
        link.inbox.extend([gone, gone])
        table.listen()
        assert [t.text for t in table.toasts] == [left]
        table.toasts = []
        link.inbox.append(gone)
        table.listen()
        assert table.toasts == []
        # Bob's moves, played by the computer now, come with auto false: nothing about time
        table.status.updated(12.0, Last(seat=1, action="x", auto=False), 0, gone)
        assert table.toasts == []
        # a person out of time is said so; one whose connection is lost, as such
        table.status.updated(12.0, Last(seat=1, action="x", auto=True), 0, here)
        assert table.toasts[-1].text.startswith(out_of_time)
        away = _people(False, connected=False)
        table.status.updated(12.0, Last(seat=1, action="x", auto=True), 0, away)
        said = table.toasts[-1].text
        assert "Bob" in said and not said.startswith(out_of_time) and said != left


def test_the_table_takes_every_message_and_link_event_from_one_table(tmp_path: Path) -> None:
    start, _steps = _game(5)
    _app, loop, table, link = _table(tmp_path, start)
    assert set(table.takers) == {*TO_CLIENT.classes, Lost, Back, Failed}
    link.inbox.extend([Lost(final=False), Back(), wire({"type": "bye", "reason": "replaced"})])
    table.listen()
    loop.step([], 1 / 60)
    assert not table.status.lost and table.status.back_left > 0  # lost, then back
