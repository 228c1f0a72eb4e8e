"""The game's YAML files, read and written safely: the replay readers' common ground.

Reading goes to the node tree only (the C safe loader when PyYAML has it), refuses aliases
before anything is built from them, and checks every value by hand (types, bounds, the YAML 1.1
surprises such as ``no`` or ``1:30``), so that any error names the file, the place in it and
what was expected. Writing uses the safe dumper, short lists and single actions on one line.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Final, NoReturn

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from golf.core.fileio import read_bounded
from golf.core.messages import one_line

T: Final = "tag:yaml.org,2002:"
STR: Final = T + "str"
KNOWN_TAGS: Final = frozenset(
    T + name for name in ("str", "int", "float", "bool", "null", "timestamp", "map", "seq")
)
MAX_TIME: Final = 86_400.0
"""The longest pause between two actions a file may record, in seconds (one day)."""
MAX_TITLE: Final = 200
_INT_RE: Final = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_NUMBER_RE: Final = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")

try:
    Loader: type = yaml.CSafeLoader
except AttributeError:  # PyYAML built without libyaml: the same loader, slower
    Loader = yaml.SafeLoader


class ReplayError(ValueError):
    """A replay file that cannot be used: names the file, the place in it and what was expected."""

    def __init__(self, name: str, path: str, what: str, line: int | None = None) -> None:
        self.name = name
        self.path = path
        self.line = line
        self.what = what
        place = path
        if line is not None:
            place = f"{path} (line {line})" if path else f"line {line}"
        super().__init__(f"{name}: {place}: {what}" if place else f"{name}: {what}")


def compose(text: str, name: str, empty: str) -> Node:
    """The YAML node tree, with aliases refused before anything is built from them; ``empty``
    says what an empty file lacks."""
    try:
        if "*" in text:  # an alias needs a '*': scan the events for one
            for event in yaml.parse(text, Loader=Loader):
                if isinstance(event, yaml.AliasEvent):
                    line = event.start_mark.line + 1 if event.start_mark else None
                    raise ReplayError(
                        name, "", "YAML aliases (*name) are not allowed in replays", line
                    )
        node = yaml.compose(text, Loader=Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = e.problem or e.context or "error"
        raise ReplayError(name, "", f"not valid YAML: {one_line(problem)}", line) from None
    except yaml.YAMLError as e:  # libyaml's reader spans two lines: every error is one
        raise ReplayError(name, "", f"not valid YAML: {one_line(str(e))}") from None
    except RecursionError:
        raise ReplayError(name, "", "not valid YAML: nested too deeply") from None
    if node is None:
        raise ReplayError(name, "", empty)
    return node


def line_of(node: Node) -> int | None:
    mark = node.start_mark
    return mark.line + 1 if mark is not None else None


def shown(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    value = str(node.value)
    if node.tag == T + "null":
        return "nothing"
    return repr(value if len(value) <= 60 else value[:57] + "...")


def yaml_reading(node: ScalarNode) -> str:
    """How YAML 1.1 reads a plain scalar that was meant as something else."""
    try:
        value = yaml.safe_load(node.value)
    except yaml.YAMLError:  # pragma: no cover - a scalar that composed always loads
        return ""
    if isinstance(value, bool):
        return f"YAML reads {node.value} as {str(value).lower()}"
    if node.tag == T + "null":
        return "YAML reads it as nothing (null)"
    return f"YAML 1.1 reads {node.value} as {value!r}"


def read_text(path: str | os.PathLike[str], max_bytes: int) -> str:
    """The text of a file of at most ``max_bytes`` bytes, checked before it is all read."""
    p = Path(path)
    name = str(path)
    try:
        size = p.stat().st_size
        if size > max_bytes and p.is_file():
            raise ReplayError(name, "", f"the file is {size:,} bytes, more than {max_bytes:,}")
        # a regular file only, opened without blocking: a FIFO never hangs the reader
        raw = read_bounded(p, max_bytes)
    except OSError as e:
        raise ReplayError(name, "", f"cannot be read ({e.strerror or e})") from None
    if len(raw) > max_bytes:
        raise ReplayError(name, "", f"the file is more than {max_bytes:,} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ReplayError(name, "", f"not UTF-8 text (byte {e.start + 1})") from None


def dump_yaml(data: object) -> str:
    """The YAML text of plain ``data``: keys in their order, card symbols and accents as they
    are, long texts never folded."""
    text: str = yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=1_000_000)
    return text


class NodeReader:
    """Checks a node tree value by value; every failure names the file, the place and what was
    expected. The replay readers build on it."""

    def __init__(self, name: str) -> None:
        self.name = name

    def fail(self, node: Node | None, path: str, what: str) -> NoReturn:
        raise ReplayError(self.name, path, what, line_of(node) if node is not None else None)

    # scalars

    def _known_tag(self, node: Node, path: str, expected: str) -> None:
        if node.tag not in KNOWN_TAGS:
            self.fail(node, path, f"YAML tag {node.tag} is not allowed (expected {expected})")

    def _scalar(self, node: Node, path: str, expected: str) -> ScalarNode:
        self._known_tag(node, path, expected)
        if not isinstance(node, ScalarNode):
            self.fail(node, path, f"expected {expected}, got {shown(node)}")
        return node

    def text(self, node: Node, path: str, expected: str = "text", limit: int = MAX_TITLE) -> str:
        s = self._scalar(node, path, expected)
        if s.tag != STR:
            hint = yaml_reading(s)
            self.fail(
                node,
                path,
                f"expected {expected}, got {s.value}"
                + (f": {hint}; put it in quotes" if hint else ""),
            )
        value: str = s.value
        if len(value) > limit:
            self.fail(node, path, f"expected {expected} of at most {limit} characters")
        if not value.isprintable():
            self.fail(node, path, f"expected {expected} without control characters")
        return value

    def integer(self, node: Node, path: str, low: int, high: int) -> int:
        expected = f"a whole number from {low} to {high}"
        s = self._scalar(node, path, expected)
        if s.tag == T + "int" and _INT_RE.fullmatch(s.value):
            value = int(s.value)
            if not low <= value <= high:
                self.fail(node, path, f"{value} is out of range (expected {expected})")
            return value
        if s.tag in (T + "int", T + "float"):
            self.fail(node, path, f"{yaml_reading(s)} (expected {expected}, written plainly)")
        self.fail(node, path, f"expected {expected}, got {shown(s)}")

    def seconds(self, node: Node, path: str) -> float:
        expected = f"seconds, a number from 0 to {MAX_TIME:g}"
        s = self._scalar(node, path, expected)
        if s.tag in (T + "int", T + "float") and _NUMBER_RE.fullmatch(s.value):
            value = float(s.value)
            if not (math.isfinite(value) and 0 <= value <= MAX_TIME):
                self.fail(node, path, f"{s.value} is out of range (expected {expected})")
            return value
        if s.tag in (T + "int", T + "float"):
            self.fail(node, path, f"{yaml_reading(s)} (expected {expected}, such as 1.25)")
        self.fail(node, path, f"expected {expected}, got {shown(s)}")

    def boolean(self, node: Node, path: str) -> bool:
        s = self._scalar(node, path, "true or false")
        if s.tag != T + "bool":
            self.fail(node, path, f"expected true or false, got {shown(s)}")
        return str(s.value).lower() in ("true", "yes", "on")

    def choice(self, node: Node, path: str, choices: Sequence[str]) -> str:
        expected = " or ".join(choices)
        value = self.text(node, path, expected)
        if value not in choices:
            self.fail(node, path, f"{value!r} is not allowed (expected {expected})")
        return value

    # containers

    def mapping(
        self,
        node: Node,
        path: str,
        allowed: Sequence[str],
        required: Sequence[str] = (),
        what: str = "a mapping",
    ) -> dict[str, Node]:
        self._known_tag(node, path, what)
        if not isinstance(node, MappingNode):
            self.fail(node, path, f"expected {what}, got {shown(node)}")
        out: dict[str, Node] = {}
        for key_node, value_node in node.value:
            here = f"{path}." if path else ""
            if not (isinstance(key_node, ScalarNode) and key_node.tag == STR):
                what_key = shown(key_node)
                if isinstance(key_node, ScalarNode):
                    hint = yaml_reading(key_node)
                    what_key += f" ({hint})" if hint else ""
                self.fail(
                    key_node, path, f"key {what_key} is not a name (expected {', '.join(allowed)})"
                )
            key: str = key_node.value
            if key in out:
                self.fail(key_node, here + key, "this key appears twice")
            if key not in allowed:
                self.fail(key_node, path, f"unknown key {key!r} (expected {', '.join(allowed)})")
            out[key] = value_node
        for key in required:
            if key not in out:
                self.fail(node, path, f"missing key {key!r} (expected {', '.join(required)})")
        return out

    def sequence(self, node: Node, path: str, what: str, limit: int) -> list[Node]:
        self._known_tag(node, path, what)
        if not isinstance(node, SequenceNode):
            self.fail(node, path, f"expected {what}, got {shown(node)}")
        items: list[Node] = node.value
        if len(items) > limit:
            self.fail(node, path, f"{len(items):,} items, more than {limit:,}")
        return items

    def recorded(self, node: Node) -> str:
        text = self.text(
            node, "recorded", "an ISO date-time in quotes, e.g. '2026-11-30T10:15:00'", 64
        )
        try:
            datetime.fromisoformat(text)
        except ValueError:
            self.fail(
                node, "recorded", f"{text!r} is not an ISO date-time (e.g. '2026-11-30T10:15:00')"
            )
        return text


try:
    _BaseDumper: type[yaml.SafeDumper] = yaml.CSafeDumper  # type: ignore[assignment]
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _BaseDumper = yaml.SafeDumper


class Dumper(_BaseDumper):  # type: ignore[valid-type,misc]
    """The safe dumper, with short lists and single actions written on one line."""


class FlowList(list[object]):
    pass


class FlowMap(dict[str, object]):
    pass


def _flow_list(dumper: yaml.SafeDumper, data: FlowList) -> yaml.Node:
    return dumper.represent_sequence(T + "seq", data, flow_style=True)


def _flow_map(dumper: yaml.SafeDumper, data: FlowMap) -> yaml.Node:
    return dumper.represent_mapping(T + "map", data, flow_style=True)


Dumper.add_representer(FlowList, _flow_list)
Dumper.add_representer(FlowMap, _flow_map)


def plain_number(t: float) -> float | int:
    return int(t) if t.is_integer() else t
