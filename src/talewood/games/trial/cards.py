"""Resolving a card (L215-245, L337, L522): choose an option, pay its cost in full, apply its effects in
order, its test (a fight or a roll) and what a win or a loss does, then add it to a story.

The chain is a handful of automatic frames pushed at once (OptionBody → Effect … → TestStart →
Outcome → Place → CardDone); a choice inside it is a small decision frame. Effects are the content's
vocabulary (vocabulary.py), interpreted here term by term; paying is one unit at a time (tables' U_*),
asking only when there is a real choice and never offering one that would leave the rest unpayable.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import fight, rulings, store
from .tables import (
    ALL_SEATS,
    BOOST_INDEX,
    COLUMN_INDEX,
    COLUMN_NAME,
    FOOD_A,
    FOOD_INDEX,
    PILE_DEEDS,
    PILE_EXPEDITION,
    PLACE_DISCARD,
    PLACE_FACE_DOWN,
    PLACE_OF,
    PLACE_STAYS,
    PLACE_STORY,
    SRC_ENCOUNTER,
    SRC_EXPEDITION,
    SRC_HAND,
    TEA,
    U_AMPHIBIAN,
    U_ANY,
    U_CARD,
    U_GALLERY,
    U_GIVE_ANY,
    U_GIVE_CARD,
    U_GIVE_TEA,
    U_ITEM,
    U_PER_OBJECT,
    U_PER_OBJECT_ALL,
    CardInfo,
    OptionInfo,
    Plan,
)
from .vocabulary import Term

if TYPE_CHECKING:
    from .state import TrialState

BASIC = (0, 1, 2)
ALL_FOOD = (0, 1, 2, 3)
CHOSEN = ("basic", "any")         # a food word that asks the gainer to choose (vocabulary.GAINED_FOODS)
WAY = {"good": -1, "evil": 1}      # how a face-up card's morality icon moves the token


# -- options ---------------------------------------------------------------------------------------
def option_open(s: TrialState, seat: int, ci: CardInfo, oi: int, playing: int) -> bool:
    """Whether `seat` may resolve option `oi`: its requirement icons hold and some way to pay it exists."""
    b = seat * 4
    f = s.food
    return _options_open(s, seat, (ci.options[oi],), f[b], f[b + 1], f[b + 2], f[b + 3],
                         len(s.hand[seat]) - (1 if playing >= 0 else 0))


def open_cards(s: TrialState, seat: int, candidates: Iterable[int], from_hand: bool) -> list[int]:
    """The cards among `candidates` with an option open to `seat` (`from_hand`: each would leave the
    hand to be played), in their order. A card whose requirements cannot hold on the adventurer's
    space (tables.card_where) is not looked at further."""
    t = s.t
    info = t.cards
    always = t.always_open
    where = t.card_where
    here = s.pos[seat]
    b = seat * 4
    f = s.food
    r, a, m, tea = f[b], f[b + 1], f[b + 2], f[b + 3]
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


@decision
class ChooseTarget(NamedTuple):
    """Choose the adventurer on your space the card names (give, steal or fight: `why` 0, 1, 2)."""

    seat: int
    why: int

    def prompt(self, s: TrialState) -> str:
        return ("choose who receives your gift", "choose whom to steal from", "choose whom to fight")[self.why]

    def legal(self, s: TrialState) -> list[int]:
        test = _test(s) if self.why == 2 else None
        evil = test is not None and str(test.args[0]) == "same_space_evil"
        return [s.t.ids.seat + o for o in s.others_here(self.seat, evil)]

    def apply(self, s: TrialState, action: int) -> None:
        s.r_target = action - s.t.ids.seat


def _option(s: TrialState):  # type: ignore[no-untyped-def]
    return s.t.cards[s.r_card].options[s.r_opt]


def _test(s: TrialState) -> Term | None:
    test: Term | None = _option(s).test
    return test


# -- paying ----------------------------------------------------------------------------------------
# which of plan_ok's totals (tables.payable_needs) a payment unit below U_ITEM adds to, or -1 none
UNIT_CHECK = (0, 1, 2, 3, 4, 5, 4, 3, 5, 6, -1, 0, 1, 2, 3, -1, -1, -1, -1, -1)


def units_ok(s: TrialState, seat: int, units: list[int]) -> bool:
    """Whether `seat` can still pay every unit of `units` (the same test as plan_ok, from units)."""
    checks = [0, 0, 0, 0, 0, 0, 0]
    items: dict[int, int] | None = None
    for u in units:
        if u >= U_ITEM:
            if items is None:
                items = {}
            items[u - U_ITEM] = items.get(u - U_ITEM, 0) + 1
        else:
            k = UNIT_CHECK[u]
            if k >= 0:
                checks[k] += 1
    return s.payable(seat, checks, tuple(sorted(items.items())) if items else (), card_tea=s.st_card_tea)


def _try(s: TrialState, seat: int, f: int) -> bool:
    """Would the rest of the payment still be payable after spending one food f?"""
    s.food[seat * 4 + f] -= 1
    ok = units_ok(s, seat, s.pay[1:])
    s.food[seat * 4 + f] += 1
    return ok


def _try_card(s: TrialState, seat: int, as_tea: bool) -> bool:
    """…after spending one card from the hand (as tea leaves at a store with the strong paw)?"""
    hand = s.hand[seat]
    card = hand.pop()
    credit = s.st_credit
    if as_tea:
        s.st_credit += s.st_card_tea - 1
    ok = units_ok(s, seat, s.pay[1:])
    s.st_credit = credit
    hand.append(card)
    return ok


def _try_credit(s: TrialState, seat: int) -> bool:
    s.st_credit -= 1
    ok = units_ok(s, seat, s.pay[1:])
    s.st_credit += 1
    return ok


def pay_choices(s: TrialState, seat: int) -> list[int]:
    """The ways to pay the first unit of `s.pay` that keep the rest payable (action ids)."""
    t = s.t
    ids = t.ids
    u = s.pay[0]
    b = seat * 4
    food = s.food
    out: list[int] = []
    if u < 4 or U_GALLERY <= u < U_GALLERY + 4:
        f = u if u < 4 else u - U_GALLERY
        if food[b + f] and _try(s, seat, f):
            out.append(ids.food + f)
        if f != TEA and food[b + TEA] and rulings.TEA_REPLACES_BASIC_FOOD and _try(s, seat, TEA):
            out.append(ids.food + TEA)
    elif u in (U_ANY, U_GIVE_ANY):
        out += [ids.food + f for f in range(4) if food[b + f] and _try(s, seat, f)]
    elif u == U_GIVE_TEA:
        if food[b + TEA]:
            out.append(ids.food + TEA)
    elif u in (U_CARD, U_GIVE_CARD):
        if s.hand[seat] and _try_card(s, seat, False):
            out += sorted({ids.card + c for c in s.hand[seat]})
    elif u == U_AMPHIBIAN:
        out += sorted({ids.drop + o for o in s.backpack[seat] if t.amphibian[o]})
    elif u == U_PER_OBJECT:
        out += [ids.food + f for f in range(4) if food[b + f]]
        out += sorted({ids.card + c for c in s.hand[seat]})
        if rulings.DROP_OBJECTS_WHILE_PAYING_PER_OBJECT:
            out += sorted({ids.drop + o for o in s.backpack[seat]})
    elif u >= U_ITEM:
        out.append(ids.drop + u - U_ITEM)
    if s.st_card_tea and (u < 4 or u == U_ANY):
        # the strong paw at a store: cards from the hand count as tea leaves (L457, L423)
        if s.hand[seat] and _try_card(s, seat, True):
            out += sorted({ids.card + c for c in s.hand[seat]})
        if s.st_credit and _try_credit(s, seat):
            out.append(ids.credit)
    out.sort()
    return out


@automatic
class PayNext(NamedTuple):
    """Pay the next cost unit: at once when there is one way, else ask."""

    seat: int

    def run(self, s: TrialState) -> None:
        seat = self.seat
        while s.pay:
            u = s.pay[0]
            if u == U_PER_OBJECT_ALL:
                s.pay[0:1] = [U_PER_OBJECT] * len(s.backpack[seat])
                continue
            choices = pay_choices(s, seat)
            if len(choices) == 1:
                pay_with(s, seat, choices[0])
                continue
            assert choices, f"nothing can pay {u} ({s.pay})"
            s.stack.append(PAY_NEXT[seat])
            s.stack.append(PayUnit(seat))
            return


@decision
class PayUnit(NamedTuple):
    """Choose what pays the next part of a cost."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        u = s.pay[0]
        if u == U_PER_OBJECT:
            return f"pay 1 resource for each object you carry ({len(s.pay)} to go), or discard objects"
        if u in (U_CARD, U_GIVE_CARD):
            return "choose the card to " + ("give" if u == U_GIVE_CARD else "spend")
        if u == U_AMPHIBIAN:
            return "choose the object with the amphibian symbol to discard"
        return "choose the food token to " + ("give" if u in (U_GIVE_ANY, U_GIVE_TEA) else "spend")

    def legal(self, s: TrialState) -> list[int]:
        return pay_choices(s, self.seat)

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        u = s.pay[0]
        give = u in (U_GIVE_ANY, U_GIVE_TEA, U_GIVE_CARD)
        to = f" to {seat_name(s.r_target)}" if give and s.r_target >= 0 else ""
        if ids.food <= action < ids.food + 4:
            f = action - ids.food
            if u < 4 and f != u:
                return f"Pay with {FOOD_A[f]} instead of {FOOD_A[u]}"
            return f"{'Give' if give else 'Pay with'} {FOOD_A[f]}{to}"
        if ids.card <= action < ids.card + s.t.n_cards:
            name = s.card_name(action - ids.card)
            if give:
                return f"Give {name}{to}"
            if s.st_card_tea and u != U_CARD and u != U_PER_OBJECT:
                return f"Pay with {name} as {s.st_card_tea} tea leaf" + ("ves" if s.st_card_tea > 1 else "")
            return f"Spend {name}"
        if ids.drop <= action < ids.drop + s.t.n_objects:
            o = action - ids.drop
            if u == U_PER_OBJECT:
                return f"Discard the {s.t.object_name[o]} (one object fewer to pay for)"
            return f"Discard the {s.t.object_name[o]}"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        pay_with(s, self.seat, action)


