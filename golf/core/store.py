"""Versioned JSON documents in the player's data folder: statistics, high scores, a round in play.

Each document is one file, written atomically (``golf.core.fileio``) with a ``version`` field first.
Reading never fails: a file from an older version is upgraded step by step; a file that is
corrupt, truncated, of the wrong shape, too large or from a *newer* version of the game is kept
aside as ``<name>.corrupt-<n>``, the defaults are used and a :class:`StoreNotice` tells the player
what happened, in English or French. ``docs/rounds-and-stats.md`` says why the files are JSON.

The folder is injected (the game passes the platformdirs user data folder); nothing here reads
the environment or the clock.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Generic, Literal, NoReturn, TypeVar

from golf.core.fileio import atomic_write_text, remove_stale_temporaries
from golf.core.translations import text
from golf.core.version import PROGRAM_KEY, stamp

log = logging.getLogger(__name__)

MAX_BYTES: Final = 1_000_000
"""No document the game writes comes near this; a larger file is not read at all."""

T = TypeVar("T")
Data = dict[str, Any]
NoticeKind = Literal["corrupt", "future", "unreadable", "unwritable"]


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

@dataclass(frozen=True)
class StoreNotice:
    """Something the player should be told about a file.

    ``kind``: ``corrupt`` (unreadable content), ``future`` (a newer format), ``unreadable``
    (the file could not be opened), ``unwritable`` (saving failed). ``kept_as`` is the name
    the file was moved to, if it was. ``detail`` is the technical reason, for the log.
    """

    kind: NoticeKind
    file: str
    label: str
    """The catalogue key of the file's name for the player (``store.label.…``)."""
    kept_as: str | None = None
    moved: bool = True
    """False when the file was deliberately left in place (a read-only load)."""
    detail: str = ""

    def text(self, lang: str = "en") -> str:
        """What happened, in ``lang``: the catalogues' ``store.<kind>`` and what became of it."""
        label = text(lang, self.label)
        if self.kind in ("corrupt", "future"):
            out = text(lang, f"store.{self.kind}", label=label, file=self.file)
            if not self.moved:
                return out + text(lang, "store.left")
            if self.kept_as is not None:
                return out + text(lang, "store.kept", kept=self.kept_as)
            return out + text(lang, "store.not_kept")
        return text(lang, f"store.{self.kind}", label=label, file=self.file, error=self.detail)


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


# --- the store -----------------------------------------------------------------------------------


class Store:
    """The documents of one folder (the user data folder in the game, a temporary one in tests)."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)

    def path(self, document: Document[Any]) -> Path:
        return self.folder / document.name

    def load(self, document: Document[T], *, keep_aside: bool = True) -> Loaded[T]:
        """The saved value, or the default with a notice; never raises for a bad file.

        With ``keep_aside=False`` (the command line), a bad file is reported but not moved.
        """
        path = self.path(document)
        try:
            with path.open("rb") as f:
                raw = f.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return Loaded(document.default())
        except OSError as error:
            log.warning("cannot read %s: %s", path, error)
            detail = error.strerror or type(error).__name__
            return Loaded(
                document.default(),
                StoreNotice("unreadable", document.name, document.label, detail=detail),
            )
        try:
            value, version = document.from_data(parse_json(raw))
        except (ValueError, TypeError, KeyError) as error:
            kind: NoticeKind = "future" if isinstance(error, FutureVersionError) else "corrupt"
            detail = str(error) or type(error).__name__
            log.warning("%s is unusable: %s", path, detail)
            if not keep_aside:
                notice = StoreNotice(
                    kind, document.name, document.label, moved=False, detail=detail
                )
            else:
                notice = StoreNotice(
                    kind, document.name, document.label, self._keep_aside(path), detail=detail
                )
            return Loaded(document.default(), notice)
        upgraded = version if version < document.version else None
        if upgraded is not None:
            log.info("%s upgraded from version %d to %d", path, version, document.version)
        return Loaded(value, None, upgraded)

    def save(self, document: Document[T], value: T) -> None:
        """Write ``value`` atomically, creating the folder; raises ``OSError`` on failure."""
        text = document.to_text(value)
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise ValueError(f"{document.name} would be larger than {MAX_BYTES} bytes")
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.path(document), text)

    def try_save(self, document: Document[T], value: T) -> StoreNotice | None:
        """:meth:`save`, returning a notice for the player instead of raising."""
        try:
            self.save(document, value)
        except (OSError, ValueError) as error:
            log.warning("cannot save %s: %s", self.path(document), error)
            detail = (error.strerror if isinstance(error, OSError) else None) or str(error)
            return StoreNotice("unwritable", document.name, document.label, detail=detail)
        return None

    def remove(self, document: Document[Any]) -> None:
        """Remove the document's file (a game left or finished). No file is fine; a file that
        cannot be removed is logged (a directory in its place is not ours to remove: reading
        it gives the notice)."""
        try:
            self.path(document).unlink()
        except (FileNotFoundError, IsADirectoryError):
            pass
        except OSError as error:
            log.warning("cannot remove %s: %s", self.path(document), error)

    def remove_stale_temporaries(self, document: Document[Any]) -> None:
        """The temporary files of writes of ``document`` cut short by a crash."""
        remove_stale_temporaries(self.path(document))

    def _keep_aside(self, path: Path) -> str | None:
        n = 1
        while path.with_name(f"{path.name}.corrupt-{n}").exists():
            n += 1
        target = path.with_name(f"{path.name}.corrupt-{n}")
        try:
            path.replace(target)
        except OSError as error:
            log.warning("cannot keep %s aside: %s", path, error)
            return None
        return target.name
