"""Reviews (talewood.learn.review): every decision of a finished game rated by a bot, reproducibly."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from talewood.agents import make_agent
from talewood.cli import main
from talewood.engine import InvalidOption, Record, record_of, save_record
from talewood.games import load
from talewood.learn.review import rate, review, review_steps

from ..games.words import problems


def finished(game_id: str = "spirits", players: int = 2, seed: int = 3, stop: int | None = None) -> Record:
    game = load(game_id)
    state = game.new_game(players, seed)
    bots = [make_agent("greedy", s) for s in range(players)]
    while not state.is_over and (stop is None or len(state.history or []) < stop):
        state.apply(bots[state.current_player].choose(state))
    return record_of(state)


@pytest.fixture(scope="module")
def record() -> Record:
    return finished()


def last_two_tiles():
    """Two tiles left, no gemstones: taking Moss (Sun) wins for Player 1, taking Vines+Vines loses."""
    return load("spirits").scenario({"players": 2, "seed": 1, "position": {
        "forest": [["moss (sun)", "vines+vines"]],
        "collections": [["moss (fire)", "vines (fire)", "leaves+leaves"],
                        ["moss (moon)", "vines (moon)", "leaves (sun)"]],
        "gemstones": [{"supply": 0, "lost": 3}, {"supply": 0, "lost": 3}],
        "turn": {"seat": 1, "first_turn": False}}})


def test_a_losing_move_is_a_big_mistake_and_the_winning_one_the_bots_choice() -> None:
    state = last_two_tiles()
    moss, vines = state.legal_actions()
    assert state.describe(moss).startswith("Take Moss (Sun)")
    bad = rate(state, 0, vines, step=0, iterations=200, depth=0, review_seed=1)
    assert bad.best == moss and bad.before > 0.95
    assert bad.after < 0.05
    assert bad.loss > 0.9 and bad.verdict() == "a big mistake"
    assert bad.expected[0] > 0.95 and bad.expected[1] < 0.05      # every seat's outlook after the best choice
    good = rate(state, 0, moss, step=0, iterations=200, depth=0, review_seed=1)
    assert good.loss == 0 and good.verdict() == "the bot's choice"


def test_a_review_is_reproducible_and_the_same_in_pieces(record: Record) -> None:
    first = review(record, "easy", review_seed=4).to_json()
    again = review(record, "easy", review_seed=4).to_json()
    assert first | {"seconds": 0} == again | {"seconds": 0}
    actions = list(record.actions)
    whole = review_steps("spirits", 2, record.seed, dict(record.options), actions, 0, len(actions), "easy", 4)
    split = (review_steps("spirits", 2, record.seed, dict(record.options), actions, 0, 31, "easy", 4)
             + review_steps("spirits", 2, record.seed, dict(record.options), actions, 31, len(actions), "easy", 4))
    assert whole == split
    assert [(d["step"], d["best"], d["before"]) for d in whole] == [
        (d["step"], d["best"], d["before"]) for d in first["decisions"]]
    other = review(record, "easy", review_seed=5).to_json()
    assert other["decisions"] != first["decisions"]


def test_every_decision_is_rated_and_only_decisions(record: Record) -> None:
    result = review(record, "easy", review_seed=2)
    game = load("spirits")
    state = game.new_game(2, record.seed)
    choices = []
    for step, action in enumerate(record.actions):
        if len(state.legal_actions()) > 1:
            choices.append(step)
        state.apply(action)
    assert [d.step for d in result.decisions] == choices
    assert result.final == [1.0, 0.0] or result.final == [0.0, 1.0] or result.final == [0.5, 0.5]
    seats = result.seats()
    assert sum(s["decisions"] for s in seats) == len(choices)
    assert all(0 <= s["agreed"] <= s["decisions"] for s in seats)
    assert len(result.chart()) == len(choices) + 1 and result.chart()[-1]["expected"] == result.final
    points = result.turning_points()
    assert len(points) <= 5 and all(p.loss >= 0.05 for p in points)
    assert [p.step for p in points] == sorted(p.step for p in points)
    for line in result.lines():
        assert not problems(line), problems(line)


def test_the_chart_is_inline_svg_with_readable_text(record: Record) -> None:
    data = review(record, "easy", review_seed=1).to_json()
    svg = ET.fromstring(data["svg"])
    ns = "{http://www.w3.org/2000/svg}"
    assert svg.get("width") == "340"
    assert not list(svg.iter(f"{ns}script")) and "href" not in data["svg"]
    assert int(svg.get("font-size")) >= 12
    assert len(list(svg.iter(f"{ns}polyline"))) == 2
    assert {"Player 1", "Player 2"} <= {t.text for t in svg.iter(f"{ns}text")}
    assert len(list(svg.iter(f"{ns}circle"))) == len(data["turning_points"])


def test_a_cooperative_game_has_one_line_for_the_team() -> None:
    rec = finished("threetale", 3, seed=2, stop=60)
    decisions = review_steps("threetale", 3, rec.seed, dict(rec.options), list(rec.actions), 20, 60, "easy", 1)
    assert decisions and all(len(set(d["expected"])) == 1 for d in decisions)


def test_only_a_finished_game_is_reviewed() -> None:
    with pytest.raises(InvalidOption, match="only a finished game"):
        review(finished(stop=20), "easy")
    with pytest.raises(InvalidOption, match="easy, normal, hard"):
        review(finished(stop=20), "greedy")


def test_talewood_review_prints_words_or_json(record: Record, tmp_path, capsys) -> None:
    path = tmp_path / "game.json"
    save_record(record, path)
    assert main(["review", str(path), "--level", "easy", "--svg", str(tmp_path / "chart.svg")]) == 0
    out = capsys.readouterr().out
    assert "decisions reviewed by the easy bot" in out and "Player 2:" in out
    assert (tmp_path / "chart.svg").read_text().startswith("<svg")
    assert main(["review", str(path), "--level", "easy", "--json", "--seed", "7"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["level"] == "easy" and data["review_seed"] == 7 and data["decisions"]
    save_record(finished(stop=10), tmp_path / "short.json")
    assert main(["review", str(tmp_path / "short.json")]) == 2
    assert "only a finished game" in capsys.readouterr().err
