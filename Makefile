# Árbitro: `make run` to try it, `make test` for the whole suite. See README.md.
PYTHON_BIN ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: venv frontend run test lint migrate demo

venv: $(VENV)/.installed

# Re-installs whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON_BIN) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

# TODO(issue 2): drop the fallback once frontend/package.json lands; from then on it is required.
frontend:
	@if [ -f frontend/package.json ]; then \
		cd frontend && npm ci --no-audit --no-fund && npm run build; \
	else \
		echo "frontend/package.json not there yet: skipping the client build"; \
	fi

migrate: venv
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py demo

run: venv frontend demo
	@echo "Árbitro is at http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	$(VENV)/bin/daphne -b $(HOST) -p $(PORT) project.asgi:application

# pytest exits 5 when it collected no test; make treats that as the failure it is.
test: venv frontend
	$(VENV)/bin/mypy --strict rules/
	$(PY) -m pytest

lint: venv
	$(VENV)/bin/mypy --strict rules/
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run
