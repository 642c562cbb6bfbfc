"""Spirits of the Forest: the state and the rules of a turn.

The forest is a grid of places (see layouts.py). A turn is a short sequence of decision frames:
take a tile → (pay for a reserved tile) → maybe a second tile → (remove a firefly) → place or
move a gemstone. The end of the game (fireflies, wishes, scoring, hexes) lives in scoring.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import Any

from ...engine import Frame, Result, Rng, State, seat_name
from . import rulings
from .actions import Ids
from .content import AIR, POWER_NAMES, SPIRIT_NAMES, SPIRITS, Content

# Decision frames.
F_TAKE = "take"          # collect the first tile of the turn (solo: the only one)
F_SECOND = "second"      # optionally a second single tile of the same spirit; data = (spirit,)
F_PAY = "pay"            # choose which placed gemstone pays for a reserved tile; data = (tile,)
F_FIREFLY = "firefly"    # choose which firefly the -1 Firefly token removes
F_GEM = "gem"            # place a gemstone, or move one when the supply is empty
F_MOVE_TO = "move_to"    # where the lifted gemstone goes; data = (from_tile,)
F_WISH = "wish"          # keep one of two Wish cards
F_HEX = "hex"            # keep one of two Hex cards
F_FAVOR = "favor"        # Wish reward: choose a favor token from the box

PROMPTS = {
    F_TAKE: "collect a tile from an open end of a row",
    F_SECOND: "take a second single tile of the same spirit, or stop",
    F_PAY: "choose which of your placed gemstones pays for the reserved tile",
    F_FIREFLY: "choose the tile whose Silver Firefly the -1 Firefly token removes",
    F_GEM: "place a gemstone on a tile (or move one), or stop",
    F_MOVE_TO: "choose the tile your gemstone moves to",
    F_WISH: "keep one of your two Wish cards (secretly)",
    F_HEX: "keep one of your two Hex cards (secretly)",
    F_FAVOR: "your Wish is granted: choose a favor token from those removed at setup",
}


@dataclass(frozen=True)
class Config:
    """What a game's setup fixes for its whole length; shared by every clone."""

    players: int
    solo: bool
    layout_id: str
    rows: int
    cols: int
    place_row: tuple[int, ...]         # row of each place
    place_col: tuple[int, ...]
    n_spirits: int                     # 9, or 10 with the Air Spirit
    seasons: bool
    fireflies: bool
    wishes: bool
    hexes: bool
    row_min: tuple[int, ...]           # tiles that must stay in each row (Seasons), else 0
    season_tokens: tuple[int, ...]     # per row: the season token's value, DROP, or None-as--2
    first_player: int
    gemstones: int                     # per player at the start
    single: tuple[int, ...]            # per tile: the spirit of a single tile, -1 for a double


NO_SEASON = -2


