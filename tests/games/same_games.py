"""Fixed-seed games reduced to a digest, for a game's `test_same_games.py`: every decision's seat, legal
actions, chosen action and its label, every event, (with `hashes`) the state's hash after every step, and
the final scores. A change meant to keep behaviour (a speed-up, a refactoring) must keep each game's
recorded digests; one meant to change play records them again."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from talewood.engine import CHANCE, Rng, State
from talewood.engine.definition import Game


class Digest:
    def __init__(self, hashes: bool) -> None:
        self.h = hashlib.blake2b(digest_size=10)
        self.hashes = hashes      # the state's hash after every step too

    def add(self, *parts: Any) -> None:
        self.h.update(repr(parts).encode())
        self.h.update(b"\n")

    def step(self, state: State, action: int) -> None:
        self.add(state.current_player, tuple(state.legal_actions()), action, state.describe(action))
        for e in state.apply(action):
            self.add(sorted(e.items()))
        if self.hashes:
            self.add(state.state_hash())

    def end(self, state: State) -> str:
        result = state.result()
        self.add(result.scores, result.winners, [sorted(x.items()) for x in result.details])
        return self.h.hexdigest()


def random_game(game: Game, players: int, seed: int, options: dict[str, Any], tracked: bool, hashes: bool) -> str:
    state = game.new_game(players, seed, options, tracked=tracked)
    rng = Rng(seed + 1000 * players)
    d = Digest(hashes)
    if hashes:
        d.add(state.state_hash())
    while not state.is_over:
        legal = state.legal_actions()
        d.step(state, legal[rng.below(len(legal))])
    return d.end(state)


def lookahead_game(game: Game, players: int, seed: int, options: dict[str, Any], hashes: bool,
                   value: Callable[[State, int], float]) -> str:
    """Each seat tries every legal action on a clone of a world re-dealt from what it sees, and takes one of
    the best by `value` (a fixed evaluation: the bots' heuristics are tuned separately)."""
    state = game.new_game(players, seed, options, tracked=False)
    rng = Rng(seed)
    d = Digest(hashes)
    while not state.is_over:
        legal = state.legal_actions()
        seat = state.current_player
        assert seat is not None
        world = state.determinize(seat, rng.spawn())
        d.add(world.hash_key())
        values = []
        for action in legal:
            child = world.clone()
            child.apply(action)
            values.append(round(value(child, seat), 6))
        best = max(values)
        choices = [a for a, v in zip(legal, values, strict=True) if v == best]
        d.step(state, choices[rng.below(len(choices))])
    return d.end(state)


def chance_game(game: Game, players: int, seed: int, options: dict[str, Any], hashes: bool) -> str:
    state = game.new_game(players, seed, options, explicit_chance=True, tracked=False)
    rng = Rng(seed)
    d = Digest(hashes)
    while not state.is_over:
        if state.current_player == CHANCE:
            d.add(tuple(state.chance_outcomes()))
        legal = state.legal_actions()
        d.step(state, legal[rng.below(len(legal))])
    return d.end(state)
