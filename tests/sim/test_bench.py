"""`talewood bench`: rates are units of work divided by the time they took (a fake clock here)."""

from __future__ import annotations

import pytest

from talewood.engine import State
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
    from talewood.agents import mcts
    from talewood.games import load

    class Seven(mcts.MCTSAgent):       # a subclass, not a patch of the class: the compiled class is fixed
        def search(self, state: State, seat: int, vectors: dict[int, list[float]] | None = None,
                   early_stop: bool = True) -> mcts.Node:
            self.last_iterations = 7
            return mcts.Node()

    monkeypatch.setattr(mcts, "MCTSAgent", Seven)
    monkeypatch.setattr(bench.time, "perf_counter", FakeClock(0.5))
    positions = [load("spirits").new_game(2, seed) for seed in range(3)]
    assert bench.mcts_rate(positions, 1.0) == pytest.approx(14.0)   # two searches of 7 in 1 s
