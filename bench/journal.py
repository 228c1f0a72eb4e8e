"""The journal of play (``golf.journal``): saving an action, the size of a database of 100,000
finished games, and how long its statistics, high scores and history take to read.

Usage: ``python bench/journal.py [--games N] [--actions N] [--keep FOLDER] [--quick]``. Not a
timed test: it prints figures to compare with the targets of issue 33 ("Speed and size"), each
with ``ok`` or ``MISSED``. Everything is measured on real files in a temporary folder (WAL, as
the game runs).

- The games are real: solitaire deals played to their end by a player that mostly plays a card,
  sometimes draws or undoes, and now and then leaves the game (abandoned), under the three
  presets and one variant; about 5 % are six-card games played to their end by the computers.
  Each gets realistic pauses before its actions. Most are inserted directly, as ``finish``
  writes them (their actions packed by ``golf.journal.journal.pack_actions``), with rounds of
  9 holes, daily deals and about 2 % of the games signed with initials; the last ones are
  played through ``Journal.begin``, ``act`` and ``finish``, and each ``act`` is timed.
- Saving one action (``Journal.act``, one transaction): p50, p99 and max; target p99 ≤ 2 ms.
- The file's size (checkpointed, with its ``-wal``), and bytes per game; target ≤ 50 MB for
  100,000 games (``--quick``: 10,000 games, and the size scaled to 100,000).
- Opening the statistics (``golf.journal.figures.statistics``), the high scores
  (``high_scores``), the statistics screen's charts of the most played rule set (Classic, about
  55 % of the games) and of six-card (``golf.journal.series.series``: every game's score, the
  win rates, the histogram), the first page of the history (``Journal.history(limit=50)``) and
  the number of finished games, and what the title reads (the games and the round in progress):
  cold (the first call on a new ``Journal`` of the file) and warm (the median of the next
  calls), wall and processor time; target ≤ 100 ms each, judged on processor time (on the
  project's shared 2-core machine the wall time grows with the load, as ``bench/engine.py``
  says of its rates). ``--keep FOLDER`` keeps the file, to look at the queries' plans.
- ``--quick`` (for CI): 10,000 games and 500 actions, the same code paths in a few seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sqlite3
import statistics as stat
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golf.journal.database import FILE_NAME
from golf.journal.figures import high_scores, statistics
from golf.journal.journal import Ending, Journal, Outcome, pack_actions
from golf.journal.kept_sixcard import rules_name
from golf.journal.series import series
from golf.sixcard.ai import make_opponent
from golf.sixcard.codes import format_code as six_format_code
from golf.sixcard.game import new_game, totals, winners
from golf.sixcard.rules import STANDARD
from golf.sixcard.simulate import play_game
from golf.solitaire.codes import format_code
from golf.solitaire.engine import Action
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golf.solitaire.session import Game
from golf.solitaire.stats import rules_key

MB = 1_000_000
FULL_GAMES = 100_000
ACT_TARGET_MS = 2.0
SIZE_TARGET_MB = 50.0
READ_TARGET_MS = 100.0
SIX_CARD_SHARE = 0.05
SIGNED_SHARE = 0.02
DAILY_SHARE = 0.03
ROUND_SHARE = 0.01
"""A round of 9 holes starts before about 1 % of the games (so about 9 % are holes)."""
INITIALS = ("ABC", "JOE", "ANN", "MAX", "Z Z", "K9 ")
RULE_SETS: tuple[tuple[Rules, float], ...] = (
    (CLASSIC, 0.55),
    (EASY, 0.25),
    (STRICT, 0.15),
    (EASY.with_(jokers=1, scoring="strokes"), 0.05),
)


@dataclass(frozen=True)
class Played:
    """One real game played to its end, as ``finish`` keeps it (without its pauses)."""

    game: str
    code: str
    rules: str
    outcome: Outcome
    actions: tuple[str, ...]
    moves: int
    score: int
    cards_left: int | None = None
    stock_left: int | None = None
    undos: int | None = None
    result: dict[str, object] | None = None
    setup: dict[str, object] | None = None


def play_solitaire(rng: random.Random, rules: Rules) -> Played:
    """A deal played by a person in a hurry: mostly a card, else a draw, a few undos; about
    one game in twelve left before its end."""
    number = rng.randrange(26**7)
    game = Game.new(number, rules)
    leave_at = rng.randrange(10, 40) if rng.random() < 0.08 else None
    while not game.over and (leave_at is None or len(game.log) < leave_at):
        legal = game.legal_actions()
        plays = [a for a in legal if a.kind == "play"]
        if game.can_undo and rng.random() < 0.04:
            action = Action.undo()
        elif plays and rng.random() < 0.85:
            action = rng.choice(plays)
        else:
            action = rng.choice(legal)
        game.apply(action)
    status = game.status
    outcome: Outcome = (
        "won" if status == "won" else "blocked" if status == "blocked" else "abandoned"
    )
    return Played(
        "solitaire",
        format_code(number, rules),
        rules_key(rules),
        outcome,
        tuple(str(a) for a in game.log),
        game.moves,
        game.score,
        game.position.left,
        len(game.position.stock),
        sum(1 for a in game.log if a.kind == "undo"),
    )


def play_six_card(rng: random.Random) -> Played:
    """A six-card game of 2 to 4 players played to its end by the computers."""
    players = rng.choice((2, 2, 3, 4))
    number = rng.randrange(26**7)
    levels = ["easy", *(rng.choice(("easy", "medium", "hard")) for _ in range(players - 1))]
    opponents = [make_opponent(level, rng.randrange(2**63)) for level in levels]
    final, log = play_game(new_game(number, players, STANDARD), opponents)
    code = six_format_code(number, players)
    points = totals(final)
    return Played(
        "six-card",
        code,
        rules_name(code),
        "finished",
        tuple(str(a) for a in log),
        len(log),
        points[0],
        result={"totals": list(points), "winners": list(winners(final))},
        setup={"kinds": ["human", *levels[1:]], "speed": "normal"},
    )


def make_pool(rng: random.Random, size: int) -> tuple[list[Played], list[Played]]:
    """Real games to draw the database's rows from: solitaire under each rule set, and
    six-card."""
    solitaire = []
    for rules, share in RULE_SETS:
        solitaire += [play_solitaire(rng, rules) for _ in range(max(4, round(size * share)))]
    six = [play_six_card(rng) for _ in range(max(4, size // 20))]
    return solitaire, six


def pauses(rng: random.Random, count: int) -> list[float]:
    """The seconds before each action: mostly one or two, sometimes a long think."""
    return [min(120.0, max(0.12, rng.lognormvariate(0.3, 0.8))) for _ in range(count)]


def pick(rng: random.Random, solitaire: Sequence[Played], six: Sequence[Played]) -> Played:
    if rng.random() < SIX_CARD_SHARE:
        return rng.choice(six)
    weights = [share for _, share in RULE_SETS]
    key = rules_key(rng.choices([rules for rules, _ in RULE_SETS], weights)[0])
    return rng.choice([p for p in solitaire if p.rules == key] or solitaire)


def _when(base: datetime, index: int, total: int) -> datetime:
    """Games spread over three years of play, in order."""
    return base + timedelta(seconds=index * (3 * 365 * 86400 / max(total, 1)))


_INSERT = (
    "INSERT INTO games(game, code, rules, status, round_id, hole, daily, started, ended, seconds,"
    " score, cards_left, stock_left, undos, moves, result, setup, actions, initials)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def bulk_insert(
    path: Path, count: int, rng: random.Random, solitaire: Sequence[Played], six: Sequence[Played]
) -> None:
    """``count`` finished games written directly, as ``finish`` writes them, in one
    transaction: rounds of 9 holes, daily deals, signed games among them."""
    base = datetime(2026, 1, 1, 9, 0, 0)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("BEGIN IMMEDIATE")
    rows: list[tuple[object, ...]] = []
    holes_left, round_id, round_rules, round_total = 0, None, "", 0
    index = 0
    while index < count:
        when = _when(base, index, count)
        if holes_left == 0 and rng.random() < ROUND_SHARE and count - index >= 9:
            rules = rng.choices([r for r, _ in RULE_SETS], [s for _, s in RULE_SETS])[0]
            round_rules, holes_left, round_total = rules_key(rules), 9, 0
            round_id = connection.execute(
                "INSERT INTO rounds(seed, rules, holes, started) VALUES (?, ?, 9, ?)",
                (rng.randrange(2**31), round_rules, when.isoformat(timespec="seconds")),
            ).lastrowid
        if holes_left:
            played = rng.choice([p for p in solitaire if p.rules == round_rules])
        else:
            played = pick(rng, solitaire, six)
        times = pauses(rng, len(played.actions))
        seconds = round(sum(times), 3)
        ended = (when + timedelta(seconds=seconds)).isoformat(timespec="seconds")
        daily = None
        if played.game == "solitaire" and not holes_left and rng.random() < DAILY_SHARE:
            daily = when.date().isoformat()
        signed = (
            played.outcome in ("won", "blocked")
            and rng.random() < SIGNED_SHARE / 0.85  # about 85 % of the games can be signed
        )
        hole = None
        if holes_left:
            hole = 10 - holes_left
            holes_left -= 1
            round_total += played.cards_left or 0
            if not holes_left:
                connection.execute(
                    "UPDATE rounds SET ended = ?, total = ? WHERE id = ?",
                    (ended, round_total, round_id),
                )
        rows.append(
            (
                played.game,
                played.code,
                played.rules,
                played.outcome,
                round_id if hole else None,
                hole,
                daily,
                when.isoformat(timespec="seconds"),
                ended,
                seconds,
                played.score,
                played.cards_left,
                played.stock_left,
                played.undos,
                played.moves,
                None if played.result is None else json.dumps(played.result),
                json.dumps(played.setup or {}, sort_keys=True, separators=(",", ":")),
                pack_actions(played.actions, times),
                rng.choice(INITIALS) if signed else None,
            )
        )
        if len(rows) >= 5000:
            connection.executemany(_INSERT, rows)
            rows.clear()
        index += 1
    connection.executemany(_INSERT, rows)
    connection.execute("COMMIT")
    connection.close()


def play_through_journal(
    folder: Path,
    actions: int,
    rng: random.Random,
    solitaire: Sequence[Played],
    six: Sequence[Played],
) -> tuple[list[float], list[float], list[float], int]:
    """Games played through ``Journal.begin``, ``act`` and ``finish`` until ``actions`` actions
    were saved: each ``act`` timed (ms: wall, then processor time), each ``finish`` (wall), and
    the number of games."""
    journal = Journal(folder, own=False)
    acts: list[float] = []
    acts_cpu: list[float] = []
    finishes: list[float] = []
    games = 0
    clock = 0.0
    base = datetime(2029, 1, 1, 9, 0, 0)
    while len(acts) < actions:
        played = pick(rng, solitaire, six)
        started = (base + timedelta(hours=games)).isoformat(timespec="seconds")
        gid = journal.begin(
            "solitaire" if played.game == "solitaire" else "six-card",
            played.code,
            played.rules,
            started,
            setup=played.setup,
        )
        times = pauses(rng, len(played.actions))
        elapsed = 0.0
        for seq, (action, pause) in enumerate(zip(played.actions, times, strict=True)):
            elapsed += pause
            clock += pause
            start, start_cpu = time.perf_counter_ns(), time.process_time_ns()
            journal.act(gid, seq, action, pause, elapsed, clock)
            acts.append((time.perf_counter_ns() - start) / 1e6)
            acts_cpu.append((time.process_time_ns() - start_cpu) / 1e6)
        ending = Ending(
            played.outcome,
            started,
            played.actions,
            tuple(times),
            elapsed,
            played.moves,
            played.score,
            played.cards_left,
            played.stock_left,
            played.undos,
            played.result,
        )
        start = time.perf_counter_ns()
        assert journal.finish(gid, ending)
        finishes.append((time.perf_counter_ns() - start) / 1e6)
        games += 1
    if journal.in_memory or journal.take_notices():
        raise SystemExit("the journal did not stay on its file")
    journal.close()
    return acts, acts_cpu, finishes, games


def round_in_progress(folder: Path, rng: random.Random, solitaire: Sequence[Played]) -> None:
    """A round left after 3 holes, its fourth in play: what Continue offers at the title."""
    journal = Journal(folder, own=False)
    started = "2029-06-01T09:00:00"
    rid = journal.begin_round(rng.randrange(2**31), "classic", 9, started)
    holes = [p for p in solitaire if p.rules == "classic" and p.outcome != "abandoned"]
    for hole in range(1, 5):
        played = rng.choice(holes)
        gid = journal.begin("solitaire", played.code, "classic", started, round_id=rid, hole=hole)
        times = pauses(rng, len(played.actions))
        for seq, action in enumerate(played.actions[: 5 if hole == 4 else None]):
            journal.act(gid, seq, action, times[seq], sum(times[: seq + 1]), float(seq))
        if hole < 4:
            ending = Ending(
                played.outcome,
                started,
                played.actions,
                tuple(times),
                sum(times),
                played.moves,
                played.cards_left,
                played.cards_left,
                played.stock_left,
                played.undos,
            )
            assert journal.finish_hole(gid, ending, rid, None)
    journal.close()


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def file_size(path: Path) -> int:
    """The database's bytes once its WAL is written back (the file and whatever is left beside
    it)."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return sum(p.stat().st_size for p in (path, path.with_name(path.name + "-wal")) if p.exists())


