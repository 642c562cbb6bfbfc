"""Building blocks for a game's own section, from the facts its `record` hook noted (docs/lab.md)."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from . import svg
from .figures import mean, rate
from .render import Section, diff_text, mean_text, num, rate_text, table
from .stats import mean_difference, rate_difference
from .view import LabView


def _units(view: LabView) -> str:
    """Seats with their result (a cooperative game's seats all carry the team's)."""
    return "SELECT seed, seat, won, score FROM seats"


def event_rates(view: LabView, section_id: str, title: str, kind: str, event: str, event_words: tuple[str, str],
                intro: str = "") -> Section:
    """Per item of `kind` that seats had: how often the holder's `event` happened (a Wish met, a Hex
    suffered), and the holders' win rate when it did against when it did not, with 95% intervals."""
    names = view.item_names()
    rows = view.sql(
        f"WITH h AS (SELECT DISTINCT seed, seat, item FROM items WHERE kind = $k AND event = 'had' AND seat >= 0), "
        f"e AS (SELECT DISTINCT seed, seat, item FROM items WHERE kind = $k AND event = $e) "
        f"SELECT h.item, e.seed IS NOT NULL AS hit, count(*), sum(u.won::INT), avg(u.score) "
        f"FROM h JOIN ({_units(view)}) u USING (seed, seat) "
        f"LEFT JOIN e ON e.seed = h.seed AND e.seat = h.seat AND e.item = h.item GROUP BY ALL", {"k": kind, "e": event})
    if not rows:
        return Section(section_id, title, f"<p class=quiet>No {escape(kind)} was in play in this run.</p>")
    by: dict[str, dict[bool, tuple[int, int, float]]] = {}
    for item, hit, c, w, m in rows:
        by.setdefault(item, {})[bool(hit)] = (int(c), int(w or 0), m)
    order = [key for (k, key) in names if k == kind] + sorted(i for i in by if (kind, i) not in names)
    yes, no = event_words
    out = []
    for key in order:
        if key not in by:
            continue
        hit = by[key].get(True, (0, 0, None))
        miss = by[key].get(False, (0, 0, None))
        held = hit[0] + miss[0]
        d, lo, hi = rate_difference(hit[1], hit[0], miss[1], miss[0])
        out.append([escape(names.get((kind, key), (key, ""))[0]), str(held), rate_text(rate(hit[0], held)),
                    rate_text(rate(hit[1], hit[0])), rate_text(rate(miss[1], miss[0])),
                    diff_text({"diff": d, "lo": lo, "hi": hi})])
    head = ("item", "held", f"{yes} (of those held)", f"win rate when {yes}", f"win rate when {no}",
            "difference (points)")
    return Section(section_id, title, (f"<p>{intro}</p>" if intro else "") + table(head, out, "events"))


def value_effects(view: LabView, section_id: str, title: str, kind: str, labels: Mapping[str, str],
                  intro: str = "") -> Section:
    """Per key of `kind` (a module, a source of points): how often it touched a seat (a non-zero value), the
    mean value, and the win rate of touched seats against the others, with 95% intervals."""
    rows = []
    for key, label in labels.items():
        r = view.sql(
            f"WITH f AS (SELECT seed, seat, sum(value) AS v FROM items WHERE kind = $k AND item = $i GROUP BY ALL) "
            f"SELECT coalesce(f.v, 0) <> 0 AS touched, count(*), sum(u.won::INT), avg(coalesce(f.v, 0)), "
            f"stddev_samp(coalesce(f.v, 0)) FROM ({_units(view)}) u LEFT JOIN f USING (seed, seat) GROUP BY ALL",
            {"k": kind, "i": key})
        by = {bool(t): (int(c), int(w or 0), m, sd) for t, c, w, m, sd in r}
        yes, no = by.get(True, (0, 0, None, None)), by.get(False, (0, 0, None, None))
        n = yes[0] + no[0]
        if not yes[0]:
            continue
        total = view.value(f"SELECT avg(coalesce(f.v, 0)) FROM ({_units(view)}) u LEFT JOIN (SELECT seed, seat, "
                           f"sum(value) AS v FROM items WHERE kind = $k AND item = $i GROUP BY ALL) f "
                           f"USING (seed, seat)", {"k": kind, "i": key})
        d, lo, hi = rate_difference(yes[1], yes[0], no[1], no[0])
        rows.append([escape(label), rate_text(rate(yes[0], n)), num(total), num(yes[2]),
                     rate_text(rate(yes[1], yes[0])), rate_text(rate(no[1], no[0])),
                     diff_text({"diff": d, "lo": lo, "hi": hi})])
    if not rows:
        return Section(section_id, title, "<p class=quiet>Nothing to show: none of these touched a seat.</p>")
    head = ("what", "seats touched", "mean value a seat", "mean when touched", "win rate touched", "untouched",
            "difference (points)")
    return Section(section_id, title, (f"<p>{intro}</p>" if intro else "") + table(head, rows, "effects"))


