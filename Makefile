# `make run` and `make test` each build or refresh the virtual environment in .venv from nothing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test lint bench load clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000
DATABASE ?= sqlite:///talewood.db

# The web app on an embedded SQLite database (talewood.db here); it prints its address.
run: $(STAMP)
	$(BIN)/talewood serve --host $(HOST) --port $(PORT) --database $(DATABASE)

play: $(STAMP)
	$(BIN)/talewood play spirits --seats human,greedy

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest -n 2 --dist loadgroup

bench: $(STAMP)
	$(BIN)/talewood bench

load: $(STAMP)
	$(BIN)/python benchmarks/load.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
