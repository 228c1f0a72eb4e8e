"""Kill a player of the journal with SIGKILL at random moments: across play, hole ends, round
ends, game ends and the first start's import of version 0.1.0's files.

    python bench/kill_journal.py --trials 200
    python bench/kill_journal.py --quick      # 20 kills (CI)

``python bench/kill_resume.py`` kills the real window while it plays; its games rarely end. This
bench kills a real process that plays games to their end fast, through the very code the window
counts games with (``scenes.core.records.Records``: ``JournalGame`` writes each action, ``record``
counts a game, ``finish_hole`` a hole and its round's total) on a real journal, without drawing:
solitaire games (won, blocked, or left half-way), undos among the actions, rounds of 9 holes.
The child prints a line after each write it made (an action, a game counted, a hole counted);
the parent kills it 5 to 400 ms after it starts, then checks the journal on disk:

* **games counted twice**: a finished game twice in the journal (same code and start), a hole of
  a round counted twice, a round's total whose holes do not add up;
* **games lost**: a game or hole the child said it counted that the journal does not hold;
* **Continue restores the last action**: the game in progress on disk has the actions the child
  last said it wrote (or one more: the kill may land between the write and the print);
* every 10th trial starts on a fresh folder holding version 0.1.0's files
  (``tests/fixtures/data-0.1.0``) and is killed during the first start: the next start imports
  them exactly once (two rule sets' figures, six high scores; the files byte for byte the same).

It prints one line per trial, then the table: kills, failures, games lost, games counted twice.
Exit status 0 when every count but the kills is 0.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FIXTURE = ROOT / "tests" / "fixtures" / "data-0.1.0"

# --- the child ------------------------------------------------------------------------------------


def _say(*words: object) -> None:
    sys.stdout.write(" ".join(str(w) for w in words) + "\n")
    sys.stdout.flush()


def _step(game: Any, rng: random.Random) -> bool:
    """One random action the rules take (an undo now and then); False: none is left."""
    from golf.solitaire.engine import Action

    if game.log and rng.random() < 0.05 and game.apply(Action.undo()) is None:
        return True
    options = [Action.draw(), *(Action.play(c) for c in range(1, 8))]
    rng.shuffle(options)
    return any(game.apply(a) is None for a in options)


def child(folder: Path, seed: int) -> int:
    """Play and count games on ``folder``'s journal until killed."""
    from golf.solitaire.rules import CLASSIC
    from golf.solitaire.session import Game
    from scenes.core.records import Records

    rng = random.Random(seed)
    stamp = iter(range(10**9))
    records = Records(folder, now=lambda: f"{datetime.now().isoformat()}#{seed}-{next(stamp)}")
    records.load()
    _say("up")
    rnd = records.saved_round
    kept = [k for k in records.journal.kept("solitaire") if k.round_id is None]
    game = None
    journal_game = None
    if kept:  # Continue: the game in progress, its next action after its last one
        from golf.journal.kept_solitaire import Snapshot
        from golf.solitaire.engine import Action

        k = kept[0]
        game = Snapshot(k.code, tuple(Action.parse(a) for a in k.actions), k.times).game()
        journal_game = records.solitaire(game, k.started, kept_id=k.id, written=len(k.actions))
    while True:
        if rnd is not None or (game is None and rng.random() < 0.25):
            rnd = rnd or records.new_round(rng.getrandbits(64), CLASSIC, 9)
            hole = records.hole_game(rnd)
            assert rnd.game is not None and hole is not None
            while not rnd.game.over and _step(rnd.game, rng):
                hole.sync([str(a) for a in rnd.game.log], [], 1.0)
                _say("act", hole.id, len(rnd.game.log))
            if not rnd.game.over:  # nothing to play and not over: cannot happen in solitaire
                return 1
            result = records.finish_hole(rnd, hole)
            _say("hole", hole.id, records.round_id(rnd), result.result.hole, int(result.round_over))
            if result.round_over:
                rnd = None
            continue
        if game is None:
            game = Game.new(rng.randrange(26**7), CLASSIC)
            game.code = game.code  # a code: the journal keeps the player's games with one
            journal_game = records.solitaire(game, records.now())
        assert journal_game is not None
        leave = rng.random() < 0.2
        while game.status == "playing" and _step(game, rng):
            journal_game.sync([str(a) for a in game.log], [], 1.0)
            _say("act", journal_game.id, len(game.log))
            if leave and rng.random() < 0.1:
                break
        if game.log:
            records.record(game, journal_game, [], 1.0)
            _say("counted", journal_game.id)
        game = None
        journal_game = None


# --- the parent -----------------------------------------------------------------------------------


