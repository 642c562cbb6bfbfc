"""The standard checks of each learning interface, on every registered game, every player count and
module combinations (talewood.rl.configs): PettingZoo's api_test and seed_test, Gymnasium's check_env,
OpenSpiel's random simulation test, and no hidden information in any observation."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from talewood.engine import Rng
from talewood.games import available, load
from talewood.rl import env, gym_env
from talewood.rl.configs import configurations, label

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

CONFIGS = [(g, players, options) for g in available() for players, options in configurations(load(g))]
IDS = [label(*c) for c in CONFIGS]
# the observation is unbounded (Box(-inf, inf)): the checkers' advice about it is not a failure
QUIET = ("ignore:.*infinity:UserWarning", "ignore:.*should be gymnasium.spaces.box:UserWarning",
         "ignore:Observation is not a NumPy array:UserWarning", "ignore:.*not having a spec:UserWarning")


def quiet(fn: Any) -> Any:
    for spec in QUIET:
        fn = pytest.mark.filterwarnings(spec)(fn)
    return fn


@quiet
@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test(game: str, players: int, options: dict[str, Any]) -> None:
    e = env(game, players, options)
    # enough cycles for a whole game: the test plays it to the end and checks the rewards
    pettingzoo_test.api_test(e, num_cycles=e.table.max_decisions)


@quiet
@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_seed_test(game: str, players: int, options: dict[str, Any]) -> None:
    pettingzoo_test.seed_test(lambda: env(game, players, options), num_cycles=load(game).max_decisions(
        players, load(game).parse_options(options, players)))


@quiet
@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_gymnasium_check_env(game: str, players: int, options: dict[str, Any]) -> None:
    seat = players - 1   # the last seat: bots move before its first decision
    env_checker.check_env(gym_env(game, seat=seat, opponents="random", players=players, options=options),
                          skip_render_check=False)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_observations_hide_what_the_seat_cannot_see(game: str, players: int, options: dict[str, Any]) -> None:
    """Each agent's observation, all along a game, equals the game's encoding of a world where what
    that seat cannot see was re-dealt: nothing hidden leaks into it. The action mask is the legal
    actions, which are sorted, distinct and told apart by their labels (OpenSpiel needs both)."""
    e = env(game, players, options)
    e.reset(seed=3)
    rng = Rng(5)
    positions = 0
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        state = e.table.state
        for other in e.possible_agents:
            seat = e.seat_of[other]
            seen = e.observe(other)["observation"]
            world = state.determinize(seat, Rng(rng.next64()))
            assert np.array_equal(seen, e.table.padded(world.game.encode(world, seat))), (
                f"{other}'s observation changes when what it cannot see is re-dealt ({state.prompt()})")
        positions += 1
        mask = obs["action_mask"]
        legal = state.legal_actions()
        assert legal == sorted(set(legal)), f"legal actions must be sorted and distinct ({state.prompt()}: {legal})"
        labels = [state.describe(a) for a in legal]
        assert len(set(labels)) == len(labels), f"two legal actions share a label ({state.prompt()}: {labels})"
        assert mask.dtype == np.int8 and list(np.flatnonzero(mask)) == legal
        e.step(int(np.flatnonzero(mask)[rng.below(int(mask.sum()))]))
    assert positions > 5
