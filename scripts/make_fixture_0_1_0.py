# ruff: noqa: I001 - it imports version 0.1.0's modules, which this version no longer has
"""Write the data folder of version 0.1.0 that tests/fixtures/data-0.1.0/ holds.

Run once with version 0.1.0's code (commit 52d198b and before: the modules it imports are gone since); kept to say how the fixture was made.
It plays real games through the records of 0.1.0: statistics under two rule sets, high scores,
a round with three holes finished, a solitaire game and a six-card game in progress.
"""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

from golf.core.record import Clocks
from golf.core.store import Store
from golf.sixcard.autosave import SIX_AUTOSAVE_DOCUMENT, SixSnapshot
from golf.sixcard.codes import format_code as format_six
from golf.sixcard.codes import parse_code as six_code
from golf.sixcard.game import apply as six_apply
from golf.sixcard.game import legal_actions, new_game
from golf.solitaire.autosave import AUTOSAVE_DOCUMENT, Snapshot
from golf.solitaire.codes import parse_code
from golf.solitaire.engine import Action
from golf.solitaire.rules import CLASSIC, EASY
from golf.solitaire.session import Game
from scenes.core.records import Records

WIN_CODE = "GO1-E-AAAAAAA"
SIX_CODE = format_six(99, 2)
WIN_LINE = "241d241d123d426577d5d14d6dd6d745dd1576326d73ddd35d3"


def line(game: Game, moves: str) -> Game:
    for ch in moves:
        action = Action.draw() if ch == "d" else Action.play(int(ch))
        assert game.apply(action) is None, (ch, game.status)
    return game


def blocked(number: int, rules=CLASSIC) -> Game:
    game = Game.new(number, rules)
    while game.status == "playing":
        played = False
        for c in range(1, 8):
            if game.apply(Action.play(c)) is None:
                played = True
                break
        if not played and game.apply(Action.draw()) is not None:
            break
    return game


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    days = iter(date(2026, 3, d) for d in range(1, 29))
    records = Records(folder, today=lambda: next(days))
    records.load()
    won = line(Game.new(parse_code(WIN_CODE).number, EASY), WIN_LINE)
    won.code = WIN_CODE if won.code is None else won.code
    chance = records.record(won)
    assert chance is not None
    records.add_high_score(chance, "ABC")
    for n in (7, 11, 13, 17, 19):
        game = blocked(n)
        chance = records.record(game)
        if chance is not None:
            records.add_high_score(chance, "XYZ")
    for n in (23, 29):
        game = blocked(n, EASY)
        records.record(game)
    rnd = records.new_round(12345, CLASSIC, 9)
    for _ in range(3):
        assert rnd.game is not None
        game = rnd.game
        while game.status == "playing":
            stuck = not any(game.apply(Action.play(c)) is None for c in range(1, 8))
            if stuck and game.apply(Action.draw()) is not None:
                break
        records.finish_hole(rnd)
    assert rnd.game is not None
    rnd.apply(Action.draw())
    records.save_round(rnd)
    store = Store(folder)
    game = Game.new(parse_code("GO1-C-AAAAAAB").number, CLASSIC)
    line(game, "ddd")
    store.save(
        AUTOSAVE_DOCUMENT, Snapshot.of(game, [1.5, 2.0, 0.5], 3.0, 12.5, "2026-03-10T10:00:00")
    )
    six = six_code(SIX_CODE)
    state = new_game(six.number, six.players, six.rules)
    start, log = state, []
    for _ in range(5):
        action = legal_actions(state)[0]
        state = six_apply(state, action)
        log.append(action)
    store.save(
        SIX_AUTOSAVE_DOCUMENT,
        SixSnapshot.of(
            start,
            log,
            state,
            ("human", "easy"),
            "fast",
            [1.0] * 5,
            Clocks(2.0),
            "2026-03-11T09:00:00",
        ),
    )
    print("written", sorted(p.name for p in folder.iterdir()))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
