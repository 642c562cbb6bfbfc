"""The Present and the Future (rulebook, Present Phase and Future Phase; the Future Book).

From the bottom up: `chapter` (which chapter is played), `goal` (its goal and its clock), one module
per chapter's own rules (`flips` for the Nine Rings and the Path of Initiation, `flood`,
`parallel_land`, `crown`), `present` (the Prophecy fulfilled and the chapter set up), `rounds` (the
enemy turn, the Heroes' turns, the end of a round) and `cards` (what the Futures' cards and tokens do).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# heuristics.py imports flip_region_candidates and tree_flip_candidates from here (its bytes are the fixed
# greedy game's fingerprint): they are loaded when first asked for, so that importing one part of the
# package does not load all of it
if TYPE_CHECKING:
    from .parallel_land import flip_region_candidates, tree_flip_candidates
else:
    def __getattr__(name: str) -> object:
        if name in ("flip_region_candidates", "tree_flip_candidates"):
            # loaded on first use (see above)
            from . import parallel_land

            return getattr(parallel_land, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["flip_region_candidates", "tree_flip_candidates"]
