"""The IS-MCTS agent and the difficulty levels: contract, reproducibility, fallbacks."""

from __future__ import annotations

import pytest

from talewood.agents import make_agent, seat_kinds
from talewood.agents import mcts as mcts_module
from talewood.agents.levels import LEVELS
from talewood.agents.mcts import CanonicalRng, MCTSAgent, terminal_rewards
from talewood.engine import Result, Rng
from talewood.games import available, load

ALL_MODULES = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True,
               "scenario": "standard"}


def midgame(players=2, seed=0, steps=10, options=None):
    state = load("spirits").new_game(players, seed, options, tracked=False)
    rng = Rng(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def test_levels_are_registered_seat_kinds():
    kinds = seat_kinds()
    for kind in ("random", "greedy", "easy", "normal", "hard"):
        assert kind in kinds
    for kind in LEVELS:
        agent = make_agent(kind, 1)
        assert isinstance(agent, MCTSAgent) and agent.name == kind
    iters = [LEVELS[k][0] for k in ("easy", "normal", "hard")]
    assert iters == sorted(iters)


def test_a_single_legal_action_is_returned_without_search():
    state = load("spirits").new_game(2, 3, tracked=False)
    rng = Rng(5)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    agent = MCTSAgent(1, iterations=10_000)
    assert agent.choose(state) == state.legal_actions()[0]
    assert agent.last_iterations == 0


def test_choice_is_legal_and_reproducible_for_a_seed():
    state = midgame(3, seed=2, steps=8)
    before = state.state_hash()
    a = MCTSAgent(11, iterations=120, depth=4).choose(state)
    b = MCTSAgent(11, iterations=120, depth=4).choose(state)
    assert a == b and a in state.legal_actions()
    assert state.state_hash() == before, "searching must not change the real state"


def test_the_budget_in_iterations_and_the_time_cap():
    state = midgame(2, seed=1)
    agent = MCTSAgent(3, iterations=57, depth=3)
    agent.choose(state)
    assert agent.last_iterations == 57
    capped = MCTSAgent(3, iterations=10**9, max_seconds=0.05, depth=3)
    capped.choose(state)
    assert 0 < capped.last_iterations < 10**9


class WholeBudget(MCTSAgent):
    """Never stops a search early. (A subclass, not a patch: the compiled agent calls its own functions
    directly.)"""

    def search(self, state, seat, vectors=None, early_stop=True):
        return super().search(state, seat, vectors, early_stop=False)


def test_stopping_once_the_choice_is_decided_chooses_what_the_whole_budget_would():
    positions = [midgame(2, seed=s, steps=6 + 3 * s) for s in range(6)]
    early = []
    for state in positions:
        agent = MCTSAgent(5, iterations=600, depth=0)
        early.append((agent.choose(state), agent.last_iterations))
    full = [WholeBudget(5, iterations=600, depth=0).choose(state) for state in positions]
    assert [a for a, _ in early] == full
    assert any(n < 600 for _, n in early), "no search stopped early: the test would prove nothing"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_with_all_modules(players):
    state = load("spirits").new_game(players, 40 + players, ALL_MODULES, tracked=False)
    agents = [MCTSAgent(s, iterations=12, depth=3) for s in range(players)]
    while not state.is_over:
        seat = state.current_player
        state.apply(agents[seat].choose(state))
    assert len(state.result().scores) == players


def test_searches_without_heuristics_by_random_rollouts_to_the_end(monkeypatch):
    monkeypatch.setattr(mcts_module, "game_module", lambda game_id, part: None)
    monkeypatch.setattr(mcts_module, "_HEURISTICS", {})
    state = midgame(2, seed=4, steps=30)
    heur = mcts_module.heuristics_for("spirits")
    assert not heur.has_evaluation and heur.rollout is mcts_module._random_action
    agent = MCTSAgent(2, iterations=20, depth=3)
    assert agent.choose(state) in state.legal_actions()


def test_root_statistics_are_the_choosers_rewards():
    state = midgame(2, seed=6)
    seat = state.current_player
    root = MCTSAgent(9, iterations=200, depth=4).search(state, seat)
    assert set(root.children) <= set(state.legal_actions())
    assert sum(ch.visits for ch in root.children.values()) == 200
    for ch in root.children.values():
        assert 0.0 <= ch.total <= ch.visits and ch.avail >= ch.visits


def test_the_root_bias_scales_the_one_step_view_from_nothing_to_its_weight():
    heur = mcts_module.Heuristics("spirits")
    heur.root_bias = lambda s: 3.0
    agent = MCTSAgent(1, iterations=10, depth=0)
    # the first of a few positions where the actions' evaluations differ (where they are all alike there
    # is nothing to follow: no bias)
    state, bias = next((s, b) for s in (midgame(2, seed=k, steps=k) for k in range(10))
                       if (b := agent.one_ply(s, s.current_player, heur)) is not None)
    assert set(bias) == set(state.legal_actions())
    assert max(bias.values()) == 3.0 and min(bias.values()) == 0.0
    heur.root_bias = lambda s: 0.0
    assert agent.one_ply(state, state.current_player, heur) is None


def test_where_every_leaf_scores_alike_the_root_bias_decides(monkeypatch):
    """A game whose evaluation barely tells its actions apart asks for the root bias: the search then
    follows the one-step view; without it the visits spread evenly and the choice is any action."""
    state = midgame(2, seed=4)
    favourite = state.legal_actions()[-1]
    heur = mcts_module.Heuristics("spirits")
    heur.evaluate_all = lambda s: [0.5] * s.players
    monkeypatch.setitem(mcts_module._HEURISTICS, "spirits", heur)

    class Favouring(MCTSAgent):
        def one_ply(self, s, seat, h):
            return {favourite: 3.0}

    heur.root_bias = lambda s: 3.0
    assert {Favouring(seed, iterations=200, depth=0).choose(state) for seed in range(6)} == {favourite}
    heur.root_bias = None
    assert {Favouring(seed, iterations=200, depth=0).choose(state) for seed in range(6)} != {favourite}


def _Over(result, players):
    """A state ended with `result` (a real one: the compiled agent accepts nothing else)."""
    state = load("spirits").new_game(players, 1, tracked=False)
    state.final = result
    return state


def test_terminal_rewards_share_wins_and_serve_cooperative_games():
    assert terminal_rewards(_Over(Result([3, 5, 5], [1, 2]), 3)) == [0.0, 0.5, 0.5]
    assert terminal_rewards(_Over(Result([1, 1, 1], [], cooperative=True, team_won=True), 3)) == [1.0] * 3
    assert terminal_rewards(_Over(Result([0, 0], [], cooperative=True, team_won=False), 2)) == [0.0] * 2


def test_canonical_rng_shuffle_depends_on_contents_not_order():
    a, b = CanonicalRng(), CanonicalRng()
    a.state = b.state = 1234
    x, y = [5, 1, 4, 2, 3], [3, 2, 1, 5, 4]
    a.shuffle(x)
    b.shuffle(y)
    assert x == y and sorted(x) == [1, 2, 3, 4, 5]


def test_canonical_rng_shuffle_is_uniform():
    # every permutation of four items about equally often (24,000 shuffles: 1,000 each, sd ~31)
    rng = CanonicalRng(7)
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(24_000):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        counts[tuple(items)] = counts.get(tuple(items), 0) + 1
    assert len(counts) == 24 and all(850 < c < 1150 for c in counts.values())
    # a long pool (several draws per shuffle): the first item lands in every place about equally
    places = [0] * 48
    for _ in range(9_600):
        items = list(range(48))
        rng.shuffle(items)
        places[items.index(0)] += 1
    assert all(120 < c < 290 for c in places), places


@pytest.mark.parametrize("make", [Rng, CanonicalRng])
def test_a_deal_is_the_first_steps_of_a_shuffle_and_uniform(make):
    a, b = CanonicalRng(5), make(5)
    x, y = list(range(30)), list(range(30))
    a.shuffle(x)
    b.deal(y, 29)
    assert x == y
    # 3 dealt from 8: each item ends in each of the last three places about equally often (16,000 deals:
    # 2,000 each, sd ~42), and the rest are the items not dealt
    rng = make(11)
    places = [[0] * 3 for _ in range(8)]
    for _ in range(16_000):
        items = list(range(8))
        rng.deal(items, 3)
        assert sorted(items) == list(range(8))
        for k, item in enumerate(items[5:]):
            places[item][k] += 1
    assert all(1820 < c < 2180 for row in places for c in row), places


@pytest.mark.parametrize("game_id", available())
def test_plays_every_registered_game(game_id):
    game = load(game_id)
    players = max(2, game.min_players)
    state = game.new_game(players, 5, tracked=False)
    agents = [make_agent("easy", s) for s in range(players)]
    for agent in agents:
        agent.iterations, agent.depth = 6, 2
    while not state.is_over:
        state.apply(agents[state.current_player].choose(state))
    assert len(state.result().scores) == players
