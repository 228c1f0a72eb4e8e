# Two commands on a fresh machine with Python 3.11: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test test-fast test-slow lint bench bench-quick verify clean lock

# The exact versions, with their hashes, from requirements.lock (pip-compile made it from
# pyproject.toml's ranges: see its head to remake it); then the game itself, without dependencies.
$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes -r requirements.lock
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

# The tests in layers (docs/development.md): the fast layer first (no window, no processes, no
# sockets; about 30 s), then the rest; in parallel with pytest-xdist, every test with a timeout
# (pyproject.toml), each process within 3 GB of address space so that nothing runs away.
# Python keeps its compiled modules (__pycache__, ignored by git) even where the environment says
# not to: each test worker and each program a test starts would otherwise compile every module
# again, and pytest rewrite every test module's asserts (a collection of 1.6 s instead of 5.9 s).
unexport PYTHONDONTWRITEBYTECODE
PYTEST := ulimit -v 3000000 && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

# replays/ is verified and watched headless by the tests themselves (tests/cli/test_cli.py,
# tests/window/test_watch.py, tests/project/test_doc_commands.py): every check runs once.
test: lint test-fast test-slow

test-fast: $(STAMP)
	$(PYTEST) -n 2 --dist worksteal --layer fast

test-slow: $(STAMP)
	$(PYTEST) -n 4 --dist worksteal --layer slow

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy golf golfnet golfcli scenes golf_pytest main.py bench

# The benchmarks (docs/development.md): bench-quick runs each in its quick form (the same code
# paths in a few seconds; CI runs it so that none rots), bench runs each in full to the end
# (about 25 minutes, and the hint players' table about 17 more on two processes; startup.py
# times the built program, so the folder build comes first). net_kill.py --quick is --lenient
# about its restarts' time (a shared CI machine starts a process slowly); in full it is not.
bench-quick: $(STAMP)
	$(PY) bench/engine.py --quick
	$(PY) bench/solver.py --quick
	$(PY) bench/solver_ab.py --quick
	$(PY) bench/chance.py --quick
	$(PY) bench/chance.py --quick --kept
	$(PY) bench/analysis.py --quick
	$(PY) bench/policy.py --quick
	$(HEADLESS) $(PY) bench/fuzz.py --quick
	$(HEADLESS) $(PY) bench/frames.py --quick
	$(HEADLESS) $(PY) bench/present.py --quick
	$(HEADLESS) $(PY) bench/contrast.py --quick
	$(HEADLESS) $(PY) bench/soak.py --quick
	$(HEADLESS) $(PY) bench/storm.py --quick
	$(HEADLESS) $(PY) bench/startup.py --quick
	$(HEADLESS) $(PY) bench/attack_window.py --quick
	$(HEADLESS) $(PY) bench/attack_cli.py --quick
	$(HEADLESS) $(PY) bench/attack.py --quick
	$(HEADLESS) $(PY) bench/kill_resume.py --quick
	$(HEADLESS) $(PY) bench/kill_resume.py --quick --game six-card
	$(PY) bench/kill_journal.py --quick
	$(PY) bench/net_load.py --quick
	$(PY) bench/net_load.py --quick --bare
	$(PY) bench/net_load.py --quick --floor
	$(PY) bench/net_attack.py --quick
	$(PY) bench/net_messages.py --quick
	$(PY) bench/net_kill.py --quick --lenient
	$(PY) bench/net_restore.py --quick --lenient
	$(PY) bench/arena.py --quick
	$(PY) bench/journal.py --quick

bench: $(STAMP) dist
	$(PY) bench/engine.py
	$(PY) bench/solver.py
	$(PY) bench/solver_ab.py
	$(PY) bench/chance.py
	$(PY) bench/analysis.py
	mkdir -p build/bench && rm -f build/bench/policy.jsonl
	$(PY) bench/policy.py --jobs 2 --out build/bench/policy.jsonl
	$(PY) bench/policy.py --table build/bench/policy.jsonl
	$(PY) bench/policy.py --table bench/results/*.jsonl.gz
	$(HEADLESS) $(PY) bench/fuzz.py
	$(HEADLESS) $(PY) bench/frames.py
	$(HEADLESS) $(PY) bench/present.py
	$(HEADLESS) $(PY) bench/contrast.py
	$(HEADLESS) $(PY) bench/soak.py
	$(HEADLESS) $(PY) bench/storm.py
	$(HEADLESS) $(PY) bench/startup.py
	$(HEADLESS) $(PY) bench/attack_window.py
	$(HEADLESS) $(PY) bench/attack.py
	$(HEADLESS) $(PY) bench/kill_resume.py
	$(HEADLESS) $(PY) bench/kill_resume.py --game six-card
	$(PY) bench/kill_journal.py
	$(PY) bench/net_load.py
	$(PY) bench/net_load.py --bare
	$(PY) bench/net_load.py --floor
	$(PY) bench/net_attack.py
	$(PY) bench/net_messages.py
	$(PY) bench/net_kill.py
	$(PY) bench/net_restore.py
	$(PY) bench/arena.py
	$(PY) bench/journal.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis

# Remakes requirements.lock from pyproject.toml's ranges (the newest versions they allow, with
# hashes), with pip-tools in a throwaway venv: the project's own venv is not touched.
LOCK_VENV := build/lock-venv
lock:
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --quiet "pip-tools>=7.4,<8"
	$(LOCK_VENV)/bin/pip-compile --quiet --upgrade --extra dev --generate-hashes --allow-unsafe \
		--strip-extras --no-emit-index-url --no-emit-find-links \
		--output-file requirements.lock pyproject.toml

# The standalone program (build.spec, PyInstaller): dist/golf/golf, a folder to ship as a whole
# (with licences/ and replays/ beside the program); dist/onefile/golf, one file (with licences/).
.PHONY: dist dist-onefile dist-check dist-onefile-check

dist: $(STAMP)
	$(PY) -m PyInstaller build.spec --noconfirm --clean --log-level WARN

dist-onefile: $(STAMP)
	GOLF_ONEFILE=1 $(PY) -m PyInstaller build.spec --noconfirm --clean --log-level WARN \
		--distpath dist/onefile --workpath build/onefile

# The built program run headless from a temporary copy: --version, the licence texts, the icon,
# the samples beside it, the commands and the window (scripts/exe_smoke.sh says what it checks).
dist-check: dist
	scripts/exe_smoke.sh dist/golf $(PY)
	test "$$(dist/golf/golf --version)" = "$$($(PY) main.py --version)"
	test -f dist/golf/_internal/LICENSE

dist-onefile-check: dist-onefile
	scripts/exe_smoke.sh dist/onefile $(PY)
