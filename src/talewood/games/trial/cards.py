"""Resolving a card (L215-245, L337, L522): may it be played here and now, choose an option, pay its cost in
full (paying.py), apply its effects in order (effects.py), its test (a fight or a roll, fight.py) and what a
win or a loss does, then add it to a story (story.py).

The chain is a handful of automatic frames pushed at once (OptionBody → Effect … → TestStart →
Outcome → Place → CardDone); a choice inside it is a small decision frame. Deeds, encounter cards and
expedition cards all resolve through it (L522: "just like in their case"); only where a card comes from
(a hand, an encounter slot, an expedition deck) and where it goes differ.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import fight, rulings
from .others import ChooseTarget
from .paying import PAY_NEXT
from .story import PLACE
from .tables import (
    ALL_SEATS,
    PILE_EXPEDITION,
    PLACE_STORY,
    SRC_ENCOUNTER,
    SRC_EXPEDITION,
    SRC_HAND,
    CardInfo,
    OptionInfo,
    Plan,
)
from .vocabulary import Term

if TYPE_CHECKING:
    from .state import TrialState


def option_open(s: TrialState, seat: int, ci: CardInfo, oi: int, playing: int) -> bool:
    """Whether `seat` may resolve option `oi`: its requirement icons hold and some way to pay it exists."""
    r, a, m, tea = s.foods(seat)
    return _options_open(s, seat, (ci.options[oi],), r, a, m, tea, len(s.hand[seat]) - (1 if playing >= 0 else 0))


def open_cards(s: TrialState, seat: int, candidates: Iterable[int], from_hand: bool) -> list[int]:
    """The cards among `candidates` with an option open to `seat` (`from_hand`: each would leave the
    hand to be played), in their order. A card whose requirements cannot hold on the adventurer's
    space (tables.card_where) is not looked at further."""
    t = s.t
    info = t.cards
    always = t.always_open
    where = t.card_where
    here = s.pos[seat]
    r, a, m, tea = s.foods(seat)
    cards = len(s.hand[seat]) - (1 if from_hand else 0)
    out = []
    for card in candidates:
        if always[card]:
            out.append(card)
            continue
        ok_here = where[card]
        if ok_here is not None and not ok_here[here]:
            continue
        if _options_open(s, seat, info[card].options, r, a, m, tea, cards):
            out.append(card)
    return out


def _options_open(s: TrialState, seat: int, options: tuple[OptionInfo, ...], r: int, a: int, m: int, tea: int,
                  cards: int) -> bool:
    """Whether one of `options` is open, given the seat's raspberries, acorns, mushrooms, tea leaves and
    cards left in hand: a plan it can pay (tables.covers, unrolled), then its requirements."""
    for o in options:
        if o.needs_a_card and cards < 1:
            continue
        if not o.free:
            for plan in o.plans:
                R, A, M, T, food, need_cards = plan.food
                if tea >= T and cards >= need_cards and r + a + m + tea >= food and \
                        (R - r if r < R else 0) + (A - a if a < A else 0) + (M - m if m < M else 0) <= tea - T and \
                        (not plan.carried or s.carries(seat, plan.objects, plan.checks[6])):
                    break
            else:
                continue
        for code, arg in o.checks:
            if not s.meets_code(seat, code, arg):
                break
        else:
            if not (o.swap and not rulings.TEA_CAT_GOOD_WITHOUT_A_SWAP
                    and (s.paws_home[seat] == 0 or s.strong_home[seat])):
                return True
    return False


def play_deed(s: TrialState, seat: int, card: int) -> None:
    """Play a card from your hand (L215): it leaves the hand face up and is resolved."""

    s.take_from_hand(seat, card)
    if s.log is not None:
        s.emit("play", f"{seat_name(seat)} plays {s.card_name(card)}", seat=seat, card=card)
    begin_card(s, seat, card, SRC_HAND)


def begin_card(s: TrialState, seat: int, card: int, src: int) -> None:

    ci = s.t.cards[card]
    s.known[card] = ALL_SEATS
    s.r_card = card
    s.r_seat = seat
    s.r_src = src
    s.r_opt = -1
    s.r_place = PLACE_STORY
    s.r_won = -1
    s.r_winner = s.r_loser = s.r_target = -1
    s.r_rerolled = False
    s.r_fame = 0
    s.stack.append(CARD_DONE[seat])
    opts = [i for i in range(len(ci.options)) if option_open(s, seat, ci, i, -1)]
    if len(opts) == 1:
        start_option(s, seat, opts[0])
    else:
        s.stack.append(ChooseOption(seat))


@decision
class ChooseOption(NamedTuple):
    """Choose one of the card's options (L241); a moral choice decides the morality move (L337)."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return f"choose how to resolve {s.card_name(s.r_card)}"

    def legal(self, s: TrialState) -> list[int]:
        ci = s.t.cards[s.r_card]
        base = s.t.ids.option
        return [base + i for i in range(len(ci.options)) if option_open(s, self.seat, ci, i, -1)]

    def label(self, s: TrialState, action: int) -> str:
        ci = s.t.cards[s.r_card]
        return f"{ci.card.name}: {ci.options[action - s.t.ids.option].label}"

    def apply(self, s: TrialState, action: int) -> None:
        start_option(s, self.seat, action - s.t.ids.option)


def start_option(s: TrialState, seat: int, oi: int) -> None:
    s.r_opt = oi
    o = s.t.cards[s.r_card].options[oi]
    if s.log is not None and len(s.t.cards[s.r_card].options) > 1:
        s.emit("option", option_words(seat_name(seat), s.card_name(s.r_card), o.label), seat=seat)
    s.stack.append(OPTION_BODY[seat])
    plans = [i for i, p in enumerate(o.plans) if s.plan_ok(seat, p)]
    if len(plans) > 1:
        s.stack.append(ChoosePlan(seat))
    else:
        set_plan(s, seat, o.plans[plans[0]])


