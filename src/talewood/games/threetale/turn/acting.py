"""A Hero's turn (rulebook, Past Phase, steps 4-5; Map, Tiles and Tokens): moving and acting in any
order; an Action claims a token or a Stone, gives, blesses an Offering, uses an Altar or a one-time
Artifact. The Future's turns are the same without the tile (Future Book: "the same rules you've
followed so far").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import decision, plural
from .. import rulings
from ..effects import resolve
from ..quests import quest_event
from ..state_fields import FUTURE, PAST, T_FREE_GIVE, T_MOVED, T_PEEK, T_TREES
from ..tables import (
    BLACK,
    ENDEAVOR,
    FUTURE_PIECE,
    OFFERING,
    RED,
    WHITE,
)
from .altar import Altar
from .bonus import StartOfTurn, bonus_options, use_bonus_action
from .end import EndOfTurn
from .giving import GiveWhich, bless_offering
from .moving import end_ok, mobility, step_options, take_step
from .talents import develop, develop_options, trigger
from .tile import DrawTile

if TYPE_CHECKING:
    from ..state import TTState


T_SLOT = 8                 # tflags bits 8-10: that Artifact slot was changed this turn


def new_turn(s: TTState, seat: int) -> None:
    """Clear what a turn counts."""
    s.cur = seat
    s.steps = s.acts = s.turns_used = 0
    s.turn.speed = s.turn.love = s.turn.actions = s.turn.dice_to_turn = 0
    s.turn.endeavor = s.v(seat, ENDEAVOR)
    s.turn.used = 0
    s.bonus_hand = []
    s.bonus_unused = []
    s.slots_used = 0
    s.stones_turn = 0
    s.portals_free = 0


def begin_past_turn(s: TTState) -> None:
    seat = s.order[s.turn_no % 3]
    s.turn_no += 1
    s.round_no = (s.turn_no + 2) // 3
    new_turn(s, seat)
    if s.log is not None:
        s.emit("turn", f"Past, turn {s.turn_no}: {s.name(seat)}")
    s.push(EndOfTurn(seat))
    s.push(Turn(seat))
    s.push(StartOfTurn(seat))
    s.push(DrawTile(seat))


# -- the turn: moving and acting --------------------------------------------------------------------

def can_act(s: TTState, seat: int) -> bool:
    return s.actions_left(seat) > 0 and not s.others_at(s.pos[seat], seat)


def claimable(s: TTState, space: int) -> bool:
    tok = s.token[space]
    if tok < 0:
        return False
    if tok >= FUTURE_PIECE:
        return bool(s.t.pieces[tok - FUTURE_PIECE].claim)
    return s.phase == PAST or tok == OFFERING


def give_targets(s: TTState, seat: int, acting: bool | None = None) -> tuple[list[int], bool]:
    """The Heroes an Artifact or Offering may go to now, and whether it is Forest Messenger's free give
    (`acting`: can_act, if known)."""
    here = s.pos[seat]
    if acting is None:
        acting = can_act(s, seat)
    beside = s.adjacent4 if rulings.GIVING_IS_ORTHOGONAL else s.adjacent8
    adjacent = [h for h in range(3) if h != seat and acting and beside(here, s.pos[h])]
    if not s.turn.used & T_FREE_GIVE and "free_give" in s.profile(seat).dos:
        for e in s.passives(seat):
            if e.do == "free_give":
                near = [h for h in range(3) if h != seat and s.distance(here, s.pos[h]) <= e.range]
                if near:
                    return near, True
    return adjacent, False


def usable_one_time(s: TTState, seat: int) -> list[int]:
    """One-time Artifacts in their slots that do something outside battle."""
    out: list[int] = []
    if s.slots_empty(seat):
        return out
    for a in s.equipped(seat, "one_time"):
        if s.slots_used >> s.t.art_slot[a] & 1:
            continue
        e = s.t.artifacts[a].effects[0]
        hurt = any(s.spirit[h] < rulings.SPIRIT_MAX for h in range(3))
        if e.do in ("gain", "this_turn", "teleport") or (e.do == "restore_spirit" and hurt):
            out.append(a)
    return out


def turn_options(s: TTState, seat: int) -> list[int]:
    t = s.t
    ids = t.ids
    out: list[int] = []
    here = s.pos[seat]
    arts = s.arts[seat]
    tflags = s.turn.used
    # Artifact slots change only before the Hero moves or acts
    if arts and (not tflags & T_MOVED or not rulings.EQUIP_AT_TURN_START):
        art_slot = t.art_slot
        used = s.slots_used
        for a in arts:
            slot = art_slot[a]
            if s.in_slot(seat, slot) != a and not tflags >> (T_SLOT + slot) & 1 and not used >> slot & 1:
                out.append(ids.equip + a)
    p = s.profile(seat)
    current = seat == s.cur
    speed = s.speed[seat] + p.speed_bonus + (s.turn.speed if current else 0)          # s.speed_now
    steps = step_options(s, seat, speed - s.steps, mobility(s, seat, p))
    out += steps
    endeavor = s.v(seat, ENDEAVOR) if rulings.ACTIONS_FOLLOW_ENDEAVOR else s.turn.endeavor
    allowed = t.actions + t.tier[endeavor] + p.tiers[ENDEAVOR] + p.extra_actions + s.turn.actions     # actions_allowed
    acting = allowed - s.acts > 0 and not s.others_at(here, seat)                    # can_act
    if acting:
        if claimable(s, here):
            out.append(ids.claim)
        if s.is_altar(here):
            out.append(ids.use_altar)
    offerings = s.offerings[seat]
    if arts or offerings:
        heroes, _ = give_targets(s, seat, acting)
        if heroes:
            if arts:
                out.extend(ids.give_to + s.hero[h] for h in heroes)
            if offerings:
                out.extend(ids.bless_to + s.hero[h] for h in heroes)
    if current:
        out += develop_options(s, seat)
        if s.bonus_unused:
            out += bonus_options(s, seat)
    out.extend(ids.use_artifact + a for a in usable_one_time(s, seat))
    if s.talents_developed(seat):
        out += talent_actions(s, seat)
    if s.phase == FUTURE:
        out += s.future_turn_options(seat, acting)
    moved = s.steps > 0 or rulings.ZERO_STEPS_ALLOWED
    if (end_ok(s, seat, here) and (moved or not steps)) or not steps:
        out.append(ids.end_turn)
    out.sort()
    return out


def talent_actions(s: TTState, seat: int) -> list[int]:
    """Talents a Hero calls on their turn: Water of Life (once a game), Foretold's look (the Future)."""
    out = []
    base = s.t.ids.talent
    for lv in range(3):
        ti = s.talent_at(seat, lv)
        if ti < 0:
            continue
        for e in s.t.talents[ti].effects:
            restore = e.do == "restore_spirit" and not s.once_game[seat] >> lv & 1 and \
                any(s.spirit[h] < rulings.SPIRIT_MAX for h in range(3))
            peek = e.do == "peek" and s.phase == FUTURE and not s.turn.used & T_PEEK and \
                any(s.cards_left(d) for d in s.future_decks())
            if restore or peek:
                out.append(base + ti)
    return out


