"""Greylune heuristics for the bots: a projected final score per seat, turned into a win chance."""

from __future__ import annotations

from ...engine import Rng, State, win_chances
from .adventure import Arrive, Meet, Move
from .board import AUTUMN, SPRING, YEARS
from .effects import BonusToken, ReadyCard, SkillChoice
from .scoring import breakdown
from .state import GreyluneState
from .stories import Story

LEAD_SCALE = 6.0        # VP of projected lead that make a win about 73% likely
VILLAGER_ACTIVATION = 1.4
VILLAGER_SUMMER = 0.5

# What a pending decision of one's own is worth (the greedy bot looks one step ahead only).
_PENDING: dict[type, float] = {Move: 2.5, Story: 3.0, Meet: 3.0, SkillChoice: 1.0, ReadyCard: 0.5, BonusToken: 3.0}


def projected_score(s: GreyluneState, p: int) -> float:
    """Final VP as scored now, plus what coins, Villagers, skills and stories should still bring."""
    b = breakdown(s, p)
    years_left = YEARS - s.year + (0 if s.season[p] == AUTUMN else 0.6)
    owned = 7 - s.supply[p]
    encounters = s.c.encounters
    untold = sum(encounters[e].story for e in s.untold[p])
    value = float(b["total"])
    value += 0.3 * s.coins[p]
    if s.season[p] != AUTUMN:
        # A Villager still to act this year: one in the Village (or active in Spring, to be placed)
        # will activate a card; one left active in Summer can only take the smaller actions.
        placed = s.villagers_in_village(p)
        if s.season[p] == SPRING:
            value += VILLAGER_ACTIVATION * (s.active[p] + placed)
        else:
            value += VILLAGER_ACTIVATION * placed + VILLAGER_SUMMER * s.active[p]
    value += years_left * (1.6 * owned + 0.7 * (s.str_[p] + s.mag[p]) + 0.5 * len(s.income[p]))
    value += (0.8 if s.year < YEARS else 0.4) * untold
    value += 0.6 * min(s.str_[p], s.mag[p])
    if s.stack and s.stack[-1].seat == p:
        top = s.stack[-1]
        value += _PENDING.get(type(top), 0.0)
        if type(top) is Arrive:
            value += 2.5 * sum(1 for e in s.enc_board if encounters[e].distance == top.space)
    return value


def evaluate(state: State, seat: int) -> float:
    """Roughly the chance that `seat` wins, in [0, 1]."""
    assert isinstance(state, GreyluneState)
    s = state
    if s.over:
        res = s.result()
        return 1.0 / len(res.winners) if seat in res.winners else 0.0
    return win_chances([projected_score(s, p) for p in range(s.players)], LEAD_SCALE)[seat]


def evaluate_all(state: State) -> list[float]:
    """`evaluate` for every seat, each projected score computed once: what the search backs up."""
    assert isinstance(state, GreyluneState)
    s = state
    n = s.players
    if s.over:
        winners = s.result().winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    return win_chances([projected_score(s, p) for p in range(n)], LEAD_SCALE)


def rollout_action(state: State, rng: Rng) -> int:
    """A cheap policy: random, but slow to leave a season while there is something else to do."""
    legal = state.legal_actions()
    action = legal[int(rng.random() * len(legal))]
    assert isinstance(state, GreyluneState)
    ids = state.ids
    if (action == ids.to_summer or action == ids.to_autumn) and len(legal) > 1 and rng.random() < 0.7:
        action = legal[int(rng.random() * len(legal))]
    return action
