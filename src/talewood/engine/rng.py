"""The state's own random number generators: tiny, seedable and cheap to copy.

Two kinds, chosen by the seed (`rng_for_seed`):

- `Rng` (SplitMix64) for seeds below 2**64: simulation, search, tests. It keeps its whole state
  in one integer, so cloning a game state costs one int copy, and the same seed gives the same game
  on every machine and Python version. It is *not* secret: a seat that sees the first deal can
  search the seed space and learn every hidden card, so live games never use it.
- `SecretRng` for seeds of 2**64 and more (a live game draws 128 secret bits): a keyed BLAKE2b
  stream, which cannot practically be inverted from what a seat sees. It is slower, which only
  live play (a few draws a move) pays for.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_INV_2_53 = 1.0 / (1 << 53)
SECRET_SEED_MIN = 1 << 64   # seeds from here on select SecretRng
SECRET_SEED_BITS = 128      # what a live game draws


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

    def deal(self, items: MutableSequence[T], n: int) -> None:
        """Move n items chosen uniformly at random, in random order, to the end (n = len - 1: a shuffle):
        for a deal from a pool whose remainder's order does not matter (yet), in a bot's search.

        Fisher–Yates from the end drawing several swap indices from each 64-bit draw (mixed radix): a
        search re-deals every iteration, and one generator call per swap was most of its cost. Keeping
        at least 2**20 values per digit bounds the bias of each index by 2**-20. (`shuffle` keeps one
        call per swap: the games already recorded were dealt with it.)"""
        draw = self.next64
        bits = draw()
        room = 1 << 64
        last = len(items) - 1
        for i in range(last, max(0, last - n), -1):
            m = i + 1
            if room < m << 20:
                bits = draw()
                room = 1 << 64
            bits, j = divmod(bits, m)
            room //= m
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent fast generator seeded from this one (for bots and determinization)."""
        child = Rng()
        child.state = self.next64()
        return child

    def clone(self) -> Rng:
        other = Rng()
        other.state = self.state
        return other


class SecretRng(Rng):
    """BLAKE2b keyed with the secret seed, in counter mode: 8 draws of 64 bits per hash.

    `state` counts the draws made, so a state hash still changes with every draw; the key never
    appears in a hash, a view or a log.
    """

    __slots__ = ("_block", "_key")

    def __init__(self, seed: int = SECRET_SEED_MIN) -> None:
        super().__init__(0)
        if seed < SECRET_SEED_MIN:
            raise ValueError("a secret seed is at least 2**64")
        self._key = seed.to_bytes((seed.bit_length() + 7) // 8, "little")[:64]
        self.state = 0
        self._block: tuple[int, ...] = ()

    def next64(self) -> int:
        n = self.state
        i = n & 7
        if i == 0 or not self._block:
            digest = hashlib.blake2b((n >> 3).to_bytes(8, "little"), key=self._key, digest_size=64).digest()
            self._block = tuple(int.from_bytes(digest[k:k + 8], "little") for k in range(0, 64, 8))
        self.state = n + 1
        return self._block[i]

    def clone(self) -> SecretRng:
        other = SecretRng.__new__(SecretRng)
        other.state = self.state
        other._key = self._key
        other._block = self._block
        return other


def rng_for_seed(seed: int) -> Rng:
    """The generator a game with this seed uses: SecretRng for seeds of 2**64 and more."""
    return SecretRng(seed) if seed >= SECRET_SEED_MIN else Rng(seed)
