"""Strikes outside a round (Future Book, each chapter's Sacred Stone: damage "at any point during the
battle and not part of your round"), and the one-time Artifacts that strike the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import rulings
from ..state_fields import B_STONE, FUTURE_BATTLE, VICINATOR_FIGHT
from .enemy import enemy_name

if TYPE_CHECKING:
    from ..state import TTState


def stone_uses(s: TTState, seat: int) -> int:
    """The damage a Sacred Stone does to the enemy fought now (0: none in this Future, or not it)."""
    if not s.stones[seat] or s.future < 0:
        return 0
    f = s.t.c.futures[s.future]
    for use in f.sacred_stone:
        if use.use != "strike":
            continue
        if s.battle.kind == FUTURE_BATTLE and s.t.fcards[s.battle.card].deck in use.against:
            return use.n
        if s.battle.kind == VICINATOR_FIGHT and "vicinator" in use.against:
            return use.n
    return 0


def strike_options(s: TTState, seat: int) -> list[int]:
    """Sacred Stones and one-time strikes: usable at any moment of the battle (not part of a round)."""
    ids = s.t.ids
    out = []
    if stone_uses(s, seat) and (rulings.SEVERAL_STONES_A_BATTLE or not s.battle.used & B_STONE):
        out.append(ids.stone + s.hero[seat])
    for a in s.equipped(seat, "one_time"):
        art = s.t.artifacts[a]
        if art.effects[0].do == "strike" and art.effects[0].target == "enemy" and \
                not s.slots_used >> s.t.art_slot[a] & 1:
            out.append(ids.use_artifact + a)
    return out


def use_strike(s: TTState, seat: int, action: int) -> bool:
    """Carry out a Sacred Stone or one-time strike chosen in a battle frame; False if it is neither."""
    ids = s.t.ids
    if ids.stone <= action < ids.stone + len(s.t.c.heroes):
        n = stone_uses(s, seat)
        s.stones[seat] -= 1
        s.battle.used |= B_STONE
        if s.log is not None:
            s.emit("stone", f"{s.name(seat)} uses a Sacred Stone: {n} damage to {enemy_name(s)}")
        s.battle.defense -= n
        return True
    if ids.use_artifact <= action < ids.use_artifact + len(s.t.artifacts):
        a = action - ids.use_artifact
        art = s.t.artifacts[a]
        e = art.effects[0]
        if e.do == "strike":
            s.slots_used |= 1 << s.t.art_slot[a]
            s.remove_artifact(seat, a)
            if s.log is not None:
                s.emit("strike", f"{s.name(seat)} uses {art.name}: {e.n} damage to {enemy_name(s)}")
            s.battle.defense -= e.n
            return True
    return False


def strike_enemy(s: TTState, seat: int, n: int) -> None:
    if s.battle.kind:
        s.battle.defense -= n


def strike_vicinator(s: TTState, seat: int, n: int) -> None:
    if s.battle.kind == VICINATOR_FIGHT:
        s.battle.defense -= n
        return
    s.vici_def -= n
    if s.log is not None:
        s.emit("strike", f"The Vicinator takes {n} damage ({max(0, s.vici_def)} Defense left)")
    if s.vici_def <= 0:
        s.vicinator_defeated(seat)
