"""The `talewood` command: every subcommand, and clear refusals of bad input."""

from __future__ import annotations

import json
import re

import pytest

from talewood.cli import main
from talewood.engine import load_record
from talewood.games import available


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_ids_and_names(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0 and "spirits\tSpirits of the Forest" in out


def test_simulate_json_summary(capsys):
    code, out, _ = run(capsys, "simulate", "spirits", "--games", "12", "--players", "3", "--seats",
                       "greedy,random,random", "--workers", "1", "--json")
    assert code == 0
    summary = json.loads(out)
    for key in ("game", "players", "seats", "games", "completed", "errors", "seat_wins", "mean_scores",
                "mean_decisions", "seconds", "games_per_second"):
        assert key in summary
    assert summary["games"] == 12 and summary["completed"] == 12 and summary["errors"] == 0
    assert summary["players"] == 3 and summary["seats"] == ["greedy", "random", "random"]
    assert len(summary["seat_wins"]) == 3 and sum(summary["seat_wins"]) >= 12
    assert len(summary["mean_scores"]) == 3


def test_simulate_across_player_counts_in_parallel_and_saves_records(capsys, tmp_path):
    code, out, _ = run(capsys, "simulate", "spirits", "--games", "8", "--players", "1,2,3,4", "--workers", "2",
                       "--save", str(tmp_path), "--json", "--option", "first_player=random")
    summary = json.loads(out)
    assert code == 0 and summary["errors"] == 0 and summary["completed"] == 8
    assert set(summary["by_players"]) == {"1", "2", "3", "4"}
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 8
    code, out, _ = run(capsys, "replay", str(records[0]), "--json")
    assert code == 0 and json.loads(out)["over"] is True


def test_simulate_reports_a_broken_game_and_goes_on(monkeypatch, capsys):
    from talewood.agents import Agent, base, make_agent

    class Breaking(Agent):
        """The game of seed 3 breaks in its eleventh decision (a bot that raises, as a broken rule would)."""

        def __init__(self, agent):
            super().__init__()
            self.agent = agent

        def choose(self, state):
            if state.seed == 3 and state.version > 10:
                raise RuntimeError("boom")
            return self.agent.choose(state)

    monkeypatch.setitem(base._FACTORIES, "breaking", lambda seed, budget: Breaking(make_agent("random", seed)))
    code, out, _ = run(capsys, "simulate", "spirits", "--games", "5", "--players", "2", "--workers", "1",
                       "--seats", "breaking", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["errors"] == 1 and summary["completed"] == 4
    assert summary["error_games"][0]["seed"] == 3 and "boom" in summary["error_games"][0]["error"]


def test_replay_names_the_step_where_a_record_diverges(capsys, tmp_path):
    run(capsys, "simulate", "spirits", "--games", "1", "--players", "2", "--workers", "1", "--save", str(tmp_path))
    path = next(tmp_path.glob("*.json"))
    data = json.loads(path.read_text())
    data["actions"][5] = 262            # a favor-token choice: never legal mid-game
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code != 0 and "diverged at step 5" in err
    path.write_text("{")
    code, _, err = run(capsys, "replay", str(path))
    assert code != 0 and "not valid JSON" in err
    assert load_record is not None


@pytest.mark.parametrize(("args", "message"), [
    (("simulate", "chess", "--games", "1"), "unknown game 'chess'; known games: spirits"),
    (("simulate", "spirits", "--games", "1", "--option", "wishes=true"), "unknown option 'wishes'; valid options:"),
    (("simulate", "spirits", "--games", "1", "--option", "scenario=moon"), "one of rows, standard"),
    (("simulate", "spirits", "--games", "1", "--seats", "genius"), "unknown seat kind 'genius'; valid: human,"),
    (("simulate", "spirits", "--games", "1", "--players", "5"), "1 to 4 players, not 5"),
    (("simulate", "spirits", "--games", "1", "--option", "fireflies=true"), "needs air_spirit=true"),
    (("play", "spirits", "--players", "2", "--seats", "human"), "1 seats given for 2 players"),
])
def test_bad_input_is_refused_with_the_valid_choices(capsys, args, message):
    code, _, err = run(capsys, *args)
    assert code == 2 and message in err


def test_bench_reports_every_figure(capsys):
    code, out, _ = run(capsys, "bench", "spirits", "--seconds", "0.05", "--json")
    figures = json.loads(out)
    assert code == 0
    for key in ("random_games_per_second", "decisions_per_second", "clones_per_second",
                "legal_action_calls_per_second"):
        assert figures[key] > 0


def test_play_in_the_terminal_with_help_bad_input_undo_and_save(tmp_path):
    from io import StringIO

    from rich.console import Console

    from talewood.terminal import play

    answers = iter(["help", "banana", "0", "log", "1", "undo", "1", "1", "quit"])
    out = StringIO()
    code = play("spirits", players=2, seats=["human", "greedy"], seed=5, save_dir=str(tmp_path),
                ask=lambda _: next(answers), console=Console(file=out, width=140))
    text = out.getvalue()
    assert code == 0
    assert "Type the number of a choice" in text
    assert "'banana' is not a choice" in text and "'0' is not a choice" in text
    assert "Took back 1 decision." in text or "Nothing to undo" in text
    assert "Game left unfinished" in text
    assert list(tmp_path.glob("spirits-5.json"))


@pytest.mark.parametrize("game_id", available())
def test_play_a_whole_game_to_the_end(game_id):
    from io import StringIO

    from rich.console import Console

    from talewood.games import load
    from talewood.terminal import play

    out = StringIO()
    players = max(2, load(game_id).min_players)
    code = play(game_id, players=players, seats=["human"] + ["random"] * (players - 1), seed=9,
                ask=lambda _: "1", console=Console(file=out, width=160))
    text = out.getvalue()
    assert code == 0 and "Game left unfinished" not in text
    assert "Winner" in text or "Final scores" in text or "winner" in text.lower()


def test_simulate_on_a_ray_cluster(capsys):
    pytest.importorskip("ray") if not __import__("os").environ.get("CI") else None
    code, out, _ = run(capsys, "simulate", "spirits", "--games", "30", "--players", "2,4", "--workers", "2",
                       "--backend", "ray", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["completed"] == 30 and summary["errors"] == 0
    local = json.loads(run(capsys, "simulate", "spirits", "--games", "30", "--players", "2,4", "--workers", "1",
                           "--json")[1])
    assert summary["seat_wins"] == local["seat_wins"] and summary["mean_scores"] == local["mean_scores"]


def test_unknown_backend_is_refused(capsys):
    code, _, err = run(capsys, "simulate", "spirits", "--games", "1", "--backend", "spark")
    assert code == 2 and "unknown backend 'spark'; valid: local, ray" in err


def test_simulate_speaks_per_player_count_and_gives_a_cooperative_game_its_team_result(capsys, monkeypatch):
    from talewood import games

    assert main(["simulate", "spirits", "--games", "4", "--players", "2,3", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 players (2 games): wins Player 1" in out and "3 players (2 games): wins Player 1" in out
    assert "Player 3" in out.split("3 players")[1]
    monkeypatch.setitem(games.REGISTRY, "lanterns", "tests.games.lanterns.game:LanternsGame")
    assert main(["simulate", "lanterns", "--games", "6", "--players", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 players (6 games): the team won" in out and "mean team score" in out and "Player 1" not in out


def test_the_terminal_ends_a_cooperative_game_with_the_team_result(monkeypatch, tmp_path):
    from io import StringIO

    from rich.console import Console

    from talewood import games
    from talewood.terminal import play

    monkeypatch.setitem(games.REGISTRY, "lanterns", "tests.games.lanterns.game:LanternsGame")
    out = StringIO()
    assert play("lanterns", players=2, seats=["human", "random"], seed=3, ask=lambda _: "1",
                console=Console(file=out, width=120), save_dir=str(tmp_path)) == 0
    text = out.getvalue()
    assert ("The team loses" in text or "The team wins" in text) and "Team score: " in text


def test_simulate_in_words_gives_every_mean_with_one_decimal(capsys):
    code, out, _ = run(capsys, "simulate", "trial", "--games", "3", "--players", "2", "--workers", "1")
    summary = json.loads(run(capsys, "simulate", "trial", "--games", "3", "--players", "2", "--workers", "1",
                             "--json")[1])
    means = ", ".join(f"Player {s + 1} {m:.1f}" for s, m in enumerate(summary["mean_scores"]))
    assert code == 0 and f"mean scores {means}\n" in out
    assert f"{summary['mean_decisions']:.1f} decisions a game" in out
    assert "2 players (3 games)" in out
    assert not re.search(r"\d\.\d\d", out), out  # three games: means in thirds, never printed raw
