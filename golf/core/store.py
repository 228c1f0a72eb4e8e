"""The versioned JSON documents of version 0.1.0's data folder (statistics, high scores, the
saved round, the games in progress), read once when that folder is imported into the journal of
play (``golf.journal.legacy``); and :class:`StoreNotice`, what the player is told of a file.

A document's body starts with a ``version`` field; an older version is upgraded step by step
(``Document.upgrades``). Reading is strict: UTF-8 only, at most :data:`MAX_BYTES`, no duplicate
keys, no ``NaN``, nesting too deep refused, every value checked (``expect_*``). Nothing here
writes a file, reads the environment or the clock.
"""

from __future__ import annotations

import errno as errnos
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, Generic, Literal, NoReturn, TypeVar

from golf.core.translations import text
from golf.core.version import PROGRAM_KEY, stamp

log = logging.getLogger(__name__)

MAX_BYTES: Final = 1_000_000
"""No document the game writes comes near this; a larger file is not read at all."""

T = TypeVar("T")
Data = dict[str, Any]
NoticeKind = Literal["corrupt", "future", "unreadable", "unwritable", "busy"]


class FormatError(ValueError):
    """A document whose content is not what its version says (raised by readers and upgrades)."""


def fail(where: str, what: str) -> NoReturn:
    """Raise :class:`FormatError` naming the place in the document and what was expected."""
    raise FormatError(f"{where}: {what}" if where else what)


# --- checks shared by the documents' readers -----------------------------------------------------


def expect_mapping(value: object, where: str, keys: tuple[str, ...] | None = None) -> Data:
    """A JSON object; with ``keys``, exactly those keys (none missing, none unknown)."""
    if not isinstance(value, dict):
        fail(where, "expected an object")
    if keys is not None:
        missing = [k for k in keys if k not in value]
        unknown = sorted(k for k in value if k not in keys)
        if missing:
            fail(where, f"missing {', '.join(missing)}")
        if unknown:
            fail(where, f"unknown key {unknown[0]!r}")
    return value


def expect_int(value: object, where: str, low: int, high: int) -> int:
    """An integer (not a boolean) in ``low..high``."""
    if not isinstance(value, int) or isinstance(value, bool):
        fail(where, "expected a whole number")
    if not low <= value <= high:
        fail(where, f"expected {low} to {high}, not {value}")
    return value


def expect_optional_int(value: object, where: str, low: int, high: int) -> int | None:
    return None if value is None else expect_int(value, where, low, high)


def expect_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        fail(where, "expected true or false")
    return value


def expect_str(value: object, where: str, max_len: int) -> str:
    if not isinstance(value, str):
        fail(where, "expected text")
    if len(value) > max_len:
        fail(where, f"text longer than {max_len} characters")
    return value


def expect_list(value: object, where: str, max_len: int) -> list[Any]:
    if not isinstance(value, list):
        fail(where, "expected a list")
    if len(value) > max_len:
        fail(where, f"more than {max_len} items")
    return value


