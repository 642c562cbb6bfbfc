"""The Map's geometry (rulebook, Map, Tiles and Tokens): a tile is 2x2 spaces; tile t lies on cell
(x, y), its corner k (north-west, north-east, south-east, south-west as it lies) at (2x + dx, 2y + dy);
a cell is known by its `key`, and the spaces beside a corner, in the 8 directions, by offsets of it.
"""

from __future__ import annotations

CORNER_DX = (0, 1, 1, 0)
CORNER_DY = (0, 0, 1, 1)
DX = (0, 1, 0, -1, 1, 1, -1, -1)            # north, east, south, west, then the diagonals
DY = (-1, 0, 1, 0, -1, 1, 1, -1)
NEIGHBOURS8 = tuple(zip(DX, DY, strict=True))
CORNER_NAMES = ("north-west", "north-east", "south-east", "south-west")
OFF = 1 << 10
ROW = 4 * OFF             # key(x + 1, y) - key(x, y)
BASE = OFF * ROW + OFF    # key(0, 0)


def key(x: int, y: int) -> int:
    return (x + OFF) * ROW + (y + OFF)


# key of the point (2x + CORNER_DX[k] + DX[d], 2y + CORNER_DY[k] + DY[d]) less 2 * (x * ROW + y): the
# space beside corner k of the tile on cell (x, y), in direction d, at index k * 8 + d
NB_KEY = tuple(BASE + (CORNER_DX[k] + DX[d]) * ROW + CORNER_DY[k] + DY[d] for k in range(4) for d in range(8))
OPPOSITE = (2, 3, 0, 1, 6, 7, 4, 5)     # the direction back
CORNERS = tuple(zip(CORNER_DX, CORNER_DY, strict=True))
CORNER_KEYS = tuple(NB_KEY[k << 3: (k << 3) + 8] for k in range(4))
# from corner k, the directions that leave the tile, with the direction back: (d, OPPOSITE[d])
OUTWARD = tuple(tuple((d, OPPOSITE[d]) for d in range(8)
                      if (CORNER_DX[k] + DX[d], CORNER_DY[k] + DY[d]) not in CORNERS) for k in range(4))
NO_NEIGHBOURS = (-1,) * 8
# the cells around a cell, as key offsets (the 4 sharing an edge first)
CELL_STEP = tuple(dx * ROW + dy for dx, dy in NEIGHBOURS8)