def _statistics(journal: Journal) -> str:
    return f"{len(statistics(journal.db).rule_sets)} rule sets"


def _high_scores(journal: Journal) -> str:
    return f"{sum(len(t) for t in high_scores(journal.db).tables.values())} lines"


def _series(journal: Journal) -> str:
    found = series(journal.db, "solitaire", "classic")
    return f"{found.played:,} games, {len(found.bins)} bins"


def _six_card_series(journal: Journal) -> str:
    found = series(journal.db, "six-card", "standard")
    return f"{found.played:,} games, {len(found.bins)} bins"


def _history(journal: Journal) -> str:
    return f"{len(journal.history(limit=50))} rows"


def _count(journal: Journal) -> str:
    return f"{journal.finished_count():,} games"


def _kept(journal: Journal) -> str:
    return f"{len(journal.kept())} kept"


def _kept_round(journal: Journal) -> str:
    kept = journal.kept_round()
    return "none" if kept is None else f"{len(kept.played)} holes played"


READS: tuple[tuple[str, Callable[[Journal], str]], ...] = (
    ("statistics", _statistics),
    ("high scores", _high_scores),
    ("charts, Classic", _series),
    ("charts, six-card", _six_card_series),
    ("history, first 50", _history),
    ("count of games", _count),
    ("games in progress", _kept),
    ("round in progress", _kept_round),
)


