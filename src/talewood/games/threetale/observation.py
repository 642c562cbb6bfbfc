"""What one seat sees of a ThreeTale game, as a fixed-size vector of numbers (engine/observation.py),
and the bound on any game's decisions.

Seats are ordered from the observer (slot 0 is the observer). Nothing is hidden between the Heroes,
so the encoding reads the state; it shows nothing the view does not (no deck order, no future die).

The layout is built once per game; its writer fills a zeroed buffer in place (engine/observation.py),
writes only the numbers that are not 0 and copies each placed tile's spaces from a row laid out once
per tile and rotation.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from ...engine import ObservationSpec, Segment, State
from ...engine.observation import Writer
from . import rulings
from .state import FUTURE, TTState
from .tables import DARK, FUTURE_PIECE, Tables

if TYPE_CHECKING:
    from .game import ThreeTaleGame

TOKEN_CODES = 15            # Past tokens (their slot's code) and the Offering; then each Future piece
HERO_FEATURES = 16
FRAMES = (
    "PickHero", "ChooseOrder", "ChooseTile", "Snap", "Rotate", "StartSpace", "Turn", "PortalTo", "ReturnBonus",
    "GiveWhich", "Keeper", "Altar", "AltarVirtue", "PickSacrifice", "Endure", "MercyHero", "MercyVirtue", "Shift",
    "AllyMove", "ChooseTarget", "RaiseVirtue", "RaiseOne", "LoseVirtue", "ChooseOption", "PayOrNot",
    "DiscardArtifact", "KeepArtifact", "PickDeck", "Reorder", "KeepQuest", "BeforeRound", "AfterHeroRoll",
    "AfterEnemyRoll", "TakeDamage", "AfterRoll", "PlaceFigure", "PlaceTree", "CrownPay", "CrownMove", "FlipTile",
    "RemoveTile", "HeroFlip", "PlacePV", "TreeFlip", "PlantSeed", "VirusBlock", "ClearTile", "ClearPV",
    "DestroyVirus", "ProtectTile", "Teleport", "MoveWho", "MoveHero",
)
FRAME_INDEX = {name: i for i, name in enumerate(FRAMES)}


_SPECS: dict[int, tuple[ThreeTaleGame, ObservationSpec]] = {}


def observation_spec(game: ThreeTaleGame) -> ObservationSpec:
    """The layout (one per game: it is the same for every option)."""
    known = _SPECS.get(id(game))
    if known is None or known[0] is not game:
        known = _SPECS[id(game)] = (game, _layout(game))
    return known[1]


def _layout(game: ThreeTaleGame) -> ObservationSpec:
    t = game.tables("normal")
    c = t.c
    tiles = len(c.tiles)
    codes = TOKEN_CODES + len(t.pieces)
    spec = ObservationSpec([
        Segment("phase", (4,), "one-hot: the Prophecy Phase, the Past, the Present, the Future"),
        Segment("future", (len(c.futures) + 1,), "one-hot: the Future (last: not yet known)"),
        Segment("prophecies", (len(c.prophecies),), "the Prophecy cards drawn"),
        Segment("progress", (3,), "Past turns /30, Future round /12, the observer's seat is the current Hero"),
        Segment("heroes", (3, len(c.heroes) + HERO_FEATURES), "per seat from me: Hero one-hot, then Virtues ×6 /13, "
                "Speed /20, Speed now /20, Spirit /3, Shevitsa /12, Talents developed /3, Offerings, Sacred Stones, "
                "Rings /9 + Heads /7 + Seeds /4 (one number), Quests held /6, turn order /2"),
        Segment("talents", (3, 6), "per seat from me: which of its Hero's six Talents are developed"),
        Segment("artifacts", (3, len(c.artifacts)), "per seat from me: 1 held, 2 held and in its slot"),
        Segment("positions", (3, tiles * 4), "per seat from me: the space its Hero stands on"),
        Segment("tiles", (tiles, 9), "per tile: on the Map, x /30, y /30, rotation one-hot ×4, flipped, removed"),
        Segment("spaces", (tiles * 4, 4), "per space: a Tree, an Altar, a Portal (as it shows), dark"),
        Segment("tokens", (tiles * 4, codes), "per space: the token on it (Past slot kinds, Offering, Future pieces)"),
        Segment("figures", (tiles * 4, 2), "per space: the Future's figure, a Virus"),
        Segment("turn", (5,), "Steps left /10, Actions left /5, dice to turn /5, Bonus cards in hand /5, "
                "Artifact slots used"),
        Segment("battle", (10,), "kind one-hot ×5, enemy Speed /8, Defense /30, Strength /8, positive dice /10, "
                "dice rolled /10"),
        Segment("roll", (2,), "a Treasure or Incubator roll: positive /3, dice /4"),
        Segment("clock", (7,), "Words of Wisdom /42, flips /7, tiles on the Map /30, unturned /30, Tentacles left "
                "/10, Vicinator Defense /100, Parallel Virtues left /30"),
        Segment("decision", (len(FRAMES),), "the pending decision's kind"),
    ])
    spec.writer = _writer(spec)
    return spec


def encode(game: ThreeTaleGame, s: TTState, seat: int) -> list[float]:
    return observation_spec(game).encode(s, seat)


def _space_rows(t: Tables) -> list[list[array[float]]]:
    """Per tile and rotation, the `spaces` numbers of its four spaces while it lies unflipped."""
    rows = []
    for kinds in t.tile_kind:
        per_rotation = []
        for rot in range(4):
            row = array("d", bytes(8 * 16))
            for k in range(4):
                kind = kinds[(k - rot) & 3]
                if kind < 3:
                    row[k * 4 + kind] = 1.0
                elif kind == DARK:
                    row[k * 4 + 3] = 1.0
            per_rotation.append(row)
        rows.append(per_rotation)
    return rows


DARK_ROW = array("d", [0.0, 0.0, 0.0, 1.0] * 4)     # a flipped tile: its four spaces show dark


def _writer(spec: ObservationSpec) -> Writer:
    phase, future, prophecies, progress = spec.offset("phase"), spec.offset("future"), spec.offset("prophecies"), \
        spec.offset("progress")
    heroes, talents, artifacts, positions = spec.offset("heroes"), spec.offset("talents"), spec.offset("artifacts"), \
        spec.offset("positions")
    tiles_at, so, ko, fo = spec.offset("tiles"), spec.offset("spaces"), spec.offset("tokens"), spec.offset("figures")
    turn, battle, roll, clock, decision = spec.offset("turn"), spec.offset("battle"), spec.offset("roll"), \
        spec.offset("clock"), spec.offset("decision")
    space_rows: dict[int, tuple[Tables, list[list[array[float]]]]] = {}   # per Tables (one per difficulty)

    def write(state: State, seat: int, out: array[float]) -> None:
        s: TTState = state  # type: ignore[assignment]
        t = s.t
        c = t.c
        known = space_rows.get(id(t))
        if known is None or known[0] is not t:
            known = space_rows[id(t)] = (t, _space_rows(t))
        rows = known[1]
        out[phase + s.phase] = 1.0
        out[future + (s.future if s.future >= 0 else len(c.futures))] = 1.0
        for p in s.prophecies:
            out[prophecies + p] = 1.0
        out[progress] = min(s.turn_no, 30) / 30 if s.phase < FUTURE else 1.0
        out[progress + 1] = s.round_no / 12 if s.phase == FUTURE else 0.0
        out[progress + 2] = float(s.cur == seat)
        nh = len(c.heroes)
        width = nh + HERO_FEATURES
        ntiles = len(c.tiles)
        nart = len(c.artifacts)
        for slot in range(3):
            h = (seat + slot) % 3
            base = heroes + slot * width
            if s.hero[h] >= 0:
                out[base + s.hero[h]] = 1.0
            f = base + nh
            out[f:f + 6] = array("d", [v / 13 for v in s.vir[h * 6:h * 6 + 6]])
            out[f + 6] = s.speed[h] / 20
            out[f + 7] = s.speed_now(h) / 20 if s.hero[h] >= 0 else 0.0
            out[f + 8] = s.spirit[h] / 3
            out[f + 9] = s.shev[h] / 12
            tal = s.tal[h * 3:h * 3 + 3]
            out[f + 10] = ((tal[0] >= 0) + (tal[1] >= 0) + (tal[2] >= 0)) / 3
            out[f + 11] = float(s.offerings[h])
            out[f + 12] = float(s.stones[h])
            out[f + 13] = s.rings[h] / 9 + (s.heads[h] / 7) + s.seeds[h] / 4
            out[f + 14] = len(s.quests[h]) / 6
            out[f + 15] = s.order.index(h) / 2
            tb = talents + slot * 6
            for ti in tal:
                if ti >= 0:
                    out[tb + ti % 6] = 1.0
            ab = artifacts + slot * nart
            for a in s.arts[h]:
                out[ab + a] = 2.0 if s.equip[h * 3 + t.art_slot[a]] == a else 1.0
            if s.pos[h] >= 0:
                out[positions + slot * ntiles * 4 + s.pos[h]] = 1.0
        on_map, flipped, tile_rot, tile_x, tile_y = s.on_map, s.flipped, s.tile_rot, s.tile_x, s.tile_y
        for tile in range(ntiles):
            if on_map[tile]:
                b = tiles_at + tile * 9
                out[b] = 1.0
                out[b + 1] = tile_x[tile] / 30
                out[b + 2] = tile_y[tile] / 30
                out[b + 3 + tile_rot[tile]] = 1.0
                if flipped[tile]:
                    out[b + 7] = float(flipped[tile])
        for tile in s.removed:
            out[tiles_at + tile * 9 + 8] = 1.0
        codes = TOKEN_CODES + len(t.pieces)
        token = s.token
        for tile in s.placed:
            b = so + tile * 16
            out[b:b + 16] = DARK_ROW if flipped[tile] else rows[tile][tile_rot[tile]]
            sp = tile * 4
            o = ko + sp * codes
            for tok in token[sp:sp + 4]:
                if tok >= 0:
                    out[o + (tok if tok < FUTURE_PIECE else TOKEN_CODES + tok - FUTURE_PIECE)] = 1.0
                o += codes
        if s.figure >= 0:
            out[fo + s.figure * 2] = 1.0
        for v in s.viruses:
            if v >= 0:
                out[fo + v * 2 + 1] = 1.0
        o = turn
        if s.cur >= 0:
            out[o] = max(0, s.steps_left(s.cur)) / 10
            out[o + 1] = max(0, s.actions_left(s.cur)) / 5
            out[o + 2] = s.turns_left(s.cur) / 5
            out[o + 3] = len(s.bonus_unused) / 5
            out[o + 4] = s.slots_used / 7
        o = battle
        if s.b_kind:
            out[o + s.b_kind - 1] = 1.0
            out[o + 5] = s.b_spd / 8
            out[o + 6] = max(0, s.b_def) / 30
            out[o + 7] = s.b_str / 8
            out[o + 8] = s.b_pos / 10
            out[o + 9] = s.b_dice / 10
        o = roll
        if s.r_kind:
            out[o] = s.r_pos / 3
            out[o + 1] = s.r_dice / 4
        o = clock
        out[o] = s.wow / 42
        out[o + 1] = s.flips / 7
        out[o + 2] = len(s.placed) / 30
        out[o + 3] = sum([1 for x in s.placed if not flipped[x]]) / 30
        out[o + 4] = s.tentacles_left / 10
        out[o + 5] = max(0, s.vici_def) / 100
        out[o + 6] = s.pv_left / 30
        if not s.over and s.stack:
            index = FRAME_INDEX.get(type(s.stack[-1]).__name__)
            if index is not None:
                out[decision + index] = 1.0

    return write


def decision_bound(t: Tables) -> int:
    """A bound on the decisions of any game: every loop of the rules spends something finite.

    A turn: its tile (4 decisions), its start (2), at most `steps` Steps (Speed can only come from the
    content's Black Stones and rewards, plus this turn's bonuses), at most `actions` Actions, each of
    which is at worst a battle of BATTLE_ROUND_LIMIT rounds each way, and the end of the turn. The Future
    has at most 12 rounds (the Flood removes a tile a turn save for the Sacred Stones and the Sealed
    Map; the Tree turns 5 tiles a round; the other clocks count 7 to 9 rounds)."""
    c = t.c
    speed_gains = sum(e.n for _, e in c.every_effect() if e.do == "gain" and e.what == "speed")
    black = sum(tile.count("black") for tile in c.tiles)
    steps = max(h.speed for h in c.heroes) + black + speed_gains + 3 + 6 + 3 + 8
    actions = c.board.actions + 3 + 1 + 1 + 6 + 4
    strength = max([b.strength for b in c.battles] + [x.strength for x in t.fcards] +
                   [e.strength for f in c.futures for e in f.enemies] + [12])
    roll = 8 + 6                            # dice turned in one turn, activations, strikes, a reroll
    per_round = 2 * (3 + roll) + strength + 6 + 2 + 1
    battle = rulings.BATTLE_ROUND_LIMIT * per_round + 30
    turn = 10 + 2 * steps + actions * (battle + 40) + 40
    turns = len(c.tiles) + 3 * 12
    rounds = 12 * (40 + 3 * (2 * rulings.PARALLEL_VIRTUES + 20))
    return turns * turn + rounds + 50
