"""benchmarks/compiled_vs_pure.py: the pure side in its own process plays the game the compiled side sees."""

from __future__ import annotations

import json

from .benchmarks import benchmark

vs = benchmark("compiled_vs_pure")

# a handful of iterations and a cap no search reaches: both sides' choices depend on their seeds alone
CFG = {"game": "spirits", "players": 2, "options": {}, "seconds": 30.0, "iterations": 6}


def test_the_child_process_runs_as_python_and_plays_the_same_game_as_in_process() -> None:
    pure = vs.Pure()      # refuses a child that did not run as Python
    try:
        by_child = vs.play(CFG, 7, 1, pure)
    finally:
        pure.close()
    here = vs.play(CFG, 7, 1, vs.Answerer())
    same = ("scores", "winners")
    assert {k: by_child[k] for k in same} == {k: here[k] for k in same}
    for side in (vs.COMPILED, vs.PURE_SEAT):
        assert by_child[side]["decisions"] > 5
        assert by_child[side]["iterations"] == here[side]["iterations"]


def test_the_table_counts_wins_and_head_to_heads_and_drops_a_cut_off_line(tmp_path) -> None:
    out = tmp_path / "vs.jsonl"
    side = {"decisions": 10, "iterations": 1000, "wall": 1.0, "cpu": 1.0}
    rows = [{**CFG, "players": 3, "deal": 1, "compiled_seat": 0, "scores": [30, 20, 10], "winners": [0],
             "compiled": side, "pure": side, "load": [2.0]},
            {**CFG, "players": 3, "deal": 1, "compiled_seat": 1, "scores": [30, 20, 20], "winners": [0],
             "compiled": side, "pure": side, "load": [3.0]}]
    out.write_text("".join(json.dumps(r) + "\n" for r in rows) + '{"cut off')
    kept = vs.read_games(out)
    assert kept == rows
    s = vs.summary(kept)
    # game 1: won, ahead of both; game 2: behind seat 1, level with seat 3
    assert (s["games"], s["wins"], s["ahead"], s["comparisons"]) == (2, 1, 2.5, 4)
    assert s["compiled"]["iterations_a_decision"] == 100
    assert "| spirits 3p | 30.0 s, 6 iterations | 2 | 1 |" in vs.table(kept)
