"""Observations for learning agents: a fixed-size vector of numbers per seat, laid out in named segments.

A game declares its layout once per size and options (`Game.observation_spec`) and fills it from
what one seat sees (`Game.encode(state, seat)`). The contract tests check that the encoding has the
declared size and is a function of the seat's view alone: a determinized copy encodes the same.

The fast path: a spec may carry a `writer`, a function that fills a zeroed buffer of float32 numbers
(`array("f")`, which numpy reads without a copy) in place. Learning environments keep one buffer per
table and call `write` every step; `Game.encode` is the same writer's output as a list
(`ObservationSpec.encode`), so the two never disagree.

The faster path: a spec may also carry an `updater`, a factory of updaters. An updater keeps one
buffer up to date for one seat: it remembers what it last wrote there (never the state it last saw,
so any later position of any game of the same spec may follow) and rewrites only the numbers whose
inputs changed. A game writes its encoding once, as an updater, and needs no writer: `write` runs a
fresh updater on the zeroed buffer. The contract tests check that a kept buffer always equals a fresh
one.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .game import State

# The numbers are float32, what learning code reads: an environment hands out a plain copy of a buffer
# (a float64 buffer cost a converting copy every step, twice the time). Every buffer and every row copied
# into one is made by `numbers` or `numbers_of`, as a slice assignment needs both sides of one type.
NUMBER: Final = "f"
NUMBER_BYTES: Final = 4


def numbers(size: int) -> array[float]:
    """`size` zeros, as an observation's numbers."""
    return array(NUMBER, bytes(NUMBER_BYTES * size))


def numbers_of(values: Iterable[float]) -> array[float]:
    """`values` as an observation's numbers (each rounded to float32)."""
    return array(NUMBER, values)


def move_one(view: memoryview[float], at: int, was: int, now: int, stride: int = 1) -> None:
    """A one-hot written through `view` (a memoryview of a buffer) moved: from position `was` to position
    `now` of the numbers from `at` on, positions `stride` numbers apart (-1: none there). An updater clears
    only the old 1 instead of the whole one-hot."""
    if was >= 0:
        view[at + was * stride] = 0.0
    if now >= 0:
        view[at + now * stride] = 1.0


# fills a zeroed buffer of the spec's size with what `seat` sees of the state
Writer = Callable[["State", int, "array[float]"], None]
# brings a buffer it alone writes (zeroed when the updater was made) up to what `seat` sees of the state
Update = Callable[["State", int, "array[float]"], None]


@dataclass(frozen=True)
class Segment:
    """One named block of the observation: its shape (row-major) and what each number means."""

    name: str
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class ObservationSpec:
    """The segments of an observation, in order; `offset(name)` is where a segment starts."""

    __slots__ = ("_offsets", "_zeros", "segments", "size", "updater", "writer")

    def __init__(self, segments: Sequence[Segment], writer: Writer | None = None,
                 updater: Callable[[], Update] | None = None) -> None:
        self.segments = tuple(segments)
        self._offsets: dict[str, int] = {}
        at = 0
        for segment in self.segments:
            if segment.name in self._offsets:
                raise ValueError(f"two observation segments are named {segment.name!r}")
            self._offsets[segment.name] = at
            at += segment.size
        self.size = at
        self.writer = writer
        self.updater = updater
        self._zeros = numbers(at)

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def offset(self, name: str) -> int:
        return self._offsets[name]

    def zeros(self) -> list[float]:
        return [0.0] * self.size

    def buffer(self) -> array[float]:
        """A zeroed buffer of the spec's size (float32), for `write`."""
        return array(NUMBER, self._zeros)

    def clear(self, out: array[float]) -> None:
        """Zero a buffer made by `buffer` again (a copy of bytes, no allocation)."""
        out[:] = self._zeros

    def write(self, state: State, seat: int, out: array[float]) -> None:
        """Fill the zeroed buffer `out` with what `seat` sees: the spec's writer, or else a fresh updater
        (which writes everything on a zeroed buffer), or else the game's `encode` copied in."""
        if self.writer is not None:
            self.writer(state, seat, out)
        elif self.updater is not None:
            self.updater()(state, seat, out)
        else:
            out[:] = numbers_of(state.game.encode(state, seat))

    def follow(self) -> Update:
        """An updater for one buffer made by `buffer` (see the module): the spec's own, or else one
        that clears the buffer and writes it whole each time."""
        if self.updater is not None:
            return self.updater()
        zeros, write = self._zeros, self.write

        def rewrite(state: State, seat: int, out: array[float]) -> None:
            out[:] = zeros
            write(state, seat, out)

        return rewrite

    def encode(self, state: State, seat: int) -> list[float]:
        """The writer's encoding as a list of numbers (what `Game.encode` returns)."""
        out = self.buffer()
        self.write(state, seat, out)
        return out.tolist()

    def table(self) -> str:
        """The layout as a Markdown table (for docs/rl.md)."""
        rows = ["| segment | offset | shape | meaning |", "|---|---|---|---|"]
        for segment in self.segments:
            shape = "×".join(str(d) for d in segment.shape)
            rows.append(f"| `{segment.name}` | {self._offsets[segment.name]} | {shape} | {segment.meaning} |")
        return "\n".join(rows)
