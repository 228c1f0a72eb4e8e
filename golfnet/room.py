"""One room of the server: its seats (people with their tokens, computers), the one match played
through the engine, the turn timer, and what each seat is sent.

The room alone holds the state; a seat is sent only the view of that seat
(:func:`~golf.sixcard.view.seat_view`), a spectator only what is public. An action comes with
the seat its connection is bound to and is taken only when that seat is the one to move (or,
between holes, is a person asking for the next hole). A person out of time, gone or dropped has
an automatic move played for them (said in the update); a seat left for good is played by a
computer. The time is passed in (``now``, seconds), so tests step a room without a clock.

A room given a :class:`Keeper` (the server's journal, ``golfnet.journal``) has it write each
change — a seat taken, ready, left or back, the start, each action and the end — before the
room tells anyone of it, so that what a client was told survives the server's end.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from golf.core.deal import MAX_DEAL
from golf.sixcard.actions import NEXT_HOLE_ACTION, Action, canonical
from golf.sixcard.ai import Opponent, make_opponent
from golf.sixcard.game import Match, new_game
from golf.sixcard.rules import NEW_DEFAULTS, SixRules
from golf.sixcard.texts import message
from golf.sixcard.view import every_seat_fields, seat_view
from golf.sixcard.wide import WIDE_DEALS
from golfnet.protocol import (
    PERSON,
    VERSION,
    BadMessage,
    Create,
    Over,
    RoomInfo,
    SeatInfo,
    encode,
    last_for,
    public_view,
    read_rules,
    update_text,
    view_data,
)

OPEN: Final = "open"
COMPUTER: Final = "computer"
STAND_IN: Final = "medium"
"""The level of the computer that plays for a person out of time, gone or dropped."""
GRACE: Final = 30.0
"""Seconds a dropped person has to come back before an automatic move plays their turn."""
BETWEEN_HOLES: Final = 20.0
"""Seconds the scores of a hole stay up at most before the next hole is dealt."""

ERRORS: Final = {
    "full": "every seat of this room is taken",
    "started": "the game has started",
    "not_host": "only the room's host can start the game",
    "not_ready": "every person must be ready first",
    "not_started": "the game has not started",
    "not_your_turn": "it is not your turn",
    "stale": "the game has moved on since that action was chosen",
    "not_over": "the record is sent once the game is over",
    "bad_action": "that is not an action",
}
"""The room's refusals (the window says them in the player's language from the key)."""


def token_digest(token: str) -> str:
    """What a room keeps of a seat's token: its SHA-256 (hex). The token itself is sent once, to
    its person; a random 144-bit token needs no salt, and the digest alone (in the server's
    memory and journal) cannot be turned back into a token that rejoins the seat."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def secret_deal() -> int:
    """A network game's deal: a wide deal number (``golf.sixcard.wide``, about 131 bits) from
    ``secrets``, which no client can find again from the cards it sees; told only at the end,
    in the record of play."""
    return MAX_DEAL + secrets.randbelow(WIDE_DEALS - MAX_DEAL)


@dataclass(frozen=True)
class RoomConfig:
    """What a ``create`` asks for, as the engine accepts it: the seats (a person's place or a
    computer's level, the creator's first), the rules, the turn timer and the computers' pause."""

    seats: tuple[str, ...]
    rules: SixRules
    timer: float = 0.0
    pause: float = 0.6

    @classmethod
    def read(cls, create: Create) -> RoomConfig:
        """The options of a decoded ``create`` message; raises :class:`BadMessage` saying what
        the engine refuses (the fields' forms were checked by the protocol; one left out is
        None)."""
        given = create.rules or {}  # a rule left out is a new game's (the cut, the pair)
        rules = read_rules({**NEW_DEFAULTS, **given})
        seats = create.seats
        try:
            rules.check_new_table(len(seats))
        except ValueError as e:
            raise BadMessage(f"rules: {e}") from None
        timer = 0.0 if create.timer is None else float(create.timer)
        return cls(seats, rules, timer, 0.6 if create.pause is None else float(create.pause))


def _json_text() -> Callable[[object], str]:
    """JSON text as :func:`~golfnet.protocol.encode` writes it, by the C encoder made once
    (``json.dumps`` makes one a call: most of the cost of a small value)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # an interpreter without the C encoder
        return json.JSONEncoder(separators=(",", ":")).encode
    encoder = make(
        None, None, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True
    )
    return lambda value: "".join(encoder(value, 0))


_dumps: Final = _json_text()
_OWN: Final = frozenset(("seat", "grids", "up", "peeked", "drawn"))
"""The fields of a seat's view that may differ from seat to seat (``every_seat_fields``)."""


