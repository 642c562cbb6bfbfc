"""The lab's report as one self-contained HTML page: inline CSS and SVG, no script, nothing fetched."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ...engine import seat_name
from . import svg

# every section a report has, in order (the game's own is `game`; a comparison adds `compare` first)
SECTIONS = ("summary", "flagged", "win-rates", "skill", "scores", "ties", "length", "over-the-game", "items",
            "by-players", "game", "errors")


@dataclass(frozen=True)
class Section:
    """A part of the page: its anchor, its heading and its HTML (a game's hook returns these)."""

    id: str
    title: str
    html: str


# -- helpers a game's section may use -------------------------------------------------------------
def pct(value: float | None, digits: int = 1) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value * 100:.{digits}f}%"


def num(value: float | None, digits: int = 2) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"


def rate_text(r: dict[str, Any]) -> str:
    """A rate with its 95% interval: "52.3% (49.1–55.4%)"."""
    if not r.get("n"):
        return "–"
    return f"{pct(r['rate'])} <span class=ci>({pct(r['lo'])}–{pct(r['hi'])})</span>"


def mean_text(m: dict[str, Any], digits: int = 2) -> str:
    if m.get("mean") is None:
        return "–"
    if not math.isfinite(m.get("lo", math.nan)):
        return num(m["mean"], digits)
    between = " to " if m["lo"] < 0 else "–"
    return f"{num(m['mean'], digits)} <span class=ci>({num(m['lo'], digits)}{between}{num(m['hi'], digits)})</span>"


def diff_text(d: dict[str, Any], points: bool = True, digits: int = 1) -> str:
    """A difference with its interval, in points of a rate (×100) or as it is."""
    if d["diff"] is None or math.isnan(d["diff"]):
        return "–"
    k = 100 if points else 1
    return (f"{d['diff'] * k:+.{digits}f} <span class=ci>({d['lo'] * k:+.{digits}f} to "
            f"{d['hi'] * k:+.{digits}f})</span>")


def table(head: Sequence[str], rows: Sequence[Sequence[str]], cls: str = "") -> str:
    """A table; cells are HTML (escape text yourself), head cells are text."""
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{cls}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


def rate_of(k: int, n: int) -> dict[str, Any]:
    from .stats import wilson

    lo, hi = wilson(k, n)
    return {"n": n, "wins": k, "rate": k / n if n else None, "lo": lo, "hi": hi}


def ordinal(position: int) -> str:
    return ("1st", "2nd", "3rd")[position] if position < 3 else f"{position + 1}th"


# -- the sections ------------------------------------------------------------------------------
def _players_heading(fig: dict[str, Any], group: dict[str, Any]) -> str:
    return f"<h3>{group['players']} players ({group['games']} games)</h3>" if len(fig["by_players"]) > 1 else ""


def _seat_label(row: dict[str, Any]) -> str:
    return seat_name(row["seat"])


def _order_label(row: dict[str, Any]) -> str:
    return f"{ordinal(row['position'])} to play"


def command(h: dict[str, Any]) -> str:
    """The command that plays this run again."""
    words = ["talewood", "report", h["game"], "--games", str(h["games"]),
             "--players", ",".join(str(p) for p in h["players"]), "--seats", ",".join(h["seats"]),
             "--seed", h["seeds"].split("–")[0]]
    for key, value in h["given_options"].items():
        words += ["--option", f"{key}={str(value).lower() if isinstance(value, bool) else value}"]
    if h.get("sweep"):
        s = h["sweep"]
        words += ["--sweep", f"{s['file']}:{s['entry']}.{s['field']}={','.join(s['values'])}"]
    elif h.get("compare"):
        words += ["--compare", *h["compare"]]
    elif h["content"] != "the shipped content":
        words += ["--content", h["content"]]
    return " ".join(words)


