"""How to play: the tutorial script, the tutorial played by keys and clicks, and the rules page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from golf.solitaire.engine import Action
from golf.solitaire.replay import verify
from golf.solitaire.rules import CLASSIC, EASY, PRESETS, STRICT
from scenes.core.i18n import Texts
from scenes.core.look import CARD_H, CARD_W, PALETTE, PIXEL, SCREEN_SIZE
from scenes.core.paths import FONT_REGULAR, asset_path
from scenes.solitaire.game import GameScene
from scenes.solitaire.layout import layout, stock_rect
from scenes.solitaire.rules_screen import RulesScene, rules_page
from scenes.solitaire.tutorial import TutorialError, TutorialScene, load_tutorial, parse_tutorial
from scenes.title import TitleScene
from tests import seeds_example as seeds
from tests.window.test_ui_play import UI, make_ui

HEADER = (
    "format: 1\n"
    "rules: {king_ace: true, queen_on_king: true, draw: any, jokers: 0, empty_waste: false, "
    "scoring: points}\n" + seeds.LAYOUT_YAML
)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[UI]:
    yield make_ui(tmp_path, replays_dir=tmp_path / "r")
    pygame.event.clear()


def _open_tutorial(ui: UI) -> TutorialScene:
    title = ui.top
    assert isinstance(title, TitleScene)
    ui.click_button(title.menu.buttons, "title.how_to_play")
    ui.settle()
    scene = ui.top
    assert isinstance(scene, TutorialScene)
    return scene


# ------------------------------------------------------------------ the script


def test_the_shipped_tutorial_is_a_valid_script_with_both_languages() -> None:
    tutorial = load_tutorial()
    assert len(tutorial.steps) >= 10
    assert all(set(step.say) == {"en", "fr"} for step in tutorial.steps)
    assert all(step.say["en"] != step.say["fr"] for step in tutorial.steps)
    assert tutorial.replay.layout is not None  # an explicit layout, not a code
    assert verify(tutorial.replay) == []
    asked = [step.do for step in tutorial.steps if step.do is not None]
    assert list(tutorial.replay.actions) == asked
    assert Action.undo() in asked  # it teaches undo
    assert tutorial.steps[0].do is None  # it starts by explaining


def test_the_bundled_font_draws_every_caption() -> None:
    pygame.freetype.init()
    face = pygame.freetype.Font(asset_path(*FONT_REGULAR), 16)
    text = "".join(
        sorted({ch for s in load_tutorial().steps for t in s.say.values() for ch in t} - {" "})
    )
    missing = [ch for ch, m in zip(text, face.get_metrics(text), strict=True) if m is None]
    assert missing == []


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ("- say: {en: Hello}\n", "steps[0].say: expected a caption in each language"),
        ("- say: {en: Hi, fr: Salut}\n  do: play 9\n", "steps[0].do"),
        ("- say: {en: Hi, fr: Salut}\n  do: play 1\n", "move 1 (play 1) is refused"),
        ("- say: {en: Hi, fr: Salut}\n  point: table\n", "steps[0].point"),
        ("- say: {en: Hi, fr: Salut}\n  wait: 3\n", "unknown key 'wait'"),
        ("[]\n", "steps"),
    ],
)
def test_a_broken_script_is_refused_with_the_place_and_the_reason(steps: str, message: str) -> None:
    text = HEADER + ("steps:\n" + steps if not steps.startswith("[") else "steps: []\n")
    with pytest.raises(TutorialError) as raised:
        parse_tutorial(text, "t.yaml")
    assert str(raised.value).startswith("t.yaml: ")
    assert message in str(raised.value)


def test_a_layout_that_is_not_a_whole_deck_is_refused_by_the_replay_reader() -> None:
    text = HEADER.replace("5♥]", "5♥, 5♥]") + "steps:\n- say: {en: Hi, fr: Salut}\n"
    with pytest.raises(TutorialError) as raised:
        parse_tutorial(text, "t.yaml")
    assert "appears twice" in str(raised.value)


# ------------------------------------------------------------------ playing it


def _free_card_centre(scene: GameScene, column: int) -> tuple[int, int]:
    card = scene.game.position.columns[column - 1][-1]
    place = layout(scene.game.position)[card]
    return place.x + CARD_W // 2, place.y + CARD_H // 2


def test_the_tutorial_waits_for_the_move_it_asks_for(ui: UI) -> None:
    scene = _open_tutorial(ui)
    while scene.current.do is None:
        ui.key(pygame.K_RETURN)
    assert scene.current.do == Action.draw()
    step, before = scene.step, scene.game.position
    ui.key(pygame.K_5, text="5")  # 9♣ does not follow A♣: the game's own refusal
    assert [t.text for t in scene.toasts] == ["Must be one rank higher or lower"]
    ui.click_button(scene.buttons, "tutorial.next")  # Next is for reading steps only
    assert (scene.step, scene.game.position) == (step, before)
    ui.click(stock_rect().center)
    assert scene.step == step + 1
    assert scene.game.moves == 1
    assert scene.current.do == Action.play(5)
    assert scene.target() is not None
    ui.key(pygame.K_SPACE, text=" ")  # a legal move, but not the one asked for
    assert [t.text for t in scene.toasts] == ["Not this one: try the highlighted card"]
    assert (scene.step, scene.game.moves) == (step + 1, 1)
    covered = scene.sprites[scene.game.position.columns[0][0]].rect
    ui.click((covered.centerx, covered.top + 8))
    assert [t.text for t in scene.toasts] == ["This card is blocked"]
    ui.click(_free_card_centre(scene, 5))
    assert scene.step == step + 2
    assert scene.game.position.waste_top == scene.tutorial.replay.start().position.columns[4][-1]


def test_the_whole_tutorial_leads_to_the_rules_of_the_chosen_variant(ui: UI) -> None:
    ui.app.change_settings(ui.app.settings.with_(default_rules="strict"), save=False)
    scene = _open_tutorial(ui)
    for step in scene.tutorial.steps:
        if step.do is None:
            ui.key(pygame.K_RETURN)
        elif step.do.kind == "draw":
            ui.key(pygame.K_SPACE, text=" ")
        elif step.do.kind == "undo":
            ui.key(pygame.K_u, text="u")
        else:
            ui.key(getattr(pygame, f"K_{step.do.column}"), text=str(step.do.column))
    ui.settle()
    rules = ui.top
    assert isinstance(rules, RulesScene)
    assert rules.rules == STRICT
    ui.key(pygame.K_ESCAPE)
    ui.settle()
    assert isinstance(ui.top, TitleScene)


def test_the_captions_follow_the_language(ui: UI) -> None:
    scene = _open_tutorial(ui)
    assert scene.caption() == scene.tutorial.steps[0].say["en"]
    ui.app.change_settings(ui.app.settings.with_(language="fr"), save=False)
    assert scene.caption() == scene.tutorial.steps[0].say["fr"]


def test_a_tutorial_game_is_never_saved_as_a_replay(ui: UI, tmp_path: Path) -> None:
    scene = _open_tutorial(ui)
    assert scene.recorder is None
    while scene.current.do is None:
        ui.key(pygame.K_RETURN)
    ui.key(pygame.K_SPACE, text=" ")
    ui.key(pygame.K_ESCAPE)
    ui.settle()
    assert not (tmp_path / "r").exists()


# ------------------------------------------------------------------ the rules page


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_page_says_what_each_preset_allows(lang: str) -> None:
    texts = Texts(lang)
    pages = {name: dict(rules_page(rules, texts)) for name, rules in PRESETS.items()}
    t = {
        key: texts(f"rulespage.{key}")
        for key in (
            "play_title",
            "draw",
            "score",
            "king_ace_on",
            "king_ace_off",
            "queen_on",
            "queen_off",
            "draw_any",
            "draw_stuck",
            "score_points",
            "score_strokes",
        )
    }
    assert t["king_ace_on"] in pages["easy"][t["play_title"]]
    assert t["king_ace_off"] in pages["classic"][t["play_title"]]
    assert t["queen_on"] in pages["classic"][t["play_title"]]
    assert t["queen_off"] in pages["strict"][t["play_title"]]
    assert pages["easy"][t["draw"]] == t["draw_any"]
    assert pages["strict"][t["draw"]] == t["draw_stuck"]
    assert pages["classic"][t["score"]] == t["score_points"]
    assert pages["strict"][t["score"]] == t["score_strokes"]


def test_the_rules_page_names_jokers_and_the_empty_waste() -> None:
    texts = Texts("en")
    page = dict(rules_page(CLASSIC.with_(jokers=2, empty_waste=True), texts))
    assert texts("rulespage.jokers_two") in page["Playing a card"]
    assert page["The deal"] == texts("rulespage.deal_empty_waste")
    french = dict(rules_page(EASY.with_(jokers=1), Texts("fr")))
    assert Texts("fr")("rulespage.jokers_one") in french["Jouer une carte"]


def test_the_rules_screen_changes_variant_scrolls_and_deals(ui: UI) -> None:
    ui.app.scenes.push(RulesScene(ui.app, CLASSIC.with_(jokers=1)))
    ui.settle()
    screen = ui.top
    assert isinstance(screen, RulesScene)
    assert screen.variant_name() == "Custom"
    ui.key(pygame.K_RIGHT)
    assert screen.rules == EASY
    ui.click(screen.left_arrow.center)
    assert screen.rules == CLASSIC.with_(jokers=1)
    ui.key(pygame.K_LEFT)
    assert screen.rules == STRICT
    assert screen.max_scroll > 0  # the page is longer than the panel
    ui.key(pygame.K_DOWN)
    assert screen.scroll > 0
    ui.key(pygame.K_END)
    assert screen.scroll == screen.max_scroll
    ui.key(pygame.K_HOME)
    assert screen.scroll == 0
    ui.key(pygame.K_RETURN)  # play these rules
    ui.settle()
    assert isinstance(ui.top, GameScene)
    assert ui.top.game.rules == STRICT


def _gold_round(scene: TutorialScene, button_key: str) -> int:
    """How many pixels of the focus frame's gold ring round a button show on a fresh frame."""
    button = next(b for b in scene.buttons if b.key == button_key)
    surface = pygame.Surface(SCREEN_SIZE)
    scene.draw(surface)
    gold = tuple(PALETTE.gold)
    ring = button.rect.inflate(4 * PIXEL, 4 * PIXEL)
    return sum(
        1
        for x in range(ring.left, ring.right)
        for y in (ring.top, ring.top + 1, ring.bottom - 2, ring.bottom - 1)
        if tuple(surface.get_at((x, y)))[:3] == gold
    )


def test_enter_and_space_press_the_focused_next_and_escape_leaves(ui: UI) -> None:
    # Enter, Space and Escape as on every screen: on a step to read, Next holds the focus
    # (its frame drawn) and Enter or Space presses it; on a move, the highlight shows the
    # card and no button holds the focus; Escape goes back to the title.
    scene = _open_tutorial(ui)
    assert scene.current.do is None
    next_button = next(b for b in scene.buttons if b.key == "tutorial.next")
    assert scene.focused_button is next_button
    assert _gold_round(scene, "tutorial.next") > 100
    assert _gold_round(scene, "common.back") == 0
    step = scene.step
    ui.key(pygame.K_RETURN)
    assert scene.step == step + 1 and next_button.pressed > 0
    if scene.current.do is None:
        ui.key(pygame.K_SPACE, text=" ")
        assert scene.step == step + 2
    while scene.current.do is None:
        ui.key(pygame.K_RETURN)
    ui.frames(1)
    assert scene.focused_button is None and scene.target() is not None
    assert _gold_round(scene, "tutorial.next") == 0
    ui.key(pygame.K_ESCAPE)
    ui.settle()
    assert isinstance(ui.top, TitleScene)
