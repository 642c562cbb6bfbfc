"""Dice (rulebook, Basic Concepts: Dice; Virtues: Hope): the Hero's own blank dice turned after a roll,
in battle or out of it: one a Hope tier, Third Time Lucky's roll of the blanks again, the Four-Leaf
Clover's turn of up to 3 dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state_fields import T_REROLL

if TYPE_CHECKING:
    from .state import TTState


def clover(s: TTState, seat: int) -> int:
    """The Four-Leaf Clover (a one-time turn of up to 3 dice) in its slot, or -1."""
    for a in s.equipped(seat, "one_time"):
        e = s.t.artifacts[a].effects[0]
        if e.do == "turn_dice" and e.when == "one_roll" and not s.slots_used >> s.t.art_slot[a] & 1:
            return a
    return -1


def reroll_talent(s: TTState, seat: int) -> int:
    """Third Time Lucky, if developed and unused this turn, else -1."""
    if s.turn.used & T_REROLL:
        return -1
    for lv in range(3):
        ti = s.talent_at(seat, lv)
        if ti >= 0 and any(e.do == "reroll_blanks" for e in s.t.talents[ti].effects):
            return ti
    return -1


def own_dice_options(s: TTState, seat: int, reroll: bool) -> list[int]:
    """What the Hero may do with their own blank dice: turn one with Hope, roll them again with Third Time
    Lucky (where `reroll`: a battle's or a Treasure's roll), turn some with the Four-Leaf Clover."""
    ids = s.t.ids
    out = []
    if s.turns_left(seat) > 0:
        out.append(ids.turn_die)
    if reroll:
        ti = reroll_talent(s, seat)
        if ti >= 0:
            out.append(ids.talent + ti)
    a = clover(s, seat)
    if a >= 0:
        out.append(ids.use_artifact + a)
    return out


def turn_blank_die(s: TTState, seat: int, positive: int) -> int:
    """Hope turns one of the Hero's blank dice: the positive dice now."""
    s.use_turn(seat)
    positive += 1
    if s.log is not None:
        s.emit("turn", f"{s.name(seat)} turns a blank die: {positive} positive")
    return positive


def use_clover(s: TTState, seat: int, a: int, dice: int, positive: int) -> int:
    """The Four-Leaf Clover (Artifact a) turns blank dice of the `dice` rolled and is used up: the positive
    dice now."""
    art = s.t.artifacts[a]
    s.slots_used |= 1 << s.t.art_slot[a]
    s.remove_artifact(seat, a)
    positive = min(dice, positive + art.effects[0].n)
    if s.log is not None:
        s.emit("turn", f"{s.name(seat)} uses {art.name}: {positive} positive")
    return positive
