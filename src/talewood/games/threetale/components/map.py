"""Map, Tiles and Tokens (rulebook, Map, Tiles and Tokens): the tiles' 2x2 spaces, the permanent
features (Trees, Altars, Portals) and the tokens and Stones placed on them: tiles.toml, tokens.toml.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .vocabulary import Effect


@dataclass(frozen=True, slots=True)
class Geometry:
    text: str
    spaces: tuple[str, str, str, str]
    edges: Mapping[str, tuple[str, str]]
    edge_kind: str
    rotations: int
    flipped: tuple[str, str, str, str]
    source: str


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    name: str
    text: str
    spaces: tuple[str, str, str, str]   # NW, NE, SE, SW at rotation 0
    source: str
    note: str

    def count(self, kind: str) -> int:
        return self.spaces.count(kind)


@dataclass(frozen=True, slots=True)
class Feature:
    id: str
    name: str
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Token:
    id: str
    name: str
    kind: str            # token | cube
    colour: str          # for cubes
    count: int
    slot: str            # the space kind it is placed on when its tile is laid ("" = never on the Map)
    text: str
    claim: tuple[Effect, ...]
    source: str
    note: str
