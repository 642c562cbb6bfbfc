"""benchmarks/bot_goals.py: the strength goals, recorded from tournaments and judged."""

from __future__ import annotations

import json

import pytest

from talewood.games import available
from talewood.sim.tournament import run_tournament, summarise

from .benchmarks import benchmark

bot_goals = benchmark("bot_goals")


def _summary(bots, games=4, players=2, options=None):
    matches = run_tournament("spirits", bots, games, players, seed=3, options=options)
    return summarise("spirits", bots, players, matches, 0.1, options)


def test_every_goal_names_a_known_game_and_bot_and_a_unique_name():
    names = [g.name for g in bot_goals.GOALS]
    assert len(names) == len(set(names))
    for goal in bot_goals.GOALS:
        assert goal.game in available() and len(goal.bots) == goal.players
        assert goal.games % goal.players == 0, "seat rotation needs a multiple of the players"


def test_a_goal_is_met_on_its_threshold_strictly_when_asked():
    at_least = bot_goals.Goal("g", "spirits", 2, ("hard", "random"), 2, 0.95)
    above = bot_goals.Goal("g", "spirits", 2, ("hard", "random"), 2, 0.55, above=True)
    assert at_least.met(0.95) and not at_least.met(0.9499)
    assert above.met(0.5501) and not above.met(0.55)


def _known(wins: list[int], games: int = 4) -> dict:
    """A tournament summary of four games of greedy against random whose winners are given."""
    from talewood.sim.tournament import Match

    matches = [Match(index=i, seed=i, players=2, seats=["greedy", "random"] if i % 2 == 0 else ["random", "greedy"],
                     scores=[1.0, 0.0], winners=[w]) for i, w in enumerate(wins)]
    return summarise("spirits", ["greedy", "random"], 2, matches, 0.1)


def test_row_and_table_from_a_tournament():
    goal = bot_goals.Goal("greedy beats random", "spirits", 2, ("greedy", "random"), 4, 0.5)
    # greedy sits in seat 0 in games 0 and 2, in seat 1 in games 1 and 3: it wins 0, 1 and 3
    summary = _known([0, 1, 1, 1])
    row = bot_goals.row(goal, summary)
    assert (row["games"], row["wins"], row["win_rate"], row["met"]) == (4, 3, 0.75, True)
    assert bot_goals.table([row]).splitlines()[2].startswith("| greedy beats random | 4 | 3 | 75.0% | [30.1%, 95.4%]")
    assert bot_goals.table([row]).splitlines()[2].endswith("| ≥ 50% | yes |")
    # it wins only game 1: 25%, the goal is not met
    missed = bot_goals.row(goal, _known([1, 1, 1, 0]))
    assert (missed["wins"], missed["met"]) == (1, False)
    assert bot_goals.table([missed]).splitlines()[2].endswith("| ≥ 50% | NO |")


def test_a_tournament_of_other_bots_or_options_is_refused():
    goal = bot_goals.Goal("g", "spirits", 2, ("greedy", "random"), 4, 0.5, options={"wish": True})
    with pytest.raises(SystemExit, match="not the one"):
        bot_goals.row(goal, _summary(["greedy", "random"]))
    # options given as text on the command line (`--option wish=true`) are the same options
    assert bot_goals.row(goal, _summary(["greedy", "random"], options={"wish": "true"}))["games"] == 4


def test_record_appends_a_result_and_unknown_goals_are_refused(tmp_path, capsys):
    name = "spirits 2p: hard vs random"
    fake = _summary(["greedy", "random"])
    fake["bots"] = ["hard", "random"]
    fake["win_rate"]["hard"] = fake["win_rate"].pop("greedy")
    fake["wins"]["hard"] = fake["wins"].pop("greedy")
    fake["ci95"]["hard"] = fake["ci95"].pop("greedy")
    fake["cpu_seconds_per_decision"]["hard"] = {"median": 0.1}
    fake["seconds_per_decision"]["hard"] = {"median": 0.2}
    src = tmp_path / "t.json"
    src.write_text(json.dumps(fake))
    out = tmp_path / "goals.jsonl"
    assert bot_goals.main(["--record", name, str(src), "--out", str(out)]) == 0
    assert json.loads(out.read_text())["goal"] == name
    assert bot_goals.main(["--record", "no such goal", str(src), "--out", str(out)]) == 2
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "spir')
    assert bot_goals.main(["--record", name, str(broken), "--out", str(out)]) == 2
    assert bot_goals.main(["--record", name, str(tmp_path / "missing.json"), "--out", str(out)]) == 2
    assert bot_goals.main(["--only", "no such goal", "--out", str(out)]) == 2
    assert len(out.read_text().splitlines()) == 1
    assert "| " + name in capsys.readouterr().out
    assert bot_goals.main(["--table", "--out", str(out)]) == 0   # runs nothing: only the recorded goal
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and lines[2].startswith("| " + name) and "| 0.2 / 0.1 |" in lines[2]


def test_measure_plays_the_goal_and_reports_progress(capsys):
    goal = bot_goals.Goal("greedy vs random", "spirits", 2, ("greedy", "random"), 4, 0.5, seed=9)
    row = bot_goals.measure(goal, 4, workers=1)
    assert row["games"] == 4 and row["errors"] == 0 and row["goal"] == "greedy vs random"
    assert "4/4 games" in capsys.readouterr().err


def test_a_goal_stopped_midway_goes_on_from_its_journal(tmp_path, capsys):
    """Each game is journaled as it ends; a resumed goal keeps those games (here one marked as won by
    random, which the bots never played) and plays only the rest; a line cut off by the stop is played again."""
    goal = bot_goals.Goal("greedy vs random", "spirits", 2, ("greedy", "random"), 4, 0.5, seed=9)
    journal = bot_goals.journal_of(tmp_path / "goals.jsonl", goal)
    assert journal == tmp_path / "goals-games" / "greedy-vs-random.jsonl"
    whole = bot_goals.measure(goal, 4, workers=1, journal=journal)
    games = [json.loads(line) for line in journal.read_text().splitlines()]
    assert sorted(g["index"] for g in games) == [0, 1, 2, 3] and whole["wins"] == 4
    first = next(g for g in games if g["index"] == 0)
    first["winners"] = [1]                                   # greedy sits first in game 1: now random won it
    journal.write_text(json.dumps(first) + "\n" + '{"index": 1, "seed"')
    capsys.readouterr()
    resumed = bot_goals.measure(goal, 4, workers=1, journal=journal, resume=True)
    assert "1 of 4 games already played" in capsys.readouterr().err
    assert resumed["wins"] == 3 and resumed["games"] == 4
    assert sorted(json.loads(line)["index"] for line in journal.read_text().splitlines()) == [0, 1, 2, 3]
    # without --resume the journal is started afresh
    assert bot_goals.measure(goal, 4, workers=1, journal=journal)["wins"] == 4


def test_main_removes_the_journal_once_the_goal_is_recorded(tmp_path, monkeypatch):
    goal = bot_goals.Goal("greedy vs random", "spirits", 2, ("greedy", "random"), 2, 0.5, seed=9)
    monkeypatch.setattr(bot_goals, "GOALS", [goal])
    out = tmp_path / "goals.jsonl"
    assert bot_goals.main(["--out", str(out), "--workers", "1"]) == 0
    assert json.loads(out.read_text())["games"] == 2
    assert not (tmp_path / "goals-games").exists()
