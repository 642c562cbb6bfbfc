"""The Information Flood (Future Book, chapter 2, Time): before each Hero's turn a tile is removed, and
a second one on a negative die; the tale is lost when a Hero's tile goes or only 4 tiles are left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import automatic, decision
from .chapter import words_collected
from .goal import clock_runs_out

if TYPE_CHECKING:
    from ..state import TTState


# -- the Information Flood: tiles removed before each Hero's turn ----------------------------------------

def removal_candidates(s: TTState) -> list[int]:
    """The tiles that may be removed now (A-45): free of Heroes, not the Ark's, not protected, from the
    lowest class of borders (1, then 2; an isolated tile first of all)."""
    protected = {s.protected[i] for i in range(0, len(s.protected), 2)}
    ark = s.figure >> 2 if s.figure >= 0 else -1
    heroes = {s.pos[h] >> 2 for h in range(3)}
    free = [t for t in sorted(s.placed) if t != ark and t not in protected and t not in heroes]
    count = [s.borders(t) for t in free]
    order = (0, *s.t.c.futures[s.future].clock.border_order)
    for b in order:
        if b in count:
            return [t for t, n in zip(free, count, strict=True) if n == b]
    if s.cfg.removal_strict:
        held = [t for t in sorted(s.placed) if t in heroes and s.borders(t) <= max(order)]
        if held:
            return held
    if not free:
        return []
    fewest = min(count)
    return [t for t, n in zip(free, count, strict=True) if n == fewest]


@decision
class RemoveTile(NamedTuple):
    """Before your turn, remove a tile of your choice (the first; the second if the die was blank)."""

    seat: int
    which: int

    def prompt(self, s: TTState) -> str:
        if flood_out_of_tiles(s):
            return "the flood has no tile left to take but the Heroes' and the Ark's: sacrifice a Sacred Stone"
        n = "a tile" if self.which == 1 else "a second tile"
        return f"the flood: remove {n} from the Map ({len(s.placed)} tiles left), or sacrifice a Sacred Stone"

    def legal(self, s: TTState) -> list[int]:
        ids = s.t.ids
        out = [ids.tile + t for t in removal_candidates(s)]
        out.extend(ids.stone + s.hero[h] for h in range(3) if s.stones[h])
        return sorted(out)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        if ids.stone <= action < ids.stone + len(s.t.c.heroes):
            h = s.hero.index(action - ids.stone)
            s.stones[h] -= 1
            if s.log is not None:
                s.emit("stone", f"{s.name(h)} sacrifices a Sacred Stone: no tile is removed")
            return
        remove_tile(s, action - ids.tile)


def flood_out_of_tiles(s: TTState) -> bool:
    """Every tile left holds a Hero or the Ark: whatever the flood takes now loses the game (A-46)."""
    ark = s.figure >> 2 if s.figure >= 0 else -1
    heroes = {s.pos[h] >> 2 for h in range(3)}
    return all(t == ark or t in heroes for t in s.placed)


def remove_tile(s: TTState, t: int) -> None:
    hero = any(s.pos[h] >> 2 == t for h in range(3))
    ark = s.figure >= 0 and s.figure >> 2 == t
    s.lift_tile(t)
    s.unflip(t)
    s.removed.append(t)
    if s.log is not None:
        s.emit("remove", f"{s.tile_name(t)} is swept away ({len(s.placed)} tiles left)")
    if hero:
        clock_runs_out(s, "A tile with a Hero on it is removed")
    elif ark:
        clock_runs_out(s, "The Ark of Truth's tile is swept away")
    elif len(s.placed) <= s.t.c.futures[s.future].clock.lose_at_tiles and not words_collected(s):
        clock_runs_out(s, f"Only {len(s.placed)} tiles are left")


@automatic
class FirstRemoval(NamedTuple):
    """Before a Hero's turn in the flood, the first tile goes (unless something stops it)."""

    seat: int

    def run(self, s: TTState) -> None:
        start_removal(s, self.seat, 1)


def removal_die_rolled(s: TTState, seat: int, positive: int) -> None:
    """Positive: no second removal; blank: a second tile goes (nothing may change this die)."""
    if s.log is not None:
        s.emit("roll", f"The flood's die is {'positive: no second tile' if positive else 'blank: a second tile goes'}")
    if not positive:
        start_removal(s, seat, 2)


def start_removal(s: TTState, seat: int, which: int) -> None:
    if s.cancel_removals:
        s.cancel_removals -= 1
        if s.log is not None:
            s.emit("remove", "The Sealed Map holds: this tile is not removed")
        return
    if removal_candidates(s) or any(s.stones):
        s.push(RemoveTile(seat, which))
    elif flood_out_of_tiles(s):
        clock_runs_out(s, "The flood has no tile left to take but the Heroes' and the Ark's")
