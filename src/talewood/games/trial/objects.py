"""Items and artifacts (L154-166, L451-475): into the backpack if they fit (else make room first, A-30), out
of it — an item back onto its stack in the store or onto an empty slot of its size its owner chooses, an
artifact to the box — and the store's slots: a slot's price (its column's symbol and its row's, L467) and
an item sold onto a slot for what that slot shows (L471).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import decision, seat_name
from . import rulings
from .food import push_gain_choice
from .tables import FOOD_A, FOOD_INDEX, FOOD_PLURAL, U_ANY, U_FOOD

if TYPE_CHECKING:
    from .state import TrialState


@decision
class TakeStoreItem(NamedTuple):
    """Take an item of your choice from the store, free (`rare` 0: a common one)."""

    seat: int
    rare: int

    def prompt(self, s: TrialState) -> str:
        return f"take a {'rare' if self.rare else 'common'} item of your choice from the store"

    def legal(self, s: TrialState) -> list[int]:
        t = s.t
        kinds = {k for k in s.store_kind if k >= 0 and t.rare[k] == bool(self.rare)}
        if rulings.SWAPPED_ITEM_DIFFERS and s.r_traded >= 0:
            kinds.discard(s.r_traded)
        return [*sorted(t.ids.take_item + k for k in kinds), t.ids.decline]

    def label(self, s: TrialState, action: int) -> str:
        return "Take no item" if action == s.t.ids.decline else ""

    def apply(self, s: TrialState, action: int) -> None:
        if action != s.t.ids.decline:
            gain_object(s, self.seat, action - s.t.ids.take_item)


def gain_object(s: TrialState, seat: int, obj: int) -> None:
    """An item from the store or an artifact from its slot goes into the backpack, if it fits (L162);
    if not, the player may first discard objects (A-30) or leave it."""
    if s.fits(seat, obj):
        _take_object(s, seat, obj)
    elif rulings.DROP_OBJECTS_WHEN_FULL:
        s.stack.append(MakeRoom(seat, obj))


def _take_object(s: TrialState, seat: int, obj: int) -> None:
    t = s.t
    if obj < t.n_items:
        s.store_take(obj)
    else:
        s.artifact_home[obj - t.n_items] = False
    s.backpack[seat].append(obj)
    if s.log is not None:
        s.emit("object", f"{seat_name(seat)} takes the {t.object_name[obj]}", seat=seat)


@decision
class MakeRoom(NamedTuple):
    """The new object does not fit: discard objects to make room, or leave it."""

    seat: int
    obj: int

    def prompt(self, s: TrialState) -> str:
        return f"the {s.t.object_name[self.obj]} does not fit in your backpack: discard objects, or leave it"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        return [*sorted({ids.drop + o for o in s.backpack[self.seat]}), ids.decline]

    def label(self, s: TrialState, action: int) -> str:
        return f"Leave the {s.t.object_name[self.obj]}" if action == s.t.ids.decline else ""

    def apply(self, s: TrialState, action: int) -> None:
        if action == s.t.ids.decline:
            return
        drop_object(s, self.seat, action - s.t.ids.drop)
        gain_object(s, self.seat, self.obj)


def drop_object(s: TrialState, seat: int, obj: int) -> None:
    """Get rid of an object (L164): an item back to the store, an artifact to the box. Pushes the choice of
    the store slot, if any: the caller pushes what comes next first."""
    if s.log is not None:
        where = "the store" if obj < s.t.n_items else "the box"
        s.emit("drop", f"{seat_name(seat)} puts the {s.t.object_name[obj]} back in {where}", seat=seat)
    discard_object(s, seat, obj)


def discard_object(s: TrialState, seat: int, obj: int) -> None:
    """An object leaves the backpack (L164): an item back to the store, an artifact to the box."""
    if obj < s.t.n_items:
        s.backpack[seat].remove(obj)
        put_back(s, seat, obj)
    else:
        s.remove_object(seat, obj)


def put_back(s: TrialState, seat: int, kind: int) -> None:
    """An item goes back to the store (L164, L235): onto its stack, else onto an empty slot of its size,
    which its owner chooses when there is more than one. Called last by an action, so that the choice
    comes at once."""
    t = s.t
    if s.store_slot_of(kind) < 0:
        large = t.rare[kind]
        kinds = s.store_kind
        if sum(1 for x in range(t.n_slots) if kinds[x] < 0 and t.slot_large[x] == large) > 1:
            s.stack.append(ChooseSlot(seat, kind, False))
            return
    s.store_return(kind)


@decision
class ChooseSlot(NamedTuple):
    """The store has no such item: choose the empty slot you put it on (L164, L471): when selling, what
    you gain; when an item is discarded or spent (`sale` False), what it will cost there."""

    seat: int
    kind: int
    sale: bool = True

    def prompt(self, s: TrialState) -> str:
        if not self.sale:
            return f"choose the empty store slot to put the {s.t.object_name[self.kind]} back on"
        return f"choose the empty store slot for the {s.t.object_name[self.kind]}"

    def legal(self, s: TrialState) -> list[int]:
        t = s.t
        return [t.ids.slot + x for x in range(t.n_slots)
                if s.store_kind[x] < 0 and t.slot_large[x] == t.rare[self.kind]]

    def label(self, s: TrialState, action: int) -> str:
        slot = action - s.t.ids.slot
        if not self.sale:
            return f"Put it on row {slot // 4 + 1}, column {slot % 4 + 1} (it will cost {price_words(s, slot)})"
        return f"Put it on row {slot // 4 + 1}, column {slot % 4 + 1} for {gain_words(s, slot)}"

    def apply(self, s: TrialState, action: int) -> None:
        slot = action - s.t.ids.slot
        if self.sale:
            sold(s, self.seat, self.kind, slot)
            return
        s.store_return(self.kind, slot)
        if s.log is not None:
            s.emit("put_back", f"{seat_name(self.seat)} puts the {s.t.object_name[self.kind]} on row "
                               f"{slot // 4 + 1}, column {slot % 4 + 1} of the store", seat=self.seat)


def sold(s: TrialState, seat: int, kind: int, slot: int) -> None:
    """The sold item lies on `slot`: gain its row's and column's resources (L471)."""
    s.backpack[seat].remove(kind)
    s.store_return(kind, slot)
    if s.log is not None:
        s.emit("sell", f"{seat_name(seat)} sells the {s.t.object_name[kind]}", seat=seat)
    chosen = 0
    for symbol in s.t.slot_price[slot]:
        if symbol == "any_food":
            chosen += 1
        else:
            s.gain_food(seat, FOOD_INDEX[symbol])
    push_gain_choice(s, seat, chosen, True)


def price_units(s: TrialState, slot: int) -> list[int]:
    units = []
    for symbol in s.t.slot_price[slot]:
        units.append(U_ANY if symbol == "any_food" else U_FOOD + FOOD_INDEX[symbol])
    units.sort(key=lambda u: (u == U_ANY, u))
    return units


def price_words(s: TrialState, slot: int) -> str:
    symbols = s.t.slot_price[slot]
    if all(x == "any_food" for x in symbols):
        return f"any {len(symbols)} food tokens"
    if len(symbols) == 2 and symbols[0] == symbols[1]:
        return f"2 {FOOD_PLURAL[FOOD_INDEX[symbols[0]]]}"
    return " and ".join("any food token" if x == "any_food" else FOOD_A[FOOD_INDEX[x]] for x in symbols)


def gain_words(s: TrialState, slot: int) -> str:
    symbols = s.t.slot_price[slot]
    if all(x == "any_food" for x in symbols):
        return f"{len(symbols)} food tokens of your choice"
    return " and ".join("a food token of your choice" if x == "any_food" else FOOD_A[FOOD_INDEX[x]] for x in symbols)
