"""Six-card Golf states and the one ``apply``: deals, turns, the end of a hole, the game's end.

A :class:`State` is an immutable value holding the whole game: the current hole (grids,
face-up and peeked cards, stock, discard, the deal's random stream), whose turn it is, and the
scores of the holes played. :func:`apply` returns the next state or raises :class:`Refused`
with the reason in English and French; :func:`legal_actions` lists what may be done. The
screens, the replays, the computer opponents and the simulations all go through these.

Deals (documented in ``docs/six-card-golf.md``): hole ``h`` (1, 2, …; play-off holes continue
the count) shuffles the cards in play with the Fisher–Yates shuffle of the solitaire (SPEC §1)
driven by SplitMix64 whose state starts at ``n * 256 + h``, ``n`` being the code's deal number.
The cards are dealt one at a time, clockwise from the player left of the dealer, each player's
``k``-th card going to slot ``k`` (row by row); the next card starts the discard and the rest is
the stock, its first card drawn first. When a player takes from an empty stock, the discard but
its top card is shuffled the same way by the same stream, continued, and becomes the stock.

The opening is "simultaneous": the seats choose their opening cards one after another in turn
order (so a replay's actions have one order), but ``golf.sixcard.view.seat_view`` shows no
seat another's choice before every seat has chosen. The first dealer is chosen by a cut with
the ``cut`` rule (:func:`cut_cards`), else seat ``n mod players`` deals first. The cut cards are
public (at a real table everyone sees every cut card), so a state keeps them (``State.cut``)
and every seat's view shows them. The cut has a stream of its own (stream 0, which no hole
uses); a network game's wide deal draws every stream from BLAKE2b keyed with the whole 131-bit
number (``golf.sixcard.wide``), so there the cut cards tell nothing of any hole's cards or of
the number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from golf.core import play
from golf.core.cards import DECK_SIZE, rank, suit
from golf.core.deal import MASK64
from golf.sixcard.actions import (
    DISCARD_FLIP,
    FLIP,
    KNOCK,
    KNOCK_ACTION,
    NEXT_HOLE,
    NEXT_HOLE_ACTION,
    PLACED,
    REPLACE,
    TAKE_DISCARD,
    TAKE_DISCARD_ACTION,
    TAKE_STOCK,
    TAKE_STOCK_ACTION,
    Action,
)
from golf.sixcard.codes import format_code, parse_code
from golf.sixcard.rules import (
    KNOCK_PENALTY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLAYOFF_LIMIT,
    ROUND_LIMIT,
    STANDARD,
    SixRules,
    grid_score,
)
from golf.sixcard.texts import MESSAGES, Reason, message
from golf.sixcard.wide import check_number, is_wide, stream, wide_shuffle

Phase = Literal["opening", "turn", "hole_over", "game_over"]
Source = Literal["stock", "discard"]

OPENING_CARDS: Final = 2
"""Cards each player turns up (or looks at, with peek) at the start of a hole, but for the
2-card grid (``SixRules.opening_cards``)."""
CUT_STREAM: Final = 0
"""The cut for the first dealer shuffles with SplitMix64 started at ``n * HOLE_STREAM + 0``
(hole numbers start at 1, so no hole shares it)."""
HOLE_STREAM: Final = 256
"""Hole ``h`` of deal ``n`` shuffles with SplitMix64 started at ``n * HOLE_STREAM + h``."""
_GAMMA: Final = 0x9E3779B97F4A7C15


class Refused(Exception):
    """An action the rules do not allow, with the reason the player is told."""

    def __init__(self, reason: Reason, action: Action | None = None) -> None:
        super().__init__(message(reason, "en"))
        self.reason = reason
        self.action = action

    def text(self, lang: str = "en") -> str:
        return message(self.reason, lang)


@dataclass(frozen=True)
class State:
    """The whole game at one moment. Seats are numbered from 0; slots row by row from 0."""

    rules: SixRules
    players: int
    number: int
    """The deal number of the game's code."""
    hole: int
    """1, 2, …; holes after ``rules.holes`` are sudden-death play-off holes."""
    seats: tuple[int, ...]
    """The seats playing this hole, in turn order: ``seats[0]`` plays first."""
    dealer: int
    cut: tuple[int, ...] | None
    """The card each seat cut for the first deal, seat 0 first, with the cut rule
    (:func:`cut_cards` of the deal number); None without it. Kept for the whole game: it is
    public, and a network client, who never learns the number, is told it in its view."""
    grids: tuple[tuple[int, ...], ...]
    """Each seat's cards, row by row (empty for a seat out of a play-off hole)."""
    up: tuple[int, ...]
    """Each seat's face-up slots, as a bit mask (bit ``s`` for slot ``s``)."""
    peeked: tuple[int, ...]
    """Each seat's face-down slots its player has looked at (peek variant), as a bit mask."""
    stock: tuple[int, ...]
    """Next card first."""
    discard: tuple[int, ...]
    """Top card last."""
    rng: int
    """The state of the hole's SplitMix64 stream, for rebuilding the stock."""
    phase: Phase
    to_move: int | None
    """The seat whose turn it is (None between holes and at the end)."""
    drawn: int | None = None
    """The card the player to move has taken and not yet placed or discarded."""
    drawn_from: Source | None = None
    finisher: int | None = None
    """The seat that ended the hole (turned up its last card, or knocked)."""
    knocked: bool = False
    last_turns: int = 0
    """Once the hole is ending: how many players still have their last turn."""
    turns: int = 0
    """Turns completed in this hole."""
    scores: tuple[tuple[int | None, ...], ...] = ()
    """The points of each hole played, one per seat (None: not in that play-off hole)."""

    # --- reading the state --------------------------------------------------------------------

    @property
    def code(self) -> str:
        return format_code(self.number, self.players, self.rules)

    @property
    def discard_top(self) -> int | None:
        return self.discard[-1] if self.discard else None

    @property
    def first_player(self) -> int:
        return self.seats[0]

    @property
    def playoff(self) -> bool:
        return self.hole > self.rules.holes

    @property
    def over(self) -> bool:
        return self.phase == "game_over"

    @property
    def ending(self) -> bool:
        """Someone has ended the hole: the others are playing their last turns."""
        return self.finisher is not None and self.phase == "turn"

    def face_up(self, seat: int, slot: int) -> bool:
        return bool(self.up[seat] >> slot & 1)

    def face_down_slots(self, seat: int) -> list[int]:
        up = self.up[seat]
        return [s for s in range(len(self.grids[seat])) if not up >> s & 1]

    def hole_score(self, seat: int) -> int:
        """The points of a seat's whole grid as it lies (every card counted, hidden or not)."""
        return grid_score(self.grids[seat], self.rules)


