"""Six-card Golf through the window under the dummy driver: posted keys and clicks, fixed dt.

The person's seat is played by a computer opponent *through the intents* (arrow keys and Enter,
or clicks on the board), so the whole path from a key to the engine is exercised; the other
seats are the table's own computers. Every frame can be checked for faces the viewing seat may
not see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from golf.sixcard.actions import Action
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import State, leaders, legal_actions, totals, winners
from golf.sixcard.replay import SixReplay, load, verify
from golf.sixcard.rules import STANDARD, SixRules
from golf.sixcard.texts import Reason, message
from golf.sixcard.view import seat_view
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.i18n import CATALOGUE
from scenes.core.look import PIXEL, SCREEN_SIZE
from scenes.core.manager import App, Loop, Scene
from scenes.sixcard import overlays
from scenes.sixcard.art import CardImages, SixSprite, draw_sprite
from scenes.sixcard.board import HUD_H, Board
from scenes.sixcard.overlays import (
    CurtainScene,
    ScoreboardScene,
    SixPauseMenu,
    leader_line,
    standings,
)
from scenes.sixcard.setup import HUMAN, SixSetup, SixSetupScene
from scenes.sixcard.table import SixTableScene, Target
from scenes.sixcard.views import public_view, shown_points
from scenes.title import TitleScene

DT = 0.1  # the loop's longest frame (scenes.app.MAX_DT): whole games stay quick


class UI:
    """Posts events to pygame's queue and runs frames of the real loop."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.loop = Loop(app)
        self.after_frame: list[Callable[[], None]] = []

    @property
    def top(self) -> Scene | None:
        return self.app.scenes.top

    @property
    def table(self) -> SixTableScene:
        for scene in reversed(self.app.scenes.stack):
            if isinstance(scene, SixTableScene):
                return scene
        raise AssertionError(f"no table on the stack: {self.app.scenes.stack}")

    def frames(self, count: int = 1, dt: float = DT) -> None:
        for _ in range(count):
            self.loop.step(pygame.event.get(), dt)
            for check in self.after_frame:
                check()

    def key(self, key: int, text: str = "") -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)
        )
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0)
        )
        self.frames()

    def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames()

    def wait_for_person(self, limit: int = 600) -> None:
        """Frames until a person may act (or an overlay shows)."""
        for _ in range(limit):
            if not isinstance(self.top, SixTableScene):
                return
            if self.table.person_to_act is not None:
                return
            self.frames()
        raise AssertionError("no person's turn came")


def _make_ui(tmp_path: Path, lang: str = "en") -> UI:
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(config_dir=tmp_path, seed=7, lang=lang, replays_dir=tmp_path / "r")
    app = build_app(window, screen)
    app.change_settings(app.settings.with_(animation="fast"), save=False)
    first_scene(app, window)
    pygame.event.clear()
    return UI(app)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[UI]:
    yield _make_ui(tmp_path)
    pygame.event.clear()


def _sit(ui: UI, setup: SixSetup) -> SixTableScene:
    table = SixTableScene(ui.app, setup)
    ui.app.scenes.reset(table, fade=False)
    ui.frames(1)
    return table


# ----------------------------------------------------------------- driving the person's seat
def _targets_for(table: SixTableScene, action: Action) -> list[Target]:
    """The clicks (or cursor places) that make ``action``."""
    rules = table.state.rules
    if action.kind == "take stock":
        return [("stock", 0)]
    if action.kind == "take discard":
        return [("discard", 0)]
    if action.kind == "knock":
        return [("knock", 0)]
    slot = ("slot", rules.slot(action.row, action.column))
    if action.kind == "discard flip":
        return [("discard", 0), slot]
    return [slot]


