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
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_INV_2_53 = 1.0 / (1 << 53)
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


def _mix(s: int) -> int:
    """SplitMix64's output of the state `s` (Python ints, masked to 64 bits)."""
    z = ((s ^ (s >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


# The same function on 64-bit machine words, for the compiled build, where Python ints of 64 bits are most
# of what a draw costs. A state's bits are read as a signed 64-bit value (`_word`); compiled, i64 arithmetic
# wraps around as arithmetic mod 2**64 does (mypyc checks no overflow between i64 values, and C extensions
# are built with -fwrapv), and each right shift is made logical by a mask. As Python, i64 values are plain
# ints that grow instead (the low 64 bits stay right, but slower than `_mix`): `_WORDS` then leaves them.
_M1_WORD: Final[i64] = _M1 - (1 << 64)
_M2_WORD: Final[i64] = _M2 - (1 << 64)
_LOW_34: Final[i64] = (1 << 34) - 1
_LOW_37: Final[i64] = (1 << 37) - 1
_LOW_33: Final[i64] = (1 << 33) - 1
_LOW_53: Final[i64] = (1 << 53) - 1


def _word(s: int) -> i64:
    """The 64-bit state `s` as a signed machine word with the same bits."""
    return i64(s - (1 << 64)) if s >> 63 else i64(s)


def _mix_word(s: i64) -> i64:
    z = (s ^ ((s >> 30) & _LOW_34)) * _M1_WORD
    z = (z ^ ((z >> 27) & _LOW_37)) * _M2_WORD
    return z ^ ((z >> 31) & _LOW_33)


def _square(x: i64) -> i64:
    return x * x


def _words_wrap() -> bool:
    """Whether i64 arithmetic wraps around here (compiled) and `_mix_word` then gives `_mix`'s bits, on
    states that reach every wrap-around and sign. Checked once."""
    if int(_square(_M1_WORD)) >= 1 << 63:       # as Python the product grows past 64 bits
        return False
    states = (0, 1, _GOLDEN, _M1, _M2, (1 << 63) - 1, 1 << 63, _MASK, 0x0123456789ABCDEF)
    return all(int(_mix_word(_word(s))) & _MASK == _mix(s) for s in states)


_WORDS: Final = _words_wrap()

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
        return int(_mix_word(_word(s))) & _MASK if _WORDS else _mix(s)

    def random(self) -> float:
        """The top 53 bits of the next draw, as a float in [0, 1)."""
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        if _WORDS:
            return float((_mix_word(_word(s)) >> 11) & _LOW_53) * _INV_2_53
        return (_mix(s) >> 11) * _INV_2_53

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

    def random(self) -> float:
        return (self.next64() >> 11) * _INV_2_53

    def clone(self) -> SecretRng:
        other = SecretRng.__new__(SecretRng)
        other.state = self.state
        other._key = self._key
        other._block = self._block
        return other


def rng_for_seed(seed: int) -> Rng:
    """The generator a game with this seed uses: SecretRng for seeds of 2**64 and more."""
    return SecretRng(seed) if seed >= SECRET_SEED_MIN else Rng(seed)
