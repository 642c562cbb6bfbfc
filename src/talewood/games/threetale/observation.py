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
from typing import TYPE_CHECKING, Any, Final

from ...engine import ObservationSpec, OptionValue, Segment, State
from ...engine.observation import Update, move_one, numbers, numbers_of
from . import rulings
from .hero_state import virtue_index
from .state import TTState
from .state_fields import FUTURE
from .tables import DARK, FUTURE_PIECE, Tables

if TYPE_CHECKING:
    from .game import ThreeTaleGame

TOKEN_CODES: Final = 15            # Past tokens (their slot's code) and the Offering; then each Future piece
HERO_FEATURES: Final = 16
FRAMES = (
    "PickHero", "ChooseOrder", "ChooseTile", "Snap", "Rotate", "StartSpace", "Turn", "PortalTo", "ReturnBonus",
    "GiveWhich", "Keeper", "Altar", "AltarVirtue", "PickSacrifice", "Endure", "MercyHero", "MercyVirtue", "Shift",
    "AllyMove", "ChooseTarget", "RaiseVirtue", "RaiseOne", "LoseVirtue", "ChooseOption", "PayOrNot",
    "DiscardArtifact", "KeepArtifact", "PickDeck", "Reorder", "KeepQuest", "BeforeRound", "AfterHeroRoll",
    "AfterEnemyRoll", "TakeDamage", "AfterRoll", "PlaceFigure", "PlaceTree", "CrownPay", "CrownMove", "FlipTile",
    "RemoveTile", "HeroFlip", "PlacePV", "TreeFlip", "PlantSeed", "VirusBlock", "ClearTile", "ClearPV",
    "DestroyVirus", "ProtectTile", "Teleport", "MoveWho", "MoveHero",
)
FRAME_INDEX: Final = {name: i for i, name in enumerate(FRAMES)}


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