def _press_towards(ui: UI, target: Target) -> None:
    """Arrow keys until the cursor is on ``target``, then Enter."""
    table = ui.table
    if not table.cursor_visible:
        ui.key(pygame.K_RIGHT)  # the first arrow shows the cursor
    for _ in range(12):
        if table.cursor == target:
            break
        here = pygame.Vector2(table.target_rect(table.cursor).center)
        there = pygame.Vector2(table.target_rect(target).center)
        d = there - here
        if abs(d.y) > abs(d.x):
            ui.key(pygame.K_DOWN if d.y > 0 else pygame.K_UP)
        else:
            ui.key(pygame.K_RIGHT if d.x > 0 else pygame.K_LEFT)
    assert table.cursor == target, f"the cursor cannot reach {target}"
    ui.key(pygame.K_RETURN)


def _play_person(ui: UI, seat_ai: object, by: str) -> Action:
    """One action of the person to move, decided by ``seat_ai``, made by keys or clicks."""
    table = ui.table
    seat = table.person_to_act
    assert seat is not None
    action = seat_ai.decide(seat_view(table.state, seat))  # type: ignore[attr-defined]
    before = len(table.match.log)
    for target in _targets_for(table, action):
        if by == "keys":
            _press_towards(ui, target)
        elif target == ("knock", 0):
            ui.click(table.board.knock.center)
        else:
            ui.click(table.target_rect(target).center)
    assert table.match.log[before:] == [action]
    return action


def _play_to_the_end(ui: UI, by: str, hole_limit: int = 99) -> list[ScoreboardScene]:
    """Play until the final standings (or ``hole_limit`` scoreboards); the scoreboards seen."""
    seat_ai = make_opponent("medium", 5)
    boards: list[ScoreboardScene] = []
    for _ in range(20000):
        top = ui.top
        if isinstance(top, ScoreboardScene):
            boards.append(top)
            if top.final or len(boards) >= hole_limit:
                return boards
            ui.frames(7)  # a new scoreboard ignores presses for a moment
            if by == "keys":
                ui.key(pygame.K_RETURN)  # "Next hole" has the focus
            else:
                ui.click(top.menu.buttons[0].rect.center)
            ui.frames(1)
            continue
        if isinstance(top, CurtainScene):
            ui.frames(7)
            ui.key(pygame.K_RETURN)
            continue
        if ui.table.person_to_act is not None:
            _play_person(ui, seat_ai, by)
        else:
            ui.frames(1)
    raise AssertionError("the game never ended")


def _allowed_faces(table: SixTableScene) -> set[int]:
    """The cards whose face the screen may show, from the engine's state alone."""
    state = table.state
    allowed = set(state.discard)
    for seat, grid in enumerate(state.grids):
        for slot, card in enumerate(grid):
            own = seat == table.revealed == table.viewer
            if state.up[seat] >> slot & 1 or (own and state.peeked[seat] >> slot & 1):
                allowed.add(card)
    if state.drawn is not None and (
        state.drawn_from == "discard" or state.to_move == table.revealed == table.viewer
    ):
        allowed.add(state.drawn)
    return allowed


def _watch_faces(ui: UI) -> dict[str, int]:
    """Record every face the table draws; after each frame, check it was allowed."""
    seen = {"faces": 0, "peeked": 0}
    drawn: set[int] = set()
    covered = [False]  # the curtain was up when the frame began: nothing of the table shows

    def check() -> None:
        scenes = ui.app.scenes.stack
        table = next((s for s in scenes if isinstance(s, SixTableScene)), None)
        if table is None:
            drawn.clear()
            return
        original = table.images.face
        if not getattr(original, "watched", False):

            def face(card: int, size: tuple[int, int], keep: bool = True) -> pygame.Surface:
                drawn.add(card)
                return original(card, size, keep)

            face.watched = True  # type: ignore[attr-defined]
            table.images.face = face  # type: ignore[method-assign]
        if covered[0]:
            assert not drawn, "a face was drawn behind the curtain"
        covered[0] = isinstance(ui.top, CurtainScene)
        bad = drawn - _allowed_faces(table)
        assert not bad, f"hidden cards drawn: {sorted(bad)} ({table.state.phase})"
        state = table.state
        seen["faces"] += len(drawn)
        seen["peeked"] += sum(
            1
            for seat, grid in enumerate(state.grids)
            for slot, card in enumerate(grid)
            if card in drawn and not state.up[seat] >> slot & 1
        )
        drawn.clear()

    ui.after_frame.append(check)
    return seen


