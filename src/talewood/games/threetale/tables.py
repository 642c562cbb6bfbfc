"""What the rules look up, built once per content and shared by every state (never copied).

Decks are numbered (the Past's first, then every Future deck); cards are numbered within their
family (Artifacts, Battle cards, …, every Future card in one list); effect lists are interned so
that a decision frame can name one by an integer and stay JSON-safe.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ...engine import ActionSpace
from .actions import Ids, build_action_space
from .components.box import Content
from .components.cards import Artifact, BattleCard, BonusCard
from .components.futures import FutureCard, FutureDeck, Piece
from .components.heroes import Talent
from .components.symbols import SPACE_KINDS, VIRTUES
from .components.vocabulary import Effect, walk

SEAT_NOUN = "Hero"   # the seats are the Heroes: people see Hero 1, Hero 2, Hero 3 (the lobby too)

# a space's printed kind (content.SPACE_KINDS order) and the dark side of a flipped tile
TREE, ALTAR, PORTAL, WHITE, RED, BLACK = 0, 1, 2, 3, 4, 5
BATTLE1, BATTLE2, BATTLE3, TREASURE1, TREASURE2, TREASURE3, QUEST, EMPTY = 6, 7, 8, 9, 10, 11, 12, 13
DARK = 15
assert SPACE_KINDS[QUEST] == "quest" and SPACE_KINDS[EMPTY] == "empty"
# a token on the Map: a Past slot's piece has its slot's code (WHITE..QUEST); then these
OFFERING = 14
FUTURE_PIECE = 20            # + the piece's index in Tables.pieces

# the decks, numbered
ART1, ART2, ART3, BAT1, BAT2, BAT3, TRE1, TRE2, TRE3, QUESTS, HERO_BONUS, ENEMY_BONUS = range(12)
FUTURE_DECK = 12             # + the deck's index in Tables.fdecks
PAST_DECK_NAMES = {"battle1": BAT1, "battle2": BAT2, "battle3": BAT3, "treasure1": TRE1, "treasure2": TRE2,
                   "treasure3": TRE3, "quest": QUESTS}
LOVE, HOPE, FAITH, ENDEAVOR, ENDURANCE, MERCY = range(6)
VIRTUE_NAMES = tuple(v.capitalize() for v in VIRTUES)
SLOT_NAMES = ("head", "hands", "feet")


@dataclass(frozen=True)
class Profile:
    """What a Hero's developed Talents and slotted passive Artifacts add up to (built once for each
    combination and shared): the effects, and the sums the hot path asks for."""

    effects: tuple[Effect, ...]
    speed_bonus: int
    extra_actions: int
    tiers: tuple[int, int, int, int, int, int]      # bands added to each Virtue
    trees: bool
    flipped: int                                     # Steps to enter a flipped tile's space (0: the rule's)
    portal: int                                      # Steps to enter a Portal (-1: the rule's)
    diagonal: bool
    dos: frozenset[str]                              # the keywords of the effects


def make_profile(effects: tuple[Effect, ...]) -> Profile:
    tiers = [0] * 6
    flipped = 0
    portal = -1
    for e in effects:
        if e.do == "tier":
            tiers[VIRTUES.index(e.virtue)] += e.n
        elif e.do == "move_cost" and e.duration == "always":
            if e.terrain == "flipped":
                flipped = e.n if not flipped else min(flipped, e.n)
            else:
                portal = e.n if portal < 0 else min(portal, e.n)
    return Profile(effects, sum(e.n for e in effects if e.do == "speed_bonus"),
                   sum(e.n for e in effects if e.do == "extra_actions"),
                   (tiers[0], tiers[1], tiers[2], tiers[3], tiers[4], tiers[5]),
                   any(e.do == "pass_trees" and e.duration == "always" for e in effects), flipped, portal,
                   any(e.do == "diagonal_step" for e in effects), frozenset(e.do for e in effects))


@dataclass
class Tables:
    c: Content
    space: ActionSpace
    ids: Ids
    tile_kind: tuple[tuple[int, int, int, int], ...]          # per tile: its printed corners' kinds
    talents: tuple[Talent, ...]                               # hero h's talents are h*6 .. h*6+5
    talent_hero: tuple[int, ...]
    artifacts: tuple[Artifact, ...]
    art_slot: tuple[int, ...]
    battles: tuple[BattleCard, ...]
    hero_bonus: tuple[BonusCard, ...]
    enemy_bonus: tuple[BonusCard, ...]
    fdecks: tuple[FutureDeck, ...]
    fdeck_index: dict[str, int]
    fcards: tuple[FutureCard, ...]
    fcard_deck: tuple[int, ...]                               # the deck number of each Future card
    pieces: tuple[Piece, ...]
    piece_future: tuple[int, ...]
    tier: tuple[int, ...]                                     # the band table for 0..13
    dice: list[tuple[tuple[int, float], ...]] = field(default_factory=list)
    fx: list[tuple[Effect, ...]] = field(default_factory=list)
    fx_id: dict[tuple[Effect, ...], int] = field(default_factory=dict)
    fx_ref: dict[int, int] = field(default_factory=dict)   # id() of each list kept in fx -> its id
    deck_cards: list[tuple[int, ...]] = field(default_factory=list)   # every card of each deck
    positive: float = 0.5
    slot_claim: dict[int, int] = field(default_factory=dict)      # a Past token -> its claim's effects
    token_name: dict[int, str] = field(default_factory=dict)
    altar_rate: dict[int, int] = field(default_factory=dict)      # Artifact level -> Shevitsa
    virtue_names: tuple[str, ...] = VIRTUE_NAMES
    profiles: dict[tuple[int, ...], Profile] = field(default_factory=dict)
    outlooks: dict[tuple[Any, ...], float] = field(default_factory=dict)   # heuristics.battle_token_value's memo
    walks: dict[tuple[Any, ...], tuple[Any, Any, Any]] = field(default_factory=dict)   # walk_to's, reach's memo
    actions: int = 0                                              # a Hero's Actions a turn, before Endeavor
    tile_portals: tuple[tuple[int, ...], ...] = ()                # per tile: its printed corners that are Portals
    no_map: tuple[int, ...] = ()                                  # TTState.geo before any tile is laid
    printed: tuple[int, ...] = ()                                 # TTState.kinds before: every tile face up, unturned

    def profile(self, key: tuple[int, ...]) -> Profile:
        """The Profile of three Talents and three slotted Artifacts (-1: none), computed once."""
        found = self.profiles.get(key)
        if found is None:
            effects: list[Effect] = []
            for ti in key[:3]:
                if ti >= 0:
                    effects.extend(self.talents[ti].effects)
            for a in key[3:]:
                if a >= 0 and self.artifacts[a].usage == "passive":
                    effects.extend(self.artifacts[a].effects)
            found = self.profiles[key] = make_profile(tuple(effects))
        return found

    def intern(self, effects: tuple[Effect, ...]) -> int:
        """The id of an effect list (and of every list nested in it)."""
        found = self.fx_ref.get(id(effects))      # the very list kept in fx (alive there, so its id is its own)
        if found is not None:
            return found
        found = self.fx_id.get(effects)
        if found is not None:
            return found
        self.fx_id[effects] = len(self.fx)
        self.fx_ref[id(effects)] = len(self.fx)
        self.fx.append(effects)
        for e in effects:
            for sub in (e.then, e.otherwise, *e.options):
                self.intern(sub)
        return self.fx_id[effects]

    def roll_odds(self, n: int) -> tuple[tuple[int, float], ...]:
        """(positive dice, probability) for a roll of n dice."""
        while len(self.dice) <= n:
            m = len(self.dice)
            p = self.positive
            self.dice.append(tuple((k, math.comb(m, k) * p ** k * (1 - p) ** (m - k)) for k in range(m + 1)))
        return self.dice[n]


def build_tables(c: Content) -> Tables:
    fdecks = tuple(d for f in c.futures for d in f.decks)
    fdeck_index = {d.id: i for i, d in enumerate(fdecks)}
    fcards = tuple(card for f in c.futures for card in f.cards)
    space, ids = build_action_space(c, len(fdecks), len(fcards))
    kinds = {k: i for i, k in enumerate(SPACE_KINDS)}
    tile_kind = tuple((kinds[t.spaces[0]], kinds[t.spaces[1]], kinds[t.spaces[2]], kinds[t.spaces[3]])
                      for t in c.tiles)
    talents = tuple(t for h in c.heroes for t in h.talents)
    pieces = tuple(p for f in c.futures for p in f.pieces)
    piece_future = tuple(i for i, f in enumerate(c.futures) for _ in f.pieces)
    top = c.board.virtue_max
    t = Tables(
        c=c, space=space, ids=ids, tile_kind=tile_kind, talents=talents,
        talent_hero=tuple(h for h, hero in enumerate(c.heroes) for _ in hero.talents),
        artifacts=c.artifacts, art_slot=tuple(SLOT_NAMES.index(a.slot) for a in c.artifacts),
        battles=c.battles, hero_bonus=c.bonus_deck("hero"), enemy_bonus=c.bonus_deck("enemy"),
        fdecks=fdecks, fdeck_index=fdeck_index, fcards=fcards,
        fcard_deck=tuple(FUTURE_DECK + fdeck_index[card.deck] for card in fcards),
        pieces=pieces, piece_future=piece_future,
        tier=tuple(c.board.tier(v) for v in range(top + 1)),
        positive=c.die.positive_chance, actions=c.board.actions,
    )
    t.no_map = (-1,) * (32 * len(c.tiles))
    t.printed = tuple(kind for kinds in tile_kind for kind in kinds)
    t.tile_portals = tuple(tuple(k for k in range(4) if kinds[k] == PORTAL) for kinds in tile_kind)
    t.deck_cards = [
        *(tuple(i for i, a in enumerate(c.artifacts) if a.level == lv) for lv in (1, 2, 3)),
        *(tuple(i for i, b in enumerate(c.battles) if b.level == lv) for lv in (1, 2, 3)),
        *(tuple(i for i, x in enumerate(c.treasures) if x.level == lv) for lv in (1, 2, 3)),
        tuple(range(len(c.quests))), tuple(range(len(t.hero_bonus))), tuple(range(len(t.enemy_bonus))),
        *(tuple(i for i, card in enumerate(fcards) if card.deck == d.id) for d in fdecks),
    ]
    for _, e in c.every_effect():
        for sub in (e.then, e.otherwise, *e.options):
            t.intern(sub)
    for owner in (*c.board.altar, *talents, *c.tokens, *c.artifacts, *c.battles, *c.quests, *fcards, *pieces):
        for name in ("effects", "claim", "reward"):
            value = getattr(owner, name, None)
            if isinstance(value, tuple):
                t.intern(value)
    for b in c.battles:
        if b.talent:
            t.intern(b.talent.effects)
    for card in fcards:
        if card.talent:
            t.intern(card.talent.effects)
    for x in c.treasures:
        for outcome in (x.on_0, x.on_1_2, x.on_3):
            t.intern(outcome)
    for bonus in c.bonus:
        for option in bonus.options:
            t.intern(option)
    for f in c.futures:
        for enemy in f.enemies:
            t.intern(enemy.on_fail)
    for token in c.tokens:
        if token.slot == "altar":
            code = OFFERING
        elif token.slot:
            code = SPACE_KINDS.index(token.slot)
        else:
            continue
        t.slot_claim[code] = t.intern(token.claim)
        t.token_name[code] = token.name
    for exchange in c.board.altar:
        pay, gain = exchange.effects[0], exchange.effects[1]
        if pay.what == "artifacts" and pay.n == 1 and gain.what == "shevitsa":
            t.altar_rate[pay.level] = gain.n
    t.roll_odds(40)
    assert all(isinstance(x, Effect) for fx in t.fx for x in walk(fx))
    return t
