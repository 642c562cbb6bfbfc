"""Loading game content (TOML data files), from the package or from a user's own folder."""

from __future__ import annotations

import os
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import ContentError

SOURCES = frozenset({"rulebook", "reference", "designed"})
CONTENT_ENV = "TALEWOOD_CONTENT"


def load_toml(game_id: str, package: str, filename: str) -> dict[str, Any]:
    """Read `filename` from `$TALEWOOD_CONTENT/<game_id>/` if present, else from `package`'s content/."""
    override = os.environ.get(CONTENT_ENV)
    try:
        if override and (Path(override) / game_id / filename).is_file():
            text = (Path(override) / game_id / filename).read_text(encoding="utf-8")
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
