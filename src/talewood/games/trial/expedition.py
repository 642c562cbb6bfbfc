"""Expeditions (L501-576): the expedition action, advancing, finishing and leaving an area.

On an expedition space the only action is a paw token in the area's section (L516-520, L544): draw the
top card of its deck and resolve it entirely (the strong paw and the compass let you discard the first
card and draw another, L550, L761). Cards move you only through `advance` (L532): along lines of the
kind they name, paying Frosty Hill's paid lines (L537-539). Reaching a finishing space places your flag
there, you go to the exit and your turn ends (L562-564). An empty deck gives no card, but 2 food tokens
may pay for an advance (L576).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import rulings
from .cards import begin_card
from .paying import PayNext
from .tables import (
    ALL_SEATS,
    PILE_EXPEDITION,
    SK_CARTOGRAPHER,
    SK_SIZE,
    SRC_EXPEDITION,
    Plan,
)

if TYPE_CHECKING:
    from .state import TrialState


def expedition_action(s: TrialState, seat: int, area: int, strong: bool) -> None:
    t = s.t
    redraws = rulings.REDRAWS_PER_STRONG_PAW if strong else 0
    if any(t.redraw[o] for o in s.backpack[seat]):
        redraws += rulings.REDRAWS_PER_COMPASS
    s.stack.append(ExpeditionDraw(seat, area, redraws))


@automatic
class ExpeditionDraw(NamedTuple):
    """Take the top card of the area's deck (`redraws`: how many first cards may still be discarded)."""

    seat: int
    area: int
    redraws: int

    def run(self, s: TrialState) -> None:
        seat = self.seat
        area = self.area
        deck = s.xdeck[area]
        if not deck:
            if s.log is not None:
                s.emit("empty", f"The deck of {s.t.area_name[area]} is empty: {seat_name(seat)} draws no card")
            if steps(s, seat, "any") and s.plan_ok(seat, s.t.empty_deck_plan):
                s.stack.append(EmptyDeck(seat))
            return

        s.in_order(PILE_EXPEDITION << area, top_only=True)
        card = deck.pop()
        s.xtop[area] = s.xtop[area] and not rulings.PATHFINDER_REVEALS_ONLY_THE_TOP   # the next stays face down
        s.known[card] = ALL_SEATS
        s.reveal()
        if s.log is not None:
            s.emit("expedition", f"{seat_name(seat)} draws {s.card_name(card)}", seat=seat, card=card)
        if self.redraws > 0 and deck:
            s.stack.append(Redraw(seat, area, card, self.redraws))
        else:
            resolve_drawn(s, seat, area, card)


def resolve_drawn(s: TrialState, seat: int, area: int, card: int) -> None:
    begin_card(s, seat, card, SRC_EXPEDITION + area)


@decision
class Redraw(NamedTuple):
    """The strong paw or the compass: resolve the card drawn, or discard it and draw the next one."""

    seat: int
    area: int
    card: int
    redraws: int

    def prompt(self, s: TrialState) -> str:
        return f"resolve {s.card_name(self.card)}, or discard it and draw the next card"

    def legal(self, s: TrialState) -> list[int]:
        return sorted([s.t.ids.redraw, s.t.ids.done])

    def label(self, s: TrialState, action: int) -> str:
        return f"Resolve {s.card_name(self.card)}" if action == s.t.ids.done else ""

    def apply(self, s: TrialState, action: int) -> None:
        if action == s.t.ids.done:
            resolve_drawn(s, self.seat, self.area, self.card)
            return
        s.xdiscard[self.area].append(self.card)
        if s.log is not None:
            s.emit("redraw", f"{seat_name(self.seat)} discards {s.card_name(self.card)} and draws again",
                   seat=self.seat)
        s.stack.append(ExpeditionDraw(self.seat, self.area, self.redraws - 1))


