"""A small SVG canvas: shapes, text, clickable action groups and readable-text groups.

An element a player may act on is a group with `data-action="<id>"` (the page sends that id); an
element with something to read (a card's text, a symbol's meaning) is a group with `data-info`,
shown by the page on hover or tap, and a `<title>` for a plain tooltip.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from xml.sax.saxutils import escape, quoteattr


def attr(value: object) -> str:
    """A quoted, escaped XML attribute value."""
    return quoteattr(str(value))


def esc(value: object) -> str:
    return escape(str(value))


class Canvas:
    """SVG parts in drawing order."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.acted: set[int] = set()       # the action ids given a clickable element

    def add(self, raw: str) -> None:
        self.parts.append(raw)

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", sw: float = 1,
             rx: float = 6, extra: str = "") -> None:
        self.add(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{sw}"{extra}/>')

    def circle(self, cx: float, cy: float, r: float, fill: str, stroke: str = "none", sw: float = 1,
               extra: str = "") -> None:
        self.add(f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{r:.0f}" fill="{fill}" stroke="{stroke}" '
                 f'stroke-width="{sw}"{extra}/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = "#555", sw: float = 1,
             extra: str = "") -> None:
        self.add(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{stroke}" '
                 f'stroke-width="{sw}"{extra}/>')

    def text(self, x: float, y: float, text: object, size: float = 12, fill: str = "#222", anchor: str = "start",
             weight: str = "normal", extra: str = "") -> None:
        self.add(f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}" '
                 f'font-weight="{weight}"{extra}>{esc(text)}</text>')

    @contextmanager
    def group(self, cls: str = "", action: dict[str, Any] | None = None, info: str | None = None,
              **data: object) -> Iterator[None]:
        """A group: clickable when `action` is given, readable (hover/tap) when `info` is."""
        classes = " ".join(c for c in (cls, "action" if action is not None else "", "info" if info else "") if c)
        attrs = f' class="{classes}"' if classes else ""
        if action is not None:
            attrs += f' data-action="{int(action["id"])}" role="button"'
            self.acted.add(int(action["id"]))
        if info:
            attrs += f" data-info={attr(info)}"
        for key, value in data.items():
            attrs += f" data-{key.replace('_', '-')}={attr(value)}"
        self.add(f"<g{attrs}>")
        title = " — ".join(t for t in (str(action["label"]) if action is not None else "", info or "") if t)
        if title:
            self.add(f"<title>{esc(title)}</title>")
        yield
        self.add("</g>")

    def svg(self, width: float, height: float, cls: str, font: str = "Georgia, serif") -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="board {cls}" viewBox="0 0 {width:.0f} {height:.0f}" '
                f'width="{width:.0f}" height="{height:.0f}" font-family="{font}">')
        return head + "".join(self.parts) + "</svg>"


def score_sheet(c: Canvas, x: float, y: float, width: float, sheet: Sequence[tuple[str, Sequence[str]]],
                names: Sequence[str], winners: Sequence[int], colours: Sequence[str]) -> float:
    """The end-of-game breakdown as a table (a row per scoring item, a column per seat); returns
    the y below it."""
    label_w = min(260.0, width * 0.34)
    col_w = (width - label_w) / max(1, len(names))
    row_h = 22
    with c.group("score-sheet"):
        c.rect(x, y, width, row_h * (len(sheet) + 1) + 8, "#fffaf0", "#b8860b", 1.5)
        for i, name in enumerate(names):
            star = " ★" if i in winners else ""
            c.text(x + label_w + col_w * (i + 0.5), y + 16, name + star, size=13, anchor="middle", weight="bold",
                   fill=colours[i % len(colours)])
        for r, (label, cells) in enumerate(sheet):
            ry = y + row_h * (r + 1)
            last = r == len(sheet) - 1
            if r % 2 == 0:
                c.rect(x + 2, ry + 3, width - 4, row_h, "#f6eedb", rx=2)
            c.text(x + 10, ry + 18, label, size=12, weight="bold" if last else "normal")
            for i, cell in enumerate(cells):
                c.text(x + label_w + col_w * (i + 0.5), ry + 18, cell, size=12, anchor="middle",
                       weight="bold" if last else "normal", extra=' class="score-cell"')
    return y + row_h * (len(sheet) + 1) + 12
