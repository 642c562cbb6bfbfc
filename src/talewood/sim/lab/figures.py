"""Every figure of a lab report, computed with DuckDB from the Parquet files (so `--from` re-renders the
same report, and anyone can check a figure with one query)."""

from __future__ import annotations

import math
import statistics
from typing import Any

from ...engine import seat_name
from .stats import mean_difference, mean_interval, rate_difference, wilson
from .view import LabView

QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
MAX_BINS = 40
DEFAULT_THRESHOLD = 3.0     # points of win rate beyond which an item is flagged


def rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"wins": int(wins), "n": int(n), "rate": wins / n if n else None, "lo": lo, "hi": hi}


def mean(m: float | None, sd: float | None, n: int) -> dict[str, Any]:
    lo, hi = mean_interval(m, sd, n)
    return {"mean": m, "lo": lo, "hi": hi, "n": int(n)}


def header(view: LabView) -> dict[str, Any]:
    meta = view.meta
    variant = next(v for v in meta["variants"] if v["label"] == view.variant)
    completed = view.value("SELECT count(*) FROM games")
    errors = view.value("SELECT count(*) FROM all_games WHERE variant = $v AND error IS NOT NULL", {"v": view.variant})
    last = meta["seed"] + max(0, meta["games"] - 1)
    return {
        "game": meta["game"], "name": meta["name"], "options": meta["options"], "given_options": meta["given_options"],
        "players": meta["players"], "seats": meta["seats"], "games": meta["games"], "completed": completed,
        "errors": errors, "seeds": f"{meta['seed']}–{last}", "version": meta["version"], "seconds": meta["seconds"],
        "started": meta["started"], "backend": meta["backend"], "workers": meta["workers"],
        "content": variant["content"] or "the shipped content", "variant": view.variant,
        "cooperative": meta["cooperative"], "length_unit": meta["length_unit"],
        "compare": [v["content"] for v in meta["variants"]] if len(meta["variants"]) > 1 else None,
    }