@decision
class Turn(NamedTuple):
    """Steps 4 and 5: move up to your Speed and perform your Actions, in any order."""

    seat: int

    def prompt(self, s: TTState) -> str:
        steps, actions = s.steps_left(self.seat), max(0, s.actions_left(self.seat))
        can = [f"move ({plural(steps, 'Step')} left)"] if steps else []
        can += [f"act ({plural(actions, 'Action')} left)"] if actions else []
        return " or ".join(can) + ", or end your turn" if can else "end your turn (no Step or Action is left)"

    def legal(self, s: TTState) -> list[int]:
        return turn_options(s, self.seat)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        seat = self.seat
        if action == ids.end_turn:
            if s.log is not None:
                s.emit("end_turn", f"{s.name(seat)} ends the turn on {s.space_name(s.pos[seat])}")
            return
        s.push(Turn(seat))
        if ids.step <= action < ids.step + 8:
            s.turn.used |= T_MOVED
            mob = mobility(s, seat)
            d = action - ids.step
            cost = take_step(s, seat, d, mob, s.steps_left(seat), 0)
            s.steps += cost
            if s.log is not None:
                s.emit("step", f"{s.name(seat)} steps to {s.space_name(s.pos[seat])}", space=s.pos[seat])
            return
        if ids.equip <= action < ids.equip + len(s.t.artifacts):
            a = action - ids.equip
            slot = s.t.art_slot[a]
            s.put_in_slot(seat, slot, a)
            s.turn.used |= 1 << (T_SLOT + slot)
            if s.log is not None:
                s.emit("equip", f"{s.name(seat)} puts {s.t.artifacts[a].name} in its {s.t.artifacts[a].slot} slot")
            return
        if action == ids.claim:
            claim(s, seat)
            return
        if action == ids.use_altar:
            s.acts += 1
            s.turn.used |= T_MOVED
            if s.log is not None:
                s.emit("altar", f"{s.name(seat)} uses the Altar on {s.tile_name(s.pos[seat] >> 2)}")
            s.push(Altar(seat, s.pos[seat] >> 2, 0))
            return
        if ids.give_to <= action < ids.give_to + 5 or ids.bless_to <= action < ids.bless_to + 5:
            bless = action >= ids.bless_to
            target = s.hero.index(action - (ids.bless_to if bless else ids.give_to))
            _, free = give_targets(s, seat)
            if free:
                s.turn.used |= T_FREE_GIVE
            else:
                s.acts += 1
            s.turn.used |= T_MOVED
            if bless:
                bless_offering(s, seat, target)
            else:
                s.push(GiveWhich(seat, target))
            return
        if ids.develop <= action < ids.develop + len(s.t.talents):
            develop(s, seat, action - ids.develop)
            return
        if ids.use_artifact <= action < ids.use_artifact + len(s.t.artifacts):
            use_one_time(s, seat, action - ids.use_artifact)
            return
        if ids.use_bonus <= action < ids.use_bonus + 2 * len(s.t.hero_bonus):
            use_bonus_action(s, seat, action)
            return
        if ids.talent <= action < ids.talent + len(s.t.talents):
            ti = action - ids.talent
            tal = s.t.talents[ti]
            if s.log is not None:
                s.emit("talent", f"{s.name(seat)} uses {tal.name}")
            for e in tal.effects:
                if e.do == "restore_spirit":
                    s.once_game[seat] |= 1 << (tal.level - 1)
                    resolve(s, seat, (e,))
                elif e.do == "peek":
                    s.turn.used |= T_PEEK
                    resolve(s, seat, (e,))
            return
        s.future_turn_action(seat, action)


