"""Kill the game with SIGKILL at random moments and check that every relaunch continues it exactly.

    python bench/kill_resume.py --trials 20

Each trial starts the game window headless (SDL dummy drivers) in a child process: the app is
built exactly as ``scenes.app.run`` builds it (settings, records and replays in one temporary
folder), the title comes up, and the child presses Enter on it — "Continue" when the title offers
one, else "Play Easy" — then plays random keys (draw, columns, undo; a new deal when a game is
over) through the real frame loop. After every frame in which the game changed, the child prints
its state (code, action log, position, moves, undo history). The parent kills it with SIGKILL at a
random moment and starts the next trial in the same folder.

Checks, for every relaunch:

* the game the title restores is the last state the killed child printed, or the state one
  action later (the kill can land between the save and the print); position, move counter and
  the whole undo history (every position it holds) must be equal;
* when the killed game had no action yet or was over, nothing or its first action is restored;
* every file in the folder parses (settings, statistics, high scores, autosave, replays): no file
  is ever half-written. Temporary files of cut-short writes are counted (they are not the files).

Exit status 0 when every trial passes.
"""

from __future__ import annotations

import argparse
import hashlib
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


# ----------------------------------------------------------------------------- the child


def _state(scene: Any) -> State:
    game = scene.game
    history = [repr(p) for p in game._history]
    return {
        "code": game.code,
        "actions": [str(a) for a in game.log],
        "position": repr(game.position),
        "moves": game.moves,
        "undo_depth": game.undo_depth,
        "history": hashlib.sha1("\n".join(history).encode()).hexdigest(),
        "status": game.status,
        "elapsed": round(scene.elapsed, 3),
    }


