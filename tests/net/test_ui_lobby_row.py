"""The lobby's row of buttons, without a network: out of a room, Watch stands in the row under
the fields beside Join (both go by the host and code), every label fitting its button in English
and French; in a room Watch is gone and the four others fill the row."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from golfnet.client import Client
from golfnet.link import Event
from golfnet.protocol import Welcome
from scenes.core.manager import Loop
from scenes.sixcard.lobby import PANEL, NetLobbyScene
from tests.net.test_ui_net import _app

pytestmark = pytest.mark.window  # the network's screens, in a window


class Link:
    """A link whose client is in a room (a spectator's: no seat)."""

    def __init__(self) -> None:
        self.client = Client(None)  # type: ignore[arg-type]
        self.client.take_in(Welcome(code="ABCDEFGHJ", seat=None, token=None))

    def poll(self) -> list[Event]:
        return []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_watch_stands_beside_join_in_the_row_and_goes_in_a_room(tmp_path: Path, lang: str) -> None:
    app = _app(tmp_path, lang)
    lobby = NetLobbyScene(app)
    app.scenes.reset(lobby, fade=False)
    loop = Loop(app)
    loop.step([], 1 / 60)
    host, join, ready, back = lobby.buttons
    watch = lobby.watch_button
    row = [host, join, watch, ready, back]
    assert [b for b in lobby.form.items if b in row] == row  # in this order, left to right
    for left, right in pairwise(row):
        assert left.rect.top == right.rect.top and left.rect.right < right.rect.left
    for button in row:
        assert PANEL.contains(button.rect)
        label = app.look.type.width(button.label(app.texts), button.size)
        assert label + 16 <= button.rect.width, button.key
    assert watch.rect.top > lobby.server_field.rect.bottom
    # in a room: no Watch, and the focus that was on it goes to a button one may use
    lobby.form.focus = lobby.form.items.index(watch)
    lobby.link = Link()  # type: ignore[assignment]
    loop.step([], 1 / 60)
    assert watch not in lobby.form.items
    assert [b for b in lobby.form.items if b in row] == [host, join, ready, back]
    assert back.rect.right - host.rect.left == PANEL.width - 80
    assert lobby.form.focused is back