def summary(fig: dict[str, Any]) -> str:
    h = fig["header"]
    options = ", ".join(f"{k} = {v}" for k, v in h["options"].items()) or "none"
    given = ", ".join(f"{k} = {v}" for k, v in h["given_options"].items()) or "the game's defaults"
    rows = [
        ("Game", escape(f"{h['name']} ({h['game']})")),
        ("Players", escape(", ".join(str(p) for p in h["players"]))),
        ("Bots", escape(", ".join(h["seats"]) + (" (one per seat)" if len(h["seats"]) > 1 else " (every seat)")
                        + ("; searches bounded by their iteration counts (a seed always gives the same game)"
                           if h.get("budget") == "iterations" else "; searches also bounded by wall time"))),
        ("Options", escape(f"{given} — in full: {options}")),
        ("Content", escape(h["content"])),
        ("Games", f"{h['completed']} completed of {h['games']}" + (f", {h['errors']} errors" if h["errors"] else "")),
        ("Seeds", escape(h["seeds"]) + " (each game's seed is in the Parquet files)"),
        ("Command", f"<code>{escape(command(h))}</code>"),
        ("Version", escape(f"Talewood {h['version']}")),
        ("Time taken", escape(f"{h['seconds']:.1f} s on {h['workers']} worker(s), {h['backend']} backend; "
                              f"started {h['started']}")),
    ]
    return "<dl class=header>" + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows) + "</dl>"


def level_text(level: float) -> str:
    """A confidence level for people: "99.7%"."""
    return f"{level * 100:.2f}".rstrip("0").rstrip(".") + "%"


def tests_text(t: dict[str, Any], what: str, verdict: str) -> str:
    """What many tests at once found: the raw count, what chance alone gives, and the corrected count."""
    return (f"{t['tested']} {what} tested. Without correction, {t['raw']} clear their 95% interval; chance alone "
            f"would give about {t['chance']:.1f} of them (5% of {t['tested']}) even if none differed. With the false "
            f"discovery rate held at {t['fdr'] * 100:.0f}% (Benjamini–Hochberg), {t[verdict]} "
            f"{'is' if t[verdict] == 1 else 'are'} kept; the adjusted intervals are at the level that goes with "
            f"that ({level_text(t['level'])}, Benjamini and Yekutieli's).")


def flagged(fig: dict[str, Any]) -> str:
    items = {(i["kind"], i["item"]): i for i in fig["items"]}
    chosen = [items[(k, key)] for k, key in fig["flagged"]]
    tests = fig.get("tests") or {"tested": 0, "raw": 0, "flagged": 0, "fdr": 0.05, "level": 0.95, "chance": 0.0}
    intro = (f"<p>Items that stand out from their kind: the win rate of the seats that had one differs from "
             f"the others' by {fig['threshold']:g} points or more beyond the typical item of its kind (the "
             f"median effect of the kind's items), and the difference holds when the many tests of this report "
             f"are taken together. {tests_text(tests, 'items', 'flagged')} {len(chosen)} of the "
             f"{len(fig['items'])} items are flagged.</p>")
    if not chosen:
        return intro + "<p class=quiet>No item is flagged.</p>"
    rows = [[escape(i["kind"]), escape(i["name"]), rate_text(i["with"]), rate_text(i["without"]),
             diff_text(i["effect"]), diff_text(i["adjusted"]), f"{i['kind_median'] * 100:+.1f}",
             diff_text(i["relative"]), diff_text(i["score_effect"], points=False, digits=2)] for i in chosen]
    return intro + table(("kind", "item", "win rate with it", "without it", "difference (points, 95%)",
                          f"adjusted ({level_text(tests['level'])})", "kind's median", "beyond the median",
                          "score difference"), rows, "flagged")


