"""Reading the Trial's content files: typed getters for one TOML entry, whose every fault names the file
and the entry, and the reader of one load (a designer's folder first), which parses terms against the
vocabulary with the references (items, artifacts, tiles) known so far.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from talewood.engine.content import check_source, load_toml, require

from .vocabulary import Cost, Term, parse_term

GAME_ID = "trial"
PACKAGE = "talewood.games.trial"


class Entry:
    """A raw TOML table with typed getters; every fault names `where` and unknown fields are refused."""

    def __init__(self, raw: object, where: str, allowed: Iterable[str]) -> None:
        require(isinstance(raw, dict), f"{where}: must be a table")
        assert isinstance(raw, dict)
        self.raw: dict[str, Any] = raw
        self.where = where
        unknown = sorted(set(raw) - set(allowed))
        require(not unknown, f"{where}: unknown field(s) {unknown}; known: {sorted(allowed)}")

    def text(self, key: str, default: str | None = None) -> str:
        value = self.raw.get(key, default)
        require(isinstance(value, str), f"{self.where}: field {key!r} must be text, not {value!r}")
        assert isinstance(value, str)
        return value

    def number(self, key: str, default: int | None = None, low: int = 0, high: int = 10_000) -> int:
        value = self.raw.get(key, default)
        require(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
                f"{self.where}: field {key!r} must be a whole number {low}..{high}, not {value!r}")
        assert isinstance(value, int)
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.raw.get(key, default)
        require(isinstance(value, bool), f"{self.where}: field {key!r} must be true or false, not {value!r}")
        return bool(value)

    def seq(self, key: str) -> list[Any]:
        value = self.raw.get(key, [])
        require(isinstance(value, list), f"{self.where}: field {key!r} must be a list, not {value!r}")
        assert isinstance(value, list)
        return value

    def words(self, key: str, allowed: Iterable[str]) -> tuple[str, ...]:
        allowed = tuple(allowed)
        out = []
        for value in self.seq(key):
            require(value in allowed, f"{self.where}: {key} entry {value!r} is not one of {list(allowed)}")
            out.append(str(value))
        return tuple(out)

    def choice(self, key: str, allowed: Iterable[str], default: str | None = None) -> str:
        allowed = tuple(allowed)
        value = self.text(key, default)
        require(value in allowed, f"{self.where}: {key} must be one of {list(allowed)}, not {value!r}")
        return value

    def source(self) -> str:
        return check_source(self.where, self.raw)

    def stated(self, fields: Iterable[str]) -> tuple[str, ...]:
        fields = tuple(fields)
        stated = self.words("stated", fields)
        require(not stated or self.raw.get("source") in ("rulebook", "inferred", "reference"),
                f"{self.where}: a designed entry states nothing from the rulebook (drop 'stated')")
        return stated


class Reader:
    """Reads the content files of one load (a designer's folder first) and parses terms with its references."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.refs: dict[str, frozenset[str]] = {}
        self.artifact_names: dict[str, str] = {}

    def file(self, filename: str) -> dict[str, Any]:
        return load_toml(GAME_ID, PACKAGE, filename, self.folder)

    def terms(self, entry: Entry, key: str, kind: str, context: str) -> tuple[Term, ...]:
        return tuple(parse_term(t, kind, context, f"{entry.where} {key}", self.refs) for t in entry.seq(key))

    def costs(self, entry: Entry, key: str, context: str) -> tuple[Cost, ...]:
        out = []
        for text in entry.seq(key):
            require(isinstance(text, str), f"{entry.where} {key}: a cost must be a string, not {text!r}")
            out.append(tuple(parse_term(alt, "cost", context, f"{entry.where} {key}", self.refs)
                             for alt in str(text).split("/")))
        return tuple(out)


def table_list(data: dict[str, Any], key: str, filename: str) -> list[Any]:
    value = data.get(key, [])
    require(isinstance(value, list), f"{filename}: [[{key}]] must be an array of tables")
    assert isinstance(value, list)
    return value


def unique(ids: Iterable[str], what: str) -> None:
    seen: set[str] = set()
    for i in ids:
        require(i not in seen, f"{what}: the id {i!r} is used twice")
        seen.add(i)


def entry_id(raw: object, filename: str, family: str, index: int) -> str:
    value = raw.get("id") if isinstance(raw, dict) else None
    require(isinstance(value, str) and value.replace("_", "").isalnum() and value == value.lower(),
            f"{filename} {family} #{index + 1}: id must be lower_snake_case text, not {value!r}")
    return str(value)
