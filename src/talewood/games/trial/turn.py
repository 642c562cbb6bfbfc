"""A turn of The Trial of the Forest (L205-213): play a deed, move, place a paw token or camp, in any order.

The Turn menu offers what is still open; each choice pushes its own small frames and the menu comes
back (AfterAction) until the paw token or tent is placed and the player ends the turn. EndTurn then
adds the set-aside cards to the hand and asks for discards down to 7 (L213). `advance` opens the next
turn, the next day (the first player may refresh the encounters) or the end of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import camp, cards, expedition, places, rulings
from .actions import PAW_EXPEDITION, PAW_HELP, PAW_LOCATION
from .enhance import MOVEMENT, enhancements
from .objects import drop_object
from .scoring import end_game
from .story import use_elixir
from .tables import (
    BOOST_NAME,
    ENCOUNTER_SECTION,
    EXPEDITION_SECTION,
    HELP_SPOT,
    NEW_DAY,
    PLAYING,
    SETUP,
    SRC_ENCOUNTER,
)

if TYPE_CHECKING:
    from .state import TrialState


# -- the flow of days ------------------------------------------------------------------------------
def advance(s: TrialState) -> None:

    if s.phase == SETUP:                  # every piece stands on a start: day 1 begins
        s.phase = PLAYING
        s.day = 1
        s.day_first = s.first
        if s.log is not None:
            s.emit("day", f"Day 1 begins; {seat_name(s.first)} holds the first player token")
        begin_turn(s, s.first)
        return
    if s.phase == NEW_DAY:
        s.phase = PLAYING
        begin_turn(s, s.day_first)
        return
    if all(s.camped):
        new_day(s)
        return
    seat = (s.cur + 1) % s.players
    if not rulings.CAMPING_LAP_KEEPS_ORDER and s.paws_left(seat) == 0 and not s.camped[s.first]:
        seat = s.first                # pragma: no cover - the other reading: the new holder camps next
    if s.paws_left(seat) == 0 and s.day >= s.t.days and rulings.LAST_DAY_WITHOUT_CAMPING:
        end_game(s)
        return
    begin_turn(s, seat)


def new_day(s: TrialState) -> None:
    """Everyone camped (L637): the holder of the first player token may refresh the encounter track,
    then starts the new day."""

    s.day += 1
    s.camped = [False] * s.players
    s.day_first = s.first
    s.phase = NEW_DAY
    if s.log is not None:
        s.emit("day", f"Day {s.day} begins; {seat_name(s.first)} holds the first player token")
    if any(c >= 0 for c in s.enc_slots):
        s.stack.append(EncounterRefresh(s.first))


def begin_turn(s: TrialState, seat: int) -> None:
    s.cur = seat
    s.turns += 1
    s.t_deed = s.t_moved = s.t_acted = s.t_started = False
    s.t_over = 0
    s.rv_loc = -1
    s.t_camp = s.paws_left(seat) == 0
    if s.log is not None:
        what = "camps tonight" if s.t_camp else "takes a turn"
        s.emit("turn", f"{seat_name(seat)} {what} (day {s.day})", seat=seat)
    s.stack.append(END_TURN[seat])
    s.stack.append(TURN[seat])


@decision
class ChooseStart(NamedTuple):
    """Setup (L191): place your piece on one of the 4 starting spaces (they may be shared)."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "place your adventurer on a starting space"

    def legal(self, s: TrialState) -> list[int]:
        return list(range(s.t.ids.start, s.t.ids.start + len(s.t.starts)))

    def apply(self, s: TrialState, action: int) -> None:
        s.pos[self.seat] = s.t.starts[action - s.t.ids.start]
        if s.log is not None:
            s.emit("start", f"{seat_name(self.seat)} starts on the {s.space_name(s.pos[self.seat])}", seat=self.seat)


