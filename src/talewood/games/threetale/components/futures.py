"""A Future's chapter (Future Book): its decks and cards, its pieces (figures, tokens, cubes, standees),
its enemies, the Sacred Stone's uses, its goal, its clock and its enemy turn: future_*.toml.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .cards import EnemyTalent
from .vocabulary import Effect


@dataclass(frozen=True, slots=True)
class Reflection:
    """A Reflector of Darkness's stats relative to the Hero who drew it (path_of_initiation)."""
    speed: int
    defense_per_love: int
    defense_add: int
    defense_min: int
    strength_divisor: int
    strength_add: int
    strength_min: int
    fixed: tuple[int, int, int]

    def stats(self, hero_speed: int, love: int) -> tuple[int, int, int]:
        """(Speed, Defense, Strength) of the reflection of a Hero with this Speed and Love."""
        defense = max(self.defense_min, love * self.defense_per_love + self.defense_add, 1)
        strength = max(self.strength_min, math.ceil(love / self.strength_divisor) + self.strength_add, 0)
        return max(0, hero_speed + self.speed), defense, strength


@dataclass(frozen=True, slots=True)
class FutureDeck:
    id: str
    future: str
    name: str
    back: str
    text: str
    deal: int            # cards dealt into the deck at setup; 0 = all of them
    reflection: Reflection | None   # for the Reflector decks in "relative" mode
    source: str


@dataclass(frozen=True, slots=True)
class FutureCard:
    id: str
    deck: str
    name: str
    kind: str            # aiding | conditional | hostile | special
    text: str
    effects: tuple[Effect, ...]     # aiding, conditional and special cards
    speed: int           # hostile cards (0 when a reflection gives them)
    defense: int
    strength: int
    bonus: int
    talent: EnemyTalent | None
    reward: tuple[Effect, ...]
    reflection: Reflection | None
    source: str


@dataclass(frozen=True, slots=True)
class Piece:
    id: str
    name: str
    kind: str            # figure | token | cube | card | standee
    object: str          # aiding | conditional | hostile | mixed | special
    count: int
    colour: str          # "white" for pieces that are the base box's white cubes
    replaces: tuple[str, ...]   # slot kinds it goes on at the Future's setup
    place: str           # for figures: where it is set up
    neighbours: int      # for figures: tiles its tile must touch (8 = all around, diagonals included)
    supply: str          # ring | wow | seed: a supply of that counter
    value: int           # what one piece of a supply is worth
    claim: tuple[Effect, ...]
    text: str
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class Enemy:
    id: str
    name: str
    count: int
    speed: int
    defense: int
    strength: int        # 0: it never rolls
    move: int
    rounds: int          # 1: each attack is one exchange (Future Book, Battle)
    keeps_damage: bool
    attack_from: str     # adjacent8: any of the 8 spaces around it
    on_fail: tuple[Effect, ...]   # what a Hero suffers for not defeating it in an attack
    text: str
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class StoneUse:
    use: str             # strike | prevent_removal | spare_hero
    n: int
    against: tuple[str, ...]   # deck or enemy ids a strike may hit
    text: str


@dataclass(frozen=True, slots=True)
class Goal:
    kind: str            # gather | survive | defeat
    token: str = ""      # what each Hero (per_hero) or the team (team) collects
    per_hero: int = 0
    team: int = 0
    one_per_level: bool = False
    at: str = ""         # the figure to gather at
    around: str = ""     # spaces: the 8 spaces around it; tiles: the tiles next to its tile
    enemy: str = ""


@dataclass(frozen=True, slots=True)
class Clock:
    kind: str            # flips | removals | unturned | tentacles
    when: str = ""
    lose_at: int = 0
    extra_on: str = ""
    border_order: tuple[int, ...] = ()
    lose_at_tiles: int = 0
    hero_flips: int = 0
    win_at_unturned: int = 0
    deck: str = ""


@dataclass(frozen=True, slots=True)
class EnemyTurn:
    kind: str            # tree | vicinator
    first: bool = True
    flips: int = 0
    damage_per_pv: int = 0
    viruses: int = 0
    virus_damage: int = 0


@dataclass(frozen=True, slots=True)
class Future:
    id: str
    number: int
    name: str
    reward: int
    text: str
    goal: Goal
    clock: Clock
    enemy_turn: EnemyTurn | None
    sacred_stone: tuple[StoneUse, ...]
    pieces: tuple[Piece, ...]
    decks: tuple[FutureDeck, ...]
    cards: tuple[FutureCard, ...]
    enemies: tuple[Enemy, ...]
    source: str

    def deck_cards(self, deck: str) -> tuple[FutureCard, ...]:
        return tuple(c for c in self.cards if c.deck == deck)

    def piece(self, piece_id: str) -> Piece:
        return next(p for p in self.pieces if p.id == piece_id)
