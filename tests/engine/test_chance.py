"""The true chance: the exact search agrees with a plain expectimax, its play wins what it says,
and neither it, the policy nor the hint ever reads the stock's order."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from golf.core.cards import parse_card, rank
from golf.solitaire import engine
from golf.solitaire.blind import (
    LOOKAHEAD,
    BlindPlayer,
    blind,
    chance_range,
    clairvoyant_rate,
    play_out,
    rank_orders,
    wilson,
)
from golf.solitaire.chance import ChanceBudgetExceeded, ChanceSearch, exact_chance, orders_of
from golf.solitaire.engine import Position
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golf.solitaire.timed_hint import timed_hint

NOTHING_ON_KING = Rules(king_ace=False, queen_on_king=False)
VARIANTS = {
    "easy": EASY,
    "classic": CLASSIC,
    "nothing-on-king": NOTHING_ON_KING,
    "strict": STRICT,
    "one-joker": CLASSIC.with_(jokers=1),
    "two-jokers-strict": STRICT.with_(jokers=2),
    "empty-waste": EASY.with_(empty_waste=True),
    "empty-waste-strict": STRICT.with_(empty_waste=True),
}


def variants(fast: str) -> list[Any]:
    """Every variant's name for a parametrized sweep: ``fast`` in the fast layer, the others
    marked slow (docs/development.md)."""
    return [
        name if name == fast else pytest.param(name, marks=pytest.mark.slow) for name in VARIANTS
    ]


def plain(position: Position, rules: Rules, memo: dict[object, Fraction]) -> Fraction:
    """The best win chance by brute force: every action, every card the stock may give next."""
    key = (position.columns, position.waste_top, tuple(sorted(position.stock)))
    if key in memo:
        return memo[key]
    if engine.is_won(position):
        return Fraction(1)
    best = Fraction(0)
    for action in engine.legal_actions(position, rules):
        best = max(best, plain_action(position, action, rules, memo))
    memo[key] = best
    return best


def plain_action(
    position: Position, action: engine.Action, rules: Rules, memo: dict[object, Fraction]
) -> Fraction:
    if action.kind == engine.PLAY:
        return plain(engine.apply(position, action, rules), rules, memo)
    stock = position.stock
    total = Fraction(0)
    for j in range(len(stock)):
        first = Position(position.columns, position.waste, (stock[j], *stock[:j], *stock[j + 1 :]))
        total += plain(engine.apply(first, action, rules), rules, memo)
    return total / len(stock)


def small_positions(rules: Rules, count: int, seed: int) -> list[Position]:
    """Late positions: a deal's columns cut to a few cards each, a short stock, the waste; most
    of them neither sure wins nor sure losses."""
    rng = random.Random(seed)
    out: list[Position] = []
    dull = 0
    while len(out) < count:
        start = engine.deal(rng.randrange(10_000), rules)
        columns = tuple(col[: rng.choice((0, 1, 1, 2, 2, 3))] for col in start.columns)
        if not any(columns):
            continue
        stock = start.stock[: rng.randint(2, 4)]
        waste = start.waste if not rules.empty_waste else ()
        position = Position(columns, waste, stock)
        if not engine.legal_actions(position, rules):
            continue
        value = plain(position, rules, {})
        if 0 < value < 1 or dull < count // 4:
            dull += value in (0, 1)
            out.append(position)
    return out


@pytest.mark.parametrize("name", variants("strict"))
def test_the_exact_search_agrees_with_a_plain_expectimax(name: str) -> None:
    rules = VARIANTS[name]
    values = set()
    for position in small_positions(rules, 8, seed=len(name)):
        memo: dict[object, Fraction] = {}
        answer = ChanceSearch(position, rules).chance(position, every=True)
        assert answer is not None
        assert answer.orders == orders_of(position.stock)
        for action, won in answer.chances:
            assert won is not None
            assert Fraction(won, answer.orders) == plain_action(position, action, rules, memo)
        assert answer.fraction == plain(position, rules, memo)
        values.add(answer.fraction)
    assert len(values) > 2  # the positions are not all won or all lost


def test_late_positions_of_real_deals_agree_too() -> None:
    for number, rules in ((1, CLASSIC), (4, CLASSIC), (2, EASY), (5, STRICT)):
        rng = random.Random(number)
        position = engine.deal(number, rules)
        while len(position.stock) > 5 or position.left > 14:
            legal = engine.legal_actions(position, rules)
            plays = [a for a in legal if a.kind == engine.PLAY]
            if not legal:
                break
            pick = rng.choice(plays) if plays and rng.random() < 0.9 else legal[-1]
            position = engine.apply(position, pick, rules)
        if engine.legal_actions(position, rules):
            answer = exact_chance(position, rules)
            assert answer is not None
            assert answer.fraction == plain(position, rules, {})


def test_the_best_action_only_needs_its_own_count_exact() -> None:
    position = small_positions(CLASSIC, 1, seed=7)[0]
    every = ChanceSearch(position, CLASSIC).chance(position, every=True)
    quick = ChanceSearch(position, CLASSIC).chance(position)
    assert every is not None and quick is not None
    assert quick.wins == every.wins and quick.action == every.action
    exact = dict(every.chances)
    for action, won in quick.chances:
        assert won is None or won == exact[action]


def later_position(number: int, rules: Rules, stock_left: int) -> Position:
    """The position of a deal along the exact solver's line once ``stock_left`` cards remain."""
    return _line_after(engine.deal(number, rules), rules, stock_left)


