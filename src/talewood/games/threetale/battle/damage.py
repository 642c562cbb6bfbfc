"""Taking damage (rulebook, Battle Cards; Other Stats: Spirit): the enemy's damage spread over the
Virtues point by point, or all of it blocked with 1 Spirit; also the Tree's, a Virus's and a
Tentacle's damage outside a round of attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import decision
from .. import rulings
from ..effects import resolve
from ..state_fields import B_FREE_BLOCK, B_HURT, B_MARTENITSA, B_REDUCED, B_VEIL
from ..tables import VIRTUE_NAMES
from .ending import can_escape, escape
from .enemy import CAUSE_BATTLE, CAUSE_TREE, enemy_talent, regained, talent_has

if TYPE_CHECKING:
    from ..state import TTState


# -- taking damage ---------------------------------------------------------------------------------

def reductions(s: TTState, seat: int) -> tuple[int, int]:
    """Once-per-battle damage reductions not yet used: (total, the flags they use)."""
    total = 0
    flags = 0
    for lv in range(3):
        ti = s.talent_at(seat, lv)
        if ti >= 0 and not s.battle.used & B_REDUCED:
            for e in s.t.talents[ti].effects:
                if e.do == "damage_reduction":
                    total += e.n
                    flags |= B_REDUCED
    for a in s.equipped(seat, "passive"):
        for e in s.t.artifacts[a].effects:
            if e.do == "damage_reduction" and not s.battle.used & B_MARTENITSA:
                total += e.n
                flags |= B_MARTENITSA
    return total, flags


def free_blocks(s: TTState, seat: int) -> list[int]:
    """Never Born, Never Dying and the Veil of Dawn: block one round without Spirit, once a battle."""
    ids = s.t.ids
    out = []
    for lv in range(3):
        ti = s.talent_at(seat, lv)
        if ti >= 0 and not s.battle.used & B_FREE_BLOCK and any(e.do == "free_block" for e in s.t.talents[ti].effects):
            out.append(ids.talent + ti)
    for a in s.equipped(seat, "passive"):
        if not s.battle.used & B_VEIL and any(e.do == "free_block" for e in s.t.artifacts[a].effects):
            out.append(ids.use_artifact + a)
    return out


def damage_options(s: TTState, frame: TakeDamage) -> list[int]:
    ids = s.t.ids
    seat = frame.seat
    lower = [ids.lower_virtue + v for v in range(6) if s.v(seat, v) > 0]
    if frame.started:               # the spread is one act, point by point: the escape came before it
        return lower
    battle = frame.cause == CAUSE_BATTLE
    out = []
    if s.spirit[seat] > 0:
        out.append(ids.block)
    if battle:
        out.extend(free_blocks(s, seat))
        if can_escape(s, seat):
            out.append(ids.escape)
    if frame.cause == CAUSE_TREE:
        out.extend(ids.stone + s.hero[h] for h in range(3) if s.stones[h] and s.tree_stone())
    left = frame.left - (reductions(s, seat)[0] if battle else 0)
    if left <= 0:
        out.append(ids.done)
    elif s.virtue_total(seat) >= left or not rulings.DAMAGE_OVER_VIRTUES_ONLY_BLOCK:
        out.extend(lower)
    out.sort()
    return out


@decision
class TakeDamage(NamedTuple):
    """Spread the damage over your Virtues, point by point, or block all of it with 1 Spirit (L303)."""

    seat: int
    total: int
    left: int
    cause: int
    started: int

    def prompt(self, s: TTState) -> str:
        if self.started:
            return f"choose the Virtue that loses the next point ({self.left} damage left)"
        escape = self.cause == CAUSE_BATTLE and can_escape(s, self.seat)
        return (f"you take {self.total} damage: spread it over your Virtues, or block it all with 1 Spirit"
                f"{', or escape the battle for 1 Spirit' * escape}")

    def legal(self, s: TTState) -> list[int]:
        return damage_options(s, self)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        seat = self.seat
        if action == ids.escape:        # the blow never lands
            escape(s, seat)
            return
        if action == ids.block:
            if s.log is not None:
                s.emit("block", f"{s.name(seat)} blocks the damage with 1 Spirit ({s.spirit[seat] - 1} left)")
            s.lose_spirit(seat)
            return
        if ids.stone <= action < ids.stone + len(s.t.c.heroes):
            giver = s.hero.index(action - ids.stone)
            s.stones[giver] -= 1
            if s.log is not None:
                s.emit("stone", f"{s.name(giver)} sacrifices a Sacred Stone: the Tree spares {s.name(seat)}")
            return
        if ids.talent <= action < ids.talent + len(s.t.talents) or \
                ids.use_artifact <= action < ids.use_artifact + len(s.t.artifacts):
            talent = ids.talent <= action < ids.talent + len(s.t.talents)
            s.battle.used |= B_FREE_BLOCK if talent else B_VEIL
            if s.log is not None:
                name = s.t.talents[action - ids.talent].name if talent else \
                    s.t.artifacts[action - ids.use_artifact].name
                s.emit("block", f"{s.name(seat)} blocks the damage with {name}")
            return
        left = self.left
        if not self.started:
            if self.cause == CAUSE_BATTLE:
                red, flags = reductions(s, seat)
                if red:
                    s.battle.used |= flags
                    left = max(0, left - red)
                    if s.log is not None:
                        s.emit("reduce", f"{s.name(seat)} takes {red} less damage")
                if left and s.battle.kind:
                    s.battle.used |= B_HURT
                    for e in enemy_talent(s):
                        if e.do == "whenever" and e.event == "virtue_damage":
                            resolve(s, seat, e.then)
            if action == ids.done:
                return
        v = action - ids.lower_virtue
        s.lower_virtue(seat, v)
        left -= 1
        if s.log is not None:
            s.emit("virtue", f"{s.name(seat)} loses 1 {VIRTUE_NAMES[v]} ({s.v(seat, v)} left)")
        if self.cause == CAUSE_BATTLE and s.battle.kind and talent_has(s, "handler", name="blood_drain"):
            s.battle.defense = regained(s, 1)
        if left > 0 and s.virtue_total(seat):      # (the other reading of A-18 lets the rest go)
            s.push(TakeDamage(seat, self.total, left, self.cause, 1))
