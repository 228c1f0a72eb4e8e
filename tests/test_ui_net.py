"""The window as a network client, without a window: one lobby hosts a server on loopback and
creates a room, a second lobby (another app) joins it by address and code and gets ready, the
host starts; both tables then play a hole by clicks, each drawing only its own seat's view."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from golf.sixcard.view import SeatView, seat_view
from golfnet.link import NetLink
from scenes.app import WindowOptions, build_app
from scenes.core.input import Intent, Kind
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop
from scenes.sixcard.lobby import NetLobbyScene
from scenes.sixcard.nettable import NetTableScene


def _app(folder: Path, lang: str) -> App:
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(config_dir=folder, seed=7, lang=lang, replays_dir=folder / "r")
    return build_app(window, screen)


def _step(loops: list[Loop], until: object, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for loop in loops:
            loop.step([], 1 / 60)
        if callable(until) and until():
            return
        time.sleep(0.005)
    raise AssertionError("the network did not answer in time")


def _click_turn(table: NetTableScene, view: SeatView, k: int) -> None:
    """Click as a person would: in the opening a card; else the stock, then a card."""
    board = table.place()
    assert board is not None
    slot = board.bottom.slot_rect(k % len(view.grid)).center
    if view.phase == "turn" and view.drawn_from is None:
        table.handle(Intent(Kind.CLICK, pos=board.stock.center))
    else:
        table.handle(Intent(Kind.CLICK, pos=slot))


def test_two_windows_host_join_and_play_a_hole_through_a_local_server(tmp_path: Path) -> None:
    apps = [_app(tmp_path / "a", "en"), _app(tmp_path / "b", "fr")]
    loops = [Loop(app) for app in apps]
    host, guest = NetLobbyScene(apps[0]), NetLobbyScene(apps[1])
    host.host_address, host.host_port = "127.0.0.1", 0
    apps[0].scenes.reset(host, fade=False)
    apps[1].scenes.reset(guest, fade=False)
    _step(loops, lambda: True, 0.1)
    host.host()
    _step(loops, lambda: host.link and host.link.client and host.link.client.code)
    assert host.link is not None and host.link.server is not None and host.link.client
    server, code = host.link.server, host.link.client.code
    guest.target = f"127.0.0.1:{server.port()} {code}"
    guest.join()
    _step(loops, lambda: guest.link and guest.link.client and guest.link.client.seat == 1)
    guest.toggle_ready()
    _step(loops, lambda: server.rooms[str(code)].seats[1].ready)
    host.start()
    _step(loops, lambda: all(isinstance(a.scenes.top, NetTableScene) for a in apps))
    tables = [a.scenes.top for a in apps]
    assert all(isinstance(t, NetTableScene) for t in tables)
    room = server.rooms[str(code)]
    surface = pygame.Surface(SCREEN_SIZE)
    k = 0
    clicked = [-1, -1]  # the update each table last clicked on: one click per update
    end = time.monotonic() + 150
    while time.monotonic() < end:
        assert room.match is not None
        if room.match.state.phase == "hole_over":
            break
        for i, table in enumerate(tables):
            assert isinstance(table, NetTableScene)
            view, at = table.view, table.link.client.at if table.link.client else -1
            if view is not None and view.my_turn and clicked[i] != at:
                _click_turn(table, view, k)
                clicked[i], k = at, k + 1
        _step(loops, lambda: True, 0.02)
    assert room.match is not None and room.match.state.phase == "hole_over"
    _step(
        loops,
        lambda: all(
            isinstance(t, NetTableScene) and t.view and t.view.phase == "hole_over" for t in tables
        ),
    )
    for seat, table in enumerate(tables):
        assert isinstance(table, NetTableScene)
        assert table.view == seat_view(room.match.state, seat)  # its own view, exactly
        table.draw(surface)
    assert tables[1].status(tables[1].view, None).startswith("Trou 1 terminé")  # type: ignore[union-attr,arg-type]
    for table in tables:
        assert isinstance(table, NetTableScene)
        table.exit()


def test_a_link_whose_connection_drops_comes_back_to_its_seat_by_itself() -> None:
    host, guest = NetLink(), NetLink()
    try:
        port = host.host(0, "127.0.0.1")
        uri = f"ws://127.0.0.1:{port}"
        host.connect(uri, {"type": "create", "name": "A", "seats": ["person", "person"]})
        _wait(lambda: host.client is not None and host.client.code is not None)
        assert host.client is not None and host.server is not None
        guest.connect(uri, {"type": "join", "code": host.client.code, "name": "B"})
        _wait(lambda: guest.client is not None and guest.client.seat == 1)
        guest.send("ready", ready=True)
        room = host.server.rooms[str(host.client.code)]
        _wait(lambda: room.seats[1].ready)
        host.send("start")
        _wait(lambda: guest.client is not None and guest.client.view is not None)
        seen = guest.poll()
        assert any(m["type"] == "update" for m in seen)
        # the server loses the guest's connection: the link says so, and comes back
        conn = room.seats[1].link
        assert conn is not None
        host.loop.call_soon_threadsafe(conn.ws.transport.abort)  # type: ignore[attr-defined]
        events: list[str] = []
        _wait(lambda: events.extend(m["type"] for m in guest.poll()) or "_back" in events)
        assert "_lost" in events
        _wait(
            lambda: (
                room.seats[1].link is not None
                and guest.client is not None
                and guest.client.view is not None
            )
        )
        assert room.match is not None and guest.client is not None
        _wait(
            lambda: guest.client is not None and guest.client.view == seat_view(room.match.state, 1)
        )  # type: ignore[union-attr]
    finally:
        guest.close()
        host.close()


def _wait(until: object, seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if callable(until) and until():
            return
        time.sleep(0.01)
    raise AssertionError("the network did not answer in time")
