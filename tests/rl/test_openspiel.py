"""OpenSpiel's own random simulation test on every registered game, player count and module
combination, and on the tests' cooperative game with a chance step (explicit chance nodes)."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.engine import Rng
from talewood.games import available, load, register, unregister
from talewood.rl.configs import configurations, label

pyspiel = pytest.importorskip("pyspiel")
from talewood.rl import openspiel as tw_openspiel  # noqa: E402

CONFIGS = [(g, players, options) for g in available() for players, options in configurations(load(g))]


def sim(game_id: str, players: int, options: dict[str, Any], sims: int = 1) -> Any:
    tw_openspiel.register([game_id])
    game = pyspiel.load_game(tw_openspiel.short_name(game_id), {"players": players, **options})
    # a state's serialisation replays its actions from its seed; the test's serialise step also asks a
    # game with sampled chance for its generator state, which a Python game cannot give
    explicit = game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=sims, serialize=explicit, verbose=False)
    return game


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=[label(*c) for c in CONFIGS])
def test_random_sim_test(game: str, players: int, options: dict[str, Any]) -> None:
    g = sim(game, players, options)
    assert g.num_players() == players
    assert g.observation_tensor_shape() == [load(game).observation_spec(players, load(game).parse_options(
        options, players)).size]


@pytest.fixture
def lanterns() -> Any:
    register("lanterns", "tests.games.lanterns.game:LanternsGame")
    yield "lanterns"
    unregister("lanterns")


@pytest.mark.parametrize("players", [2, 3])
def test_explicit_chance_nodes(lanterns: str, players: int) -> None:
    game = sim(lanterns, players, {}, sims=5)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    assert state.is_chance_node(), "the wind die before the first turn is a chance node"
    assert state.chance_outcomes() == [(0, 0.5), (1, 1 / 3), (2, 1 / 6)]
    state.apply_action(2)
    assert not state.is_chance_node()


def test_cooperative_games_have_identical_returns(lanterns: str) -> None:
    game = sim(lanterns, 3, {})
    assert game.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    returns = state.returns()
    assert len(set(returns)) == 1 and returns[0] in (-1.0, 1.0)


def test_two_player_games_are_zero_sum() -> None:
    game = sim("spirits", 2, {})
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert sum(state.returns()) == 0.0


def test_a_clone_plays_on_alone_and_a_state_round_trips_through_serialisation() -> None:
    tw_openspiel.register(["spirits"])
    game = pyspiel.load_game("talewood_spirits", {"players": 3, "wish": True})
    state = game.new_initial_state()
    for _ in range(7):
        state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[-1])
    assert str(clone) != str(state) and len(clone.history()) == len(state.history()) + 1
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.observation_tensor(1) == state.observation_tensor(1)


def test_observation_tensor_is_the_encoder_and_games_differ() -> None:
    tw_openspiel.register(["greylune"])
    game = pyspiel.load_game("talewood_greylune", {"players": 2, "seed": 4})
    a, b = game.new_initial_state(), game.new_initial_state()
    assert str(a) != str(b), "each new game is dealt from the next seed"
    engine = a.engine
    assert a.observation_tensor(0) == pytest.approx(engine.game.encode(engine, 0))
    assert '"seat":' in a.observation_string(0)


def test_talewood_bots_play_in_openspiel_evaluations() -> None:
    import numpy as np
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    tw_openspiel.register(["spirits"])
    game = pyspiel.load_game("talewood_spirits", {"players": 2, "seed": 3})
    rng = np.random.default_rng(0)
    wins = 0
    for _ in range(6):
        returns = evaluate_bots(game.new_initial_state(),
                                [UniformRandomBot(0, rng), tw_openspiel.TalewoodBot("greedy", 1, seed=5)], rng)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
        wins += returns[1] == 1.0
    assert wins >= 4, "the greedy bot beats a uniformly random player most of the time"


def test_one_observer_follows_states_that_jump_about() -> None:
    """An observer keeps one buffer per player up to date (the game's updater): asked about positions
    out of order, of two different games, it still gives each position's own encoding."""
    tw_openspiel.register(["spirits"])
    game = pyspiel.load_game("talewood_spirits", {"players": 3, "seed": 8})
    observer = game.make_py_observer()
    positions = []
    for _ in range(2):
        state = game.new_initial_state()
        for _ in range(40):
            positions.append(state.clone())
            state.apply_action(state.legal_actions()[len(positions) % len(state.legal_actions())])
    rng = Rng(3)
    for _ in range(120):
        state = positions[rng.below(len(positions))]
        player = rng.below(3)
        observer.set_from(state, player)
        assert observer.tensor.tolist() == pytest.approx(state.engine.game.encode(state.engine, player))
