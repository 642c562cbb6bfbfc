"""`talewood bench`: rates are units of work divided by the time they took (a fake clock here)."""

from __future__ import annotations

import pytest

from talewood.sim import bench


class FakeClock:
    """Each reading is `tick` seconds after the previous one."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def test_a_rate_is_the_units_done_over_the_time_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench.time, "perf_counter", FakeClock(0.25))
    # start at 0.25; each body call is followed by one reading: 0.5, 0.75, 1.0, 1.25 -> 4 calls in 1 s
    assert bench._rate(1.0, lambda: 3) == pytest.approx(12.0)


def test_mcts_rate_counts_the_iterations_the_search_ran(monkeypatch: pytest.MonkeyPatch) -> None:
    from talewood.agents.levels import LEVELS
    from talewood.agents.mcts import MCTSAgent
    from talewood.games import load

    positions = [load("spirits").new_game(2, seed) for seed in range(3)]
    agent = MCTSAgent(1, iterations=200, depth=LEVELS["hard"][2])     # the searches mcts_rate runs
    searched = []
    for state in positions[:2]:
        agent.search(state, state.current_player or 0)
        searched.append(agent.last_iterations)
    monkeypatch.setattr(bench.time, "perf_counter", FakeClock(0.5))
    assert bench.mcts_rate(positions, 1.0) == pytest.approx(sum(searched))   # two searches in 1 s
