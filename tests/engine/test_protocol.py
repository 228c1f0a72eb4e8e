"""The network protocol's messages as typed values (``golfnet.protocol``): each one's wire text
exactly, the decoder that refuses a value of the wrong type in every field of every message
(nested parts too) without echoing it, and the one dispatch table of each side covering every
message of its direction."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golf.sixcard.rules import SixRules
from golfnet.client import Client
from golfnet.protocol import (
    TO_CLIENT,
    TO_SERVER,
    Act,
    BadMessage,
    Bye,
    Create,
    Direction,
    Error,
    Join,
    Last,
    Leave,
    Over,
    Ready,
    Record,
    Refused,
    Rejoin,
    RoomInfo,
    SeatInfo,
    Start,
    Update,
    Watch,
    Welcome,
    decode,
    encode,
    loads,
)
from golfnet.server import GolfServer

CODE = "ABCDEFGHJ"
TOKEN = "k" * 24
SEATS = (
    SeatInfo(name="Ann", kind="person", level="medium", ready=True, connected=True, gone=False),
    SeatInfo(name="", kind="computer", level="hard", ready=True, connected=False, gone=False),
)
VIEW = {"seat": 0, "hole": 1, "grids": [[None, 12]], "drawn": None}
RECORD = {"code": "X", "actions": ["flip 1 1"], "times": [1.5], "seats": ["Ann"]}

EXAMPLES: dict[type, tuple[Any, str]] = {
    Create: (
        Create(name="Ann", seats=("person", "easy"), rules={"cut": True}, timer=30, pause=0.5),
        '{"v":1,"type":"create","name":"Ann","seats":["person","easy"],"rules":{"cut":true},'
        '"timer":30,"pause":0.5}',
    ),
    Join: (Join(code=CODE, name="Bob"), f'{{"v":1,"type":"join","code":"{CODE}","name":"Bob"}}'),
    Rejoin: (
        Rejoin(code=CODE, token=TOKEN),
        f'{{"v":1,"type":"rejoin","code":"{CODE}","token":"{TOKEN}"}}',
    ),
    Watch: (Watch(code=CODE), f'{{"v":1,"type":"watch","code":"{CODE}"}}'),
    Ready: (Ready(ready=True), '{"v":1,"type":"ready","ready":true}'),
    Start: (Start(), '{"v":1,"type":"start"}'),
    Act: (Act(action="replace 1 2", at=17), '{"v":1,"type":"act","action":"replace 1 2","at":17}'),
    Leave: (Leave(), '{"v":1,"type":"leave"}'),
    Record: (Record(), '{"v":1,"type":"record"}'),
    Welcome: (
        Welcome(code=CODE, seat=1, token=TOKEN),
        f'{{"v":1,"type":"welcome","code":"{CODE}","seat":1,"token":"{TOKEN}"}}',
    ),
    RoomInfo: (
        RoomInfo(code=CODE, seats=SEATS, rules=SixRules(), timer=12.5, host=0, started=False),
        f'{{"v":1,"type":"room","code":"{CODE}","seats":[{{"name":"Ann","kind":"person",'
        '"level":"medium","ready":true,"connected":true,"gone":false},{"name":"",'
        '"kind":"computer","level":"hard","ready":true,"connected":false,"gone":false}],'
        f'"rules":{json.dumps(SixRules().to_dict(), separators=(",", ":"))},"timer":12.5,'
        '"host":0,"started":false}',
    ),
    Update: (
        Update(at=3, view=VIEW, last=Last(seat=1, action="take stock", auto=False), deadline=9.5),
        '{"v":1,"type":"update","at":3,"view":{"seat":0,"hole":1,"grids":[[null,12]],'
        '"drawn":null},"last":{"seat":1,"action":"take stock","auto":false},"deadline":9.5}',
    ),
    Refused: (
        Refused(reason="stale", text="too late"),
        '{"v":1,"type":"refused","reason":"stale","text":"too late"}',
    ),
    Error: (
        Error(error="no_room", text="no such room"),
        '{"v":1,"type":"error","error":"no_room","text":"no such room"}',
    ),
    Over: (
        Over(record=RECORD),
        '{"v":1,"type":"over","record":' + json.dumps(RECORD, separators=(",", ":")) + "}",
    ),
    Bye: (Bye(reason="offences"), '{"v":1,"type":"bye","reason":"offences"}'),
}
SECRET = "SECRET-7f3a"
SAMPLES: dict[str, object] = {
    "null": None,
    "bool": True,
    "int": 5,
    "float": 1.5,
    "str": SECRET,
    "list": [SECRET],
    "object": {"x": SECRET},
}
"""A value of each JSON type (a text that must never come back in a refusal)."""


def _direction(cls: type) -> Direction[Any]:
    return TO_SERVER if cls in TO_SERVER.classes else TO_CLIENT


def _json_type(value: object) -> str:
    kinds = {type(None): "null", bool: "bool", int: "int", float: "float", str: "str"}
    return kinds.get(type(value)) or ("list" if isinstance(value, list) else "object")


def _allowed(field: dataclasses.Field[Any], example: object) -> set[str]:
    """The JSON types a field takes: its example's, a number's int or float, null when it is
    said to be (a field that may be left out is absent, never null)."""
    kinds = {_json_type(example)}
    if "float" in str(field.type):
        kinds |= {"int", "float"}
    if "None" in str(field.type) and not field.metadata["absent"]:
        kinds.add("null")
    return kinds


def test_the_examples_cover_every_message_of_both_directions() -> None:
    assert set(EXAMPLES) == set(TO_SERVER.classes) | set(TO_CLIENT.classes)
    assert not set(TO_SERVER.classes) & set(TO_CLIENT.classes)


@pytest.mark.parametrize("cls", list(EXAMPLES), ids=lambda c: c.TYPE)
def test_each_message_is_written_as_its_wire_text_and_read_back_the_same(cls: type) -> None:
    value, text = EXAMPLES[cls]
    assert encode(value) == text  # the wire format, byte for byte
    assert decode(text, _direction(cls), 1 << 20) == value
    assert type(decode(text, _direction(cls), 1 << 20)) is cls


def test_a_field_that_may_be_left_out_is_left_out_and_read_as_none() -> None:
    bare = Create(name="Ann", seats=("person", "person"))
    assert encode(bare) == '{"v":1,"type":"create","name":"Ann","seats":["person","person"]}'
    assert decode(encode(bare), TO_SERVER) == bare
    assert bare.rules is None and bare.timer is None and bare.pause is None


def _fields_of(cls: type) -> list[tuple[str, dataclasses.Field[Any], object]]:
    value = EXAMPLES[cls][0]
    data = json.loads(EXAMPLES[cls][1])
    return [(f.name, f, data[f.name]) for f in dataclasses.fields(value)]


CASES = [
    (cls, name, kind)
    for cls in EXAMPLES
    for name, field, example in _fields_of(cls)
    for kind in SAMPLES
    if kind not in _allowed(field, example)
]


@pytest.mark.parametrize(
    ("cls", "name", "kind"), CASES, ids=[f"{c.TYPE}.{n}={k}" for c, n, k in CASES]
)
def test_a_value_of_the_wrong_type_in_any_field_is_refused_and_not_echoed(
    cls: type, name: str, kind: str
) -> None:
    data = json.loads(EXAMPLES[cls][1])
    data[name] = SAMPLES[kind]
    with pytest.raises(BadMessage) as refused:
        decode(json.dumps(data), _direction(cls), 1 << 20)
    assert str(refused.value) == f"{cls.TYPE}: {name} is not valid"
    assert SECRET not in str(refused.value) and "5" not in str(refused.value)


def test_every_message_field_is_refused_for_some_wrong_type() -> None:
    fields = {(cls, name) for cls in EXAMPLES for name, _f, _e in _fields_of(cls)}
    assert {(cls, name) for cls, name, _kind in CASES} == fields
    assert len(fields) == 32  # 13 from a client, 19 from the server


PARTS = [
    (RoomInfo, "seats", dataclasses.fields(SeatInfo), lambda d: d["seats"][1]),
    (Update, "last", dataclasses.fields(Last), lambda d: d["last"]),
]


@pytest.mark.parametrize(("cls", "outer", "fields", "part"), PARTS, ids=["seat", "last"])
def test_a_wrong_type_in_a_nested_part_refuses_the_whole_message(
    cls: type, outer: str, fields: tuple[dataclasses.Field[Any], ...], part: Any
) -> None:
    text = EXAMPLES[cls][1]
    for field in fields:
        example = part(json.loads(text))[field.name]
        for kind in set(SAMPLES) - _allowed(field, example):
            data = json.loads(text)
            part(data)[field.name] = SAMPLES[kind]
            with pytest.raises(BadMessage, match=f"^{cls.TYPE}: {outer} is not valid$"):
                decode(json.dumps(data), TO_CLIENT, 1 << 20)
        data = json.loads(text)
        del part(data)[field.name]  # a part's fields, all of them and no other
        with pytest.raises(BadMessage, match=f"{outer} is not valid"):
            decode(json.dumps(data), TO_CLIENT, 1 << 20)
    data = json.loads(text)
    part(data)["extra"] = 1
    with pytest.raises(BadMessage, match=f"{outer} is not valid"):
        decode(json.dumps(data), TO_CLIENT, 1 << 20)


@pytest.mark.parametrize("cls", list(EXAMPLES), ids=lambda c: c.TYPE)
def test_a_missing_field_or_one_too_many_is_refused(cls: type) -> None:
    data = json.loads(EXAMPLES[cls][1])
    direction = _direction(cls)
    with pytest.raises(BadMessage, match=f"^{cls.TYPE}: unexpected field$"):
        decode(json.dumps({**data, "extra": 1}), direction, 1 << 20)
    for field in dataclasses.fields(cls):
        if field.metadata["absent"]:
            continue
        left = {k: v for k, v in data.items() if k != field.name}
        with pytest.raises(BadMessage, match=f"^{cls.TYPE}: {field.name} is missing$"):
            decode(json.dumps(left), direction, 1 << 20)


@pytest.mark.parametrize("version", [True, 1.0, "1", 2, 0, None, [1]])
def test_only_the_integer_1_is_the_protocol_s_version(version: object) -> None:
    with pytest.raises(BadMessage, match=r"^protocol version 1 expected$"):
        decode(json.dumps({"v": version, "type": "ready", "ready": True}), TO_SERVER)
    assert decode(json.dumps({"v": 1, "type": "ready", "ready": True}), TO_SERVER)


def test_a_message_of_the_other_direction_is_an_unknown_type() -> None:
    for cls, (_value, text) in EXAMPLES.items():
        other = TO_CLIENT if _direction(cls) is TO_SERVER else TO_SERVER
        if cls.TYPE in other.shapes:  # "record" is both a request and, as "over", its answer
            continue
        with pytest.raises(BadMessage, match=r"^unknown message type$"):
            decode(text, other, 1 << 20)


def test_the_server_dispatches_every_message_a_client_may_send_from_one_table() -> None:
    server = GolfServer()
    assert set(server.handlers) == set(TO_SERVER.classes)


def test_the_client_takes_in_every_message_the_server_may_send_from_one_table() -> None:
    client = Client(None)  # type: ignore[arg-type]
    assert set(client.takers) == set(TO_CLIENT.classes)
    client.take_in(EXAMPLES[Welcome][0])
    client.take_in(EXAMPLES[RoomInfo][0])
    assert (client.code, client.seat, client.token) == (CODE, 1, TOKEN)
    assert client.rules == SixRules() and client.room == EXAMPLES[RoomInfo][0]
    for cls in (Refused, Error, Bye):  # said, nothing kept changes
        client.take_in(EXAMPLES[cls][0])
    client.take_in(EXAMPLES[Over][0])
    assert client.record == RECORD and client.received[-1] == EXAMPLES[Over][0]


JSONISH = st.text(alphabet=' \t\n\r{}[]":,0123456789-+.eEtrufalsn\\xé\ufeff', max_size=24)


@given(
    st.one_of(
        JSONISH,
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=4),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(st.text(max_size=3), inner, max_size=3)
            ),
            max_leaves=8,
        ).map(json.dumps),
    )
)
def test_the_decoder_reads_json_as_json_loads_does(text: str) -> None:
    try:
        expected: object = json.loads(text)
    except ValueError:
        expected = ValueError
    try:
        got: object = loads(text)
    except ValueError:
        got = ValueError
    assert got == expected or (got != got and expected != expected)  # NaN is not itself


def test_a_room_s_rules_are_read_by_value_and_type_each_time() -> None:
    """The rules a room's messages carry are remembered once read: a rule given as 1 where
    the same rule came as true before is still refused."""
    data = json.loads(EXAMPLES[RoomInfo][1])
    assert decode(json.dumps(data), TO_CLIENT, 1 << 20).rules == SixRules()  # remembered
    for name, wrong in (("jokers", 1), ("grid", 6.0), ("holes", True)):
        changed = {**data, "rules": {**data["rules"], name: wrong}}
        with pytest.raises(BadMessage, match=r"^room: rules is not valid$"):
            decode(json.dumps(changed), TO_CLIENT, 1 << 20)
