"""Replay files of either game: tell a solitaire file from a six-card one and read or verify it.

Each game has its own strict reader (``golf.solitaire.replay``, ``golf.sixcard.replay``); a
six-card file says so on a top-level ``game: six-card`` line. The command line (``verify``,
``watch``) and the window (the replays list, ``watch FILE``) read any replay file through here.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from golf.core.yamlfile import read_text
from golf.solitaire import replay as solitaire_replay
from golf.solitaire.replay import MAX_BYTES, Replay

if TYPE_CHECKING:
    from golf.sixcard.replay import SixReplay

__all__ = ["is_six_card", "read_replay", "verify_file"]

_SIX_CARD = re.compile(r"""^game:[ \t]*['"]?six-card['"]?[ \t]*(?:#.*)?$""", re.MULTILINE)


def is_six_card(text: str) -> bool:
    """Whether replay ``text`` is a six-card Golf file (its top-level ``game: six-card`` line)."""
    return _SIX_CARD.search(text) is not None


def read_replay(path: str | os.PathLike[str]) -> Replay | SixReplay:
    """A solitaire or a six-card replay file, read with its own strict reader; raises
    :class:`~golf.core.yamlfile.ReplayError` for a file that cannot be read."""
    text = read_text(path, MAX_BYTES)
    if is_six_card(text):
        # the six-card reader loads with the first six-card file: a solitaire-only run (the
        # window's start, verify of solitaire files) does without it
        from golf.sixcard import replay as six_replay

        return six_replay.loads(text, str(path))
    return solitaire_replay.loads(text, str(path))


def verify_file(path: str | os.PathLike[str], six_card: bool | None = None) -> list[str]:
    """What differs between a replay file and its game played again (nothing: an empty list).

    Solitaire and six-card replays alike, told apart by the six-card file's top-level
    ``game: six-card`` line unless ``six_card`` says which. Raises
    :class:`~golf.core.yamlfile.ReplayError` for a file that cannot be read.
    """
    text = read_text(path, MAX_BYTES)
    if six_card or (six_card is None and is_six_card(text)):
        from golf.sixcard import replay as six_replay

        return six_replay.verify(six_replay.loads(text, str(path)))
    return solitaire_replay.verify(solitaire_replay.loads(text, str(path)))
