"""`talewood bench` reports MCTS iterations per second for each game."""

from __future__ import annotations

from talewood.sim.bench import bench_game


def test_bench_reports_mcts_iterations_per_second():
    result = bench_game("spirits", seconds=0.05)
    assert result["mcts_iterations_per_second"] > 0
