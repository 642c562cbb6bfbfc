"""The balance lab: the Parquet files, the figures the report shows from them, intervals, content variants."""

from __future__ import annotations

import json
import math
import re
import shutil
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from talewood.cli import main
from talewood.engine.content import load_toml
from talewood.games import load, register, unregister
from talewood.games.threetale.tables import LOVE
from talewood.sim.batch import map_chunks
from talewood.sim.lab import collect
from talewood.sim.lab.collect import run_lab
from talewood.sim.lab.render import SECTIONS
from talewood.sim.lab.report import write
from talewood.sim.lab.stats import mean_difference, rate_difference, wilson
from talewood.sim.play import Outcome, play_game

duckdb = pytest.importorskip("duckdb")
GREYLUNE_CONTENT = Path(__file__).parents[2] / "src" / "talewood" / "games" / "greylune" / "content"


def figures_of(html: str) -> dict[str, Any]:
    """The figures the page embeds (every number it shows)."""
    found = re.search(r'<script type="application/json" id="figures">(.*?)</script>', html, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1).replace("<\\/", "</"))
    return data


def cells(html: str, table_class: str) -> list[list[str]]:
    """The text of each row of the first table with this class, as a reader sees it."""
    found = re.search(rf'<table class="{table_class}">(.*?)</table>', html, re.S)
    assert found is not None, table_class
    rows = re.findall(r"<tr>(.*?)</tr>", found.group(1), re.S)
    return [[unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td>(.*?)</td>", r, re.S)]
            for r in rows if "<td>" in r]


@pytest.fixture(scope="module")
def greylune_lab(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lab") / "greylune"
    run_lab("greylune", 24, [2, 3], ["random"], 100, {}, out)
    write(out)
    return out


# -- intervals -------------------------------------------------------------------------------------
def test_wilson_interval_matches_the_published_case_and_covers_95_percent_of_binomial_draws() -> None:
    lo, hi = wilson(81, 263)                 # Newcombe (1998), Statistics in Medicine 17: 857-872, table I
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    n, p = 60, 0.3                           # the exact binomial coverage of the interval at n = 60, p = 0.3
    coverage = sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)
                   if wilson(k, n)[0] <= p <= wilson(k, n)[1])
    assert 0.93 < coverage < 0.97
    assert wilson(0, 0) == (0.0, 1.0)


def test_difference_intervals_match_the_published_cases() -> None:
    d, lo, hi = rate_difference(56, 70, 48, 80)       # Newcombe (1998), method 10: 0.2 (0.0524 to 0.3339)
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (0.2, 0.0524, 0.3339)
    d, lo, hi = mean_difference(10.0, 2.0, 100, 9.0, 2.0, 100)
    assert d == 1.0 and math.isclose(hi - d, 1.959963984540054 * math.sqrt(0.08))
    assert all(math.isnan(x) for x in rate_difference(1, 0, 1, 3))


# -- the Parquet files and the figures ---------------------------------------------------------------
def test_the_parquet_files_hold_one_row_per_game_seat_and_item_event_with_the_seed(greylune_lab: Path) -> None:
    con = duckdb.connect()
    games = con.execute(f"SELECT count(*), min(seed), max(seed), count(DISTINCT seed) "
                        f"FROM '{greylune_lab}/games.parquet'").fetchone()
    assert games == (24, 100, 123, 24)
    seats = con.execute(f"SELECT players, count(*) FROM '{greylune_lab}/seats.parquet' GROUP BY ALL ORDER BY 1"
                        ).fetchall()
    assert seats == [(2, 24), (3, 36)]                   # 12 games of each count, one row a seat
    events = dict(con.execute(f"SELECT event, count(*) FROM '{greylune_lab}/items.parquet' GROUP BY ALL")
                  .fetchall())
    assert events["appeared"] > 0 and events["had"] > 0
    orphans = con.execute(f"SELECT count(*) FROM '{greylune_lab}/items.parquet' i ANTI JOIN "
                          f"'{greylune_lab}/games.parquet' g USING (seed)").fetchone()
    assert orphans == (0,)
    per_game = con.execute(f"SELECT seed, max(seat) + 1, any_value(players) FROM '{greylune_lab}/seats.parquet' "
                           f"GROUP BY seed").fetchall()
    assert all(n == players for _, n, players in per_game)


