"""The Trial of the Forest as SVG for the browser, drawn from one seat's view (view.py) only.

From the top: the board of the Ancient Forest (its spaces and lines, the location tiles, campsites,
tunnels, the three expedition areas, every adventurer), the encounter track with its cards whole, the
help spot, the decks, the legendary deed tokens and the tray; the seat's own character board (food,
skills, morality track, backpack, paw and tent tokens, its hand as cards, its story); the store with its
price symbols and the gallery; then every other adventurer. Every text is at least `MIN_FONT` units (the
page shows the board at 1:1 or larger, so at least 12 CSS px).

A legal choice is chosen where it happens: a space, a tile, a card, a store slot, an item in the
backpack (`data-action`); placing a paw token offers the seat's own paw tokens beside the place (the
strong one with its golden rim). Every card, item, tile, space and tent carries its whole text in
`data-info` (words.py), read on hover or tap.
"""

from __future__ import annotations

from typing import Any

from ...ui.svg import final_banner, wrap
from . import words
from .drawing import (
    GAP,
    GOLD,
    MY,
    SEAT_COLOURS,
    WIDTH,
    Drawing,
    S,
)
from .render_board import draw_board
from .render_cards import draw_now, draw_track
from .render_players import draw_seat
from .render_store import draw_discards, draw_store

__all__ = ["GOLD", "SEAT_COLOURS", "render_svg"]


def render_svg(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    t = Drawing(view, seat, actions)
    c = t.c
    day = words.day(view)
    c.text(14, 26, f"The Trial of the Forest — {day}", size=18, weight="bold", fill="#2f3b1f")
    if not view["over"]:
        for k, line in enumerate(wrap(view["prompt"], WIDTH - 28, 14, 1)):
            c.text(14, 50 + 18 * k, line, size=14)
    sheet = view.get("score_sheet")
    # the end: the verdict above the board (the score sheet is the page's own table)
    top = max(0, final_banner(c, 10, 40, WIDTH - 20, sheet) - MY) if sheet else 0
    if top:
        c.add(f'<g transform="translate(0 {top:.0f})">')
    draw_board(t)
    y = MY + view["board"]["height"] * S + GAP
    y = draw_track(t, y) + GAP
    if view.get("resolving") or view.get("fight"):
        y = draw_now(t, y) + GAP
    players = view["player_states"]
    if seat is not None:
        y = draw_seat(t, players[seat], y) + GAP
    y = draw_store(t, y) + GAP
    y = draw_discards(t, y)
    for p in players:
        if p["seat"] != seat:
            y = draw_seat(t, p, y) + GAP
    c.parts.extend(t.top.parts)
    if top:
        c.add("</g>")
        y += top
    c.parts.insert(0, f'<rect x="0" y="0" width="{WIDTH}" height="{y:.0f}" fill="#f4efe4"/>')
    return c.svg(WIDTH, y, "trial")
