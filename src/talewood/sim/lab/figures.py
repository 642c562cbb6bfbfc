"""Every figure of a lab report, computed with DuckDB from the Parquet files (so `--from` re-renders the
same report, and anyone can check a figure with one query)."""

from __future__ import annotations

import math
import statistics
from typing import Any

from ...engine import seat_name
from .stats import (
    FDR,
    benjamini_hochberg,
    mean_difference,
    mean_interval,
    rate_difference,
    rate_difference_p,
    two_sided_p,
    wilson,
    z_for,
)
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
        "progress": meta.get("progress"), "round": meta.get("round", "round"), "budget": meta.get("budget", "time"),
        "sweep": meta.get("sweep"),
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
    tests = flag(out, threshold)
    if out:
        out[0]["tests"] = tests          # read back by figures(), which keeps it apart
    return out


def flag(items: list[dict[str, Any]], threshold: float) -> dict[str, Any]:
    """Mark the items whose effect stands out from their kind's: beyond `threshold` points from the median
    effect of the items of that kind, and tested against that median with the false discovery rate controlled
    over every item of the report (Benjamini–Hochberg at FDR): `flagged`. `raw_flag` is the uncorrected test
    (a 95% interval that leaves the median out), `adjusted` the interval at the corrected level.

    Holding any item of a kind goes with winning more or less often (a seat that takes more tiles or
    tokens scores more), so each item is measured against its kind's typical effect, not against zero.
    Returns what the tests found: how many items were tested, flagged raw and after correction, the adjusted
    intervals' level, and how many raw flags chance alone would give."""
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
        beyond = not math.isnan(e["diff"]) and abs(e["diff"] - base) * 100 >= threshold
        i["raw_flag"] = beyond and (e["lo"] > base or e["hi"] < base)
        i["p"] = rate_difference_p(i["with"]["wins"], i["with"]["n"], i["without"]["wins"], i["without"]["n"], base)
    rejected, alpha = benjamini_hochberg([i["p"] for i in items])
    z = z_for(alpha)
    for i, rejects in zip(items, rejected, strict=True):
        d, lo, hi = rate_difference(i["with"]["wins"], i["with"]["n"], i["without"]["wins"], i["without"]["n"], z)
        i["adjusted"] = {"diff": d, "lo": lo, "hi": hi}
        i["flagged"] = bool(rejects and abs(i["relative"]["diff"]) * 100 >= threshold)
    tested = sum(1 for i in items if not math.isnan(i["p"]))
    return {"tested": tested, "raw": sum(1 for i in items if i["raw_flag"]),
            "flagged": sum(1 for i in items if i["flagged"]), "fdr": FDR, "level": 1 - alpha,
            "chance": 0.05 * tested}


def errors(view: LabView) -> list[dict[str, Any]]:
    return [{"seed": s, "players": n, "error": (e or "").splitlines()[0]} for s, n, e in view.sql(
        "SELECT seed, players, error FROM all_games WHERE variant = $v AND error IS NOT NULL ORDER BY seed LIMIT 20",
        {"v": view.variant})]


def figures(view: LabView, threshold: float = DEFAULT_THRESHOLD) -> dict[str, Any]:
    """Every figure of the current variant."""
    head = header(view)
    counts = sorted(set(view.meta["players"]))
    by_players = {str(n): per_players(view, n) for n in counts}
    listed = items(view, threshold)
    none = {"tested": 0, "raw": 0, "flagged": 0, "fdr": FDR, "level": 1.0, "chance": 0.0}
    tests = listed[0].pop("tests") if listed else none
    flagged = sorted((i for i in listed if i["flagged"]), key=lambda i: -abs(i["relative"]["diff"]))
    out = {"header": head, "threshold": threshold, "by_players": by_players, "items": listed, "tests": tests,
           "flagged": [[i["kind"], i["item"]] for i in flagged], "errors": errors(view)}
    if len(counts) > 1:           # each item's effect at each player count, not only pooled
        variant = view.variant
        per: dict[str, Any] = {}
        for n in counts:
            view.use(variant, n)
            found = items(view, threshold)
            count_tests = found[0].pop("tests") if found else None
            per[str(n)] = {"tests": count_tests, "items": {
                f"{i['kind']}\t{i['item']}": {k: i[k] for k in ("effect", "adjusted", "flagged", "raw_flag")}
                | {"n": i["with"]["n"] + i["without"]["n"]} for i in found}}
        view.use(variant)
        out["items_by_players"] = per
    out["over_the_game"] = {str(n): over_the_game(view, n) for n in counts}
    if view.has_ladder:
        out["ladder"] = ladder(view, by_players)
    return out


