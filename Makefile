# `make run` and `make test` each build or refresh the virtual environment in .venv from nothing:
# `run` (and `play`, `bench`) install only what Talewood needs to run; `test` adds the dev extras
# (pytest, ruff, mypy, Playwright, Ray).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: run play test test-long test-pure lint mutation wheel bench load screenshots icons clean

# The install builds the engine, every game's rules, the bots and the encoders as C extensions (setup.py),
# so it runs again when one of their sources changes (rebuilding only what changed); until then every one of
# them runs as Python (src/talewood/compiled.py).
COMPILED := $(shell $(PYTHON) -c "import sys; sys.path.insert(0, 'src'); from talewood.compiled import COMPILED; \
	print(' '.join('src/' + name.replace('.', '/') + '.py' for name in COMPILED))")
SOURCES := pyproject.toml setup.py src/talewood/compiled.py $(COMPILED)

$(STAMP): $(SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

# with the dev extras, in one install (an install builds the extensions: once is enough)
$(DEV_STAMP): $(SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $(DEV_STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000
DATABASE ?= sqlite:///talewood.db

# The web app on an embedded SQLite database (talewood.db here); it prints its address.
run: $(STAMP)
	$(BIN)/talewood serve --host $(HOST) --port $(PORT) --database $(DATABASE)

play: $(STAMP)
	$(BIN)/talewood play spirits --seats human,greedy

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

# the slowest tests are named at the end, to keep the suite under 10 minutes with its install
test: lint
	$(BIN)/python -m pytest -n 2 --dist loadgroup -m "not long" --durations=15

# the browser tests that play whole games (one of each kind stays in make test) or review one, a minute or
# more each; CI runs them after make test
test-long: $(DEV_STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadgroup -m long

# An extra's packages only, from pyproject.toml (`pip install -e '.[x]'` would build the package again)
define install_extra
	$(BIN)/python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['$(1)']))" > $(VENV)/$(1)-requirements.txt
	$(BIN)/python -m pip install --quiet -r $(VENV)/$(1)-requirements.txt
	touch $@
endef

# How many mutants of each game's scoring module and of engine/records.py their own tests kill (mutmut 3,
# the `mutation` extra installed beside the dev extras; not part of make test): docs/architecture.md.
MUTATION_STAMP := $(VENV)/.installed-mutation

$(MUTATION_STAMP): $(DEV_STAMP) pyproject.toml
	$(call install_extra,mutation)

mutation: $(MUTATION_STAMP)
	nice -n 5 $(BIN)/python benchmarks/mutation.py --max-children 2

# The same code as Python (TALEWOOD_PURE_PYTHON=1), on a representative part of the suite: the engine,
# every game's rules and fixed-seed games, the bots, simulation and the learning environments' checks
# (what the extensions hold and what reads them); not the web app, the browser or the terminal, which run
# the same rules through these modules. CI runs it after make test.
PURE_TESTS := tests/engine tests/games tests/agents tests/sim tests/rl
test-pure: $(DEV_STAMP)
	TALEWOOD_PURE_PYTHON=1 $(BIN)/python -m pytest -n 2 --dist loadgroup -m "not long" $(PURE_TESTS)

# A binary wheel for Linux in dist/, for a machine without a C compiler (`pip install dist/talewood-*.whl`):
# built with the compiled extensions inside, tagged manylinux by auditwheel, then installed into a fresh
# environment that must run them compiled (docs/architecture.md, Speed). CI builds it after the tests.
WHEEL_STAMP := $(VENV)/.installed-wheel

$(WHEEL_STAMP): $(STAMP) pyproject.toml
	$(call install_extra,wheel)

wheel: $(WHEEL_STAMP)
	rm -rf build/wheel build/wheel-check
	$(BIN)/python -m build --wheel --outdir build/wheel .
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/auditwheel repair --wheel-dir dist build/wheel/talewood-*.whl
	$(PYTHON) -m venv build/wheel-check
	build/wheel-check/bin/python -m pip install --quiet --force-reinstall \
		$$(ls -t dist/talewood-*manylinux*.whl | head -1)
	cd build && wheel-check/bin/python -c "import sys; from talewood import compiled; sys.exit(compiled.main())"
	cd build && wheel-check/bin/talewood bench spirits --seconds 0.2 > /dev/null

bench: $(STAMP)
	$(BIN)/talewood bench

load: $(DEV_STAMP)
	$(BIN)/python benchmarks/load.py

# Each game's page at desktop (1366x900) and phone (390x844) size, at its start, middle and end,
# saved under docs/screenshots/ by the browser tests.
screenshots: $(DEV_STAMP)
	TALEWOOD_SCREENSHOTS=docs/screenshots $(BIN)/python -m pytest -q -m screens tests/e2e

# The game-icons.net icons the boards draw (src/talewood/ui/icons.py), copied again from npm's
# @iconify-json/game-icons: add a name to WANTED in src/talewood/ui/make_icons.py, then run this.
icons: $(STAMP)
	rm -rf build/icons && mkdir -p build/icons
	cd build/icons && npm pack --silent @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
	$(BIN)/python -m talewood.ui.make_icons build/icons/package/icons.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
	find src -name '*.so' -delete
