"""The output of ``solve``, ``survey``, ``six-card simulate``, ``record``, ``new-code`` and what
``serve`` says on start, in English and French (issue 35): each speaks the run's language
(``--lang``, else the environment's), its numbers as that language writes them; ``--json`` keeps
its English keys, and the lines of ``serve`` that programs read stay the same in every language.

Each command runs here, in this process (``golfcli.commands.main``): a deal or two, a game or
two, and ``serve`` with stand-ins for its server (no socket is opened)."""

from __future__ import annotations

import json
import re
import types
from pathlib import Path
from typing import Any

import pytest

from golf.core.translations import grouped
from golfcli import commands as cli


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment asks for French (the C locale otherwise: tests/cli/conftest.py)."""
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")


# --- solve ----------------------------------------------------------------------------------------

WINNABLE = "GO1-E-AAAAAAB"
"""An Easy deal the solver wins in 47 actions."""


@pytest.mark.usefixtures("french")
def test_solve_says_a_winnable_deal_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", WINNABLE], capsys)
    lines = out.splitlines()
    assert status == 0 and lines[0] == WINNABLE
    assert re.fullmatch(
        r"gagnable en 47 coups : play \d, (play \d|draw)(, (play \d|draw))*", lines[1]
    )
    assert re.fullmatch(r"états : \d+ ; secondes : \d+,\d{3}", lines[2]), lines[2]
    assert len(lines) == 3


def test_solve_is_english_under_the_c_locale(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", WINNABLE], capsys)
    lines = out.splitlines()
    assert status == 0 and lines[0] == WINNABLE
    assert re.fullmatch(
        r"winnable in 47 actions: play \d, (play \d|draw)(, (play \d|draw))*", lines[1]
    )
    assert re.fullmatch(r"states: \d+; seconds: \d+\.\d{3}", lines[2]), lines[2]


UNDECIDED = ["solve", "GO1-C-AAAAAAF", "--max-states", "5"]
"""A Classic deal whose state budget runs out: the best found, 4 cards removed in 7 actions."""


@pytest.mark.usefixtures("french")
def test_solve_says_an_undecided_deal_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(UNDECIDED, capsys)
    lines = out.splitlines()
    assert status == 1
    assert lines[1] == (
        "non tranché (limite d'états atteinte) ; meilleur résultat : 4 cartes retirées, "
        "31 restantes (le meilleur trouvé, sans preuve)"
    )
    assert lines[2].startswith("suite (7 coups) : play ")
    assert re.fullmatch(r"états : 6 ; secondes : \d+,\d{3}", lines[3]), lines[3]


def test_solve_says_an_undecided_deal_in_english_as_before(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(UNDECIDED, capsys)
    lines = out.splitlines()
    assert status == 1
    assert lines[1] == (
        "undecided (state budget); best result: 4 cards removed, 31 left (best found, not proven)"
    )
    assert lines[2].startswith("line (7 actions): play ")
    assert re.fullmatch(r"states: 6; seconds: \d+\.\d{3}", lines[3]), lines[3]


def test_an_explicit_lang_wins_over_the_environment_for_solve(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run([*UNDECIDED, "--lang", "fr"], capsys)[1].splitlines()[1].startswith("non tranché ")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert run([*UNDECIDED, "--lang", "en"], capsys)[1].splitlines()[1].startswith("undecided ")


@pytest.mark.usefixtures("french")
def test_solve_json_keeps_its_english_keys_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([*UNDECIDED, "--json"], capsys)
    data = json.loads(out)
    assert status == 1 and data["winnable"] is None and data["best_removed"] == 4
    assert set(data) == {
        "code",
        "rules",
        "winnable",
        "solution",
        "best_removed",
        "states",
        "seconds",
    }


# --- survey ---------------------------------------------------------------------------------------

SURVEY = ["survey", "--deals", "0-1", "--jobs", "1"]
"""Two Easy deals, solved in this process."""


@pytest.mark.usefixtures("french")
def test_survey_reports_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(SURVEY, capsys)
    lines = out.splitlines()
    assert status == 0 and len(lines) == 3
    assert lines[0] == "donnes 0-1, règles : easy"
    assert lines[1] == "tranchées 100,0 % ; gagnables 100,0 %"
    assert re.fullmatch(
        r"temps processeur par donne : médiane \d+,\d ms, p95 \d+,\d ms, max \d+,\d ms ; "
        r"états en moyenne \d+",
        lines[2],
    ), lines[2]
    assert err == "donnes résolues : 2/2\n"  # not a terminal: one final line, no bar


def test_survey_reports_in_english_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(SURVEY, capsys)
    lines = out.splitlines()
    assert status == 0
    assert lines[:2] == ["deals 0-1, rules: easy", "decided 100.0 %; winnable 100.0 %"]
    assert re.fullmatch(
        r"processor time per deal: median \d+\.\d ms, p95 \d+\.\d ms, max \d+\.\d ms; "
        r"mean states \d+",
        lines[2],
    ), lines[2]
    assert err == "deals solved: 2/2\n"


@pytest.mark.usefixtures("french")
def test_survey_names_a_variant_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["survey", "--deals", "3", "--jobs", "1", "--jokers", "1"], capsys)
    assert status == 0
    assert re.fullmatch(r"donnes 3-3, règles : variante V\w+", out.splitlines()[0])


@pytest.mark.usefixtures("french")
def test_survey_json_keeps_its_english_keys_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([*SURVEY, "--json"], capsys)
    data = json.loads(out)
    assert status == 0 and data["deals"] == 2 and data["win_percent"] == 100.0


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize(
    ("deals", "said"),
    [
        ("x", "'x' n'est pas une plage de numéros de donnes comme 0-999 (chiffres 0-9)"),
        ("9-2", "'9-2' : les numéros de donnes vont de 0 à 8031810175, le plus petit d'abord"),
        (
            "0-8031810175",
            f"'0-8031810175' fait {grouped(8031810176, 'fr')} donnes, plus que les "
            f"{grouped(1_000_000, 'fr')} d'une étude (à environ 13 ms de temps processeur par "
            f"donne, {grouped(1_000_000, 'fr')} prennent environ 4 heures sur un processus)",
        ),
    ],
)
def test_survey_refuses_a_range_in_french(
    deals: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["survey", "--deals", deals])
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert "argument --deals : " + said in err and err.count("\n") == 1


# --- six-card simulate, record, new-code ------------------------------------------------------------

SIMULATE = ["six-card", "simulate", "--players", "3", "--ai", "hard,medium,easy", "--rounds", "2"]


@pytest.mark.usefixtures("french")
def test_simulate_prints_its_table_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(SIMULATE, capsys)
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "six-card simulate : 3 joueurs, 9 trous, VC, 2 parties, graine 0"
    assert lines[1] == "place  niveau  total moyen  erreur type  victoires"
    rows = [
        re.fullmatch(r" +(\d) {2}(\w+) +(-?\d+,\d) +(\d+,\d\d) +(\d+,\d) %", line)
        for line in lines[2:5]
    ]
    assert [(m[1], m[2]) for m in rows if m] == [("1", "hard"), ("2", "medium"), ("3", "easy")]
    assert all(len(line) == len(lines[1]) + 2 for line in lines[2:5])  # the columns line up
    assert re.fullmatch(
        r"total moyen par niveau : hard -?\d+,\d ; medium -?\d+,\d ; easy -?\d+,\d "
        r"\(par trou : divisez par 9\)",
        lines[5],
    ), lines[5]
    assert re.fullmatch(r"\(\d+,\d s\)\n", err)


def test_simulate_prints_its_table_in_english_as_before(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run([*SIMULATE[:-1], "1"], capsys)
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "six-card simulate: 3 players, 9 holes, VC, 1 game, seed 0"
    assert lines[1] == "seat  ai      mean total  std error   wins"
    assert re.fullmatch(r"   1  hard    +-?\d+\.\d +\d+\.\d\d +\d+\.\d%", lines[2]), lines[2]
    assert lines[5].startswith("mean total by level: hard ") and "; medium " in lines[5]
    assert re.fullmatch(r"\(\d+\.\d s\)\n", err)


@pytest.mark.usefixtures("french")
def test_record_says_the_game_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.yaml"
    argv = ["six-card", "record", str(path), "--code", "G6-2-AAAAAAB-VK", "--ai", "hard,easy"]
    status, out, _ = run(argv, capsys)
    assert status == 0 and path.is_file()
    assert re.fullmatch(
        r"G6-2-AAAAAAB-VK : \d+ coups, totaux -?\d+, -?\d+ ; "
        r"gagnée par (la place [12]|les places 1, 2)\n",
        out,
    ), out
    status, out, _ = run([*argv, "--lang", "en"], capsys)
    assert status == 0
    assert re.fullmatch(
        r"G6-2-AAAAAAB-VK: \d+ actions, totals -?\d+, -?\d+; won by (seat [12]|seats 1, 2)\n", out
    ), out


@pytest.mark.usefixtures("french")
def test_six_card_refusals_are_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refusals = [
        (
            ["six-card", "new-code", "--players", "2", "--grid", "9"],
            "six-card : une partie à 9 cartes se joue de 3 à 6 joueurs, pas 2\n",
        ),
        (
            ["six-card", "record", str(tmp_path / "g.yaml"), "--players", "3", "--ai", "hard,easy"],
            "six-card : --ai nomme 2 niveaux pour 3 joueurs\n",
        ),
        (
            ["six-card", "simulate", "--players", "3", "--ai", "hard,easy", "--rounds", "1"],
            "six-card : --ai nomme 2 niveaux pour 3 joueurs\n",
        ),
    ]
    for argv, said in refusals:
        assert run(argv, capsys) == (2, "", said), argv
    assert not (tmp_path / "g.yaml").exists()
    for option, said in [
        (("--players", "1"), "argument --players : '1' : il faut de 2 à 7 joueurs"),
        (("--ai", "genius"), "argument --ai : 'genius' n'est pas un niveau (attendu : easy,"),
    ]:
        with pytest.raises(SystemExit) as info:
            cli.main(["six-card", "simulate", *option])
        assert info.value.code == 2 and said in capsys.readouterr().err


def test_new_code_prints_the_same_code_in_every_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["six-card", "new-code", "--players", "5", "--seed", "3"]
    english = run(argv, capsys)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert run(argv, capsys) == english and english[1].startswith("G6-5-")


# --- serve ----------------------------------------------------------------------------------------


class _Server:
    """A stand-in for ``golfnet.server.GolfServer``: listens nowhere."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    async def start(self, host: str, port: int) -> None:
        self.port_number = port

    def port(self) -> int:
        return self.port_number

    async def stop(self) -> None:
        pass