# ----------------------------------------------------------------- the title and the setup
def test_the_title_offers_six_card_golf_and_the_setup_deals_a_table(ui: UI) -> None:
    title = ui.top
    assert isinstance(title, TitleScene)
    entry = next(b for b in title.menu.buttons if b.key == "title.six_card")
    assert entry.rect.bottom < SCREEN_SIZE[1] - 30  # above the help line
    ui.click(entry.rect.center)
    ui.frames(1)
    setup = ui.top
    assert isinstance(setup, SixSetupScene)
    ui.key(pygame.K_UP)  # from Start (the focus, under the left column) to the row above it
    assert setup.form.focused is setup.left[-1]
    setup.form.focus = setup.form.items.index(setup.buttons[-1])  # Back, under the rules
    ui.key(pygame.K_UP)  # up the right column, to its last switch
    assert setup.form.focused is setup.right[-1]
    setup.form.focus = 0  # the players row
    ui.key(pygame.K_LEFT)  # 4 -> 3 players
    assert setup.setup.players == 3
    assert [c.enabled for c in setup.left[1:7]] == [True, True, True, False, False, False]
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_DOWN)  # player 2
    ui.key(pygame.K_RIGHT)  # medium -> hard
    assert setup.setup.kinds[1] == "hard"
    ui.click(next(b for b in setup.buttons if b.key == "six.setup.start").rect.center)
    ui.frames(2)
    table = ui.top
    assert isinstance(table, SixTableScene)
    assert table.state.players == 3
    assert table.setup.seats == (HUMAN, "hard", "medium")
    assert table.match.code.startswith("G6-3-")


def test_the_setup_switches_reach_the_rules_and_grey_out_what_cannot_apply(ui: UI) -> None:
    scene = SixSetupScene(ui.app)
    ui.app.scenes.push(scene, fade=False)
    ui.frames(1)
    by_key = {c.key: c for c in scene.right}
    by_key["six.rule.jokers"].step(1)
    assert not scene.setup.rules.jokers
    assert not by_key["six.rule.jokers_cancel"].enabled
    by_key["six.rule.grid"].step(1)
    by_key["six.rule.peek"].step(1)
    by_key["six.rule.knock"].step(1)
    by_key["six.rule.holes"].step(1)
    rules = scene.setup.rules
    assert (rules.grid, rules.peek, rules.knock, rules.holes) == (4, True, True, 18)
    ui.key(pygame.K_ESCAPE)
    ui.frames(1)
    assert isinstance(ui.top, TitleScene)


# ----------------------------------------------------------------- whole games
def test_a_whole_game_against_three_computers_by_keyboard(ui: UI) -> None:
    table = _sit(
        ui,
        SixSetup(
            players=4,
            kinds=(HUMAN, "easy", "medium", "hard", "easy", "easy"),
            speed="fast",
            number=4242,
        ),
    )
    seen = _watch_faces(ui)
    warnings: list[float] = []
    ui.after_frame.append(lambda: warnings.append(table.banner) if table.banner else None)
    boards = _play_to_the_end(ui, "keys")
    state = table.state
    assert state.phase == "game_over"
    assert len(boards) == len(state.scores) >= 9
    assert boards[-1].final and not any(b.final for b in boards[:-1])
    # the table played the engine's game: its log replays to the same result
    replay = SixReplay.record(table.match.start, table.match.log)
    assert verify(replay) == []
    assert replay.result.totals == totals(state)
    places = standings(table)
    assert [t for _, _, t in places] == sorted(totals(state))
    assert {s for p, s, _ in places if p == 1} == set(winners(state))
    assert warnings, "the final-turn warning never showed"
    assert seen["faces"] > 0
    # the replay of the game was saved with every player's actions
    assert table.saved_to is not None
    saved = load(table.saved_to)
    assert saved.actions == tuple(table.match.log)
    assert saved.seats[0] == "You"


