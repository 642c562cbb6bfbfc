"""Paying a cost (L231-237): every unit of it in turn — a food token (a tea leaf may replace a raspberry,
an acorn or a mushroom, never the other way round, L239), a card from the hand, an item spent, an object
with the amphibian symbol, a resource per object carried (Sherpa) — at once when there is one way, else
asking, and never offering a way that would leave the rest unpayable. With the strong paw at a store, cards
from the hand count as tea leaves (L457, L423).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import rulings
from .objects import discard_object
from .tables import (
    FOOD_A,
    TEA,
    U_AMPHIBIAN,
    U_ANY,
    U_CARD,
    U_GALLERY,
    U_GIVE_ANY,
    U_GIVE_CARD,
    U_GIVE_TEA,
    U_ITEM,
    U_PER_OBJECT,
    U_PER_OBJECT_ALL,
)

if TYPE_CHECKING:
    from .state import TrialState

# which of plan_ok's totals (tables.payable_needs) a payment unit below U_ITEM adds to, or -1 none
UNIT_CHECK = (0, 1, 2, 3, 4, 5, 4, 3, 5, 6, -1, 0, 1, 2, 3, -1, -1, -1, -1, -1)


def units_ok(s: TrialState, seat: int, units: list[int]) -> bool:
    """Whether `seat` can still pay every unit of `units` (the same test as plan_ok, from units)."""
    checks = [0, 0, 0, 0, 0, 0, 0]
    items: dict[int, int] | None = None
    for u in units:
        if u >= U_ITEM:
            if items is None:
                items = {}
            items[u - U_ITEM] = items.get(u - U_ITEM, 0) + 1
        else:
            k = UNIT_CHECK[u]
            if k >= 0:
                checks[k] += 1
    return s.payable(seat, checks, tuple(sorted(items.items())) if items else (), card_tea=s.st_card_tea)


def _try(s: TrialState, seat: int, f: int) -> bool:
    """Would the rest of the payment still be payable after spending one food f?"""
    s.remove_food(seat, f)
    ok = units_ok(s, seat, s.pay[1:])
    s.add_food(seat, f)
    return ok


def _try_card(s: TrialState, seat: int, as_tea: bool) -> bool:
    """…after spending one card from the hand (as tea leaves at a store with the strong paw)?"""
    hand = s.hand[seat]
    card = hand.pop()
    credit = s.st_credit
    if as_tea:
        s.st_credit += s.st_card_tea - 1
    ok = units_ok(s, seat, s.pay[1:])
    s.st_credit = credit
    hand.append(card)
    return ok


def _try_credit(s: TrialState, seat: int) -> bool:
    s.st_credit -= 1
    ok = units_ok(s, seat, s.pay[1:])
    s.st_credit += 1
    return ok


def pay_choices(s: TrialState, seat: int) -> list[int]:
    """The ways to pay the first unit of `s.pay` that keep the rest payable (action ids)."""
    t = s.t
    ids = t.ids
    u = s.pay[0]
    out: list[int] = []
    if u < 4 or U_GALLERY <= u < U_GALLERY + 4:
        f = u if u < 4 else u - U_GALLERY
        if s.food_of(seat, f) and _try(s, seat, f):
            out.append(ids.food + f)
        if f != TEA and s.food_of(seat, TEA) and rulings.TEA_REPLACES_BASIC_FOOD and _try(s, seat, TEA):
            out.append(ids.food + TEA)
    elif u in (U_ANY, U_GIVE_ANY):
        out += [ids.food + f for f in range(4) if s.food_of(seat, f) and _try(s, seat, f)]
    elif u == U_GIVE_TEA:
        if s.food_of(seat, TEA):
            out.append(ids.food + TEA)
    elif u in (U_CARD, U_GIVE_CARD):
        if s.hand[seat] and _try_card(s, seat, False):
            out += sorted({ids.card + c for c in s.hand[seat]})
    elif u == U_AMPHIBIAN:
        out += sorted({ids.drop + o for o in s.backpack[seat] if t.amphibian[o]})
    elif u == U_PER_OBJECT:
        out += [ids.food + f for f in range(4) if s.food_of(seat, f)]
        out += sorted({ids.card + c for c in s.hand[seat]})
        if rulings.DROP_OBJECTS_WHILE_PAYING_PER_OBJECT:
            out += sorted({ids.drop + o for o in s.backpack[seat]})
    elif u >= U_ITEM:
        out.append(ids.drop + u - U_ITEM)
    if s.st_card_tea and (u < 4 or u == U_ANY):
        # the strong paw at a store: cards from the hand count as tea leaves (L457, L423)
        if s.hand[seat] and _try_card(s, seat, True):
            out += sorted({ids.card + c for c in s.hand[seat]})
        if s.st_credit and _try_credit(s, seat):
            out.append(ids.credit)
    out.sort()
    return out


@automatic
class PayNext(NamedTuple):
    """Pay the next cost unit: at once when there is one way, else ask."""

    seat: int

    def run(self, s: TrialState) -> None:
        seat = self.seat
        while s.pay:
            u = s.pay[0]
            if u == U_PER_OBJECT_ALL:
                s.pay[0:1] = [U_PER_OBJECT] * len(s.backpack[seat])
                continue
            choices = pay_choices(s, seat)
            if len(choices) == 1:
                pay_with(s, seat, choices[0])
                continue
            assert choices, f"nothing can pay {u} ({s.pay})"
            s.stack.append(PAY_NEXT[seat])
            s.stack.append(PayUnit(seat))
            return


@decision
class PayUnit(NamedTuple):
    """Choose what pays the next part of a cost."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        u = s.pay[0]
        if u == U_PER_OBJECT:
            return f"pay 1 resource for each object you carry ({len(s.pay)} to go), or discard objects"
        if u in (U_CARD, U_GIVE_CARD):
            return "choose the card to " + ("give" if u == U_GIVE_CARD else "spend")
        if u == U_AMPHIBIAN:
            return "choose the object with the amphibian symbol to discard"
        return "choose the food token to " + ("give" if u in (U_GIVE_ANY, U_GIVE_TEA) else "spend")

    def legal(self, s: TrialState) -> list[int]:
        return pay_choices(s, self.seat)

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        u = s.pay[0]
        give = u in (U_GIVE_ANY, U_GIVE_TEA, U_GIVE_CARD)
        to = f" to {seat_name(s.r_target)}" if give and s.r_target >= 0 else ""
        if ids.food <= action < ids.food + 4:
            f = action - ids.food
            if u < 4 and f != u:
                return f"Pay with {FOOD_A[f]} instead of {FOOD_A[u]}"
            return f"{'Give' if give else 'Pay with'} {FOOD_A[f]}{to}"
        if ids.card <= action < ids.card + s.t.n_cards:
            name = s.card_name(action - ids.card)
            if give:
                return f"Give {name}{to}"
            if s.st_card_tea and u != U_CARD and u != U_PER_OBJECT:
                return f"Pay with {name} as {s.st_card_tea} tea leaf" + ("ves" if s.st_card_tea > 1 else "")
            return f"Spend {name}"
        if ids.drop <= action < ids.drop + s.t.n_objects:
            o = action - ids.drop
            if u == U_PER_OBJECT:
                return f"Discard the {s.t.object_name[o]} (one object fewer to pay for)"
            return f"Discard the {s.t.object_name[o]}"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        pay_with(s, self.seat, action)


