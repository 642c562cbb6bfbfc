"""Loading game content (TOML data files), from the package or from a user's own folder."""

from __future__ import annotations

import os
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import ContentError

# where an entry comes from: the rulebook states it, the shared reference sheets give it, it follows
# from what the rulebook states (inferred), or the rulebook is silent and we designed it
SOURCES = frozenset({"rulebook", "reference", "inferred", "designed"})
CONTENT_ENV = "TALEWOOD_CONTENT"
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(?:#.*)?$")


class Entry(dict[str, Any]):
    """A table read from a content file that knows where it starts (`at`: "FILE:LINE"), so an error
    about it names the file and line a designer must fix."""

    at: str = ""


def where(entry: Any, label: str) -> str:
    """`label` ("village card 12") prefixed with the entry's file and line when they are known."""
    at = getattr(entry, "at", "")
    return f"{at}: {label}" if at else label


def load_toml(game_id: str, package: str, filename: str, folder: Path | None = None) -> dict[str, Any]:
    """Read `filename` from `folder` (a designer's copy of the content), else `$TALEWOOD_CONTENT/<game_id>/`,
    else `package`'s content/. A file the folder lacks comes from the package.

    Each table of the file (`[name]`, `[a.b]`, every `[[name]]` entry) comes back as an `Entry`
    carrying its file and line, for `where`."""
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
    shown = str(path) if path is not None else filename
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{game_id}: {shown} is not valid TOML: {exc}") from exc
    _locate(data, text, shown)
    return data


def _locate(data: dict[str, Any], text: str, shown: str) -> None:
    """Turn each table a header opens into an Entry that knows its line (arrays of tables entry by
    entry; an array nested in an array's entry is left as it is)."""
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = _HEADER.match(line)
        if match is None:
            continue
        array, path = match.group(1) == "[[", match.group(2).split(".")
        parent: Any = data
        for key in path[:-1]:
            parent = parent.get(key) if isinstance(parent, dict) else None
        key = path[-1]
        if not isinstance(parent, dict):
            continue
        container: Any = parent
        index: Any = key
        if array:
            dotted = ".".join(path)
            seen[dotted] = seen.get(dotted, 0) + 1
            container, index = parent.get(key), seen[dotted] - 1
            if not isinstance(container, list) or index >= len(container):
                continue
        table = container[index]
        if isinstance(table, dict) and not isinstance(table, Entry):
            entry = Entry(table)
            entry.at = f"{shown}:{number}"
            container[index] = entry

def require(condition: bool, message: str) -> None:
    if not condition:
        raise ContentError(message)


def check_source(where: str, entry: dict[str, Any]) -> str:
    source = entry.get("source")
    require(source in SOURCES, f"{where}: source must be one of {sorted(SOURCES)}, not {source!r}")
    return str(source)
