"""Food tokens (L64, L239): gaining food of your choice — a raspberry, an acorn or a mushroom, or with
"any" a tea leaf too — when the tray still holds one (A-21); exchanging a food token (the ruined grove, L393);
putting food on the help spot (Philanthropist); and the choice of a deed card or a food token that the help
spot (L580) and the universal campsite (L631) both offer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision
from .tables import FOOD_A

if TYPE_CHECKING:
    from .state import TrialState

BASIC = (0, 1, 2)
ALL_FOOD = (0, 1, 2, 3)
CHOSEN = ("basic", "any")         # a food word that asks the gainer to choose (vocabulary.GAINED_FOODS)


def push_gain_choice(s: TrialState, seat: int, n: int, tea: bool = False) -> None:
    """`n` food tokens of `seat`'s choice: a raspberry, an acorn or a mushroom, or with `tea` any kind."""
    if n > 0:
        s.stack.append(GainCheck(seat, n, 1 if tea else 0))


@automatic
class GainCheck(NamedTuple):
    """Ask for a food choice when its turn comes, if the tray still holds a food to choose (A-21)."""

    seat: int
    n: int
    tea: int = 0            # 1: a tea leaf may be chosen too

    def run(self, s: TrialState) -> None:
        if any(s.tray[f] for f in (ALL_FOOD if self.tea else BASIC)):
            s.stack.append(GainFood(self.seat, self.n, self.tea))


@decision
class GainFood(NamedTuple):
    """Choose a raspberry, an acorn or a mushroom to gain (with `tea`, a tea leaf too), `n` times."""

    seat: int
    n: int
    tea: int = 0

    def prompt(self, s: TrialState) -> str:
        return f"choose a food token to gain ({self.n} to go)" if self.n > 1 else "choose a food token to gain"

    def legal(self, s: TrialState) -> list[int]:
        return [s.t.ids.food + f for f in (ALL_FOOD if self.tea else BASIC) if s.tray[f]]

    def label(self, s: TrialState, action: int) -> str:
        return f"Gain {FOOD_A[action - s.t.ids.food]}"

    def apply(self, s: TrialState, action: int) -> None:
        s.gain_food(self.seat, action - s.t.ids.food)
        if self.n > 1:
            push_gain_choice(s, self.seat, self.n - 1, bool(self.tea))


@decision
class Exchange(NamedTuple):
    """A ruined grove (L393): you may exchange 1 of its food for a tea leaf."""

    seat: int
    give: int
    get: int

    def prompt(self, s: TrialState) -> str:
        return f"exchange {FOOD_A[self.give]} for {FOOD_A[self.get]}?"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        out = [ids.decline]
        if s.tray[self.get]:
            out.append(ids.food + self.get)
        return sorted(out)

    def label(self, s: TrialState, action: int) -> str:
        if action == s.t.ids.decline:
            return "Keep your food"
        return f"Exchange {FOOD_A[self.give]} for {FOOD_A[self.get]}"

    def apply(self, s: TrialState, action: int) -> None:
        if action != s.t.ids.decline:
            s.spend_food(self.seat, self.give)
            s.gain_food(self.seat, self.get)


@decision
class HelpFood(NamedTuple):
    """Philanthropist: put basic food from the tray on the help spot, `n` tokens."""

    seat: int
    n: int

    def prompt(self, s: TrialState) -> str:
        return f"choose a food token to put on the help spot ({self.n} to go)"

    def legal(self, s: TrialState) -> list[int]:
        out = [s.t.ids.food + f for f in BASIC if s.tray[f]]
        return out or [s.t.ids.done]

    def label(self, s: TrialState, action: int) -> str:
        if action == s.t.ids.done:
            return "The tray is empty: done"
        return f"Put {FOOD_A[action - s.t.ids.food]} on the help spot"

    def apply(self, s: TrialState, action: int) -> None:
        if action == s.t.ids.done:
            return
        f = action - s.t.ids.food
        s.tray[f] -= 1
        s.help_food[f] += 1
        if self.n > 1:
            s.stack.append(HelpFood(self.seat, self.n - 1))


def deed_or_food_label(s: TrialState, action: int) -> str:
    """The words of a food token taken where a deed card or a food token is offered ("" for the card)."""
    ids = s.t.ids
    if ids.food <= action < ids.food + 4:
        return f"Take {FOOD_A[action - ids.food]}"
    return ""


def take_deed_or_food(s: TrialState, seat: int, action: int) -> None:
    """Draw the deed card, or gain the food token chosen."""
    ids = s.t.ids
    if action == ids.take_card:
        s.draw_deeds(seat, 1)
    else:
        s.gain_food(seat, action - ids.food)
