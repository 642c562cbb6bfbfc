"""The Altar (rulebook, Using Portals and Altars): one Action, as many Sacrifices as the Hero wishes:
Shevitsa for Virtues, Artifacts for Shevitsa, two Artifacts for one of the next level, two Level 3
Artifacts for a Sacred Stone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import decision
from ..effects import RaiseVirtue, WinArtifact
from ..quests import quest_event

if TYPE_CHECKING:
    from ..state import TTState


# -- the Altar --------------------------------------------------------------------------------------

def altar_rate(s: TTState, seat: int, level: int) -> int:
    rate = s.t.altar_rate[level]
    for e in s.passives(seat):
        if e.do == "altar_rate" and e.level == level:
            rate = e.n
    return rate


def altar_options(s: TTState, seat: int) -> list[int]:
    ids = s.t.ids
    out = [ids.done]
    any_hero = s.has_passive(seat, "altar_any_hero")
    if s.shev[seat] >= 1 and (s.raisable(seat) or (any_hero and any(s.raisable(h) for h in range(3)))):
        out.append(ids.sac_shevitsa)
    out.extend(ids.artifact + a for a in s.arts[seat])
    arts = s.t.artifacts
    for lv in (1, 2, 3):
        if sum(1 for a in s.arts[seat] if arts[a].level == lv) >= 2 and (lv == 3 or s.cards_left(lv)):
            out.append(ids.upgrade + lv - 1)
    out.sort()
    return out


@decision
class Altar(NamedTuple):
    """One Altar Action: Sacrifice as many objects as you wish, one at a time (A-61), then stop."""

    seat: int
    tile: int
    used: int           # a Sacrifice was made in this Action (for the Pilgrimage Quest)

    def prompt(self, s: TTState) -> str:
        return "sacrifice on the Altar, or stop"

    def legal(self, s: TTState) -> list[int]:
        return altar_options(s, self.seat)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        seat = self.seat
        if action == ids.done:
            return
        s.push(Altar(seat, self.tile, 1))
        if not self.used:
            quest_event(s, seat, "use_altars", altar=self.tile)
        if action == ids.sac_shevitsa:
            s.shev[seat] -= 1
            if s.log is not None:
                s.emit("sacrifice", f"{s.name(seat)} sacrifices 1 Shevitsa for a Virtue")
            if s.has_passive(seat, "altar_any_hero"):
                s.push(AltarVirtue(seat))
            else:
                s.push(RaiseVirtue(seat, 1))
            return
        if ids.upgrade <= action < ids.upgrade + 3:
            s.push(PickSacrifice(seat, action - ids.upgrade + 1, -1))
            return
        a = action - ids.artifact
        level = s.t.artifacts[a].level
        rate = altar_rate(s, seat, level)
        s.remove_artifact(seat, a)
        s.shev[seat] += rate
        if s.log is not None:
            s.emit("sacrifice", f"{s.name(seat)} sacrifices {s.t.artifacts[a].name} for {rate} Shevitsa")


@decision
class AltarVirtue(NamedTuple):
    """Holy Well: the Hero whose Virtue the Shevitsa raises."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose the Hero whose Virtue rises"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.hero + s.hero[h] for h in range(3) if s.raisable(h))

    def apply(self, s: TTState, action: int) -> None:
        s.push(RaiseVirtue(s.hero.index(action - s.t.ids.hero), 1))


@decision
class PickSacrifice(NamedTuple):
    """Which two Artifacts of `level` go on the Altar (first, then second)."""

    seat: int
    level: int
    first: int

    def prompt(self, s: TTState) -> str:
        which = "first" if self.first < 0 else "second"
        return f"choose the {which} Level {self.level} Artifact to sacrifice"

    def legal(self, s: TTState) -> list[int]:
        arts = s.t.artifacts
        return sorted(s.t.ids.artifact + a for a in s.arts[self.seat]
                      if arts[a].level == self.level and a != self.first)

    def apply(self, s: TTState, action: int) -> None:
        a = action - s.t.ids.artifact
        if self.first < 0:
            s.push(PickSacrifice(self.seat, self.level, a))
            return
        seat = self.seat
        s.remove_artifact(seat, self.first)
        s.remove_artifact(seat, a)
        if s.log is not None:
            s.emit("sacrifice", f"{s.name(seat)} sacrifices {s.t.artifacts[self.first].name} and "
                                f"{s.t.artifacts[a].name}")
        if self.level < 3:
            s.push(WinArtifact(seat, self.level + 1))
        else:
            s.stones[seat] += 1
            if s.log is not None:
                s.emit("stone", f"{s.name(seat)} gains a Sacred Stone")