def pay_with(s: TrialState, seat: int, action: int) -> None:
    """Pay the first unit of `s.pay` with `action` (a food, a card, an object, the card credit)."""
    t = s.t
    ids = t.ids
    u = s.pay.pop(0)
    if ids.food <= action < ids.food + 4:
        f = action - ids.food
        if u in (U_GIVE_ANY, U_GIVE_TEA):
            s.food[seat * 4 + f] -= 1
            s.food[s.r_target * 4 + f] += 1
            if s.log is not None:
                s.emit("give", f"{seat_name(seat)} gives {FOOD_A[f]} to {seat_name(s.r_target)}", seat=seat)
        elif U_GALLERY <= u < U_GALLERY + 4:
            s.food[seat * 4 + f] -= 1
            s.gallery_food[f] += 1
            if s.log is not None:
                s.emit("gallery", f"{seat_name(seat)} places {FOOD_A[f]} in the gallery section", seat=seat)
        else:
            s.spend_food(seat, f)
            if s.log is not None:
                s.emit("spend", f"{seat_name(seat)} spends {FOOD_A[f]}", seat=seat)
    elif ids.card <= action < ids.card + t.n_cards:
        card = action - ids.card
        s.take_from_hand(seat, card)
        if u == U_GIVE_CARD:
            s.known[card] |= (1 << seat) | (1 << s.r_target)
            s.hand[s.r_target].append(card)
            if s.log is not None:
                s.emit("give", f"{seat_name(seat)} gives a card to {seat_name(s.r_target)}", seat=seat)
                s.emit("give_private", f"You receive {s.card_name(card)}", to=s.r_target)
        else:
            s.discard_card(card)
            if s.log is not None:
                s.emit("spend", f"{seat_name(seat)} spends {s.card_name(card)}", seat=seat)
            if s.st_card_tea and u != U_CARD and u != U_PER_OBJECT:
                s.st_credit += s.st_card_tea - 1
    elif action == ids.credit:
        s.st_credit -= 1
    else:
        # an item spent, an amphibian object, or (per object) an object dropped: one fewer to pay for
        obj = action - ids.drop
        if s.log is not None:
            s.emit("drop", f"{seat_name(seat)} discards the {t.object_name[obj]}", seat=seat)
        store.discard_object(s, seat, obj)


