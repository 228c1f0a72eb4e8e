"""Six-card Golf states: deals and codes, the turn, refusals, the end of a hole and of a game."""

from __future__ import annotations

import dataclasses
import itertools
import subprocess
import sys
from pathlib import Path

import pytest

from golf.core.cards import parse_card
from golf.core.deal import MAX_DEAL, shuffled_deck
from golf.sixcard import game
from golf.sixcard.actions import ACTION_FORM, Action, discard_flip, flip, replace
from golf.sixcard.codes import SixCodeError, format_code, parse_code
from golf.sixcard.game import (
    Match,
    Refused,
    State,
    apply,
    deal_hole,
    hole_deck,
    leaders,
    legal_actions,
    new_game,
    totals,
    winners,
)
from golf.sixcard.rules import KNOCK_PENALTY, PLAYOFF_LIMIT, STANDARD, SixRules, grid_score
from golf.sixcard.texts import MESSAGES, Reason

TAKE_STOCK = Action.parse("take stock")
TAKE_DISCARD = Action.parse("take discard")
KNOCK = Action.parse("knock")
NEXT = Action.parse("next hole")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def play(state: State, tokens: str) -> State:
    for token in tokens.split(","):
        state = apply(state, Action.parse(token))
    return state


def opened(state: State) -> State:
    """Every player turns up row 1, columns 1 and 2."""
    while state.phase == "opening":
        state = play(state, "flip 1 1, flip 1 2")
    return state


def refused(state: State, token: str) -> Reason:
    with pytest.raises(Refused) as info:
        apply(state, Action.parse(token))
    return info.value.reason


def table(
    grids: list[str],
    *,
    up: list[int] | None = None,
    stock: str = "2C 3C 4C",
    discard: str = "9D",
    to_move: int = 0,
    rules: SixRules = STANDARD,
    **changes: object,
) -> State:
    """A hand-made state in the middle of a hole: the given grids (row by row), every card
    face up but those masked out by ``up``, seat 0 first."""
    n = len(grids)
    base = deal_hole(rules, n, 0, 1)
    full = (1 << rules.grid) - 1
    return dataclasses.replace(
        base,
        seats=tuple(range(n)),
        grids=tuple(cards(g) for g in grids),
        up=tuple(up) if up is not None else (full,) * n,
        stock=cards(stock),
        discard=cards(discard),
        phase="turn",
        to_move=to_move,
        **changes,  # type: ignore[arg-type]
    )


# --- actions and texts -----------------------------------------------------------------------


def test_action_tokens_round_trip() -> None:
    every = [TAKE_STOCK, TAKE_DISCARD, KNOCK, NEXT]
    for r, c in itertools.product(range(1, 4), repeat=2):
        every += [flip(r, c), replace(r, c), discard_flip(r, c)]
    for action in every:
        assert Action.parse(str(action)) == action
    assert Action.parse("  Replace   2  1 ") == replace(2, 1)
    assert str(discard_flip(1, 3)) == "discard flip 1 3"


@pytest.mark.parametrize("token", ["draw", "replace 0 1", "replace 4 1", "flip 1", "take", ""])
def test_action_parse_refuses_other_text(token: str) -> None:
    with pytest.raises(ValueError, match="not an action") as info:
        Action.parse(token)
    assert ACTION_FORM in str(info.value)


def test_every_refusal_has_english_and_french() -> None:
    for reason in Reason:
        texts = MESSAGES[reason]
        assert texts["en"] and texts["fr"] and texts["en"] != texts["fr"]
    error = Refused(Reason.KEEP_DISCARD)
    assert error.text("fr") == "Une carte prise dans la défausse doit aller dans votre grille"


# --- codes -----------------------------------------------------------------------------------


def every_rules() -> list[SixRules]:
    out = []
    for grid, peek, knock, jokers, cancel, double, twos, row, holes, ties in itertools.product(
        (4, 6, 9), *[(False, True)] * 7, (9, 18), ("playoff", "shared")
    ):
        out.append(
            SixRules(
                grid=grid,  # type: ignore[arg-type]
                peek=peek,
                knock=knock,
                jokers=jokers,
                jokers_cancel=cancel,
                double_deck=double,
                twos_negative=twos,
                row_cancel=row,
                holes=holes,  # type: ignore[arg-type]
                ties=ties,  # type: ignore[arg-type]
            )
        )
    return out


def test_codes_round_trip_for_every_rule_set() -> None:
    seen = set()
    for i, rules in enumerate(every_rules()):
        players = 2 + i % 5
        number = (i * 7919) % MAX_DEAL
        code = format_code(number, players, rules)
        back = parse_code(code.lower())
        assert (back.number, back.players, back.rules) == (number, players, rules)
        seen.add(code[13:])
    # One spelling per rule set (no jokers makes the joker switch moot).
    assert len(seen) == len(set(every_rules()))


