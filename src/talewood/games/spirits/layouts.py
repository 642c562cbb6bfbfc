"""Forest layouts: the base game's rows, the solo forest and the Forest Scenarios (content/layouts.toml).

A layout is a grid of places. Tiles touch only along their long sides, which face left and right, so
a tile can be collected while the place to its left or to its right is empty or off the grid.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine.content import check_source, load_toml, require
from ...engine.content import where as located
from .rulings import favor_token_columns

# A scenario grid cell is two characters: the place, then its favor token.
#   place: U face-up tile · D face-down tile · u / d the same, used only with the Air Spirit · . empty
#   token: . none · f a face-down favor token · F a face-up favor token
PLACE_CHARS = "UDud."
TOKEN_CHARS = ".fF"
SCENARIOS = ("standard", "forgotten-grove", "forbidden-forest", "enchanted-wildlands")
BASE_TILES = 48
AIR_TILES = 8
FAVOR_PLACES = 8


@dataclass(frozen=True)
class Place:
    row: int
    col: int
    face_up: bool
    token: str        # "" none, "down", "up"
    air_only: bool


@dataclass(frozen=True)
class Layout:
    id: str
    name: str
    rows: int
    cols: int
    places: tuple[Place, ...]
    source: str

    def places_for(self, air_spirit: bool) -> tuple[Place, ...]:
        return tuple(p for p in self.places if air_spirit or not p.air_only)


def rows_layout(cols: int) -> Layout:
    """The base game's forest: 4 face-up rows of `cols` tiles; favor tokens in the rules sheet's V."""
    places = []
    for row in range(4):
        token_cols = favor_token_columns(row, cols)
        for col in range(cols):
            places.append(Place(row, col, True, "down" if col in token_cols else "", False))
    return Layout("rows", "The forest: 4 rows", 4, cols, tuple(places), "reference")


def solo_layout() -> Layout:
    """Solo: 4 face-down rows of 12 with the first and last tile of each row turned up; no tokens."""
    places = [Place(r, c, c in (0, 11), "", False) for r in range(4) for c in range(12)]
    return Layout("solo", "The solo forest", 4, 12, tuple(places), "reference")


def parse_grid(where: str, text: str) -> tuple[int, int, tuple[Place, ...]]:
    """A scenario's grid; `where` names it in errors ("layouts.toml forest")."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    require(bool(lines), f"{where}: the grid is empty")
    cols = len(lines[0])
    places = []
    for r, cells in enumerate(lines):
        require(len(cells) == cols, f"{where}: row {r + 1} has {len(cells)} cells, not {cols}")
        for c, cell in enumerate(cells):
            require(len(cell) == 2 and cell[0] in PLACE_CHARS and cell[1] in TOKEN_CHARS,
                    f"{where}: row {r + 1} cell {c + 1} {cell!r} is not a place and a token mark")
            if cell[0] == ".":
                require(cell[1] == ".", f"{where}: row {r + 1} cell {c + 1}: a token needs a tile under it")
                continue
            token = {"f": "down", "F": "up", ".": ""}[cell[1]]
            places.append(Place(r, c, cell[0] in "Uu", token, cell[0] in "ud"))
    return len(lines), cols, tuple(places)


def load_layouts(folder: Path | None = None) -> dict[str, Layout]:
    data: dict[str, Any] = load_toml("spirits", "talewood.games.spirits", "layouts.toml", folder).get("layout", {})
    layouts = {}
    for layout_id in SCENARIOS:
        require(layout_id in data, f"layouts.toml: the scenario {layout_id} is missing")
        entry = data[layout_id]
        where = located(entry, f"layouts.toml {layout_id}")
        rows, cols, places = parse_grid(where, entry.get("grid", ""))
        base = [p for p in places if not p.air_only]
        require(len(base) == BASE_TILES, f"{where}: {len(base)} base tile places, need {BASE_TILES}")
        require(len(places) - len(base) == AIR_TILES, f"{where}: need {AIR_TILES} Air Spirit places")
        require(sum(bool(p.token) for p in base) == FAVOR_PLACES and all(not p.token for p in places
                                                                         if p.air_only),
                f"{where}: exactly {FAVOR_PLACES} favor-token places, all on base tile places")
        layouts[layout_id] = Layout(layout_id, str(entry.get("name", layout_id)), rows, cols, places,
                                    check_source(where, entry))
    return layouts
