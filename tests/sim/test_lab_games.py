"""The Trial's and ThreeTale's report hooks: what they note of a game, and their sections' figures."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any, cast

import pytest

from talewood.agents import bot_seed, make_agent
from talewood.games import load
from talewood.sim.lab import Recorder
from talewood.sim.lab.collect import Trace, hooks_of, observe, run_lab
from talewood.sim.lab.report import write
from talewood.sim.play import Outcome

duckdb = pytest.importorskip("duckdb")


def cells(html: str, section: str) -> list[list[str]]:
    body = html[html.index(f'id="{section}"'):]
    body = body[:body.index("</table>")]
    return [[unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S) if "<td>" in row]


def test_the_trial_notes_every_night_camped_where_the_adventurer_stood() -> None:
    game = load("trial")
    state = game.new_game(2, 4, {})
    bots = [make_agent("greedy", bot_seed(4, s)) for s in range(2)]
    trace = Trace(hooks_of("trial"), Recorder())
    camped: list[tuple[int, str]] = []
    t = cast(Any, game).tables
    while not state.over:
        seat = cast(int, state.current_player)
        action = bots[seat].choose(state)
        if action == t.ids.camp:
            space = cast(Any, state).pos[seat]
            camp = t.camp_of[space]
            camped.append((seat, game.content.spaces[space].id if camp >= 0 else "universal"))  # type: ignore[attr-defined]
        trace(state, action)
        state.apply(action)
    rec = observe(state, Outcome(seed=4, players=2, seats=["greedy"] * 2), trace)
    noted = [(seat, key) for seat, kind, key, event, _ in rec.events if kind == "campsite" and event == "camped"]
    assert noted == camped and len(camped) >= 4
    kinds = {kind for _, kind, _, _, _ in rec.events}
    assert {"deed card", "campsite", "archetype", "points"} <= kinds
    story = {(seat, key) for seat, kind, key, event, _ in rec.events if event == "had" and kind.endswith("card")}
    assert len(story) == sum(len(cast(Any, state).story[s]) for s in range(2))


def test_threetale_reports_each_heroes_presence_and_how_the_games_ended(tmp_path: Path) -> None:
    run_lab("threetale", 20, [3], ["random"], 9, {"heroes": "each"}, tmp_path)
    html = write(tmp_path)[0].read_text()
    con = duckdb.connect()
    games = con.execute(f"SELECT count(*), sum(team_won::INT) FROM '{tmp_path}/games.parquet'").fetchone()
    deer = con.execute(
        f"SELECT count(*) FROM (SELECT DISTINCT seed FROM '{tmp_path}/items.parquet' WHERE kind = 'Hero' AND "
        f"event = 'had' AND item = 'silver_deer')").fetchone()
    rows = {r[0]: r for r in cells(html, "heroes")}
    assert rows["The Silver Deer"][1] == str(deer[0]) and 0 < deer[0] < games[0]
    endings = cells(html, "endings")
    assert sum(int(float(r[2].split("%")[0]) * games[0] / 100 + 0.5) for r in endings) == games[0]
    assert "the team won" in html.lower() and "shared wins" not in html.lower()
