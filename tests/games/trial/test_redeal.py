"""A world re-dealt for a bot's search deals the hidden cards but leaves the decks unordered (hidden.py):
each deck is shuffled the first time the world takes a card from it or looks at its top. Whichever way
a card is taken, it must be any unseen card of that deck alike, never the one an unshuffled (sorted)
deck would give; and a real game never has an unordered deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from talewood.engine import Rng
from talewood.games.trial import cards, story
from talewood.games.trial.expedition import ExpeditionDraw
from talewood.games.trial.state import TrialState
from talewood.games.trial.tables import PILE_DEEDS, PILE_ENCOUNTERS, PILE_EXPEDITION

from .helpers import GAME, T, card, check

WORLDS = 3000


def played(players: int = 2, steps: int = 12, seed: int = 3) -> TrialState:
    state = GAME.new_game(players, seed, tracked=False)
    rng = Rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert isinstance(state, TrialState) and not state.is_over and state.unordered == 0
    return state


def taken(state: TrialState, take: Callable[[TrialState], int], whole: bool = True) -> Counter[int]:
    """Which card `take` gets from each of WORLDS worlds re-dealt for seat 1 (`whole`: the world keeps
    every component after it; not when `take` leaves a card half-way, in a resolution or a slot's place)."""
    rng = Rng(8)
    out: Counter[int] = Counter()
    for _ in range(WORLDS):
        world = state.determinize(1, rng.spawn())
        out[take(world)] += 1
        if whole:
            check(world)
    return out


def assert_any_alike(counts: Counter[int], unseen: set[int]) -> None:
    assert set(counts) == unseen
    expected = WORLDS / len(unseen)
    assert all(0.5 * expected < n < 1.6 * expected for n in counts.values()), (expected, counts)


def unseen(state: TrialState, encounter: bool) -> set[int]:
    """The deeds (or encounter cards) seat 1 has not seen: the deck's, and those in other hands, face down
    in other stories or in a fight that it does not know."""
    hidden = [c for who in range(state.players) if who != 1 for c in state.hand[who] + state.aside[who]]
    hidden += [code >> 3 for who in range(state.players) if who != 1 for code in state.story[who]
               if not code & 1 and code >> 3 < T.n_hand_cards]
    hidden += [c for where in state.f_cards for c in where]
    return {*(state.enc_deck if encounter else state.deck),
            *(c for c in hidden if not state.known[c] & 2 and T.is_encounter[c] == encounter)}


def test_a_deed_drawn_is_any_unseen_deed() -> None:
    s = played()
    assert_any_alike(taken(s, lambda w: (w.draw_deeds(1, 1), w.hand[1][-1])[1]), unseen(s, False))
    # and so is the next one: the deck stays unordered under the card drawn
    assert_any_alike(taken(s, lambda w: (w.draw_deeds(1, 2), w.hand[1][-1])[1]), unseen(s, False))


def test_a_deed_tucked_from_the_deck_is_any_unseen_deed() -> None:
    # the Lookout Tower's card drawn and added face up unresolved
    s = played()

    def tuck(w: TrialState) -> int:
        before = set(w.deck)
        story.tuck_from_deck(w, 1)
        (card_,) = before - set(w.deck)
        return card_

    assert_any_alike(taken(s, tuck), unseen(s, False))


def test_an_encounter_card_revealed_is_any_unseen_one() -> None:
    s = played()
    assert_any_alike(taken(s, lambda w: (w.refill_encounter(0), w.enc_slots[0])[1], whole=False), unseen(s, True))


def test_an_encounter_card_discarded_goes_under_a_shuffled_deck() -> None:
    s = played()
    bottoms = Counter()
    for k in range(200):
        w = s.determinize(1, Rng(k))
        assert w.unordered & PILE_ENCOUNTERS
        gone = w.enc_slots[0]
        w.discard_card(gone)
        assert w.enc_deck[0] == gone and not w.unordered & PILE_ENCOUNTERS
        bottoms[w.enc_deck[1]] += 1
    assert len(bottoms) > 3            # the card above it is not always the same: the deck was shuffled


def test_an_expedition_card_drawn_is_any_card_of_its_deck() -> None:
    s = played()
    area = 1

    def draw(w: TrialState) -> int:
        before = set(w.xdeck[area])
        ExpeditionDraw(1, area, 0).run(w)
        (card_,) = before - set(w.xdeck[area])
        return card_

    assert_any_alike(taken(s, draw, whole=False), set(s.xdeck[area]))


def test_a_peek_at_an_expedition_deck_sees_any_of_its_cards() -> None:
    # Crocodile's Nest (the Forgotten Swamps) looks at the top card: its test succeeds when that card
    # has no fight, as often as the deck's cards without one
    s = played()
    nest = card("crocodiles_nest")
    area = T.cards[nest].area
    deck = s.xdeck[area]
    share = sum(not T.cards[c].has_fight for c in deck) / len(deck)
    assert 0 < share < 1

    def peek(w: TrialState) -> int:
        assert w.unordered & PILE_EXPEDITION << area
        w.r_card, w.r_opt, w.r_seat = nest, 0, 1
        cards.TestStart(1).run(w)
        assert not w.unordered & PILE_EXPEDITION << area
        return w.r_won

    won = taken(s, peek, whole=False)
    assert abs(won[1] / WORLDS - share) < 0.05, (won, share)


def test_a_world_leaves_every_deck_unordered_and_a_game_played_none() -> None:
    s = played(4, 40)
    w = s.determinize(2, Rng(1))
    assert w.unordered == PILE_DEEDS | PILE_ENCOUNTERS | (PILE_EXPEDITION * 0b111)
    rng = Rng(5)
    while not s.is_over:
        assert s.unordered == 0
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