def test_a_hole_by_mouse_only_then_the_scoreboard_by_mouse(ui: UI) -> None:
    table = _sit(
        ui, SixSetup(players=2, kinds=(HUMAN, "hard") + ("easy",) * 4, speed="fast", number=99)
    )
    boards = _play_to_the_end(ui, "mouse", hole_limit=2)
    assert len(boards) == 2
    assert len(table.state.scores) == 2
    assert table.state.hole == 2
    assert not boards[0].final


def test_computers_take_their_turns_at_a_watchable_pace(ui: UI) -> None:
    # deal 0: seat 0 deals, so the three computers open before the person
    table = _sit(ui, SixSetup(players=4, speed="normal", number=0))
    assert table.state.seats == (1, 2, 3, 0)
    ui.frames(3)
    assert len(table.match.log) == 0  # the deal is still flying
    ui.wait_for_person()
    assert table.person_to_act == 0
    assert len(table.match.log) == 6  # two cards turned up by each computer
    assert [a.kind for a in table.match.log] == ["flip"] * 6
    assert all(bin(table.state.up[s]).count("1") == 2 for s in (1, 2, 3))
    # a click while the computers play only hurries them on
    _play_person(ui, make_opponent("easy", 1), "keys")
    _play_person(ui, make_opponent("easy", 1), "keys")
    assert table.person_to_act is None
    done = len(table.match.log)
    ui.frames(1)
    assert len(table.match.log) <= done + 1  # one action at a time, not the whole round
    ui.wait_for_person()
    assert table.state.phase == "turn"


# ----------------------------------------------------------------- what the screen may show
def test_nothing_hidden_is_drawn_with_peeking_and_two_people_at_one_screen(ui: UI) -> None:
    rules = SixRules(peek=True)
    table = _sit(
        ui,
        SixSetup(
            players=4,
            kinds=(HUMAN, "hard", HUMAN, "medium", "easy", "easy"),
            rules=rules,
            speed="fast",
            number=777,
        ),
    )
    seen = _watch_faces(ui)
    curtains: list[int] = []
    ui.after_frame.append(
        lambda: curtains.append(ui.top.seat) if isinstance(ui.top, CurtainScene) else None
    )
    _play_to_the_end(ui, "keys", hole_limit=1)
    assert table.state.phase == "hole_over"
    assert {0, 2} <= set(curtains)  # the screen was passed both ways
    assert seen["peeked"] > 0  # peeked cards were shown, to their own player only
    assert seen["faces"] > 0


def test_the_curtain_hides_the_table_and_turns_it_to_the_next_person(ui: UI) -> None:
    table = _sit(
        ui,
        SixSetup(
            players=3, kinds=(HUMAN, HUMAN, "easy", "easy", "easy", "easy"), speed="fast", number=2
        ),
    )  # seat 2 deals: seat 0 opens first
    _watch_faces(ui)  # and no face is drawn while the curtain is up
    for _ in range(200):
        if isinstance(ui.top, CurtainScene):
            break
        ui.frames(1)
    curtain = ui.top
    assert isinstance(curtain, CurtainScene)
    assert curtain.seat == 0
    ui.key(pygame.K_RETURN)  # a key pressed a moment too soon does not lift the curtain
    assert isinstance(ui.top, CurtainScene)
    assert table.person_to_act is None
    ui.frames(7)
    ui.key(pygame.K_RETURN)
    assert table.person_to_act == 0
    assert table.board.bottom.seat == 0
    ai = make_opponent("easy", 3)
    _play_person(ui, ai, "keys")
    _play_person(ui, ai, "keys")
    assert table.revealed is None  # the turn is over: only what everyone knows shows
    ui.frames(2)
    assert isinstance(ui.top, SixTableScene)  # a moment to see the move before the curtain
    for _ in range(40):
        if isinstance(ui.top, CurtainScene):
            break
        ui.frames(1)
    curtain = ui.top
    assert isinstance(curtain, CurtainScene)
    assert curtain.seat == 1
    ui.frames(7)
    ui.click(curtain.menu.buttons[0].rect.center)
    assert table.viewer == 1
    assert table.board.bottom.seat == 1
    assert table.board.spots[0].where != "bottom"


