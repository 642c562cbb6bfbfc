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

from typing import Any

import pytest

from talewood.engine import State
from talewood.games.spirits.scoring import score_details
from talewood.games.spirits.state import SpiritsState

from ..same_games import chance_game, lookahead_game, random_game
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


def _value(state: State, seat: int) -> float:
    """A fixed evaluation for the lookahead game (the bots' heuristics are tuned separately)."""
    assert isinstance(state, SpiritsState)
    if state.is_over:
        return 100.0 if seat in state.result().winners else -100.0
    details = score_details(state)
    mine = details[seat]["total"] - max(x["total"] for i, x in enumerate(details) if i != seat)
    return mine + 0.5 * state.supply[seat] + 0.3 * len(state.favors[seat])


def games() -> dict[str, Any]:
    out: dict[str, Any] = {"random 1p seed 1": lambda: random_game(GAME, 1, 1, {}, True, True)}
    for players in (2, 3, 4):
        out[f"random {players}p seed 1"] = lambda p=players: random_game(GAME, p, 1, {}, True, True)
        out[f"random {players}p seed 2 modules"] = lambda p=players: random_game(GAME, p, 2, MODULES, True, True)
    out["random 4p seed 3 untracked"] = lambda: random_game(GAME, 4, 3, {}, False, True)
    out["random 4p seed 4 modules untracked"] = lambda: random_game(GAME, 4, 4, MODULES, False, True)
    for players, seed, layout in ((3, 5, "standard"), (4, 6, "forgotten-grove"), (2, 7, "forbidden-forest"),
                                  (4, 8, "enchanted-wildlands")):
        out[f"random {players}p seed {seed} {layout}"] = \
            lambda p=players, s=seed, x=layout: random_game(GAME, p, s, {**MODULES, "scenario": x}, True, True)
    out["lookahead 2p seed 5 modules"] = lambda: lookahead_game(GAME, 2, 5, MODULES, True, _value)
    out["lookahead 4p seed 6"] = lambda: lookahead_game(GAME, 4, 6, {}, True, _value)
    out["chance 3p seed 7 modules"] = lambda: chance_game(GAME, 3, 7, MODULES, True)
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
