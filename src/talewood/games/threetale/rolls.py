"""Rolls outside battle: Treasure (L268-L279), an effect's roll (the Parallel Land's Incubator) and the
Information Flood's removal die, which nothing may change (L415)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from ...engine import decision
from .battle.enemy import EFFECT_ROLL, REROLL_TREASURE, TREASURE
from .battle.rounds import Roll
from .dice import own_dice_options, turn_blank_die, use_clover
from .effects import resolve
from .future.flood import removal_die_rolled
from .quests import quest_event
from .state_fields import T_REROLL
from .tables import TRE1

if TYPE_CHECKING:
    from .state import TTState

ROLL_TREASURE, ROLL_EFFECT = 1, 2


def start_treasure(s: TTState, seat: int, card: int) -> None:
    """Draw a Treasure card and roll 3 dice (4, keeping 3, with the Spindle)."""
    x = s.t.c.treasures[card]
    s.roll.kind = ROLL_TREASURE
    s.roll.card = card
    s.roll.dice = s.t.c.board.treasure_dice
    if s.log is not None:
        s.emit("treasure", f"{s.name(seat)} draws {x.name}: {x.text}", card=x.id)
    quest_event(s, seat, "open_treasures")
    extra = s.passive_sum(seat, "roll_more", rolls="treasure_or_incubator")
    s.push(Roll(seat, s.roll.dice + extra, TREASURE))


def start_effect_roll(s: TTState, seat: int, n: int, need: int, then: int, otherwise: int) -> None:
    s.roll.kind = ROLL_EFFECT
    s.roll.card = -1
    s.roll.dice = n
    s.roll.need = need
    s.roll.then = then
    s.roll.otherwise = otherwise
    extra = s.passive_sum(seat, "roll_more", rolls="treasure_or_incubator")
    s.push(Roll(seat, n + extra, EFFECT_ROLL))


def after_treasure_roll(s: TTState, seat: int, rolled: int, positive: int, reroll: bool) -> None:
    if reroll:
        s.roll.positive = min(s.roll.dice, s.roll.positive + positive)
    else:
        s.roll.positive = min(s.roll.dice, positive)      # the Spindle keeps the best 3 of 4
        if s.log is not None:
            s.emit("roll", f"{s.name(seat)} rolls {rolled} {'die' if rolled == 1 else 'dice'}: {positive} positive")
        wreath = s.passive_sum(seat, "turn_dice", when="treasure_roll")
        if wreath and s.roll.positive < s.roll.dice:
            s.roll.positive = min(s.roll.dice, s.roll.positive + wreath)
            if s.log is not None:
                s.emit("turn", f"The Wreath of Geranium turns a die: {s.roll.positive} positive")
    offer_turns(s, seat)


def after_effect_roll(s: TTState, seat: int, rolled: int, positive: int) -> None:
    s.roll.positive = min(s.roll.dice, positive)
    if s.log is not None:
        s.emit("roll", f"{s.name(seat)} rolls {rolled} {'die' if rolled == 1 else 'dice'}: {positive} positive")
    offer_turns(s, seat)


def roll_options(s: TTState, seat: int) -> list[int]:
    ids = s.t.ids
    out = [ids.done]
    if s.roll.positive < s.roll.dice:
        out += own_dice_options(s, seat, reroll=s.roll.kind == ROLL_TREASURE)
    out.sort()
    return out


def offer_turns(s: TTState, seat: int) -> None:
    if len(roll_options(s, seat)) > 1:
        s.push(AfterRoll(seat))
    else:
        settle_roll(s, seat)


def settle_roll(s: TTState, seat: int) -> None:
    kind = s.roll.kind
    pos = s.roll.positive
    s.roll.kind = 0
    if kind == ROLL_TREASURE:
        x = s.t.c.treasures[s.roll.card]
        s.discard[TRE1 + x.level - 1].append(s.roll.card)
        s.roll.card = -1
        s.roll.positive = s.roll.dice = 0
        if s.log is not None:
            s.emit("treasure", treasure_outcome(x.name, x.text, pos))
        resolve(s, seat, x.outcome(pos))
        return
    ok = pos >= s.roll.need
    then, otherwise = s.roll.then, s.roll.otherwise
    s.roll.positive = s.roll.dice = s.roll.need = 0
    s.roll.then = s.roll.otherwise = -1
    if s.log is not None:
        s.emit("roll", f"{pos} positive: {'success' if ok else 'nothing'}")
    resolve(s, seat, s.t.fx[then if ok else otherwise])


@decision
class AfterRoll(NamedTuple):
    """Your dice are rolled: turn blank dice with Hope (or a Talent, an Artifact), then take the result."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return f"you rolled {s.roll.positive} positive of {s.roll.dice}: turn dice, or take the result"

    def legal(self, s: TTState) -> list[int]:
        return roll_options(s, self.seat)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        seat = self.seat
        if action == ids.done:
            settle_roll(s, seat)
            return
        if action == ids.turn_die:
            s.roll.positive = turn_blank_die(s, seat, s.roll.positive)
            offer_turns(s, seat)
            return
        if ids.talent <= action < ids.talent + len(s.t.talents):
            s.turn.used |= T_REROLL
            s.push(Roll(seat, s.roll.dice - s.roll.positive, REROLL_TREASURE))
            return
        s.roll.positive = use_clover(s, seat, action - ids.use_artifact, s.roll.dice, s.roll.positive)
        offer_turns(s, seat)


def after_removal_die(s: TTState, seat: int, positive: int) -> None:
    removal_die_rolled(s, seat, positive)


OUTCOMES = re.compile(r"(\d(?:-\d)?) positive: (.*?)(?= \d(?:-\d)? positive:|$)")


def treasure_outcome(name: str, text: str, positive: int) -> str:
    """The log's words for a Treasure card's outcome: "Mill Loft, 2 positive: gain 2 Shevitsa"."""
    band = ("0", "1-2", "1-2", "3")[positive]
    outcome = dict(OUTCOMES.findall(text)).get(band, f"its outcome for {band} positive dice")
    return f"{name}, {positive} positive: {outcome.rstrip('.')}"