def test_public_view_hides_peeked_cards_and_a_stock_card_in_hand() -> None:
    from golf.sixcard.game import apply, new_game

    state = new_game(5, 3, SixRules(peek=True))
    while state.phase == "opening":
        state = apply(state, legal_actions(state)[0])
    seat = state.to_move
    assert seat is not None
    state = apply(state, Action.parse("take stock"))
    mine = seat_view(state, seat)
    public = public_view(state, seat)
    assert mine.drawn == state.drawn and public.drawn is None
    assert any(c is not None for c in mine.grid)
    assert all(c is None for c in public.grid)
    assert public.peeked == 0


def test_shown_points_cancel_a_known_column_only() -> None:
    jack, jack2, five, king = 10, 23, 4, 12  # J♣, J♦, 5♣, K♣
    grid: list[int | None] = [jack, five, None, jack2, king, None]
    assert shown_points(grid, STANDARD) == 5  # the Jacks' column cancels; K is 0
    grid[3] = None
    assert shown_points(grid, STANDARD) == 15


# ----------------------------------------------------------------- messages and keys
def test_refusals_show_the_engines_text_in_french(tmp_path: Path) -> None:
    ui = _make_ui(tmp_path, lang="fr")
    table = _sit(
        ui, SixSetup(players=2, kinds=(HUMAN,) + ("easy",) * 5, speed="fast", number=1)
    )  # seat 1 deals: the person opens
    ui.wait_for_person()
    ui.key(pygame.K_SPACE, text=" ")  # take from the stock during the opening
    assert [t.text for t in table.toasts] == [message(Reason.OPENING, "fr")]
    assert table.match.log == []
    seat_ai = make_opponent("easy", 2)
    while table.state.phase == "opening":
        if table.person_to_act is None:
            ui.frames(1)
        else:
            _play_person(ui, seat_ai, "mouse")
    ui.wait_for_person()
    ui.click(table.board.discard.center)  # take the discard's top card
    assert table.state.drawn_from == "discard"
    ui.click(table.board.discard.center)  # and try to throw it straight back
    assert [t.text for t in table.toasts] == [message(Reason.KEEP_DISCARD, "fr")]
    assert "refusal" in ui.app.sound.played


def test_taking_a_stock_card_then_the_discard_picks_a_card_to_turn_up(ui: UI) -> None:
    table = _sit(ui, SixSetup(players=2, kinds=(HUMAN,) + ("easy",) * 5, speed="fast", number=1))
    seat_ai = make_opponent("easy", 2)
    while table.state.phase == "opening" or table.person_to_act is None:
        if table.person_to_act is None:
            ui.frames(1)
        else:
            _play_person(ui, seat_ai, "keys")
    ui.key(pygame.K_SPACE, text=" ")
    assert table.state.drawn_from == "stock"
    drawn = table.state.drawn
    ui.click(table.board.discard.center)
    assert table.discarding
    up = next(s for s in range(6) if table.state.face_up(0, s))
    ui.click(table.board.bottom.slot_rect(up).center)  # a face-up card: refused
    assert [t.text for t in table.toasts] == [message(Reason.ALREADY_UP, "en")]
    ui.key(pygame.K_ESCAPE)  # changed my mind: keep the card
    assert not table.discarding and table.state.drawn == drawn
    assert not isinstance(ui.top, SixPauseMenu)
    ui.click(table.board.discard.center)
    down = table.state.face_down_slots(0)[0]
    ui.click(table.board.bottom.slot_rect(down).center)
    assert table.state.discard_top == drawn
    assert table.state.face_up(0, down)


def test_escape_opens_the_pause_menu_and_back_to_the_title(ui: UI) -> None:
    _sit(ui, SixSetup(number=3, speed="fast"))
    ui.key(pygame.K_ESCAPE)
    menu = ui.top
    assert isinstance(menu, SixPauseMenu)
    ui.click(next(b for b in menu.menu.buttons if b.key == "over.title").rect.center)
    ui.frames(4)
    assert isinstance(ui.top, TitleScene)


