"""The shortcuts the turn menu takes agree with the whole test they stand for.

`cards.open_cards` takes a card that costs nothing without requirements as open (tables.always_open)
and skips the cards whose requirements cannot hold on the adventurer's space (tables.card_where); `reachable`
remembers its answers across states. On positions from random games, every answer must be the
one the full test gives: some option open (`option_open`, requirement by requirement, plan by plan),
and a breadth-first search of the board.
"""

from __future__ import annotations

from talewood.engine import Rng
from talewood.games.trial import cards
from talewood.games.trial.state import TrialState

from .helpers import GAME, T


def positions(every: int = 7):
    for players in (2, 3, 4):
        for seed in range(3):
            state = GAME.new_game(players, 40 + seed, tracked=False)
            rng = Rng(seed)
            steps = 0
            while not state.is_over:
                steps += 1
                if steps % every == 0:
                    assert isinstance(state, TrialState)
                    yield state
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])


def test_open_cards_agrees_with_every_option_tested_in_full():
    checked = 0
    for s in positions():
        for seat in range(s.players):
            for card in sorted(set(s.hand[seat])):
                options = range(len(T.cards[card].options))
                full = any(cards.option_open(s, seat, T.cards[card], i, card) for i in options)
                assert cards.open_cards(s, seat, [card], True) == ([card] if full else []), T.cards[card].card.name
                checked += 1
            for card in s.enc_slots:
                if card >= 0:
                    full = any(cards.option_open(s, seat, T.cards[card], i, -1)
                               for i in range(len(T.cards[card].options)))
                    assert cards.open_cards(s, seat, [card], False) == ([card] if full else []), T.cards[card].card.name
                    checked += 1
    assert checked > 1000


def _search(s: TrialState, seat: int, steps: int) -> list[int]:
    """The spaces within `steps`, searched afresh: lines and passable tunnels; an expedition start ends a
    move and is closed to whoever placed that area's flag."""
    tunnels = s.passable_tunnels()
    start = s.pos[seat]
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for x in frontier:
            if T.area_of[x] >= 0:
                continue
            ways = list(T.adj[x]) + (tunnels if x in tunnels else [])
            for n in ways:
                a = T.area_of[n]
                if n in seen or (a >= 0 and s.flags[seat * 3 + a] >= 0):
                    continue
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return sorted(seen - {start})


def test_reachable_spaces_are_those_a_fresh_search_finds():
    checked = 0
    for s in positions(every=11):
        for seat in range(s.players):
            if T.area_of[s.pos[seat]] >= 0:
                continue
            for steps in (1, 3, s.movement(seat)):
                assert list(s.reachable(seat, steps)) == _search(s, seat, steps)
                checked += 1
    assert checked > 200


def test_a_flag_closes_the_start_whoever_asked_before_from_the_same_space():
    s = GAME.new_game(2, 3, tracked=False)
    assert isinstance(s, TrialState)
    start = T.start_of_area[0]
    near = next(x for x in range(T.n_forest) if start in T.adj[x])
    s.pos[0] = s.pos[1] = near
    s.flags[1 * 3 + 0] = next(x for x in range(T.n_spaces) if T.is_finish[x] and T.area_of[x] == 0)
    assert start in s.reachable(0, 2)
    assert start not in s.reachable(1, 2)
    assert list(s.reachable(1, 2)) == _search(s, 1, 2)
