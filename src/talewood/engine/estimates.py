"""What a game's heuristics share: a projected lead turned into a win estimate for every seat."""

from __future__ import annotations

import math
from collections.abc import Sequence


def win_chances(scores: Sequence[float], scale: float) -> list[float]:
    """Each seat's lead over its best opponent through a logistic curve: `scale` points of lead ≈ 73%.

    The bots back these up as rewards in [0, 1]; what counts is the lead, not the score itself.
    """
    n = len(scores)
    out = []
    for s in range(n):
        best_other = max(scores[o] for o in range(n) if o != s)
        out.append(1.0 / (1.0 + math.exp(-(scores[s] - best_other) / scale)))
    return out