def _db(folder: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{(folder / 'journal.sqlite3').resolve().as_uri()}?mode=ro", uri=True)


def judge(folder: Path, lines: list[str], fresh_import: bool) -> tuple[list[str], int, int]:
    """Problems, games lost and games counted twice after a kill."""
    problems: list[str] = []
    lost = twice = 0
    path = folder / "journal.sqlite3"
    if not path.exists():
        return ([] if len(lines) < 2 else ["no journal"]), 0, 0
    with contextlib.closing(_db(folder)) as db:
        if db.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
            problems.append("integrity_check failed")
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchall():
            # killed before its schema's transaction committed: an empty journal, whole
            return (["no schema after a full start"] if "up" in lines else problems), 0, 0
        for code, _started, n in db.execute(
            "SELECT code, started, COUNT(*) FROM games WHERE status != 'playing'"
            " GROUP BY code, started HAVING COUNT(*) > 1"
        ):
            twice += n - 1
            problems.append(f"{code} counted {n} times")
        for rid, hole, n in db.execute(
            "SELECT round_id, hole, COUNT(*) FROM games WHERE round_id IS NOT NULL"
            " AND status != 'playing' GROUP BY round_id, hole HAVING COUNT(*) > 1"
        ):
            twice += n - 1
            problems.append(f"round {rid} hole {hole} counted {n} times")
        for rid, holes, played in db.execute(
            "SELECT r.id, r.holes, COUNT(g.id) FROM rounds r JOIN games g"
            " ON g.round_id = r.id AND g.status != 'playing' WHERE r.total IS NOT NULL"
            " GROUP BY r.id"
        ):
            if played != holes:
                problems.append(f"round {rid}: a total with {played} holes of {holes}")
        status = dict(db.execute("SELECT id, status FROM games").fetchall())
        steps = dict(db.execute("SELECT game_id, COUNT(*) FROM steps GROUP BY game_id").fetchall())
        last_act: dict[int, int] = {}
        for line in lines:
            word, *rest = line.split()
            if word == "act" and rest[0] != "None":
                last_act[int(rest[0])] = int(rest[1])
            elif word in ("counted", "hole"):
                gid = int(rest[0])
                last_act.pop(gid, None)
                if status.get(gid, "playing") == "playing":
                    lost += 1
                    problems.append(f"game {gid} said counted, not in the journal")
        for gid, n in last_act.items():
            if status.get(gid) != "playing":
                continue  # counted: its count line was cut by the kill
            have = steps.get(gid, 0)
            if have not in (n, n + 1):
                problems.append(f"game {gid}: {have} actions kept, {n} written")
        if fresh_import and any(line == "up" for line in lines):
            imported = db.execute("SELECT COUNT(*) FROM imported_stats").fetchone()[0]
            scores = db.execute("SELECT COUNT(*) FROM imported_scores").fetchone()[0]
            if (imported, scores) != (2, 6):
                problems.append(f"import gave {imported} rule sets, {scores} scores (2, 6)")
    for name in ("stats.json", "highscores.json", "round.json"):
        original = FIXTURE / name
        if (folder / name).exists() and (folder / name).read_bytes() != original.read_bytes():
            problems.append(f"{name} changed")
    return problems, lost, twice


def launch(folder: Path, seed: int, kill_after: float, after_up: bool = True) -> list[str]:
    """The child, SIGKILLed ``kill_after`` seconds after it is up (``after_up=False``: after it
    starts, so that the kill may land in the first start's import); its lines."""
    proc = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--child", str(folder), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        text=True,
    )
    lines: list[str] = []
    up = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            up.set()
        up.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if after_up:
        up.wait(60)
    time.sleep(kill_after)
    with contextlib.suppress(ProcessLookupError):
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(30)
    reader.join(10)
    return list(lines)


def run(trials: int, seed: int) -> int:
    rng = random.Random(seed)
    work = Path(tempfile.mkdtemp(prefix="golf-kill-journal-"))
    failures = lost = twice = counted = holes = 0
    folder = work / "data-0"
    try:
        for n in range(trials):
            fresh = n % 10 == 0
            if fresh:  # a player upgrading from 0.1.0: killed during (or just after) the import
                folder = work / f"data-{n}"
                shutil.copytree(FIXTURE, folder)
                lines = launch(folder, seed + n, rng.uniform(0.05, 1.5), after_up=False)
            else:
                lines = launch(folder, seed + n, rng.uniform(0.005, 0.4))
            problems, gone, again = judge(folder, lines, fresh_import=not fresh)
            if fresh:  # the next launch must import once, whatever the kill cut
                problems2, gone2, again2 = judge(folder, launch(folder, seed + n + 7, 0.2), True)
                problems += problems2
                gone += gone2
                again += again2
            counted += sum(line.startswith("counted") for line in lines)
            holes += sum(line.startswith("hole") for line in lines)
            lost += gone
            twice += again
            failures += bool(problems)
            print(
                f"kill {n + 1:3d}: {'ok' if not problems else 'FAIL ' + '; '.join(problems)}"
                f" ({len(lines)} lines)",
                flush=True,
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\n{'kills':>6} {'failures':>9} {'games lost':>11} {'counted twice':>14}")
    print(f"{trials:>6} {failures:>9} {lost:>11} {twice:>14}")
    print(
        f"({counted} games and {holes} holes counted by the killed processes; "
        f"{trials // 10 + (trials % 10 > 0)} first starts on 0.1.0 files killed)"
    )
    return failures + lost + twice


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=200, help="how many SIGKILLs (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="20 kills (CI)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(Path(args.child[0]), int(args.child[1]))
    return 0 if run(20 if args.quick else args.trials, args.seed) == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
