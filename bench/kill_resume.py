"""Kill the game with SIGKILL at random moments and check that every relaunch continues it exactly.

    python bench/kill_resume.py --trials 20
    python bench/kill_resume.py --quick     # 1 kill within 1 s of the game coming up (CI)

Each trial starts the real program headless — ``python main.py play --autoplay SEED`` with the
SDL dummy drivers, its settings (``--config-dir``), its journal of play (``$GOLF_DATA_DIR``) and
replays (``$XDG_DATA_HOME``) in one temporary folder — and lets it play: ``--autoplay`` presses
Enter on the title (Continue when it is offered, else Play Easy), then random keys on the table
(draw, columns, undo; Enter on a dialog: a new deal after a game over), through the real event
loop, and prints the game's state (code, action log, position, moves, undo history) after every
change (``scenes/autoplay.py``). The parent kills it with SIGKILL at a random moment, reads the
game in progress the killed program left in the journal, and starts the next trial in the same
folder.

Checks, for every relaunch:

* the game "Continue" restores is exactly the one the journal on disk keeps in progress at the
  kill (code, log, position, move counter, undo depth, every position of the undo history);
  none: nothing is offered;
* that saved game is the last state the killed program printed, or one action later (the kill
  can land between the save and the print);
* the journal passes SQLite's ``integrity_check``, no finished game is in it twice, and every
  game the program finished (its result seen, then a new deal) is in it: the table at the end
  gives kills, failures, games lost and games counted twice (all 0 but the kills);
* every other file parses (settings, replays of either game, read as ``golf verify`` reads
  them). Temporary files of cut-short writes are counted.

Exit status 0 when every trial passes.

``--game six-card`` does the same with six-card Golf against the computers
(``--autoplay-game six-card``: the title's six-card entry, Continue or Deal in its setup window,
random keys at the table): the state compared is the code, every player's actions and a digest
of the state they lead to, against the six-card game the journal keeps.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

State = dict[str, Any]
GAMES = ("solitaire", "six-card")
_SAME_KEYS = {
    "solitaire": ("code", "actions", "position", "moves", "undo_depth", "history"),
    "six-card": ("code", "actions", "check"),
}


# ----------------------------------------------------------------------------- the parent


def _journal(folder: Path) -> Any:
    from golf.journal.journal import Journal

    return Journal(folder / "data", own=False)  # reads the games in progress, owns nothing


def _check_files(folder: Path) -> tuple[list[str], int]:
    """Problems with the files of ``folder`` (the journal whole, no game counted twice, every
    replay and the settings readable), and how many temporary files lie about."""
    from golf.replay_files import read_replay
    from golf.solitaire.replay import ReplayError
    from scenes.core.settings import SettingsStore

    problems: list[str] = []
    temporaries = 0
    journal = _journal(folder)
    try:
        check = journal.db.read("PRAGMA integrity_check")
        if [tuple(r) for r in check] != [("ok",)]:
            problems.append(f"journal: {check}")
        for notice in journal.take_notices():
            problems.append(f"journal: {notice.text()}")
        twice = journal.db.read(
            "SELECT code, started, COUNT(*) FROM games WHERE status != 'playing'"
            " GROUP BY code, started, actions HAVING COUNT(*) > 1"
        )
        for code, started, count in twice:
            problems.append(f"{code} started {started} counted {count} times")
    finally:
        journal.close()
    _settings, notice = SettingsStore(folder / "config").load()
    if notice is not None:
        problems.append(f"settings: {notice}")
    for path in sorted(folder.rglob("*")):
        if path.name.endswith(".tmp"):
            temporaries += 1
        elif (
            path.is_file()
            and path.suffix == ".yaml"
            and path.parent.name in ("replays", "six-card")  # six-card games: replays/six-card/
        ):
            try:
                read_replay(path)  # either game's: the file says which
            except ReplayError as error:
                problems.append(str(error))
        elif ".corrupt-" in path.name:
            problems.append(f"{path.name}: a file was kept aside as corrupt")
    return problems, temporaries


def finished_games(folder: Path) -> list[tuple[str, int]]:
    """Every finished game in the journal: its code and number of actions."""
    from golf.journal.journal import unpack_actions

    journal = _journal(folder)
    try:
        rows = journal.db.read("SELECT code, actions FROM games WHERE status != 'playing'")
    finally:
        journal.close()
    return [(str(code), len(unpack_actions(blob)[0])) for code, blob in rows]


def lost_games(ended: list[State], folder: Path) -> list[str]:
    """The games the program finished (a new deal after its result) that the journal lacks."""
    have = finished_games(folder)
    lost = []
    for state in ended:
        key = (state["code"], len(state["actions"]))
        if key in have:
            have.remove(key)
        else:
            lost.append(f"{state['code']} ({len(state['actions'])} actions) lost")
    return lost


def _same(a: State, b: State, game: str = "solitaire") -> bool:
    return all(a[k] == b[k] for k in _SAME_KEYS[game])


def saved_state(folder: Path, game: str = "solitaire") -> State | None:
    """The game the journal in ``folder`` keeps in progress, as the program prints states;
    None: none.

    The title offers a solitaire game in progress whether it is still in play or ended where
    the player had not left it (the blocked dialog offering Undo, a win before its result
    showed: ``scenes.solitaire.kept.pending``); six-card Golf only a game not over.
    """
    from golf.core.record import Clocks
    from golf.journal.kept_sixcard import SixSnapshot
    from golf.journal.kept_solitaire import Snapshot
    from golf.sixcard.actions import Action as SixAction
    from golf.solitaire.engine import Action
    from scenes.autoplay import game_state, six_state  # the same states the program prints

    journal = _journal(folder)
    try:
        kept = [k for k in journal.kept(game) if k.round_id is None]
    finally:
        journal.close()
    for k in kept:
        try:
            if game == "six-card":
                snapshot = SixSnapshot(
                    k.code,
                    tuple(SixAction.parse(a) for a in k.actions),
                    k.times,
                    Clocks(),
                    k.started,
                    None,
                    tuple(k.setup.get("kinds", ())),
                    str(k.setup.get("speed", "normal")),
                )
                start, now = snapshot.states()
                if now.over:
                    continue
                return six_state(start, list(snapshot.actions), now)
            played = Snapshot(k.code, tuple(Action.parse(a) for a in k.actions), k.times).game()
        except ValueError:  # no longer replays: the title offers nothing
            continue
        return game_state(played)
    return None


def _judge(
    restored: State | None, saved: State | None, last: State | None, game: str = "solitaire"
) -> str | None:
    """None when a relaunch after the kill may restore ``restored``, else why not.

    ``saved``: what the autosave on disk held after the kill; ``last``: the last state the killed
    program printed.
    """
    if saved is None:
        if restored is not None:
            return "restored a game although the autosave holds none in play"
        if last is not None and last["status"] == "playing" and last["actions"]:
            return f"no game saved; the killed game was in play with {len(last['actions'])} actions"
        return None
    if restored is None:
        return f"nothing restored; the autosave holds {len(saved['actions'])} actions"
    if not _same(restored, saved, game):
        where = "position" if game == "solitaire" else "check"
        return (
            f"restored {restored['code']} after {len(restored['actions'])} actions, {where} "
            f"equal: {restored[where] == saved[where]}; the autosave holds "
            f"{saved['code']} after {len(saved['actions'])}"
        )
    if last is None:
        return "the killed program printed no state"
    if last["code"] == saved["code"] and saved["actions"] in (
        last["actions"],
        [*last["actions"], saved["actions"][-1]] if saved["actions"] else None,
    ):
        return None  # the same, or one action later: the kill fell between the save and the print
    return (
        f"the autosave ({saved['code']}, {len(saved['actions'])} actions) is not the last "
        f"printed state ({last['code']}, {len(last['actions'])} actions)"
    )


def command(folder: Path, seed: int, game: str = "solitaire") -> tuple[list[str], dict[str, str]]:
    """The real program, headless, playing random keys, its files all in ``folder``."""
    argv = [
        sys.executable,
        str(ROOT / "main.py"),
        "play",
        "--config-dir",
        str(folder / "config"),
        "--autoplay",
        str(seed),
    ]
    if game != "solitaire":
        argv += ["--autoplay-game", game]
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        GOLF_DATA_DIR=str(folder / "data"),
        XDG_DATA_HOME=str(folder / "share"),  # the replays folder
        XDG_CONFIG_HOME=str(folder / "xdg-config"),
    )
    return argv, env


def trial_run(
    folder: Path, seed: int, low: float, high: float, game: str = "solitaire"
) -> list[str]:
    """One launch, SIGKILL once the game is on and a random ``low``..``high`` s later; the
    program's lines."""
    argv, env = command(folder, seed, game)
    proc = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=ROOT,
        start_new_session=True,  # its solver processes can be found and ended with it
    )
    lines: list[str] = []
    ready = threading.Event()

    def reader() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("autoplay state"):
                ready.set()
        ready.set()

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    if not ready.wait(90):
        lines.append("ERROR the game never came up")
    else:
        time.sleep(random.Random(seed).uniform(low, high))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    thread.join(10)
    if proc.stdout is not None:
        proc.stdout.close()
    if proc.returncode != -signal.SIGKILL:
        lines.append(f"ERROR the program ended by itself (status {proc.returncode})")
    # the solver processes end by themselves once their parent is gone (a few seconds)
    for _ in range(100):
        try:
            os.killpg(proc.pid, 0)  # anything of the program still alive?
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        lines.append("LEFTOVER")
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    return lines