@dataclass(frozen=True)
class Timed:
    """One read: cold (the first call on a new Journal of the file) and warm (the median of the
    next calls), each as wall time and as this process's processor time, in ms."""

    name: str
    cold: float
    cold_cpu: float
    warm: float
    warm_cpu: float
    found: str


def timed_reads(folder: Path, repeats: int) -> list[Timed]:
    """Each read of :data:`READS`, timed."""
    out = []
    for name, read in READS:
        journal = Journal(folder, own=False)
        walls: list[float] = []
        cpus: list[float] = []
        found = ""
        for _ in range(repeats + 1):
            start, start_cpu = time.perf_counter(), time.process_time()
            found = read(journal)
            walls.append((time.perf_counter() - start) * 1000)
            cpus.append((time.process_time() - start_cpu) * 1000)
        journal.close()
        out.append(
            Timed(name, walls[0], cpus[0], stat.median(walls[1:]), stat.median(cpus[1:]), found)
        )
    return out


def open_time(folder: Path) -> float:
    start = time.perf_counter()
    journal = Journal(folder, own=False)
    took = (time.perf_counter() - start) * 1000
    journal.close()
    return took


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--games", type=int, default=FULL_GAMES, help="finished games in the database (100,000)"
    )
    parser.add_argument("--actions", type=int, default=5000, help="actions saved, timed (5,000)")
    parser.add_argument("--pool", type=int, default=600, help="real games played to draw from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="FOLDER",
        help="build the database in FOLDER (new or empty) and keep it, to look at its queries",
    )
    parser.add_argument("--quick", action="store_true", help="10,000 games, 500 actions (CI)")
    args = parser.parse_args()
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(games=10_000, actions=500, pool=200)
        args = parser.parse_args()
    rng = random.Random(args.seed)
    command = "python bench/journal.py" + (" --quick" if args.quick else "")

    start = time.perf_counter()
    solitaire, six = make_pool(rng, args.pool)
    pool_s = time.perf_counter() - start
    lengths = [len(p.actions) for p in solitaire]
    with contextlib.ExitStack() as stack:
        if args.keep is None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="golf-journal-")))
        else:
            folder = args.keep
            folder.mkdir(parents=True, exist_ok=True)
            if any(folder.iterdir()):
                parser.error(f"{folder} is not empty")
        path = folder / FILE_NAME
        Journal(folder, own=False).close()  # the schema, as the game makes it
        start = time.perf_counter()
        # the games played through the journal are the newest; the rest come first
        per_game = (
            stat.mean(len(p.actions) for p in solitaire) * (1 - SIX_CARD_SHARE)
            + stat.mean(len(p.actions) for p in six) * SIX_CARD_SHARE
        )
        through = max(1, round(args.actions / per_game))
        bulk_insert(path, max(0, args.games - through), rng, solitaire, six)
        build_s = time.perf_counter() - start
        acts, acts_cpu, finishes, played = play_through_journal(
            folder, args.actions, rng, solitaire, six
        )
        round_in_progress(folder, rng, solitaire)
        size = file_size(path)
        connection = sqlite3.connect(path)
        games = connection.execute(
            "SELECT COUNT(*) FROM games WHERE status != 'playing'"
        ).fetchone()[0]
        six_count = connection.execute(
            "SELECT COUNT(*) FROM games WHERE game = 'six-card'"
        ).fetchone()[0]
        signed = connection.execute(
            "SELECT COUNT(*) FROM games WHERE initials IS NOT NULL"
        ).fetchone()[0]
        connection.close()
        opened = open_time(folder)
        reads = timed_reads(folder, repeats=5)

    per_game_bytes = size / games
    at_full = per_game_bytes * FULL_GAMES / MB
    p50, p99, worst = percentile(acts, 50), percentile(acts, 99), max(acts)
    print(
        f"journal of play: {games:,} finished games ({six_count / games:.1%} six-card,"
        f" {signed / games:.1%} signed), real files, WAL; {os.cpu_count()} CPUs,"
        f" load average {os.getloadavg()[0]:.1f} (the times grow with it)"
    )
    print(
        f"pool: {len(solitaire)} solitaire games ({min(lengths)}-{max(lengths)} actions,"
        f" mean {stat.mean(lengths):.0f}) and {len(six)} six-card games, played in {pool_s:.1f} s;"
        f" database built in {build_s:.1f} s"
    )
    rows: list[tuple[str, str, str, str]] = [
        (
            f"save one action (act), {len(acts):,}",
            f"p50 {p50:.3f} ms  p99 {p99:.3f} ms (cpu {percentile(acts_cpu, 99):.3f})"
            f"  max {worst:.2f} ms",
            f"p99 ≤ {ACT_TARGET_MS:g} ms",
            verdict(p99 <= ACT_TARGET_MS),
        ),
        (
            f"finish a game, {played:,}",
            f"p50 {percentile(finishes, 50):.3f} ms  p99 {percentile(finishes, 99):.3f} ms"
            f"  max {max(finishes):.2f} ms",
            "",
            "",
        ),
        (
            "file size",
            f"{size / MB:.1f} MB, {per_game_bytes:,.0f} bytes a game"
            + ("" if games >= FULL_GAMES else f"; {at_full:.1f} MB at {FULL_GAMES:,}"),
            f"≤ {SIZE_TARGET_MB:g} MB at {FULL_GAMES:,}",
            verdict(at_full <= SIZE_TARGET_MB),
        ),
        ("open the journal", f"{opened:.1f} ms", "", ""),
    ]
    for t in reads:
        rows.append(
            (
                t.name,
                f"cold {t.cold:.1f} ms (cpu {t.cold_cpu:.1f})  warm {t.warm:.1f} ms"
                f" (cpu {t.warm_cpu:.1f})  {t.found}",
                f"≤ {READ_TARGET_MS:g} ms",
                verdict(max(t.cold_cpu, t.warm_cpu) <= READ_TARGET_MS),
            )
        )
    width = max(len(r[0]) for r in rows)
    value_width = max(len(r[1]) for r in rows)
    target_width = max(len(r[2]) for r in rows)
    print(f"{'figure':<{width}}  {'measured':<{value_width}}  {'target':<{target_width}}")
    for name, value, target, result in rows:
        print(
            f"{name:<{width}}  {value:<{value_width}}  {target:<{target_width}}  {result}".rstrip()
        )
    print(
        "(saving is judged on wall time, which counts the WAL's checkpoints; the reads on"
        " processor time, as bench/engine.py's rates: on a shared machine the wall time grows"
        " with the load, and the file is in the system's cache)"
    )
    if games < FULL_GAMES:
        print(f"(the reads' target is for {FULL_GAMES:,} games: run without --quick)")
    print(f"rerun: {command}")


if __name__ == "__main__":
    main()