def over_the_game(view: LabView, n: int) -> dict[str, Any]:
    """A player count's figures over the game: the decisions (how many, how many a real choice, the branching
    factor, decisions a turn), how often each kind of action was chosen, each seat's progress by round, and
    catch-up: how often the leader at half-time (and after each round) went on to win."""
    p = {"n": n}
    games, decisions, choices, turns, legal = view.sql(
        "SELECT count(*), sum(decisions), sum(choices), sum(turns), sum(legal) FROM games "
        "WHERE players = $n AND turns IS NOT NULL", p)[0]
    out: dict[str, Any] = {"players": n, "games": int(games or 0)}
    if not games:
        return out
    forced = decisions - choices
    out["decisions"] = {"per_game": decisions / games, "choices_per_game": choices / games,
                        "forced_share": forced / decisions if decisions else None,
                        "branching": legal / decisions if decisions else None,
                        "branching_when_choosing": (legal - forced) / choices if choices else None,
                        "turns_per_game": turns / games, "per_turn": decisions / turns if turns else None}
    kinds = view.sql("SELECT item, sum(value) FROM items WHERE kind = 'action' AND players = $n GROUP BY ALL "
                     "ORDER BY 2 DESC", p)
    out["actions"] = [{"kind": k, "per_game": c / games, "share": c / decisions if decisions else None}
                      for k, c in kinds]
    rounds = view.sql(
        "WITH p AS (SELECT seed, seat, item::INT AS r, value FROM items WHERE kind = 'progress' AND players = $n) "
        "SELECT p.r, s.won, count(*), avg(p.value), stddev_samp(p.value) FROM p JOIN seats s USING (seed, seat) "
        "GROUP BY ALL ORDER BY ALL", p)
    if not rounds:
        return out
    reached = dict(view.sql("SELECT item::INT, count(DISTINCT seed) FROM items WHERE kind = 'progress' "
                            "AND players = $n GROUP BY ALL", p))
    shown = [r for r in sorted(reached) if reached[r] >= games / 2]     # rounds most games reached
    by: dict[int, dict[bool, dict[str, Any]]] = {}
    for r, won, c, m, sd in rounds:
        by.setdefault(int(r), {})[bool(won)] = mean(m, sd, c)
    out["progress"] = [{"round": r, "games": reached[r], "winners": by[r].get(True), "others": by[r].get(False)}
                       for r in shown]
    out["progress_by_seat"] = [
        {"position": int(pos), "round": int(r), **mean(m, sd, c)} for pos, r, c, m, sd in view.sql(
            "WITH p AS (SELECT seed, seat, item::INT AS r, value FROM items WHERE kind = 'progress' AND players = $n) "
            "SELECT s.position, p.r, count(*), avg(p.value), stddev_samp(p.value) FROM p JOIN seats s "
            "USING (seed, seat) GROUP BY ALL ORDER BY ALL", p) if int(r) in shown]
    if view.cooperative or n < 2:
        return out
    leaders = ("WITH p AS (SELECT seed, seat, item::INT AS r, value FROM items WHERE kind = 'progress' "
               "AND players = $n), last AS (SELECT seed, max(r) AS final FROM p GROUP BY seed), "
               "top AS (SELECT seed, r, max(value) AS best FROM p GROUP BY ALL), "
               "lead AS (SELECT p.seed, p.r, any_value(p.seat) AS seat, count(*) AS tied FROM p JOIN top "
               "ON p.seed = top.seed AND p.r = top.r AND p.value = top.best GROUP BY ALL HAVING count(*) = 1) ")
    half = view.sql(leaders + "SELECT count(*), sum(s.won::INT) FROM lead JOIN last USING (seed) JOIN seats s "
                    "ON s.seed = lead.seed AND s.seat = lead.seat WHERE lead.r = greatest(1, last.final // 2)", p)[0]
    out["half_time"] = {**rate(half[1] or 0, half[0] or 0), "fair": 1 / n}
    out["leader_wins"] = [{"round": int(r), **rate(w or 0, c)} for r, c, w in view.sql(
        leaders + "SELECT lead.r, count(*), sum(s.won::INT) FROM lead JOIN seats s ON s.seed = lead.seed "
        "AND s.seat = lead.seat GROUP BY ALL ORDER BY 1", p) if int(r) in shown]
    return out


