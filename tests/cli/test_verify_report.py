"""``verify`` for CI: its report as text, JSON, TAP and JUnit XML, its exit statuses and their
help, ``--jobs``, a closed output; and the one judgement of a file that ``verify`` and
``watch --headless`` share (``golf.replay_judgement.judge``)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from golf.replay_judgement import judge_file
from golf.solitaire.replay import load
from golfcli import commands as cli

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = ROOT / "replays" / "classic-blocked.yaml"
SIX = ROOT / "replays" / "six-card-two-computers.yaml"
DIFFERS = f"at the end (after action {len(load(BLOCKED).actions)}): score 250, expected 260"
UNREADABLE = (
    "rules (line 2): missing key 'queen_on_king' "
    "(expected king_ace, queen_on_king, draw, jokers, empty_waste, scoring)"
)
NOT_A_REPLAY = (
    "line 1: unknown key 'language' (expected format, code, rules, layout, title, recorded, "
    "actions, result, checkpoints, program)"
)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """A replay that passes, one that differs (its score changed), one the reader refuses, and
    a YAML file that is no replay."""
    text = BLOCKED.read_text(encoding="utf-8")
    assert "  score: 250\n" in text
    made = {
        "good": text,
        "differs": text.replace("  score: 250\n", "  score: 260\n"),
        "unreadable": "format: 1\nrules: {king_ace: no}\nactions: []\n",
        "settings": "language: fr\nvolume: 3\n",
    }
    out = {}
    for name, content in made.items():
        out[name] = tmp_path / f"{name}.yaml"
        out[name].write_text(content, encoding="utf-8")
    return out


# --- the one judgement ----------------------------------------------------------------------------


def test_the_judgement_of_each_kind_of_file(files: dict[str, Path]) -> None:
    good, differs = judge_file(files["good"]), judge_file(files["differs"])
    unreadable, settings = judge_file(files["unreadable"]), judge_file(files["settings"])
    assert (good.verdict, good.message, good.details) == ("pass", "", ())
    assert (differs.verdict, differs.message) == ("differs", DIFFERS)
    assert differs.details[0] == DIFFERS
    assert (unreadable.verdict, unreadable.message) == ("unreadable", UNREADABLE)
    assert (settings.verdict, settings.message) == ("unreadable", NOT_A_REPLAY)
    # the message leaves out the file's name: the report puts it in front
    assert str(files["unreadable"]) not in unreadable.message


@pytest.mark.window
@pytest.mark.parametrize("name", ["good", "differs", "unreadable", "settings"])
def test_verify_and_a_headless_watch_say_the_same_of_a_file(
    files: dict[str, Path], name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(files[name])
    verified = run(["verify", path], capsys)
    watched = run(["watch", "--headless", path], capsys)
    assert watched == verified
    said = {"good": f"ok   {path}\n", "differs": f"FAIL {path}: {DIFFERS}\n"}
    if name in said:
        assert verified == (0 if name == "good" else 1, said[name], "")
    else:
        assert verified[0] == 2 and verified[1] == ""
        assert verified[2] == f"FAIL {path}: {judge_file(path).message}\n"


# --- text and the exit status ---------------------------------------------------------------------


def test_text_is_a_line_a_file_and_an_unreadable_one_on_stderr(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    names = [str(files[n]) for n in ("good", "differs", "unreadable")]
    status, out, err = run(["verify", *names], capsys)
    assert status == 2
    assert out.splitlines() == [f"ok   {names[0]}", f"FAIL {names[1]}: {DIFFERS}"]
    assert err == f"FAIL {names[2]}: {UNREADABLE}\n"


@pytest.mark.parametrize(
    ("names", "status"),
    [
        (("good",), 0),
        (("good", "differs"), 1),
        (("differs", "good", "unreadable"), 2),
        (("settings", "good"), 2),
    ],
)
def test_the_exit_status_is_the_worst_verdict(
    files: dict[str, Path],
    names: tuple[str, ...],
    status: int,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["verify", *(str(files[n]) for n in names)]) == status


def test_the_help_states_the_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["verify"], ["six-card", "verify"]):
        with pytest.raises(SystemExit) as done:
            cli.main([*command, "--help"])
        assert done.value.code == 0
        out = capsys.readouterr().out
        status_part = out.split("exit status:\n", 1)[1]
        lines = [line.strip() for line in status_part.splitlines()]
        assert lines[0] == "0  every replay passed"
        assert lines[1] == "1  some replay differs from its game played again"
        assert lines[2].startswith("2  a file could not be read or is not a replay")
        assert "--format {text,json,tap}" in out and "--junit FILE" in out and "--jobs N" in out


# --- JSON, TAP, JUnit -----------------------------------------------------------------------------


def test_json_is_one_document_with_every_verdict_message_and_time(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    names = [str(files[n]) for n in ("good", "differs", "unreadable", "settings")]
    status, out, err = run(["verify", "--format", "json", *names], capsys)
    assert (status, err) == (2, "")
    document = json.loads(out)
    entries = document["files"]
    assert [e["file"] for e in entries] == names
    assert [e["verdict"] for e in entries] == ["pass", "differs", "unreadable", "unreadable"]
    assert [e["message"] for e in entries] == ["", DIFFERS, UNREADABLE, NOT_A_REPLAY]
    assert entries[1]["details"][0] == DIFFERS
    assert all(isinstance(e["seconds"], float) and e["seconds"] >= 0 for e in entries)
    counts = {k: document[k] for k in ("passed", "differs", "unreadable", "status")}
    assert counts == {"passed": 1, "differs": 1, "unreadable": 2, "status": 2}


def _tap_points(out: str) -> list[tuple[str, dict[str, object] | None]]:
    """Each test point's line and its YAML block (None when it has none)."""
    lines = out.splitlines()
    points: list[tuple[str, dict[str, object] | None]] = []
    i = 2
    while i < len(lines):
        line = lines[i]
        i += 1
        block = None
        if i < len(lines) and lines[i] == "  ---":
            end = lines.index("  ...", i)
            block = yaml.safe_load("\n".join(lines[i + 1 : end]))
            i = end + 1
        points.append((line, block))
    return points


