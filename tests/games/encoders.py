"""Checks of a game's observation encoder against a reference encoding written from `view(seat)` alone
(each game's test_observation_reference.py), and the contract that what a seat sees differently is encoded
differently. An encoder that writes all zeros, or forgets a part of the view, fails both."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from talewood.engine import Game, Rng, State
from talewood.engine.observation import numbers_of

Reference = Callable[[dict[str, Any], int], list[float]]


def f32(x: float) -> float:
    """`x` as an encoding holds it: rounded to float32 (engine/observation.py)."""
    return numbers_of([x])[0]


def positions(game: Game, players: int, seed: int, options: dict[str, Any], rng: Rng,
              every: int = 1, limit: int = 100_000) -> list[State]:
    """Copies of the positions of a random game (every `every`-th, and the end)."""
    state = game.new_game(players, seed, options)
    kept: list[State] = []
    steps = 0
    while not state.is_over and steps < limit:
        if steps % every == 0:
            kept.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        steps += 1
    kept.append(state)
    return kept


def first_difference(got: list[float], want: list[float], spec: Any) -> str:
    for i, (a, b) in enumerate(zip(got, want, strict=True)):
        if a != b:
            at = 0
            for segment in spec.segments:
                if i < at + segment.size:
                    return f"segment {segment.name!r}, number {i - at}: the encoder wrote {a}, the reference {b}"
                at += segment.size
    return "none"


def only(numbers: list[float], spec: Any, segments: tuple[str, ...] | None) -> list[float]:
    """The numbers of `segments` (all of them: None), the others left out."""
    if segments is None:
        return numbers
    out: list[float] = []
    for name in segments:
        at = spec.offset(name)
        size = spec.segments[[x.name for x in spec.segments].index(name)].size
        out += numbers[at:at + size]
    return out


def check_against_reference(game: Game, players: int, seed: int, options: dict[str, Any], rng: Rng,
                            reference: Reference, every: int = 1, limit: int = 100_000,
                            segments: tuple[str, ...] | None = None) -> int:
    """The encoder's numbers equal the reference's for every seat at the positions of a random game (only
    those of `segments`, if given); returns how many (position, seat) pairs were compared."""
    spec = game.observation_spec(players, game.parse_options(options, players))
    compared = 0
    for state in positions(game, players, seed, options, rng, every, limit):
        for seat in range(players):
            got = game.encode(state, seat)
            # the reference computed in Python's floats, rounded once to the encoding's float32
            want = numbers_of(reference(state.view(seat), seat)).tolist()
            assert len(want) == spec.size
            if only(got, spec, segments) != only(want, spec, segments):
                assert segments is not None or got != want
                raise AssertionError(f"{state.prompt()} (seat {seat}): "
                                     f"{first_difference(only_kept(got, spec, segments), want, spec)}")
            compared += 1
    assert any(any(game.encode(state, 0)) for state in [game.new_game(players, seed, options)])
    return compared


def only_kept(numbers: list[float], spec: Any, segments: tuple[str, ...] | None) -> list[float]:
    """`numbers` with every segment not in `segments` zeroed (a reference leaves them 0)."""
    if segments is None:
        return numbers
    kept = [0.0] * len(numbers)
    for name in segments:
        at = spec.offset(name)
        size = spec.segments[[x.name for x in spec.segments].index(name)].size
        kept[at:at + size] = numbers[at:at + size]
    return kept


def seen(view: dict[str, Any], ignore: tuple[str, ...]) -> str:
    return json.dumps({k: v for k, v in view.items() if k not in ignore}, sort_keys=True)


def check_views_that_differ_encode_differently(game: Game, players: int, options: dict[str, Any],
                                               seeds: range = range(3), ignore: tuple[str, ...] = (),
                                               every: int = 1, limit: int = 100_000) -> None:
    """Positions that a seat sees differently (its views differ, leaving out the keys in `ignore`: the
    words the view adds for people, which the encoding needs not carry) never encode alike for it, and
    positions it sees alike encode alike."""
    encoded: dict[tuple[int, tuple[float, ...]], str] = {}
    views: dict[str, tuple[float, ...]] = {}
    for seed in seeds:
        for state in positions(game, players, seed, options, Rng(seed + 100), every, limit):
            for seat in range(players):
                view = seen(state.view(seat), (*ignore, "seat"))
                obs = tuple(game.encode(state, seat))
                key = f"{seat}:{view}"
                if key in views:
                    assert views[key] == obs, f"a position seat {seat} sees alike encodes otherwise: {state.prompt()}"
                    continue
                views[key] = obs
                assert (seat, obs) not in encoded, (
                    f"two positions that seat {seat} sees differently encode alike: {state.prompt()}\n"
                    f"{encoded[seat, obs][:1500]}\n{key[:1500]}")
                encoded[seat, obs] = key
    assert len(encoded) > 10, "the random games gave too few positions to compare"


def check_a_blank_encoder_fails(game: Game, players: int, options: dict[str, Any], reference: Reference,
                                monkeypatch: Any, segments: tuple[str, ...] | None = None) -> None:
    """The checks above would catch an encoder that writes nothing but zeros."""
    import pytest

    spec = game.observation_spec(players, game.parse_options(options, players))
    monkeypatch.setattr(game, "encode", lambda state, seat: [0.0] * spec.size)
    with pytest.raises(AssertionError):
        check_against_reference(game, players, 1, options, Rng(1), reference, every=5, segments=segments)
    with pytest.raises(AssertionError, match="encode alike"):
        check_views_that_differ_encode_differently(game, players, options, seeds=range(1), every=5)
