"""The Village in Summer: gain coins naming a card (Neris +2, ruling R10), and activate a card.

Activating is a short chain of decisions, each offered only when it can change something:
the Seal to use (a Building with Seals) → Selia sets its value (ruling R13) → Neris removes the
extra cost (R10) → Dorian takes 1 coin off an Item for 1 VP → pay, then the card's effects
(a Building), or the card joins the player (Buy an Item, Recruit a Companion). Every step's
legal answers keep the activation affordable, so the chain never strands a player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import decision, plural, seat_name
from . import effects, items, rulings, stories
from .board import MAX_COMPANIONS, NO_CARD

if TYPE_CHECKING:
    from .content import VillageCard
    from .state import GreyluneState


def activation_cost(card: VillageCard, extra: int, seal: int, selia: bool, neris: bool, dorian: bool) -> int:
    """What activating `card` costs: its price, the Seal's value if it asks for it (1 with Selia's
    cheapest choice), the extra cost of the other Villagers around (none with Neris), 1 less with Dorian."""
    seal_part = 0
    if card.pay_seal:
        seal_part = 1 if selia else seal
    e = 0 if neris else extra
    d = 1 if dorian else 0
    return max(0, card.cost + seal_part + e - d)


def least_cost(s: GreyluneState, p: int, slot: int, extra: int, seal: int, selia: int, neris: int,
               dorian: int, stage: int) -> int:
    """The least the activation can still cost, given the choices made before `stage`
    (1: Selia still to come, 2: Neris, 3: Dorian, 4: none left)."""
    card = s.c.cards[s.grid[slot]]
    tables = s.tables
    can_selia = stage <= 1 and card.kind == "building" and bool(s.seals[slot]) and s.ready_card(p, tables.selia)
    can_neris = stage <= 2 and extra > 0 and s.ready_card(p, tables.neris)
    can_dorian = stage <= 3 and card.kind == "item" and s.ready_card(p, tables.dorian)
    return activation_cost(card, 0 if neris else extra, selia or seal, can_selia, can_neris,
                           can_dorian or bool(dorian))


def activate_ok(s: GreyluneState, p: int, slot: int) -> bool:
    """May p activate the card in `slot` now, with every reaction that could lower its cost?"""
    idx = s.grid[slot]
    card = s.c.cards[idx]
    tables = s.tables
    if card.kind == "companion" and len(s.comps[p]) >= MAX_COMPANIONS:
        return False
    seals = s.seals[slot]
    if card.seals == "players_minus_1" and not seals and (not card.tavern or rulings.SEAL_TAVERN_NEEDS_SEAL):
        return False
    if card.tavern and rulings.TAVERN_NEEDS_TELLABLE_STORY and not s.can_tell(p):
        return False
    if idx == tables.hall and not (s.can_spend_str(p, 1) or s.mag[p] >= 1):
        return False
    extra = s.around(slot) - 1
    building_seal = card.kind == "building" and bool(seals)
    cost = activation_cost(card, extra, min(seals) if seals else 0,
                           building_seal and s.ready_card(p, tables.selia), s.ready_card(p, tables.neris),
                           card.kind == "item" and s.ready_card(p, tables.dorian))
    return cost <= s.coins[p]


def activation_step(s: GreyluneState, p: int, gap: int, slot: int, extra: int, seal: int = 0, selia: int = 0,
                    neris: int = 0, stage: int = 0) -> None:
    """Open the next decision of the activation from `stage` on, or carry it out if none is left."""
    card = s.c.cards[s.grid[slot]]
    tables = s.tables
    if stage == 0:
        if card.kind == "building" and s.seals[slot]:
            s.stack.append(ChooseSeal(p, gap, slot, extra))
            return
        stage = 1
    if stage == 1:
        if card.kind == "building" and seal and s.ready_card(p, tables.selia):
            s.stack.append(SeliaOffer(p, gap, slot, extra, seal))
            return
        stage = 2
    if stage == 2:
        if extra > 0 and s.ready_card(p, tables.neris):
            s.stack.append(NerisOffer(p, gap, slot, extra, seal, selia))
            return
        stage = 3
    if stage == 3 and card.kind == "item" and s.ready_card(p, tables.dorian):
        s.stack.append(DorianOffer(p, gap, slot, extra, seal, selia, neris))
        return
    activate(s, p, gap, slot, extra, seal, selia, neris, 0)


@decision
class ChooseSeal(NamedTuple):
    """Which of the Building's Seals the activation uses."""

    seat: int
    gap: int
    slot: int
    extra: int              # the extra cost: the other Villagers around the card

    def prompt(self, s: GreyluneState) -> str:
        return "choose the Seal to use"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        coins = s.coins[p]
        base = s.ids.seal
        return [base + v - 1 for v in sorted(set(s.seals[self.slot]))
                if least_cost(s, p, self.slot, self.extra, v, 0, 0, 0, 1) <= coins]

    def apply(self, s: GreyluneState, action: int) -> None:
        activation_step(s, self.seat, self.gap, self.slot, self.extra, action - s.ids.seal + 1, stage=1)


