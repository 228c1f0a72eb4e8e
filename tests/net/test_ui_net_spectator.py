"""What a spectator's network table says, without a network: a client without a seat fed the
public view through a stand-in link. Its side panel says it is watching (no keys to play); its
scoreboard offers no Next hole (the players deal it) and says so; in English and French."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from golf.sixcard.game import State
from golfnet.client import Client
from golfnet.protocol import ToClient, last_for, public_view
from scenes.core.input import Intent, Kind
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop
from scenes.sixcard.netshow import NetPauseMenu, NetScoreboard
from scenes.sixcard.nettable import NetTableScene
from tests.net.test_ui_net import _app
from tests.net.test_ui_net_table import Link, _game, _room, _table, _update
from tests.netplay import wire

pytestmark = pytest.mark.window  # the network's screens, in a window


def _public(state: State, at: int, last: dict[str, object] | None, opening: bool) -> ToClient:
    return wire(
        {
            "type": "update",
            "at": at,
            "view": public_view(state),
            "last": last_for(last, None, opening),
            "deadline": 12.0,
        }
    )


def _spectator(tmp_path: Path, lang: str, start: State) -> tuple[App, NetTableScene, Link]:
    app = _app(tmp_path, lang)
    client = Client(None)  # type: ignore[arg-type]
    client.take_in(wire({"type": "welcome", "code": "ABCDEFGHJ", "seat": None, "token": "t" * 24}))
    client.take_in(_room("ABCDEFGHJ"))
    client.take_in(_public(start, 0, None, True))
    link = Link(client)
    table = NetTableScene(app, link)  # type: ignore[arg-type]
    app.scenes.reset(table, fade=False)
    return app, table, link


def _drawn(app: App, draw: Any) -> list[str]:
    """Every text blitted while ``draw`` draws a frame."""
    said: list[str] = []
    blit = app.look.type.blit

    def spy(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        said.append(text)
        return blit(surface, text, *args, **kwargs)

    app.look.type.blit = spy  # type: ignore[method-assign]
    try:
        draw(pygame.Surface(SCREEN_SIZE))
    finally:
        del app.look.type.blit
    return said


KEYS = {
    "en": ("Arrows + Enter", "You are watching · Esc: menu"),
    "fr": ("Flèches + Entrée", "Vous regardez · Échap : menu"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_spectator_s_side_panel_says_it_watches_and_offers_no_keys_to_play(
    tmp_path: Path, lang: str
) -> None:
    start, _steps = _game(3)
    app, table, _link = _spectator(tmp_path, lang, start)
    assert table.watching
    said = " ".join(_drawn(app, table.draw))
    playing, watching = KEYS[lang]
    assert playing not in said
    assert watching in said
    loop = Loop(app)
    loop.step([], 1 / 60)
    table.handle(Intent(Kind.CANCEL))  # and Esc opens the menu, as the line says
    loop.step([], 1 / 60)
    assert isinstance(app.scenes.top, NetPauseMenu)


WAITING = {
    "en": "The next hole comes when the players go on",
    "fr": "Le trou suivant vient quand les joueurs continuent",
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_spectator_s_scoreboard_offers_no_next_hole_and_says_the_players_deal_it(
    tmp_path: Path, lang: str
) -> None:
    start, steps = _game(3)
    app, _table, link = _spectator(tmp_path, lang, start)
    loop = Loop(app)
    state = start
    for at, (after, action, seat) in enumerate(steps, 1):
        last = {"seat": seat, "action": str(action), "auto": False}
        link.inbox.append(_public(after, at, last, state.phase == "opening"))
        state = after
        if after.phase == "hole_over":
            break
    for _ in range(900):
        loop.step([], 1 / 30)
        if isinstance(app.scenes.top, NetScoreboard):
            break
    board = app.scenes.top
    assert isinstance(board, NetScoreboard) and not board.final
    assert [b.key for b in board.menu.buttons] == ["button.menu"]
    said = _drawn(app, app.scenes.draw)
    assert WAITING[lang] in said
    assert app.texts("six.next_hole") not in said
    board.opened = 1.0  # past the guard against a key pressed for the table
    board.handle(Intent(Kind.CONFIRM))  # Enter: the menu, never a next hole asked for
    loop.step([], 1 / 60)
    assert link.sent == [] and isinstance(app.scenes.top, NetPauseMenu)


TURN = {"en": ("Your turn", "12 s left"), "fr": ("À vous de jouer", "encore 12 s")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_on_one_s_own_turn_the_head_line_says_it_once_and_the_seconds_left(
    tmp_path: Path, lang: str
) -> None:
    start, steps = _game(5)
    app, _loop, table, link = _table(tmp_path, start)
    app.change_settings(app.settings.with_(language=lang), save=False)
    for at, (after, action, seat) in enumerate(steps, 1):
        last = {"seat": seat, "action": str(action), "auto": False}
        link.inbox.append(_update(after, at, last, False))
        table.listen()
        if after.phase == "turn" and after.to_move == 0 and after.drawn is None:
            break
    table.cards.land()
    assert table.person_to_act == 0
    yours, left = TURN[lang]
    said = _drawn(app, table.draw)
    assert sum(yours in text for text in said) == 1  # the head line's left side
    assert left in said  # the right side: the seconds left, alone
    assert table.status.line()[0] == left
