"""`random` and `greedy`: the baseline bots."""

from __future__ import annotations

from typing import Any, final

from mypy_extensions import mypyc_attr

from ..engine import State
from ..games import game_module
from .base import Agent, register


@final
class RandomAgent(Agent):
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[int(self.rng.random() * len(legal))]


def evaluator_for(state: State) -> Any:
    """The game's heuristics module; a bot needs one to look ahead."""
    module = game_module(state.game.id, "heuristics")
    if module is None:
        raise NotImplementedError(f"{state.game.name} has no heuristics module for the bots")
    return module


@mypyc_attr(allow_interpreted_subclasses=True)   # a greedy bot of another taste (benchmarks)
class GreedyAgent(Agent):
    """One-ply lookahead: try each legal action on a determinized copy, keep the best evaluation.

    Ties are broken at random so greedy play does not always pick the lowest id.
    """

    name = "greedy"

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        assert seat is not None
        heuristics = evaluator_for(state)
        world = state.determinize(seat, self.rng.spawn())
        best: list[int] = []
        best_value = float("-inf")
        for action in legal:
            child = world.clone()
            child.apply(action)
            value = self.value(heuristics, child, seat)
            if value > best_value + 1e-9:
                best_value, best = value, [action]
            elif value > best_value - 1e-9:
                best.append(action)
        return best[int(self.rng.random() * len(best))]

    def value(self, heuristics: Any, state: State, seat: int) -> float:
        """How good `state` is for `seat` (a variant with another taste overrides this)."""
        return float(heuristics.evaluate(state, seat))


register("random", lambda seed, budget: RandomAgent(seed))
register("greedy", lambda seed, budget: GreedyAgent(seed))
