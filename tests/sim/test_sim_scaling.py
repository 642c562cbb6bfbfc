"""benchmarks/sim_scaling.py keeps working: one tiny batch measured at 1 and 2 workers (figures not checked)."""

from __future__ import annotations

from .benchmarks import benchmark


def test_the_scaling_script_measures_a_batch_at_one_and_two_workers() -> None:
    script = benchmark("sim_scaling")
    out = script.scaling("spirits", "random", 0.05, 1)
    assert out["games"] >= 8 and [r["workers"] for r in out["runs"]] == [1, 2]
    assert out["runs"][1]["cpu_workers"] > 0       # the workers' CPU, counted once the pool has ended
    assert set(out["cpu_ms_per_game"]) == {1, 2} and out["speedup"] > 0
