"""Loading game content (TOML data files), from the package or from a user's own folder, and the small
language the games write their content's effects in: a vocabulary of keywords with typed parameters
(`Keyword`, `Param`) and the terms written with them ("keyword:param:param", `parse_term`), each error
naming the file, the entry and the term. The words themselves, and what they mean, stay in each game."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn

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


# -- the content's terms ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a keyword: a word from `words`, a whole number in low..high, or an id of `ref`;
    `default` when the term leaves it out (None: it must be given)."""

    name: str
    words: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    ref: str = ""
    default: str | int | None = None

    def describe(self) -> str:
        kinds = [", ".join(self.words)] if self.words else []
        if self.low is not None:
            kinds.append(f"{self.low}..{self.high}")
        if self.ref:
            kinds.append(f"an id from {self.ref}s")
        return " or ".join(kinds)


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword of a game's vocabulary and its parameters, in the order a term writes them."""

    keyword: str
    params: tuple[Param, ...] = ()
    meaning: str = ""

    def signature(self) -> str:
        return signature(self.keyword, self.params)


def signature(keyword: str, params: tuple[Param, ...]) -> str:
    """How a term of this keyword is written: "keyword:<param>:<param>"."""
    return ":".join([keyword, *(f"<{p.name}>" for p in params)])


def vocabulary(*keywords: Keyword) -> Mapping[str, Keyword]:
    """The keywords by name (each once)."""
    out = {k.keyword: k for k in keywords}
    assert len(out) == len(keywords), "a keyword is declared twice"
    return out


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def split_term(text: object, what: str, where: str) -> tuple[str, list[str]]:
    """A written term's keyword and its raw parameters ("gain:tea:2" -> "gain", ["tea", "2"])."""
    require(isinstance(text, str) and text != "", f"{where}: {_a(what)} must be a non-empty string, not {text!r}")
    assert isinstance(text, str)
    keyword, *raw = text.split(":")
    return keyword, raw


def unknown_keyword(what: str, keyword: object, text: object, known: Iterable[str], where: str) -> NoReturn:
    """The error for a keyword the vocabulary lacks, listing the known ones."""
    term = f" in {text!r}" if text != keyword else ""
    raise ContentError(f"{where}: unknown {what} keyword {keyword!r}{term}; known: {', '.join(known)}")


def one_of(value: object, words: tuple[str, ...], where: str) -> str:
    """`value`, which must be one of `words`."""
    require(value in words, f"{where}: must be one of {', '.join(words)}, not {value!r}")
    return str(value)


def term_args(params: tuple[Param, ...], shape: str, raw: list[str], text: str, where: str,
              refs: Mapping[str, frozenset[str]] | None = None) -> tuple[str | int, ...]:
    """A term's parameters checked against `params` (their number, then each one's words, range or
    ref), defaults filled in; `shape` is the keyword's signature, for the error."""
    required = sum(1 for p in params if p.default is None)
    require(required <= len(raw) <= len(params),
            f"{where}: {text!r} has {len(raw)} parameter(s); {shape} takes "
            f"{required if required == len(params) else f'{required} to {len(params)}'}")
    args: list[str | int] = []
    for i, param in enumerate(params):
        if i >= len(raw):
            assert param.default is not None
            args.append(param.default)
            continue
        value = raw[i]
        if param.ref:
            require(value in (refs or {}).get(param.ref, frozenset()),
                    f"{where}: {text!r}: {value!r} is not a known {param.ref} id")
            args.append(value)
        elif value.lstrip("-").isdigit() and param.low is not None:
            number = int(value)
            high = param.high if param.high is not None else param.low
            require(param.low <= number <= high,
                    f"{where}: {text!r}: {param.name} must be {param.describe()}, not {number}")
            args.append(number)
        else:
            require(value in param.words, f"{where}: {text!r}: {param.name} must be {param.describe()}, not {value!r}")
            args.append(value)
    return tuple(args)


def parse_term(text: object, words: Mapping[str, Keyword], what: str, where: str,
               refs: Mapping[str, frozenset[str]] | None = None) -> tuple[Keyword, tuple[str | int, ...]]:
    """One written term checked against a vocabulary: its keyword and its parameters."""
    name, raw = split_term(text, what, where)
    keyword = words.get(name)
    if keyword is None:
        unknown_keyword(what, name, text, sorted(words), where)
    assert isinstance(text, str)
    return keyword, term_args(keyword.params, keyword.signature(), raw, text, where, refs)
