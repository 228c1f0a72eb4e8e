"""The game as one seat of a network game knows it, kept as an engine :class:`State`, so that
the window draws it with the same table as a local game.

A client is sent only its seat's view (``golfnet.protocol``): the cards it may see. The table
draws a :class:`State` whose cards are sprites keyed by card, so the mirror gives every card it
has not seen a *stand-in* number (from :data:`STAND_IN` up, above every real card), and keeps a
stand-in where it is — a face-down card stays the same card on the screen — until a view shows
what it is (``renames``: the sprite keeps its place and turns over). Each update names the
action that led to it; the mirror moves the cards as that action moves them (the card taken,
the card replaced going onto the discard), then checks every card the new view shows. When an
update does not follow the one before (a connection that came back, a new hole), or does not
agree, the table is laid again from the view, keeping the stand-ins where they still stand.

The stock's cards are never drawn, only counted: they are numbered below 0. The deal number is
the server's (``number`` 0); the dealer and, with the cut rule, the cards cut for the first deal
come in the view, so the table shows and says the cut as a local one does. Nothing here can
know more than the views it was given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from golf.sixcard import actions as kinds
from golf.sixcard.actions import Action
from golf.sixcard.game import State
from golf.sixcard.view import SeatView

__all__ = ["STAND_IN", "Followed", "Mirror", "told_action"]

STAND_IN: Final = 1 << 20
"""The first stand-in number; every real card is below it."""


@dataclass(frozen=True)
class Followed:
    """What an update did to the mirror: the state now, the stand-ins it showed (stand-in →
    card), and the action the table may play out (None: the table is laid again)."""

    state: State
    renames: dict[int, int]
    action: Action | None


def told_action(token: str | None) -> Action | None:
    """The last action as the server told it: another seat's opening choice comes as ``flip``
    alone (where stays hidden), read as a flip of no place; None for no action."""
    if token is None:
        return None
    if token == kinds.FLIP:
        return Action(kinds.FLIP)
    try:
        return Action.parse(token)
    except ValueError:
        return None


class Mirror:
    """The seat's game as a state, moved by each update."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.at = -1
        self._next = STAND_IN

    def _fresh(self) -> int:
        self._next += 1
        return self._next

    def follow(self, view: SeatView, at: int, action: Action | None) -> Followed:
        """Take the update number ``at`` (``action`` led to it) with its ``view``."""
        before, after_at = self.state, self.at
        self.at = at
        if before is not None and action is not None and at == after_at + 1:
            if action.kind == kinds.NEXT_HOLE:
                self.state = self._laid(view, None)[0]
                return Followed(self.state, {}, action)
            moved = self._moved(before, view, action)
            told = _told(moved, view) if moved is not None else None
            if told is not None:
                self.state = told[0]
                return Followed(told[0], told[1], action)
        keep = before if before is not None and before.hole == view.hole else None
        self.state, renames = self._laid(view, keep)
        return Followed(self.state, renames, None)

    def _moved(self, state: State, view: SeatView, action: Action) -> State | None:
        """The cards where ``action`` puts them (their faces not yet checked); None when the
        action cannot have been taken on ``state``."""
        seat, kind = state.to_move, action.kind
        if seat is None or state.phase not in ("opening", "turn"):
            return None
        grids = [list(g) for g in state.grids]
        discard, drawn = list(state.discard), state.drawn
        if kind == kinds.TAKE_STOCK and drawn is None:
            if not state.stock:  # the discard under its top card became the stock
                discard = discard[-1:]
            drawn = view.drawn if view.drawn is not None else self._fresh()
        elif kind == kinds.TAKE_DISCARD and drawn is None and discard:
            drawn = discard.pop()
        elif kind in (kinds.REPLACE, kinds.DISCARD_FLIP) and drawn is not None:
            slot = state.rules.slot(action.row, action.column)
            if not 0 <= slot < len(grids[seat]):
                return None
            if kind == kinds.REPLACE:
                discard.append(grids[seat][slot])
                grids[seat][slot] = drawn
            else:
                discard.append(drawn)
            drawn = None
        elif kind not in (kinds.FLIP, kinds.KNOCK):
            return None
        return _state(view, [tuple(g) for g in grids], tuple(discard), drawn)

    def _laid(self, view: SeatView, keep: State | None) -> tuple[State, dict[int, int]]:
        """The state of ``view`` alone; with ``keep`` (the same hole), a stand-in still where it
        stood stays, and one the view now shows is renamed."""
        renames: dict[int, int] = {}

        def card(known: int | None, old: int | None) -> int:
            kept = old if old is not None and old >= STAND_IN else None
            if known is None:
                return kept if kept is not None else self._fresh()
            if kept is not None:
                renames[kept] = known
            return known

        grids = []
        for seat, grid in enumerate(view.grids):
            olds = (
                keep.grids[seat] if keep is not None and len(keep.grids[seat]) == len(grid) else ()
            )
            grids.append(tuple(card(c, olds[i] if olds else None) for i, c in enumerate(grid)))
        drawn = None
        if view.drawn_from is not None:
            same = keep is not None and keep.drawn_from == view.drawn_from
            drawn = card(view.drawn, keep.drawn if same and keep is not None else None)
        return _state(view, grids, view.discard, drawn), renames


def _told(moved: State, view: SeatView) -> tuple[State, dict[int, int]] | None:
    """``moved`` with every card the view shows: a stand-in the view shows is renamed; None
    when the two disagree (a card the view shows elsewhere, a known card turned unknown)."""
    renames: dict[int, int] = {}

    def check(mine: int, known: int | None) -> bool:
        if known is None:
            return mine >= STAND_IN
        if mine >= STAND_IN:
            renames[mine] = known
            return True
        return mine == known

    if len(moved.discard) != len(view.discard) or (moved.drawn is None) != (
        view.drawn_from is None
    ):
        return None
    pairs = [
        (mine, known)
        for grid, shown in zip(moved.grids, view.grids, strict=True)
        for mine, known in zip(grid, shown, strict=True)
    ]
    pairs += list(zip(moved.discard, view.discard, strict=True))
    if moved.drawn is not None:
        pairs.append((moved.drawn, view.drawn))
    if not all(check(mine, known) for mine, known in pairs):
        return None
    if len(set(renames.values())) != len(renames):
        return None

    def named(c: int) -> int:
        return renames.get(c, c)

    grids = [tuple(named(c) for c in grid) for grid in moved.grids]
    drawn = named(moved.drawn) if moved.drawn is not None else None
    state = _state(view, grids, view.discard, drawn)
    cards = (
        [c for g in grids for c in g] + list(view.discard) + ([drawn] if drawn is not None else [])
    )
    return (state, renames) if len(set(cards)) == len(cards) else None


def _state(
    view: SeatView,
    grids: list[tuple[int, ...]],
    discard: tuple[int, ...],
    drawn: int | None,
) -> State:
    seat = view.seat
    return State(
        rules=view.rules,
        players=view.players,
        number=0,
        hole=view.hole,
        seats=view.seats,
        dealer=view.dealer,
        cut=view.cut,
        grids=tuple(grids),
        up=view.up,
        peeked=tuple(view.peeked if s == seat else 0 for s in range(view.players)),
        stock=tuple(range(-1, -1 - view.stock_count, -1)),
        discard=tuple(discard),
        rng=0,
        phase=view.phase,
        to_move=view.to_move,
        drawn=drawn,
        drawn_from=view.drawn_from,
        finisher=view.finisher,
        knocked=view.knocked,
        last_turns=view.last_turns,
        turns=view.turns,
        scores=view.scores,
    )