@decision
class SeliaOffer(NamedTuple):
    """Exhaust Selia to choose the value of the Seal (1 to 3)?"""

    seat: int
    gap: int
    slot: int
    extra: int
    seal: int               # the Seal's face value

    def prompt(self, s: GreyluneState) -> str:
        return "exhaust Selia to choose the Seal's value?"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        coins = s.coins[p]
        base = s.ids.selia
        out = [base + v - 1 for v in (1, 2, 3)
               if least_cost(s, p, self.slot, self.extra, self.seal, v, 0, 0, 2) <= coins]
        if least_cost(s, p, self.slot, self.extra, self.seal, 0, 0, 0, 2) <= coins:
            out.append(s.ids.decline)
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        v = 0
        if action != s.ids.decline:
            v = action - s.ids.selia + 1
        activation_step(s, p, self.gap, self.slot, self.extra, self.seal, v, stage=2)
        if v:
            effects.exhaust(s, p, s.tables.selia)


@decision
class NerisOffer(NamedTuple):
    """Exhaust Neris to ignore the extra cost?"""

    seat: int
    gap: int
    slot: int
    extra: int
    seal: int
    selia: int              # the value Selia gave the Seal, 0 if none

    def prompt(self, s: GreyluneState) -> str:
        return "exhaust Neris to ignore the extra cost?"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        if least_cost(s, p, self.slot, self.extra, self.seal, self.selia, 0, 0, 3) <= s.coins[p]:
            return [s.ids.react, s.ids.decline]
        return [s.ids.react]

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        neris = 1 if action == s.ids.react else 0
        activation_step(s, p, self.gap, self.slot, self.extra, self.seal, self.selia, neris, stage=3)
        if neris:
            effects.exhaust(s, p, s.tables.neris)


@decision
class DorianOffer(NamedTuple):
    """Exhaust Dorian: the Item costs 1 coin less, and 1 VP?"""

    seat: int
    gap: int
    slot: int
    extra: int
    seal: int
    selia: int
    neris: int              # 1 if Neris removed the extra cost

    def prompt(self, s: GreyluneState) -> str:
        return "exhaust Dorian: 1 coin less and 1 VP?"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        if least_cost(s, p, self.slot, self.extra, self.seal, self.selia, self.neris, 0, 4) <= s.coins[p]:
            return [s.ids.react, s.ids.decline]
        return [s.ids.react]

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        dorian = 1 if action == s.ids.react else 0
        activate(s, p, self.gap, self.slot, self.extra, self.seal, self.selia, self.neris, dorian)
        if dorian:
            effects.exhaust(s, p, s.tables.dorian)