def ladder(view: LabView, by_players: dict[str, Any]) -> dict[str, Any]:
    """Skill against luck, per player count: for each bot against the one below it, the share of games the
    stronger won (fair: 1/players), beside the first player's edge; openskill ratings from the ladder's games.
    A cooperative game: each bot's team win rate."""
    from ..ratings import Ratings

    meta = view.meta["ladder"]
    bots = list(meta["bots"])
    out: dict[str, Any] = {"bots": bots, "games": meta["games"], "by_players": {}}
    for n in sorted(set(view.meta["players"])):
        rows = view.sql("SELECT game, stronger, weaker, seat, bot, score, won FROM ladder WHERE players = $n "
                        "ORDER BY game, seat", {"n": n})
        games: dict[int, tuple[str, str, list[tuple[int, str, float, bool]]]] = {}
        for game, stronger, weaker, seat, bot, score, won in rows:
            games.setdefault(int(game), (stronger, weaker, []))[2].append((int(seat), bot, float(score), bool(won)))
        played = list(games.values())
        ratings = Ratings(bots)
        pairs: dict[tuple[str, str], list[int]] = {}
        for stronger, weaker, seats in played:
            kinds = [b for _, b, _, _ in seats]
            if view.cooperative:
                ratings.update_team(kinds, seats[0][3])
            else:
                ratings.update(kinds, [sc for _, _, sc, _ in seats], [s for s, _, _, w in seats if w])
            won = seats[0][3] if view.cooperative else any(w for _, b, _, w in seats if b == stronger)
            tally = pairs.setdefault((stronger, weaker), [0, 0])
            tally[0] += 1
            tally[1] += int(won)
        group = by_players.get(str(n), {})
        order = group.get("order") or []
        first = order[0] if order else None
        entry: dict[str, Any] = {
            "players": n, "fair": None if view.cooperative else 1 / n, "ratings": ratings.to_json(),
            "pairs": [{"stronger": s, "weaker": w, **rate(k[1], k[0])} for (s, w), k in pairs.items()],
            "first_player": None if first is None else {**{x: first[x] for x in ("wins", "n", "rate", "lo", "hi")},
                                                        "edge": first["rate"] - 1 / n if first["rate"] is not None
                                                        else None}}
        entry["pairs"].sort(key=lambda r: (bots.index(r["stronger"]) if r["stronger"] in bots else 0))
        out["by_players"][str(n)] = entry
    return out


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
        se = (sd or 0.0) / math.sqrt(n) if n > 1 else math.nan
        out.append({"figure": label, "a": ma, "b": mb, "diff": md, "lo": lo, "hi": hi, "n": int(n), "se": se,
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
                        "hi": hi, "n": y["n"], "moved": lo > 0 or hi < 0, "kind": i["kind"], "item": i["item"],
                        "counts": [y["wins"], y["n"], x["wins"], x["n"]]})
    return out


def adjust_moves(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Control the false discovery rate over every figure of a comparison (Benjamini–Hochberg at FDR): `moved`
    becomes the corrected verdict, `raw_moved` the uncorrected one (a 95% interval that leaves zero out), and
    `adjusted` the interval at the corrected level. Returns what the tests found."""
    for r in rows:
        r["raw_moved"] = r["moved"]
        if "counts" in r:
            k1, n1, k2, n2 = r["counts"]
            r["p"] = rate_difference_p(k1, n1, k2, n2)
        elif r["n"] > 1 and math.isfinite(r.get("se", math.nan)):
            r["p"] = two_sided_p(r["diff"] / r["se"]) if r["se"] > 0 else (0.0 if r["diff"] else 1.0)
        else:
            r["p"] = math.nan
    rejected, alpha = benjamini_hochberg([r["p"] for r in rows])
    z = z_for(alpha)
    for r, rejects in zip(rows, rejected, strict=True):
        r["moved"] = bool(rejects)
        if "counts" in r:
            k1, n1, k2, n2 = r["counts"]
            d, lo, hi = rate_difference(k1, n1, k2, n2, z)
        elif math.isfinite(r.get("se", math.nan)):
            d, lo, hi = r["diff"], r["diff"] - z * r["se"], r["diff"] + z * r["se"]
        else:
            d, lo, hi = r["diff"], r["lo"], r["hi"]
        r["adjusted"] = {"diff": d, "lo": lo, "hi": hi}
    tested = sum(1 for r in rows if not math.isnan(r["p"]))
    return {"tested": tested, "raw": sum(1 for r in rows if r["raw_moved"]), "moved": sum(r["moved"] for r in rows),
            "fdr": FDR, "level": 1 - alpha, "chance": 0.05 * tested}


def _ordinal(position: int) -> str:
    return ("1st", "2nd", "3rd")[position] if position < 3 else f"{position + 1}th"
