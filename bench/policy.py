"""Win rates of players who never see the stock, beside the clairvoyant rate.

Run: ``python bench/policy.py [--deals A-B] [--rules classic,easy,nok,strict]
[--players first,onestep,sampling,policy,new] [--sampling-samples N] [--sampling-states N]
[--exact-stock N] [--exact-states N] [--jobs N]``.

Each player plays every deal to the end; it is shown each position with the stock's cards sorted
(never their order) and the real order decides what each draw turns up. The players:

* ``first``: always plays the first card that plays (columns from the left), else draws;
* ``onestep``: a one-step hint like the common solitaire apps': of the cards that play, the one
  after which the most cards can follow, else draws;
* ``sampling``: the old hint (:mod:`golf.solitaire.hint`): the action that keeps a win in the
  most sampled stock orders for a player who knew them (``--sampling-samples`` orders, at most
  ``--sampling-states`` solver states a move, fewer than the window's time allows);
* ``policy``: :class:`golf.solitaire.blind.BlindPlayer` alone;
* ``new``: the new hint: the exact best play of :mod:`golf.solitaire.chance` once the stock
  has at most ``--exact-stock`` cards and the search finishes within ``--exact-states`` states
  (it keeps its work between moves), the policy before.

Printed per rule set: each player's wins with a 95 % Wilson interval, the clairvoyant rate of the
same deals (the exact solver, the stock known), and the paired difference between the new hint
and each other player (deals one wins and the other loses), with its 95 % interval. One process
per ``--jobs``; times are not measured here.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golf.solitaire import engine, hint
from golf.solitaire.blind import BlindPlayer, blind, wilson
from golf.solitaire.chance import ChanceBudgetExceeded, ChanceSearch
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golf.solitaire.solver import solve

RULE_SETS = {
    "classic": ("Classic", CLASSIC),
    "easy": ("Easy", EASY),
    "nok": ("nothing on a King", Rules(king_ace=False, queen_on_king=False)),
    "strict": ("strict", STRICT),
}
PLAYERS = ("first", "onestep", "sampling", "policy", "new")

Player = Callable[[Position], Action | None]


def first_player(rules: Rules) -> Player:
    def act(position: Position) -> Action | None:
        legal = engine.legal_actions(position, rules)
        return legal[0] if legal else None

    return act


def onestep_player(rules: Rules) -> Player:
    def act(position: Position) -> Action | None:
        legal = engine.legal_actions(position, rules)
        plays = [a for a in legal if a.kind == engine.PLAY]
        if not plays:
            return legal[0] if legal else None

        def follow_ups(action: Action) -> int:
            after = engine.apply(position, action, rules)
            return sum(a.kind == engine.PLAY for a in engine.legal_actions(after, rules))

        return max(plays, key=follow_ups)

    return act


def sampling_player(rules: Rules, number: int, samples: int, states: int) -> Player:
    moves = 0

    def act(position: Position) -> Action | None:
        nonlocal moves
        moves += 1
        rng = random.Random(f"{number}:{moves}")
        answer = hint.hint(position, rules, rng, samples=samples, max_states=states)
        return None if answer is None else answer.action

    return act


def new_player(start: Position, rules: Rules, exact_stock: int, exact_states: int) -> Player:
    policy = BlindPlayer(start, rules)
    search = ChanceSearch(start, rules)

    def act(position: Position) -> Action | None:
        if len(position.stock) <= exact_stock:
            try:
                answer = search.chance(position, max_states=exact_states)
            except ChanceBudgetExceeded:
                pass  # the work done is kept: the next move goes on from it
            else:
                return None if answer is None else answer.action
        return policy.action(position)

    return act


def play(player: Player, position: Position, rules: Rules) -> bool:
    while not engine.is_won(position):
        action = player(blind(position))
        if action is None:
            return False
        position = engine.apply(position, action, rules)
    return True


def one_deal(job: tuple[str, int, tuple[str, ...], argparse.Namespace]) -> dict[str, bool]:
    key, number, players, args = job
    rules = RULE_SETS[key][1]
    start = engine.deal(number, rules)
    out = {"clairvoyant": solve(start, rules, best=False).winnable is True}
    for name in players:
        if name == "first":
            p = first_player(rules)
        elif name == "onestep":
            p = onestep_player(rules)
        elif name == "sampling":
            p = sampling_player(rules, number, args.sampling_samples, args.sampling_states)
        elif name == "policy":
            p = BlindPlayer(start, rules).action
        else:
            p = new_player(start, rules, args.exact_stock, args.exact_states)
        out[name] = play(p, start, rules)
    return out


def paired(a: list[bool], b: list[bool]) -> tuple[float, float]:
    """The mean paired difference a - b and its 95 % half-width (normal approximation)."""
    d = [int(x) - int(y) for x, y in zip(a, b, strict=True)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="0-99", help="A-B (default 0-99)")
    parser.add_argument("--rules", default="classic,easy,nok,strict")
    parser.add_argument("--players", default=",".join(PLAYERS))
    parser.add_argument("--sampling-samples", type=int, default=8)
    parser.add_argument("--sampling-states", type=int, default=20_000)
    parser.add_argument("--exact-stock", type=int, default=10)
    parser.add_argument("--exact-states", type=int, default=300_000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    a, b = (int(x) for x in args.deals.split("-"))
    deals = range(a, b + 1)
    players = tuple(p.strip() for p in args.players.split(",") if p.strip())
    for p in players:
        if p not in PLAYERS:
            parser.error(f"unknown player {p!r} (expected some of {', '.join(PLAYERS)})")
    print(f"deals {a}-{b}; players {', '.join(players)}; {vars(args)}", flush=True)
    for key in args.rules.split(","):
        name = RULE_SETS[key.strip()][0]
        jobs = [(key.strip(), number, players, args) for number in deals]
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                results = pool.map(one_deal, jobs)
        else:
            results = [one_deal(job) for job in jobs]
        n = len(results)
        print(f"\n{name}: {n} deals")
        for who in ("clairvoyant", *players):
            wins = sum(r[who] for r in results)
            lo, hi = wilson(wins, n)
            print(f"  {who:12s} {100 * wins / n:5.1f} %  (95 %: {100 * lo:.1f}-{100 * hi:.1f})")
        if "new" in players:
            for other in players:
                if other != "new":
                    mean, half = paired([r["new"] for r in results], [r[other] for r in results])
                    print(f"  new - {other:9s} {100 * mean:+5.1f} points ± {100 * half:.1f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
