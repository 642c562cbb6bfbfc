"""Every bot level plays ThreeTale for the team: each chooses legal actions in every Future and phase, a
mixed team plays to the end, and a search scores every Hero's choice by the team's one result."""

from __future__ import annotations

import pytest

from talewood.agents.base import make_agent, seat_kinds
from talewood.agents.mcts import MCTSAgent, heuristics_for, terminal_rewards
from talewood.engine import Rng, State

from .helpers import GAME

LEVELS = ("random", "greedy", "easy", "normal", "hard")
FUTURES = [f.id for f in GAME.content.futures]


def positions(future: str, seed: int, every: int = 25) -> list[State]:
    state = GAME.new_game(3, seed, {"future": future})
    rng = Rng(seed)
    out = []
    step = 0
    while not state.is_over:
        if step % every == 0 and len(state.legal_actions()) > 1:
            out.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    return out


def small(kind: str, seed: int) -> object:
    """A level's bot with a small budget (its way of choosing, quickly)."""
    agent = make_agent(kind, seed)
    if isinstance(agent, MCTSAgent):
        agent.iterations = 12
    return agent


@pytest.mark.parametrize("future", FUTURES)
def test_every_level_chooses_a_legal_action_for_its_hero(future: str) -> None:
    assert set(LEVELS) <= set(seat_kinds())
    for state in positions(future, 31):
        for kind in LEVELS:
            agent = small(kind, 7)
            before = state.state_hash()
            action = agent.choose(state)  # type: ignore[attr-defined]
            assert action in state.legal_actions(), f"{kind} chose {action}"
            assert state.state_hash() == before, f"{kind} changed the game while thinking"


def test_a_team_of_three_levels_plays_to_the_team_result() -> None:
    state = GAME.new_game(3, 12, {"future": "crown_of_evil"})
    agents = [small("greedy", 1), small("easy", 2), small("normal", 3)]
    while not state.is_over:
        state.apply(agents[state.current_player].choose(state))  # type: ignore[attr-defined]
    result = state.result()
    assert result.cooperative and result.team_won is not None
    assert len(set(result.scores)) == 1
    assert terminal_rewards(state) == [1.0 if result.team_won else 0.0] * 3


def test_a_search_scores_every_heros_choice_by_the_teams_one_value() -> None:
    evaluate_all = heuristics_for("threetale").evaluate_all
    for future in FUTURES:
        for state in positions(future, 44, every=15):
            values = evaluate_all(state)
            assert len(values) == 3 and len(set(values)) == 1, values
