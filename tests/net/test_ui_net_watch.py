"""A spectator from the lobby, without a window: a third window watches a room by address and
code (Watch, no seat, no name needed), reaches the table when the host starts, sees every seat's
public cards and never offers or sends an action while two people play a hole; every message
it was sent holds no card some seat could not see (``golfnet.audit.leaks``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from golf.sixcard.game import apply, new_game
from golfnet.audit import leaks
from golfnet.mirror import STAND_IN
from golfnet.protocol import ToServer, Update, public_view
from scenes.core.input import Intent, Kind
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import Loop
from scenes.sixcard.lobby import NetLobbyScene
from scenes.sixcard.nettable import NetTableScene
from tests.net.test_ui_net import _app, _play, _step

pytestmark = pytest.mark.window  # the network's screens, in a window


def test_a_spectator_watches_a_hole_from_the_lobby_and_is_sent_no_hidden_card(
    tmp_path: Path,
) -> None:
    apps = [_app(tmp_path / "a", "en"), _app(tmp_path / "b", "fr"), _app(tmp_path / "c", "fr")]
    loops = [Loop(app) for app in apps]
    host, guest, watcher = (NetLobbyScene(app) for app in apps)
    host.host_address, host.host_port = "127.0.0.1", 0
    for app, lobby in zip(apps, (host, guest, watcher), strict=True):
        app.scenes.reset(lobby, fade=False)
    _step(loops, lambda: True, 0.1)
    host.host()
    _step(loops, lambda: host.link and host.link.client and host.link.client.code)
    assert host.link is not None and host.link.server is not None and host.link.client
    server, code = host.link.server, str(host.link.client.code)
    room = server.rooms[code]
    guest.target = f"127.0.0.1:{server.port()} {code}"
    guest.join()
    _step(loops, lambda: guest.link and guest.link.client and guest.link.client.seat == 1)
    watcher.name_field.text = ""  # a spectator needs no name
    watcher.target = f"127.0.0.1:{server.port()} {code.lower()}"
    watcher.form.focus = watcher.form.items.index(watcher.watch_button)
    watcher.handle(Intent(Kind.CONFIRM))  # Watch
    _step(loops, lambda: watcher.link and watcher.link.client and watcher.link.client.room)
    assert watcher.link is not None and watcher.link.client is not None
    assert watcher.link.client.seat is None and len(room.spectators) == 1
    assert [s.kind for s in room.seats] == ["person", "person", "open", "open"]  # no seat taken
    _step(loops, lambda: True, 0.05)
    assert not watcher.buttons[2].enabled  # no Ready for a spectator
    assert (
        watcher.watch_button not in watcher.form.items and host.watch_button not in host.form.items
    )
    surface = pygame.Surface(SCREEN_SIZE)
    watcher.draw(surface)
    assert watcher.message == ""
    guest.toggle_ready()
    _step(loops, lambda: room.seats[1].ready)
    host.start()
    _step(loops, lambda: all(isinstance(a.scenes.top, NetTableScene) for a in apps))
    tables: list[Any] = [a.scenes.top for a in apps]
    watching = tables[2]
    assert isinstance(watching, NetTableScene) and watching.watching
    sent: list[ToServer] = []
    watching.link.send = sent.append  # type: ignore[method-assign]
    offered: list[int | None] = []

    def watch_and_click() -> bool:
        offered.append(watching.person_to_act)
        watching.handle(Intent(Kind.CLICK, pos=watching.board.stock.center))
        watching.handle(Intent(Kind.DRAW))
        return bool(room.match.state.phase == "hole_over")

    _play(loops, tables[:2], room, watch_and_click)
    _step(loops, lambda: watching.state.phase == "hole_over" and not watching.animating)
    assert sent == [] and set(offered) == {None}  # never an action offered nor sent
    assert not any(watching.is_you(s) for s in range(4))
    # what the spectator's table shows is exactly the public view of the server's game
    shown = public_view(room.match.state)
    for g, grid in enumerate(watching.state.grids):
        for i, card in enumerate(grid):
            public = shown["grids"][g][i]  # type: ignore[index]
            assert card == public if card < STAND_IN else public is None
    watching.draw(surface)
    # every message it received: the public view of the state at that moment, nothing more
    states = [new_game(room.number, len(room.seats), room.rules)]
    for action in room.match.log:
        states.append(apply(states[-1], action))
    client = watching.link.client
    assert client is not None and client.seat is None
    assert sum(1 for m in client.received if isinstance(m, Update)) > 5
    assert leaks(client, states) == []
    for table in tables:
        table.exit()
