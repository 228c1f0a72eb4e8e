"""The lobby with a server elsewhere, without a window: a real ``golf serve`` runs headless in
its own process; one window creates a room on it by its address (the room's form as for a room
hosted here), another joins by address and code, both reach the table with the room's
options; no server at an address, a server that refuses the connection, options the server
refuses and an address that cannot be one are each told in the player's language, and nothing
is lost; the name and the addresses last used are kept in the settings, read as strictly as
the other options."""

from __future__ import annotations

import dataclasses
import http.server
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from golf.sixcard.rules import SixRules
from golfnet.protocol import Create
from scenes.core.input import Intent, Kind
from scenes.core.manager import Loop
from scenes.core.settings import SETTINGS_FILE, Settings, SettingsStore
from scenes.sixcard.lobby import NetLobbyScene, address_ok
from scenes.sixcard.netroom import RoomChoice
from scenes.sixcard.nettable import NetTableScene
from tests.net_windows import net_app, step_windows

pytestmark = pytest.mark.window  # the network's screens, in a window


_app = net_app
_step = step_windows


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served() -> Iterator[str]:
    """``golf serve`` on a free loopback port, as a person would run it; its address."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "golfcli", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("six-card Golf server on ws://127.0.0.1:"), line
        yield f"127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()


def test_a_window_creates_a_room_on_a_server_at_an_address_and_another_joins(
    tmp_path: Path, served: str
) -> None:
    apps = [_app(tmp_path / "a", "en"), _app(tmp_path / "b", "fr")]
    loops = [Loop(app) for app in apps]
    host, guest = NetLobbyScene(apps[0]), NetLobbyScene(apps[1])
    apps[0].scenes.reset(host, fade=False)
    apps[1].scenes.reset(guest, fade=False)
    wanted = SixRules(grid=4, knock=True, cut=True)
    setup = RoomChoice().setup.with_(players=3, rules=wanted)
    host.choice = RoomChoice(setup, 60.0)
    host.name_field.text = "Ann"
    host.handle(Intent(Kind.CLICK, pos=host.server_field.rect.center))
    for ch in served:
        host.handle(Intent(Kind.TEXT, text=ch))
    assert host.server_field.text == served and not host.target_field.typing
    host.host()  # Host a game… with a server typed: the room is made there, nothing hosted
    _step(loops, lambda: host.link and host.link.client and host.link.client.code)
    assert host.link is not None and host.link.server is None and host.link.client
    code = str(host.link.client.code)
    assert host.link.client.seat == 0
    assert host.hosting == "" and host.message == ""
    guest.target = f"{served} {code.lower()}"
    guest.join()
    _step(loops, lambda: guest.link and guest.link.client and guest.link.client.seat == 1)
    guest.toggle_ready()
    _step(loops, lambda: host.link.client.room and host.link.client.room.seats[1].ready)
    host.start()
    _step(loops, lambda: all(isinstance(a.scenes.top, NetTableScene) for a in apps))
    for app in apps:
        table = app.scenes.top
        assert isinstance(table, NetTableScene)
        client = table.link.client
        assert client is not None and client.room is not None
        assert client.room.rules == wanted and client.room.timer == 60.0
        assert [s.kind for s in client.room.seats] == ["person", "person", "computer"]
        _step(loops, lambda c=client: c.view is not None)
        assert client.view is not None and len(client.view.grid) == 4
    for app in apps:
        table = app.scenes.top
        assert isinstance(table, NetTableScene)
        table.exit()


def _lobby(tmp_path: Path, lang: str) -> tuple[NetLobbyScene, Loop]:
    app = _app(tmp_path / lang, lang)
    lobby = NetLobbyScene(app)
    app.scenes.reset(lobby, fade=False)
    return lobby, Loop(app)


def _told(lobby: NetLobbyScene, loop: Loop) -> str:
    _step([loop], lambda: lobby.message != "")
    return lobby.message


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_server_at_the_address_is_told_and_the_fields_are_kept(
    tmp_path: Path, lang: str
) -> None:
    lobby, loop = _lobby(tmp_path, lang)
    address = f"127.0.0.1:{_free_port()}"  # nothing listens there
    lobby.server_field.text = address
    lobby.host()
    words = {"en": "No server answers at ", "fr": "Aucun serveur ne répond à "}[lang]
    assert _told(lobby, loop) == words + address
    assert lobby.server_field.text == address and lobby.name == lobby.name_field.text
    lobby.message = ""
    lobby.target = f"{address} ABC-DEF-GHJ"  # joining there says the same
    lobby.join()
    assert _told(lobby, loop) == words + address
    lobby.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_server_that_refuses_the_connection_is_told(tmp_path: Path, lang: str) -> None:
    web = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=web.serve_forever, daemon=True)
    thread.start()
    try:
        lobby, loop = _lobby(tmp_path, lang)
        address = f"127.0.0.1:{web.server_address[1]}"  # answers, but not as a game server
        lobby.server_field.text = address
        lobby.host()
        words = {
            "en": f"The server at {address} refused the connection",
            "fr": f"Le serveur à {address} a refusé la connexion",
        }[lang]
        assert _told(lobby, loop) == words
        lobby.close()
    finally:
        web.shutdown()
        web.server_close()


class _Forged(RoomChoice):
    """A room the form would never send: the server refuses its options."""

    def create(self, name: str) -> Create:
        return dataclasses.replace(
            super().create(name),
            seats=("person", "easy"),
            rules=SixRules(grid=9).to_dict(),  # 9 cards are for 3 to 6 players
        )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_options_the_server_refuses_are_told_with_its_reason(
    tmp_path: Path, served: str, lang: str
) -> None:
    lobby, loop = _lobby(tmp_path, lang)
    lobby.choice = _Forged()
    lobby.server_field.text = served
    lobby.host()
    words = {"en": "The server refused these options (", "fr": "Le serveur a refusé ces options ("}
    told = _told(lobby, loop)
    assert told.startswith(words[lang]) and "9-card game" in told, told
    assert lobby.link is not None and lobby.link.client is not None
    assert lobby.link.client.code is None  # no room was made
    lobby.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_address_that_cannot_be_one_is_told_before_any_connection(
    tmp_path: Path, lang: str
) -> None:
    lobby, _loop = _lobby(tmp_path, lang)
    for bad in ("my host", "host:99999", "host:", ":8765", "host:port"):
        lobby.server_field.text = bad
        lobby.message = ""
        lobby.host()
        assert lobby.link is None and lobby.server_field.typing, bad
        start = {"en": f"{bad} is not a server's address", "fr": f"{bad} n'est pas l'adresse"}
        assert lobby.message.startswith(start[lang]), lobby.message
    for good in ("192.168.1.20", "golf.example.org:8765", "[::1]", "ws://10.0.0.2:9000"):
        assert address_ok(good), good


def test_the_lobby_remembers_the_name_and_the_addresses_in_the_settings(tmp_path: Path) -> None:
    lobby, loop = _lobby(tmp_path, "fr")
    assert lobby.name == "Joueur" and lobby.target == "" and lobby.server_field.text == ""
    lobby.name_field.text = "Zoé"
    address = f"127.0.0.1:{_free_port()}"  # nothing answers: the address is kept anyway
    lobby.target = f"{address} ABC-DEF-GHJ"
    lobby.join()
    lobby.server_field.text = "golf.example.org:9000"
    lobby.host()
    _told(lobby, loop)
    lobby.close()
    written = yaml.safe_load((tmp_path / "fr" / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert written["net_name"] == "Zoé" and written["net_address"] == address
    assert written["net_server"] == "golf.example.org:9000"
    again, _loop = _lobby(tmp_path, "fr")  # the next start, from the same folder
    assert again.name == "Zoé" and again.server_field.text == "golf.example.org:9000"
    assert again.target == f"{address} "  # the address, then the code to type
    # a room hosted here (the server field emptied) is remembered as such
    again.server_field.text = ""
    again.host_address, again.host_port = "127.0.0.1", 0
    again.host()
    again.close()
    assert SettingsStore(tmp_path / "fr").load()[0].net_server == ""
    # an address that cannot be one is not kept
    again.server_field.text = "my host"
    again.host()
    assert SettingsStore(tmp_path / "fr").load()[0].net_server == ""


@pytest.mark.parametrize(
    ("line", "option"),
    [
        ("net_name: 12", "net_name"),
        ('net_name: "Ann\\tBee"', "net_name"),
        (f"net_name: {'x' * 25}", "net_name"),
        ("net_address: 'my host'", "net_address"),
        (f"net_address: {'a' * 81}", "net_address"),
        ("net_server: [1, 2]", "net_server"),
        ("net_server: true", "net_server"),
    ],
)
def test_a_remembered_name_or_address_the_lobby_cannot_use_is_refused(
    tmp_path: Path, line: str, option: str
) -> None:
    original = f"format: 1\nlanguage: fr\nnet_name: Ann\nnet_server: h:1\n{line}\n".encode()
    (tmp_path / SETTINGS_FILE).write_bytes(original)
    settings, notice = SettingsStore(tmp_path).load()
    assert getattr(settings, option) == getattr(Settings(), option)
    assert settings.language == "fr"
    kept = {"net_name": "Ann", "net_server": "h:1"}
    for name, value in kept.items():
        if name != option:
            assert getattr(settings, name) == value
    assert notice is not None and notice.key == "settings.value"
    assert option in notice.fields["values"]
    assert (tmp_path / f"{SETTINGS_FILE}.corrupt-1").read_bytes() == original