@pytest.mark.slow
def test_playing_the_search_over_every_rank_order_wins_what_it_says() -> None:
    # A deterministic player wins each rank order or not: its share over all of them is its
    # chance, exactly.
    position = later_position(3, CLASSIC, 6)
    search = ChanceSearch(position, CLASSIC)
    answer = search.chance(position)
    assert answer is not None and 0 < answer.wins < answer.orders

    def best(seen: Position) -> engine.Action | None:
        got = search.chance(seen)
        return None if got is None else got.action

    orders = rank_orders(position)
    assert len(orders) == answer.orders
    wins = sum(
        play_out(best, Position(position.columns, position.waste, order), CLASSIC)
        for order in orders
    )
    assert Fraction(wins, len(orders)) == answer.fraction


@pytest.mark.slow
def test_a_monte_carlo_check_of_the_search_on_a_later_position() -> None:
    position = later_position(0, CLASSIC, 8)
    search = ChanceSearch(position, CLASSIC)
    answer = search.chance(position)
    assert answer is not None

    def best(seen: Position) -> engine.Action | None:
        got = search.chance(seen)
        return None if got is None else got.action

    rng = random.Random(11)
    tried = 300
    wins = 0
    for _ in range(tried):
        order = list(position.stock)
        rng.shuffle(order)
        wins += play_out(best, Position(position.columns, position.waste, tuple(order)), CLASSIC)
    low, high = wilson(wins, tried, z=3.3)
    assert low <= answer.value <= high


def test_no_real_player_beats_the_clairvoyant_chance_and_the_policy_is_a_real_player() -> None:
    position = later_position(3, CLASSIC, 6)
    answer = exact_chance(position, CLASSIC)
    assert answer is not None
    every = clairvoyant_rate(position, CLASSIC, random.Random(1), samples=0, enumerate_up_to=1000)
    assert every.exact and every.tried == answer.orders
    assert every.rate >= answer.value
    for lookahead in (0, LOOKAHEAD):
        player = BlindPlayer(position, CLASSIC, lookahead=lookahead)
        wins = sum(
            play_out(player.action, Position(position.columns, position.waste, order), CLASSIC)
            for order in rank_orders(position)
        )
        assert 0 < Fraction(wins, answer.orders) <= answer.fraction


