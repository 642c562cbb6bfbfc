"""Gains and spending: the effect vocabulary of the cards (content.py) carried out, Bonus tokens,
the skill tracks, and the small decisions effects open (which skill, which card to ready, the Hall
of the Heroes, Kael and Lucan's reactions).

This module stands below the adventure, the Items and the stories: the Move and the UseAgain it opens
go through the state (`push_move`, `push_use_again`).

Effects are queued as automatic `Gain` frames so that they resolve one by one, in the card's
order, with any decision one of them opens (a move, a Bonus token) taken before the next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import rulings
from .board import AUTUMN, IN_BOX
from .content import (
    COINS,
    HALL,
    INCOME,
    MAG,
    MOVE,
    READY,
    SEAL_COINS,
    SEAL_MOVE,
    SEAL_VP,
    SKILL_CHOICE,
    SPEND_COINS,
    SPEND_MAG,
    SPEND_STR,
    SPEND_VILLAGERS,
    STR,
    VILLAGER,
    VP,
    VP_PER_COMPANION,
    VP_PER_ITEM,
    VP_PER_TOLD,
    VP_PER_UNTOLD,
    Effect,
    Req,
)
from .texts import effects_text

if TYPE_CHECKING:
    from .state import GreyluneState


def push_effects(s: GreyluneState, p: int, effects: tuple[Effect, ...], seal: int = 0) -> None:
    """Queue effects to run in order (the first runs first); moves wait until the others are done."""
    moves = [e for e in effects if e[0] == MOVE or e[0] == SEAL_MOVE]
    others = [e for e in effects if e[0] != MOVE and e[0] != SEAL_MOVE]
    stack = s.stack
    for op, n in reversed(others + moves):
        stack.append(Gain(p, op, n, seal))


def gain_vp(s: GreyluneState, p: int, n: int) -> None:
    if n <= 0:
        return
    s.vp[p] += n
    check_bonus(s, p)


def check_bonus(s: GreyluneState, p: int) -> None:
    """Queue a Bonus token choice if p has reached the next threshold (and none is pending)."""
    stage = s.bonus_stage[p]
    if stage < 2 and s.vp[p] >= rulings.BONUS_THRESHOLDS[stage]:
        for f in s.stack:
            if type(f) is BonusToken and f.seat == p:
                return
        s.stack.append(BonusToken(p, stage))


def gain_skill(s: GreyluneState, p: int, which: int, n: int, lucan_ok: bool = True) -> None:
    track = s.str_ if which == STR else s.mag
    moved = False
    for _ in range(n):
        if track[p] < rulings.MAX_SKILL:
            track[p] += 1
            moved = True
        elif rulings.SKILL_OVERFLOW_GIVES_VP:
            gain_vp(s, p, 1)
    if moved and lucan_ok and s.ready_card(p, s.tables.lucan):
        s.stack.append(LucanOffer(p, which))


def gain_villagers(s: GreyluneState, p: int, n: int) -> None:
    k = min(n, s.supply[p])
    s.supply[p] -= k
    s.active[p] += k


def spend_villagers(s: GreyluneState, p: int, n: int) -> None:
    s.active[p] -= n
    s.camp[p] += n


def do_effect(s: GreyluneState, p: int, op: int, n: int, seal: int) -> None:
    """Carry out one effect word for p; `seal` is the value of the Seal the card was activated with."""
    if op == VP:
        gain_vp(s, p, n)
    elif op == COINS:
        s.coins[p] += n
    elif op in (STR, MAG):
        gain_skill(s, p, op, n)
    elif op == VILLAGER:
        gain_villagers(s, p, n)
    elif op == MOVE:
        s.push_move(p, n)
    elif op == SEAL_MOVE:
        s.push_move(p, seal)
    elif op == READY:
        if s.exh[p]:
            s.stack.append(ReadyCard(p))
    elif op == SKILL_CHOICE:
        s.stack.append(SkillChoice(p))
    elif op == SEAL_VP:
        gain_vp(s, p, seal)
    elif op == SEAL_COINS:
        s.coins[p] += seal
    elif op == VP_PER_TOLD:
        gain_vp(s, p, n * len(s.told[p]))
    elif op == VP_PER_UNTOLD:
        gain_vp(s, p, n * len(s.untold[p]))
    elif op == VP_PER_ITEM:
        gain_vp(s, p, n * len(s.items[p]))
    elif op == VP_PER_COMPANION:
        gain_vp(s, p, n * len(s.comps[p]))
    elif op == HALL:
        s.stack.append(HallOfTheHeroes(p))
    elif op == INCOME:
        token = s.c.income_by_encounter[n]
        s.income[p].append(token.id)
        if s.log is not None:
            s.emit("income", f"{seat_name(p)} takes the {token.name} Income token", seat=p)
        do_effect(s, p, token.effect[0], token.effect[1], 0)


def spend_str(s: GreyluneState, p: int, n: int) -> None:
    """Spend n Strength; with Kael ready, first ask whether Kael pays 1 of it (ruling R14)."""
    if n <= 0:
        return
    if s.ready_card(p, s.tables.kael):
        s.stack.append(KaelOffer(p, n))
    else:
        s.str_[p] -= n


def pay_reqs(s: GreyluneState, p: int, reqs: tuple[Req, ...]) -> None:
    """Pay what the requirements spend ("have" requirements cost nothing)."""
    for code, n in reqs:
        if code == SPEND_COINS:
            s.coins[p] -= n
        elif code == SPEND_VILLAGERS:
            spend_villagers(s, p, n)
        elif code == SPEND_MAG:
            s.mag[p] -= n
        elif code == SPEND_STR:
            s.stack.append(SpendStrength(p, n))


def use_potion(s: GreyluneState, p: int, idx: int) -> None:
    """A Potion goes back to the box, or is exhausted if its owner has Selia (her permanent effect)."""
    if s.owner[s.tables.selia] == p:
        exhaust(s, p, idx)
    else:
        discard_item(s, p, idx)


def exhaust(s: GreyluneState, p: int, idx: int) -> None:
    """Exhaust one of p's cards; if it is not Isandre and she is ready, offer her to ready it again (her
    reaction: "when you exhaust a card", ruling R12). Call it once the frames that continue the current
    step are on the stack: her offer comes first, then the step goes on, offering the card again if its
    trigger is still open."""
    s.exh[p] |= 1 << idx
    isandre = s.tables.isandre
    if idx != isandre and s.ready_card(p, isandre):
        s.stack.append(IsandreOffer(p, idx))


def discard_item(s: GreyluneState, p: int, idx: int) -> None:
    s.items[p].remove(idx)
    s.owner[idx] = IN_BOX
    s.exh[p] &= ~(1 << idx)


# -- automatic steps ----------------------------------------------------------------------------
@automatic
class Gain(NamedTuple):
    """One effect word of a card, resolved in its turn."""

    seat: int
    op: int
    amount: int
    seal: int

    def run(self, s: GreyluneState) -> None:
        do_effect(s, self.seat, self.op, self.amount, self.seal)


@automatic
class SpendStrength(NamedTuple):
    """Strength a requirement spends, paid once the gains before it are done."""

    seat: int
    amount: int

    def run(self, s: GreyluneState) -> None:
        spend_str(s, self.seat, self.amount)


@automatic
class CheckBonus(NamedTuple):
    """After a Bonus token's gains: has the seat reached the next threshold too (ruling R19)?"""

    seat: int

    def run(self, s: GreyluneState) -> None:
        check_bonus(s, self.seat)