def histogram(view: LabView, values_sql: str, params: dict[str, Any]) -> dict[str, Any]:
    """Counts of a column in at most MAX_BINS bins of whole-number width: {"start", "width", "counts"}."""
    lo, hi = view.sql(f"SELECT min(x), max(x) FROM ({values_sql})", params)[0]
    if lo is None:
        return {"start": 0, "width": 1, "counts": []}
    start = math.floor(lo)
    width = max(1, math.ceil((math.floor(hi) - start + 1) / MAX_BINS))
    rows = view.sql(f"SELECT floor((x - {start}) / {width})::BIGINT AS b, count(*) FROM ({values_sql}) "
                    f"GROUP BY b ORDER BY b", params)
    counts = [0] * (int((math.floor(hi) - start) // width) + 1)
    for b, c in rows:
        counts[int(b)] = int(c)
    return {"start": start, "width": width, "counts": counts}


def distribution(view: LabView, values_sql: str, params: dict[str, Any]) -> dict[str, Any]:
    row = view.sql(f"SELECT count(x), avg(x), stddev_samp(x), min(x), max(x), quantile_cont(x, {list(QUANTILES)}) "
                   f"FROM ({values_sql})", params)[0]
    n, m, sd, lo, hi, qs = row
    return {**mean(m, sd, n), "min": lo, "max": hi, "quantiles": list(qs) if qs else [],
            "histogram": histogram(view, values_sql, params)}


def per_players(view: LabView, n: int) -> dict[str, Any]:
    p = {"n": n}
    coop = view.cooperative
    out: dict[str, Any] = {"players": n, "games": view.value("SELECT count(*) FROM games WHERE players = $n", p),
                           "fair": None if coop else 1 / n}
    for key, column in (("seats", "seat"), ("order", "position")):
        rows = view.sql(f"SELECT {column}, string_agg(DISTINCT bot, ', '), count(*), sum(won::INT), avg(score), "
                        f"stddev_samp(score) FROM seats WHERE players = $n GROUP BY {column} ORDER BY {column}", p)
        out[key] = [{column: int(s), "bot": bot, **rate(w, c), "score": mean(m, sd, c)}
                    for s, bot, c, w, m, sd in rows]
    if coop:
        c, w, m, sd = view.sql("SELECT count(*), sum(team_won::INT), avg(team_score), stddev_samp(team_score) "
                               "FROM games WHERE players = $n", p)[0]
        out["team"] = {**rate(w or 0, c), "score": mean(m, sd, c)}
        out["team_scores"] = distribution(view, "SELECT team_score AS x FROM games WHERE players = $n", p)
    out["scores"] = [{"seat": s, **distribution(view, "SELECT score AS x FROM seats WHERE players = $n AND seat = $s",
                                                {"n": n, "s": s})} for s in range(n)]
    out["winner_scores"] = distribution(view, "SELECT max(score) AS x FROM seats WHERE players = $n AND won "
                                              "GROUP BY seed", p)
    margins = ("SELECT max(score) FILTER (WHERE won) - max(score) FILTER (WHERE NOT won) AS x FROM seats "
               "WHERE players = $n GROUP BY seed HAVING bool_or(won) AND bool_or(NOT won)")
    out["margins"] = None if coop or n < 2 else distribution(view, margins, p)
    shared, nobody = view.sql("SELECT count(*) FILTER (WHERE winners > 1), count(*) FILTER (WHERE winners = 0) "
                              "FROM games WHERE players = $n", p)[0]
    tie_breaks = 0 if coop or n < 2 else view.value(f"SELECT count(*) FROM ({margins}) WHERE x = 0", p)
    games = out["games"]
    out["ties"] = {"shared": rate(shared, games), "nobody": rate(nobody, games), "tie_break": rate(tie_breaks, games)}
    out["decisions"] = distribution(view, "SELECT decisions AS x FROM games WHERE players = $n", p)
    out["length"] = distribution(view, "SELECT length AS x FROM games WHERE players = $n AND length IS NOT NULL", p)
    out["seconds"] = distribution(view, "SELECT seconds AS x FROM games WHERE players = $n", p)
    return out


def _units_sql(coop: bool) -> str:
    """One row per (item, unit) in the games where the item was present: a seat, or in a cooperative game the
    team (the game); `had` says whether that unit had the item."""
    present = ("present AS (SELECT DISTINCT seed, kind, item FROM items WHERE event IN ('appeared', 'had')), "
               "holders AS (SELECT DISTINCT seed, seat, kind, item FROM items WHERE event = 'had' AND seat >= 0)")
    if coop:
        return (f"WITH {present}, team AS (SELECT DISTINCT seed, kind, item FROM holders) "
                "SELECT p.kind, p.item, g.seed, g.team_won AS won, g.team_score AS score, t.seed IS NOT NULL AS had "
                "FROM present p JOIN games g USING (seed) "
                "LEFT JOIN team t ON t.seed = p.seed AND t.kind = p.kind AND t.item = p.item")
    return (f"WITH {present} SELECT p.kind, p.item, s.seed, s.won, s.score, h.seat IS NOT NULL AS had "
            "FROM present p JOIN seats s USING (seed) "
            "LEFT JOIN holders h ON h.seed = s.seed AND h.seat = s.seat AND h.kind = p.kind AND h.item = p.item")


def items(view: LabView, threshold: float) -> list[dict[str, Any]]:
    """Per declared item: appearance and taken rates, and the win rate and score of the seats (the team, in a
    cooperative game) that had it against those that did not, with 95% intervals; `flagged` (see `flag`)."""
    games = view.value("SELECT count(*) FROM games") or 0
    names = view.item_names()
    appeared = {(k, i): c for k, i, c in view.sql(
        "SELECT kind, item, count(DISTINCT seed) FROM items WHERE event IN ('appeared', 'had') GROUP BY ALL")}
    taken = {(k, i): c for k, i, c in view.sql(
        "SELECT kind, item, count(DISTINCT seed) FROM items WHERE event = 'had' AND seat >= 0 GROUP BY ALL")}
    groups: dict[tuple[str, str], dict[bool, tuple[int, int, float | None, float | None]]] = {}
    for kind, item, had, c, w, m, sd in view.sql(
            f"SELECT kind, item, had, count(*), sum(won::INT), avg(score), stddev_samp(score) "
            f"FROM ({_units_sql(view.cooperative)}) GROUP BY ALL"):
        groups.setdefault((kind, item), {})[bool(had)] = (int(c), int(w or 0), m, sd)
    keys = list(names) + sorted(k for k in set(appeared) | set(groups) if k not in names)
    seen: dict[tuple[str, str], int] = {}
    for key in keys:
        name = names.get(key, (key[1], ""))[0]
        seen[(key[0], name)] = seen.get((key[0], name), 0) + 1
    out = []
    for key in keys:
        name, group = names.get(key, (key[1], ""))
        if seen[(key[0], name)] > 1:
            name = f"{name} ({key[1]})"        # two items of a kind with one name: tell them apart
        with_ = groups.get(key, {}).get(True, (0, 0, None, None))
        without = groups.get(key, {}).get(False, (0, 0, None, None))
        diff, lo, hi = rate_difference(with_[1], with_[0], without[1], without[0])
        sdiff, slo, shi = mean_difference(with_[2], with_[3], with_[0], without[2], without[3], without[0])
        a = appeared.get(key, 0)
        out.append({
            "kind": key[0], "item": key[1], "name": name, "group": group,
            "appeared": rate(a, games), "taken": rate(taken.get(key, 0), a),
            "with": {**rate(with_[1], with_[0]), "score": mean(with_[2], with_[3], with_[0])},
            "without": {**rate(without[1], without[0]), "score": mean(without[2], without[3], without[0])},
            "effect": {"diff": diff, "lo": lo, "hi": hi},
            "score_effect": {"diff": sdiff, "lo": slo, "hi": shi},
        })
    flag(out, threshold)
    return out


def flag(items: list[dict[str, Any]], threshold: float) -> None:
    """Mark the items whose effect stands out from their kind's: beyond `threshold` points from the median
    effect of the items of that kind, with a 95% interval that leaves that median out.

    Holding any item of a kind goes with winning more or less often (a seat that takes more tiles or
    tokens scores more), so each item is measured against its kind's typical effect, not against zero."""
    effects: dict[str, list[float]] = {}
    for i in items:
        if not math.isnan(i["effect"]["diff"]):
            effects.setdefault(i["kind"], []).append(i["effect"]["diff"])
    medians = {kind: statistics.median(values) for kind, values in effects.items()}
    for i in items:
        e = i["effect"]
        base = medians.get(i["kind"], 0.0)
        i["kind_median"] = base
        i["relative"] = {"diff": e["diff"] - base, "lo": e["lo"] - base, "hi": e["hi"] - base}
        i["flagged"] = (not math.isnan(e["diff"]) and abs(e["diff"] - base) * 100 >= threshold
                        and (e["lo"] > base or e["hi"] < base))


def errors(view: LabView) -> list[dict[str, Any]]:
    return [{"seed": s, "players": n, "error": (e or "").splitlines()[0]} for s, n, e in view.sql(
        "SELECT seed, players, error FROM all_games WHERE variant = $v AND error IS NOT NULL ORDER BY seed LIMIT 20",
        {"v": view.variant})]


def figures(view: LabView, threshold: float = DEFAULT_THRESHOLD) -> dict[str, Any]:
    """Every figure of the current variant."""
    head = header(view)
    by_players = {str(n): per_players(view, n) for n in sorted(set(view.meta["players"]))}
    listed = items(view, threshold)
    flagged = sorted((i for i in listed if i["flagged"]), key=lambda i: -abs(i["relative"]["diff"]))
    return {"header": head, "threshold": threshold, "by_players": by_players, "items": listed,
            "flagged": [[i["kind"], i["item"]] for i in flagged], "errors": errors(view)}


def moved(view: LabView, a: str, b: str) -> list[dict[str, Any]]:
    """What changed from variant `a` to variant `b`, on the same seeds: each figure's difference (b − a) with a
    95% interval — paired game by game where both sides played the seed — and whether it moved (the interval
    leaves out 0)."""
    out: list[dict[str, Any]] = []
    params = {"a": a, "b": b}

    def paired(label: str, query: str, extra: dict[str, Any]) -> None:
        row = view.sql(f"SELECT count(*), avg(xa), avg(xb), avg(xb - xa), stddev_samp(xb - xa) FROM ({query})",
                       {**params, **extra})[0]
        n, ma, mb, md, sd = row
        if not n:
            return
        lo, hi = mean_interval(md, sd if sd is not None else 0.0, n)
        if sd == 0 or sd is None:
            lo = hi = md
        out.append({"figure": label, "a": ma, "b": mb, "diff": md, "lo": lo, "hi": hi, "n": int(n),
                    "moved": bool(n > 1 and (lo > 0 or hi < 0))})

    seats = ("SELECT x.{col}::DOUBLE AS xa, y.{col}::DOUBLE AS xb FROM all_seats x JOIN all_seats y "
             "ON x.seed = y.seed AND x.seat = y.seat AND x.variant = $a AND y.variant = $b WHERE x.players = $n "
             "AND x.{by} = $s")
    game = ("SELECT x.{col}::DOUBLE AS xa, y.{col}::DOUBLE AS xb FROM all_games x JOIN all_games y "
            "ON x.seed = y.seed AND x.variant = $a AND y.variant = $b WHERE x.players = $n AND x.error IS NULL "
            "AND y.error IS NULL AND x.{col} IS NOT NULL AND y.{col} IS NOT NULL")
    coop = view.cooperative
    for n in sorted(set(view.meta["players"])):
        who = f"{n} players: " if len(set(view.meta["players"])) > 1 else ""
        if coop:
            paired(f"{who}team win rate", game.format(col="team_won"), {"n": n})
            paired(f"{who}team score", game.format(col="team_score"), {"n": n})
        else:
            for s in range(n):
                paired(f"{who}{seat_name(s)} win rate", seats.format(col="won", by="seat"), {"n": n, "s": s})
            for s in range(n):
                paired(f"{who}{_ordinal(s)} to play: win rate", seats.format(col="won", by="position"),
                       {"n": n, "s": s})
            for s in range(n):
                paired(f"{who}{seat_name(s)} mean score", seats.format(col="score", by="seat"), {"n": n, "s": s})
        paired(f"{who}decisions a game", game.format(col="decisions"), {"n": n})
        paired(f"{who}game length", game.format(col="length"), {"n": n})
    return out


def item_moves(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per item on both sides: the change in the win rate of the seats that had it and in how often it was taken."""
    old = {(i["kind"], i["item"]): i for i in before}
    out = []
    for i in after:
        j = old.get((i["kind"], i["item"]))
        if j is None:
            continue
        for label, x, y in (("win rate with it", j["with"], i["with"]), ("taken", j["taken"], i["taken"])):
            d, lo, hi = rate_difference(y["wins"], y["n"], x["wins"], x["n"])
            if math.isnan(d):
                continue
            out.append({"figure": f"{i['name']}: {label}", "a": x["rate"], "b": y["rate"], "diff": d, "lo": lo,
                        "hi": hi, "n": y["n"], "moved": lo > 0 or hi < 0, "kind": i["kind"], "item": i["item"]})
    return out


def _ordinal(position: int) -> str:
    return ("1st", "2nd", "3rd")[position] if position < 3 else f"{position + 1}th"