def win_rates(fig: dict[str, Any]) -> str:
    out = []
    coop = fig["header"]["cooperative"]
    for group in fig["by_players"].values():
        out.append(_players_heading(fig, group))
        if coop:
            t = group["team"]
            out.append(f"<p>The team won {t['wins']} of {t['n']} games: {rate_text(t)}; mean team score "
                       f"{mean_text(t['score'])}. Every seat's result is the team's.</p>")
            out.append(svg.bars("Team win rate", ["the team"], [t["rate"]], [t["lo"]], [t["hi"]],
                                y_title="the team's win rate"))
            continue
        for key, label in (("seats", "By seat"), ("order", "By turn order")):
            rows = group[key]
            name = _seat_label if key == "seats" else _order_label
            out.append(f"<h4>{label}</h4>")
            out.append(svg.bars(f"Win rate {label.lower()}", [name(r) for r in rows], [r["rate"] for r in rows],
                                [r["lo"] for r in rows], [r["hi"] for r in rows], reference=group["fair"],
                                x_title="seat" if key == "seats" else "turn order"))
            out.append(table((label.split()[-1], "bot", "games", "wins", "win rate (95% interval)",
                              "mean score (95% interval)"),
                             [[escape(name(r)), escape(r["bot"]), str(r["n"]), str(r["wins"]), rate_text(r),
                               mean_text(r["score"])] for r in rows], f"rates {key}"))
        out.append(f"<p class=quiet>Fair: {pct(group['fair'])} each. A shared win counts as a win for each "
                   f"seat that shares it.</p>")
    return "".join(out)


def scores(fig: dict[str, Any]) -> str:
    out = []
    coop = fig["header"]["cooperative"]
    for group in fig["by_players"].values():
        out.append(_players_heading(fig, group))
        rows = [(seat_name(d["seat"]), d) for d in group["scores"]] + [("Winner", group["winner_scores"])]
        if coop:
            rows = [("Team", group["team_scores"])]
        out.append(svg.boxes("Score distributions", rows))
        out.append(table(("who", "mean (95% interval)", "min", "10%", "25%", "median", "75%", "90%", "max"),
                         [[escape(label), mean_text(d)] + [num(d["min"])] + [num(q) for q in d["quantiles"]]
                          + [num(d["max"])] for label, d in rows if d["n"]], "scores"))
        if not coop:
            out.append("<h4>The winner's score</h4>" + svg.histogram("Winning scores",
                                                                     group["winner_scores"]["histogram"],
                                                                     x_title="the winner's score"))
        if group["margins"] is not None:
            m = group["margins"]
            out.append(f"<h4>Margin of victory</h4><p>The winner's score less the best other score: mean "
                       f"{mean_text(m)}, median {num(m['quantiles'][2] if m['quantiles'] else None)} "
                       f"({m['n']} games with a loser).</p>")
            out.append(svg.histogram("Margins of victory", m["histogram"], " points",
                                     x_title="margin of victory (points)"))
    return "".join(out)


def ties(fig: dict[str, Any]) -> str:
    if fig["header"]["cooperative"]:
        rows = [[str(g["players"]), str(g["games"]), f"{g['team']['wins']} · {rate_text(g['team'])}",
                 f"{g['games'] - g['team']['wins']} · "
                 f"{rate_text(rate_of(g['games'] - g['team']['wins'], g['games']))}"]
                for g in fig["by_players"].values()]
        return ("<p>A cooperative game has no ties: the team wins or loses together.</p>"
                + table(("players", "games", "the team won", "the team lost"), rows, "ties"))
    rows = []
    for group in fig["by_players"].values():
        t = group["ties"]
        rows.append([str(group["players"]), str(group["games"]), f"{t['shared']['wins']} · {rate_text(t['shared'])}",
                     f"{t['tie_break']['wins']} · {rate_text(t['tie_break'])}",
                     f"{t['nobody']['wins']} · {rate_text(t['nobody'])}"])
    return ("<p>A shared win: two or more winners. Won on a tie-breaker: the winner's score equals the best "
            "other score. Nobody wins: no winner at all (a lost solo or cooperative game).</p>"
            + table(("players", "games", "shared wins", "won on a tie-breaker", "nobody wins"), rows, "ties"))


