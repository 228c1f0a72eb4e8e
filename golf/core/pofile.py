"""Read a gettext ``.po`` catalogue and compile it to the ``.mo`` form that the stdlib
``gettext`` module reads; the project's own small ``msgfmt``, so compiling needs no tool.

It knows the part of the format the project writes: ``#`` comments, ``msgctxt``, ``msgid``,
``msgid_plural``, ``msgstr`` and ``msgstr[N]``, strings continued on the next lines, and the
escapes ``\\n \\t \\" \\\\``. An entry whose every ``msgstr`` is empty is left out of the ``.mo``
(``gettext`` then falls back to the English ``msgid``), as GNU ``msgfmt`` does.
``scripts/compile_catalogues.py`` compiles every shipped catalogue; ``docs/translations.md``
says when.
"""

from __future__ import annotations

import array
import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

__all__ = ["Entry", "PoError", "compile_mo", "parse_po", "read_po"]


_FIELDS: Final = {"msgctxt": "context", "msgid": "msgid", "msgid_plural": "msgid_plural"}


class PoError(ValueError):
    """A ``.po`` text that cannot be read; the message names the line."""


@dataclass
class Entry:
    """One message of a catalogue: context (the key), English text, plural and translations."""

    context: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    line: int = 0

    @property
    def key(self) -> str:
        """The text's key in the project: its ``msgctxt``."""
        return self.context or ""


def _string(text: str, number: int) -> str:
    """The value of one quoted ``.po`` string."""
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"line {number}: expected a quoted string, got {text!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError):
        raise PoError(f"line {number}: a string that cannot be read: {text!r}") from None
    if not isinstance(value, str):
        raise PoError(f"line {number}: expected a string")
    return value


def parse_po(text: str) -> list[Entry]:
    """The entries of a ``.po`` text, in order; the header (empty ``msgid``) is the first."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int] | None = None  # which field a continued string adds to
    started = False

    def close() -> None:
        nonlocal entry, started
        if started:
            entries.append(entry)
        entry, started = Entry(), False

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            close()
            target = None
            continue
        if line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if line.startswith('"'):
            if target is None:
                raise PoError(f"line {number}: a string outside an entry")
            name, index = target
            added = _string(line, number)
            if name == "msgstr":
                entry.msgstr[index] += added
            else:
                setattr(entry, name, (getattr(entry, name) or "") + added)
            continue
        if word == "msgctxt" and started and entry.msgstr:
            close()
        if not started:
            entry.line, started = number, True
        if word in _FIELDS:
            setattr(entry, _FIELDS[word], _string(rest, number))
            target = (_FIELDS[word], 0)
        elif word == "msgstr":
            entry.msgstr[0] = _string(rest, number)
            target = ("msgstr", 0)
        elif word.startswith("msgstr[") and word.endswith("]") and word[7:-1].isdigit():
            index = int(word[7:-1])
            entry.msgstr[index] = _string(rest, number)
            target = ("msgstr", index)
        else:
            raise PoError(f"line {number}: unknown keyword {word!r}")
    close()
    return entries


def read_po(path: Path) -> list[Entry]:
    """The entries of a ``.po`` file (UTF-8)."""
    return parse_po(path.read_text(encoding="utf-8"))


def compile_mo(entries: list[Entry]) -> bytes:
    """The ``.mo`` bytes of these entries (little-endian, UTF-8, sorted as ``msgfmt`` does)."""
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        strings = [entry.msgstr[i] for i in sorted(entry.msgstr)]
        if entry.msgid and not any(strings):
            continue  # untranslated: gettext falls back to the msgid
        key = entry.msgid
        if entry.context is not None:
            key = f"{entry.context}\x04{key}"
        if entry.msgid_plural is not None:
            key = f"{key}\x00{entry.msgid_plural}"
        messages[key.encode("utf-8")] = "\x00".join(strings).encode("utf-8")
    keys = sorted(messages)
    ids = b"".join(k + b"\x00" for k in keys)
    strs = b"".join(messages[k] + b"\x00" for k in keys)
    header_size = 7 * 4
    key_start = header_size + 16 * len(keys)
    value_start = key_start + len(ids)
    offsets: list[int] = []
    at = 0
    for k in keys:
        offsets += [len(k), key_start + at]
        at += len(k) + 1
    at = 0
    for k in keys:
        offsets += [len(messages[k]), value_start + at]
        at += len(messages[k]) + 1
    # magic, revision, count, where the key table starts, the value table, no hash table
    header = array.array(
        "I", [0x950412DE, 0, len(keys), header_size, header_size + 8 * len(keys), 0, 0]
    )
    table = array.array("I", offsets)
    if array.array("I", [1]).tobytes() != (1).to_bytes(4, "little"):
        header.byteswap()
        table.byteswap()
    return header.tobytes() + table.tobytes() + ids + strs
