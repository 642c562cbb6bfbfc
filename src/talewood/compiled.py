"""The modules built as C extensions at install (`setup.py`, with mypyc): the engine, the Spirits,
Greylune, Trial and ThreeTale rules, the bots (MCTS, the games' heuristics), the batch loop and each game's observation
encoder (docs/architecture.md, Speed). They are ordinary typed Python, and the source stays the truth:
the build records what each extension was made from (its source's SHA-256, in `compiled_sources.json`
beside this file), and when any source differs from its record (edited or checked out since the build)
or an extension is missing, every one of them is passed over and the sources imported instead —
compiled modules call each other directly, so a mix would run an old copy of the edited one — until the
next `make` builds them again. Contents, not file times, decide: an installed wheel's files all carry
the time of the install. `TALEWOOD_PURE_PYTHON=1` skips the build (setup.py) and the extensions."""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from types import ModuleType

PURE = "TALEWOOD_PURE_PYTHON"


def _modules(package: str, names: str) -> tuple[str, ...]:
    return tuple(f"talewood.{package}.{name}" for name in names.split())


# Each group is built as one shared library (mypyc's separate compilation: the groups compile in parallel,
# and a change rebuilds only its own group). Not compiled: the packages' __init__ (re-exports only), the
# engine's errors (nothing to gain; other modules derive their own), the engine's Game and each game's
# class (engine/definition.py says why: Python classes, off the hot path), a game's rulings.py (named constants
# that tests flip at run time), and what draws or reports rather than plays (terminal.py, render.py,
# report.py, learn.py).
GROUPS: dict[str, tuple[str, ...]] = {
    "engine": _modules("engine", "actions content estimates events game observation options present "
                                 "records rng scenario stack undo"),
    "spirits": _modules("games.spirits", "actions choices content forest frames heuristics layouts observation "
                                         "scenario scoring state view"),
    "greylune": _modules("games.greylune", "actions adventure board choices content effects events "
                                           "heuristics items labels observation scenario scoring seasons state "
                                           "stories tables texts view village"),
    "bots": _modules("agents", "base levels mcts simple") + _modules("sim", "batch bench play tally"),
    "trial": _modules("games.trial", "actions camp cards choices components content content_board effects enhance "
                                     "expedition fields fight food forest heuristics hidden holdings objects "
                                     "observation others paying places position reading scenario scoring state "
                                     "store story tables turn view vocabulary words"),
    # ThreeTale in two groups, which compile in parallel: its content (components/ and what reads them into
    # tables), which imports nothing above it, and its rules
    "threetale_content": _modules("games.threetale", "actions content geometry tables")
                         + _modules("games.threetale.components", "box cards future_loader futures heroes loader "
                                                                  "map reading symbols vocabulary"),
    "threetale": _modules("games.threetale", "choices dice effects hero_state heuristics map_state observation "
                                             "quests rolls scenario scoring setup state state_fields view words")
                 + _modules("games.threetale.battle", "damage ending enemy rounds start strikes")
                 + _modules("games.threetale.future", "cards chapter crown flips flood goal parallel_land present "
                                                      "rounds")
                 + _modules("games.threetale.turn", "acting altar bonus end giving moving talents tile"),
}

COMPILED: tuple[str, ...] = tuple(name for group in GROUPS.values() for name in group)


def pure() -> bool:
    """Whether the extensions are to be skipped (the environment variable is set to anything but 0)."""
    return os.environ.get(PURE, "0") not in ("", "0")


def is_compiled(module: ModuleType) -> bool:
    """Whether `module` was loaded from a C extension."""
    return (module.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _extension_of(source: str) -> str | None:
    """The extension built beside `source` (a .py file), if any."""
    folder, file = os.path.split(source)
    stem = file[:-3]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = os.path.join(folder, stem + suffix)
        if os.path.exists(path):
            return path
    return None


RECORD = "compiled_sources.json"   # in the top package: {module: its source's SHA-256 when built}


def fingerprint(source: str) -> str:
    """What a build records of a module's source: the SHA-256 of its bytes."""
    with open(source, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def built_from(root: str, top: str = "talewood") -> dict[str, str]:
    """The record the last build left in the package `top` under `root` (empty when there is none, or it
    cannot be read: then nothing counts as built)."""
    try:
        with open(os.path.join(root, top, RECORD), encoding="utf-8") as file:
            record = json.load(file)
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in record.items()} if isinstance(record, dict) else {}


def stale(names: Sequence[str] = COMPILED, root: str | None = None) -> list[str]:
    """The modules among `names` whose extension is missing or was built from another source than the one
    there now (`root`: the folder holding the top package, by default the one this file is in)."""
    base = root if root is not None else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    records: dict[str, dict[str, str]] = {}
    out = []
    for name in names:
        source = os.path.join(base, *name.split(".")) + ".py"
        if not os.path.exists(source):
            continue
        top = name.partition(".")[0]
        if top not in records:
            records[top] = built_from(base, top)
        if _extension_of(source) is None or records[top].get(name) != fingerprint(source):
            out.append(name)
    return out


class SourceUnlessBuiltSince(importlib.abc.MetaPathFinder):
    """For the modules it names: their extensions when every one of them was built from the source there
    now (and the extensions are not skipped), otherwise their sources."""

    def __init__(self, names: Sequence[str] = COMPILED, root: str | None = None) -> None:
        self.names = frozenset(names)
        self.root = root
        self._sources: bool | None = None     # decided at the first import of a named module

    def use_sources(self) -> bool:
        if pure():
            return True
        if self._sources is None:
            self._sources = bool(stale(sorted(self.names), self.root))
        return self._sources

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        named = name in self.names
        if not named and not name.startswith("talewood."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            return spec if named else None
        source = os.path.join(os.path.dirname(origin), name.rpartition(".")[2] + ".py")
        # an extension left from an older build of a module no longer compiled is passed over too
        if os.path.exists(source) and (not named or self.use_sources()):
            return importlib.util.spec_from_file_location(name, source)
        return spec


def install() -> None:
    """Put the finder ahead of the standard ones (once)."""
    if not any(isinstance(f, SourceUnlessBuiltSince) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceUnlessBuiltSince())


def main(argv: Sequence[str] | None = None) -> int:
    """Say whether this install runs its compiled modules as C extensions (exit status 1 when it does not:
    `make wheel` checks the wheel it builds so)."""
    del argv
    if pure():
        print(f"{PURE} is set: every module runs as Python")
        return 1
    behind = stale()
    if behind:
        print(f"{len(behind)} of {len(COMPILED)} compiled modules are missing or not built from the source there"
              f" now (first: {behind[0]}): every one of them runs as Python until the next build")
        return 1
    print(f"all {len(COMPILED)} compiled modules run as C extensions")
    return 0
