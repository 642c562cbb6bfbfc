"""Using a location (L373-497) and the help spot (L578-584).

A tile side's terms (locations.toml) say what a paw token resolves and what the strong paw adds (the
"+", L312); its `enhance` says whether story symbols and up to 2 discarded cards add to the action
(L497). Groves gather food, lookout towers draw cards, ruins sell their hidden items, stores open
store.py; ruined sides resolve their few terms as they are written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, plural, seat_name
from . import rulings
from .enhance import CARD_DRAW, enhancements
from .food import BASIC, deed_or_food_label, take_deed_or_food
from .objects import drop_object
from .paying import PayNext
from .store import begin_visit
from .tables import (
    BOOST_NAME,
    FOOD_INDEX,
    FOOD_NAME,
    FOOD_PLURAL,
    SK_CARD_DRAW,
    SK_FOOD,
    SK_HERBALIST,
    SK_SCAVENGER,
    SK_SIZE,
    TEA,
    U_ANY,
    U_FOOD,
)

if TYPE_CHECKING:
    from .state import TrialState


def use_location(s: TrialState, seat: int, loc: int, strong: bool) -> None:
    t = s.t
    tile = s.tile_at[loc]
    side_i = s.tile_side[loc]
    side = s.side_of(loc)
    paw = side.paw
    more = side.strong if strong else ()
    words = {x.keyword for x in paw}
    s.r_traded = -1
    if "store" in words:
        card_tea = next((int(x.args[0]) for x in more if x.keyword == "cards_as_tea"), 0)
        begin_visit(s, seat, card_tea, side.enhance == "trading")
    elif "ruins_search" in words:
        begin_ruins(s, seat, loc, strong)
    elif side.enhance == "food":
        s.en_count = 0
        s.en_extra = 0
        s.stack.append(Gather(seat, loc, 1 if strong else 0))
        offer_by_hand(s, seat)
        if _food_cards(s, seat):
            s.stack.append(GroveEnhance(seat))
    elif side.enhance == "card_draw":
        enhanced = strong or side.enhance_on == "paw"
        draws = [x for x in (*paw, *more) if x.keyword == "draw"]
        s.en_count = 0
        s.en_extra = 0
        if draws:
            s.stack.append(TowerDraw(seat, sum(int(x.args[0]) for x in draws), 1 if enhanced else 0))
            if enhanced:
                offer_by_hand(s, seat)
            if enhanced and enhancements(s, seat, s.en_count, CARD_DRAW):
                s.stack.append(TowerEnhance(seat))
        rest = t.side_rest[tile][side_i]
        if rest:
            s.resolve_effects(seat, rest)
    else:
        lst = t.side_paw[tile][side_i]
        if lst:
            s.resolve_effects(seat, lst)


def offer_by_hand(s: TrialState, seat: int) -> None:
    """A discard is about to be offered, or not, by what `seat` holds: every view shows the pending
    decision, so either way the others learn something of the hand, and the step cannot be taken back."""
    if s.hand[seat]:
        s.reveal()


# -- groves ------------------------------------------------------------------------------------------
def _food_cards(s: TrialState, seat: int) -> list[int]:
    info = s.t.cards
    return sorted({c for c in s.hand[seat] if any(info[c].enh_food)})


@decision
class GroveEnhance(NamedTuple):
    """At a grove: discard up to 2 cards for the food symbols of their enhancement sections (L387)."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "you may discard up to 2 cards for the food symbols of their enhancement sections"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        out = [ids.card + c for c in _food_cards(s, self.seat)] if s.en_count < s.t.enhancement_cards else []
        return [*out, ids.done]

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if action == ids.done:
            return "Gather the food"
        card = action - ids.card
        foods = " and ".join(f"{n} {FOOD_NAME[f] if n == 1 else FOOD_PLURAL[f]}"
                             for f, n in enumerate(s.t.cards[card].enh_food) if n)
        return f"Discard {s.card_name(card)} for {foods}"

    def apply(self, s: TrialState, action: int) -> None:
        ids = s.t.ids
        if action == ids.done:
            return
        card = action - ids.card
        s.take_from_hand(self.seat, card)
        s.discard_card(card)
        s.en_count += 1
        if s.log is not None:
            s.emit("enhance", f"{seat_name(self.seat)} discards {s.card_name(card)} for food", seat=self.seat)
        for f, n in enumerate(s.t.cards[card].enh_food):
            if n:
                s.gain_food(self.seat, f, n)
        s.stack.append(GroveEnhance(self.seat))


