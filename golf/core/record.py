"""The record of play both games share: one game as where it starts, its actions with the pause
before each, its clocks, and what it came to.

A *recording* is the code of the game (which names the deal and the rules; a solitaire script
may give an explicit layout instead), the rules, every action taken with the seconds before it,
and the result the recorder saw. It has two forms, written and read here once for both games:

* the **replay file** (YAML, SPEC §5, ``docs/replay-format.md``): ``format`` first, the game's
  own head (code, rules, layout, players, seats), ``title``, ``recorded``, ``program`` (which
  program wrote it: ``golf 0.1.0``; read and ignored), the ``actions`` with
  their times, then the game's own tail (result, checkpoints). :func:`replay_data` writes it,
  :class:`RecordReader` reads it (every error names the file, the place and what was expected),
  :class:`ReplayFiles` takes it from and to text and files (size-capped, written atomically);
* the **autosave** (a JSON :class:`~golf.core.store.Document` in the player's data folder): the
  same recording of a game still in play, rewritten after every action, with its clocks (the
  time since the last action, the play time), the date it started, the name of its replay file,
  the game's own setup (who sits where) and the state its actions lead to, checked on reading.
  :class:`Recording` is its value and :class:`AutosaveKind` its one reader and writer.

Each game brings only what differs: its rules, action tokens, layouts, results and setup
(``golf.solitaire.replay`` / ``golf.journal.kept_solitaire``, ``golf.sixcard.replay`` /
``golf.journal.kept_sixcard``). Nothing here reads a clock: times come from the caller.
"""

from __future__ import annotations

import json
import math
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, Literal, Protocol, TypedDict, TypeVar

from yaml.nodes import MappingNode, Node, ScalarNode

from golf.core.codes import CodeError
from golf.core.fileio import atomic_write_text
from golf.core.store import Data, Document, expect_list, expect_str, fail
from golf.core.translations import Joined, Words
from golf.core.version import PROGRAM_KEY, stamp
from golf.core.yamlfile import (
    MAX_TIME,
    STR,
    FlowMap,
    NodeReader,
    ReplayError,
    compose,
    dump_yaml,
    plain_number,
    read_text,
    shown,
)

__all__ = [
    "FORMAT",
    "MAX_SECONDS",
    "ActionForm",
    "AutosaveKind",
    "Clocks",
    "Difference",
    "Frame",
    "Played",
    "RecordReader",
    "Recording",
    "Replay",
    "ReplayFiles",
    "RuleSet",
    "clock_seconds",
    "millis",
    "replay_data",
    "rules_differ",
    "saved_times",
]

FORMAT: Final = 1
"""The replay files' format version (both games)."""
MAX_BYTES: Final = 1_000_000
"""No replay file is read past this size."""
MAX_SECONDS: Final = 10.0 * 365 * 24 * 3600
"""The longest play-time clock an autosave may hold (ten years of seconds)."""

A = TypeVar("A")  # an action of the game
St = TypeVar("St")  # what playing the actions gives (a game, a state)
S = TypeVar("S", bound="Recording[Any]")  # a game's autosave value
R = TypeVar("R")  # a game's replay
C = TypeVar("C")  # a game's code
W = TypeVar("W")  # a game's refusal of an action

# --- times -------------------------------------------------------------------------------------


def millis(times: Sequence[float | None] | None, count: int) -> tuple[float | None, ...]:
    """The pause before each of ``count`` actions kept to the millisecond, as a replay holds
    them (``None``: not recorded; no times at all: the empty tuple)."""
    if times is None:
        return ()
    if len(times) != count:
        raise ValueError(f"{len(times)} times for {count} actions")
    return tuple(None if t is None else round(float(t), 3) for t in times)


def clock_seconds(value: float | None, high: float = MAX_TIME) -> float:
    """A clock reading as the autosave keeps it: to the millisecond, from 0 to ``high``
    (a window left open for days still makes a file the reader takes back)."""
    if value is None or not math.isfinite(value) or value < 0:
        return 0.0
    return round(min(float(value), high), 3)


# --- the replay file: writing ------------------------------------------------------------------


class Replay(Protocol):
    """What every game's replay holds besides its own head and tail."""

    @property
    def actions(self) -> Sequence[object]: ...

    @property
    def times(self) -> Sequence[float | None]: ...

    @property
    def title(self) -> str | None: ...

    @property
    def recorded(self) -> str | None: ...

    @property
    def format(self) -> int: ...


