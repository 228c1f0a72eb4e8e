"""What a spectator's network table says, without a network: a client without a seat fed the
public view through a stand-in link. Its side panel says it is watching (no keys to play), in
English and French."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from golf.sixcard.game import State
from golfnet.client import Client
from golfnet.protocol import Message, last_for, public_view
from scenes.core.input import Intent, Kind
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop
from scenes.sixcard.netshow import NetPauseMenu
from scenes.sixcard.nettable import NetTableScene
from tests.test_ui_net import _app
from tests.test_ui_net_table import Link, _game, _room


def _public(state: State, at: int, last: dict[str, object] | None, opening: bool) -> Message:
    return {
        "type": "update",
        "at": at,
        "view": public_view(state),
        "last": last_for(last, None, opening),
        "deadline": 12.0,
    }


def _spectator(tmp_path: Path, lang: str, start: State) -> tuple[App, NetTableScene, Link]:
    app = _app(tmp_path, lang)
    client = Client(None)  # type: ignore[arg-type]
    client.take_in({"type": "welcome", "code": "ABCDEF", "seat": None, "token": "t" * 24})
    client.take_in(_room("ABCDEF"))
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