# -- the body of a card ----------------------------------------------------------------------------
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
            s.stack.append(Effect(self.seat, o.effects, 0))


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
                s.stack.append(Effect(s.r_loser, o.lose, 0))
            if o.win:
                s.stack.append(Effect(s.r_winner, o.win, 0))
            return
        lst = o.win if s.r_won else o.lose
        if lst:
            s.stack.append(Effect(self.seat, lst, 0))


@automatic
class Place(NamedTuple):
    """The card goes into a story (the winner's after a duel), or where its text says (L249, L365)."""

    seat: int

    def run(self, s: TrialState) -> None:

        card = s.r_card
        ci = s.t.cards[card]
        owner = s.r_winner if s.r_winner >= 0 else self.seat
        place = s.r_place
        o = _option(s)
        if s.r_won == 0 and s.r_winner < 0 and o.test is not None and o.test.keyword == "fight" and \
                not any(x.keyword in PLACE_OF for x in s.t.lists[o.lose]):
            place = PLACE_OF[rulings.LOST_FIGHT_DEFAULT[ci.deck]]    # A-03 (every card of the content says it)
        from_slot = SRC_ENCOUNTER <= s.r_src < SRC_EXPEDITION
        if place == PLACE_STAYS:
            if from_slot:
                if s.log is not None:
                    s.emit("stays", f"{ci.card.name} stays on the encounter track")
                return
            place = PLACE_DISCARD      # an encounter played from a hand has no slot to stay in
        if from_slot:
            s.enc_slots[s.r_src - SRC_ENCOUNTER] = -1
        if place == PLACE_DISCARD:
            s.discard_card(card)
            if s.log is not None:
                s.emit("discard", f"{ci.card.name} is discarded", card=card)
            return
        face_up = place != PLACE_FACE_DOWN
        way = 0
        if face_up:
            way = WAY.get(ci.morality, 0)
            if ci.morality == "either":
                way = _option(s).morality
        if ci.column >= 0 and (face_up or rulings.FACE_DOWN_OUTCOME_IN_OWN_COLUMN):
            s.add_story(owner, card, ci.column, face_up, way)
        else:
            s.pend = card
            s.pend_way = way
            s.stack.append(FinishAdd(owner, 1 if face_up else 0))
            s.stack.append(ChooseColumn(owner, _wild_mask()))


