"""The cards of the six-card table in flight: where the game puts every card out of the stock,
and the sprites that fly there after each action (a new hole sweeps the old cards back to the
stock and deals the new ones round).

The game's state changes at once; the sprites catch up. Nothing here decides anything: the table
hands in the board, the state, what its viewer sees and how long flights take.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from golf.sixcard.game import State
from golf.sixcard.view import SeatView
from scenes.sixcard.art import CardImages, SixSprite
from scenes.sixcard.board import Board

__all__ = ["DEAL_STEP", "FLIGHT", "FLIP", "REVEAL_STEP", "Cards", "Place"]

FLIGHT = 0.38  # seconds for a card to fly across the table (normal speed)
FLIP = 0.26  # seconds for a card to turn over where it lies
DEAL_STEP = 0.055
REVEAL_STEP = 0.07  # between the cards turned up at the end of a hole


@dataclass(frozen=True)
class Place:
    """Where a card rests: top-left corner, scale, face shown, drawing order."""

    x: int
    y: int
    scale: float
    face_up: bool
    z: int


class Cards:
    """The card sprites of one table, keyed by card, and the cards flying back to the stock."""

    def __init__(self) -> None:
        self.images = CardImages()
        self.sprites: dict[int, SixSprite] = {}
        self.leaving: list[SixSprite] = []  # cards going back to the stock, dropped on landing

    @property
    def moving(self) -> bool:
        """Whether any card is still in flight."""
        return any(s.moving for s in self.sprites.values()) or bool(self.leaving)

    @staticmethod
    def places(board: Board, state: State, view: SeatView, discarding: bool) -> dict[int, Place]:
        """Where every card out of the stock belongs, and whether the view shows its face
        (``discarding``: the card in hand hovers over the discard, about to be thrown)."""
        out: dict[int, Place] = {}
        for seat, spot in board.spots.items():
            known = view.grids[seat]
            for slot, card in enumerate(state.grids[seat]):
                rect = spot.slot_rect(slot)
                out[card] = Place(rect.x, rect.y, spot.scale, known[slot] is not None, 10 + slot)
        pile = board.discard
        for i, card in enumerate(state.discard):
            out[card] = Place(pile.x, pile.y, board.pile_scale, True, 200 + i)
        if state.drawn is not None and state.to_move is not None:
            if discarding:
                rect, scale = board.discard.move(-12, -26), board.pile_scale
            else:
                rect, scale = board.hand_at(state.to_move)
            out[state.drawn] = Place(rect.x, rect.y, scale, view.drawn is not None, 900)
        return out

    def _new_sprite(self, board: Board, card: int, z: int) -> SixSprite:
        stock = board.stock
        sprite = SixSprite.resting(card, stock.x, stock.y, board.pile_scale, False, z)
        self.sprites[card] = sprite
        return sprite

    def sync(
        self,
        board: Board,
        places: dict[int, Place],
        factor: float,
        *,
        reveal: bool = False,
    ) -> None:
        """Send every sprite toward its place; cards no longer out go back to the stock
        (``reveal``: the cards turned over where they lie turn one after another)."""
        order = 0
        for card, place in places.items():
            sprite = self.sprites.get(card) or self._new_sprite(board, card, place.z)
            there = (
                sprite.target == pygame.Vector2(place.x, place.y) and sprite.scale_to == place.scale
            )
            if there and sprite.face_up == place.face_up:
                sprite.z = place.z
                continue
            sprite.z = place.z
            if there:  # turned over where it lies
                delay = order * REVEAL_STEP * factor if reveal else 0.0
                order += 1
                sprite.glide(
                    place.x, place.y, place.scale, FLIP * factor, delay=delay, face_up=place.face_up
                )
                continue
            far = abs(sprite.pos.x - place.x) + abs(sprite.pos.y - place.y) > 80
            sprite.glide(
                place.x,
                place.y,
                place.scale,
                FLIGHT * factor,
                lift=40 if far else 0,
                face_up=place.face_up,
                flip_start=0.3,
            )
        stock = board.stock
        for card in [c for c in self.sprites if c not in places]:
            sprite = self.sprites.pop(card)  # back into the stock (a rebuilt stock)
            sprite.face_up = False
            sprite.flipping = False
            sprite.glide(stock.x, stock.y, board.pile_scale, FLIGHT * factor)
            self.leaving.append(sprite)

    def deal_in(
        self, board: Board, state: State, places: dict[int, Place], factor: float, sweep: bool
    ) -> None:
        """A new hole: the old cards go back to the stock (``sweep``), the new ones are dealt
        round, one seat after another, then the discard's first card."""
        start = 0.0
        if sweep:
            for i, sprite in enumerate(self.sprites.values()):
                sprite.face_up = False
                sprite.flipping = False
                sprite.glide(
                    board.stock.x,
                    board.stock.y,
                    board.pile_scale,
                    FLIGHT * factor,
                    delay=i * 0.008 * factor,
                )
                self.leaving.append(sprite)
            start = (FLIGHT + 0.3) * factor
        self.sprites = {}
        dealt = [state.grids[seat][k] for k in range(state.rules.grid) for seat in state.seats]
        for i, card in enumerate(dealt):
            place = places[card]
            sprite = self._new_sprite(board, card, place.z)
            sprite.glide(
                place.x,
                place.y,
                place.scale,
                FLIGHT * 0.8 * factor,
                delay=start + i * DEAL_STEP * factor,
                lift=20,
                face_up=place.face_up,
            )
        delay = start + (len(dealt) + 2) * DEAL_STEP * factor
        for card in state.discard:
            place = places[card]
            sprite = self._new_sprite(board, card, place.z)
            sprite.glide(
                place.x, place.y, place.scale, FLIGHT * factor, delay=delay, face_up=True, lift=20
            )

    def rename(self, renames: dict[int, int]) -> None:
        """Cards known at last by their own number (a network game's stand-ins for cards not
        seen, ``golfnet.mirror``): each sprite keeps its place, to turn over where it lies."""
        known = {new: self.sprites.pop(old) for old, new in renames.items() if old in self.sprites}
        for card, sprite in known.items():
            sprite.card = card
        self.sprites.update(known)

    def land(self) -> None:
        """Every card where it is going, at once; the cards going back to the stock are gone."""
        for sprite in self.sprites.values():
            sprite.finish()
        for sprite in self.leaving:
            sprite.finish()
        self.leaving = []

    def update(self, dt: float) -> None:
        """Fly on for ``dt`` seconds."""
        for sprite in self.sprites.values():
            sprite.update(dt)
        for sprite in self.leaving:
            sprite.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
