"""The learning interfaces' own behaviour: seats and bots, rewards, seeds, illegal actions, rendering."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from talewood.engine import IllegalAction, InvalidOption, Result
from talewood.games import register, unregister
from talewood.rl import Table, env, gym_env
from talewood.rl.table import win_rewards

pytest.importorskip("pettingzoo")


def play_out(e, pick=lambda mask: int(np.flatnonzero(mask)[0])) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Play an AEC episode to its end; the final cumulative reward of each agent."""
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
        else:
            e.step(pick(obs["action_mask"]))
    return final


def test_win_rewards_split_ties_and_give_a_team_its_result() -> None:
    assert win_rewards(Result(scores=[3, 5], winners=[1])) == [-1.0, 1.0]
    assert win_rewards(Result(scores=[5, 5], winners=[0, 1])) == [0.0, 0.0]
    assert win_rewards(Result(scores=[5, 5, 5, 1], winners=[0, 1, 2])) == pytest.approx([-1 / 3, -1 / 3, -1 / 3, -1])
    assert win_rewards(Result(scores=[1, 1], winners=[])) == [-1.0, -1.0]
    assert win_rewards(Result.team(3, True, 12)) == [1.0, 1.0, 1.0]
    assert win_rewards(Result.team(2, False, 4)) == [-1.0, -1.0]


def test_an_episode_ends_with_every_agent_rewarded_by_the_result() -> None:
    e = env("spirits", players=3)
    e.reset(seed=11)
    final = play_out(e)
    assert set(final) == {"player_1", "player_2", "player_3"} and not e.agents
    assert [final[f"player_{s + 1}"] for s in range(3)] == win_rewards(e.table.state.result())


def test_score_rewards_are_the_scores_scaled() -> None:
    e = env("spirits", players=2, reward="score", score_scale=50.0)
    e.reset(seed=2)
    final = play_out(e)
    scores = e.table.state.result().scores
    assert [final["player_1"], final["player_2"]] == pytest.approx([scores[0] / 50, scores[1] / 50])


@pytest.fixture
def lanterns() -> Iterator[str]:
    register("lanterns", "tests.games.lanterns.game:LanternsGame")
    yield "lanterns"
    unregister("lanterns")


def test_a_cooperative_game_gives_every_seat_the_team_result(lanterns: str) -> None:
    for seed in range(6):
        e = env(lanterns, players=3)
        e.reset(seed=seed)
        final = play_out(e)
        team = e.table.state.result()
        assert set(final.values()) == {1.0 if team.team_won else -1.0}


def test_bot_seats_move_between_the_agents_turns() -> None:
    e = env("spirits", players=3, seats=["agent", "greedy", "random"])
    assert e.possible_agents == ["player_1"]
    e.reset(seed=5)
    turns = 0
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        assert agent == "player_1"
        if term or trunc:
            e.step(None)
            continue
        assert e.table.state.current_player == 0
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        turns += 1
    assert turns > 5 and e.table.state.is_over


def test_seats_as_a_mapping_and_bad_seats_are_refused() -> None:
    assert env("greylune", players=3, seats={1: "easy"}).possible_agents == ["player_1", "player_3"]
    with pytest.raises(InvalidOption, match="unknown seat kind 'wizard'"):
        env("spirits", players=2, seats=["agent", "wizard"])
    with pytest.raises(InvalidOption, match="at least one seat must be an agent"):
        env("spirits", players=2, seats=["greedy", "random"])
    with pytest.raises(InvalidOption, match="one per seat"):
        env("spirits", players=3, seats=["agent"])


