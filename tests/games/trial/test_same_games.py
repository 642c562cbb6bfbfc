"""The engine plays the same games: fixed-seed random games at 2, 3 and 4 players, a one-ply lookahead
game (clones of re-dealt worlds) and a game with explicit chance steps each produce exactly the digest
recorded here — every decision's seat, legal actions, chosen action and its label, every event, and the
final scores. A change to the rules code that is meant to keep behaviour (a speed-up) must keep them.

A change to the rules or the content that is meant to change play changes them: record them again with
`python -m tests.games.trial.test_same_games` and paste the printed table over RECORDED.
"""

from __future__ import annotations

from typing import Any

import pytest

from talewood.engine import State
from talewood.games.trial.scoring import score_details
from talewood.games.trial.state import TrialState

from ..same_games import chance_game, lookahead_game, random_game
from .helpers import GAME

RECORDED: dict[str, str] = {
    'random 2p seed 1': '0c27092a5898b3e9109d',
    'random 2p seed 2': 'b1e86d660b3a61a3d3fe',
    'random 2p seed 3 untracked': 'c5b587bab031e9bf0f2a',
    'random 3p seed 1': '99d3e3009b8d756c43d4',
    'random 3p seed 2': 'bf68a4afd0b7ea2ee6d0',
    'random 3p seed 3 untracked': '8588b981475972ac431b',
    'random 4p seed 1': '1fe6573d4e19c1ee2a80',
    'random 4p seed 2': 'e843a7ff2ed33a97398e',
    'random 4p seed 3 untracked': 'fbab5bbcdaed449a367c',
    'lookahead 2p seed 5': 'd5188253fc7fb77aa28d',
    'lookahead 4p seed 6': 'cc14d5f3f242e925e576',
    'chance 3p seed 7': '43d59d2c6afd5ef87f87',
}


def _value(state: State, seat: int) -> float:
    """A fixed evaluation for the lookahead game (the bots' heuristics are tuned separately)."""
    assert isinstance(state, TrialState)
    details = score_details(state)
    mine = details[seat]["total"] - max(x["total"] for i, x in enumerate(details) if i != seat)
    b = seat * 4
    return mine + 0.3 * sum(state.food[b:b + 4]) + 0.5 * len(state.hand[seat]) + 0.4 * len(state.backpack[seat])


def games() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for players in (2, 3, 4):
        for seed in (1, 2):
            tiles = "random" if seed == 1 else "fixed"
            out[f"random {players}p seed {seed}"] = \
                lambda p=players, s=seed, t=tiles: random_game(GAME, p, s, {"tiles": t}, True, False)
        out[f"random {players}p seed 3 untracked"] = \
            lambda p=players: random_game(GAME, p, 3, {"tiles": "random"}, False, False)
    out["lookahead 2p seed 5"] = lambda: lookahead_game(GAME, 2, 5, {}, False, _value)
    out["lookahead 4p seed 6"] = lambda: lookahead_game(GAME, 4, 6, {}, False, _value)
    out["chance 3p seed 7"] = lambda: chance_game(GAME, 3, 7, {}, False)
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
