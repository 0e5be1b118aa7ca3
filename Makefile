# Fivefold. `make run` serves the app with demo data (on PORT, default 8000); `make test` runs every test.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
# `make run PORT=8123` serves on another port.
PORT ?= 8000

.PHONY: run test test-no-browser lint setup browser bench screenshots clean

run: $(STAMP)
	DEBUG=true $(PY) manage.py migrate --noinput
	DEBUG=true $(PY) manage.py demo
	@echo "Fivefold on http://127.0.0.1:$(PORT) — log in as gm, player1 or player2 (password fivefold-demo)."
	DEBUG=true $(PY) manage.py runserver 127.0.0.1:$(PORT)

# Two workers (pytest-xdist): the suite in about half the time on two cores. A worker that runs out of tests
# takes some of the other's (worksteal), so a file of long sweeps does not keep one worker busy alone at the end.
# Each run ends with its 15 slowest tests: where to look when the suite grows slow.
# The browser tests run apart: Playwright's sync API keeps an event loop running in its process, where
# the database tests that came after it would refuse to run (SynchronousOnlyOperation).
test: test-no-browser
	$(PY) -m pytest -n 2 --dist loadfile --durations=15 tests/e2e

# The tests without a browser alone: CI runs them a second time on the other database.
test-no-browser: $(STAMP)
	$(PY) -m pytest -n 2 --dist worksteal --durations=15 --ignore=tests/e2e $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

setup: $(STAMP)

# The virtualenv, from whichever Python 3.12+ scripts/find-python finds. Its packages are installed by uv,
# itself installed by pip: the same packages in a few seconds, where pip took a minute of every CI run.
$(STAMP): pyproject.toml
	@test -x $(PY) || "$$(scripts/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet "uv>=0.9"
	$(PY) -m uv pip install --quiet --python $(PY) -e ".[dev]"
	@rm -f $(VENV)/.installed-*; touch $@

# The production topology under load, against PostgreSQL and Redis on 127.0.0.1 (bench/run.py).
bench: $(STAMP)
	$(PY) -m uv pip install --quiet --python $(PY) -e ".[dev,bench]"
	command -v wrk >/dev/null || (apt-get update && apt-get install -y wrk)
	$(PY) -m bench.run

# Browser tests drive the system's Chromium (Playwright cannot download one here).
browser:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)

# The tables of the demo campaigns at phone and desktop width, and each GM's screen at 1280 px,
# into docs/screenshots/ (the README shows them).
screenshots: $(STAMP) browser
	SCREENSHOTS_DIR=$(CURDIR)/docs/screenshots $(PY) -m pytest -q tests/e2e/test_accessibility.py -k screenshots
	SCREENSHOTS_DIR=$(CURDIR)/docs/screenshots $(PY) -m pytest -q tests/e2e/test_gm_screen.py -k screenshots

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