def _card(card: object) -> str:
    """A card number, or no card, as JSON text (and the view's closing brace)."""
    return "null}" if card is None else f"{card:d}}}"


def seat_updates(
    at: int,
    every: Sequence[Mapping[str, object]],
    seats: Sequence[int],
    lasts: Sequence[object],
    deadline: float | None,
) -> list[str]:
    """The ``update`` of one action for each of ``seats`` (told ``lasts[k]``), from every seat's
    fields as :func:`~golf.sixcard.view.every_seat_fields` makes them: the fields every seat
    shares encoded once, and of each seat's own only what is not the same object as another
    seat's (a grid as its face-up cards show it is one object for all) — so the texts are those
    :func:`~golfnet.protocol.encode` writes, their fields in another order."""
    first = every[0]
    head = (
        f'{{"v":{VERSION},"type":"update","at":{at:d},"deadline":{_dumps(deadline)},"view":'
        + _dumps({name: value for name, value in first.items() if name not in _OWN})[:-1]
    )
    said: dict[int, str] = {}  # by id: every object encoded lives in ``every`` or ``held``
    held = list(lasts)

    def text(value: object) -> str:
        got = said.get(id(value))
        if got is None:
            got = said[id(value)] = _dumps(value)
        return got

    out = []
    for seat, last in zip(seats, held, strict=True):
        own = every[seat]
        grids = ",".join([text(grid) for grid in own["grids"]])  # type: ignore[attr-defined]
        out.append(
            f'{head},"seat":{seat:d},"grids":[{grids}],"up":{text(own["up"])},'
            f'"peeked":{own["peeked"]:d},"drawn":{_card(own["drawn"])},"last":{text(last)}}}'
        )
    return out


class Link(Protocol):
    """Where a seat's or spectator's messages go (a connection; a list in tests)."""

    def send(self, text: str) -> None: ...


class Keeper(Protocol):
    """Where a room's changes are written before anyone is told of them (``golfnet.journal``)."""

    def seat(self, room: Room, seat: int) -> None:
        """The seat as it is now (taken, ready, left, back, opened again)."""

    def started(self, room: Room) -> None:
        """The game has started (every seat as it now is)."""

    def acted(self, room: Room) -> None:
        """The room's last action (``room.last``, its pause ``room.times[-1]``), and the end of
        the game when it is over (it may wait for the end of the loop's pass: ``holding``)."""

    @property
    def holding(self) -> bool:
        """Changes are waiting to be written: whatever a room tells now waits for them."""

    def later(self, link: Link, text: str) -> None:
        """Send ``text`` to ``link`` once the changes waiting are written."""


@dataclass(slots=True)
class Seat:
    """One seat: a place for a person (open until taken), or a computer of a level."""

    kind: str
    name: str = ""
    level: str = STAND_IN
    token: str | None = None
    """The digest of the person's token (:func:`token_digest`), never the token."""
    ready: bool = False
    link: Link | None = None
    gone: bool = False
    """A person who left the game: a computer plays the seat to the end."""

    @property
    def person(self) -> bool:
        return self.kind == PERSON

    def label(self) -> str:
        """What the replay file calls the seat."""
        if self.person and not self.gone:
            return self.name
        return f"{self.name} ({self.level})" if self.name else f"computer ({self.level})"

    def public(self) -> SeatInfo:
        """The seat as the room's message shows it to everyone."""
        return SeatInfo(
            name=self.name,
            kind=self.kind,
            level=self.level,
            ready=self.ready,
            connected=self.link is not None,
            gone=self.gone,
        )