def replace(state: State, **changes: object) -> State:
    """``state`` with some fields changed (``dataclasses.replace`` without its checks: the
    engine's hot path)."""
    new = object.__new__(State)
    fields = dict(state.__dict__)
    fields.update(changes)
    new.__dict__.update(fields)
    return new


def _full(rules: SixRules) -> int:
    return (1 << rules.grid) - 1


# --- deals ---------------------------------------------------------------------------------------


def _shuffle(cards: list[int], state: int) -> int:
    """Fisher–Yates of SPEC §1 over ``cards`` in place; returns the stream's new state."""
    for i in range(len(cards) - 1, 0, -1):
        state = (state + _GAMMA) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return state


def _deal_shuffle(cards: list[int], number: int, rng: int) -> int:
    """Shuffle ``cards`` in place with deal ``number``'s stream at ``rng``: SplitMix64 for a
    classic deal, the keyed hash of a wide one (``golf.sixcard.wide``); the stream after."""
    if is_wide(number):
        return wide_shuffle(cards, number, rng)
    return _shuffle(cards, rng)


def _hole_stream(number: int, hole: int) -> int:
    """Where the stream of hole ``hole`` (0: the cut) of deal ``number`` starts."""
    return stream(hole) if is_wide(number) else number * HOLE_STREAM + hole


def hole_deck(number: int, hole: int, rules: SixRules, players: int) -> tuple[list[int], int]:
    """The shuffled cards of hole ``hole`` of deal ``number``, and the stream's state after."""
    check_number(number)
    if not 1 <= hole < HOLE_STREAM:
        raise ValueError(f"hole must be 1 to {HOLE_STREAM - 1}, not {hole}")
    deck = rules.deck(players)
    state = _deal_shuffle(deck, number, _hole_stream(number, hole))
    return deck, state


def cut_cards(number: int, players: int) -> tuple[int, ...]:
    """The card each seat cuts for the first deal (``golf.core.cards`` numbers, seat 0 first):
    one deck of 52 without jokers, shuffled by the cut stream of deal ``number``; seat ``s``
    takes its ``s``-th card."""
    cards = list(range(DECK_SIZE))
    _deal_shuffle(cards, number, _hole_stream(number, CUT_STREAM))
    return tuple(cards[:players])


def cut_order(card: int) -> tuple[int, int]:
    """How low a cut card is: by rank, ace low, king high; between cards of one rank, by suit
    (clubs, diamonds, hearts, spades: the bridge order)."""
    return rank(card), suit(card)


