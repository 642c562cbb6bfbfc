"""A game's random-play decisions/s over OpenSpiel's Python tic-tac-toe's, in CPU time, in one process
(docs/architecture.md, Speed): on a busy machine, where anchors.py's wall-clock figures swing, this ratio
holds. The two loops are those of `talewood bench` and anchors.py, measured in turns; the best stretch of
each is kept.

    python benchmarks/cpu_ratio.py [--game spirits] [--rounds 5] [--seconds 0.5]
    TALEWOOD_PURE_PYTHON=1 python benchmarks/cpu_ratio.py     # the same code as Python
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable


def rate(body: Callable[[], int], seconds: float) -> float:
    """Units of `body` per CPU second, over at least `seconds` of CPU time."""
    done, start = 0, time.process_time()
    while True:
        done += body()
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="spirits")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args(argv)
    import pyspiel
    from open_spiel.python import games  # noqa: F401  (registers python_tic_tac_toe)

    from talewood.engine import Rng
    from talewood.games import load
    from talewood.sim.bench import _random_game

    game, players = args.game, load(args.game).max_players
    rng, seed = Rng(7), [0]
    tic_tac_toe = pyspiel.load_game("python_tic_tac_toe")

    def ours() -> int:
        seed[0] += 1
        return _random_game(game, players, seed[0], rng)[1]

    def anchor() -> int:
        state, decisions = tic_tac_toe.new_initial_state(), 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            decisions += 1
        return decisions

    best = [0.0, 0.0]
    for _ in range(args.rounds):
        best[0] = max(best[0], rate(ours, args.seconds))
        best[1] = max(best[1], rate(anchor, args.seconds))
    print(f"{game}: {best[0]:,.0f} decisions per CPU second; Python tic-tac-toe {best[1]:,.0f}; "
          f"ratio {best[0] / best[1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