def length(fig: dict[str, Any]) -> str:
    unit = fig["header"]["length_unit"]
    out = []
    rows = []
    for group in fig["by_players"].values():
        for label, d in (("decisions", group["decisions"]), (unit, group["length"]),
                         ("seconds", group["seconds"])):
            if label and d["n"]:
                digits = 3 if label == "seconds" else 1
                rows.append([str(group["players"]), escape(label), mean_text(d, digits), num(d["min"], digits)]
                            + [num(q, digits) for q in d["quantiles"]] + [num(d["max"], digits)])
    out.append(table(("players", "measure", "mean (95% interval)", "min", "10%", "25%", "median", "75%", "90%",
                      "max"), rows, "length"))
    for group in fig["by_players"].values():
        out.append(_players_heading(fig, group))
        out.append("<h4>Decisions a game</h4>" + svg.histogram("Decisions a game", group["decisions"]["histogram"],
                                                              x_title="decisions a game"))
        if unit and group["length"]["n"]:
            out.append(f"<h4>{escape(unit.capitalize())} a game</h4>"
                       + svg.histogram(f"{unit} a game", group["length"]["histogram"], x_title=f"{unit} a game"))
    return "".join(out)


def _absent(fig: dict[str, Any]) -> dict[str, int]:
    """Per kind, how many declared items never appeared in these games (a module not in play, say)."""
    out: dict[str, int] = {}
    for i in fig["items"]:
        if not i["appeared"]["wins"]:
            out[i["kind"]] = out.get(i["kind"], 0) + 1
    return out


def items(fig: dict[str, Any]) -> str:
    listed = [i for i in fig["items"] if i["appeared"]["wins"]]
    absent = _absent(fig)
    left_out = ("<p class=quiet>Left out: the items that never appeared in these games (" + ", ".join(
        f"{n} {escape(kind)}{'' if n == 1 else 's'}" for kind, n in absent.items())
        + "), such as those of a module not in play.</p>") if absent else ""
    if not listed:
        return left_out or "<p class=quiet>This game declares no content items to the lab.</p>"
    coop = fig["header"]["cooperative"]
    who = "the team" if coop else "seats"
    level = level_text((fig.get("tests") or {}).get("level", 0.95))
    out = [f"<p>Appeared: the share of games the item was in. Taken: the share of those games in which a seat "
           f"had it at the end. Win rate and score of {who} that had it against {who} that did not, in the games "
           f"it was in; the difference in points of win rate with its 95% interval, and the interval adjusted for "
           f"the many tests of the report ({level}). The plot marks zero, the median effect of the kind (dashed) "
           f"and {fig['threshold']:g} points either side of it. Flagged (⚑): beyond those, and kept when the false "
           f"discovery rate is controlled (see Flagged items); every player count of the run is pooled here (each "
           f"count's effects follow in Effects per player count).</p>", left_out]
    kinds: dict[str, list[dict[str, Any]]] = {}
    for i in listed:
        kinds.setdefault(i["kind"], []).append(i)
    for kind, group in kinds.items():
        out.append(f"<h3>{escape(kind.capitalize())}s</h3>")
        plotted = [i for i in group if i["with"]["n"] and i["without"]["n"]]
        if plotted:
            plotted.sort(key=lambda i: -i["effect"]["diff"])
            out.append(svg.forest(f"Win-rate effect of each {kind}",
                                  [(i["name"], i["effect"]["diff"], i["effect"]["lo"], i["effect"]["hi"],
                                    i["flagged"]) for i in plotted], fig["threshold"], plotted[0]["kind_median"]))
        rows = [[("⚑ " if i["flagged"] else "") + escape(i["name"]) + (f" <span class=ci>{escape(i['group'])}</span>"
                                                                        if i["group"] else ""),
                 rate_text(i["appeared"]), rate_text(i["taken"]), rate_text(i["with"]), rate_text(i["without"]),
                 diff_text(i["effect"]), diff_text(i.get("adjusted", i["effect"])), mean_text(i["with"]["score"]),
                 mean_text(i["without"]["score"]), diff_text(i["score_effect"], points=False, digits=2)]
                for i in group]
        out.append(table(("item", "appeared", "taken", "win rate with it", "without it", "difference (points, 95%)",
                          f"adjusted ({level})", "score with it", "without it", "score difference"), rows, "items"))
    return "".join(out)


