"""Faith's Bonus cards (rulebook, Virtues: Faith; Bonus Cards): drawn at the start of a turn, used on
the turn they were drawn (Speed, Love, Actions, dice turning) and returned to the deck at its end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import automatic, decision, names_in_words
from .. import rulings
from ..effects import resolve
from ..tables import (
    HERO_BONUS,
)

if TYPE_CHECKING:
    from ..state import TTState


# -- the start of a turn: Faith's Bonus cards -------------------------------------------------------

@automatic
class StartOfTurn(NamedTuple):
    """Draw tier(Faith) Hero Bonus cards (A-14) and use the abilities of the turn's start."""

    seat: int

    def run(self, s: TTState) -> None:
        seat = self.seat
        p = s.profile(seat)
        if "whenever" in p.dos:
            for e in p.effects:
                if e.do == "whenever" and e.event == "start_of_turn":
                    resolve(s, seat, e.then)
        n = s.faith_draws(seat)
        if n <= 0:
            return
        twin = s.passive_sum(seat, "draw_more", deck="hero_bonus")
        drawn = []
        for _ in range(n + twin):
            card = s.draw_card(HERO_BONUS)
            if card < 0:
                break
            drawn.append(card)
        s.bonus_hand.extend(drawn)
        s.bonus_unused.extend(drawn)
        if s.log is not None and drawn:
            s.emit("bonus", f"{s.name(seat)} draws the Bonus {'cards' if len(drawn) > 1 else 'card'} "
                            f"{names_in_words([s.t.hero_bonus[c].name for c in drawn])}")
        if twin and len(drawn) > n:
            s.push(UseDrawn(seat))
            s.push(ReturnBonus(seat))
        else:
            use_drawn(s, seat)


def take_bonus(s: TTState, seat: int, card: int) -> None:
    """A Hero Bonus card drawn during the turn (the Owl Feather)."""
    s.bonus_hand.append(card)
    s.bonus_unused.append(card)
    if s.log is not None:
        s.emit("bonus", f"{s.name(seat)} draws the Bonus card {s.t.hero_bonus[card].name}")
    use_drawn(s, seat)


def use_drawn(s: TTState, seat: int) -> None:
    """A card with one effect can only help this turn: it acts as drawn (with Starry Sky, all effects
    of a card do); a card with a choice waits until the Hero uses it."""
    both = s.has_passive(seat, "bonus_both")
    for card in list(s.bonus_unused):
        b = s.t.hero_bonus[card]
        if (len(b.options) == 1 and rulings.SINGLE_EFFECT_BONUS_USED_AS_DRAWN) or both:
            s.bonus_unused.remove(card)
            for option in reversed(b.options):
                resolve(s, seat, option)


@automatic
class UseDrawn(NamedTuple):
    seat: int

    def run(self, s: TTState) -> None:
        use_drawn(s, self.seat)


@decision
class ReturnBonus(NamedTuple):
    """Twin Lights: return one of the cards drawn, unused."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "return one of the Bonus cards you drew, unused"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.return_bonus + c for c in s.bonus_unused)

    def apply(self, s: TTState, action: int) -> None:
        card = action - s.t.ids.return_bonus
        s.bonus_unused.remove(card)
        s.bonus_hand.remove(card)
        s.deck[HERO_BONUS].append(card)


def bonus_options(s: TTState, seat: int) -> list[int]:
    if seat != s.cur:
        return []
    base = s.t.ids.use_bonus
    return [base + c * 2 + e for c in s.bonus_unused for e in range(len(s.t.hero_bonus[c].options))]


def use_bonus_action(s: TTState, seat: int, action: int) -> None:
    ids = s.t.ids
    card, effect = divmod(action - ids.use_bonus, 2)
    s.bonus_unused.remove(card)
    if s.log is not None:
        s.emit("bonus", f"{s.name(seat)} uses {s.t.hero_bonus[card].name}")
    resolve(s, seat, s.t.hero_bonus[card].options[effect])
