"""Hosting from the window: the room listens on this machine alone (loopback) unless the host
turns on *Open to the local network* on the room's form, and both the form and the lobby say
what that means, in English and French, within their panels; the room code is shown in three
groups and may be typed in any of them, in either case."""

from __future__ import annotations

from pathlib import Path

import pytest

from golfnet.link import local_address
from golfnet.protocol import Join, ToServer
from scenes.core.input import Intent, Kind
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop
from scenes.core.textfit import wrap_text
from scenes.sixcard.lobby import PANEL, NetLobbyScene
from scenes.sixcard.netroom import NetRoomScene
from tests.net_windows import net_app, step_windows

pytestmark = pytest.mark.window

SAYS = {
    "en": {
        False: ("Only this computer can join the room.", "Only this computer can join:"),
        True: ("anyone on your network who has the room code", "anyone on your network"),
    },
    "fr": {
        False: ("Seul cet ordinateur peut rejoindre la salle.", "Seul cet ordinateur peut"),
        True: ("toute personne sur votre réseau qui a le code", "toute personne sur votre"),
    },
}


def _drawn(app: App, scene: object) -> list[str]:
    """The texts ``scene`` draws, as it draws them (cut or wrapped)."""
    said: list[str] = []
    real = app.look.type.blit

    def blit(target: object, text: str, *args: object, **kwargs: object) -> object:
        said.append(text)
        return real(target, text, *args, **kwargs)  # type: ignore[arg-type]

    app.look.type.blit = blit  # type: ignore[method-assign, assignment]
    try:
        scene.draw(app.look.felt().copy())  # type: ignore[attr-defined]
    finally:
        del app.look.type.blit
    return said


def _form(lobby: NetLobbyScene, loop: Loop) -> NetRoomScene:
    lobby.configure()
    loop.step([], 1 / 60)
    form = lobby.app.scenes.top
    assert isinstance(form, NetRoomScene)
    return form


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("opened", [False, True])
def test_a_room_hosted_here_is_for_this_machine_unless_opened_and_says_so(
    tmp_path: Path, lang: str, opened: bool
) -> None:
    app = net_app(tmp_path, lang)
    loop = Loop(app)
    lobby = NetLobbyScene(app)
    assert (NetLobbyScene.host_address, NetLobbyScene.open_address) == ("127.0.0.1", "0.0.0.0")
    lobby.host_port = 0
    lobby.open_address = "127.0.0.2"  # stands for every address: the tests open no port
    app.scenes.reset(lobby, fade=False)
    loop.step([], 1 / 60)
    form = _form(lobby, loop)
    switch = next(row for row in form.left if row.key == "net.room.open")
    assert switch.value is False and form.open_words().startswith(SAYS[lang][False][0][:20])
    if opened:  # by the keys, as a player would: to the row, then Right
        form.form.focus = form.form.items.index(switch)
        form.handle(Intent(Kind.RIGHT))
        assert switch.value is True
    said = form.open_words()
    assert SAYS[lang][opened][0] in said
    # drawn whole, in two lines at most, above the buttons, the panel within the screen
    width = form.panel.width - 2 * (form.left[0].rect.left - form.panel.left)
    lines = wrap_text(app.look, said, 7, width)
    assert len(lines) <= 2 and " ".join(lines) == said
    drawn = _drawn(app, form)
    assert all(line in drawn for line in lines)
    below = form.summary_y + 18 * len(form._summary_lines()) + 8 + 18 * len(lines)
    assert below <= min(b.rect.top for b in form.buttons)
    assert form.panel.bottom <= SCREEN_SIZE[1]
    keys = [item.key for item in form.form.items]
    form.form.focus = keys.index("net.room.create")
    form.handle(Intent(Kind.CONFIRM))
    step_windows([loop], lambda: lobby.link and lobby.link.client and lobby.link.client.room)
    assert lobby.link is not None and lobby.link.server is not None
    listening = lobby.link.server.server
    assert listening is not None
    address = next(iter(listening.sockets)).getsockname()[0]
    assert address == ("127.0.0.2" if opened else "127.0.0.1")
    port = lobby.link.hosted_port
    assert lobby.hosting == f"{local_address() if opened else '127.0.0.1'}:{port}"
    words = app.texts("net.lobby.open_on" if opened else "net.lobby.open_off")
    assert SAYS[lang][opened][1] in words
    assert app.look.type.width(words, 7) <= PANEL.width - 80  # shown whole, not cut
    code = lobby.link.client.code if lobby.link.client else None
    assert code is not None and len(code) == 9
    drawn = _drawn(app, lobby)
    assert words in drawn
    shown = f"{code[:3]}-{code[3:6]}-{code[6:]}"
    assert any(shown in text and lobby.hosting in text for text in drawn)
    lobby.close()


def test_the_room_form_has_no_switch_for_a_room_made_on_another_server(tmp_path: Path) -> None:
    app = net_app(tmp_path, "en")
    loop = Loop(app)
    lobby = NetLobbyScene(app)
    app.scenes.reset(lobby, fade=False)
    lobby.server_field.text = "golf.example.org:9000"
    form = _form(lobby, loop)
    assert "net.room.open" not in [row.key for row in form.left] and not form.here


@pytest.mark.parametrize("typed", ["ABC-DEF-GHJ", "abc def ghj", "abcdefghj", "Abc-Def ghJ"])
def test_the_code_is_read_in_any_grouping_and_case(tmp_path: Path, typed: str) -> None:
    app = net_app(tmp_path, "en")
    lobby = NetLobbyScene(app)
    app.scenes.reset(lobby, fade=False)
    sent: list[tuple[str, ToServer]] = []

    class Link:
        def connect(self, uri: str, first: ToServer) -> None:
            sent.append((uri, first))

        def close(self) -> None:
            pass

    lobby.new_link = lambda: Link()  # type: ignore[assignment, method-assign, return-value]
    lobby.target = f"192.168.1.20 {typed}"
    lobby.join()
    assert sent == [("ws://192.168.1.20:8765", Join(code="ABCDEFGHJ", name="Player"))]
    lobby.target = "192.168.1.20 K7P2QX"  # an older server's code: not one of these
    lobby.join()
    assert len(sent) == 1 and lobby.message.startswith("To join, type the host's address")
