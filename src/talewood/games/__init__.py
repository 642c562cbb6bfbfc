"""The game registry: one line per game. `load(id)` imports a game only when it is asked for."""

from __future__ import annotations

import difflib
import importlib
import re
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


_LOCATED = re.compile(r"\.toml:\d+")


def _edits(module: Any, folder: Path, message: str, most: int = 3) -> str:
    """Where a designer's copy differs from the shipped content (file:line: text), the lines holding a value the
    error quotes first: a check that could not name the line of its entry still points at the edit."""
    shipped = Path(module.__file__).parent / "content"
    quoted = set(re.findall(r"'([^']*)'", message))
    found: list[tuple[bool, str]] = []
    for path in sorted(folder.resolve().glob("*.toml")):
        original = shipped / path.name
        if not original.is_file():
            continue
        old = original.read_text(encoding="utf-8").splitlines()
        new = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for tag, _, _, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
            for j in range(j1, j2) if tag in ("replace", "insert") else ():
                text = new[j].strip()
                hit = any(q and q in text for q in quoted)
                found.append((not hit, f"{path}:{j + 1}: {text}"))
    if not found:
        return ""
    found.sort(key=lambda f: f[0])
    shown = "; ".join(line for _, line in found[:most])
    more = f" (and {len(found) - most} more changed lines)" if len(found) > most else ""
    return f" — edited here: {shown}{more}"


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
                               f"{type(exc).__name__}: {exc}{_edits(module, folder, str(exc))}") from exc
        except ContentError as exc:
            if _LOCATED.search(str(exc)):               # the game's own check already names the file and line
                raise
            raise ContentError(f"{exc}{_edits(module, folder, str(exc))}") from exc
        _variants[key] = type(game)(content=content)   # type: ignore[call-arg]
    return _variants[key]
