"""Story creation (L247-282): a resolved card tucked into its column (the leftmost icon's, L249; the
wildcard's column chosen, A-02), face up or face down; the morality token moved by a face-up card's icon
(L260-262) or by an effect; cards added face up without resolving them (Lookout, Witch, the Elixir, L718,
L750, L767) and face down from the hand (L278).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import rulings
from .tables import (
    ALL_SEATS,
    COLUMN_INDEX,
    COLUMN_NAME,
    PILE_DEEDS,
    PLACE_DISCARD,
    PLACE_FACE_DOWN,
    PLACE_OF,
    PLACE_STAYS,
    SRC_ENCOUNTER,
    SRC_EXPEDITION,
)

if TYPE_CHECKING:
    from .state import TrialState

WAY = {"good": -1, "evil": 1}      # how a face-up card's morality icon moves the token


@automatic
class Place(NamedTuple):
    """The card goes into a story (the winner's after a duel), or where its text says (L249, L365)."""

    seat: int

    def run(self, s: TrialState) -> None:

        card = s.r_card
        ci = s.t.cards[card]
        owner = s.r_winner if s.r_winner >= 0 else self.seat
        place = s.r_place
        o = ci.options[s.r_opt]
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
                way = o.morality
        if ci.column >= 0 and (face_up or rulings.FACE_DOWN_OUTCOME_IN_OWN_COLUMN):
            s.add_story(owner, card, ci.column, face_up, way)
        else:
            s.pend = card
            s.pend_way = way
            s.stack.append(FinishAdd(owner, 1 if face_up else 0))
            s.stack.append(ChooseColumn(owner, _wild_mask()))


def _wild_mask() -> int:
    return sum(1 << COLUMN_INDEX[c] for c in rulings.WILDCARD_COLUMNS)


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


def tuck_from_deck(s: TrialState, seat: int) -> None:
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


# the frame that ends every card's resolution, one per seat: frames are immutable, so one instance serves every state
PLACE = tuple(map(Place, range(4)))
