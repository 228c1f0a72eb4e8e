"""The bound on the draws needed, worked out for every heights at once, agrees with its plain
definition (a recursion over heights) on every heights of random tableaux, in every variant."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

from golf.core.cards import DECK_SIZE
from golf.solitaire.chance import CLASSES, card_class, class_masks
from golf.solitaire.draws_needed import FAR, DrawsNeeded, Winnable
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules

Heights = tuple[int, ...]
ClsAt = list[tuple[int, ...]]
VARIANTS = {
    "easy": EASY,
    "classic": CLASSIC,
    "nothing-on-king": Rules(king_ace=False, queen_on_king=False),
    "strict": STRICT,
    "one-joker": CLASSIC.with_(jokers=1),
    "two-jokers-strict": STRICT.with_(jokers=2),
}


def lower(h: Heights, i: int) -> Heights:
    """``h`` with a card taken from column ``i``."""
    return (*h[:i], h[i] - 1, *h[i + 1 :])


def random_tableau(rules: Rules, rng: random.Random) -> tuple[list[int], list[int], ClsAt]:
    """A shuffled deck, and a tableau dealt from it: each column's height (0 to 3) and the
    class of its card at each height."""
    deck = list(range(DECK_SIZE + rules.jokers))
    rng.shuffle(deck)
    top = [rng.randint(0, 3) for _ in range(7)]
    cls_at = [(-1, *(card_class(deck.pop()) for _ in range(x))) for x in top]
    return deck, top, cls_at


def plain(
    cls_at: list[tuple[int, ...]],
    takes: tuple[int, ...],
    drawable: tuple[bool, ...],
    any_time: bool,
) -> tuple[Callable[[Heights], int], Callable[[Heights, int], int]]:
    """The definition: ``need(h)`` with the player to draw, ``run(h, t)`` to move on a top of
    class ``t``; each draw may be any class the stock may give, in any number."""

    @cache
    def need(h: tuple[int, ...]) -> int:
        if not any(h):
            return 0
        best = min(
            (
                run(lower(h, i), cls_at[i][x])
                for i, x in enumerate(h)
                if x and drawable[cls_at[i][x]]
            ),
            default=FAR,
        )
        return best + 1 if best < FAR else FAR

    @cache
    def run(h: tuple[int, ...], t: int) -> int:
        if not any(h):
            return 0
        plays = [
            run(lower(h, i), cls_at[i][x])
            for i, x in enumerate(h)
            if x and (takes[t] >> cls_at[i][x]) & 1
        ]
        if any_time or not plays:
            plays.append(need(h))
        return min(plays)

    return need, run


def every_heights(top: list[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for x in top:
        out = [(*h, y) for h in out for y in range(x + 1)]
    return out


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("seed", range(6))
def test_the_table_agrees_with_the_plain_recursion(name: str, seed: int) -> None:
    rules = VARIANTS[name]
    rng = random.Random(f"{name}-{seed}")
    _, top, cls_at = random_tableau(rules, rng)
    takes, goes_on = class_masks(rules)
    classes = sum(
        1 << k for k in rng.sample(range(CLASSES if rules.jokers else 13), rng.randint(1, 6))
    )
    drawable = tuple(bool(goes_on[k] & classes) for k in range(CLASSES))
    need, run = plain(cls_at, takes, drawable, rules.draw_any_time)
    most = rng.randint(1, 6)
    table = DrawsNeeded(top, cls_at, takes, drawable, rules.draw_any_time)
    table.reach(most)
    checked = 0
    for h in every_heights(top):
        index = table.index(h)
        for got, want in [(table.need(index), need(h))] + [
            (table.after(i, index), run(h, cls_at[i][h[i] + 1])) for i in range(7) if h[i] < top[i]
        ]:
            checked += 1
            if got <= most or table.done:
                assert got == want, (h, got, want)
            else:  # past what was asked for, the count is only known to be more
                assert most < got <= want, (h, got, want)
    assert checked > 1


def test_the_sets_stop_growing_and_far_means_never() -> None:
    # One column: a 5 under a 9, and the stock may only give Kings. No card goes on a King
    # (Classic), so nothing can ever be cleared but the empty tableau.
    cls_at = [(-1, 4, 8)] + [(-1,)] * 6
    takes, goes_on = class_masks(CLASSIC)
    drawable = tuple(bool(goes_on[k] & 1 << 12) for k in range(CLASSES))
    table = DrawsNeeded([2, 0, 0, 0, 0, 0, 0], cls_at, takes, drawable, True)
    table.reach(10)
    assert table.need(table.index([2, 0, 0, 0, 0, 0, 0])) == FAR
    assert table.need(0) == 0
    assert table.done and table.levels() == 1
    # A stock of 10s only: a 10 takes the 9, but nothing then takes the 5.
    drawable = tuple(bool(goes_on[k] & 1 << 9) for k in range(CLASSES))
    table = DrawsNeeded([2, 0, 0, 0, 0, 0, 0], cls_at, takes, drawable, True)
    table.reach(10)
    assert table.need(table.index([2, 0, 0, 0, 0, 0, 0])) == FAR
    # 10s and 6s: a 10 takes the 9, then a 6 the 5; two draws (one for the 5 alone).
    drawable = tuple(bool(goes_on[k] & (1 << 9 | 1 << 5)) for k in range(CLASSES))
    table = DrawsNeeded([2, 0, 0, 0, 0, 0, 0], cls_at, takes, drawable, True)
    table.reach(10)
    assert table.need(table.index([2, 0, 0, 0, 0, 0, 0])) == 2
    assert table.need(table.index([1, 0, 0, 0, 0, 0, 0])) == 1


def plain_winnable(
    cls_at: list[tuple[int, ...]], takes: tuple[int, ...], classes: list[int], any_time: bool
) -> tuple[
    Callable[[Heights, tuple[int, ...]], bool], Callable[[Heights, int, tuple[int, ...]], bool]
]:
    """The definition: ``win(h, counts)``, whether some order of the stock (``counts[j]`` cards
    of class ``classes[j]``) clears the tableau, the player to draw; a card drawn may also be
    left on the waste unplayed (as the winnable sets allow, also under the strict rules);
    ``run(h, t, counts)`` the same with the player to move on a top of class ``t``."""

    @cache
    def win(h: Heights, counts: tuple[int, ...]) -> bool:
        if not any(h):
            return True
        for j, c in enumerate(counts):
            if c:
                rest = (*counts[:j], c - 1, *counts[j + 1 :])
                if win(h, rest) or run(h, classes[j], rest):
                    return True
        return False

    @cache
    def run(h: Heights, t: int, counts: tuple[int, ...]) -> bool:
        if not any(h):
            return True
        plays = [(i, x) for i, x in enumerate(h) if x and (takes[t] >> cls_at[i][x]) & 1]
        if any(run(lower(h, i), cls_at[i][x], counts) for i, x in plays):
            return True
        return (any_time or not plays) and win(h, counts)

    return win, run


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize(
    "seed", [0, *(pytest.param(s, marks=pytest.mark.slow) for s in range(1, 4))]
)
def test_the_winnable_sets_agree_with_the_plain_recursion(name: str, seed: int) -> None:
    rules = VARIANTS[name]
    rng = random.Random(f"win-{name}-{seed}")
    deck, top, cls_at = random_tableau(rules, rng)
    stock = sorted(card_class(deck.pop()) for _ in range(rng.randint(2, 5)))
    classes = sorted(set(stock))
    caps = [stock.count(k) for k in classes]
    takes, goes_on = class_masks(rules)
    drawable = tuple(bool(goes_on[k] & sum(1 << c for c in classes)) for k in range(CLASSES))
    table = DrawsNeeded(top, cls_at, takes, drawable, rules.draw_any_time)
    sets = Winnable(table, cls_at, takes, classes, caps)
    assert sets.most == len(stock)  # few multisets: all held
    win, run = plain_winnable(cls_at, takes, classes, rules.draw_any_time)
    multisets: list[tuple[int, ...]] = [()]
    for c in caps:
        multisets = [(*m, k) for m in multisets for k in range(c + 1)]
    seen, seen_after = set(), set()
    for counts in multisets:
        index = sum(k * unit for k, unit in zip(counts, sets.radix, strict=True))
        for h in every_heights(top):
            got = sets.holds(index, table.index(h))
            assert got == win(h, counts), (h, counts)
            seen.add(got)
            for j in range(7):
                if h[j] < top[j]:  # the top the card just taken from column j
                    got = sets.after(index, j, table.index(h))
                    assert got == run(h, cls_at[j][h[j] + 1], counts), (h, j, counts)
                    seen_after.add(got)
    assert seen == seen_after == {True, False}


def test_the_winnable_sets_hold_as_many_multisets_as_their_memory_allows() -> None:
    cls_at = [(-1, 4, 8)] + [(-1,)] * 6
    takes, _ = class_masks(CLASSIC)
    table = DrawsNeeded([2, 0, 0, 0, 0, 0, 0], cls_at, takes, (True,) * CLASSES, True)
    each = 8 * table.nbytes  # D and seven G's, four fifths of the memory as bytes
    # Two 10s and a 6: multisets by size 1, 2, 2, 1.
    assert Winnable(table, cls_at, takes, [5, 9], [1, 2], memory=6 * each * 5 // 4).most == 3
    assert Winnable(table, cls_at, takes, [5, 9], [1, 2], memory=5 * each * 5 // 4).most == 2
    assert Winnable(table, cls_at, takes, [5, 9], [1, 2], memory=3 * each * 5 // 4).most == 1
    assert Winnable(table, cls_at, takes, [5, 9], [1, 2], memory=0).most == -1
    # One 10 and one 6 clear the 5 under the 9, in either order (10 first: 9, then 6: 5).
    sets = Winnable(table, cls_at, takes, [5, 9], [1, 2])
    full = table.index([2, 0, 0, 0, 0, 0, 0])
    assert sets.holds(1 + 1 * 2, full) and not sets.holds(0 + 2 * 2, full)
    assert not sets.holds(1, full) and sets.holds(1, table.index([1, 0, 0, 0, 0, 0, 0]))
