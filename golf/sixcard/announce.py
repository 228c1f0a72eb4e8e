"""What is said aloud at the six-card table, in English and French: each action, whose turn it
is, the player's own grid and the discard, and the whole table in words (the D key).

Built from the states alone (its words are the catalogues' ``announce.six.…`` entries), so it
is tested without a window; the window
(``scenes.sixcard.listeners.Announcing``) only hands the sentences to a voice. Nothing hidden is
ever said: a face-down card is named only to the seat that has looked at it (``private``, the
person whose cards the screen shows), and a card drawn from the stock only to the one who drew it.
The opening choices are simultaneous (``golf.sixcard.view``): another seat's choice is said as
"has chosen", without its card or place, and when the last seat has chosen every chosen card is
said at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from golf.core.cards import card_name
from golf.core.translations import text
from golf.sixcard import actions as kinds
from golf.sixcard.actions import Action
from golf.sixcard.game import State, cut_on_show, lowest_cut, totals, winners
from golf.sixcard.rules import base_card

__all__ = ["Seats", "action_said", "cut_said", "place_said", "table_said", "turn_said"]

# Each sentence about a seat has two forms (``announce.six.<what>.you`` and ``….other``): to the
# person at the screen, and about another seat, by its name.


@dataclass(frozen=True)
class Seats:
    """How the table names its seats: ``names`` (in the language said), the seat the screen calls
    You (``you``: None when several people share it, or nobody plays), and the seat whose private
    cards may be named (``private``: the person whose cards the screen shows)."""

    names: tuple[str, ...]
    you: int | None = None
    private: int | None = None


def _say(key: str, lang: str, **values: object) -> str:
    return text(lang, f"announce.six.{key}", **values)


def _about(key: str, seat: int, seats: Seats, lang: str, **values: object) -> str:
    if seat == seats.you:
        return _say(f"{key}.you", lang, **values)
    return _say(f"{key}.other", lang, name=seats.names[seat], **values)


def _name(card: int, lang: str) -> str:
    return card_name(base_card(card), lang)


def _count(n: int, lang: str) -> str:
    return text(lang, "describe.cards", count=n)


def _known(state: State, seat: int, seats: Seats) -> int:
    """The slots of ``seat`` whose cards may be told: face up (but another seat's opening
    choices while the opening lasts), and its peeked ones to the seat itself."""
    if seat == seats.private:
        return state.up[seat] | state.peeked[seat]
    return 0 if state.phase == "opening" else state.up[seat]


def _rows(state: State, seat: int, seats: Seats, lang: str) -> str:
    """A grid row by row: each card it may be told, "face down" for the others."""
    grid = state.grids[seat]
    known = _known(state, seat, seats)
    columns = state.rules.columns
    rows = []
    for r in range(len(grid) // columns):
        cards = [
            _name(grid[s], lang) if known >> s & 1 else _say("down", lang)
            for s in range(r * columns, (r + 1) * columns)
        ]
        rows.append(_say("row", lang, n=r + 1, cards=", ".join(cards)))
    return text(lang, "describe.separator").join(rows)


def _discard(state: State, lang: str) -> str:
    top = state.discard_top
    return (
        _say("discard_top", lang, card=_name(top, lang))
        if top is not None
        else _say("no_discard", lang)
    )


def _points(seats: Seats, values: Sequence[int | None], lang: str) -> str:
    return ", ".join(f"{seats.names[s]} {v}" for s, v in enumerate(values) if v is not None)


def cut_said(state: State, seats: Seats, lang: str = "en") -> str:
    """The cut for the first deal, while the first hole opens (the cut rule): every seat's card
    and who deals, from the state's cut (a network client's as it was told); "" otherwise."""
    cut = cut_on_show(state)
    if cut is None:
        return ""
    cards = ", ".join(f"{seats.names[seat]} {card_name(c, lang)}" for seat, c in enumerate(cut))
    dealer = lowest_cut(cut)
    return _say("cut", lang, cards=cards, name=seats.names[dealer])


def turn_said(state: State, seats: Seats, lang: str = "en") -> str:
    """Whose turn it is; to the person at the screen, the discard and their own grid too."""
    seat = state.to_move
    if seat is None or state.phase not in ("opening", "turn"):
        return ""
    if seat != seats.you:
        return _say("turn.other", lang, name=seats.names[seat])
    parts = [_say("turn.you", lang)]
    if state.phase == "turn":
        parts.append(_discard(state, lang))
    parts.append(_say("your_grid", lang, rows=_rows(state, seat, seats, lang)))
    return " ".join(parts)


def _done(before: State, after: State, action: Action, seats: Seats, lang: str) -> str:
    """What the seat to move did."""
    kind = action.kind
    if kind == kinds.NEXT_HOLE:
        return _say("hole", lang, hole=after.hole)
    seat = before.to_move
    assert seat is not None  # any other action is the move of the seat to move
    if kind == kinds.KNOCK:
        return _about("knock", seat, seats, lang)
    if kind == kinds.TAKE_STOCK:
        drawn = after.drawn
        shown = _name(drawn, lang) if drawn is not None and seat == seats.private else ""
        return _about("stock", seat, seats, lang, card=shown)
    if kind == kinds.TAKE_DISCARD:
        taken = after.drawn if after.drawn is not None else before.discard_top
        return _about("discard", seat, seats, lang, card=_name(taken or 0, lang))
    slot = after.rules.slot(action.row, action.column)
    card = after.grids[seat][slot]
    place = {"row": action.row, "column": action.column}
    if kind == kinds.FLIP:
        if seat != seats.private:  # chosen at the same time as the others: nothing to tell yet
            return _about("chose", seat, seats, lang)
        if after.face_up(seat, slot):
            return _about("flip", seat, seats, lang, card=_name(card, lang), **place)
        shown = _name(card, lang) if seat == seats.private else ""
        return _about("peek", seat, seats, lang, card=shown, **place)
    top = after.discard_top
    old = _name(top, lang) if top is not None else ""
    if kind == kinds.REPLACE:
        return _about("replace", seat, seats, lang, card=_name(card, lang), old=old, **place)
    return _about("discard_flip", seat, seats, lang, card=old, new=_name(card, lang), **place)


def action_said(
    before: State,
    after: State,
    action: Action,
    seats: Seats,
    lang: str = "en",
    refused: str | None = None,
) -> str:
    """The sentence said after ``action``: what was done, the final-turn warning, the end of a
    hole or of the game, and whose turn it is now; or, with ``refused``, why not."""
    if refused is not None:
        return _say("refused", lang, why=refused)
    parts = [_done(before, after, action, seats, lang)]
    if before.phase == "opening" and after.phase == "turn":
        parts.append(_revealed(after, seats, lang))
    if after.ending and not before.ending:
        parts.append(_say("last_turns", lang))
    if after.phase in ("hole_over", "game_over") and after.scores:
        points = _points(seats, after.scores[-1], lang)
        parts.append(_say("hole_over", lang, hole=before.hole, points=points))
    if after.phase == "game_over":
        names = ", ".join(seats.names[s] for s in winners(after))
        parts.append(_say("game_over", lang, names=names))
    elif after.to_move != before.to_move or after.phase != before.phase:
        parts.append(turn_said(after, seats, lang))
    return " ".join(p for p in parts if p)


def _revealed(state: State, seats: Seats, lang: str) -> str:
    """Every seat has chosen: the others' chosen cards, all at once."""
    grids = [
        _say("grid", lang, name=seats.names[seat], rows=_rows(state, seat, seats, lang))
        for seat in state.seats
        if seat != seats.private
    ]
    return _say("revealed", lang, grids=" ".join(grids))


