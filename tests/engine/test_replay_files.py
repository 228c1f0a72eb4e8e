"""The replay files shipped in replays/: each verifies headless, and together they cover the
games the product promises (SPEC §5), including the seeds' worked examples as scripts."""

from __future__ import annotations

from pathlib import Path

import pytest

from golf.core.cards import ACE, KING, parse_card, rank
from golf.solitaire import engine
from golf.solitaire.codes import parse_code
from golf.solitaire.engine import Action
from golf.solitaire.replay import Replay, load, verify
from golf.solitaire.rules import CLASSIC, EASY, STRICT
from golf.solitaire.session import Game
from tests import seeds_example as seeds

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = ROOT / "replays"
SEED_TEXTS = ROOT.parent / "shared" / "seeds"
# the solitaire samples (the six-card one is checked in tests/window/test_sixcard_watch.py)
FILES = sorted(p for p in REPLAYS.glob("*.yaml") if "game: six-card" not in p.read_text("utf-8"))


def replay(name: str) -> Replay:
    return load(REPLAYS / name)


def test_there_are_replays() -> None:
    assert len(FILES) >= 9


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_replay_verifies(path: Path) -> None:
    assert verify(load(path)) == []


def recorded() -> list[Replay]:
    return [r for r in map(load, FILES) if r.code is not None]


def test_an_easy_win() -> None:
    assert any(
        r.rules == EASY and r.result is not None and r.result.outcome == "won" for r in recorded()
    )


def test_a_blocked_classic_game() -> None:
    games = [
        r for r in recorded() if r.rules == CLASSIC and r.result and r.result.outcome == "blocked"
    ]
    assert games
    for r in games:
        assert r.result is not None
        removed = r.result.removed
        assert r.result.score == max(0, 10 * removed - 10 * (35 - removed))


def test_a_game_with_undos() -> None:
    assert any(
        Action.undo() in r.actions and r.result and r.result.outcome == "won" for r in recorded()
    )


def test_a_strict_rules_game_scored_in_strokes() -> None:
    games = [r for r in recorded() if r.rules == STRICT]
    assert games
    for r in games:
        assert r.result is not None
        expected = -r.result.stock if r.result.outcome == "won" else 35 - r.result.removed
        assert r.result.score == expected


def test_a_jokers_game() -> None:
    assert any(r.rules.jokers > 0 and r.result and r.result.outcome == "won" for r in recorded())


def test_the_king_ace_win_needs_the_link() -> None:
    r = replay("easy-win-needs-king-ace.yaml")
    assert r.rules == EASY and r.result is not None and r.result.outcome == "won"
    assert r.code is not None
    number = parse_code(r.code).number
    # The line plays an Ace on a King or a King on an Ace...
    position = engine.deal(number, EASY)
    links = 0
    for action in r.actions:
        if action.kind == "play":
            card = position.columns[action.column - 1][-1]
            assert position.waste_top is not None
            links += {rank(card), rank(position.waste_top)} == {ACE, KING}
        position = engine.apply(position, action, EASY)
    assert links > 0
    # ...and the same line is refused under Classic.
    game = Game.new(number, CLASSIC)
    refusals = [game.apply(action) for action in r.actions]
    first = next(x for x in refusals if x is not None)
    assert first.text("en") == "Must be one rank higher or lower"


# --- the seeds' worked examples -------------------------------------------------------------------


def seeds_start(rules_name: str) -> engine.Position:
    rules = EASY if rules_name == "easy" else CLASSIC
    return engine.layout(
        [[parse_card(t) for t in col.split()] for col in seeds.COLUMNS],
        [parse_card(seeds.WASTE)],
        [parse_card(t) for t in seeds.STOCK.split()],
        rules,
    )


WIN = [Action.parse(a) for a in f"{seeds.WIN_TO_MOVE_34}, {seeds.WIN_FROM_MOVE_35}".split(",")]


def test_seeds_draw_and_play_script() -> None:
    r = replay("seeds-draw-and-play.yaml")
    assert r.layout == seeds_start("easy")
    texts = {(cp.after, cp.position_en, cp.position_fr) for cp in r.checkpoints if cp.position_fr}
    n = len(r.actions)
    assert (0, seeds.INITIAL_EN, seeds.INITIAL_FR) in texts
    assert (n, seeds.AFTER_FIRST_MOVES_EN, seeds.AFTER_FIRST_MOVES_FR) in texts
    assert r.actions[-3:] == tuple(Action.parse(a) for a in seeds.FIRST_MOVES.split(","))
    refusals = {(r.actions[cp.after - 1], cp.refusal) for cp in r.checkpoints if cp.refusal}
    assert (Action.play(1), "Must be one rank higher or lower") in refusals
    assert (Action.play(1, 4), "This card is blocked") in refusals
    assert (Action.play(1), "Doit être d'un rang supérieur ou inférieur") in refusals
    assert (Action.play(1, 4), "Cette carte est bloquée") in refusals


def test_seeds_easy_win_script() -> None:
    r = replay("seeds-easy-win.yaml")
    assert r.layout == seeds_start("easy")
    assert list(r.actions) == WIN and len(WIN) == 47
    at_34 = next(cp for cp in r.checkpoints if cp.after == 34)
    assert (at_34.position_en, at_34.position_fr) == (seeds.MOVE_34_EN, seeds.MOVE_34_FR)
    assert r.result is not None
    assert (r.result.outcome, r.result.score, r.result.moves, r.result.stock) == ("won", 350, 47, 4)


def test_seeds_classic_script_refuses_ace_on_king() -> None:
    r = replay("seeds-classic-refuses-ace-on-king.yaml")
    assert r.rules == CLASSIC
    assert r.layout == seeds_start("classic")
    assert list(r.actions) == WIN[:35]
    last = r.checkpoints[-1]
    assert (last.after, last.refusal) == (35, "Must be one rank higher or lower")
    at_34 = next(cp for cp in r.checkpoints if cp.after == 34)
    assert (at_34.position_en, at_34.position_fr) == (seeds.MOVE_34_EN, seeds.MOVE_34_FR)


@pytest.mark.skipif(not SEED_TEXTS.is_dir(), reason="the seed texts are not next to this checkout")
def test_seeds_scripts_hold_the_seed_texts_exactly() -> None:
    lines = []
    for name in ("rules-solitaire-en.txt", "rules-solitaire-fr.txt"):
        text = (SEED_TEXTS / name).read_text(encoding="utf-8")
        lines += [ln for ln in text.splitlines() if ln.startswith(("Stock: ", "Pioche : "))]
    assert len(lines) == 6
    in_scripts = set()
    for name in ("seeds-draw-and-play.yaml", "seeds-easy-win.yaml"):
        for cp in replay(name).checkpoints:
            in_scripts |= {cp.position_en, cp.position_fr}
    assert set(lines) <= in_scripts
