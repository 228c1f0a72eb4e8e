"""Fitting text into a width on the screen: cut with an ellipsis, or wrapped into lines.

Widths are in screen pixels; sizes are the art-pixel sizes of ``Look.type`` (doubled on screen).
"""

from __future__ import annotations

from scenes.core.look import Look

__all__ = ["fit_text", "wrap_text"]


def _width(look: Look, text: str, size: int, face: str) -> int:
    return look.type.width(text, size, face)


def fit_text(look: Look, text: str, size: int, width: int, face: str = "bold") -> str:
    """``text``, cut with an ellipsis if it is wider than ``width``."""
    if _width(look, text, size, face) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        middle = (low + high + 1) // 2
        if _width(look, text[:middle].rstrip() + "…", size, face) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def wrap_words(look: Look, text: str, size: int, width: int) -> list[str]:
    """``text``'s words in lines that fit ``width`` screen pixels (a word too long stays whole;
    no text, no line): the six-card panels' and the new-game error's wrapping."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if look.type.width(trial, size) > width and line:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


ITEM_SEPARATOR = " · "
"""Between the items of a line of keys ("Space: stock · H: hint · Esc: menu")."""


def wrap_items(look: Look, text: str, size: int, width: int) -> list[str]:
    """A line of items (``ITEM_SEPARATOR`` between them) in lines that fit ``width`` screen
    pixels, each item kept whole on one line ("Esc: menu" never loses its "menu" to the next
    line); an item wider than a line alone is wrapped by its words."""
    lines: list[str] = []
    line = ""
    for item in text.split(ITEM_SEPARATOR):
        item = item.strip()
        if not item:
            continue
        trial = f"{line}{ITEM_SEPARATOR}{item}" if line else item
        if look.type.width(trial, size) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        if look.type.width(item, size) <= width:
            line = item
        else:
            *whole, line = wrap_words(look, item, size, width)
            lines.extend(whole)
    if line:
        lines.append(line)
    return lines


def wrap_text(look: Look, text: str, size: int, width: int, face: str = "bold") -> list[str]:
    """``text`` in lines no wider than ``width`` (a word too long for a line is cut)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and _width(look, trial, size, face) > width:
                lines.append(line)
                line = word
            else:
                line = trial
            if _width(look, line, size, face) > width:
                line = fit_text(look, line, size, width, face)
        lines.append(line)
    return lines
