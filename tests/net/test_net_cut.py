"""The cut for the first deal over the network: every seat's view (and the spectators' public
view) carries the cards cut for the first deal exactly when the room plays with the cut rule,
and they are the cut of the room's secret deal; a view whose cut is not one is refused."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from golf.sixcard import replay as sixreplay
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import cut_cards, lowest_cut, new_game
from golf.sixcard.rules import SixRules
from golf.sixcard.view import seat_view
from golfnet.bots import play_seat
from golfnet.client import Client
from golfnet.protocol import (
    BadMessage,
    RoomInfo,
    Update,
    Welcome,
    public_view,
    read_view,
    view_data,
)
from tests.netplay import leaks, open_room, plain, run, start_server

WIDE = 26**7 + 918_273_645
"""A wide deal number, as a network room deals (``golfnet.room.secret_deal``)."""


async def _played(rules: SixRules, opened: list[Any]) -> tuple[int, list[Client]]:
    """A whole game of two people, a computer and a spectator: the room's deal number and
    every client, each with every message it received."""
    server, uri = await start_server()
    opened.append(server)
    clients = await open_room(uri, ("person", "medium", "person"), rules)
    number = server.rooms[str(clients[0].code)].number
    watcher = await Client.open(uri)
    opened += [*clients, watcher]
    await watcher.send("watch", code=clients[0].code)
    everyone = [*clients, watcher]
    await asyncio.gather(*(play_seat(c, make_opponent("easy", i)) for i, c in enumerate(everyone)))
    return number, everyone


@pytest.mark.parametrize("cut", [True, False])
def test_every_view_carries_the_cut_of_the_secret_deal_exactly_with_the_cut_rule(
    cut: bool,
) -> None:
    rules = SixRules(grid=4, holes=9, cut=cut)
    number, clients = run(lambda opened: _played(rules, opened))
    wanted = cut_cards(number, 3) if cut else None
    for client in clients:
        updates = [m for m in client.received if isinstance(m, Update)]
        assert len(updates) > 50 and updates[-1].view["hole"] >= 9
        # every update of every hole, to every seat and the spectator
        assert all(m.view["cut"] == plain(wanted) for m in updates)
        if wanted is not None:
            assert updates[0].view["dealer"] == lowest_cut(wanted)
    seated = clients[0].view
    assert seated is not None and seated.cut == wanted  # as the client reads it
    # and nothing else: each update is the seat's view of the recorded state, to the letter
    states = sixreplay.play(clients[0].replay())
    assert states[0].cut == wanted
    assert all(leaks(c, states) == [] for c in clients)


def test_the_cut_comes_from_its_own_stream_and_is_in_the_state_from_the_start() -> None:
    rules = SixRules(cut=True)
    state = new_game(WIDE, 5, rules)
    assert state.cut == cut_cards(WIDE, 5)
    assert state.dealer == lowest_cut(cut_cards(WIDE, 5))
    # public: every seat and a spectator are shown the same cards
    assert {seat_view(state, s).cut for s in range(5)} == {state.cut}
    assert public_view(state)["cut"] == state.cut
    assert new_game(WIDE, 5, SixRules()).cut is None
    assert seat_view(new_game(WIDE, 5, SixRules()), 0).cut is None


def _data(rules: SixRules, players: int = 4) -> dict[str, Any]:
    """A seat's first view, as it arrives after a trip through JSON."""
    return dict(plain(view_data(seat_view(new_game(WIDE, players, rules), 1))))


def _swapped(data: dict[str, Any]) -> list[int]:
    """The view's cut with the lowest card moved to another seat: not the dealer's."""
    cut = list(data["cut"])
    low = lowest_cut(tuple(cut))
    other = (low + 1) % len(cut)
    cut[low], cut[other] = cut[other], cut[low]
    return cut


BAD_CUTS = {
    "missing": lambda d: {k: v for k, v in d.items() if k != "cut"},
    "none": lambda d: {**d, "cut": None},
    "not a list": lambda d: {**d, "cut": "2C 3D 4H 5S"},
    "short": lambda d: {**d, "cut": d["cut"][:-1]},
    "long": lambda d: {**d, "cut": [*d["cut"], 51 if 51 not in d["cut"] else 0]},
    "twice": lambda d: {**d, "cut": [d["cut"][0]] * len(d["cut"])},
    "a joker": lambda d: {**d, "cut": [52, *d["cut"][1:]]},
    "negative": lambda d: {**d, "cut": [-1, *d["cut"][1:]]},
    "a text": lambda d: {**d, "cut": [str(d["cut"][0]), *d["cut"][1:]]},
    "a bool": lambda d: {**d, "cut": [True, *d["cut"][1:]]},
    "a float": lambda d: {**d, "cut": [float(d["cut"][0]), *d["cut"][1:]]},
    "nested": lambda d: {**d, "cut": [d["cut"]]},
    "not the dealer's": lambda d: {**d, "cut": _swapped(d)},
    "an odd field": lambda d: {**d, "cut_cards": d["cut"]},
}


@pytest.mark.parametrize("bad", list(BAD_CUTS))
def test_a_view_whose_cut_is_not_the_cut_rule_s_is_refused(bad: str) -> None:
    rules = SixRules(cut=True)
    good = _data(rules)
    assert read_view(good, rules).cut == tuple(good["cut"])
    data = BAD_CUTS[bad](good)
    with pytest.raises(BadMessage, match="view: "):
        read_view(data, rules)
    # a client refuses the update as it refuses any other bad message, and keeps its view
    client = Client(None)  # type: ignore[arg-type]
    client.take_in(Welcome(code="ABCDEFGHJ", seat=1, token="t" * 24))
    client.take_in(
        RoomInfo(code="ABCDEFGHJ", seats=(), rules=rules, timer=0, host=0, started=False)
    )
    client.take_in(Update(at=0, view=good, last=None, deadline=None))
    kept = client.view
    with pytest.raises(BadMessage):
        client.take_in(Update(at=1, view=data, last=None, deadline=None))
    assert client.view == kept and client.view_data == good and client.at == 0


def test_a_cut_is_refused_without_the_cut_rule_and_after_the_first_hole_only_its_form_counts() -> (
    None
):
    off = SixRules()
    data = _data(off)
    assert data["cut"] is None and read_view(data, off).cut is None
    with pytest.raises(BadMessage, match="cut is not valid"):
        read_view({**data, "cut": [0, 1, 2, 3]}, off)
    on = SixRules(cut=True)
    later = {**_data(on), "hole": 2}
    assert read_view({**later, "cut": _swapped(later)}, on).hole == 2  # the dealer has moved on
    state = dataclasses.replace(new_game(WIDE, 4, on), hole=2)
    assert read_view(plain(view_data(seat_view(state, 0))), on).cut == state.cut