# ----------------------------------------------------------------- layout and texts
@pytest.mark.parametrize("rows_columns", [(2, 1), (2, 2), (2, 3), (3, 3)])
def test_the_board_never_overlaps_itself_for_any_table(rows_columns: tuple[int, int]) -> None:
    rows, columns = rows_columns
    screen = pygame.Rect((0, 0), SCREEN_SIZE)
    high = 8 if rows * columns == 4 else 7  # the 4-card game seats up to 7
    for players in range(2, high):
        for viewer in range(players):
            board = Board(players, rows, columns, viewer)
            assert sorted(board.spots) == list(range(players))
            areas = board.areas()
            names = sorted(areas)
            for name in names:
                assert screen.contains(areas[name]), (players, viewer, name)
            for i, a in enumerate(names):
                for b in names[i + 1 :]:
                    assert not areas[a].colliderect(areas[b]), (players, viewer, a, b)
            assert (
                board.bottom.grid_rect.width > board.spots[(viewer + 1) % players].grid_rect.width
            )
            assert board.menu.bottom <= HUD_H


def test_the_six_card_texts_join_the_catalogue_in_both_languages() -> None:
    six = {key for key in CATALOGUE["en"] if key.startswith("six.")} | {"title.six_card"}
    assert len(six) > 100
    assert six <= set(CATALOGUE["fr"])
    assert CATALOGUE["fr"]["six.you"] == "Vous" and CATALOGUE["en"]["six.you"] == "You"


def test_leaders_and_standings_agree_mid_game(ui: UI) -> None:
    table = _sit(
        ui,
        SixSetup(
            players=3,
            kinds=(HUMAN, "hard", "easy", "easy", "easy", "easy"),
            speed="fast",
            number=31,
        ),
    )
    _play_to_the_end(ui, "mouse", hole_limit=1)
    state: State = table.state
    places = standings(table)
    assert places[0][1] in leaders(state)
    assert [t for _, _, t in places] == sorted(totals(state))


def test_a_sprite_shows_its_face_only_when_the_view_allows(ui: UI) -> None:
    images = CardImages()
    images.use(ui.app.look.cards)
    asked: list[int] = []
    original = images.face

    def face(card: int, size: tuple[int, int], keep: bool = True) -> pygame.Surface:
        asked.append(card)
        return original(card, size, keep)

    images.face = face  # type: ignore[method-assign]
    sprite = SixSprite.resting(60, 100, 100, 0.5, face_up=True)
    surface = pygame.Surface(SCREEN_SIZE)
    draw_sprite(surface, sprite, images, visible=False)
    assert asked == []
    sprite.glide(300, 100, 1.0, 0.4, face_up=False)  # turning over in flight
    sprite.update(0.05)
    draw_sprite(surface, sprite, images, visible=False)
    assert asked == []
    draw_sprite(surface, sprite, images, visible=True)
    assert asked == [60]