# Every legal action's exact count (``every``) as the search found it before it was made faster
# (runs of plays worked out once, grouped ranks, the bound on the draws needed): rule set, deal,
# draws along the solver's line, orders won, rank orders, each action's orders won. The positions
# after 12 draws (4 stock cards) are checked against the plain expectimax too, below.
EARLIER = [
    ("classic", 0, 8, 3208, 10080, (3208, 2026)),
    ("classic", 0, 12, 24, 24, (24, 0)),
    ("classic", 1, 12, 0, 24, (0, 0)),
    ("classic", 2, 12, 24, 24, (24,)),
    ("classic", 3, 8, 5112, 10080, (5112,)),
    ("classic", 3, 12, 24, 24, (24, 0)),
    ("classic", 4, 12, 9, 24, (9,)),
    ("classic", 5, 12, 0, 12, (0,)),
    ("classic", 6, 8, 16800, 20160, (16800, 16800, 16800)),
    ("classic", 6, 12, 24, 24, (24,)),
    ("classic", 7, 12, 0, 12, (0, 0)),
    ("classic", 8, 12, 0, 12, (0, 0)),
    ("classic", 9, 12, 6, 24, (6, 0, 6)),
    ("classic", 10, 8, 0, 20160, (0, 0)),
    ("classic", 10, 12, 0, 12, (0, 0)),
    ("classic", 11, 8, 0, 20160, (0, 0, 0)),
    ("classic", 11, 12, 0, 24, (0, 0, 0)),
    ("strict", 0, 8, 28, 10080, (28,)),
    ("strict", 0, 12, 0, 24, (0,)),
    ("strict", 1, 12, 0, 24, (0,)),
    ("strict", 2, 8, 5040, 10080, (0, 5040)),
    ("strict", 2, 12, 24, 24, (24,)),
    ("strict", 3, 8, 968, 10080, (968,)),
    ("strict", 3, 12, 24, 24, (0, 24)),
    ("strict", 4, 8, 144, 6720, (144,)),
    ("strict", 4, 12, 0, 24, (0,)),
    ("strict", 5, 8, 0, 3360, (0,)),
    ("strict", 5, 12, 0, 12, (0,)),
    ("easy", 0, 8, 8400, 10080, (8400, 6900)),
    ("easy", 0, 12, 24, 24, (24,)),
    ("easy", 1, 8, 20160, 20160, (20160,)),
    ("easy", 1, 12, 24, 24, (24, 0)),
    ("easy", 2, 12, 4, 24, (4,)),
    ("easy", 3, 8, 3780, 10080, (3780,)),
    ("easy", 3, 12, 24, 24, (24, 24, 0)),
    ("easy", 4, 12, 9, 24, (9,)),
    ("easy", 5, 12, 0, 12, (0, 0)),
    ("nothing-on-king", 0, 8, 1344, 10080, (1344, 112)),
    ("nothing-on-king", 0, 12, 0, 24, (0, 0)),
    ("nothing-on-king", 1, 12, 0, 24, (0, 0, 0)),
    ("nothing-on-king", 2, 8, 5712, 10080, (0, 5712, 2604)),
    ("nothing-on-king", 2, 12, 24, 24, (24,)),
    ("nothing-on-king", 3, 12, 24, 24, (24, 24, 12, 4)),
    ("nothing-on-king", 4, 12, 9, 24, (9,)),
    ("nothing-on-king", 5, 12, 0, 12, (0,)),
]


def along_the_line(number: int, rules: Rules, draws: int) -> Position:
    """The position of a deal along the exact solver's line just after ``draws`` draws."""
    from golf.solitaire.solver import solve

    position = engine.deal(number, rules)
    done = 0
    for action in solve(position, rules).line:
        position = engine.apply(position, action, rules)
        done += action.kind == engine.DRAW
        if done == draws:
            break
    return position


@pytest.mark.parametrize("name", ["classic", "strict", "easy", "nothing-on-king"])
def test_the_search_gives_the_counts_it_gave_before(name: str) -> None:
    rules = VARIANTS[name]
    for _, number, draws, wins, orders, each in (row for row in EARLIER if row[0] == name):
        position = along_the_line(number, rules, draws)
        answer = ChanceSearch(position, rules).chance(position, every=True)
        assert answer is not None
        assert (answer.wins, answer.orders) == (wins, orders)
        assert tuple(won for _, won in answer.chances) == each
        if draws == 12:  # four stock cards: the plain expectimax checks the stored counts
            memo: dict[object, Fraction] = {}
            assert plain(position, rules, memo) == Fraction(wins, orders)
            for action, won in zip(engine.legal_actions(position, rules), each, strict=True):
                assert plain_action(position, action, rules, memo) == Fraction(won, orders)


def test_the_budget_stops_the_search_and_the_work_is_kept() -> None:
    position = later_position(3, CLASSIC, 8)
    search = ChanceSearch(position, CLASSIC)
    with pytest.raises(ChanceBudgetExceeded):
        search.chance(position, max_states=100)
    assert search.states >= 100
    answer = search.chance(position)
    assert answer is not None
    fresh = ChanceSearch(position, CLASSIC)
    again = fresh.chance(position)
    assert again is not None and again.wins == answer.wins
    assert answer.states < again.states  # the first go's states were not worked out again


