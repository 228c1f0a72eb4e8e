"""Every screen's text stays in its place, in English and in French (French runs longer).

Measured on the screens built headless as the window builds them: each button's label inside
its button and clear of its key hint, each form row's label ending before its value box (and
the arrows drawn beside it when focused) and each value inside that box, every line a dialog
draws inside its panel, and the six-card panel's instructions shown whole at every table size.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path

import pygame
import pytest

from golf.sixcard.game import Match, legal_actions
from golf.sixcard.rules import SixRules
from golf.solitaire.engine import Action
from golf.solitaire.replay import Replay
from golf.solitaire.rules import CLASSIC, EASY, STRICT
from golf.solitaire.session import Game
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.i18n import CATALOGUE
from scenes.core.look import PIXEL, SCREEN_SIZE, Colour
from scenes.core.manager import App, Scene
from scenes.core.records import HighScoreChance
from scenes.core.widgets import LIP, Button, Choice, Form, Menu
from scenes.highscores import HighScoresScene, InitialsScene
from scenes.options import OptionsScene
from scenes.replacing import KINDS, ReplaceKeptDialog
from scenes.replays import ReplaysScene
from scenes.sixcard import overlays
from scenes.sixcard.overlays import CurtainScene, ScoreboardScene, SixPauseMenu
from scenes.sixcard.setup import HUMAN, SixSetup, SixSetupScene
from scenes.sixcard.table import SixTableScene
from scenes.solitaire import kept
from scenes.solitaire.dialogs import BlockedDialog, GameOverScene, PauseMenu
from scenes.solitaire.game import GameScene
from scenes.solitaire.newgame import NewGameScene
from scenes.solitaire.round import RoundGameScene, RoundPauseMenu, RoundSetupScene, ScorecardScene
from scenes.solitaire.rules_screen import RulesScene
from scenes.solitaire.save_replay import SaveReplayDialog
from scenes.solitaire.tutorial import TutorialScene, load_tutorial
from scenes.solitaire.watch import WatchScene
from scenes.stats_screen import ConfirmReset, StatsScene
from scenes.title import TitleScene
from tests.ui_driver import WIN_CODE

LANGS = ["en", "fr"]
EDGE = 2 * PIXEL  # a panel's chunky border: text keeps inside it


def _app(tmp_path: Path, lang: str) -> App:
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(
        config_dir=tmp_path / "config",
        data_dir=tmp_path / "data",
        seed=7,
        lang=lang,
        replays_dir=tmp_path / "replays",
    )
    app = build_app(window, screen)
    app.change_settings(app.settings.with_(animation="off"), save=False)
    first_scene(app, window)
    app.scenes.apply_pending()
    pygame.event.clear()
    return app


def _table(app: App) -> GameScene:
    app.flow.start_game(Game.from_code(WIN_CODE))
    app.scenes.apply_pending()
    table = app.scenes.top
    assert isinstance(table, GameScene)
    return table


def _six(app: App, players: int = 4) -> SixTableScene:
    return SixTableScene(app, SixSetup(players=players, kinds=(HUMAN, HUMAN) + ("medium",) * 4))


def _eighteen(app: App) -> SixTableScene:
    """Six people at the end of 18 holes: the widest score table, totals of three figures."""
    rules = SixRules(holes=18)
    match = Match.new(5, 6, rules)
    scores = tuple(
        tuple((hole * 7 + seat * 13) % 45 - 8 for seat in range(6)) for hole in range(18)
    )
    match.state = replace(match.state, scores=scores, hole=18, phase="game_over", to_move=None)
    return SixTableScene(app, SixSetup(players=6, kinds=(HUMAN,) * 6, rules=rules), match=match)


def _screens(app: App) -> Iterator[tuple[str, Scene]]:
    """Every screen the person meets, built as the window builds it."""
    yield "title", app.scenes.top or pytest.fail("no title")
    yield "new game", NewGameScene(app)
    yield "options", OptionsScene(app)
    for rules in (EASY, CLASSIC, STRICT):
        yield f"rules {rules.preset_name()}", RulesScene(app, rules)
    yield "replays", ReplaysScene(app)
    stats = StatsScene(app)
    yield "statistics", stats
    yield "reset statistics", ConfirmReset(app, stats)
    for kind in KINDS:
        yield f"replace a kept {kind} game", ReplaceKeptDialog(app, kind, lambda: None)
    yield "high scores", HighScoresScene(app, "easy")
    chance = HighScoreChance("classic", 350, WIN_CODE, date(2026, 12, 1), 1)
    yield "initials", InitialsScene(app, chance)
    yield "tutorial", TutorialScene(app, load_tutorial())
    yield "watch", WatchScene(app, Replay.from_game(Game.from_code(WIN_CODE)))
    yield "round setup", RoundSetupScene(app)
    table = _table(app)
    yield "game", table
    assert table.act(Action.draw()) is None  # a game begun is kept for Continue
    kept.save(table)
    title = TitleScene(app)
    assert title.saved is not None
    yield "title, a game to continue", title
    yield "pause", PauseMenu(app, table)
    yield "blocked", BlockedDialog(app, table)
    yield "game over", GameOverScene(app, table)
    assert table.recorder is not None
    yield "save replay", SaveReplayDialog(app, table.recorder)
    rnd = app.records.new_round(11, STRICT, 18)
    yield "round setup, a round to resume", RoundSetupScene(app)
    hole = RoundGameScene(app, rnd)
    yield "round hole", hole
    yield "round pause", RoundPauseMenu(app, hole)
    yield "scorecard", ScorecardScene(app, rnd, peek=True)
    yield "six-card setup", SixSetupScene(app)
    six = _six(app)
    yield "six-card table", six
    yield "six-card scoreboard", ScoreboardScene(app, six, final=False)
    yield "six-card final scoreboard", ScoreboardScene(app, six, final=True)
    yield "six-card pause", SixPauseMenu(app, six)
    yield "six-card curtain", CurtainScene(app, six, 1)
    assert six.act(legal_actions(six.state)[0]) is None and six.keeper is not None
    six.keeper.leave()
    setup = SixSetupScene(app)
    assert setup.saved is not None
    yield "six-card setup, a game to continue", setup
    yield "six-card final scores, 18 holes of six", ScoreboardScene(app, _eighteen(app), final=True)


def _widgets(obj: object, depth: int = 0) -> Iterator[Button | Choice]:
    """The buttons and form rows held by a screen (in lists, menus, forms, helper objects)."""
    if isinstance(obj, (Button, Choice)):
        yield obj
    elif isinstance(obj, Menu):
        yield from obj.buttons
    elif isinstance(obj, Form):
        yield from obj.items
    elif depth > 2 or isinstance(obj, (Scene, App)):
        return
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            yield from _widgets(item, depth + 1)
    elif isinstance(obj, dict):
        for item in obj.values():
            yield from _widgets(item, depth + 1)
    elif type(obj).__module__.startswith("scenes.") and hasattr(obj, "__dict__"):
        for item in vars(obj).values():
            yield from _widgets(item, depth + 1)


def _text_size(app: App, text: str, size: int) -> tuple[int, int]:
    width, height = app.look.type.font(size).size(text)
    return width * PIXEL, height * PIXEL


def _button_problems(app: App, button: Button) -> list[str]:
    label = button.label(app.texts)
    width, height = _text_size(app, label, button.size)
    face = button.rect.inflate(0, -LIP)  # less the lip
    face.top = button.rect.top
    problems = []
    if width > button.rect.width - 8 * PIXEL:
        problems.append(f"label {label!r} {width} px in a {button.rect.width} px button")
    if height > face.height:
        problems.append(f"label {label!r} {height} px high in a {face.height} px button")
    if button.hint:  # drawn in the top right corner: their inked pixels must not meet
        text = _ink(app, label, button.size, "center", face.center)
        hint = _ink(app, button.hint, 6, "topright", (face.right - 3 * PIXEL, face.y + 2 * PIXEL))
        if text.colliderect(hint):
            problems.append(f"label {label!r} runs under its key {button.hint!r}")
    return problems


def _ink(app: App, text: str, size: int, anchor: str, pos: tuple[int, int]) -> pygame.Rect:
    """Where the pixels of ``text`` land when drawn with its ``anchor`` at ``pos``."""
    picture = app.look.type.render(text, size, (255, 255, 255))
    place = picture.get_rect(**{anchor: pos})
    return picture.get_bounding_rect().move(place.topleft)


def _choice_problems(app: App, choice: Choice) -> list[str]:
    label = app.texts(choice.key)
    width, _ = _text_size(app, label, 10)
    box = choice.value_rect()
    problems = []
    # the focus arrows are drawn from 16 px before the value box
    if choice.rect.left + 12 + width > box.left - 16:
        problems.append(f"label {label!r} runs into its value box")
    for value in choice.values:
        shown = choice.show(value)
        value_width, _ = _text_size(app, shown, 9)
        if value_width > box.width - 8 * PIXEL:
            problems.append(f"value {shown!r} {value_width} px in a {box.width} px box")
    return problems


class _Recorder:
    """Every text drawn on one surface while it is installed: its rectangle, and ``inks``
    where its pixels are."""

    def __init__(self, app: App, surface: pygame.Surface) -> None:
        self.lines: list[tuple[str, pygame.Rect]] = []
        self.inks: list[tuple[str, pygame.Rect]] = []
        self.type = app.look.type
        self.original = self.type.blit
        self.surface = surface

    def __enter__(self) -> _Recorder:
        original, type_ = self.original, self.type

        def blit(
            target: pygame.Surface,
            text: str,
            size: int,
            colour: Colour,
            pos: tuple[float, float],
            *,
            anchor: str = "topleft",
            shadow: Colour | None = None,
            face: str = "bold",
            scale: int = PIXEL,
        ) -> pygame.Rect:
            rect = original(
                target,
                text,
                size,
                colour,
                pos,
                anchor=anchor,
                shadow=shadow,
                face=face,
                scale=scale,
            )
            if target is self.surface:
                self.lines.append((text, rect))
                picture = type_.render(text, size, colour, shadow=shadow, face=face, scale=scale)
                self.inks.append((text, picture.get_bounding_rect().move(rect.topleft)))
            return rect

        self.type.blit = blit  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        del self.type.blit


@pytest.mark.parametrize("lang", LANGS)
def test_button_and_form_texts_fit(tmp_path: Path, lang: str) -> None:
    app = _app(tmp_path, lang)
    problems = []
    checked = 0
    for name, scene in _screens(app):
        for widget in _widgets(vars(scene)):
            checked += 1
            if isinstance(widget, Button):
                found = _button_problems(app, widget)
            else:
                found = _choice_problems(app, widget)
            problems += [f"{name}: {problem}" for problem in found]
    assert checked > 100  # the screens' buttons and rows were all found
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_dialog_lines_stay_in_their_panel(tmp_path: Path, lang: str) -> None:
    app = _app(tmp_path, lang)
    surface = pygame.Surface(SCREEN_SIZE)
    problems = []
    panels = 0
    for name, scene in _screens(app):
        panel = getattr(scene, "panel", None)
        if not scene.overlay or not isinstance(panel, pygame.Rect):
            continue
        panels += 1
        inside = panel.inflate(-2 * EDGE, -2 * EDGE)
        with _Recorder(app, surface) as recorder:
            scene.draw(surface)
        assert recorder.lines, name
        problems += [
            f"{name}: {text!r} at {rect} leaves the panel {panel}"
            for text, rect in recorder.lines
            if not inside.contains(rect)
        ]
    assert panels >= 10
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_no_two_texts_of_a_screen_overlap(tmp_path: Path, lang: str) -> None:
    app = _app(tmp_path, lang)
    surface = pygame.Surface(SCREEN_SIZE)
    problems = []
    for name, scene in _screens(app):
        with _Recorder(app, surface) as recorder:
            scene.draw(surface)
        inks = recorder.inks
        problems += [
            f"{name}: {text!r} at {ink} overlaps {other!r} at {other_ink}"
            for i, (text, ink) in enumerate(inks)
            for other, other_ink in inks[i + 1 :]
            if ink.colliderect(other_ink)
        ]
    assert not problems, "\n".join(problems)


def _ending_match(players: int, rules: SixRules, seed: int) -> Match:
    """A match played at random until seat 0 takes a turn of the hole's last round."""
    rng = random.Random(seed)
    match = Match.new(seed, players, rules)
    for _ in range(2000):
        state = match.state
        if state.ending and state.phase == "turn" and state.to_move == 0:
            return match
        match.apply(rng.choice(legal_actions(state)))
    raise AssertionError("no last turn for seat 0")


