"""What a board drawing shows a player at the size the page opens it (docs/web.md, "Drawing a game's
table"): every text with a letter or a digit in it, outside an `aria-hidden` part, is drawn at the board's
`data-min-font` or larger — the page never shows the board smaller than MIN_FONT / min_font, so such text
is at least 12 CSS px. The browser test measures the same on the page; this one runs on every position a
game's unit tests reach, without a browser."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from talewood.ui.svg import MIN_FONT

SVG = "{http://www.w3.org/2000/svg}"
READABLE = re.compile(r"[^\W_]")


def small_texts(svg: str) -> list[str]:
    """The texts of `svg` drawn smaller than its declared smallest font (each with its size)."""
    root = ET.fromstring(svg)
    least = float(root.get("data-min-font") or MIN_FONT)
    out: list[str] = []

    def walk(e: ET.Element, size: float | None, hidden: bool) -> None:
        hidden = hidden or e.get("aria-hidden") == "true"
        if e.get("font-size"):
            size = float(str(e.get("font-size")))
        text = e.tag in (f"{SVG}text", f"{SVG}tspan") and not hidden and READABLE.search(e.text or "")
        if text and (size is None or size < least):
            out.append(f"{(e.text or '').strip()[:30]!r} at {size}")
        for child in e:
            walk(child, size, hidden)

    walk(root, None, False)
    return out