class RuleSet(Protocol):
    """A game's rule set, as its replay file spells it."""

    def to_dict(self) -> dict[str, object]: ...


@dataclass(frozen=True)
class Frame(Generic[A, W]):
    """One action played back: its place (1 for the first), the action, the pause before it
    and the refusal if the rules refused it; a game's frame adds what the game is after it."""

    index: int
    """1 for the first action."""
    action: A
    t: float | None
    refusal: W | None


@dataclass(frozen=True)
class Difference:
    """One thing a replay's actions played again do not give as its file says: a checkpoint's
    or the result's value, or an action refused (or accepted) against the file's word.

    ``text`` is the one line ``verify`` prints; the other fields say the same in parts, for a
    report that shows both values whole: ``kind`` (``action``: an action refused or accepted
    against the file's word; ``checkpoint``: a script's checkpoint; ``result``: the result at
    the end), ``where`` (``action 4 (play 1)``, ``after action 12``, ``at the start``, ``at the
    end (after action 47)``), ``after`` (the action it is found at or after, 0 for the first
    position), ``action`` (that action's token, None at the start), ``what`` (``refusal``,
    ``score``, ``position_en``, ``totals``, ...), ``got`` (what playing gives) and ``expected``
    (what the file says), as text; a refusal's values are its message or ``accepted``.
    ``words``: the same line in any language (:meth:`said`); ``text`` is its English.
    """

    kind: Literal["action", "checkpoint", "result"]
    where: str
    after: int
    action: str | None
    what: str
    got: str
    expected: str
    text: str
    words: Words | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return self.text

    def said(self, lang: str) -> str:
        """The one line in ``lang`` (``text`` when it has no words)."""
        return self.text if self.words is None else self.words.text(lang)


class Played(TypedDict, Generic[A]):
    """The parts of a replay file every game has, read: the actions, the pause before each
    (None: not recorded), the title and the date recorded; a game's replay takes them as
    keywords."""

    actions: tuple[A, ...]
    times: tuple[float | None, ...]
    title: str | None
    recorded: str | None


def replay_data(
    head: Mapping[str, object], replay: Replay, tail: Mapping[str, object] | None = None
) -> dict[str, object]:
    """A replay as plain data in the order the file shows it: ``format``, the game's ``head``,
    ``title``, ``recorded``, ``program`` (the program writing it, ``golf 0.1.0``), the ``actions`` (``{do: action, t: seconds}`` where timed), the
    game's ``tail``."""
    data: dict[str, object] = {"format": replay.format, **head}
    if replay.title is not None:
        data["title"] = replay.title
    if replay.recorded is not None:
        data["recorded"] = replay.recorded
    data[PROGRAM_KEY] = stamp()  # which program wrote the file (readers ignore it)
    data["actions"] = [
        str(a) if t is None else FlowMap(do=str(a), t=plain_number(t))
        for a, t in zip(replay.actions, replay.times, strict=True)
    ]
    data.update(tail or {})
    return data


@dataclass(frozen=True)
class ActionForm(Generic[A]):
    """How a game's replay file spells its actions: ``parse`` reads one token (``ValueError``
    when it is not one), ``text`` says what an action looks like (for the errors), and a file
    holds at most ``limit`` of them."""

    parse: Callable[[str], A]
    text: str | Words
    limit: int


class ReplayFiles(Generic[A, R]):
    """One game's replays to and from text and files: ``to_data`` gives a replay's plain data
    (:func:`replay_data`), ``reader`` (a :class:`RecordReader`, made for each file with its name
    and the game's ``actions``) checks a node tree into a replay; ``empty`` says what an empty
    file lacks. Writing is atomic; reading checks the size first, and every error is a
    :class:`~golf.core.yamlfile.ReplayError`."""

    def __init__(
        self,
        to_data: Callable[[R], dict[str, object]],
        reader: Callable[[str, ActionForm[A]], RecordReader[A, R]],
        actions: ActionForm[A],
        empty: str | Words,
        max_bytes: int = MAX_BYTES,
    ) -> None:
        self.to_data = to_data
        self.reader = reader
        self.actions = actions
        self.empty = empty
        self.max_bytes = max_bytes

    def dump(self, replay: R) -> str:
        """The YAML text of ``replay`` (card symbols and accents as they are)."""
        return dump_yaml(self.to_data(replay))

    def save(self, replay: R, path: str | os.PathLike[str]) -> None:
        """Write ``replay`` to ``path`` atomically (a crash leaves the old file or the new)."""
        atomic_write_text(path, self.dump(replay))

    def loads(self, text: str, name: str = "<replay>") -> R:
        """Read and check replay ``text``; ``name`` is how errors name it."""
        if len(text) > self.max_bytes:
            words = Words.of("replay.error.text_size", most=f"{self.max_bytes:,}")
            raise ReplayError(name, "", words)
        return self.reader(name, self.actions).replay(compose(text, name, self.empty))

    def load(self, path: str | os.PathLike[str]) -> R:
        """Read and check a replay file."""
        return self.loads(read_text(path, self.max_bytes), str(path))


