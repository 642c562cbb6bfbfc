"""What one seat sees of a ThreeTale game, as a fixed-size vector of numbers (engine/observation.py),
and the bound on any game's decisions.

Seats are ordered from the observer (slot 0 is the observer). Nothing is hidden between the Heroes,
so the encoding reads the state; it shows nothing the view does not (no deck order, no future die).

The layout is built once per game. The encoding is written once, as an updater (engine/observation.py):
it keeps one seat's buffer up to date, remembering what it last wrote for each part (the Map, the
tokens, the Heroes' boards, the turn, the battle, the clocks, the decision) and rewriting only the
parts whose inputs changed since, the tiles, spaces and Heroes within them one by one; a placed
tile's spaces are copied from a row laid out once per tile and rotation. The whole encoding is written by a fresh
updater on a zeroed buffer, so `Game.encode` and the environments never disagree.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any

from ...engine import ObservationSpec, OptionValue, Segment, State
from ...engine.observation import Update, numbers, numbers_of
from . import rulings
from .hero_state import virtues_of
from .state import TTState
from .state_fields import FUTURE
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


def observation_spec(game: ThreeTaleGame, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
    """The layout: the same for every option and number of people (the game keeps one)."""
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
    at = _Layout(spec, t)

    def follow() -> Update:
        return _Follower(at)

    spec.updater = follow     # and no writer: a fresh updater writes a zeroed buffer (ObservationSpec.write)
    return spec


def encode(game: ThreeTaleGame, s: TTState, seat: int) -> list[float]:
    return game.observation_spec(s.players, s.options).encode(s, seat)


def _space_rows(t: Tables) -> list[list[array[float]]]:
    """Per tile and rotation, the `spaces` numbers of its four spaces while it lies unflipped."""
    rows = []
    for kinds in t.tile_kind:
        per_rotation = []
        for rot in range(4):
            row = numbers(16)
            for k in range(4):
                kind = kinds[(k - rot) & 3]
                if kind < 3:
                    row[k * 4 + kind] = 1.0
                elif kind == DARK:
                    row[k * 4 + 3] = 1.0
            per_rotation.append(row)
        rows.append(per_rotation)
    return rows


DARK_ROW = numbers_of([0.0, 0.0, 0.0, 1.0] * 4)     # a flipped tile: its four spaces show dark


class _Layout:
    """Where each part of the observation lies, zeroed blocks to clear them with, and per Tables (one per
    difficulty) the numbers laid out once."""

    def __init__(self, spec: ObservationSpec, t: Tables) -> None:
        c = t.c
        self.phase, self.heroes = spec.offset("phase"), spec.offset("heroes")
        self.future, self.prophecies, self.progress = spec.offset("future"), spec.offset("prophecies"), \
            spec.offset("progress")
        self.talents, self.artifacts, self.positions = spec.offset("talents"), spec.offset("artifacts"), \
            spec.offset("positions")
        self.tiles, self.spaces, self.tokens, self.figures = spec.offset("tiles"), spec.offset("spaces"), \
            spec.offset("tokens"), spec.offset("figures")
        self.turn, self.battle, self.roll, self.clock, self.decision = spec.offset("turn"), spec.offset("battle"), \
            spec.offset("roll"), spec.offset("clock"), spec.offset("decision")
        self.hero_width = len(c.heroes) + HERO_FEATURES
        self.virtues = self.heroes + len(c.heroes)         # the first Hero's Virtues
        self.ntiles = len(c.tiles)
        self.every_tile, self.every_space = range(self.ntiles), range(4 * self.ntiles)
        self.zeros = spec.buffer()
        self.zero_head = numbers(self.heroes - self.phase)
        self.zero_heroes = numbers(len(c.heroes))
        self.zero_talents = numbers(6)
        self.zero_artifacts = numbers(len(c.artifacts))
        self.zero_tile = numbers(9)
        self.zero_spaces = numbers(16)
        self.zero_turn = numbers(5)
        self.zero_battle = numbers(10)
        self._rows: dict[int, tuple[Tables, list[list[array[float]]]]] = {}

    def space_rows(self, t: Tables) -> list[list[array[float]]]:
        known = self._rows.get(id(t))
        if known is None or known[0] is not t:
            known = self._rows[id(t)] = (t, _space_rows(t))
        return known[1]


class _Follower:
    """Keeps one seat's buffer equal to the encoding (engine/observation.py: an updater).

    Each part of the observation is rewritten only when its inputs differ from the copies kept of what
    it last wrote: the Map's lists, the tokens, the Heroes' boards (then each Hero's own numbers), the
    turn, the battle, the clocks. A different seat or Tables clears the buffer and starts over."""

    __slots__ = ("at", "battle_seen", "clock_seen", "decision_seen", "figure_seen", "head_seen", "heroes_seen",
                 "laid", "map_seen", "pos_seen", "prophecies_seen", "roll_seen", "rows", "seat", "slots_seen",
                 "t", "tiles_seen", "token_seen", "tokens_seen", "turn_seen", "unturned", "vir_seen", "viruses_seen")

    def __init__(self, at: _Layout) -> None:
        self.at = at
        self.t: Tables | None = None
        self.seat = -1

    def _start(self, t: Tables, seat: int, out: array[float]) -> None:
        """Forget what was written (the buffer is zero when the updater is made, and cleared when it starts
        over): nothing is written yet for `seat` and `t`."""
        at = self.at
        if self.t is not None:
            out[:] = at.zeros
        self.t, self.seat = t, seat
        self.rows = at.space_rows(t)
        n = at.ntiles
        self.head_seen: tuple[int, ...] | None = None
        self.prophecies_seen: list[int] | None = None
        self.vir_seen: list[int] | None = None
        self.heroes_seen: tuple[Any, ...] | None = None
        self.slots_seen: list[tuple[Any, ...] | None] = [None, None, None]
        self.pos_seen = [-1, -1, -1]                       # per Hero: the space marked
        self.map_seen: tuple[list[Any], ...] | None = None
        self.tiles_seen: list[tuple[Any, ...] | None] = [None] * n
        self.laid = [False] * n                            # per tile: placed
        self.unturned = 0
        self.token_seen: list[int] | None = None
        self.tokens_seen = [-1] * (4 * n)                  # per space: the token column marked, -1 none
        self.figure_seen = -1
        self.viruses_seen: list[int] = []
        self.turn_seen: tuple[int, ...] | None = None
        self.battle_seen: tuple[int, ...] | None = None
        self.roll_seen: tuple[int, ...] | None = None
        self.clock_seen: tuple[int, ...] | None = None
        self.decision_seen = -1

    def __call__(self, state: State, seat: int, out: array[float]) -> None:
        s: TTState = state  # type: ignore[assignment]
        if s.t is not self.t or seat != self.seat:
            self._start(s.t, seat, out)
        at = self.at
        head = (s.phase, s.future, s.turn_no, s.round_no, s.cur == seat)
        if head != self.head_seen or s.prophecies != self.prophecies_seen:
            self._head(s, seat, out)
            self.head_seen = head
        virtues = s.vir != self.vir_seen
        if virtues:
            self._virtues(s, seat, out)
        boards = (s.hero, s.speed, s.spirit, s.shev, s.tal, s.offerings, s.stones, s.rings, s.heads, s.seeds, s.order,
                  s.equip, s.arts, s.quests, s.cur, s.turn.speed) != self.heroes_seen
        if boards:
            self._heroes(s, seat, out)
        if s.pos != self.pos_seen:
            self._positions(s, seat, out)
        if (s.on_map, s.flipped, s.tile_rot, s.tile_x, s.tile_y, s.removed, s.placed) != self.map_seen:
            self._map(s, out)
        if s.token != self.token_seen:
            seen = self.token_seen
            if seen is not None:       # else `_map` has just written every placed tile's tokens
                self._tokens(s, list(compress(at.every_space, map(ne, s.token, seen))), out)
            self.token_seen = s.token[:]
        if s.figure != self.figure_seen or s.viruses != self.viruses_seen:
            self._figures(s, out)
        turn = (s.cur, s.steps, s.acts, s.turns_used, s.turn.speed, s.turn.actions, s.turn.dice_to_turn,
                len(s.bonus_unused), s.slots_used)
        if boards or virtues or turn != self.turn_seen:
            self._turn(s, out)
            self.turn_seen = turn
        b = s.battle
        battle = (b.kind, b.speed, b.defense, b.strength, b.positive, b.dice)
        if battle != self.battle_seen:
            o = at.battle
            out[o:o + 10] = at.zero_battle
            if b.kind:
                out[o + b.kind - 1] = 1.0
                out[o + 5] = b.speed / 8
                out[o + 6] = max(0, b.defense) / 30
                out[o + 7] = b.strength / 8
                out[o + 8] = b.positive / 10
                out[o + 9] = b.dice / 10
            self.battle_seen = battle
        roll = (s.roll.kind, s.roll.positive, s.roll.dice)
        if roll != self.roll_seen:
            o = at.roll
            out[o] = s.roll.positive / 3 if s.roll.kind else 0.0
            out[o + 1] = s.roll.dice / 4 if s.roll.kind else 0.0
            self.roll_seen = roll
        clock = (s.wow, s.flips, len(s.placed), self.unturned, s.tentacles_left, s.vici_def, s.pv_left)
        if clock != self.clock_seen:
            o = at.clock
            out[o] = s.wow / 42
            out[o + 1] = s.flips / 7
            out[o + 2] = len(s.placed) / 30
            out[o + 3] = self.unturned / 30
            out[o + 4] = s.tentacles_left / 10
            out[o + 5] = max(0, s.vici_def) / 100
            out[o + 6] = s.pv_left / 30
            self.clock_seen = clock
        index = FRAME_INDEX.get(type(s.stack[-1]).__name__, -1) if s.stack and not s.over else -1
        if index != self.decision_seen:
            if self.decision_seen >= 0:
                out[at.decision + self.decision_seen] = 0.0
            if index >= 0:
                out[at.decision + index] = 1.0
            self.decision_seen = index

    def _head(self, s: TTState, seat: int, out: array[float]) -> None:
        """The phase, the Future, the Prophecies and the progress."""
        at = self.at
        out[at.phase:at.heroes] = at.zero_head
        out[at.phase + s.phase] = 1.0
        out[at.future + (s.future if s.future >= 0 else len(s.t.c.futures))] = 1.0
        for p in s.prophecies:
            out[at.prophecies + p] = 1.0
        out[at.progress] = min(s.turn_no, 30) / 30 if s.phase < FUTURE else 1.0
        out[at.progress + 1] = s.round_no / 12 if s.phase == FUTURE else 0.0
        out[at.progress + 2] = float(s.cur == seat)
        self.prophecies_seen = s.prophecies[:]

    def _heroes(self, s: TTState, seat: int, out: array[float]) -> None:
        """Each Hero's board, Talents and Artifacts, rewritten for the Heroes whose numbers changed."""
        self.heroes_seen = (s.hero[:], s.speed[:], s.spirit[:], s.shev[:], s.tal[:], s.offerings[:],
                            s.stones[:], s.rings[:], s.heads[:], s.seeds[:], s.order[:], s.equip[:],
                            [a[:] for a in s.arts], [q[:] for q in s.quests], s.cur, s.turn.speed)
        at = self.at
        t = s.t
        nh = len(t.c.heroes)
        width = nh + HERO_FEATURES
        nart = len(t.c.artifacts)
        for slot in range(3):
            h = (seat + slot) % 3
            tal = s.talents(h)
            equip = s.slots(h)
            arts = s.arts[h]
            key = (s.hero[h], s.speed[h], s.spirit[h], s.shev[h], tal, s.offerings[h], s.stones[h],
                   s.rings[h], s.heads[h], s.seeds[h], len(s.quests[h]), s.order.index(h), arts[:], equip,
                   s.turn.speed if h == s.cur else 0)
            if key == self.slots_seen[slot]:
                continue
            self.slots_seen[slot] = key
            base = at.heroes + slot * width
            out[base:base + nh] = at.zero_heroes
            if s.hero[h] >= 0:
                out[base + s.hero[h]] = 1.0
            f = base + nh
            out[f + 6] = s.speed[h] / 20
            out[f + 7] = s.speed_now(h) / 20 if s.hero[h] >= 0 else 0.0
            out[f + 8] = s.spirit[h] / 3
            out[f + 9] = s.shev[h] / 12
            out[f + 10] = s.talents_developed(h) / 3
            out[f + 11] = float(s.offerings[h])
            out[f + 12] = float(s.stones[h])
            out[f + 13] = s.rings[h] / 9 + (s.heads[h] / 7) + s.seeds[h] / 4
            out[f + 14] = len(s.quests[h]) / 6
            out[f + 15] = s.order.index(h) / 2
            tb = at.talents + slot * 6
            out[tb:tb + 6] = at.zero_talents
            for ti in tal:
                if ti >= 0:
                    out[tb + ti % 6] = 1.0
            ab = at.artifacts + slot * nart
            out[ab:ab + nart] = at.zero_artifacts
            for a in arts:
                out[ab + a] = 2.0 if equip[t.art_slot[a]] == a else 1.0

    def _virtues(self, s: TTState, seat: int, out: array[float]) -> None:
        """Each Hero's six Virtues, rewritten for the Heroes whose Virtues changed."""
        seen = self.vir_seen
        at = self.at
        for slot in range(3):
            h = (seat + slot) % 3
            now = s.virtues(h)
            if seen is None or now != virtues_of(seen, h):
                f = at.virtues + slot * at.hero_width
                out[f:f + 6] = numbers_of([v / 13 for v in now])
        self.vir_seen = s.vir[:]

    def _positions(self, s: TTState, seat: int, out: array[float]) -> None:
        at = self.at
        spaces = at.ntiles * 4
        pos, seen = s.pos, self.pos_seen
        for slot in range(3):
            h = (seat + slot) % 3
            if pos[h] != seen[h]:
                o = at.positions + slot * spaces
                if seen[h] >= 0:
                    out[o + seen[h]] = 0.0
                if pos[h] >= 0:
                    out[o + pos[h]] = 1.0
        self.pos_seen = pos[:]

    def _map(self, s: TTState, out: array[float]) -> None:
        """The tiles, what their spaces show and their tokens, rewritten for the tiles whose numbers
        changed."""
        at = self.at
        n = at.ntiles
        on_map, flipped, tile_rot, placed = s.on_map, s.flipped, s.tile_rot, s.placed
        self.map_seen = (on_map[:], flipped[:], tile_rot[:], s.tile_x[:], s.tile_y[:], s.removed[:], placed[:])
        removed = [False] * n
        for tile in s.removed:
            removed[tile] = True
        laid = [False] * n
        for tile in placed:
            laid[tile] = True
        keys: list[tuple[Any, ...] | None] = list(zip(on_map, s.tile_x, s.tile_y, tile_rot, flipped, removed, laid,
                                                      strict=True))
        rows, seen, was_laid = self.rows, self.tiles_seen, self.laid
        token, tokens = s.token, self.tokens_seen
        codes = TOKEN_CODES + len(s.t.pieces)
        for tile in list(compress(at.every_tile, map(ne, keys, seen))):
            on, x, y, rot, flip, gone, down = keys[tile]  # type: ignore[misc]
            shown = seen[tile] is not None      # else its numbers are still 0
            b = at.tiles + tile * 9
            if shown:
                out[b:b + 9] = at.zero_tile
            if on:
                out[b] = 1.0
                out[b + 1] = x / 30
                out[b + 2] = y / 30
                out[b + 3 + rot] = 1.0
                if flip:
                    out[b + 7] = 1.0
            if gone:
                out[b + 8] = 1.0
            if down:
                b = at.spaces + tile * 16
                out[b:b + 16] = DARK_ROW if flip else rows[tile][rot]
            elif was_laid[tile]:
                b = at.spaces + tile * 16
                out[b:b + 16] = at.zero_spaces
            if down != was_laid[tile]:       # its tokens show, or go
                sp = tile * 4
                o = at.tokens + sp * codes
                if down:                      # (no token of a tile not placed is marked)
                    for tok in token[sp:sp + 4]:
                        if tok >= 0:
                            column = tok if tok < FUTURE_PIECE else tok + TOKEN_CODES - FUTURE_PIECE
                            out[o + column] = 1.0
                            tokens[sp] = column
                        sp += 1
                        o += codes
                else:
                    for column in tokens[sp:sp + 4]:
                        if column >= 0:
                            out[o + column] = 0.0
                        o += codes
                    tokens[sp:sp + 4] = [-1] * 4
        self.tiles_seen, self.laid = keys, laid
        self.unturned = sum([1 for tile in placed if not flipped[tile]])

    def _tokens(self, s: TTState, spaces: list[int], out: array[float]) -> None:
        """The token on each of `spaces` where its tile is placed."""
        token, laid, seen = s.token, self.laid, self.tokens_seen
        shift = TOKEN_CODES - FUTURE_PIECE
        codes = TOKEN_CODES + len(s.t.pieces)
        ko = self.at.tokens
        for sp in spaces:
            tok = token[sp]
            now = (tok if tok < FUTURE_PIECE else tok + shift) if tok >= 0 and laid[sp >> 2] else -1
            was = seen[sp]
            if now != was:
                o = ko + sp * codes
                if was >= 0:
                    out[o + was] = 0.0
                if now >= 0:
                    out[o + now] = 1.0
                seen[sp] = now

    def _figures(self, s: TTState, out: array[float]) -> None:
        fo = self.at.figures
        if self.figure_seen >= 0:
            out[fo + self.figure_seen * 2] = 0.0
        for v in self.viruses_seen:
            if v >= 0:
                out[fo + v * 2 + 1] = 0.0
        if s.figure >= 0:
            out[fo + s.figure * 2] = 1.0
        for v in s.viruses:
            if v >= 0:
                out[fo + v * 2 + 1] = 1.0
        self.figure_seen = s.figure
        self.viruses_seen = s.viruses[:]

    def _turn(self, s: TTState, out: array[float]) -> None:
        o = self.at.turn
        if s.cur >= 0:
            out[o] = max(0, s.steps_left(s.cur)) / 10
            out[o + 1] = max(0, s.actions_left(s.cur)) / 5
            out[o + 2] = s.turns_left(s.cur) / 5
            out[o + 3] = len(s.bonus_unused) / 5
            out[o + 4] = s.slots_used / 7
        else:
            out[o:o + 5] = self.at.zero_turn


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