DARK_ROW: Final = numbers_of([0.0, 0.0, 0.0, 1.0] * 4)     # a flipped tile: its four spaces show dark


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
    it last wrote: the head, the Virtues, the Heroes' boards (then each Hero's own numbers), the Map's
    lists (then each tile), the tokens (then each space), the turn, the battle, the clocks. The copies are
    kept in place (lists copied into, numbers as typed tuples, compared without boxing); those a zeroed
    buffer stands for start as it shows them (no Virtue, no tile on the Map, no token). A different seat
    or Tables clears the buffer and starts over."""

    __slots__ = ("arts_seen", "at", "battle_seen", "boards_seen", "clock_seen", "cur_seen", "decision_seen",
                 "figure_seen", "flipped_seen", "gone", "head_seen", "kind_seen", "laid", "on_map_seen", "placed_seen",
                 "pos_seen", "prophecies_seen", "quests_seen", "removed_seen", "roll_seen", "rot_seen", "rows",
                 "seat", "slots_seen", "speed_bonus_seen", "t", "token_seen", "tokens_seen", "turn_seen",
                 "unturned", "view", "viewed", "vir_seen", "viruses_seen", "x_seen", "y_seen")

    def __init__(self, at: _Layout) -> None:
        self.at = at
        self.t: Tables | None = None
        self.seat = -1
        # single numbers are written through a memoryview of the buffer, kept while the buffer is the same (an
        # array's own item assignment parses its value as a call parses its arguments); runs of zeros into the
        # buffer itself (an array's slice assignment from an array is a copy of bytes)
        self.viewed = at.zeros
        self.view: memoryview[float] = memoryview(at.zeros)

    def _start(self, s: TTState, seat: int, out: array[float]) -> None:
        """Forget what was written (the buffer is zero when the updater is made, and cleared when it starts
        over): nothing is written yet for `seat` and `s.t`."""
        at = self.at
        if self.t is not None:
            out[:] = at.zeros
        self.t, self.seat = s.t, seat
        self.rows = at.space_rows(s.t)
        n = at.ntiles
        # no state has phase -1, a seat -2, a battle or roll of kind -1 or -1 tiles placed: the first look
        # writes those parts whole
        self.head_seen: tuple[int, int, int, int, bool] = (-1, -1, -1, -1, False)
        self.prophecies_seen: list[int] = []
        self.vir_seen = [0] * len(s.vir)
        self.boards_seen: list[list[int]] = [[] for _ in _boards(s)]
        self.arts_seen: list[list[int]] = []
        self.quests_seen: list[list[int]] = []
        self.cur_seen = -2
        self.speed_bonus_seen = 0
        self.slots_seen: list[tuple[Any, ...] | None] = [None, None, None]
        self.pos_seen = [-1, -1, -1]                       # per Hero: the space marked
        # per tile: what its numbers were written from (none on the Map, removed or placed: all 0)
        self.on_map_seen, self.flipped_seen = [False] * n, [False] * n
        self.x_seen, self.y_seen, self.rot_seen = [0] * n, [0] * n, [0] * n
        self.gone, self.laid = [False] * n, [False] * n
        self.removed_seen: list[int] = []
        self.placed_seen: list[int] = []
        self.unturned = 0
        self.token_seen = [-1] * (4 * n)                   # per space: the token (-1: none)
        self.tokens_seen = [-1] * (4 * n)                  # per space: the token column marked, -1 none
        self.figure_seen = -1
        self.viruses_seen: list[int] = []
        self.turn_seen: tuple[int, int, int, int, int, int, int, int, int] = (-2, 0, 0, 0, 0, 0, 0, 0, 0)
        self.battle_seen: tuple[int, int, int, int, int, int] = (-1, 0, 0, 0, 0, 0)
        self.roll_seen: tuple[int, int, int] = (-1, 0, 0)
        self.clock_seen: tuple[int, int, int, int, int, int, int] = (0, 0, -1, 0, 0, 0, 0)
        self.kind_seen: type | None = None                 # no decision (none written)
        self.decision_seen = -1

    def __call__(self, state: State, seat: int, out: array[float]) -> None:
        s: TTState = state  # type: ignore[assignment]
        if s.t is not self.t or seat != self.seat:
            self._start(s, seat, out)
        if out is not self.viewed:
            self.viewed, self.view = out, memoryview(out)
        view = self.view
        at = self.at
        head = (s.phase, s.future, s.turn_no, s.round_no, s.cur == seat)
        if head != self.head_seen or s.prophecies != self.prophecies_seen:
            self._head(s, seat, out, view)
            self.head_seen = head
        virtues = s.vir != self.vir_seen
        if virtues:
            self._virtues(s, seat, view)
        boards = self._boards_moved(s)
        if boards:
            self._heroes(s, seat, out, view)
        if s.pos != self.pos_seen:
            self._positions(s, seat, view)
        if (s.on_map != self.on_map_seen or s.tile_x != self.x_seen or s.tile_y != self.y_seen
                or s.tile_rot != self.rot_seen or s.flipped != self.flipped_seen or s.removed != self.removed_seen
                or s.placed != self.placed_seen):
            self._map(s, out, view)
        if s.token != self.token_seen:
            self._tokens(s, view)
        if s.figure != self.figure_seen or s.viruses != self.viruses_seen:
            self._figures(s, view)
        turn = (s.cur, s.steps, s.acts, s.turns_used, s.turn.speed, s.turn.actions, s.turn.dice_to_turn,
                len(s.bonus_unused), s.slots_used)
        if boards or virtues or turn != self.turn_seen:
            self._turn(s, out, view)
            self.turn_seen = turn
        b = s.battle
        battle = (b.kind, b.speed, b.defense, b.strength, b.positive, b.dice)
        if battle != self.battle_seen:
            o = at.battle
            out[o:o + 10] = at.zero_battle
            if b.kind:
                view[o + b.kind - 1] = 1.0
                view[o + 5] = b.speed / 8
                view[o + 6] = max(0, b.defense) / 30
                view[o + 7] = b.strength / 8
                view[o + 8] = b.positive / 10
                view[o + 9] = b.dice / 10
            self.battle_seen = battle
        r = s.roll
        roll = (r.kind, r.positive, r.dice)
        if roll != self.roll_seen:
            o = at.roll
            view[o] = r.positive / 3 if r.kind else 0.0
            view[o + 1] = r.dice / 4 if r.kind else 0.0
            self.roll_seen = roll
        clock = (s.wow, s.flips, len(s.placed), self.unturned, s.tentacles_left, s.vici_def, s.pv_left)
        if clock != self.clock_seen:
            o = at.clock
            view[o] = s.wow / 42
            view[o + 1] = s.flips / 7
            view[o + 2] = len(s.placed) / 30
            view[o + 3] = self.unturned / 30
            view[o + 4] = s.tentacles_left / 10
            view[o + 5] = max(0, s.vici_def) / 100
            view[o + 6] = s.pv_left / 30
            self.clock_seen = clock
        kind = type(s.stack[-1]) if s.stack and not s.over else None
        if kind is not self.kind_seen:        # the same kind of frame: the same decision
            index = FRAME_INDEX.get(kind.__name__, -1) if kind is not None else -1
            if index != self.decision_seen:
                move_one(view, at.decision, self.decision_seen, index)
                self.decision_seen = index
            self.kind_seen = kind

    def _head(self, s: TTState, seat: int, out: array[float], view: memoryview[float]) -> None:
        """The phase, the Future, the Prophecies and the progress."""
        at = self.at
        out[at.phase:at.heroes] = at.zero_head
        view[at.phase + s.phase] = 1.0
        view[at.future + (s.future if s.future >= 0 else len(s.t.c.futures))] = 1.0
        for p in s.prophecies:
            view[at.prophecies + p] = 1.0
        view[at.progress] = min(s.turn_no, 30) / 30 if s.phase < FUTURE else 1.0
        view[at.progress + 1] = s.round_no / 12 if s.phase == FUTURE else 0.0
        view[at.progress + 2] = float(s.cur == seat)
        self.prophecies_seen[:] = s.prophecies

    def _boards_moved(self, s: TTState) -> bool:
        """Whether a Hero's board differs from the copies kept of what was last written (each list once, in
        the order of `_boards`)."""
        seen = self.boards_seen
        return (s.cur != self.cur_seen or s.turn.speed != self.speed_bonus_seen or s.hero != seen[0]
                or s.speed != seen[1] or s.spirit != seen[2] or s.shev != seen[3] or s.tal != seen[4]
                or s.offerings != seen[5] or s.stones != seen[6] or s.rings != seen[7] or s.heads != seen[8]
                or s.seeds != seen[9] or s.order != seen[10] or s.equip != seen[11] or s.arts != self.arts_seen
                or s.quests != self.quests_seen)

    def _heroes(self, s: TTState, seat: int, out: array[float], view: memoryview[float]) -> None:
        """Each Hero's board, Talents and Artifacts, rewritten for the Heroes whose numbers changed."""
        for kept, now in zip(self.boards_seen, _boards(s), strict=True):
            kept[:] = now
        if s.arts != self.arts_seen:
            self.arts_seen = [a[:] for a in s.arts]
        if s.quests != self.quests_seen:
            self.quests_seen = [q[:] for q in s.quests]
        self.cur_seen, self.speed_bonus_seen = s.cur, s.turn.speed
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
                view[base + s.hero[h]] = 1.0
            f = base + nh
            view[f + 6] = s.speed[h] / 20
            view[f + 7] = s.speed_now(h) / 20 if s.hero[h] >= 0 else 0.0
            view[f + 8] = s.spirit[h] / 3
            view[f + 9] = s.shev[h] / 12
            view[f + 10] = s.talents_developed(h) / 3
            view[f + 11] = float(s.offerings[h])
            view[f + 12] = float(s.stones[h])
            view[f + 13] = s.rings[h] / 9 + (s.heads[h] / 7) + s.seeds[h] / 4
            view[f + 14] = len(s.quests[h]) / 6
            view[f + 15] = s.order.index(h) / 2
            tb = at.talents + slot * 6
            out[tb:tb + 6] = at.zero_talents
            for ti in tal:
                if ti >= 0:
                    view[tb + ti % 6] = 1.0
            ab = at.artifacts + slot * nart
            out[ab:ab + nart] = at.zero_artifacts
            for a in arts:
                view[ab + a] = 2.0 if equip[t.art_slot[a]] == a else 1.0

    def _virtues(self, s: TTState, seat: int, view: memoryview[float]) -> None:
        """Each Hero's six Virtues: the numbers whose Virtue changed."""
        vir, seen = s.vir, self.vir_seen
        first, width = self.at.virtues, self.at.hero_width
        for slot in range(3):
            h = (seat + slot) % 3
            o = first + slot * width
            for k in range(6):
                i = virtue_index(h, k)
                v = vir[i]
                if v != seen[i]:
                    view[o + k] = v / 13
                    seen[i] = v

    def _positions(self, s: TTState, seat: int, view: memoryview[float]) -> None:
        at = self.at
        spaces = at.ntiles * 4
        pos, seen = s.pos, self.pos_seen
        for slot in range(3):
            h = (seat + slot) % 3
            if pos[h] != seen[h]:
                move_one(view, at.positions + slot * spaces, seen[h], pos[h])
        seen[:] = pos

    def _map(self, s: TTState, out: array[float], view: memoryview[float]) -> None:
        """The tiles, what their spaces show and their tokens, rewritten for the tiles whose numbers
        changed."""
        at = self.at
        n = at.ntiles
        on_map, flipped, tile_rot, tile_x, tile_y = s.on_map, s.flipped, s.tile_rot, s.tile_x, s.tile_y
        was_on, was_flipped, was_rot, was_x, was_y = (self.on_map_seen, self.flipped_seen, self.rot_seen,
                                                      self.x_seen, self.y_seen)
        was_gone, was_laid = self.gone, self.laid
        gone = [False] * n
        for tile in s.removed:
            gone[tile] = True
        laid = [False] * n
        for tile in s.placed:
            laid[tile] = True
        rows = self.rows
        token, tokens = s.token, self.tokens_seen
        codes = TOKEN_CODES + len(s.t.pieces)
        for tile in range(n):
            on, x, y, rot, flip, removed, down = (on_map[tile], tile_x[tile], tile_y[tile], tile_rot[tile],
                                                  flipped[tile], gone[tile], laid[tile])
            if (on == was_on[tile] and x == was_x[tile] and y == was_y[tile] and rot == was_rot[tile]
                    and flip == was_flipped[tile] and removed == was_gone[tile] and down == was_laid[tile]):
                continue
            b = at.tiles + tile * 9
            out[b:b + 9] = at.zero_tile
            if on:
                view[b] = 1.0
                view[b + 1] = x / 30
                view[b + 2] = y / 30
                view[b + 3 + rot] = 1.0
                if flip:
                    view[b + 7] = 1.0
            if removed:
                view[b + 8] = 1.0
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
                            view[o + column] = 1.0
                            tokens[sp] = column
                        sp += 1
                        o += codes
                else:
                    for column in tokens[sp:sp + 4]:
                        if column >= 0:
                            view[o + column] = 0.0
                        o += codes
                    tokens[sp:sp + 4] = [-1] * 4
        was_on[:], was_flipped[:], was_rot[:], was_x[:], was_y[:] = on_map, flipped, tile_rot, tile_x, tile_y
        self.gone, self.laid = gone, laid
        self.removed_seen[:] = s.removed
        self.placed_seen[:] = s.placed
        unturned = 0
        for tile in s.placed:
            if not flipped[tile]:
                unturned += 1
        self.unturned = unturned

    def _tokens(self, s: TTState, view: memoryview[float]) -> None:
        """The token on each space whose token changed, where its tile is placed."""
        token, seen, laid, marked = s.token, self.token_seen, self.laid, self.tokens_seen
        shift = TOKEN_CODES - FUTURE_PIECE
        codes = TOKEN_CODES + len(s.t.pieces)
        ko = self.at.tokens
        for sp in range(len(token)):
            tok = token[sp]
            if tok == seen[sp]:
                continue
            seen[sp] = tok
            now = (tok if tok < FUTURE_PIECE else tok + shift) if tok >= 0 and laid[sp >> 2] else -1
            was = marked[sp]
            if now != was:
                move_one(view, ko + sp * codes, was, now)
                marked[sp] = now

    def _figures(self, s: TTState, view: memoryview[float]) -> None:
        fo = self.at.figures
        if self.figure_seen >= 0:
            view[fo + self.figure_seen * 2] = 0.0
        for v in self.viruses_seen:
            if v >= 0:
                view[fo + v * 2 + 1] = 0.0
        if s.figure >= 0:
            view[fo + s.figure * 2] = 1.0
        for v in s.viruses:
            if v >= 0:
                view[fo + v * 2 + 1] = 1.0
        self.figure_seen = s.figure
        self.viruses_seen[:] = s.viruses

    def _turn(self, s: TTState, out: array[float], view: memoryview[float]) -> None:
        o = self.at.turn
        if s.cur >= 0:
            view[o] = max(0, s.steps_left(s.cur)) / 10
            view[o + 1] = max(0, s.actions_left(s.cur)) / 5
            view[o + 2] = s.turns_left(s.cur) / 5
            view[o + 3] = len(s.bonus_unused) / 5
            view[o + 4] = s.slots_used / 7
        else:
            out[o:o + 5] = self.at.zero_turn


def _boards(s: TTState) -> list[list[int]]:
    """The flat lists of the Heroes' boards the observation reads (`_Follower._boards_moved` compares them
    in this order)."""
    return [s.hero, s.speed, s.spirit, s.shev, s.tal, s.offerings, s.stones, s.rings, s.heads, s.seeds, s.order,
            s.equip]


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