# --- the replay file: reading ------------------------------------------------------------------


def rules_differ(given: Mapping[str, object], said: Mapping[str, object]) -> Joined:
    """How the rules a file gives differ from those its code means, key by key."""
    return Joined(
        tuple(
            Words.of(
                "replay.error.rule_differs",
                key=key,
                given=_plain(given[key]),
                said=_plain(said[key]),
            )
            for key in given
            if said.get(key) != given[key]
        )
    )


def _plain(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


class RecordReader(NodeReader, ABC, Generic[A, R]):
    """Checks a replay's node tree: the parts every game's file has (the top mapping and its
    format, title, recorded date, timed actions); a game's reader adds its own parts
    (:meth:`replay`). ``form`` is how the game spells its actions.
    """

    def __init__(self, name: str, form: ActionForm[A]) -> None:
        super().__init__(name)
        self._form = form
        self._tokens: dict[str, A] = {}

    @abstractmethod
    def replay(self, root: Node) -> R:
        """The game's replay of the file's node tree (``fail`` naming the place when not)."""

    def top(
        self, root: Node, keys: Sequence[str], required: Sequence[str], what: str | Words
    ) -> dict[str, Node]:
        """The top mapping, its ``format`` checked first. Every file may also say which
        ``program`` wrote it (files from before it was written have none): it is checked to be
        a short text, and not kept — a replay's result does not depend on it."""
        top = self.mapping(root, "", (*keys, PROGRAM_KEY), required=required, what=what)
        self.format_version(top["format"])
        if PROGRAM_KEY in top:
            program = Words.of("replay.expected.program")
            self.text(top.pop(PROGRAM_KEY), PROGRAM_KEY, program, 100)
        return top

    def format_version(self, node: Node) -> int:
        value = self.integer(node, "format", 0, 1_000_000)
        if value != FORMAT:
            words = Words.of("replay.error.format", value=value, expected=FORMAT)
            self.fail(node, "format", words)
        return value

    def played(self, top: Mapping[str, Node]) -> Played[A]:
        """The optional ``title`` and ``recorded`` date, then the ``actions`` and their times."""
        title = self.text(top["title"], "title") if "title" in top else None
        recorded = self.recorded(top["recorded"]) if "recorded" in top else None
        actions, times = self.actions(top["actions"])
        return Played(actions=actions, times=times, title=title, recorded=recorded)

    def rule_set(self, node: Node, keys: Sequence[str]) -> dict[str, Node]:
        """The ``rules`` mapping: every key of the game's rule set, and no other."""
        what = Words.of("replay.expected.rule_set")
        return self.mapping(node, "rules", keys, required=keys, what=what)

    def game_code(self, node: Node, parse: Callable[[str], C], example: str | Words) -> C:
        """The ``code``, read by the game's ``parse`` (a :class:`~golf.core.codes.CodeError`
        when it is not one); ``example`` shows one, for the errors."""
        text = self.text(node, "code", example)
        try:
            return parse(text)
        except CodeError as e:
            self.fail(node, "code", Words.of("replay.error.code", error=e))

    def same_rules(self, node: Node, given: RuleSet, code: object, said: RuleSet) -> None:
        """The rules a file gives are those its ``code`` means (``said``), or it fails."""
        if said != given:
            diff = rules_differ(given.to_dict(), said.to_dict())
            self.fail(node, "rules", Words.of("replay.error.rules", code=code, differences=diff))

    def action(self, node: Node, path: str) -> A:
        self._known_tag(node, path, Words.of("replay.expected.action"))
        if not isinstance(node, ScalarNode) or node.tag != STR:
            self.fail(node, path, self._not_an_action(node))
        token: str = node.value
        known = self._tokens.get(token)
        if known is not None:
            return known
        if len(token) <= 40:
            try:
                action = self._tokens[token] = self._form.parse(token)
                return action
            except ValueError:
                pass
        self.fail(node, path, self._not_an_action(node))

    def _not_an_action(self, node: Node) -> Words:
        return Words.of("replay.error.not_action", value=shown(node), form=self._form.text)

    def actions(self, node: Node) -> tuple[tuple[A, ...], tuple[float | None, ...]]:
        """The actions, each a token or ``{do: token, t: seconds}``, and their times."""
        what = Words.of("replay.expected.actions")
        items = self.sequence(node, "actions", what, self._form.limit)
        actions: list[A] = []
        times: list[float | None] = []
        for i, item in enumerate(items):
            where = f"actions[{i}]"
            if isinstance(item, MappingNode):
                m = self.mapping(item, where, ("do", "t"), required=("do",))
                actions.append(self.action(m["do"], f"{where}.do"))
                times.append(self.seconds(m["t"], f"{where}.t") if "t" in m else None)
            else:
                actions.append(self.action(item, where))
                times.append(None)
        return tuple(actions), tuple(times)


# --- the autosave: a recording still in play ---------------------------------------------------


@dataclass(frozen=True)
class Clocks:
    """The clocks of a game in play: seconds since the last action, and the play time."""

    since: float = 0.0
    elapsed: float = 0.0


@dataclass(frozen=True)
class Recording(Generic[A]):
    """A game in play, recorded: its code (the deal and the rules), every action taken (undos
    too) with the pause before each, its clocks, the date it started (ISO text, from the caller)
    and the name of its replay file in the replays folder, once it has one. The autosave holds
    it; Continue puts it back on the table; its replay file is written from the same actions
    and times. ``kind`` names the game."""

    kind: ClassVar[str] = ""

    code: str
    actions: tuple[A, ...]
    times: tuple[float, ...]
    clocks: Clocks = field(default_factory=Clocks)
    started: str = ""
    file: str | None = None
    kept_id: int | None = field(default=None, kw_only=True, compare=False)
    """The game's number in the player's journal, when it was read from there."""

    def __post_init__(self) -> None:
        if len(self.times) != len(self.actions):
            raise ValueError(f"{len(self.times)} times for {len(self.actions)} actions")

    @property
    def since(self) -> float:
        """Seconds since the last action."""
        return self.clocks.since

    @property
    def elapsed(self) -> float:
        """The play-time clock."""
        return self.clocks.elapsed


def saved_times(times: Sequence[float | None], count: int) -> tuple[float, ...]:
    """``count`` pauses for the autosave: each kept by :func:`clock_seconds`, missing ones 0."""
    kept = tuple(clock_seconds(t) for t in times[:count])
    return kept + (0.0,) * (count - len(kept))


_KEYS: Final = ("code", "actions", "times", "check")
_CLOCK_KEYS: Final = ("since", "elapsed", "started", "replay")
"""Written by every game; a six-card file of an earlier version has none of them."""


def _canonical(value: object) -> str:
    """JSON text that tells ``true`` from ``1``, for comparing a check field by field."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _seconds(value: object, where: str, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        fail(where, "expected a number of seconds")
    number = float(value)
    if not math.isfinite(number) or not 0 <= number <= high:
        fail(where, f"expected 0 to {high:g} seconds")
    return number


class AutosaveKind(ABC, Generic[A, St, S]):
    """What one game brings to its autosave: its file, its code and action tokens, how its
    actions are played and checked, and its own setup keys. The reading and writing of the
    document are the same for every game (:meth:`read`, :meth:`write`, :meth:`document`)."""

    name: ClassVar[str]
    """The file in the data folder."""
    label: ClassVar[str]
    """The catalogue key of the file's name as the player is told of it (``store.label.…``)."""
    setup_keys: tuple[str, ...] = ()
    """The game's own keys (who sits where, the pace)."""
    max_actions: int = 10_000
    max_token: int = 40

    def __init__(
        self, check_code: Callable[[str], object], parse_action: Callable[[str], A]
    ) -> None:
        self.check_code = check_code
        """Reads a code; raises ``ValueError`` (the game's code error) when it is not one."""
        self.parse_action = parse_action
        """Reads one action token; ``ValueError`` when it is not one."""

    @abstractmethod
    def play(self, code: str, actions: Sequence[A]) -> St:
        """What the actions make of the code's game; ``ValueError`` naming the first action
        the rules refuse (``actions[i]: ...``)."""

    @abstractmethod
    def check(self, played: St) -> Data:
        """What the saved game must lead to (its position, counters, scores), as plain data."""

    @abstractmethod
    def make(self, saved: Recording[A], setup: Data, played: St) -> S:
        """The game's value from the shared part, its setup and what its actions make."""

    def played(self, value: S) -> St:
        """What ``value``'s actions make (a game may know it without playing them again)."""
        return self.play(value.code, value.actions)

    def read_setup(self, body: Data, code: str) -> Data:
        """The game's own keys, checked (``fail`` naming the place when one is wrong)."""
        return {}

    def write_setup(self, value: S) -> Data:
        """The game's own keys of ``value``."""
        return {}

    # the one reader and writer

    def read(self, body: Data) -> S:
        """The saved game of a document's ``body``; raises ``FormatError`` naming the place."""
        if not isinstance(body, dict):
            fail("", "expected an object")
        keys = (*_KEYS, *_CLOCK_KEYS, *self.setup_keys)
        missing = [k for k in (*_KEYS, *self.setup_keys) if k not in body]
        unknown = sorted(k for k in body if k not in keys)
        if missing:
            fail("", f"missing {', '.join(missing)}")
        if unknown:
            fail("", f"unknown key {unknown[0]!r}")
        code = expect_str(body["code"], "code", 60)
        try:
            self.check_code(code)
        except ValueError as error:
            text = getattr(error, "text", None)
            fail("code", text("en") if callable(text) else str(error))
        setup = self.read_setup(body, code)
        actions = self._actions(body["actions"])
        raw_times = expect_list(body["times"], "times", self.max_actions)
        if len(raw_times) != len(actions):
            fail("times", f"{len(raw_times)} times for {len(actions)} actions")
        times = tuple(_seconds(t, f"times[{i}]", MAX_TIME) for i, t in enumerate(raw_times))
        saved = Recording(
            code,
            actions,
            times,
            Clocks(
                _seconds(body.get("since", 0.0), "since", MAX_TIME),
                _seconds(body.get("elapsed", 0.0), "elapsed", MAX_SECONDS),
            ),
            expect_str(body.get("started", ""), "started", 40),
            self._file(body.get("replay")),
        )
        played = self.play(code, actions)
        self._compare(body["check"], self.check(played))
        return self.make(saved, setup, played)

    def write(self, value: S | None) -> Data:
        """The document's body of ``value`` (an empty autosave is removed, never written)."""
        assert value is not None, "an empty autosave is removed, not written"
        return {
            "code": value.code,
            **self.write_setup(value),
            "actions": [str(a) for a in value.actions],
            "times": list(value.times),
            "since": value.since,
            "elapsed": value.elapsed,
            "started": value.started,
            "replay": value.file,
            "check": self.check(self.played(value)),
        }

    def document(self) -> Document[S | None]:
        """The autosave document: version 1, none when no game is in play."""
        return Document(
            name=self.name,
            version=1,
            label=self.label,
            default=lambda: None,
            read=self.read,
            write=self.write,
        )

    def _actions(self, value: object) -> tuple[A, ...]:
        out: list[A] = []
        for i, token in enumerate(expect_list(value, "actions", self.max_actions)):
            text = expect_str(token, f"actions[{i}]", self.max_token)
            try:
                out.append(self.parse_action(text))
            except ValueError:
                fail(f"actions[{i}]", f"{text!r} is not an action")
        return tuple(out)

    @staticmethod
    def _file(value: object) -> str | None:
        if value is None:
            return None
        name = expect_str(value, "replay", 200)
        if "/" in name or "\\" in name or name.startswith(".") or not name:
            fail("replay", "expected a plain file name")
        return name

    @staticmethod
    def _compare(value: object, want: Data) -> None:
        if not isinstance(value, dict):
            fail("check", "expected an object")
        for key in want:
            if key not in value:
                fail("check", f"missing {key}")
        unknown = sorted(k for k in value if k not in want)
        if unknown:
            fail("check", f"unknown key {unknown[0]!r}")
        for key, wanted in want.items():
            if _canonical(value[key]) != _canonical(wanted):
                fail(f"check.{key}", "the actions do not lead to the saved game")