def _wild_mask() -> int:
    return sum(1 << COLUMN_INDEX[c] for c in rulings.WILDCARD_COLUMNS)


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


@decision
class ChooseColumn(NamedTuple):
    """Choose the story column for a card (`mask`: the columns allowed)."""

    seat: int
    mask: int

    def prompt(self, s: TrialState) -> str:
        return "choose the column of your story for the card"

    def legal(self, s: TrialState) -> list[int]:
        return [s.t.ids.column + k for k in range(4) if self.mask >> k & 1]

    def label(self, s: TrialState, action: int) -> str:
        return f"Into the {COLUMN_NAME[action - s.t.ids.column]} column"

    def apply(self, s: TrialState, action: int) -> None:
        s.pend_col = action - s.t.ids.column


@automatic
class FinishAdd(NamedTuple):
    """Add the pending card (`s.pend`) to the story in the chosen column, face up or down."""

    seat: int
    face_up: int

    def run(self, s: TrialState) -> None:
        s.add_story(self.seat, s.pend, s.pend_col, bool(self.face_up), s.pend_way)
        s.pend = -1
        s.pend_col = -1
        s.pend_way = 0


# -- effects ---------------------------------------------------------------------------------------
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
            _tuck_from_deck(s, seat)
    elif k == "pick_discard":
        look = 0 if args[0] == "all" else int(args[0])
        if s.discard:
            s.stack.append(PickDiscard(seat, int(args[1]), look))
    elif k == "boost":
        s.boosts[seat * 4 + BOOST_INDEX[str(args[0])]] += int(args[1])
        if s.log is not None:
            s.emit("boost", f"{seat_name(seat)} gains {args[1]} one-time {str(args[0]).replace('_', '-')} "
                            f"symbol{'s' if int(args[1]) > 1 else ''}", seat=seat)
    elif k == "tunnel":
        from .places import tunnel_effect

        tunnel_effect(s, seat, str(args[0]), str(args[1]))
    elif k == "flip_tile":
        from .places import flip_effect

        flip_effect(s, seat, str(args[0]), str(args[1]))
    elif k == "advance":
        from .expedition import advance

        advance(s, seat, int(args[0]), str(args[1]))
    elif k == "reveal_expedition_tops":
        for a in range(3):
            if s.xdeck[a]:
                s.xtop[a] = True
        s.reveal()
        if s.log is not None:
            s.emit("reveal", f"{seat_name(seat)} reveals the top card of each expedition deck", seat=seat)
    elif k == "flag_up":
        from .expedition import flag_up

        flag_up(s, seat)
    elif k == "flag_place":
        from .expedition import flag_place

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
        _steal(s, seat, str(args[0]))
    elif k == "tent_from_box":
        if s.tent_box and any(x < 0 for x in s.tent_on):
            from .camp import ChooseTentSpot

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
        if s.food[seat * 4 + give]:
            s.stack.append(Exchange(seat, give, FOOD_INDEX[str(args[1])]))
    else:  # pragma: no cover - store, ruins and cards_as_tea are read by places.py
        raise AssertionError(f"the effect {term} is not interpreted here")


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
class ChooseWay(NamedTuple):
    """Move your morality token `n` spots to the left or to the right."""

    seat: int
    n: int

    def prompt(self, s: TrialState) -> str:
        return "move your morality token to the left (good) or to the right (evil)"

    def legal(self, s: TrialState) -> list[int]:
        return [s.t.ids.left, s.t.ids.right]

    def apply(self, s: TrialState, action: int) -> None:
        for _ in range(self.n):
            s.move_morality(self.seat, -1 if action == s.t.ids.left else 1)


