"""The headless command line: verify, describe, new-code, the rule options, and its errors."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from golf.solitaire.codes import parse_code
from golf.solitaire.engine import Action
from golf.solitaire.replay import Replay, Result, load, save
from golf.solitaire.rules import CLASSIC, EASY, STRICT
from golf.solitaire.session import Game
from golfcli import commands as cli
from golfcli import options

ROOT = Path(__file__).resolve().parents[2]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def main_py(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=60,
        check=False,
    )


# --- describe -------------------------------------------------------------------------------------


def test_describe_prints_the_spec_vector(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["describe", "GO1-E-AAAAAAA"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "GO1-E-AAAAAAA"
    assert lines[1].startswith(
        "Stock: 16 cards; waste: 9 of diamonds. Column 1: 8 of spades, 10 of clubs, "
        "queen of spades, 6 of clubs, queen of hearts (available: queen of hearts); column 2: "
    )
    assert lines[2] == "moves: 0; score: 0; playing"


def test_describe_after_actions_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["describe", " go1-e-aaaaaaa ", "--lang", "fr", "--actions", "draw"], capsys
    )
    assert status == 0
    lines = out.splitlines()
    # SPEC §1: the first stock card of deal 0 is 3♣.
    assert lines[1].startswith(
        "Pioche : 15 cartes ; défausse : 3 de trèfle. colonne 1 : 8 de pique"
    )
    assert lines[2] == "coups : 1 ; score : 0 ; en cours"


def test_describe_a_refused_action_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["describe", "GO1-E-AAAAAAA", "--actions", "draw; play 1 row 2"], capsys)
    assert status == 1
    assert out == ""
    assert err == "action 2 (play 1 row 2): This card is blocked\n"


def test_describe_a_bad_action_list_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["describe", "GO1-E-AAAAAAA", "--actions", "draw, jump"], capsys)
    assert status == 2
    assert err.count("\n") == 1 and "'jump' is not an action" in err


def test_describe_options_change_the_code_printed(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["describe", "GO1-E-AAAAAAB", "--rules", "classic"], capsys)
    assert out.splitlines()[0] == "GO1-C-AAAAAAB"
    _, out, _ = run(["describe", "GO1-C-AAAAAAB-VS", "--jokers", "1"], capsys)
    assert out.splitlines()[0] == "GO1-C-AAAAAAB-VJS"
    _, out, _ = run(["describe", "GO1-C-AAAAAAB-VS"], capsys)
    assert out.splitlines()[0] == "GO1-C-AAAAAAB-VS"


def test_describe_with_jokers_deals_more_cards(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["describe", "GO1-E-AAAAAAA", "--jokers", "2"], capsys)
    assert out.splitlines()[1].startswith("Stock: 18 cards;")


# --- rule options ---------------------------------------------------------------------------------


def parse_rules(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    options.add_rule_options(parser, "en")
    return parser.parse_args(argv)


def test_rules_default_to_the_base() -> None:
    assert options.rules_from_args(parse_rules([])) == EASY
    assert options.rules_from_args(parse_rules([]), CLASSIC) == CLASSIC


def test_rules_preset_then_switches() -> None:
    args = parse_rules(["--rules", "strict", "--draw", "any", "--jokers", "2", "--empty-waste"])
    assert options.rules_from_args(args) == STRICT.with_(
        draw_any_time=True, jokers=2, empty_waste=True
    )
    args = parse_rules(["--king-ace", "off", "--queen-on-king", "off", "--scoring", "strokes"])
    assert options.rules_from_args(args) == EASY.with_(
        king_ace=False, queen_on_king=False, scoring="strokes"
    )
    assert (
        options.rules_from_args(parse_rules(["--no-empty-waste"]), EASY.with_(empty_waste=True))
        == EASY
    )


# --- new-code -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "rules"), [("easy", EASY), ("classic", CLASSIC), ("strict", STRICT)]
)
def test_new_code_is_a_valid_code_of_the_rules(
    preset: str, rules: object, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["new-code", "--rules", preset], capsys)
    assert status == 0
    assert parse_code(out.strip()).rules == rules


def test_new_code_with_a_seed_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    codes = []
    for seed in ("7", "7", "8"):
        _, out, _ = run(["new-code", "--seed", seed], capsys)
        codes.append(out.strip())
    assert codes[0] == codes[1] != codes[2]


# --- verify ---------------------------------------------------------------------------------------


def recorded_replay(tmp_path: Path, name: str = "game.yaml") -> Path:
    game = Game.from_code("GO1-E-AAAAAAB")
    for _ in range(3):
        game.apply(Action.draw())
    path = tmp_path / name
    save(Replay.from_game(game), path)
    return path


def test_verify_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = recorded_replay(tmp_path)
    status, out, err = run(["verify", str(path)], capsys)
    assert (status, out, err) == (0, f"ok   {path}\n", "")


def test_verify_walks_folders_for_yaml_and_yml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "sub").mkdir()
    a = recorded_replay(tmp_path, "a.yaml")
    b = recorded_replay(tmp_path / "sub", "b.yml")
    (tmp_path / "notes.txt").write_text("not a replay")
    status, out, _ = run(["verify", str(tmp_path)], capsys)
    assert status == 0
    assert out.splitlines() == [f"ok   {a}", f"ok   {b}"]


def test_verify_names_the_first_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = recorded_replay(tmp_path)
    good = load(path)
    assert good.result is not None
    r = good.result
    bad = Replay(
        rules=good.rules,
        code=good.code,
        actions=good.actions,
        result=Result(r.outcome, r.score, r.moves, r.removed, r.stock + 1),
    )
    save(bad, path)
    ok = recorded_replay(tmp_path, "ok.yaml")
    status, out, _ = run(["verify", str(path), str(ok)], capsys)
    assert status == 1
    assert out.splitlines() == [
        f"FAIL {path}: at the end (after action 3): stock 13, expected 14",
        f"ok   {ok}",
    ]


def test_verify_a_bad_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("format: 1\nrules: [\n", encoding="utf-8")
    status, out, err = run(["verify", str(path)], capsys)
    assert status == 2
    assert out == ""
    assert err.startswith(f"FAIL {path}: line ") and err.count("\n") == 1


def test_verify_a_missing_path_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["verify", str(tmp_path / "none")], capsys)
    assert status == 2
    assert err == f"main.py: {tmp_path / 'none'}: no such file or folder\n"


def test_verify_an_empty_folder_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["verify", str(tmp_path)], capsys)
    assert status == 2 and "no replay files" in err


# --- the window and the registry ------------------------------------------------------------------


def test_no_command_opens_the_window(capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[argparse.Namespace] = []

    def window(args: argparse.Namespace) -> int:
        seen.append(args)
        return 0

    assert cli.main([], window=window) == 0
    assert seen[0].command == "play" and seen[0].code is None
    assert cli.main(["--rules", "classic"], window=window) == 0
    assert seen[1].game_rules == CLASSIC
    assert cli.main(["play", "go1-e-aaaaaab", "--jokers", "1"], window=window) == 0
    assert seen[2].code == "GO1-E-AAAAAAB-VKQAJ"
    assert cli.main(["--frames", "3", "--lang", "fr", "--no-fullscreen"], window=window) == 0
    assert (seen[3].frames, seen[3].lang, seen[3].fullscreen) == (3, "fr", False)


def test_play_with_a_wrong_code_does_not_open_the_window(
    capsys: pytest.CaptureFixture[str],
) -> None:
    opened: list[argparse.Namespace] = []

    def window(args: argparse.Namespace) -> int:
        opened.append(args)
        return 0

    status = cli.main(["play", "GO2"], window=window)
    assert status == 2 and not opened
    assert "is not a game code" in capsys.readouterr().err


def test_without_a_window(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run([], capsys)
    assert status == 1
    assert err == "The game window is not available yet\n"


def test_a_command_is_added_to_the_list(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def register(
        subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str
    ) -> None:
        parser = subparsers.add_parser("echo", help="say it louder")
        parser.add_argument("word")
        parser.set_defaults(run=lambda args: print(args.word.upper()) or 0)

    monkeypatch.setattr(cli, "COMMANDS", (*cli.COMMANDS, cli.Commands(("echo",), register)))
    assert run(["echo", "golf"], capsys)[:2] == (0, "GOLF\n")


@pytest.mark.parametrize("commands", cli.COMMANDS, ids=lambda c: c.names[0])
def test_each_module_adds_the_commands_the_list_names(commands: cli.Commands) -> None:
    parser = argparse.ArgumentParser()
    subparsers = parser.add_subparsers()
    commands.register(subparsers, "en")
    assert tuple(subparsers.choices) == commands.names


@pytest.mark.processes
def test_a_command_loads_only_its_own_module() -> None:
    code = (
        "import sys\n"
        "from golfcli import commands\n"
        "commands.build_parser('play').parse_args(['play', '--rules', 'classic'])\n"
        "loaded = {'golfcli.solver', 'golfcli.stats', 'golfcli.sixcard'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
        "commands.build_parser('solve')\n"
        "assert 'golfcli.solver' in sys.modules\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr


def test_bad_options_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["describe", "GO1-E-AAAAAAA", "--lang", "de"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--lang" in err


# --- main.py in a process -------------------------------------------------------------------------


@pytest.mark.processes
def test_main_py_verifies_the_shipped_replays() -> None:
    done = main_py("verify", "replays/")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) >= 9 and all(line.startswith("ok   replays/") for line in lines)


@pytest.mark.parametrize(
    "args",
    [
        ("describe", "GO1-Z-AAAAAAA"),
        ("describe", "GO1-E-AAAAAAA-VQ"),
        ("new-code", "--rules", "silly"),
        ("verify", "no/such/replay.yaml"),
    ],
)
@pytest.mark.processes
def test_main_py_bad_input_is_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    done = main_py(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


@pytest.mark.processes
def test_main_py_a_bad_replay_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    good = recorded_replay(tmp_path).read_text(encoding="utf-8")
    bad.write_text(good.replace("code: GO1-E-AAAAAAB", "code: no"), encoding="utf-8")
    done = main_py("verify", str(bad))
    assert done.returncode == 2
    assert (
        done.stderr
        == f"FAIL {bad}: code (line 2): expected a game code such as GO1-E-AAAAAAA, got no: YAML reads no as false; put it in quotes\n"
    )


@pytest.mark.processes
def test_the_headless_commands_do_not_import_pygame() -> None:
    code = (
        "import sys\n"
        "from golfcli.main import main\n"
        "assert main(['describe', 'GO1-E-AAAAAAB']) == 0\n"
        "assert main(['verify', 'replays/']) == 0\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_verify_reads_six_card_replays_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    six = tmp_path / "six.yaml"
    assert run(["six-card", "record", str(six), "--players", "2", "--ai", "easy"], capsys)[0] == 0
    shutil.copy(ROOT / "replays" / "seeds-easy-win.yaml", tmp_path / "solitaire.yaml")
    status, out, err = run(["verify", str(tmp_path)], capsys)
    assert (status, err) == (0, "")
    assert out.splitlines() == [f"ok   {six}", f"ok   {tmp_path / 'solitaire.yaml'}"]
    # a changed result is found in a six-card file as in a solitaire one
    text = six.read_text(encoding="utf-8")
    totals = re.search(r"totals: \[(-?\d+), ", text)
    assert totals is not None
    changed = f"totals: [{int(totals.group(1)) + 1}, "
    six.write_text(text.replace(totals.group(0), changed), encoding="utf-8")
    status, out, _ = run(["verify", str(six)], capsys)
    assert status == 1 and out.startswith(f"FAIL {six}: ")


# --- watch --headless -----------------------------------------------------------------------------

NO_CHILD_PROCESS = """
import multiprocessing.process
started = []
def refuse(self):
    started.append(self.name)
    raise RuntimeError("no child process may start here")
