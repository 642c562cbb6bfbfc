"""The engine plays the same Spirits games: fixed-seed random games at every table size, with the modules off
and on, each Forest Scenario, a random first player, tracked and not, a game whose seats look ahead on
clones of re-dealt worlds, and one with explicit chance steps: each produces exactly the digest recorded
here — every decision's seat, legal actions, chosen action and its label, every event, the state's hash
after every step, and the final scores. A change to the rules code that is meant to keep behaviour (a
speed-up, a refactoring) must keep them.

A change to the rules or the content that is meant to change play changes them: record them again with
`python -m tests.games.spirits.test_same_games` and paste the printed table over RECORDED.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from talewood.engine import CHANCE, Rng, State
from talewood.games.spirits.scoring import score_details
from talewood.games.spirits.state import SpiritsState

from .helpers import GAME

RECORDED: dict[str, str] = {
    'random 1p seed 1': '60c84f01060129a036f1',
    'random 2p seed 1': '9c177371703ebf5c1bca',
    'random 2p seed 2 modules': 'c390d2eeb384c783c7f9',
    'random 3p seed 1': 'd64fb664e3269b2843ea',
    'random 3p seed 2 modules': 'fc34cb2499419d8f0371',
    'random 4p seed 1': '5e5ecbadf2dc3ed6127f',
    'random 4p seed 2 modules': 'bd270fca97765be589fe',
    'random 4p seed 3 untracked': 'f81b9c62fe009a15334f',
    'random 4p seed 4 modules untracked': 'ecbb54fa92aac40b2d0e',
    'random 3p seed 5 standard': '8fad9c16295345cfd057',
    'random 4p seed 6 forgotten-grove': '8e733c2502e8db147b13',
    'random 2p seed 7 forbidden-forest': '9567c00f3f1e1610e953',
    'random 4p seed 8 enchanted-wildlands': 'edc7ede003cc8af65625',
    'lookahead 2p seed 5 modules': '5cd5a77f5574e0b0bfcd',
    'lookahead 4p seed 6': 'db564c6cd5c27972f4f3',
    'chance 3p seed 7 modules': '6e9fc2d398f183a4d53a',
}

MODULES = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True,
           "first_player": "random"}


class Digest:
    def __init__(self) -> None:
        self.h = hashlib.blake2b(digest_size=10)

    def add(self, *parts: Any) -> None:
        self.h.update(repr(parts).encode())
        self.h.update(b"\n")

    def hex(self) -> str:
        return self.h.hexdigest()


def _step(d: Digest, state: State, action: int) -> None:
    d.add(state.current_player, tuple(state.legal_actions()), action, state.describe(action))
    for e in state.apply(action):
        d.add(sorted(e.items()))
    d.add(state.state_hash())


def _end(d: Digest, state: State) -> str:
    result = state.result()
    d.add(result.scores, result.winners, [sorted(x.items()) for x in result.details])
    return d.hex()


def random_game(players: int, seed: int, options: dict[str, Any], tracked: bool) -> str:
    state = GAME.new_game(players, seed, options, tracked=tracked)
    rng = Rng(seed + 1000 * players)
    d = Digest()
    d.add(state.state_hash())
    while not state.is_over:
        legal = state.legal_actions()
        _step(d, state, legal[rng.below(len(legal))])
    return _end(d, state)


def _value(state: SpiritsState, seat: int) -> float:
    """A fixed evaluation for the lookahead game (the bots' heuristics are tuned separately)."""
    if state.is_over:
        return 100.0 if seat in state.result().winners else -100.0
    details = score_details(state)
    mine = details[seat]["total"] - max(x["total"] for i, x in enumerate(details) if i != seat)
    return mine + 0.5 * state.supply[seat] + 0.3 * len(state.favors[seat])


def lookahead_game(players: int, seed: int, options: dict[str, Any]) -> str:
    """Each seat tries every legal action on a clone of a world re-dealt from what it sees."""
    state = GAME.new_game(players, seed, options, tracked=False)
    rng = Rng(seed)
    d = Digest()
    while not state.is_over:
        legal = state.legal_actions()
        seat = state.current_player
        assert seat is not None
        world = state.determinize(seat, rng.spawn())
        assert isinstance(world, SpiritsState)
        d.add(world.hash_key())
        values = []
        for action in legal:
            child = world.clone()
            child.apply(action)
            assert isinstance(child, SpiritsState)
            values.append(round(_value(child, seat), 6))
        best = max(values)
        choices = [a for a, v in zip(legal, values, strict=True) if v == best]
        _step(d, state, choices[rng.below(len(choices))])
    return _end(d, state)


def chance_game(players: int, seed: int, options: dict[str, Any]) -> str:
    state = GAME.new_game(players, seed, options, explicit_chance=True, tracked=False)
    rng = Rng(seed)
    d = Digest()
    while not state.is_over:
        if state.current_player == CHANCE:
            d.add(tuple(state.chance_outcomes()))
        legal = state.legal_actions()
        _step(d, state, legal[rng.below(len(legal))])
    return _end(d, state)


def games() -> dict[str, Any]:
    out: dict[str, Any] = {"random 1p seed 1": lambda: random_game(1, 1, {}, True)}
    for players in (2, 3, 4):
        out[f"random {players}p seed 1"] = lambda p=players: random_game(p, 1, {}, True)
        out[f"random {players}p seed 2 modules"] = lambda p=players: random_game(p, 2, MODULES, True)
    out["random 4p seed 3 untracked"] = lambda: random_game(4, 3, {}, False)
    out["random 4p seed 4 modules untracked"] = lambda: random_game(4, 4, MODULES, False)
    for players, seed, layout in ((3, 5, "standard"), (4, 6, "forgotten-grove"), (2, 7, "forbidden-forest"),
                                  (4, 8, "enchanted-wildlands")):
        out[f"random {players}p seed {seed} {layout}"] = \
            lambda p=players, s=seed, x=layout: random_game(p, s, {**MODULES, "scenario": x}, True)
    out["lookahead 2p seed 5 modules"] = lambda: lookahead_game(2, 5, MODULES)
    out["lookahead 4p seed 6"] = lambda: lookahead_game(4, 6, {})
    out["chance 3p seed 7 modules"] = lambda: chance_game(3, 7, MODULES)
    return out


GAMES = games()


@pytest.mark.parametrize("name", list(GAMES))
def test_the_same_game_is_played(name: str) -> None:
    assert GAMES[name]() == RECORDED[name]


if __name__ == "__main__":
    print("RECORDED: dict[str, str] = {")
    for name, play in GAMES.items():
        print(f"    {name!r}: {play()!r},")
    print("}")