def skill(fig: dict[str, Any]) -> str:
    """Skill against luck: each bot against the one below it, the share of games the stronger won, beside the
    first player's edge; the ladder's ratings."""
    ladder = fig.get("ladder")
    if not ladder:
        return ("<p class=quiet>No ladder was played in this run (<code>--ladder random,greedy,easy,normal,hard"
                "</code> plays one).</p>")
    coop = fig["header"]["cooperative"]
    out = []
    if coop:
        out.append(f"<p>Each bot kind as the whole team, {ladder['games']} games each on the same deals: how much "
                   f"the game rewards skill is how far the stronger teams win more often.</p>")
    else:
        out.append(f"<p>Each bot against the one below it in the ladder ({escape(', '.join(ladder['bots']))}): "
                   f"the stronger in one seat, the weaker in every other, its seat turning over the same deals, "
                   f"{ladder['games']} games a pair at each player count. The share of games the stronger won is "
                   f"the report's measure of how much the game rewards skill (fair: one in the number of players; "
                   f"a game of pure luck stays there), beside the first player's edge (how much the turn order "
                   f"alone gives). Ratings: openskill (Plackett–Luce) from the ladder's games.</p>")
    for key, entry in ladder["by_players"].items():
        if len(ladder["by_players"]) > 1:
            out.append(f"<h3>{escape(key)} players</h3>")
        pairs = entry["pairs"]
        if coop:
            labels = [p["stronger"] for p in pairs]
            out.append(svg.bars("The team's win rate by bot", labels, [p["rate"] for p in pairs],
                                [p["lo"] for p in pairs], [p["hi"] for p in pairs], y_title="the team's win rate",
                                x_title="the bot playing every Hero"))
            rows = [[escape(p["stronger"]), str(p["n"]), rate_text(p)] for p in pairs]
            out.append(table(("bot (every seat)", "games", "the team won (95% interval)"), rows, "ladder"))
        else:
            labels = [f"{p['stronger']} v {p['weaker']}" for p in pairs]
            first = entry.get("first_player")
            out.append(svg.bars("The stronger bot's share of the games", labels, [p["rate"] for p in pairs],
                                [p["lo"] for p in pairs], [p["hi"] for p in pairs], reference=entry["fair"],
                                y_title="games the stronger won", x_title="pair (stronger v weaker)"))
            rows = [[escape(p["stronger"]), escape(p["weaker"]), str(p["n"]), str(p["wins"]), rate_text(p),
                     f"{(p['rate'] - entry['fair']) * 100:+.1f}" if p["rate"] is not None else "–"] for p in pairs]
            out.append(table(("stronger", "weaker", "games", "the stronger won", "share (95% interval)",
                              "beyond fair (points)"), rows, "ladder"))
            if first is not None and first["n"]:
                out.append(f"<p>Beside it, the first player's edge in this run's games: the first to play won "
                           f"{rate_text(first)}, {first['edge'] * 100:+.1f} points from the fair "
                           f"{pct(entry['fair'])}.</p>")
        ratings = sorted(entry["ratings"].items(), key=lambda kv: -kv[1]["ordinal"])
        out.append(table(("bot", "rating (mu ± sigma)", "ordinal"),
                         [[escape(k), f"{r['mu']:.1f} ± {r['sigma']:.1f}", f"{r['ordinal']:.1f}"] for k, r in ratings],
                         "ratings"))
    return "".join(out)


