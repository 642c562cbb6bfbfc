"""Effects (the vocabulary's effect terms, docs/rules/trial.md): a list of terms — a card option's, a tile
side's, a campsite's or tent's bonus, a finishing space's reward, the store's trading bonus and gallery —
applied in order, each interpreted here, or by the module of the rule it belongs to (food.py, objects.py,
story.py, others.py, forest.py, expedition.py, camp.py). Also the effects of a few cards that need a
choice of their own: an encounter card into the hand (L597, Kidnapper), a card from the discard pile (the
ruined lookout tower, L445; Delver), a common item traded in at a ruined store (L489-493) and Tea Cat's swap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from .camp import ChooseTentSpot
from .expedition import advance, flag_place, flag_up
from .food import CHOSEN, Exchange, HelpFood, push_gain_choice
from .forest import flip_effect, tunnel_effect
from .objects import TakeStoreItem, discard_object, gain_object
from .others import DrawFor, Offer, steal
from .story import ChooseWay, FaceUpFromHand, TuckColumn, tuck_from_deck
from .tables import ALL_SEATS, BOOST_INDEX, FOOD_INDEX, PLACE_OF
from .vocabulary import Term

if TYPE_CHECKING:
    from .state import TrialState


@automatic
class Effect(NamedTuple):
    """Apply term `at` of term list `lst` for `seat`, then the next one."""

    seat: int
    lst: int
    at: int

    def run(self, s: TrialState) -> None:
        terms = s.t.lists[self.lst]
        term = terms[self.at]
        if term.keyword == "trade_in":          # the rest happens only if an item is put in
            if self.at + 1 < len(terms):
                common = [o for o in s.backpack[self.seat] if o < s.t.n_items and not s.t.rare[o]]
                if common:
                    s.stack.append(TradeIn(self.seat, self.lst, self.at + 1))
            return
        if self.at + 1 < len(terms):
            s.stack.append(Effect(self.seat, self.lst, self.at + 1))
        apply_effect(s, self.seat, term)


def apply_effect(s: TrialState, seat: int, term: Term) -> None:

    t = s.t
    k = term.keyword
    args = term.args
    if k == "gain":
        n = int(args[1])
        if args[0] in CHOSEN:
            push_gain_choice(s, seat, n, args[0] == "any")
        else:
            s.gain_food(seat, FOOD_INDEX[str(args[0])], n)
    elif k == "draw":
        s.draw_deeds(seat, int(args[0]))
    elif k == "item":
        rare = args[0] == "rare"
        if any(s.store_kind[x] >= 0 and t.rare[s.store_kind[x]] == rare for x in range(t.n_slots)):
            s.stack.append(TakeStoreItem(seat, 1 if rare else 0))
    elif k == "artifact":
        a = t.c.artifacts.index(t.c.artifact_by_id[str(args[0])])
        if s.artifact_home[a]:
            gain_object(s, seat, t.n_items + a)
    elif k == "morality":
        n = int(args[1])
        if args[0] == "choose":
            s.stack.append(ChooseWay(seat, n))
        else:
            for _ in range(n):
                s.move_morality(seat, -1 if args[0] == "left" else 1)
    elif k == "encounter_to_hand":
        if any(c >= 0 for c in s.enc_slots):
            s.stack.append(TakeEncounter(seat))
    elif k == "tuck_from_hand":
        if s.hand[seat]:
            s.stack.append(TuckColumn(seat))
    elif k == "tuck_face_up":
        if args[0] == "hand":
            if s.hand[seat]:
                s.stack.append(FaceUpFromHand(seat, 0))
        else:
            tuck_from_deck(s, seat)
    elif k == "pick_discard":
        look = 0 if args[0] == "all" else int(args[0])
        if s.discard:
            s.stack.append(PickDiscard(seat, int(args[1]), look))
    elif k == "boost":
        s.add_boost(seat, BOOST_INDEX[str(args[0])], int(args[1]))
        if s.log is not None:
            s.emit("boost", f"{seat_name(seat)} gains {args[1]} one-time {str(args[0]).replace('_', '-')} "
                            f"symbol{'s' if int(args[1]) > 1 else ''}", seat=seat)
    elif k == "tunnel":
        tunnel_effect(s, seat, str(args[0]), str(args[1]))
    elif k == "flip_tile":
        flip_effect(s, seat, str(args[0]), str(args[1]))
    elif k == "advance":
        advance(s, seat, int(args[0]), str(args[1]))
    elif k == "reveal_expedition_tops":
        for a in range(3):
            if s.xdeck[a]:
                s.xtop[a] = True
        s.reveal()
        if s.log is not None:
            s.emit("reveal", f"{seat_name(seat)} reveals the top card of each expedition deck", seat=seat)
    elif k == "flag_up":
        flag_up(s, seat)
    elif k == "flag_place":
        flag_place(s, seat)
    elif k == "first_player":
        s.first = seat
        if s.log is not None:
            s.emit("first", f"{seat_name(seat)} takes the first player token", seat=seat)
    elif k == "others_gain":
        n = int(args[1])
        for o in reversed(s.order_from(seat, False)):
            if args[0] in CHOSEN:
                push_gain_choice(s, o, n, args[0] == "any")
            else:
                s.gain_food(o, FOOD_INDEX[str(args[0])], n)
    elif k == "all_draw":
        n = int(args[0])
        for o in reversed(s.order_from(seat, True)):
            s.stack.append(DrawFor(o, n, 1 if args[1] == "may" else 0))
    elif k == "others_offer":
        deal = ("charity", "ritual_good", "ritual_evil", "trafficker").index(str(args[0]))
        for o in reversed(s.order_from(seat, False)):
            s.stack.append(Offer(o, seat, deal))
    elif k == "steal":
        steal(s, seat, str(args[0]))
    elif k == "tent_from_box":
        if s.tent_box and any(x < 0 for x in s.tent_on):
            s.stack.append(ChooseTentSpot(seat))
    elif k == "help_spot_food":
        s.stack.append(HelpFood(seat, int(args[0])))
    elif k == "gain_per_column":
        n = s.columns_face_up(seat)
        if args[0] in CHOSEN:
            push_gain_choice(s, seat, n, args[0] == "any")
        else:
            s.gain_food(seat, FOOD_INDEX[str(args[0])], n)
    elif k == "swap_strong_paw":
        _swap_strong_paw(s, seat)
    elif k in PLACE_OF:
        s.r_place = PLACE_OF[k]
    elif k == "exchange":
        give = FOOD_INDEX[str(args[0])]
        if s.food_of(seat, give):
            s.stack.append(Exchange(seat, give, FOOD_INDEX[str(args[1])]))
    else:  # pragma: no cover - store, ruins and cards_as_tea are read by places.py
        raise AssertionError(f"the effect {term} is not interpreted here")


@decision
class TakeEncounter(NamedTuple):
    """Add a face-up encounter card to your hand (L597, Kidnapper L714); its slot is refilled."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "choose a face-up encounter card to take into your hand"

    def legal(self, s: TrialState) -> list[int]:
        return sorted(s.t.ids.card + c for c in s.enc_slots if c >= 0)

    def label(self, s: TrialState, action: int) -> str:
        return f"Take {s.card_name(action - s.t.ids.card)} into your hand"

    def apply(self, s: TrialState, action: int) -> None:

        card = action - s.t.ids.card
        slot = s.enc_slots.index(card)
        s.gain_card(self.seat, card, ALL_SEATS)
        if s.log is not None:
            s.emit("take", f"{seat_name(self.seat)} takes {s.card_name(card)} into their hand", seat=self.seat)
        s.refill_encounter(slot)


