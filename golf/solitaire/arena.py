"""Scripted players over many deals: what a player is shown, the loop that plays it, the figures.

A scripted player is a function that receives a :class:`PlayerView` and returns an action. The
view is built from the position for each call and holds what a person at the table sees: the
columns, the waste, how many cards the stock holds, the legal actions, the rules and the move
count. It never holds the stock's cards (their order or their set); it is an immutable named
tuple (no ``__dict__``, every assignment refused) of tuples of ints,
:class:`~golf.solitaire.engine.Action` values and the frozen rules, so nothing in it leads back
to the position.
Neither the deal number nor the game code is given. ``docs/scripting.md`` says what this does
and does not stop.

:func:`play_deal` plays one deal with one player; a player that fails (:class:`PlayerFault`,
raised by the caller's guard, or an answer that is not a legal action) ends the game there,
lost, and the fault is kept with the move it happened at. :class:`HintPlayer` is the built-in
player the arena compares with: the hint's move without its exact end game (the quick policy
improved by play-outs, :meth:`golf.solitaire.blind.BlindPlayer.rollout_action`). It is given
the same view; the stock's cards as a set, which it reads, are what :meth:`PlayerView.unseen`
works out from the visible cards.

The engine reads no clock: a time limit is the caller's (``golfcli/arena.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, NamedTuple

from golf.core.arena import FAULT_KINDS, PlayerFault, mean_interval, shown, wilson
from golf.core.cards import DECK_SIZE, JOKERS
from golf.core.deal import TABLEAU_SIZE
from golf.solitaire import engine
from golf.solitaire.engine import Action, Column, Position
from golf.solitaire.rules import Rules

if TYPE_CHECKING:
    from golf.solitaire.blind import BlindPlayer

__all__ = [
    "FAULT_KINDS",
    "HINT_ORDERS",
    "DealGame",
    "Fault",
    "Figures",
    "HintPlayer",
    "Played",
    "PlayerFault",
    "PlayerView",
    "action_of",
    "figures",
    "mean_interval",
    "play_deal",
    "shown_answer",
]

HINT_ORDERS: Final = 8
"""The sampled stock orders the built-in hint player plays each of its places out over (the
hint in the window uses 16: half the work, about 0.4 s of processor time an Easy game)."""


class PlayerView(NamedTuple):
    """What a scripted player sees: the position without the stock's cards.

    ``columns`` top to bottom (the last card of each is free), ``waste`` with its top card
    last, ``stock_count``, ``legal`` (plays by column, then the draw: answer one of them, or its
    token such as ``"play 3"``), ``rules``, ``moves`` (actions taken so far), ``table`` (which
    of the games played at once this view is of: a player that keeps something of a game
    between calls keys it by ``table``; a view with ``moves == 0`` starts a new game there).
    An immutable value (a named tuple: no ``__dict__``, every assignment refused).
    """

    columns: tuple[Column, ...]
    waste: tuple[int, ...]
    stock_count: int
    legal: tuple[Action, ...]
    rules: Rules
    moves: int
    table: int = 0

    @classmethod
    def of(
        cls, position: Position, legal: Sequence[Action], rules: Rules, moves: int, table: int = 0
    ) -> PlayerView:
        """The view of ``position``: its columns and waste (tuples: shared, never copied),
        the stock's count only."""
        return cls(
            position.columns,
            position.waste,
            len(position.stock),
            tuple(legal),
            rules,
            moves,
            table,
        )

    def __repr__(self) -> str:
        return (
            f"PlayerView(columns={self.columns}, waste={self.waste}, "
            f"stock_count={self.stock_count}, legal={[str(a) for a in self.legal]}, "
            f"moves={self.moves}, table={self.table})"
        )

    @property
    def waste_top(self) -> int | None:
        return self.waste[-1] if self.waste else None

    @property
    def free_cards(self) -> tuple[int | None, ...]:
        """The bottom card of each column, or None for an empty column."""
        return tuple(col[-1] if col else None for col in self.columns)

    @property
    def removed(self) -> int:
        """Tableau cards removed so far."""
        return TABLEAU_SIZE - sum(map(len, self.columns))

    def unseen(self) -> tuple[int, ...]:
        """The cards no one sees, sorted: the whole deck the rules play with, less the columns
        and the waste. They are the stock's cards, worked out as a person at the table would
        (their order stays unknown)."""
        seen = {c for col in self.columns for c in col}
        seen.update(self.waste)
        deck = (*range(DECK_SIZE), *JOKERS[: self.rules.jokers])
        return tuple(c for c in deck if c not in seen)


