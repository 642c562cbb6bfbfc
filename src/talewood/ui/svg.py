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

from .icons import ICONS, SIZE

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
        self.icons: set[str] = set()       # the icons drawn: each defined once, in the drawing's <defs>

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

    def svg(self, width: float, height: float, cls: str, font: str = "Georgia, serif",
            min_font: float = MIN_FONT) -> str:
        """The whole drawing. `min_font`: the smallest font size of any text a player reads in it; the page
        shows the board at MIN_FONT / min_font or larger, so that text is at least 12 CSS px."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="board {cls}" viewBox="0 0 {width:.0f} {height:.0f}" '
                f'width="{width:.0f}" height="{height:.0f}" font-family="{font}" data-min-font="{min_font:g}">')
        return head + self.defs() + "".join(self.parts) + "</svg>"

    def defs(self) -> str:
        """The icons drawn, each once as a <symbol> its uses point to."""
        if not self.icons:
            return ""
        return "<defs>" + "".join(f'<symbol id="icon-{name}" viewBox="0 0 {SIZE} {SIZE}">{ICONS[name]}</symbol>'
                                  for name in sorted(self.icons)) + "</defs>"


def final_banner(c: Canvas, x: float, y: float, width: float, sheet: dict[str, Any] | None, lines: int = 3) -> float:
    """The end of the game on the board: the verdict and its reason (a team: what it achieved), in a
    `score-sheet` group, each in at most `lines` lines (a narrow banner needs more). The score sheet itself
    — points, counts and tie-breakers, each explained — is the page's own table beside the board
    (web/game.js) and the terminal's (ui/text.py), so a seat never sees it twice. Returns the y below the
    banner."""
    if not sheet:
        return y
    texts = [str(sheet["verdict"])]
    if sheet.get("reason"):
        texts[0] += f": {sheet['reason']}"
    if sheet.get("achieved"):
        texts.append(str(sheet["achieved"]))
    wrapped = [w for text in texts for w in wrap(text, width - 24, MIN_FONT + 2, lines)]
    h = 16 + 22 * len(wrapped)
    with c.group("score-sheet"):
        c.rect(x, y, width, h, "#fffaf0", "#b8860b", 1.5)
        for k, line in enumerate(wrapped):
            c.text(x + 12, y + 26 + 22 * k, line, size=MIN_FONT + 2, weight="bold" if k == 0 else "normal",
                   fill="#7a5c00")
    return y + h + 12


# -- the pieces of a table, drawn alike in every game ----------------------------------------------
def icon(c: Canvas, name: str, x: float, y: float, size: float, colour: str = "#2f3b1f") -> None:
    """The game-icons.net icon `name` (ui/icons.py; make_icons.py adds one) in a `size` square at x, y: a use of
    its symbol, which the drawing defines once however often it is drawn."""
    if name not in ICONS:
        raise KeyError(f"no icon {name!r} in ui/icons.py: add it to make_icons.py's WANTED and run make icons")
    c.icons.add(name)
    c.add(f'<use class="icon" href="#icon-{name}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" '
          f'color="{colour}" aria-hidden="true"/>')


def resource(c: Canvas, name: str, count: object, x: float, y: float, info: str, colour: str = "#2f3b1f",
             size: float = MIN_FONT * 1.5) -> float:
    """A resource as its icon and its count ("◆ 3"), readable on hover or tap (`info`: what it is, in
    words: "Gemstones: 3 in hand"). Returns its width, so a row of them can follow one another."""
    text = str(count)
    width = size + 4 + text_width(text, size * 0.9)
    with c.group("resource", None, info):
        c.rect(x - 2, y - 2, width + 4, size + 4, "none", rx=4, extra=' pointer-events="all"')
        icon(c, name, x, y, size, colour)
        c.text(x + size + 4, y + size * 0.8, text, size=round(size * 0.9), fill=colour, weight="bold")
    return width + 8


def text_width(text: str, size: float) -> float:
    """About how wide `text` is at font `size` (GLYPH em a character)."""
    return len(text) * size * GLYPH


def card_height(text: str, width: float, size: float = MIN_FONT) -> float:
    """The height `card` needs to show `text` whole in a card `width` wide."""
    return 30 + int(size * 1.3) * len(wrap(text, width - 16, size, 99))


def card(c: Canvas, x: float, y: float, width: float, title: str, text: str, action: dict[str, Any] | None = None,
         fill: str = "#fffaf0", size: float = MIN_FONT, height: float | None = None, **data: object) -> float:
    """A card drawn as a card: its title, then its whole text wrapped in as many lines as it needs (never
    cut) — or, when `height` is given and the text does not fit, as many lines as fit, and the whole text
    on hover or tap (data-info). Clickable when `action` is given. Returns the card's height."""
    line_h = int(size * 1.3)
    lines = wrap(text, width - 16, size, 99)
    full = 30 + line_h * len(lines)
    h = full if height is None else height
    room = max(0, int((h - 30) // line_h))
    shown = lines if len(lines) <= room else wrap(text, width - 16, size, room)
    with c.group("card", action, f"{title}: {text}", **data):
        c.rect(x, y, width, h, fill, "#f5b700" if action is not None else "#8a7a55", 2 if action is not None else 1,
               rx=8)
        c.text(x + 8, y + size + 6, title, size=size + 1, weight="bold")
        for k, line in enumerate(shown):
            c.text(x + 8, y + 26 + size + line_h * k, line, size=size)
    return h


def track(c: Canvas, x: float, y: float, width: float, label: str, spaces: int, markers: dict[int, list[str]],
          info: str, first: int = 0, size: float = MIN_FONT, labels: Sequence[object] | None = None) -> float:
    """A track as a row of numbered spaces (`first` … `first + spaces - 1`) with the players' markers on
    them (`markers`: space -> the colours of the markers there), its label before it, its meaning on hover
    or tap. `labels`: what each space shows instead of its number (a morality track's fame). Returns its
    height."""
    label_w = text_width(label, size) + 10
    cell = max(size * 1.8, (width - label_w) / max(1, spaces))
    h = size * 1.8 + 10
    with c.group("track", None, info):
        c.text(x, y + size * 1.3, label, size=size, weight="bold")
        for k in range(spaces):
            cx = x + label_w + k * cell
            c.rect(cx, y, cell - 2, size * 1.8, "#f6eedb", "#b8a77a", 1, rx=3)
            c.text(cx + (cell - 2) / 2, y + size * 1.3, first + k if labels is None else labels[k], size=size,
                   anchor="middle", fill="#6b6b5e")
            for m, colour in enumerate(markers.get(first + k, [])):
                c.circle(cx + 5 + m * 7, y + size * 1.8 + 3, 4, colour, "#fff", 1)
    return h
