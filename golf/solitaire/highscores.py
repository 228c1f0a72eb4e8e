"""The arcade high-score tables: the top 10 of each rule set, with three initials, kept in a file.

A score enters a table when the table has room or when it beats the last entry; on a tie the
earlier entry stays ahead, so a new score goes below every equal one. Points count the highest
first, strokes the lowest first. The tables are values: :func:`insert` and :func:`add_score`
return new ones. :data:`HIGHSCORES_DOCUMENT` reads and writes them through ``golf.core.store``.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from golf.core.store import (
    Data,
    Document,
    expect_int,
    expect_list,
    expect_mapping,
    expect_str,
    fail,
)
from golf.core.translations import text
from golf.solitaire.codes import format_code, parse_code
from golf.solitaire.stats import MAX_SCORE, MIN_SCORE, lower_is_better, rules_from_key

TABLE_SIZE: Final = 10
INITIALS_LENGTH: Final = 3
INITIALS_ALPHABET: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "
"""The characters of initials, in the order an arcade wheel shows them."""
MAX_TABLES: Final = 256


class InitialsError(ValueError):
    """Initials that cannot go in the table, with the reason for the player."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang``; the texts are the catalogues' ``initials.<reason>``."""
        return text(lang, f"initials.{self.reason}")


def validate_initials(text: str) -> str:
    """The initials in upper case; raises :class:`InitialsError`.

    Exactly three characters from A–Z, 0–9 and space (lower case letters are accepted and
    raised), and not all three spaces.
    """
    if (
        not isinstance(text, str) or not text.isascii()
    ):  # upper() folds the long s onto S, the dotless i onto I
        raise InitialsError("character")
    t = text.upper()
    if len(t) != INITIALS_LENGTH:
        raise InitialsError("length")
    if any(ch not in INITIALS_ALPHABET for ch in t):
        raise InitialsError("character")
    if not t.strip():
        raise InitialsError("blank")
    return t


def cycle_initial(ch: str, step: int) -> str:
    """The character ``step`` places after ``ch`` on the wheel (up/down on a gamepad)."""
    i = INITIALS_ALPHABET.index(ch.upper()) if ch.upper() in INITIALS_ALPHABET else 0
    return INITIALS_ALPHABET[(i + step) % len(INITIALS_ALPHABET)]


@dataclass(frozen=True)
class Entry:
    """One line of a table: who, how much, when (ISO date) and which deal; the moves and the
    seconds it took break a tie (None: not known, an entry of version 0.1.0)."""

    initials: str
    score: int
    date: str
    code: str
    moves: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        validate_initials(self.initials)
        if self.initials != self.initials.upper():
            raise ValueError("initials are stored in upper case")
        if not MIN_SCORE <= self.score <= MAX_SCORE:
            raise ValueError(f"score {self.score} is out of range")
        if len(self.date) != 10:
            raise ValueError(f"{self.date!r} is not a date YYYY-MM-DD")
        datetime.date.fromisoformat(self.date)
        game = parse_code(self.code)
        if format_code(game.number, game.rules) != self.code:
            raise ValueError(f"{self.code!r} is not written as the game writes codes")

    @classmethod
    def make(cls, initials: str, score: int, day: datetime.date, code: str) -> Entry:
        """An entry from what the player typed and the game played (code in any case)."""
        game = parse_code(code)
        return cls(
            validate_initials(initials),
            score,
            day.isoformat(),
            format_code(game.number, game.rules),
        )


@dataclass(frozen=True)
class Table:
    """One rule set's table, best first."""

    entries: tuple[Entry, ...] = ()
    lower_is_better: bool = False

    def beats(self, a: int, b: int) -> bool:
        """Score ``a`` is strictly better than ``b``."""
        return a < b if self.lower_is_better else a > b

    def ahead(self, score: int, moves: int | None, seconds: float | None, entry: Entry) -> bool:
        """A game of ``score`` in ``moves`` and ``seconds`` goes before ``entry``: a better
        score, or the same in fewer moves, or the same moves in less time (an unknown figure
        counts as the most)."""
        if score != entry.score:
            return self.beats(score, entry.score)
        mine = (_most(moves), _most(seconds))
        theirs = (_most(entry.moves), _most(entry.seconds))
        return mine < theirs

    def rank_for(
        self, score: int, moves: int | None = None, seconds: float | None = None
    ) -> int | None:
        """The place (1 = first) a new result would take, or None if it does not qualify."""
        for i, entry in enumerate(self.entries):
            if self.ahead(score, moves, seconds, entry):
                return i + 1
        return len(self.entries) + 1 if len(self.entries) < TABLE_SIZE else None