@automatic
class Gather(NamedTuple):
    """Gather a grove's food (L381-385, L425-429): every food symbol of the story pays 1 of its kind, at a
    grove and at a restored grove alike ("each of them grants you 1 additional resource of the indicated
    type", L385; L273, L429). A blue triangle ("regardless of their type", L273) adds nothing to that."""

    seat: int
    loc: int
    strong: int

    def run(self, s: TrialState) -> None:
        seat = self.seat
        side = s.side_of(self.loc)
        terms = (*side.paw, *(side.strong if self.strong else ()))
        gains = [0, 0, 0, 0]
        for x in terms:
            if x.keyword == "gain":
                gains[FOOD_INDEX[str(x.args[0])]] += int(x.args[1])
        b = seat * SK_SIZE
        sk = s.sk
        for f in range(4):
            gains[f] += sk[b + SK_FOOD + f]
        for f in range(4):
            if gains[f]:
                s.gain_food(seat, f, gains[f])


# -- lookout towers ------------------------------------------------------------------------------------
@decision
class TowerEnhance(NamedTuple):
    """At a lookout tower: discard up to 2 cards for their card-draw symbols, or use one-time ones (L441)."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "you may discard up to 2 cards for their card-draw symbols before you draw"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        out = enhancements(s, self.seat, s.en_count, CARD_DRAW)
        return sorted([*out, ids.done])

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if action == ids.done:
            return "Draw the cards"
        if action == ids.boost + CARD_DRAW:
            return f"Use a one-time {BOOST_NAME[CARD_DRAW]} symbol (1 more card)"
        card = action - ids.card
        return f"Discard {s.card_name(card)} for {plural(s.t.cards[card].enh_draw, 'more card')}"

    def apply(self, s: TrialState, action: int) -> None:
        ids = s.t.ids
        if action == ids.done:
            return
        if action == ids.boost + CARD_DRAW:
            s.use_boost(self.seat, CARD_DRAW)
            s.en_extra += 1
        else:
            card = action - ids.card
            s.take_from_hand(self.seat, card)
            s.discard_card(card)
            s.en_count += 1
            s.en_extra += s.t.cards[card].enh_draw
        s.stack.append(TowerEnhance(self.seat))


@automatic
class TowerDraw(NamedTuple):
    """Draw the tower's cards, +1 per card-draw symbol in the story (L439) when `enhanced`."""

    seat: int
    n: int
    enhanced: int

    def run(self, s: TrialState) -> None:
        n = self.n
        if self.enhanced:
            n += s.sk[self.seat * SK_SIZE + SK_CARD_DRAW] + s.en_extra
        s.draw_deeds(self.seat, n)


# -- ruins -----------------------------------------------------------------------------------------
def begin_ruins(s: TrialState, seat: int, loc: int, strong: bool) -> None:
    """Take the ruins' items and look at them secretly (L403)."""
    s.look_at_ruins(seat, loc)
    s.reveal()
    s.rv_loc = loc
    s.rv_free = s.sk[seat * SK_SIZE + SK_SCAVENGER] > 0
    if s.log is not None:
        names = ", ".join(s.t.object_name[k] for k in sorted(s.ruins[loc])) or "nothing"
        s.emit("ruins", f"{seat_name(seat)} looks at the items on the {s.space_name(s.t.locations[loc])}", seat=seat)
        s.emit("ruins_private", f"You see: {names}", to=seat)
    if strong:
        s.stack.append(RuinsTake(seat, 1))
    s.stack.append(RuinsTake(seat, 0))


