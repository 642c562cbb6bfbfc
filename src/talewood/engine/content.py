"""Loading game content (TOML data files), from the package or from a user's own folder."""

from __future__ import annotations

import os
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import ContentError

# where an entry comes from: the rulebook states it, the shared reference sheets give it, it follows
# from what the rulebook states (inferred), or the rulebook is silent and we designed it
SOURCES = frozenset({"rulebook", "reference", "inferred", "designed"})
CONTENT_ENV = "TALEWOOD_CONTENT"


def load_toml(game_id: str, package: str, filename: str, folder: Path | None = None) -> dict[str, Any]:
    """Read `filename` from `folder` (a designer's copy of the content), else `$TALEWOOD_CONTENT/<game_id>/`,
    else `package`'s content/. A file the folder lacks comes from the package."""
    override = os.environ.get(CONTENT_ENV)
    candidates = [folder / filename] if folder is not None else []
    if override:
        candidates.append(Path(override) / game_id / filename)
    try:
        path = next((c for c in candidates if c.is_file()), None)
        if path is not None:
            text = path.read_text(encoding="utf-8")
        else:
            text = resources.files(package).joinpath("content", filename).read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"{game_id}: cannot read content file {filename}: {exc}") from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{game_id}: {filename} is not valid TOML: {exc}") from exc


def require(condition: bool, message: str) -> None:
    if not condition:
        raise ContentError(message)


def check_source(where: str, entry: dict[str, Any]) -> str:
    source = entry.get("source")
    require(source in SOURCES, f"{where}: source must be one of {sorted(SOURCES)}, not {source!r}")
    return str(source)