def use_one_time(s: TTState, seat: int, a: int) -> None:
    art = s.t.artifacts[a]
    s.slots_used |= 1 << s.t.art_slot[a]
    s.turn.used |= T_MOVED
    s.remove_artifact(seat, a)
    if s.log is not None:
        s.emit("artifact", f"{s.name(seat)} uses {art.name}: {art.text}")
    rest = []
    for e in art.effects:
        if e.do == "pass_trees":
            s.turn.used |= T_TREES
        else:
            rest.append(e)
    resolve(s, seat, tuple(rest))


def claim(s: TTState, seat: int) -> None:
    """One Action: take the token or Stone from your space and do what it says (L245)."""
    here = s.pos[seat]
    tok = s.token[here]
    s.token[here] = -1
    s.acts += 1
    s.turn.used |= T_MOVED
    if tok >= FUTURE_PIECE:
        piece = s.t.pieces[tok - FUTURE_PIECE]
        if s.log is not None:
            s.emit("claim", f"{s.name(seat)} claims the {piece.name}")
        resolve(s, seat, piece.claim)
        s.goal_changed()
        return
    if s.log is not None:
        name = s.t.token_name[tok]
        s.emit("claim", f"{s.name(seat)} claims the {name}{' token' if name[0] in 'BTQ' else ''}")
    resolve(s, seat, s.t.fx[s.t.slot_claim[tok]])
    if tok in (WHITE, RED, BLACK):
        if tok == WHITE:
            trigger(s, seat, "claim_white")
        s.stones_turn |= 1 << (tok - WHITE)
        if s.stones_turn == 7:
            s.stones_turn = 0
            quest_event(s, seat, "stones_in_one_turn")