def test_standard_code_has_three_parts() -> None:
    assert format_code(1, 4) == "G6-4-AAAAAAB"
    assert parse_code(" g6-4-aaaaaab-v ").rules == STANDARD
    assert format_code(1, 3, SixRules(grid=9, knock=True)) == "G6-3-AAAAAAB-V9K"
    assert str(parse_code("G6-3-AAAAAAB-V9K")) == "G6-3-AAAAAAB-V9K"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("GO1-E-AAAAAAB", ""),
        ("G6-7-AAAAAAB", "7 players"),
        ("G6-1-AAAAAAB", "1 players"),
        ("G6-4-AAAAAA", ""),
        ("G6-4-AAAAAAB-VKP", "in this order"),
        ("G6-4-AAAAAAB-VNJ", "needs jokers"),
    ],
)
def test_bad_codes_are_refused_with_the_expected_form(text: str, why: str) -> None:
    with pytest.raises(SixCodeError) as info:
        parse_code(text)
    assert "G6-4-AAAAAAA" in info.value.text("en")
    assert "forme attendue" in info.value.text("fr")
    assert why in info.value.text("en")


# --- deals -----------------------------------------------------------------------------------


def test_a_hole_shuffles_like_the_solitaire_from_its_own_stream() -> None:
    # One deck with jokers: the same Fisher-Yates over SplitMix64, started at n * 256 + h.
    for number, hole in ((0, 1), (5, 3), (123456, 9)):
        deck, _ = hole_deck(number, hole, STANDARD, 4)
        assert deck == shuffled_deck(number * 256 + hole, jokers=2)


def test_every_hole_has_its_own_order() -> None:
    decks = {tuple(hole_deck(42, h, STANDARD, 4)[0]) for h in range(1, 10)}
    assert len(decks) == 9


def test_a_code_fixes_the_deal() -> None:
    assert game.from_code("G6-4-AAAAAAB") == game.from_code("g6-4-aaaaaab")
    assert game.from_code("G6-4-AAAAAAB") != game.from_code("G6-4-AAAAAAC")


def test_cards_are_dealt_one_at_a_time_from_the_left_of_the_dealer() -> None:
    state = new_game(6, 4)  # first dealer: 6 mod 4 = seat 2
    assert state.dealer == 2
    assert state.seats == (3, 0, 1, 2)
    deck, _ = hole_deck(6, 1, STANDARD, 4)
    assert state.grids[3][:2] == (deck[0], deck[4])
    assert state.grids[2][0] == deck[3]
    assert state.discard == (deck[24],)
    assert state.stock == tuple(deck[25:])
    assert state.to_move == 3 and state.phase == "opening"


def test_all_cards_are_in_play_once_for_every_size_and_player_count() -> None:
    for rules in (SixRules(grid=4), STANDARD, SixRules(grid=9), SixRules(jokers=False)):
        for players in range(2, 7):
            s = new_game(99, players, rules)
            held = [c for g in s.grids for c in g] + list(s.stock) + list(s.discard)
            assert sorted(held) == sorted(rules.deck(players))
            assert all(len(g) == rules.grid for g in s.grids)


def test_first_player_and_dealer_rotate_each_hole() -> None:
    state = new_game(0, 3)
    firsts = []
    for _ in range(4):
        firsts.append((state.dealer, state.seats[0]))
        state = finish_hole(state)
        state = apply(state, NEXT)
    assert firsts == [(0, 1), (1, 2), (2, 0), (0, 1)]


def finish_hole(state: State) -> State:
    """Play the hole out: everyone turns up cards with stock cards until it ends."""
    state = opened(state)
    while state.phase == "turn":
        state = apply(state, TAKE_STOCK)
        seat = state.to_move
        assert seat is not None
        down = state.face_down_slots(seat)
        r, c = state.rules.place(down[0])
        state = apply(state, discard_flip(r, c))
    return state


# --- the opening -----------------------------------------------------------------------------


def test_each_player_turns_up_two_cards_before_play() -> None:
    state = new_game(3, 3)
    order = state.seats
    assert refused(state, "take stock") == Reason.OPENING
    state = play(state, "flip 2 3")
    assert refused(state, "flip 2 3") == Reason.ALREADY_UP
    state = play(state, "flip 1 1")
    assert state.to_move == order[1]
    state = play(state, "flip 1 1, flip 1 2, flip 2 2, flip 2 1")
    assert state.phase == "turn" and state.to_move == order[0]
    assert [state.up[s].bit_count() for s in order] == [2, 2, 2]
    assert refused(state, "flip 2 2") == Reason.NOT_OPENING