def table_said(state: State, seats: Seats, lang: str = "en") -> str:
    """The whole table in words: the hole, whose turn, the stock and the discard, the card in
    hand, every grid as far as it may be told, the totals."""
    rules = state.rules
    hole = (
        _say("hole", lang, hole=state.hole)
        if state.playoff
        else _say("hole_of", lang, hole=state.hole, holes=rules.holes)
    )
    parts = [hole, cut_said(state, seats, lang)]
    parts.append(turn_said(state, seats, lang) if state.to_move != seats.you else "")
    parts.append(_say("stock", lang, stock=_count(len(state.stock), lang)))
    parts.append(_discard(state, lang))
    if state.drawn is not None and (
        state.to_move == seats.private or state.drawn_from == "discard"
    ):
        parts.append(_say("in_hand", lang, card=_name(state.drawn, lang)))
    for seat in range(state.players):
        if state.grids[seat]:
            name = seats.names[seat]
            parts.append(_say("grid", lang, name=name, rows=_rows(state, seat, seats, lang)))
    if state.to_move == seats.you:
        parts.append(_say("turn.you", lang))
    if state.scores:
        parts.append(_say("totals", lang, points=_points(seats, totals(state), lang)))
    return " ".join(p for p in parts if p)


def place_said(state: State, seats: Seats, place: str, slot: int, lang: str = "en") -> str:
    """What the cursor is on: the stock, the discard, the knock, or a place of the grid of the
    person at the screen (``slot``) with its card when it may be told."""
    if place == "stock":
        return _say("at_stock", lang, stock=_count(len(state.stock), lang))
    if place == "discard":
        return _discard(state, lang)
    if place == "knock":
        return _say("at_knock", lang)
    seat = seats.private if seats.private is not None else seats.you
    if seat is None or slot >= len(state.grids[seat]):
        return ""
    known = _known(state, seat, seats)
    card = _name(state.grids[seat][slot], lang) if known >> slot & 1 else _say("down", lang)
    row, column = state.rules.place(slot)
    return _say("at_slot", lang, row=row, column=column, card=card)
