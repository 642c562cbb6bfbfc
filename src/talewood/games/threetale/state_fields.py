"""The tale's record (the state's fields): the phase and the turn order, the Heroes' boards (Virtues,
Speed, Spirit, Shevitsa, Talents, Artifacts, Quests), this turn's counts, the Map as it lies, the decks,
the Futures' counters, the battle and the roll under way; and who a seat is, by name.

The three seats are the three Heroes (seat s plays `hero[s]`). Decks are unordered piles drawn at
random (a shuffled face-down deck, drawn from the top, is the same thing), with the cards known to be
on top or at the bottom kept in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import State, seat_name
from .components.heroes import Hero
from .future.chapter import crown_enemy
from .geometry import (
    CORNER_NAMES,
)
from .tables import (
    SEAT_NOUN,
    Tables,
)

SETUP, PAST, PRESENT, FUTURE = 0, 1, 2, 3

# once-per-turn uses (ThisTurn.used)
T_MOVED = 1 << 0          # moved or acted: Artifact slots can no longer change
T_FREE_GIVE = 1 << 1
T_CALM = 1 << 2
T_REROLL = 1 << 3
T_PEEK = 1 << 4
T_DIAGONAL = 1 << 5
T_TREES = 1 << 6          # may pass Trees this turn (Wind Horse)
T_ATTACKED = 1 << 7       # attacked the Vicinator or a Virus this turn (crown_attacks=per_turn)
# once-per-battle uses and marks (BattleUnderWay.used)
B_REDUCED = 1 << 0
B_FREE_BLOCK = 1 << 1
B_BEASTS = 1 << 2
B_ECLIPSE = 1 << 3
B_UNTOUCHED = 1 << 4
B_MARTENITSA = 1 << 5
B_HURT = 1 << 6           # the Hero lost a Virtue point or Spirit in this Battle
B_VEIL = 1 << 7
B_HALVE_NEXT = 1 << 8     # Eclipse: the enemy's next round rolls half its dice
B_SKIP_NEXT = 1 << 9      # Earthquake Stride: the enemy skips its next round
B_STONE = 1 << 10         # a Sacred Stone was used in this battle
# battle kinds
NO_BATTLE, PAST_BATTLE, FUTURE_BATTLE, VIRUS_FIGHT, VICINATOR_FIGHT = range(5)


@dataclass(frozen=True)
class Config:
    """The options a game was set up with, for its whole length; shared by clones."""

    hope_per_roll: bool
    crown_per_action: bool
    ring_transfer: bool
    tree_random: bool
    fill_flipped_only: bool   # option empty_tiles=flipped: the Tree fills only flipped tiles
    removal_strict: bool
    forced_future: int        # a Future's index, or -1 (the Present draws one of the three)
    tutorial: bool


class BattleUnderWay:
    """The battle under way (rulebook, Battle Cards; Future Book, Battle): the enemy, its stats as they
    stand, the rounds fought, the last roll, and what this battle's and this round's effects add. A
    state holds one, reset when a battle ends (`kind` NO_BATTLE)."""

    __slots__ = ("activated", "attacks_next", "beast_dice", "bonus_cards", "card", "defense", "defense_at_start",
                 "dice", "enemy_dice_turned", "enemy_extra_dice", "enemy_rounds", "extra_damage", "hero_dice_turned",
                 "hero_rounds", "kind", "level", "positive", "speed", "strength", "used")

    kind: int                 # NO_BATTLE, PAST_BATTLE, FUTURE_BATTLE, VIRUS_FIGHT or VICINATOR_FIGHT
    card: int                 # the Battle card, Hostile Future card or Virus fought (-1: none)
    level: int                # a Battle card's level (0 in the Future)
    speed: int
    defense: int              # what is left of it
    defense_at_start: int
    strength: int
    bonus_cards: list[int]    # the enemy's Bonus cards
    hero_rounds: int          # rounds of attack the Hero has made
    enemy_rounds: int         # and the enemy
    attacks_next: int         # 0: the Hero, 1: the enemy
    positive: int             # the last roll: positive dice of `dice`
    dice: int
    used: int                 # once-per-battle uses and marks (B_ flags)
    activated: int            # Artifact slots activated this round (one bit per slot)
    extra_damage: int         # Attack Damage the Hero's activations add to this round
    hero_dice_turned: int     # the enemy turns this many of the Hero's next roll
    enemy_dice_turned: int    # the Hero turns this many of the enemy's next roll
    enemy_extra_dice: int     # the enemy rolls this many more in its next round
    beast_dice: int           # dice a Talent adds to the Hero's next round

    def __init__(self) -> None:
        self.kind = NO_BATTLE
        self.card = -1
        self.level = self.speed = self.defense = self.defense_at_start = self.strength = 0
        self.bonus_cards = []
        self.hero_rounds = self.enemy_rounds = self.attacks_next = self.positive = self.dice = 0
        self.used = self.activated = self.extra_damage = 0
        self.hero_dice_turned = self.enemy_dice_turned = self.enemy_extra_dice = self.beast_dice = 0

    def copy(self) -> BattleUnderWay:
        o = BattleUnderWay.__new__(BattleUnderWay)
        o.kind = self.kind
        o.card = self.card
        o.level = self.level
        o.speed = self.speed
        o.defense = self.defense
        o.defense_at_start = self.defense_at_start
        o.strength = self.strength
        o.bonus_cards = self.bonus_cards[:]
        o.hero_rounds = self.hero_rounds
        o.enemy_rounds = self.enemy_rounds
        o.attacks_next = self.attacks_next
        o.positive = self.positive
        o.dice = self.dice
        o.used = self.used
        o.activated = self.activated
        o.extra_damage = self.extra_damage
        o.hero_dice_turned = self.hero_dice_turned
        o.enemy_dice_turned = self.enemy_dice_turned
        o.enemy_extra_dice = self.enemy_extra_dice
        o.beast_dice = self.beast_dice
        return o

    def hash_key(self) -> tuple[object, ...]:
        """Its values, in the order the state's hash has always read them."""
        return (self.kind, self.card, self.level, self.speed, self.defense, self.defense_at_start, self.strength,
                self.bonus_cards, self.hero_rounds, self.enemy_rounds, self.attacks_next, self.positive, self.dice,
                self.used, self.activated, self.extra_damage, self.hero_dice_turned, self.enemy_dice_turned,
                self.enemy_extra_dice, self.beast_dice)


