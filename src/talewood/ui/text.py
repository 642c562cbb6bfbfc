"""Terminal drawing the games share (rich)."""

from __future__ import annotations

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
    marked as such, the totals in bold — and under the table what each row means."""
    table = Table(title=title, title_style="bold green")
    table.add_column("")
    for i, name in enumerate(names):
        table.add_column(name + (" ★" if i in winners else ""), justify="right")
    notes: list[str] = []
    for row in sheet["rows"]:
        mark = KIND_MARK.get(row["kind"], "")
        label = f"{row['label']} ({mark})" if mark else row["label"]
        table.add_row(label, *row["cells"], style="bold" if row["kind"] == "total" else None)
        if row.get("explain"):
            notes.append(f"{row['label']}: {row['explain']}")
    verdict = str(sheet["verdict"]) + (f": {sheet['reason']}" if sheet.get("reason") else "") + "."
    parts: list[Any] = [Text(verdict, style="bold green")]
    if sheet.get("achieved"):
        parts.append(Text(str(sheet["achieved"])))
    parts.append(table)
    parts.extend(Text(note, style="dim") for note in notes)
    return Group(*parts)


def count(n: int, one: str, many: str | None = None) -> str:
    """`n` things in words: "1 Step", "2 Steps", "1 die", "3 dice"."""
    return f"{n} {one if n == 1 else many or one + 's'}"
