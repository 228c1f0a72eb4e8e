"""At 800×600, 1280×720, 1920×1080 and 3840×2160, in English and French, no two text or button
boxes overlap and none leaves the window (issue 36, item 5).

Each screen of ``bench/contrast.py``'s tour is drawn under the dummy driver; every text drawn
straight on the screen through ``look.type.blit`` is caught with the box of its letters (and
shadow; not the empty line height below them), and every button drawn
with its rectangle (its label is drawn on the button's own picture, so it is inside its button
by construction). The boxes, in logical pixels, are mapped through ``Viewport(size).to_window``
to each window size; none may leave the window, and no two may share more than a sliver:
``TOLERANCE`` window pixels each way at 1× (scaled with the window), for the anti-aliased and
shadowed edges of pixel letters that touch without covering one another.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scenes.core import widgets
from scenes.core.look import SCREEN_SIZE
from scenes.core.viewport import Viewport

BENCH = Path(__file__).resolve().parents[2] / "bench" / "contrast.py"
spec = importlib.util.spec_from_file_location("contrast_bench", BENCH)
assert spec is not None and spec.loader is not None
contrast = sys.modules.get("contrast_bench") or importlib.util.module_from_spec(spec)
if "contrast_bench" not in sys.modules:
    sys.modules["contrast_bench"] = contrast
    spec.loader.exec_module(contrast)

SIZES = [(800, 600), (1280, 720), (1920, 1080), (3840, 2160)]
TOLERANCE = 2  # logical pixels each way two boxes may share (anti-aliased edges, shadows)

Box = tuple[str, str, pygame.Rect]  # kind ("text" or "button"), what it says, where


def boxes(app: object) -> dict[str, list[Box]]:
    """Every screen's text and button boxes, in logical pixels."""
    found: dict[str, list[Box]] = {}
    surface = pygame.Surface(SCREEN_SIZE)
    look = app.look  # type: ignore[attr-defined]
    original_blit, original_draw = look.type.blit, widgets.Button.draw
    screen = [""]

    def blit(
        target: pygame.Surface,
        text: str,
        size: int,
        colour: tuple[int, ...],
        pos: tuple[float, float],
        **kwargs: object,
    ) -> pygame.Rect:
        rect: pygame.Rect = original_blit(target, text, size, colour, pos, **kwargs)
        if target is surface and text.strip():
            keep = {k: v for k, v in kwargs.items() if k != "anchor"}
            whole = look.type.render(text, size, colour, **keep)
            ink = whole.get_bounding_rect().move(rect.topleft)  # the letters, not the line
            found[screen[0]].append(("text", text, ink))
        return rect

    def draw(self: widgets.Button, target: pygame.Surface, *args: object, **kw: object) -> object:
        if target is surface:
            found[screen[0]].append(("button", self.key, self.rect.copy()))
        return original_draw(self, target, *args, **kw)  # type: ignore[arg-type]

    look.type.blit = blit
    widgets.Button.draw = draw  # type: ignore[method-assign]
    try:
        for name, scene in contrast.screens(app):
            widgets._PICTURES.clear()
            surface.fill((0, 0, 0))
            screen[0] = name
            found[name] = []
            scene.draw(surface)
    finally:
        del look.type.blit
        widgets.Button.draw = original_draw  # type: ignore[method-assign]
    return found


def in_window(rect: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    view = Viewport(size)
    left, top = view.to_window((rect.left, rect.top))
    right, bottom = view.to_window((rect.right - 1, rect.bottom - 1))
    return pygame.Rect(left, top, right - left + 1, bottom - top + 1)


def clashes(found: list[Box], size: tuple[int, int]) -> Iterator[str]:
    window = pygame.Rect((0, 0), size)
    view = Viewport(size)
    slack = max(1, round(TOLERANCE * view.scale))
    placed = [(kind, text, in_window(rect, size)) for kind, text, rect in found]
    for kind, text, rect in placed:
        if not window.contains(rect):
            yield f"{kind} {text!r} at {rect} leaves the {size} window"
    for i, (kind_a, text_a, a) in enumerate(placed):
        for kind_b, text_b, b in placed[i + 1 :]:
            if a == b and text_a == text_b:
                continue  # the same box drawn twice (a shadow, a redraw)
            if kind_a != kind_b:
                button, text = (a, b) if kind_a == "button" else (b, a)
                if button.inflate(2 * slack, 2 * slack).contains(text):
                    continue  # a text inside a button: its label, its key hint
            clip = a.clip(b)
            if clip.width > slack and clip.height > slack:
                yield f"{kind_a} {text_a!r} {a} overlaps {kind_b} {text_b!r} {b}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_box_overlaps_or_leaves_the_window(tmp_path: Path, lang: str) -> None:
    app = contrast.make_app(tmp_path, lang)
    found = boxes(app)
    assert sum(len(b) for b in found.values()) > 300
    problems = [
        f"{lang} {size} {name}: {problem}"
        for size in SIZES
        for name, screen_boxes in found.items()
        for problem in clashes(screen_boxes, size)
    ]
    assert not problems, "\n".join(problems)


def test_the_check_sees_an_overlap_and_a_box_outside() -> None:
    apart = [("text", "a", pygame.Rect(10, 10, 40, 12)), ("text", "b", pygame.Rect(10, 24, 40, 12))]
    touching = [
        ("text", "a", pygame.Rect(10, 10, 40, 12)),
        ("text", "b", pygame.Rect(10, 18, 40, 12)),
    ]
    on_button = [
        ("button", "ok", pygame.Rect(0, 0, 80, 30)),
        ("text", "OK", pygame.Rect(4, 4, 20, 12)),
    ]
    outside = [("text", "far", pygame.Rect(1270, 700, 40, 30))]
    for size in SIZES:
        assert not list(clashes(apart, size)) and not list(clashes(on_button, size))
        assert len(list(clashes(touching, size))) == 1
        astride = [on_button[0], ("text", "half out", pygame.Rect(60, 10, 60, 12))]
        assert len(list(clashes(astride, size))) == 1
        assert "leaves" in next(clashes(outside, size))