def test_the_same_seed_deals_the_same_games_and_bots_play_the_same() -> None:
    def run(seed: int) -> list[int]:
        g = gym_env("spirits", opponents="greedy", players=3)
        g.reset(seed=seed)
        out = [g.table.seed]
        for _ in range(2):
            done = False
            while not done:
                action = int(np.flatnonzero(g.action_masks())[0])
                _, _, done, trunc, _ = g.step(action)
                done = done or trunc
                out.append(g.table.state.version)
            g.reset()
            out.append(g.table.seed)
        return out

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_an_illegal_action_raises_and_changes_nothing_or_loses() -> None:
    e = env("spirits", players=2)
    e.reset(seed=1)
    before = e.table.state.state_hash()
    illegal = int(np.flatnonzero(e.observe("player_1")["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="is not legal now"):
        e.step(np.int64(illegal))
    assert e.table.state.state_hash() == before and e.agent_selection == "player_1"
    e = env("spirits", players=2, illegal="lose")
    e.reset(seed=1)
    e.step(illegal)
    assert e.terminations == {"player_1": True, "player_2": True}
    assert e._cumulative_rewards == {"player_1": -1.0, "player_2": 0.0}
    g = gym_env("spirits")
    g.reset(seed=1)
    _, reward, done, _, info = g.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)
    assert not info["action_mask"].any()             # the episode is over: nothing is legal in it any more
    g = gym_env("spirits", illegal="raise")
    g.reset(seed=1)
    with pytest.raises(IllegalAction):
        g.step(illegal)


def test_gym_plays_one_seat_against_bots_to_the_end() -> None:
    g = gym_env("greylune", seat=1, opponents=["random", "greedy"], players=3)
    obs, _ = g.reset(seed=9)
    assert obs.shape == g.observation_space.shape and obs.dtype == np.float32
    assert g.table.state.current_player == 1
    done = trunc = False
    reward = 0.0
    while not (done or trunc):
        mask = g.action_masks()
        assert mask.dtype == bool and mask.any()
        obs, reward, done, trunc, _ = g.step(int(np.flatnonzero(mask)[0]))
    assert reward == win_rewards(g.table.state.result())[1]
    assert not g.action_masks().any()


def test_max_steps_truncates_an_episode() -> None:
    e = env("spirits", players=2, max_steps=6)
    e.reset(seed=3)
    steps = 0
    for _agent in e.agent_iter():
        _, reward, term, trunc, _ = e.last()
        if term or trunc:
            assert trunc and not term and reward == 0.0
            e.step(None)
            continue
        e.step(int(np.flatnonzero(e.table.mask())[0]))
        steps += 1
    assert steps == 6


def test_ansi_rendering_is_the_terminal_view_and_the_prompt() -> None:
    e = env("spirits", players=2, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str) and "The forest" in text and "Player 1: collect a tile" in text
    assert env("spirits", players=2).render() is None
    with pytest.raises(InvalidOption, match="render_mode"):
        env("spirits", players=2, render_mode="human")


def test_table_refuses_bad_settings() -> None:
    with pytest.raises(InvalidOption, match="unknown reward"):
        Table("spirits", 2, reward="points")
    with pytest.raises(InvalidOption, match="max_steps"):
        Table("spirits", 2, max_steps=0)
    with pytest.raises(InvalidOption, match="opponents"):
        gym_env("spirits", players=3, opponents=["random"])
    with pytest.raises(InvalidOption, match="seed"):
        Table("spirits", 2).reset(seed=-1)


@pytest.mark.filterwarnings("ignore:.*infinity:UserWarning")
def test_every_game_is_registered_with_gymnasium() -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from talewood.games import available

    for game_id in available():
        made = gymnasium.make(f"talewood/{game_id}-v0", opponents="random", render_mode="ansi")
        check_env(made.unwrapped)
        obs, _ = made.reset(seed=0)
        assert obs.shape == made.observation_space.shape
        assert made.get_wrapper_attr("action_masks")().any()
        assert "Player" in made.render()


def test_configurations_cover_every_count_and_spread_over_a_long_choice() -> None:
    """Every player count with the defaults; each on/off option; each value of a short choice; a long
    choice (ThreeTale's ten teams of Heroes) on MAX_VALUES values, first and last included, which
    between them bring every Hero to the table."""
    from talewood.games import load
    from talewood.rl.configs import MAX_VALUES, configurations

    spirits = configurations(load("spirits"))
    assert [p for p, o in spirits if not o] == [1, 2, 3, 4]
    assert {o["scenario"] for _, o in spirits if "scenario" in o} == {
        "standard", "forgotten-grove", "forbidden-forest", "enchanted-wildlands"}
    game = load("threetale")
    teams = [o["heroes"] for _, o in configurations(game) if "heroes" in o]
    others = [v for v in next(o for o in game.option_set.options if o.name == "heroes").choices if v != "choose"]
    assert len(others) > MAX_VALUES and len(teams) == len(set(teams)) == MAX_VALUES
    assert teams[0] == others[0] and teams[-1] == others[-1]
    assert {hero for team in teams for hero in team.split("+")} == {hero for team in others for hero in team.split("+")}
    futures = {o["future"] for _, o in configurations(game) if "future" in o}
    future = next(o for o in game.option_set.options if o.name == "future")
    assert futures == {v for v in future.choices if v != "random"}
