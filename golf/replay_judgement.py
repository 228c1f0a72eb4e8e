"""The one judgement of a replay file of either game, which ``verify`` and ``watch --headless``
print alike: it passes, it differs (its actions played again do not give what it claims: the
first difference), or it is unreadable (not a replay, or a file that cannot be read: the
reader's error). Reading and checking are ``golf.replay_files``'; this module only says the
verdict and its message, in the language asked for (the verdicts are the same words in every
language), and reads no clock (the command line times each file).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from golf.core.messages import one_line
from golf.core.record import Difference
from golf.core.translations import SOURCE_LANGUAGE
from golf.core.yamlfile import ReplayError
from golf.replay_files import check, read_replay

if TYPE_CHECKING:
    from golf.sixcard.replay import SixReplay
    from golf.solitaire.replay import Replay

__all__ = ["DIFFERS", "PASSES", "UNREADABLE", "Judgement", "judge", "judge_file"]

PASSES: Final = "pass"
DIFFERS: Final = "differs"
UNREADABLE: Final = "unreadable"
JudgementVerdict = Literal["pass", "differs", "unreadable"]


@dataclass(frozen=True)
class Judgement:
    """The one judgement of a replay file (:func:`judge`).

    ``verdict``: ``pass``, ``differs`` (its game played again is not what it claims) or
    ``unreadable`` (not a replay, or a file that cannot be read). ``message``: the first
    difference, or the reader's error without the file's name (its place and what is wrong),
    on one line; empty when it passes. ``details``: every difference in order (the reader's
    error alone for an unreadable file).
    """

    path: str
    verdict: JudgementVerdict
    message: str = ""
    details: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return self.verdict == PASSES

    @classmethod
    def of_problems(cls, path: str, problems: tuple[str, ...] | list[str]) -> Judgement:
        """A file whose replay shows ``problems`` (none: it passes)."""
        if not problems:
            return cls(path, PASSES)
        return cls(path, DIFFERS, one_line(problems[0]), tuple(problems))

    @classmethod
    def of_differences(
        cls, path: str, differences: Sequence[Difference], lang: str = SOURCE_LANGUAGE
    ) -> Judgement:
        """A file whose replay shows ``differences`` (none: it passes), said in ``lang``."""
        return cls.of_problems(path, [d.said(lang) for d in differences])


def _unreadable(name: str, error: ReplayError, lang: str) -> Judgement:
    """A file the reader refused: its error in ``lang`` without the file's name, which the
    report shows."""
    message = one_line(error.said(lang))
    return Judgement(name, UNREADABLE, message, (message,))


def judge(
    path: str | os.PathLike[str], lang: str = SOURCE_LANGUAGE
) -> tuple[Judgement, Replay | SixReplay | None]:
    """The judgement of the replay file ``path`` in ``lang``, and its replay (None when it
    cannot be read): :func:`~golf.replay_files.read_replay`, then
    :func:`~golf.replay_files.check`."""
    name = str(path)
    try:
        replay = read_replay(path)
    except ReplayError as error:
        return _unreadable(name, error, lang), None
    return Judgement.of_differences(name, check(replay).differences, lang), replay


def judge_file(
    path: str | os.PathLike[str], six_card: bool | None = None, lang: str = SOURCE_LANGUAGE
) -> Judgement:
    """The judgement of the replay file ``path`` in ``lang`` (:func:`judge`'s, without the
    replay); a file is read as ``six_card`` says (None: the file says which), as in
    :func:`~golf.replay_files.verify_file`."""
    name = str(path)
    try:
        replay = read_replay(path, six_card)
    except ReplayError as error:
        return _unreadable(name, error, lang)
    return Judgement.of_differences(name, check(replay).differences, lang)
