"""Whole games over the loopback interface: 2 to 6 clients with computer seats, a spectator, a
reconnection mid-hole. Each ends with the totals the engine gives from the saved record, and no
client was sent a card its seat could not see at that moment."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from golf.replay_files import verify_file
from golf.sixcard import replay as sixreplay
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import totals
from golf.sixcard.rules import SixRules
from golf.sixcard.view import seat_view
from golfnet.bots import play_seat
from golfnet.client import Client
from golfnet.protocol import Error, Refused, Update, view_data
from tests.netplay import leaks, open_room, plain, run, start_server

GAMES = [
    (("person", "person"), SixRules()),
    (("person", "easy", "person"), SixRules(peek=True)),
    (("person", "person", "medium", "person"), SixRules(knock=True, grid=4)),
    (("person", "medium", "person", "easy", "person"), SixRules(grid=9, twos_negative=True)),
    (("person",) * 6, SixRules(peek=True, knock=True)),
    (("person", "person", "easy", "person", "easy", "person", "medium"), SixRules(grid=4)),
]


async def _game(kinds: tuple[str, ...], rules: SixRules, folder: Path, opened: list[Any]) -> None:
    server, uri = await start_server()
    opened.append(server)
    clients = await open_room(uri, kinds, rules)
    watcher = await Client.open(uri)
    opened += [*clients, watcher]
    await watcher.send("watch", code=clients[0].code)
    bots = [play_seat(c, make_opponent("easy", i)) for i, c in enumerate(clients)]
    await asyncio.gather(*bots, play_seat(watcher, make_opponent("easy", 9)))

    replay = clients[0].replay()
    states = sixreplay.play(replay)
    assert states[-1].over
    path = folder / "net.yaml"
    sixreplay.save(replay, path)
    assert verify_file(path) == []
    loaded = sixreplay.load(path)
    assert loaded.result.totals == totals(sixreplay.play(loaded)[-1])
    for c in [*clients, watcher]:
        assert c.replay().actions == replay.actions  # every client saves the same game
        assert c.view_data is not None
        assert c.view_data["scores"] == plain(states[-1].scores)
        assert leaks(c, states) == []
    assert [c.seat for c in clients] == [s for s, k in enumerate(kinds) if k == "person"]
    assert server.stats["crashes"] == 0


@pytest.mark.parametrize(("kinds", "rules"), GAMES, ids=[str(len(k)) for k, _ in GAMES])
def test_a_whole_game_over_the_network_ends_as_the_engine_says_and_leaks_nothing(
    kinds: tuple[str, ...], rules: SixRules, tmp_path: Path
) -> None:
    run(lambda opened: _game(kinds, rules, tmp_path, opened))


async def _reconnect(opened: list[Any]) -> None:
    server, uri = await start_server()
    opened.append(server)
    host, guest = await open_room(uri, ("person", "person", "medium"), SixRules(peek=True))
    opened += [host, guest]
    host_play = asyncio.ensure_future(play_seat(host, make_opponent("easy", 1)))
    # the guest plays until mid-hole, on its turn, then its connection drops
    while True:
        await guest.until(lambda m: isinstance(m, Update))
        view = guest.view
        assert view is not None
        if view.to_move == guest.seat and guest.at >= 12:
            break
        if view.to_move == guest.seat:
            await guest.act(make_opponent("easy", 2).decide(view))
    before = guest.view_data
    code, token = guest.code, guest.token
    await guest.close()
    await asyncio.sleep(0.05)
    room = server.rooms[str(code)]
    assert room.seats[1].link is None  # the seat waits for its person

    back = await Client.open(uri)
    opened.append(back)
    back.rules = guest.rules
    await back.send("rejoin", code=code, token=token)
    await back.until(lambda m: isinstance(m, Update))
    assert back.seat == 1 and back.view_data == before  # the seat, exactly as it was
    assert room.match is not None
    assert back.view_data == plain(view_data(seat_view(room.match.state, 1)))
    await asyncio.gather(host_play, play_seat(back, make_opponent("easy", 3)))
    states = sixreplay.play(back.replay())
    assert leaks(back, states) == [] and leaks(guest, states) == []
    assert back.replay().result.totals == totals(states[-1])


def test_a_seat_reconnected_mid_hole_is_restored_exactly_and_plays_on() -> None:
    run(_reconnect)


async def _unseatable(opened: list[Any]) -> None:
    server, uri = await start_server()
    opened.append(server)
    c = await Client.open(uri)
    opened.append(c)
    await c.send("create", name="x", seats=["person"] * 7, rules=SixRules(grid=6).to_dict())
    m = await c.until(lambda m: isinstance(m, Error))
    assert m.error == "bad_rules" and server.rooms == {} and server.stats["crashes"] == 0


def test_a_room_its_rules_cannot_seat_is_refused() -> None:
    run(_unseatable)


async def _forged(opened: list[Any]) -> None:
    server, uri = await start_server()
    opened.append(server)
    host, guest = await open_room(uri, ("person", "person"))
    thief = await Client.open(uri)
    opened += [host, guest, thief]
    await thief.send("rejoin", code=host.code, token="A" * 24)
    m = await thief.until(lambda m: isinstance(m, Error))
    assert m.error == "bad_token" and thief.seat is None
    await host.until(lambda m: isinstance(m, Update))
    assert host.view is not None
    other = 1 - host.seat if host.seat is not None else 0
    if host.view.to_move == other:
        await host.act("take stock")  # the other seat's turn: refused
        m = await host.until(lambda m: isinstance(m, Refused))
        assert m.reason == "not_your_turn"
    await host.send("act", action="take stock", at=999)
    m = await host.until(lambda m: isinstance(m, Refused))
    assert m.reason in ("stale", "not_your_turn")
    assert server.stats["crashes"] == 0


def test_forged_tokens_and_actions_out_of_turn_are_refused() -> None:
    run(_forged)