# -- decisions ----------------------------------------------------------------------------------
@decision
class SkillChoice(NamedTuple):
    """Gain 1 Strength or 1 Magic."""

    seat: int

    def prompt(self, s: GreyluneState) -> str:
        return "gain Strength or Magic"

    def legal(self, s: GreyluneState) -> list[int]:
        return [s.ids.skill, s.ids.skill + 1]

    def apply(self, s: GreyluneState, action: int) -> None:
        gain_skill(s, self.seat, STR if action == s.ids.skill else MAG, 1)


@decision
class ReadyCard(NamedTuple):
    """Ready one of your exhausted cards (or none)."""

    seat: int

    def prompt(self, s: GreyluneState) -> str:
        return "choose a card to ready"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        exh = s.exh[p]
        base = s.ids.ready
        out = [base + i for i in s.items[p] + s.comps[p] if (exh >> i) & 1]
        out.append(s.ids.decline)
        out.sort()
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        if action != s.ids.decline:
            s.exh[self.seat] &= ~(1 << (action - s.ids.ready))


@decision
class KaelOffer(NamedTuple):
    """Exhaust Kael to spend 1 Strength less (down to 0)?"""

    seat: int
    amount: int             # the Strength to spend

    def prompt(self, s: GreyluneState) -> str:
        return "exhaust Kael to spend 1 less Strength?"

    def legal(self, s: GreyluneState) -> list[int]:
        if s.str_[self.seat] >= self.amount:
            return [s.ids.react, s.ids.decline]
        return [s.ids.react]

    def apply(self, s: GreyluneState, action: int) -> None:
        p, n = self.seat, self.amount
        if action == s.ids.react:
            # the rest is paid next, Kael offered again if Isandre readies him
            s.stack.append(SpendStrength(p, n - 1))
            exhaust(s, p, s.tables.kael)
            return
        s.str_[p] -= n


