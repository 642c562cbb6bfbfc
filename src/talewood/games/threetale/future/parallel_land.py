"""The Parallel Land (Future Book, chapter 3, Enemy turn): the Tree's flips and the Parallel Virtues it
puts on the tiles, the Hero's flip at the start of each turn, the Seeds, and the Parallel Virtues
claimed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import automatic, decision
from ..tables import FUTURE_PIECE, PORTAL, TREE
from .chapter import team, unturned
from .goal import check_goal, clock_runs_out

if TYPE_CHECKING:
    from ..state import TTState


# -- the Parallel Land: the Tree and the Parallel Virtues ------------------------------------------------

def pv_piece(s: TTState) -> int:
    return FUTURE_PIECE + next(i for i, p in enumerate(s.t.pieces) if p.id == "parallel_virtue")


def seed_piece(s: TTState) -> int:
    return FUTURE_PIECE + next(i for i, p in enumerate(s.t.pieces) if p.id == "seed")


def tree_flip_candidates(s: TTState) -> list[int]:
    """The tiles the Tree may flip: the unflipped tiles beside its own tile (L434); once none is left,
    those beside the flipped region (A-47)."""
    near = sorted(t for t in s.tile_neighbours(s.tree_tile) if not s.flipped[t]) if s.tree_tile >= 0 else []
    return near or flip_region_candidates(s)


def flip_region_candidates(s: TTState) -> list[int]:
    """Unflipped tiles beside the flipped region (the Tree's tile and every flipped tile, A-47): a Hero's
    flip at the start of its turn, and the Tree's once no tile beside its own is left unflipped."""
    region = [t for t in s.placed if s.flipped[t] or t == s.tree_tile]
    near: set[int] = set()
    for t in region:
        near.update(s.tile_neighbours(t))
    out = sorted(t for t in near if not s.flipped[t] and t != s.tree_tile)
    if not out:
        out = sorted(t for t in s.placed if not s.flipped[t] and t != s.tree_tile)
    return out


def safe(s: TTState, tiles: list[int]) -> list[int]:
    """The tiles of `tiles` no Hero stands on, or all of them if every one holds a Hero."""
    heroes = {s.pos[h] >> 2 for h in range(3)}
    free = [t for t in tiles if t not in heroes]
    return free or tiles


def parallel_flip(s: TTState, t: int) -> None:
    """Flip a tile in the Parallel Land: a Hero on it loses the game (L436); 3 unturned tiles win."""
    hero = any(s.pos[h] >> 2 == t for h in range(3))
    s.flip(t)
    if s.log is not None:
        s.emit("flip", f"{s.tile_name(t)} turns over ({unturned(s)} tiles unturned)")
    if hero:
        clock_runs_out(s, "A tile with a Hero on it turns over")
        return
    check_goal(s)
    if not s.over and s.pv_left:
        s.push(PlacePV(team(s) if s.cur < 0 or s.fstage == 1 else s.cur, t))


@decision
class HeroFlip(NamedTuple):
    """The Parallel Land: at the start of your turn, flip 1 tile beside the flipped region."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "flip a tile beside the flipped region (a Parallel Virtue appears on it)"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.tile + t for t in safe(s, flip_region_candidates(s))]

    def apply(self, s: TTState, action: int) -> None:
        t = action - s.t.ids.tile
        hero = any(s.pos[h] >> 2 == t for h in range(3))
        s.flip(t)
        if s.log is not None:
            s.emit("flip", f"{s.name(self.seat)} flips {s.tile_name(t)} ({unturned(s)} tiles unturned)")
        if hero:
            clock_runs_out(s, "A tile with a Hero on it turns over")
            return
        check_goal(s)
        if not s.over and s.pv_left:
            s.push(PlacePV(self.seat, t))


@decision
class PlacePV(NamedTuple):
    """Which of the flipped tile's four dark spaces the Parallel Virtue goes on."""

    seat: int
    tile: int

    def prompt(self, s: TTState) -> str:
        return f"choose the space of {s.tile_name(self.tile)} the Parallel Virtue goes on"

    def legal(self, s: TTState) -> list[int]:
        space = s.t.ids.space
        return [space + sp for sp in pv_spaces(s, self.tile)]

    def apply(self, s: TTState, action: int) -> None:
        sp = action - s.t.ids.space
        s.token[sp] = pv_piece(s)
        s.pv_left -= 1


def pv_spaces(s: TTState, t: int) -> list[int]:
    """The spaces of tile t a Parallel Virtue may go on: a flipped tile's four dark spaces (L434), a face-up
    tile's spaces with nothing on them (no token, no Tree, no Portal a Hero could never stand on, not the
    Tree itself), so that a Hero can always claim it."""
    token, figure = s.token, s.figure
    if s.flipped[t]:
        return [sp for sp in range(t * 4, t * 4 + 4) if token[sp] < 0]
    return [sp for sp in range(t * 4, t * 4 + 4)
            if token[sp] < 0 and sp != figure and s.kind(sp) not in (TREE, PORTAL)]


@automatic
class TreeTurn(NamedTuple):
    """The Tree goes first: it flips 2 tiles next to its own tile, a Parallel Virtue on each, then fills
    every empty tile with one (L434-L436; the variant empty_tiles=flipped: only the flipped ones)."""

    seat: int

    def run(self, s: TTState) -> None:
        flips = s.t.c.futures[s.future].enemy_turn.flips     # type: ignore[union-attr]
        s.push(TreeFill(self.seat))
        for _ in range(flips):
            s.push(TreeFlip(self.seat) if not s.cfg.tree_random else TreeFlipRandom(self.seat))


@automatic
class TreeFlipRandom(NamedTuple):
    """One of the Tree's flips, at random among the tiles it may flip (A-47's default)."""

    seat: int

    def run(self, s: TTState) -> None:
        tiles = safe(s, tree_flip_candidates(s))
        if tiles:
            parallel_flip(s, s.pick(tiles))


@decision
class TreeFlip(NamedTuple):
    """One of the Tree's flips, chosen by the players (option tree_flips=players)."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose the tile the Tree flips"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.tile + t for t in safe(s, tree_flip_candidates(s))]

    def apply(self, s: TTState, action: int) -> None:
        parallel_flip(s, action - s.t.ids.tile)


@automatic
class TreeFill(NamedTuple):
    """The end of the Tree's turn: a Parallel Virtue on every empty tile, one with no Seed and no Parallel
    Virtue (L436; option empty_tiles=flipped: only flipped ones), while the 30 last."""

    seat: int

    def run(self, s: TTState) -> None:
        pv, seed = pv_piece(s), seed_piece(s)
        flipped_only = s.cfg.fill_flipped_only
        empty = [t for t in sorted(s.placed) if (s.flipped[t] or not flipped_only)
                 and not any(s.token[t * 4 + k] in (pv, seed) for k in range(4)) and pv_spaces(s, t)]
        for t in reversed(empty[:s.pv_left]):
            s.push(PlacePV(self.seat, t))


@decision
class PlantSeed(NamedTuple):
    """You claimed a Parallel Virtue: plant one of your Seeds on its space, or keep it."""

    seat: int
    space: int

    def prompt(self, s: TTState) -> str:
        return "plant a Seed where the Parallel Virtue was (no more will appear on its tile), or keep it"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.accept, s.t.ids.decline]

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.accept:
            s.seeds[self.seat] -= 1
            s.token[self.space] = seed_piece(s)
            if s.log is not None:
                s.emit("seed", f"{s.name(self.seat)} plants a Seed on {s.space_name(self.space)}")


def has_pv(s: TTState, t: int) -> bool:
    pv = pv_piece(s)
    return any(s.token[t * 4 + k] == pv for k in range(4))


def clear_tile(s: TTState, seat: int, t: int) -> None:
    pv = pv_piece(s)
    for k in range(4):
        sp = t * 4 + k
        if s.token[sp] == pv:
            s.token[sp] = -1
            if s.seeds[seat]:
                s.push(PlantSeed(seat, sp))


@decision
class ClearTile(NamedTuple):
    """Clearing: the adjacent tile whose Parallel Virtues you claim too."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose the adjacent tile whose Parallel Virtues you claim"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.tile + t for t in s.tile_neighbours(s.pos[self.seat] >> 2) if has_pv(s, t))

    def apply(self, s: TTState, action: int) -> None:
        clear_tile(s, self.seat, action - s.t.ids.tile)


@decision
class ClearPV(NamedTuple):
    """Claim Parallel Virtues anywhere on the Map, one at a time (up to `left`), without Actions."""

    seat: int
    left: int

    def prompt(self, s: TTState) -> str:
        return f"choose a Parallel Virtue to remove ({self.left} left), or stop"

    def legal(self, s: TTState) -> list[int]:
        pv = pv_piece(s)
        return sorted([*(s.t.ids.space + sp for sp, tok in enumerate(s.token) if tok == pv), s.t.ids.stop])

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.stop:
            return
        sp = action - s.t.ids.space
        s.token[sp] = -1
        if self.left > 1 and any(tok == pv_piece(s) for tok in s.token):
            s.push(ClearPV(self.seat, self.left - 1))
        if s.seeds[self.seat]:
            s.push(PlantSeed(self.seat, sp))
