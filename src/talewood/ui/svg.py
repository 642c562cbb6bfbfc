"""A small SVG canvas: shapes, text, clickable action groups and readable-text groups.

An element a player may act on is a group with `data-action="<id>"` (the page sends that id); an
element with something to read (a card's text, a symbol's meaning) is a group with `data-info`,
shown by the page on hover or tap, and a `<title>` for a plain tooltip.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from xml.sax.saxutils import escape, quoteattr

GLYPH = 0.58   # an average glyph's width, in em, of the boards' fonts (a safe side for capitals)
# The smallest font size, in the board's own units, of any text a player reads. The page never shows a
# board smaller than 1:1 on a laptop, nor below it on a phone unless the player asks for the whole
# table, so text drawn at MIN_FONT or more is at least 12 CSS px wherever a player reads it.
MIN_FONT = 12


def wrap(text: str, width: float, size: float, lines: int = 1) -> list[str]:
    """`text` in at most `lines` lines, each at most `width` wide at font `size`. Words are kept whole;
    when the text does not fit, the last line ends in "…" (the full text belongs in the element's
    data-info, so nothing is lost)."""
    per_line = max(2, int(width / (size * GLYPH)))
    rows: list[str] = []
    line = ""
    for word in text.split():
        if len(word) > per_line:
            word = word[:per_line - 1] + "…"
        candidate = f"{line} {word}" if line else word
        if len(candidate) <= per_line:
            line = candidate
        else:
            rows.append(line)
            line = word
    if line:
        rows.append(line)
    if len(rows) > lines:
        last = rows[lines - 1]
        rows = rows[:lines]
        rows[-1] = (last if len(last) < per_line else last[:per_line - 1].rstrip()) + "…"
    return rows


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


def final_banner(c: Canvas, x: float, y: float, width: float, sheet: dict[str, Any] | None) -> float:
    """The end of the game on the board: the verdict and its reason (a team: what it achieved), in a
    `score-sheet` group. The score sheet itself — points, counts and tie-breakers, each explained — is
    the page's own table beside the board (web/game.js) and the terminal's (ui/text.py), so a seat never
    sees it twice. Returns the y below the banner."""
    if not sheet:
        return y
    lines = [str(sheet["verdict"])]
    if sheet.get("reason"):
        lines[0] += f": {sheet['reason']}"
    if sheet.get("achieved"):
        lines.append(str(sheet["achieved"]))
    wrapped = [w for line in lines for w in wrap(line, width - 24, MIN_FONT + 2, 3)]
    h = 16 + 22 * len(wrapped)
    with c.group("score-sheet"):
        c.rect(x, y, width, h, "#fffaf0", "#b8860b", 1.5)
        for k, line in enumerate(wrapped):
            c.text(x + 12, y + 26 + 22 * k, line, size=MIN_FONT + 2, weight="bold" if k == 0 else "normal",
                   fill="#7a5c00")
    return y + h + 12
