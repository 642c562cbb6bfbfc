"""The Crown of Evil (Future Book, chapter 5, Enemy turn): the Vicinator's Tentacles, its eight Viruses
walking to the Altars and striking every Hero there, and the fights that destroy them.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, NamedTuple

from ....engine import automatic, decision
from .. import rulings
from ..battle.damage import TakeDamage
from ..battle.enemy import CAUSE_VIRUS
from ..effects import resolve
from ..geometry import DX, DY, key
from ..tables import FUTURE_DECK, PORTAL
from .chapter import crown_enemy, team
from .goal import check_goal, clock_runs_out

if TYPE_CHECKING:
    from ..state import TTState


# -- the Crown of Evil: the Vicinator and its Viruses -----------------------------------------------------

@automatic
class VicinatorTurn(NamedTuple):
    """The Vicinator goes first: its Viruses (the first time), a Tentacle card, then the Viruses move."""

    seat: int

    def run(self, s: TTState) -> None:
        f = s.t.c.futures[s.future]
        if s.tentacles_left <= 1 and rulings.LAST_TENTACLE_LOSES:
            clock_runs_out(s, "The Vicinator reaches its last Tentacle card")
            return
        s.vici_shield = 0
        if s.round_no == 1 and rulings.VIRUSES_PLACED_ON_FIRST_TURN_ONLY:
            around = vicinator_ring(s)
            for i in range(len(s.viruses)):
                free = [sp for sp in around if sp not in s.viruses
                        and (s.hero_at(sp) < 0 or not rulings.VIRUSES_NEVER_ON_HEROES)]
                if free:
                    s.viruses[i] = free[0]
            if s.log is not None:
                s.emit("viruses", f"The Vicinator sends {sum(v >= 0 for v in s.viruses)} Viruses around it")
        s.push(VirusMoves(self.seat))
        d = FUTURE_DECK + s.t.fdeck_index[f.clock.deck]
        card = s.draw_card(d)
        s.tentacles_left -= 1
        s.tentacle = card
        s.discard[d].append(card)
        fc = s.t.fcards[card]
        if s.cancel_tentacle:
            s.cancel_tentacle -= 1
            if s.log is not None:
                s.emit("tentacle", f"The Vicinator activates {fc.name}, but the Sleeping Draught stops it")
            return
        if s.log is not None:
            s.emit("tentacle", f"The Vicinator activates {fc.name}: {fc.text}")
        resolve(s, self.seat, fc.effects)


def vicinator_ring(s: TTState) -> list[int]:
    """The spaces around the Vicinator, clockwise from the north."""
    if s.figure < 0:
        return []
    x, y = s.xy(s.figure)
    out = []
    for d in (0, 4, 1, 5, 2, 6, 3, 7):
        sp = s.space_at.get(key(x + DX[d], y + DY[d]), -1)
        if sp >= 0:
            out.append(sp)
    return out


def virus_distances(s: TTState) -> dict[int, int]:
    """Steps from every space to the nearest working Altar for a Virus: through Trees, never through
    Portals or Heroes; flipped tiles cost 2 (A-49c)."""
    altars = [sp for t in s.placed for sp in range(t * 4, t * 4 + 4) if s.is_altar(sp)]
    dist = {a: 0 for a in altars}
    heap = [(0, a) for a in altars]
    heroes = set(s.pos)
    while heap:
        d, sp = heapq.heappop(heap)
        if d > dist.get(sp, 1 << 30):
            continue
        cost = 2 if s.flipped[sp >> 2] else 1
        for n in range(4):
            other = s.nb(sp, n)
            if other < 0 or other == s.figure or other in heroes or s.kind(other) == PORTAL:
                continue
            nd = d + cost
            if nd < dist.get(other, 1 << 30):
                dist[other] = nd
                heapq.heappush(heap, (nd, other))
    return dist


@automatic
class VirusMoves(NamedTuple):
    """Each Virus moves towards the nearest Altar, the nearest first; the first to reach one strikes
    every Hero, goes back beside the Vicinator, and the enemy's turn is over (L466-L468)."""

    seat: int

    def run(self, s: TTState) -> None:
        enemy = crown_enemy(s, "virus")
        budget = enemy.move + s.virus_rush
        s.virus_rush = 0
        dist = virus_distances(s)
        order = sorted((dist.get(v, 1 << 30), i) for i, v in enumerate(s.viruses) if v >= 0)
        for _, i in order:
            left = budget
            here = s.viruses[i]
            while left > 0 and dist.get(here, 1 << 30) > 0:
                best = -1
                for n in range(4):
                    other = s.nb(here, n)
                    if other < 0 or other not in dist or other in s.viruses:
                        continue
                    cost = 2 if s.flipped[other >> 2] else 1
                    closer = dist[other] < dist.get(here, 1 << 30)
                    if cost <= left and closer and (best < 0 or dist[other] < dist[best]):
                        best = other
                if best < 0:
                    break
                left -= 2 if s.flipped[best >> 2] else 1
                here = best
            s.viruses[i] = here
            if dist.get(here, 1 << 30) == 0:
                virus_strikes(s, i)
                if rulings.VIRUS_REACHING_AN_ALTAR_ENDS_THE_TURN:
                    return


