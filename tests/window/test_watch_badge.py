"""The badge of a replay being watched (« PARTIE ENREGISTRÉE » in French) and the replay's
name: the badge whole, the name on a line of its own — whole, or cut with an ellipsis — inside
its space (the solitaire HUD's free middle, the six-card watch's panel), overlapping nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from golf.core.translations import text
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App
from scenes.sixcard.watch import SixWatchScene
from scenes.solitaire.watch import WatchScene

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
LONG = "Une très longue partie enregistrée au nom interminable, jouée un dimanche de pluie"


def _open(tmp_path: Path, sample: str, title: str, lang: str) -> App:
    source = (REPLAYS / sample).read_text(encoding="utf-8")
    copy = tmp_path / sample
    copy.write_text(re.sub(r"(?m)^title: .*$", f"title: '{title}'", source), encoding="utf-8")
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    options = WindowOptions(config_dir=tmp_path, watch=copy, lang=lang)
    app = build_app(options, screen)
    first_scene(app, options)
    return app


def _drawn(app: App) -> list[tuple[str, int, pygame.Rect]]:
    """Every text the top scene draws, with its size and place."""
    seen: list[tuple[str, int, pygame.Rect]] = []
    type_ = app.look.type
    real = type_.blit

    def spy(target: pygame.Surface, words: str, size: int, *args: Any, **kwargs: Any) -> Any:
        rect = real(target, words, size, *args, **kwargs)
        seen.append((words, size, pygame.Rect(rect)))
        return rect

    type_.blit = spy  # type: ignore[method-assign]
    try:
        top = app.scenes.top
        assert top is not None
        top.draw(pygame.Surface(SCREEN_SIZE))
    finally:
        del type_.blit
    return seen


def _badge_and_name(app: App, title: str) -> tuple[pygame.Rect, str, pygame.Rect]:
    drawn = _drawn(app)
    badge = text(app.texts.lang, "watch.badge")
    badges = [rect for words, _size, rect in drawn if words == badge]
    assert len(badges) == 1, [w for w, _s, _r in drawn]  # the badge whole, alone
    names = [
        (words, rect)
        for words, _size, rect in drawn
        if words == title or (words.endswith("…") and title.startswith(words[:-1]))
    ]
    assert len(names) == 1, [w for w, _s, _r in drawn]
    name, place = names[0]
    for words, _size, rect in drawn:  # nothing else drawn over them
        if rect not in (badges[0], place):
            assert not rect.colliderect(place) and not rect.colliderect(badges[0]), words
    assert not badges[0].colliderect(place)
    return badges[0], name, place


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("title", [LONG, "Partie courte"], ids=["long", "short"])
def test_the_solitaire_badge_and_name_share_the_hud(tmp_path: Path, lang: str, title: str) -> None:
    app = _open(tmp_path, "easy-win-with-undos.yaml", title, lang)
    scene = app.scenes.top
    assert isinstance(scene, WatchScene)
    badge, name, place = _badge_and_name(app, title)
    left, right = scene.view.hud_gap()
    assert left <= place.left and place.right <= right
    assert left <= badge.left and badge.right <= right
    assert (name == title) == (title != LONG)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("title", [LONG, "Partie courte"], ids=["long", "short"])
def test_the_six_card_badge_and_name_share_the_panel(tmp_path: Path, lang: str, title: str) -> None:
    app = _open(tmp_path, "six-card-two-computers.yaml", title, lang)
    scene = app.scenes.top
    assert isinstance(scene, SixWatchScene)
    badge, name, place = _badge_and_name(app, title)
    side = scene.table.board.side
    assert side.contains(place) and side.contains(badge)
    assert place.top >= badge.bottom  # the name below the badge
    assert (name == title) == (title != LONG)
