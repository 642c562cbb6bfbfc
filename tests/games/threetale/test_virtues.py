"""A Hero's Virtues read and changed through the state's accessors (hero_state.py; rulebook, Virtues):
each reads and changes its own Hero's six and no other's."""

from __future__ import annotations

import pytest

from talewood.games.threetale.hero_state import no_virtues, virtues_of
from talewood.games.threetale.state import TTState
from talewood.games.threetale.tables import ENDEAVOR, HOPE, LOVE, MERCY, VIRTUES

from .helpers import scenario

# every Virtue of every Hero different, so that a read from another Hero or another Virtue shows
BOARDS = ([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 0, 6, 2, 9, 5])


def heroes() -> TTState:
    s = scenario({"boards": [dict(zip(VIRTUES, values, strict=True)) for values in BOARDS]})
    assert all(s.virtues(seat) == list(values) for seat, values in enumerate(BOARDS))
    return s


def test_each_hero_reads_its_own_virtues() -> None:
    s = heroes()
    for seat, values in enumerate(BOARDS):
        assert [s.v(seat, v) for v in range(6)] == list(values)
        assert s.virtues(seat) == list(values)
        assert s.virtue_total(seat) == sum(values)
        assert s.highest_virtue(seat) == max(values)
        assert virtues_of(s.vir[:], seat) == list(values)


def test_virtues_is_a_copy() -> None:
    s = heroes()
    for seat in range(3):
        s.virtues(seat)[LOVE] = 99
    assert [s.v(seat, LOVE) for seat in range(3)] == [1, 7, 13]


def test_highest_virtue_finds_the_last_one() -> None:
    s = heroes()
    s.set_virtue(0, MERCY, 12)
    assert s.highest_virtue(0) == 12 and s.highest_virtue(1) == 12 and s.highest_virtue(2) == 13


def test_changing_one_hero_leaves_the_others() -> None:
    s = heroes()
    s.set_virtue(1, HOPE, 3)
    s.lower_virtue(2, LOVE, 2)
    s.lower_virtue(0, ENDEAVOR)
    assert s.virtues(0) == [1, 2, 3, 3, 5, 6]
    assert s.virtues(1) == [7, 3, 9, 10, 11, 12]
    assert s.virtues(2) == [11, 0, 6, 2, 9, 5]
    s.set_virtues(1, (0, 1, 2, 3, 4, 5))
    assert [s.virtues(seat) for seat in range(3)] == [[1, 2, 3, 3, 5, 6], [0, 1, 2, 3, 4, 5], [11, 0, 6, 2, 9, 5]]


def test_a_hero_has_six_virtues() -> None:
    s = heroes()
    with pytest.raises(ValueError, match="six Virtues"):
        s.set_virtues(0, [1, 2, 3])
    assert [s.virtues(seat) for seat in range(3)] == [list(values) for values in BOARDS]
    assert [virtues_of(no_virtues(3), seat) for seat in range(3)] == [[0] * 6] * 3
