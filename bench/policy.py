"""Win rates of players who never see the stock, beside the clairvoyant rate.

Run (play; resumable)::

    python bench/policy.py --out FILE.jsonl [--deals A-B] [--rules classic,easy,nok,strict]
        [--players clairvoyant,first,onestep,sampling,policy,lookahead,new] [--jobs N]
        [--sampling-samples N] [--sampling-states N] [--exact-stock N] [--exact-states N]

then (tabulate, any time, from one or more such files)::

    python bench/policy.py --table FILE.jsonl [FILE.jsonl ...] [--markdown] [--versus new,...]

or both at once on a small scale, for CI (deal 0, every rule set and player, small searches;
into a temporary file unless ``--out`` is given)::

    python bench/policy.py --quick

Each player plays each deal to the end; it is shown each position with the stock's cards sorted
(never their order) and the real order decides what each draw turns up. One game is one line of
the output file (rule set, player, its settings, deal, won, processor seconds), written as soon
as it is played: a run stopped half-way goes on where it stopped when started again with the
same file, and the games already there are not played again. Every game is worked out on its
own (its random generator seeded by the deal and the move), so the results are the same
whatever ``--jobs``. The games are played deal by deal, every rule set and player for one deal
before the next, so a run cut short leaves the same deals for everyone (a paired comparison).

The players:

* ``clairvoyant``: the exact solver, which knows the stock's order (an upper bound, no player);
* ``first``: always plays the first card that plays (columns from the left), else draws;
* ``onestep``: a one-step hint like the common solitaire apps': of the cards that play, the one
  after which the most cards can follow, else draws;
* ``sampling``: the old hint (:mod:`golf.solitaire.hint`): the action that keeps a win in the
  most sampled stock orders for a player who knew them (``--sampling-samples`` orders, at most
  ``--sampling-states`` solver states a move, fewer than the window's time allows);
* ``policy``: the quick policy, :class:`golf.solitaire.blind.BlindPlayer` alone (the player
  whose play-outs give the hint's low end);
* ``lookahead``: the same policy looking one draw ahead (the hint's move before the play-outs
  below), alone;
* ``rollout``: the quick policy improved by play-outs of its four best places to stop over 16
  sampled stock orders (:meth:`golf.solitaire.blind.BlindPlayer.rollout_action`), alone;
* ``new``: the new hint: the exact best play of :mod:`golf.solitaire.chance` once the stock
  has at most ``--exact-stock`` cards and the search finishes within ``--exact-states`` new
  states (about what the window's 0.7 s allow; it keeps its work between moves as the window's
  solver process does, up to ``KEEP_STATES``), before that the ``rollout`` player.

The table gives per rule set each player's wins with a 95 % Wilson interval, its mean processor
seconds a game, and the paired difference between the new hint (or each player of ``--versus``)
and each other player on the deals both played (deals one wins and the other loses), with its 95 % interval.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import multiprocessing
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golf.core.arena import wilson
from golf.solitaire import engine, hint
from golf.solitaire.blind import LOOKAHEAD, BlindPlayer, blind
from golf.solitaire.chance import ChanceBudgetExceeded, ChanceSearch
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golf.solitaire.solver import solve
from golf.solitaire.timed_hint import search_for

RULE_SETS = {
    "classic": ("Classic", CLASSIC),
    "easy": ("Easy", EASY),
    "nok": ("nothing on a King", Rules(king_ace=False, queen_on_king=False)),
    "strict": ("strict", STRICT),
}
PLAYERS = ("clairvoyant", "first", "onestep", "sampling", "policy", "lookahead", "rollout", "new")

NEW_VERSION = 6
"""The new hint's version, part of its results' key: 6 is 5 with the exact search leaving the
dead stock cards out and proving lost states by the winnable sets (fewer states a position);
5 is 4 with the kept search forgetting
the states out of reach when it grows past its size, where 4 let it all go; 4 plays the rollout
before the exact search with the bound on the draws needed worked out in full for every heights
at once (3: the same bound worked out height by height, cut past its share of the work; 2: cut sooner;
1, the lookahead before the exact search); to be raised whenever its moves change (the exact
search needing fewer states for a position changes which positions it finishes within its
budget)."""

Player = Callable[[Position], Action | None]
Job = tuple[str, str, int, dict[str, int]]
"""Rule set key, player, deal number, the player's settings."""


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


def rollout_player(start: Position, rules: Rules, number: int) -> Player:
    policy = BlindPlayer(start, rules)
    moves = 0

    def act(position: Position) -> Action | None:
        nonlocal moves
        moves += 1
        return policy.rollout_action(position, random.Random(f"{number}:{moves}"))

    return act


