"""The cards of the Past (rulebook, Artifact Cards, Treasure Cards, Quest Cards, Bonus Cards, Battle
Cards, Prophecy Cards): artifacts.toml, treasure.toml, quests.toml, bonus.toml, battle.toml,
prophecies.toml.
"""

from __future__ import annotations

from dataclasses import dataclass

from .vocabulary import Effect


@dataclass(frozen=True, slots=True)
class Artifact:
    id: str
    level: int
    slot: str
    usage: str
    activation: int      # positive dice to pay, for usage "activation"
    name: str
    text: str
    effects: tuple[Effect, ...]
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class EnemyTalent:
    name: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class BattleCard:
    id: str
    level: int
    name: str
    speed: int
    defense: int
    strength: int
    bonus: int           # Enemy Bonus cards drawn before the Battle
    talent: EnemyTalent | None
    reward: tuple[Effect, ...]
    text: str
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class TreasureCard:
    id: str
    level: int
    name: str
    text: str
    on_0: tuple[Effect, ...]
    on_1_2: tuple[Effect, ...]
    on_3: tuple[Effect, ...]
    source: str

    def outcome(self, positives: int) -> tuple[Effect, ...]:
        return self.on_0 if positives <= 0 else self.on_3 if positives >= 3 else self.on_1_2


@dataclass(frozen=True, slots=True)
class BonusCard:
    id: str
    deck: str            # hero | enemy
    name: str
    text: str
    options: tuple[tuple[Effect, ...], ...]   # use one of them
    source: str


@dataclass(frozen=True, slots=True)
class QuestCard:
    id: str
    name: str
    text: str
    goal: str            # a QUEST_GOALS key
    n: int
    reward: tuple[Effect, ...]
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class Prophecy:
    id: str
    sign: int            # 1..5; 0 for the Tutorial
    name: str
    future: str
    tutorial: bool
    statistics: tuple[str, ...]
    story: str
    text: str
    source: str
    note: str
