"""The logical 1280×720 screen shown whole in a window of any size, and pointer positions
brought back to it.

Every scene draws on one logical screen of :data:`~scenes.core.look.SCREEN_SIZE`. The window
may have any size (resized by the player, fullscreen on any monitor): :class:`Viewport` says
where the logical screen goes in it — scaled to fit with its aspect kept, centred, the bars
left over black (letterboxed) — and maps a window position back to a logical one (None in the
bars). :class:`Presenter` owns the real window and copies each frame into it, with nearest
neighbour wherever every art pixel (:data:`~scenes.core.look.PIXEL` logical pixels) comes out
the same whole number of window pixels — at 1×, 1.5×, 2×, 2.5×… — and from 2× up (an art pixel
of 4 or 5 window pixels beside one of 5 is hard to see, and a smooth scale of such a window
costs a frame's budget), and with a smooth scale below 1× and between 1× and 2× (there
nearest neighbour drops or doubles single rows of the type: "o" turns into "a"). The
screenshots compared are listed in ``docs/window-size.md``. When the window is exactly the
logical size the scenes draw straight into it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from scenes.core.look import PIXEL, SCREEN_SIZE

__all__ = ["Presenter", "Viewport", "initial_window_size", "open_display"]

log = logging.getLogger(__name__)

Size = tuple[int, int]
SMALLEST = (320, 180)  # a window is never made smaller than this (the picture stays legible)
DESKTOP_MARGIN = 64  # room left for a title bar and a task bar when choosing the first size
MAX_AREAS = 64  # more changed places than this: the frame is copied whole (one call)


@dataclass(frozen=True)
class Viewport:
    """Where the logical screen shows in a window of ``window`` pixels."""

    window: Size
    logical: Size = SCREEN_SIZE

    @property
    def scale(self) -> float:
        """Window pixels per logical pixel: the largest that shows the whole logical screen."""
        (ww, wh), (lw, lh) = self.window, self.logical
        return max(min(ww / lw, wh / lh), 1e-6)

    @property
    def whole(self) -> bool:
        """Whether the scale is a whole number (1, 2, 3…): every pixel the same square."""
        (ww, wh), (lw, lh) = self.window, self.logical
        factor = min(ww // lw, wh // lh)
        return factor >= 1 and self.rect.size == (lw * factor, lh * factor)

    @property
    def factor(self) -> int:
        """The whole scale (1, 2, 3…) at which the picture is scaled with nearest neighbour,
        else 0 (a scale between, or smooth)."""
        (lw, lh), rect = self.logical, self.rect
        factor = rect.width // lw
        whole = factor >= 1 and rect.size == (lw * factor, lh * factor)
        return factor if whole and not self.smooth else 0

    @property
    def smooth(self) -> bool:
        """Whether the picture is scaled smoothly rather than with nearest neighbour: below 1×,
        and between 1× and 2× where an art pixel would not be a whole number of pixels."""
        scale = self.rect.width / self.logical[0]
        if scale < 1:
            return True
        art = scale * PIXEL
        return scale < 2 and abs(art - round(art)) > 1e-3

    @property
    def rect(self) -> pygame.Rect:
        """The part of the window the logical screen covers, centred; the rest is bars."""
        (ww, wh), (lw, lh) = self.window, self.logical
        scale = self.scale
        # a whole multiple that fits is used exactly, even if the window is a little larger
        factor = min(ww // lw, wh // lh)
        if factor >= 1 and scale - factor < 1e-9:
            width, height = lw * factor, lh * factor
        else:
            width = max(1, min(ww, round(lw * scale)))
            height = max(1, min(wh, round(lh * scale)))
        return pygame.Rect((ww - width) // 2, (wh - height) // 2, width, height)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int] | None:
        """The logical position under window position ``pos``; None in the bars."""
        rect = self.rect
        x = (pos[0] - rect.x) * self.logical[0] / rect.width
        y = (pos[1] - rect.y) * self.logical[1] / rect.height
        if not (0 <= x < self.logical[0] and 0 <= y < self.logical[1]):
            return None
        return int(x), int(y)

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """The window pixel at the centre of logical position ``pos`` (tests, xdotool)."""
        rect = self.rect
        x = rect.x + (pos[0] + 0.5) * rect.width / self.logical[0]
        y = rect.y + (pos[1] + 0.5) * rect.height / self.logical[1]
        return int(x), int(y)


def joined(rects: Iterable[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` (empty ones left out) with any two that overlap replaced by their bounding
    rectangle where that is no larger than both together (the same place drawn again, a card
    and where it was a frame ago): fewer pixels to copy."""
    out: list[pygame.Rect] = []
    for rect in rects:
        if rect.w <= 0 or rect.h <= 0:
            continue
        rect = rect.copy()
        merged = True
        while merged:
            merged = False
            for i, other in enumerate(out):
                union = rect.union(other)
                if union.w * union.h <= rect.w * rect.h + other.w * other.h and (
                    rect.colliderect(other) or union in (rect, other)
                ):
                    rect = union
                    del out[i]
                    merged = True
                    break
        out.append(rect)
    return out


