"""Twin Lanterns heuristics: the team is better off the closer both lanterns are to 10 without bursting."""

from __future__ import annotations

from talewood.engine import Rng, State

from .game import FULL, LanternsState


def evaluate(state: State, seat: int) -> float:
    assert isinstance(state, LanternsState)
    if state.over:
        return 1.0 if state.result().team_won else 0.0
    if max(state.oil) > FULL:
        return 0.0
    return sum(state.oil) / (2 * FULL) * 0.9


def rollout_action(state: State, rng: Rng) -> int:
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]