class RollUnderWay:
    """A roll outside battle under way (rulebook, Treasure cards; an effect's roll, such as the Parallel
    Land's Incubator; the Information Flood's removal die): what it is for, and its dice."""

    __slots__ = ("card", "dice", "kind", "need", "otherwise", "positive", "then")

    kind: int                 # rolls.py: none, a Treasure or an effect's roll
    card: int                 # the Treasure card (-1: none)
    positive: int             # positive dice of `dice`
    dice: int
    then: int                 # an effect's roll: the effect if at least `need` are positive (-1: none)
    otherwise: int            # and if not
    need: int

    def __init__(self) -> None:
        self.kind = self.positive = self.dice = self.need = 0
        self.card = self.then = self.otherwise = -1

    def copy(self) -> RollUnderWay:
        o = RollUnderWay.__new__(RollUnderWay)
        o.kind = self.kind
        o.card = self.card
        o.positive = self.positive
        o.dice = self.dice
        o.then = self.then
        o.otherwise = self.otherwise
        o.need = self.need
        return o

    def hash_key(self) -> tuple[object, ...]:
        """Its values, in the order the state's hash has always read them."""
        return self.kind, self.card, self.positive, self.dice, self.then, self.otherwise, self.need


class ThisTurn:
    """What this Hero turn's effects add ("this turn": Speed, Love dice, Actions, dice to turn), Endeavor as
    the turn began, and the once-per-turn uses (T_ flags)."""

    __slots__ = ("actions", "dice_to_turn", "endeavor", "love", "speed", "used")

    speed: int
    love: int
    actions: int
    dice_to_turn: int
    endeavor: int             # read only by the other reading of ACTIONS_FOLLOW_ENDEAVOR
    used: int

    def __init__(self) -> None:
        self.speed = self.love = self.actions = self.dice_to_turn = self.endeavor = self.used = 0

    def copy(self) -> ThisTurn:
        o = ThisTurn.__new__(ThisTurn)
        o.speed = self.speed
        o.love = self.love
        o.actions = self.actions
        o.dice_to_turn = self.dice_to_turn
        o.endeavor = self.endeavor
        o.used = self.used
        return o

    def hash_key(self) -> tuple[object, ...]:
        """Its values, in the order the state's hash has always read them."""
        return self.speed, self.love, self.actions, self.dice_to_turn, self.endeavor, self.used



# Every field of a ThreeTale state, grouped by what it holds (TaleFields' `__slots__`); the state hash reads
# them in this order on both builds (a compiled class lists its fields sorted).
FIELDS = (
    # shared
    "t", "cfg", "geo", "kinds",
    # phases and turns
    "phase", "hero", "order", "prophecies", "future", "fulfilled", "turn_no", "round_no", "idx", "cur",
    "fstage", "won_round", "fallbacks",
    # the Heroes' boards
    "vir", "speed", "spirit", "shev", "tal", "arts", "equip", "offerings", "quests", "stones", "rings",
    "heads", "seeds", "pos", "once_game", "wrath", "green",
    # this turn
    "steps", "acts", "turns_used", "turn",
    "bonus_hand", "bonus_unused", "slots_used", "stones_turn", "portals_free",
    # the Map
    "tile_x", "tile_y", "tile_rot", "on_map", "flipped", "cell_tile", "space_at", "placed", "removed",
    "token", "figure", "viruses", "tile_stack", "tile_top", "tile_bottom", "drawn", "protected", "tree_tile",
    # decks
    "deck", "top", "bottom", "discard", "on_offer", "offer_for", "blessings", "receiver",
    # the Futures' counters
    "wow", "pv_left", "flips", "tentacles_left", "cancel_tentacle", "block_virus", "vici_def", "vici_shield",
    "virus_rush", "cancel_removals", "tentacle",
    # a battle, a roll outside battle (Treasure, Incubator, the Flood's removal die)
    "battle", "roll",
)
OWN = frozenset(FIELDS)


