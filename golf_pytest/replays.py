"""The replay files as pytest's tests: one item for each file of the folders asked for, judged by
the engine's own check (``golf.replay_files.check``, what ``golf verify`` runs), and the report
of a file that fails: the file, the first action or checkpoint that differs, and what the file
expects against what its actions give (a board text as a diff; a score, a move count, a
refusal as two values).

Loaded by ``golf_pytest.plugin`` only when a run asks for replays.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

import pytest

from golf.core.record import Difference
from golf.replay_files import Verdict, check, read_replay
from golf.solitaire import replay as solitaire_replay
from golf.solitaire.describe import describe
from golf.solitaire.replay import Replay, ReplayError

if TYPE_CHECKING:
    from golf.sixcard.replay import SixReplay

__all__ = ["ReplayCollection", "ReplayFailed", "ReplayFolder", "ReplayItem", "failure_report"]

SUFFIXES: Final = (".yaml", ".yml")
MORE_SHOWN: Final = 10
"""How many of the differences after the first group a report lists."""


def replay_files(folder: Path) -> list[Path]:
    """Every ``*.yaml``/``*.yml`` file under ``folder``, in order (as ``golf verify`` walks a
    folder): parts that vanish or cannot be listed while walking are skipped."""
    found: list[Path] = []
    for root, _dirs, files in os.walk(folder, onerror=lambda _error: None):
        for name in files:
            f = Path(root) / name
            if f.suffix in SUFFIXES and f.is_file():
                found.append(f)
    return sorted(found)


def _shown(path: Path, base: Path) -> str:
    """``path`` as a report names it: from ``base`` (where pytest was started) when it is
    under it, else whole."""
    try:
        return path.relative_to(base).as_posix() or "."
    except ValueError:
        return path.as_posix()


class ReplayCollection:
    """The replays asked for (``--golf-replays``, the ``golf_replays`` ini key): each folder
    becomes a collector of one item per file, added to the run's items.

    A folder lies outside what pytest walks as often as not (a folder of replays in a project
    that has no tests of its own), so its items are added to the session's rather than found
    by walking; a missing folder, or one without replays, is a usage error before any test.
    """

    def __init__(self, asked: Sequence[tuple[str, Path]]) -> None:
        """``asked``: each folder or file as the run names it, and where it is."""
        self.roots: list[tuple[Path, list[Path]]] = []
        seen: set[Path] = set()
        for given, where in asked:
            path = where.resolve()
            if path in seen:
                continue
            seen.add(path)
            if path.is_dir():
                files = replay_files(path)
                if not files:
                    raise pytest.UsageError(
                        f"--golf-replays {given}: no replay files (*.yaml, *.yml) in this folder"
                    )
                self.roots.append((path, files))
            elif path.is_file():
                self.roots.append((path.parent, [path]))
            else:
                raise pytest.UsageError(f"--golf-replays {given}: no such file or folder")

    def pytest_report_header(self, config: pytest.Config) -> str:
        base = config.invocation_params.dir
        folders = ", ".join(_shown(root, base) for root, _files in self.roots)
        count = sum(len(files) for _root, files in self.roots)
        return f"golf replays: {count} file{'' if count == 1 else 's'} in {folders}"

    @pytest.hookimpl(tryfirst=True)  # before -k, -m and --deselect choose among the items
    def pytest_collection_modifyitems(
        self, session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        for root, files in self.roots:
            folder = ReplayFolder.from_parent(
                session, name=root.name, path=root, nodeid=_shown(root, config.rootpath)
            )
            folder.files = files
            report = folder.ihook.pytest_make_collect_report(collector=folder)
            folder.ihook.pytest_collectreport(report=report)  # counted and shown as pytest's own
            if report.passed:
                items.extend(item for item in report.result if isinstance(item, pytest.Item))


class ReplayFolder(pytest.Collector):
    """A folder of replays: one :class:`ReplayItem` for each file, named by its path in the
    folder."""

    files: list[Path]

    def collect(self) -> Iterator[ReplayItem]:
        for path in self.files:
            name = path.relative_to(self.path).as_posix()
            yield ReplayItem.from_parent(self, name=name, path=path)


class ReplayFailed(Exception):
    """A replay file that does not play as it says, or cannot be read; its text is the report
    pytest shows."""


class ReplayItem(pytest.Item):
    """One replay or script file of either game, true or not."""

    def runtest(self) -> None:
        shown = _shown(self.path, self.config.invocation_params.dir)
        try:
            replay = read_replay(self.path)
        except ReplayError as error:
            said = str(error)
            prefix = f"{error.name}: "
            where_what = said.removeprefix(prefix)
            raise ReplayFailed(f"{shown}: cannot be read as a replay: {where_what}") from None
        verdict = check(replay)
        if not verdict.true:
            raise ReplayFailed(failure_report(shown, replay, verdict))

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: str | None = None,
    ) -> str:
        if isinstance(excinfo.value, ReplayFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))  # not the replay's: pytest's own report

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, _shown(self.path, self.config.invocation_params.dir)


# --- the report --------------------------------------------------------------------------------


def failure_report(shown: str, replay: Replay | SixReplay, verdict: Verdict) -> str:
    """What a failing replay's test says: the file and its first difference on one line (as
    ``golf verify`` prints it), then the action or checkpoint where it is, each value there
    that differs as expected against actual, and the differences after it."""
    first = verdict.differences[0]
    group = [d for d in verdict.differences if d.where == first.where]
    lines = [f"{shown}: {first.text}", "", f"the first difference is at {_place(first)}:"]
    for difference in group:
        lines.extend(_values(difference))
    if isinstance(replay, Replay) and not any(d.what.startswith("position_") for d in group):
        lines.extend(_game_at(replay, first))
    rest = verdict.differences[len(group) :]
    if rest:
        lines += ["", f"and {len(rest)} more after it:"]
        lines += [f"  {d.text}" for d in rest[:MORE_SHOWN]]
        if len(rest) > MORE_SHOWN:
            lines.append(f"  ... ({len(rest) - MORE_SHOWN} more)")
    return "\n".join(lines)


def _place(d: Difference) -> str:
    if d.kind == "action":
        return d.where
    if d.kind == "result":
        end = f"the result at the end, after action {d.after}"
        return f"{end} ({d.action})" if d.action is not None else end
    if d.after == 0:
        return "the checkpoint at the start (after: 0)"
    return f"the checkpoint after action {d.after} ({d.action})"


def _refusal(value: str) -> str:
    return value if value == "accepted" else f"refused: {value}"


def _values(d: Difference) -> list[str]:
    if d.what.startswith("position_"):
        return [
            f"  {d.what}, expected (-) against actual (+):",
            *(f"    {line}" for line in _board_diff(d.expected, d.got)),
        ]
    expected, got = (
        (_refusal(d.expected), _refusal(d.got)) if d.what == "refusal" else (d.expected, d.got)
    )
    return [f"  {d.what}", f"    expected: {expected}", f"    actual:   {got}"]


_BREAK: Final = re.compile(r"(?<=[.;]) ")


def board_lines(text: str) -> list[str]:
    """A board text (``Stock: 16 cards; waste: ace of clubs. Column 1: ...``) cut into its
    parts, one a line: the stock, the waste, each column."""
    return _BREAK.split(text)


def _board_diff(expected: str, got: str) -> list[str]:
    return [line.rstrip() for line in difflib.ndiff(board_lines(expected), board_lines(got))]


def _game_at(replay: Replay, d: Difference) -> list[str]:
    """The solitaire game where ``d`` is found, its counts and its board: before the action
    (refused, or accepted against the file's word), or after it (a checkpoint, the result)."""
    stop = d.after - 1 if d.kind == "action" else d.after
    game = replay.start()
    position, moves, score, status = game.position, game.moves, game.score, game.status
    if stop > 0:
        for frame in solitaire_replay.frames(replay, game):
            position, moves, score, status = frame.position, frame.moves, frame.score, frame.status
            if frame.index == stop:
                break
    if d.kind == "action":
        when = f"before action {d.after}"
    else:
        when = "at the start" if stop == 0 else f"after action {stop}"
    return [
        f"  the game {when}: moves {moves}, score {score}, {status}",
        *(f"    {line}" for line in board_lines(describe(position, "en"))),
    ]