def option_words(who: str, card: str, label: str) -> str:
    """The log's line for a chosen option: "Player 3 resolves Lost Traveller as an evil deed: rob him"."""
    for moral, deed in (("Good: ", "a good deed"), ("Evil: ", "an evil deed")):
        if label.startswith(moral):
            return f"{who} resolves {card} as {deed}: {label.removeprefix(moral)}"
    return f"{who} resolves {card}: {label[:1].lower()}{label[1:]}"


@decision
class ChoosePlan(NamedTuple):
    """Choose which alternative of a "/" cost to pay (L231)."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return f"choose how to pay for {s.card_name(s.r_card)}"

    def plans(self, s: TrialState) -> tuple[Plan, ...]:
        return s.t.cards[s.r_card].options[s.r_opt].plans

    def legal(self, s: TrialState) -> list[int]:
        return [s.t.ids.plan + i for i, p in enumerate(self.plans(s)) if s.plan_ok(self.seat, p)]

    def label(self, s: TrialState, action: int) -> str:
        text = self.plans(s)[action - s.t.ids.plan].label
        return text[:1].upper() + text[1:]

    def apply(self, s: TrialState, action: int) -> None:
        set_plan(s, self.seat, self.plans(s)[action - s.t.ids.plan])


def set_plan(s: TrialState, seat: int, plan: Plan) -> None:
    s.pay = list(plan.units)
    s.stack.append(PAY_NEXT[seat])
    if plan.gives and s.r_target < 0:
        others = s.others_here(seat)
        if len(others) == 1:
            s.r_target = others[0]
        else:
            s.stack.append(ChooseTarget(seat, 0))


def _option(s: TrialState) -> OptionInfo:
    """The option of the card being resolved."""
    return s.t.cards[s.r_card].options[s.r_opt]


def _test(s: TrialState) -> Term | None:
    return _option(s).test


@automatic
class OptionBody(NamedTuple):
    """The cost is paid: effects, then the test, the win or loss, and the story (L219)."""

    seat: int

    def run(self, s: TrialState) -> None:
        o = _option(s)
        seat = self.seat
        s.stack.append(PLACE[seat])
        s.stack.append(OUTCOME[seat])
        s.stack.append(TEST_START[seat])
        if o.effects:
            s.resolve_effects(self.seat, o.effects)


@automatic
class TestStart(NamedTuple):
    """The card's test: a fight (L341-371), a roll, a peek at the deck."""

    seat: int

    def run(self, s: TrialState) -> None:
        test = _test(s)
        if test is None:
            return
        k = test.keyword
        seat = self.seat
        if k == "fight":
            fight.start_card_fight(s, seat, int(test.args[0]), int(test.args[1]))
        elif k == "duel":
            others = s.others_here(seat, str(test.args[0]) == "same_space_evil")
            if s.r_target < 0 or s.r_target not in others:
                if len(others) == 1:
                    s.r_target = others[0]
                else:
                    s.stack.append(fight.DuelStart(seat))
                    s.stack.append(ChooseTarget(seat, 2))
                    return
            fight.start_duel(s, seat, s.r_target)
        elif k == "roll_at_least":
            s.stack.append(fight.RollTest(seat, 0, int(test.args[0])))
        elif k == "roll_star":
            s.stack.append(fight.RollTest(seat, 1, 0))
        elif k == "roll_under_fame":
            s.en_count = 0
            s.stack.append(fight.SwindleDiscard(seat))
        elif k == "peek_no_fight":
            area = s.t.cards[s.r_card].area
            deck = s.xdeck[area]
            if deck:
                s.in_order(PILE_EXPEDITION << area)
                top = deck[-1]
                s.reveal()
                s.r_won = 0 if s.t.cards[top].has_fight else 1
                if s.log is not None:
                    s.emit("peek", f"{seat_name(seat)} reveals {s.card_name(top)} from the top of the deck and "
                                   f"puts it back", seat=seat)
            else:
                s.r_won = 1 if rulings.PEEK_AT_AN_EMPTY_DECK_SUCCEEDS else 0


@automatic
class Outcome(NamedTuple):
    """What a won or lost test does: `win` to the winner, `lose` to the loser (L365)."""

    seat: int

    def run(self, s: TrialState) -> None:
        if s.r_won < 0:
            return
        o = _option(s)
        if s.r_winner >= 0:            # a duel: both resolve the card's effects (L371)
            if o.lose:
                s.resolve_effects(s.r_loser, o.lose)
            if o.win:
                s.resolve_effects(s.r_winner, o.win)
            return
        lst = o.win if s.r_won else o.lose
        if lst:
            s.resolve_effects(self.seat, lst)


@automatic
class CardDone(NamedTuple):
    """The card is resolved: its encounter slot is refilled (L327)."""

    seat: int

    def run(self, s: TrialState) -> None:

        if SRC_ENCOUNTER <= s.r_src < SRC_EXPEDITION:
            slot = s.r_src - SRC_ENCOUNTER
            if s.enc_slots[slot] < 0:
                s.refill_encounter(slot)
        s.r_card = -1
        s.r_opt = -1
        s.r_target = -1
        s.r_winner = s.r_loser = -1


# the frames of every card's resolution, one per seat: frames are immutable, so one instance serves every state
CARD_DONE = tuple(map(CardDone, range(4)))
OPTION_BODY = tuple(map(OptionBody, range(4)))
TEST_START = tuple(map(TestStart, range(4)))
OUTCOME = tuple(map(Outcome, range(4)))
