"""Rooms as they are created over the network: the options a ``create`` may ask for, checked by
the engine on the server (refused with a clear error, no room made), and the deal, which is a
wide secret number that no message names before the game's end."""

from __future__ import annotations

import asyncio
import json
import math
from pathlib import Path
from typing import Any

import pytest

from golf.replay_files import verify_file
from golf.sixcard import replay as sixreplay
from golf.sixcard.ai import make_opponent
from golf.sixcard.codes import letters
from golf.sixcard.rules import SixRules
from golf.sixcard.wide import WIDE_LETTERS, is_wide
from golfnet.bots import play_seat
from golfnet.client import Client
from golfnet.protocol import Bye, Create, Error, Over, RoomInfo, encode
from golfnet.room import secret_deal
from tests.netplay import leaks, open_room, run, start_server


def _numbers(data: object) -> list[int]:
    """Every whole number in a message's data."""
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [data]
    if isinstance(data, dict):
        return [n for v in data.values() for n in _numbers(v)]
    if isinstance(data, list):
        return [n for v in data for n in _numbers(v)]
    return []


async def _secret(folder: Path, opened: list[Any]) -> None:
    server, uri = await start_server()
    opened.append(server)
    rules = SixRules(grid=4, holes=9, knock=True)
    clients = await open_room(uri, ("person", "medium", "person"), rules)
    opened += clients
    room = server.rooms[str(clients[0].code)]
    number = room.number
    assert is_wide(number)
    other = await open_room(uri, ("person", "easy"))
    opened += other
    assert server.rooms[str(other[0].code)].number != number
    await asyncio.gather(*(play_seat(c, make_opponent("easy", i)) for i, c in enumerate(clients)))
    deal = letters(number, WIDE_LETTERS)
    assert room.match is not None
    stream = str(room.match.state.rng)
    secrets_ = (deal, str(number), f"{number:x}", f"{number:X}", stream)
    for client in clients:
        end = next(i for i, m in enumerate(client.received) if isinstance(m, Over))
        before = client.received[:end]
        assert len(before) > 50
        for message in before:
            text = encode(message)
            assert not any(s in text for s in secrets_), message.TYPE
            # nothing like a deal number or a stream's state: only small counts and cards
            assert all(abs(n) < 1_000_000 for n in _numbers(json.loads(text))), message.TYPE
        assert deal in client.record["code"]  # type: ignore[index]  # told at the end
    replay = clients[0].replay()
    path = folder / "wide.yaml"
    sixreplay.save(replay, path)
    assert verify_file(path) == []
    states = sixreplay.play(replay)
    assert all(leaks(c, states) == [] for c in clients)
    assert server.stats["crashes"] == 0


def test_a_network_deal_is_wide_secret_and_named_only_at_the_end(tmp_path: Path) -> None:
    run(lambda opened: _secret(tmp_path, opened))


def test_secret_deals_are_wide_and_differ() -> None:
    deals = {secret_deal() for _ in range(200)}
    assert len(deals) == 200 and all(is_wide(n) for n in deals)
    assert max(deals).bit_length() > 120


BAD = [
    ({"rules": {"grid": 5}}, "bad_rules", "rules: grid is not valid"),
    ({"rules": {"grid": 6.0}}, "bad_rules", "rules: grid is not valid"),
    ({"rules": {"holes": 12}}, "bad_rules", "rules: holes is not valid"),
    ({"rules": {"ties": "coin"}}, "bad_rules", "rules: ties is not valid"),
    ({"rules": {"knock": 1}}, "bad_rules", "rules: knock is not valid"),
    ({"rules": {"jokers": "yes"}}, "bad_rules", "rules: jokers is not valid"),
    ({"rules": {"colour": "red"}}, "bad_rules", "rules: expected the rule set's fields"),
    ({"rules": [6]}, "bad_message", "create: rules is not valid"),
    (
        {"seats": ["person"] * 7},
        "bad_rules",
        "rules: a 6-card game is for 2 to 6 players, not 7",
    ),
    (
        {"seats": ["person", "easy"], "rules": {"grid": 9}},
        "bad_rules",  # an older code's count, not offered to a new table
        "rules: a 9-card game is for 3 to 6 players, not 2",
    ),
    ({"seats": ["easy", "person"]}, "bad_message", "create: seats is not valid"),
    ({"seats": ["person", "expert"]}, "bad_message", "create: seats is not valid"),
    ({"seats": ["person"]}, "bad_message", "create: seats is not valid"),
    ({"timer": -1}, "bad_message", "create: timer is not valid"),
    ({"timer": 601}, "bad_message", "create: timer is not valid"),
    ({"timer": math.nan}, "bad_message", "create: timer is not valid"),
    ({"timer": "30"}, "bad_message", "create: timer is not valid"),
    ({"pause": 9}, "bad_message", "create: pause is not valid"),
]


async def _refused(opened: list[Any]) -> None:
    server, uri = await start_server()
    opened.append(server)
    for change, error, text in BAD:
        c = await Client.open(uri)
        opened.append(c)
        create = {"name": "Host", "seats": ["person", "medium"], **change}
        await c.send("create", **create)
        m = await c.until(lambda m: isinstance(m, Error))
        assert (m.error, m.text) == (error, text), change
        assert server.rooms == {} and c.seat is None
    assert server.stats["malformed"] == len(BAD)  # each counted as an offence
    # a client that keeps sending them is cut off, like any other offender
    pest = await Client.open(uri)
    opened.append(pest)
    for _ in range(10):
        await pest.send("create", name="x", seats=["person", "easy"], rules={"grid": 5})
    bye = await pest.until(lambda m: isinstance(m, Bye))
    assert isinstance(bye, Bye) and bye.reason == "offences" and server.stats["disconnected"] == 1
    # a room with good options: every one is kept
    c = await Client.open(uri)
    opened.append(c)
    rules = SixRules(grid=9, peek=True, row_cancel=True, pairs=True, holes=18, ties="shared")
    await c.send(
        Create(name="Host", seats=("person", "hard", "person"), rules=rules.to_dict(), timer=45)
    )
    m = await c.until(lambda m: isinstance(m, RoomInfo))
    assert isinstance(m, RoomInfo) and m.rules == rules and m.timer == 45
    assert [s.kind for s in m.seats] == ["person", "computer", "open"]
    assert m.seats[1].level == "hard"
    assert server.stats["crashes"] == 0


def test_a_create_with_options_the_engine_refuses_is_refused_with_a_clear_error() -> None:
    run(_refused)


@pytest.mark.parametrize("grid", [2, 4, 6, 9])
def test_every_grid_seats_the_players_the_setup_offers(grid: int) -> None:
    rules = SixRules(grid=grid)  # type: ignore[arg-type]
    low, high = rules.player_range()
    for players in range(low, high + 1):
        rules.check_new_table(players)
    for players in (low - 1, high + 1):
        with pytest.raises(ValueError, match=f"{grid}-card game is for {low} to {high}"):
            rules.check_new_table(players)
