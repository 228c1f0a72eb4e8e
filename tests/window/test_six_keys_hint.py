"""The line of keys under the six-card totals (and the six-card watch's) wraps between its
items, never inside one: French "Échap : menu" never leaves "menu" alone on a line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from golf.core.translations import text
from golf.sixcard.seating import HUMAN, SixSetup
from scenes.core.look import SCREEN_SIZE
from scenes.core.textfit import ITEM_SEPARATOR, wrap_items
from scenes.sixcard.table import SixTableScene
from tests.window.test_ui_six import UI, _make_ui


@pytest.fixture(params=["en", "fr"])
def ui(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[UI]:
    yield _make_ui(tmp_path, request.param)
    pygame.event.clear()


def _drawn_texts(ui: UI, surface: pygame.Surface) -> list[tuple[str, tuple[float, float]]]:
    """Every text the top scene draws on ``surface``, with where."""
    seen: list[tuple[str, tuple[float, float]]] = []
    type_ = ui.app.look.type
    real = type_.blit

    def spy(target: pygame.Surface, words: str, size: int, *args: Any, **kwargs: Any) -> Any:
        seen.append((words, args[1] if len(args) > 1 else kwargs["pos"]))
        return real(target, words, size, *args, **kwargs)

    type_.blit = spy  # type: ignore[method-assign]
    try:
        top = ui.app.scenes.top
        assert top is not None
        top.draw(surface)
    finally:
        del type_.blit
    return seen


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_keys_under_the_totals_wrap_between_items(ui: UI, players: int) -> None:
    setup = SixSetup(players=players, kinds=(HUMAN, *("medium",) * 5), speed="fast", number=321)
    table = SixTableScene(ui.app, setup)
    ui.app.scenes.reset(table, fade=False)
    ui.frames(2)
    keys = text(ui.app.texts.lang, "six.keys")
    items = keys.split(ITEM_SEPARATOR)
    surface = pygame.Surface(SCREEN_SIZE)
    drawn = [(t, pos) for t, pos in _drawn_texts(ui, surface) if items[0] in t or t in keys]
    lines = [t for t, _ in drawn]
    assert ITEM_SEPARATOR.join(lines) == keys  # every key shown, in order
    for line in lines:
        assert set(line.split(ITEM_SEPARATOR)) <= set(items), line  # whole items only
    side = table.board.side
    for line, (x, y) in drawn:  # inside the panel
        assert side.left < x and x + ui.app.look.type.width(line, 6) <= side.right - 16
        assert side.top < y < side.bottom


def test_an_item_wider_than_a_line_is_wrapped_by_its_words(ui: UI) -> None:
    look = ui.app.look
    lines = wrap_items(look, "Space play / pause · Esc back", 6, look.type.width("Space play", 6))
    assert lines == ["Space play", "/ pause", "Esc back"]
