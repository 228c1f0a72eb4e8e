"""Redo: the last undone action taken again, as an action of the engine (``redo`` in the log).

What it does to the position and the move counter, what clears it, its refusal in both
languages; and everything that reads a game's log — replays, the journal's game in progress
(Continue), the lines of play, the solver's analysis, the chance around a move, the statistics,
what is said aloud — reads a redo as the move it took again.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from golf.core.deal import MAX_DEAL
from golf.core.record import Clocks
from golf.journal.journal import Journal
from golf.journal.kept_solitaire import Snapshot
from golf.solitaire import engine
from golf.solitaire.announce import action_said
from golf.solitaire.chance import chances_around
from golf.solitaire.engine import Action
from golf.solitaire.lines import kept_line, played_again
from golf.solitaire.replay import Checkpoint, Replay, dump, loads, verify
from golf.solitaire.round import Round
from golf.solitaire.rules import CLASSIC, EASY
from golf.solitaire.session import UNDO_LIMIT, Game, kept_moves
from golf.solitaire.solver import analyse
from golf.solitaire.stats import GameResult
from tests.engine.test_chance import later_position
from tests.engine.test_engine import play_all, seeds_game


def test_redo_takes_again_what_undo_took_back() -> None:
    game = seeds_game()
    play_all(game, "draw, play 5")
    after_play, score = game.position, game.score
    play_all(game, "undo")
    assert game.score == 0 and game.can_redo
    play_all(game, "redo")
    assert game.position == after_play and game.score == score
    assert not game.can_redo


def test_redos_come_back_in_the_order_the_undos_took_them() -> None:
    game = seeds_game()
    positions = [game.position]
    for token in ("draw", "play 5", "play 2"):
        play_all(game, token)
        positions.append(game.position)
    play_all(game, "undo, undo, undo")
    assert game.position == positions[0] and game.redo_depth == 3
    for expected in positions[1:]:
        play_all(game, "redo")
        assert game.position == expected
    assert game.redo_depth == 0 and game.undo_depth == 3


def test_undo_leaves_the_move_counter_and_redo_counts_like_the_move_it_takes_again() -> None:
    game = seeds_game()
    play_all(game, "draw, play 5")
    assert game.moves == 2
    play_all(game, "undo")
    assert game.moves == 2  # an undo is no move, and the counter never goes down
    play_all(game, "redo")
    assert game.moves == 3  # the play taken again counts as the play did
    play_all(game, "undo, undo, redo, redo")
    assert game.moves == 5


def test_a_new_move_forgets_what_was_undone() -> None:
    game = seeds_game()
    play_all(game, "draw, play 5, undo, undo")
    assert game.redo_depth == 2
    play_all(game, "draw")
    assert not game.can_redo
    refusal = game.apply(Action.redo())
    assert refusal is not None and refusal.text() == "Nothing to redo"


def test_a_refused_redo_says_why_in_both_languages_and_changes_nothing() -> None:
    game = seeds_game()
    play_all(game, "draw")
    before = (game.position, game.moves, list(game.log))
    refusal = game.apply(Action.redo())
    assert refusal is not None
    assert (refusal.text("en"), refusal.text("fr")) == ("Nothing to redo", "Rien à rétablir")
    assert (game.position, game.moves, list(game.log)) == before
    assert game.refusal(Action.redo()) is refusal.reason


def test_redo_is_logged_as_its_own_token() -> None:
    game = seeds_game()
    play_all(game, "draw, undo, redo")
    assert [str(a) for a in game.log] == ["draw", "undo", "redo"]
    assert Action.parse(" REDO ") == Action.redo() and str(Action.redo()) == "redo"


def test_redo_brings_back_the_end_an_undo_took_back() -> None:
    for number in range(300):
        game = Game.new(number, CLASSIC)
        while not game.over:
            game.apply(game.legal_actions()[0])
        if game.status == "blocked" and game.position.removed:
            blocked = (game.position, game.score)
            play_all(game, "undo")
            assert game.status == "playing"
            play_all(game, "redo")
            assert (game.position, game.score) == blocked and game.status == "blocked"
            return
    raise AssertionError("no blocked game found")


def test_as_many_redos_as_undos_the_last_100_actions() -> None:
    game = Game.new(5, EASY)
    while len(game.log) < UNDO_LIMIT + 20 and not game.over:
        game.apply(game.legal_actions()[-1])
    end, moves = game.position, game.moves
    undone = 0
    while game.apply(Action.undo()) is None:
        undone += 1
    assert undone == min(len(game.log) - undone, UNDO_LIMIT)
    while game.apply(Action.redo()) is None:
        undone -= 1
    assert undone == 0 and game.position == end
    assert game.moves == moves + min(moves, UNDO_LIMIT)


def test_the_move_between_two_positions_is_the_draw_or_the_play() -> None:
    game = seeds_game()
    start = game.position
    play_all(game, "draw")
    drawn = game.position
    play_all(game, "play 5")
    assert engine.move_between(start, drawn) == Action.draw()
    assert engine.move_between(drawn, game.position) == Action.play(5)
    assert engine.move_between(start, game.position) is None
    assert engine.move_between(drawn, start) is None


def test_a_round_s_hole_takes_neither_undo_nor_redo_once_over() -> None:
    rnd = Round(2026)
    game = rnd.game
    assert game is not None
    first = game.legal_actions()[0]
    assert rnd.apply(first) is None and rnd.apply(Action.undo()) is None
    assert rnd.apply(Action.redo()) is None  # in play: as in any game
    while not game.over:
        assert rnd.apply(game.legal_actions()[0]) is None
    for action in (Action.undo(), Action.redo()):
        refusal = rnd.apply(action)
        assert refusal is not None and refusal.reason.name in ("GAME_WON", "BLOCKED_GAME")


# --- what reads a log ---------------------------------------------------------------------------


def test_the_kept_moves_put_back_what_was_redone() -> None:
    log = [Action.parse(t) for t in ("draw", "play 5", "undo", "undo", "redo", "play 2")]
    assert kept_moves(log) == [(4, Action.draw()), (5, Action.play(2))]
    assert kept_line(log) == [Action.draw(), Action.play(2)]
    log = [Action.parse(t) for t in ("draw", "undo", "redo", "undo", "draw", "redo")]
    assert kept_moves(log) == [(4, Action.draw())]  # the draw forgot what was undone


def test_a_game_played_again_keeps_its_redone_moves() -> None:
    game = seeds_game()
    play_all(game, "draw, play 5, play 2, undo, undo, redo")
    again = played_again(game, 0)
    assert again.position == game.position
    assert played_again(game, 1).position == seeds_game_after("draw")


def seeds_game_after(tokens: str) -> engine.Position:
    game = seeds_game()
    play_all(game, tokens)
    return game.position


def test_the_analysis_reads_a_redo_as_its_move() -> None:
    game = seeds_game()
    play_all(game, "draw, play 5, undo, redo, play 2")
    straight = seeds_game()
    play_all(straight, "draw, play 5, play 2")
    got = analyse(game.start, game.rules, game.log, max_states=200_000)
    plain = analyse(straight.start, straight.rules, straight.log, max_states=200_000)
    assert (got.winnable, got.best_removed, got.undo_steps) == (
        plain.winnable,
        plain.best_removed,
        plain.undo_steps,
    )


def test_the_chance_around_a_redo_is_the_chance_around_its_move() -> None:
    start = later_position(3, CLASSIC, 6)
    move = engine.legal_actions(start, CLASSIC)[0]
    log = [move, Action.undo(), Action.redo()]
    redo = chances_around(start, CLASSIC, log, 2)
    assert redo is not None and redo == chances_around(start, CLASSIC, log, 0)
    assert chances_around(start, CLASSIC, log, 1) is None  # the undo: no move


def test_a_redo_is_not_an_undo_in_the_statistics() -> None:
    game = seeds_game()
    play_all(game, "draw, undo, redo")
    result = GameResult.of_game(game)
    assert result.undos == 1 and result.moves == 2


def test_a_redo_is_said_as_the_move_it_takes_again() -> None:
    game = seeds_game()
    play_all(game, "draw, play 5, undo")
    before = game.position
    play_all(game, "redo")
    said = action_said(before, game.position, Action.redo(), game.rules, "en")
    assert said.startswith("Redone: 9 of clubs from column 5 onto the waste. ")
    said_fr = action_said(before, game.position, Action.redo(), game.rules, "fr")
    assert said_fr.startswith("Rétabli : 9 de trèfle de la colonne 5 sur la défausse. ")
    refused = action_said(before, before, Action.redo(), game.rules, "fr", "Rien à rétablir")
    assert refused == "Rien à rétablir."


# --- replays --------------------------------------------------------------------------------------


def test_a_replay_with_redos_is_written_read_and_verified() -> None:
    game = Game.new(1234, EASY)
    for token in ("draw", "undo", "redo", "draw", "undo", "undo", "redo", "redo"):
        play_all(game, token)
    replay = Replay.from_game(game, recorded="2026-12-02T10:00:00")
    text = dump(replay)
    assert "- redo\n" in text
    again = loads(text)
    assert again == replay
    assert verify(again) == []
    assert again.result is not None and again.result.moves == game.moves == 5


def test_a_replay_may_expect_a_refused_redo() -> None:
    start = Game.new(1234, EASY).start
    replay = Replay(
        rules=EASY,
        actions=(Action.draw(), Action.redo(), Action.undo(), Action.redo()),
        layout=start,
        checkpoints=(
            Checkpoint(after=2, refusal="Rien à rétablir", moves=1),
            Checkpoint(after=4, moves=2),
        ),
    )
    assert verify(loads(dump(replay))) == []
    wrong = Replay(rules=EASY, actions=(Action.draw(), Action.redo()), layout=start)
    assert verify(wrong) == ["action 2 (redo) refused: Nothing to redo"]


# --- the journal: Continue ------------------------------------------------------------------------


def test_continue_puts_back_a_game_with_redos_and_what_is_left_to_redo(tmp_path: Path) -> None:
    game = Game.new(99, EASY)
    for token in ("draw", "draw", "undo", "redo", "undo", "undo"):
        play_all(game, token)
    assert game.redo_depth == 2
    journal = Journal(tmp_path)
    try:
        assert game.code is not None
        game_id = journal.begin("solitaire", game.code, "easy", "2026-12-02T10:00:00")
        for seq, action in enumerate(game.log):
            journal.act(game_id, seq, str(action), 0.5, seq * 0.5, 1000.0 + seq)
        (kept,) = journal.kept("solitaire")
    finally:
        journal.close()
    assert kept.actions == ("draw", "draw", "undo", "redo", "undo", "undo")
    snapshot = Snapshot(
        kept.code,
        tuple(Action.parse(a) for a in kept.actions),
        kept.times,
        Clocks(kept.since, kept.elapsed),
        kept.started,
        None,
        kept_id=kept.id,
    )
    continued = snapshot.game()
    assert (continued.position, continued.moves) == (game.position, game.moves)
    assert (continued.undo_depth, continued.redo_depth) == (0, 2)
    play_all(continued, "redo, redo")
    play_all(game, "redo, redo")
    assert (continued.position, continued.moves) == (game.position, game.moves)


# --- properties -----------------------------------------------------------------------------------

some_actions = st.lists(
    st.sampled_from([Action.draw(), Action.undo(), Action.redo(), *map(Action.play, range(1, 8))]),
    max_size=120,
)


@settings(max_examples=60)
@given(st.integers(0, MAX_DEAL - 1), some_actions)
def test_the_counter_counts_moves_and_redos_and_the_kept_moves_make_the_position(
    number: int, actions: list[Action]
) -> None:
    game = Game.new(number, EASY)
    counted = 0
    for action in actions:
        moves = game.moves
        if game.apply(action) is None and action.kind != engine.UNDO:
            counted += 1
        assert game.moves >= moves
    assert game.moves == counted
    position = game.start
    for _index, move in kept_moves(game.log):
        position = engine.apply(position, move, game.rules)
    assert position == game.position
