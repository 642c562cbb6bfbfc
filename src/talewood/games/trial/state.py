"""The Trial of the Forest's state: its fields (fields.py) and the rules' accessors (holdings.py,
position.py), with the flow of days and turns, a hand-written clone, a re-dealt world and the view.

A game is 4 days (L203). Each day every adventurer takes turns in order from the day's first player,
placing one paw token a turn; once out of paw tokens they camp (days 1-3), and when everyone has
camped a new day begins with the first player token's holder (L637-641). A turn is the Turn menu of
turn.py (play a deed, move, place a paw token or camp, in any order); what a paw token or a card sets
off is a chain of small frames (cards.py, fight.py, places.py, store.py, expedition.py, camp.py), whose
effects reach effects.py through `resolve_effects`.
"""

from __future__ import annotations

from typing import Any, final

from ...engine import Rng
from .effects import Effect
from .hidden import determinize
from .position import Position
from .turn import advance as _turn_advance
from .view import build_view


@final
class TrialState(Position):
    __slots__ = ()

    # -- people's words ----------------------------------------------------------------------
    def describe(self, action: int) -> str:
        if self.stack and not self.over:
            label = getattr(self.stack[-1], "label", None)
            if label is not None:
                text: str | None = label(self, action)
                if text:
                    return text
        return self.game.action_space.spec(action).label

    # -- the flow of the game ----------------------------------------------------------------
    def advance(self) -> None:
        """The stack is empty: the next turn, a new day, or the end."""
        _turn_advance(self)

    def resolve_effects(self, seat: int, lst: int) -> None:
        """Apply the effect terms of term list `lst` (tables' lists) for `seat`, in order (effects.py): the frames
        of every rule reach the effects' interpreter through the state, as the stack reaches the turn's."""
        self.stack.append(Effect(seat, lst, 0))

    # -- information -------------------------------------------------------------------------------
    def turn_order(self) -> list[int]:
        return self.order_from(self.opener, True)

    def clone(self) -> TrialState:
        o = TrialState.__new__(TrialState)
        self._copy_base(o)
        o.t = self.t
        o.c = self.c
        o.phase = self.phase
        o.day = self.day
        o.cur = self.cur
        o.day_first = self.day_first
        o.first = self.first
        o.opener = self.opener
        o.camped = self.camped.copy()
        o.pos = self.pos.copy()
        o.food = self.food.copy()
        o.tray = self.tray.copy()
        o.help_food = self.help_food.copy()
        o.gallery_food = self.gallery_food.copy()
        o.hand = [x.copy() for x in self.hand]
        o.aside = [x.copy() for x in self.aside]
        o.known = self.known.copy()
        o.story = [x.copy() for x in self.story]
        o.sk = self.sk.copy()
        o.backpack = [x.copy() for x in self.backpack]
        o.gallery = [x.copy() for x in self.gallery]
        o.artifact_home = self.artifact_home.copy()
        o.artifact_box = self.artifact_box.copy()
        o.store_kind = self.store_kind.copy()
        o.store_n = self.store_n.copy()
        o.ruins = [x.copy() for x in self.ruins]
        o.ruins_seen = self.ruins_seen.copy()
        o.tile_at = self.tile_at.copy()
        o.tile_side = self.tile_side.copy()
        o.tile_known = self.tile_known.copy()
        o.deck = self.deck.copy()
        o.discard = self.discard.copy()
        o.enc_deck = self.enc_deck.copy()
        o.enc_slots = self.enc_slots.copy()
        o.xdeck = [x.copy() for x in self.xdeck]
        o.xdiscard = [x.copy() for x in self.xdiscard]
        o.xtop = self.xtop.copy()
        o.unordered = self.unordered
        o.paws_home = self.paws_home.copy()
        o.strong_home = self.strong_home.copy()
        o.placed = [x.copy() for x in self.placed]
        o.strong_at = self.strong_at.copy()
        o.tents = [x.copy() for x in self.tents]
        o.tent_on = self.tent_on.copy()
        o.tent_knower = self.tent_knower.copy()
        o.tent_box = self.tent_box.copy()
        o.tent_used = self.tent_used.copy()
        o.tent_kept = [x.copy() for x in self.tent_kept]
        o.boosts = self.boosts.copy()
        o.morality = self.morality.copy()
        o.flags = self.flags.copy()
        o.legendary = self.legendary.copy()
        o.tun_space = self.tun_space.copy()
        o.tun_up = self.tun_up.copy()
        o.t_deed = self.t_deed
        o.t_moved = self.t_moved
        o.t_acted = self.t_acted
        o.t_started = self.t_started
        o.t_over = self.t_over
        o.t_camp = self.t_camp
        o.mv_extra = self.mv_extra
        o.mv_discards = self.mv_discards
        o.r_card = self.r_card
        o.r_seat = self.r_seat
        o.r_src = self.r_src
        o.r_opt = self.r_opt
        o.r_place = self.r_place
        o.r_won = self.r_won
        o.r_winner = self.r_winner
        o.r_loser = self.r_loser
        o.r_target = self.r_target
        o.r_rerolled = self.r_rerolled
        o.r_fame = self.r_fame
        o.r_traded = self.r_traded
        o.pay = self.pay.copy()
        o.f_att = self.f_att
        o.f_def = self.f_def
        o.f_pts = self.f_pts.copy()
        o.f_cards = [x.copy() for x in self.f_cards]
        o.f_weapon = self.f_weapon.copy()
        o.f_bow = self.f_bow
        o.f_played = self.f_played.copy()
        o.f_dice = self.f_dice.copy()
        o.st_bought = self.st_bought
        o.st_sold = self.st_sold
        o.st_card_tea = self.st_card_tea
        o.st_credit = self.st_credit
        o.st_enh = self.st_enh
        o.st_extra = self.st_extra
        o.st_used = self.st_used
        o.rv_loc = self.rv_loc
        o.rv_free = self.rv_free
        o.en_count = self.en_count
        o.en_extra = self.en_extra
        o.turns = self.turns
        o.pend = self.pend
        o.pend_way = self.pend_way
        o.pend_col = self.pend_col
        return o

    def determinize(self, seat: int, rng: Rng) -> TrialState:
        return determinize(self, seat, rng)

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)


__all__ = ["TrialState"]
