"""Setting up Spirits positions for scenario tests: a forest of chosen tiles, hands, tokens."""

from __future__ import annotations

from pathlib import Path

from talewood.games import load
from talewood.games.spirits.content import POWER_INDEX, SPIRIT_INDEX
from talewood.games.spirits.scenario import SCHEMA
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
               seat: int = 0, first_turn: bool = False, reserved: dict[int, int] | None = None,
               lost: dict[int, int] | None = None) -> SpiritsState:
    """Replace the forest with `rows` (tile ids; None leaves a place empty), put gemstones on tiles
    (`reserved`: tile -> seat) and lose some (`lost`: seat -> count), and start `seat`'s turn
    (through the game's scenario settings: 0-based rows, columns and seats here, 1-based in scenarios)."""
    position: dict[str, object] = {
        "forest": [["" if t is None else t for t in row] for row in rows],
        "tokens": [{"row": r + 1, "col": c + 1, "token": C.tokens[k].id} for (r, c), k in (tokens or {}).items()],
        "gemstones": [{"lost": (lost or {}).get(p, 0)} for p in range(state.players)],
        "reserved": [{"tile": t, "seat": p + 1} for t, p in (reserved or {}).items()],
        "turn": {"seat": seat + 1, "first_turn": first_turn},
    }
    return SCHEMA.apply(state, position)


def start(state: SpiritsState, seat: int, first_turn: bool = False) -> None:
    SCHEMA.apply(state, {"turn": {"seat": seat + 1, "first_turn": first_turn}})


def give(state: SpiritsState, seat: int, *tiles: int) -> None:
    """Put tiles straight into a player's collection."""
    SCHEMA.apply(state, {"collections": [[] for _ in range(seat)] + [list(tiles)]})


SCENARIOS = Path(__file__).parent / "scenarios"


def scenario(name: str) -> SpiritsState:
    """A rulebook example's position, from scenarios/<name>.toml."""
    state = GAME.scenario((SCENARIOS / f"{name}.toml").read_text(encoding="utf-8"))
    assert isinstance(state, SpiritsState)
    return state