class _Listener(_Server):
    """A stand-in for ``golfnet.metrics.MetricsListener``."""


class _Interrupted:
    """``asyncio.Event`` as ``serve`` waits on it: the wait is interrupted (Ctrl+C) at once."""

    async def wait(self) -> None:
        raise KeyboardInterrupt


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve`` runs with stand-ins for its server and its figures' listener, and stops as if
    interrupted once it has said where it serves: no socket is opened."""
    import asyncio

    from golfcli import serve

    monkeypatch.setattr("golfnet.server.GolfServer", _Server)
    monkeypatch.setattr("golfnet.server.settle", lambda: None)  # no gc.freeze in the tests
    monkeypatch.setattr("golfnet.metrics.MetricsListener", _Listener)
    monkeypatch.setattr(
        serve, "asyncio", types.SimpleNamespace(run=asyncio.run, Event=_Interrupted)
    )


SERVE = ["serve", "--port", "18765", "--metrics-port", "18766"]


@pytest.mark.usefixtures("served", "french")
def test_serve_says_how_to_open_it_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(SERVE, capsys)
    lines = out.splitlines()
    assert status == 0 and len(lines) == 4
    # the lines programs read are the same in every language
    assert lines[0] == "six-card Golf server on ws://127.0.0.1:18765"
    assert lines[1].startswith("at most ") and " connections" in lines[1]
    assert lines[2].startswith(
        "Seule cette machine peut se connecter. Pour jouer sur le réseau local : "
        "golf serve --host 0.0.0.0 (et laissez passer le port dans le pare-feu) ; "
    )
    assert lines[3] == (
        "chiffres sur http://127.0.0.1:18766/metrics, état de santé sur http://127.0.0.1:18766/healthz"
    )


@pytest.mark.usefixtures("served")
def test_serve_says_how_to_open_it_in_english_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(SERVE, capsys)
    lines = out.splitlines()
    assert status == 0 and lines[0] == "six-card Golf server on ws://127.0.0.1:18765"
    assert lines[2].startswith("Only this machine can connect. To play over the local network: ")
    assert lines[3] == (
        "figures on http://127.0.0.1:18766/metrics, health on http://127.0.0.1:18766/healthz"
    )
    assert run([*SERVE, "--lang", "fr"], capsys)[1].splitlines()[2].startswith("Seule ")


@pytest.mark.usefixtures("french")
def test_serve_refuses_options_in_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cert = tmp_path / "cert.pem"
    cert.write_text("not a certificate", encoding="utf-8")
    status, out, err = run(["serve", "--tls-cert", str(cert)], capsys)
    assert (status, out) == (2, "")
    assert err.endswith(" : --tls-cert et --tls-key vont ensemble (le certificat et sa clé)\n")
    status, _, err = run(["serve", "--metrics-host", "127.0.0.1"], capsys)
    assert status == 2 and err.endswith(
        " : --metrics-host va avec --metrics-port (où les chiffres sont servis)\n"
    )
    for option, said in [
        (
            ("--host", "a b"),
            "'a b' n'est pas une adresse (une adresse IP ou un nom d'hôte, en ASCII)",
        ),
        (("--first-letters", "Z-A"), "'Z-A' n'est pas un ensemble de lettres des codes ("),
    ]:
        with pytest.raises(SystemExit) as info:
            cli.main(["serve", *option])
        assert info.value.code == 2 and said in capsys.readouterr().err


@pytest.mark.parametrize("command", ["solve", "chance", "describe"])
def test_a_wrong_game_code_is_refused_in_the_run_s_language(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for lang, said in (("C", "'7' is not a game code"), ("fr_FR.UTF-8", "n'est pas un code")):
        monkeypatch.setenv("LANG", lang)
        status, out, err = run([command, "7"], capsys)
        assert status == 2 and out == ""
        assert said in err and "GO1-E-AAAAAAA" in err and len(err.splitlines()) == 1
