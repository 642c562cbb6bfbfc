"""The difficulty levels a seat can be: `easy`, `normal`, `hard` (plus `random` and `greedy`).

Each level is the IS-MCTS agent (mcts.py) with a fixed iteration budget, so a level with a given
seed always plays the same way; the wall-time cap is only a safety net on a slow or loaded machine.
See docs/bots.md for the measured strength and time per decision.
"""

from __future__ import annotations

from . import simple  # noqa: F401  (random and greedy first in the list of seat kinds)
from .base import register
from .mcts import mcts_factory

# kind: (iterations, wall-time cap in seconds, rollout depth before the evaluation cut-off)
LEVELS: dict[str, tuple[int, float, int]] = {
    "easy": (40, 0.1, 4),
    "normal": (250, 0.2, 6),
    "hard": (1500, 1.0, 6),
}

for _kind, (_iterations, _cap, _depth) in LEVELS.items():
    register(_kind, mcts_factory(_iterations, _cap, _depth, name=_kind))
