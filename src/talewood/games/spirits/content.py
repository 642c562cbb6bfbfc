"""Spirits of the Forest content: tiles, favor tokens, Wish and Hex cards, Season tokens, layouts.

Loaded from content/*.toml into immutable objects and validated against the rules sheet's counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...engine.content import check_source, load_toml, require, where
from .layouts import Layout, load_layouts

GAME_ID = "spirits"
PACKAGE = "talewood.games.spirits"

SPIRITS: tuple[str, ...] = ("branches", "moss", "dew_drops", "mushrooms", "flowers", "web_spiders",
                            "fruits", "vines", "leaves", "air")
BASE_SPIRITS = 9  # the Air Spirit (index 9) is the Retail Expansion Pack's tenth spirit
AIR = 9
POWERS: tuple[str, ...] = ("fire", "moon", "sun")
SPIRIT_INDEX = {name: i for i, name in enumerate(SPIRITS)}
POWER_INDEX = {name: i for i, name in enumerate(POWERS)}
SPIRIT_NAMES = ("Branches", "Moss", "Dew Drops", "Mushrooms", "Flowers", "Web Spiders", "Fruits", "Vines",
                "Leaves", "Air Spirit")
POWER_NAMES = ("Fire", "Moon", "Sun")

TOKEN_KINDS = frozenset({"spirit", "power", "gemstone", "nature_point", "firefly"})
MODULES = frozenset({"seasons", "air_spirit", "fireflies"})


@dataclass(frozen=True)
class Tile:
    id: int
    symbols: tuple[int, ...]   # spirit indices, one or two
    power: int                 # power-source index, or -1
    air: bool                  # an Air Spirit tile (module air_spirit)
    source: str

    @property
    def is_double(self) -> bool:
        return len(self.symbols) == 2

    @property
    def spirit(self) -> int:
        """The spirit of a single-symbol tile (-1 for a double)."""
        return self.symbols[0] if len(self.symbols) == 1 else -1

    def name(self) -> str:
        text = "+".join(SPIRIT_NAMES[s] for s in self.symbols)
        return text + (f" ({POWER_NAMES[self.power]})" if self.power >= 0 else "")

    def text(self) -> str:
        """What the tile gives, in words."""
        spirits = " and ".join(f"a {SPIRIT_NAMES[s]} symbol" for s in self.symbols) if len(set(self.symbols)) > 1 \
            else (f"two {SPIRIT_NAMES[self.symbols[0]]} symbols" if self.is_double
                  else f"a {SPIRIT_NAMES[self.symbols[0]]} symbol")
        power = f", and a {POWER_NAMES[self.power]} power source" if self.power >= 0 else ""
        kind = "a double tile (taking it ends collecting)" if self.is_double else "a single tile"
        return f"{self.name()}: {spirits}{power}; {kind}."


@dataclass(frozen=True)
class FavorToken:
    index: int
    id: str
    kind: str
    spirit: int     # for kind "spirit"
    power: int      # for kind "power"
    module: str | None
    source: str

    def name(self) -> str:
        if self.kind == "spirit":
            return f"{SPIRIT_NAMES[self.spirit]} token"
        if self.kind == "power":
            return f"{POWER_NAMES[self.power]} token"
        return {"gemstone": '"+" gemstone token', "nature_point": "+1 nature point token",
                "firefly": "-1 Firefly token"}[self.kind]

    def text(self) -> str:
        """What the token does, in the rulebooks' words."""
        if self.kind == "spirit":
            return f"{self.name()}: counts as one {SPIRIT_NAMES[self.spirit]} symbol at the end of the game."
        if self.kind == "power":
            return f"{self.name()}: counts as one {POWER_NAMES[self.power]} power-source icon at the end of the game."
        return {
            "gemstone": f'{self.name()}: on any later turn of yours you may discard it to take back one of your '
                        f'gemstones lost to the box. Unused, it still counts as a favor token.',
            "nature_point": f"{self.name()}: 1 nature point at the end of the game.",
            "firefly": f"{self.name()}: when you take it, remove the Silver Firefly from one of your tiles.",
        }[self.kind]


