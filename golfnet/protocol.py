"""The messages of six-card Golf over the network: small JSON objects, versioned, each read into
a typed value on arrival, in both directions (``docs/network.md`` lists them).

Every message is a JSON object ``{"v": 1, "type": ..., ...}`` and, in this program, a frozen
dataclass: :class:`Create`, :class:`Join`, :class:`Rejoin`, :class:`Watch`, :class:`Ready`,
:class:`Start`, :class:`Act`, :class:`Leave` and :class:`Record` from a client
(:data:`TO_SERVER`); :class:`Welcome`, :class:`RoomInfo`, :class:`Update`, :class:`Refused`,
:class:`Error`, :class:`Over` and :class:`Bye` from the server (:data:`TO_CLIENT`).
:func:`decode` returns one of a direction's values only when the version is known, the type is
one of the direction's, every field it needs is there with the right form and no other field is
present; otherwise it raises :class:`BadMessage` naming what is wrong (never echoing the
message). :func:`encode` writes a value as the compact JSON text sent on the wire. Each side
dispatches a value by its class from one table (the server's ``GolfServer.handlers``, the
client's ``Client.takers``). A seat's view travels as the fields of
:class:`~golf.sixcard.view.SeatView` (its rules once, in the room's message), so the protocol
follows the engine's view without a second list of what a seat may know.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import json.scanner
import operator
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, TypeAlias, TypeVar

from golf.core.cards import DECK_SIZE
from golf.sixcard.ai import LEVELS
from golf.sixcard.game import State, lowest_cut
from golf.sixcard.rules import MAX_PLAYERS, MIN_PLAYERS, SixRules
from golf.sixcard.view import SeatView, seat_view

VERSION: Final = 1
MAX_MESSAGE: Final = 4096
"""Largest message a client may send, in bytes (the server's frame limit)."""
MAX_NAME: Final = 24
CODE_LETTERS: Final = "ABCDEFGHJKLMNPRSTUVWXYZ"
"""The letters of a room code: 23, without I, O and Q (read as 1, 0 and O), and no digits."""
CODE_LENGTH: Final = 9
"""A code's letters: 23**9 codes (about 1.8 x 10**12, 40.7 bits), shown and read aloud in
three groups of three (``ABC-DEF-GHJ``); messages carry the nine letters alone."""
CODE_GROUP: Final = 3
MAX_TIMER: Final = 600.0
MAX_AT: Final = 1_000_000
"""The largest action number a message may carry."""
PERSON: Final = "person"
SEAT_KINDS: Final = (PERSON, *LEVELS)
"""What a seat may be when a room is created: a place for a person, or a computer's level."""
PLACES: Final = (PERSON, "open", "computer")
"""What a seat of a room is (the room's message): a person's, open for one, a computer's."""


class BadMessage(ValueError):
    """A message that is not one of the protocol's: says what is wrong, never what was sent."""


# --- reading a field: its value as the message's dataclass holds it, or _BAD -------------------

_BAD: Final = object()
"""What a field's reader returns for a value that is not the field's."""
_ABSENT: Final = object()
Read = Callable[[object], object]


def _check(test: str, **names: object) -> Read:
    """The reader of a field whose value is kept as it is when ``test`` (an expression of
    ``v``, with ``names``) holds. A message's reader writes the test out in its own text
    rather than calling the reader (``_reader``): a call a field is most of what it saves."""
    space: dict[str, object] = {"BAD": _BAD, **names}
    exec(f"def read(v):\n    return v if ({test}) else BAD", space)  # the test above
    read = space["read"]
    read.test, read.names = test, names  # type: ignore[attr-defined]
    return read  # type: ignore[return-value]


def _text(limit: int) -> Read:
    return _check(f"isinstance(v, str) and 0 < len(v) <= {limit} and v.isprintable()")


def _int(low: int, high: int) -> Read:
    return _check(f"type(v) is int and {low} <= v <= {high}")


def _number(low: float, high: float) -> Read:
    return _check(f"type(v) in (int, float) and {low!r} <= v <= {high!r}")


_bool: Final = _check("type(v) is bool")


def _code_ok(v: object) -> bool:
    return isinstance(v, str) and len(v) == CODE_LENGTH and all(c in CODE_LETTERS for c in v)


_code: Final = _check("code_ok(v)", code_ok=_code_ok)


def show_code(code: str) -> str:
    """A room code as people read it: its letters in groups of three, ``ABC-DEF-GHJ``."""
    return "-".join(code[i : i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


def read_code(text: str) -> str | None:
    """The room code a person typed (``ABC-DEF-GHJ``, ``abc def ghj``, ``abcdefghj``: dashes
    and spaces anywhere, either case, ASCII only), as messages carry it; None if it is not one
    (an older server's six-character codes are not)."""
    if not text.isascii():  # "ſ".upper() is "S": letters of other scripts are never read as one
        return None
    code = "".join(text.split()).replace("-", "").upper()
    return code if _code_ok(code) else None


_token: Final = _check(
    "isinstance(v, str) and 8 <= len(v) <= 64 and v.isascii() and v.isprintable()"
)


def _seat_kinds(v: object) -> object:
    ok = (
        isinstance(v, list)
        and MIN_PLAYERS <= len(v) <= MAX_PLAYERS
        and v[0] == PERSON
        and all(k in SEAT_KINDS for k in v)
    )
    return tuple(v) if ok else _BAD  # type: ignore[arg-type]


def _rules(v: object) -> object:
    """A rule set the engine accepts (the room's; a create's rules are read by the server,
    which says which field is wrong): a room's messages all carry the same rules, so the few
    last read are remembered (by their fields' values, which are JSON scalars)."""
    if type(v) is dict:
        key = tuple((name, type(value), value) for name, value in v.items())  # True is not 1
        try:
            return _rules_read(key)
        except TypeError:  # a value that is not a scalar: not a rule set's
            return _BAD
    return _BAD


@functools.lru_cache(maxsize=8)
def _rules_read(items: tuple[tuple[str, type, object], ...]) -> object:
    try:
        return read_rules({name: value for name, _type, value in items})
    except BadMessage:
        return _BAD


_object: Final = _check("isinstance(v, dict)")


def _optional(read: Read) -> Read:
    """``read``, or None."""
    return _check(f"v is None or ({read.test})", **read.names)  # type: ignore[attr-defined]


_ACTION: Final = _text(24)
_NAME: Final = _text(MAX_NAME)
_SEAT: Final = _int(0, MAX_PLAYERS - 1)
_AT: Final = _int(0, MAX_AT)


def _wire(
    read: Read | str, absent: bool = False, write: Callable[[Any], object] | str | None = None
) -> dict[str, object]:
    """A message field's metadata: its reader; ``absent``: it may be left out (its default,
    None, is then left out when written); ``write``: how its value is written as JSON data
    (else as it is). A reader or writer defined below the classes is named (a function of
    this module)."""
    return {"read": read, "absent": absent, "write": write}


class _Fields:
    """What every message is: a value with its wire ``TYPE``."""

    __slots__ = ()
    TYPE: ClassVar[str]


# --- what a client sends -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Create(_Fields):
    """Make a room and sit at its first seat: the seats (a person's place or a computer's
    level, the creator's first), and optionally rules (a rule left out is a new game's), the
    turn timer and the computers' pause, in seconds."""

    TYPE: ClassVar[str] = "create"
    name: str = field(metadata=_wire(_NAME))
    seats: tuple[str, ...] = field(metadata=_wire(_seat_kinds))
    rules: dict[str, Any] | None = field(default=None, metadata=_wire(_object, absent=True))
    timer: float | None = field(default=None, metadata=_wire(_number(0, MAX_TIMER), absent=True))
    pause: float | None = field(default=None, metadata=_wire(_number(0, 5), absent=True))


@dataclass(frozen=True, slots=True)
class Join(_Fields):
    """Take an open seat of the room ``code``."""

    TYPE: ClassVar[str] = "join"
    code: str = field(metadata=_wire(_code))
    name: str = field(metadata=_wire(_NAME))


@dataclass(frozen=True, slots=True)
class Rejoin(_Fields):
    """Come back to one's seat with its token."""

    TYPE: ClassVar[str] = "rejoin"
    code: str = field(metadata=_wire(_code))
    token: str = field(metadata=_wire(_token))


@dataclass(frozen=True, slots=True)
class Watch(_Fields):
    """Watch the room ``code`` (a spectator: the public view)."""

    TYPE: ClassVar[str] = "watch"
    code: str = field(metadata=_wire(_code))


@dataclass(frozen=True, slots=True)
class Ready(_Fields):
    """Say one is ready (or not) for the game to start."""

    TYPE: ClassVar[str] = "ready"
    ready: bool = field(metadata=_wire(_bool))


@dataclass(frozen=True, slots=True)
class Start(_Fields):
    """The host starts the game."""

    TYPE: ClassVar[str] = "start"


@dataclass(frozen=True, slots=True)
class Act(_Fields):
    """The seat's action, chosen on update number ``at``."""

    TYPE: ClassVar[str] = "act"
    action: str = field(metadata=_wire(_ACTION))
    at: int = field(metadata=_wire(_AT))


@dataclass(frozen=True, slots=True)
class Leave(_Fields):
    """Leave the room (a computer plays the seat to the end)."""

    TYPE: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class Record(_Fields):
    """Ask for the record of play once the game is over."""

    TYPE: ClassVar[str] = "record"


# --- what the server sends -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Welcome(_Fields):
    """The connection has the room ``code``: its seat and token (None for a spectator)."""

    TYPE: ClassVar[str] = "welcome"
    code: str = field(metadata=_wire(_code))
    seat: int | None = field(metadata=_wire(_optional(_SEAT)))
    token: str | None = field(metadata=_wire(_optional(_token)))


@dataclass(frozen=True, slots=True)
class SeatInfo(_Fields):
    """One seat as the room's message shows it."""

    name: str = field(metadata=_wire(_check(f"isinstance(v, str) and len(v) <= {MAX_NAME}")))
    kind: str = field(metadata=_wire(_check("v in PLACES", PLACES=PLACES)))
    level: str = field(metadata=_wire(_check("v in LEVELS", LEVELS=LEVELS)))
    ready: bool = field(metadata=_wire(_bool))
    connected: bool = field(metadata=_wire(_bool))
    gone: bool = field(metadata=_wire(_bool))


@dataclass(frozen=True, slots=True)
class RoomInfo(_Fields):
    """The room as it is now (``type`` ``room``): its seats, rules, turn timer, host, and
    whether the game has started."""

    TYPE: ClassVar[str] = "room"
    code: str = field(metadata=_wire(_code))
    seats: tuple[SeatInfo, ...] = field(metadata=_wire("_seats", write="_write_seats"))
    rules: SixRules = field(metadata=_wire(_rules, write=SixRules.to_dict))
    timer: float = field(metadata=_wire(_number(0, MAX_TIMER)))
    host: int = field(metadata=_wire(_SEAT))
    started: bool = field(metadata=_wire(_bool))


@dataclass(frozen=True, slots=True)
class Last(_Fields):
    """The action an update follows, as its receiver is told it: the seat that took it, the
    action (another seat's opening choice as ``flip`` alone), whether it was automatic."""

    seat: int | None = field(metadata=_wire(_optional(_SEAT)))
    action: str = field(metadata=_wire(_ACTION))
    auto: bool = field(metadata=_wire(_bool))


@dataclass(frozen=True, slots=True)
class Update(_Fields):
    """The state after action number ``at``, as the receiver may see it (a seat's view's
    fields, or the public view), the action that led to it, and the seconds before the next
    automatic move (None: none is due)."""

    TYPE: ClassVar[str] = "update"
    at: int = field(metadata=_wire(_AT))
    view: dict[str, Any] = field(metadata=_wire(_object))
    last: Last | None = field(metadata=_wire("_last", write="_write_last"))
    deadline: float | None = field(metadata=_wire(_optional(_number(0, MAX_TIMER * 2))))


@dataclass(frozen=True, slots=True)
class Refused(_Fields):
    """An action the room did not take: a key (the window's text) and the English words."""

    TYPE: ClassVar[str] = "refused"
    reason: str = field(metadata=_wire(_text(40)))
    text: str = field(metadata=_wire(_text(200)))


@dataclass(frozen=True, slots=True)
class Error(_Fields):
    """A message the server did not take: a key and the English words."""

    TYPE: ClassVar[str] = "error"
    error: str = field(metadata=_wire(_text(40)))
    text: str = field(metadata=_wire(_text(200)))


@dataclass(frozen=True, slots=True)
class Over(_Fields):
    """The game is over: its record of play (``golfnet.client.replay_of`` reads it)."""

    TYPE: ClassVar[str] = "over"
    record: dict[str, Any] = field(metadata=_wire(_object))


@dataclass(frozen=True, slots=True)
class Bye(_Fields):
    """The server closes this connection, and why."""

    TYPE: ClassVar[str] = "bye"
    reason: str = field(metadata=_wire(_text(40)))


ToServer: TypeAlias = Create | Join | Rejoin | Watch | Ready | Start | Act | Leave | Record
ToClient: TypeAlias = Welcome | RoomInfo | Update | Refused | Error | Over | Bye
Message: TypeAlias = ToServer | ToClient
M = TypeVar("M")


class _Shape:
    """How one dataclass is read and written: ``names``, the keys its JSON object may have;
    ``read``, which makes the value from a JSON object's fields (raising :class:`BadMessage`
    naming the first field missing or not valid, ``what`` being the message's type; a nested
    part's returns ``_BAD`` instead); ``write``, its JSON data (a message's with ``v`` and
    ``type``; a field that may be left out is, when it is None)."""

    __slots__ = ("fields", "make", "names", "read", "write")

    def __init__(self, cls: type, what: str, part: bool = False) -> None:
        self.make = cls
        self.fields = dataclasses.fields(cls)
        self.names = frozenset({"v", "type", *(f.name for f in self.fields)})
        self.read: Callable[[Mapping[str, object]], Any] = _reader(cls, self.fields, what, part)
        head = "" if part else f'"v": {VERSION}, "type": {what!r}, '
        self.write: Callable[[Any], dict[str, object]] = _writer(self.fields, head)


# The readers and writers are written out field by field, as ``dataclasses`` writes
# ``__init__``, and a reader fills the frozen value's slots directly: every message a server
# receives and sends goes through one, so they cost no more than the schemas checked before.


def _named(function: object) -> Any:
    return globals()[function] if isinstance(function, str) else function


def _reader(
    cls: type, fields: tuple[dataclasses.Field[Any], ...], what: str, part: bool
) -> Callable[[Mapping[str, object]], Any]:
    names: dict[str, object] = {
        "ABSENT": _ABSENT,
        "BAD": _BAD,
        "BadMessage": BadMessage,
        "new": object.__new__,
        "cls": cls,
    }

    def refuse(why: str) -> str:
        return "return BAD" if part else f"raise BadMessage({f'{what}: {why}'!r})"

    lines = ["def read(data):"]
    for i, f in enumerate(fields):
        read = _named(f.metadata["read"])
        names[f"set{i}"] = cls.__dict__[f.name].__set__  # the slot's own descriptor
        absent = f.metadata["absent"]
        indent = "        " if absent else "    "
        lines += [f"    v = data.get({f.name!r}, ABSENT)", "    if v is ABSENT:"]
        lines += (
            [f"        v{i} = None", "    else:"]
            if absent
            else [f"        {refuse(f'{f.name} is missing')}"]
        )
        test = getattr(read, "test", None)
        if test is not None:  # the test written out, its value kept as it is
            names.update(read.names)
            lines += [
                f"{indent}if not ({test}):",
                f"{indent}    {refuse(f'{f.name} is not valid')}",
            ]
            lines += [f"{indent}v{i} = v"]
        else:
            names[f"read{i}"] = read
            lines += [
                f"{indent}v{i} = read{i}(v)",
                f"{indent}if v{i} is BAD:",
                f"{indent}    {refuse(f'{f.name} is not valid')}",
            ]
    lines.append("    made = new(cls)")
    lines += [f"    set{i}(made, v{i})" for i in range(len(fields))]
    lines.append("    return made")
    exec("\n".join(lines), names)  # the text above, made from the dataclass's fields
    return names["read"]  # type: ignore[return-value]


def _writer(
    fields: tuple[dataclasses.Field[Any], ...], head: str
) -> Callable[[Any], dict[str, object]]:
    names: dict[str, object] = {}
    items = []
    lines = ["def write(m):"]
    for i, f in enumerate(fields):  # in their order: the wire's, as before
        write = _named(f.metadata["write"])
        if write is not None:
            names[f"write{i}"] = write
        value = f"m.{f.name}" if write is None else f"write{i}(m.{f.name})"
        if not f.metadata["absent"]:
            assert len(lines) == 1, "a field that may be left out comes after all the others"
            items.append(f"{f.name!r}: {value}, ")
            continue
        if len(lines) == 1:
            lines.append("    data = {" + head + "".join(items) + "}")
        lines += [f"    if m.{f.name} is not None:", f"        data[{f.name!r}] = {value}"]
    if len(lines) == 1:
        lines.append("    data = {" + head + "".join(items) + "}")
    lines.append("    return data")
    exec("\n".join(lines), names)  # the text above, made from the dataclass's fields
    return names["write"]  # type: ignore[return-value]


_PARTS: Final[dict[type, _Shape]] = {
    cls: _Shape(cls, cls.__name__, part=True) for cls in (SeatInfo, Last)
}
_read_seat: Final = _PARTS[SeatInfo].read
_read_last: Final = _PARTS[Last].read
_SEAT_NAMES: Final = _PARTS[SeatInfo].names
_LAST_NAMES: Final = _PARTS[Last].names


def _seats(v: object) -> object:
    """A room's seats (a JSON list of objects with a seat's fields exactly), or _BAD."""
    if type(v) is not list or not 0 < len(v) <= MAX_PLAYERS:
        return _BAD
    out = tuple(
        _read_seat(s) if type(s) is dict and len(s) == 6 and s.keys() <= _SEAT_NAMES else _BAD
        for s in v
    )
    return _BAD if _BAD in out else out


def _last(v: object) -> object:
    """An update's last action (a JSON object with its fields exactly), None, or _BAD."""
    if v is None:
        return None
    if type(v) is not dict or len(v) != 3 or not v.keys() <= _LAST_NAMES:
        return _BAD
    return _read_last(v)


def _write_last(last: Last | None) -> dict[str, object] | None:
    return None if last is None else _PARTS[Last].write(last)


def _write_seats(seats: tuple[SeatInfo, ...]) -> list[dict[str, object]]:
    write = _PARTS[SeatInfo].write
    return [write(s) for s in seats]


class Direction(Generic[M]):
    """The messages of one direction: each dataclass by its wire type."""

    def __init__(self, *classes: type[M]) -> None:
        self.classes: tuple[type[M], ...] = classes
        self.shapes: dict[str, _Shape] = {c.TYPE: _Shape(c, c.TYPE) for c in classes}  # type: ignore[attr-defined]


TO_SERVER: Final = Direction[ToServer](
    Create, Join, Rejoin, Watch, Ready, Start, Act, Leave, Record
)
"""What a client may send."""
TO_CLIENT: Final = Direction[ToClient](Welcome, RoomInfo, Update, Refused, Error, Over, Bye)
"""What the server may send."""
_WRITE: Final = {s.make: s.write for d in (TO_SERVER, TO_CLIENT) for s in d.shapes.values()}


def encode(message: Message) -> str:
    """A message as the compact JSON text sent on the wire (a field that may be left out is,
    when it is None)."""
    return _dumps(_WRITE[type(message)](message))


def update_text(
    at: int, view: dict[str, Any], last: Mapping[str, Any] | None, deadline: float | None
) -> str:
    """An :class:`Update` as :func:`encode` writes it, from a room's parts (``last`` as
    :func:`last_for` tells it)."""
    told = (
        None if last is None else Last(seat=last["seat"], action=last["action"], auto=last["auto"])
    )
    return encode(Update(at=at, view=view, last=told, deadline=deadline))


def raw_message(kind: str, **fields: object) -> str:
    """JSON text in a message's envelope with any fields at all, unchecked: what tests and
    ``bench/net_attack.py`` send to see the server refuse it."""
    return _dumps({"v": VERSION, "type": kind, **fields})


_dumps: Final = json.JSONEncoder(separators=(",", ":")).encode
_scan: Final = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]
_BLANK: Final = re.compile(r"[ \t\n\r]*")  # json.decoder.WHITESPACE


def _blank(text: str, at: int) -> int:
    """Where the whitespace from ``at`` ends."""
    found = _BLANK.match(text, at)
    return found.end() if found else at


def loads(text: str) -> Any:
    """``json.loads(text)`` for a text (the same values, the same texts refused with a
    ``ValueError``), without its wrapping: the scanner at once, whitespace skipped only
    when there is some (a message has none)."""
    try:
        value, end = _scan(text, 0)
    except StopIteration:  # nothing at the start that is JSON: perhaps whitespace first
        try:
            value, end = _scan(text, _blank(text, 0))
        except StopIteration:
            raise ValueError("not JSON") from None
    if end != len(text) and _blank(text, end) != len(text):
        raise ValueError("extra data after the JSON value")
    return value


def decode(data: str | bytes, direction: Direction[M], limit: int = MAX_MESSAGE) -> M:
    """The message in ``data`` if it is one of ``direction``'s; raises :class:`BadMessage`."""
    if not isinstance(data, str):
        raise BadMessage("messages are JSON text, not binary frames")
    if len(data) > limit:
        raise BadMessage(f"a message is at most {limit} characters")
    try:
        message = loads(data)
    except (ValueError, RecursionError):
        raise BadMessage("not JSON") from None
    if not isinstance(message, dict):
        raise BadMessage("a message is a JSON object")
    version = message.get("v")
    if type(version) is not int or version != VERSION:  # true == 1 and 1.0 == 1 in Python
        raise BadMessage(f"protocol version {VERSION} expected")
    kind = message.get("type")
    shape = direction.shapes.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise BadMessage("unknown message type")
    if not message.keys() <= shape.names:
        raise BadMessage(f"{kind}: unexpected field")
    return shape.read(message)  # type: ignore[no-any-return]


# --- rules and views --------------------------------------------------------------------------

_RULE_KEYS: Final = tuple(SixRules().to_dict())


def read_rules(value: object) -> SixRules:
    """A rule set from its ``to_dict`` form, as the engine checks it; raises
    :class:`BadMessage` naming the first field the engine refuses (never its value)."""
    if not isinstance(value, dict) or not set(value) <= set(_RULE_KEYS):
        raise BadMessage("rules: expected the rule set's fields")
    for name in _RULE_KEYS:
        if name in value:
            try:
                SixRules(**{name: value[name]})
            except (TypeError, ValueError):
                raise BadMessage(f"rules: {name} is not valid") from None
    try:
        return SixRules(**value)
    except (TypeError, ValueError):
        raise BadMessage("rules: not a rule set") from None


_VIEW_FIELDS: Final = tuple(f.name for f in dataclasses.fields(SeatView) if f.name != "rules")


_VIEW_VALUES: Final = operator.attrgetter(*_VIEW_FIELDS)


def view_data(view: SeatView) -> dict[str, object]:
    """A seat's view as JSON data: its fields (tuples as lists), without the rules."""
    return dict(zip(_VIEW_FIELDS, _VIEW_VALUES(view), strict=True))


def _tuples(value: object) -> object:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _cut(data: Mapping[str, object], rules: SixRules) -> bool:
    """Whether a view's ``cut`` is the cut of a game of ``rules``: nothing without the cut
    rule; with it, one card of the 52 for each seat, no two alike, the lowest the first hole's
    dealer."""
    cut, players = data["cut"], data["players"]
    if not rules.cut:
        return cut is None
    if not (
        isinstance(cut, (list, tuple))  # a list from JSON, a tuple from a view in this process
        and type(players) is int
        and len(cut) == players
        and all(type(c) is int and 0 <= c < DECK_SIZE for c in cut)
        and len(set(cut)) == len(cut)
    ):
        return False
    return data["hole"] != 1 or data["dealer"] == lowest_cut(tuple(cut))


def read_view(data: Mapping[str, object], rules: SixRules) -> SeatView:
    """The view a client was sent; raises :class:`BadMessage` when it is not one."""
    if set(data) != set(_VIEW_FIELDS):
        raise BadMessage("view: expected the seat view's fields")
    if not _cut(data, rules):
        raise BadMessage("view: cut is not valid")
    fields = {name: _tuples(data[name]) for name in _VIEW_FIELDS}
    try:
        return SeatView(rules=rules, **fields)  # type: ignore[arg-type]
    except TypeError:
        raise BadMessage("view: not a seat view") from None


def public_view(state: State) -> dict[str, object]:
    """What a spectator may see: what every seat sees (a card shown only when each seat's view
    shows it, a face-up mark only when each seat's view has it), nothing of its own."""
    views = [seat_view(state, s) for s in range(state.players)]
    first = views[0]
    data = view_data(first)
    data["seat"] = None
    data["grids"] = tuple(
        tuple(
            card if all(v.grids[g][i] is not None for v in views) else None
            for i, card in enumerate(grid)
        )
        for g, grid in enumerate(first.grids)
    )
    up = list(first.up)
    for v in views[1:]:
        up = [a & b for a, b in zip(up, v.up, strict=True)]
    data["up"] = tuple(up)
    data["peeked"] = 0
    data["drawn"] = first.drawn if all(v.drawn == first.drawn for v in views) else None
    return data


def last_for(last: dict[str, Any] | None, seat: int | None, opening: bool) -> dict[str, Any] | None:
    """The last action as ``seat`` (None: a spectator) is told it: during the opening, where
    another seat chose stays unsaid (its choice is hidden until everyone has chosen)."""
    if last is None or not opening or last["seat"] == seat:
        return last
    return {**last, "action": str(last["action"]).split()[0]}


# --- the updates of one action, for every seat at once ------------------------------------------

_key: Final = json.encoder.encode_basestring_ascii  # as json.dumps writes keys


def _json(value: object) -> str:
    """A value as JSON text, as :func:`encode` writes it (the scalars without the encoder)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return int.__repr__(value)
    return _dumps(value)


def encode_updates(
    at: int, views: Sequence[Mapping[str, object]], lasts: Sequence[object], deadline: float | None
) -> list[str]:
    """The ``update`` of one action for each of several seats (``views[k]``, told ``lasts[k]``):
    as :func:`encode` writes each one (the same fields and values; only their order differs),
    with the fields every view shares encoded once (the views are built by the caller, one for
    each seat: nothing of one view reaches another's message unless it is equal in both)."""
    first, rest = views[0], views[1:]
    shared: dict[str, object] = {}
    own: list[str] = []
    for name, value in first.items():
        for view in rest:
            other = view[name]
            if other is not value and other != value:  # most fields are the state's own tuples
                own.append(name)
                break
        else:
            shared[name] = value
    head = f'{{"v":{VERSION},"type":"update","at":{_json(at)},"deadline":{_json(deadline)},"view":'
    common = _dumps(shared)[:-1] if shared else "{"
    keys = [_key(name) + ":" for name in own]
    said: dict[int, str] = {}  # each distinct ``last`` object encoded once
    out = []
    for view, last in zip(views, lasts, strict=True):
        parts = [common]
        for name, key in zip(own, keys, strict=True):
            parts.append(("," if len(parts) > 1 or shared else "") + key + _json(view[name]))
        text = said.get(id(last))
        if text is None:
            text = said[id(last)] = _json(last)
        out.append(f'{head}{"".join(parts)}}},"last":{text}}}')
    return out
