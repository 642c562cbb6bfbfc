"""A Future round (A-62): the chapter's enemy turn (the Tree, the Vicinator and its Viruses), then the
three Heroes' turns (the Information Flood removes tiles before each; the Parallel Land flips one at
the start of each), then the end of the round (a flip in the Nine Rings and the Path of Initiation,
the Tree's damage in the Parallel Land); and a Future turn's own actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..battle.damage import TakeDamage
from ..battle.enemy import CAUSE_TREE, REMOVAL_DIE
from ..battle.rounds import Roll
from ..battle.start import start_vicinator_fight, start_virus_fight
from ..state_fields import T_ATTACKED, T_MOVED
from ..tables import FUTURE_PIECE
from ..turn.acting import Turn, new_turn
from ..turn.bonus import StartOfTurn
from ..turn.end import EndOfTurn
from .chapter import CROWN, FLOOD, PARALLEL, PATH, RINGS, number, team
from .crown import VicinatorTurn
from .flips import FlipTile
from .flood import FirstRemoval
from .goal import check_goal
from .parallel_land import HeroFlip, TreeTurn

if TYPE_CHECKING:
    from ..state import TTState


# -- the rounds -----------------------------------------------------------------------------------------

def advance_future(s: TTState) -> None:
    while not s.over and not s.stack:
        stage = s.fstage
        if stage == 0:
            s.round_no += 1
            s.fstage = 1
            if s.log is not None:
                s.emit("round", f"Future, round {s.round_no}")
            n = number(s)
            if n == PARALLEL:
                s.push(TreeTurn(team(s)))
            elif n == CROWN:
                s.push(VicinatorTurn(team(s)))
        elif stage <= 3:
            s.fstage = stage + 1
            begin_future_turn(s, s.order[stage - 1])
        else:
            s.fstage = 0
            end_of_round(s)


def begin_future_turn(s: TTState, seat: int) -> None:
    s.turn_no += 1
    new_turn(s, seat)
    if s.log is not None:
        s.emit("turn", f"Future, round {s.round_no}: {s.name(seat)}")
    s.push(EndOfTurn(seat))
    s.push(Turn(seat))
    s.push(StartOfTurn(seat))
    n = number(s)
    if n == PARALLEL:
        s.push(HeroFlip(seat))
    elif n == FLOOD:
        s.push(Roll(seat, 1, REMOVAL_DIE))
        s.push(FirstRemoval(seat))


def end_of_round(s: TTState) -> None:
    n = number(s)
    if n in (RINGS, PATH):
        s.push(FlipTile(team(s)))
    elif n == PARALLEL:
        pvs = sum(1 for tok in s.token if tok >= 0 and s.t.pieces[tok - FUTURE_PIECE].id == "parallel_virtue")
        damage = pvs * s.t.c.futures[s.future].enemy_turn.damage_per_pv    # type: ignore[union-attr]
        if damage:
            if s.log is not None:
                s.emit("tree", f"The Tree deals {damage} damage to every Hero ({pvs} Parallel Virtues)")
            for h in reversed(s.order):
                s.push(TakeDamage(h, damage, damage, CAUSE_TREE, 0))
    s.protected = prune_protected(s)


def prune_protected(s: TTState) -> list[int]:
    out: list[int] = []
    for i in range(0, len(s.protected) - 1, 2):
        if s.protected[i + 1] > s.round_no:
            out.extend(s.protected[i:i + 2])
    return out


def end_of_hero_turn(s: TTState, seat: int) -> None:
    """Nothing ends with a Hero's turn in the Future's clocks (A-44b: they tick once a round)."""
    return None


# -- a Future turn's own actions --------------------------------------------------------------------------

def future_turn_options(s: TTState, seat: int, acting: bool) -> list[int]:
    ids = s.t.ids
    out: list[int] = []
    here = s.pos[seat]
    n = number(s)
    if n == CROWN and acting and (s.cfg.crown_per_action or not s.turn.used & T_ATTACKED):
        if s.figure >= 0 and s.adjacent8(here, s.figure):
            out.append(ids.vicinator)
        out.extend(ids.space + v for v in s.viruses if v >= 0 and s.adjacent8(here, v))
    if s.cfg.ring_transfer and n == RINGS and acting and s.rings[seat]:
        out.extend(ids.give_ring + s.hero[h] for h in range(3) if h != seat and s.adjacent4(here, s.pos[h]))
    return out


def future_turn_action(s: TTState, seat: int, action: int) -> None:
    ids = s.t.ids
    s.acts += 1
    s.turn.used |= T_MOVED
    if action == ids.vicinator:
        s.turn.used |= T_ATTACKED
        start_vicinator_fight(s, seat)
    elif ids.space <= action < ids.space + 4 * len(s.t.c.tiles):
        s.turn.used |= T_ATTACKED
        start_virus_fight(s, seat, s.viruses.index(action - ids.space))
    else:
        h = s.hero.index(action - ids.give_ring)
        s.rings[seat] -= 1
        s.rings[h] += 1
        if s.log is not None:
            s.emit("ring", f"{s.name(seat)} gives a Ring to {s.name(h)}")
        check_goal(s)
