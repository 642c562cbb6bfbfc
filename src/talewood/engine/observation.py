"""Observations for learning agents: a fixed-size vector of numbers per seat, laid out in named segments.

A game declares its layout once per size and options (`Game.observation_spec`) and fills it from
what one seat sees (`Game.encode(state, seat)`). The contract tests check that the encoding has the
declared size and is a function of the seat's view alone: a determinized copy encodes the same.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


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

    __slots__ = ("_offsets", "segments", "size")

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = tuple(segments)
        self._offsets: dict[str, int] = {}
        at = 0
        for segment in self.segments:
            if segment.name in self._offsets:
                raise ValueError(f"two observation segments are named {segment.name!r}")
            self._offsets[segment.name] = at
            at += segment.size
        self.size = at

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def offset(self, name: str) -> int:
        return self._offsets[name]

    def zeros(self) -> list[float]:
        return [0.0] * self.size

    def table(self) -> str:
        """The layout as a Markdown table (for docs/rl.md)."""
        rows = ["| segment | offset | shape | meaning |", "|---|---|---|---|"]
        for segment in self.segments:
            shape = "×".join(str(d) for d in segment.shape)
            rows.append(f"| `{segment.name}` | {self._offsets[segment.name]} | {shape} | {segment.meaning} |")
        return "\n".join(rows)