def pay_with(s: TrialState, seat: int, action: int) -> None:
    """Pay the first unit of `s.pay` with `action` (a food, a card, an object, the card credit)."""
    t = s.t
    ids = t.ids
    u = s.pay.pop(0)
    if ids.food <= action < ids.food + 4:
        f = action - ids.food
        if u in (U_GIVE_ANY, U_GIVE_TEA):
            s.give_food(seat, s.r_target, f)
            if s.log is not None:
                s.emit("give", f"{seat_name(seat)} gives {FOOD_A[f]} to {seat_name(s.r_target)}", seat=seat)
        elif U_GALLERY <= u < U_GALLERY + 4:
            s.remove_food(seat, f)
            s.gallery_food[f] += 1
            if s.log is not None:
                s.emit("gallery", f"{seat_name(seat)} places {FOOD_A[f]} in the gallery section", seat=seat)
        else:
            s.spend_food(seat, f)
            if s.log is not None:
                s.emit("spend", f"{seat_name(seat)} spends {FOOD_A[f]}", seat=seat)
    elif ids.card <= action < ids.card + t.n_cards:
        card = action - ids.card
        s.take_from_hand(seat, card)
        if u == U_GIVE_CARD:
            s.known[card] |= (1 << seat) | (1 << s.r_target)
            s.hand[s.r_target].append(card)
            if s.log is not None:
                s.emit("give", f"{seat_name(seat)} gives a card to {seat_name(s.r_target)}", seat=seat)
                s.emit("give_private", f"You receive {s.card_name(card)}", to=s.r_target)
        else:
            s.discard_card(card)
            if s.log is not None:
                s.emit("spend", f"{seat_name(seat)} spends {s.card_name(card)}", seat=seat)
            if s.st_card_tea and u != U_CARD and u != U_PER_OBJECT:
                s.st_credit += s.st_card_tea - 1
    elif action == ids.credit:
        s.st_credit -= 1
    else:
        # an item spent, an amphibian object, or (per object) an object dropped: one fewer to pay for
        obj = action - ids.drop
        if s.log is not None:
            s.emit("drop", f"{seat_name(seat)} discards the {t.object_name[obj]}", seat=seat)
        discard_object(s, seat, obj)


# the frame pushed with every payment, one per seat: frames are immutable, so one instance serves every state
PAY_NEXT = tuple(map(PayNext, range(4)))
