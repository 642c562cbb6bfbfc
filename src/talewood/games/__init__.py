"""The game registry: one line per game. `load(id)` imports a game only when it is asked for."""

from __future__ import annotations

import importlib

from ..engine import Game, UnknownGame

REGISTRY: dict[str, str] = {
    "spirits": "talewood.games.spirits.game:SpiritsGame",
    "greylune": "talewood.games.greylune.game:GreyluneGame",
    "threetale": "talewood.games.threetale.game:ThreeTaleGame",
}

_loaded: dict[str, Game] = {}


def register(game_id: str, target: str) -> None:
    """Add a game to the registry as `module:Class` (a test's or a designer's own game)."""
    REGISTRY[game_id] = target
    _loaded.pop(game_id, None)


def unregister(game_id: str) -> None:
    REGISTRY.pop(game_id, None)
    _loaded.pop(game_id, None)


def available() -> list[str]:
    return list(REGISTRY)


def load(game_id: str) -> Game:
    """The Game for `game_id`; an unknown id raises UnknownGame listing the known ones."""
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