PROMPTS = sorted(
    k for k in CATALOGUE["en"] if k.startswith("six.prompt.") and k != "six.prompt.last_turn"
)


@pytest.mark.parametrize("lang", LANGS)
def test_six_card_instructions_show_whole(tmp_path: Path, lang: str) -> None:
    # On a last turn the panel says so above the instruction: every word of every instruction
    # still shows, inside the panel, however many players sit and whatever the grid's size.
    app = _app(tmp_path, lang)
    surface = pygame.Surface(SCREEN_SIZE)
    problems = []
    for players in range(2, 7):
        for grid in (4, 6, 9):
            rules = SixRules(grid=grid)
            # one person ("You") or several at the screen ("Player 1", a longer name)
            kinds = (HUMAN,) * (1 + grid % 2) + ("medium",) * 5
            setup = SixSetup(players=players, kinds=kinds, rules=rules)
            match = _ending_match(players, rules, seed=players * 10 + grid)
            table = SixTableScene(app, setup, match=match)
            table.revealed, table.curtain_for = 0, None  # the curtain was lifted for seat 0
            assert table.person_to_act == 0
            panel = table.board.panel
            for key in PROMPTS:
                text = app.texts(key)

                def prompt(text: str = text) -> str:
                    return text

                table.drawing.panels.prompt = prompt  # type: ignore[method-assign]
                with _Recorder(app, surface) as recorder:
                    table.drawing.panels.panel(surface, table.view)
                inside = panel.inflate(-2 * EDGE, -2 * EDGE)
                problems += [
                    f"{players} players, {grid} cards: {line!r} leaves the panel"
                    for line, rect in recorder.lines
                    if not inside.contains(rect)
                ]
                shown = [line for line, rect in recorder.lines if panel.contains(rect)]
                assert app.texts("six.prompt.last_turn") in shown
                words = " ".join(shown).split()
                # the tags' legend closes the panel, each entry whole, under the instruction
                legend = " ".join(table.drawing.panels.legend_shown).split()
                if legend and words[-len(legend) :] != legend:
                    problems.append(f"{players} players, {grid} cards: legend shows {shown}")
                words = words[: len(words) - len(legend)]
                if words[-len(text.split()) :] != text.split():
                    problems.append(f"{players} players, {grid} cards: {text!r} shows {shown}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_six_card_win_shared_by_six_stays_in_the_panel(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Six people at one screen sharing the win: the longest result line the final scores show.
    app = _app(tmp_path, lang)
    table = SixTableScene(app, SixSetup(players=6, kinds=(HUMAN,) * 6))
    monkeypatch.setattr(overlays, "winners", lambda state: tuple(range(6)))
    scoreboard = ScoreboardScene(app, table, final=True)
    surface = pygame.Surface(SCREEN_SIZE)
    with _Recorder(app, surface) as recorder:
        scoreboard.draw(surface)
    names = [table.name(seat) for seat in range(6)]
    result = next(text for text, _ in recorder.lines if all(name in text for name in names))
    inside = scoreboard.panel.inflate(-2 * EDGE, -2 * EDGE)
    assert all(inside.contains(rect) for _, rect in recorder.lines), recorder.lines
    assert "…" not in result


@pytest.mark.parametrize("lang", LANGS)
def test_six_card_top_bar_texts_do_not_overlap(tmp_path: Path, lang: str) -> None:
    # The longest top bar: a last turn of a six-player game, a seat still to play.
    app = _app(tmp_path, lang)
    surface = pygame.Surface(SCREEN_SIZE)
    for grid in (4, 6, 9):
        rules = SixRules(grid=grid)
        match = _ending_match(6, rules, seed=60 + grid)
        table = SixTableScene(app, SixSetup(players=6, rules=rules), match=match)
        with _Recorder(app, surface) as recorder:
            table.drawing.panels.hud(surface)
        rects = [rect for _, rect in recorder.lines]
        assert len(rects) >= 4, recorder.lines
        assert all(surface.get_rect().contains(rect) for rect in rects), recorder.lines
        for i, rect in enumerate(rects):
            assert rect.collidelist(rects[i + 1 :]) == -1, recorder.lines
            assert not rect.colliderect(table.menu_button.rect), recorder.lines
