"""A bot never sees hidden information: changing only what its seat cannot see never changes its choice.

The second state of each pair is the real one re-dealt by `determinize(seat, …)`: the same view for
`seat`, but other hidden favor tokens, face-down tiles and (before the reveal) other Wish/Hex cards,
and a different future. A cheating agent that searches clones of the real state fails the same check,
which shows the check can fail.
"""

from __future__ import annotations

import importlib

import pytest

from talewood import compiled
from talewood.agents import make_agent
from talewood.agents.mcts import MCTSAgent
from talewood.engine import Rng
from talewood.games import load

ALL_MODULES = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True,
               "scenario": "standard"}


# the cheat swaps a method on the state's class, which a compiled class does not allow (its calls are direct):
# the check is shown on the Python build (make test-pure runs it)
needs_python = pytest.mark.skipif(not compiled.pure() and compiled.is_compiled(importlib.import_module(
    "talewood.games.spirits.state")), reason="the cheat patches a compiled class: make test-pure runs this")


class CheatingAgent(MCTSAgent):
    """The same search, but every iteration clones the real state (seeing every secret)."""

    def search(self, state, seat):
        cls = type(state)
        honest = cls.determinize
        cls.determinize = lambda self_, s, rng: self_.clone()
        try:
            return super().search(state, seat)
        finally:
            cls.determinize = honest


def positions(count=5):
    """Mid-game 4-player positions with every module on, hidden tokens and face-down tiles."""
    game = load("spirits")
    out = []
    for seed in range(count):
        state = game.new_game(4, seed, ALL_MODULES, tracked=False)
        rng = Rng(seed)
        for _ in range(12 + 3 * seed):
            state.apply(rng.choice(state.legal_actions()))
        while len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        out.append(state)
    return out


def pairs():
    for state in positions():
        seat = state.current_player
        for x in range(2):
            other = state.determinize(seat, Rng(1000 + x))
            assert other.view(seat) == state.view(seat)
            assert other.legal_actions() == state.legal_actions()
            out = (state, other)
            yield out


def differs(state, other):
    return (state.token_at != other.token_at or state.place_tile != other.place_tile
            or state.favors != other.favors or state.rng.state != other.rng.state)


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_level_choice_ignores_what_the_seat_cannot_see(kind):
    for state, other in pairs():
        assert differs(state, other)
        a = make_agent(kind, 77)
        b = make_agent(kind, 77)
        if kind == "hard":  # keep the test quick: the same search, a smaller budget
            a.iterations = b.iterations = 300
        a.max_seconds = b.max_seconds = None   # the wall-time cap would make the choice time-dependent
        assert a.choose(state) == b.choose(other)


@needs_python
def test_the_check_catches_a_cheating_bot():
    changed = 0
    for state, other in pairs():
        if CheatingAgent(77, iterations=250, depth=6).choose(state) != \
                CheatingAgent(77, iterations=250, depth=6).choose(other):
            changed += 1
    assert changed > 0, "a bot that sees the real state should be caught by the check above"