multiprocessing.process.BaseProcess.start = refuse
from golfcli.main import main
status = main(["watch", "--headless", "replays/"])
print("child processes started:", len(started), started)
raise SystemExit(status)
"""


@pytest.mark.processes
def test_a_headless_watch_starts_no_process() -> None:
    """The watched tables never ask the solver: no solver process (nor any other) starts."""
    done = subprocess.run(
        [sys.executable, "-c", NO_CHILD_PROCESS],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "child processes started: 0 []"
    assert len(lines) >= 10 and all(line.startswith("ok   replays/") for line in lines[:-1])


def test_a_watched_file_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from golf.core import yamlfile

    reads: list[str] = []
    read_text = yamlfile.read_text

    def counted(path: str | os.PathLike[str], max_bytes: int) -> str:
        reads.append(str(path))
        return read_text(path, max_bytes)

    monkeypatch.setattr("golf.replay_files.read_text", counted)
    opened: list[tuple[Path, object]] = []
    monkeypatch.setattr(
        "golfcli.watch.open_watch_window",
        lambda args, path, replay: opened.append((path, replay)) or 0,
    )
    sample = ROOT / "replays" / "seeds-easy-win.yaml"
    assert cli.main(["watch", str(sample)]) == 0
    assert reads == [str(sample)]
    assert opened == [(sample, load(sample))]
