"""Where an adventurer stands and what it allows: movement along the lines and through passable tunnels
(L286-306; a start space ends a move, L530; a placed flag closes it, A-27), the location and the tile side
on a space, the requirement icons of a card (L221-229: a location type, another adventurer, a campsite, a
tunnel, paw token patterns), and the others on the same space.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import rulings
from .components import LocationSide
from .holdings import Holdings
from .tables import (
    ENCOUNTER_SECTION,
    REQ_AT_CAMPSITE,
    REQ_AT_LOCATION,
    REQ_AT_TUNNEL,
    REQ_AT_TYPE,
    REQ_PAWS,
    REQ_SAME_SPACE,
    REQ_SAME_SPACE_EVIL,
    REQ_STORY_COLUMNS,
    REQ_TILE_INTACT,
    SK_EVIL_CARDS,
    SK_MOVEMENT,
    SK_SIZE,
    TYPE_INDEX,
    Tables,
    requirement,
)
from .vocabulary import Term


def _reachable(t: Tables, start: int, steps: int, closed: int, tunnels: tuple[int, ...]) -> tuple[int, ...]:
    """TrialState.reachable from `start` (`closed`: bits of the areas whose start space is closed)."""
    dist = {start: 0}
    frontier = [start]
    area_of = t.area_of
    adj = t.adj
    for d in range(1, steps + 1):
        nxt = []
        for s in frontier:
            if area_of[s] >= 0:
                continue             # a start space ends the move
            for n in adj[s]:
                if n in dist:
                    continue
                a = area_of[n]
                if a >= 0 and closed >> a & 1:
                    continue
                dist[n] = d
                nxt.append(n)
            if s in tunnels:
                for n in tunnels:
                    if n not in dist:
                        dist[n] = d
                        nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    return tuple(sorted(s for s in dist if s != start))



class Position(Holdings):
    __slots__ = ()

    # -- movement --------------------------------------------------------------------------------
    def movement(self, seat: int) -> int:
        """Movement symbols: the board's, the uncovered backpack slots' (A-13), the story's, wings."""
        t = self.t
        move = t.base_movement + t.movement_slots + self.sk[seat * SK_SIZE + SK_MOVEMENT]
        pack = self.backpack[seat]
        if pack:                      # an empty backpack covers no slot and has no wings
            if rulings.BACKPACK_FILLS_PLAIN_SLOTS_FIRST:
                move -= min(t.movement_slots, max(0, self.used_slots(seat) - t.plain_slots))
            for o in pack:
                move += t.forest_movement[o]
        return move

    def passable_tunnels(self) -> list[int]:
        out = list(self.t.printed_tunnels)
        tun_space = self.tun_space
        for i in range(len(tun_space)):
            s = tun_space[i]
            if s < 0:
                continue
            if self.tun_up[i]:
                if s not in out:
                    out.append(s)
            elif s in out:
                out.remove(s)
        return out

    def reachable(self, seat: int, steps: int) -> Sequence[int]:
        """Spaces within `steps` along the lines and passable tunnels (L288, L302); an expedition start
        ends a move (L530) and is closed to whoever placed that area's flag (A-27)."""
        t = self.t
        start = self.pos[seat]
        closed = 0
        if rulings.FLAG_CLOSES_THE_START:
            first, second, third = self.flags_of(seat)
            closed = (first >= 0) | (second >= 0) << 1 | (third >= 0) << 2
        if max(self.tun_space, default=-1) < 0:
            tunnels: tuple[int, ...] = t.printed_tunnels
            key: tuple[object, ...] = (start, steps, closed)
        else:
            tunnels = tuple(self.passable_tunnels())
            key = (start, steps, closed, tunnels)
        memo = t.reach_memo
        out = memo.get(key)
        if out is None:
            if len(memo) > 100_000:
                memo.clear()
            out = memo[key] = _reachable(t, start, steps, closed, tunnels)
        return out

    # `ruins_seen` holds twelve flags per seat (one per location), seat after seat: only these two know it
    def look_at_ruins(self, seat: int, loc: int) -> None:
        """`seat` looks at the items lying on the ruins at `loc` (L403)."""
        self.ruins_seen[seat * 12 + loc] = True

    def sees_ruins(self, seat: int, loc: int) -> bool:
        """Whether `seat` knows the items lying on the ruins at `loc` (it looked at them, L403)."""
        return self.ruins_seen[seat * 12 + loc] and (rulings.RUINS_ITEMS_STAY_KNOWN_TO_WHO_LOOKED
                                                     or self.rv_loc == loc)

    def on_expedition(self, seat: int) -> bool:
        return self.t.area_of[self.pos[seat]] >= 0

    # -- requirements and costs ------------------------------------------------------------------
    def location_here(self, seat: int) -> int:
        return self.t.loc_of[self.pos[seat]]

    def side_of(self, loc: int) -> LocationSide:
        tile = self.t.tiles[self.tile_at[loc]]
        return tile.back if self.tile_side[loc] else tile.front

    def meets(self, seat: int, term: Term) -> bool:
        """A requirement icon (the vocabulary's conditions)."""
        code, arg = requirement(term)
        return self.meets_code(seat, code, arg)

    def meets_code(self, seat: int, code: int, arg: int | str) -> bool:
        """A requirement icon compiled by tables.requirement."""
        t = self.t
        here = self.pos[seat]
        if code == REQ_AT_TYPE:
            loc = t.loc_of[here]
            if loc < 0:
                return False
            if t.loc_type[loc] == arg and rulings.REQUIREMENT_MEETS_ANY_TILE_SIDE:
                return True
            side = self.side_of(loc)
            return bool(side.state == "restored" and TYPE_INDEX[side.counts_as] == arg)
        if code == REQ_SAME_SPACE:
            return self.pos.count(here) > 1           # someone besides `seat` stands here
        if code == REQ_SAME_SPACE_EVIL:
            return any(self.pos[o] == here and self.is_evil(o) for o in range(self.players) if o != seat)
        if code == REQ_AT_CAMPSITE:
            return t.camp_of[here] >= 0
        if code == REQ_AT_TUNNEL:
            return here in self.passable_tunnels()
        if code == REQ_AT_LOCATION:
            return t.loc_of[here] >= 0
        if code == REQ_TILE_INTACT:
            loc = t.loc_of[here]
            return loc >= 0 and self.side_of(loc).state in ("intact", "restored")
        if code == REQ_PAWS:            # every pattern takes two paw tokens on locations at least
            return len(self.placed[seat]) >= 2 and self.paw_pattern(seat, str(arg))
        if code == REQ_STORY_COLUMNS:
            return self.columns_face_up(seat) >= int(arg)
        return self.sk[seat * SK_SIZE + SK_EVIL_CARDS] == 0      # REQ_NO_EVIL_STORY

    def paw_locations(self, seat: int) -> set[int]:
        return {p for p in self.placed[seat] if p < ENCOUNTER_SECTION}

    def paw_pattern(self, seat: int, pattern: str) -> bool:
        t = self.t
        mine = self.paw_locations(seat)
        if pattern == "border":
            return any(t.corner_loc[a] in mine and t.corner_loc[b] in mine for a, b in rulings.BORDER_SIDES)
        if pattern == "diagonal":
            return any(t.corner_loc[a] in mine and t.corner_loc[b] in mine for a, b in rulings.DIAGONALS)
        if pattern == "follow":
            return any(len(mine & self.paw_locations(o)) >= 2 for o in range(self.players) if o != seat)
        # three_types (Wanderer, L748): "each of your paw tokens has to be placed in a different type of
        # location": every placed paw on a location, no type twice (the board type, A-37), at least 3 of them
        placed = self.placed[seat]
        if len(placed) < 3 or len(mine) < len(placed):
            return False
        types = {t.loc_type[loc] if rulings.PAW_PATTERNS_USE_BOARD_TYPE else
                 TYPE_INDEX[self.side_of(loc).counts_as] for loc in mine}
        return len(types) == len(placed)

    def others_here(self, seat: int, evil_only: bool = False) -> list[int]:
        here = self.pos[seat]
        return [o for o in range(self.players)
                if o != seat and self.pos[o] == here and (not evil_only or self.is_evil(o))]

    def order_from(self, seat: int, include: bool) -> list[int]:
        """Seats in round order from `seat` (included or starting on its left)."""
        n = self.players
        first = 0 if include else 1
        return [(seat + i) % n for i in range(first, n)]