@decision
class ChooseWayPending(NamedTuple):
    """The way the morality token moves for the card being added face up (either icon, Lookout)."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return f"{s.card_name(s.pend)}: move your morality token to the left or to the right"

    def legal(self, s: TrialState) -> list[int]:
        return [s.t.ids.left, s.t.ids.right]

    def apply(self, s: TrialState, action: int) -> None:
        s.pend_way = -1 if action == s.t.ids.left else 1


def add_face_up_unresolved(s: TrialState, seat: int, card: int, from_deck: bool) -> None:
    """Add a card face up without resolving its effect (Lookout, the Elixir, L718, L750): good and evil
    icons move the token as printed, an either icon (Lookout: an evil one) lets the player choose."""
    ci = s.t.cards[card]
    s.pend = card
    s.pend_col = ci.column
    s.pend_way = WAY.get(ci.morality, 0)
    s.stack.append(FinishAdd(seat, 1))
    if ci.column < 0:
        s.stack.append(ChooseColumn(seat, _wild_mask()))
    if ci.morality == "either" or (ci.morality == "evil" and from_deck and rulings.LOOKOUT_CHOOSES_FOR_EVIL):
        s.stack.append(ChooseWayPending(seat))


def _tuck_from_deck(s: TrialState, seat: int) -> None:
    if not s.deck and s.discard and rulings.RESHUFFLE_DEED_DISCARDS:
        s.deck = s.discard
        s.discard = []
        s.shuffle(s.deck)
    if not s.deck:
        return
    s.in_order(PILE_DEEDS, top_only=True)
    card = s.deck.pop()
    s.reveal()
    s.known[card] = ALL_SEATS
    if s.log is not None:
        s.emit("lookout", f"{seat_name(seat)} draws {s.card_name(card)} and adds it face up without resolving it",
               seat=seat)
    add_face_up_unresolved(s, seat, card, True)


@decision
class FaceUpFromHand(NamedTuple):
    """Choose a card from your hand to add face up without resolving it (the Elixir, `elixir` 1)."""

    seat: int
    elixir: int

    def prompt(self, s: TrialState) -> str:
        return "choose a card from your hand to add face up to your story (its effect is not resolved)"

    def legal(self, s: TrialState) -> list[int]:
        return sorted({s.t.ids.card + c for c in s.hand[self.seat]})

    def label(self, s: TrialState, action: int) -> str:
        return f"Add {s.card_name(action - s.t.ids.card)} face up"

    def apply(self, s: TrialState, action: int) -> None:
        card = action - s.t.ids.card
        s.take_from_hand(self.seat, card)

        s.known[card] = ALL_SEATS
        if s.log is not None:
            s.emit("faceup", f"{seat_name(self.seat)} adds {s.card_name(card)} from their hand face up",
                   seat=self.seat)
        add_face_up_unresolved(s, self.seat, card, False)


def use_elixir(s: TrialState, seat: int) -> None:
    """The Elixir (L767): discard it to the box and add any card from your hand face up."""
    t = s.t
    if not rulings.ELIXIR_IS_NOT_A_DEED_PLAY:
        s.t_deed = True               # pragma: no cover - the other reading: it is the turn's deed
    obj = next(o for o in s.backpack[seat] if t.elixir[o])
    s.backpack[seat].remove(obj)
    s.artifact_box.append(obj - t.n_items)
    if s.log is not None:
        s.emit("elixir", f"{seat_name(seat)} uses the {t.object_name[obj]}", seat=seat)
    s.stack.append(FaceUpFromHand(seat, 1))


@decision
class TuckColumn(NamedTuple):
    """Add a card from your hand face down to any column (L278): first the column, or no card."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "you may add a card from your hand face down to your story: choose the column"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        return [*(ids.column + k for k in range(4)), ids.decline]

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if action == ids.decline:
            return "Add no card"
        return f"Add a card face down to the {COLUMN_NAME[action - ids.column]} column"

    def apply(self, s: TrialState, action: int) -> None:
        if action != s.t.ids.decline:
            s.stack.append(TuckCard(self.seat, action - s.t.ids.column))


