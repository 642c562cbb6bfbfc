"""The difficulty levels a seat can be: `easy`, `normal`, `hard` (plus `random` and `greedy`).

Each level is the IS-MCTS agent (mcts.py) with a fixed iteration budget, so a level with a given
seed always plays the same way under the `iterations` budget (simulations, the lab, tournaments, learning
environments); under the `time` budget (live play) a wall-time cap also stops a search on a slow or loaded
machine, and then the choice depends on the machine's speed.
See docs/bots.md for the measured strength and time per decision.
"""

from __future__ import annotations

from . import simple  # noqa: F401  (random and greedy first in the list of seat kinds)
from .base import register
from .mcts import mcts_factory

# kind: (iterations, wall-time cap in seconds, rollout depth before the evaluation cut-off).
# The caps sit a little under the targets (normal 0.2 s, hard 1 s a decision) so that even a loaded
# machine, where the cap is what stops the search, keeps the median under them.
# normal and hard score the expanded leaf with the evaluation at once (depth 0): on 4-player Spirits
# against three greedy bots, 1500 iterations won 14/20 games with depth 0, 9/20 with depth 2 and 5/20
# with depth 6 (the same 20 deals), and each iteration is cheaper. easy keeps short random rollouts.
# hard's budget: 1500 iterations won as often as 3000 on 4-player Spirits with every module against
# three greedy bots (22/40 against 40/80), and on Greylune 300 iterations already beat two greedy
# bots in 38 of 60 games. 2000: in the time the Python build takes for 1000 iterations (what hard searched
# before the rules were compiled), the compiled build gets through 2.6-2.9 times as many (Spirits 2p,
# Greylune 3p: benchmarks/compiled_vs_pure.py iterations), so hard keeps its time and searches twice as far.
LEVELS: dict[str, tuple[int, float, int]] = {
    "easy": (40, 0.1, 4),
    "normal": (400, 0.18, 0),
    "hard": (2000, 0.9, 0),
}

for _kind, (_iterations, _cap, _depth) in LEVELS.items():
    register(_kind, mcts_factory(_iterations, _cap, _depth, name=_kind))