def test_a_gamepad_plays_through_the_same_intents(ui: UI) -> None:
    table = _sit(ui, SixSetup(players=2, kinds=(HUMAN,) + ("easy",) * 5, speed="fast", number=1))
    ui.wait_for_person()

    def pad(event_type: int, **fields: object) -> None:
        pygame.event.post(pygame.event.Event(event_type, instance_id=0, joy=0, **fields))
        ui.frames(1)

    pad(pygame.JOYHATMOTION, hat=0, value=(1, 0))  # the first press shows the cursor
    assert table.cursor_visible and table.cursor[0] == "slot"
    pad(pygame.JOYBUTTONDOWN, button=0)  # A: turn up the card under the cursor
    assert table.match.log == [Action.parse("flip 1 1")]
    pad(pygame.JOYHATMOTION, hat=0, value=(1, 0))
    pad(pygame.JOYBUTTONDOWN, button=0)
    assert table.match.log[-1] == Action.parse("flip 1 2")
    pad(pygame.JOYBUTTONDOWN, button=7)  # Start: the menu
    assert isinstance(ui.top, SixPauseMenu)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_setup_texts_stay_in_their_place(tmp_path: Path, lang: str) -> None:
    # Each row's label ends before its value box, and the rules in brief stay in the left
    # column, clear of the right column's rows, in both languages.
    ui = _make_ui(tmp_path, lang)
    scene = SixSetupScene(ui.app)
    look, texts = ui.app.look, ui.app.texts
    for row in [*scene.left, *scene.right]:
        width = look.type.font(10, "bold").size(texts(row.key))[0] * PIXEL
        assert row.rect.left + 12 + width < row.value_rect().left, texts(row.key)
    for grid in (6, 4, 9, 2):  # the rules in brief end with what the chosen grid is
        scene._rule("grid")(grid)
        lines = scene._summary_lines()
        brief = texts("six.setup.summary").split() + texts(f"six.grid_about.{grid}").split()
        assert " ".join(lines).split() == brief
        for line in lines:
            width = look.type.font(7, "bold").size(line)[0] * PIXEL
            assert scene.left[0].rect.left + width <= scene.right[0].rect.left, line
        bottom = scene.summary_y + 4 + 18 * len(lines)
        assert bottom <= min(button.rect.top for button in scene.buttons), grid
    assert scene.panel.bottom <= SCREEN_SIZE[1]
    pygame.event.clear()


@pytest.mark.parametrize(
    ("lang", "you", "birdie"),
    [("en", "You lead with", "Birdie leads with"), ("fr", "Vous menez avec", "Birdie mène avec")],
)
def test_texts_about_the_player_speak_to_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, you: str, birdie: str
) -> None:
    # "Vous mène", "You leads": the line about the leader, the final-turn banner and the
    # status line say "you" when the seat is the one person at the screen.
    ui = _make_ui(tmp_path, lang)
    table = _sit(ui, SixSetup(players=3, kinds=(HUMAN, "easy", "easy", "easy", "easy", "easy")))
    assert table.is_you(0) and not table.is_you(1)
    monkeypatch.setattr(overlays, "leaders", lambda state: (0,))
    assert leader_line(table).startswith(you)
    monkeypatch.setattr(overlays, "leaders", lambda state: (1,))
    assert leader_line(table).startswith(birdie)
    texts = ui.app.texts
    for key in ("six.banner.ended_you", "six.banner.knocked_you"):
        assert "{" not in texts(key) and texts(key).split()[0] == texts("six.you")
    pygame.event.clear()


def test_in_a_game_of_two_people_nobody_is_you(ui: UI) -> None:
    table = _sit(ui, SixSetup(players=2, kinds=(HUMAN, HUMAN, "easy", "easy", "easy", "easy")))
    assert not table.is_you(0) and not table.is_you(1)


def test_play_record_follows_a_six_card_game_action_by_action(tmp_path: Path) -> None:
    # play --record FILE, and the first game is six-card: the file is that game's replay, written
    # again after every action (a crash mid-game loses nothing of what was played).
    target = tmp_path / "six.yaml"
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(config_dir=tmp_path, seed=7, replays_dir=tmp_path / "r", record=target)
    app = build_app(window, screen)
    app.change_settings(app.settings.with_(animation="fast"), save=False)
    first_scene(app, window)
    pygame.event.clear()
    ui = UI(app)
    table = _sit(ui, SixSetup(players=2, kinds=(HUMAN, "easy"), speed="fast", number=4242))
    assert app.record_to is None and app.recording_to is table.recorder  # the first game only
    seat_ai = make_opponent("medium", 5)
    lengths = set()
    while len(table.match.log) < 8:
        if table.person_to_act is not None:
            _play_person(ui, seat_ai, "keys")
        else:
            ui.frames(1)
        if target.exists():
            saved = load(target)
            assert saved.actions == tuple(table.match.log)  # the file follows every action
            assert saved.seats[0] == "You" and saved.seats[1].endswith("(easy)")
            lengths.add(len(saved.actions))
    assert len(lengths) >= 6  # written again and again as the game went on, not once at the end
    pygame.event.clear()