@pytest.mark.parametrize(
    ("number", "name"), [(0, "classic"), (6, "classic"), (2, "strict"), (7, "strict")]
)
def test_a_question_about_an_earlier_position_gives_what_a_fresh_search_gives(
    number: int, name: str
) -> None:
    # After an undo the next question may be about taller columns, or a longer stock of the
    # same ranks, than the search's bound on the draws needed was worked out for: it is
    # worked out again, further. The positions one move after: a play (lower columns, the
    # same stock) and, where the card drawn leaves its rank in the stock, a draw.
    rules = VARIANTS[name]
    start = engine.deal(number, rules)
    earlier = along_the_line(number, rules, 8)
    ranks = {rank(c) for c in earlier.stock}
    after = [engine.apply(earlier, a, rules) for a in engine.legal_actions(earlier, rules)]
    after = [p for p in after if {rank(c) for c in p.stock} == ranks]
    assert any(p.stock == earlier.stock for p in after)  # a play
    for position in after:
        search = ChanceSearch(start, rules)
        for asked in (position, earlier, position):
            kept = search.chance(asked, every=True)
            fresh = ChanceSearch(start, rules).chance(asked, every=True)
            assert fresh is not None and kept == replace(fresh, states=kept.states)


def test_a_dead_position_is_worth_nothing_at_once() -> None:
    # The 5 and the 7 wait for a 6 that is nowhere: no order wins.
    cards = [parse_card(t) for t in ("5♣", "7♦", "K♥", "2♠", "J♣", "9♦")]
    position = Position(
        ((cards[0],), (cards[1],), (), (), (), (), ()), (cards[2],), tuple(cards[3:])
    )
    search = ChanceSearch(position, CLASSIC)
    answer = search.chance(position)
    assert answer is not None and answer.wins == 0
    assert search.states <= 2


@pytest.mark.slow
def test_a_card_nothing_can_go_on_changes_no_chance() -> None:
    # Drawing a card no tableau card may go on only turns up the next one: the chance is the
    # same with it in the stock or not, whatever the rule set.
    checked = 0
    for name in ("classic", "strict", "nothing-on-king"):
        rules = VARIANTS[name]
        for position in small_positions(rules, 6, seed=40 + len(name)):
            ranks = {rank(c) for col in position.columns for c in col}
            used = {*position.stock, *position.waste, *(c for col in position.columns for c in col)}
            dead = [
                c
                for c in range(52)
                if c not in used
                and not any(
                    c in rules.follows[t] or t in rules.follows[c]
                    for t in range(52)
                    if rank(t) in ranks
                )
            ]
            if not dead or not engine.legal_actions(position, rules):
                continue
            more = Position(position.columns, position.waste, (*position.stock, dead[0]))
            plain_answer = exact_chance(position, rules)
            with_dead = exact_chance(more, rules)
            assert plain_answer is not None and with_dead is not None
            assert with_dead.fraction == plain_answer.fraction
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize(
    ("number", "rules", "left"), [(14, CLASSIC, 8), (6, STRICT, 8), (2, EASY, 7)]
)
def test_the_winnable_sets_change_no_answer_and_spare_states(
    monkeypatch: pytest.MonkeyPatch, number: int, rules: Rules, left: int
) -> None:
    from golf.solitaire import chance

    position = later_position(number, rules, left)
    with_sets = ChanceSearch(position, rules).chance(position, every=True)
    monkeypatch.setattr(chance, "WINNABLE_MEMORY", 0)  # none held: the older tests alone
    without = ChanceSearch(position, rules).chance(position, every=True)
    assert with_sets is not None and without is not None
    assert 0 < with_sets.wins < with_sets.orders
    assert replace(with_sets, states=0) == replace(without, states=0)
    assert with_sets.states < without.states


