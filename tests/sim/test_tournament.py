"""Tournaments: the seat-rotated schedule, Wilson intervals, ratings, and the CLI command."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from talewood.cli import main
from talewood.engine import InvalidOption
from talewood.sim.ratings import Ratings, ranks_of, wilson
from talewood.sim.tournament import Match, run_tournament, schedule, summarise


def test_schedule_rotates_seats_on_each_deal():
    games = schedule(["hard", "greedy"], 6, 2, seed=10)
    assert [m.seats for m in games] == [["hard", "greedy"], ["greedy", "hard"]] * 3
    assert [m.seed for m in games] == [10, 10, 11, 11, 12, 12]


def test_schedule_every_bot_every_seat_equally():
    bots = ["hard", "normal", "greedy", "random"]
    games = schedule(bots, 2 * 6 * 2, 2, seed=0)          # 6 pairings × 2 rotations, twice
    per_seat = Counter((kind, s) for m in games for s, kind in enumerate(m.seats))
    assert set(per_seat.values()) == {6}
    four = schedule(["hard", "greedy", "greedy", "greedy"], 8, 4, seed=0)
    assert [m.seats.index("hard") for m in four] == [0, 3, 2, 1] * 2


def test_schedule_needs_enough_bots():
    with pytest.raises(InvalidOption, match="repeat a kind"):
        schedule(["hard", "greedy"], 4, 4, seed=0)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12) and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_ranks_and_ratings():
    assert ranks_of([10, 7, 10, 3], [0, 2]) == [0, 1, 0, 2]
    assert ranks_of([5, 9], [1]) == [1, 0]
    r = Ratings(["a", "b"])
    for _ in range(5):
        r.update(["a", "b"], [10, 5], [0])
    out = r.to_json()
    assert out["a"]["mu"] > 25 > out["b"]["mu"]
    r.update(["a", "b", "b"], [1, 5, 5], [1, 2])   # a kind in two seats gets one (mean) update
    assert set(r.to_json()) == {"a", "b"}


def test_run_and_summarise_a_small_tournament():
    matches = run_tournament("spirits", ["greedy", "random"], 4, 2, seed=3)
    summary = summarise("spirits", ["greedy", "random"], 2, matches, 1.0)
    assert summary["games"] == 4 and summary["errors"] == 0
    assert summary["appearances"] == {"greedy": 4, "random": 4}
    assert summary["seat_games"]["greedy"] == [2, 2]
    # every game has at least one winner, and each win is the winner's seat's kind
    wins = {"greedy": 0, "random": 0}
    for m in matches:
        for w in m.winners:
            wins[m.seats[w]] += 1
    assert summary["wins"] == wins and sum(wins.values()) >= 4
    assert summary["seconds_per_decision"]["greedy"]["decisions"] > 0


def test_win_rates_and_intervals_of_known_results():
    """Greedy wins 3 of 4: 75%, with the Wilson 95% interval of 3/4 (0.3006, 0.9544)."""
    matches = [Match(index=i, seed=i, players=2, seats=["greedy", "random"], scores=[2.0, 1.0],
                     winners=[0 if i < 3 else 1]) for i in range(4)]
    summary = summarise("spirits", ["greedy", "random"], 2, matches, 1.0)
    assert summary["win_rate"] == {"greedy": 0.75, "random": 0.25}
    assert summary["ci95"]["greedy"] == [0.3006, 0.9544]
    assert summary["ci95"]["random"] == [0.0456, 0.6994]
    assert summary["rating"]["greedy"]["mu"] > summary["rating"]["random"]["mu"]


def test_tournament_command_json(capsys):
    code = main(["tournament", "spirits", "--bots", "easy,random", "--games", "2", "--workers", "1",
                 "--option", "wish=true", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("bots", "games", "errors", "win_rate", "ci95", "rating"):
        assert key in out
    assert out["bots"] == ["easy", "random"] and out["games"] == 2 and out["errors"] == 0


def test_tournament_command_text_and_errors(capsys):
    assert main(["tournament", "spirits", "--bots", "greedy,random", "--games", "2", "--workers", "1"]) == 0
    assert "win rate" in capsys.readouterr().out
    assert main(["tournament", "spirits", "--bots", "greedy,nobody", "--games", "2"]) == 2
    assert "unknown seat kind" in capsys.readouterr().err
    assert main(["tournament", "spirits", "--bots", "greedy", "--games", "2", "--players", "2"]) == 2


def test_a_stopped_tournament_goes_on_from_its_journal():
    """The games already played are kept as they were and not played again; the rest are the same games
    an unbroken run plays."""
    whole = run_tournament("spirits", ["greedy", "random"], 4, 2, seed=3)
    told: list[int] = []
    first_two = [replace(m, scores=[99.0, 0.0]) for m in whole[:2]]   # marked: never replayed
    resumed = run_tournament("spirits", ["greedy", "random"], 4, 2, seed=3, played=first_two,
                             on_match=lambda m: told.append(m.index))
    assert told == [2, 3]
    assert [m.scores for m in resumed[:2]] == [[99.0, 0.0]] * 2
    assert [(m.seats, m.scores, m.winners) for m in resumed[2:]] == [(m.seats, m.scores, m.winners) for m in whole[2:]]


def test_a_journal_of_another_tournament_is_refused():
    other = schedule(["greedy", "random"], 2, 2, seed=4)
    with pytest.raises(InvalidOption, match=r"journaled game 1 .*start it afresh"):
        run_tournament("spirits", ["greedy", "random"], 2, 2, seed=3, played=other)