def lowest_cut(cards: tuple[int, ...]) -> int:
    """The seat that cut the lowest of ``cards`` (seat 0's first): the first dealer."""
    return min(range(len(cards)), key=lambda seat: cut_order(cards[seat]))


def first_dealer(number: int, players: int, rules: SixRules = STANDARD) -> int:
    """The dealer of hole 1: with the cut, the seat that cut the lowest card; else seat
    ``n mod players`` (the code played the part of the cut)."""
    if not rules.cut:
        return number % players
    return lowest_cut(cut_cards(number, players))


def cut_on_show(state: State) -> tuple[int, ...] | None:
    """The cut while the table shows it and says it: the first hole's opening, with the cut
    rule (the cards from the state, so that a network client's table, which is told them,
    shows them as a local one does); None otherwise."""
    if state.hole == 1 and state.phase == "opening":
        return state.cut
    return None


def _hole_order(
    rules: SixRules,
    players: int,
    number: int,
    hole: int,
    contenders: tuple[int, ...],
    cut: tuple[int, ...] | None,
) -> tuple[tuple[int, ...], int]:
    """The seats of a hole in turn order, and its dealer (``cut``: the game's cut, worked out
    once by the caller; a wide deal's costs as much as a sixth of a hole's shuffle)."""
    if hole <= rules.holes:
        first = lowest_cut(cut) if cut is not None else first_dealer(number, players, rules)
        dealer = (first + hole - 1) % players
        return tuple((dealer + 1 + k) % players for k in range(players)), dealer
    k = hole - rules.holes - 1
    first = k % len(contenders)
    order = contenders[first:] + contenders[:first]
    return order, order[-1]


def deal_hole(
    rules: SixRules,
    players: int,
    number: int,
    hole: int,
    scores: tuple[tuple[int | None, ...], ...] = (),
    contenders: tuple[int, ...] = (),
    deck: list[int] | None = None,
) -> State:
    """The first state of a hole. ``deck`` (tests and scripts) replaces the code's shuffle."""
    cut = cut_cards(number, players) if rules.cut else None
    order, dealer = _hole_order(rules, players, number, hole, contenders, cut)
    if deck is None:
        cards, rng = hole_deck(number, hole, rules, players)
    else:
        cards, rng = list(deck), _hole_stream(number, hole)
        expected = sorted(rules.deck(players))
        if sorted(cards) != expected:
            raise ValueError("the deck must hold exactly the cards these rules play with")
    grids: list[list[int]] = [[] for _ in range(players)]
    i = 0
    for _ in range(rules.grid):
        for seat in order:
            grids[seat].append(cards[i])
            i += 1
    return State(
        rules=rules,
        players=players,
        number=number,
        hole=hole,
        seats=order,
        dealer=dealer,
        cut=cut,
        grids=tuple(tuple(g) for g in grids),
        up=(0,) * players,
        peeked=(0,) * players,
        stock=tuple(cards[i + 1 :]),
        discard=(cards[i],),
        rng=rng,
        phase="opening",
        to_move=order[0],
        scores=scores,
    )


def new_game(number: int, players: int, rules: SixRules = STANDARD) -> State:
    """The first state of the game of deal ``number`` for ``players`` players."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS or not rules.seats_players(players):
        low, high = rules.player_range()
        raise ValueError(f"a {rules.grid}-card game is for {low} to {high} players, not {players}")
    return deal_hole(rules, players, number, 1)


def from_code(text: str) -> State:
    """The first state of the game a code names; raises ``SixCodeError``."""
    code = parse_code(text)
    return new_game(code.number, code.players, code.rules)


# --- standings -----------------------------------------------------------------------------------


def totals(state: State) -> tuple[int, ...]:
    """Each seat's total over the regular holes played (play-off holes are not added)."""
    out = [0] * state.players
    for row in state.scores[: state.rules.holes]:
        for seat, points in enumerate(row):
            if points is not None:
                out[seat] += points
    return tuple(out)


def leaders(state: State) -> tuple[int, ...]:
    """The seats in the lead: lowest total, then lowest in each play-off hole played."""
    tot = totals(state)
    best = min(tot)
    lead = tuple(s for s in range(state.players) if tot[s] == best)
    for row in state.scores[state.rules.holes :]:
        played = [s for s in lead if row[s] is not None]
        if not played:
            continue
        low = min(row[s] for s in played)  # type: ignore[type-var]
        lead = tuple(s for s in played if row[s] == low)
    return lead


def winners(state: State) -> tuple[int, ...]:
    """The winning seat (or seats sharing the win) once the game is over; () before."""
    return leaders(state) if state.phase == "game_over" else ()


