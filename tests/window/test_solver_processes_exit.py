"""The window's solver processes and the program's exit: a program that ends while the title's
thread is still starting them waits for the start, then ends them. Before, the exit could come
between a process's start and the hand-over of its work, and that process printed
``EOFError: Ran out of input`` (seen in the built program's smoke test)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_PROGRAM = textwrap.dedent(
    """
    import multiprocessing, threading, time
    from scenes.solitaire import solver_worker as worker

    real = multiprocessing.get_context

    class SlowStart:
        # the processes take a while to start, as in a loaded machine or the built program
        def RawArray(self, *args):
            return real("spawn").RawArray(*args)

        def Pool(self, n, **how):
            time.sleep(0.5)
            pool = real("spawn").Pool(1, **how)
            print("started", flush=True)
            terminate = pool.terminate
            def ended():
                print("ended", flush=True)
                terminate()
            pool.terminate = ended
            return pool

    multiprocessing.get_context = lambda method: SlowStart()
    worker.USE_PROCESSES = True
    threading.Thread(target=worker.warm_up, daemon=True).start()
    time.sleep(0.1)  # the program ends while they start
    """
)


def test_a_program_ending_while_the_solver_processes_start_waits_and_ends_them() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    # The solver processes and the hint's own process: both started, both ended.
    assert done.stdout.split() == ["started", "started", "ended", "ended"]
    assert "Traceback" not in done.stderr and "EOFError" not in done.stderr


def test_no_solver_process_starts_after_they_were_stopped() -> None:
    program = (
        "from scenes.solitaire import solver_worker as w\n"
        "w.USE_PROCESSES = True\n"
        "w.stop()\n"
        "print(w.warm_up(), w._the_pool())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["None", "None"]
