"""The whole page, from the top: the chapter, the turn and the Battle, the Hero boards, the cards to
choose from, the Map, then the Prophecies (rulebook, Prophecy Cards) and the decks.
"""

from __future__ import annotations

from typing import Any

from .boards import _boards
from .choosing import to_choose
from .look import DASH_GAP, DASH_W, DECK_GROUPS, MUTED, PAD, Board, W, box, para, para_height
from .map import _map, map_width
from .top import _battle, _future, _header, _roll, _this_turn


def render_svg(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    b = Board(view, actions, seat)
    c = b.c
    body: list[str] = []
    c.parts = body
    width = max(W, map_width(b) + 2 * PAD)
    # the top: the chapter and the decision (or the end) in the first column, narrow enough for a phone;
    # the Future, the turn, the Battle or the roll under way beside it
    left = _header(b, PAD, DASH_W)
    rx = PAD + DASH_W + DASH_GAP
    rw = 2 * DASH_W + DASH_GAP
    y = _future(b, rx, PAD, rw)
    y = _this_turn(b, rx, y, rw)
    y = _battle(b, rx, y, rw)
    y = _roll(b, rx, y, rw)
    y = _boards(b, PAD, max(left, y))
    y = to_choose(b, PAD, y, width - 2 * PAD)
    y = _map(b, PAD, y, width - 2 * PAD)
    y = _prophecies(b, PAD, y, width - 2 * PAD)
    y = _decks(b, PAD, y, width - 2 * PAD)
    height = y + PAD
    c.parts = [f'<rect x="0" y="0" width="{width}" height="{height:.0f}" fill="#f4ecd8"/>', *body]
    return c.svg(width, height, "threetale")


# -- the Prophecies and the decks -------------------------------------------------------------------------
def _prophecies(b: Board, x: float, y: float, w: float) -> float:
    c = b.c
    props = b.view["prophecies"]
    if not props:
        return y
    c.text(x + 4, y + 16, "The Prophecies", size=14, weight="bold")
    y += 24
    cw = (w - 2 * DASH_GAP) / 3
    heights = [para_height(f"{p['sign']}. {p['name']}", cw - 20, 13) + para_height(p["text"], cw - 20)
               + para_height(p["story"], cw - 20) + 20 for p in props]
    hh = max(heights)
    for k, p in enumerate(props):
        cx = x + k * (cw + DASH_GAP)
        fulfilled = " (fulfilled: this is the Future)" if p["fulfilled"] else ""
        with c.group("prophecy", None, f"{p['text']}{fulfilled} {p['story']}"):
            box(c, cx, y, cw, hh, "#f7d774" if p["fulfilled"] else "#efe7d2", "#6b4f1d", 1.5 if p["fulfilled"] else 1)
            yy = para(c, cx + 10, y + 4, cw - 20, f"{p['sign']}. {p['name']}", 13, "bold")
            yy = para(c, cx + 10, yy, cw - 20, p["text"])
            para(c, cx + 10, yy + 4, cw - 20, p["story"], fill=MUTED)
    return y + hh + 10


def _decks(b: Board, x: float, y: float, w: float) -> float:
    decks = b.view["decks"]
    parts = []
    for name, pattern in DECK_GROUPS:
        counts = [decks.get(pattern.format(level), 0) for level in (1, 2, 3)]
        parts.append(f"{name} {counts[0]}, {counts[1]} and {counts[2]} (Levels 1, 2 and 3)")
    parts.append(f"Quest cards {decks.get('Quest cards', 0)}")
    parts.append(f"Bonus cards: the Heroes' {decks.get('Hero Bonus cards', 0)}, the enemies' "
                 f"{decks.get('Enemy Bonus cards', 0)}")
    return para(b.c, x + 4, y, w - 8, "Decks: " + "; ".join(parts) + ".", fill=MUTED) + 8
