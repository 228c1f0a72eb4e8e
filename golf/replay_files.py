"""Replay files of either game: tell a solitaire file from a six-card one, read it, and decide
whether it is true.

Each game has its own strict reader (``golf.solitaire.replay``, ``golf.sixcard.replay``); a
six-card file says so on a top-level ``game: six-card`` line. The command line (``verify``,
``watch``) and the window (the replays list, ``watch FILE``) read any replay file through here.

:func:`check` is the one check that decides whether a replay is true — its actions played
again give what the file claims — for ``verify``, ``watch --headless`` and the window's replays
list alike; it also gives the result the actions produce, which is what the list shows (never
the result a file claims).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from golf.core.record import Difference
from golf.core.yamlfile import read_text
from golf.solitaire import replay as solitaire_replay
from golf.solitaire.replay import MAX_BYTES, Replay

if TYPE_CHECKING:
    from golf.sixcard import replay as six_replay
    from golf.sixcard.replay import SixReplay

__all__ = ["Verdict", "check", "is_six_card", "read_replay", "verify_file"]

_SIX_CARD = re.compile(r"""^game:[ \t]*['"]?six-card['"]?[ \t]*(?:#.*)?$""", re.MULTILINE)


def is_six_card(text: str) -> bool:
    """Whether replay ``text`` is a six-card Golf file (its top-level ``game: six-card`` line)."""
    return _SIX_CARD.search(text) is not None


def read_replay(path: str | os.PathLike[str], six_card: bool | None = None) -> Replay | SixReplay:
    """A solitaire or a six-card replay file, read with its own strict reader (as ``six_card``
    says, None: as the file says); raises :class:`~golf.core.yamlfile.ReplayError` for a file
    that cannot be read."""
    return _loads(read_text(path, MAX_BYTES), str(path), six_card)


def _loads(text: str, name: str, six_card: bool | None) -> Replay | SixReplay:
    if six_card or (six_card is None and is_six_card(text)):
        # the six-card reader loads with the first six-card file: a solitaire-only run (the
        # window's start, verify of solitaire files) does without it
        from golf.sixcard import replay as six_replay

        return six_replay.loads(text, name)
    return solitaire_replay.loads(text, name)


@dataclass(frozen=True)
class Verdict:
    """What :func:`check` says of a replay.

    ``differences``: what differs between the file and its game played again, the first
    difference first (none: the replay is true), each with where it is and both values whole
    (:class:`~golf.core.record.Difference`). ``played``: the result its actions produce (a
    refused action changes nothing), whatever the file claims.
    """

    differences: tuple[Difference, ...]
    played: solitaire_replay.Result | six_replay.Result

    @property
    def problems(self) -> tuple[str, ...]:
        """The differences as the lines ``verify`` prints, the first difference first."""
        return tuple(d.text for d in self.differences)

    @property
    def true(self) -> bool:
        """Whether the replay is true: nothing differs."""
        return not self.problems


def check(replay: Replay | SixReplay) -> Verdict:
    """The one check of a replay of either game: play its actions again and compare with what
    it claims (the result, and a script's checkpoints)."""
    if isinstance(replay, Replay):
        found, played = solitaire_replay.differences(replay)
        return Verdict(tuple(found), played)
    from golf.sixcard import replay as six_game

    six_found, six_played = six_game.differences(replay)
    return Verdict(tuple(six_found), six_played)


def verify_file(path: str | os.PathLike[str], six_card: bool | None = None) -> list[str]:
    """What differs between a replay file and its game played again (nothing: an empty list):
    :func:`check` of the file read.

    Solitaire and six-card replays alike, told apart by the six-card file's top-level
    ``game: six-card`` line unless ``six_card`` says which. Raises
    :class:`~golf.core.yamlfile.ReplayError` for a file that cannot be read.
    """
    return list(check(_loads(read_text(path, MAX_BYTES), str(path), six_card)).problems)
