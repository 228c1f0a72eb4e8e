"""The play session: actions go through the game's own apply and every listener hears each step."""

from __future__ import annotations

from golf.core.play import PlaySession, Step
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import PRESETS
from golf.solitaire.session import Game, Refusal

Heard = Step[Action, Position, Refusal]


class Ear:
    def __init__(self, name: str, log: list[tuple[str, Heard]]) -> None:
        self.name, self.log = name, log

    def heard(self, step: Heard) -> None:
        self.log.append((self.name, step))


def _session() -> tuple[Game, PlaySession[Action, Position, Refusal]]:
    game = Game.new(0, PRESETS["classic"])
    return game, PlaySession(game, lambda: game.position)


def test_listeners_hear_each_applied_step_in_the_order_they_were_added() -> None:
    game, session = _session()
    log: list[tuple[str, Heard]] = []
    session.listen(Ear("first", log))
    session.listen(Ear("second", log))
    start = game.position
    step = session.act(Action.draw())
    assert step.applied and step.before == start and step.after == game.position != start
    assert [name for name, _ in log] == ["first", "second"]
    assert all(heard is step for _, heard in log)


def test_a_refused_action_changes_nothing_and_is_heard_with_its_refusal() -> None:
    game, session = _session()
    log: list[tuple[str, Heard]] = []
    session.listen(Ear("only", log))
    start = game.position
    covered = next(Action.play(c) for c in range(1, 8) if game.refusal(Action.play(c)) is not None)
    step = session.act(covered)
    assert not step.applied and isinstance(step.refusal, Refusal)
    assert step.before == step.after == start == game.position
    assert log == [("only", step)]
