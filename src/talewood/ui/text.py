"""Terminal drawing the games share (rich)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

# how a score sheet's row kinds read beside their label (engine/present.py)
KIND_MARK = {"count": "count", "tiebreak": "tie-breaker", "note": ""}


def score_table(sheet: Mapping[str, Any], names: Sequence[str], winners: Sequence[int],
                title: str = "Final scores") -> Group:
    """The end of the game (a `ScoreSheet.to_json()`): the verdict and its reason, what a team achieved,
    then a row per scoring item and a column per seat (the winners starred) — counts and tie-breakers
    marked as such, the totals in bold — and under the table what each row means (rows that share an
    explanation, such as a game's majorities, named together before it)."""
    table = Table(title=title, title_style="bold green")
    table.add_column("")
    for i, name in enumerate(names):
        table.add_column(name + (" ★" if i in winners else ""), justify="right")
    notes: dict[str, list[str]] = {}     # explanation -> the rows it explains, each said once
    for row in sheet["rows"]:
        mark = KIND_MARK.get(row["kind"], "")
        label = f"{row['label']} ({mark})" if mark else row["label"]
        table.add_row(label, *row["cells"], style="bold" if row["kind"] == "total" else None)
        if row.get("explain"):
            notes.setdefault(row["explain"], []).append(row["label"])
    verdict = str(sheet["verdict"]) + (f": {sheet['reason']}" if sheet.get("reason") else "") + "."
    parts: list[Any] = [Text(verdict, style="bold green")]
    if sheet.get("achieved"):
        parts.append(Text(str(sheet["achieved"])))
    parts.append(table)
    parts.extend(Text(f"{', '.join(labels)}: {explain}", style="dim") for explain, labels in notes.items())
    return Group(*parts)


def count(n: int, one: str, many: str | None = None) -> str:
    """`n` things in words: "1 Step", "2 Steps", "1 die", "3 dice"."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def pieces_from_svg(svg: str) -> list[tuple[str, str]]:
    """The readable pieces of a board drawing — every `data-info` text, once — as (name, whole text): the
    name is what comes before the text's first colon or full stop ("Blizzard", "Wish")."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for e in ET.fromstring(svg).iter():
        text = e.get("data-info")
        if text and text not in seen:
            seen.add(text)
            out.append((piece_name(text), text))
    return out


def piece_name(text: str) -> str:
    """A readable piece's name: its text up to the first colon, full stop or dash (at most 60 characters)."""
    name = re.split(r":|\. | — ", text, maxsplit=1)[0].strip()
    return name[:60]


def find_pieces(pieces: Sequence[tuple[str, str]], query: str) -> list[tuple[str, str]]:
    """The pieces `query` names: those whose name is it (any case), else those whose name or text holds
    every word of it."""
    q = query.strip().lower()
    exact = [p for p in pieces if p[0].lower() == q]
    if exact:
        return exact
    words = q.split()
    return [p for p in pieces if all(w in (p[0] + " " + p[1]).lower() for w in words)]