def initial_window_size(desktop: Size | None, logical: Size = SCREEN_SIZE) -> Size:
    """The window's size when it opens: the largest whole multiple of the logical screen that
    fits the desktop (leaving room for a title bar once it is 2× or more), or the logical
    screen scaled down to fit a desktop smaller than it."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return logical
    dw, dh = desktop
    lw, lh = logical
    factor = min(dw // lw, dh // lh)
    if factor >= 2 and lh * factor > dh - DESKTOP_MARGIN:
        factor -= 1
    if factor >= 1:
        return lw * factor, lh * factor
    scale = min(dw / lw, dh / lh)
    return max(SMALLEST[0], int(lw * scale)), max(SMALLEST[1], int(lh * scale))


class Presenter:
    """The real window and the logical screen the scenes draw on; :meth:`present` shows the
    frame in the window, scaled to fit."""

    def __init__(
        self, window: pygame.Surface, logical: Size = SCREEN_SIZE, windowed: Size | None = None
    ) -> None:
        self.logical = logical
        self.window = window
        self.viewport = Viewport(window.get_size(), logical)
        self._own: pygame.Surface | None = None  # the logical screen when it is not the window
        # the window's size to go back to from fullscreen (opened fullscreen: ``windowed``)
        self._windowed = windowed or window.get_size()
        self.canvas = self._canvas()
        self._whole_due = True  # the window does not show the last frame yet

    def _canvas(self) -> pygame.Surface:
        """The surface the scenes draw on: the window itself at exactly the logical size."""
        if self.window.get_size() == self.logical:
            return self.window
        if self._own is None:
            own = pygame.Surface(self.logical)
            self._own = own.convert(self.window) if pygame.display.get_surface() else own
        return self._own

    def follow(self, window: pygame.Surface | None = None) -> bool:
        """Adopt the window's surface as it is now (after a resize or a fullscreen switch);
        True when the logical screen is a different surface from before (the scenes must then
        draw their next frame whole)."""
        current = window or pygame.display.get_surface()
        if current is None:
            return False
        if current is self.window and current.get_size() == self.viewport.window:
            return False
        before = self.canvas
        self.window = current
        self.viewport = Viewport(current.get_size(), self.logical)
        self.canvas = self._canvas()
        self._whole_due = True
        log.info("window %dx%d: the picture at %.3fx", *current.get_size(), self.viewport.scale)
        return self.canvas is not before

    def present(self, changed: Sequence[pygame.Rect] | None = None) -> None:
        """Copy the logical screen into the window, scaled to fit, the bars black; with
        ``changed`` (the places that differ from the frame presented last), at a whole scale
        only those places: the same pixels (each logical pixel is a square of window pixels)
        for a fraction of the copying (a 2× window is 14 MB a frame)."""
        if self.canvas is self.window:
            return
        factor = self.viewport.factor
        if changed is not None and factor and not self._whole_due:
            areas = joined(r.clip(self.canvas.get_rect()) for r in changed)
            if len(areas) <= MAX_AREAS and sum(a.w * a.h for a in areas) <= self._area_budget:
                self._present_areas(areas, factor)
                return
        self._whole_due = False
        rect = self.viewport.rect
        width, height = self.window.get_size()
        # the bars, every frame: a fullscreen switch or an uncovered window may have left
        # anything there, and they are thin
        for bar in (
            pygame.Rect(0, 0, width, rect.top),
            pygame.Rect(0, rect.bottom, width, height - rect.bottom),
            pygame.Rect(0, rect.top, rect.left, rect.height),
            pygame.Rect(rect.right, rect.top, width - rect.right, rect.height),
        ):
            if bar.width > 0 and bar.height > 0:
                self.window.fill((0, 0, 0), bar)
        target = self.window.subsurface(rect)
        if self.viewport.smooth:
            pygame.transform.smoothscale(self.canvas, rect.size, target)
        else:
            pygame.transform.scale(self.canvas, rect.size, target)

    @property
    def _area_budget(self) -> int:
        """Logical pixels beyond which copying places one by one costs more than the whole."""
        return self.logical[0] * self.logical[1] // 2

    def _present_areas(self, areas: list[pygame.Rect], factor: int) -> None:
        """Scale ``areas`` of the logical screen into their places in the window."""
        left, top = self.viewport.rect.topleft
        for area in areas:
            target = self.window.subsurface(
                left + area.x * factor, top + area.y * factor, area.w * factor, area.h * factor
            )
            pygame.transform.scale(self.canvas.subsurface(area), target.get_size(), target)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int] | None:
        """The logical position under window position ``pos`` (None in the bars)."""
        return self.viewport.to_logical(pos)

    def set_fullscreen(self, on: bool) -> bool:
        """Fill the monitor (at the desktop's size: no change of video mode) or go back to the
        window as it was; False when the system refused. The next frame adopts the new
        surface (:meth:`follow`)."""
        surface = pygame.display.get_surface()
        if surface is not None and bool(surface.get_flags() & pygame.FULLSCREEN) == on:
            return True
        try:
            if on:
                self._windowed = self.window.get_size()
                pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                pygame.display.set_mode(self._windowed, pygame.RESIZABLE)
        except pygame.error as error:
            log.warning("cannot switch fullscreen: %s", error)
            return False
        return True


def open_display(fullscreen: bool, desktop: Size | None) -> pygame.Surface:
    """Open the window: resizable, at :func:`initial_window_size` for ``desktop``, or filling
    the monitor at the desktop's size."""
    if fullscreen:
        try:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error as error:
            log.warning("cannot open fullscreen (%s): a window instead", error)
    return pygame.display.set_mode(initial_window_size(desktop), pygame.RESIZABLE)
