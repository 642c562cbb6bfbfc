"""One observation size per game, whatever its player count and modules: every segment of the game's observation
at its largest shape over the module sets (a Spirits forest of 7 rows, or of 14 columns), a smaller one written in
its corner (row r, column c and feature f stay at the same index), the rest zero. The mask says which numbers a
configuration writes, so one policy moves between module sets.

The largest shapes are taken over every player count with each option set the learning interfaces are checked
on (`configs.configurations`), and each value of each choice option with every module on; `embedding` refuses
a configuration that would not fit, naming it (a test checks every combination of Spirits' options fits).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine import Game, InvalidOption, ObservationSpec, OptionValue
from ..engine.observation import Segment
from .configs import configurations


@dataclass(frozen=True)
class Universal:
    """A game's padded layout: its segments (largest shapes) in the game's order, and where each starts."""

    segments: tuple[Segment, ...]
    offsets: dict[str, int]
    size: int


_universal: dict[str, Universal] = {}


def _option_sets(game: Game) -> list[tuple[int, dict[str, Any]]]:
    bools = dict.fromkeys((o.name for o in game.option_set.options if o.kind == "bool"), True)
    out = list(configurations(game))
    for players in range(game.min_players, game.max_players + 1):
        out.append((players, dict(bools)))
        for option in game.option_set.options:
            if option.kind == "choice":
                out.extend((players, {**bools, option.name: value}) for value in option.choices)
    return out


def universal(game: Game) -> Universal:
    """The game's padded layout (kept per game)."""
    if game.id in _universal:
        return _universal[game.id]
    order: list[str] = []
    shapes: dict[str, tuple[int, ...]] = {}
    meanings: dict[str, str] = {}
    for players, options in _option_sets(game):
        try:
            parsed = game.parse_options(options, players)
        except InvalidOption:
            continue
        for seg in game.observation_spec(players, parsed).segments:
            if seg.name not in shapes:
                order.append(seg.name)
                shapes[seg.name], meanings[seg.name] = seg.shape, seg.meaning
            elif len(seg.shape) != len(shapes[seg.name]):          # another rank: kept flat
                shapes[seg.name] = (max(math.prod(shapes[seg.name]), seg.size),)
            else:
                shapes[seg.name] = tuple(max(a, b) for a, b in zip(shapes[seg.name], seg.shape, strict=True))
    segments = tuple(Segment(name, shapes[name], meanings[name]) for name in order)
    offsets: dict[str, int] = {}
    at = 0
    for seg in segments:
        offsets[seg.name] = at
        at += seg.size
    _universal[game.id] = Universal(segments, offsets, at)
    return _universal[game.id]


def embedding(game: Game, spec: ObservationSpec, players: int = 0,
              options: Mapping[str, OptionValue | None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Where each number of `spec` goes in the game's padded observation (an index array), and the padded
    observation's mask (int8: 1 where this configuration writes)."""
    u = universal(game)
    index = np.empty(spec.size, dtype=np.intp)
    mask = np.zeros(u.size, dtype=np.int8)
    at = 0
    for seg in spec.segments:
        big = next((s for s in u.segments if s.name == seg.name), None)
        fits = big is not None and (
            (len(big.shape) == len(seg.shape) and all(a <= b for a, b in zip(seg.shape, big.shape, strict=True)))
            or (len(big.shape) == 1 and seg.size <= big.size))
        if big is None or not fits:
            raise InvalidOption(f"{game.name} with {players} players and options {dict(options or {})}: its "
                                f"{seg.name!r} observation ({'×'.join(map(str, seg.shape))}) is larger than the "
                                f"padded layout; pass pad=False for this configuration's own size")
        start = u.offsets[seg.name]
        where: np.ndarray
        if len(big.shape) == len(seg.shape):
            cells = np.indices(seg.shape).reshape(len(seg.shape), -1)
            where = start + np.asarray(np.ravel_multi_index(tuple(cells), big.shape))
        else:
            where = start + np.arange(seg.size)
        index[at:at + seg.size] = where
        mask[where] = 1
        at += seg.size
    mask.flags.writeable = False
    return index, mask
