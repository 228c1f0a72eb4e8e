"""The seed's last six-card points on screen: the others' opening cards stay face down until
every seat has chosen, the cut for the first deal, and the setup window's players per grid."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.sixcard.actions import Action
from golf.sixcard.game import cut_cards, cut_order, legal_actions
from golf.sixcard.rules import GRIDS, NEW_GAME, STANDARD
from scenes.core.look import PALETTE
from scenes.sixcard.cut import panel_rect, shows_cut
from scenes.sixcard.parts import seat_name
from scenes.sixcard.setup import HUMAN, SixSetup, SixSetupScene
from scenes.sixcard.table import SixTableScene
from tests.window.test_ui_six import UI, _make_ui, _sit


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[UI]:
    yield _make_ui(tmp_path)
    pygame.event.clear()


def test_the_others_opening_cards_stay_face_down_until_all_have_chosen(ui: UI) -> None:
    # deal 0 without the cut: seat 0 deals, so the three computers choose before the person
    table = _sit(ui, SixSetup(players=4, speed="fast", number=0, rules=STANDARD))
    assert table.state.seats == (1, 2, 3, 0)
    ui.wait_for_person()
    state = table.state
    assert state.phase == "opening" and all(state.up[s].bit_count() == 2 for s in (1, 2, 3))
    view = table.view
    for seat in (1, 2, 3):
        assert all(c is None for c in view.grids[seat])
        tag = table.drawing.panels.tag(seat)
        assert tag is not None and tag[0] == ui.app.texts("six.chosen_tag")
        for card in state.grids[seat]:
            assert not table.cards.sprites[card].face_up
    legend = ui.app.texts("six.legend.chosen")  # the tag is explained in the person's panel
    assert legend.startswith(ui.app.texts("six.chosen_tag") + ":")
    assert table.drawing.panels.legend() == [legend]
    assert " ".join(_drawn_texts(ui, table)).count(legend) == 1
    table.act(Action.parse("flip 1 1"))
    ui.frames(2)
    assert all(c is None for c in table.view.grids[1])  # still hidden: the person has one to go
    table.act(Action.parse("flip 2 2"))
    state = table.state
    assert state.phase == "turn"
    revealed = []
    for seat in (1, 2, 3):  # every chosen card shows at once
        shown = [c for c in table.view.grids[seat] if c is not None]
        assert len(shown) == 2
        revealed.extend(shown)
        assert table.drawing.panels.tag(seat) is None
    ui.frames(4)  # and turns over where it lies
    assert all(table.cards.sprites[c].face_up for c in revealed)


def test_the_cut_shows_during_the_first_opening_and_names_the_dealer(ui: UI) -> None:
    table = _sit(ui, SixSetup(players=4, speed="fast", number=2024, rules=NEW_GAME))
    state = table.state
    cards = cut_cards(2024, 4)
    lowest = min(range(4), key=lambda s: cut_order(cards[s]))
    assert state.dealer == lowest and state.seats[0] == (lowest + 1) % 4
    assert shows_cut(state)
    ui.frames(3)
    surface = pygame.display.get_surface()
    rect = panel_rect(table)
    assert not rect.colliderect(table.board.stock)
    # the panel is drawn (its gold frame around the dealer's card differs from the felt)
    colours = {tuple(surface.get_at((x, rect.centery))) for x in range(rect.left, rect.right, 7)}
    assert len(colours) > 5
    while table.state.phase == "opening":
        ui.wait_for_person()
        if table.person_to_act is not None:
            seat = table.state.to_move
            assert seat is not None
            slot = table.state.face_down_slots(seat)[0]
            table.act(Action.parse("flip {} {}".format(*table.state.rules.place(slot))))
        ui.frames(1)
    assert not shows_cut(table.state)


def test_the_setup_window_offers_the_players_each_grid_allows(ui: UI) -> None:
    scene = SixSetupScene(ui.app)
    assert scene.setup.rules == NEW_GAME  # a new game: the first dealer by the cut
    count = scene.left[0]
    assert count.values == list(range(2, 7))
    scene._rule("grid")(4)
    assert count.values == list(range(3, 8))
    count.set(7)
    scene._players(7)
    assert scene.setup.players == 7 and all(row.enabled for row in scene.left[1:8])
    assert scene.setup.seats == (HUMAN, *("medium",) * 6)
    scene._rule("grid")(9)  # 3 to 6: seven players come down to six
    assert count.values == list(range(3, 7)) and scene.setup.players == 6
    assert not scene.left[7].enabled
    pairs = scene.right[9]
    assert pairs.enabled  # nine cards: columns of three
    assert scene.setup.rules.pairs and pairs.value is True  # the glossary's pair, by default
    scene._rule("pairs")(False)  # the other reading stays a choice
    assert not scene.setup.rules.pairs
    scene._rule("knock")(True)
    assert not scene.setup.rules.pairs  # a choice made stays
    scene._rule("pairs")(True)
    assert scene.setup.rules.pairs
    scene._rule("grid")(2)
    assert not pairs.enabled and not scene.setup.rules.pairs
    assert count.values == list(range(2, 7))
    scene._rule("grid")(6)
    scene._players(2)
    scene._rule("grid")(4)  # two players come up to three
    assert scene.setup.players == 3


def test_a_setup_from_before_the_cut_starts_its_new_game_with_the_cut(ui: UI) -> None:
    scene = SixSetupScene(ui.app, SixSetup(players=3, rules=STANDARD.with_(grid=9)))
    assert scene.setup.rules == STANDARD.with_(grid=9, cut=True)  # the reading it had stays


def test_the_seven_seats_of_polish_polka_have_seven_names(ui: UI) -> None:
    seats = (HUMAN, *("easy",) * 6)
    names = {seat_name(ui.app, seats, seat) for seat in range(7)}
    assert len(names) == 7


def test_the_cut_panel_never_hides_the_piles(ui: UI) -> None:
    """At 1280×720, every grid and count of players: the cut panel stands clear of the stock,
    the discard and the card in hand (and their words), inside the screen."""
    screen = pygame.Rect(0, 0, 1280, 720)
    for grid in GRIDS:
        rules = NEW_GAME.with_(grid=grid)
        low, high = rules.player_range()
        for players in range(low, high + 1):
            setup = SixSetup(players=players, kinds=(HUMAN,) + ("medium",) * 6, rules=rules)
            table = SixTableScene(ui.app, setup)
            assert shows_cut(table.state)
            rect, board = panel_rect(table), table.board
            where = f"grid {grid}, {players} players: {rect}"
            assert screen.contains(rect), where
            for pile in (board.stock, board.discard, board.hand):
                assert not rect.colliderect(pile.inflate(0, 60)), f"{where} over {pile}"


def _drawn_texts(ui: UI, table: SixTableScene) -> list[str]:
    """Every text the table draws, in one frame, the lines of a wrapped text joined."""
    drawn: list[str] = []
    look = ui.app.look
    original = look.type.blit

    def blit(target: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append(text)
        return original(target, text, *args, **kw)  # type: ignore[arg-type]

    look.type.blit = blit  # type: ignore[method-assign]
    try:
        table.draw(pygame.Surface((1280, 720)))
    finally:
        del look.type.blit
    return drawn


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_ended_and_last_turn_tags_are_explained_beside_them(tmp_path: Path, lang: str) -> None:
    ui = _make_ui(tmp_path, lang)
    texts = ui.app.texts
    table = SixTableScene(ui.app, SixSetup(players=2, kinds=(HUMAN, HUMAN), rules=STANDARD))
    while table.state.finisher is None:  # turn up every card, one a turn, until one has all
        state = table.state
        assert state.to_move is not None
        down = [state.rules.place(slot) for slot in state.face_down_slots(state.to_move)]
        acts = legal_actions(state)
        turn = [a for a in acts if a.kind == "replace" and (a.row, a.column) in down]
        assert table.act((turn or acts)[0]) is None
    assert not table.state.knocked
    panels = table.drawing.panels
    assert panels.tag(table.state.finisher) == (texts("six.ended"), PALETTE.cyan)
    wanted = [texts("six.legend.ended"), texts("six.legend.last_turn")]
    assert panels.legend() == wanted
    assert wanted[0].startswith(texts("six.ended") + " :" if lang == "fr" else "ENDED:")
    drawn = " ".join(_drawn_texts(ui, table))
    assert all(line in drawn for line in wanted)
    pygame.event.clear()