def new_player(
    start: Position, rules: Rules, number: int, exact_stock: int, exact_states: int
) -> Player:
    early = rollout_player(start, rules, number)
    search = ChanceSearch(start, rules)

    def act(position: Position) -> Action | None:
        nonlocal search
        if len(position.stock) <= exact_stock:
            search = search_for(position, rules, search)  # kept as the window keeps it
            try:
                answer = search.chance(position, max_states=exact_states)
            except ChanceBudgetExceeded:
                pass  # the work done is kept: the next move goes on from it
            else:
                return None if answer is None else answer.action
        return early(position)

    return act


def play(player: Player, position: Position, rules: Rules) -> bool:
    while not engine.is_won(position):
        action = player(blind(position))
        if action is None:
            return False
        position = engine.apply(position, action, rules)
    return True


def settings_of(name: str, args: argparse.Namespace) -> dict[str, int]:
    """The settings that change how ``name`` plays (they are part of a result's key)."""
    if name == "sampling":
        return {"samples": args.sampling_samples, "states": args.sampling_states}
    if name == "new":
        return {"stock": args.exact_stock, "states": args.exact_states, "version": NEW_VERSION}
    return {}


def one_game(job: Job) -> dict[str, Any]:
    """Play one game; its result line (processor seconds measured in the worker)."""
    key, name, number, settings = job
    rules = RULE_SETS[key][1]
    start = engine.deal(number, rules)
    began = time.process_time()
    if name == "clairvoyant":
        won = solve(start, rules, best=False).winnable is True
    else:
        p: Player
        if name == "first":
            p = first_player(rules)
        elif name == "onestep":
            p = onestep_player(rules)
        elif name == "sampling":
            p = sampling_player(rules, number, settings["samples"], settings["states"])
        elif name == "policy":
            p = BlindPlayer(start, rules).action
        elif name == "lookahead":
            p = BlindPlayer(start, rules, lookahead=LOOKAHEAD).action
        elif name == "rollout":
            p = rollout_player(start, rules, number)
        else:
            p = new_player(start, rules, number, settings["stock"], settings["states"])
        won = play(p, start, rules)
    cpu = time.process_time() - began
    return {
        "rules": key,
        "player": name,
        "settings": settings,
        "deal": number,
        "won": won,
        "cpu": round(cpu, 4),
    }


def result_key(line: dict[str, Any]) -> tuple[str, str, str, int]:
    settings = json.dumps(line["settings"], sort_keys=True)
    return line["rules"], line["player"], settings, line["deal"]


def read_results(paths: list[Path]) -> Iterator[dict[str, Any]]:
    """The result lines of the files, plain or gzipped (``.gz``: the results kept in
    ``bench/results/``); a half-written last line is skipped."""
    for path in paths:
        if not path.exists():
            continue
        data = path.read_bytes()
        if path.suffix == ".gz":
            data = gzip.decompress(data)
        for text in data.decode("utf-8").splitlines():
            try:
                line = json.loads(text)
            except json.JSONDecodeError:
                continue
            if isinstance(line, dict) and "won" in line:
                yield line


def run(args: argparse.Namespace, players: tuple[str, ...], keys: list[str]) -> None:
    """Play the games not yet in ``args.out``, appending each result as it comes."""
    out = Path(args.out)
    done = {result_key(line) for line in read_results([out])}
    a, b = (int(x) for x in args.deals.split("-"))
    jobs: list[Job] = []
    for number in range(a, b + 1):
        for key in keys:
            for name in players:
                job = (key, name, number, settings_of(name, args))
                line = {"rules": key, "player": name, "settings": job[3], "deal": number}
                if result_key(line) not in done:
                    jobs.append(job)
    print(f"{len(jobs)} games to play ({len(done)} already in {out})", flush=True)
    if out.exists() and out.stat().st_size and not out.read_bytes().endswith(b"\n"):
        with out.open("a", encoding="utf-8") as sink:
            sink.write("\n")  # a run stopped while writing: its half line is left on its own
    with out.open("a", encoding="utf-8") as sink:
        if args.jobs > 1:
            # spawn, never fork (a copy of a process with threads can deadlock); the pool
            # ends with the block, on every path
            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                for line in pool.imap(one_game, jobs, chunksize=1):
                    sink.write(json.dumps(line) + "\n")
                    sink.flush()
        else:
            for job in jobs:
                sink.write(json.dumps(one_game(job)) + "\n")
                sink.flush()


