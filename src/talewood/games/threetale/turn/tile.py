"""The Past's tile (rulebook, Past Phase, steps 1-3; Map, Tiles and Tokens): a tile drawn, snapped to the
Map by a whole edge and rotated as the Hero chooses, its Stones and tokens laid on it, and the Hero's
first space on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import automatic, decision
from .. import rulings
from ..geometry import DX, DY, OFF, ROW
from ..tables import (
    ALTAR,
    OFFERING,
    TREE,
    WHITE,
)

if TYPE_CHECKING:
    from ..state import TTState


# -- steps 1-3: the tile -------------------------------------------------------------------------

def take_tile(s: TTState) -> int:
    """The next tile of the face-down stack (A-35: at random), else the bottom ones in order."""
    if s.tile_top:
        t = s.tile_top.pop(0)
    elif s.tile_stack:
        i = s.draw(len(s.tile_stack))
        t = s.tile_stack[i]
        s.tile_stack[i] = s.tile_stack[-1]
        s.tile_stack.pop()
    else:
        t = s.tile_bottom.pop(0)
    s.reveal()
    return t


@automatic
class DrawTile(NamedTuple):
    """Step 1: draw a tile (Foretold: two, and place one)."""

    seat: int

    def run(self, s: TTState) -> None:
        n = 1 + s.passive_sum(self.seat, "draw_more", deck="tile")
        s.drawn = [take_tile(s) for _ in range(min(n, s.tiles_left()))]
        if s.log is not None:
            tiles = " and ".join(s.tile_name(t) for t in s.drawn)
            s.emit("tile", f"{s.name(self.seat)} draws the {'tiles' if len(s.drawn) > 1 else 'tile'} {tiles}")
        if len(s.drawn) > 1:
            s.push(ChooseTile(self.seat))
        else:
            tile_chosen(s, self.seat, s.drawn[0])


def tile_chosen(s: TTState, seat: int, t: int) -> None:
    if s.placed:
        s.push(Snap(seat, t))
    else:
        s.push(Rotate(seat, t, 0, 0))


@decision
class ChooseTile(NamedTuple):
    """Foretold: place one of the two tiles drawn; the other goes to the bottom of the stack."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose the tile to place (the other goes to the bottom of the stack)"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.choose_tile + t for t in s.drawn)

    def apply(self, s: TTState, action: int) -> None:
        t = action - s.t.ids.choose_tile
        for other in s.drawn:
            if other != t:
                s.tile_bottom.append(other)
        s.drawn = [t]
        tile_chosen(s, self.seat, t)


def snap_actions(s: TTState) -> list[int]:
    """Every empty cell sharing an edge with the Map, as the action naming it by the lowest tile beside
    it and that tile's side (A-34), in order."""
    out: list[int] = []
    taken = set(s.cell_tile)            # the cells with a tile, then those named already
    add = taken.add
    base = s.t.ids.snap
    tile_x, tile_y = s.tile_x, s.tile_y
    for t in sorted(s.placed):
        k = (tile_x[t] + OFF) * ROW + tile_y[t] + OFF
        a = base + t * 4
        if k - 1 not in taken:              # north
            add(k - 1)
            out.append(a)
        if k + ROW not in taken:            # east
            add(k + ROW)
            out.append(a + 1)
        if k + 1 not in taken:              # south
            add(k + 1)
            out.append(a + 2)
        if k - ROW not in taken:            # west
            add(k - ROW)
            out.append(a + 3)
    return out


@decision
class Snap(NamedTuple):
    """Step 1: snap the new tile's whole edge to the Map."""

    seat: int
    tile: int

    def prompt(self, s: TTState) -> str:
        return f"choose where {s.tile_name(self.tile)} snaps to the Map"

    def legal(self, s: TTState) -> list[int]:
        return snap_actions(s)

    def apply(self, s: TTState, action: int) -> None:
        other = (action - s.t.ids.snap) // 4
        side = (action - s.t.ids.snap) % 4
        s.push(Rotate(self.seat, self.tile, s.tile_x[other] + DX[side], s.tile_y[other] + DY[side]))


@decision
class Rotate(NamedTuple):
    """Step 1: turn the tile as you choose; its orientation never changes afterwards."""

    seat: int
    tile: int
    x: int
    y: int

    def prompt(self, s: TTState) -> str:
        return f"choose how {s.tile_name(self.tile)} is turned"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.rotate
        return [base, base + 1, base + 2, base + 3]

    def apply(self, s: TTState, action: int) -> None:
        t = self.tile
        s.place_tile(t, self.x, self.y, action - s.t.ids.rotate)
        s.drawn = []
        lay_components(s, t)
        if s.log is not None:
            s.emit("place", f"{s.name(self.seat)} places {s.tile_name(t)}", tile=s.t.c.tiles[t].id)
        if s.pos[self.seat] < 0:
            s.push(StartSpace(self.seat, t))


def lay_components(s: TTState, t: int) -> None:
    """Step 3: the tile's Stones and tokens go on their slots; an Altar gets an Offering (L257)."""
    kinds = s.t.tile_kind[t]
    rot = s.tile_rot[t]
    for k in range(4):
        kind = kinds[(k - rot) & 3]
        if WHITE <= kind <= 12:
            s.token[t * 4 + k] = kind
        elif kind == ALTAR:
            s.token[t * 4 + k] = OFFERING


@decision
class StartSpace(NamedTuple):
    """Step 2 (first turn only): place your Hero on an empty space of the new tile."""

    seat: int
    tile: int

    def prompt(self, s: TTState) -> str:
        return f"choose the space of {s.tile_name(self.tile)} your Hero starts on"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.start_space
        t = self.tile
        out = [base + k for k in range(4) if s.kind(t * 4 + k) != TREE and s.hero_at(t * 4 + k) < 0
               and (rulings.START_SPACE_NOT_TREE_OR_HERO or s.token[t * 4 + k] < 0)]
        return out or [base + k for k in range(4) if s.kind(t * 4 + k) != TREE]

    def apply(self, s: TTState, action: int) -> None:
        s.pos[self.seat] = self.tile * 4 + action - s.t.ids.start_space
        if s.log is not None:
            s.emit("start", f"{s.name(self.seat)} starts on {s.space_name(s.pos[self.seat])}")
