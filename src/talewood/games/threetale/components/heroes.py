"""Hero Boards, Dice, Virtues' tiers, the Altar's Sacrifices and Scoring (rulebook, Basic Concepts:
Dice, Hero Boards, Virtues, Other Stats; Using Portals and Altars; Scoring): board.toml, dice.toml,
heroes.toml.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .symbols import VIRTUES
from .vocabulary import Effect

# -- the content's objects ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Tier:
    low: int
    high: int
    gives: int


@dataclass(frozen=True, slots=True)
class AltarExchange:
    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]
    source: str


@dataclass(frozen=True, slots=True)
class Scoring:
    virtue: int
    speed: int
    shevitsa: int
    artifact: tuple[int, int, int]
    sacred_stone: int
    spirit: int
    remaining_turn: int
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Guide:
    id: str
    name: str
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Board:
    """The Hero board's tracks and the rulebook's tables (board.toml)."""
    text: str
    virtue_min: int
    virtue_max: int
    spirit: int
    actions: int
    artifact_slots: tuple[str, ...]
    talent_costs: tuple[int, int, int]
    tiers: tuple[Tier, ...]
    altar: tuple[AltarExchange, ...]
    treasure_dice: int
    treasure_table: Mapping[int, tuple[str, str, str]]   # level -> outcome class for 0, 1-2, 3 positive
    scoring: Scoring
    guides: tuple[Guide, ...]
    source: str

    def tier(self, value: int) -> int:
        """What a Hope, Faith, Endeavor, Endurance or Mercy of `value` gives (0 to 3)."""
        for t in self.tiers:
            if t.low <= value <= t.high:
                return t.gives
        return self.tiers[-1].gives if value > self.tiers[-1].high else 0


@dataclass(frozen=True, slots=True)
class DieFace:
    face: int
    shows: str
    positive: bool


@dataclass(frozen=True, slots=True)
class Die:
    id: str
    name: str
    count: int
    faces: tuple[DieFace, ...]
    text: str
    source: str

    @property
    def positive_chance(self) -> float:
        return sum(f.positive for f in self.faces) / len(self.faces)


@dataclass(frozen=True, slots=True)
class Talent:
    id: str
    hero: str
    level: int
    name: str
    text: str
    effects: tuple[Effect, ...]
    source: str


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    name: str
    text: str
    virtues: tuple[int, int, int, int, int, int]   # in VIRTUES order
    speed: int
    spirit: int
    shevitsa: int
    talents: tuple[Talent, ...]
    source: str
    note: str

    def virtue(self, name: str) -> int:
        return self.virtues[VIRTUES.index(name)]