@decision
class EncounterRefresh(NamedTuple):
    """A new day (L637): discard the face-up encounter cards to the bottom of the deck and reveal 3 new ones?"""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "a new day: replace the face-up encounter cards, or keep them"

    def legal(self, s: TrialState) -> list[int]:
        return [s.t.ids.refresh, s.t.ids.keep]

    def apply(self, s: TrialState, action: int) -> None:
        if action != s.t.ids.refresh:
            return
        cards = [c for c in s.enc_slots if c >= 0]
        s.shuffle(cards)                  # put randomly at the bottom (L639)
        s.enc_deck[0:0] = cards
        if s.log is not None:
            s.emit("refresh", f"{seat_name(self.seat)} replaces the face-up encounter cards")
        for k in range(len(s.enc_slots)):
            s.refill_encounter(k)


# -- the turn menu ---------------------------------------------------------------------------------
def elixir_usable(s: TrialState, seat: int) -> bool:
    pack = s.backpack[seat]
    if not pack:
        return False
    elixir = s.t.elixir
    if s.t_deed and not rulings.ELIXIR_IS_NOT_A_DEED_PLAY:
        return False
    return bool(s.hand[seat]) and any(elixir[o] for o in pack)


@decision
class Turn(NamedTuple):
    """Your turn's menu: a deed, a move, your paw token (or tent), in any order (L205-211)."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        parts = []
        if not s.t_acted:
            parts.append("put up your tent" if s.t_camp else "place a paw token")
        free = s.t_over != 2          # an expedition finished: only the paw token is left
        if free and not s.t_deed and not s.on_expedition(self.seat):
            parts.append("play a deed")
        if free and not s.t_moved and not s.on_expedition(self.seat):
            parts.append("move")
        if s.t_acted:
            parts.append("end your turn")
        return "your turn: " + ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1]

    def legal(self, s: TrialState) -> list[int]:
        seat = self.seat
        t = s.t
        ids = t.ids
        out: list[int] = []
        pos = s.pos[seat]
        area = t.area_of[pos]
        paw_home = s.paws_home[seat] > 0
        strong_home = s.strong_home[seat]
        if area >= 0:
            if not s.t_started or not rulings.LEAVE_EXPEDITION_ONLY_AT_TURN_START:
                out.append(ids.leave)
            if not s.t_acted:
                if s.t_camp:
                    out.append(ids.camp)
                else:
                    base = ids.paw + PAW_EXPEDITION * 2
                    if paw_home:
                        out.append(base)
                    if strong_home:
                        out.append(base + 1)
        else:
            # after an expedition is finished only the paw token is left to place (L564, A-26)
            over = s.t_over == 2
            if not s.t_deed and not over:
                hand = s.hand[seat]
                if hand:
                    play = ids.play
                    for card in cards.open_cards(s, seat, sorted(hand), True):     # every card is unique
                        out.append(play + card)
            if not s.t_moved and not over:
                out.append(ids.move)
            if not s.t_acted:
                if s.t_camp:
                    out.append(ids.camp)
                else:
                    paw = ids.paw
                    strong_anywhere = strong_home and rulings.STRONG_PAW_ALLOWED_WITHOUT_BENEFIT
                    loc = t.loc_of[pos]
                    if loc >= 0 and loc not in s.placed[seat]:
                        if paw_home:
                            out.append(paw + PAW_LOCATION * 2)
                        if strong_home:
                            out.append(paw + PAW_LOCATION * 2 + 1)
                    if rulings.ENCOUNTER_SECTION_UNLIMITED or ENCOUNTER_SECTION not in s.placed[seat]:
                        slots = s.enc_slots
                        if rulings.ENCOUNTER_NEEDS_A_PAYABLE_OPTION:
                            shown = cards.open_cards(s, seat, [c for c in slots if c >= 0], False)
                        else:  # pragma: no cover - the alternative reading
                            shown = [c for c in slots if c >= 0]
                        for card in shown:
                            k = slots.index(card) + 1
                            if paw_home:
                                out.append(paw + k * 2)
                            if strong_anywhere:
                                out.append(paw + k * 2 + 1)
                    if paw_home:
                        out.append(paw + PAW_HELP * 2)
                    if strong_anywhere:
                        out.append(paw + PAW_HELP * 2 + 1)
        if s.backpack[seat]:
            if elixir_usable(s, seat):
                out.append(ids.elixir)
            if rulings.DROP_OBJECTS_FROM_TURN_MENU:
                drop = ids.drop
                for o in sorted(set(s.backpack[seat])):
                    out.append(drop + o)
        if s.t_acted:
            out.append(ids.end_turn)
        out.sort()
        return out

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if ids.paw <= action < ids.paw + 12:
            target, strong = divmod(action - ids.paw, 2)
            paw = "your strong paw token" if strong else "a paw token"
            if target == PAW_LOCATION:
                loc = s.location_here(self.seat)
                side = s.side_of(loc)
                return f"Place {paw} on the {s.space_name(s.pos[self.seat])} ({side.name})"
            if target == PAW_HELP:
                return f"Place {paw} on the help spot"
            if target == PAW_EXPEDITION:
                area = s.t.area_of[s.pos[self.seat]]
                return f"Place {paw} in the expedition section of {s.t.area_name[area]}"
            card = s.enc_slots[target - 1]
            return f"Place {paw} under the encounter card {s.card_name(card)}"
        if action == ids.camp:
            camp = s.t.camp_of[s.pos[self.seat]]
            return f"Camp on the {s.space_name(s.pos[self.seat])}" if camp >= 0 else "Camp at the universal campsite"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        seat = self.seat
        t = s.t
        ids = t.ids
        if ids.drop <= action < ids.drop + t.n_objects:
            s.stack.append(TURN[seat])
            drop_object(s, seat, action - ids.drop)
            return
        if action == ids.end_turn:
            return
        s.stack.append(AFTER_ACTION[seat])
        if action == ids.leave:
            s.t_started = True
            expedition.leave_expedition(s, seat)
            return
        s.t_started = True
        if action == ids.move:
            s.mv_extra = 0
            s.mv_discards = 0
            s.stack.append(MOVE[seat])
        elif ids.play <= action < ids.play + t.n_hand_cards:
            s.t_deed = True
            cards.play_deed(s, seat, action - ids.play)
        elif action == ids.elixir:
            use_elixir(s, seat)
        elif action == ids.camp:
            s.t_acted = True
            camp.begin_camp(s, seat)
        else:
            target, strong = divmod(action - ids.paw, 2)
            place_paw(s, seat, target, bool(strong))



def place_paw(s: TrialState, seat: int, target: int, strong: bool) -> None:
    """Use a paw token (L310-321): a location, an encounter, the help spot or the expedition section."""
    t = s.t
    s.t_acted = True
    pos = s.pos[seat]
    if target == PAW_LOCATION:
        place = t.loc_of[pos]
    elif target == PAW_HELP:
        place = HELP_SPOT
    elif target == PAW_EXPEDITION:
        place = EXPEDITION_SECTION + t.area_of[pos]
    else:
        place = ENCOUNTER_SECTION
    s.place_paw(seat, place, strong)
    if s.log is not None:
        paw = "strong paw token" if strong else "paw token"
        where = {HELP_SPOT: "on the help spot", ENCOUNTER_SECTION: "in the encounter section"}.get(
            place, "in the expedition section" if place >= EXPEDITION_SECTION else f"on the {s.space_name(pos)}")
        s.emit("paw", f"{seat_name(seat)} places their {paw} {where}", seat=seat)
    if target == PAW_LOCATION:
        places.use_location(s, seat, place, strong)
    elif target == PAW_HELP:
        s.stack.append(places.HelpSpot(seat))
    elif target == PAW_EXPEDITION:
        expedition.expedition_action(s, seat, t.area_of[pos], strong)
    else:
        cards.begin_card(s, seat, s.enc_slots[target - 1], SRC_ENCOUNTER + target - 1)


@automatic
class AfterAction(NamedTuple):
    """Back to the turn menu after an action, unless the turn is over."""

    seat: int

    def run(self, s: TrialState) -> None:
        if s.t_over == 1 or (s.t_over == 2 and s.t_acted):
            return
        if s.t_acted and s.t_camp:
            return                    # camping ends the turn (L625)
        seat = self.seat
        if s.t_acted and (s.on_expedition(seat) or (s.t_deed and s.t_moved)) and not elixir_usable(s, seat):
            return                    # nothing is left to do but end the turn
        s.stack.append(TURN[seat])


@automatic
class EndTurn(NamedTuple):
    """The end of a turn: the set-aside cards join the hand, then discard down to the limit (L213)."""

    seat: int

    def run(self, s: TrialState) -> None:
        seat = self.seat
        if s.aside[seat]:
            s.hand[seat].extend(s.aside[seat])
            s.aside[seat] = []
        if not rulings.CARD_BOOSTS_KEPT_UNTIL_USED:
            s.clear_boosts(seat)
        if len(s.hand[seat]) > s.t.hand_limit:
            s.stack.append(DiscardDown(seat))


@decision
class DiscardDown(NamedTuple):
    """Discard down to the hand limit of 7 (L213)."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        extra = len(s.hand[self.seat]) - s.t.hand_limit
        return f"discard down to {s.t.hand_limit} cards ({extra} more)"

    def legal(self, s: TrialState) -> list[int]:
        base = s.t.ids.card
        return sorted({base + c for c in s.hand[self.seat]})

    def label(self, s: TrialState, action: int) -> str:
        return f"Discard {s.card_name(action - s.t.ids.card)}"

    def apply(self, s: TrialState, action: int) -> None:
        card = action - s.t.ids.card
        s.take_from_hand(self.seat, card)
        s.discard_card(card)
        if s.log is not None:
            s.emit("discard", f"{seat_name(self.seat)} discards {s.card_name(card)} (hand limit)", seat=self.seat)
        if len(s.hand[self.seat]) > s.t.hand_limit:
            s.stack.append(DiscardDown(self.seat))


