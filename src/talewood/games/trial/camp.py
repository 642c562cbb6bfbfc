"""Camping (L586-633): the campsite's bonus (or the universal campsite's), the tent found there, your own
tent left face down, and all your paw tokens back on your board. Camping ends the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import rulings, words
from .food import BASIC, deed_or_food_label, take_deed_or_food
from .tables import SK_CAMPER, SK_SIZE, UNIVERSAL

if TYPE_CHECKING:
    from .state import TrialState


def spot_of(s: TrialState, seat: int) -> int:
    """The campsite `seat` camps on: its space's, or the universal campsite off campsite spaces (A-25)."""
    camp = s.t.camp_of[s.pos[seat]]
    if camp >= 0 or not rulings.UNIVERSAL_CAMPSITE_OFF_CAMPSITE_SPACES:
        return camp
    return UNIVERSAL


def begin_camp(s: TrialState, seat: int) -> None:
    spot = spot_of(s, seat)
    if s.log is not None:
        where = "at the universal campsite" if spot == UNIVERSAL else f"on the {s.space_name(s.pos[seat])}"
        s.emit("camp", f"{seat_name(seat)} camps {where}", seat=seat)
    s.stack.append(CampEnd(seat))
    s.stack.append(PitchTent(seat, spot))
    if rulings.CAMPSITE_BONUS_BEFORE_TENT:      # the stack runs last in, first out: the bonus, then the tent found
        s.stack.append(TentFound(seat, spot))
    if spot == UNIVERSAL:
        s.stack.append(UniversalCampsite(seat))
    else:
        s.resolve_effects(seat, s.t.camp_bonus[spot])
    if not rulings.CAMPSITE_BONUS_BEFORE_TENT:  # pragma: no cover - the other order of Mark's example
        s.stack.append(TentFound(seat, spot))


@decision
class UniversalCampsite(NamedTuple):
    """The universal campsite (L631): 1 deed card, or any 1 food token but a tea leaf."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "the universal campsite: draw a deed card or take a food token"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        return sorted([ids.take_card, *(ids.food + f for f in BASIC if s.tray[f])])

    def label(self, s: TrialState, action: int) -> str:
        return deed_or_food_label(s, action)

    def apply(self, s: TrialState, action: int) -> None:
        take_deed_or_food(s, self.seat, action)


@automatic
class TentFound(NamedTuple):
    """A tent left here by someone is revealed and its bonus gained (L601-621)."""

    seat: int
    spot: int

    def run(self, s: TrialState) -> None:
        x = s.tent_on[self.spot]
        if x < 0:
            return
        s.tent_on[self.spot] = -1
        s.tent_knower[self.spot] = -1
        s.reveal()
        tent = s.c.tents[x]
        if s.log is not None:
            s.emit("tent", f"{seat_name(self.seat)} reveals the {words.tent(tent.name)} tent token here: {tent.text}",
                   seat=self.seat)
        if s.t.tent_boost[x] >= 0:
            s.tent_kept[self.seat].append(x)      # a non-immediate bonus, used once later (L614)
        else:
            s.tent_used.append(x)
            lst = s.t.tent_list[x]
            if lst:
                s.resolve_effects(self.seat, lst)


@automatic
class PitchTent(NamedTuple):
    """Leave one of your tents face down here (L623): the choice is secret."""

    seat: int
    spot: int

    def run(self, s: TrialState) -> None:
        kinds = sorted(set(s.tents[self.seat]))
        if len(kinds) == 1:
            put_tent(s, self.seat, self.spot, kinds[0])
        elif kinds:
            s.stack.append(ChooseTent(self.seat, self.spot))


def put_tent(s: TrialState, seat: int, spot: int, x: int) -> None:
    s.tents[seat].remove(x)
    s.tent_on[spot] = x
    s.tent_knower[spot] = seat
    if s.log is not None:
        s.emit("pitch", f"{seat_name(seat)} puts up a tent", seat=seat)
        s.emit("pitch_private", f"You put up your {words.tent(s.c.tents[x].name)} tent token", to=seat)


@decision
class ChooseTent(NamedTuple):
    """Which of your tents to put up (secretly)."""

    seat: int
    spot: int

    def prompt(self, s: TrialState) -> str:
        return "choose the tent you put up here (the others will not see it)"

    def legal(self, s: TrialState) -> list[int]:
        return sorted({s.t.ids.tent + x for x in s.tents[self.seat]})

    def apply(self, s: TrialState, action: int) -> None:
        put_tent(s, self.seat, self.spot, action - s.t.ids.tent)


@automatic
class CampEnd(NamedTuple):
    """All your paw tokens come back to your board (L625); the turn ends."""

    seat: int

    def run(self, s: TrialState) -> None:
        seat = self.seat
        s.return_paws(seat)
        s.camped[seat] = True
        s.t_over = 1
        camper = s.sk[seat * SK_SIZE + SK_CAMPER]
        if camper:
            s.draw_deeds(seat, camper)


@decision
class ChooseTentSpot(NamedTuple):
    """Campsite Gift (L686, A-36): a tent from the box goes face down on a campsite without a tent."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "choose the campsite for the tent from the box"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        out = [ids.space + s.t.campsites[k] for k in range(len(s.t.campsites)) if s.tent_on[k] < 0]
        if s.tent_on[UNIVERSAL] < 0:
            out.append(ids.universal)
        return sorted(out)

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if action == ids.universal:
            return "Put it on the universal campsite"
        return f"Put it on the {s.space_name(action - ids.space)}"

    def apply(self, s: TrialState, action: int) -> None:
        ids = s.t.ids
        spot = UNIVERSAL if action == ids.universal else s.t.camp_of[action - ids.space]
        x = s.tent_box.pop(s.draw(len(s.tent_box)))
        s.tent_on[spot] = x
        s.tent_knower[spot] = -1             # placed without looking: nobody knows it
        if s.log is not None:
            s.emit("gift", f"{seat_name(self.seat)} puts a tent from the box on a campsite", seat=self.seat)
