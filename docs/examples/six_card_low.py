"""A six-card Golf player for ``golf six-card arena``: keep low cards, throw high ones.

It takes the discard when it is worth at most 3 points, else the stock's card; it puts a card
in place of its highest face-up card when that is 2 or more points higher, else on a face-down
card when the card is worth at most 5, else discards it and turns a face-down card up. It
decides from its seat's view only. Run it with::

    golf six-card arena --players docs/examples/six_card_low.py:choose,hard,easy,easy
"""

from __future__ import annotations

from golf.sixcard.actions import Action
from golf.sixcard.arena import SixPlayerView


def choose(turn: SixPlayerView) -> Action:
    view, legal = turn.seat_view, turn.legal
    rules = view.rules
    values = rules.card_values
    down = view.face_down_slots(view.seat)
    if view.phase == "opening" or view.drawn is None:
        top = view.discard_top
        for action in legal:
            if action.kind == "take discard" and top is not None and values[top] <= 3:
                return action
        takes = [a for a in legal if a.kind in ("take stock", "flip")]
        return takes[0] if takes else legal[0]
    card = values[view.drawn]
    up = [(values[c], s) for s, c in enumerate(view.grid) if c is not None and s not in down]
    worst, at = max(up) if up else (-99, -1)
    if card < worst - 1:
        return Action("replace", *rules.place(at))
    if down and (card <= 5 or view.drawn_from == "discard"):
        return Action("replace", *rules.place(down[0]))
    if down:
        return Action("discard flip", *rules.place(down[0]))
    return Action("replace", *rules.place(at))