class SpiritsState(State):
    __slots__ = (
        "box",
        "c",
        "cards_revealed",
        "cfg",
        "cur",
        "discarded",
        "discarded_tiles",
        "drop_open",
        "drops",
        "exposed",
        "face_up",
        "favors",
        "final",
        "firefly",
        "first_turn",
        "frames",
        "free_up",
        "gem_on",
        "hex",
        "hex_hand",
        "ids",
        "lost",
        "opp_hidden",
        "opp_revealed",
        "opp_sym",
        "opp_tiles",
        "over",
        "place_tile",
        "placed",
        "plus_new",
        "public_token",
        "pw",
        "reward_syms",
        "row_count",
        "solo_token",
        "supply",
        "sym",
        "tile_place",
        "tiles_of",
        "token_at",
        "token_up",
        "took",
        "turn",
        "wish",
        "wish_hand",
        "wish_met",
    )

    c: Content
    cfg: Config
    ids: Ids
    frames: list[Frame]
    place_tile: list[int]
    tile_place: list[int]
    face_up: list[bool]
    exposed: list[int]
    row_count: list[int]
    token_at: list[int]
    token_up: list[bool]
    gem_on: list[int]
    free_up: list[bool]                # per tile: in the forest, face up, no gemstone (reservable)
    firefly: list[bool]
    supply: list[int]
    placed: list[int]
    lost: list[int]
    tiles_of: list[list[int]]
    discarded_tiles: list[list[int]]
    sym: list[int]
    pw: list[int]
    favors: list[list[int]]
    public_token: list[bool]
    plus_new: list[int]
    box: list[int]
    discarded: list[int]
    drops: list[int]
    drop_open: list[bool]
    wish_hand: list[list[int]]
    wish: list[int]
    wish_met: list[bool]               # per seat, once the end resolves the Wish cards
    hex_hand: list[list[int]]
    hex: list[int]
    cards_revealed: bool
    reward_syms: list[list[int]]
    opp_tiles: list[int]
    opp_sym: list[int]
    opp_hidden: list[int]
    opp_revealed: int
    solo_token: int
    cur: int
    took: int
    turn: int
    first_turn: bool
    over: bool
    final: Result | None

    # -- the contract ------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.frames[-1].seat

    @property
    def all_tiles(self) -> range:
        return range(len(self.tile_place))

    @property
    def is_over(self) -> bool:
        return self.over

    def prompt(self) -> str:
        if self.over:
            return "the game is over"
        frame = self.frames[-1]
        return f"{seat_name(frame.seat)}: {PROMPTS[frame.kind]}"

    def describe(self, action: int) -> str:
        ids = self.ids
        label = self.game.action_space.spec(action).label
        if action < ids.reserve:
            place = self.tile_place[action]
            if place >= 0:
                return f"{label} (row {self.cfg.place_row[place] + 1}, column {self.cfg.place_col[place] + 1})"
        return label

    def result(self) -> Result:
        if self.final is None:
            raise ValueError("the game is not over: there is no result yet")
        return self.final

    # -- legal actions -----------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        if self.over:
            return []
        frame = self.frames[-1]
        kind = frame.kind
        seat = frame.seat
        ids = self.ids
        if kind == F_TAKE:
            out = sorted(self._take_options(seat, -1))
            if self._plus_usable(seat):
                out.append(ids.plus)
            return out
        if kind == F_SECOND:
            out = sorted(self._take_options(seat, frame.data[0]))
            out.append(ids.stop)
            if self._plus_usable(seat):
                out.append(ids.plus)
            return out
        if kind == F_GEM:
            return self._gem_options(seat)
        if kind == F_MOVE_TO:
            origin = ids.reserve + frame.data[0]
            return [a for a in self._reservable(ids.reserve) if a != origin]
        if kind == F_PAY:
            base = ids.lift
            return [base + t for t in self._own_gem_tiles(seat)]
        if kind == F_FIREFLY:
            base = ids.firefly
            return [base + t for t in self.tiles_of[seat] if self.firefly[t]]
        if kind == F_WISH:
            return sorted(ids.wish + w for w in self.wish_hand[seat])
        if kind == F_HEX:
            return sorted(ids.hex + h for h in self.hex_hand[seat])
        if kind == F_FAVOR:
            return sorted(ids.favor + k for k in self.box)
        raise AssertionError(kind)

    def _take_options(self, seat: int, spirit: int) -> list[int]:
        """Tiles `seat` may take now; `spirit` >= 0 restricts to single tiles of that spirit."""
        gem_on = self.gem_on
        can_pay = self.supply[seat] > 0 or self.placed[seat] > 0
        singles = self.cfg.single
        out = []
        seasons = self.cfg.seasons
        for t in self.exposed:
            if spirit >= 0 and singles[t] != spirit:
                continue
            g = gem_on[t]
            if g >= 0 and g != seat and not can_pay:
                continue
            if seasons and not self._row_open(self.cfg.place_row[self.tile_place[t]]):
                continue
            out.append(t)
        return out

    def _row_open(self, row: int) -> bool:
        return self.row_count[row] > self.cfg.row_min[row]

    def _reservable(self, base: int = 0) -> list[int]:
        """Tiles (as `base` + id) a gemstone may go on: face up, in the forest, free, row still open."""
        spots = list(compress(range(base, base + len(self.free_up)), self.free_up))
        if self.cfg.seasons:
            row_of = self.cfg.place_row
            tile_place = self.tile_place
            spots = [t for t in spots if self._row_open(row_of[tile_place[t - base]])]
        return spots

    def _own_gem_tiles(self, seat: int) -> list[int]:
        gem_on = self.gem_on
        return [t for t in range(len(gem_on)) if gem_on[t] == seat]

    def _gem_options(self, seat: int) -> list[int]:
        ids = self.ids
        out: list[int] = []
        if self.supply[seat] > 0:
            out = self._reservable(ids.reserve)
        elif self.placed[seat] > 0 and self._reservable():   # somewhere to move to (never onto a gemstone)
            base = ids.lift
            out = [base + t for t in self._own_gem_tiles(seat)]
        if out or self._plus_usable(seat):
            out.append(ids.stop)
        if self._plus_usable(seat):
            out.append(ids.plus)
        return out

    def _plus_usable(self, seat: int) -> bool:
        if not self.lost[seat]:
            return False
        plus = sum(1 for k in self.favors[seat] if self.c.tokens[k].kind == "gemstone")
        blocked = self.plus_new[seat] if rulings.PLUS_TOKEN_ONLY_ON_LATER_TURNS else 0
        return plus > blocked

    # -- applying ----------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        frame = self.frames.pop()
        kind = frame.kind
        seat = frame.seat
        ids = self.ids
        if action == ids.plus:
            self._use_plus(seat)
            if kind == F_GEM and not self._gem_options(seat):
                self._end_turn()           # nothing left to reserve: the gemstone waits for later
            else:
                self.frames.append(frame)  # the same decision continues, with the gemstone back
            return
        if kind in (F_TAKE, F_SECOND):
            if action == ids.stop:
                self._gem_step()
                return
            if self.cfg.solo:
                self._solo_take(action)
                return
            self.took += 1
            self._take(seat, action - ids.take)
        elif kind == F_GEM:
            if action == ids.stop:
                self._end_turn()
            elif action < ids.lift:
                self._reserve(seat, action - ids.reserve)
                self._end_turn()
            else:
                self.frames.append(Frame(F_MOVE_TO, seat, (action - ids.lift,)))
        elif kind == F_MOVE_TO:
            origin = frame.data[0]
            target = action - ids.reserve
            self.gem_on[origin] = -1
            self.gem_on[target] = seat
            self.free_up[origin] = True
            self.free_up[target] = False
            if self.log is not None:
                self.emit("gem", f"{seat_name(seat)} moves a gemstone from {self.c.tiles[origin].name()} "
                                 f"to {self.c.tiles[target].name()}", seat=seat, tile=target)
            self._end_turn()
        elif kind == F_PAY:
            self._lose_placed_gem(seat, action - ids.lift)
            self._paid(seat, frame.data[0])
        elif kind == F_FIREFLY:
            self._remove_firefly(seat, action - ids.firefly)
            self._after_take()
        elif kind in (F_WISH, F_HEX):
            self._keep_card(kind, seat, action)
        elif kind == F_FAVOR:
            from .scoring import take_favor_reward

            take_favor_reward(self, seat, action - ids.favor)
        else:  # pragma: no cover - every frame kind is handled above
            raise AssertionError(kind)

    # -- collecting --------------------------------------------------------------------------
    def _take(self, seat: int, t: int) -> None:
        """Take tile t: settle a gemstone on it first (which may need a payment decision)."""
        g = self.gem_on[t]
        if g == seat:
            self.gem_on[t] = -1
            self.placed[seat] -= 1
            self.supply[seat] += 1
        elif g >= 0:
            if self.supply[seat] > 0:
                self.supply[seat] -= 1
                self.lost[seat] += 1
            else:
                own = self._own_gem_tiles(seat)
                if len(own) > 1:
                    self.frames.append(Frame(F_PAY, seat, (t,)))
                    return
                self._lose_placed_gem(seat, own[0])
            self._paid(seat, t)
            return
        self._collect(seat, t)

    def _paid(self, seat: int, t: int) -> None:
        """`seat` has paid a gemstone for another player's reserved tile t: collect it."""
        if self.log is not None:
            owner = seat_name(self.gem_on[t])
            self.emit("pay", f"{seat_name(seat)} pays a gemstone (lost to the box) for the tile {owner} "
                             f"reserved; {owner} takes theirs back", seat=seat)
        self._collect(seat, t)

    def _lose_placed_gem(self, seat: int, tile: int) -> None:
        self.gem_on[tile] = -1
        self.free_up[tile] = True
        self.placed[seat] -= 1
        self.lost[seat] += 1

    def _collect(self, seat: int, t: int) -> None:
        """Move tile t from the forest to `seat` (a reserved tile is paid for already)."""
        g = self.gem_on[t]
        if g >= 0:                       # another player's reservation: they take their gemstone back
            self.gem_on[t] = -1
            self.placed[g] -= 1
            self.supply[g] += 1
        place = self._remove_from_forest(t)
        self.tiles_of[seat].append(t)
        tile = self.c.tiles[t]
        base = seat * 10
        sym = self.sym
        for s in tile.symbols:
            sym[base + s] += 1
        if tile.power >= 0:
            self.pw[seat * 3 + tile.power] += 1
        if self.log is not None:
            self.emit("take", f"{seat_name(seat)} takes {tile.name()}", seat=seat, tile=t)
        k = self.token_at[place]
        pending_firefly = False
        if k >= 0:
            pending_firefly = self._gain_token(seat, place, k)
        row = self.cfg.place_row[place]
        if self.drop_open and self.drop_open[row] and self.row_count[row] == 0:
            self.drop_open[row] = False
            self.drops[seat] += 1
            if self.log is not None:
                self.emit("season", f"{seat_name(seat)} takes the last tile of row {row + 1} and gains its "
                                    f"drop token (1 nature point)", seat=seat)
        if not pending_firefly:
            self._after_take()

    def _remove_from_forest(self, t: int) -> int:
        """Take tile t off its place; open and reveal its neighbours. Returns the place."""
        place = self.tile_place[t]
        self.tile_place[t] = -1
        self.free_up[t] = False
        place_tile = self.place_tile
        place_tile[place] = -1
        self.exposed.remove(t)
        self.row_count[self.cfg.place_row[place]] -= 1
        row = self.cfg.place_row[place]
        row_of = self.cfg.place_row
        for q in (place - 1, place + 1):
            if 0 <= q < len(place_tile) and row_of[q] == row:
                n = place_tile[q]
                if n >= 0 and n not in self.exposed:
                    self.exposed.append(n)
                    if not self.face_up[n]:
                        self._reveal(n)
        return place

    def _reveal(self, t: int) -> None:
        self.face_up[t] = True
        self.free_up[t] = self.gem_on[t] < 0
        if self.log is not None:
            self.emit("reveal", f"{self.c.tiles[t].name()} is revealed", tile=t)

    def _gain_token(self, seat: int, place: int, k: int) -> bool:
        """`seat` takes favor token k from `place`. True if a firefly choice is now pending."""
        self.token_at[place] = -1
        face_up = self.token_up[place]
        self.token_up[place] = False
        self.favors[seat].append(k)
        token = self.c.tokens[k]
        if face_up and rulings.FACE_UP_TOKENS_STAY_PUBLIC:
            self.public_token[k] = True
        if token.kind == "gemstone":
            self.plus_new[seat] += 1
        if self.log is not None:
            self.emit("favor", f"{seat_name(seat)} takes a favor token", seat=seat)
            self.emit("favor_private", f"You take the {token.name()}", to=seat, token=token.id)
        if token.kind == "firefly":
            mine = [t for t in self.tiles_of[seat] if self.firefly[t]]
            if mine:
                self.public_token[k] = True    # its effect shows it
                if len(mine) > 1:
                    self.frames.append(Frame(F_FIREFLY, seat))
                    return True
                self._remove_firefly(seat, mine[0])
        return False

    def _remove_firefly(self, seat: int, t: int) -> None:
        self.firefly[t] = False
        if self.log is not None:
            self.emit("firefly", f"{seat_name(seat)} plays the -1 Firefly token and removes the firefly "
                                 f"from {self.c.tiles[t].name()}", seat=seat, tile=t)

    def _after_take(self) -> None:
        """What follows a completed take: the end, a second tile, or the gemstone step."""
        seat = self.cur
        if not self._collectable_left():
            from .scoring import end_game

            end_game(self)
            return
        if self.took == 1 and not self.first_turn:
            spirit = self.cfg.single[self.tiles_of[seat][-1]]
            if spirit >= 0:
                options = self._take_options(seat, spirit)
                if options:
                    self.frames.append(Frame(F_SECOND, seat, (spirit,)))
                    options.sort()
                    options.append(self.ids.stop)
                    if self._plus_usable(seat):
                        options.append(self.ids.plus)
                    self.offer(options)
                    return
        self._gem_step()

    def _collectable_left(self) -> bool:
        if not self.exposed:
            return False
        if not self.cfg.seasons:
            return True
        row_of = self.cfg.place_row
        return any(self._row_open(row_of[self.tile_place[t]]) for t in self.exposed)

    # -- gemstones ---------------------------------------------------------------------------
    def _gem_step(self) -> None:
        options = [] if self.cfg.solo else self._gem_options(self.cur)
        if not options:
            self._end_turn()
            return
        self.frames.append(Frame(F_GEM, self.cur))
        self.offer(options)

    def _reserve(self, seat: int, t: int) -> None:
        self.gem_on[t] = seat
        self.free_up[t] = False
        self.supply[seat] -= 1
        self.placed[seat] += 1
        if self.log is not None:
            self.emit("gem", f"{seat_name(seat)} reserves {self.c.tiles[t].name()} with a gemstone",
                      seat=seat, tile=t)

    def _use_plus(self, seat: int) -> None:
        favors = self.favors[seat]
        k = next(k for k in favors if self.c.tokens[k].kind == "gemstone")
        favors.remove(k)
        self.discarded.append(k)
        self.public_token[k] = True
        self.lost[seat] -= 1
        self.supply[seat] += 1
        if self.log is not None:
            self.emit("plus", f'{seat_name(seat)} discards a "+" token and takes back a lost gemstone',
                      seat=seat)

    # -- turns -------------------------------------------------------------------------------
    def _end_turn(self) -> None:
        self.plus_new[self.cur] = 0
        self.first_turn = False
        n = self.players
        seat = self.cur
        for _ in range(n):
            seat = (seat + 1) % n
            self.turn += 1
            if self._begin_turn(seat):
                return
        raise AssertionError("no player can do anything, yet tiles remain")  # pragma: no cover

    def _begin_turn(self, seat: int) -> bool:
        """Open `seat`'s turn; False if they can do nothing at all (rulings.PASS_WITHOUT_LEGAL_TAKE)."""
        self.cur = seat
        self.took = 0
        options = self._take_options(seat, -1)
        plus = self._plus_usable(seat)
        if options or plus:
            self.frames.append(Frame(F_TAKE, seat))
            options.sort()
            if plus:
                options.append(self.ids.plus)
            self.offer(options)
            return True
        if self._gem_options(seat):
            if self.log is not None:
                self.emit("pass", f"{seat_name(seat)} cannot take a tile and skips collecting", seat=seat)
            self.frames.append(Frame(F_GEM, seat))
            return True
        if self.log is not None:
            self.emit("pass", f"{seat_name(seat)} can do nothing this turn", seat=seat)
        return False

    # -- Wish and Hex cards ------------------------------------------------------------------
    def _keep_card(self, kind: str, seat: int, action: int) -> None:
        if kind == F_WISH:
            self.wish[seat] = action - self.ids.wish
        else:
            self.hex[seat] = action - self.ids.hex
        if self.log is not None:
            self.emit("choose", f"{seat_name(seat)} keeps a {'Wish' if kind == F_WISH else 'Hex'} card",
                      seat=seat)
        if self.frames:      # other seats still choose
            return
        self.cards_revealed = True
        if self.log is not None:
            for s in range(self.players):
                shown = []
                if self.wish[s] >= 0:
                    shown.append(self.c.wishes[self.wish[s]].name())
                if self.hex[s] >= 0:
                    shown.append(self.c.hexes[self.hex[s]].name())
                self.emit("reveal_cards", f"{seat_name(s)} reveals {'; '.join(shown)}", seat=s)
        self.turn = 0
        if not self._begin_turn(self.cfg.first_player):  # pragma: no cover - a new forest always has a take
            raise AssertionError("the first player cannot start")

    # -- solo --------------------------------------------------------------------------------
    def _solo_take(self, action: int) -> None:
        t = action - self.ids.take
        row = self.cfg.place_row[self.tile_place[t]]
        place = self.tile_place[t]
        self._remove_from_forest(t)
        self.tiles_of[0].append(t)
        for s in self.c.tiles[t].symbols:
            self.sym[s] += 1
        others = [u for u in self.exposed if self.cfg.place_row[self.tile_place[u]] == row]
        opp = -1
        if others:   # the opponent takes the tile at the other end of the same row
            opp = max(others, key=lambda u: abs(self.tile_place[u] - place))
            self._remove_from_forest(opp)
            self.opp_tiles.append(opp)
            for s in self.c.tiles[opp].symbols:
                self.opp_sym[s] += 1
        if self.log is not None:
            text = f"You take {self.c.tiles[t].name()}"
            if opp >= 0:
                text += f"; the opponent takes {self.c.tiles[opp].name()}"
            self.emit("take", text, seat=0, tile=t)
        if self.row_count[row] == 0:
            depleted = sum(1 for r in range(self.cfg.rows) if self.row_count[r] == 0)
            if depleted <= len(self.opp_hidden) and self.opp_revealed < depleted:
                k = self.opp_hidden[self.opp_revealed]
                self.opp_revealed += 1
                self.public_token[k] = True
                self.opp_sym[self.c.tokens[k].spirit] += 1
                if self.log is not None:
                    self.emit("solo_token", f"Row {row + 1} is empty: the opponent reveals the "
                                            f"{self.c.tokens[k].name()}")
            if depleted >= self.cfg.rows - 1:
                from .scoring import end_game

                end_game(self)
                return
        self.turn += 1
        self.frames.append(Frame(F_TAKE, 0))

    # -- information -------------------------------------------------------------------------
    def clone(self) -> SpiritsState:
        o = SpiritsState.__new__(SpiritsState)
        self._copy_base(o)
        o.c = self.c
        o.cfg = self.cfg
        o.ids = self.ids
        o.frames = self.frames[:]
        o.place_tile = self.place_tile[:]
        o.tile_place = self.tile_place[:]
        o.face_up = self.face_up[:]
        o.exposed = self.exposed[:]
        o.row_count = self.row_count[:]
        o.token_at = self.token_at[:]
        o.token_up = self.token_up[:]
        o.gem_on = self.gem_on[:]
        o.free_up = self.free_up[:]
        o.firefly = self.firefly[:]
        o.supply = self.supply[:]
        o.placed = self.placed[:]
        o.lost = self.lost[:]
        o.tiles_of = [x[:] for x in self.tiles_of]
        o.discarded_tiles = [x[:] for x in self.discarded_tiles]
        o.sym = self.sym[:]
        o.pw = self.pw[:]
        o.favors = [x[:] for x in self.favors]
        o.public_token = self.public_token[:]
        o.plus_new = self.plus_new[:]
        o.box = self.box[:]
        o.discarded = self.discarded[:]
        o.drops = self.drops[:]
        o.drop_open = self.drop_open[:]
        o.wish_hand = [x[:] for x in self.wish_hand]
        o.wish = self.wish[:]
        o.wish_met = self.wish_met[:]
        o.hex_hand = [x[:] for x in self.hex_hand]
        o.hex = self.hex[:]
        o.cards_revealed = self.cards_revealed
        o.reward_syms = [x[:] for x in self.reward_syms]
        o.opp_tiles = self.opp_tiles[:]
        o.opp_sym = self.opp_sym[:]
        o.opp_hidden = self.opp_hidden[:]
        o.opp_revealed = self.opp_revealed
        o.solo_token = self.solo_token
        o.cur = self.cur
        o.took = self.took
        o.turn = self.turn
        o.first_turn = self.first_turn
        o.over = self.over
        o.final = self.final
        return o

    def determinize(self, seat: int, rng: Rng) -> SpiritsState:
        """Re-deal what `seat` cannot see: hidden favor tokens, face-down tiles, others' cards."""
        o = self.clone()
        o.rng = rng.spawn()
        # favor tokens: face-down in the forest, in other hands unless public, in the box, solo's hidden
        slots: list[tuple[str, int, int]] = []
        pool: list[int] = []
        for p, k in enumerate(o.token_at):
            if k >= 0 and not o.token_up[p]:
                slots.append(("forest", p, 0))
                pool.append(k)
        for s in range(o.players):
            if s == seat:
                continue
            for i, k in enumerate(o.favors[s]):
                if not o.public_token[k]:
                    slots.append(("hand", s, i))
                    pool.append(k)
        box_seen = bool(o.frames) and o.frames[-1].kind == F_FAVOR and o.frames[-1].seat == seat
        for i, k in enumerate(o.box):
            if not box_seen:     # a seat choosing a Wish reward looks into the box
                slots.append(("box", i, 0))
                pool.append(k)
        for i in range(o.opp_revealed, len(o.opp_hidden)):
            slots.append(("opp", i, 0))
            pool.append(o.opp_hidden[i])
        pool.sort()          # the re-deal must not depend on the secret order the pool was gathered in
        rng.shuffle(pool)
        for (where, a, b), k in zip(slots, pool, strict=True):
            if where == "forest":
                o.token_at[a] = k
            elif where == "hand":
                o.favors[a][b] = k
            elif where == "box":
                o.box[a] = k
            else:
                o.opp_hidden[a] = k
        for s in range(o.players):
            if s != seat:
                plus = sum(1 for k in o.favors[s] if o.c.tokens[k].kind == "gemstone")
                o.plus_new[s] = min(o.plus_new[s], plus)
        # face-down tiles
        hidden_places = [p for p, t in enumerate(o.place_tile) if t >= 0 and not o.face_up[t]]
        hidden_tiles = sorted(o.place_tile[p] for p in hidden_places)
        rng.shuffle(hidden_tiles)
        for p, t in zip(hidden_places, hidden_tiles, strict=True):
            o.place_tile[p] = t
            o.tile_place[t] = p
        if o.cfg.fireflies:   # fireflies sit on Air Spirit doubles still face down, wherever they went
            for t in hidden_tiles:
                o.firefly[t] = o.c.tiles[t].air and o.c.tiles[t].is_double
        # Wish and Hex hands of the others, until the chosen cards are revealed
        if not o.cards_revealed:
            for hands, kept, size in ((o.wish_hand, o.wish, len(o.c.wishes)),
                                      (o.hex_hand, o.hex, len(o.c.hexes))):
                if not hands[seat]:
                    continue
                unknown = [x for x in range(size) if x not in hands[seat]]
                rng.shuffle(unknown)
                for s in range(o.players):
                    if s == seat:
                        continue
                    hands[s] = [unknown.pop(), unknown.pop()]
                    if kept[s] >= 0:
                        kept[s] = hands[s][0]
        o.invalidate()          # the re-dealt world may allow other actions than the real one
        return o

    def hash_key(self) -> tuple[Any, ...]:
        return (
            tuple(self.frames), tuple(self.place_tile), tuple(self.face_up), tuple(sorted(self.exposed)),
            tuple(self.token_at), tuple(self.token_up), tuple(self.gem_on), tuple(self.free_up), tuple(self.firefly),
            tuple(self.supply), tuple(self.placed), tuple(self.lost), tuple(map(tuple, self.tiles_of)),
            tuple(map(tuple, self.discarded_tiles)), tuple(map(tuple, self.favors)), tuple(self.box),
            tuple(self.discarded), tuple(self.drops), tuple(self.drop_open), tuple(map(tuple, self.wish_hand)),
            tuple(self.wish), tuple(self.wish_met), tuple(map(tuple, self.hex_hand)), tuple(self.hex),
            self.cards_revealed,
            tuple(map(tuple, self.reward_syms)), tuple(self.opp_tiles), tuple(self.opp_hidden),
            self.opp_revealed, self.solo_token, self.cur, self.took, self.turn, self.over, self.rng.state,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, seat)


__all__ = ["AIR", "POWER_NAMES", "SPIRITS", "SPIRIT_NAMES", "Config", "SpiritsState"]
