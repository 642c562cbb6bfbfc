"""`talewood simulate`'s batches: the same summary whatever the number of workers, and tallies that merge exactly."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.sim.batch import Plan, run_batch, simulate, summarise
from talewood.sim.play import Outcome
from talewood.sim.tally import ERRORS_KEPT, Tally

TIMED = ("seconds", "games_per_second")


def _untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMED}


@pytest.mark.parametrize(("games", "players", "seats"), [(90, [2, 3, 4], ["random"]), (12, [2], ["greedy", "random"])])
def test_a_batch_sums_up_the_same_with_one_worker_or_two(games: int, players: list[int], seats: list[str]) -> None:
    args = ("spirits", games, players, seats, 7, {"first_player": "random"})
    moved: list[int] = []
    one = simulate(*args, workers=1).summary("spirits", players, seats, 1.0)
    two = simulate(*args, workers=2, progress=moved.append).summary("spirits", players, seats, 1.0)
    assert one == two
    assert one["completed"] == games and sum(moved) == games
    # and the same as the games played one by one, summarised from their outcomes
    assert _untimed(summarise("spirits", players, seats, run_batch(*args), 1.0)) == _untimed(one)


def test_a_cooperative_batch_gives_its_team_result_alike_on_two_workers() -> None:
    one = simulate("threetale", 12, [3], ["random"], 3, {}, workers=1).summary("threetale", [3], ["random"], 1.0)
    two = simulate("threetale", 12, [3], ["random"], 3, {}, workers=2).summary("threetale", [3], ["random"], 1.0)
    assert one == two and one["team"]["games"] == 12


def test_every_game_of_the_plan_is_played_once_whatever_the_chunks() -> None:
    plan = Plan("spirits", 11, [2, 3], {2: ["random"] * 2, 3: ["random"] * 3}, 40, {}, None, "iterations", 4)
    assert plan.chunks == 3
    whole = Tally()
    for chunk in (2, 0, 1):
        whole.merge(plan.play(chunk))
    assert whole.games == 11
    assert whole.by_players[2].games == 6 and whole.by_players[3].games == 5


def _outcome(seed: int, scores: list[float], error: str | None = None) -> Outcome:
    return Outcome(seed=seed, players=len(scores), seats=["random"] * len(scores), scores=scores,
                   winners=[0] if error is None else [], decisions=10, error=error)


def test_tallies_merge_to_exactly_the_same_sums_in_any_order() -> None:
    # 0.1 + 0.2 + 0.3 depends on the order of the additions in floats; a tally's sum does not
    games = [_outcome(1, [0.1, 1.0]), _outcome(2, [0.2, 2.0]), _outcome(3, [0.3, 3.5])]
    forward, backward = Tally.of(games[:1]), Tally.of(games[2:])
    forward.merge(Tally.of(games[1:]))
    backward.merge(Tally.of(games[:2]))
    assert (0.1 + 0.2) + 0.3 != 0.1 + (0.2 + 0.3)
    assert forward.by_players[2].scores == backward.by_players[2].scores
    assert forward.summary("spirits", [2], ["random"], 1.0) == backward.summary("spirits", [2], ["random"], 1.0)


def test_a_tally_names_the_first_broken_games_by_seed_whatever_the_order() -> None:
    broken = [_outcome(seed, [0.0, 0.0], error=f"RuntimeError: seed {seed}\ntraceback") for seed in range(80, 0, -1)]
    late, early = Tally.of(broken[:40]), Tally.of(broken[40:])
    late.merge(early)
    summary = late.summary("spirits", [2], ["random"], 1.0)
    assert summary["errors"] == 80 and summary["completed"] == 0
    assert [e["seed"] for e in summary["error_games"]] == list(range(1, ERRORS_KEPT + 1))
    assert summary["error_games"][0]["error"] == "RuntimeError: seed 1"
