"""A Hero's turn (rulebook, Past Phase; Future Book: "the same rules you've followed so far").

The Past's tile (steps 1-3, `tile`), Faith's Bonus cards at the start (`bonus`), then moving
(`moving`) and acting (`acting`: claiming, giving and blessing in `giving`, the Altar in `altar`,
Talents in `talents`) in any order (steps 4-5), then the end of the turn (`end`: Endurance and Mercy,
Bonus cards back). Movement is one Step a decision; an Action is one decision (what it leads to — a
Treasure roll, a battle, an Altar's Sacrifices — has its own frames).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# heuristics.py imports Turn from here (its bytes are the fixed greedy game's fingerprint): it is
# loaded when first asked for, so that importing one part of the package does not load all of it
if TYPE_CHECKING:
    from .acting import Turn
else:
    def __getattr__(name: str) -> object:
        if name in ("Turn",):
            # loaded on first use (see above)
            from . import acting

            return getattr(acting, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["Turn"]
