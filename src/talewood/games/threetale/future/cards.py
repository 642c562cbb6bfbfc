"""What the Futures' cards and tokens do (Future Book, each chapter's New objects): their effects beyond
the Past's vocabulary: clearing a tile, destroying a Virus, protecting a tile, moving a Hero.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import decision
from ..battle.damage import TakeDamage
from ..battle.enemy import CAUSE_TENTACLE
from ..components.vocabulary import Effect
from ..rolls import start_effect_roll
from ..turn.moving import blocked, end_ok
from .chapter import crown_enemy
from .crown import DestroyVirus, vicinator_ring
from .parallel_land import ClearPV, ClearTile, PlantSeed, clear_tile, has_pv

if TYPE_CHECKING:
    from ..state import TTState


# -- the Futures' effects ----------------------------------------------------------------------------------

def future_act(s: TTState, seat: int, e: Effect) -> None:
    do = e.do
    if do == "roll":
        start_effect_roll(s, seat, e.n, e.need, s.t.intern(e.then), s.t.intern(e.otherwise))
    elif do == "teleport":
        s.push(Teleport(seat))
    elif do == "move_hero":
        s.push(MoveWho(seat, e.n))
    elif do == "damage_heroes":
        s.push(TakeDamage(seat, e.n, e.n, CAUSE_TENTACLE, 0))
    elif do == "cancel_removal":
        s.cancel_removals += 1
    elif do == "protect_tile":
        if s.placed:
            s.push(ProtectTile(seat))
    elif do == "clear_pv":
        if e.where == "anywhere":
            s.push(ClearPV(seat, e.n or 99))
        else:
            here = s.pos[seat] >> 2
            clear_tile(s, seat, here)
            if any(has_pv(s, t) for t in s.tile_neighbours(here)):
                s.push(ClearTile(seat))
    elif do == "plant_seed":
        if s.seeds[seat]:
            s.push(PlantSeed(seat, s.pos[seat]))
    elif do == "destroy_virus":
        if any(v >= 0 for v in s.viruses):
            s.push(DestroyVirus(seat, e.n))
    elif do == "spawn_virus":
        for _ in range(e.n):
            ring = [sp for sp in vicinator_ring(s) if sp not in s.viruses and s.hero_at(sp) < 0]
            if -1 in s.viruses and ring:
                s.viruses[s.viruses.index(-1)] = ring[0]
    elif do == "virus_move":
        s.virus_rush += e.n
    elif do == "vicinator_heal":
        s.vici_def = min(crown_enemy(s, "vicinator").defense, s.vici_def + e.n)
    elif do == "vicinator_shield":
        s.vici_shield += e.n
    elif do == "flip_tile":
        if s.figure >= 0:
            fx, fy = s.tile_x[s.figure >> 2], s.tile_y[s.figure >> 2]
            tiles = sorted((abs(s.tile_x[t] - fx) + abs(s.tile_y[t] - fy), t) for t in s.placed
                           if not s.flipped[t] and t != s.figure >> 2)
            if tiles:
                s.flip(tiles[0][1])
                if s.log is not None:
                    s.emit("flip", f"{s.tile_name(tiles[0][1])} withers and turns over")
    elif do == "cancel_tentacle":
        s.cancel_tentacle += 1
    elif do == "block_virus":
        s.block_virus += 1


@decision
class ProtectTile(NamedTuple):
    """Anchor: a tile that cannot be removed until the end of the next round."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose a tile the flood cannot take until the end of the next round"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.tile + t for t in sorted(s.placed)]

    def apply(self, s: TTState, action: int) -> None:
        s.protected.extend((action - s.t.ids.tile, s.round_no + 2))


@decision
class Teleport(NamedTuple):
    """Winged Sandals: move to any unoccupied space that is not a Tree."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose the space you fly to"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.space + sp for sp in s.space_at.values()
                      if sp != s.pos[self.seat] and end_ok(s, self.seat, sp))

    def apply(self, s: TTState, action: int) -> None:
        s.pos[self.seat] = action - s.t.ids.space
        if s.log is not None:
            s.emit("fly", f"{s.name(self.seat)} flies to {s.space_name(s.pos[self.seat])}")
        s.goal_changed()


@decision
class MoveWho(NamedTuple):
    """Shortcut: the Hero you move up to n spaces."""

    seat: int
    n: int

    def prompt(self, s: TTState) -> str:
        return f"choose the Hero you move up to {self.n} spaces"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.hero + s.hero[h] for h in range(3))

    def apply(self, s: TTState, action: int) -> None:
        s.push(MoveHero(self.seat, s.hero.index(action - s.t.ids.hero), self.n))


def shortcut_steps(s: TTState, target: int, left: int) -> list[int]:
    out = []
    here = s.pos[target]
    for d in range(4):
        there = s.nb(here, d)
        if there < 0 or blocked(s, there):
            continue
        if not end_ok(s, target, there) and left <= 1:
            continue
        out.append(s.t.ids.step + d)
    return out


@decision
class MoveHero(NamedTuple):
    """Shortcut: move the Hero one space (Trees do not stop it; it cannot stop on one), or stop."""

    seat: int
    target: int
    left: int

    def prompt(self, s: TTState) -> str:
        return f"move {s.name(self.target)} ({self.left} spaces left), or stop"

    def legal(self, s: TTState) -> list[int]:
        out = shortcut_steps(s, self.target, self.left)
        if end_ok(s, self.target, s.pos[self.target]) or not out:
            out.append(s.t.ids.stop)
        return out

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.stop:
            return
        s.pos[self.target] = s.nb(s.pos[self.target], action - s.t.ids.step)
        if self.left > 1:
            s.push(MoveHero(self.seat, self.target, self.left - 1))
        s.goal_changed()
