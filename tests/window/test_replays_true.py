"""One check decides whether a replay is true (``golf.replay_files.check``): ``verify``,
``watch --headless`` and the window's Replays list agree on forged files, and the list shows
what the actions produce, never the result a file claims."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.replay_files import check, read_replay
from golfcli import commands as cli
from scenes.replays import ReplaysScene, scan
from tests.window.test_ui_play import UI, make_ui

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "replays"
BLOCKED_RESULT = "result:\n  outcome: blocked\n  score: 250\n"


def _forged(folder: Path) -> dict[str, Path]:
    """Replay files whose header claims what their actions do not give."""
    folder.mkdir(parents=True, exist_ok=True)
    win = (SAMPLES / "easy-win.yaml").read_text("utf-8")
    blocked = (SAMPLES / "classic-blocked.yaml").read_text("utf-8")
    six = (SAMPLES / "six-card-two-computers.yaml").read_text("utf-8")
    assert "\nresult:\n" in win and BLOCKED_RESULT in blocked and "winners: [0]" in six
    files = {
        # an action after the win: the engine refuses it, the table refused it too
        "after-win.yaml": win.replace("\nresult:\n", "\n- draw\nresult:\n"),
        # a blocked game that claims a win with 350 points
        "forged-win.yaml": blocked.replace(
            BLOCKED_RESULT, "result:\n  outcome: won\n  score: 350\n"
        ),
        # a six-card game that claims the other seat won
        "forged-six.yaml": six.replace("totals: [70, 79]", "totals: [79, 70]").replace(
            "winners: [0]", "winners: [1]"
        ),
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return {name: folder / name for name in files}


@pytest.fixture
def forged(tmp_path: Path) -> dict[str, Path]:
    return _forged(tmp_path / "forged")


def test_the_check_refuses_each_forged_file(forged: dict[str, Path]) -> None:
    for path in forged.values():
        verdict = check(read_replay(path))
        assert not verdict.true, path.name
    win = check(read_replay(forged["after-win.yaml"]))
    assert win.problems[0] == "action 52 (draw) refused: The game is already won"


@pytest.mark.parametrize("name", ["after-win.yaml", "forged-win.yaml", "forged-six.yaml"])
def test_verify_and_a_headless_watch_both_refuse_a_forged_file(
    forged: dict[str, Path], name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(forged[name])
    assert cli.main(["verify", path]) == 1
    verified = capsys.readouterr().out
    assert cli.main(["watch", "--headless", path]) == 1
    watched = capsys.readouterr().out
    assert verified.startswith(f"FAIL {path}: ")
    assert watched == verified  # the one check: the same first difference


def test_a_headless_watch_still_passes_the_samples(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["watch", "--headless", str(SAMPLES)]) == 0
    out = capsys.readouterr().out
    assert out.count("ok   ") >= 10 and "FAIL" not in out


def test_the_list_shows_what_the_actions_produce(forged: dict[str, Path]) -> None:
    entries = {e.path.name: e for e in scan([(next(iter(forged.values())).parent, False)])}
    claimed_win = entries["forged-win.yaml"]
    assert claimed_win.result is not None
    assert (claimed_win.result.outcome, claimed_win.result.score) == ("blocked", 250)
    assert (
        claimed_win.problem is not None and "outcome blocked, expected won" in claimed_win.problem
    )
    after_win = entries["after-win.yaml"]
    assert after_win.result is not None and after_win.result.outcome == "won"
    assert after_win.problem == "action 52 (draw) refused: The game is already won"
    six = entries["forged-six.yaml"]
    assert six.six_result is not None
    assert six.six_result.winners == (0,) and six.six_result.totals == (70, 79)
    assert six.problem is not None


def test_the_samples_are_listed_true() -> None:
    entries = scan([(SAMPLES, True)])
    assert len(entries) >= 10
    assert all(e.problem is None and e.error is None for e in entries), [
        (e.path.name, e.problem) for e in entries if e.problem
    ]


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[UI]:
    yield make_ui(tmp_path, lang="fr", replays_dir=tmp_path / "r")
    pygame.event.clear()


def test_the_screen_says_why_a_forged_file_does_not_check(ui: UI, tmp_path: Path) -> None:
    folder = _forged(tmp_path / "r").popitem()[1].parent
    screen = ReplaysScene(ui.app, [(folder, False)])
    index = next(i for i, e in enumerate(screen.entries) if e.path.name == "forged-win.yaml")
    screen.select(index)
    said = screen.selected_problem()
    assert said.startswith("Ne se rejoue pas comme enregistrée : ")
    assert "expected won" in said
    assert screen.outcome_text(screen.entries[index].result) == "Bloquée · 250"  # type: ignore[arg-type]
    screen.draw(ui.app.screen)  # draws the row and the footer with the difference


def test_the_list_shows_a_yaml_error_on_one_line(tmp_path: Path) -> None:
    # libyaml's reader says where a control character is on a second line
    (tmp_path / "control.yaml").write_text('format: 1\ncode: "GO1\x01"\n', encoding="utf-8")
    (entry,) = scan([(tmp_path, False)])
    assert entry.error is not None and "control characters are not allowed" in entry.error
    assert "\n" not in entry.error


def test_the_list_checks_only_the_rows_it_shows(
    ui: UI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import scenes.replays

    checked: list[object] = []

    def counted(replay: object) -> object:
        checked.append(replay)
        return check(replay)  # type: ignore[arg-type]

    monkeypatch.setattr(scenes.replays, "check", counted)
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(30):
        (folder / f"{i:02d}.yaml").write_bytes((SAMPLES / "easy-win.yaml").read_bytes())
    screen = ReplaysScene(ui.app, [(folder, False)])
    assert len(screen.entries) == 30 and checked == []  # opening reads, plays nothing
    screen.draw(ui.app.screen)
    assert len(checked) == 10  # the rows shown
    screen.draw(ui.app.screen)
    assert len(checked) == 10  # each once
