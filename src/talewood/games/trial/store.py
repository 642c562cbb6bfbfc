"""A store visit (L451-485): buy and sell items one transaction at a time, leave artifacts in the gallery,
then take the bonus for your trading symbols.

A slot's price is its column's symbol plus its row's symbol (L467); buying pays both, selling onto the
slot gains both ("any" gains "any chosen resource", a tea leaf included, L499). One visit never buys and sells
the same item type (L455, A-17). With the strong paw, cards from the hand count as tea leaves (1 each
at a store, 2 each at a restored store, L457, L423).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, plural, seat_name
from . import rulings
from .enhance import TRADING, enhancements
from .objects import ChooseSlot, gain_words, price_units, price_words, sold
from .paying import PayNext, units_ok

if TYPE_CHECKING:
    from .state import TrialState


def begin_visit(s: TrialState, seat: int, card_tea: int, bonus: bool) -> None:
    s.st_bought = 0
    s.st_sold = 0
    s.st_card_tea = card_tea
    s.st_credit = 0
    s.st_enh = 0
    s.st_extra = 0
    s.st_used = 0
    s.stack.append(StoreEnd(seat, 1 if bonus else 0))
    s.stack.append(StoreVisit(seat))


def _buyable(s: TrialState, seat: int, kind: int) -> bool:
    if rulings.SAME_TYPE_RULE_BOTH_ORDERS and s.st_sold >> kind & 1:
        return False
    if not s.fits(seat, kind):
        return False
    return units_ok(s, seat, price_units(s, s.store_slot_of(kind)))


@decision
class StoreVisit(NamedTuple):
    """Buy, sell, leave an artifact in the gallery, or finish the transactions."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "store: buy or sell items, leave artifacts in the gallery, or finish your transactions"

    def legal(self, s: TrialState) -> list[int]:
        seat = self.seat
        t = s.t
        ids = t.ids
        out = []
        for kind in sorted({k for k in s.store_kind if k >= 0}):
            if _buyable(s, seat, kind):
                out.append(ids.buy + kind)
        for o in sorted(set(s.backpack[seat])):
            if o < t.n_items:
                if not (s.st_bought >> o & 1):
                    out.append(ids.sell + o)
            else:
                out.append(ids.gallery + o - t.n_items)
        out.append(ids.done)
        return sorted(out)

    def label(self, s: TrialState, action: int) -> str:
        t = s.t
        ids = t.ids
        if ids.buy <= action < ids.buy + t.n_items:
            kind = action - ids.buy
            return f"Buy the {t.object_name[kind]} for {price_words(s, s.store_slot_of(kind))}"
        if ids.sell <= action < ids.sell + t.n_items:
            kind = action - ids.sell
            slot = s.store_slot_of(kind)
            if slot >= 0:
                return f"Sell the {t.object_name[kind]} for {gain_words(s, slot)}"
            return f"Sell the {t.object_name[kind]} onto an empty slot"
        if ids.gallery <= action < ids.gallery + len(t.c.artifacts):
            a = action - ids.gallery
            gain = "a tea leaf" if t.artifact_large[a] else "a food token"
            return f"Leave the {t.c.artifacts[a].name} in the gallery for {gain}"
        if action == ids.done:
            return "Finish your transactions"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        seat = self.seat
        t = s.t
        ids = t.ids
        if action == ids.done:
            return
        s.stack.append(StoreVisit(seat))
        if ids.buy <= action < ids.buy + t.n_items:
            kind = action - ids.buy
            s.stack.append(Bought(seat, kind))
            s.pay = price_units(s, s.store_slot_of(kind))
            s.stack.append(PayNext(seat))
        elif ids.sell <= action < ids.sell + t.n_items:
            kind = action - ids.sell
            s.st_sold |= 1 << kind
            slot = s.store_slot_of(kind)
            if slot >= 0:
                sold(s, seat, kind, slot)
            else:
                empty = [x for x in range(t.n_slots) if s.store_kind[x] < 0 and t.slot_large[x] == t.rare[kind]]
                if len(empty) == 1:
                    sold(s, seat, kind, empty[0])
                else:
                    s.stack.append(ChooseSlot(seat, kind))
        else:
            a = action - ids.gallery
            s.backpack[seat].remove(t.n_items + a)
            s.gallery[seat].append(a)
            if s.log is not None:
                s.emit("gallery", f"{seat_name(seat)} leaves the {t.c.artifacts[a].name} in the gallery", seat=seat)
            s.resolve_effects(seat, t.gallery_large if t.artifact_large[a] else t.gallery_small)


@automatic
class Bought(NamedTuple):
    """The price is paid: the item goes into the backpack."""

    seat: int
    kind: int

    def run(self, s: TrialState) -> None:
        s.store_take(self.kind)
        s.backpack[self.seat].append(self.kind)
        s.st_bought |= 1 << self.kind
        if s.log is not None:
            s.emit("buy", f"{seat_name(self.seat)} buys the {s.t.object_name[self.kind]}", seat=self.seat)


@automatic
class StoreEnd(NamedTuple):
    """The transactions are over: the trading bonus (L477-485) where the tile shows the trading symbol."""

    seat: int
    bonus: int

    def run(self, s: TrialState) -> None:
        s.st_card_tea = 0
        s.st_credit = 0
        if self.bonus:
            s.stack.append(TradingBonus(self.seat))


def symbols_left(s: TrialState, seat: int) -> int:
    return s.trading(seat) + s.st_extra - s.st_used


@decision
class TradingBonus(NamedTuple):
    """Turn trading symbols into bonuses: 2 a deed card, 3 a raspberry, acorn or mushroom, 4 a tea leaf."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return f"trading bonus: {plural(symbols_left(s, self.seat), 'trading symbol')} to spend"

    def legal(self, s: TrialState) -> list[int]:
        seat = self.seat
        t = s.t
        ids = t.ids
        out = enhancements(s, seat, s.st_enh, TRADING)
        left = symbols_left(s, seat)
        for i, (n, _lst) in enumerate(t.trading_bonus):
            if left >= n:
                out.append(ids.bonus + i)
        out.append(ids.done)
        return sorted(out)

    def label(self, s: TrialState, action: int) -> str:
        t = s.t
        ids = t.ids
        if ids.card <= action < ids.card + t.n_cards:
            card = action - ids.card
            return f"Discard {s.card_name(card)} for {plural(t.cards[card].enh_trading, 'more trading symbol')}"
        if action == ids.boost + TRADING:
            return "Use a one-time trading symbol"
        if ids.bonus <= action < ids.bonus + len(t.trading_bonus):
            n, _ = t.trading_bonus[action - ids.bonus]
            what = {2: "a deed card", 3: "a raspberry, an acorn or a mushroom", 4: "a tea leaf"}.get(n, "a bonus")
            return f"Spend {n} trading symbols for {what}"
        if action == ids.done:
            return "Take no more bonuses"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        seat = self.seat
        t = s.t
        ids = t.ids
        if action == ids.done:
            return
        s.stack.append(TradingBonus(seat))
        if ids.card <= action < ids.card + t.n_cards:
            card = action - ids.card
            s.take_from_hand(seat, card)
            s.discard_card(card)
            s.st_enh += 1
            s.st_extra += t.cards[card].enh_trading
            if s.log is not None:
                s.emit("enhance", f"{seat_name(seat)} discards {s.card_name(card)} for trading symbols", seat=seat)
        elif action == ids.boost + TRADING:
            s.use_boost(seat, TRADING)
            s.st_extra += 1
        else:
            n, lst = t.trading_bonus[action - ids.bonus]
            s.st_used += n
            s.resolve_effects(seat, lst)

