"""The box: every component at once, at a difficulty (the tuning knobs of tuning.toml, none of them the
rulebook's), as `load_content` returns it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .cards import Artifact, BattleCard, BonusCard, Prophecy, QuestCard, TreasureCard
from .futures import Future
from .heroes import Board, Die, Hero
from .map import Feature, Geometry, Tile, Token
from .vocabulary import Effect, walk


@dataclass(frozen=True, slots=True)
class Knob:
    id: str
    kind: str            # value | delta | choice
    value: int | str
    easier: int | str
    harder: int | str
    low: int
    high: int
    choices: tuple[str, ...]
    stat: str
    decks: tuple[str, ...]
    text: str
    source: str

    def at(self, difficulty: str) -> int | str:
        return {"easier": self.easier, "normal": self.value, "harder": self.harder}[difficulty]


@dataclass(frozen=True, slots=True)
class Content:
    difficulty: str
    knobs: tuple[Knob, ...]
    settings: Mapping[str, int | str]     # each knob's value at this difficulty
    board: Board
    die: Die
    heroes: tuple[Hero, ...]
    geometry: Geometry
    tiles: tuple[Tile, ...]
    features: tuple[Feature, ...]
    tokens: tuple[Token, ...]
    artifacts: tuple[Artifact, ...]
    battles: tuple[BattleCard, ...]
    treasures: tuple[TreasureCard, ...]
    bonus: tuple[BonusCard, ...]
    quests: tuple[QuestCard, ...]
    prophecies: tuple[Prophecy, ...]
    futures: tuple[Future, ...]
    folder: Path | None = None         # a designer's copy it was read from (None: the package's)

    def hero(self, hero_id: str) -> Hero:
        return next(h for h in self.heroes if h.id == hero_id)

    def future(self, future_id: str) -> Future:
        return next(f for f in self.futures if f.id == future_id)

    def token(self, token_id: str) -> Token:
        return next(t for t in self.tokens if t.id == token_id)

    def artifacts_of(self, level: int) -> tuple[Artifact, ...]:
        return tuple(a for a in self.artifacts if a.level == level)

    def battles_of(self, level: int) -> tuple[BattleCard, ...]:
        return tuple(b for b in self.battles if b.level == level)

    def treasures_of(self, level: int) -> tuple[TreasureCard, ...]:
        return tuple(t for t in self.treasures if t.level == level)

    def bonus_deck(self, deck: str) -> tuple[BonusCard, ...]:
        return tuple(b for b in self.bonus if b.deck == deck)

    def every_effect(self) -> list[tuple[str, Effect]]:
        """Every effect of the content with the entry it belongs to, nested ones included."""
        out: list[tuple[str, tuple[Effect, ...]]] = [(x.id, x.effects) for x in self.board.altar]
        out += [(t.id, t.effects) for h in self.heroes for t in h.talents]
        out += [(t.id, t.claim) for t in self.tokens]
        out += [(a.id, a.effects) for a in self.artifacts]
        out += [(b.id, (*b.reward, *(b.talent.effects if b.talent else ()))) for b in self.battles]
        out += [(t.id, (*t.on_0, *t.on_1_2, *t.on_3)) for t in self.treasures]
        out += [(b.id, o) for b in self.bonus for o in b.options]
        out += [(q.id, q.reward) for q in self.quests]
        for f in self.futures:
            out += [(c.id, (*c.effects, *c.reward, *(c.talent.effects if c.talent else ()))) for c in f.cards]
            out += [(p.id, p.claim) for p in f.pieces]
            out += [(e.id, e.on_fail) for e in f.enemies]
        return [(owner, e) for owner, effects in out for e in walk(effects)]
