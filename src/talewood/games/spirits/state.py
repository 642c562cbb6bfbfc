"""Spirits of the Forest: the state and the rules of a turn.

The forest is a grid of places (see layouts.py). A turn is a short sequence of decision frames
(frames.py): take a tile → (pay for a reserved tile) → maybe a second tile → (remove a firefly) →
place or move a gemstone. The end of the game (fireflies, wishes, scoring, hexes) is scoring.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from itertools import compress
from operator import le, not_
from typing import Any, final

from ...engine import Rng, State, seat_name
from . import rulings
from .actions import Ids
from .content import AIR, POWER_NAMES, POWERS, SPIRIT_NAMES, SPIRITS, Content, Tile
from .frames import GEMS, SECONDS, TAKES, Firefly, Gem, Pay, Second, Take, first_takes, second_takes
from .scoring import Favor, end_game, finish
from .view import build_view


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


_IS_TOKEN = partial(le, 0)      # a favor token's index, not -1 (no token)
# what each seat collected is kept in two flat lists, seat after seat (a clone copies two lists, and the
# state's hash covers them as they are): `sym`, a count per spirit, the Air Spirit's slot too; `pw`, a
# count per power source. Read and change them through SpiritsState's tallies below.
SPIRIT_SLOTS = len(SPIRITS)
POWER_SLOTS = len(POWERS)


@final
class SpiritsState(State):
    __slots__ = (
        "box", "c", "cards_revealed", "cfg", "cur", "discarded", "discarded_tiles", "drop_open", "drops",
        "ending", "exposed", "face_up", "favors", "firefly", "first_turn", "free_up", "gem_on", "hex",
        "hex_hand", "ids", "lost", "opp_hidden", "opp_revealed", "opp_sym", "opp_tiles", "place_tile",
        "placed", "plus_new", "public_token", "pw", "reward_syms", "row_count", "solo_token", "supply",
        "sym", "tile_place", "tiles_of", "token_at", "token_up", "took", "turn", "wish", "wish_hand",
        "wish_met",
    )
    SHARED = ("c", "cfg", "ids")
    # what undo never crosses (engine: State.HIDDEN): the tiles turned face up, and `secrets_in_view`
    HIDDEN = ("face_up", "opp_revealed", "cards_revealed", "secrets_in_view")

    c: Content
    cfg: Config
    ids: Ids
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
    sym: list[int]                     # per seat, per spirit: symbols on its tiles (see `symbols`)
    pw: list[int]                      # per seat, per power source: icons on its tiles (see `powers`)
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
    cur: int                           # whose turn it is; -1 before the first turn
    took: int
    turn: int
    first_turn: bool
    ending: bool                       # the last tile is gone: Wish rewards are being chosen

    # -- people's words ----------------------------------------------------------------------
    def describe(self, action: int) -> str:
        """The action's label, with the row and column of a tile that lies in the forest."""
        ids = self.ids
        label = self.game.action_space.spec(action).label
        top = type(self.stack[-1]) if self.stack and not self.over else None
        if action < ids.stop:
            t = action % ids.tiles
            place = self.tile_place[t]
            if place >= 0:
                label = f"{label} (row {self.cfg.place_row[place] + 1}, column {self.cfg.place_col[place] + 1})"
                if action < ids.reserve and top in (Take, Second) and self.supply[self.cur] == 0 \
                        and self.placed[self.cur] == 0 and 0 <= self.gem_on[t] != self.cur:
                    label += ', paid by discarding your "+" token'
            elif action >= ids.firefly and top is not None:
                label += self._which_of_same(action - t, t)
        elif action == ids.stop:
            label = {Take: "Collect no tile this turn", Second: "No second tile",
                     Gem: "Place no gemstone"}.get(top, label)  # type: ignore[arg-type]
        return label

    def _which_of_same(self, base: int, tile: int) -> str:
        """Among the deciding seat's tiles that look the same as `tile` (two Air Spirit doubles), which
        one it is, by the order they were collected; nothing when the tile is the only one of its kind."""
        space = self.game.action_space
        label = space.spec(base + tile).label
        same = [u for u in self.tiles_of[self.stack[-1].seat] if space.spec(base + u).label == label]
        if len(same) < 2 or tile not in same:
            return ""
        k = same.index(tile) + 1
        return f" (the {k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'} one you collected)"

    # -- the tallies: symbols and power icons on each seat's tiles --------------------------
    def symbols(self, seat: int, spirit: int) -> int:
        """The symbols of `spirit` on `seat`'s tiles (favor tokens and Wish rewards not counted)."""
        return self.sym[seat * SPIRIT_SLOTS + spirit]

    def symbols_of(self, seat: int) -> list[int]:
        """`symbols` of every spirit in play, in spirit order (a new list)."""
        start = seat * SPIRIT_SLOTS
        return self.sym[start:start + self.cfg.n_spirits]

    def powers(self, seat: int, power: int) -> int:
        """The icons of power source `power` on `seat`'s tiles (favor tokens not counted)."""
        return self.pw[seat * POWER_SLOTS + power]

    def powers_of(self, seat: int) -> list[int]:
        """`powers` of every power source, in order (a new list)."""
        start = seat * POWER_SLOTS
        return self.pw[start:start + POWER_SLOTS]

    def add_symbols(self, seat: int, spirit: int, n: int) -> None:
        self.sym[seat * SPIRIT_SLOTS + spirit] += n

    def add_powers(self, seat: int, power: int, n: int) -> None:
        self.pw[seat * POWER_SLOTS + power] += n

    def tally_tile(self, seat: int, tile: Tile, n: int) -> None:
        """Count `tile`'s symbols and power icon `n` times more for `seat` (1: collected, -1: discarded)."""
        for spirit in tile.symbols:
            self.add_symbols(seat, spirit, n)
        if tile.power >= 0:
            self.add_powers(seat, tile.power, n)

    # -- turns -------------------------------------------------------------------------------
    def advance(self) -> None:
        """The stack is empty: reveal the chosen cards and start, pass the turn, or end the game."""
        if self.ending:
            finish(self)
            return
        if self.cur < 0:                 # every Wish/Hex card is chosen (or none was dealt)
            self.reveal_cards()
            self.turn = 0
            if not self.begin_turn(self.cfg.first_player):  # pragma: no cover - a new forest has a take
                raise AssertionError("the first player cannot start")
            return
        if self.cfg.solo:
            self.turn += 1
            self.stack.append(TAKES[0])
            return
        self.plus_new[self.cur] = 0
        self.first_turn = False
        n = self.players
        seat = self.cur
        for _ in range(n):
            seat = (seat + 1) % n
            self.turn += 1
            if self.begin_turn(seat):
                return
        raise AssertionError("no player can do anything, yet tiles remain")  # pragma: no cover

    def begin_turn(self, seat: int) -> bool:
        """Open `seat`'s turn; False if they can do nothing at all (rulings.PASS_WITHOUT_LEGAL_TAKE)."""
        self.cur = seat
        self.took = 0
        legal = first_takes(self, seat)
        if len(legal) > 1 or legal[0] != self.ids.stop:    # a tile to take, or a "+" token to use
            self.stack.append(TAKES[seat])
            self.offer(legal)
            return True
        if self.gem_options(seat):
            if self.log is not None:
                self.emit("pass", f"{seat_name(seat)} cannot take a tile and skips collecting", seat=seat)
            self.stack.append(GEMS[seat])
            return True
        if self.log is not None:
            self.emit("pass", f"{seat_name(seat)} can do nothing this turn", seat=seat)
        return False

    def reveal_cards(self) -> None:
        """Every seat has chosen: the kept Wish and Hex cards are revealed."""
        self.cards_revealed = True
        if not (self.cfg.wishes or self.cfg.hexes):
            return
        self.reveal()
        if self.log is not None:
            for s in range(self.players):
                shown = []
                if self.wish[s] >= 0:
                    shown.append(self.c.wishes[self.wish[s]].name())
                if self.hex[s] >= 0:
                    shown.append(self.c.hexes[self.hex[s]].name())
                self.emit("reveal_cards", f"{seat_name(s)} reveals {'; '.join(shown)}", seat=s)

    # -- what may be taken and reserved ------------------------------------------------------
    def take_options(self, seat: int, spirit: int) -> list[int]:
        """Tiles `seat` may take now; `spirit` >= 0 restricts to single tiles of that spirit."""
        gem_on = self.gem_on
        can_pay = self.supply[seat] > 0 or (self.placed[seat] > 0 and rulings.PAY_WITH_PLACED_GEMSTONE)
        singles = self.cfg.single
        out = []
        seasons = self.cfg.seasons
        for t in self.exposed:
            if spirit >= 0 and singles[t] != spirit:
                continue
            g = gem_on[t]
            if g >= 0 and g != seat and not can_pay:
                continue
            if seasons and not self.row_open(self.cfg.place_row[self.tile_place[t]]):
                continue
            out.append(t)
        return out

    def plus_payable(self, seat: int, spirit: int) -> list[int]:
        """Tiles reserved by others that `seat` could take only by discarding a "+" token to pay:
        no gemstone in supply or on the forest, a lost one, and a "+" usable now."""
        if self.supply[seat] or self.placed[seat] or not self.plus_usable(seat) \
                or not rulings.PLUS_TOKEN_USABLE_IN_ANY_STEP:
            return []
        singles = self.cfg.single
        out = []
        for t in self.exposed:
            g = self.gem_on[t]
            if g < 0 or g == seat or (spirit >= 0 and singles[t] != spirit):
                continue
            if self.cfg.seasons and not self.row_open(self.cfg.place_row[self.tile_place[t]]):
                continue
            out.append(t)
        return out

    def row_open(self, row: int) -> bool:
        return self.row_count[row] > self.cfg.row_min[row]

    def reservable(self, base: int = 0) -> list[int]:
        """Tiles (as `base` + id) a gemstone may go on: face up, in the forest, free ("any tile of the
        forest that has no gemstone", closed Seasons rows included)."""
        free_up = self.free_up
        return [base + t for t in range(len(free_up)) if free_up[t]]

    def own_gem_tiles(self, seat: int) -> list[int]:
        gem_on = self.gem_on
        return [t for t in range(len(gem_on)) if gem_on[t] == seat]

    def gem_options(self, seat: int) -> list[int]:
        ids = self.ids
        out: list[int] = []
        if self.supply[seat] > 0:
            out = self.reservable(ids.reserve)
        elif self.placed[seat] > 0 and True in self.free_up:   # somewhere to move to (never onto a gemstone)
            base = ids.lift
            out = [base + t for t in self.own_gem_tiles(seat)]
        if out or self.plus_usable(seat):
            out.append(ids.stop)
        if self.plus_usable(seat):
            out.append(ids.plus)
        return out

    def plus_usable(self, seat: int) -> bool:
        if not self.lost[seat]:
            return False
        plus = sum(1 for k in self.favors[seat] if self.c.tokens[k].kind == "gemstone")
        blocked = self.plus_new[seat] if rulings.PLUS_TOKEN_ONLY_ON_LATER_TURNS else 0
        return plus > blocked

    # -- collecting --------------------------------------------------------------------------
    def take(self, seat: int, t: int) -> None:
        """Take tile t: settle a gemstone on it first (which may need a payment decision)."""
        g = self.gem_on[t]
        if g == seat:
            self.gem_on[t] = -1
            self.placed[seat] -= 1
            self.supply[seat] += 1
        elif g >= 0:
            if not self.supply[seat] and not self.placed[seat]:
                self.use_plus(seat)          # no gemstone: the "+" token pays (plus_payable)
            if self.supply[seat] > 0:
                self.supply[seat] -= 1
                self.lost[seat] += 1
            else:
                own = self.own_gem_tiles(seat)
                if len(own) > 1:
                    self.stack.append(Pay(seat, t))
                    return
                self.lose_placed_gem(seat, own[0])
            self.paid(seat, t)
            return
        self.collect(seat, t)

    def paid(self, seat: int, t: int) -> None:
        """`seat` has paid a gemstone for another player's reserved tile t: collect it."""
        if self.log is not None:
            owner = seat_name(self.gem_on[t])
            self.emit("pay", f"{seat_name(seat)} pays a gemstone (lost to the box) for the tile {owner} "
                             f"reserved; {owner} takes theirs back", seat=seat)
        self.collect(seat, t)

    def lose_placed_gem(self, seat: int, tile: int) -> None:
        self.gem_on[tile] = -1
        self.free_up[tile] = True
        self.placed[seat] -= 1
        self.lost[seat] += 1

    def collect(self, seat: int, t: int) -> None:
        """Move tile t from the forest to `seat` (a reserved tile is paid for already)."""
        g = self.gem_on[t]
        if g >= 0:                       # another player's reservation: they take their gemstone back
            self.gem_on[t] = -1
            self.placed[g] -= 1
            self.supply[g] += 1
        place = self.remove_from_forest(t)
        self.tiles_of[seat].append(t)
        tile = self.c.tiles[t]
        self.tally_tile(seat, tile, 1)
        if self.log is not None:
            self.emit("take", f"{seat_name(seat)} takes {tile.name()}", seat=seat, tile=t)
        k = self.token_at[place]
        pending_firefly = False
        if k >= 0:
            pending_firefly = self.gain_token(seat, place, k)
        row = self.cfg.place_row[place]
        if self.drop_open and self.drop_open[row] and self.row_count[row] == 0:
            self.drop_open[row] = False
            self.drops[seat] += 1
            if self.log is not None:
                self.emit("season", f"{seat_name(seat)} takes the last tile of row {row + 1} and gains its "
                                    f"drop token (1 nature point)", seat=seat)
        if not pending_firefly:
            self.after_take()

    def remove_from_forest(self, t: int) -> int:
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
                        self.turn_face_up(n)
        return place

    def turn_face_up(self, t: int) -> None:
        self.reveal()
        self.face_up[t] = True
        self.free_up[t] = self.gem_on[t] < 0       # (rulings.GEMSTONES_ONLY_ON_FACE_UP_TILES: now it may be)
        if self.log is not None:
            self.emit("reveal", f"{self.c.tiles[t].name()} is revealed", tile=t)

    def gain_token(self, seat: int, place: int, k: int) -> bool:
        """`seat` takes favor token k from `place`. True if a firefly choice is now pending."""
        self.token_at[place] = -1
        face_up = self.token_up[place]
        self.token_up[place] = False
        if not face_up:
            self.reveal()                # its taker sees it
        self.favors[seat].append(k)
        token = self.c.tokens[k]
        if face_up and rulings.FACE_UP_TOKENS_STAY_PUBLIC:
            self.public_token[k] = True
        if token.kind == "gemstone":
            self.plus_new[seat] += 1
        if self.log is not None:
            self.emit("favor", f"{seat_name(seat)} takes a favor token", seat=seat)
            self.emit("favor_private", f"You take the {token.name()}", to=seat, token=token.id)
        if token.kind == "firefly" and rulings.FIREFLY_TOKEN_IMMEDIATE:
            mine = [t for t in self.tiles_of[seat] if self.firefly[t]]
            if mine:
                self.public_token[k] = True    # its effect shows it
                if len(mine) > 1:
                    self.stack.append(Firefly(seat))
                    return True
                self.remove_firefly(seat, mine[0])
        return False

    def remove_firefly(self, seat: int, t: int) -> None:
        self.firefly[t] = False
        if self.log is not None:
            self.emit("firefly", f"{seat_name(seat)} plays the -1 Firefly token and removes the firefly "
                                 f"from {self.c.tiles[t].name()}", seat=seat, tile=t)

    def after_take(self) -> None:
        """What follows a completed take: the end, a second tile, or the gemstone step."""
        seat = self.cur
        if not self.collectable_left():
            if rulings.NO_GEMSTONE_STEP_AFTER_LAST_TILE:
                end_game(self)
                return
            raise AssertionError("only NO_GEMSTONE_STEP_AFTER_LAST_TILE is implemented")  # pragma: no cover
        if self.took == 1 and not self.first_turn:
            spirit = self.cfg.single[self.tiles_of[seat][-1]]
            if spirit >= 0:
                legal = second_takes(self, seat, spirit)
                if legal[0] < self.ids.stop:        # a tile to take (else only "no second tile")
                    self.stack.append(SECONDS[seat][spirit])
                    self.offer(legal)
                    return
        self.gem_step()

    def collectable_left(self) -> bool:
        if not self.exposed:
            return False
        if not self.cfg.seasons:
            return True
        row_of = self.cfg.place_row
        return any(self.row_open(row_of[self.tile_place[t]]) for t in self.exposed)

    # -- gemstones ---------------------------------------------------------------------------
    def gem_step(self) -> None:
        """The gemstone step closes the turn (nothing to do: the turn simply ends)."""
        options = [] if self.cfg.solo else self.gem_options(self.cur)
        if options:
            self.stack.append(GEMS[self.cur])
            self.offer(options)

    def reserve(self, seat: int, t: int) -> None:
        self.gem_on[t] = seat
        self.free_up[t] = False
        self.supply[seat] -= 1
        self.placed[seat] += 1
        if self.log is not None:
            self.emit("gem", f"{seat_name(seat)} reserves {self.c.tiles[t].name()} with a gemstone",
                      seat=seat, tile=t)

    def move_gem(self, seat: int, origin: int, target: int) -> None:
        self.gem_on[origin] = -1
        self.gem_on[target] = seat
        self.free_up[origin] = True
        self.free_up[target] = False
        if self.log is not None:
            self.emit("gem", f"{seat_name(seat)} moves a gemstone from {self.c.tiles[origin].name()} "
                             f"to {self.c.tiles[target].name()}", seat=seat, tile=target)

    def use_plus(self, seat: int) -> None:
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

    # -- solo --------------------------------------------------------------------------------
    def solo_take(self, t: int) -> None:
        row = self.cfg.place_row[self.tile_place[t]]
        place = self.tile_place[t]
        self.remove_from_forest(t)
        self.tiles_of[0].append(t)
        for s in self.c.tiles[t].symbols:      # solo scores no power sources
            self.add_symbols(0, s, 1)
        others = [u for u in self.exposed if self.cfg.place_row[self.tile_place[u]] == row]
        opp = -1
        if others:   # the opponent takes the tile at the other end of the same row
            opp = max(others, key=lambda u: abs(self.tile_place[u] - place))
            self.remove_from_forest(opp)
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
                self.reveal()
                self.opp_revealed += 1
                self.public_token[k] = True
                self.opp_sym[self.c.tokens[k].spirit] += 1
                if self.log is not None:
                    self.emit("solo_token", f"Row {row + 1} is empty: the opponent reveals the "
                                            f"{self.c.tokens[k].name()}")
            if depleted >= self.cfg.rows - 1:
                end_game(self)

    # -- information -------------------------------------------------------------------------
    def turn_order(self) -> list[int]:
        first = self.cfg.first_player
        return [(first + i) % self.players for i in range(self.players)]

    def clone(self) -> SpiritsState:
        o = SpiritsState.__new__(SpiritsState)
        self._copy_base(o)
        o.c = self.c
        o.cfg = self.cfg
        o.ids = self.ids
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
        o.ending = self.ending
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
        box_seen = o.looking_into_box(seat)
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

    def secrets_in_view(self) -> tuple[object, ...]:
        """The hidden favor tokens and where they lie (face down in the forest, unrevealed in a hand, in
        the box and whoever looks into it), the Wish and Hex cards dealt and kept, and the decisions a
        "+" token may bring."""
        public = self.public_token
        looker = self.stack[-1].seat if self.stack and self.looking_into_box(self.stack[-1].seat) else -1
        # the tokens face down in the forest, in place order (a face-up one taken changes nothing here)
        face_down = tuple(filter(_IS_TOKEN, compress(self.token_at, map(not_, self.token_up))))
        return (face_down, tuple(tuple(k for k in hand if not public[k]) for hand in self.favors),
                tuple(self.box), looker,
                tuple(map(tuple, self.wish_hand)), tuple(self.wish), tuple(map(tuple, self.hex_hand)), tuple(self.hex),
                self.offered_for_a_hidden_plus())

    def offered_for_a_hidden_plus(self) -> int:
        """While the seat to decide may use a "+" token, whether a decision comes up at all (another tile,
        a gemstone to place) may depend on it, and every view shows the pending decision: a different
        value at every step then, so none of those steps can be taken back. -1 otherwise."""
        if self.over or not self.stack:
            return -1
        return self.version if self.plus_usable(self.stack[-1].seat) else -1

    def looking_into_box(self, seat: int) -> bool:
        """Whether `seat` is choosing a Wish reward, and so sees the favor tokens in the box."""
        return bool(self.stack) and type(self.stack[-1]) is Favor and self.stack[-1].seat == seat

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)


__all__ = ["AIR", "POWER_NAMES", "SPIRITS", "SPIRIT_NAMES", "Config", "SpiritsState"]