def child(folder: Path, seed: int) -> int:
    """Run the window headless, playing random keys until killed."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    import pygame

    from scenes.app import WindowOptions, build_app, first_scene, load_settings, open_window
    from scenes.game import GameScene
    from scenes.input import InputMapper
    from scenes.manager import Loop

    options = WindowOptions(
        config_dir=folder / "config",
        data_dir=folder / "data",
        replays_dir=folder / "data" / "replays",
        seed=seed,
    )
    pygame.init()
    loaded = load_settings(options)
    screen = open_window(loaded[0].fullscreen)
    app = build_app(options, screen, loaded)
    app.change_settings(app.settings.with_(animation="off"), save=False)
    first_scene(app, options)
    loop = Loop(app, InputMapper())
    rng = random.Random(seed)
    out = sys.stdout

    def say(kind: str, payload: object) -> None:
        out.write(f"{kind} {json.dumps(payload)}\n")
        out.flush()

    def key(k: int, text: str = "") -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)
        )
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))

    def table() -> GameScene | None:
        return next((s for s in app.scenes.stack if isinstance(s, GameScene)), None)

    title = app.scenes.top
    saved = getattr(title, "saved", None)
    key(pygame.K_RETURN, "\r")  # Continue, or Play Easy
    for _ in range(5):
        loop.step(pygame.event.get(), 1 / 60)
    scene = table()
    if scene is None:
        say("ERROR", "no game after Enter on the title")
        return 1
    say("RESTORED", _state(scene) if saved is not None else None)
    last = _state(scene)
    say("STATE", last)
    say("READY", None)
    keys = (
        [(pygame.K_SPACE, " ")] * 4
        + [(getattr(pygame, f"K_{n}"), str(n)) for n in range(1, 8)] * 2
        + [(pygame.K_u, "u")] * 2
    )
    while True:
        scene = table()
        if scene is not None and scene.game.status != "playing" and rng.random() < 0.3:
            key(pygame.K_n, "n")  # a new deal (the finished game is left)
        elif scene is not None and rng.random() < 0.6:
            key(*rng.choice(keys))
        loop.step(pygame.event.get(), 1 / 60)
        scene = table()
        if scene is not None:
            now = _state(scene)
            if (now["code"], now["actions"]) != (last["code"], last["actions"]):
                say("STATE", now)
                last = now
        time.sleep(0.002)


# ----------------------------------------------------------------------------- the parent


def _check_files(folder: Path) -> tuple[list[str], int]:
    """Problems with the files of ``folder``, and how many temporary files lie about."""
    from golf.autosave import AUTOSAVE_DOCUMENT
    from golf.highscores import HIGHSCORES_DOCUMENT
    from golf.replay import ReplayError, load
    from golf.round import ROUND_DOCUMENT
    from golf.stats import STATS_DOCUMENT
    from golf.store import Store
    from scenes.settings import SettingsStore

    problems: list[str] = []
    temporaries = 0
    data = folder / "data"
    store = Store(data)
    for document in (AUTOSAVE_DOCUMENT, STATS_DOCUMENT, HIGHSCORES_DOCUMENT, ROUND_DOCUMENT):
        loaded = store.load(document, keep_aside=False)  # type: ignore[arg-type]
        if loaded.notice is not None:
            problems.append(f"{document.name}: {loaded.notice.detail}")
    _settings, notice = SettingsStore(folder / "config").load()
    if notice is not None:
        problems.append(f"settings: {notice}")
    for path in sorted(folder.rglob("*")):
        if path.name.endswith(".tmp"):
            temporaries += 1
        elif path.is_file() and path.suffix == ".yaml" and path.parent.name == "replays":
            try:
                load(path)
            except ReplayError as error:
                problems.append(str(error))
        elif ".corrupt-" in path.name:
            problems.append(f"{path.name}: a file was kept aside as corrupt")
    return problems, temporaries


def _same(a: State, b: State) -> bool:
    keys = ("code", "actions", "position", "moves", "undo_depth", "history")
    return all(a[k] == b[k] for k in keys)


def _judge(restored: State | None, last: State | None) -> str | None:
    """None when ``restored`` is what a relaunch after the kill may show, else why not."""
    if last is None:
        return None if restored is None else "restored a game when none had been played"
    if restored is None:
        if not last["actions"] or last["status"] != "playing":
            return None
        return f"nothing restored; the game had {len(last['actions'])} actions"
    if restored["code"] == last["code"] and restored["actions"] == last["actions"]:
        return None if _same(restored, last) else "same actions but a different game state"
    if restored["code"] == last["code"] and restored["actions"][:-1] == last["actions"]:
        return None  # the kill landed between the save and the print
    return (
        f"restored {restored['code']} after {len(restored['actions'])} actions; the killed game "
        f"was {last['code']} after {len(last['actions'])}"
    )


def trial_run(folder: Path, seed: int, low: float, high: float) -> tuple[list[str], State | None]:
    """One launch-and-kill; its messages (RESTORED, last STATE) and any protocol error."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen(
        [
            sys.executable,
            str(Path(__file__).resolve()),
            "--child",
            str(folder),
            "--seed",
            str(seed),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    lines: list[str] = []
    ready = threading.Event()

    def reader() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith(("READY", "ERROR")):
                ready.set()
        ready.set()

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    if not ready.wait(60):
        proc.kill()
        proc.wait()
        thread.join(10)
        if proc.stdout is not None:
            proc.stdout.close()
        return ["ERROR never ready"], None
    time.sleep(random.Random(seed).uniform(low, high))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    thread.join(10)
    if proc.stdout is not None:
        proc.stdout.close()
    return lines, None


def run(trials: int, seed: int, low: float, high: float, folder: Path | None = None) -> int:
    """The whole bench; prints one line per trial and a summary; the number of failures."""
    work = folder or Path(tempfile.mkdtemp(prefix="golf-kill-"))
    last: State | None = None
    failures = 0
    restores = 0
    temporaries = 0
    survived = 0
    for n in range(trials + 1):  # the last launch only checks the restore of the last kill
        lines, _ = trial_run(work, seed + n, low, high) if n < trials else _final(work, seed + n)
        restored: State | None = None
        got_restore = False
        states: list[State] = []
        error: str | None = None
        for line in lines:
            kind, _, payload = line.partition(" ")
            if kind == "RESTORED":
                restored = json.loads(payload)
                got_restore = True
            elif kind == "STATE":
                states.append(json.loads(payload))
            elif kind == "ERROR":
                error = payload
        if error is None and not got_restore:
            error = "the relaunch never reached the game"
        if error is None and n > 0:
            error = _judge(restored, last)
        if restored is not None:
            restores += 1
        problems, temps = _check_files(work)
        temporaries += temps
        if problems:
            error = (error + "; " if error else "") + "; ".join(problems)
        if states:
            last = states[-1]
        label = "final launch" if n == trials else f"trial {n + 1:2d}"
        actions = len(last["actions"]) if last else 0
        print(
            f"{label}: {'ok' if error is None else 'FAIL ' + error}"
            f" (restored {'yes' if restored else 'no'}, killed at {actions} actions)"
        )
        if error is not None:
            failures += 1
        elif n > 0:
            survived += 1
    print(
        f"{trials} kills, {survived} survived (relaunch restored exactly, every file whole), "
        f"{restores} relaunches with a game to continue, {failures} failures, "
        f"{temporaries} stray temporary files seen; folder {work}"
    )
    return failures


def _final(folder: Path, seed: int) -> tuple[list[str], State | None]:
    return trial_run(folder, seed, 0.0, 0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=20, help="how many SIGKILLs (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the keys and kill times")
    parser.add_argument("--min", type=float, default=0.2, help="earliest kill, seconds after ready")
    parser.add_argument("--max", type=float, default=2.5, help="latest kill, seconds after ready")
    parser.add_argument("--folder", type=Path, help="data folder to use (default: a new temp)")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        return child(args.child, args.seed)
    failures = run(args.trials, args.seed, args.min, args.max, args.folder)
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
