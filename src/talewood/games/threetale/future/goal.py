"""The Future's goal and its clock (Future Book, each chapter's Goal and Time): what wins the tale
(checked after every change, A-46) and what ends it when time runs out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scoring import end_game
from ..state_fields import FUTURE
from .chapter import unturned

if TYPE_CHECKING:
    from ..state import TTState


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
