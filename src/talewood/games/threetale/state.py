"""ThreeTale: the state, the Map's geometry, the Heroes' boards, the decks and the phase driver.

The three seats are the three Heroes (seat s plays `hero[s]`). A game runs the Prophecy Phase (the
Prophecies drawn, each player picks a Hero, the turn order), the Past (30 Hero turns, one tile each),
the Present (the fulfilled Prophecy) and the Future (rounds of the chapter's enemy turn, three Hero
turns and its clock). Every decision is a frame (turn.py, effects.py, battle.py, future.py); this
module holds what they share.

The Map: tile t lies on cell (tile_x[t], tile_y[t]) turned tile_rot[t] quarter turns clockwise; its
space `t*4 + k` is corner k (north-west, north-east, south-east, south-west as it lies) at
(2*x + dx, 2*y + dy). Decks are unordered piles drawn at random (a shuffled face-down deck, drawn
from the top, is the same thing), with the cards known to be on top or at the bottom kept in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import Rng, State, seat_name
from . import rulings
from .components.heroes import Hero
from .components.vocabulary import Effect
from .scoring import end_game
from .tables import (
    ALTAR,
    DARK,
    ENDEAVOR,
    FAITH,
    FUTURE_DECK,
    HOPE,
    OFFERING,
    PORTAL,
    SEAT_NOUN,
    TREE,
    VIRTUE_NAMES,
    Profile,
    Tables,
)

SETUP, PAST, PRESENT, FUTURE = 0, 1, 2, 3
CORNER_DX = (0, 1, 1, 0)
CORNER_DY = (0, 0, 1, 1)
DX = (0, 1, 0, -1, 1, 1, -1, -1)            # north, east, south, west, then the diagonals
DY = (-1, 0, 1, 0, -1, 1, 1, -1)
NEIGHBOURS8 = tuple(zip(DX, DY, strict=True))
CORNER_NAMES = ("north-west", "north-east", "south-east", "south-west")
OFF = 1 << 10
ROW = 4 * OFF             # key(x + 1, y) - key(x, y)
BASE = OFF * ROW + OFF    # key(0, 0)


def key(x: int, y: int) -> int:
    return (x + OFF) * ROW + (y + OFF)


# key of the point (2x + CORNER_DX[k] + DX[d], 2y + CORNER_DY[k] + DY[d]) less 2 * (x * ROW + y): the
# space beside corner k of the tile on cell (x, y), in direction d, at index k * 8 + d
NB_KEY = tuple(BASE + (CORNER_DX[k] + DX[d]) * ROW + CORNER_DY[k] + DY[d] for k in range(4) for d in range(8))
OPPOSITE = (2, 3, 0, 1, 6, 7, 4, 5)     # the direction back
CORNERS = tuple(zip(CORNER_DX, CORNER_DY, strict=True))
CORNER_KEYS = tuple(NB_KEY[k << 3: (k << 3) + 8] for k in range(4))
# from corner k, the directions that leave the tile, with the direction back: (d, OPPOSITE[d])
OUTWARD = tuple(tuple((d, OPPOSITE[d]) for d in range(8)
                      if (CORNER_DX[k] + DX[d], CORNER_DY[k] + DY[d]) not in CORNERS) for k in range(4))
NO_NEIGHBOURS = (-1,) * 8
# the cells around a cell, as key offsets (the 4 sharing an edge first)
CELL_STEP = tuple(dx * ROW + dy for dx, dy in NEIGHBOURS8)


# once-per-turn uses (State.tflags)
T_MOVED = 1 << 0          # moved or acted: Artifact slots can no longer change
T_FREE_GIVE = 1 << 1
T_CALM = 1 << 2
T_REROLL = 1 << 3
T_PEEK = 1 << 4
T_DIAGONAL = 1 << 5
T_TREES = 1 << 6          # may pass Trees this turn (Wind Horse)
T_ATTACKED = 1 << 7       # attacked the Vicinator or a Virus this turn (crown_attacks=per_turn)
# once-per-battle uses (State.b_flags)
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


class TTState(State):
    __slots__ = (  # noqa: RUF023  (grouped by what they hold)
        # shared
        "t", "cfg", "geo", "kinds",
        # phases and turns
        "phase", "hero", "order", "prophecies", "future", "fulfilled", "turn_no", "round_no", "idx", "cur",
        "fstage", "won_round", "fallbacks",
        # the Heroes' boards
        "vir", "speed", "spirit", "shev", "tal", "arts", "equip", "offerings", "quests", "stones", "rings",
        "heads", "seeds", "pos", "once_game", "wrath", "green",
        # this turn
        "steps", "acts", "turns_used", "t_speed", "t_love", "t_actions", "t_turns", "t_endeavor", "tflags",
        "bonus_hand", "bonus_unused", "slots_used", "stones_turn", "portals_free",
        # the Map
        "tile_x", "tile_y", "tile_rot", "on_map", "flipped", "cell_tile", "space_at", "placed", "removed",
        "token", "figure", "viruses", "tile_stack", "tile_top", "tile_bottom", "drawn", "protected", "tree_tile",
        # decks
        "deck", "top", "bottom", "discard", "on_offer", "offer_for", "blessings", "receiver",
        # the Futures' counters
        "wow", "pv_left", "flips", "tentacles_left", "cancel_tentacle", "block_virus", "vici_def", "vici_shield",
        "virus_rush", "cancel_removals", "tentacle",
        # a battle
        "b_kind", "b_card", "b_level", "b_spd", "b_def", "b_def0", "b_str", "b_bonus", "b_rounds", "b_erounds",
        "b_next", "b_pos", "b_dice", "b_flags", "b_act", "b_extra", "b_hturns", "b_eturns", "b_edice", "b_beasts",
        # a roll outside battle (Treasure, Incubator, the Flood's removal die)
        "r_kind", "r_card", "r_pos", "r_dice", "r_then", "r_else", "r_need",
    )
    # `geo` and `kinds` are derived from the Map: the space beside space s in direction d at s * 8 + d (-1:
    # none), and what space s shows (`kind`). They are immutable and replaced whenever a tile is laid,
    # lifted, flipped or turned back, so clones share them until their Map changes.
    SHARED = ("t", "cfg", "geo", "kinds")
    # nothing is hidden between the Heroes: only chance (a draw, a roll) ends undo (engine: State.HIDDEN)
    HIDDEN = ()

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
    t_speed: int
    t_love: int
    t_actions: int
    t_turns: int
    t_endeavor: int           # Endeavor as the turn began (read only by the other reading of ACTIONS_FOLLOW_ENDEAVOR)
    tflags: int
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
    b_kind: int
    b_card: int
    b_level: int
    b_spd: int
    b_def: int
    b_def0: int
    b_str: int
    b_bonus: list[int]
    b_rounds: int
    b_erounds: int
    b_next: int
    b_pos: int
    b_dice: int
    b_flags: int
    b_act: int
    b_extra: int
    b_hturns: int
    b_eturns: int
    b_edice: int
    b_beasts: int
    r_kind: int
    r_card: int
    r_pos: int
    r_dice: int
    r_then: int
    r_else: int
    r_need: int

    def turn_order(self) -> list[int]:
        """The Heroes' turn order, as the team set it (seat order until then)."""
        return list(self.order)

    # -- copies -------------------------------------------------------------------------------
    def clone(self) -> TTState:
        o = TTState.__new__(TTState)
        self._copy_base(o)
        o.t = self.t
        o.cfg = self.cfg
        o.geo = self.geo
        o.kinds = self.kinds
        o.phase = self.phase
        o.hero = self.hero[:]
        o.order = self.order[:]
        o.prophecies = self.prophecies[:]
        o.future = self.future
        o.fulfilled = self.fulfilled
        o.turn_no = self.turn_no
        o.round_no = self.round_no
        o.idx = self.idx
        o.cur = self.cur
        o.fstage = self.fstage
        o.won_round = self.won_round
        o.fallbacks = self.fallbacks[:]
        o.vir = self.vir[:]
        o.speed = self.speed[:]
        o.spirit = self.spirit[:]
        o.shev = self.shev[:]
        o.tal = self.tal[:]
        o.arts = [a[:] for a in self.arts]
        o.equip = self.equip[:]
        o.offerings = self.offerings[:]
        o.quests = [q[:] for q in self.quests]
        o.stones = self.stones[:]
        o.rings = self.rings[:]
        o.heads = self.heads[:]
        o.seeds = self.seeds[:]
        o.pos = self.pos[:]
        o.once_game = self.once_game[:]
        o.wrath = self.wrath[:]
        o.green = self.green[:]
        o.steps = self.steps
        o.acts = self.acts
        o.turns_used = self.turns_used
        o.t_speed = self.t_speed
        o.t_love = self.t_love
        o.t_actions = self.t_actions
        o.t_turns = self.t_turns
        o.t_endeavor = self.t_endeavor
        o.tflags = self.tflags
        o.bonus_hand = self.bonus_hand[:]
        o.bonus_unused = self.bonus_unused[:]
        o.slots_used = self.slots_used
        o.stones_turn = self.stones_turn
        o.portals_free = self.portals_free
        o.tile_x = self.tile_x[:]
        o.tile_y = self.tile_y[:]
        o.tile_rot = self.tile_rot[:]
        o.on_map = self.on_map[:]
        o.flipped = self.flipped[:]
        o.cell_tile = self.cell_tile.copy()
        o.space_at = self.space_at.copy()
        o.placed = self.placed[:]
        o.removed = self.removed[:]
        o.token = self.token[:]
        o.figure = self.figure
        o.viruses = self.viruses[:]
        o.tile_stack = self.tile_stack[:]
        o.tile_top = self.tile_top[:]
        o.tile_bottom = self.tile_bottom[:]
        o.drawn = self.drawn[:]
        o.protected = self.protected[:]
        o.tree_tile = self.tree_tile
        o.deck = list(map(list.copy, self.deck))
        o.top = list(map(list.copy, self.top))
        o.bottom = list(map(list.copy, self.bottom))
        o.discard = list(map(list.copy, self.discard))
        o.on_offer = self.on_offer[:]
        o.offer_for = self.offer_for
        o.blessings = self.blessings
        o.receiver = self.receiver
        o.wow = self.wow
        o.pv_left = self.pv_left
        o.flips = self.flips
        o.tentacles_left = self.tentacles_left
        o.cancel_tentacle = self.cancel_tentacle
        o.block_virus = self.block_virus
        o.vici_def = self.vici_def
        o.vici_shield = self.vici_shield
        o.virus_rush = self.virus_rush
        o.cancel_removals = self.cancel_removals
        o.tentacle = self.tentacle
        o.b_kind = self.b_kind
        o.b_card = self.b_card
        o.b_level = self.b_level
        o.b_spd = self.b_spd
        o.b_def = self.b_def
        o.b_def0 = self.b_def0
        o.b_str = self.b_str
        o.b_bonus = self.b_bonus[:]
        o.b_rounds = self.b_rounds
        o.b_erounds = self.b_erounds
        o.b_next = self.b_next
        o.b_pos = self.b_pos
        o.b_dice = self.b_dice
        o.b_flags = self.b_flags
        o.b_act = self.b_act
        o.b_extra = self.b_extra
        o.b_hturns = self.b_hturns
        o.b_eturns = self.b_eturns
        o.b_edice = self.b_edice
        o.b_beasts = self.b_beasts
        o.r_kind = self.r_kind
        o.r_card = self.r_card
        o.r_pos = self.r_pos
        o.r_dice = self.r_dice
        o.r_then = self.r_then
        o.r_else = self.r_else
        o.r_need = self.r_need
        return o

    def determinize(self, seat: int, rng: Rng) -> TTState:
        """Nothing is hidden between the Heroes (the rulebook: the game hides nothing from the others).
        What nobody knows — the order of the piles and the tile stack, future dice — lives only in the
        generator: drawing is at random from an unordered pile. A fresh generator is the re-deal."""
        o = self.clone()
        o.rng = rng.spawn()
        o.invalidate()
        return o

    # -- the phase driver -----------------------------------------------------------------------
    def advance(self) -> None:
        rules = _rules or _bind()
        if self.phase == SETUP:
            self.phase = PAST
        if self.phase == PAST:
            if self.turn_no < len(self.t.c.tiles) and self.tiles_left():
                rules.begin_past_turn(self)
            else:
                rules.begin_present(self)
            return
        if self.phase == FUTURE:
            rules.advance_future(self)
            return
        raise AssertionError(f"nothing to do in phase {self.phase}")

    def tiles_left(self) -> int:
        return len(self.tile_top) + len(self.tile_stack) + len(self.tile_bottom)

    def push(self, frame: Any) -> None:
        """Put a frame on the stack, unless the game has ended (a death ends it mid-effect)."""
        if not self.over:
            self.stack.append(frame)

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

    def prompt(self) -> str:
        if self.over:
            return "the game is over"
        top = self.stack[-1]
        seat = top.seat
        label = seat_name(seat, SEAT_NOUN)
        who = f"{self.name(seat)} ({label})" if self.hero[seat] >= 0 else label
        return f"{who}: {top.prompt(self)}"

    def describe(self, action: int) -> str:
        from .words import describe

        return describe(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, seat)

    # -- the Map ------------------------------------------------------------------------------
    def xy(self, s: int) -> tuple[int, int]:
        t = s >> 2
        k = s & 3
        return 2 * self.tile_x[t] + CORNER_DX[k], 2 * self.tile_y[t] + CORNER_DY[k]

    def nb(self, s: int, d: int) -> int:
        """The space next to s (a space on the Map) in direction d (0-3 orthogonal, 4-7 diagonal), or -1."""
        return self.geo[s << 3 | d]

    def _link(self, t: int) -> None:
        """Renew `geo` around tile t, just laid or lifted: its spaces' neighbours, and theirs back."""
        old = self.geo
        geo = list(old)
        get = self.space_at.get
        k0 = 2 * (self.tile_x[t] * ROW + self.tile_y[t])
        on = self.on_map[t]
        for k in (0, 1, 2, 3):
            s = t * 4 + k
            s8 = s << 3
            if on:
                row = [get(k0 + offset, -1) for offset in CORNER_KEYS[k]]
                geo[s8: s8 + 8] = row
            else:
                row = list(old[s8: s8 + 8])
                geo[s8: s8 + 8] = NO_NEIGHBOURS
            for d, back in OUTWARD[k]:
                there = row[d]
                if there >= 0:
                    geo[there << 3 | back] = s if on else -1
        self.geo = tuple(geo)

    def kind(self, s: int) -> int:
        """What space s shows: its printed kind, or DARK on a flipped tile."""
        return self.kinds[s]

    def _paint(self, t: int) -> None:
        """Renew `kinds` for tile t, just laid, flipped or turned back."""
        kinds = list(self.kinds)
        if self.flipped[t]:
            kinds[t * 4: t * 4 + 4] = (DARK, DARK, DARK, DARK)
        else:
            printed = self.t.tile_kind[t]
            rot = self.tile_rot[t]
            kinds[t * 4: t * 4 + 4] = [printed[(k - rot) & 3] for k in range(4)]
        self.kinds = tuple(kinds)

    def printed(self, s: int) -> int:
        """What space s shows on its face, flipped or not."""
        t = s >> 2
        return self.t.tile_kind[t][((s & 3) - self.tile_rot[t]) & 3]

    def is_tree(self, s: int) -> bool:
        return self.kind(s) == TREE

    def is_altar(self, s: int) -> bool:
        """An Altar that works: on its face, not under a Future figure (A-58)."""
        return self.kind(s) == ALTAR and s != self.figure

    def is_portal(self, s: int) -> bool:
        return self.kind(s) == PORTAL

    def hero_at(self, s: int) -> int:
        pos = self.pos
        for seat in range(3):
            if pos[seat] == s:
                return seat
        return -1

    def others_at(self, s: int, seat: int) -> bool:
        pos = self.pos
        return (pos[0] == s and seat != 0) or (pos[1] == s and seat != 1) or (pos[2] == s and seat != 2)

    def adjacent8(self, a: int, b: int) -> bool:
        if a < 0 or b < 0:
            return False
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        return a != b and abs(ax - bx) <= 1 and abs(ay - by) <= 1

    def adjacent4(self, a: int, b: int) -> bool:
        if a < 0 or b < 0:
            return False
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        return abs(ax - bx) + abs(ay - by) == 1

    def cell_of(self, t: int) -> int:
        return key(self.tile_x[t], self.tile_y[t])

    def tile_neighbours(self, t: int) -> list[int]:
        """The tiles sharing an edge with tile t."""
        k = (self.tile_x[t] + OFF) * ROW + self.tile_y[t] + OFF
        get = self.cell_tile.get
        return [o for o in (get(k - 1, -1), get(k + ROW, -1), get(k + 1, -1), get(k - ROW, -1)) if o >= 0]

    def borders(self, t: int) -> int:
        """How many tiles share an edge with tile t."""
        k = (self.tile_x[t] + OFF) * ROW + self.tile_y[t] + OFF
        cells = self.cell_tile
        return (k - 1 in cells) + (k + ROW in cells) + (k + 1 in cells) + (k - ROW in cells)

    def tiles_around(self, t: int) -> int:
        """How many of the 8 cells around tile t hold a tile."""
        k = (self.tile_x[t] + OFF) * ROW + self.tile_y[t] + OFF
        cells = self.cell_tile
        return sum(1 for step in CELL_STEP if k + step in cells)

    def place_tile(self, t: int, x: int, y: int, rot: int) -> None:
        self.tile_x[t] = x
        self.tile_y[t] = y
        self.tile_rot[t] = rot
        self.on_map[t] = True
        self.cell_tile[key(x, y)] = t
        for k in range(4):
            self.space_at[key(2 * x + CORNER_DX[k], 2 * y + CORNER_DY[k])] = t * 4 + k
        self.placed.append(t)
        self._link(t)
        self._paint(t)

    def lift_tile(self, t: int) -> None:
        """Take tile t off the Map (the Flood's removal, or the Crown's tile move); its objects go."""
        x, y = self.tile_x[t], self.tile_y[t]
        del self.cell_tile[key(x, y)]
        for k in range(4):
            del self.space_at[key(2 * x + CORNER_DX[k], 2 * y + CORNER_DY[k])]
            self.token[t * 4 + k] = -1
        self.on_map[t] = False
        self.placed.remove(t)
        self._link(t)

    def flip(self, t: int) -> None:
        """Turn tile t upside down: four plain dark spaces (A-43)."""
        self.flipped[t] = True
        self._paint(t)
        if rulings.FLIPPING_REMOVES_OBJECTS:
            for k in range(4):
                self.token[t * 4 + k] = -1

    def unflip(self, t: int) -> None:
        """Turn tile t face up again (a removed tile goes back to the box as it was printed)."""
        self.flipped[t] = False
        self._paint(t)

    def map_tiles(self) -> list[int]:
        return self.placed

    # -- a Hero's board -----------------------------------------------------------------------
    def v(self, seat: int, virtue: int) -> int:
        return self.vir[seat * 6 + virtue]

    def virtue_total(self, seat: int) -> int:
        b = seat * 6
        return sum(self.vir[b:b + 6])

    def raisable(self, seat: int) -> list[int]:
        b = seat * 6
        top = rulings.VIRTUE_MAX
        vir = self.vir
        if vir[b] < top and vir[b + 1] < top and vir[b + 2] < top and vir[b + 3] < top and vir[b + 4] < top \
                and vir[b + 5] < top:
            return [0, 1, 2, 3, 4, 5]
        return [v for v in range(6) if vir[b + v] < top]

    def raise_virtue(self, seat: int, virtue: int, n: int = 1) -> int:
        """Raise a Virtue by up to n (never above 13); how much it rose."""
        i = seat * 6 + virtue
        before = self.vir[i]
        self.vir[i] = min(rulings.VIRTUE_MAX, before + n)
        gained = self.vir[i] - before
        if gained and self.phase == PAST and self.quests[seat]:
            (_rules or _bind()).check_quests(self, seat)
        return gained

    def profile(self, seat: int) -> Profile:
        b = seat * 3
        tal = self.tal
        eq = self.equip
        k = (tal[b], tal[b + 1], tal[b + 2], eq[b], eq[b + 1], eq[b + 2])
        found = self.t.profiles.get(k)
        return found if found is not None else self.t.profile(k)

    def passives(self, seat: int) -> tuple[Effect, ...]:
        """The effects that work for a Hero without being used: developed Talents and the passive
        Artifacts in their slots (A-23)."""
        return self.profile(seat).effects

    def passive_sum(self, seat: int, keyword: str, **match: Any) -> int:
        p = self.profile(seat)
        if keyword not in p.dos:
            return 0
        total = 0
        for e in p.effects:
            if e.do == keyword and all(getattr(e, k) == v for k, v in match.items()):
                total += e.n
        return total

    def has_passive(self, seat: int, keyword: str, **match: Any) -> bool:
        p = self.profile(seat)
        if keyword not in p.dos:
            return False
        return any(e.do == keyword and all(getattr(e, k) == v for k, v in match.items()) for e in p.effects)

    def talent_id(self, name: str) -> int:
        for i, tal in enumerate(self.t.talents):
            if tal.id == name:
                return i
        raise KeyError(name)

    def has_talent(self, seat: int, ti: int) -> bool:
        return ti in self.tal[seat * 3: seat * 3 + 3]

    def tier(self, seat: int, virtue: int) -> int:
        """What a Hero's Hope, Faith, Endeavor, Endurance or Mercy gives now (0 to 3, more with Talents)."""
        b = seat * 3
        tal = self.tal
        eq = self.equip
        k = (tal[b], tal[b + 1], tal[b + 2], eq[b], eq[b + 1], eq[b + 2])
        t = self.t
        p = t.profiles.get(k) or t.profile(k)
        return t.tier[self.vir[seat * 6 + virtue]] + p.tiers[virtue]

    def speed_now(self, seat: int) -> int:
        """Speed for moving and for who attacks first: the stat, Speed Artifacts and this turn's bonus."""
        extra = self.t_speed if seat == self.cur else 0
        return self.speed[seat] + self.profile(seat).speed_bonus + extra

    def steps_left(self, seat: int) -> int:
        return self.speed_now(seat) - self.steps

    def actions_allowed(self, seat: int) -> int:
        p = self.profile(seat)
        t = self.t
        endeavor = self.vir[seat * 6 + ENDEAVOR] if rulings.ACTIONS_FOLLOW_ENDEAVOR else self.t_endeavor
        return t.actions + t.tier[endeavor] + p.tiers[ENDEAVOR] + p.extra_actions + self.t_actions

    def actions_left(self, seat: int) -> int:
        return self.actions_allowed(seat) - self.acts

    def turns_left(self, seat: int) -> int:
        """Dice this Hero may still turn now: what Hope's band leaves (A-15: its band now, less the dice
        turned this turn) and this turn's Bonus turns."""
        bonus = self.t_turns if seat == self.cur else 0
        return max(0, self.tier(seat, HOPE) - self.turns_used) + bonus

    def use_turn(self, seat: int) -> None:
        """Turn a die: from Hope while its band allows, else from this turn's Bonus cards."""
        if self.tier(seat, HOPE) - self.turns_used > 0:
            self.turns_used += 1
        else:
            self.t_turns -= 1

    def faith_draws(self, seat: int) -> int:
        return self.tier(seat, FAITH)

    def lose_spirit(self, seat: int, n: int = 1) -> None:
        """Spend or lose Spirit; at 0 the Hero dies and the team loses (R51), unless saved."""
        self.spirit[seat] = max(0, self.spirit[seat] - n)
        if self.b_kind and seat == self.cur:
            self.b_flags |= B_HURT
        if self.spirit[seat] == 0:
            if rulings.DEATH_PREVENTION_AUTOMATIC and self.save_from_death(seat):
                return
            if self.log is not None:
                self.emit("death", f"{self.name(seat)} has no Spirit left and dies: the team loses")
            end_game(self, won=False, reason=f"{self.name(seat)} died")

    def save_from_death(self, seat: int) -> bool:
        """Water of Life (once a game) or a Phoenix Tear in its slot keep a falling Hero at 1 Spirit."""
        for saver in range(3):
            for lv in range(3):
                ti = self.tal[saver * 3 + lv]
                if ti < 0 or self.once_game[saver] >> lv & 1:
                    continue
                for e in self.t.talents[ti].effects:
                    if e.do == "restore_spirit" and e.any_time:
                        self.once_game[saver] |= 1 << lv
                        self.spirit[seat] = 1
                        if self.log is not None:
                            self.emit("save", f"{self.name(saver)} uses {self.t.talents[ti].name}: "
                                              f"{self.name(seat)} keeps 1 Spirit")
                        return True
            for slot in range(3):
                a = self.equip[saver * 3 + slot]
                if a < 0:
                    continue
                art = self.t.artifacts[a]
                if art.usage == "one_time" and any(e.do == "restore_spirit" and e.any_time for e in art.effects):
                    self.remove_artifact(saver, a)
                    self.spirit[seat] = 1
                    if self.log is not None:
                        self.emit("save", f"{self.name(saver)} uses {art.name}: {self.name(seat)} keeps 1 Spirit")
                    return True
        return False

    # -- Artifacts ----------------------------------------------------------------------------
    def add_artifact(self, seat: int, a: int) -> None:
        """A Hero takes Artifact a; it goes into its slot if that slot is empty and unused this turn."""
        self.arts[seat].append(a)
        slot = self.t.art_slot[a]
        if self.equip[seat * 3 + slot] < 0 and not (seat == self.cur and self.slots_used >> slot & 1):
            self.equip[seat * 3 + slot] = a

    def remove_artifact(self, seat: int, a: int, to_deck: bool = True) -> None:
        """Artifact a leaves the Hero (given away, sacrificed, used up, lost)."""
        self.arts[seat].remove(a)
        slot = self.t.art_slot[a]
        if self.equip[seat * 3 + slot] == a:
            self.equip[seat * 3 + slot] = -1
        if to_deck:
            self.deck[self.t.artifacts[a].level - 1].append(a)

    def equipped(self, seat: int, usage: str) -> list[int]:
        out = []
        for slot in range(3):
            a = self.equip[seat * 3 + slot]
            if a >= 0 and self.t.artifacts[a].usage == usage:
                out.append(a)
        return out

    # -- decks --------------------------------------------------------------------------------
    def cards_left(self, d: int) -> int:
        return len(self.top[d]) + len(self.deck[d]) + len(self.bottom[d])

    def draw_card(self, d: int, reshuffle: bool = False) -> int:
        """The top card of deck d (-1 if it is empty): a known top card, else one at random from the
        pile, else the known bottom cards in order. `reshuffle`: an empty deck takes its discards."""
        if self.top[d]:
            card = self.top[d].pop(0)
        elif self.deck[d]:
            pile = self.deck[d]
            i = self.draw(len(pile))
            card = pile[i]
            pile[i] = pile[-1]
            pile.pop()
        elif self.bottom[d]:
            card = self.bottom[d].pop(0)
        elif reshuffle and self.discard[d]:
            self.deck[d] = self.discard[d]
            self.discard[d] = []
            return self.draw_card(d)
        else:
            return -1
        self.reveal()
        return card

    def shuffle_in(self, d: int) -> None:
        """The deck is shuffled: what was known of its order is lost."""
        if self.top[d] or self.bottom[d]:
            self.deck[d].extend(self.top[d])
            self.deck[d].extend(self.bottom[d])
            self.top[d] = []
            self.bottom[d] = []

    # -- the Future -----------------------------------------------------------------------------
    def future_number(self) -> int:
        return self.t.c.futures[self.future].number if self.future >= 0 else 0

    def future_decks(self) -> list[int]:
        if self.future < 0:
            return []
        return [FUTURE_DECK + self.t.fdeck_index[d.id] for d in self.t.c.futures[self.future].decks
                if d.id != self.t.c.futures[self.future].clock.deck]

    def figure_blocks(self) -> bool:
        """The Tree and the Vicinator fill their space (A-58); the Fountain, Ark and Throne do not."""
        return self.phase == FUTURE and self.future_number() in (3, 5)

    def no_ending_on_altars(self) -> bool:
        """The Crown of Evil: "You cannot finish your turn standing on an Altar"."""
        return self.phase == FUTURE and self.future_number() == 5

    def goal_changed(self) -> None:
        if self.phase == FUTURE and not self.over:
            (_rules or _bind()).check_goal(self)

    def future_turn_options(self, seat: int, acting: bool) -> list[int]:
        return (_rules or _bind()).future_turn_options(self, seat, acting)

    def future_turn_action(self, seat: int, action: int) -> None:
        (_rules or _bind()).future_turn_action(self, seat, action)

    def end_of_hero_turn(self, seat: int) -> None:
        if self.phase == FUTURE:
            (_rules or _bind()).end_of_hero_turn(self, seat)

    def crown_enemy(self, enemy_id: str) -> Any:
        return (_rules or _bind()).crown_enemy(self, enemy_id)

    def destroy_virus(self, i: int) -> None:
        self.viruses[i] = -1

    def vicinator_defeated(self, seat: int) -> None:
        (_rules or _bind()).vicinator_defeated(self, seat)

    def tree_stone(self) -> bool:
        """The Parallel Land's Sacred Stone: it spares a Hero the Tree's damage (L440)."""
        return self.future >= 0 and any(u.use == "spare_hero" for u in self.t.c.futures[self.future].sacred_stone)

    def distance(self, a: int, b: int, limit: int = 6) -> int:
        """Spaces between two spaces along a path that avoids Trees (up to `limit`; farther: limit + 1)."""
        if a == b:
            return 0
        if a < 0 or b < 0:
            return limit + 1
        seen = {a}
        frontier = [a]
        for d in range(1, limit + 1):
            nxt = []
            for here in frontier:
                for n in range(4):
                    there = self.nb(here, n)
                    if there < 0 or there in seen:
                        continue
                    if there == b:
                        return d
                    if self.kind(there) == TREE:
                        continue
                    seen.add(there)
                    nxt.append(there)
            frontier = nxt
        return limit + 1


class Rules:
    """The rules the state calls into (turns, the Future, Quests). Those modules import this one, so
    they are bound once, at the first call, rather than imported on every call."""

    def __init__(self) -> None:
        from .future.crown import vicinator_defeated
        from .future.goal import check_goal, crown_enemy
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


_rules: Rules | None = None


def _bind() -> Rules:
    global _rules
    _rules = Rules()
    return _rules


def virtue_label(v: int) -> str:
    return VIRTUE_NAMES[v]


__all__ = ["FUTURE", "OFFERING", "PAST", "PRESENT", "SETUP", "Config", "TTState", "key"]