Chooser = Callable[[PlayerView], object]
"""A player as the loop calls it: a view in, an action (or its token) out."""


@dataclass(frozen=True)
class Fault:
    """How a player failed: at move ``move`` (1 = its first answer), the ``kind`` of
    :data:`FAULT_KINDS`, and what happened."""

    move: int
    kind: str
    detail: str


@dataclass(frozen=True)
class Played:
    """One deal played by one player: the result, the actions taken, the fault if any (a game
    that ended in a fault is lost, scored as if it blocked there)."""

    number: int
    won: bool
    score: int
    moves: int
    removed: int
    actions: tuple[Action, ...]
    fault: Fault | None = None


def action_of(answer: object, legal: Sequence[Action]) -> Action | None:
    """The legal action ``answer`` names (an action of ``legal``, or its token), or None.

    Only exact types are read (an :class:`Action` of a ``str`` and two ``int``, or a ``str``):
    a subclass could answer every comparison with yes."""
    if type(answer) is Action:
        kind, column, row = answer
        if type(kind) is not str or type(column) is not int or type(row) is not int:
            return None
        wanted = (kind, column, row)
    elif type(answer) is str and len(answer) <= 40:
        known = _TOKENS.get(answer)
        if known is not None:
            wanted = known
        else:
            try:
                parsed = Action.parse(answer)
            except ValueError:
                return None
            wanted = (parsed.kind, parsed.column, parsed.row)
    else:
        return None
    for action in legal:
        if tuple(action) == wanted:
            return action
    return None


_apply: Final = engine.apply
_legal_actions: Final = engine.legal_actions

_TOKENS: Final = MappingProxyType(
    {
        str(a): (a.kind, a.column, a.row)
        for a in (Action.draw(), *(Action.play(c) for c in range(1, 8)))
    }
)
"""The tokens of the actions a view offers (what a player in a process of its own answers),
read without parsing."""


def shown_answer(answer: object) -> str:
    """What a wrong answer was, without calling the player's code (its ``repr``)."""
    if type(answer) is Action and all(type(x) in (str, int) for x in answer):
        return f"Action({answer[0]!r}, {answer[1]!r}, {answer[2]!r})"
    return shown(answer)


def _forfeit_score(position: Position, rules: Rules) -> int:
    """The score of a game that ends here as if it were blocked (SPEC §3)."""
    left = position.left
    if rules.scoring == "strokes":
        return left
    return max(0, 10 * (TABLEAU_SIZE - left) - 10 * left)