@decision
class TuckCard(NamedTuple):
    """…then the card from your hand that goes face down into that column."""

    seat: int
    column: int

    def prompt(self, s: TrialState) -> str:
        return f"choose the card to add face down to the {COLUMN_NAME[self.column]} column"

    def legal(self, s: TrialState) -> list[int]:
        return sorted({s.t.ids.card + c for c in s.hand[self.seat]})

    def label(self, s: TrialState, action: int) -> str:
        return f"Add {s.card_name(action - s.t.ids.card)} face down"

    def apply(self, s: TrialState, action: int) -> None:
        card = action - s.t.ids.card
        s.take_from_hand(self.seat, card)
        s.add_story(self.seat, card, self.column, False)


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
class TakeStoreItem(NamedTuple):
    """Take an item of your choice from the store, free (`rare` 0: a common one)."""

    seat: int
    rare: int

    def prompt(self, s: TrialState) -> str:
        return f"take a {'rare' if self.rare else 'common'} item of your choice from the store"

    def legal(self, s: TrialState) -> list[int]:
        t = s.t
        kinds = {k for k in s.store_kind if k >= 0 and t.rare[k] == bool(self.rare)}
        if rulings.SWAPPED_ITEM_DIFFERS and s.r_traded >= 0:
            kinds.discard(s.r_traded)
        return [*sorted(t.ids.take_item + k for k in kinds), t.ids.decline]

    def label(self, s: TrialState, action: int) -> str:
        return "Take no item" if action == s.t.ids.decline else ""

    def apply(self, s: TrialState, action: int) -> None:
        if action != s.t.ids.decline:
            gain_object(s, self.seat, action - s.t.ids.take_item)


