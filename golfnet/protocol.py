"""The messages of six-card Golf over the network: small JSON objects, versioned, each checked
against its schema on arrival, in both directions (``docs/network.md`` lists them).

Every message is a JSON object ``{"v": 1, "type": ..., ...}``; :func:`decode` returns it only
when its version is known, its type is one of the direction's types, every field it needs is
there with the right form and no other field is present; otherwise it raises
:class:`BadMessage` naming what is wrong (never echoing the message). A seat's view travels as
the fields of :class:`~golf.sixcard.view.SeatView` (its rules once, in the room's message), so
the protocol follows the engine's view without a second list of what a seat may know.
"""

from __future__ import annotations

import dataclasses
import json
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

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
PERSON: Final = "person"
SEAT_KINDS: Final = (PERSON, *LEVELS)
"""What a seat may be when a room is created: a place for a person, or a computer's level."""

Message = dict[str, Any]
Check = Callable[[object], bool]


class BadMessage(ValueError):
    """A message that is not one of the protocol's: says what is wrong, never what was sent."""


def _text(limit: int) -> Check:
    return lambda v: isinstance(v, str) and 0 < len(v) <= limit and v.isprintable()


def _int(low: int, high: int) -> Check:
    return lambda v: type(v) is int and low <= v <= high


def _number(low: float, high: float) -> Check:
    return lambda v: type(v) in (int, float) and low <= v <= high  # type: ignore[operator]


def _bool(v: object) -> bool:
    return type(v) is bool


def _code(v: object) -> bool:
    return isinstance(v, str) and len(v) == CODE_LENGTH and all(c in CODE_LETTERS for c in v)


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
    return code if _code(code) else None


def _token(v: object) -> bool:
    return isinstance(v, str) and 8 <= len(v) <= 64 and v.isascii() and v.isprintable()


def _seat_kinds(v: object) -> bool:
    return (
        isinstance(v, list)
        and MIN_PLAYERS <= len(v) <= MAX_PLAYERS
        and v[0] == PERSON
        and all(k in SEAT_KINDS for k in v)
    )


def _rules(v: object) -> bool:
    """A rule set the engine accepts (the room's; a create's rules are read by the server,
    which says which field is wrong)."""
    try:
        read_rules(v)
    except BadMessage:
        return False
    return True


def _object(v: object) -> bool:
    return isinstance(v, dict)


def _optional(check: Check) -> Check:
    return lambda v: v is None or check(v)


def _list(v: object) -> bool:
    return isinstance(v, list)


_ACTION: Final = _text(24)
_NAME: Final = _text(MAX_NAME)
_SEAT: Final = _int(0, MAX_PLAYERS - 1)

# Each type: its fields, each with its check and whether it must be there.
Schema = Mapping[str, tuple[Check, bool]]
TO_SERVER: Final[Mapping[str, Schema]] = {
    "create": {
        "name": (_NAME, True),
        "seats": (_seat_kinds, True),
        "rules": (_object, False),
        "timer": (_number(0, MAX_TIMER), False),
        "pause": (_number(0, 5), False),
    },
    "join": {"code": (_code, True), "name": (_NAME, True)},
    "rejoin": {"code": (_code, True), "token": (_token, True)},
    "watch": {"code": (_code, True)},
    "ready": {"ready": (_bool, True)},
    "start": {},
    "act": {"action": (_ACTION, True), "at": (_int(0, 1_000_000), True)},
    "leave": {},
    "record": {},
}
"""What a client may send."""

TO_CLIENT: Final[Mapping[str, Schema]] = {
    "welcome": {
        "code": (_code, True),
        "seat": (_optional(_SEAT), True),
        "token": (_optional(_token), True),
    },
    "room": {
        "code": (_code, True),
        "seats": (_list, True),
        "rules": (_rules, True),
        "timer": (_number(0, MAX_TIMER), True),
        "host": (_SEAT, True),
        "started": (_bool, True),
    },
    "update": {
        "at": (_int(0, 1_000_000), True),
        "view": (_object, True),
        "last": (_optional(_object), True),
        "deadline": (_optional(_number(0, MAX_TIMER * 2)), True),
    },
    "refused": {"reason": (_text(40), True), "text": (_text(200), True)},
    "error": {"error": (_text(40), True), "text": (_text(200), True)},
    "over": {"record": (_object, True)},
    "bye": {"reason": (_text(40), True)},
}
"""What the server may send."""


def encode(kind: str, **fields: object) -> str:
    """A message as the compact JSON text sent on the wire."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"))


def decode(data: str | bytes, schema: Mapping[str, Schema], limit: int = MAX_MESSAGE) -> Message:
    """The message in ``data`` if it is one of ``schema``'s; raises :class:`BadMessage`."""
    if not isinstance(data, str):
        raise BadMessage("messages are JSON text, not binary frames")
    if len(data) > limit:
        raise BadMessage(f"a message is at most {limit} characters")
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):
        raise BadMessage("not JSON") from None
    if not isinstance(message, dict):
        raise BadMessage("a message is a JSON object")
    if message.get("v") != VERSION:
        raise BadMessage(f"protocol version {VERSION} expected")
    kind = message.get("type")
    fields = schema.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise BadMessage("unknown message type")
    for name in message:
        if name not in ("v", "type") and name not in fields:
            raise BadMessage(f"{kind}: unexpected field")
    for name, (check, required) in fields.items():
        if name not in message:
            if required:
                raise BadMessage(f"{kind}: {name} is missing")
        elif not check(message[name]):
            raise BadMessage(f"{kind}: {name} is not valid")
    return message


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


def last_for(last: dict[str, object] | None, seat: int | None, opening: bool) -> object:
    """The last action as ``seat`` (None: a spectator) is told it: during the opening, where
    another seat chose stays unsaid (its choice is hidden until everyone has chosen)."""
    if last is None or not opening or last["seat"] == seat:
        return last
    return {**last, "action": str(last["action"]).split()[0]}


# --- the updates of one action, for every seat at once ------------------------------------------

_dumps: Final = json.JSONEncoder(separators=(",", ":")).encode
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
