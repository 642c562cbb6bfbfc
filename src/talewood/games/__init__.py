"""The game registry: one line per game. `load(id)` imports a game only when it is asked for."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from ..engine import ContentError, Game, UnknownGame

REGISTRY: dict[str, str] = {
    "spirits": "talewood.games.spirits.game:SpiritsGame",
    "greylune": "talewood.games.greylune.game:GreyluneGame",
    "trial": "talewood.games.trial.game:TrialGame",
    "threetale": "talewood.games.threetale.game:ThreeTaleGame",
}

_loaded: dict[str, Game] = {}
_variants: dict[tuple[str, str], Game] = {}


def register(game_id: str, target: str) -> None:
    """Add a game to the registry as `module:Class` (a test's or a designer's own game)."""
    REGISTRY[game_id] = target
    _loaded.pop(game_id, None)


def unregister(game_id: str) -> None:
    REGISTRY.pop(game_id, None)
    _loaded.pop(game_id, None)
    for key in [k for k in _variants if k[0] == game_id]:
        del _variants[key]


def available() -> list[str]:
    return list(REGISTRY)


def load(game_id: str, content: str | Path | None = None) -> Game:
    """The Game for `game_id`; an unknown id raises UnknownGame listing the known ones.

    With `content`, the game played with a designer's copy of its content folder (edited TOML files,
    validated as the shipped ones are: an error names the file and line): the game's class is built
    with its `content` module's `load_content(folder)`."""
    if content is not None:
        return _variant(game_id, Path(content))
    if game_id not in _loaded:
        if game_id not in REGISTRY:
            raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(REGISTRY)}")
        module_name, _, class_name = REGISTRY[game_id].partition(":")
        _loaded[game_id] = getattr(importlib.import_module(module_name), class_name)()
    return _loaded[game_id]


def game_module(game_id: str, part: str) -> object | None:
    """A game's companion module by convention (`heuristics`, `terminal`, `render`) in the game's own
    package, or None."""
    package = type(load(game_id)).__module__.rpartition(".")[0]
    name = f"{package}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def _variant(game_id: str, folder: Path) -> Game:
    key = (game_id, str(folder.resolve()))
    if key not in _variants:
        game = load(game_id)
        module: Any = game_module(game_id, "content")
        if not folder.is_dir():
            raise ContentError(f"{game_id}: the content folder {folder} does not exist")
        if module is None or not hasattr(module, "load_content"):
            raise ContentError(f"{game.name} has no content module to load a copy of its content from")
        try:
            content = module.load_content(folder.resolve())
        except (KeyError, ValueError, TypeError) as exc:   # a missing or mistyped field the checks did not name
            raise ContentError(f"{game_id}: {folder} holds content that cannot be read: "
                               f"{type(exc).__name__}: {exc}") from exc
        _variants[key] = type(game)(content=content)   # type: ignore[call-arg]
    return _variants[key]