def points_by_source(view: LabView, section_id: str, title: str, kind: str, labels: Mapping[str, str],
                     intro: str = "") -> Section:
    """Mean points of each source (facts of `kind`, one per seat and source) for the winners and the others,
    with 95% intervals and the difference."""
    rows = []
    names: list[str] = []
    means: tuple[list[float | None], list[float | None]] = ([], [])
    for key, label in labels.items():
        r = view.sql(
            f"SELECT u.won, count(*), avg(coalesce(f.value, 0)), stddev_samp(coalesce(f.value, 0)) "
            f"FROM ({_units(view)}) u LEFT JOIN (SELECT seed, seat, sum(value) AS value FROM items "
            f"WHERE kind = $k AND item = $i GROUP BY ALL) f USING (seed, seat) GROUP BY ALL", {"k": kind, "i": key})
        by = {bool(w): (int(c), m, sd) for w, c, m, sd in r}
        won, lost = by.get(True, (0, None, None)), by.get(False, (0, None, None))
        d, lo, hi = mean_difference(won[1], won[2], won[0], lost[1], lost[2], lost[0])
        rows.append([escape(label), mean_text(mean(won[1], won[2], won[0])), mean_text(mean(lost[1], lost[2], lost[0])),
                     diff_text({"diff": d, "lo": lo, "hi": hi}, points=False, digits=2)])
        names.append(label)
        means[0].append(won[1])
        means[1].append(lost[1])
    chart = svg.hbars(title, names, (("winners", means[0]), ("the others", means[1])))
    return Section(section_id, title, (f"<p>{intro}</p>" if intro else "")
                   + table(("source", "winners (95% interval)", "the others", "difference"), rows, "sources")
                   + chart)


def main_sources(view: LabView, section_id: str, title: str, kind: str, labels: Mapping[str, str], none: str,
                 intro: str, head: tuple[str, str] = ("main source", "mean score"), leave_out: str = "") -> Section:
    """Each seat's main source: the item of `kind` (one fact per seat and source) whose values summed highest
    (`leave_out`: an item that never counts); how often each was a seat's main source, its win rate, the mean
    score of those seats and the difference from the other seats' win rate. `none`: a seat with no such fact."""
    rows = view.sql(
        "WITH p AS (SELECT seed, seat, item, sum(value) AS v FROM items WHERE kind = $k AND item <> $out "
        "GROUP BY ALL), best AS (SELECT seed, seat, arg_max(item, v) AS main FROM p GROUP BY ALL) "
        f"SELECT coalesce(b.main, ''), count(*), sum(u.won::INT), avg(u.score) FROM ({_units(view)}) u "
        "LEFT JOIN best b USING (seed, seat) GROUP BY ALL ORDER BY 2 DESC", {"k": kind, "out": leave_out})
    total = sum(r[1] for r in rows) or 1
    wins_all = sum(r[2] for r in rows)
    body = []
    for main, n, wins, score in rows:
        d, lo, hi = rate_difference(wins, n, wins_all - wins, total - n)
        body.append([escape(labels.get(main, none)), rate_text(rate(n, total)), rate_text(rate(wins, n)),
                     num(score), diff_text({"diff": d, "lo": lo, "hi": hi})])
    return Section(section_id, title, f"<p>{intro}</p>" + table(
        (head[0], "seats", "win rate", head[1], "against the others (points)"), body, "main-sources"))
