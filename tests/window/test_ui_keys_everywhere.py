"""Enter, Space and Escape act the same way on every screen with buttons (issue 36, item 5):
Enter and Space press the button that holds the focus, Escape presses none (it goes back, or
does nothing where there is nowhere to go back to), and the focus is drawn (a gold ring).

Every screen of ``bench/contrast.py``'s tour whose buttons are a ``Menu`` is checked, the
dialogs included; the tutorial's own keys are in ``test_ui_tutorial.py``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame

from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE
from scenes.core.widgets import Menu

BENCH = Path(__file__).resolve().parents[2] / "bench" / "contrast.py"
spec = importlib.util.spec_from_file_location("contrast_bench", BENCH)
assert spec is not None and spec.loader is not None
contrast = sys.modules.get("contrast_bench") or importlib.util.module_from_spec(spec)
if "contrast_bench" not in sys.modules:
    sys.modules["contrast_bench"] = contrast
    spec.loader.exec_module(contrast)


def test_enter_and_space_press_the_focus_and_escape_none(tmp_path: Path) -> None:
    app = contrast.make_app(tmp_path, "en")
    checked, problems = [], []
    stack = app.scenes
    for name, scene in contrast.screens(app):
        menu = getattr(scene, "menu", None)
        if not isinstance(menu, Menu) or not menu.buttons:
            continue
        if hasattr(scene, "opened"):
            scene.opened = 60.0  # past the guard against a key pressed as the screen opened
        checked.append(name)
        button = menu.buttons[menu.focus]
        surface = pygame.Surface(SCREEN_SIZE)
        scene.draw(surface)
        ring = button.rect.inflate(4 * PIXEL, 4 * PIXEL)
        gold = sum(
            1
            for x in range(ring.left, ring.right)
            if tuple(surface.get_at((x, ring.top)))[:3] == tuple(PALETTE.gold)
        )
        if button.enabled and gold < ring.width // 3:
            problems.append(f"{name}: the focus on {button.key!r} is not drawn")
        for kind, wanted in ((Kind.CONFIRM, 1), (Kind.DRAW, 1), (Kind.CANCEL, 0)):
            fired: list[str] = []
            actions = [b.action for b in menu.buttons]
            for b in menu.buttons:
                b.action = lambda key=b.key, seen=fired: seen.append(key)  # type: ignore[misc]
            saved = stack.pop, stack.replace, stack.push, app.flow.to_title
            stack.pop = stack.replace = stack.push = lambda *a, **k: None  # type: ignore[method-assign]
            app.flow.to_title = lambda *a, **k: None  # type: ignore[method-assign]
            try:
                scene.handle(Intent(kind))
            finally:
                stack.pop, stack.replace, stack.push, app.flow.to_title = saved  # type: ignore[method-assign]
                for b, action in zip(menu.buttons, actions, strict=True):
                    b.action = action  # type: ignore[method-assign]
            expected = [button.key] * wanted if button.enabled else []
            if fired != expected:
                problems.append(f"{name}: {kind.name} pressed {fired}, not {expected}")
    assert len(checked) >= 15, checked
    assert not problems, "\n".join(problems)
