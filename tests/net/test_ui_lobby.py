"""The lobby and the room form without a window: a host chooses the room on the setup form
(players, seats, computers and their level, rules, holes, pace, turn timer) by keys, creates
it, a guest joins by address and code and gets ready, the host starts, and both tables start
the game with exactly those options; the arrows, the pad and typing move and fill the lobby as
in the other menus."""

from __future__ import annotations

from pathlib import Path

import pytest

from golf.sixcard.pace import PACES
from golf.sixcard.rules import SixRules
from golf.sixcard.seating import SixSetup
from golf.sixcard.view import seat_view
from golf.sixcard.wide import is_wide
from scenes.core.input import Intent, Kind
from scenes.core.manager import Loop
from scenes.core.widgets import Choice
from scenes.sixcard.lobby import LobbyField, NetLobbyScene
from scenes.sixcard.netroom import NetRoomScene, RoomChoice
from scenes.sixcard.nettable import NetTableScene
from scenes.sixcard.setup import SixSetupScene
from tests.net_windows import net_app, step_windows

pytestmark = pytest.mark.window  # the network's screens, in a window


_app = net_app
_step = step_windows


def _press(scene: object, *kinds: Kind) -> None:
    for kind in kinds:
        scene.handle(Intent(kind))  # type: ignore[attr-defined]


def _type(scene: NetLobbyScene, text: str) -> None:
    for ch in text:
        scene.handle(Intent(Kind.TEXT, text=ch))


def _choose(form: NetRoomScene, key: str, value: object) -> None:
    """Go to the row by Down presses, and Right until it shows ``value`` (as a player would)."""
    rows = [item for item in form.form.items if isinstance(item, Choice)]
    row = next(r for r in rows if r.key == key)
    right = row in form.right  # the rules' column: reached from Back, under it, by Up
    for _ in range(60):
        here = form.form.focused
        if here is row:
            break
        assert here is not None
        if not right or (here in form.right and here.rect.top < row.rect.top):
            _press(form, Kind.DOWN)
        elif here in form.right or here.key == "common.back":
            _press(form, Kind.UP)
        elif here in form.buttons:
            _press(form, Kind.RIGHT)
        else:
            _press(form, Kind.DOWN)
    assert form.form.focused is row, key
    for _ in range(len(row.values)):
        if row.value == value:
            return
        _press(form, Kind.RIGHT)
    raise AssertionError(f"{key} never showed {value}")


def test_a_room_made_on_the_form_starts_with_its_options_on_every_client(tmp_path: Path) -> None:
    apps = [_app(tmp_path / "a", "en"), _app(tmp_path / "b", "fr")]
    loops = [Loop(app) for app in apps]
    host, guest = NetLobbyScene(apps[0]), NetLobbyScene(apps[1])
    host.host_address, host.host_port = "127.0.0.1", 0
    apps[0].scenes.reset(host, fade=False)
    apps[1].scenes.reset(guest, fade=False)
    _step(loops, lambda: True, 0.1)
    # the name: Up to the name field, erase the default, type
    _press(host, Kind.UP)
    assert host.name_field.typing
    for _ in range(10):
        host.handle(Intent(Kind.UNDO, erase=True))
    _type(host, "Ann")
    assert host.name == "Ann"
    # Host a game…: the setup form, chosen by the keys
    host.form.focus = host.form.items.index(host.buttons[0])
    _press(host, Kind.CONFIRM)
    loops[0].step([], 1 / 60)
    form = apps[0].scenes.top
    assert isinstance(form, NetRoomScene)
    _choose(form, "six.rule.grid", 9)
    _choose(form, "six.rule.knock", True)
    _choose(form, "six.rule.twos_negative", True)
    form.form.focus = 0
    _choose(form, "six.setup.players", 4)
    _choose(form, "six.setup.seat2", "human")
    _choose(form, "six.setup.seat3", "hard")
    _choose(form, "six.setup.seat4", "easy")
    _choose(form, "six.setup.speed", "fast")
    _choose(form, "net.room.timer", 60.0)
    assert form.left[1].enabled is False  # the host's seat is the host's
    wanted = SixRules(
        grid=9, knock=True, twos_negative=True, cut=True, pairs=True
    )  # the pair: a new 9-card game's
    keys = [item.key for item in form.form.items]
    form.form.focus = keys.index("net.room.create")
    _press(form, Kind.CONFIRM)
    loops[0].step([], 1 / 60)
    assert apps[0].scenes.top is host
    assert host.choice.setup.rules == wanted and host.choice.timer == 60.0
    _step(loops, lambda: host.link and host.link.client and host.link.client.room)
    assert host.link is not None and host.link.server is not None and host.link.client
    server, code = host.link.server, str(host.link.client.code)
    room = server.rooms[code]
    assert (room.rules, room.timer, room.pause) == (wanted, 60.0, PACES["fast"][1])
    # the guest types the address and code into its field and joins with Enter
    assert guest.target_field.typing
    _type(guest, f"127.0.0.1:{server.port()} {code.lower()}")
    _press(guest, Kind.CONFIRM)
    _step(loops, lambda: guest.link and guest.link.client and guest.link.client.seat == 1)
    client = guest.link.client  # type: ignore[union-attr]
    assert client is not None
    _step(loops, lambda: guest.seats.rules_line(client.room) != "")
    line = guest.seats.rules_line(client.room)
    assert "9 cartes" in line and "Frapper : Oui" in line and "Temps par coup : 60 s" in line
    guest.form.focus = guest.form.items.index(guest.buttons[2])
    _step(loops, lambda: guest.buttons[2].enabled)
    _press(guest, Kind.CONFIRM)  # Ready
    _step(loops, lambda: room.seats[1].ready)
    assert guest.buttons[2].key == "net.lobby.unready"
    _step(loops, lambda: host.start_button in host.form.items)
    host.handle(Intent(Kind.CLICK, pos=host.start_button.rect.center))
    _step(loops, lambda: all(isinstance(a.scenes.top, NetTableScene) for a in apps))
    assert room.match is not None and is_wide(room.match.state.number)
    assert [s.kind for s in room.seats] == ["person", "person", "computer", "computer"]
    assert [s.level for s in room.seats[2:]] == ["hard", "easy"]
    assert [s.name for s in room.seats[:2]] == ["Ann", "Joueur"]
    for seat, app in enumerate(apps):
        table = app.scenes.top
        assert isinstance(table, NetTableScene)
        client = table.link.client
        assert client is not None and client.rules == wanted and client.room is not None
        assert client.room.timer == 60.0 and len(client.room.seats) == 4
        _step(loops, lambda c=client: c.view is not None)
        assert client.view is not None and client.view.rules == wanted
        assert len(client.view.grid) == 9
        assert client.view == seat_view(room.match.state, seat) or client.at < len(room.match.log)
    for app in apps:
        table = app.scenes.top
        assert isinstance(table, NetTableScene)
        table.exit()


