"""Teams and shared payoffs: a cooperative game's result in simulation summaries, tournaments and ratings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from talewood.games import register, unregister
from talewood.sim.batch import run_batch, summarise
from talewood.sim.ratings import Ratings, wilson
from talewood.sim.tournament import format_summary, run_tournament
from talewood.sim.tournament import summarise as summarise_tournament


@pytest.fixture
def lanterns() -> Iterator[str]:
    register("lanterns", "tests.games.lanterns.game:LanternsGame")
    yield "lanterns"
    unregister("lanterns")


def test_a_simulation_summary_shows_the_team_result(lanterns: str) -> None:
    outcomes = run_batch(lanterns, 60, [2, 3], ["random"], seed=5, options={})
    assert all(o.error is None for o in outcomes)
    won = [o for o in outcomes if o.team_won]
    assert all(o.winners == list(range(o.players)) for o in won)
    assert all(o.winners == [] for o in outcomes if not o.team_won)
    summary = summarise(lanterns, [2, 3], ["random"], outcomes, 1.0)
    team = summary["team"]
    assert team["games"] == 60 and team["wins"] == len(won)
    assert team["win_rate"] == round(len(won) / 60, 4)
    assert team["ci95"] == [round(x, 4) for x in wilson(len(won), 60)]
    assert team["mean_score"] == round(sum(o.team_score for o in outcomes) / 60, 3)   # type: ignore[misc]
    two = summary["by_players"]["2"]["team"]
    assert two["games"] == 30 and two["wins"] == sum(1 for o in won if o.players == 2)


def test_a_competitive_summary_has_no_team_figures() -> None:
    outcomes = run_batch("spirits", 2, [2], ["random"], seed=1, options={})
    assert "team" not in summarise("spirits", [2], ["random"], outcomes, 1.0)


def test_a_cooperative_tournament_counts_a_kind_once_per_game_its_team_played(lanterns: str) -> None:
    matches = run_tournament(lanterns, ["greedy", "random", "random"], 9, 3, seed=2)
    summary = summarise_tournament(lanterns, ["greedy", "random", "random"], 3, matches, 1.0)
    assert summary["cooperative"] is True
    team_wins = sum(1 for m in matches if m.team_won)
    assert summary["team"] == {"games": 9, "wins": team_wins}
    # both kinds play in every game: each wins exactly the games the team won
    assert summary["team_games"] == {"greedy": 9, "random": 9}
    assert summary["wins"] == {"greedy": team_wins, "random": team_wins}
    assert summary["win_rate"]["random"] == round(team_wins / 9, 4)
    # the table shows the same: 9 games for random, though it held 18 seats
    row = next(line for line in format_summary(summary).splitlines() if line.startswith("random"))
    assert row.split()[1:3] == ["9", str(team_wins)]


def test_team_ratings_move_against_the_game() -> None:
    ratings = Ratings(["normal", "random"])
    ratings.update_team(["normal", "normal", "random"], won=True)
    after_win = ratings.to_json()
    assert after_win["normal"]["mu"] > 25 and after_win["random"]["mu"] > 25
    assert ratings.game.mu < 25
    for _ in range(5):
        ratings.update_team(["random", "random", "random"], won=False)
    assert ratings.to_json()["random"]["mu"] < after_win["random"]["mu"]
    assert ratings.to_json()["normal"] == after_win["normal"]      # not in those games