def test_the_reports_figures_agree_with_duckdb_on_the_parquet_files(greylune_lab: Path) -> None:
    html = (greylune_lab / "report.html").read_text()
    fig = figures_of(html)
    con = duckdb.connect()
    seats = f"'{greylune_lab}/seats.parquet'"
    for n in (2, 3):
        wins = con.execute(f"SELECT seat, count(*), sum(won::INT), avg(score) FROM {seats} WHERE players = {n} "
                           f"GROUP BY seat ORDER BY seat").fetchall()
        shown = fig["by_players"][str(n)]["seats"]
        assert [(r["seat"], r["n"], r["wins"]) for r in shown] == [(s, c, w) for s, c, w, _ in wins]
        assert [round(r["score"]["mean"], 9) for r in shown] == [round(m, 9) for *_, m in wins]
    # what a reader sees in the table of the first player count: seat, bot, games, wins, rate
    table = cells(html, "rates seats")
    two = con.execute(f"SELECT seat, count(*), sum(won::INT) FROM {seats} WHERE players = 2 GROUP BY seat "
                      f"ORDER BY seat").fetchall()
    assert [row[:4] for row in table[:2]] == [[f"Player {s + 1}", "random", str(c), str(w)] for s, c, w in two]
    assert table[0][4].startswith(f"{two[0][2] / two[0][1] * 100:.1f}%")
    # an item: how often it appeared, and the win rate of the seats that had it
    item = next(i for i in fig["items"] if i["with"]["n"] >= 3 and i["without"]["n"] >= 3)
    items = f"'{greylune_lab}/items.parquet'"
    appeared = con.execute(f"SELECT count(DISTINCT seed) FROM {items} WHERE kind = ? AND item = ? "
                           f"AND event IN ('appeared', 'had')", [item["kind"], item["item"]]).fetchone()
    assert appeared == (item["appeared"]["wins"],)
    had = con.execute(f"SELECT count(*), sum(s.won::INT) FROM {seats} s SEMI JOIN (SELECT seed, seat FROM {items} "
                      f"WHERE kind = ? AND item = ? AND event = 'had') h USING (seed, seat)",
                      [item["kind"], item["item"]]).fetchone()
    assert had == (item["with"]["n"], item["with"]["wins"])
    lengths = con.execute(f"SELECT avg(decisions) FROM '{greylune_lab}/games.parquet' WHERE players = 3").fetchone()
    assert math.isclose(fig["by_players"]["3"]["decisions"]["mean"], lengths[0])


def test_the_report_has_every_section_and_the_header_states_the_run(greylune_lab: Path) -> None:
    html = (greylune_lab / "report.html").read_text()
    for section in SECTIONS:
        assert f'<section id="{section}">' in html
    for part in ("quests", "companions", "sources", "strategies"):
        assert f'id="{part}"' in html
    head = figures_of(html)["header"]
    assert head["seeds"] == "100–123" and head["seats"] == ["random"] and head["completed"] == 24
    assert "Talewood 0.1.0" in html and "random (every seat)" in html
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in html and "<script src" not in html and "<link" not in html