@decision
class EmptyDeck(NamedTuple):
    """The deck is empty (L576): spend any 2 food tokens to advance, or not."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "the expedition deck is empty: you may spend 2 food tokens to advance"

    def legal(self, s: TrialState) -> list[int]:
        return sorted([s.t.ids.pay_empty, s.t.ids.decline])

    def label(self, s: TrialState, action: int) -> str:
        return "Stay where you are" if action == s.t.ids.decline else ""

    def apply(self, s: TrialState, action: int) -> None:
        if action == s.t.ids.decline:
            return
        s.stack.append(AdvanceStart(self.seat, 1, 0))
        s.pay = list(s.t.empty_deck_plan.units)
        s.stack.append(PayNext(self.seat))


LINES = ("any", "dotted", "dashed")


def steps(s: TrialState, seat: int, line: str) -> list[tuple[int, Plan | None]]:
    """The forward lines open from `seat`'s space: of kind `line` (any: every kind), paid ones if payable."""
    out = []
    for to, kind, pay in s.t.forward[s.pos[seat]]:
        if line != "any" and kind != line:
            continue
        if pay is not None and not s.plan_ok(seat, pay):
            continue
        out.append((to, pay))
    return out


def advance(s: TrialState, seat: int, n: int, line: str) -> None:
    """Advance `n` spaces forward (L532), taking every step that is open (rulings.ADVANCE_TAKES_EVERY_STEP)."""
    if n <= 0 or s.t.area_of[s.pos[seat]] < 0:
        return
    open_steps = steps(s, seat, line)
    if len(open_steps) == 1:                    # one way forward: no question
        step_to(s, seat, open_steps[0][0], open_steps[0][1], n, LINES.index(line))
    elif open_steps:
        s.stack.append(AdvanceStep(seat, n, LINES.index(line)))


def step_to(s: TrialState, seat: int, to: int, pay: Plan | None, n: int, line: int) -> None:
    s.stack.append(Arrive(seat, to, n - 1, line))
    if pay is not None:
        s.pay = list(pay.units)
        s.stack.append(PayNext(seat))


@automatic
class AdvanceStart(NamedTuple):
    seat: int
    n: int
    line: int

    def run(self, s: TrialState) -> None:
        advance(s, self.seat, self.n, LINES[self.line])


@decision
class AdvanceStep(NamedTuple):
    """Choose the next space forward (`line`: any, dotted or dashed)."""

    seat: int
    n: int
    line: int

    def prompt(self, s: TrialState) -> str:
        kind = "" if not self.line else f" along a {LINES[self.line]} line"
        return f"advance{kind}: choose the next space ({self.n} step{'s' if self.n > 1 else ''})"

    def legal(self, s: TrialState) -> list[int]:
        return sorted(s.t.ids.step + to for to, _ in steps(s, self.seat, LINES[self.line]))

    def label(self, s: TrialState, action: int) -> str:
        to = action - s.t.ids.step
        pay = next(p for x, p in steps(s, self.seat, LINES[self.line]) if x == to)
        extra = f" (the shorter path: {pay.label})" if pay is not None else ""
        return f"Advance to {s.space_name(to)}{extra}"

    def apply(self, s: TrialState, action: int) -> None:
        to = action - s.t.ids.step
        pay = next(p for x, p in steps(s, self.seat, LINES[self.line]) if x == to)
        step_to(s, self.seat, to, pay, self.n, self.line)


@automatic
class Arrive(NamedTuple):
    """The piece steps onto `space`; a finishing space ends the expedition."""

    seat: int
    space: int
    left: int
    line: int

    def run(self, s: TrialState) -> None:
        seat = self.seat
        s.pos[seat] = self.space
        if s.log is not None:
            s.emit("advance", f"{seat_name(seat)} advances to {s.space_name(self.space)}", seat=seat)
        if s.t.is_finish[self.space]:
            finish(s, seat, self.space)
        elif self.left > 0:
            advance(s, seat, self.left, LINES[self.line])


def finish(s: TrialState, seat: int, space: int) -> None:
    """A finishing space (L562-566): the flag goes there, its reward (the Swamps' resources), the piece
    goes to the exit, the area's discards are shuffled into its deck, and the turn ends."""
    t = s.t
    area = t.area_of[space]
    s.set_flag(seat, area, space)
    s.pos[seat] = t.exit_of_area[area]
    if s.log is not None:
        s.emit("finish", f"{seat_name(seat)} finishes {t.area_name[area]} on {s.space_name(space)} and returns "
                         f"to {t.space_the[s.pos[seat]]}", seat=seat)
    _leave_area(s, area)
    if s.t_acted or not rulings.CARTOGRAPHER_FINISH_STILL_PLACES_A_PAW:
        s.t_over = 1
    else:
        s.t_over = 2
    reward = t.finish_reward[space]
    if reward >= 0:
        s.resolve_effects(seat, reward)


