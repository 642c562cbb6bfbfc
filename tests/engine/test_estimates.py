"""win_chances: a lead over the best opponent as a win estimate."""

from __future__ import annotations

import math

from talewood.engine import win_chances


def test_equal_scores_are_even_and_the_scale_point_is_about_73_percent():
    assert win_chances([10.0, 10.0, 10.0], 6.0) == [0.5, 0.5, 0.5]
    lead = win_chances([18.0, 10.0], 8.0)
    assert math.isclose(lead[0], 1 / (1 + math.exp(-1)))  # 0.731…
    assert math.isclose(lead[1], 1 / (1 + math.exp(1)))
    assert math.isclose(sum(lead), 1.0)


def test_each_seat_is_measured_against_its_best_opponent_only():
    a, b, c = win_chances([20.0, 14.0, 2.0], 6.0)
    assert a > 0.5 > b > c
    assert math.isclose(b, 1 / (1 + math.exp(1)))   # 6 behind the leader, whatever the third scores
    assert win_chances([20.0, 14.0, 13.0], 6.0)[:2] == [a, b]
