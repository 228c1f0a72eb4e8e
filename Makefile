# Two commands on a fresh machine with Python 3.11: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench verify clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy golf golfcli scenes main.py bench
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) main.py verify replays/
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) main.py watch --headless replays/

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy golf golfcli scenes main.py bench

bench: $(STAMP)
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis

# The standalone program (build.spec, PyInstaller): dist/golf/golf, a folder to ship as a whole.
.PHONY: dist dist-onefile dist-check

dist: $(STAMP)
	$(PY) -m PyInstaller build.spec --noconfirm --clean --log-level WARN

dist-onefile: $(STAMP)
	GOLF_ONEFILE=1 $(PY) -m PyInstaller build.spec --noconfirm --clean --log-level WARN \
		--distpath dist/onefile --workpath build/onefile

dist-check: dist
	scripts/exe_smoke.sh dist/golf $(PY)
