"""What a card does with the other adventurers: choosing the adventurer on your space it names (to give to,
steal from or fight, L219), stealing a food token or a random card (Pickpocket, Trafficker), the others'
decisions in round order from your left (Charity Collection, Ritual, Trafficker, L690, L730, L746) and
everyone drawing (Dangling Postman, Postal Service, L696, L726).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import rulings
from .food import push_gain_choice
from .tables import FOOD_A

if TYPE_CHECKING:
    from .state import TrialState


@decision
class ChooseTarget(NamedTuple):
    """Choose the adventurer on your space the card names (give, steal or fight: `why` 0, 1, 2)."""

    seat: int
    why: int

    def prompt(self, s: TrialState) -> str:
        return ("choose who receives your gift", "choose whom to steal from", "choose whom to fight")[self.why]

    def legal(self, s: TrialState) -> list[int]:
        test = s.t.cards[s.r_card].options[s.r_opt].test if self.why == 2 else None
        evil = test is not None and str(test.args[0]) == "same_space_evil"
        return [s.t.ids.seat + o for o in s.others_here(self.seat, evil)]

    def apply(self, s: TrialState, action: int) -> None:
        s.r_target = action - s.t.ids.seat


@automatic
class DrawFor(NamedTuple):
    """Every adventurer draws (Dangling Postman L694, Postal Service L724): `may` 1 lets each decide."""

    seat: int
    n: int
    may: int

    def run(self, s: TrialState) -> None:
        if self.may:
            s.stack.append(DrawOffer(self.seat, self.n))
        else:
            s.draw_deeds(self.seat, self.n)


@decision
class DrawOffer(NamedTuple):
    """Do you draw the card on offer?"""

    seat: int
    n: int

    def prompt(self, s: TrialState) -> str:
        return f"you may draw {self.n} deed card{'s' if self.n > 1 else ''}"

    def legal(self, s: TrialState) -> list[int]:
        return sorted([s.t.ids.take_card, s.t.ids.decline])

    def apply(self, s: TrialState, action: int) -> None:
        if action == s.t.ids.take_card:
            s.draw_deeds(self.seat, self.n)


OFFERS = ("charity", "ritual_good", "ritual_evil", "trafficker")


@decision
class Offer(NamedTuple):
    """Another adventurer decides (Charity Collection, Ritual, Trafficker; round order from the left)."""

    seat: int
    player: int          # who played the card
    deal: int

    def prompt(self, s: TrialState) -> str:
        who = seat_name(self.player)
        return (f"{who}'s Charity Collection: give them a food token (and draw a deed card), or not",
                f"{who}'s ritual of light: join it (morality 1 to the left), or not",
                f"{who}'s ritual of shadows: join it (morality 1 to the right), or not",
                f"{who}'s Trafficker: give them a food token, or let them take a random card from your hand")[self.deal]

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        me = self.seat
        if self.deal == 0:
            return [*(ids.food + f for f in range(4) if s.food_of(me, f)), ids.decline]
        if self.deal in (1, 2):
            return sorted([ids.left if self.deal == 1 else ids.right, ids.decline])
        out = [ids.food + f for f in range(4) if s.food_of(me, f)]
        if s.hand[me]:
            out.append(ids.take_card)
        return out or [ids.decline]

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        who = seat_name(self.player)
        if ids.food <= action < ids.food + 4:
            return f"Give {FOOD_A[action - ids.food]} to {who}"
        if action == ids.take_card:
            return f"Let {who} take a random card from your hand"
        if action == ids.decline:
            return "Decline"
        return "Join the ritual"

    def apply(self, s: TrialState, action: int) -> None:
        ids = s.t.ids
        me = self.seat
        if action == ids.decline:
            return
        if ids.food <= action < ids.food + 4:
            f = action - ids.food
            s.give_food(me, self.player, f)
            if s.log is not None:
                s.emit("give", f"{seat_name(me)} gives {FOOD_A[f]} to {seat_name(self.player)}", seat=me)
            if self.deal == 0:
                s.draw_deeds(me, 1)
            return
        if action == ids.take_card:
            _steal_card(s, self.player, me)
            return
        s.move_morality(me, -1 if self.deal == 1 else 1)
        push_gain_choice(s, self.player, 1)


def steal(s: TrialState, seat: int, what: str) -> None:
    if s.r_winner >= 0 and seat == s.r_winner:
        victims = [s.r_loser]
    else:
        victims = s.others_here(seat)
    if not victims:
        return
    if len(victims) > 1:
        s.stack.append(StealFrom(seat, 0 if what == "food" else 1))
        s.stack.append(ChooseTarget(seat, 1))
        return
    s.r_target = victims[0]
    _steal_now(s, seat, s.r_target, what == "food")


def _steal_now(s: TrialState, seat: int, victim: int, food: bool) -> None:
    if food:
        if s.food_total(victim):
            s.stack.append(StealFood(seat, victim))
    else:
        _steal_card(s, seat, victim)


@automatic
class StealFrom(NamedTuple):
    seat: int
    card: int

    def run(self, s: TrialState) -> None:
        _steal_now(s, self.seat, s.r_target, not self.card)


@decision
class StealFood(NamedTuple):
    """Take 1 food token of your choice from another adventurer."""

    seat: int
    victim: int

    def prompt(self, s: TrialState) -> str:
        return f"choose a food token to take from {seat_name(self.victim)}"

    def legal(self, s: TrialState) -> list[int]:
        return [s.t.ids.food + f for f in range(4) if s.food_of(self.victim, f)]

    def label(self, s: TrialState, action: int) -> str:
        return f"Take {FOOD_A[action - s.t.ids.food]} from {seat_name(self.victim)}"

    def apply(self, s: TrialState, action: int) -> None:
        f = action - s.t.ids.food
        s.give_food(self.victim, self.seat, f)
        if s.log is not None:
            s.emit("steal", f"{seat_name(self.seat)} takes {FOOD_A[f]} from {seat_name(self.victim)}",
                   seat=self.seat)


def _steal_card(s: TrialState, thief: int, victim: int) -> None:
    """A random card from the victim's hand (rulings.STOLEN_CARD_IS_RANDOM) joins the thief's."""
    hand = s.hand[victim]
    if not hand:
        return
    card = hand[s.draw(len(hand))] if rulings.STOLEN_CARD_IS_RANDOM else hand[0]
    hand.remove(card)
    s.reveal()
    s.gain_card(thief, card, (1 << thief) | (1 << victim))
    if s.log is not None:
        s.emit("steal", f"{seat_name(thief)} takes a random card from {seat_name(victim)}'s hand", seat=thief)
        s.emit("steal_private", f"You take {s.card_name(card)}", to=thief)
        s.emit("steal_private", f"{seat_name(thief)} takes {s.card_name(card)} from you", to=victim)
