"""Each adventurer's food tokens (L64, L235) and one-time symbols (L614-621) as holdings.py keeps them: every
seat has its own four counts, and a change to one seat's food or symbols leaves every other seat's alone."""

from __future__ import annotations

from talewood.games.trial.state import TrialState

from .helpers import T, new_state

PLAYERS = 4
KINDS = range(4)        # raspberry, acorn, mushroom, tea leaf; movement, trading, strength, card draw


def food_table(s: TrialState) -> dict[tuple[int, int], int]:
    return {(seat, f): s.food_of(seat, f) for seat in range(s.players) for f in KINDS}


def boost_table(s: TrialState) -> dict[tuple[int, int], int]:
    return {(seat, k): s.card_boosts_of(seat, k) for seat in range(s.players) for k in KINDS}


def distinct_food() -> TrialState:
    """Four players, each holding a different number of each food (seat 0: 1, 2, 3, 4; seat 1: 5 … 8; …)."""
    s = new_state(PLAYERS, 3)
    for seat in range(PLAYERS):
        for f in KINDS:
            s.return_food(seat, f)
            s.add_food(seat, f, 1 + seat * 4 + f)
    return s


def distinct_boosts() -> TrialState:
    s = new_state(PLAYERS, 3)
    for seat in range(PLAYERS):
        for k in KINDS:
            s.add_boost(seat, k, 1 + seat * 4 + k)
    return s


def test_every_seat_and_kind_has_a_count_of_its_own():
    """Adding one food (or symbol) of one kind to one seat changes one count, a different one for each
    seat and kind, and reads back through food_of, foods and food_total (card_boosts_of, card_boosts, boosts_of)."""
    s = new_state(PLAYERS, 3)
    for seat in range(PLAYERS):
        for f in KINDS:
            s.return_food(seat, f)
    assert s.food_total(0) == 0 and set(s.food) == {0} and set(s.boosts) == {0}
    food_cells: set[int] = set()
    boost_cells: set[int] = set()
    for seat in range(PLAYERS):
        for k in KINDS:
            before, boosts_before = list(s.food), list(s.boosts)
            s.add_food(seat, k, 1)
            s.add_boost(seat, k, 1)
            changed = [i for i, n in enumerate(s.food) if n != before[i]]
            changed_boosts = [i for i, n in enumerate(s.boosts) if n != boosts_before[i]]
            assert len(changed) == 1 and len(changed_boosts) == 1
            food_cells.add(changed[0])
            boost_cells.add(changed_boosts[0])
            assert s.food_of(seat, k) == 1 and s.card_boosts_of(seat, k) == 1 and s.boosts_of(seat, k) == 1
            assert s.foods(seat) == tuple(1 if f <= k else 0 for f in KINDS)
            assert s.card_boosts(seat) == tuple(1 if f <= k else 0 for f in KINDS)
            assert s.food_total(seat) == k + 1
    assert len(food_cells) == len(s.food) == PLAYERS * 4
    assert len(boost_cells) == len(s.boosts) == PLAYERS * 4


def test_gaining_spending_and_returning_food_changes_only_that_seat_and_the_tray():
    for seat in range(PLAYERS):
        for f in KINDS:
            s = distinct_food()
            want, tray = food_table(s), list(s.tray)
            assert s.foods(seat) == tuple(want[seat, g] for g in KINDS)
            assert s.food_total(seat) == sum(want[seat, g] for g in KINDS)

            assert s.gain_food(seat, f, 2) == 2
            want[seat, f] += 2
            tray[f] -= 2
            assert (food_table(s), s.tray) == (want, tray)

            s.spend_food(seat, f, 3)
            want[seat, f] -= 3
            tray[f] += 3
            assert (food_table(s), s.tray) == (want, tray)

            s.remove_food(seat, f)
            want[seat, f] -= 1
            assert (food_table(s), s.tray) == (want, tray)

            s.add_food(seat, f, 2)
            want[seat, f] += 2
            assert (food_table(s), s.tray) == (want, tray)

            held = want[seat, f]
            assert s.return_food(seat, f) == held
            want[seat, f] = 0
            tray[f] += held
            assert (food_table(s), s.tray) == (want, tray)


def test_food_given_passes_between_the_two_seats_only():
    for giver in range(PLAYERS):
        for taker in range(PLAYERS):
            if giver == taker:
                continue
            for f in KINDS:
                s = distinct_food()
                want, tray = food_table(s), list(s.tray)
                s.give_food(giver, taker, f, 2)
                want[giver, f] -= 2
                want[taker, f] += 2
                assert (food_table(s), s.tray) == (want, tray), (giver, taker, f)


def test_one_time_symbols_gained_used_and_lost_are_that_seats_only():
    for seat in range(PLAYERS):
        for k in KINDS:
            s = distinct_boosts()
            want = boost_table(s)
            assert [s.boosts_of(seat, x) for x in KINDS] == [want[seat, x] for x in KINDS]   # no tent kept

            s.add_boost(seat, k, 2)
            want[seat, k] += 2
            assert boost_table(s) == want

            s.use_boost(seat, k)
            want[seat, k] -= 1
            assert boost_table(s) == want

            # a kept tent with the symbol counts too, and is used first (it goes to the box, L621)
            tent = list(T.tent_boost).index(k)
            s.tent_kept[seat].append(tent)
            assert s.boosts_of(seat, k) == want[seat, k] + 1
            s.use_boost(seat, k)
            assert s.tent_kept[seat] == [] and s.tent_used[-1] == tent and boost_table(s) == want

        s.clear_boosts(seat)
        want = boost_table(distinct_boosts())
        for k in KINDS:
            want[seat, k] = 0
        assert boost_table(s) == want


def test_ruins_looked_at_are_known_to_who_looked_only() -> None:
    """Looking at the items on the ruins (L403) is one seat's and one location's: the others still do not know."""
    s = new_state(PLAYERS, 3)
    places = range(len(s.t.locations))
    assert not any(s.sees_ruins(seat, loc) for seat in range(PLAYERS) for loc in places)
    s.look_at_ruins(2, 5)
    s.look_at_ruins(0, 11)
    assert {(seat, loc) for seat in range(PLAYERS) for loc in places if s.sees_ruins(seat, loc)} == {(2, 5), (0, 11)}
