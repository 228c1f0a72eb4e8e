"""The six-card table's parts (scenes.sixcard.table and its listeners, drivers and view): every
action goes through one play session whose listeners hear it, a seat can be driven from
elsewhere than this screen, and the watch drives a table rather than being one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.core.play import Step
from golf.sixcard.actions import Action
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import Refusal, State
from golf.sixcard.replay import load
from golf.sixcard.seating import SixSetup
from golf.sixcard.view import seat_view
from scenes.sixcard.drivers import TableCourse
from scenes.sixcard.table import SixTableScene
from scenes.sixcard.watch import SixWatchScene
from tests.window.test_ui_six import UI, _make_ui

SAMPLE = Path(__file__).resolve().parents[2] / "replays" / "six-card-two-computers.yaml"
COMPUTERS = SixSetup(players=3, kinds=("easy", "medium", "hard") * 2, speed="fast", number=321)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[UI]:
    yield _make_ui(tmp_path)
    pygame.event.clear()


class _Heard:
    def __init__(self) -> None:
        self.steps: list[Step[Action, State, Refusal]] = []

    def heard(self, step: Step[Action, State, Refusal]) -> None:
        self.steps.append(step)


def _sit(ui: UI, setup: SixSetup) -> SixTableScene:
    table = SixTableScene(ui.app, setup)
    ui.app.scenes.reset(table, fade=False)
    ui.frames(1)
    return table


def test_every_action_of_the_computers_reaches_a_listener(ui: UI) -> None:
    table = _sit(ui, COMPUTERS)
    heard = _Heard()
    table.session.listen(heard)
    ui.frames(120)
    assert len(table.match.log) >= 6
    assert [s.action for s in heard.steps] == table.match.log
    assert all(s.applied for s in heard.steps)
    assert heard.steps[-1].after == table.state
    refused = table.act(Action.parse("knock"))  # no knocking under these rules: refused, heard
    assert refused is not None and heard.steps[-1].refusal == refused


class _Elsewhere:
    """A seat whose actions arrive from elsewhere: none for a while, then a computer's."""

    def __init__(self) -> None:
        self.asked = 0
        self.decider = make_opponent("easy", 1)

    def action(self, state: State) -> Action | None:
        self.asked += 1
        if self.asked < 5:
            return None  # nothing has arrived yet: the table waits
        seat = state.to_move
        assert seat is not None
        return self.decider.decide(seat_view(state, seat))


def test_a_seat_driven_from_elsewhere_plays_when_its_action_arrives(ui: UI) -> None:
    table = _sit(ui, COMPUTERS)
    seat = table.state.to_move
    assert seat is not None
    elsewhere = _Elsewhere()
    course = table.driver
    assert isinstance(course, TableCourse)
    table.driver = TableCourse(table, {**course.seats, seat: elsewhere})
    for _ in range(200):
        ui.frames(1)
        if table.match.log:
            break
    assert elsewhere.asked >= 5 and len(table.match.log) == 1  # after four unanswered asks


def test_the_watch_drives_a_table_of_its_own(ui: UI) -> None:
    ui.app.flow.watch(load(SAMPLE))
    ui.frames(1)
    watch = ui.top
    assert isinstance(watch, SixWatchScene) and not isinstance(watch, SixTableScene)
    table = watch.table
    assert table.watching and table.driver is watch and table.keeper is None
    assert not table.opponents and table.person_to_act is None
    ui.frames(60)
    assert watch.index > 0 and table.match.log == list(watch.replay.actions[: watch.index])
