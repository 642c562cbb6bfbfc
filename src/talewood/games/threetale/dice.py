"""Dice (rulebook, Basic Concepts: Dice; Virtues: Hope): the Hero's own blank dice turned after a roll,
in battle or out of it: one a Hope tier, Third Time Lucky's roll of the blanks again, the Four-Leaf
Clover's turn of up to 3 dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state_fields import T_REROLL

if TYPE_CHECKING:
    from .state import TTState


# -- after the Hero's roll -------------------------------------------------------------------------

def clover(s: TTState, seat: int) -> int:
    """The Four-Leaf Clover (a one-time turn of up to 3 dice) in its slot, or -1."""
    for a in s.equipped(seat, "one_time"):
        e = s.t.artifacts[a].effects[0]
        if e.do == "turn_dice" and e.when == "one_roll" and not s.slots_used >> s.t.art_slot[a] & 1:
            return a
    return -1


def reroll_talent(s: TTState, seat: int) -> int:
    """Third Time Lucky, if developed and unused this turn, else -1."""
    if s.tflags & T_REROLL:
        return -1
    for lv in range(3):
        ti = s.tal[seat * 3 + lv]
        if ti >= 0 and any(e.do == "reroll_blanks" for e in s.t.talents[ti].effects):
            return ti
    return -1
