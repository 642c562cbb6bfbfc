"""Moving (rulebook, Other Stats: Speed; Using Portals): one Step a decision, up, down, left or right,
never through Trees nor to end on another Hero's space; a Portal is one Step to any other Portal; a
flipped tile of the Future costs 2 Steps (Future Book, Map, Tiles and Tokens).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import decision
from .. import rulings
from ..components.symbols import portal_name
from ..quests import quest_event
from ..state_fields import T_DIAGONAL, T_TREES
from ..tables import (
    ALTAR,
    DARK,
    PORTAL,
    TREE,
    Profile,
)

if TYPE_CHECKING:
    from ..state import TTState


ORTHOGONAL = (0, 1, 2, 3)
DIAGONAL = (0, 1, 2, 3, 4, 5, 6, 7)


# -- moving ---------------------------------------------------------------------------------------

class Mobility(NamedTuple):
    trees: bool               # may pass through Tree spaces (never end on one)
    flipped: int              # Steps to enter a flipped tile's space
    portal: int               # Steps to enter a Portal
    diagonal: bool


def mobility(s: TTState, seat: int, p: Profile | None = None) -> Mobility:
    """How Hero `seat` moves now (`p`: its Profile, if known)."""
    if p is None:
        p = s.profile(seat)
    current = seat == s.cur
    trees = p.trees or (bool(s.turn.used & T_TREES) and current)
    flipped = rulings.FLIPPED_TILE_ENTRY_COST
    if p.flipped:
        flipped = min(flipped, p.flipped)
    if s.green[seat] > 0:
        flipped = min(flipped, 1)
    portal = 1
    if p.portal >= 0 and (s.portals_free < rulings.FREE_PORTAL_ENTRIES_PER_TURN or not current):
        portal = min(portal, p.portal)
    return Mobility(trees, flipped, portal, p.diagonal and current and not s.turn.used & T_DIAGONAL)


def blocked(s: TTState, space: int) -> bool:
    """A space no Hero may enter: the Tree's or the Vicinator's figure, a Virus."""
    return (space == s.figure and s.figure_blocks()) or (bool(s.viruses) and space in s.viruses)


def end_ok(s: TTState, seat: int, space: int) -> bool:
    """A Hero may end a move here: no Tree, no other Hero, no figure, no Altar in the Crown of Evil."""
    return _ends(s, seat, space, s.kind(space))


def _ends(s: TTState, seat: int, space: int, kind: int) -> bool:
    """end_ok, for a space whose kind is known."""
    if kind == TREE:
        return False
    pos = s.pos
    if (pos[0] == space and seat != 0) or (pos[1] == space and seat != 1) or (pos[2] == space and seat != 2):
        return False
    if (space == s.figure and s.figure_blocks()) or (s.viruses and space in s.viruses):
        return False
    return not (kind == ALTAR and s.no_ending_on_altars())


def reachable_end(s: TTState, seat: int, start: int, budget: int, mob: Mobility) -> bool:
    """Whether a Hero standing on `start` with `budget` Steps can reach a space it may end on."""
    if end_ok(s, seat, start):
        return True
    best = {start: budget}
    frontier = [start]
    trees = mob.trees
    nb = s.nb
    kind_of = s.kind
    while frontier:
        here = frontier.pop()
        left = best[here]
        for d in (0, 1, 2, 3):
            there = nb(here, d)
            if there < 0 or blocked(s, there):
                continue
            kind = kind_of(there)
            if kind == TREE and not trees:
                continue
            rest = left - (mob.flipped if kind == DARK else mob.portal if kind == PORTAL else 1)
            if rest < 0 or best.get(there, -1) >= rest:
                continue
            if _ends(s, seat, there, kind):
                return True
            best[there] = rest
            frontier.append(there)
    return False


def step_target(s: TTState, seat: int, d: int, budget: int, mob: Mobility, trees_free: bool = False) -> tuple[int, int]:
    """(space, cost) of a Step in direction d, or (-1, 0) if it is not legal."""
    there = s.geo[s.pos[seat] << 3 | d]                                                                 # s.nb
    if there < 0 or (there == s.figure and s.figure_blocks()) or (s.viruses and there in s.viruses):
        return -1, 0
    kind = s.kinds[there]                                                                               # s.kind
    if kind == TREE and not (mob.trees or trees_free):
        return -1, 0
    if trees_free:
        cost = 1
    else:
        cost = mob.flipped if kind == DARK else mob.portal if kind == PORTAL else 1
    if cost > budget:
        return -1, 0
    if not _ends(s, seat, there, kind):
        rest = budget - cost
        if kind == PORTAL and not trees_free and portal_exits(s, seat, there, rest, mob):
            return there, cost
        if rest <= 0 or not reachable_end(s, seat, there, rest, mob):
            return -1, 0
    return there, cost


def portal_exits(s: TTState, seat: int, entry: int, budget: int, mob: Mobility) -> list[int]:
    """The other Portals a Hero entering `entry` may be moved to (A-33)."""
    out = []
    flipped = s.flipped
    portals = s.t.tile_portals
    for t in s.placed:
        corners = portals[t]
        if not corners or flipped[t]:
            continue
        rot = s.tile_rot[t]
        for k in sorted((c + rot) & 3 for c in corners) if len(corners) > 1 else ((corners[0] + rot) & 3,):
            sp = t * 4 + k
            if sp != entry and not blocked(s, sp) and \
                    (end_ok(s, seat, sp) or (budget > 0 and reachable_end(s, seat, sp, budget, mob))):
                out.append(sp)
    return out


def step_options(s: TTState, seat: int, budget: int, mob: Mobility, trees_free: bool = False) -> list[int]:
    base = s.t.ids.step
    return [base + d for d in (DIAGONAL if mob.diagonal else ORTHOGONAL)
            if step_target(s, seat, d, budget, mob, trees_free)[0] >= 0]


def take_step(s: TTState, seat: int, d: int, mob: Mobility, budget: int, frame: int) -> int:
    """Move the Hero one Step; a Portal moves it on (A-33). Returns the Steps it cost."""
    there, cost = step_target(s, seat, d, budget, mob)
    s.pos[seat] = there
    if d >= 4:
        s.turn.used |= T_DIAGONAL
    if s.kind(there) == PORTAL:
        if cost == 0 and seat == s.cur:
            s.portals_free += 1
        exits = portal_exits(s, seat, there, budget - cost, mob)
        if len(exits) == 1:
            s.pos[seat] = exits[0]
            quest_event(s, seat, "travel_portals")
        elif exits:
            s.push(PortalTo(seat, frame, budget - cost))
    s.goal_changed()
    return cost


@decision
class PortalTo(NamedTuple):
    """You entered a Portal: choose the other Portal you come out of."""

    seat: int
    frame: int          # 0: the Hero's own turn; 1: a move at another's turn end
    budget: int

    def prompt(self, s: TTState) -> str:
        return "choose the Portal you come out of"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.portal_to
        mob = mobility(s, self.seat)
        return sorted(base + (sp >> 2) for sp in portal_exits(s, self.seat, s.pos[self.seat], self.budget, mob))

    def apply(self, s: TTState, action: int) -> None:
        t = action - s.t.ids.portal_to
        s.pos[self.seat] = next(t * 4 + k for k in range(4) if s.kind(t * 4 + k) == PORTAL)
        quest_event(s, self.seat, "travel_portals")
        if s.log is not None:
            s.emit("portal", f"{s.name(self.seat)} comes out of {portal_name(s.tile_name(t))}")
        s.goal_changed()