def run(
    trials: int,
    seed: int,
    low: float,
    high: float,
    folder: Path | None = None,
    game: str = "solitaire",
) -> int:
    """The whole bench; prints one line per trial and a summary; the number of failures."""
    work = folder or Path(tempfile.mkdtemp(prefix="golf-kill-"))
    last: State | None = None
    saved: State | None = None
    failures = 0
    restores = 0
    temporaries = 0
    survived = 0
    leftovers = 0
    ended: list[State] = []  # games the program finished: each must be in the journal once
    for n in range(trials + 1):  # the last launch only checks the restore of the last kill
        lines = (
            trial_run(work, seed + n, low, high, game)
            if n < trials
            else trial_run(work, seed + n, 0.0, 0.0, game)
        )
        restored: State | None = None
        got_restore = False
        states: list[State] = []
        error: str | None = None
        for line in lines:
            if line == "LEFTOVER":
                leftovers += 1
                continue
            kind, _, payload = line.partition(" ")
            if kind == "ERROR":
                error = payload
                continue
            word, _, body = payload.partition(" ")
            if word == "restored":
                restored = json.loads(body)
                got_restore = True
            elif word == "state":
                states.append(json.loads(body))
        for before, after in itertools.pairwise(states):
            if before["status"] != "playing" and (
                after["code"] != before["code"] or len(after["actions"]) < len(before["actions"])
            ):
                ended.append(before)  # its result was seen, then a new deal: it was counted
        if error is None and not got_restore:
            error = "the relaunch never reached the game"
        if error is None and n > 0:
            error = _judge(restored, saved, last, game)
        if restored is not None:
            restores += 1
        problems, temps = _check_files(work)
        temporaries += temps
        if problems:
            error = (error + "; " if error else "") + "; ".join(problems)
        last = states[-1] if states else None
        saved = saved_state(work, game)
        label = "final launch" if n == trials else f"trial {n + 1:2d}"
        actions = len(saved["actions"]) if saved else 0
        print(
            f"{label}: {'ok' if error is None else 'FAIL ' + error}"
            f" (restored {len(restored['actions']) if restored else 'nothing'}; "
            f"killed with {actions} actions saved)",
            flush=True,
        )
        if error is not None:
            failures += 1
        elif n > 0:
            survived += 1
    lost = lost_games(ended, work)
    for line in lost:
        print(f"LOST {line}")
    twice = sum("counted" in p for p in _check_files(work)[0])
    print(f"\n{'kills':>6} {'failures':>9} {'games lost':>11} {'counted twice':>14}")
    print(f"{trials:>6} {failures:>9} {len(lost):>11} {twice:>14}")
    failures += len(lost)
    print(
        f"{trials} kills of the real program ({game}), {len(ended)} finished games checked in "
        f"the journal, {survived} relaunches restored the saved game "
        f"exactly with every file whole, {restores} relaunches with a game to continue, "
        f"{failures} failures, {temporaries} stray temporary files seen, {leftovers} launches "
        f"left processes alive 10 s after the kill; folder {work}"
    )
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=20, help="how many SIGKILLs (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the keys and kill times")
    parser.add_argument("--min", type=float, default=0.2, help="earliest kill, seconds after ready")
    parser.add_argument("--max", type=float, default=2.5, help="latest kill, seconds after ready")
    parser.add_argument("--folder", type=Path, help="data folder to use (default: a new temp)")
    parser.add_argument(
        "--game", choices=GAMES, default="solitaire", help="the game played (default solitaire)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="1 kill within 1 s of ready, and the relaunch (CI)"
    )
    args = parser.parse_args(argv)
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(trials=1, max=1.0)
        args = parser.parse_args(argv)
    failures = run(args.trials, args.seed, args.min, args.max, args.folder, args.game)
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