@decision
class RuinsTake(NamedTuple):
    """Ruins: spend any 1 food token for 1 of the items (`second` 1: the strong paw's, for a tea leaf)."""

    seat: int
    second: int

    def price(self, s: TrialState) -> int:
        side = s.side_of(s.rv_loc)
        terms = side.strong if self.second else side.paw
        price = next(str(x.args[0]) for x in terms if x.keyword == "ruins_search")
        return U_FOOD + TEA if price == "tea" else U_ANY

    def prompt(self, s: TrialState) -> str:
        if self.second:
            return "you may take a second item for a tea leaf"
        return "you may take one of the items for a food token"

    def can_pay(self, s: TrialState) -> bool:
        if not self.second and s.rv_free:
            return True
        if self.price(s) == U_ANY:
            return s.food_total(self.seat) > 0
        return s.food_of(self.seat, TEA) > 0

    def legal(self, s: TrialState) -> list[int]:
        seat = self.seat
        t = s.t
        ids = t.ids
        out = []
        if s.rv_loc >= 0 and self.can_pay(s):
            out += sorted({ids.take_item + k for k in s.ruins[s.rv_loc] if s.fits(seat, k)})
        out += sorted({ids.drop + o for o in s.backpack[seat]})
        out.append(ids.done)
        return sorted(out)

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if action == ids.done:
            return "Take no more items" if self.second else "Leave the ruins"
        if ids.take_item <= action < ids.take_item + s.t.n_items:
            k = action - ids.take_item
            if not self.second and s.rv_free:
                return f"Take the {s.t.object_name[k]} (free: Scavenger)"
            cost = "a tea leaf" if self.price(s) != U_ANY else "a food token"
            return f"Take the {s.t.object_name[k]} for {cost}"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        seat = self.seat
        ids = s.t.ids
        if action == ids.done:
            if not self.second and s.stack and isinstance(s.stack[-1], RuinsTake):
                s.stack.pop()             # no first item: the visit ends
            return
        if ids.drop <= action < ids.drop + s.t.n_objects:
            s.stack.append(self)
            drop_object(s, seat, action - ids.drop)
            return
        kind = action - ids.take_item
        s.ruins[s.rv_loc].remove(kind)
        s.backpack[seat].append(kind)
        if s.log is not None:
            s.emit("ruins_take", f"{seat_name(seat)} takes the {s.t.object_name[kind]} from the ruins", seat=seat)
        if not self.second and s.rv_free:
            s.rv_free = False
            return
        s.pay = [self.price(s)]
        s.stack.append(PayNext(seat))


# -- the help spot -------------------------------------------------------------------------------------
@decision
class HelpSpot(NamedTuple):
    """The help spot (L580-584): a deed card, or a raspberry, an acorn or a mushroom."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "help the residents: draw a deed card or take a food token"

    def legal(self, s: TrialState) -> list[int]:
        t = s.t
        ids = t.ids
        out = []
        for lst in t.help_choices:
            for x in t.lists[lst]:
                if x.keyword == "draw":
                    out.append(ids.take_card)
                elif x.keyword == "gain":
                    word = str(x.args[0])
                    foods = BASIC if word == "basic" else (0, 1, 2, 3) if word == "any" else (FOOD_INDEX[word],)
                    out += [ids.food + f for f in foods if s.tray[f]]
        if s.sk[self.seat * SK_SIZE + SK_HERBALIST] and s.tray[TEA]:
            out.append(ids.food + TEA)
        return sorted(set(out))

    def label(self, s: TrialState, action: int) -> str:
        return deed_or_food_label(s, action)

    def apply(self, s: TrialState, action: int) -> None:
        take_deed_or_food(s, self.seat, action)
        if any(s.help_food) and rulings.PHILANTHROPIST_FOOD_FOR_EVERYONE:
            s.stack.append(HelpBonus(self.seat))


@decision
class HelpBonus(NamedTuple):
    """Philanthropist's food on the help spot: take 1 of them too."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "take one of the food tokens Philanthropist left on the help spot"

    def legal(self, s: TrialState) -> list[int]:
        return [s.t.ids.food + f for f in BASIC if s.help_food[f]]

    def label(self, s: TrialState, action: int) -> str:
        return f"Take the {FOOD_NAME[action - s.t.ids.food]} from the help spot"

    def apply(self, s: TrialState, action: int) -> None:
        f = action - s.t.ids.food
        s.help_food[f] -= 1
        s.add_food(self.seat, f)