class DealGame:
    """One deal in play, one answer at a time: the legal actions now (``legal``, empty once the
    game is over), the view of the position (:meth:`view`), the answer taken or the fault
    that ends the game, the result.

    :func:`play_deal` plays one game through it, and the arena's referee
    (``golfcli/arena.py``) many at once, with the player in a process of its own: the same
    steps, so the same games. The referee applies each answer through ``engine.apply``, which
    refuses any action the rules do not allow, and leaves the legal actions to the player's
    process, which works them out for its view with the same move generator: it works out
    ``legal`` itself only when that process says there is none (so ``legal`` is then the list
    as last worked out, and ``position`` is the truth).
    """

    __slots__ = ("actions", "fault", "legal", "number", "position", "rules", "table")

    def __init__(self, number: int, rules: Rules, table: int = 0) -> None:
        self.number = number
        self.rules = rules
        self.table = table
        self.position = engine.deal(number, rules)
        self.legal = engine.legal_actions(self.position, rules)
        self.actions: list[Action] = []
        self.fault: Fault | None = None

    @property
    def over(self) -> bool:
        return not self.legal

    def view(self) -> PlayerView:
        """What the player is shown now (the game is not over)."""
        columns, waste, stock = self.position
        legal = tuple(self.legal)
        return PlayerView(
            columns, waste, len(stock), legal, self.rules, len(self.actions), self.table
        )

    def wire(self) -> tuple[tuple[Column, ...], tuple[int, ...], int, int, int]:
        """The view's own values, to be sent to a player's process (numbers and tuples only):
        the columns, the waste, the stock's count, the moves, the table. The process makes
        the same :class:`PlayerView` of them, the legal actions worked out there by the same
        move generator (``golfcli/arena_process.py``)."""
        columns, waste, stock = self.position
        return columns, waste, len(stock), len(self.actions), self.table

    def answer(self, answer: object) -> None:
        """Take ``answer`` (an action of the view, or its token); anything else is an
        ``illegal`` fault that ends the game."""
        for action in self.legal:  # the usual answer: one of the view's own actions
            if action is answer:
                break
        else:
            found = action_of(answer, self.legal)
            if found is None:
                self.fail("illegal", shown_answer(answer))
                return
            action = found
        self.take(action)

    def take(self, action: Action) -> None:
        """Apply ``action``, one of ``legal`` (the caller has made sure of it)."""
        rules = self.rules
        self.position = position = _apply(self.position, action, rules)
        self.actions.append(action)
        self.legal = _legal_actions(position, rules)

    def fail(self, kind: str, detail: str) -> None:
        """The player failed on the move the view asks: the game ends there, lost."""
        self.fault = Fault(len(self.actions) + 1, kind, detail)
        self.legal = []

    def played(self) -> Played:
        """The game's result (once it is over)."""
        position, rules = self.position, self.rules
        fault = self.fault
        won = engine.is_won(position)
        score = engine.score(position, rules) if fault is None else _forfeit_score(position, rules)
        return Played(
            self.number, won, score, len(self.actions), position.removed, tuple(self.actions), fault
        )


def play_deal(number: int, rules: Rules, choose: Chooser) -> Played:
    """Deal ``number`` under ``rules`` played to its end by ``choose``, shown a fresh
    :class:`PlayerView` before each action."""
    game = DealGame(number, rules)
    while game.legal:
        try:
            answer = choose(game.view())
        except PlayerFault as failed:
            game.fail(failed.kind, failed.detail)
            break
        game.answer(answer)
    return game.played()


class HintPlayer:
    """The built-in hint player for one game: the hint's move without its exact end game.

    Each move is :meth:`BlindPlayer.rollout_action` over :data:`HINT_ORDERS` sampled stock
    orders, from a generator seeded with the first view's visible cards (the same deal always
    gets the same game; the deal number is never given).
    """

    def __init__(self, orders: int = HINT_ORDERS) -> None:
        self.orders = orders
        self.player: BlindPlayer | None = None
        self.rng = random.Random(0)

    def __call__(self, view: PlayerView) -> Action | None:
        position = Position(view.columns, view.waste, view.unseen())
        if self.player is None:
            # imported here: a player's process imports this module for the view alone
            from golf.solitaire.blind import BlindPlayer

            self.player = BlindPlayer(position, view.rules)
            self.rng = random.Random(repr((view.columns, view.waste)))
        return self.player.rollout_action(position, self.rng, orders=self.orders)


@dataclass(frozen=True)
class Figures:
    """One player over the deals: the games, wins with the 95 % Wilson interval of the win
    rate, the mean score and the mean moves with their 95 % normal intervals (half-widths),
    and the games that ended in a fault."""

    games: int
    wins: int
    low: float
    high: float
    score: float
    score_half: float
    moves: float
    moves_half: float
    faults: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def figures(games: Iterable[Played]) -> Figures:
    """The figures of ``games``."""
    played = list(games)
    wins = sum(p.won for p in played)
    low, high = wilson(wins, len(played))
    score, score_half = mean_interval([p.score for p in played])
    moves, moves_half = mean_interval([p.moves for p in played])
    faults = sum(p.fault is not None for p in played)
    return Figures(len(played), wins, low, high, score, score_half, moves, moves_half, faults)