def test_from_re_renders_the_same_report_without_playing(greylune_lab: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(greylune_lab, copy)
    (copy / "report.html").unlink()

    def no_games(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("--from must not play")

    monkeypatch.setattr(collect, "play_game", no_games)
    assert main(["report", "--from", str(copy), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["report"] == str(copy / "report.html")
    assert figures_of((copy / "report.html").read_text()) == figures_of((greylune_lab / "report.html").read_text())
    assert main(["report", "greylune", "--from", str(copy)]) == 2
    assert "--from re-renders the report of a finished run: drop GAME" in capsys.readouterr().err
    assert main(["report", "--from", str(tmp_path)]) == 2
    assert "holds no games.parquet" in capsys.readouterr().err


def test_a_spirits_report_shows_wishes_hexes_and_modules(tmp_path: Path) -> None:
    options = {"wish": True, "hex": True, "seasons": True}
    run_lab("spirits", 8, [3], ["random"], 0, options, tmp_path)
    html = write(tmp_path)[0].read_text()
    for part in ("wishes", "hexes", "modules", "sources"):
        assert f'id="{part}"' in html
    assert "Seasons: drop tokens" in html and "Wish card" in html
    fig = figures_of(html)
    assert {i["kind"] for i in fig["items"]} == {"tile", "favor token", "Wish card", "Hex card"}
    con = duckdb.connect()
    kept = con.execute(f"SELECT count(*) FROM '{tmp_path}/items.parquet' WHERE kind = 'Wish card' "
                       f"AND event = 'had'").fetchone()
    assert kept == (24,)                               # each of 3 seats keeps one Wish in each of 8 games
    assert sum(r["n"] for r in fig["by_players"]["3"]["order"]) == 24


# -- streaming ------------------------------------------------------------------------------------
def test_rows_are_written_in_batches_as_chunks_arrive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collect, "FLUSH_ROWS", 40)
    run_lab("greylune", 12, [2], ["random"], 7, {}, tmp_path / "small", workers=1)
    monkeypatch.setattr(collect, "FLUSH_ROWS", 10 ** 9)
    run_lab("greylune", 12, [2], ["random"], 7, {}, tmp_path / "whole", workers=1)
    import pyarrow.parquet as pq

    assert pq.ParquetFile(tmp_path / "small" / "items.parquet").num_row_groups > 3
    for table in ("games", "seats", "items"):
        small = pq.read_table(tmp_path / "small" / f"{table}.parquet").drop_columns(
            ["seconds"] if table == "games" else [])
        whole = pq.read_table(tmp_path / "whole" / f"{table}.parquet").drop_columns(
            ["seconds"] if table == "games" else [])
        assert small.equals(whole)


def _square(x: int) -> int:
    return x * x


def test_map_chunks_reads_its_tasks_only_as_they_are_sent() -> None:
    taken: list[int] = []

    def tasks() -> Iterator[int]:
        for i in range(1000):
            taken.append(i)
            yield i

    results = map_chunks(_square, tasks(), workers=2, window=3)
    first = next(results)
    assert first in (0, 1, 4) and len(taken) <= 5
    assert sorted([first, *results]) == [i * i for i in range(1000)]


# -- cooperative games -----------------------------------------------------------------------------
@pytest.fixture
def lanterns() -> Iterator[str]:
    register("lanterns", "tests.games.lanterns.game:LanternsGame")
    yield "lanterns"
    unregister("lanterns")


def test_a_cooperative_games_win_rate_is_the_teams_verdict(lanterns: str, tmp_path: Path) -> None:
    run_lab(lanterns, 30, [2, 3], ["random"], 3, {}, tmp_path)
    html = write(tmp_path)[0].read_text()
    con = duckdb.connect()
    mismatched = con.execute(f"SELECT count(*) FROM '{tmp_path}/seats.parquet' s JOIN '{tmp_path}/games.parquet' g "
                             f"USING (seed) WHERE s.won <> g.team_won").fetchone()
    assert mismatched == (0,)
    team = con.execute(f"SELECT count(*), sum(team_won::INT) FROM '{tmp_path}/games.parquet' WHERE players = 2"
                       ).fetchone()
    shown = figures_of(html)["by_players"]["2"]["team"]
    assert (shown["n"], shown["wins"]) == team
    assert f"The team won {team[1]} of {team[0]} games" in html
    assert "Fair:" not in html


# -- content variants ------------------------------------------------------------------------------
def copy_content(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(GREYLUNE_CONTENT, folder)
    return folder


def test_a_variant_with_a_broken_card_is_refused_with_its_file_and_line(tmp_path: Path, capsys) -> None:
    folder = copy_content(tmp_path, "broken")
    text = (folder / "village.toml").read_text()
    start = text.index('name = "Smithy"')
    header = text.rindex("[[card]]", 0, start)
    line = text.count("\n", 0, header) + 1
    text = text[:start] + text[start:].replace('effects = ["str:1"]', 'effects = ["muscle:1"]', 1)
    (folder / "village.toml").write_text(text)
    code = main(["report", "greylune", "--content", str(folder), "--games", "2", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert f"{folder.resolve()}/village.toml:{line}: village card" in err
    assert "unknown effect keyword 'muscle' in 'muscle:1'" in err
    assert not (tmp_path / "out").exists()           # refused before anything was played or written


GAMES_CONTENT = GREYLUNE_CONTENT.parent.parent


def edited_copy(tmp_path: Path, game_id: str, file: str, old: str, new: str) -> Path:
    """A copy of `game_id`'s content folder with the first `old` in `file` made `new`."""
    folder = tmp_path / game_id
    shutil.copytree(GAMES_CONTENT / game_id / "content", folder)
    text = (folder / file).read_text()
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1))
    return folder


def test_the_trial_plays_a_designers_copy_of_its_content(tmp_path: Path) -> None:
    folder = edited_copy(tmp_path, "trial", "deeds.toml", "fame = 2", "fame = 5")
    shipped, variant = load("trial"), load("trial", folder)
    assert (shipped.content.deeds[0].fame, variant.content.deeds[0].fame) == (2, 5)
    state = variant.new_game(2, 5, {})
    assert state.game is variant
    o = play_game("trial", Outcome(seed=5, players=2, seats=["random", "random"]), {}, content=str(folder))
    assert o.error is None and o.decisions > 0


@pytest.mark.parametrize("difficulty", ["easier", "normal", "harder"])
def test_threetale_plays_a_designers_copy_of_its_content_at_every_difficulty(tmp_path: Path,
                                                                              difficulty: str) -> None:
    # the Silver Deer's Love: 3 in the package, 6 in the copy; every difficulty reads the copy
    folder = edited_copy(tmp_path, "threetale", "heroes.toml", "love = 3\nhope = 2", "love = 6\nhope = 2")
    options = {"heroes": "silver_deer+queen_of_living_water+youngest_son", "difficulty": difficulty}
    shipped, variant = load("threetale").new_game(3, 7, options), load("threetale", folder).new_game(3, 7, options)
    deer = [s.hero.index(0) for s in (shipped, variant)]
    assert [s.v(seat, LOVE) for s, seat in zip((shipped, variant), deer, strict=True)] == [3, 6]
    o = play_game("threetale", Outcome(seed=7, players=3, seats=["random"] * 3), options, content=str(folder))
    assert o.error is None and o.decisions > 0


def test_content_entries_know_their_file_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "x.toml").write_text('title = "x"\n\n[[card]]\nid = 1\n\n# two\n[[card]]\nid = 2\n\n[seals]\nn = 3\n'
                                   "[space.one]\nbonus = 1\n")
    data = load_toml("greylune", "talewood.games.greylune", "x.toml", folder)
    assert [c.at for c in data["card"]] == [f"{folder}/x.toml:3", f"{folder}/x.toml:7"]
    assert data["seals"].at == f"{folder}/x.toml:10" and data["space"]["one"].at == f"{folder}/x.toml:12"
    assert data["card"][1] == {"id": 2}


@pytest.mark.slow
def test_doubling_a_cards_value_gets_it_flagged_and_moves_its_figures(tmp_path: Path, capsys) -> None:
    shipped = copy_content(tmp_path, "shipped")
    doubled = copy_content(tmp_path, "doubled")
    text = (doubled / "village.toml").read_text()
    start = text.index('name = "Jade Statue"')
    assert 'end_vp = 5' in text[start:start + 200]
    (doubled / "village.toml").write_text(text[:start] + text[start:].replace("end_vp = 5", "end_vp = 10", 1))
    out = tmp_path / "out"
    code = main(["report", "greylune", "--compare", str(shipped), str(doubled), "--games", "200", "--players", "2",
                 "--workers", "1", "--out", str(out), "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert "Jade Statue" in summary["sides"]["doubled"]["flagged"]
    assert "Jade Statue" not in summary["sides"]["shipped"]["flagged"]
    html = (out / "report.html").read_text()
    fig = figures_of(html)
    jade = [next(i for i in fig["variants"][side]["items"] if i["name"] == "Jade Statue")
            for side in ("shipped", "doubled")]
    assert jade[1]["effect"]["diff"] > jade[0]["effect"]["diff"] + 0.1
    assert jade[1]["with"]["score"]["mean"] > jade[0]["with"]["score"]["mean"]
    moved = {r["figure"] for r in fig["compare"] if r["moved"]}
    assert "Player 1 mean score" in moved or "Player 2 mean score" in moved
    assert '<section id="compare">' in html and "▲ " in html
    assert fig["variants"]["shipped"]["header"]["seeds"] == fig["variants"]["doubled"]["header"]["seeds"]


def test_report_on_ray_plays_the_same_games_as_locally(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    import pyarrow.parquet as pq

    run_lab("greylune", 6, [2], ["random"], 11, {}, tmp_path / "ray", workers=2, backend="ray")
    run_lab("greylune", 6, [2], ["random"], 11, {}, tmp_path / "local", workers=1)
    for table in ("seats", "items"):
        ray_rows = pq.read_table(tmp_path / "ray" / f"{table}.parquet")
        local_rows = pq.read_table(tmp_path / "local" / f"{table}.parquet")
        assert sorted(map(str, ray_rows.to_pylist())) == sorted(map(str, local_rows.to_pylist()))
