"""The state's own random number generator: tiny, seedable and cheap to copy.

SplitMix64 keeps its whole state in one integer, so cloning a game state costs one int copy,
and the same seed gives the same game on every machine and Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_INV_2_53 = 1.0 / (1 << 53)


class Rng:
    """SplitMix64. `random()` is a float in [0, 1); `below(n)` an int in [0, n)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK

    def next64(self) -> int:
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self.next64() >> 11) * _INV_2_53

    def below(self, n: int) -> int:
        return int(self.random() * n)

    def choice(self, items: Sequence[T]) -> T:
        return items[int(self.random() * len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = int(self.random() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (for bots and determinization)."""
        child = Rng()
        child.state = self.next64()
        return child

    def clone(self) -> Rng:
        other = Rng()
        other.state = self.state
        return other