# --- documents -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Document(Generic[T]):
    """How one kind of file is named, read, written and upgraded.

    ``read`` turns the body of a file at the current ``version`` into a value (raising
    :class:`FormatError`, ``ValueError`` or ``TypeError`` when it cannot); ``write`` is its
    inverse. ``upgrades[n]`` turns a body of version ``n`` into one of version ``n + 1``.
    ``label`` is the catalogue key of the file's name for the player ("the {label} file").

    """

    name: str
    version: int
    label: str
    default: Callable[[], T]
    read: Callable[[Data], T]
    write: Callable[[T], Data]
    upgrades: Mapping[int, Callable[[Data], Data]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        missing = [n for n in range(1, self.version) if n not in self.upgrades]
        if missing:
            raise ValueError(f"{self.name}: no upgrade from version {missing[0]}")
        if "/" in self.name or "\\" in self.name or self.name.startswith("."):
            raise ValueError(f"{self.name!r} is not a plain file name")

    def from_data(self, data: object) -> tuple[T, int]:
        """The value of a whole parsed file, upgraded; and the version the file had."""
        body = expect_mapping(data, "")
        if "version" not in body:
            fail("", "no version field")
        version = body["version"]
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            fail("version", "expected a whole number from 1")
        if version > self.version:
            raise FutureVersionError(version)
        body = {k: v for k, v in body.items() if k not in ("version", PROGRAM_KEY)}
        for n in range(version, self.version):
            body = self.upgrades[n](body)
        return self.read(body), version

    def to_text(self, value: T) -> str:
        """The file's text: ``version`` first, ``program`` (which program wrote it; readers
        ignore it), then the body."""
        body = self.write(value)
        # Compact: the files are the game's, and the size cap must hold for the largest history.
        text = json.dumps(
            {"version": self.version, PROGRAM_KEY: stamp(), **body},
            ensure_ascii=False,
            separators=(",", ":"),
        )
        return text + "\n"


class FutureVersionError(FormatError):
    """A file written by a newer version of the game."""

    def __init__(self, version: int) -> None:
        super().__init__(f"version {version} is newer than this game reads")
        self.version = version


# --- what the player is told ---------------------------------------------------------------------

_REASONS: Final[Mapping[int, str]] = MappingProxyType(
    {
        number: key
        for name, key in (
            ("EACCES", "oserror.permission"),
            ("EPERM", "oserror.permission"),
            ("ENOSPC", "oserror.no_space"),
            ("EDQUOT", "oserror.no_space"),
            ("EROFS", "oserror.read_only"),
            ("EISDIR", "oserror.is_directory"),
            ("ENOTDIR", "oserror.not_directory"),
            ("ENAMETOOLONG", "oserror.name_too_long"),
        )
        if (number := getattr(errnos, name, None)) is not None
    }
)
"""The system's common reasons a file cannot be read or written, as catalogue keys: the
player reads them in their language; any other reason is shown as the system gives it."""


def reason(lang: str, error_no: int | None, detail: str) -> str:
    """Why a file could not be read or written, in ``lang``: the catalogue's short text for a
    common system error (``error_no``), else ``detail`` as the system said it."""
    key = _REASONS.get(error_no) if error_no is not None else None
    return text(lang, key) if key is not None else detail


@dataclass(frozen=True)
class StoreNotice:
    """Something the player should be told about a file.

    ``kind``: ``corrupt`` (unreadable content), ``future`` (a newer format), ``unreadable``
    (the file could not be opened, or is not a regular file), ``unwritable`` (saving failed),
    ``busy`` (another copy of the game owns the folder; ``detail`` is its pid). ``kept_as`` is
    the name the file was moved to, if it was (for ``unreadable``: the pending file where what
    is new is kept). ``detail`` is the technical reason, for the log.
    """

    kind: NoticeKind
    file: str
    label: str
    """The catalogue key of the file's name for the player (``store.label.…``)."""
    kept_as: str | None = None
    moved: bool = True
    """False when the file was deliberately left in place (a read-only load)."""
    detail: str = ""
    error_no: int | None = None
    """The system's error number behind ``detail``, when there was one: a common one is told
    in the player's language (:func:`reason`)."""

    def text(self, lang: str = "en") -> str:
        """What happened, in ``lang``: the catalogues' ``store.<kind>`` and what became of it."""
        label = text(lang, self.label) if self.label else ""
        if self.kind in ("corrupt", "future"):
            out = text(lang, f"store.{self.kind}", label=label, file=self.file)
            if not self.moved:
                return out + text(lang, "store.left")
            if self.kept_as is not None:
                return out + text(lang, "store.kept", kept=self.kept_as)
            return out + text(lang, "store.not_kept")
        error = reason(lang, self.error_no, self.detail)
        out = text(lang, f"store.{self.kind}", label=label, file=self.file, error=error)
        if self.kind == "unreadable" and self.kept_as is not None:
            out += text(lang, "store.pending", kept=self.kept_as)
        return out


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """A document's value, with the notice to show (None when all went well)."""

    value: T
    notice: StoreNotice | None = None
    upgraded_from: int | None = None
    """The older version the file had, when it was upgraded on reading."""


# --- parsing -------------------------------------------------------------------------------------


def _object(pairs: list[tuple[str, Any]]) -> Data:
    out: Data = {}
    for key, value in pairs:
        if key in out:
            raise FormatError(f"duplicate key {key!r}")
        out[key] = value
    return out


def _no_constant(name: str) -> NoReturn:
    raise FormatError(f"{name} is not a number")


def parse_json(raw: bytes) -> object:
    """Strict JSON: UTF-8, no duplicate keys, no NaN/Infinity; raises ``ValueError``."""
    if len(raw) > MAX_BYTES:
        raise FormatError(f"larger than {MAX_BYTES} bytes")
    text = raw.decode("utf-8")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_no_constant)
    except RecursionError:
        raise FormatError("nested too deeply") from None