def _decided(rules: SixRules, scores: tuple[tuple[int | None, ...], ...], lead: int) -> bool:
    played = len(scores)
    if played < rules.holes:
        return False
    return lead == 1 or rules.ties == "shared" or played - rules.holes >= PLAYOFF_LIMIT


# --- actions -------------------------------------------------------------------------------------


def refusal(state: State, action: Action) -> Reason | None:
    """Why ``action`` is refused for the player to move, or None if it is legal."""
    kind = action.kind
    phase = state.phase
    if phase == "game_over":
        return Reason.GAME_OVER
    if kind == NEXT_HOLE:
        return None if phase == "hole_over" else Reason.HOLE_NOT_OVER
    if phase == "hole_over":
        return Reason.HOLE_OVER
    rules = state.rules
    bit = 0
    if kind in PLACED:
        if not (1 <= action.row <= rules.rows and 1 <= action.column <= rules.columns):
            return Reason.NO_SUCH_PLACE
        bit = 1 << rules.slot(action.row, action.column)
    seat = state.to_move
    assert seat is not None
    if phase == "opening":
        if kind != FLIP:
            return Reason.OPENING
        if state.up[seat] & bit:
            return Reason.ALREADY_UP
        if state.peeked[seat] & bit:
            return Reason.ALREADY_PEEKED
        return None
    if kind == FLIP:
        return Reason.NOT_OPENING
    if state.drawn is None:
        if kind == TAKE_STOCK:
            return None if state.stock or len(state.discard) > 1 else Reason.STOCK_EMPTY
        if kind == TAKE_DISCARD:
            return None
        if kind == KNOCK:
            if not rules.knock:
                return Reason.NO_KNOCK
            return Reason.ENDING if state.finisher is not None else None
        if kind in (REPLACE, DISCARD_FLIP):
            return Reason.TAKE_FIRST
    else:
        if kind in (TAKE_STOCK, TAKE_DISCARD):
            return Reason.HOLDING
        if kind == KNOCK:
            return Reason.KNOCK_LATE if rules.knock else Reason.NO_KNOCK
        if kind == REPLACE:
            return None
        if kind == DISCARD_FLIP:
            if state.drawn_from == "discard":
                return Reason.KEEP_DISCARD
            return Reason.ALREADY_UP if state.up[seat] & bit else None
    raise ValueError(f"{action!r} is not a six-card Golf action")


def apply(state: State, action: Action) -> State:
    """The state after the player to move takes ``action``; raises :class:`Refused`."""
    reason = refusal(state, action)
    if reason is not None:
        raise Refused(reason, action)
    kind = action.kind
    if kind == NEXT_HOLE:
        return _next_hole(state)
    seat = state.to_move
    assert seat is not None
    rules = state.rules
    if kind == FLIP:
        return _opening_flip(state, seat, rules.slot(action.row, action.column))
    if kind == TAKE_STOCK:
        stock, discard, rng = state.stock, state.discard, state.rng
        if not stock:
            rebuilt = list(discard[:-1])
            rng = _deal_shuffle(rebuilt, state.number, rng)
            stock, discard = tuple(rebuilt), discard[-1:]
        return replace(
            state, stock=stock[1:], discard=discard, rng=rng, drawn=stock[0], drawn_from="stock"
        )
    if kind == TAKE_DISCARD:
        return replace(
            state, discard=state.discard[:-1], drawn=state.discard[-1], drawn_from="discard"
        )
    if kind == KNOCK:
        return _end_turn(
            state, seat, state.grids, state.up, state.discard, finisher=seat, knocked=True
        )
    slot = rules.slot(action.row, action.column)
    drawn = state.drawn
    assert drawn is not None
    bit = 1 << slot
    up = list(state.up)
    up[seat] |= bit
    if kind == REPLACE:
        grid = list(state.grids[seat])
        old = grid[slot]
        grid[slot] = drawn
        grids = list(state.grids)
        grids[seat] = tuple(grid)
        return _end_turn(state, seat, tuple(grids), tuple(up), (*state.discard, old))
    return _end_turn(state, seat, state.grids, tuple(up), (*state.discard, drawn))


def _opening_flip(state: State, seat: int, slot: int) -> State:
    bit = 1 << slot
    up, peeked = state.up, state.peeked
    if state.rules.peek:
        p = list(peeked)
        p[seat] |= bit
        peeked = tuple(p)
    else:
        u = list(up)
        u[seat] |= bit
        up = tuple(u)
    to_move: int | None = seat
    phase: Phase = "opening"
    opening = state.rules.opening_cards
    if (up[seat] | peeked[seat]).bit_count() >= opening:
        later = [s for s in state.seats if (up[s] | peeked[s]).bit_count() < opening]
        if later:
            to_move = later[0]
        else:
            to_move, phase = state.seats[0], "turn"
    return replace(state, up=up, peeked=peeked, to_move=to_move, phase=phase)


