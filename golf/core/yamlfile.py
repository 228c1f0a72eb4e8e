"""The game's YAML files, read and written safely: the replay readers' common ground.

Reading goes to the node tree only (the C safe loader when PyYAML has it), refuses aliases
before anything is built from them, and checks every value by hand (types, bounds, the YAML 1.1
surprises such as ``no`` or ``1:30``), so that any error names the file, the place in it and
what was expected — said in any language (:meth:`ReplayError.said`: each message is kept as
:class:`~golf.core.translations.Words`, the ``replay.error.*`` keys). Writing uses the safe
dumper, short lists and single actions on one line.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final, NoReturn

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from golf.core.fileio import read_bounded
from golf.core.messages import one_line
from golf.core.translations import SOURCE_LANGUAGE, Said, Words, text

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


Message = str | Words
"""What a reader says is wrong: words in any language, or a text (another module's English, or
a library's) said as it is."""


@dataclass(frozen=True)
class OneOf:
    """Choices as a message lists them, ``a or b or c``, in each language."""

    choices: tuple[str, ...]

    def text(self, lang: str = SOURCE_LANGUAGE) -> str:
        return text(lang, "replay.or").join(self.choices)


class ReplayError(ValueError):
    """A replay file that cannot be used: names the file, the place in it and what was expected.

    ``str()`` is English; :meth:`said` gives the place and what in a language (all in English
    when the message is a text rather than words)."""

    def __init__(self, name: str, path: str, what: Message, line: int | None = None) -> None:
        self.name = name
        self.path = path
        self.line = line
        self.words = what if isinstance(what, Words) else None
        self.what = what.text() if isinstance(what, Words) else what
        place = self.place(SOURCE_LANGUAGE)
        super().__init__(f"{name}: {place}: {self.what}" if place else f"{name}: {self.what}")

    def place(self, lang: str) -> str:
        """Where in the file, in ``lang``: ``rules (line 2)``, ``line 1``, or nothing."""
        if self.line is None:
            return self.path
        if self.path:
            return text(lang, "replay.place.path_line", path=self.path, line=self.line)
        return text(lang, "replay.place.line", line=self.line)

    def said(self, lang: str) -> str:
        """The place and what is wrong, without the file's name, in ``lang``."""
        if self.words is None:
            lang, what = SOURCE_LANGUAGE, self.what
        else:
            what = self.words.text(lang)
        place = self.place(lang)
        return text(lang, "replay.error.at", place=place, what=what) if place else what


def compose(text: str, name: str, empty: Message) -> Node:
    """The YAML node tree, with aliases refused before anything is built from them; ``empty``
    says what an empty file lacks."""
    try:
        if "*" in text:  # an alias needs a '*': scan the events for one
            for event in yaml.parse(text, Loader=Loader):
                if isinstance(event, yaml.AliasEvent):
                    line = event.start_mark.line + 1 if event.start_mark else None
                    raise ReplayError(name, "", Words.of("replay.error.alias"), line)
        node = yaml.compose(text, Loader=Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = e.problem or e.context or "error"
        words = Words.of("replay.error.yaml", problem=one_line(problem))
        raise ReplayError(name, "", words, line) from None
    except yaml.YAMLError as e:  # libyaml's reader spans two lines: every error is one
        raise ReplayError(
            name, "", Words.of("replay.error.yaml", problem=one_line(str(e)))
        ) from None
    except RecursionError:
        raise ReplayError(name, "", Words.of("replay.error.yaml_deep")) from None
    if node is None:
        raise ReplayError(name, "", empty)
    return node


def line_of(node: Node) -> int | None:
    mark = node.start_mark
    return mark.line + 1 if mark is not None else None


def shown(node: Node) -> str | Words:
    """What a node is, as a message shows it: a mapping, a list, nothing, or its value."""
    if isinstance(node, MappingNode):
        return Words.of("replay.shown.mapping")
    if isinstance(node, SequenceNode):
        return Words.of("replay.shown.list")
    value = str(node.value)
    if node.tag == T + "null":
        return Words.of("replay.shown.nothing")
    return repr(value if len(value) <= 60 else value[:57] + "...")


def yaml_reading(node: ScalarNode) -> Words | None:
    """How YAML 1.1 reads a plain scalar that was meant as something else."""
    try:
        value = yaml.safe_load(node.value)
    except yaml.YAMLError:  # pragma: no cover - a scalar that composed always loads
        return None
    if isinstance(value, bool):
        return Words.of("replay.yaml.reads", value=node.value, read=str(value).lower())
    if node.tag == T + "null":
        return Words.of("replay.yaml.null")
    return Words.of("replay.yaml.reads_11", value=node.value, read=repr(value))


def read_text(path: str | os.PathLike[str], max_bytes: int) -> str:
    """The text of a file of at most ``max_bytes`` bytes, checked before it is all read."""
    p = Path(path)
    name = str(path)
    try:
        size = p.stat().st_size
        if size > max_bytes and p.is_file():
            words = Words.of("replay.error.file_size", size=f"{size:,}", most=f"{max_bytes:,}")
            raise ReplayError(name, "", words)
        # a regular file only, opened without blocking: a FIFO never hangs the reader
        raw = read_bounded(p, max_bytes)
    except OSError as e:
        words = Words.of("replay.error.cannot_read", reason=e.strerror or e)
        raise ReplayError(name, "", words) from None
    if len(raw) > max_bytes:
        raise ReplayError(name, "", Words.of("replay.error.file_more", most=f"{max_bytes:,}"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ReplayError(name, "", Words.of("replay.error.not_utf8", byte=e.start + 1)) from None


def dump_yaml(data: object) -> str:
    """The YAML text of plain ``data``: keys in their order, card symbols and accents as they
    are, long texts never folded."""
    text: str = yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=1_000_000)
    return text


Expected = str | Said
"""What a value should be, as a message says it (``Words``; a text only for a file's own words)."""


def _expected(key: str, /, **fields: object) -> Words:
    return Words.of(f"replay.expected.{key}", **fields)


def _error(key: str, /, **fields: object) -> Words:
    return Words.of(f"replay.error.{key}", **fields)


class NodeReader:
    """Checks a node tree value by value; every failure names the file, the place and what was
    expected. The replay readers build on it."""

    def __init__(self, name: str) -> None:
        self.name = name

    def fail(self, node: Node | None, path: str, what: Message) -> NoReturn:
        raise ReplayError(self.name, path, what, line_of(node) if node is not None else None)

    # scalars

    def _known_tag(self, node: Node, path: str, expected: Expected) -> None:
        if node.tag not in KNOWN_TAGS:
            self.fail(node, path, _error("tag", tag=node.tag, expected=expected))

    def _scalar(self, node: Node, path: str, expected: Expected) -> ScalarNode:
        self._known_tag(node, path, expected)
        if not isinstance(node, ScalarNode):
            self.fail(node, path, _error("expected_got", expected=expected, got=shown(node)))
        return node

    def text(
        self, node: Node, path: str, expected: Expected | None = None, limit: int = MAX_TITLE
    ) -> str:
        expected = _expected("text") if expected is None else expected
        s = self._scalar(node, path, expected)
        if s.tag != STR:
            hint = yaml_reading(s)
            if hint is None:
                self.fail(node, path, _error("expected_got", expected=expected, got=s.value))
            self.fail(
                node, path, _error("expected_got_hint", expected=expected, got=s.value, hint=hint)
            )
        value: str = s.value
        if len(value) > limit:
            self.fail(node, path, _error("text_long", expected=expected, limit=limit))
        if not value.isprintable():
            self.fail(node, path, _error("text_control", expected=expected))
        return value

    def integer(self, node: Node, path: str, low: int, high: int) -> int:
        expected = _expected("whole", low=low, high=high)
        s = self._scalar(node, path, expected)
        if s.tag == T + "int" and _INT_RE.fullmatch(s.value):
            value = int(s.value)
            if not low <= value <= high:
                self.fail(node, path, _error("out_of_range", value=value, expected=expected))
            return value
        if s.tag in (T + "int", T + "float"):
            self.fail(
                node, path, _error("written_plainly", reading=yaml_reading(s), expected=expected)
            )
        self.fail(node, path, _error("expected_got", expected=expected, got=shown(s)))

    def seconds(self, node: Node, path: str) -> float:
        expected = _expected("seconds", most=f"{MAX_TIME:g}")
        s = self._scalar(node, path, expected)
        if s.tag in (T + "int", T + "float") and _NUMBER_RE.fullmatch(s.value):
            value = float(s.value)
            if not (math.isfinite(value) and 0 <= value <= MAX_TIME):
                self.fail(node, path, _error("out_of_range", value=s.value, expected=expected))
            return value
        if s.tag in (T + "int", T + "float"):
            self.fail(node, path, _error("such_as", reading=yaml_reading(s), expected=expected))
        self.fail(node, path, _error("expected_got", expected=expected, got=shown(s)))

    def boolean(self, node: Node, path: str) -> bool:
        expected = _expected("boolean")
        s = self._scalar(node, path, expected)
        if s.tag != T + "bool":
            self.fail(node, path, _error("expected_got", expected=expected, got=shown(s)))
        return str(s.value).lower() in ("true", "yes", "on")

    def choice(self, node: Node, path: str, choices: Sequence[str]) -> str:
        expected = OneOf(tuple(choices))
        value = self.text(node, path, expected)
        if value not in choices:
            self.fail(node, path, _error("not_allowed", value=repr(value), expected=expected))
        return value

    # containers

    def mapping(
        self,
        node: Node,
        path: str,
        allowed: Sequence[str],
        required: Sequence[str] = (),
        what: Expected | None = None,
    ) -> dict[str, Node]:
        what = Words.of("replay.shown.mapping") if what is None else what
        self._known_tag(node, path, what)
        if not isinstance(node, MappingNode):
            self.fail(node, path, _error("expected_got", expected=what, got=shown(node)))
        out: dict[str, Node] = {}
        for key_node, value_node in node.value:
            here = f"{path}." if path else ""
            if not (isinstance(key_node, ScalarNode) and key_node.tag == STR):
                hint = yaml_reading(key_node) if isinstance(key_node, ScalarNode) else None
                expected = ", ".join(allowed)
                if hint is None:
                    words = _error("not_a_name", key=shown(key_node), expected=expected)
                else:
                    words = _error(
                        "not_a_name_hint", key=shown(key_node), hint=hint, expected=expected
                    )
                self.fail(key_node, path, words)
            key: str = key_node.value
            if key in out:
                self.fail(key_node, here + key, _error("twice"))
            if key not in allowed:
                self.fail(
                    key_node,
                    path,
                    _error("unknown_key", key=repr(key), expected=", ".join(allowed)),
                )
            out[key] = value_node
        for key in required:
            if key not in out:
                self.fail(
                    node, path, _error("missing_key", key=repr(key), expected=", ".join(required))
                )
        return out

    def sequence(self, node: Node, path: str, what: Expected, limit: int) -> list[Node]:
        self._known_tag(node, path, what)
        if not isinstance(node, SequenceNode):
            self.fail(node, path, _error("expected_got", expected=what, got=shown(node)))
        items: list[Node] = node.value
        if len(items) > limit:
            self.fail(node, path, _error("too_many", count=f"{len(items):,}", most=f"{limit:,}"))
        return items

    def recorded(self, node: Node) -> str:
        text = self.text(node, "recorded", _expected("iso"), 64)
        try:
            datetime.fromisoformat(text)
        except ValueError:
            self.fail(node, "recorded", _error("not_iso", value=repr(text)))
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