def activate(s: GreyluneState, p: int, gap: int, slot: int, extra: int, seal: int, selia: int, neris: int,
             dorian: int) -> None:
    """Pay and resolve the activation: the Villager goes to the Campsite, the Seal to the discard."""
    idx = s.grid[slot]
    card = s.c.cards[idx]
    s.take_villager(gap, p)
    s.camp[p] += 1
    value = selia or seal
    cost = max(0, card.cost + (value if card.pay_seal else 0) + (0 if neris else extra) - dorian)
    s.coins[p] -= cost
    if seal:
        seals = list(s.seals[slot])
        seals.remove(seal)
        s.seals[slot] = tuple(seals)
        s.seal_discard.append(seal)
    if s.log is not None:
        verb = {"building": "uses", "item": "buys", "companion": "recruits"}[card.kind]
        paid = f"for {plural(cost, 'coin')}" if cost else "(free)"
        seal_words = f", with a Seal of value {value}" if seal else ""
        s.emit("activate", f"{seat_name(p)} {verb} {card.name} {paid}{seal_words}", seat=p, card=card.id)
    if card.kind == "building":
        if card.tavern:
            s.stack.append(stories.Story(p, idx, value, 0, 0))
        else:
            effects.push_effects(s, p, card.effects, value)
        return
    s.grid[slot] = NO_CARD
    s.owner[idx] = p
    item_seal = 0
    if s.seals[slot]:
        item_seal = s.seals[slot][0]       # the Seal that comes with an Item
        s.seal_discard.extend(s.seals[slot])
        s.seals[slot] = ()
    if card.kind == "item":
        s.items[p].append(idx)
        s.stack.append(items.CheckItemLimit(p))
        if item_seal and s.ready_card(p, s.tables.selia):
            s.stack.append(SeliaItemSeal(p, idx, item_seal))
        else:
            effects.push_effects(s, p, card.immediate, item_seal)
        if dorian:
            effects.gain_vp(s, p, 1)
    else:
        s.comps[p].append(idx)
        effects.push_effects(s, p, card.immediate)


@decision
class SeliaItemSeal(NamedTuple):
    """The Seal that comes with a bought Item is activated: exhaust Selia to choose its value (1 to 3)?"""

    seat: int
    card: int
    seal: int               # the Seal's face value

    def prompt(self, s: GreyluneState) -> str:
        return f"exhaust Selia to choose the value of the {s.c.cards[self.card].name}'s Seal (it shows {self.seal})?"

    def legal(self, s: GreyluneState) -> list[int]:
        base = s.ids.selia
        return [base, base + 1, base + 2, s.ids.decline]

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        chosen = action != s.ids.decline
        effects.push_effects(s, p, s.c.cards[self.card].immediate, action - s.ids.selia + 1 if chosen else self.seal)
        if chosen:
            effects.exhaust(s, p, s.tables.selia)


def gain_coins(s: GreyluneState, p: int, gap: int, slot: int) -> None:
    """Take back a Villager naming a card: 1 coin per other Villager around that card (this one has left)."""
    s.take_villager(gap, p)
    s.camp[p] += 1
    gained = s.around(slot)
    s.coins[p] += gained
    if s.log is not None:
        got = f"gains {plural(gained, 'coin')}" if gained else "gains no coins: no other Villager is beside it"
        s.emit("coins", f"{seat_name(p)} takes back a Villager naming {s.c.cards[s.grid[slot]].name} and {got}",
               seat=p)
    if s.ready_card(p, s.tables.neris):
        s.stack.append(NerisCoins(p))


@decision
class NerisCoins(NamedTuple):
    """Exhaust Neris to gain 2 more coins?"""

    seat: int

    def prompt(self, s: GreyluneState) -> str:
        return "exhaust Neris to gain 2 more coins?"

    def legal(self, s: GreyluneState) -> list[int]:
        return [s.ids.react, s.ids.decline]

    def apply(self, s: GreyluneState, action: int) -> None:
        if action == s.ids.react:
            s.coins[self.seat] += 2
            effects.exhaust(s, self.seat, s.tables.neris)