@decision
class LucanOffer(NamedTuple):
    """Exhaust Lucan to gain 1 of the other skill too?"""

    seat: int
    skill: int              # the skill just gained (STR or MAG)

    def prompt(self, s: GreyluneState) -> str:
        if s.season[self.seat] == AUTUMN:   # cards are readied when a player moves to Autumn
            return "exhaust Lucan to gain the other skill too? (in Autumn: he stays exhausted all next year)"
        return "exhaust Lucan to gain the other skill too?"

    def legal(self, s: GreyluneState) -> list[int]:
        return [s.ids.react, s.ids.decline]

    def apply(self, s: GreyluneState, action: int) -> None:
        if action == s.ids.react:
            p = self.seat
            gain_skill(s, p, MAG if self.skill == STR else STR, 1, lucan_ok=False)
            exhaust(s, p, s.tables.lucan)


@decision
class HallOfTheHeroes(NamedTuple):
    """Spend Strength and/or Magic for VP."""

    seat: int

    def prompt(self, s: GreyluneState) -> str:
        return "choose what to spend at the Hall of the Heroes"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        hall = s.ids.hall
        st, mg = s.can_spend_str(p, 1), s.mag[p] >= 1
        out = []
        if st:
            out.append(hall)
        if mg:
            out.append(hall + 1)
        if st and mg:
            out.append(hall + 2)
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        k = action - s.ids.hall
        if k in (1, 2):
            s.mag[p] -= 1
            s.stack.append(Gain(p, VP, 4, 0))
        if k in (0, 2):
            s.stack.append(Gain(p, VP, 3, 0))
            spend_str(s, p, 1)


@decision
class BonusToken(NamedTuple):
    """Take one of your Bonus tokens (8 VP, then 20 VP reached)."""

    seat: int
    stage: int              # 0 at 8 VP, 1 at 20 VP

    def prompt(self, s: GreyluneState) -> str:
        return "choose a Bonus token"

    def legal(self, s: GreyluneState) -> list[int]:
        left = s.bonus_left[self.seat]
        base = s.ids.bonus
        return [base + k for k in range(3) if (left >> k) & 1]

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        k = action - s.ids.bonus
        s.bonus_stage[p] += 1
        s.bonus_left[p] = 0 if s.bonus_stage[p] >= 2 else s.bonus_left[p] & ~(1 << k)
        if s.log is not None:
            s.emit("bonus", f"{seat_name(p)} takes the {s.c.bonus_names[k]} Bonus token and gains "
                            f"{effects_text(s.c.bonus[k])}", seat=p)
        s.stack.append(CheckBonus(p))
        push_effects(s, p, s.c.bonus[k])


@decision
class IsandreOffer(NamedTuple):
    """Exhaust Isandre to ready the card just exhausted (ruling R12)?"""

    seat: int
    card: int

    def prompt(self, s: GreyluneState) -> str:
        return f"exhaust Isandre to ready {s.c.cards[self.card].name} again?"

    def legal(self, s: GreyluneState) -> list[int]:
        return [s.ids.react, s.ids.decline]

    def apply(self, s: GreyluneState, action: int) -> None:
        if action != s.ids.react:
            return
        p, idx = self.seat, self.card
        s.exh[p] |= 1 << s.tables.isandre
        s.exh[p] &= ~(1 << idx)
        if s.c.cards[idx].abilities:       # an Item just used as a Summer action: use it again at once?
            s.push_use_again(p, idx)
