"""What the screen may show: a seat's view, the public view, and the cards they reveal.

The table draws from a :class:`~golf.sixcard.view.SeatView` only. With one person at the
screen that is their seat's view; with several people taking turns, between their turns the
table shows the *public* view (no peeked card, no card in a hand that came from the stock), so
nobody sees another's private cards while the screen changes hands.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from golf.sixcard.game import State
from golf.sixcard.rules import SixRules, line_cancelled
from golf.sixcard.view import SeatView, seat_view

__all__ = ["public_view", "shown_points", "view_for", "visible_cards"]


def public_view(state: State, seat: int) -> SeatView:
    """What anyone at the table knows, laid out for ``seat``: face-up cards and the discard
    (no opening choice before every seat has chosen)."""
    view = seat_view(state, seat)
    up = view.up[seat] if state.phase != "opening" else 0
    own = tuple(c if up >> i & 1 else None for i, c in enumerate(view.grids[seat]))
    grids = tuple(own if s == seat else g for s, g in enumerate(view.grids))
    drawn = state.drawn if state.drawn_from == "discard" else None
    return dataclasses.replace(view, grids=grids, peeked=0, drawn=drawn)


def view_for(state: State, seat: int, private: bool) -> SeatView:
    """``seat``'s own view when ``private``, else the public view laid out for it."""
    return seat_view(state, seat) if private else public_view(state, seat)


def visible_cards(view: SeatView) -> frozenset[int]:
    """Every card whose face the view allows to be drawn."""
    cards = {c for grid in view.grids for c in grid if c is not None}
    cards.update(view.discard)
    if view.drawn is not None:
        cards.add(view.drawn)
    return frozenset(cards)


def shown_points(cards: Sequence[int | None], rules: SixRules) -> int:
    """The points of the known cards of a grid; a line whose cards are all known and of one
    rank counts 0, as it will at the end of the hole (with the pair reading, known cards of
    one rank in a line count 0 already)."""
    zero: set[int] = set()
    for line in rules.lines:
        zero |= line_cancelled(cards, line, rules)
    values = rules.card_values
    return sum(values[c] for s, c in enumerate(cards) if c is not None and s not in zero)