class TaleFields(State):
    """Every field of a ThreeTale state, by what it holds (the rules' methods are in the classes above)."""

    __slots__ = FIELDS
    # `geo` and `kinds` are derived from the Map: the space beside space s in direction d at s * 8 + d (-1:
    # none), and what space s shows (`kind`). They are immutable and replaced whenever a tile is laid,
    # lifted, flipped or turned back, so clones share them until their Map changes.
    SHARED = ("t", "cfg", "geo", "kinds")
    # nothing is hidden between the Heroes: only chance (a draw, a roll) ends undo (engine: State.HIDDEN)
    HIDDEN = ()

    def hash_key(self) -> tuple[Any, ...]:
        """The engine's, its fields in the order of FIELDS, with the battle's, the roll's and this turn's
        values spread in their places, as they were read when they were fields of their own (records keep
        the hashes of the games played)."""
        values = dict(zip(self.hashed_fields(), super().hash_key(), strict=True))
        out: list[Any] = [value for name, value in values.items() if name not in OWN]     # the engine's first
        for name in FIELDS:
            if name in values:
                value = values[name]
                if isinstance(value, (BattleUnderWay, RollUnderWay, ThisTurn)):
                    out.extend(value.hash_key())
                else:
                    out.append(value)
        return tuple(out)

    t: Tables
    cfg: Config
    geo: tuple[int, ...]
    kinds: tuple[int, ...]
    phase: int
    hero: list[int]
    order: list[int]
    prophecies: list[int]
    future: int
    fulfilled: int
    turn_no: int
    round_no: int
    idx: int
    cur: int
    fstage: int
    won_round: int
    fallbacks: list[int]
    vir: list[int]
    speed: list[int]
    spirit: list[int]
    shev: list[int]
    tal: list[int]
    arts: list[list[int]]
    equip: list[int]
    offerings: list[int]
    quests: list[list[int]]
    stones: list[int]
    rings: list[int]
    heads: list[int]
    seeds: list[int]
    pos: list[int]
    once_game: list[int]
    wrath: list[int]
    green: list[int]
    steps: int
    acts: int
    turns_used: int
    turn: ThisTurn
    bonus_hand: list[int]
    bonus_unused: list[int]
    slots_used: int
    stones_turn: int
    portals_free: int
    tile_x: list[int]
    tile_y: list[int]
    tile_rot: list[int]
    on_map: list[bool]
    flipped: list[bool]
    cell_tile: dict[int, int]
    space_at: dict[int, int]
    placed: list[int]
    removed: list[int]
    token: list[int]
    figure: int
    viruses: list[int]
    tile_stack: list[int]
    tile_top: list[int]
    tile_bottom: list[int]
    drawn: list[int]
    protected: list[int]
    tree_tile: int
    deck: list[list[int]]
    top: list[list[int]]
    bottom: list[list[int]]
    discard: list[list[int]]
    on_offer: list[int]
    offer_for: int
    blessings: int
    receiver: int
    wow: int
    pv_left: int
    flips: int
    tentacles_left: int
    cancel_tentacle: int
    block_virus: int
    vici_def: int
    vici_shield: int
    virus_rush: int
    cancel_removals: int
    tentacle: int
    battle: BattleUnderWay
    roll: RollUnderWay

    # -- names --------------------------------------------------------------------------------
    def hero_of(self, seat: int) -> Hero:
        return self.t.c.heroes[self.hero[seat]]

    def name(self, seat: int) -> str:
        """A Hero by name (a seat before it picked one: Hero n)."""
        h = self.hero[seat] if 0 <= seat < len(self.hero) else -1
        return self.t.c.heroes[h].name if h >= 0 else seat_name(seat, SEAT_NOUN)

    def tile_name(self, t: int) -> str:
        return self.t.c.tiles[t].name

    def space_name(self, s: int) -> str:
        return f"the {CORNER_NAMES[s & 3]} space of {self.tile_name(s >> 2)}"


class Rules:
    """The rules the state calls into (turns, the Future, Quests). Those modules import this one, so
    they are bound once, at the first call, rather than imported on every call."""

    def __init__(self) -> None:
        # the rules stand above the state (they act on it), so the state binds them at the first call
        from .future.crown import vicinator_defeated
        from .future.goal import check_goal
        from .future.present import begin_present
        from .future.rounds import advance_future, end_of_hero_turn, future_turn_action, future_turn_options
        from .quests import check_quests
        from .turn.acting import begin_past_turn

        self.advance_future = advance_future
        self.begin_present = begin_present
        self.check_goal = check_goal
        self.crown_enemy = crown_enemy
        self.end_of_hero_turn = end_of_hero_turn
        self.future_turn_action = future_turn_action
        self.future_turn_options = future_turn_options
        self.vicinator_defeated = vicinator_defeated
        self.check_quests = check_quests
        self.begin_past_turn = begin_past_turn


_rules: list[Rules] = []


def rules() -> Rules:
    """The rules the state calls into, bound at the first call."""
    if not _rules:
        _rules.append(Rules())
    return _rules[0]