@decision
class PickDiscard(NamedTuple):
    """Take a card of your choice from the deed discard pile (`look`: the top cards you may search; 0: all)."""

    seat: int
    keep: int
    look: int

    def prompt(self, s: TrialState) -> str:
        return f"choose a card from the discard pile ({self.keep} to take)"

    def legal(self, s: TrialState) -> list[int]:
        pile = s.discard if not self.look else s.discard[-self.look:]
        return sorted({s.t.ids.card + c for c in pile})

    def label(self, s: TrialState, action: int) -> str:
        return f"Take {s.card_name(action - s.t.ids.card)} from the discard pile"

    def apply(self, s: TrialState, action: int) -> None:

        card = action - s.t.ids.card
        s.discard.remove(card)
        s.gain_card(self.seat, card, ALL_SEATS)
        if s.log is not None:
            s.emit("pick", f"{seat_name(self.seat)} takes {s.card_name(card)} from the discard pile", seat=self.seat)
        if self.keep > 1 and s.discard:
            s.stack.append(PickDiscard(self.seat, self.keep - 1, max(0, self.look - 1) if self.look else 0))


@decision
class TradeIn(NamedTuple):
    """A ruined store (L489-493): put 1 common item from your backpack into the store, for what follows."""

    seat: int
    lst: int
    at: int

    def prompt(self, s: TrialState) -> str:
        return "you may put a common item from your backpack into the store"

    def legal(self, s: TrialState) -> list[int]:
        t = s.t
        kinds = {o for o in s.backpack[self.seat] if o < t.n_items and not t.rare[o]}
        return [*sorted(t.ids.sell + k for k in kinds), t.ids.decline]

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if action == ids.decline:
            return "Put no item in"
        return f"Put the {s.t.object_name[action - ids.sell]} into the store"

    def apply(self, s: TrialState, action: int) -> None:
        if action == s.t.ids.decline:
            return
        kind = action - s.t.ids.sell
        s.r_traded = kind
        if s.log is not None:
            s.emit("trade", f"{seat_name(self.seat)} puts the {s.t.object_name[kind]} into the store", seat=self.seat)
        s.stack.append(Effect(self.seat, self.lst, self.at))
        discard_object(s, self.seat, kind)       # its slot is chosen first


def _swap_strong_paw(s: TrialState, seat: int) -> None:
    """Tea Cat's good option (L742): the strong paw on the board swaps with a paw from the character board."""
    place = s.strong_at[seat]
    if place < 0 or s.paws_home[seat] == 0:
        if s.log is not None:
            s.emit("swap", f"{seat_name(seat)} cannot swap their strong paw token", seat=seat)
        return
    s.strong_home[seat] = True
    s.strong_at[seat] = -1
    s.paws_home[seat] -= 1
    if s.log is not None:
        s.emit("swap", f"{seat_name(seat)} swaps their strong paw token back onto their board", seat=seat)
