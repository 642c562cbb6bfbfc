"""The balance lab's figures beyond the basics: many tests at once (Benjamini–Hochberg), skill against luck,
the game followed decision by decision, sweeps, and what the page draws."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from talewood.cli import build_parser, main
from talewood.engine import InvalidOption
from talewood.sim.lab import svg
from talewood.sim.lab.collect import run_lab
from talewood.sim.lab.figures import adjust_moves, flag
from talewood.sim.lab.render import compare, items
from talewood.sim.lab.report import write
from talewood.sim.lab.stats import benjamini_hochberg, rate_difference, rate_difference_p, z_for
from talewood.sim.lab.sweep import parse_sweep, set_value

duckdb = pytest.importorskip("duckdb")


def figures_of(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="figures">(.*?)</script>', html, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1).replace("<\\/", "</"))
    return data


# -- many tests at once --------------------------------------------------------------------------------
def test_benjamini_hochberg_rejects_the_published_example() -> None:
    # Benjamini & Hochberg (1995), section 4: fifteen p-values, q = 0.05: the four smallest are rejected
    p = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528,
         0.7590, 1.0000]
    rejected, alpha = benjamini_hochberg(p)
    assert rejected == [True] * 4 + [False] * 11
    assert math.isclose(alpha, 4 * 0.05 / 15)
    assert benjamini_hochberg([0.5, math.nan]) == ([False, False], 0.05)


def test_a_rate_differences_p_value_is_the_level_where_newcombes_interval_reaches_the_null() -> None:
    for k1, n1, k2, n2, null in ((56, 70, 48, 80, 0.0), (30, 60, 20, 70, 0.05), (10, 40, 14, 40, -0.3)):
        p = rate_difference_p(k1, n1, k2, n2, null)
        _, lo, hi = rate_difference(k1, n1, k2, n2, z_for(p))
        assert min(abs(lo - null), abs(hi - null)) < 1e-6
    assert rate_difference_p(56, 70, 48, 80) < 0.05 < rate_difference_p(40, 70, 40, 80)


def item(kind: str, wins: int, n: int, other_wins: int, other_n: int) -> dict[str, Any]:
    d, lo, hi = rate_difference(wins, n, other_wins, other_n)
    return {"kind": kind, "with": {"wins": wins, "n": n}, "without": {"wins": other_wins, "n": other_n},
            "effect": {"diff": d, "lo": lo, "hi": hi}}


def test_flags_hold_the_false_discovery_rate_and_say_what_chance_alone_gives() -> None:
    # 40 items of one kind, all alike but the last, far above the others; two of the alike ones strayed as far as
    # chance takes one item in twenty (their raw 95% intervals leave the median out)
    alike = [item("card", 50 + (k % 13) - 6, 100, 50, 100) for k in range(37)]
    alike += [item("card", 65, 100, 50, 100), item("card", 35, 100, 50, 100)]
    tests = flag([*alike, item("card", 80, 100, 50, 100)], threshold=3)
    assert tests["tested"] == 40 and math.isclose(tests["chance"], 2.0)
    assert tests["flagged"] == 1 and tests["raw"] == 3
    assert not any(i["flagged"] for i in alike) and alike[-1]["raw_flag"]
    assert tests["level"] > 0.95


def test_what_moved_is_corrected_too_and_an_empty_table_is_not_drawn() -> None:
    # twenty figures that did not change (z from 0.1 to 2.1: the last clears its raw interval) and one that did
    rows = [{"figure": f"Player {k} win rate", "a": 0.5, "b": 0.5, "diff": 0.005 * (k + 1) / 10, "n": 100,
             "se": 0.005} for k in range(20)]
    rows.append({"figure": "decisions a game", "a": 100.0, "b": 140.0, "diff": 40.0, "n": 100, "se": 2.5})
    for r in rows:
        r["lo"], r["hi"] = r["diff"] - 1.96 * r["se"], r["diff"] + 1.96 * r["se"]
        r["moved"] = r["lo"] > 0 or r["hi"] < 0
    tests = adjust_moves(rows)
    assert tests["raw"] == 2 and tests["moved"] == 1 and rows[-1]["moved"]
    assert rows[-2]["raw_moved"] and not rows[-2]["moved"]
    assert rows[-1]["adjusted"]["hi"] - rows[-1]["adjusted"]["lo"] > rows[-1]["hi"] - rows[-1]["lo"]
    html = compare([rows[-1]], "A", "B", tests)
    assert "Every figure of the game moved." in html and "<tbody></tbody>" not in html
    assert "chance alone would give about 1.1" in html


# -- a small report of every kind ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def spirits_lab(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lab") / "spirits"
    run_lab("spirits", 12, [2, 3], ["greedy"], 7, {"hex": True}, out, ladder=["random", "greedy"], ladder_games=6)
    write(out)
    return out


def test_the_ladder_gives_the_stronger_bots_share_beside_the_first_players_edge(spirits_lab: Path) -> None:
    fig = figures_of((spirits_lab / "report.html").read_text())
    con = duckdb.connect()
    for n in ("2", "3"):
        entry = fig["ladder"]["by_players"][n]
        pair = entry["pairs"][0]
        assert (pair["stronger"], pair["weaker"], pair["n"]) == ("greedy", "random", 6)
        won = con.execute(f"SELECT count(*) FROM '{spirits_lab}/ladder.parquet' WHERE players = {n} "
                          f"AND bot = 'greedy' AND won").fetchone()
        assert pair["wins"] == won[0]
        assert entry["fair"] == pytest.approx(1 / int(n))
        assert entry["first_player"]["rate"] == fig["by_players"][n]["order"][0]["rate"]
        assert entry["ratings"]["greedy"]["mu"] > entry["ratings"]["random"]["mu"]
    seats = con.execute(f"SELECT players, count(DISTINCT seat) FROM '{spirits_lab}/ladder.parquet' "
                        f"WHERE bot = 'greedy' GROUP BY ALL ORDER BY 1").fetchall()
    assert seats == [(2, 2), (3, 3)]          # the stronger bot's seat turns over the deals


def test_over_the_game_counts_decisions_turns_actions_and_progress(spirits_lab: Path) -> None:
    fig = figures_of((spirits_lab / "report.html").read_text())
    con = duckdb.connect()
    decisions, choices, turns, legal = con.execute(
        f"SELECT sum(decisions), sum(choices), sum(turns), sum(legal) FROM '{spirits_lab}/games.parquet' "
        f"WHERE players = 2").fetchone()
    d = fig["over_the_game"]["2"]["decisions"]
    assert d["branching"] == pytest.approx(legal / decisions) and d["per_turn"] == pytest.approx(decisions / turns)
    assert 0 < choices <= decisions
    chosen = sum(a["per_game"] for a in fig["over_the_game"]["2"]["actions"]) * 6
    assert chosen == pytest.approx(decisions)
    progress = fig["over_the_game"]["2"]["progress"]
    assert progress[0]["round"] == 1 and len(progress) > 5
    final = con.execute(f"WITH p AS (SELECT seed, seat, item::INT AS r, value FROM '{spirits_lab}/items.parquet' "
                        f"WHERE kind = 'progress' AND players = 2), last AS (SELECT seed, max(r) AS r FROM p "
                        f"GROUP BY seed) SELECT count(*) FROM p JOIN last USING (seed, r) JOIN "
                        f"'{spirits_lab}/seats.parquet' s USING (seed, seat) WHERE p.value <> s.score").fetchone()
    assert final == (0,)                      # the last round's progress is the final score
    half = fig["over_the_game"]["2"]["half_time"]
    assert 0 < half["n"] <= 6 and half["fair"] == 0.5


def test_items_of_modules_not_in_play_are_left_out_and_each_count_has_its_effects(spirits_lab: Path) -> None:
    html = (spirits_lab / "report.html").read_text()
    fig = figures_of(html)
    section = html[html.index('<section id="items">'):html.index('<section id="by-players">')]
    assert "<h3>Wish cards</h3>" not in section and "12 Wish cards" in section   # wish is off in this run
    assert "<h3>Hex cards</h3>" in section
    per = fig["items_by_players"]
    assert set(per) == {"2", "3"} and any(e["n"] for e in per["2"]["items"].values())


def test_every_chart_names_its_axes_and_the_fair_line_is_labelled_clear_of_the_bars(spirits_lab: Path) -> None:
    html = (spirits_lab / "report.html").read_text()
    charts = re.findall(r'<svg class="chart".*?</svg>', html, re.S)
    assert charts and all('class="axis-title"' in c for c in charts if "no data" not in c)
    bar = svg.bars("t", ["a", "b"], [0.9, 0.5], [0.8, 0.4], [0.95, 0.6], reference=0.5)
    width = float(re.search(r'viewBox="0 0 (\d+)', bar).group(1))  # type: ignore[union-attr]
    label_x = float(re.search(r'class="reference-label" x="([\d.]+)"', bar).group(1))  # type: ignore[union-attr]
    right_of_bars = max(float(x) + float(w) for x, w in re.findall(r'<rect class="bar" x="([\d.]+)" y="[\d.]+" '
                                                                   r'width="([\d.]+)"', bar))
    assert right_of_bars < label_x < width


def test_a_long_label_ends_in_an_ellipsis_with_the_full_text_as_its_tooltip() -> None:
    name = "Wish: hold more Water spirits than any other player and as many Flowers as Leaves"
    chart = svg.forest("effects", [(name, 0.05, 0.0, 0.1, False)], 3.0)
    assert f"<title>{name}</title>" in chart and "…" in chart
    assert name not in re.sub(r"<title>.*?</title>", "", chart)


def test_help_shows_no_doubled_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("report", "tournament", None):
        with pytest.raises(SystemExit):
            build_parser().parse_args([command, "--help"] if command else ["--help"])
        assert "%%" not in capsys.readouterr().out


# -- sweeps ------------------------------------------------------------------------------------------
def test_a_sweep_spec_is_parsed_or_refused_with_its_form() -> None:
    s = parse_sweep("deeds.toml:trailblazer.fame=1,2,3,4")
    assert (s.file, s.entry, s.field, s.values) == ("deeds.toml", "trailblazer", "fame", ("1", "2", "3", "4"))
    for bad in ("deeds.toml:trailblazer=1,2", "trailblazer.fame=1,2", "deeds.toml:trailblazer.fame=1",
                "x.toml:a.b=1,1"):
        with pytest.raises(InvalidOption, match="--sweep"):
            parse_sweep(bad)


def test_a_swept_value_replaces_its_line_and_keeps_the_others_in_place() -> None:
    text = '[[deed]]\nid = "a"\nfame = 2\n\n[[deed]]\nid = "trailblazer"\nname = "T"\nfame = 3\n\n[[deed]]\nid = "c"\n'
    out = set_value(text, "trailblazer", "fame", "7")
    assert out.splitlines()[7] == "fame = 7" and out.count("\n") == text.count("\n")
    assert set_value(text, "c", "fame", "1").splitlines()[10] == "fame = 1"     # a field the entry lacks is added
    with pytest.raises(InvalidOption, match="no entry 'nobody'"):
        set_value(text, "nobody", "fame", "1")


def test_a_sweep_plays_paired_seeds_per_value_and_plots_the_figures(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sweep"
    code = main(["report", "trial", "--games", "4", "--players", "2", "--workers", "1", "--seats", "random",
                 "--sweep", "deeds.toml:trailblazer.fame=1,4", "--out", str(out), "--json"])
    assert code == 0
    capsys.readouterr()
    for value in ("1", "4"):
        text = (out / "content" / value / "deeds.toml").read_text()
        block = text[text.index('id = "trailblazer"'):]
        assert f"\nfame = {value}\n" in block[:block.index("[[deed]]")]
    html = (out / "report.html").read_text()
    fig = figures_of(html)
    assert fig["sweep"]["values"] == ["1", "4"] and fig["sweep"]["labels"] == ["fame = 1", "fame = 4"]
    con = duckdb.connect()
    seeds = con.execute(f"SELECT variant, list(seed ORDER BY seed) FROM '{out}/games.parquet' GROUP BY ALL").fetchall()
    assert len(seeds) == 2 and seeds[0][1] == seeds[1][1]                    # the same seeds for every value
    assert 'id="sweep"' in html and html.count('<svg class="chart"') >= 3
    assert "--sweep deeds.toml:trailblazer.fame=1,4" in html


def test_a_sweep_of_a_missing_entry_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["report", "trial", "--games", "2", "--sweep", "deeds.toml:nobody.fame=1,2", "--out",
                 str(tmp_path / "x")])
    assert code == 2 and "no entry 'nobody'" in capsys.readouterr().err


def test_items_section_says_which_kinds_were_left_out() -> None:
    fig = {"items": [{"kind": "Wish card", "appeared": {"wins": 0}}], "header": {"cooperative": False},
           "threshold": 3}
    assert "1 Wish card)" in items(fig)


def test_an_option_given_as_each_takes_every_value_but_the_default_in_turn(tmp_path: Path) -> None:
    from talewood.games import load

    meta = run_lab("threetale", 10, [3], ["random"], 3, {"heroes": "each"}, tmp_path, ladder=["random"],
                   ladder_games=2)
    option = next(o for o in load("threetale").option_set.options if o.name == "heroes")
    teams = [v for v in option.choices if v != "choose"]
    assert meta["turned"] == {"heroes": teams} and meta["given_options"] == {"heroes": "each"}
    con = duckdb.connect()
    played = con.execute(f"SELECT seed, list(item ORDER BY item) FROM '{tmp_path}/items.parquet' WHERE kind = 'Hero' "
                         f"AND event = 'had' GROUP BY seed ORDER BY seed").fetchall()
    assert [sorted(team.split("+")) for team in teams] == [heroes for _, heroes in played]
    with pytest.raises(InvalidOption, match="tutorial=each needs an option with a list of values"):
        run_lab("threetale", 2, [3], ["random"], 3, {"tutorial": "each"}, tmp_path / "x")