def over_the_game(fig: dict[str, Any]) -> str:
    """The decisions, the action kinds, each seat's progress by round and catch-up, per player count."""
    over = fig.get("over_the_game") or {}
    if not any(g.get("decisions") for g in over.values()):
        return "<p class=quiet>This run did not follow the games' decisions.</p>"
    coop = fig["header"]["cooperative"]
    measure = fig["header"].get("progress") or "score"
    out = ["<p>A turn here is a run of decisions by one seat. A forced decision has a single legal action. The "
           "branching factor is the mean number of legal actions a decision.</p>"]
    rows = []
    for key, g in over.items():
        d = g.get("decisions")
        if not d:
            continue
        rows.append([escape(key), num(d["per_game"], 1), num(d["choices_per_game"], 1), pct(d["forced_share"]),
                     num(d["branching"], 1), num(d["branching_when_choosing"], 1), num(d["turns_per_game"], 1),
                     num(d["per_turn"], 2)])
    out.append(table(("players", "decisions a game", "real choices a game", "forced", "branching factor",
                      "legal actions when choosing", "turns a game", "decisions a turn"), rows, "decisions"))
    for key, g in over.items():
        if not g.get("decisions"):
            continue
        if len(over) > 1:
            out.append(f"<h3>{escape(key)} players</h3>")
        actions = g.get("actions") or []
        out.append("<h4>How often each kind of action is chosen</h4>")
        out.append(table(("action", "a game", "share of the decisions"),
                         [[escape(a["kind"].replace("_", " ")), num(a["per_game"], 1), pct(a["share"])]
                          for a in actions], "actions"))
        progress = g.get("progress")
        if not progress:
            continue
        unit = fig["header"].get("round") or "round"
        if coop:
            series = [(f"{ordinal(pos)} to play", [(r["round"], r["mean"], r["lo"], r["hi"])
                                                    for r in g["progress_by_seat"] if r["position"] == pos])
                      for pos in sorted({r["position"] for r in g["progress_by_seat"]})]
        else:
            series = [("the winners", [(r["round"], (r["winners"] or {}).get("mean"), (r["winners"] or {}).get(
                "lo", math.nan), (r["winners"] or {}).get("hi", math.nan)) for r in progress]),
                      ("the others", [(r["round"], (r["others"] or {}).get("mean"), (r["others"] or {}).get(
                          "lo", math.nan), (r["others"] or {}).get("hi", math.nan)) for r in progress])]
        out.append(f"<h4>Progress by round ({escape(measure)})</h4>")
        out.append(svg.lines(f"Mean {measure} at the end of each round", series, f"the end of the {unit}",
                             measure.split(",")[0]))
        half = g.get("half_time")
        if half and half["n"]:
            out.append(f"<p><b>Catch-up.</b> The leader at half-time (alone in the lead) went on to win "
                       f"{rate_text(half)} of {half['n']} games (fair: {pct(half['fair'])}): the further above fair, "
                       f"the harder it is to come back.</p>")
            leads = g.get("leader_wins") or []
            out.append(svg.lines("How often the leader after each round wins", [(
                "the leader", [(r["round"], r["rate"], r["lo"], r["hi"]) for r in leads])],
                f"the end of the {unit}", "the leader won", percent=True, reference=half["fair"],
                reference_label="fair"))
    return "".join(out)


def by_players(fig: dict[str, Any]) -> str:
    """Each item's effect at each player count (raw 95% intervals; ⚑ flagged at that count)."""
    per = fig.get("items_by_players")
    if not per:
        return "<p class=quiet>This run has one player count: the items' effects above are its own.</p>"
    counts = list(per)
    out = ["<p>Each item's effect on the win rate at each player count, in points with its 95% interval (⚑: "
           "flagged at that count, the false discovery rate controlled over that count's items). An item that "
           "stands out at one count only may be pooled away above.</p>"]
    kinds: dict[str, list[dict[str, Any]]] = {}
    for i in fig["items"]:
        if i["appeared"]["wins"]:
            kinds.setdefault(i["kind"], []).append(i)
    for kind, group in kinds.items():
        rows = []
        for i in group:
            cells = []
            for n in counts:
                e = per[n]["items"].get(f"{i['kind']}\t{i['item']}")
                cells.append("–" if e is None else ("⚑ " if e["flagged"] else "") + diff_text(e["effect"]))
            rows.append([escape(i["name"]), *cells])
        out.append(f"<h3>{escape(kind.capitalize())}s</h3>")
        out.append(table(("item", *(f"{n} players" for n in counts)), rows, "by-players"))
    return "".join(out)


