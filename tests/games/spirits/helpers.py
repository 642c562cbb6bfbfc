"""Setting up Spirits positions for scenario tests: a forest of chosen tiles, hands, tokens."""

from __future__ import annotations

from talewood.games import load
from talewood.games.spirits.content import POWER_INDEX, SPIRIT_INDEX
from talewood.games.spirits.frames import Take
from talewood.games.spirits.state import SpiritsState

GAME = load("spirits")
C = GAME.content
IDS = GAME.ids


class Tiles:
    """Hands out distinct tile ids by description: tiles.get("moss", "moss"), tiles.get("fruits", power="fire")."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def get(self, *symbols: str, power: str | None = None) -> int:
        want = tuple(SPIRIT_INDEX[s] for s in symbols)
        p = POWER_INDEX[power] if power else -1
        for t in C.tiles:
            if t.id not in self.used and t.symbols == want and t.power == p:
                self.used.add(t.id)
                return t.id
        raise LookupError(f"no unused tile {symbols} {power}")


def token(token_id: str) -> int:
    return next(k.index for k in C.tokens if k.id == token_id)


def take(t: int) -> int:
    return IDS.take + t


def reserve(t: int) -> int:
    return IDS.reserve + t


def lift(t: int) -> int:
    return IDS.lift + t


def new_state(players: int = 2, seed: int = 0, **options: object) -> SpiritsState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, SpiritsState)
    return state


def set_forest(state: SpiritsState, rows: list[list[int | None]], tokens: dict[tuple[int, int], int] | None = None,
               seat: int = 0, first_turn: bool = False) -> SpiritsState:
    """Replace the forest with `rows` (tile ids; None leaves a place empty) and start `seat`'s turn."""
    cfg = state.cfg
    ntiles = len(C.tiles)
    state.place_tile = [-1] * (cfg.rows * cfg.cols)
    state.tile_place = [-1] * ntiles
    state.face_up = [True] * ntiles
    state.row_count = [0] * cfg.rows
    state.token_at = [-1] * (cfg.rows * cfg.cols)
    state.token_up = [False] * (cfg.rows * cfg.cols)
    state.gem_on = [-1] * ntiles
    for r, row in enumerate(rows):
        for c, t in enumerate(row):
            if t is not None:
                p = r * cfg.cols + c
                state.place_tile[p] = t
                state.tile_place[t] = p
                state.row_count[r] += 1
    state.exposed = []
    for p, t in enumerate(state.place_tile):
        if t >= 0:
            c = p % cfg.cols
            if c == 0 or state.place_tile[p - 1] < 0 or c == cfg.cols - 1 or state.place_tile[p + 1] < 0:
                state.exposed.append(t)
    state.free_up = [state.tile_place[t] >= 0 for t in range(ntiles)]
    for (r, c), k in (tokens or {}).items():
        state.token_at[r * cfg.cols + c] = k
    state.box = [k.index for k in C.tokens if k.module is None and k.index not in (tokens or {}).values()]
    start(state, seat, first_turn)
    return state


def start(state: SpiritsState, seat: int, first_turn: bool = False) -> None:
    state.stack = [Take(seat)]
    state.cur = seat
    state.took = 0
    state.first_turn = first_turn
    state.invalidate()


def give(state: SpiritsState, seat: int, *tiles: int) -> None:
    """Put tiles straight into a player's collection."""
    for t in tiles:
        state.tiles_of[seat].append(t)
        tile = C.tiles[t]
        for s in tile.symbols:
            state.sym[seat * 10 + s] += 1
        if tile.power >= 0:
            state.pw[seat * 3 + tile.power] += 1