def paired(a: list[bool], b: list[bool]) -> tuple[float, float]:
    """The mean paired difference a - b and its 95 % half-width (normal approximation)."""
    d = [int(x) - int(y) for x, y in zip(a, b, strict=True)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def label_of(line: dict[str, Any], several: set[str]) -> str:
    """The player's name, with its settings when the files hold more than one for it."""
    name = str(line["player"])
    if name in several and line["settings"]:
        name += "[" + ",".join(f"{k}={v}" for k, v in sorted(line["settings"].items())) + "]"
    return name


def table(paths: list[Path], markdown: bool, versus: tuple[str, ...] = ("new",)) -> None:
    """Print the win rates, the processor time and the paired differences per rule set."""
    lines = {result_key(line): line for line in read_results(paths)}
    settings: dict[str, set[str]] = {}
    for line in lines.values():
        settings.setdefault(line["player"], set()).add(json.dumps(line["settings"]))
    several = {name for name, s in settings.items() if len(s) > 1}
    for key, (title, _) in RULE_SETS.items():
        games: dict[str, dict[int, dict[str, Any]]] = {}
        for line in lines.values():
            if line["rules"] == key:
                games.setdefault(label_of(line, several), {})[line["deal"]] = line
        if games:
            print_rule_set(title, games, markdown, versus)


def print_rule_set(
    title: str, games: dict[str, dict[int, dict[str, Any]]], md: bool, versus: tuple[str, ...]
) -> None:
    order = sorted(games, key=lambda n: (PLAYERS.index(n.split("[")[0]), n))
    print(f"\n{title}")
    if md:
        print("| player | deals | won | 95 % | processor s a game |")
        print("|---|---|---|---|---|")
    for name in order:
        got = games[name]
        n, wins = len(got), sum(g["won"] for g in got.values())
        lo, hi = wilson(wins, n)
        cpu = sum(g["cpu"] for g in got.values()) / n
        span = f"{min(got)}-{max(got)}"
        if md:
            print(
                f"| {name} | {n} ({span}) | {100 * wins / n:.1f} % | "
                f"{100 * lo:.1f}-{100 * hi:.1f} | {cpu:.3f} |"
            )
        else:
            print(
                f"  {name:24s} {n:4d} deals ({span})  {100 * wins / n:5.1f} %  "
                f"(95 %: {100 * lo:4.1f}-{100 * hi:4.1f})  {cpu:8.3f} s a game"
            )
    for new in (n for n in order if n.split("[")[0] in versus):
        for other in order:
            if other == new or other.startswith("clairvoyant"):
                continue
            common = sorted(set(games[new]) & set(games[other]))
            if not common:
                continue
            mean, half = paired(
                [games[new][d]["won"] for d in common], [games[other][d]["won"] for d in common]
            )
            print(
                f"  {new} - {other}: {100 * mean:+.1f} ± {100 * half:.1f} points "
                f"over {len(common)} deals"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", help="the JSON lines file results are added to")
    parser.add_argument("--table", nargs="+", metavar="FILE", help="tabulate these files")
    parser.add_argument("--markdown", action="store_true", help="the table in Markdown")
    parser.add_argument(
        "--versus", default="new", help="the players paired with each other one (default new)"
    )
    parser.add_argument("--deals", default="0-99", help="A-B (default 0-99)")
    parser.add_argument("--rules", default="classic,easy,nok,strict")
    parser.add_argument("--players", default=",".join(PLAYERS))
    parser.add_argument("--sampling-samples", type=int, default=8)
    parser.add_argument("--sampling-states", type=int, default=20_000)
    parser.add_argument("--exact-stock", type=int, default=12)
    parser.add_argument("--exact-states", type=int, default=30_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="deal 0 with small searches, then its table; --out optional (for CI)",
    )
    args = parser.parse_args()
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(
            deals="0-0", sampling_samples=2, sampling_states=2000, exact_stock=8, exact_states=2000
        )
        args = parser.parse_args()
    versus = tuple(v.strip() for v in args.versus.split(",") if v.strip())
    if args.table:
        table([Path(p) for p in args.table], args.markdown, versus)
        return
    if not args.out and not args.quick:
        parser.error("give --out FILE to play, or --table FILE ... to tabulate")
    players = tuple(p.strip() for p in args.players.split(",") if p.strip())
    for p in players:
        if p not in PLAYERS:
            parser.error(f"unknown player {p!r} (expected some of {', '.join(PLAYERS)})")
    keys = [k.strip() for k in args.rules.split(",") if k.strip()]
    for k in keys:
        if k not in RULE_SETS:
            parser.error(f"unknown rule set {k!r} (expected some of {', '.join(RULE_SETS)})")
    if not args.quick:
        run(args, players, keys)
        return
    with tempfile.TemporaryDirectory(prefix="golf-policy-") as folder:
        if not args.out:
            args.out = str(Path(folder) / "quick.jsonl")
        run(args, players, keys)
        table([Path(args.out)], args.markdown, versus)


if __name__ == "__main__":
    main()
