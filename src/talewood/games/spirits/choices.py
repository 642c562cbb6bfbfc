"""How Spirits' choices show in a panel and a terminal (engine/present.py's Choice): "Place no gemstone",
"Collect no tile" and the like first; the forest's tiles by row and column (a terminal player types
"r3c4"); a Wish or Hex card, a favor token with its whole text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Choice
from .actions import FAVOR, FIREFLY, HEX, LIFT, PLUS, RESERVE, STOP, TAKE, WISH

if TYPE_CHECKING:
    from .state import SpiritsState

GROUPS = {TAKE: "Tiles to collect", RESERVE: "Gemstones", LIFT: "Your gemstones in the forest",
          FIREFLY: "Silver Fireflies", WISH: "Wish cards", HEX: "Hex cards", FAVOR: "Favor tokens in the box"}


def choice(s: SpiritsState, action: int) -> Choice:
    spec = s.game.action_space.spec(action)
    kind = spec.kind
    if kind == STOP:
        return Choice(first=True, code="none")
    if kind == PLUS:
        return Choice(group="Favor tokens", code="plus")
    c = s.c
    if kind in (TAKE, RESERVE, LIFT, FIREFLY):
        t = action % s.ids.tiles
        tile = c.tiles[t]
        place = s.tile_place[t]
        code = f"r{s.cfg.place_row[place] + 1}c{s.cfg.place_col[place] + 1}" if place >= 0 else ""
        if kind == FIREFLY:
            seat = s.stack[-1].seat
            code = f"t{s.tiles_of[seat].index(t) + 1}" if t in s.tiles_of[seat] else ""
        return Choice(group=GROUPS[kind], detail=tile.text(), code=code)
    if kind in (WISH, HEX):
        cards = c.wishes if kind == WISH else c.hexes
        card = next(x for x in cards if x.id == spec.param("card"))
        return Choice(group=GROUPS[kind], detail=card.text(), code=f"{kind[0]}{card.index + 1}")
    if kind == FAVOR:
        token = next(x for x in c.tokens if x.id == spec.param("token"))
        return Choice(group=GROUPS[kind], detail=token.text(), code=f"f{token.index + 1}")
    return Choice()
