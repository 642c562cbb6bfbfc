"""Enhancements (L294, L357, L387, L441, L479): up to 2 cards discarded from the hand for the symbols of their
enhancement sections — movement for a move, strength in a fight, card-draw symbols at a lookout tower, trading
symbols for the store's bonus — and the one-time symbols kept from tents and cards (L614-621), one more
symbol each. A grove's food symbols are gathered in places.py.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import TrialState

MOVEMENT, TRADING, STRENGTH, CARD_DRAW = 0, 1, 2, 3      # the one-time symbols, in the order of tables.BOOSTS
# how many of each symbol a card's enhancement section shows (tables.CardInfo)
SYMBOLS_OF = (attrgetter("enh_move"), attrgetter("enh_trading"), attrgetter("enh_strength"), attrgetter("enh_draw"))


def enhancements(s: TrialState, seat: int, discarded: int, symbol: int, any_card: bool = False) -> list[int]:
    """The enhancements open to `seat` (action ids): while it has discarded fewer cards than the rule allows, every
    card of its hand that shows `symbol` (`any_card`: every card, as a duel's face-down cards), then a one-time
    `symbol` if it has one."""
    t = s.t
    ids = t.ids
    out = []
    if discarded < t.enhancement_cards:
        info = t.cards
        count = SYMBOLS_OF[symbol]
        out = sorted({ids.card + c for c in s.hand[seat] if any_card or count(info[c])})
    if s.boosts_of(seat, symbol):
        out.append(ids.boost + symbol)
    return out
