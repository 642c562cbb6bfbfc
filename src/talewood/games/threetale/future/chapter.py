"""Which Future is played (Future Book, The Future Is Now): the chapters by number, the team's order, the
chapter's figure and enemies, and how much of the Map is left unturned; what the goal, the clock and
the score sheet read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import rulings
from ..components.futures import Enemy, Piece

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


def unturned(s: TTState) -> int:
    return sum(1 for t in s.placed if not s.flipped[t])


def words_collected(s: TTState) -> bool:
    """The Words of Wisdom are in: the flood's deadline (only 4 tiles left) no longer applies (L420, A-46)."""
    return rulings.FLOOD_DEADLINE_IS_FOR_THE_WORDS and s.wow >= s.t.c.futures[s.future].goal.team
