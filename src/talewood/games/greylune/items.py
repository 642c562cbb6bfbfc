"""Items: using an Item's ability (Bran spends 1 Villager fewer, ruling R11; Isandre readies the
Item to use it again, ruling R12), and the Item limit (discard down to it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import effects
from .texts import gain_text

if TYPE_CHECKING:
    from .state import GreyluneState


def item_ability_ok(s: GreyluneState, p: int, idx: int, a: int) -> bool:
    """May p use ability a of Item idx now (ready, and enough Villagers, Bran counted)?"""
    if s.owner[idx] != p or (s.exh[p] >> idx) & 1:
        return False
    v = s.c.cards[idx].abilities[a].villagers
    return s.active[p] >= v or (v >= 1 and s.ready_card(p, s.tables.bran) and s.active[p] >= v - 1)


def use_item(s: GreyluneState, p: int, action: int) -> None:
    idx, a = s.tables.item_abilities[action - s.ids.use_item]
    v = s.c.cards[idx].abilities[a].villagers
    if v >= 1 and s.ready_card(p, s.tables.bran):
        s.stack.append(BranOffer(p, idx, a))
        return
    finish_item(s, p, idx, a, 0)


def finish_item(s: GreyluneState, p: int, idx: int, a: int, bran: int) -> None:
    card = s.c.cards[idx]
    ability = card.abilities[a]
    effects.spend_villagers(s, p, ability.villagers - bran)
    if s.log is not None:
        s.emit("item", f"{seat_name(p)} uses {card.name} to {gain_text(ability.effects).replace(' your ', ' their ')}",
               seat=p, card=card.id)
    if ability.discard:
        effects.discard_item(s, p, idx)
    else:
        s.exh[p] |= 1 << idx
        if s.ready_card(p, s.tables.isandre):
            s.stack.append(IsandreCheck(p, idx))
    effects.push_effects(s, p, ability.effects)


@decision
class BranOffer(NamedTuple):
    """Exhaust Bran to spend 1 Villager fewer on this Item's ability?"""

    seat: int
    card: int
    ability: int

    def prompt(self, s: GreyluneState) -> str:
        return "exhaust Bran to spend 1 Villager fewer?"

    def legal(self, s: GreyluneState) -> list[int]:
        if s.active[self.seat] >= s.c.cards[self.card].abilities[self.ability].villagers:
            return [s.ids.react, s.ids.decline]
        return [s.ids.react]

    def apply(self, s: GreyluneState, action: int) -> None:
        bran = 1 if action == s.ids.react else 0
        finish_item(s, self.seat, self.card, self.ability, bran)
        if bran:
            effects.exhaust(s, self.seat, s.tables.bran)


@automatic
class IsandreCheck(NamedTuple):
    """Once the Item's effects are done: if it is still exhausted and Isandre ready, offer her (her
    reaction to an Item exhausted for its ability waits for the ability, so the Item can be used again)."""

    seat: int
    card: int

    def run(self, s: GreyluneState) -> None:
        p, idx = self.seat, self.card
        if s.owner[idx] == p and (s.exh[p] >> idx) & 1 and s.ready_card(p, s.tables.isandre):
            s.stack.append(effects.IsandreOffer(p, idx))


@decision
class UseAgain(NamedTuple):
    """Use the Item Isandre readied again, at once (or not)."""

    seat: int
    card: int

    def prompt(self, s: GreyluneState) -> str:
        return "use the readied Item again?"

    def legal(self, s: GreyluneState) -> list[int]:
        idx = self.card
        use_id = s.tables.use_item_id
        out = [use_id[(idx, a)] for a in range(len(s.c.cards[idx].abilities))
               if item_ability_ok(s, self.seat, idx, a)]
        out.append(s.ids.decline)
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        if action != s.ids.decline:
            use_item(s, self.seat, action)


@automatic
class CheckItemLimit(NamedTuple):
    """After a new Item's immediate effects: discard down to the Item limit, one at a time."""

    seat: int

    def run(self, s: GreyluneState) -> None:
        p = self.seat
        if len(s.items[p]) > s.item_limit(p):
            s.stack.append(CheckItemLimit(p))
            s.stack.append(DiscardItem(p, False))


@decision
class DiscardItem(NamedTuple):
    """Discard one of your Items: over the Item limit, or for the Donation Quest."""

    seat: int
    donation: bool

    def prompt(self, s: GreyluneState) -> str:
        return "discard an Item"

    def legal(self, s: GreyluneState) -> list[int]:
        base = s.ids.discard
        return sorted(base + i for i in s.items[self.seat])

    def apply(self, s: GreyluneState, action: int) -> None:
        idx = action - s.ids.discard
        effects.discard_item(s, self.seat, idx)
        if s.log is not None:
            s.emit("discard", f"{seat_name(self.seat)} discards {s.c.cards[idx].name}", seat=self.seat)