def errors(fig: dict[str, Any]) -> str:
    if not fig["errors"]:
        return "<p class=quiet>Every game finished without an error.</p>"
    return table(("seed", "players", "error"), [[str(e["seed"]), str(e["players"]), escape(e["error"])]
                                                for e in fig["errors"]], "errors")


def compare(rows: list[dict[str, Any]], a: str, b: str, tests: dict[str, Any] | None = None) -> str:
    """What moved between two variants: the figures whose change holds with the false discovery rate controlled
    over every figure (▲; △ for a change that clears only its own 95% interval), then the game's figures that
    did not move, then (folded) the items' figures that did not move."""
    level = level_text(tests["level"]) if tests else "95%"

    def rated(figure: str) -> bool:
        return "rate" in figure or figure.endswith(": taken")

    def rows_of(chosen: list[dict[str, Any]]) -> str:
        chosen = sorted(chosen, key=lambda r: -abs(r["diff"]) if math.isfinite(r["diff"]) else 0)
        body = [[("▲ " if r["moved"] else "△ " if r.get("raw_moved") else "") + escape(r["figure"]),
                 pct(r["a"]) if rated(r["figure"]) else num(r["a"]), pct(r["b"]) if rated(r["figure"]) else num(r["b"]),
                 diff_text(r, points=rated(r["figure"]), digits=1 if rated(r["figure"]) else 2),
                 diff_text(r.get("adjusted", r), points=rated(r["figure"]), digits=1 if rated(r["figure"]) else 2)]
                for r in chosen]
        return table(("figure", a, b, f"change ({b} − {a}, 95% interval)", f"adjusted ({level})"), body, "compare")

    moved = [r for r in rows if r["moved"]]
    still = [r for r in rows if not r["moved"] and "item" not in r]
    items = [r for r in rows if not r["moved"] and "item" in r]
    counted = (tests_text(tests, "figures", "moved") + " ") if tests else ""
    out = [f"<p>{escape(a)} against {escape(b)} on the same seeds. Game-level figures are paired game by game "
           f"(the mean of each seed's difference); item figures compare the two sides' rates. {counted}"
           f"{len(moved)} figure(s) moved (▲); △ marks a change that clears only its own 95% interval. Changes of "
           f"rates are in points.</p>",
           "<h3>Moved</h3>", rows_of(moved) if moved else "<p class=quiet>Nothing moved beyond its interval.</p>",
           "<h3>The game's figures that did not move</h3>",
           rows_of(still) if still else "<p class=quiet>Every figure of the game moved.</p>"]
    if items:
        out.append(f"<details><summary>The items' figures that did not move ({len(items)})</summary>"
                   f"{rows_of(items)}</details>")
    return "".join(out)