@pytest.mark.parametrize("name", variants("two-jokers-strict"))
def test_the_winnable_sets_change_no_answer_in_any_variant(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    from golf.solitaire import chance

    rules = VARIANTS[name]
    positions = small_positions(rules, 8, seed=90 + len(name))
    positions += [later_position(number, rules, 7) for number in (1, 4)]
    answers = []
    for memory in (chance.WINNABLE_MEMORY, 0):  # with the sets, then the older tests alone
        monkeypatch.setattr(chance, "WINNABLE_MEMORY", memory)
        answers.append(
            [
                None if got is None else replace(got, states=0)
                for got in (ChanceSearch(p, rules).chance(p, every=True) for p in positions)
            ]
        )
    assert answers[0] == answers[1]
    assert any(got is not None and 0 < got.wins < got.orders for got in answers[0])


def reorderings(position: Position) -> list[Position]:
    shuffled = list(position.stock)
    random.Random(99).shuffle(shuffled)
    return [
        Position(position.columns, position.waste, tuple(reversed(position.stock))),
        Position(position.columns, position.waste, tuple(shuffled)),
    ]


@pytest.mark.parametrize(("number", "rules", "left"), [(3, CLASSIC, 7), (8, STRICT, 9)])
def test_the_chance_never_reads_the_stock_order(number: int, rules: Rules, left: int) -> None:
    position = later_position(number, rules, left)
    first = ChanceSearch(position, rules).chance(position, every=True)
    assert first is not None
    for other in reorderings(position):
        assert other.stock != position.stock
        assert ChanceSearch(other, rules).chance(other, every=True) == first
        assert BlindPlayer(other, rules).action(other) == BlindPlayer(position, rules).action(
            position
        )
        looking = BlindPlayer(position, rules, lookahead=LOOKAHEAD).action(position)
        assert BlindPlayer(other, rules, lookahead=LOOKAHEAD).action(other) == looking
        rolled = BlindPlayer(position, rules).rollout_action(position, random.Random(2))
        assert BlindPlayer(other, rules).rollout_action(other, random.Random(2)) == rolled


@pytest.mark.parametrize("rules", [CLASSIC, STRICT, NOTHING_ON_KING])
def test_the_lookahead_never_reads_the_stock_order_through_a_whole_game(rules: Rules) -> None:
    # Along one game, every position is shown with its stock in three orders: the moves agree.
    position = engine.deal(7, rules)
    players = [BlindPlayer(position, rules, lookahead=LOOKAHEAD) for _ in range(3)]
    while not engine.is_won(position):
        seen = (position, *reorderings(position)) if len(position.stock) > 1 else (position,) * 3
        actions = {player.action(s) for player, s in zip(players, seen, strict=True)}
        assert len(actions) == 1
        action = actions.pop()
        if action is None:
            break
        position = engine.apply(position, action, rules)


@pytest.mark.parametrize("rules", [CLASSIC, EASY, NOTHING_ON_KING])
def test_the_rollout_plays_out_the_policy_as_the_policy_plays(rules: Rules) -> None:
    # A play-out inside the rollout (on heights and classes, from a place where the policy
    # draws) wins exactly when the policy itself, played move by move on the real cards in that
    # order, wins. It stops early once the policy's game is proven lost, so it may count fewer
    # cleared cards, never more.
    from golf.solitaire.chance import card_class, stock_code

    position = engine.deal(11, rules)
    player = BlindPlayer(position, rules)
    while (action := player.action(position)) is not None and action.kind == engine.PLAY:
        position = engine.apply(position, action, rules)
    assert action is not None and action.kind == engine.DRAW
    stock = sorted(position.stock)
    h = player.search.heights_of(position)
    left = sum(len(c) for c in position.columns)
    wins = 0
    for seed in range(12):
        order = list(stock)
        random.Random(seed).shuffle(order)
        classes = tuple(card_class(c) for c in order)  # the stock draws from its front
        won, cleared = player._play_out(h, stock_code(stock), len(stock), classes)
        end = Position(position.columns, position.waste, tuple(order))
        while (action := player.action(blind(end))) is not None and not engine.is_won(end):
            end = engine.apply(end, action, rules)
        assert won == engine.is_won(end)
        assert cleared <= left - sum(len(c) for c in end.columns)
        assert cleared == left or not won
        wins += won
    assert rules is not EASY or wins > 0  # the comparison covers won games too


def test_the_rollout_keeps_the_policys_move_without_evidence_or_time() -> None:
    position = later_position(4, CLASSIC, 12)
    player = BlindPlayer(position, CLASSIC)
    base = player.action(position)
    assert player.rollout_action(position, random.Random(1), candidates=1) == base
    assert player.rollout_action(position, random.Random(1), orders=0) == base

    def late() -> float:
        return 2.0

    answer = player.rollout_action(position, random.Random(1), clock=late, deadline=1.0)
    assert answer == base


def test_the_range_and_the_timed_hint_never_read_the_stock_order() -> None:
    def counting() -> Callable[[], float]:
        reads = iter(range(10**6))  # a tenth of a second at each read: a few units of work
        return lambda: next(reads) / 10

    for position in (engine.deal(5, CLASSIC), later_position(5, CLASSIC, 8)):
        answers = set()
        ranges = set()
        for seen in (position, *reorderings(position)):
            answers.add(timed_hint(seen, CLASSIC, 1.0, counting(), exact_stock=0))
            ranges.add(chance_range(seen, CLASSIC, random.Random(4), rollouts=4, samples=3))
        assert len(answers) == 1 and len(ranges) == 1
    assert blind(position).stock == tuple(sorted(position.stock))


def test_the_chance_around_a_move_of_a_game() -> None:
    from golf.solitaire.chance import chances_around

    start = later_position(3, CLASSIC, 6)
    search = ChanceSearch(start, CLASSIC)
    best = search.chance(start, every=True)
    assert best is not None
    worst = min(
        (a for a, won in best.chances if won is not None), key=lambda a: dict(best.chances)[a]
    )
    log = [engine.Action.draw(), engine.Action.undo(), worst]
    got = chances_around(start, CLASSIC, log, 2)
    assert got is not None
    assert got[0] == best.fraction
    # after the move, with the card it turned up (if a draw) known
    after = exact_chance(engine.apply(start, worst, CLASSIC), CLASSIC)
    assert after is not None and got[1] == after.fraction
    if worst.kind == engine.PLAY:
        assert got[1] == Fraction(dict(best.chances)[worst] or 0, best.orders)


def test_the_chance_command(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from golf.solitaire.codes import format_code
    from golf.solitaire.solver import solve
    from golfcli.commands import main

    line = solve(engine.deal(3, CLASSIC), CLASSIC).line
    draws = [i for i, a in enumerate(line) if a.kind == engine.DRAW]
    moves = ",".join(str(a) for a in line[: draws[11] + 1])  # 12 draws: 4 cards left
    code = format_code(3, CLASSIC)
    assert main(["chance", code, "--actions", moves, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    position = engine.deal(3, CLASSIC)
    for action in line[: draws[11] + 1]:
        position = engine.apply(position, action, CLASSIC)
    answer = exact_chance(position, CLASSIC)
    assert answer is not None
    assert out["exact"] is True and out["stock"] == 4
    assert (out["wins"], out["orders"]) == (answer.wins, answer.orders)
    assert out["action"] == str(answer.action)
    assert main(["chance", code, "--actions", moves]) == 0
    assert "(exact: " in capsys.readouterr().out
    assert main(["chance", code, "--actions", moves, "--lang", "fr"]) == 0
    said = capsys.readouterr().out
    assert f"(exacte : {answer.wins} des {answer.orders} ordres de valeurs de la pioche)" in said
    assert "meilleur coup : " in said and "états : " in said
    assert main(["chance", code, "--actions", "draw, play 8"]) == 2
    assert "action 2" in capsys.readouterr().err


def test_the_chance_command_gives_a_range_past_its_budget(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from golfcli.commands import main

    args = ["chance", "GO1-C-AAAAAAD", "--max-states", "50", "--rollouts", "5", "--samples", "3"]
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] is False and out["chance"] is None
    assert out["policy"]["tried"] == 5 and out["clairvoyant"]["tried"] == 3
    assert 0.0 <= out["low"] <= out["high"] <= 1.0
    assert main(args) == 0
    said = capsys.readouterr().out
    assert "win chance between " in said and "at least: the policy won " in said
    assert "best action (the policy improved by play-outs): " in said
    # The same in French, numbers written the French way.
    assert main([*args, "--lang", "fr", "--max-states", "5000"]) == 0
    said = capsys.readouterr().out
    assert "GO1-C-AAAAAAD après 0 coups, 16 cartes dans la pioche" in said
    assert "chance de gagner entre " in said and "la recherche a dépassé 5\u202f000 états" in said
    assert "au moins : la stratégie a gagné " in said and "au plus : un joueur qui" in said
    assert "meilleur coup (la stratégie améliorée par des parties simulées) : " in said
    low = said.split("chance de gagner entre ")[1].split(" %")[0]
    assert "," in low and "." not in low


def test_a_hint_goes_on_from_the_search_kept_for_its_game() -> None:
    from golf.solitaire.timed_hint import search_for

    position = later_position(3, CLASSIC, 10)
    kept = ChanceSearch(position, CLASSIC)
    with pytest.raises(ChanceBudgetExceeded):
        kept.chance(position, max_states=50)
    later = engine.apply(position, engine.Action.draw(), CLASSIC)
    assert search_for(later, CLASSIC, kept) is kept  # a later position of the same game
    # An earlier position (an undo past where it began), another game, other rules: afresh.
    earlier = later_position(3, CLASSIC, 14)
    assert kept.held > 0
    assert search_for(earlier, CLASSIC, kept) is not kept
    assert kept.held == 0  # let go, and its memory with it
    assert search_for(engine.deal(4, CLASSIC), CLASSIC, kept) is not kept
    assert search_for(later, EASY, kept) is not kept


def _line_after(position: Position, rules: Rules, stock_left: int) -> Position:
    """``position`` played on along the exact solver's line until ``stock_left`` cards remain."""
    from golf.solitaire.solver import solve

    for action in solve(position, rules).line:
        if len(position.stock) <= stock_left:
            break
        position = engine.apply(position, action, rules)
    return position


@pytest.mark.parametrize("rules", [CLASSIC, EASY], ids=["classic", "easy"])
def test_a_kept_search_forgets_the_states_out_of_reach_and_answers_as_before(
    rules: Rules,
) -> None:
    position = later_position(3, rules, 8)
    kept = ChanceSearch(position, rules)
    kept.chance(position, every=True)
    later = _line_after(position, rules, 5)
    held = kept.held
    kept.forget_out_of_reach(later)
    assert 0 < kept.held < held
    top = kept.heights_of(later)
    for key in kept.draws:
        heights = [(key >> (3 * i)) & 7 for i in range(7)]
        assert all(x <= (top >> (3 * i)) & 7 for i, x in enumerate(heights))
        code = key >> 21  # the stock's count of each class, five bits each
        assert sum((code >> (5 * k)) & 31 for k in range(14)) <= len(later.stock)
    answered = 0
    # What is left answers the later positions as a search of their own does.
    for stock_left in (5, 4, 2):
        at = _line_after(later, rules, stock_left)
        got, alone = kept.chance(at, every=True), ChanceSearch(at, rules).chance(at, every=True)
        if alone is None:  # the game is over
            assert got is None
            continue
        assert got is not None
        answered += 0 < alone.wins < alone.orders
        assert (got.action, got.wins, got.orders, got.chances) == (
            alone.action,
            alone.wins,
            alone.orders,
            alone.chances,
        )
    assert answered  # not only sure wins and losses


def test_a_search_over_its_size_forgets_first_and_is_let_go_only_if_still_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from golf.solitaire import timed_hint
    from golf.solitaire.timed_hint import search_for

    position = later_position(3, CLASSIC, 8)
    kept = ChanceSearch(position, CLASSIC)
    kept.chance(position)
    later = _line_after(position, CLASSIC, 5)
    held = kept.held
    # Over the limit, and under it once the states out of reach are forgotten: kept.
    monkeypatch.setattr(timed_hint, "KEEP_STATES", held - 1)
    assert search_for(later, CLASSIC, kept) is kept
    assert kept.held < held
    # Still over it once they are: let go.
    monkeypatch.setattr(timed_hint, "KEEP_STATES", 0)
    assert search_for(later, CLASSIC, kept) is not kept


def test_a_search_released_holds_nothing_and_answers_as_a_fresh_one() -> None:
    position = later_position(14, CLASSIC, 8)
    search = ChanceSearch(position, CLASSIC)
    first = search.chance(position, every=True)
    assert search.win is not None and search.win.found and search.held
    search.release()
    assert not search.win.found and search.held == 0
    again = search.chance(position, every=True)
    assert first is not None and again is not None
    assert again == replace(first, states=again.states) and again.states == first.states
