"""The record of play both games share (golf.core.record, golf.core.codes, scenes.core.recorder,
scenes.core.records' JournalGame): an autosave written by version 0.1.0 is still read and
continued (imported into the journal of play), the games in the journal carry their clocks and
replay file, the recorder listens to a play session and the table writes each action it accepts
to the journal, and the code errors and deal letters are one."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from golf.core.codes import CodeError, letters, number_of
from golf.core.play import PlaySession
from golf.core.record import Clocks
from golf.core.version import stamp
from golf.journal.kept_sixcard import SIX_AUTOSAVE_DOCUMENT
from golf.journal.kept_solitaire import AUTOSAVE_DOCUMENT
from golf.sixcard.actions import Action as SixAction
from golf.sixcard.codes import SixCodeError
from golf.sixcard.codes import parse_code as parse_six_code
from golf.sixcard.game import Match, legal_actions
from golf.sixcard.replay import load as load_six
from golf.sixcard.replay import verify as verify_six
from golf.solitaire.codes import CodeError as SolitaireCodeError
from golf.solitaire.codes import parse_code
from golf.solitaire.engine import Action
from golf.solitaire.rules import CLASSIC
from golf.solitaire.session import Game
from scenes.sixcard import keeping
from scenes.sixcard.recorder import SixRecorder
from scenes.solitaire.recorder import Recorder
from scenes.title import TitleScene
from tests.ui_driver import Driver, make_driver

# Written by the version before the shared record (a player upgrading must lose nothing).
OLD_SOLITAIRE = (
    '{"version":1,"code":"GO1-C-AAAAAET","actions":["draw","undo","draw","undo","draw"],'
    '"times":[0.5,1.25,0.25,2.0,0.125],"since":0.75,"elapsed":42.5,'
    '"started":"2026-11-30T10:15:00","replay":"2026-11-30T10-15-00_GO1-C-AAAAAET.yaml",'
    '"check":{"moves":3,"undo_depth":1,"columns":[[1,39,34,25,11],[48,35,4,16,0],'
    "[20,37,36,45,49],[14,33,41,50,10],[29,28,38,21,17],[27,47,26,51,3],[24,42,31,44,9]],"
    '"waste":[18,13],"stock":[23,6,32,22,19,43,5,46,12,7,2,8,40,30,15]}}\n'
)
OLD_SIX_CARD = (
    '{"version":1,"code":"G6-3-AAAAGHE","kinds":["human","easy","hard"],"speed":"fast",'
    '"actions":["flip 1 2","flip 2 3","flip 1 1","flip 2 1","flip 1 1","flip 2 2",'
    '"take discard","replace 2 1"],"times":[0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5],'
    '"check":{"hole":1,"phase":"turn","to_move":2,"turns":1,"grids":[[7,33,49,48,50,5],'
    "[39,26,8,40,35,14],[45,34,52,29,28,47]],"
    '"up":[17,42,9],"peeked":[0,0,0],"stock":[18,13,41,0,10,6,2,11,3,44,37,15,20,12,16,32,'
    '51,25,4,30,9,19,42,24,23,53,36,43,38,46,21,31,22,27,17],"discard":[1],"drawn":null,'
    '"scores":[]}}\n'
)


def test_an_autosave_of_the_earlier_version_is_read() -> None:
    saved, version = AUTOSAVE_DOCUMENT.from_data(json.loads(OLD_SOLITAIRE))
    assert version == 1 and saved is not None
    assert saved.code == "GO1-C-AAAAAET" and [str(a) for a in saved.actions][-1] == "draw"
    assert saved.clocks == Clocks(0.75, 42.5) and saved.started == "2026-11-30T10:15:00"
    assert saved.replay == "2026-11-30T10-15-00_GO1-C-AAAAAET.yaml"
    game = saved.game()
    assert game.moves == 3 and game.undo_depth == 1
    # written again, it is the same file, now saying which program wrote it
    again = json.loads(AUTOSAVE_DOCUMENT.to_text(saved))
    assert again.pop("program") == stamp()
    assert again == json.loads(OLD_SOLITAIRE)


def test_a_six_card_autosave_of_the_earlier_version_is_read_without_clocks() -> None:
    saved, version = SIX_AUTOSAVE_DOCUMENT.from_data(json.loads(OLD_SIX_CARD))
    assert version == 1 and saved is not None
    assert saved.kinds == ("human", "easy", "hard") and saved.speed == "fast"
    assert saved.clocks == Clocks() and saved.started == "" and saved.file is None
    start, now = saved.states()
    assert start.code == "G6-3-AAAAGHE" and now.to_move == 2 and len(saved.actions) == 8


def test_continue_restores_an_old_solitaire_autosave(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "autosave.json").write_text(OLD_SOLITAIRE, encoding="utf-8")
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    driver.app.replays_dir = tmp_path / "replays"
    title = driver.top
    assert isinstance(title, TitleScene) and title.saved is not None
    driver.key(pygame.K_RETURN, text="\r")
    driver.frames(2)
    table = driver.table
    assert table.game.code == "GO1-C-AAAAAET" and table.game.undo_depth == 1
    assert table.elapsed == pytest.approx(42.5, abs=0.2)
    assert table.recorder is not None and table.recorder.started == "2026-11-30T10:15:00"
    assert table.recorder.path == tmp_path / "replays" / "2026-11-30T10-15-00_GO1-C-AAAAAET.yaml"


def test_continue_restores_an_old_six_card_autosave(tmp_path: Path) -> None:
    from scenes.sixcard.setup import SixSetupScene
    from scenes.sixcard.table import SixTableScene

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / SIX_AUTOSAVE_DOCUMENT.name).write_text(OLD_SIX_CARD, encoding="utf-8")
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    driver.app.replays_dir = tmp_path / "replays"
    driver.app.flow.open_six_card()
    driver.loop.step(pygame.event.get(), 0.1)
    setup = driver.app.scenes.top
    assert isinstance(setup, SixSetupScene) and setup.saved is not None
    setup.play_saved()
    driver.loop.step(pygame.event.get(), 0.1)
    table = next(s for s in driver.app.scenes.stack if isinstance(s, SixTableScene))
    assert [str(a) for a in table.match.log] == json.loads(OLD_SIX_CARD)["actions"]
    assert table.recorder.times[:8] == [0.5] * 8
    # the same seats and pace
    assert table.setup.seats == ("human", "easy", "hard") and table.setup.speed == "fast"
    # the file is read, never changed: the journal holds the game from now on
    assert (tmp_path / "data" / SIX_AUTOSAVE_DOCUMENT.name).read_text() == OLD_SIX_CARD


def _six_driver(tmp_path: Path) -> Driver:
    from tests.window.test_sixcard_kept import _driver

    return _driver(tmp_path)


def test_a_six_card_game_left_in_play_keeps_its_clocks_and_replay_file(tmp_path: Path) -> None:
    from tests.window.test_sixcard_kept import _play_table, _sit

    driver = _six_driver(tmp_path)
    table = _sit(driver)
    _play_table(driver, table, 6)
    recorder = table.recorder
    recorder.tick(1.25)  # a moment after the last action, the window closes
    since = recorder.since
    driver.app.flow.leave_games(quitting=True)
    saved, _ = keeping.pending(_six_driver(tmp_path).app)
    assert saved is not None and saved.actions == tuple(table.match.log)
    assert saved.since == pytest.approx(since, abs=1e-3) and saved.since >= 1.25
    assert saved.elapsed == pytest.approx(sum(recorder.times), abs=1e-3)
    assert saved.started == recorder.started
    assert recorder.path is not None and saved.file == recorder.path.name


def match_action(match: Match) -> SixAction:
    """The first action the rules allow (a computer's choice is not needed here)."""
    return legal_actions(match.state)[0]


def test_both_autosaves_share_one_reader(tmp_path: Path) -> None:
    """The same hostile body is refused the same way by either game's document."""
    for document, text in (
        (AUTOSAVE_DOCUMENT, OLD_SOLITAIRE),
        (SIX_AUTOSAVE_DOCUMENT, OLD_SIX_CARD),
    ):
        body = json.loads(text)
        body["times"] = body["times"][:-1]
        with pytest.raises(ValueError, match=r"^times: "):
            document.from_data(body)
        body = json.loads(text)
        body["replay"] = "../elsewhere.yaml"
        with pytest.raises(ValueError, match=r"^replay: expected a plain file name"):
            document.from_data(body)


# ----------------------------------------------------------------------------- the recorder


def test_the_recorder_listens_to_a_play_session(tmp_path: Path) -> None:
    game = Game.new(5, CLASSIC)
    recorder = Recorder(game, tmp_path, now=lambda: datetime(2026, 12, 1, 20, 0, 0))
    session = PlaySession(game, lambda: game.position)
    session.listen(recorder)
    recorder.tick(1.5)
    session.act(Action.draw())
    recorder.tick(0.25)
    covered = next(Action.play(c) for c in range(1, 8) if game.refusal(Action.play(c)))
    session.act(covered)  # refused: no time taken
    recorder.tick(0.5)
    session.act(Action.draw())
    assert recorder.times == [1.5, 0.75]
    path = recorder.save()
    assert path == tmp_path / "2026-12-01T20-00-00_GO1-C-AAAAAAF.yaml"


def test_the_table_writes_each_accepted_action_to_the_journal(tmp_path: Path) -> None:
    """Each action the table accepts is in the journal when the next frame starts, with the
    pause the recorder measured; a refused one is not."""
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    driver.app.replays_dir = tmp_path / "replays"
    driver.app.flow.start_game(Game.new(5, CLASSIC))
    driver.frames(2)
    table = driver.table
    journal = driver.app.records.journal

    def written() -> list[tuple[str, ...]]:
        return [kept.actions for kept in journal.kept("solitaire")]

    assert written() == []  # dealt, nothing played: nothing to continue
    driver.act(Action.draw())
    assert written() == [("draw",)]
    covered = next(Action.play(c) for c in range(1, 8) if table.game.refusal(Action.play(c)))
    driver.act(covered)
    assert written() == [("draw",)]
    driver.frames(3)
    driver.act(Action.draw())
    assert written() == [("draw", "draw")]
    (kept,) = journal.kept("solitaire")
    assert table.recorder is not None
    assert kept.times == pytest.approx(tuple(table.recorder.times), abs=1e-3)
    assert kept.code == table.game.code and journal.finished_count() == 0


def test_the_six_card_recorder_times_the_table_and_names_the_file_by_its_start(
    tmp_path: Path,
) -> None:
    match = Match.new(4242, 3)
    recorder = SixRecorder(match, tmp_path, now=lambda: datetime(2026, 12, 1, 20, 0, 0))
    while not match.state.over:
        recorder.tick(0.5)
        match.apply(match_action(match))
        recorder.note()
    path = recorder.save_with_seats(["You", "Ann (easy)", "Bob (hard)"])
    assert path == tmp_path / "six-card" / f"2026-12-01T20-00-00_{match.code}.yaml"
    replay = load_six(path)
    assert verify_six(replay) == [] and replay.seats[0] == "You"
    assert replay.times == (0.5,) * len(match.log) and replay.recorded == "2026-12-01T20:00:00"


def test_a_continued_six_card_recorder_keeps_the_earlier_pauses() -> None:
    match = Match.new(4242, 3)
    for _ in range(3):
        match.apply(match_action(match))
    assert SixRecorder(match, None, [1.0]).times == [1.0, 0.0, 0.0]


# ----------------------------------------------------------------------------- the codes


def test_the_code_errors_are_one_kind() -> None:
    with pytest.raises(SolitaireCodeError) as solitaire:
        parse_code("GO1-X-AAAAAAA")
    with pytest.raises(SixCodeError) as six:
        parse_six_code("G6-9-AAAAAAA")
    assert isinstance(solitaire.value, CodeError) and isinstance(six.value, CodeError)
    assert not isinstance(six.value, SolitaireCodeError)
    assert "is not a game code" in solitaire.value.text("en")
    assert "n'est pas un code de Golf à six cartes" in six.value.text("fr")


@pytest.mark.parametrize("number", [0, 1, 25, 26, 12345, 26**7 - 1])
def test_the_deal_letters_round_trip(number: int) -> None:
    assert number_of(letters(number)) == number and len(letters(number)) == 7


def test_the_six_card_table_records_through_the_recorder(tmp_path: Path) -> None:
    """The table's pauses come from the window's frame times, and the game the journal keeps
    is its recording with the recorder's clock."""
    from tests.window.test_sixcard_kept import _play_table, _sit

    driver = _six_driver(tmp_path)
    table = _sit(driver)
    _play_table(driver, table, 6)
    recorder = table.recorder
    assert len(recorder.times) == len(table.match.log)
    assert all(t == pytest.approx(round(t / 0.1) * 0.1) for t in recorder.times)  # frames of 0.1 s
    saved, _ = keeping.pending(driver.app)
    assert saved is not None and saved.times == pytest.approx(tuple(recorder.times), abs=1e-3)
    assert saved.started == recorder.started and saved.file is not None
    assert recorder.path is not None and recorder.path.name == saved.file