STYLE = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2a1f;background:#f7f5ef}
main{max-width:1000px;margin:0 auto;padding:1rem 1.5rem 3rem}
h1{font-size:1.6rem;margin:.6rem 0}h2{border-bottom:2px solid #a7b89a;padding-bottom:.2rem;margin-top:2.2rem}
h3{margin:1.4rem 0 .4rem}h4{margin:1rem 0 .3rem;color:#3f5a44}
nav{font-size:.9rem}nav a{margin-right:.8rem;color:#2f5d3a}
dl.header{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.9rem;background:#fff}
th,td{border:1px solid #d9d6cc;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#e9eee3}.ci{color:#6b7565;font-size:.85em}.quiet{color:#6b7565}
table.flagged td:first-child,table.items td:first-child{white-space:nowrap}
svg.chart{display:block;max-width:100%;height:auto;margin:.5rem 0;background:#fff;border:1px solid #e2dfd5}
svg .grid{stroke:#ebe8df}svg .tick,svg .label,svg .reference-label{font-size:12px;fill:#4b5548}
svg .bar{fill:#6f9a6b}svg .box{fill:#cfe0c8;stroke:#4d7a4a}svg .median{stroke:#1d2a1f;stroke-width:2}
svg .mean{fill:#b5522c}svg .whisker{stroke:#1d2a1f;fill:none}svg .reference{stroke:#b5522c;stroke-dasharray:5 4}
svg .zero{stroke:#1d2a1f}svg .threshold{stroke:#b5522c;stroke-dasharray:3 3}
svg path.effect{stroke:#4d7a4a;stroke-width:2}svg circle.effect{fill:#4d7a4a}
svg path.flagged{stroke:#b5522c;stroke-width:2.5}svg circle.flagged{fill:#b5522c}
svg .series0{fill:#4d7a4a}svg .series1{fill:#c9b27c}svg .axis-title{font-size:12px;fill:#1d2a1f}
svg .trace{fill:none;stroke-width:2}svg .line0{stroke:#4d7a4a;fill:#4d7a4a}svg .line1{stroke:#b5522c;fill:#b5522c}
svg .line2{stroke:#3a6ea5;fill:#3a6ea5}svg .line3{stroke:#9a7b2f;fill:#9a7b2f}svg path.trace{fill:none}
details>summary{cursor:pointer;font-weight:600;margin:1rem 0}
"""


def sections(fig: dict[str, Any], game: list[Section], game_title: str, prefix: str = "") -> list[Section]:
    """The report's sections for one variant (ids prefixed in a comparison)."""
    name = fig["header"]["name"]
    game_html = "".join(f'<h3 id="{prefix}{s.id}">{escape(s.title)}</h3>{s.html}' for s in game) or \
        "<p class=quiet>This game adds no section of its own.</p>"
    parts = [
        ("summary", "The run", summary(fig)),
        ("flagged", f"Flagged items (beyond {fig['threshold']:g} points)", flagged(fig)),
        ("win-rates", "Win rates", win_rates(fig)),
        ("skill", "Skill against luck", skill(fig)),
        ("scores", "Scores and margins", scores(fig)),
        ("ties", "The team's wins and losses" if fig["header"]["cooperative"] else "Ties and shared wins", ties(fig)),
        ("length", "Game length", length(fig)),
        ("over-the-game", "Over the game", over_the_game(fig)),
        ("items", "Content items", items(fig)),
        ("by-players", "Effects per player count", by_players(fig)),
        ("game", game_title or f"{name}: the game's own figures", game_html),
        ("errors", "Errors", errors(fig)),
    ]
    return [Section(prefix + i, t, h) for i, t, h in parts]


def page(title: str, parts: list[Section], data: dict[str, Any], intro: str = "") -> str:
    """The whole page; `data` (every figure) is embedded as JSON for tools."""
    nav = "".join(f'<a href="#{s.id}">{escape(s.title)}</a>' for s in parts)
    body = "".join(f'<section id="{s.id}"><h2>{escape(s.title)}</h2>{s.html}</section>' for s in parts)
    payload = json.dumps(data, allow_nan=False, default=_plain).replace("</", "<\\/")
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body><main>"
            f"<h1>{escape(title)}</h1>{intro}<nav>{nav}</nav>{body}"
            f'<script type="application/json" id="figures">{payload}</script></main></body></html>')


def _plain(value: Any) -> Any:
    raise TypeError(f"not JSON: {value!r}")


def clean(value: Any) -> Any:
    """The figures with NaN as null, so they are valid JSON."""
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, dict):
        return {k: clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    return value
