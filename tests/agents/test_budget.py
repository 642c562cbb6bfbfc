"""A seed always gives the same game under the `iterations` budget, however busy the machine: a clock that races
(as on a loaded machine, where each search step seems to take a second) changes nothing; under the `time` budget
(live play) it cuts the searches short and the game changes."""

from __future__ import annotations

import random

import pytest

from talewood.agents import ITERATIONS, TIME, bot_seed, make_agent
from talewood.agents import mcts as mcts_module
from talewood.engine import InvalidOption
from talewood.games import load
from talewood.sim.play import Outcome, play_game


def game_of(budget: str, seed: int = 3, kind: str = "easy") -> list[int]:
    """The actions of a 2-player Spirits game of two `kind` bots."""
    state = load("spirits").new_game(2, seed, {})
    bots = [make_agent(kind, bot_seed(seed, s), budget) for s in range(2)]
    actions = []
    while not state.over:
        action = bots[state.current_player].choose(state)  # type: ignore[index]
        actions.append(action)
        state.apply(action)
    return actions


def busy_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock on which each iteration seems to take 0 to 60 ms, as on a machine busy with other work: the easy
    level's 0.1 s cap then stops its searches after a varying number of iterations."""
    rng = random.Random(1)
    now = [0.0]

    def clock() -> float:
        now[0] += rng.uniform(0.0, 0.06)
        return now[0]

    monkeypatch.setattr(mcts_module.time, "perf_counter", clock)


@pytest.fixture
def loaded_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    busy_clock(monkeypatch)


def test_the_iterations_budget_plays_the_same_game_on_a_busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    calm = game_of(ITERATIONS)
    busy_clock(monkeypatch)
    assert game_of(ITERATIONS) == calm
    assert game_of(ITERATIONS) == calm
    assert game_of(TIME) != game_of(TIME)          # under the wall-time cap, the machine's speed decides


def test_simulations_tournaments_and_learning_tables_use_the_iterations_budget(loaded_machine: None) -> None:
    from talewood.rl import Table

    first = play_game("spirits", Outcome(seed=5, players=2, seats=["easy", "easy"]), {})
    again = play_game("spirits", Outcome(seed=5, players=2, seats=["easy", "easy"]), {})
    assert first.error is None and (first.scores, first.decisions) == (again.scores, again.decisions)
    tables = [Table("spirits", 2, seats=["agent", "easy"]) for _ in range(2)]
    for table in tables:
        table.reset(seed=9)
        while not table.over:
            table.apply(table.state.legal_actions()[0])
    assert tables[0].state.state_hash() == tables[1].state.state_hash()


def test_an_unknown_budget_is_refused_with_the_valid_ones() -> None:
    with pytest.raises(InvalidOption, match="unknown budget 'quick'; valid: iterations, time"):
        make_agent("normal", 0, "quick")