def virus_strikes(s: TTState, i: int) -> None:
    f = s.t.c.futures[s.future]
    where = s.viruses[i]
    ring = [sp for sp in vicinator_ring(s) if sp not in s.viruses and s.hero_at(sp) < 0]
    s.viruses[i] = ring[0] if ring else -1
    if s.log is not None:
        s.emit("virus", f"A Virus reaches the Altar on {s.tile_name(where >> 2)}")
    if s.block_virus:
        s.block_virus -= 1
        if s.log is not None:
            s.emit("virus", "The Antidote: the Virus deals no damage")
        return
    damage = f.enemy_turn.virus_damage      # type: ignore[union-attr]
    s.push(VirusBlock(team(s), damage))


@decision
class VirusBlock(NamedTuple):
    """A Virus strikes every Hero: one Hero may sacrifice 1 Spirit to block it for everyone."""

    seat: int
    damage: int

    def prompt(self, s: TTState) -> str:
        return f"a Virus deals {self.damage} damage to every Hero: one Hero may sacrifice 1 Spirit to block it"

    def legal(self, s: TTState) -> list[int]:
        ids = s.t.ids
        return sorted([*(ids.hero + s.hero[h] for h in range(3) if s.spirit[h] > 0), ids.done])

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        if action != ids.done:
            h = s.hero.index(action - ids.hero)
            if s.log is not None:
                s.emit("block", f"{s.name(h)} sacrifices 1 Spirit: the Virus harms no one")
            s.lose_spirit(h)
            return
        for h in reversed(s.order):
            s.push(TakeDamage(h, self.damage, self.damage, CAUSE_VIRUS, 0))


def destroy_virus(s: TTState, i: int) -> None:
    s.viruses[i] = -1


def vicinator_defeated(s: TTState, seat: int) -> None:
    s.vici_def = min(s.vici_def, 0)
    check_goal(s)


@decision
class DestroyVirus(NamedTuple):
    """Destroy a Virus anywhere on the Map (up to `left`), or stop."""

    seat: int
    left: int

    def prompt(self, s: TTState) -> str:
        return f"choose a Virus to destroy ({self.left} left)"

    def legal(self, s: TTState) -> list[int]:
        return sorted({s.t.ids.space + v for v in s.viruses if v >= 0})

    def apply(self, s: TTState, action: int) -> None:
        destroy_virus(s, s.viruses.index(action - s.t.ids.space))
        if self.left > 1 and any(v >= 0 for v in s.viruses):
            s.push(DestroyVirus(self.seat, self.left - 1))