def _most(value: float | None) -> float:
    return float("inf") if value is None else value


def qualifies(
    table: Table, score: int, moves: int | None = None, seconds: float | None = None
) -> bool:
    """Whether a result would enter ``table`` (a tie with the tenth entry in score, moves and
    time does not)."""
    return table.rank_for(score, moves, seconds) is not None


def insert(table: Table, entry: Entry) -> tuple[Table, int | None]:
    """The table with ``entry`` in its place, and that place (None: it did not qualify)."""
    rank = table.rank_for(entry.score)
    if rank is None:
        return table, None
    entries = (*table.entries[: rank - 1], entry, *table.entries[rank - 1 :])[:TABLE_SIZE]
    return Table(entries, table.lower_is_better), rank


@dataclass(frozen=True)
class HighScores:
    """Every rule set's table, by rule set key (``golf.solitaire.stats.rules_key``)."""

    tables: Mapping[str, tuple[Entry, ...]] = field(default_factory=dict)

    def table(self, rules_key: str) -> Table:
        return Table(self.tables.get(rules_key, ()), lower_is_better(rules_key))

    def keys(self) -> list[str]:
        """The rule sets with at least one entry (in the order the title rotates through)."""
        return [k for k in self.tables if self.tables[k]]


def add_score(scores: HighScores, rules_key: str, entry: Entry) -> tuple[HighScores, int | None]:
    """The tables after ``entry`` was offered to ``rules_key``'s table, and its place."""
    table, rank = insert(scores.table(rules_key), entry)
    if rank is None:
        return scores, None
    return HighScores({**scores.tables, rules_key: table.entries}), rank


def merge_highscores(old: HighScores, new: HighScores) -> HighScores:
    """``old`` with every entry of ``new`` offered to its table (the entries kept in the
    pending file while ``highscores.json`` could not be read, added back once it can)."""
    out = old
    for key, entries in new.tables.items():
        for entry in entries:
            out, _ = add_score(out, key, entry)
    return out


# --- the file ------------------------------------------------------------------------------------

_ENTRY_KEYS: Final = ("initials", "score", "date", "code")


def _read_entry(value: object, where: str) -> Entry:
    d = expect_mapping(value, where, _ENTRY_KEYS)
    initials = expect_str(d["initials"], f"{where}.initials", INITIALS_LENGTH)
    score = expect_int(d["score"], f"{where}.score", MIN_SCORE, MAX_SCORE)
    day = expect_str(d["date"], f"{where}.date", 10)
    code = expect_str(d["code"], f"{where}.code", 40)
    try:
        return Entry(initials, score, day, code)
    except ValueError as error:
        fail(where, str(error))


def read_highscores(body: Data) -> HighScores:
    """The tables from a file's body; each table must be in order, best first."""
    d = expect_mapping(body, "", ("tables",))
    tables = expect_mapping(d["tables"], "tables")
    if len(tables) > MAX_TABLES:
        fail("tables", f"more than {MAX_TABLES} tables")
    out: dict[str, tuple[Entry, ...]] = {}
    for key, value in tables.items():
        try:
            rules_from_key(key)
        except ValueError as error:
            fail(f"tables.{key}", str(error))
        entries = tuple(
            _read_entry(item, f"tables.{key}[{i}]")
            for i, item in enumerate(expect_list(value, f"tables.{key}", TABLE_SIZE))
        )
        order = Table((), lower_is_better(key))
        for i in range(1, len(entries)):
            if order.beats(entries[i].score, entries[i - 1].score):
                fail(f"tables.{key}[{i}]", "expected the table in order, best first")
        out[key] = entries
    return HighScores(out)


def write_highscores(scores: HighScores) -> Data:
    tables: dict[str, Any] = {
        key: [
            {"initials": e.initials, "score": e.score, "date": e.date, "code": e.code}
            for e in entries
        ]
        for key, entries in scores.tables.items()
        if entries
    }
    return {"tables": tables}


HIGHSCORES_DOCUMENT: Final[Document[HighScores]] = Document(
    name="highscores.json",
    version=1,
    label="store.label.high_scores",
    default=HighScores,
    read=read_highscores,
    write=write_highscores,
)
