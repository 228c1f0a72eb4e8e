"""Output on any terminal encoding (``golfcli.output``): real processes of ``main.py`` under
``PYTHONIOENCODING`` ascii, latin-1 and cp437 print readable text and exit 0, never a
``UnicodeEncodeError``; the survey's progress bar is drawn on a terminal only."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golf.core import folders
from golf.solitaire.stats import STATS_DOCUMENT, GameResult, Stats, record_game
from golfcli import output
from golfcli.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
ENCODINGS = ("ascii", "latin-1", "cp437")
NARROW = (*ENCODINGS, "cp1252", "cp850")


def main_py(
    *args: str, encoding: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``main.py args`` with its output in ``encoding`` (as a terminal of that encoding would)."""
    environ = {**os.environ, "PYTHONIOENCODING": encoding, **(env or {})}
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        cwd=ROOT,
        env=environ,
        timeout=120,
        check=False,
    )


def decoded(data: bytes, encoding: str) -> str:
    """The bytes as the terminal shows them (they must be valid in its encoding)."""
    return data.decode(encoding)


# --- real processes -------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.processes
def test_describe_in_french_is_readable_on_a_narrow_terminal(encoding: str) -> None:
    done = main_py("describe", "GO1-E-AAAAAAB", "--lang", "fr", encoding=encoding)
    err = decoded(done.stderr, encoding)
    assert done.returncode == 0, err
    assert err == ""
    out = decoded(done.stdout, encoding).splitlines()
    assert out[0] == "GO1-E-AAAAAAB"
    assert "valet de coeur" in out[1]  # œ has no place in any of the three
    stock = "défausse" if encoding != "ascii" else "defausse"
    assert out[1].startswith(f"Pioche : 16 cartes ; {stock} : roi de pique. colonne 1 : ")
    assert out[2] == "coups : 0 ; score : 0 ; en cours"


def _saved_stats(folder: Path) -> None:
    stats = Stats()
    for result in (GameResult("won", 350, 0, date="2026-11-30", daily=True),):
        stats = record_game(stats, "classic", result)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / STATS_DOCUMENT.name).write_text(
        STATS_DOCUMENT.to_text(stats), encoding="utf-8"
    )  # 0.1.0's file


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.processes
def test_stats_in_french_is_readable_on_a_narrow_terminal(encoding: str, tmp_path: Path) -> None:
    _saved_stats(tmp_path)
    done = main_py(
        "stats", "--lang", "fr", encoding=encoding, env={folders.DATA_DIR_ENV: str(tmp_path)}
    )
    err = decoded(done.stderr, encoding)
    assert done.returncode == 0, err
    out = decoded(done.stdout, encoding)
    assert "Classique\n" in out
    # no round played: the best rounds are a dash (an en dash, written as - where it cannot be)
    assert "meilleur parcours 9 trous -, 18 trous -" in out
    if encoding == "ascii":
        assert "  parties 1, gagnees 1 (100,0 %), parfaites 1" in out
        assert "Donnes du jour : 1 jour joue, plus longue serie 1" in out
    else:
        assert "  parties 1, gagnées 1 (100,0 %), parfaites 1" in out


@pytest.mark.processes
def test_stats_with_no_games_on_an_ascii_terminal(tmp_path: Path) -> None:
    done = main_py(
        "stats", "--lang", "fr", encoding="ascii", env={folders.DATA_DIR_ENV: str(tmp_path)}
    )
    assert done.returncode == 0, done.stderr
    assert decoded(done.stdout, "ascii").splitlines()[0] == "Aucune partie jouee pour l'instant."


def _every_command() -> list[list[str]]:
    names = [name for commands in COMMANDS for name in commands.names]
    six = ["simulate", "record", "verify", "new-code"]
    return [[], *([name] for name in names), *(["six-card", name] for name in six)]


@pytest.mark.processes
def test_every_help_is_readable_on_an_ascii_terminal() -> None:
    for command in _every_command():
        done = main_py(*command, "--help", encoding="ascii")
        assert done.returncode == 0, (command, decoded(done.stderr, "ascii"))
        assert decoded(done.stdout, "ascii").startswith("usage: main.py"), command
        assert done.stderr == b""


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.processes
def test_help_with_a_dash_is_readable_on_a_narrow_terminal(encoding: str) -> None:
    for command in ([], ["describe"]):
        done = main_py(*command, "--help", encoding=encoding)
        assert done.returncode == 0, decoded(done.stderr, encoding)
        assert done.stderr == b""
    assert "A on K and K on A (King-Ace link)" in decoded(done.stdout, encoding)


@pytest.mark.processes
def test_an_argparse_error_echoing_an_accent_is_one_readable_line() -> None:
    done = main_py("describe", "GO1-E-AAAAAAB", "--lang", "français", encoding="ascii")
    err = decoded(done.stderr, "ascii")
    assert done.returncode == 2
    assert err.count("\n") == 1
    assert "'francais'" in err
    assert "Traceback" not in err


