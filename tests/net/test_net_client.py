"""Coming back to a seat (``golfnet.client``): the pauses between tries, the seat given back with
its token after a connection is cut, and the end of trying when the server refuses the seat."""

from __future__ import annotations

from typing import Any

import pytest

from golfnet.client import FIRST_PAUSE, LONGEST_PAUSE, Client, SeatLost, backoff, come_back
from golfnet.protocol import Update
from tests.netplay import open_room, run, start_server


def test_the_pauses_double_up_to_the_longest_and_jitter_only_shortens_them() -> None:
    pauses = [backoff(n) for n in range(8)]
    assert pauses[:4] == [FIRST_PAUSE, 2 * FIRST_PAUSE, 4 * FIRST_PAUSE, 8 * FIRST_PAUSE]
    assert pauses[-1] == LONGEST_PAUSE and backoff(1000) == LONGEST_PAUSE
    for n in range(10):
        assert 0.75 * backoff(n) <= backoff(n, 0.25) <= backoff(n)


def test_a_cut_connection_comes_back_to_its_seat_with_the_same_view() -> None:
    async def game(opened: list[Any]) -> None:
        server, uri = await start_server()
        opened.append(server)
        clients = await open_room(uri, ("person", "person"))
        opened.extend(clients)
        guest = clients[1]
        await guest.until(lambda m: isinstance(m, Update))
        guest.drop()
        back = await come_back(uri, guest, lambda: False, jitter=0.0)
        assert back is not None
        opened.append(back)
        assert (back.code, back.seat, back.token) == (guest.code, 1, guest.token)
        update = await back.until(lambda m: isinstance(m, Update))
        assert update.view == guest.view_data  # the seat exactly as it was left
        room = server.rooms[str(guest.code)]
        assert room.seats[1].link is not None

    run(game)


@pytest.mark.parametrize("wrong", ["token", "code"])
def test_coming_back_stops_when_the_server_refuses_the_seat(wrong: str) -> None:
    async def game(opened: list[Any]) -> None:
        server, uri = await start_server()
        opened.append(server)
        clients = await open_room(uri, ("person", "person"))
        opened.extend(clients)
        lost = Client(clients[1].ws)
        lost.code, lost.seat, lost.token = clients[1].code, 1, clients[1].token
        if wrong == "token":
            lost.token = "A" * len(str(lost.token))
        else:
            lost.code = "ZZZZZZZZZ" if lost.code != "ZZZZZZZZZ" else "YYYYYYYYY"
        with pytest.raises(SeatLost):
            await come_back(uri, lost, lambda: False, jitter=0.0)

    run(game)


def test_coming_back_gives_up_when_told_to_stop() -> None:
    async def game(opened: list[Any]) -> None:
        server, uri = await start_server()
        opened.append(server)
        clients = await open_room(uri, ("person", "person"))
        opened.extend(clients)
        await server.stop()
        opened.remove(server)
        tries = iter(range(3))
        # the server is gone: every try fails; after three looks the caller says stop
        assert await come_back(uri, clients[1], lambda: next(tries, None) is None) is None

    run(game)
