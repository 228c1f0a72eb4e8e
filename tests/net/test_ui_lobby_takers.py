"""The lobby takes every message of the server and every event of the link from one table
(``NetLobbyScene.takers``, issue 34 item 6), as the network table does (``NetTableScene.takers``):
a missing class would fail at its first arrival, so the table is checked whole, and what each
entry does is checked on messages as a client decodes them, without a network."""

from __future__ import annotations

from pathlib import Path

import pytest

from golf.sixcard.game import new_game
from golf.sixcard.rules import SixRules
from golf.sixcard.view import seat_view
from golfnet.client import Client
from golfnet.link import Back, Event, Failed, Lost
from golfnet.protocol import TO_CLIENT, ToServer, view_data
from scenes.core.manager import App
from scenes.sixcard.lobby import NetLobbyScene
from scenes.sixcard.nettable import NetTableScene
from tests.net_windows import net_app
from tests.netplay import wire

pytestmark = pytest.mark.window  # the network's screens, in a window

RULES = SixRules()
CODE = "ABCDEFGHJ"


class Link:
    """What the lobby asks of a link: its client, what arrived, what it sent."""

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


def _room() -> dict[str, object]:
    seat = {"ready": True, "connected": True, "gone": False}
    return {
        "type": "room",
        "code": CODE,
        "seats": [
            {"name": "Ann", "kind": "person", "level": "medium", **seat},
            {"name": "", "kind": "computer", "level": "hard", **seat},
        ],
        "rules": RULES.to_dict(),
        "timer": 0.0,
        "host": 0,
        "started": False,
    }


def _lobby(tmp_path: Path, lang: str = "en") -> tuple[App, NetLobbyScene, Link]:
    """A lobby seated at a room through a stand-in link (the client told its seat and room)."""
    app = net_app(tmp_path, lang)
    lobby = NetLobbyScene(app)
    app.scenes.reset(lobby, fade=False)
    app.scenes.apply_pending()
    client = Client(None)  # type: ignore[arg-type]
    link = Link(client)
    lobby.link = link  # type: ignore[assignment]
    for data in ({"type": "welcome", "code": CODE, "seat": 0, "token": "t" * 24}, _room()):
        message = wire(data)
        client.take_in(message)  # as the link's client takes each in before handing it over
        link.inbox.append(message)
    return app, lobby, link


def _first_update(link: Link) -> Event:
    """The game's first update, taken in by the link's client as the link does."""
    update = wire(
        {
            "type": "update",
            "at": 0,
            "view": view_data(seat_view(new_game(7, 2, RULES), 0)),
            "last": None,
            "deadline": None,
        }
    )
    link.client.take_in(update)
    return update


def test_the_lobby_s_table_has_every_message_and_link_event(tmp_path: Path) -> None:
    _app, lobby, _link = _lobby(tmp_path)
    assert set(lobby.takers) == {*TO_CLIENT.classes, Lost, Back, Failed}


def test_the_welcome_and_the_room_change_only_what_the_client_keeps(tmp_path: Path) -> None:
    _app, lobby, link = _lobby(tmp_path)
    lobby.update(1 / 60)
    assert link.inbox == [] and lobby.message == ""
    assert lobby.hosts()  # the first seat: the host's, with its Start button
    assert lobby.start_button in lobby.form.items


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_error_a_failure_and_a_lost_connection_are_said_in_the_player_s_words(
    tmp_path: Path, lang: str
) -> None:
    app, lobby, link = _lobby(tmp_path, lang)
    lobby.update(1 / 60)
    link.inbox.append(wire({"type": "error", "error": "full", "text": "the room is full"}))
    lobby.update(1 / 60)
    assert lobby.message == app.texts("net.error.full") != "the room is full"
    link.inbox.append(Failed(why="no_server", text="connection refused"))
    lobby.address = "example.org:8765"
    lobby.update(1 / 60)
    assert lobby.message == app.texts("net.lobby.no_server", address="example.org:8765")
    link.inbox.append(Lost(final=True))
    lobby.update(1 / 60)  # seated (the client has its token): the connection was lost
    assert lobby.message == app.texts("net.table.lost", address="example.org:8765")


def test_the_first_update_hands_the_link_to_the_table(tmp_path: Path) -> None:
    app, lobby, link = _lobby(tmp_path)
    lobby.update(1 / 60)
    update = _first_update(link)
    link.inbox.append(update)
    lobby.update(1 / 60)
    app.scenes.apply_pending()
    assert lobby.link is None and not link.closed
    table = app.scenes.top
    assert isinstance(table, NetTableScene) and table.link is link


def test_what_follows_the_first_update_in_the_same_frame_goes_to_the_table(
    tmp_path: Path,
) -> None:
    """The table opens on the client's latest view; a lost connection (or a game over) that
    arrived in the same frame as the first update is the table's, not dropped."""
    app, lobby, link = _lobby(tmp_path)
    lobby.update(1 / 60)
    update = _first_update(link)
    link.inbox += [update, Lost(final=False)]
    lobby.update(1 / 60)
    app.scenes.apply_pending()
    table = app.scenes.top
    assert isinstance(table, NetTableScene) and table.link is link
    assert table.status.lost  # the Lost reached the table
    assert link.inbox == []