@pytest.mark.processes
def test_a_card_error_names_the_suits_as_letters(tmp_path: Path) -> None:
    replay = (ROOT / "replays" / "seeds-draw-and-play.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(replay.replace("10♠, 6♥]", "10♠, 11♥]", 1), encoding="utf-8")
    done = main_py("verify", str(bad), encoding="ascii")
    err = decoded(done.stdout + done.stderr, "ascii")
    assert done.returncode == 2, err
    assert "Traceback" not in err
    assert "'11H' is not a card" in err
    assert "e.g. 10S or QH" in err
    assert "\\u" not in err  # no escaped character


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.processes
def test_six_card_commands_run_on_a_narrow_terminal(encoding: str, tmp_path: Path) -> None:
    done = main_py(
        "six-card", "simulate", "--players", "2", "--ai", "easy", "--rounds", "2",
        encoding=encoding,
    )  # fmt: skip
    assert done.returncode == 0, decoded(done.stderr, encoding)
    assert decoded(done.stdout, encoding).startswith("six-card simulate: 2 players")
    done = main_py("six-card", "verify", "replays/six-card-two-computers.yaml", encoding=encoding)
    assert done.returncode == 0, decoded(done.stderr, encoding)
    assert decoded(done.stdout, encoding).startswith("ok ")


@pytest.mark.processes
def test_a_utf8_terminal_still_gets_every_character() -> None:
    done = main_py("describe", "GO1-E-AAAAAAB", "--lang", "fr", encoding="utf-8")
    assert done.returncode == 0
    assert "valet de cœur" in done.stdout.decode("utf-8")
    done = main_py("describe", "--help", encoding="utf-8")
    assert "(King–Ace link)" in done.stdout.decode("utf-8")


# --- the progress bar -----------------------------------------------------------------------------

BAR_CHARACTERS = ("\r", "[", "#")


@pytest.mark.processes
def test_survey_redirected_prints_one_line_and_no_bar() -> None:
    done = main_py("survey", "--deals", "0-3", "--jobs", "1", encoding="ascii")
    err = decoded(done.stderr, "ascii")
    assert done.returncode == 0, err
    assert err == "deals solved: 4/4\n"
    assert not any(c in err for c in BAR_CHARACTERS)
    assert decoded(done.stdout, "ascii").startswith("deals 0-3, rules: easy")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.processes
def test_survey_on_a_terminal_draws_its_bar() -> None:
    master, slave = os.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "survey", "--deals", "0-3", "--jobs", "1"],
            stdout=subprocess.DEVNULL,
            stderr=slave,
            cwd=ROOT,
        )
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # Linux: the terminal's other end closed
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert process.wait(timeout=120) == 0
    finally:
        os.close(master)
    shown = b"".join(chunks).decode("ascii")
    assert "\r[" + "#" * 30 + "] 4/4" in shown
    assert "] 1/4" in shown


def test_progress_draws_only_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown = Terminal()
    piped = io.StringIO()
    for stream in (shown, piped):
        bar = output.Progress(stream, "games played")
        for done in range(1, 4):
            bar.show(done, 3)
    assert piped.getvalue() == "games played: 3/3\n"
    assert shown.getvalue().count("\r[") == 3
    assert shown.getvalue().endswith("] 3/3\n")


# --- the mapping ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10♠ Q♥ 3♦ A♣", "10S QH 3D AC"),
        ("défausse, trèfle, À, ça", "defausse, trefle, A, ca"),
        ("cœur Œuvre", "coeur OEuvre"),
        ("King–Ace — 3 × 4 …", "King-Ace -- 3 x 4 ..."),
        ("« oui » “yes” l’as", '" oui " "yes" l\'as'),
        ("SPEC §4, 26⁷", "SPEC section 4, 267"),
        ("← → ↑ ↓ ▶ ◀ ✓ ≈ · −2", "<- -> ^ v > < ok ~ - -2"),
    ],
)
def test_plain_text_is_readable(text: str, expected: str) -> None:
    assert output.plain_text(text) == expected


def test_a_character_without_a_plain_form_is_escaped_not_a_question_mark() -> None:
    assert output.plain("☃") == "\\u2603"


def _program_characters() -> set[str]:
    chars: set[str] = set()
    for package in ("golf", "golfcli", "scenes"):
        for path in (ROOT / package).rglob("*.py"):
            chars |= {c for c in path.read_text(encoding="utf-8") if not c.isascii()}
    for path in (ROOT / "assets").glob("*.yaml"):
        chars |= {c for c in path.read_text(encoding="utf-8") if not c.isascii()}
    return chars


def test_every_character_the_program_writes_has_a_plain_form() -> None:
    chars = _program_characters()
    assert {"é", "♠", "–", "×", "…"} <= chars
    unmapped = {c for c in chars if not output.plain(c).isascii() or "\\" in output.plain(c)}
    assert unmapped == set()


@pytest.mark.parametrize("encoding", NARROW)
@given(st.text())
def test_any_text_is_written_in_any_encoding(encoding: str, text: str) -> None:
    data = text.encode(encoding, output.ERRORS)
    kept = "".join(c for c in text if c.isascii())
    back = data.decode(encoding, "replace")
    # what the encoding could write is there as it was, in order
    assert all(c in back for c in kept)
    if text.isascii():
        assert back == text


def test_undecodable_file_name_bytes_are_written_back() -> None:
    name = os.fsdecode(b"caf\xe9.yaml")
    assert name.encode("utf-8", output.ERRORS) == b"caf\xe9.yaml"
    assert ("é " + name).encode("ascii", output.ERRORS) == b"e caf\xe9.yaml"


def test_configure_streams_keeps_the_encoding_and_skips_missing_streams(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written = io.BytesIO()
    stream = io.TextIOWrapper(written, encoding="ascii")
    monkeypatch.setattr(sys, "stdout", stream)
    monkeypatch.setattr(sys, "stderr", None)
    output.configure_streams()
    assert (stream.encoding, stream.errors) == ("ascii", output.ERRORS)
    stream.write("10♠ défausse")
    stream.flush()
    assert written.getvalue() == b"10S defausse"
