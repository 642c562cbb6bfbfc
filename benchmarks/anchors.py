"""Talewood's engines beside fixed anchors, compiled and as Python, in one run (docs/architecture.md, Speed).

    pip install -e '.[anchors]'       # OpenSpiel, for the anchors (optional: without it, no ratios)
    python benchmarks/anchors.py [--seconds 2] [--runs 3] [--games spirits greylune] [--json]

Each run starts two processes, one on the compiled build and one with TALEWOOD_PURE_PYTHON=1 (the same
code as Python), one after the other; each measures `talewood bench`'s figures for every game asked for
(random-play decisions/s at the largest table, clones/s and uncached legal-action calls/s of 20 mid-game
positions, the `hard` bot's IS-MCTS iterations/s) and, beside them in the same process, OpenSpiel's Python
tic-tac-toe (random play, decisions/s) and C++ hearts (random play, decisions/s not counting the deal's
chance steps; clones/s of 20 mid-game positions). Every figure is the best of --runs runs (wall time, as
`talewood bench` measures); the anchors are what makes figures from different machines or moments
comparable, so the table gives ratios to them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

BUILDS = ("compiled", "pure")
FIGURES = ("decisions_per_second", "clones_per_second", "legal_action_calls_per_second",
           "mcts_iterations_per_second")


def openspiel_anchors(seconds: float) -> dict[str, float]:
    """OpenSpiel's Python tic-tac-toe and C++ hearts: random-play decisions/s, hearts' clones/s."""
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return {}
    from talewood.engine import Rng
    from talewood.sim.bench import _rate

    rng = Rng(7)

    def random_play(name: str) -> Callable[[], int]:
        game = pyspiel.load_game(name)

        def one_game() -> int:
            state = game.new_initial_state()
            decisions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.random() * len(legal))])
                    decisions += 1
            return decisions

        return one_game

    hearts = pyspiel.load_game("hearts")
    positions = []
    for _ in range(20):
        state = hearts.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < 30 + 52:       # the deal, then 30 decisions
            actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
            steps += 1
        positions.append(state)

    def clones() -> int:
        for state in positions:
            state.clone()
        return len(positions)

    return {"tic_tac_toe_decisions": _rate(seconds, random_play("python_tic_tac_toe")),
            "hearts_decisions": _rate(seconds, random_play("hearts")),
            "hearts_clones": _rate(seconds, clones)}


def measure(games: list[str], seconds: float) -> dict[str, Any]:
    """One process's figures: each game's bench, the anchors, and which build ran."""
    from talewood import compiled
    from talewood.sim.bench import bench_game

    out: dict[str, Any] = {"games": {g: bench_game(g, seconds) for g in games},
                           "anchors": openspiel_anchors(seconds)}
    out["compiled"] = sorted(n for n in compiled.COMPILED
                             if n in sys.modules and compiled.is_compiled(sys.modules[n]))
    return out


def in_process(build: str, games: list[str], seconds: float) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "TALEWOOD_PURE_PYTHON"}
    if build == "pure":
        env["TALEWOOD_PURE_PYTHON"] = "1"
    command = [sys.executable, __file__, "--one", "--seconds", str(seconds), "--games", *games]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The best of each figure over the runs of one build."""
    out: dict[str, Any] = {"compiled": runs[0]["compiled"], "games": {}, "anchors": {}}
    for game in runs[0]["games"]:
        out["games"][game] = {f: max(r["games"][game][f] for r in runs) for f in FIGURES}
    for name in runs[0]["anchors"]:
        out["anchors"][name] = max(r["anchors"][name] for r in runs)
    return out


def table(results: dict[str, dict[str, Any]]) -> str:
    rows = ["| game | build | decisions/s | × tic-tac-toe (Python) | × hearts (C++) | clones/s | × hearts' clones "
            "| legal-action calls/s | MCTS iterations/s |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for game in results["compiled"]["games"]:
        for build in BUILDS:
            figures = results[build]["games"][game]
            anchors = results[build]["anchors"]

            def ratio(value: float, anchor: str, anchors: dict[str, float] = anchors) -> str:
                return f"{value / anchors[anchor]:.2f}" if anchors.get(anchor) else "–"

            d, c = figures["decisions_per_second"], figures["clones_per_second"]
            rows.append(f"| {game} | {build} | {d:,.0f} | {ratio(d, 'tic_tac_toe_decisions')} | "
                        f"{ratio(d, 'hearts_decisions')} | {c:,.0f} | {ratio(c, 'hearts_clones')} | "
                        f"{figures['legal_action_calls_per_second']:,.0f} | "
                        f"{figures['mcts_iterations_per_second']:,.0f} |")
    for build in BUILDS:
        anchors = results[build]["anchors"]
        if anchors:
            rows.append(f"\nAnchors ({build} run): OpenSpiel Python tic-tac-toe "
                        f"{anchors['tic_tac_toe_decisions']:,.0f} "
                        f"decisions/s; C++ hearts {anchors['hearts_decisions']:,.0f} decisions/s, "
                        f"{anchors['hearts_clones']:,.0f} clones/s.")
    gains = []
    for game in results["compiled"]["games"]:
        c, p = results["compiled"]["games"][game], results["pure"]["games"][game]
        gains.append(f"{game}: " + ", ".join(f"{f.replace('_per_second', '').replace('_', ' ')} ×{c[f] / p[f]:.2f}"
                                              for f in FIGURES if p[f]))
    rows.append("\nCompiled over pure: " + "; ".join(gains) + ".")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each build; best kept (default: %(default)s)")
    parser.add_argument("--games", nargs="+", default=["spirits", "greylune", "trial", "threetale"],
                        help="(default: every game: %(default)s)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)   # one process's figures
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(measure(args.games, args.seconds)))
        return 0
    runs: dict[str, list[dict[str, Any]]] = {b: [] for b in BUILDS}
    for _ in range(args.runs):
        for build in BUILDS:
            runs[build].append(in_process(build, args.games, args.seconds))
    results = {b: best(runs[b]) for b in BUILDS}
    if not results["compiled"]["compiled"]:
        print("note: the compiled run loaded no extension (not built, or older than its source)", file=sys.stderr)
    print(json.dumps(results, indent=1) if args.json else table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