def gain_object(s: TrialState, seat: int, obj: int) -> None:
    """An item from the store or an artifact from its slot goes into the backpack, if it fits (L162);
    if not, the player may first discard objects (A-30) or leave it."""
    if s.fits(seat, obj):
        _take_object(s, seat, obj)
    elif rulings.DROP_OBJECTS_WHEN_FULL:
        s.stack.append(MakeRoom(seat, obj))


def _take_object(s: TrialState, seat: int, obj: int) -> None:
    t = s.t
    if obj < t.n_items:
        s.store_take(obj)
    else:
        s.artifact_home[obj - t.n_items] = False
    s.backpack[seat].append(obj)
    if s.log is not None:
        s.emit("object", f"{seat_name(seat)} takes the {t.object_name[obj]}", seat=seat)


@decision
class MakeRoom(NamedTuple):
    """The new object does not fit: discard objects to make room, or leave it."""

    seat: int
    obj: int

    def prompt(self, s: TrialState) -> str:
        return f"the {s.t.object_name[self.obj]} does not fit in your backpack: discard objects, or leave it"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        return [*sorted({ids.drop + o for o in s.backpack[self.seat]}), ids.decline]

    def label(self, s: TrialState, action: int) -> str:
        return f"Leave the {s.t.object_name[self.obj]}" if action == s.t.ids.decline else ""

    def apply(self, s: TrialState, action: int) -> None:
        if action == s.t.ids.decline:
            return
        drop_object(s, self.seat, action - s.t.ids.drop)
        gain_object(s, self.seat, self.obj)


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
        store.discard_object(s, self.seat, kind)       # its slot is chosen first


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
        b = self.seat * 4
        if self.deal == 0:
            return [*(ids.food + f for f in range(4) if s.food[b + f]), ids.decline]
        if self.deal in (1, 2):
            return sorted([ids.left if self.deal == 1 else ids.right, ids.decline])
        out = [ids.food + f for f in range(4) if s.food[b + f]]
        if s.hand[self.seat]:
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
            s.food[me * 4 + f] -= 1
            s.food[self.player * 4 + f] += 1
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


def _steal(s: TrialState, seat: int, what: str) -> None:
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
        return [s.t.ids.food + f for f in range(4) if s.food[self.victim * 4 + f]]

    def label(self, s: TrialState, action: int) -> str:
        return f"Take {FOOD_A[action - s.t.ids.food]} from {seat_name(self.victim)}"

    def apply(self, s: TrialState, action: int) -> None:
        f = action - s.t.ids.food
        s.food[self.victim * 4 + f] -= 1
        s.food[self.seat * 4 + f] += 1
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



def drop_object(s: TrialState, seat: int, obj: int) -> None:
    """Get rid of an object (L164): an item back to the store, an artifact to the box. Pushes the choice of
    the store slot, if any: the caller pushes what comes next first."""
    if s.log is not None:
        where = "the store" if obj < s.t.n_items else "the box"
        s.emit("drop", f"{seat_name(seat)} puts the {s.t.object_name[obj]} back in {where}", seat=seat)
    store.discard_object(s, seat, obj)


# the frames of every card's resolution, one per seat: frames are immutable, so one instance serves every state
CARD_DONE = tuple(map(CardDone, range(4)))
OPTION_BODY = tuple(map(OptionBody, range(4)))
TEST_START = tuple(map(TestStart, range(4)))
OUTCOME = tuple(map(Outcome, range(4)))
PLACE = tuple(map(Place, range(4)))
PAY_NEXT = tuple(map(PayNext, range(4)))