def test_the_lobby_moves_by_arrows_and_pad_and_types_into_the_chosen_field(
    tmp_path: Path,
) -> None:
    app = _app(tmp_path, "en")
    loop = Loop(app)
    lobby = NetLobbyScene(app)
    app.scenes.reset(lobby, fade=False)
    loop.step([], 1 / 60)
    items = lobby.form.items
    assert lobby.form.focused is lobby.target_field
    _press(lobby, Kind.UP)
    assert lobby.form.focused is lobby.name_field and lobby.name_field.typing
    _press(lobby, Kind.DOWN, Kind.DOWN)  # the address to join, then the server for a new room
    assert lobby.form.focused is lobby.server_field and lobby.server_field.typing
    _press(lobby, Kind.DOWN)  # on to the buttons under them (Watch among them)
    row = (*lobby.buttons, lobby.watch_button)
    assert lobby.form.focused in row
    assert not lobby.name_field.typing and lobby.server_field.typing  # the field chosen last
    _press(lobby, Kind.RIGHT)
    second = lobby.form.focused
    _press(lobby, Kind.LEFT)
    assert lobby.form.focused is not second and lobby.form.focused in row
    _type(lobby, "10.0.0.9")
    assert lobby.server_field.text == "10.0.0.9" and lobby.target == ""
    lobby.server_field.text = ""
    lobby.handle(Intent(Kind.CLICK, pos=lobby.target_field.rect.center))
    _type(lobby, "10.0.0.7 abc-def-ghj")
    assert lobby.target == "10.0.0.7 abc-def-ghj" and lobby.name == "Player"
    # a click on a field chooses it; nothing is joined by the click
    lobby.handle(Intent(Kind.CLICK, pos=lobby.name_field.rect.center))
    assert lobby.name_field.typing and lobby.link is None
    for _ in range(len("Player")):
        lobby.handle(Intent(Kind.UNDO, erase=True))
    lobby.host()  # no name: told, nothing started
    assert lobby.link is None and lobby.message == "Type your name first"
    lobby.join()
    assert lobby.link is None and lobby.message == "Type your name first"
    # a bad address is told, and the address field chosen to fix it
    _type(lobby, "Zoé")
    lobby.target = "nothing"
    lobby.join()
    assert lobby.link is None and lobby.target_field.typing
    assert lobby.message.startswith("To join, type the host's address")
    # Host a game… opens the room form over the lobby; Esc comes back; so does the pad's B
    lobby.form.focus = items.index(lobby.buttons[0])
    _press(lobby, Kind.CONFIRM)
    loop.step([], 1 / 60)
    assert isinstance(app.scenes.top, NetRoomScene)
    _press(app.scenes.top, Kind.CANCEL)
    loop.step([], 1 / 60)
    assert app.scenes.top is lobby and lobby.link is None
    assert isinstance(lobby.form.items[0], LobbyField)


def test_the_room_form_offers_only_what_the_engine_deals() -> None:
    choice = RoomChoice()
    assert choice.seats == ["person"] * 4 and choice.timer == 30.0
    message = choice.create("Ann")
    assert message.rules == SixRules(cut=True).to_dict() and message.pause == 0.6
    for setup_players, grid in ((2, 9), (7, 6)):
        try:
            RoomChoice(
                choice.setup.with_(players=3, rules=SixRules(grid=grid)).with_(
                    players=setup_players
                )
            )
        except ValueError:
            continue
        raise AssertionError(f"{setup_players} players with {grid} cards was accepted")


def test_the_room_form_starts_from_the_rules_of_the_setup_window_below(tmp_path: Path) -> None:
    app = _app(tmp_path, "en")
    loop = Loop(app)
    local = SixSetup(
        players=3,
        kinds=("human", "hard", "easy", "medium", "medium", "medium", "medium"),
        rules=SixRules(grid=4, knock=True, cut=True),
        speed="slow",
    )
    app.scenes.reset(SixSetupScene(app, local), fade=False)
    loop.step([], 1 / 60)
    app.flow.open_net_lobby()
    loop.step([], 1 / 60)
    lobby = app.scenes.top
    assert isinstance(lobby, NetLobbyScene)
    table = lobby.choice.setup
    assert (table.rules, table.players, table.speed) == (local.rules, 3, "slow")
    assert lobby.choice.seats == ["person"] * 3  # the others join: seats for people
    lobby.configure()
    loop.step([], 1 / 60)
    form = app.scenes.top
    assert isinstance(form, NetRoomScene)
    assert form.setup.rules == local.rules and form.left[0].value == 3
