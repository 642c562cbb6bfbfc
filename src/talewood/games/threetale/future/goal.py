"""The Future's chapters, their goal and their clock (Future Book, The Future Is Now; each chapter's Goal
and Time): which Future is played, what wins it (checked after every change, A-46) and what ends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import rulings
from ..components.futures import Enemy, Piece
from ..scoring import end_game
from ..state_fields import FUTURE

if TYPE_CHECKING:
    from ..state import TTState


# the Futures, by their `number`
RINGS, FLOOD, PARALLEL, PATH, CROWN = 1, 2, 3, 4, 5
FALLBACK_TREE, FALLBACK_CROWN = 0, 1


def team(s: TTState) -> int:
    """The seat a choice "the players" make is asked of: the Hero first in turn order (or else the
    Hero whose turn it is, when there is one)."""
    if not rulings.TEAM_CHOOSES_BY_FIRST_IN_ORDER and s.cur >= 0:
        return s.cur
    return s.order[0]


def number(s: TTState) -> int:
    return s.t.c.futures[s.future].number if s.future >= 0 else 0


def chapter_figure(s: TTState) -> Piece:
    return next(p for p in s.t.c.futures[s.future].pieces if p.kind == "figure")


def crown_enemy(s: TTState, enemy_id: str) -> Enemy:
    return next(e for e in s.t.c.futures[s.future].enemies if e.id == enemy_id)


# -- the goal -------------------------------------------------------------------------------------------

def goal_met(s: TTState) -> bool:
    f = s.t.c.futures[s.future]
    g = f.goal
    if g.kind == "defeat":
        return s.vici_def <= 0
    if g.kind == "survive":
        return unturned(s) <= f.clock.win_at_unturned
    if s.figure < 0:
        return False
    if g.token == "ring" and any(s.rings[h] < g.per_hero for h in range(3)):
        return False
    if g.token == "wow" and s.wow < g.team:
        return False
    if g.token == "head" and any(s.heads[h] != 7 for h in range(3)):
        return False
    if g.around == "spaces":
        return all(s.pos[h] != s.figure and s.adjacent8(s.pos[h], s.figure) for h in range(3))
    throne = s.figure >> 2
    near = set(s.tile_neighbours(throne))
    return all(s.pos[h] != s.figure and (s.pos[h] >> 2 == throne or s.pos[h] >> 2 in near) for h in range(3))


def check_goal(s: TTState) -> None:
    if s.phase == FUTURE and not s.over and s.future >= 0 and goal_met(s):
        s.won_round = s.round_no
        if s.log is not None:
            s.emit("goal", f"The goal of {s.t.c.futures[s.future].name} is met: the team wins")
        end_game(s, won=True, reason="the Future's goal is met")


def clock_runs_out(s: TTState, why: str) -> None:
    if s.over:
        return
    if s.log is not None:
        s.emit("clock", f"{why}: the team loses")
    end_game(s, won=False, reason=why)


def unturned(s: TTState) -> int:
    return sum(1 for t in s.placed if not s.flipped[t])


def words_collected(s: TTState) -> bool:
    """The Words of Wisdom are in: the flood's deadline (only 4 tiles left) no longer applies (L420, A-46)."""
    return rulings.FLOOD_DEADLINE_IS_FOR_THE_WORDS and s.wow >= s.t.c.futures[s.future].goal.team