def test_peek_looks_at_cards_without_turning_them_up() -> None:
    state = new_game(3, 2, SixRules(peek=True))
    seat = state.to_move
    assert seat is not None
    state = play(state, "flip 1 1")
    assert refused(state, "flip 1 1") == Reason.ALREADY_PEEKED
    state = play(state, "flip 2 3")
    assert state.up[seat] == 0 and state.peeked[seat] == 0b100001


def test_a_place_outside_the_grid_is_refused() -> None:
    state = new_game(3, 2, SixRules(grid=4))
    assert refused(state, "flip 1 3") == Reason.NO_SUCH_PLACE
    assert refused(state, "flip 3 1") == Reason.NO_SUCH_PLACE


# --- a turn ----------------------------------------------------------------------------------


def test_replace_puts_the_old_card_face_up_on_the_discard() -> None:
    state = table(["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], up=[0b000011, 0b11], stock="KC QC")
    state = play(state, "take stock")
    assert state.drawn == parse_card("KC") and state.stock == cards("QC")
    state = play(state, "replace 2 3")
    assert state.grids[0] == cards("AS 2S 3S 4S 5S KC")
    assert state.discard == cards("9D 6S")
    assert state.face_up(0, 5)
    assert state.to_move == 1 and state.drawn is None


def test_a_card_from_the_discard_cannot_be_discarded_at_once() -> None:
    state = table(["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], up=[0b11, 0b11])
    state = play(state, "take discard")
    assert state.drawn == parse_card("9D") and state.discard == ()
    assert refused(state, "discard flip 2 2") == Reason.KEEP_DISCARD
    assert refused(state, "take stock") == Reason.HOLDING
    state = play(state, "replace 2 2")
    assert state.grids[0][4] == parse_card("9D") and state.discard == cards("5S")


def test_discard_and_turn_up_needs_a_face_down_card() -> None:
    state = table(["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], up=[0b11, 0b11], stock="KC")
    assert refused(state, "replace 1 1") == Reason.TAKE_FIRST
    state = play(state, "take stock")
    assert refused(state, "discard flip 1 1") == Reason.ALREADY_UP
    state = play(state, "discard flip 2 1")
    assert state.grids[0] == cards("AS 2S 3S 4S 5S 6S")
    assert state.discard == cards("9D KC") and state.face_up(0, 3)


def test_legal_actions_are_exactly_the_accepted_ones() -> None:
    state = opened(new_game(11, 3, SixRules(knock=True)))
    candidates = [TAKE_STOCK, TAKE_DISCARD, KNOCK, NEXT]
    for r, c in itertools.product(range(1, 4), repeat=2):
        candidates += [flip(r, c), replace(r, c), discard_flip(r, c)]
    for s in (state, apply(state, TAKE_STOCK), apply(state, TAKE_DISCARD)):
        legal = set(legal_actions(s))
        for a in candidates:
            assert (game.refusal(s, a) is None) == (a in legal), a


# --- the end of a hole -----------------------------------------------------------------------


def test_every_other_player_has_one_last_turn_after_a_player_goes_out() -> None:
    # Seat 1 has one face-down card; when it goes out, seats 2 and 0 play once more.
    grids = ["KS QS 5S KH QH 5H", "AS 2S 3S AH 2H 3H", "4S 6S 7S 4H 6H 7H"]
    full = 0b111111
    state = table(grids, up=[0b11, full ^ 0b100000, 0b11], to_move=1, stock="9C 8C 7C 6C")
    state = play(state, "take stock, discard flip 2 3")
    assert state.finisher == 1 and state.last_turns == 2 and state.ending
    assert state.to_move == 2
    state = play(state, "take stock, discard flip 2 1")
    assert state.to_move == 0 and state.phase == "turn"
    state = play(state, "take stock, replace 2 3")
    assert state.phase == "hole_over" and state.to_move is None
    # Every card is turned up and scored; seat 1 never played again.
    assert state.up == (full, full, full)
    assert state.scores == ((grid_score(state.grids[0], STANDARD), 0, 0),)
    assert state.grids[1] == cards("AS 2S 3S AH 2H 3H")


def test_the_player_to_go_out_is_the_one_who_turns_up_the_last_card_by_replacing() -> None:
    state = table(["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], up=[0b011111, 0b11], stock="KC")
    state = play(state, "take stock, replace 2 3")
    assert state.finisher == 0 and state.to_move == 1 and state.last_turns == 1
    state = play(state, "take discard, replace 1 1")
    assert state.phase == "hole_over"
    assert state.scores[-1] == (1 + 2 + 3 + 4 + 5, grid_score(state.grids[1], STANDARD))


def test_a_hole_ends_after_the_round_limit() -> None:
    state = table(["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], up=[0b11, 0b11], stock="KC QC")
    state = dataclasses.replace(state, turns=game.ROUND_LIMIT * 2 - 1)
    state = play(state, "take stock, replace 1 1")
    assert state.phase == "hole_over" and state.finisher is None


# --- knock -----------------------------------------------------------------------------------


def test_knock_ends_the_hole_after_the_others_last_turns() -> None:
    rules = SixRules(knock=True)
    grids = ["KS AS 2S KH AH 2H", "QS JH 10S 9H 8S 7H", "QD JD 10D 9D 8D 7D"]
    state = table(grids, up=[0b11, 0b11, 0b11], rules=rules, stock="5C 6C 7C 8C")
    assert game.refusal(state, KNOCK) is None
    state = play(state, "knock")
    assert state.finisher == 0 and state.knocked and state.to_move == 1
    assert refused(state, "knock") == Reason.ENDING
    state = play(state, "take stock")
    assert refused(state, "knock") == Reason.KNOCK_LATE
    state = play(state, "replace 1 1, take stock, replace 1 1")
    assert state.phase == "hole_over"
    # The knocker scored lowest: no penalty.
    assert state.scores[-1][0] == 0


def test_the_knocker_who_is_not_lowest_takes_ten() -> None:
    rules = SixRules(knock=True)
    grids = ["QS JH AS AH 2S 2H", "KS KH KD KC KS KH", "QD JD 10D 9D 8D 7D"]
    state = table(grids, up=[0b11, 0b11, 0b11], rules=rules, stock="5C 6C 7C 8C")
    state = play(state, "knock, take stock, discard flip 2 1, take stock, replace 1 1")
    own = grid_score(cards(grids[0]), rules)
    assert state.scores[-1][0] == own + KNOCK_PENALTY
    assert state.scores[-1][1] == 0


def test_going_out_counts_as_ending_the_hole_for_the_penalty() -> None:
    rules = SixRules(knock=True)
    grids = ["QS JH AS AH 2S 2H", "KS KH 3S 3H 4S 4H"]
    state = table(grids, up=[0b011111, 0b11], rules=rules, stock="5C")
    state = play(state, "take stock, discard flip 2 3, take discard, replace 1 1")
    assert state.scores[-1][0] == grid_score(cards(grids[0]), rules) + KNOCK_PENALTY


def test_without_the_variant_knock_is_refused() -> None:
    state = opened(new_game(1, 2))
    assert refused(state, "knock") == Reason.NO_KNOCK


# --- the stock -------------------------------------------------------------------------------


def test_an_empty_stock_is_rebuilt_from_the_discard_but_its_top() -> None:
    state = table(
        ["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"],
        up=[0b11, 0b11],
        stock="",
        discard="7C 8C 9C 10C JC QC KC",
    )
    after = apply(state, TAKE_STOCK)
    assert after.discard == cards("KC")
    assert sorted((*after.stock, after.drawn)) == sorted(cards("7C 8C 9C 10C JC QC"))
    assert after.rng != state.rng
    # The same state always rebuilds the same way; another stream, another order.
    assert apply(state, TAKE_STOCK) == after
    other = apply(dataclasses.replace(state, rng=state.rng + 1), TAKE_STOCK)
    assert (other.drawn, other.stock) != (after.drawn, after.stock)


def test_a_stock_that_cannot_be_rebuilt_is_refused() -> None:
    state = table(["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], up=[0b11, 0b11], stock="")
    assert refused(state, "take stock") == Reason.STOCK_EMPTY
    assert TAKE_STOCK not in legal_actions(state)
    assert apply(state, TAKE_DISCARD).drawn == parse_card("9D")


def test_a_game_with_rebuilds_plays_the_same_from_its_code() -> None:
    # Two players who only ever take the discard back and swap cards never end a hole on
    # their own; the stock is worked through by turning cards up slowly.
    def run() -> tuple[State, int]:
        state = opened(new_game(77, 2, SixRules(grid=9)))
        rebuilds = 0
        while state.phase == "turn":
            if not state.stock:
                rebuilds += 1
            state = apply(state, TAKE_STOCK)
            seat = state.to_move
            assert seat is not None
            down = state.face_down_slots(seat)
            slot = down[0] if state.turns % 7 == 6 else 8 - state.turns % 3
            if slot in down and state.turns % 7 == 6:
                state = apply(state, discard_flip(*state.rules.place(slot)))
            else:
                state = apply(state, replace(*state.rules.place(slot)))
        return state, rebuilds

    first, rebuilds = run()
    assert rebuilds >= 1
    assert run()[0] == first


# --- the end of the game ---------------------------------------------------------------------


def last_hole(players: int, scores: list[int], rules: SixRules = STANDARD) -> State:
    """Hole 9, every grid all kings; seat 0 goes out and the others' last turns remain.
    The regular totals before it are ``scores`` (the 8 holes split evenly)."""
    grids = ["KS KH KD KC KS KH"] * players
    full = 0b111111
    before = tuple(tuple(s // 8 for s in scores) for _ in range(8))
    return table(
        grids,
        up=[full] + [full ^ 1] * (players - 1),
        rules=rules,
        stock="QC " * 10,
        hole=rules.holes,
        scores=before,
        finisher=0,
        last_turns=players - 1,
        to_move=1,
    )


def last_turns(state: State) -> State:
    while state.phase == "turn":
        state = play(state, "take stock, discard flip 1 1")
    return state


def test_the_game_ends_after_the_last_hole_with_the_lowest_total() -> None:
    state = last_turns(last_hole(3, [80, 40, 96]))
    assert state.phase == "game_over" and state.over
    assert totals(state) == (80, 40, 96)
    assert winners(state) == (1,)
    assert refused(state, "take stock") == Reason.GAME_OVER
    assert legal_actions(state) == []


def test_a_tie_is_played_off_by_the_tied_players_only() -> None:
    state = last_turns(last_hole(3, [40, 80, 40]))
    assert state.phase == "hole_over" and winners(state) == ()
    assert leaders(state) == (0, 2)
    assert refused(state, "take stock") == Reason.HOLE_OVER
    playoff = apply(state, NEXT)
    assert playoff.hole == 10 and playoff.playoff
    assert set(playoff.seats) == {0, 2} and playoff.grids[1] == ()
    # Seat 0 holds only kings, seat 2 high cards: the sudden-death hole decides for seat 0;
    # the totals stay as they were.
    playoff = dataclasses.replace(
        playoff, grids=(cards("KS " * 6), (), cards("QS JS 10S 9H 8H 7H"))
    )
    end = finish_hole(playoff)
    assert end.scores[-1] == (0, None, 54)
    assert totals(end) == (40, 80, 40)
    assert end.phase == "game_over" and winners(end) == (0,)


def test_a_tie_is_shared_with_the_option() -> None:
    state = last_turns(last_hole(3, [40, 80, 40], SixRules(ties="shared")))
    assert state.phase == "game_over" and winners(state) == (0, 2)


def test_play_offs_stop_after_the_limit() -> None:
    state = last_turns(last_hole(2, [40, 40]))
    for _ in range(PLAYOFF_LIMIT):
        assert state.phase == "hole_over"
        state = apply(state, NEXT)
        # Make every play-off hole a tie: both grids all kings, turned up.
        state = dataclasses.replace(state, grids=(cards("KS " * 6), cards("KH " * 6)))
        state = finish_hole(state)
    assert state.phase == "game_over" and winners(state) == (0, 1)
    assert len(state.scores) == 9 + PLAYOFF_LIMIT


def test_next_hole_is_refused_while_a_hole_is_played() -> None:
    state = new_game(1, 2)
    assert refused(state, "next hole") == Reason.HOLE_NOT_OVER


def test_eighteen_holes() -> None:
    state = new_game(5, 2, SixRules(holes=18, ties="shared"))
    holes = 0
    while not state.over:
        state = finish_hole(state)
        holes += 1
        if not state.over:
            state = apply(state, NEXT)
    assert holes == 18 and len(state.scores) == 18


# --- the match session -----------------------------------------------------------------------


def test_match_keeps_the_accepted_actions_and_reports_refusals() -> None:
    match = Match.from_code("G6-2-AAAAAAB")
    refusal = match.apply(TAKE_STOCK)
    assert refusal is not None and refusal.reason == Reason.OPENING
    assert refusal.text("fr") == "Retournez d'abord deux cartes de votre grille"
    assert match.apply(flip(1, 1)) is None
    assert match.log == [flip(1, 1)]
    assert match.code == "G6-2-AAAAAAB"


@pytest.mark.processes
def test_the_six_card_engine_never_imports_pygame() -> None:
    code = (
        "import sys\n"
        "import golf.sixcard.ai, golfcli.sixcard, golf.sixcard.replay, golf.sixcard.simulate\n"
        "assert 'pygame' not in sys.modules, 'golf.sixcard imported pygame'\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
