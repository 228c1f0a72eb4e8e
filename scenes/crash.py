"""The "Something went wrong" screen: what the window shows after an unexpected exception.

The frame loop (``scenes.app.run``) catches the exception, has the command line write a crash
report (:class:`CrashHooks`, given by ``golfcli.crash``) and calls :func:`show_crash`. The screen
is drawn from scratch — no scene, no app context, since either may be what broke — with the
game's felt, panel and pixel type, in the player's language. It waits for any key or click, or
closes after ``frames`` frames (``--frames``: tests and smoke runs). The autosave of the game in
play is left as the last action wrote it; the screen says that Continue brings it back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from scenes.core.i18n import Texts
from scenes.core.look import PALETTE, SCREEN_SIZE, Look, chunky_panel
from scenes.core.textfit import wrap_text

__all__ = ["CrashHooks", "draw_crash", "path_lines", "show_crash"]

log = logging.getLogger(__name__)

PANEL = pygame.Rect(0, 0, 1040, 420)
PATH_SIZE = 10  # art pixels: 20 screen pixels, as the body text
BODY_SIZE = 10
TITLE_SIZE = 20
FPS = 30  # nothing moves: a slow loop, the machine may be in trouble


@dataclass(frozen=True)
class CrashHooks:
    """What the command line gives the window for a crash: ``report(error)`` writes the crash
    report and returns its path; ``status`` is the exit status after one; ``crash_at`` (a test
    hook, ``$GOLF_CRASH_TEST=window``) raises on purpose at that frame."""

    report: Callable[[BaseException], Path]
    status: int = 1
    crash_at: int | None = None


def path_lines(look: Look, path: str, width: int) -> list[str]:
    """``path`` cut into lines no wider than ``width`` in the mono face (a path has no spaces
    to wrap at: lines end after a folder separator where one is far enough along; every
    character is kept, so the player can copy it from the screen)."""
    lines: list[str] = []
    line = ""
    for char in path:
        if line and look.type.width(line + char, PATH_SIZE, "mono") > width:
            # cut after the line's last folder separator when there is one, else here
            cut = max(line.rfind("/"), line.rfind("\\")) + 1
            if cut <= len(line) // 2:
                cut = len(line)
            lines.append(line[:cut])
            line = line[cut:]
        line += char
    return [*lines, line]


def draw_crash(surface: pygame.Surface, look: Look, texts: Texts, report: Path | None) -> None:
    """The crash screen, drawn whole on ``surface``."""
    p = PALETTE
    surface.blit(look.felt(), (0, 0))
    panel = PANEL.copy()
    panel.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
    chunky_panel(surface, panel)
    inner = panel.width - 120
    x = panel.left + 60
    y = panel.top + 44
    look.type.blit(
        surface,
        texts("crash.title"),
        TITLE_SIZE,
        p.gold,
        (panel.centerx, y),
        anchor="midtop",
        shadow=p.ink,
    )
    y += 72
    for line in wrap_text(look, texts("crash.body"), BODY_SIZE, inner):
        look.type.blit(surface, line, BODY_SIZE, p.white, (x, y), shadow=p.ink)
        y += 30
    y += 16
    if report is not None:
        look.type.blit(surface, texts("crash.report"), BODY_SIZE, p.label, (x, y), shadow=p.ink)
        y += 32
        for line in path_lines(look, str(report), inner):
            look.type.blit(surface, line, PATH_SIZE, p.cyan, (x, y), face="mono", shadow=p.ink)
            y += 28
    else:
        look.type.blit(surface, texts("crash.no_report"), BODY_SIZE, p.label, (x, y), shadow=p.ink)
    look.type.blit(
        surface,
        texts("crash.close"),
        BODY_SIZE,
        p.gold,
        (panel.centerx, panel.bottom - 44),
        anchor="midbottom",
        shadow=p.ink,
    )


def show_crash(
    screen: pygame.Surface,
    lang: str,
    report: Path | None,
    frames: int | None = None,
    present: Callable[[], None] | None = None,
) -> None:
    """Show the crash screen until a key, a click or the window's close; at most ``frames``
    frames when given; ``present`` shows the logical ``screen`` in the window (at its size).
    A fault while drawing it is logged, never raised: the report is written and the program
    exits non-zero either way."""
    try:
        draw_crash(screen, Look(lang), Texts(lang), report)
        if present is not None:
            present()
        pygame.display.flip()
        pygame.event.clear()  # a key pressed before the crash must not close its screen unseen
        clock = pygame.time.Clock()
        shown = 1
        while frames is None or shown < frames:
            events = pygame.event.get()
            if any(e.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) for e in events):
                return
            clock.tick(FPS)
            if present is not None:
                present()
            pygame.display.flip()
            shown += 1
    except Exception:  # the machine may be in no state to draw: the report matters, not this
        log.exception("the crash screen could not be shown")