def _end_turn(
    state: State,
    seat: int,
    grids: tuple[tuple[int, ...], ...],
    up: tuple[int, ...],
    discard: tuple[int, ...],
    finisher: int | None = None,
    knocked: bool = False,
) -> State:
    seats = state.seats
    turns = state.turns + 1
    last_turns = state.last_turns
    if state.finisher is not None:
        finisher, knocked = state.finisher, state.knocked
        last_turns -= 1
    elif finisher is not None or up[seat] == _full(state.rules):
        finisher = seat
        last_turns = len(seats) - 1
    after = replace(
        state,
        grids=grids,
        up=up,
        discard=discard,
        drawn=None,
        drawn_from=None,
        finisher=finisher,
        knocked=knocked,
        last_turns=last_turns,
        turns=turns,
    )
    if (finisher is not None and last_turns <= 0) or turns >= ROUND_LIMIT * len(seats):
        return _end_hole(after)
    i = seats.index(seat) + 1
    return replace(after, to_move=seats[i % len(seats)])


def _end_hole(state: State) -> State:
    """Every card turned up and the hole scored; then the scoreboard, or the game's end."""
    rules = state.rules
    full = _full(rules)
    playing = set(state.seats)
    points: list[int | None] = [
        grid_score(state.grids[s], rules) if s in playing else None for s in range(state.players)
    ]
    f = state.finisher
    if rules.knock and f is not None:
        mine = points[f]
        assert mine is not None
        if any(p is not None and p < mine for s, p in enumerate(points) if s != f):
            points[f] = mine + KNOCK_PENALTY
    scores = (*state.scores, tuple(points))
    ended = replace(
        state,
        up=tuple(full if s in playing else 0 for s in range(state.players)),
        scores=scores,
        to_move=None,
        phase="hole_over",
    )
    lead = leaders(ended)
    if _decided(rules, scores, len(lead)):
        return replace(ended, phase="game_over")
    return ended


def _next_hole(state: State) -> State:
    hole = state.hole + 1
    contenders = leaders(state) if hole > state.rules.holes else ()
    return deal_hole(state.rules, state.players, state.number, hole, state.scores, contenders)


def legal_actions(state: State) -> list[Action]:
    """Every action the player to move may take (``next hole`` between holes)."""
    phase = state.phase
    if phase == "game_over":
        return []
    if phase == "hole_over":
        return [NEXT_HOLE_ACTION]
    rules = state.rules
    seat = state.to_move
    assert seat is not None
    places = rules.places
    if phase == "opening":
        known = state.up[seat] | state.peeked[seat]
        return [Action(FLIP, r, c) for s, (r, c) in enumerate(places) if not known >> s & 1]
    if state.drawn is None:
        out = []
        if state.stock or len(state.discard) > 1:
            out.append(TAKE_STOCK_ACTION)
        out.append(TAKE_DISCARD_ACTION)
        if rules.knock and state.finisher is None:
            out.append(KNOCK_ACTION)
        return out
    out = [Action(REPLACE, r, c) for r, c in places]
    if state.drawn_from == "stock":
        up = state.up[seat]
        out.extend(Action(DISCARD_FLIP, r, c) for s, (r, c) in enumerate(places) if not up >> s & 1)
    return out


class Refusal(play.Refusal[Action, Reason]):
    """An action that was not taken, and why."""

    said = MESSAGES


class Match:
    """A game being played: the state, the log of accepted actions, the code.

    The screens drive a match with :meth:`apply`; a replay is made from its log.
    """

    def __init__(self, start: State) -> None:
        self.start = start
        self.state = start
        self.log: list[Action] = []

    @classmethod
    def new(cls, number: int, players: int, rules: SixRules = STANDARD) -> Match:
        return cls(new_game(number, players, rules))

    @classmethod
    def from_code(cls, text: str) -> Match:
        return cls(from_code(text))

    @property
    def code(self) -> str:
        return self.start.code

    def refusal(self, action: Action) -> Reason | None:
        return refusal(self.state, action)

    def apply(self, action: Action) -> Refusal | None:
        """Take ``action`` if the rules allow it; otherwise change nothing and say why."""
        try:
            self.state = apply(self.state, action)
        except Refused as refused:
            return Refusal(action, refused.reason)
        self.log.append(action)
        return None

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)
