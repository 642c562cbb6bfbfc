"""Terminal drawing the games share (rich)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table


def score_table(sheet: Sequence[tuple[str, Sequence[str]]], names: Sequence[str], winners: Sequence[int],
                title: str = "Final scores") -> Table:
    """The end-of-game breakdown: a row per scoring item, a column per seat, the winners starred."""
    table = Table(title=title, title_style="bold green")
    table.add_column("")
    for i, name in enumerate(names):
        table.add_column(name + (" ★" if i in winners else ""), justify="right")
    for r, (label, cells) in enumerate(sheet):
        style = "bold" if r == len(sheet) - 1 else None
        table.add_row(label, *cells, style=style)
    return table


def count(n: int, one: str, many: str | None = None) -> str:
    """`n` things in words: "1 Step", "2 Steps", "1 die", "3 dice"."""
    return f"{n} {one if n == 1 else many or one + 's'}"
