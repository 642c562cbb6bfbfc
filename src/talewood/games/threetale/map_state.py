"""The Map as it lies (rulebook, Map, Tiles and Tokens; Future Book, flipped and removed tiles): a
space's neighbours and what it shows, tiles laid, lifted, flipped and turned back, the Heroes on it,
and distances along paths that avoid Trees.
"""

from __future__ import annotations

from . import rulings
from .geometry import (
    CELL_STEP,
    CORNER_DX,
    CORNER_DY,
    CORNER_KEYS,
    NO_NEIGHBOURS,
    OFF,
    OUTWARD,
    ROW,
    key,
)
from .state_fields import (
    TaleFields,
)
from .tables import (
    ALTAR,
    DARK,
    TREE,
)


class MapState(TaleFields):
    """The state's Map: its spaces, tiles and paths."""

    __slots__ = ()

    # -- the Map ------------------------------------------------------------------------------
    def xy(self, s: int) -> tuple[int, int]:
        t = s >> 2
        k = s & 3
        return 2 * self.tile_x[t] + CORNER_DX[k], 2 * self.tile_y[t] + CORNER_DY[k]

    def nb(self, s: int, d: int) -> int:
        """The space next to s (a space on the Map) in direction d (0-3 orthogonal, 4-7 diagonal), or -1."""
        return self.geo[s << 3 | d]

    def _link(self, t: int) -> None:
        """Renew `geo` around tile t, just laid or lifted: its spaces' neighbours, and theirs back."""
        old = self.geo
        geo = list(old)
        get = self.space_at.get
        k0 = 2 * (self.tile_x[t] * ROW + self.tile_y[t])
        on = self.on_map[t]
        for k in (0, 1, 2, 3):
            s = t * 4 + k
            s8 = s << 3
            if on:
                row = [get(k0 + offset, -1) for offset in CORNER_KEYS[k]]
                geo[s8: s8 + 8] = row
            else:
                row = list(old[s8: s8 + 8])
                geo[s8: s8 + 8] = NO_NEIGHBOURS
            for d, back in OUTWARD[k]:
                there = row[d]
                if there >= 0:
                    geo[there << 3 | back] = s if on else -1
        self.geo = tuple(geo)

    def kind(self, s: int) -> int:
        """What space s shows: its printed kind, or DARK on a flipped tile."""
        return self.kinds[s]

    def _paint(self, t: int) -> None:
        """Renew `kinds` for tile t, just laid, flipped or turned back."""
        kinds = list(self.kinds)
        if self.flipped[t]:
            kinds[t * 4: t * 4 + 4] = (DARK, DARK, DARK, DARK)
        else:
            printed = self.t.tile_kind[t]
            rot = self.tile_rot[t]
            kinds[t * 4: t * 4 + 4] = [printed[(k - rot) & 3] for k in range(4)]
        self.kinds = tuple(kinds)

    def printed(self, s: int) -> int:
        """What space s shows on its face, flipped or not."""
        t = s >> 2
        return self.t.tile_kind[t][((s & 3) - self.tile_rot[t]) & 3]

    def is_altar(self, s: int) -> bool:
        """An Altar that works: on its face, not under a Future figure (A-58)."""
        return self.kind(s) == ALTAR and s != self.figure

    def hero_at(self, s: int) -> int:
        pos = self.pos
        for seat in range(3):
            if pos[seat] == s:
                return seat
        return -1

    def others_at(self, s: int, seat: int) -> bool:
        pos = self.pos
        return (pos[0] == s and seat != 0) or (pos[1] == s and seat != 1) or (pos[2] == s and seat != 2)

    def adjacent8(self, a: int, b: int) -> bool:
        if a < 0 or b < 0:
            return False
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        return a != b and abs(ax - bx) <= 1 and abs(ay - by) <= 1

    def adjacent4(self, a: int, b: int) -> bool:
        if a < 0 or b < 0:
            return False
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        return abs(ax - bx) + abs(ay - by) == 1

    def tile_neighbours(self, t: int) -> list[int]:
        """The tiles sharing an edge with tile t."""
        k = (self.tile_x[t] + OFF) * ROW + self.tile_y[t] + OFF
        get = self.cell_tile.get
        return [o for o in (get(k - 1, -1), get(k + ROW, -1), get(k + 1, -1), get(k - ROW, -1)) if o >= 0]

    def borders(self, t: int) -> int:
        """How many tiles share an edge with tile t."""
        k = (self.tile_x[t] + OFF) * ROW + self.tile_y[t] + OFF
        cells = self.cell_tile
        return (k - 1 in cells) + (k + ROW in cells) + (k + 1 in cells) + (k - ROW in cells)

    def tiles_around(self, t: int) -> int:
        """How many of the 8 cells around tile t hold a tile."""
        k = (self.tile_x[t] + OFF) * ROW + self.tile_y[t] + OFF
        cells = self.cell_tile
        return sum(1 for step in CELL_STEP if k + step in cells)

    def place_tile(self, t: int, x: int, y: int, rot: int) -> None:
        self.tile_x[t] = x
        self.tile_y[t] = y
        self.tile_rot[t] = rot
        self.on_map[t] = True
        self.cell_tile[key(x, y)] = t
        for k in range(4):
            self.space_at[key(2 * x + CORNER_DX[k], 2 * y + CORNER_DY[k])] = t * 4 + k
        self.placed.append(t)
        self._link(t)
        self._paint(t)

    def lift_tile(self, t: int) -> None:
        """Take tile t off the Map (the Flood's removal, or the Crown's tile move); its objects go."""
        x, y = self.tile_x[t], self.tile_y[t]
        del self.cell_tile[key(x, y)]
        for k in range(4):
            del self.space_at[key(2 * x + CORNER_DX[k], 2 * y + CORNER_DY[k])]
            self.token[t * 4 + k] = -1
        self.on_map[t] = False
        self.placed.remove(t)
        self._link(t)

    def flip(self, t: int) -> None:
        """Turn tile t upside down: four plain dark spaces (A-43)."""
        self.flipped[t] = True
        self._paint(t)
        if rulings.FLIPPING_REMOVES_OBJECTS:
            for k in range(4):
                self.token[t * 4 + k] = -1

    def unflip(self, t: int) -> None:
        """Turn tile t face up again (a removed tile goes back to the box as it was printed)."""
        self.flipped[t] = False
        self._paint(t)

    def distance(self, a: int, b: int, limit: int = 6) -> int:
        """Spaces between two spaces along a path that avoids Trees (up to `limit`; farther: limit + 1)."""
        if a == b:
            return 0
        if a < 0 or b < 0:
            return limit + 1
        seen = {a}
        frontier = [a]
        for d in range(1, limit + 1):
            nxt = []
            for here in frontier:
                for n in range(4):
                    there = self.nb(here, n)
                    if there < 0 or there in seen:
                        continue
                    if there == b:
                        return d
                    if self.kind(there) == TREE:
                        continue
                    seen.add(there)
                    nxt.append(there)
            frontier = nxt
        return limit + 1
