"""Trial heuristics: the evaluation prefers what is worth fame, greedy takes the obvious gains, and the
archetypes of the balance runs value what their strategy collects."""

from __future__ import annotations

from talewood.agents import make_agent
from talewood.agents.simple import GreedyAgent
from talewood.engine import Rng
from talewood.games.trial.heuristics import (
    ARCHETYPES,
    FIRST_PLAYER_DAY_VALUE,
    evaluate,
    evaluate_as,
    projected_scores,
    rollout_action,
)
from talewood.games.trial.state import TrialState

from .helpers import do, new_state, position

ALL_PAWS = {"placed": ["help"] * 4, "strong": "help"}


def test_more_fame_and_more_resources_project_higher():
    plain = position(2, positions=["tower_c", "start_s"], turn={"seat": 1})
    richer = position(2, positions=["tower_c", "start_s"], food=[{"tea": 3}, {}], turn={"seat": 1})
    famous = position(2, positions=["tower_c", "start_s"], stories=[["food_delivery"], []], turn={"seat": 1})
    assert projected_scores(richer)[0] > projected_scores(plain)[0]
    assert projected_scores(famous)[0] > projected_scores(plain)[0]
    assert evaluate(famous, 0) > evaluate(plain, 0) and evaluate(famous, 1) < evaluate(plain, 1)


def test_each_archetype_values_its_own_strategy():
    plain = position(2, positions=["tower_c", "start_s"], turn={"seat": 1})
    leaning = position(2, positions=["tower_c", "start_s"], morality=[3, 0], turn={"seat": 1})
    gain = evaluate_as(leaning, 0, "moralist") - evaluate_as(plain, 0, "moralist")
    assert gain > evaluate(leaning, 0) - evaluate(plain, 0)
    assert set(ARCHETYPES) == {"trader", "pioneer", "fighter", "expeditioner", "moralist"}


def test_greedy_keeps_the_strong_paw_where_it_gives_nothing_more():
    s = position(2, positions=["grove_nw", "start_s"], hands=[[], []], turn={"seat": 1})
    for seed in range(6):
        bot = make_agent("greedy", seed)
        assert isinstance(bot, GreedyAgent)
        chosen = s.describe(bot.choose(s))
        assert chosen.startswith("Place a paw token"), chosen         # an encounter: the strong paw adds nothing


def test_the_rollout_policy_is_legal_and_every_level_plays_a_trial_game():
    s = new_state(2, seed=9)
    rng = Rng(1)
    for _ in range(150):
        if s.is_over:
            break
        assert rollout_action(s, rng) in s.legal_actions()
        s.apply(rollout_action(s, rng))
    for kind in ("random", "greedy", "easy", "normal", "hard"):
        bot = make_agent(kind, 1)
        if hasattr(bot, "iterations"):
            bot.iterations = 20                                             # type: ignore[attr-defined]
        state = new_state(2, seed=4)
        for _ in range(30):
            state.apply(bot.choose(state))
        assert not state.is_over


def test_the_balance_lab_reads_trial_results(tmp_path):
    import duckdb

    from talewood.sim.lab.collect import run_lab
    from talewood.sim.lab.report import write

    run_lab("trial", 3, [2], ["random"], 2, {}, tmp_path)
    write(tmp_path)
    games = duckdb.sql(f"select count(*), count(error) from '{tmp_path}/games.parquet'").fetchall()[0]
    assert games == (3, 0)
    assert "The Trial of the Forest" in (tmp_path / "report.html").read_text()


def test_greedy_camps_on_the_south_meadow_for_the_first_player_token_unless_it_holds_it():
    # Player 1 camps from path 13, next to the South meadow (the only first player campsite, L599).
    def camping(first: int) -> TrialState:
        return position(2, positions=["path_13", "start_s"], paws=[ALL_PAWS, {}], tents=[["tent_x"], []],
                        first_player=first, turn={"seat": 1})

    for seed in range(4):
        without = camping(first=2)
        do(without, "Move")
        greedy_move = without.describe(make_agent("greedy", seed).choose(without))
        assert greedy_move == "Move to the South meadow", greedy_move
        holder = camping(first=1)
        do(holder, "Move")
        assert holder.describe(make_agent("greedy", seed).choose(holder)) != "Move to the South meadow"


def test_the_first_player_token_is_worth_the_days_it_still_starts():
    first = position(2, positions=["tower_c", "start_s"], first_player=1, turn={"seat": 1})
    second = position(2, positions=["tower_c", "start_s"], first_player=2, turn={"seat": 1})
    gain = projected_scores(first)[0] - projected_scores(second)[0]
    # the token's fame at the end (scored already), and each day it still starts (days 2-4 on day 1)
    assert gain == first.t.first_player_fame + FIRST_PLAYER_DAY_VALUE * 3


def test_greedy_takes_a_tea_leaf_when_any_food_token_is_offered():
    """A tea leaf can replace any other food (L239), so where the choice is any food token (a small
    artifact in the gallery, L475) the bots take it."""
    s = position(2, positions=["store_c", "start_s"], food=[{}, {}], backpacks=[["sword_of_the_peak"], []],
                 turn={"seat": 1})
    do(s, "Place a paw token on the Central store (Store)",
       "Leave the Sword of the Peak in the gallery for a food token")
    for seed in range(4):
        bot = make_agent("greedy", seed)
        assert s.describe(bot.choose(s)) == "Gain a tea leaf"