@dataclass(slots=True)
class Room:
    """A room: created with its seats (``person`` or a computer level) and rules."""

    code: str
    rules: SixRules
    kinds: Sequence[str]
    number: int
    seed: int
    timer: float = 0.0
    """Seconds a person has for each action (0: no limit)."""
    pause: float = 0.6
    """Seconds a computer waits before its action (0 at full speed)."""
    make_token: Callable[[], str] = field(default=lambda: secrets.token_urlsafe(18))
    seats: list[Seat] = field(init=False)
    spectators: list[Link] = field(default_factory=list)
    match: Match | None = None
    times: array[float] = field(default_factory=lambda: array("d"))
    """Each action's seconds after the one before (the record of play's times)."""
    since: float = 0.0
    """When the last action was taken (or the game started)."""
    nexts: set[int] = field(default_factory=set)
    opponents: dict[int, Opponent] = field(default_factory=dict)
    last: dict[str, object] | None = None
    keeper: Keeper | None = field(default=None, repr=False, compare=False)
    """Writes each change before it is told (None: the room lives in memory only)."""
    kept: int | None = None
    """The room's row in the keeper's journal."""

    def __post_init__(self) -> None:
        self.seats = [Seat(OPEN) if k == PERSON else Seat(COMPUTER, level=k) for k in self.kinds]

    # --- the lobby --------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.state.over

    def take(self, name: str, link: Link) -> tuple[int, str] | str:
        """Seat a person in the first open seat: (seat, token), or an error key (the caller
        welcomes them, then tells the room)."""
        if self.started:
            return "started"
        for s, seat in enumerate(self.seats):
            if seat.kind == OPEN:
                token = self.make_token()
                digest = token_digest(token)
                self.seats[s] = Seat(PERSON, name=name, token=digest, link=link, ready=s == 0)
                self.keep_seat(s)
                return s, token
        return "full"

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (digests compared in constant time)."""
        found = None
        digest = token_digest(token)
        for s, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, digest):
                found = s
        return found

    def bind(self, seat: int, link: Link, now: float) -> None:
        """A person comes back on a new connection: the seat is theirs again, as it was."""
        self.seats[seat].link = link
        if self.seats[seat].gone:
            self.seats[seat].gone = False
            self.keep_seat(seat)
        self.tell_room()
        if self.match is not None:
            self.tell(link, self.update_for(seat, now))
            if self.over:
                self.tell(link, encode(Over(record=self.record())))

    def watch(self, link: Link, now: float) -> None:
        self.spectators.append(link)
        self.tell(link, self.room_message())
        if self.match is not None:
            self.tell(link, self.update_for(None, now))

    def ready(self, seat: int, flag: bool) -> None:
        if self.seats[seat].ready != flag:
            self.seats[seat].ready = flag
            self.keep_seat(seat)
        self.tell_room()

    def start(self, seat: int, now: float) -> str | None:
        """The host starts the game; open seats become computers. An error key, or None."""
        if self.started:
            return "started"
        if seat != 0:
            return "not_host"
        if not all(s.ready for s in self.seats if s.person):
            return "not_ready"
        for s, seat_ in enumerate(self.seats):
            if seat_.kind == OPEN:
                self.seats[s] = Seat(COMPUTER, level=STAND_IN)
        self.match = Match(new_game(self.number, len(self.seats), self.rules))
        self.since = now
        if self.keeper is not None:
            self.keeper.started(self)
        self.tell_room()
        self.tell_all(now)
        return None

    def leave(self, seat: int, now: float) -> bool:
        """A person leaves: before the start the seat opens again (the host's leaving closes the
        room: True); after it, a computer plays the seat."""
        if not self.started:
            if seat == 0:
                return True
            self.seats[seat] = Seat(OPEN)
        else:
            self.seats[seat].gone = True
            self.seats[seat].link = None
        self.keep_seat(seat)
        self.tell_room()
        return False

    def keep_seat(self, seat: int) -> None:
        if self.keeper is not None:
            self.keeper.seat(self, seat)

    def drop(self, seat: int) -> None:
        """A person's connection is lost: the seat waits for them (the token brings them back)."""
        self.seats[seat].link = None
        self.tell_room()

    def unwatch(self, link: Link) -> None:
        if link in self.spectators:
            self.spectators.remove(link)

    @property
    def empty(self) -> bool:
        """No person is connected and none can come back before the game ends."""
        return all(s.link is None for s in self.seats) and not self.spectators

    # --- play -------------------------------------------------------------------------------

    def movers(self) -> tuple[int, ...]:
        """The seats that may act now: the seat to move, or between holes every person."""
        if self.match is None or self.match.state.over:
            return ()
        state = self.match.state
        if state.to_move is not None:
            return (state.to_move,)
        return tuple(s for s, seat in enumerate(self.seats) if seat.person and not seat.gone)

    def act(self, seat: int, token: str, at: int, now: float) -> tuple[str, str] | None:
        """A seat's action: None when taken, else (reason key, English text)."""
        if self.match is None:
            return "not_started", ERRORS["not_started"]
        if seat not in self.movers():
            return "not_your_turn", ERRORS["not_your_turn"]
        if at != len(self.match.log):
            return "stale", ERRORS["stale"]
        try:
            action = Action.parse(token)
        except ValueError:
            return "bad_action", ERRORS["bad_action"]
        state = self.match.state
        if state.phase == "hole_over" and action == NEXT_HOLE_ACTION:
            self.nexts.add(seat)
            if not self.nexts >= {s for s in self.movers() if self.seats[s].link is not None}:
                return None  # the others are still reading the scores
        refusal = self.match.refusal(action)
        if refusal is not None:
            return refusal.value, message(refusal, "en")
        self.play(seat, action, False, now)
        return None

    def play(self, seat: int | None, action: Action, auto: bool, now: float) -> None:
        """Take an action the rules allow, keep its time and tell every seat."""
        assert self.match is not None
        refused = self.match.apply(canonical(action))  # the log holds one object an action
        assert refused is None, refused
        self.times.append(round(now - self.since, 3))
        self.since = now
        self.nexts.clear()
        self.last = {"seat": seat, "action": str(action), "auto": auto}
        if self.keeper is not None:
            self.keeper.acted(self)  # written before any seat is told
        self.tell_all(now)
        if self.match.state.over:
            text = encode(Over(record=self.record()))
            for link in self.links():
                self.tell(link, text)

    def due(self) -> tuple[float, int | None] | None:
        """When the next automatic action is due (seconds after the last) and for which seat."""
        movers = self.movers()
        if not movers:
            return None
        state = self.match.state if self.match else None
        if state is not None and state.to_move is None:
            waiting = [s for s in movers if self.seats[s].link is not None]
            return (0.0 if not waiting else BETWEEN_HOLES), None
        seat = movers[0]
        s = self.seats[seat]
        if not s.person or s.gone:
            return self.pause, seat
        if s.link is None:
            return min(GRACE, self.timer) if self.timer else GRACE, seat
        return (self.timer, seat) if self.timer else None

    def wake(self, now: float) -> float | None:
        """Play every automatic action due by ``now``; the time of the next one, if any."""
        for _ in range(10_000):
            due = self.due()
            if due is None:
                return None
            wait, seat = due
            if self.since + wait > now:
                return self.since + wait
            # ``auto``: a move played for a person still at the table (out of time, or whose
            # connection is lost); the moves for one who left are a computer's, like a
            # computer seat's (the room says the seat is gone)
            person = seat is not None and self.seats[seat].person and not self.seats[seat].gone
            self.play(seat, self.automatic(seat), person, now)
        return now

    def automatic(self, seat: int | None) -> Action:
        """A computer's choice for the seat (the next hole between holes)."""
        assert self.match is not None
        if seat is None:
            return NEXT_HOLE_ACTION
        level = self.seats[seat].level
        if seat not in self.opponents:
            self.opponents[seat] = make_opponent(level, self.seed * 8 + seat)
        return self.opponents[seat].decide(seat_view(self.match.state, seat))

    # --- what is sent ----------------------------------------------------------------------

    def links(self) -> list[Link]:
        return [s.link for s in self.seats if s.link is not None] + self.spectators

    def room_message(self) -> str:
        return encode(
            RoomInfo(
                code=self.code,
                seats=tuple(s.public() for s in self.seats),
                rules=self.rules,
                timer=self.timer,
                host=0,
                started=self.started,
            )
        )

    def tell(self, link: Link, text: str) -> None:
        """Send ``text`` now, or, while the keeper holds changes not yet written, once they are
        (what a seat is told never runs ahead of the journal, nor of what it was told before)."""
        keeper = self.keeper
        if keeper is not None and keeper.holding:
            keeper.later(link, text)
        else:
            link.send(text)

    def tell_room(self) -> None:
        text = self.room_message()
        for link in self.links():
            self.tell(link, text)

    def deadline(self, now: float) -> float | None:
        due = self.due()
        if due is None:
            return None
        return max(0.0, round(self.since + due[0] - now, 2))

    def update_for(self, seat: int | None, now: float) -> str:
        """The update a seat (None: a spectator) is sent: its own view only."""
        assert self.match is not None
        state = self.match.state
        view = view_data(seat_view(state, seat)) if seat is not None else public_view(state)
        last = last_for(self.last, seat, state.phase == "opening")
        return update_text(len(self.match.log), view, last, self.deadline(now))

    def tell_all(self, now: float) -> None:
        """Send every seat its view of the state and every spectator the public view (the
        parts all of them share encoded once)."""
        assert self.match is not None
        state = self.match.state
        opening = state.phase == "opening"
        seated = [(s, seat.link) for s, seat in enumerate(self.seats) if seat.link is not None]
        at, deadline = len(self.match.log), self.deadline(now)
        if seated:
            lasts = [last_for(self.last, s, opening) for s, _ in seated]
            seats = [s for s, _ in seated]
            texts = seat_updates(at, every_seat_fields(state), seats, lasts, deadline)
            for (_, link), text in zip(seated, texts, strict=True):
                self.tell(link, text)
        if self.spectators:
            last = last_for(self.last, None, opening)
            text = update_text(at, public_view(state), last, deadline)
            for link in self.spectators:
                self.tell(link, text)

    def record(self) -> dict[str, object]:
        """The record of play, from which a client writes a normal six-card replay."""
        assert self.match is not None
        return {
            "code": self.match.code,
            "actions": [str(a) for a in self.match.log],
            "times": list(self.times),
            "seats": [s.label() for s in self.seats],
        }
