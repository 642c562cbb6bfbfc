"""The Nine Rings of Creation and the Path of Initiation (Future Book, chapters 1 and 4, Time): a tile
flipped upside down at the end of each round; the 7th flip ends the tale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import decision
from .. import rulings
from .chapter import PATH, number
from .goal import clock_runs_out

if TYPE_CHECKING:
    from ..state import TTState


# -- the Nine Rings and the Path of Initiation: a flip at the end of each round --------------------------

def flip_candidates(s: TTState) -> list[int]:
    tiles = [t for t in sorted(s.placed) if not s.flipped[t] and t != s.figure >> 2]
    if not rulings.FLIP_MAY_HIT_A_HERO_IN_RINGS_AND_PATH:
        heroes = {s.pos[h] >> 2 for h in range(3)}
        tiles = [t for t in tiles if t not in heroes] or tiles
    if number(s) == PATH and s.figure >= 0:
        near = set(s.tile_neighbours(s.figure >> 2))
        far = [t for t in tiles if t not in near]
        if far:
            return far
    return tiles


@decision
class FlipTile(NamedTuple):
    """After all three Heroes' turns, the players flip one tile upside down (L401, L452)."""

    seat: int

    def prompt(self, s: TTState) -> str:
        f = s.t.c.futures[s.future]
        return f"choose a tile to flip upside down ({s.flips} of {f.clock.lose_at} flipped)"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.tile + t for t in flip_candidates(s)]

    def apply(self, s: TTState, action: int) -> None:
        t = action - s.t.ids.tile
        s.flip(t)
        s.flips += 1
        if s.log is not None:
            s.emit("flip", f"{s.tile_name(t)} is flipped upside down ({s.flips} flipped)")
        if s.flips >= s.t.c.futures[s.future].clock.lose_at:
            clock_runs_out(s, f"The {s.flips}th tile is flipped")