@dataclass(frozen=True)
class Wish:
    index: int
    id: str
    request: str             # most_spirit | most_favor_tokens | most_gemstones | most_doubles
    spirit: int              # for most_spirit
    reward: str              # symbols | favor_token
    reward_symbols: tuple[int, ...]
    source: str

    def name(self) -> str:
        what = {"most_spirit": f"most {SPIRIT_NAMES[self.spirit]}", "most_favor_tokens": "most favor tokens",
                "most_gemstones": "most gemstones", "most_doubles": "most tiles with two spirit symbols"}
        gain = ("a favor token from the box" if self.reward == "favor_token"
                else " and ".join(SPIRIT_NAMES[s] for s in self.reward_symbols))
        return f"Wish: {what[self.request]} → {gain}"

    def text(self) -> str:
        what = {"most_spirit": f"the most {SPIRIT_NAMES[self.spirit]} (symbols and tokens)",
                "most_favor_tokens": "the most favor tokens", "most_gemstones": "the most gemstones",
                "most_doubles": "the most tiles with two spirit symbols"}[self.request]
        gain = ("take one favor token of your choice from those removed at setup" if self.reward == "favor_token"
                else "gain " + " and ".join(f"a {SPIRIT_NAMES[s]} symbol" for s in self.reward_symbols))
        return f"{self.name()}. At the end, before scoring: if you have {what} (ties count), {gain}."


@dataclass(frozen=True)
class Hex:
    index: int
    id: str
    request: str             # least_two_spirits | least_favor_tokens | least_power_icons
    spirits: tuple[int, ...]
    penalty: int
    source: str

    def name(self) -> str:
        what = {"least_two_spirits": "least " + " and ".join(SPIRIT_NAMES[s] for s in self.spirits),
                "least_favor_tokens": "least favor tokens", "least_power_icons": "least power-source icons"}
        return f"Hex: {what[self.request]} → -{self.penalty}"

    def text(self) -> str:
        what = {"least_two_spirits": "the least " + " and the least ".join(SPIRIT_NAMES[s] for s in self.spirits),
                "least_favor_tokens": "the least favor tokens",
                "least_power_icons": "the least power-source icons"}[self.request]
        return f"{self.name()}. After scoring: if you have {what} (ties count), lose {self.penalty} points."


@dataclass(frozen=True)
class Content:
    tiles: tuple[Tile, ...]
    tokens: tuple[FavorToken, ...]
    wishes: tuple[Wish, ...]
    hexes: tuple[Hex, ...]
    seasons: tuple[tuple[int, ...], ...]   # per season (Spring..Winter) its 4 tokens; DROP = -1
    layouts: dict[str, Layout]


DROP = -1
NO_SEASON = -2                  # a row without a season token (Seasons)


def _spirit(where: str, name: Any) -> int:
    require(name in SPIRIT_INDEX, f"{where}: unknown spirit {name!r}; valid: {', '.join(SPIRITS)}")
    return SPIRIT_INDEX[name]


def _tiles(folder: Path | None) -> tuple[Tile, ...]:
    data = load_toml(GAME_ID, PACKAGE, "tiles.toml", folder).get("tile", [])
    tiles = []
    for i, entry in enumerate(data):
        at = where(entry, f"tiles.toml tile {i}")
        require(entry.get("id") == i, f"{at}: ids must run 0, 1, 2 … in order")
        symbols = tuple(_spirit(at, s) for s in entry.get("symbols", ()))
        require(len(symbols) in (1, 2), f"{at}: a tile shows one or two spirit symbols")
        power = entry.get("power")
        require(power is None or power in POWER_INDEX, f"{at}: unknown power source {power!r}")
        require(not (power and len(symbols) == 2), f"{at}: no double tile carries a power source")
        module = entry.get("module")
        require(module in (None, "air_spirit"), f"{at}: unknown module {module!r}")
        air = module == "air_spirit"
        require(air == (AIR in symbols), f"{at}: Air Spirit symbols belong to Air Spirit tiles")
        tiles.append(Tile(i, symbols, POWER_INDEX[power] if power else -1, air, check_source(at, entry)))
    base = [t for t in tiles if not t.air]
    air_tiles = [t for t in tiles if t.air]
    require(len(base) == 48, f"tiles.toml: the base game has 48 tiles, not {len(base)}")
    require(sum(len(t.symbols) for t in base) == 65, "tiles.toml: the base tiles carry 65 spirit symbols")
    require(sum(t.power >= 0 for t in base) == 27, "tiles.toml: the base tiles carry 27 power-source icons")
    for p in range(3):
        require(sum(t.power == p for t in base) == 9, f"tiles.toml: 9 {POWERS[p]} icons in the base game")
    require(len(air_tiles) == 8, "tiles.toml: the Air Spirit module has 8 tiles")
    require(sum(t.is_double for t in air_tiles) == 5, "tiles.toml: 5 Air Spirit tiles carry the 5 fireflies")
    return tuple(tiles)


