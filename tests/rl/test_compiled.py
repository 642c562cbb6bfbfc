"""The observation encoders built as C extensions (talewood/compiled.py, setup.py): the build made them,
they write exactly what their Python source writes, and an extension built from another source than the
one there now is passed over for the source."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
import os
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from talewood import compiled
from talewood.engine import ObservationSpec, Rng
from talewood.games import available, load
from talewood.rl.configs import configurations, label

EXTENSION = importlib.machinery.EXTENSION_SUFFIXES[0]


def module_of(game: str) -> ModuleType:
    return importlib.import_module(f"talewood.games.{game}.observation")


def source_of(game: str) -> ModuleType:
    """The game's observation module loaded from its .py file under another name (same package)."""
    path = Path(module_of(game).__file__ or "").with_name("observation.py")
    spec = importlib.util.spec_from_file_location(f"talewood.games.{game}._observation_source", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(compiled.pure(), reason="TALEWOOD_PURE_PYTHON is set: the encoders run as Python")
@pytest.mark.parametrize("name", compiled.COMPILED)
def test_the_encoders_are_compiled(name: str) -> None:
    module = importlib.import_module(name)
    assert compiled.is_compiled(module), (
        f"{name} runs as Python: its extension is missing or older than its source. `make test` (or "
        f"`pip install -e .`) builds it; TALEWOOD_PURE_PYTHON=1 runs without")


def source_spec(game: str, players: int, options: dict[str, Any]) -> ObservationSpec:
    spec: ObservationSpec = source_of(game).observation_spec(load(game), players, options)
    return spec


CONFIGS = [(g, p, o) for g in available() for p, o in configurations(load(g))]


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=[label(*c) for c in CONFIGS])
def test_the_extension_writes_what_its_source_writes(game: str, players: int, options: dict[str, Any]) -> None:
    """Every seat's kept buffer, at every step of a random game (every size and module combination the
    learning interfaces are checked on), as the compiled updater and the source's updater keep it: the
    same numbers."""
    if not compiled.is_compiled(module_of(game)):
        pytest.skip("the encoders run as Python here: nothing to compare")
    g = load(game)
    rng = Rng(5)
    state = g.new_game(players, 3, options, tracked=False)
    built = g.observation_spec(players, state.options)
    source = source_spec(game, players, dict(state.options))
    assert source.segments == built.segments
    kept = [(built.follow(), built.buffer(), source.follow(), source.buffer()) for _ in range(players)]
    while not state.over:
        for seat, (ours, mine, theirs, their_buffer) in enumerate(kept):
            ours(state, seat, mine)
            theirs(state, seat, their_buffer)
            assert mine == their_buffer, f"seat {seat + 1}: {state.prompt()}"
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def test_an_extension_built_from_another_source_is_passed_over(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Every named module runs from its extension when each was built from the source there now (the
    build's record of their SHA-256), and every one from its source when any source differs (compiled
    modules call each other directly). File times do not count: a wheel's install dates every file alike."""
    package = tmp_path / "pkg"
    package.mkdir()
    for name in ("mod", "other"):
        (package / f"{name}.py").write_text("X = 1\n")
        (package / f"{name}{EXTENSION}").write_bytes(b"")    # never loaded: the finder only chooses the file
    monkeypatch.delenv(compiled.PURE, raising=False)

    def build() -> None:
        record = {f"pkg.{name}": compiled.fingerprint(str(package / f"{name}.py")) for name in ("mod", "other")}
        (package / compiled.RECORD).write_text(json.dumps(record))

    def chosen(name: str = "pkg.mod") -> str:
        finder = compiled.SourceUnlessBuiltSince(["pkg.mod", "pkg.other"], root=str(tmp_path))
        spec = finder.find_spec(name, [str(package)])
        assert spec is not None and spec.origin is not None
        return Path(spec.origin).name

    assert chosen() == "mod.py"                           # no record: nothing counts as built
    build()
    for name in ("mod", "other"):                         # the sources dated after their extensions
        os.utime(package / f"{name}{EXTENSION}", (1_000, 1_000))
        os.utime(package / f"{name}.py", (2_000, 2_000))
    assert chosen() == f"mod{EXTENSION}"                  # built from the sources there now
    (package / "other.py").write_text("X = 2\n")
    assert chosen() == "mod.py"                           # another one's source was changed since
    assert chosen("pkg.other") == "other.py"
    build()
    assert chosen() == f"mod{EXTENSION}"                  # built again
    (package / "other.py").write_text("X = 1\n")
    assert chosen("pkg.other") == "other.py"              # changed back: not what the last build read
    build()
    (package / f"other{EXTENSION}").unlink()
    assert chosen() == "mod.py"                           # one is missing
    (package / f"other{EXTENSION}").write_bytes(b"")
    (package / compiled.RECORD).write_text("{not json")
    assert chosen() == "mod.py"                           # a record that cannot be read
    build()
    monkeypatch.setenv(compiled.PURE, "1")
    assert chosen() == "mod.py"                           # extensions skipped
    finder = compiled.SourceUnlessBuiltSince(["pkg.mod"], root=str(tmp_path))
    assert finder.find_spec("pkg.third", [str(package)]) is None    # a module it does not name
