"""What researchers expect of the environments: the Parallel API, a state for centralised critics, the board as
an image, one observation size per game across module sets, and the action mask after a vector env's autoreset."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from talewood.engine import InvalidOption
from talewood.games import load
from talewood.rl import Table, env, gym_env, parallel_env
from talewood.rl.padding import embedding, universal

pytest.importorskip("pettingzoo")
GAMES = ("spirits", "greylune", "trial", "threetale")


@pytest.mark.parametrize("game", GAMES)
def test_the_parallel_api_passes_pettingzoos_test(game: str) -> None:
    from pettingzoo.test import parallel_api_test

    players = 3 if game == "threetale" else 2
    parallel_api_test(parallel_env(game, players), num_cycles=40)


def test_a_parallel_step_plays_the_agent_whose_turn_it_is() -> None:
    p = parallel_env("spirits", 2)
    obs, _ = p.reset(seed=3)
    movers = [a for a in p.agents if obs[a]["action_mask"].any()]
    assert len(movers) == 1                     # one agent decides; the other's mask is all 0
    mover = movers[0]
    action = int(np.flatnonzero(obs[mover]["action_mask"])[0])
    table = p.aec_env.unwrapped.table
    before = table.state.version
    p.step({a: (action if a == mover else 0) for a in p.agents})
    assert table.state.version > before


@pytest.mark.parametrize("game", GAMES)
def test_the_state_is_every_seats_observation_in_one_size_per_game(game: str) -> None:
    counts = (3,) if game == "threetale" else (2, 4)
    sizes = set()
    for players in counts:
        e = env(game, players)
        e.reset(seed=5)
        state = e.state()
        assert state.shape == e.state_space.shape and state.dtype == np.float32
        size = e.table.observation_size
        for seat in range(players):
            assert np.array_equal(state[seat * size:(seat + 1) * size], e.table.observation(seat))
        assert not state[players * size:].any()
        sizes.add(state.size)
    assert len(sizes) == 1 and sizes.pop() == load(game).max_players * universal(load(game)).size


def test_every_spirits_module_set_has_one_observation_size_and_a_cell_keeps_its_index() -> None:
    game = load("spirits")
    plain = Table("spirits", 2, {}, pad=True)
    wide = Table("spirits", 2, {"scenario": "standard"}, pad=True)      # a forest of 14 columns
    tall = Table("spirits", 4, {"scenario": "enchanted-wildlands"}, pad=True)   # 7 rows
    assert plain.observation_size == wide.observation_size == tall.observation_size == universal(game).size
    assert int(plain.observation_mask.sum()) == plain.spec.size < plain.observation_size
    # the forest's place (row 1, column 2), feature 3, sits at one index whatever the forest's shape
    u = universal(game)
    _, cols, feats = u.segments[0].shape
    cell = u.offsets["forest"] + (1 * cols + 2) * feats + 3
    for table in (plain, wide, tall):
        seg = next(s for s in table.spec.segments if s.name == "forest")
        own = table.spec.offset("forest") + (1 * seg.shape[1] + 2) * seg.shape[2] + 3
        assert table._index[own] == cell
    for table in (plain, wide):
        table.reset(seed=8)
        raw = np.asarray(table.spec.encode(table.state, 0), dtype=np.float32)
        padded = table.observation(0)
        assert np.array_equal(padded, table.padded(raw)) and np.array_equal(padded[table._index], raw)
        assert not padded[table.observation_mask == 0].any()
    unpadded = Table("spirits", 2, {"scenario": "standard"}, pad=False)
    assert unpadded.observation_size == unpadded.spec.size


def test_every_combination_of_spirits_options_fits_the_padded_layout() -> None:
    game = load("spirits")
    bools = [o.name for o in game.option_set.options if o.kind == "bool"]
    choices = [o for o in game.option_set.options if o.kind == "choice"]
    fitted = 0
    for players in range(game.min_players, game.max_players + 1):
        for on in itertools.product((False, True), repeat=len(bools)):
            for values in itertools.product(*(o.choices for o in choices)):
                options = {**dict(zip(bools, on, strict=True)),
                           **{o.name: v for o, v in zip(choices, values, strict=True)}}
                try:
                    parsed = game.parse_options(options, players)
                except InvalidOption:
                    continue
                embedding(game, game.observation_spec(players, parsed), players, parsed)
                fitted += 1
    assert fitted > 500


def test_the_mask_is_in_every_info_so_a_vector_envs_autoreset_hands_over_the_new_episodes() -> None:
    import gymnasium

    envs = gymnasium.vector.SyncVectorEnv([lambda: gym_env("spirits", opponents="random") for _ in range(2)])
    _, infos = envs.reset(seed=4)
    assert infos["action_mask"].shape == (2, 263)
    done_at = None
    for _ in range(400):
        # an env whose episode just ended shows no legal action: its next action is ignored (it resets)
        actions = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in infos["action_mask"]]
        _, _, terminated, truncated, infos = envs.step(actions)
        if done_at is not None:          # the step after an episode ended: that env reset itself
            first = envs.envs[done_at]
            assert np.array_equal(infos["action_mask"][done_at], first.unwrapped.action_masks())
            assert infos["action_mask"][done_at].any() and first.unwrapped.table.steps == 0
            break
        if terminated.any() or truncated.any():
            done_at = int(np.flatnonzero(terminated | truncated)[0])
    assert done_at is not None, "no episode ended"
    envs.close()


@pytest.mark.parametrize("game", GAMES)
def test_rgb_array_rasterises_the_boards_svg(game: str) -> None:
    pytest.importorskip("cairosvg")
    players = 3 if game == "threetale" else 2
    e = env(game, players, render_mode="rgb_array")
    e.reset(seed=1)
    image = e.render()
    assert isinstance(image, np.ndarray) and image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] > 100 and image.shape[1] > 400
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 8          # a drawing, not a blank page
    g = gym_env(game, render_mode="rgb_array")
    g.reset(seed=1)
    assert g.render().shape[2] == 3


def test_an_unknown_render_mode_is_refused_with_the_valid_ones() -> None:
    with pytest.raises(InvalidOption, match="valid: ansi, rgb_array"):
        gym_env("spirits", render_mode="png")


def test_shimmys_openspiel_wrapper_plays_a_talewood_game_through_pettingzoo() -> None:
    pytest.importorskip("shimmy")
    import pyspiel
    from pettingzoo.test import api_test
    from shimmy import OpenSpielCompatibilityV0

    from talewood.rl import openspiel

    openspiel.register(["greylune"])
    api_test(OpenSpielCompatibilityV0(env=pyspiel.load_game("talewood_greylune", {"players": 2})), num_cycles=30)
