"""An honest player over the network: a computer that plays its seat from the views the server
sends (the tests' and benchmarks' players, and a model of what a client does)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from golf.sixcard.actions import NEXT_HOLE_ACTION, Action
from golf.sixcard.ai import Opponent
from golfnet.client import Client
from golfnet.protocol import Over, Update


async def play_seat(
    client: Client,
    opponent: Opponent,
    timeout: float = 60.0,
    on_update: Callable[[Update, float], None] | None = None,
    pace: float = 0.0,
) -> None:
    """Play the client's seat until the game is over (and its record has come).

    ``on_update(message, seconds)`` is told every update with the time since this client's
    last action (the benchmarks' latency); ``pace`` is a pause before each action."""
    sent_at: float | None = None
    fresh = client.view is not None  # a view already received (after a rejoin) is answered
    while client.record is None:
        if not fresh:
            message = await client.until(lambda m: isinstance(m, Update | Over), timeout)
            if not isinstance(message, Update):
                continue
            if on_update is not None and sent_at is not None:
                on_update(message, time.perf_counter() - sent_at)
                sent_at = None
        fresh = False
        action = choice(client, opponent)
        if action is None:
            continue
        if pace:
            await asyncio.sleep(pace)
        await client.act(action)
        sent_at = time.perf_counter()


def choice(client: Client, opponent: Opponent) -> Action | None:
    """What the seat does on its latest view: None when it is not its move."""
    view = client.view
    if view is None or view.phase == "game_over":
        return None
    if view.phase == "hole_over":
        return NEXT_HOLE_ACTION
    return opponent.decide(view) if view.to_move == client.seat else None
