"""The window as a network client, without a window: one lobby hosts a server on loopback and
creates a room, a second lobby (another app) joins it by address and code and gets ready, the
host starts; both tables then play a hole by clicks, each drawing only its own seat's view, and
go on to the next; a table whose socket is cut mid-hole says so, comes back to its seat by
itself and plays on."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from golf.sixcard.game import State
from golf.sixcard.view import SeatView, seat_view
from golfnet.link import Back, Lost, NetLink
from golfnet.mirror import STAND_IN
from golfnet.protocol import Create, Join, Ready, Start, Update
from scenes.core.input import Intent, Kind
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop
from scenes.sixcard.lobby import NetLobbyScene
from scenes.sixcard.netshow import NetScoreboard
from scenes.sixcard.nettable import NetTableScene
from tests.net_windows import net_app, step_windows

pytestmark = pytest.mark.window  # the network's screens, in a window


_app = net_app
_step = step_windows


def _click_turn(table: NetTableScene, view: SeatView, k: int) -> None:
    """Click as a person would: in the opening a card; else the stock, then a card."""
    slot = table.board.bottom.slot_rect(k % len(view.grid)).center
    if view.phase == "turn" and view.drawn_from is None:
        table.handle(Intent(Kind.CLICK, pos=table.board.stock.center))
    else:
        table.handle(Intent(Kind.CLICK, pos=slot))


def _two_tables(tmp_path: Path) -> tuple[list[App], list[Loop], list[NetTableScene], Any]:
    """Two apps: one hosts on loopback through its lobby, the other joins by address and code
    and gets ready, the host starts; their tables and the server's room."""
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
    return apps, loops, tables, server.rooms[str(code)]  # type: ignore[return-value]


def _play(loops: list[Loop], tables: list[NetTableScene], room: Any, until: object) -> None:
    """Both people play by clicks (one click per update) until ``until()``."""
    k = 0
    clicked = [-1, -1]  # the update each table last clicked on
    end = time.monotonic() + 150
    while time.monotonic() < end:
        if callable(until) and until():
            return
        for i, table in enumerate(tables):
            view = table.view
            if view.my_turn and clicked[i] != table.at and table.person_to_act is not None:
                _click_turn(table, view, k)
                clicked[i], k = table.at, k + 1
        _step(loops, lambda: True, 0.02)
    raise AssertionError("the hole did not end in time")


def _same_as_server(table: NetTableScene, room: Any, seat: int) -> bool:
    """The table shows its seat's view of the server's game, exactly, and the mirror's state
    gives that view back (every card it shows is the real one)."""
    server_view = seat_view(room.match.state, seat)
    mirrored = dataclasses.replace(seat_view(table.state, seat), rules=server_view.rules)
    return table.view == server_view and mirrored == server_view


def test_two_windows_host_join_and_play_a_hole_through_a_local_server(tmp_path: Path) -> None:
    apps, loops, tables, room = _two_tables(tmp_path)
    _play(loops, tables, room, lambda: room.match.state.phase == "hole_over")
    _step(loops, lambda: all(t.state.phase == "hole_over" for t in tables))
    surface = pygame.Surface(SCREEN_SIZE)
    for seat, table in enumerate(tables):
        assert _same_as_server(table, room, seat)
        assert all(c < STAND_IN for grid in table.state.grids for c in grid)  # all shown
        assert set(table.sprites) == set(_cards(table.state))  # one sprite a card out
        table.draw(surface)
    # the scoreboard comes once the grids have been seen, over each table
    _step(loops, lambda: all(isinstance(a.scenes.top, NetScoreboard) for a in apps))
    board = apps[1].scenes.top
    assert isinstance(board, NetScoreboard)
    board.next_hole()  # the French guest asks for the next hole: it waits for the host
    _step(loops, lambda: tables[1].status.asked_next)
    assert tables[1].status.line()[0] == "En attente des autres joueurs"
    first = apps[0].scenes.top
    assert isinstance(first, NetScoreboard)
    first.next_hole()
    # The computers may act in the new hole's opening while an update is on its way: each
    # table comes to show the server's game (within step_windows's time), not at one frame.
    _step(
        loops,
        lambda: all(
            t.state.hole == 2 and not t.animating and _same_as_server(t, room, seat)
            for seat, t in enumerate(tables)
        ),
    )
    for table in tables:
        assert table.app.scenes.top is table
    for table in tables:
        table.exit()


def _cards(state: State) -> list[int]:
    drawn = [state.drawn] if state.drawn is not None else []
    return [c for grid in state.grids for c in grid] + list(state.discard) + drawn


def test_a_table_whose_connection_drops_mid_hole_says_so_and_comes_back_to_its_seat(
    tmp_path: Path,
) -> None:
    _apps, loops, tables, room = _two_tables(tmp_path)
    _play(loops, tables, room, lambda: len(room.match.log) >= 9)  # mid-hole
    guest = tables[1]
    guest.link.drop()  # its socket cut, as a failing network would
    _step(loops, lambda: guest.status.lost)
    assert guest.status.line()[0] == "Connexion perdue — reconnexion…"
    assert guest.person_to_act is None
    _step(loops, lambda: not guest.status.lost)
    assert guest.status.line()[0] == "Connexion rétablie"
    _step(loops, lambda: guest.at == len(room.match.log) and not guest.animating)
    assert _same_as_server(guest, room, 1)
    assert room.seats[1].link is not None  # the seat is this connection's again
    # the game goes on with both to the hole's end
    _play(loops, tables, room, lambda: room.match.state.phase == "hole_over")
    _step(loops, lambda: all(t.state.phase == "hole_over" for t in tables))
    for seat, table in enumerate(tables):
        assert _same_as_server(table, room, seat)
    for table in tables:
        table.exit()


def test_a_link_whose_connection_drops_comes_back_to_its_seat_by_itself() -> None:
    host, guest = NetLink(), NetLink()
    try:
        port = host.host(0, "127.0.0.1")
        uri = f"ws://127.0.0.1:{port}"
        host.connect(uri, Create(name="A", seats=("person", "person")))
        _wait(lambda: host.client is not None and host.client.code is not None)
        assert host.client is not None and host.server is not None
        guest.connect(uri, Join(code=str(host.client.code), name="B"))
        _wait(lambda: guest.client is not None and guest.client.seat == 1)
        guest.send(Ready(ready=True))
        room = host.server.rooms[str(host.client.code)]
        _wait(lambda: room.seats[1].ready)
        host.send(Start())
        _wait(lambda: guest.client is not None and guest.client.view is not None)
        seen = guest.poll()
        assert any(isinstance(m, Update) for m in seen)
        # the server loses the guest's connection: the link says so, and comes back
        conn = room.seats[1].link
        assert conn is not None
        host.loop.call_soon_threadsafe(conn.ws.transport.abort)  # type: ignore[attr-defined]
        events: list[type] = []
        _wait(lambda: events.extend(type(m) for m in guest.poll()) or Back in events)
        assert Lost in events
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
