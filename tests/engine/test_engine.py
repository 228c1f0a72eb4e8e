"""The rules engine: deals, codes, rules, refusals, undo, scoring and the board description."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from golf.core.cards import card_token, parse_card
from golf.core.deal import MAX_DEAL, SplitMix64, shuffled_deck
from golf.solitaire import engine
from golf.solitaire.codes import CodeError, format_code, parse_code
from golf.solitaire.describe import describe
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golf.solitaire.session import UNDO_LIMIT, Game
from golf.solitaire.texts import Reason

ROOT = Path(__file__).resolve().parents[2]


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def tokens(cs: tuple[int, ...]) -> str:
    return " ".join(card_token(c) for c in cs)


def play_all(game: Game, actions: str) -> None:
    for token in actions.split(","):
        refusal = game.apply(Action.parse(token))
        assert refusal is None, f"{token.strip()} refused: {refusal.text()}"


# --- deals (SPEC §1) -----------------------------------------------------------------------


def test_splitmix64_matches_the_published_reference_stream() -> None:
    rng = SplitMix64(0)
    assert rng.next() == 0xE220A8397B1DCDAF
    assert rng.next() == 0x6E789E6AA1B965F4


def test_spec_vector_deal_zero() -> None:
    pos = engine.deal(0, EASY)
    assert pos.waste == cards("9♦")
    assert pos.columns[0] == cards("8♠ 10♣ Q♠ 6♣ Q♥")
    assert pos.stock[0] == parse_card("3♣")
    assert len(pos.stock) == 16


@pytest.mark.parametrize(
    ("number", "rules", "column_1", "column_7", "waste", "stock"),
    [
        (1, EASY, "7♦ 6♦ J♥ K♣ Q♣", "J♦ 2♦ 6♠ 8♠ A♥", "K♠",
         "6♥ Q♠ Q♥ Q♦ 9♦ 3♦ 3♠ A♣ 4♣ 2♥ 8♣ 10♣ 3♥ 2♠ 9♥ 7♠"),
        (12345, CLASSIC, "6♥ 8♠ Q♦ 4♦ 8♥", "K♦ 3♦ 4♣ J♦ A♣", "3♥",
         "7♣ 6♦ A♥ K♣ Q♥ 4♥ 2♣ 5♠ K♥ 5♥ Q♣ 2♥ 7♥ 6♣ J♥ 2♠"),
        (MAX_DEAL - 1, EASY, "6♠ 7♦ 8♥ 8♠ K♥", "A♣ 6♥ 2♦ 9♠ 2♣", "K♣",
         "Q♥ 7♠ 5♣ 4♥ J♦ 3♦ A♠ Q♠ A♦ 7♣ 10♠ 10♦ 7♥ 5♦ Q♦ 3♥"),
        (7, Rules(jokers=2), "9♣ J♠ 7♦ 9♠ 8♣", "Q♥ A♦ K♣ J♥ 4♠", "4♥",
         "A♥ J♦ 10♣ 5♥ 4♦ 7♣ 6♠ Q♣ 6♣ K♦ 10♥ K♠ 3♠ Q♦ 7♠ 10♦ 2♠ 9♦"),
        (7, Rules(empty_waste=True), "4♦ 6♦ 10♣ 9♠ 9♣", "K♠ J♠ 10♠ A♣ A♥", "",
         "K♥ 6♣ A♠ 7♦ 5♥ 9♥ 5♠ Q♠ A♦ K♣ 10♦ 8♣ J♣ 5♦ 8♠ Q♦ Q♣"),
    ],
)  # fmt: skip
def test_pinned_deals(
    number: int, rules: Rules, column_1: str, column_7: str, waste: str, stock: str
) -> None:
    pos = engine.deal(number, rules)
    assert tokens(pos.columns[0]) == column_1
    assert tokens(pos.columns[6]) == column_7
    assert tokens(pos.waste) == waste
    assert tokens(pos.stock) == stock


def test_cards_are_dealt_row_by_row() -> None:
    deck = shuffled_deck(42)
    pos = engine.deal(42, EASY)
    for k in range(35):
        assert pos.columns[k % 7][k // 7] == deck[k]
    assert pos.waste == (deck[35],)
    assert pos.stock == tuple(deck[36:])


def test_the_same_letters_deal_the_same_cards_under_every_rule_letter() -> None:
    easy = Game.from_code("GO1-E-AAAAXYZ")
    classic = Game.from_code("GO1-C-AAAAXYZ")
    older = Game.from_code("GO1-N-AAAAXYZ")
    assert easy.position == classic.position == older.position
    assert easy.rules == older.rules == EASY
    assert classic.rules == CLASSIC


def test_deal_number_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="out of range"):
        shuffled_deck(MAX_DEAL)


# --- codes (SPEC §2) -----------------------------------------------------------------------


def test_code_letters_are_base_26() -> None:
    assert parse_code("GO1-E-AAAAAAA").number == 0
    assert parse_code("GO1-E-AAAAAAB").number == 1
    assert parse_code("GO1-E-AAAAABA").number == 26
    assert parse_code("GO1-C-ZZZZZZZ").number == MAX_DEAL - 1
    assert format_code(26, EASY) == "GO1-E-AAAAABA"


def test_code_input_is_trimmed_and_case_insensitive_output_upper_case() -> None:
    code = parse_code("  go1-c-aaaaaab \n")
    assert (code.number, code.rules) == (1, CLASSIC)
    assert str(code) == "GO1-C-AAAAAAB"


@pytest.mark.parametrize(
    "text",
    ["", "GO1-E-AAAAAA", "GO1-X-AAAAAAA", "GO2-E-AAAAAAA", "GO1-E-AAAAAA1", "GO1-E-AAAAAAAA",
     "GO1-E-AAAAAAA-", "GO1-E-AAAAAAA-X", "GO1-E-AAAAAAA-VQK", "GO1-C-AAAAAAA-VK", "GO1-E-AAAAAAA-VQ",
     "GO1-C-AAAAAAA-VJJJ", "hello"],
)  # fmt: skip
def test_wrong_codes_are_refused_with_the_expected_form(text: str) -> None:
    with pytest.raises(CodeError) as err:
        parse_code(text)
    assert "GO1-E-AAAAAAA" in str(err.value)
    assert "GO1-E-AAAAAAA" in err.value.text("fr")


def test_every_rule_set_round_trips_through_its_code() -> None:
    for king_ace in (False, True):
        for queen in (False, True):
            for draw_any in (False, True):
                for jokers in (0, 1, 2):
                    for empty in (False, True):
                        for scoring in ("points", "strokes"):
                            rules = Rules(king_ace, queen, draw_any, jokers, empty, scoring)  # type: ignore[arg-type]
                            code = format_code(123456, rules)
                            assert parse_code(code) == parse_code(code.lower())
                            assert parse_code(code).rules == rules
                            assert len(code.split("-")) == (3 if rules in (EASY, CLASSIC) else 4)


def test_strict_rules_code() -> None:
    assert format_code(1, STRICT) == "GO1-C-AAAAAAB-VS"
    assert parse_code("GO1-C-AAAAAAB-VS").rules == STRICT
    # A four-part code of a preset is read, and written back with three parts.
    assert str(parse_code("GO1-E-AAAAAAB-VKQA")) == "GO1-E-AAAAAAB"


# --- the seeds' worked examples ------------------------------------------------------------


from tests import seeds_example as seeds  # noqa: E402


def seeds_game(rules: Rules = EASY) -> Game:
    start = engine.layout(
        [cards(c) for c in seeds.COLUMNS], cards(seeds.WASTE), cards(seeds.STOCK), rules
    )
    return Game(start, rules)


def test_seeds_initial_position_text_in_both_languages() -> None:
    game = seeds_game()
    assert describe(game.position, "en") == seeds.INITIAL_EN
    assert describe(game.position, "fr") == seeds.INITIAL_FR


def test_seeds_draw_eight_then_nine_then_eight() -> None:
    game = seeds_game()
    play_all(game, "draw")
    assert game.position.waste_top == parse_card("8♠")
    play_all(game, "play 5")
    assert game.position.waste_top == parse_card("9♣")
    play_all(game, "play 2")
    assert game.position.waste_top == parse_card("8♣")
    assert describe(game.position, "en") == seeds.AFTER_FIRST_MOVES_EN
    assert describe(game.position, "fr") == seeds.AFTER_FIRST_MOVES_FR
    assert game.moves == 3


def test_seeds_refusal_six_of_hearts_on_ace_of_clubs() -> None:
    game = seeds_game()
    refusal = game.apply(Action.play(1))
    assert refusal is not None
    assert refusal.text("en") == "Must be one rank higher or lower"
    assert refusal.text("fr") == "Doit être d'un rang supérieur ou inférieur"


def test_seeds_refusal_ten_of_spades_in_row_4_is_blocked() -> None:
    game = seeds_game()
    before = game.position
    refusal = game.apply(Action.play(1, row=4))
    assert refusal is not None
    assert refusal.text("en") == "This card is blocked"
    assert refusal.text("fr") == "Cette carte est bloquée"
    assert game.position == before
    assert game.moves == 0


def test_seeds_ace_of_hearts_on_king_of_clubs_easy_accepted_classic_refused() -> None:
    easy = seeds_game(EASY)
    play_all(easy, seeds.WIN_TO_MOVE_34)
    assert describe(easy.position, "en") == seeds.MOVE_34_EN
    assert describe(easy.position, "fr") == seeds.MOVE_34_FR
    assert easy.apply(Action.play(3)) is None
    assert easy.moves == 35

    classic = seeds_game(CLASSIC)
    play_all(classic, seeds.WIN_TO_MOVE_34)
    refusal = classic.apply(Action.play(3))
    assert refusal is not None and refusal.reason is Reason.NOT_FOLLOWING


def test_seeds_win_is_350_with_stock_left() -> None:
    game = seeds_game()
    play_all(game, seeds.WIN_TO_MOVE_34 + ", " + seeds.WIN_FROM_MOVE_35)
    assert game.status == "won"
    assert game.score == 350
    assert len(game.position.stock) == 4
    assert game.moves == 47
    refusal = game.apply(Action.draw())
    assert refusal is not None and refusal.reason is Reason.GAME_WON


def blocked_position(removed: int) -> Position:
    """A blocked position with ``removed`` cards gone: the waste K♣ takes nothing of ranks 3–10."""
    left = [c for c in range(52) if 3 <= c % 13 + 1 <= 10][: 35 - removed]
    columns = tuple(tuple(left[i::7]) for i in range(7))
    return Position(columns, (parse_card("K♣"),), ())


@pytest.mark.parametrize(("removed", "points"), [(31, 270), (30, 250), (25, 150), (17, 0)])
def test_seeds_score_examples(removed: int, points: int) -> None:
    pos = blocked_position(removed)
    assert engine.status(pos, EASY) == "blocked"
    assert engine.score(pos, EASY) == points


def test_score_never_below_zero() -> None:
    pos = blocked_position(5)
    assert engine.score(pos, EASY) == 0


# --- rules and variants --------------------------------------------------------------------


def test_ranks_follow_one_up_or_down_suit_ignored() -> None:
    for rules in (EASY, CLASSIC, STRICT):
        assert rules.may_play(parse_card("7♥"), parse_card("8♣"))
        assert rules.may_play(parse_card("9♠"), parse_card("8♣"))
        assert not rules.may_play(parse_card("8♥"), parse_card("8♣"))
        assert not rules.may_play(parse_card("6♥"), parse_card("8♣"))


def test_king_and_ace() -> None:
    king, ace, queen, two = (parse_card(t) for t in ("K♣", "A♥", "Q♦", "2♠"))
    assert EASY.may_play(ace, king) and EASY.may_play(king, ace)
    assert not CLASSIC.may_play(ace, king) and not CLASSIC.may_play(king, ace)
    assert CLASSIC.may_play(queen, king) and CLASSIC.may_play(two, ace)
    assert not STRICT.may_play(queen, king), "strict: nothing is played on a King"
    assert STRICT.may_play(king, queen), "a King still plays on a Queen"


def test_jokers_are_wild_both_ways() -> None:
    rules = Rules(jokers=1)
    joker = 52
    for c in range(52):
        assert rules.may_play(joker, c) and rules.may_play(c, joker)


def test_empty_waste_takes_any_free_card_first() -> None:
    rules = Rules(empty_waste=True)
    game = Game.new(3, rules)
    assert game.position.waste == ()
    assert len(game.position.stock) == 17
    assert len(game.legal_actions()) == 8  # all seven columns, and the draw
    assert game.apply(Action.play(4)) is None


def test_strict_rules_draw_only_when_stuck() -> None:
    for number in range(200):
        game = Game.new(number, STRICT)
        plays = [a for a in game.legal_actions() if a.kind == "play"]
        if plays:
            refusal = game.apply(Action.draw())
            assert refusal is not None and refusal.reason is Reason.DRAW_NOT_STUCK
            assert Action.draw() not in game.legal_actions()
            return
    pytest.fail("no deal with a first play found")


def test_layout_must_be_a_whole_deck() -> None:
    good = [cards(c) for c in seeds.COLUMNS]
    with pytest.raises(engine.LayoutError, match="twice"):
        engine.layout(good, cards("A♣"), cards(seeds.STOCK + " A♣"), EASY)
    with pytest.raises(engine.LayoutError, match="missing 5♥"):
        engine.layout(good, cards("A♣"), cards(seeds.STOCK)[:-1], EASY)
    with pytest.raises(engine.LayoutError, match="7 columns of 5"):
        engine.layout(good[:6], cards("A♣"), cards(seeds.STOCK), EASY)


# --- session: undo, moves, blocking --------------------------------------------------------


def test_undo_puts_the_card_back_and_the_move_counter_does_not_go_down() -> None:
    game = seeds_game()
    start = game.position
    play_all(game, "draw, play 5")
    assert game.score == 10
    play_all(game, "undo, undo")
    assert game.position == start
    assert game.score == 0
    assert game.moves == 2
    refusal = game.apply(Action.undo())
    assert refusal is not None and refusal.text() == "Nothing to undo"


def test_undo_keeps_the_last_100_actions() -> None:
    game = Game.new(5, EASY)
    positions = [game.position]
    while len(positions) <= UNDO_LIMIT + 5 and not game.over:
        game.apply(game.legal_actions()[0])
        positions.append(game.position)
        # Undo and redo to make the history long enough on any deal.
        if not game.position.stock:
            break
    taken = len(positions) - 1
    undone = 0
    while game.apply(Action.undo()) is None:
        undone += 1
        assert game.position == positions[-1 - undone]
    assert undone == min(taken, UNDO_LIMIT)


def test_undo_lifts_the_blocked_penalty() -> None:
    for number in range(300):
        game = Game.new(number, CLASSIC)
        while not game.over:
            game.apply(game.legal_actions()[0])
        if game.status == "blocked" and 0 < game.position.removed < 35:
            blocked_score = game.score
            assert blocked_score == max(0, 10 * game.position.removed - 10 * game.position.left)
            refusal = game.apply(Action.draw())
            assert refusal is not None and refusal.text() == "No more moves possible"
            assert refusal.text("fr") == "Plus aucun coup possible"
            assert game.apply(Action.undo()) is None
            assert game.status == "playing"
            assert game.score == 10 * game.position.removed
            return
    pytest.fail("no blocked game found")


def test_action_tokens_round_trip() -> None:
    for action in [
        Action.draw(),
        Action.undo(),
        Action.redo(),
        *(Action.play(c) for c in range(1, 8)),
    ]:
        assert Action.parse(str(action)) == action
    assert Action.parse("  PLAY   1  row 4 ") == Action.play(1, 4)
    assert str(Action.play(1, 4)) == "play 1 row 4"
    for bad in ("play 0", "play 8", "jump", "play", "play 1 row 6", "drawx"):
        with pytest.raises(ValueError, match="not an action"):
            Action.parse(bad)


@pytest.mark.processes
def test_engine_never_imports_pygame() -> None:
    code = (
        "import sys, golf, golf.core.cards, golf.solitaire.codes, golf.core.deal, golf.solitaire.describe, golf.solitaire.engine, "
        "golf.solitaire.rules, golf.solitaire.session, golf.solitaire.texts, pkgutil\n"
        "for m in pkgutil.iter_modules(golf.__path__): __import__('golf.' + m.name)\n"
        "assert 'pygame' not in sys.modules, 'golf imported pygame'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