def test_tap_has_the_plan_a_point_a_file_and_a_yaml_block_for_each_failure(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    names = [str(files[n]) for n in ("good", "differs", "unreadable")]
    status, out, err = run(["verify", "--format", "tap", *names], capsys)
    assert (status, err) == (2, "")
    assert out.splitlines()[:2] == ["TAP version 14", "1..3"]
    points = _tap_points(out)
    assert [line for line, _ in points] == [
        f"ok 1 - {names[0]}",
        f"not ok 2 - {names[1]}",
        f"not ok 3 - {names[2]}",
    ]
    assert points[0][1] is None
    differs, unreadable = points[1][1], points[2][1]
    assert differs is not None and unreadable is not None
    assert (differs["verdict"], differs["message"]) == ("differs", DIFFERS)
    assert isinstance(differs["details"], list) and differs["details"][0] == DIFFERS
    assert (unreadable["verdict"], unreadable["message"]) == ("unreadable", UNREADABLE)
    assert isinstance(unreadable["seconds"], float)


def test_a_hash_in_a_file_name_is_no_tap_directive(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    odd = tmp_path / "game # SKIP.yaml"
    shutil.copy(files["differs"], odd)
    status, out, _ = run(["verify", "--format", "tap", str(odd)], capsys)
    assert status == 1
    assert out.splitlines()[2] == f"not ok 1 - {tmp_path}/game \\# SKIP.yaml"


def test_junit_has_a_testcase_a_file_with_its_time_and_the_failure(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "out" / "junit.xml"
    report.parent.mkdir()
    names = [str(files[n]) for n in ("good", "differs", "unreadable")]
    status, out, _ = run(["verify", "--junit", str(report), *names], capsys)
    assert status == 2
    assert out.splitlines()[0] == f"ok   {names[0]}"  # the text report as well
    root = ET.parse(report).getroot()
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    assert {k: suite.get(k) for k in ("tests", "failures", "errors")} == {
        "tests": "3",
        "failures": "1",
        "errors": "1",
    }
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == names
    assert all(float(c.get("time", "x")) >= 0 for c in cases)
    assert list(cases[0]) == []
    (failure,) = list(cases[1])
    assert (failure.tag, failure.get("message"), failure.get("type")) == (
        "failure",
        DIFFERS,
        "differs",
    )
    assert failure.text is not None and failure.text.splitlines()[0] == DIFFERS
    (error,) = list(cases[2])
    assert (error.tag, error.get("message"), error.text) == ("error", UNREADABLE, UNREADABLE)


def test_junit_holds_what_xml_cannot_as_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a file name's undecodable byte (a lone surrogate in Python) is no XML character
    odd = tmp_path / "caf\udce9.yaml"
    try:
        odd.write_text("format: 1\n", encoding="utf-8")
    except (UnicodeEncodeError, OSError):
        pytest.skip("the file system takes no such name")
    report = tmp_path / "junit.xml"
    assert cli.main(["verify", "--format", "json", "--junit", str(report), str(odd)]) == 2
    (case,) = ET.parse(report).getroot().iter("testcase")
    assert case.get("name") == f"{tmp_path}/caf\\udce9.yaml"


def test_six_card_verify_takes_the_same_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "junit.xml"
    status, out, _ = run(
        ["six-card", "verify", "--format", "json", "--junit", str(report), str(SIX)], capsys
    )
    assert status == 0
    assert [e["verdict"] for e in json.loads(out)["files"]] == ["pass"]
    assert ET.parse(report).getroot().get("tests") == "1"


# --- --jobs ---------------------------------------------------------------------------------------


@pytest.mark.processes
def test_jobs_give_the_same_verdicts_in_the_same_order(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    order = ["differs", "good", "unreadable", "good", "settings", "differs", "good"]
    names = []
    for i, name in enumerate(order):
        copy = tmp_path / f"{i}-{name}.yaml"
        shutil.copy(files[name], copy)
        names.append(str(copy))
    reports = []
    for jobs in ("1", "3"):
        junit = tmp_path / f"junit-{jobs}.xml"
        status, out, err = run(
            ["verify", "--jobs", jobs, "--format", "json", "--junit", str(junit), *names], capsys
        )
        entries = json.loads(out)["files"]
        cases = ET.parse(junit).getroot().iter("testcase")
        reports.append(
            (
                status,
                err,
                [(e["file"], e["verdict"], e["message"], e["details"]) for e in entries],
                [(c.get("name"), [(p.tag, p.get("message")) for p in c]) for c in cases],
            )
        )
    assert reports[0] == reports[1]
    assert [entry[1] for entry in reports[1][2]] == [
        "differs",
        "pass",
        "unreadable",
        "pass",
        "unreadable",
        "differs",
        "pass",
    ]
    text = [run(["verify", "--jobs", jobs, *names], capsys) for jobs in ("1", "2")]
    assert text[0] == text[1] and text[0][0] == 2


# --- a closed output ------------------------------------------------------------------------------


@pytest.mark.processes
@pytest.mark.parametrize(
    ("form", "first", "status"),
    [
        ("text", "good", 0),  # the differing file at the end is never reached
        ("text", "differs", 1),
        ("tap", "good", 0),
    ],
)
def test_a_closed_output_ends_quietly_with_the_status_of_what_was_checked(
    files: dict[str, Path], tmp_path: Path, form: str, first: str, status: int
) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    shutil.copy(files[first], folder / "000.yaml")
    for i in range(1, 150):
        shutil.copy(files["good"], folder / f"{i:03}.yaml")
    shutil.copy(files["differs"], folder / "999.yaml")
    with subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "verify", "--format", form, str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    ) as verify:
        assert verify.stdout is not None and verify.stderr is not None
        verify.stdout.readline()  # as `| head -1` does: one line, then the pipe is closed
        verify.stdout.close()
        err = verify.stderr.read()
        assert verify.wait(timeout=60) == status
    assert err == b""