def _tokens(folder: Path | None) -> tuple[FavorToken, ...]:
    data = load_toml(GAME_ID, PACKAGE, "favor_tokens.toml", folder).get("token", [])
    tokens = []
    for i, entry in enumerate(data):
        at = where(entry, f"favor_tokens.toml token {entry.get('id', i)}")
        kind = entry.get("kind")
        require(kind in TOKEN_KINDS, f"{at}: unknown kind {kind!r}; valid: {sorted(TOKEN_KINDS)}")
        spirit = _spirit(at, entry["spirit"]) if kind == "spirit" else -1
        power = -1
        if kind == "power":
            require(entry.get("power") in POWER_INDEX, f"{at}: unknown power {entry.get('power')!r}")
            power = POWER_INDEX[entry["power"]]
        module = entry.get("module")
        require(module is None or module in MODULES, f"{at}: unknown module {module!r}")
        tokens.append(FavorToken(i, str(entry["id"]), kind, spirit, power, module, check_source(at, entry)))
    base = [t for t in tokens if t.module is None]
    require(len(base) == 14, f"favor_tokens.toml: the base game has 14 favor tokens, not {len(base)}")
    require(sum(t.kind == "spirit" for t in base) == 9 and sum(t.kind == "power" for t in base) == 3
            and sum(t.kind == "gemstone" for t in base) == 2,
            "favor_tokens.toml: 9 spirit, 3 power-source and 2 gemstone tokens in the base game")
    require(len({t.id for t in tokens}) == len(tokens), "favor_tokens.toml: token ids must be unique")
    return tuple(tokens)


def _wishes(folder: Path | None) -> tuple[Wish, ...]:
    data = load_toml(GAME_ID, PACKAGE, "wishes.toml", folder).get("wish", [])
    wishes = []
    for i, entry in enumerate(data):
        at = where(entry, f"wishes.toml wish {entry.get('id', i)}")
        request = entry.get("request")
        require(request in ("most_spirit", "most_favor_tokens", "most_gemstones", "most_doubles"),
                f"{at}: unknown request {request!r}")
        reward = entry.get("reward")
        require(reward in ("symbols", "favor_token"), f"{at}: unknown reward {reward!r}")
        symbols = tuple(_spirit(at, s) for s in entry.get("symbols", ()))
        require((reward == "symbols") == bool(symbols), f"{at}: a symbols reward lists its symbols")
        spirit = _spirit(at, entry.get("spirit")) if request == "most_spirit" else -1
        wishes.append(Wish(i, str(entry["id"]), request, spirit, reward, symbols, check_source(at, entry)))
    require(len(wishes) == 12, f"wishes.toml: the pack has 12 Wish cards, not {len(wishes)}")
    return tuple(wishes)


def _hexes(folder: Path | None) -> tuple[Hex, ...]:
    data = load_toml(GAME_ID, PACKAGE, "hexes.toml", folder).get("hex", [])
    hexes = []
    for i, entry in enumerate(data):
        at = where(entry, f"hexes.toml hex {entry.get('id', i)}")
        request = entry.get("request")
        require(request in ("least_two_spirits", "least_favor_tokens", "least_power_icons"),
                f"{at}: unknown request {request!r}")
        spirits = tuple(_spirit(at, s) for s in entry.get("spirits", ()))
        require((request == "least_two_spirits") == (len(spirits) == 2),
                f"{at}: a least_two_spirits hex names exactly two spirits")
        require(entry.get("penalty") == 6, f"{at}: the pack's only penalty is losing 6 nature points")
        hexes.append(Hex(i, str(entry["id"]), request, spirits, 6, check_source(at, entry)))
    require(len(hexes) == 8, f"hexes.toml: the pack has 8 Hex cards, not {len(hexes)}")
    return tuple(hexes)


def _seasons(folder: Path | None) -> tuple[tuple[int, ...], ...]:
    data = load_toml(GAME_ID, PACKAGE, "seasons.toml", folder).get("season", {})
    out = []
    for name in ("spring", "summer", "autumn", "winter"):
        require(name in data, f"seasons.toml: season {name} is missing")
        at = where(data[name], f"seasons.toml {name}")
        check_source(at, data[name])
        tokens = tuple(DROP if t == "drop" else int(t) for t in data[name]["tokens"])
        require(len(tokens) == 4 and tokens.count(DROP) == 1, f"{at}: 4 tokens, one with the drop symbol")
        out.append(tokens)
    return tuple(out)


@cache
def load_content(folder: Path | None = None) -> Content:
    """The validated content (cached: it is immutable and shared by every state); with `folder`, a
    designer's copy of content/ (a file it lacks comes from the package)."""
    return Content(_tiles(folder), _tokens(folder), _wishes(folder), _hexes(folder), _seasons(folder),
                   load_layouts(folder))