def _leave_area(s: TrialState, area: int) -> None:
    if rulings.EXPEDITION_DISCARDS_SHUFFLED_ON_ANY_EXIT:
        s.reshuffle_expedition(area)


def leave_expedition(s: TrialState, seat: int) -> None:
    """Leave before finishing (L568): at the start of your turn, to the exit space; no flag."""
    t = s.t
    area = t.area_of[s.pos[seat]]
    s.pos[seat] = t.exit_of_area[area]
    if s.log is not None:
        s.emit("leave", f"{seat_name(seat)} leaves {t.area_name[area]} without finishing it", seat=seat)
    _leave_area(s, area)


def landed_on_start(s: TrialState, seat: int, area: int) -> None:
    """A move ends on an expedition's first space (L530); the Cartographer moves on at once (L688)."""
    if s.log is not None:
        s.emit("embark", f"{seat_name(seat)} embarks on an expedition to {s.t.area_name[area]}", seat=seat)
    if s.sk[seat * SK_SIZE + SK_CARTOGRAPHER]:
        advance(s, seat, 1, "any")


# -- Explorer and Scout ----------------------------------------------------------------------------
def _next_up(s: TrialState, space: int) -> int:
    t = s.t
    area = t.area_of[space]
    higher = [x for x in range(t.n_spaces) if t.is_finish[x] and t.area_of[x] == area
              and t.finish_fame[x] > t.finish_fame[space]]
    return min(higher, key=lambda x: (t.finish_fame[x], x)) if higher else -1


def flag_up(s: TrialState, seat: int) -> None:
    """Explorer (L702): move one of your placed flags to the next finishing space worth more fame."""
    areas = [a for a in range(3) if s.flag(seat, a) >= 0 and _next_up(s, s.flag(seat, a)) >= 0]
    if len(areas) == 1:
        _move_flag(s, seat, areas[0])
    elif areas:
        s.stack.append(ChooseFlag(seat, 0))


def _move_flag(s: TrialState, seat: int, area: int) -> None:
    to = _next_up(s, s.flag(seat, area))
    s.set_flag(seat, area, to)
    if s.log is not None:
        s.emit("flag", f"{seat_name(seat)} moves their flag to {s.space_name(to)}", seat=seat)


def scout_targets(s: TrialState, seat: int) -> list[int]:
    """Scout (L732, A-38): the lowest finishing spaces of the areas where `seat` has no flag."""
    t = s.t
    here = t.area_of[s.pos[seat]]
    out = []
    for a in range(3):
        if s.flag(seat, a) >= 0 or (a == here and rulings.SCOUT_NOT_IN_YOUR_OWN_AREA):
            continue
        finishes = [x for x in range(t.n_spaces) if t.is_finish[x] and t.area_of[x] == a]
        low = min(t.finish_fame[x] for x in finishes)
        out += [x for x in finishes if t.finish_fame[x] == low]
    return sorted(out)


def flag_place(s: TrialState, seat: int) -> None:
    if scout_targets(s, seat):
        s.stack.append(ChooseFlag(seat, 1))


@decision
class ChooseFlag(NamedTuple):
    """Explorer: which flag moves up (`scout` 0); Scout: where a new flag goes (`scout` 1)."""

    seat: int
    scout: int

    def prompt(self, s: TrialState) -> str:
        return "choose the finishing space for your flag" if self.scout else "choose the flag to move up"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        if self.scout:
            return [ids.flag + x for x in scout_targets(s, self.seat)]
        return [ids.area + a for a in range(3)
                if s.flag(self.seat, a) >= 0 and _next_up(s, s.flag(self.seat, a)) >= 0]

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if ids.area <= action < ids.area + 3:
            return f"Move your flag in {s.t.area_name[action - ids.area]} up"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        ids = s.t.ids
        if self.scout:
            x = action - ids.flag
            area = s.t.area_of[x]
            s.set_flag(self.seat, area, x)
            if s.log is not None:
                s.emit("flag", f"{seat_name(self.seat)} puts their flag on {s.space_name(x)}", seat=self.seat)
        else:
            _move_flag(s, self.seat, action - ids.area)