# -- movement --------------------------------------------------------------------------------------
@decision
class Move(NamedTuple):
    """A move (L292-296): up to your movement symbols along the lines; discard up to 2 cards with movement
    symbols, or use one-time symbols, to go further. One move a turn, never split."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        total = s.movement(self.seat) + s.mv_extra
        return f"move up to {total} space{'s' if total != 1 else ''}"

    def legal(self, s: TrialState) -> list[int]:
        seat = self.seat
        t = s.t
        ids = t.ids
        out = [ids.move_to + x for x in s.reachable(seat, s.movement(seat) + s.mv_extra)]
        out += enhancements(s, seat, s.mv_discards, MOVEMENT)
        if rulings.CANCELLED_MOVE_IS_THE_MOVE:
            out.append(ids.stay)
        out.sort()
        return out

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if ids.card <= action < ids.card + s.t.n_cards:
            n = s.t.cards[action - ids.card].enh_move
            return f"Discard {s.card_name(action - ids.card)} for {n} more movement"
        if action == ids.boost:
            return f"Use a one-time {BOOST_NAME[0]} symbol (1 more movement)"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        seat = self.seat
        t = s.t
        ids = t.ids
        if ids.card <= action < ids.card + t.n_cards:
            card = action - ids.card
            s.take_from_hand(seat, card)
            s.discard_card(card)
            s.mv_extra += t.cards[card].enh_move
            s.mv_discards += 1
            if s.log is not None:
                s.emit("enhance", f"{seat_name(seat)} discards {s.card_name(card)} for {t.cards[card].enh_move} "
                                  f"more movement", seat=seat)
            s.stack.append(MOVE[seat])
            return
        if action == ids.boost:
            s.use_boost(seat, 0)
            s.mv_extra += 1
            s.stack.append(MOVE[seat])
            return
        s.t_moved = True
        if action == ids.stay:
            return
        arrive(s, seat, action - ids.move_to)


def arrive(s: TrialState, seat: int, space: int) -> None:
    s.pos[seat] = space
    t = s.t
    area = t.area_of[space]
    if s.log is not None:
        s.emit("move", f"{seat_name(seat)} moves to {s.t.space_the[space]}", seat=seat)
    if area >= 0:
        expedition.landed_on_start(s, seat, area)


# the frames pushed most often, one per seat: frames are immutable, so one instance serves every state
TURN = tuple(map(Turn, range(4)))
AFTER_ACTION = tuple(map(AfterAction, range(4)))
END_TURN = tuple(map(EndTurn, range(4)))
MOVE = tuple(map(Move, range(4)))
