"""The cut for the first deal on a network table, without a network: a seat's (or a
spectator's) table fed a room's updates through a stand-in link. With the cut rule it shows the
cut panel while the first hole opens — every seat's name over the card it cut, who deals — and
says the cut aloud as a local table does, from the cards its view carries (it never knows the
deal number); once the opening is over, and in a room without the cut rule, there is no cut."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from golf.sixcard.ai import make_opponent
from golf.sixcard.announce import Seats, cut_said
from golf.sixcard.game import State, apply, cut_cards, lowest_cut, new_game
from golf.sixcard.rules import SixRules
from golf.sixcard.view import seat_view
from golfnet.client import Client
from golfnet.protocol import ToClient, last_for, public_view, view_data
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop
from scenes.core.speech import RecordingVoice, Speech
from scenes.sixcard.cut import draw_cut, shows_cut
from scenes.sixcard.nettable import NetTableScene
from tests.net.test_ui_net_table import Link
from tests.net_windows import net_app
from tests.netplay import wire

pytestmark = pytest.mark.window  # the network's screens, in a window


WIDE = 26**7 + 918_273_645
"""A wide deal number, as a network room deals; the table is never told it."""
CUT = SixRules(knock=True, cut=True)
NAMES = {"en": ("You", "Birdie", "Bob"), "fr": ("Vous", "Birdie", "Bob")}


def _room(rules: SixRules) -> ToClient:
    """Ann (this seat, 0), a computer and Bob."""
    seat = {"ready": True, "connected": True, "gone": False}
    return wire(
        {
            "type": "room",
            "code": "ABCDEFGHJ",
            "seats": [
                {"name": "Ann", "kind": "person", "level": "medium", **seat},
                {"name": "", "kind": "computer", "level": "hard", **seat},
                {"name": "Bob", "kind": "person", "level": "medium", **seat},
            ],
            "rules": rules.to_dict(),
            "timer": 0,
            "host": 0,
            "started": True,
        }
    )


def _view(state: State, seat: int | None) -> dict[str, object]:
    return view_data(seat_view(state, seat)) if seat is not None else public_view(state)


def _update(state: State, at: int, seat: int | None, last: dict[str, object] | None) -> ToClient:
    opening = state.phase == "opening"
    view = _view(state, seat)
    last = last_for(last, seat, opening)  # type: ignore[assignment]
    return wire({"type": "update", "at": at, "view": view, "last": last, "deadline": None})


def _table(
    tmp_path: Path, lang: str, start: State, seat: int | None
) -> tuple[App, NetTableScene, Link, RecordingVoice]:
    """The table of ``seat`` (None: a spectator) on the game's first update, speaking."""
    app = net_app(tmp_path, lang)
    voice = RecordingVoice()
    app.speech = Speech(lambda: voice)
    app.change_settings(app.settings.with_(speak=True), save=False)
    app.speech.configure(on=True)
    client = Client(None)  # type: ignore[arg-type]
    client.take_in(wire({"type": "welcome", "code": "ABCDEFGHJ", "seat": seat, "token": "t" * 24}))
    client.take_in(_room(start.rules))
    client.take_in(_update(start, 0, seat, None))
    link = Link(client)
    table = NetTableScene(app, link)  # type: ignore[arg-type]
    app.scenes.reset(table, fade=False)
    Loop(app).step([], 1 / 60)
    return app, table, link, voice


def _drawn(app: App, draw: Any) -> tuple[list[str], list[int]]:
    """Every text blitted and every card face taken from the card art while ``draw`` draws."""
    texts: list[str] = []
    faces: list[int] = []
    blit, face = app.look.type.blit, app.look.cards.face

    def spy_text(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        texts.append(text)
        return blit(surface, text, *args, **kwargs)

    def spy_face(card: int) -> pygame.Surface:
        faces.append(card)
        return face(card)

    app.look.type.blit = spy_text  # type: ignore[method-assign]
    app.look.cards.face = spy_face  # type: ignore[method-assign]
    try:
        draw(pygame.Surface(SCREEN_SIZE))
    finally:
        del app.look.type.blit
        del app.look.cards.face
    return texts, faces


def _opening(start: State) -> list[tuple[State, dict[str, object]]]:
    """The first hole's opening choices, each state with the action that led to it."""
    rng = random.Random(5)
    bots = [make_opponent("medium", rng.randrange(2**32)) for _ in range(start.players)]
    out, state = [], start
    while state.phase == "opening":
        seat = state.to_move
        assert seat is not None
        action = bots[seat].decide(seat_view(state, seat))
        state = apply(state, action)
        out.append((state, {"seat": seat, "action": str(action), "auto": False}))
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_seat_s_table_shows_and_says_the_cut_while_the_first_hole_opens(
    tmp_path: Path, lang: str
) -> None:
    start = new_game(WIDE, 3, CUT)
    cards = cut_cards(WIDE, 3)
    app, table, link, voice = _table(tmp_path, lang, start, 0)
    assert table.state.number == 0  # never told the deal
    assert table.state.cut == cards and shows_cut(table.state)
    names = NAMES[lang]
    assert [table.name(s) for s in range(3)] == list(names)
    dealer = lowest_cut(cards)
    assert table.state.dealer == dealer
    texts, _faces = _drawn(app, table.draw)
    title = app.texts("six.cut.title")
    assert title in texts
    # the panel alone: each seat's name over the card it cut, seat by seat, and who deals
    texts, faces = _drawn(app, lambda surface: draw_cut(surface, table))
    assert faces == list(cards)
    assert [t for t in texts if t in names] == list(names)
    dealing = app.texts("six.cut.you_deal") if dealer == 0 else None
    assert (dealing or app.texts("six.cut.deals", name=names[dealer])) in texts
    # said aloud when the table is shown, word for word as a local table says it
    said = cut_said(start, Seats(names, you=0, private=0), lang)
    assert said and voice.texts and voice.texts[0].startswith(said)
    # once every seat has chosen, the cut is gone
    for at, (state, last) in enumerate(_opening(start), 1):
        link.inbox.append(_update(state, at, 0, last))
        table.listen()
        assert shows_cut(table.state) == (state.phase == "opening")
    assert table.state.phase == "turn" and table.state.cut == cards
    texts, faces = _drawn(app, table.draw)
    assert title not in texts and not faces


def test_a_spectator_s_table_shows_the_cut_too(tmp_path: Path) -> None:
    start = new_game(WIDE, 3, CUT)
    app, table, _link, voice = _table(tmp_path, "en", start, None)
    assert table.watching and shows_cut(table.state)
    texts, faces = _drawn(app, lambda surface: draw_cut(surface, table))
    assert faces == list(cut_cards(WIDE, 3))
    dealer = lowest_cut(cut_cards(WIDE, 3))
    assert app.texts("six.cut.deals", name=table.name(dealer)) in texts
    assert voice.texts and voice.texts[0].startswith("The cut for the deal: ")


def test_a_table_without_the_cut_rule_shows_and_says_no_cut(tmp_path: Path) -> None:
    start = new_game(WIDE, 3, SixRules(knock=True))
    app, table, _link, voice = _table(tmp_path, "en", start, 0)
    assert table.state.cut is None and not shows_cut(table.state)
    texts, faces = _drawn(app, table.draw)
    assert app.texts("six.cut.title") not in texts and not faces
    assert voice.texts and not any("cut" in t for t in voice.texts)  # whose turn, no cut
