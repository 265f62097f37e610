# Árbitro: `make run` to try it, `make test` for the whole suite. See README.md.
PYTHON_BIN ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: venv frontend messages run test lint migrate demo

venv: $(VENV)/.installed

# Re-installs whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON_BIN) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

# npm ci only when the lockfile changed; the Vite build always (it takes seconds).
frontend: frontend/node_modules/.package-lock.json
	cd frontend && npm run build

frontend/node_modules/.package-lock.json: frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	touch $@

# The compiled Spanish catalogs (locale/es/LC_MESSAGES/*.mo) are committed; after editing a .po file,
# rebuild them (needs Debian's gettext).
messages: venv
	$(PY) manage.py compilemessages --ignore $(VENV)

migrate: venv
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py demo

run: venv frontend demo
	@echo "Árbitro is at http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	$(VENV)/bin/daphne -e tcp:port=$(PORT):interface=$(HOST):backlog=1024 project.asgi:application

# The client's unit tests, mypy on the rules, then pytest (rules, matches, e2e). pytest exits 5 when it
# collected no test; make treats that as the failure it is.
test: venv frontend
	cd frontend && npm test
	$(VENV)/bin/mypy --strict rules/
	$(PY) -m pytest

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy --strict rules/
	$(VENV)/bin/mypy matches/ project/
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run

# Server benchmarks of issue 10 (bench/README.md): PostgreSQL and Redis on 127.0.0.1, about 15 min on 2 cores.
.PHONY: bench
bench: venv
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	$(PY) -m bench.bench_fanout
	$(PY) -m bench.bench_storm
	$(PY) -m bench.bench_scaleout
	$(PY) -m bench.bench_matches
	$(PY) -m bench.bench_memory
