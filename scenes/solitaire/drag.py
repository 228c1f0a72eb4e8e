"""A free card taken in the hand: clicked, or dragged onto the waste and dropped there.

A press on the free (bottom) card of a column holds it. Released where it was pressed (the
pointer moved less than :data:`DRAG_START`), it is a click: the card is played, as a click
always played it. Moved further, it is a drag: the card follows the pointer, lifted over the
table. Dropped over the waste (:func:`~scenes.solitaire.layout.waste_rect`: the pointer or the
card's centre there), the same action as the click is handed to the table, so a refused move is
said as a refused click says it (the table's ``Refusals`` listener: the message, the sound, the
shake); a move taken flies the card on from where it was dropped. A card not played — refused,
or dropped anywhere else, quietly — snaps back to its column.

Pointer positions are logical (``scenes.core.devices`` maps them through the viewport at any
window size). The pointer over the bars around the logical screen is :data:`OFF_SCREEN`: the card
stays where it was last seen, and a release there drops it nowhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from golf.solitaire.engine import PLAY, Action
from scenes.core.devices import OFF_SCREEN
from scenes.core.look import CARD_H, CARD_W
from scenes.core.sprites import CardSprite
from scenes.solitaire.layout import layout, waste_rect
from scenes.solitaire.table_state import TableState

__all__ = ["DRAG_START", "SNAP_BACK", "CardDrag"]

DRAG_START = 8  # logical pixels the pressed pointer moves before a press is a drag
SNAP_BACK = 0.22  # seconds for a card not played to fly back to its column
HELD_Z = 700  # over the resting cards and over the cards in flight


@dataclass
class _Held:
    """A free card pressed: the action a click on it is, where the press was, and where on the
    card the pointer holds it."""

    action: Action
    card: int
    pressed_at: tuple[int, int]
    grip: pygame.Vector2  # the pointer less the card's corner
    dragging: bool = False


class CardDrag:
    """The free card in the player's hand, from the press to the release."""

    def __init__(self, table: TableState, play: Callable[[Action], object]) -> None:
        self.table = table
        self.play = play
        self._held: _Held | None = None

    @property
    def dragging(self) -> int | None:
        """The card being dragged (not merely pressed), or None."""
        held = self._held
        return held.card if held is not None and held.dragging else None

    @property
    def holding(self) -> bool:
        """Whether a card is pressed or dragged (the release is awaited)."""
        return self._held is not None

    def press(self, action: Action, pos: tuple[int, int]) -> bool:
        """A press that hit-tested to ``action``: a free card is held (True); anything else (a
        covered card, the stock) is not, and acts at once (False)."""
        self.cancel()
        if action.kind != PLAY:
            return False
        column = self.table.game.position.columns[action.column - 1]
        if not column or action.row != len(column):
            return False
        card = column[-1]
        sprite = self.table.sprites[card]
        sprite.finish()  # a card still on its way (an undo's) is taken where it lands
        self._held = _Held(action, card, pos, pygame.Vector2(pos) - sprite.pos)
        return True

    def move(self, pos: tuple[int, int]) -> None:
        """The pointer moved: past :data:`DRAG_START` the card follows it."""
        held = self._held
        if held is None or pos == OFF_SCREEN:
            return
        if not held.dragging:
            dx, dy = pos[0] - held.pressed_at[0], pos[1] - held.pressed_at[1]
            if max(abs(dx), abs(dy)) < DRAG_START:
                return
            held.dragging = True
        sprite = self.table.sprites[held.card]
        sprite.held = True
        sprite.z = HELD_Z
        sprite.pos = pygame.Vector2(pos) - held.grip

    def release(self, pos: tuple[int, int]) -> None:
        """The button went up: a click plays the card; a drag plays it when dropped over the
        waste; a card not played snaps back."""
        held, self._held = self._held, None
        if held is None:
            return
        if not held.dragging:
            self.play(held.action)
            return
        sprite = self.table.sprites[held.card]
        sprite.held = False
        if pos != OFF_SCREEN and _over_waste(sprite, pos):
            self.play(held.action)
            sprite.lift = 0  # taken: it settles from where it was dropped, no arc over the table
        self._home(sprite)

    def cancel(self) -> None:
        """Let go of the card without playing it (another input came first): it snaps back."""
        held, self._held = self._held, None
        if held is not None and held.dragging:
            sprite = self.table.sprites[held.card]
            sprite.held = False
            self._home(sprite)

    def _home(self, sprite: CardSprite) -> None:
        """Send a card let go of to where the position puts it, unless the action taken already
        sent it flying there."""
        if not sprite.landed:
            return
        place = layout(self.table.game.position).get(sprite.card)
        if place is None:
            return
        duration = SNAP_BACK * self.table.app.animation_scale
        sprite.move_to(place.x, place.y, duration)
        if sprite.landed:  # no animation: at its place at once, in its place's drawing order
            sprite.z = place.z


def _over_waste(sprite: CardSprite, pos: tuple[int, int]) -> bool:
    """Whether a card dropped with the pointer at ``pos`` lands on the waste: the pointer or
    the card's centre over it."""
    target = waste_rect()
    centre = (sprite.pos.x + CARD_W / 2, sprite.pos.y + CARD_H / 2)
    return target.collidepoint(pos) or target.collidepoint(centre)
