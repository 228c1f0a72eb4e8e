"""A greedy Golf solitaire player for ``golf arena``: play a card whenever one plays.

Of the cards that play, it takes the one from the tallest column (the cards it covers are the
hardest to reach later); when none plays, it draws. Run it with::

    golf arena --player docs/examples/greedy.py:choose --deals 0-999 --rules easy
"""

from __future__ import annotations

from golf.solitaire.arena import PlayerView
from golf.solitaire.engine import Action


def choose(view: PlayerView) -> Action:
    plays = [a for a in view.legal if a.kind == "play"]
    if not plays:
        return view.legal[0]  # the draw: the only legal action left
    return max(plays, key=lambda a: len(view.columns[a.column - 1]))
