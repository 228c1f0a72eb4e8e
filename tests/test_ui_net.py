"""The window as a network client, without a window: one lobby hosts a server on loopback and
creates a room, a second lobby (another app) joins it by address and code and gets ready, the
host starts; both tables then play a hole by clicks, each drawing only its own seat's view."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from golf.sixcard.view import SeatView, seat_view
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
