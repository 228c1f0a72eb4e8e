"""The command line in English and French (issue 35): the language of a run (``--lang``, else
the environment's ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), every command's
``--help`` with argparse's own words, argparse's errors, and ``verify``'s report."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from golf.solitaire.replay import load
from golfcli import commands as cli
from golfcli.language import argparse_words, environment_language, given_language, run_language
from tests.folders import session_env

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = ROOT / "replays" / "classic-blocked.yaml"

FRENCH = {"LANG": "fr_FR.UTF-8"}


def _commands(
    parser: argparse.ArgumentParser, prefix: tuple[str, ...]
) -> Iterator[tuple[str, ...]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*prefix, name)
                yield from _commands(sub, (*prefix, name))


COMMAND_LINES = [(), *_commands(cli.build_parser(None, "en"), ())]
"""Every command and subcommand, and the program alone."""


def _name(argv: tuple[str, ...]) -> str:
    return " ".join(argv) or "golf"


# --- the language of a run ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr"}, "fr"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"}, "fr"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "", "LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANGUAGE": "fr", "LC_ALL": "en_US.UTF-8"}, "fr"),
        ({"LANGUAGE": "de:fr:en", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LANGUAGE": "de", "LANG": "fr_FR.UTF-8"}, "en"),
    ],
)
def test_the_environment_names_the_language_in_the_usual_order(
    environ: dict[str, str], lang: str
) -> None:
    assert environment_language(environ) == lang


def test_an_explicit_lang_wins_over_the_environment() -> None:
    assert run_language(["verify", "--lang", "en", "x.yaml"], FRENCH) == "en"
    assert run_language(["verify", "--lang=fr", "x.yaml"], {"LANG": "C"}) == "fr"
    assert run_language(["verify", "x.yaml"], FRENCH) == "fr"
    # not a language of the game, or after "--": the environment's
    assert given_language(["verify", "--lang", "xx"]) is None
    assert given_language(["verify", "--", "--lang", "fr"]) is None


def test_argparse_gets_its_own_words_back_after_a_run() -> None:
    with argparse_words("fr"):
        french = argparse.ArgumentParser(prog="p").format_help()
    english = argparse.ArgumentParser(prog="p").format_help()
    assert french.startswith("utilisation : p [-h]") and "afficher cette aide" in french
    assert english.startswith("usage: p [-h]") and "show this help message and exit" in english


# --- --help ---------------------------------------------------------------------------------------


def help_of(
    argv: tuple[str, ...],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
) -> str:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8" if lang == "fr" else "C")
    with pytest.raises(SystemExit) as done:
        cli.main([*argv, "--help"])
    assert done.value.code in (0, None)
    out, err = capsys.readouterr()
    assert err == ""
    return out


_NAME = re.compile(
    r"""^[\[({"«]*(
        -[-\w=|,.]*            # an option
      | [A-Z][A-Z0-9_\-|.,]*   # a metavar, an environment variable
      | \{[^}]*\}              # choices
      | on\|off
      | [a-z0-9]+(-[a-z0-9]+)+  # a name with hyphens: six-card, x-forwarded-for
      | [\w.-]*[/.][\w./*-]+   # a file or folder name, main.py
      | GO1-\w-\w+ | \d+[-\d]* | [|.,:;()\[\]…]+
    )[\])}",;:.»]*$""",
    re.VERBOSE,
)


def prose_lines(help_text: str) -> list[str]:
    """The lines of a help that say something in words: not only option names, metavars,
    choices, file names and numbers."""
    found = []
    for line in help_text.splitlines():
        words = [w for w in line.split() if not _NAME.match(w)]
        if any(re.search(r"[a-z]{2,}", w) for w in words):
            found.append(line.strip())
    return found


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=_name)
def test_every_help_is_french_under_a_french_environment(
    argv: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    english = help_of(argv, monkeypatch, capsys, "en")
    french = help_of(argv, monkeypatch, capsys, "fr")
    assert english.startswith("usage: ") and "show this help message and exit" in english
    assert french.startswith("utilisation : ") and "afficher cette aide et quitter" in french
    for word in ("usage:", "options:", "positional arguments", "show this help"):
        assert word not in french
    english_lines = prose_lines(english)
    assert english_lines  # the check reads the help's words
    french_lines = {line.strip() for line in french.splitlines()}
    assert [line for line in english_lines if line in french_lines] == []


def _pairs(
    en: argparse.ArgumentParser, fr: argparse.ArgumentParser
) -> Iterator[tuple[object, object, str]]:
    """Every text of two parsers of the same command, side by side, and subcommands' too."""
    yield en.description, fr.description, f"{en.prog}: description"
    yield en.epilog, fr.epilog, f"{en.prog}: epilog"
    for group_en, group_fr in zip(en._action_groups, fr._action_groups, strict=True):
        yield group_en.title, group_fr.title, f"{en.prog}: group"
    for a, b in zip(en._actions, fr._actions, strict=True):
        yield a.help, b.help, f"{en.prog} {'/'.join(a.option_strings) or a.dest}"
        if isinstance(a, argparse._SubParsersAction):
            assert isinstance(b, argparse._SubParsersAction)
            for choice_en, choice_fr in zip(a._choices_actions, b._choices_actions, strict=True):
                yield choice_en.help, choice_fr.help, f"{en.prog} {choice_en.dest}"
            for name, sub in a.choices.items():
                yield from _pairs(sub, b.choices[name])


def test_every_text_of_every_parser_has_its_french() -> None:
    with argparse_words("en"):
        en = cli.build_parser(None, "en")
    with argparse_words("fr"):
        fr = cli.build_parser(None, "fr")
    same = [
        where for a, b, where in _pairs(en, fr) if a not in (None, argparse.SUPPRESS) and a == b
    ]
    assert same == []


@pytest.mark.parametrize("argv", [(), ("verify",), ("six-card", "verify"), ("serve",)], ids=_name)
def test_help_is_english_under_the_c_locale(
    argv: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = help_of(argv, monkeypatch, capsys, "en")
    assert out.startswith("usage: ") and "\noptions:\n" in out
    assert "utilisation" not in out and "afficher" not in out


def test_the_program_s_help_says_how_the_language_is_chosen(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    english = help_of((), monkeypatch, capsys, "en")
    french = help_of((), monkeypatch, capsys, "fr")
    assert "LANGUAGE, LC_ALL,\n  LC_MESSAGES and LANG" in english
    assert "LANGUAGE, LC_ALL, LC_MESSAGES et LANG" in french


def test_an_explicit_lang_chooses_the_help_s_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert help_of(("verify", "--lang", "en"), monkeypatch, capsys, "fr").startswith("usage: ")
    assert help_of(("verify", "--lang", "fr"), monkeypatch, capsys, "en").startswith(
        "utilisation : "
    )


def test_verify_s_help_states_the_exit_statuses_in_french(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = help_of(("verify",), monkeypatch, capsys, "fr")
    statuses = out.split("code de sortie :\n", 1)[1].splitlines()
    assert statuses[:3] == [
        "  0  toutes les parties sont conformes",
        "  1  une partie diffère de sa partie rejouée",
        "  2  un fichier est illisible ou n'est pas une partie enregistrée (ou un chemin",
    ]


@pytest.mark.processes
def test_the_program_speaks_the_environment_s_language() -> None:
    def run(lang: str) -> subprocess.CompletedProcess[str]:
        environ = {**session_env(), "PATH": "/usr/bin:/bin", "LANG": lang}
        environ["PYTHONIOENCODING"] = "utf-8"
        return subprocess.run(
            [sys.executable, "main.py", "verify", "--help"],
            capture_output=True,
            text=True,
            encoding="utf-8",
            cwd=ROOT,
            env=environ,
            timeout=60,
            check=False,
        )

    french, english = run("fr_FR.UTF-8"), run("C")
    assert (french.returncode, english.returncode) == (0, 0)
    assert french.stdout.startswith("utilisation : main.py verify")
    assert english.stdout.startswith("usage: main.py verify")


# --- argparse's errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "prog", "french"),
    [
        (["verify"], "main.py verify", "les arguments suivants sont obligatoires : PATH"),
        (
            ["verify", "--format", "xml", "a.yaml"],
            "main.py verify",
            "argument --format : choix invalide : 'xml'",
        ),
        (["verify", "--jobs"], "main.py verify", "argument --jobs : un argument attendu"),
        (["verify", "--nonsense", "a.yaml"], "main.py", "arguments non reconnus : --nonsense"),
        (
            ["six-card", "simulate", "--rounds"],
            "main.py six-card simulate",
            "argument --rounds : un argument attendu",
        ),
    ],
)
def test_argparse_s_errors_are_french_with_the_same_status(
    argv: list[str],
    prog: str,
    french: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as english_done:
        cli.main(argv)
    english = capsys.readouterr().err
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    with pytest.raises(SystemExit) as done:
        cli.main(argv)
    err = capsys.readouterr().err
    assert english_done.value.code == done.value.code == 2
    assert english.startswith(f"{prog}: ") and english.endswith(f"(see {prog} --help)\n")
    assert err.startswith(f"{prog} : ") and french in err
    assert err.endswith(f"(voir {prog} --help)\n") and "error" not in err


def test_an_option_s_value_and_a_missing_path_are_refused_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # short names: a long one is shortened in the message
    english = [
        (["play", "--king-ace", "maybe"], "argument --king-ace: 'maybe' is not on or off"),
        (["verify", "missing.yaml"], "main.py: missing.yaml: no such file or folder"),
        (["six-card", "record", "no/r.yaml"], "no/r.yaml: the folder no does not exist"),
    ]
    french = [
        "argument --king-ace : 'maybe' n'est ni on ni off",
        "main.py : missing.yaml : ni fichier ni dossier de ce nom",
        "no/r.yaml : le dossier no n'existe pas",
    ]
    for (argv, said), dit in zip(english, french, strict=True):
        for lang, words in (("C", said), ("fr_FR.UTF-8", dit)):
            monkeypatch.setenv("LANG", lang)
            try:
                status = cli.main(argv)
            except SystemExit as done:
                status = int(str(done.code))
            assert status == 2
            assert words in capsys.readouterr().err


# --- verify's report ------------------------------------------------------------------------------


@pytest.fixture
def differs(tmp_path: Path) -> Path:
    text = BLOCKED.read_text(encoding="utf-8")
    path = tmp_path / "differs.yaml"
    path.write_text(text.replace("  score: 250\n", "  score: 260\n"), encoding="utf-8")
    return path


def french_difference() -> str:
    n = len(load(BLOCKED).actions)
    return f"à la fin (après le coup {n}) : score 250, attendu 260"


def test_verify_lang_fr_says_the_difference_in_french(
    differs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["verify", "--lang", "fr", str(BLOCKED), str(differs)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines() == [f"ok    {BLOCKED}", f"ÉCHEC {differs} : {french_difference()}"]
    assert cli.main(["verify", str(differs)]) == 1  # the same file in English, same status
    n = len(load(BLOCKED).actions)
    expected = f"FAIL {differs}: at the end (after action {n}): score 250, expected 260\n"
    assert capsys.readouterr().out == expected


def test_verify_speaks_the_environment_s_language(
    differs: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert cli.main(["verify", str(differs)]) == 1
    assert capsys.readouterr().out == f"ÉCHEC {differs} : {french_difference()}\n"
    assert (
        cli.main(["six-card", "verify", str(ROOT / "replays" / "six-card-two-computers.yaml")]) == 0
    )
    assert capsys.readouterr().out.startswith("ok    ")


def test_machine_forms_keep_english_keys_with_french_messages(
    differs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junit = tmp_path / "junit.xml"
    argv = ["verify", "--lang", "fr", "--format", "json", "--junit", str(junit), str(differs)]
    assert cli.main(argv) == 1
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"files", "passed", "differs", "unreadable", "status"}
    assert document["files"][0]["verdict"] == "differs"
    assert document["files"][0]["message"] == french_difference()
    assert f'message="{french_difference()}"' in junit.read_text(encoding="utf-8")
    assert cli.main(["verify", "--lang", "fr", "--format", "tap", str(differs)]) == 1
    tap = capsys.readouterr().out.splitlines()
    assert tap[2:5] == [f"not ok 1 - {differs}", "  ---", "  verdict: differs"]
    assert tap[5] == f"  message: {json.dumps(french_difference())}"


@pytest.mark.window
def test_a_headless_watch_says_the_verdict_in_the_environment_s_language(
    differs: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert cli.main(["watch", "--headless", str(differs)]) == 1
    assert capsys.readouterr().out == f"ÉCHEC {differs} : {french_difference()}\n"
    assert cli.main(["watch", "--headless", "--lang", "en", str(differs)]) == 1
    assert capsys.readouterr().out.startswith(f"FAIL {differs}: at the end (after action ")


def test_verify_says_why_a_file_cannot_be_read_in_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "unreadable.yaml"
    path.write_text("format: 1\nrules: {king_ace: no}\nactions: []\n", encoding="utf-8")
    assert cli.main(["verify", "--lang", "fr", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"ÉCHEC {path} : rules (ligne 2) : clé manquante 'queen_on_king' (attendu : king_ace, "
        "queen_on_king, draw, jokers, empty_waste, scoring)\n"
    )
