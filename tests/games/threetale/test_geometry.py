"""The Map's neighbours and what each space shows (`TTState.geo` and `kinds`, renewed when a tile is
laid, lifted or flipped) agree with the tiles' coordinates, turns and sides after every step, through
the Past and the Futures that move, remove and flip tiles."""

from __future__ import annotations

import pytest

from talewood.engine import Rng
from talewood.games.threetale.geometry import CORNER_DX, CORNER_DY, DX, DY, key
from talewood.games.threetale.state import TTState
from talewood.games.threetale.tables import DARK

from .helpers import GAME, random_steps


def neighbours_by_coordinates(s: TTState, space: int) -> list[int]:
    t, k = space >> 2, space & 3
    x, y = 2 * s.tile_x[t] + CORNER_DX[k], 2 * s.tile_y[t] + CORNER_DY[k]
    return [s.space_at.get(key(x + DX[d], y + DY[d]), -1) for d in range(8)]


def check_geometry(s: TTState) -> None:
    for t in range(len(s.on_map)):
        for k in range(4):
            space = t * 4 + k
            assert s.kind(space) == (DARK if s.flipped[t] else s.t.tile_kind[t][(k - s.tile_rot[t]) & 3])
            found = [s.nb(space, d) for d in range(8)]
            if s.on_map[t]:
                assert found == neighbours_by_coordinates(s, space), f"space {space}"
            else:
                assert found == [-1] * 8, f"space {space} of a tile off the Map"


@pytest.mark.parametrize("future", ["information_flood", "crown_of_evil", "parallel_land", "nine_rings"])
def test_neighbours_follow_every_tile_laid_moved_or_removed(future: str) -> None:
    for seed in range(2):
        for s in random_steps(GAME.new_game(3, seed, {"future": future}, tracked=False), Rng(seed)):
            check_geometry(s)
            clone = s.clone()
            assert clone.geo is s.geo and clone.kinds is s.kinds


def test_a_scenarios_tiles_have_their_neighbours() -> None:
    from .helpers import SCENARIOS, from_toml

    for path in sorted(SCENARIOS.glob("*.toml"))[:6]:
        check_geometry(from_toml(path.stem))
