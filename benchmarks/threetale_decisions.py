"""How long a ThreeTale bot takes to decide: the median, 90th percentile and slowest decision, in wall
and CPU seconds, over bot games (every Hero the same level).

    .venv/bin/python benchmarks/threetale_decisions.py                      # hard, 1 game, <= 120 decisions
    .venv/bin/python benchmarks/threetale_decisions.py --level normal --games 2 --decisions 400
    .venv/bin/python benchmarks/threetale_decisions.py --uncapped     # the whole budget, whatever the load

Only decisions with more than one legal action count (a single choice is taken without a search).
Each level's search has a fixed budget of iterations and a wall-time cap (agents/levels.py); on a
loaded machine the cap, not the budget, ends the search: `--uncapped` lifts the cap, so that the CPU
seconds measure the level's whole budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from talewood.agents import Agent, bot_seed, make_agent
from talewood.agents.levels import LEVELS
from talewood.agents.mcts import MCTSAgent
from talewood.games import load


def bot(level: str, seed: int, uncapped: bool) -> Agent:
    if uncapped and level in LEVELS:
        iterations, _, depth = LEVELS[level]
        return MCTSAgent(seed, iterations=iterations, max_seconds=None, depth=depth)
    return make_agent(level, seed)


def measure(level: str, games: int, decisions: int, seed: int, options: dict[str, str],
            uncapped: bool = False) -> dict[str, float]:
    game = load("threetale")
    wall: list[float] = []
    cpu: list[float] = []
    for g in range(games):
        state = game.new_game(3, seed + g, options, tracked=False)
        agents = [bot(level, bot_seed(seed + g, seat), uncapped) for seat in range(3)]
        searched = 0
        while not state.is_over and searched < decisions:
            seat = state.current_player
            assert seat is not None
            if len(state.legal_actions()) > 1:
                t0, c0 = time.perf_counter(), time.process_time()
                action = agents[seat].choose(state)
                wall.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
                searched += 1
            else:
                action = state.legal_actions()[0]
            state.apply(action)
        print(f"game {seed + g}: {searched} decisions searched, {'over' if state.is_over else 'stopped'}",
              file=sys.stderr)
    return {
        "decisions": len(wall),
        "wall_median": statistics.median(wall), "cpu_median": statistics.median(cpu),
        "wall_p90": statistics.quantiles(wall, n=10)[-1] if len(wall) > 1 else wall[0],
        "cpu_p90": statistics.quantiles(cpu, n=10)[-1] if len(cpu) > 1 else cpu[0],
        "wall_max": max(wall), "cpu_max": max(cpu),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", help="the bots' level (easy, normal, hard)")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=120, help="searched decisions at most, per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--future", default="random", help="a Future's id, or random")
    parser.add_argument("--uncapped", action="store_true", help="no wall-time cap: the level's whole budget")
    args = parser.parse_args(argv)
    out = measure(args.level, args.games, args.decisions, args.seed, {"future": args.future}, args.uncapped)
    cap = " (uncapped)" if args.uncapped else ""
    print(f"{args.level}{cap}: {out['decisions']} decisions; seconds per decision, wall / CPU: "
          f"median {out['wall_median']:.3f} / {out['cpu_median']:.3f}, 90th percentile {out['wall_p90']:.3f} / "
          f"{out['cpu_p90']:.3f}, slowest {out['wall_max']:.3f} / {out['cpu_max']:.3f}")


if __name__ == "__main__":
    main()
