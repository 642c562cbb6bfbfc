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
SECTIONS = ("summary", "flagged", "win-rates", "scores", "ties", "length", "items", "game", "errors")


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
    if h.get("compare"):
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
        ("Bots", escape(", ".join(h["seats"]) + (" (one per seat)" if len(h["seats"]) > 1 else " (every seat)"))),
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


def flagged(fig: dict[str, Any]) -> str:
    items = {(i["kind"], i["item"]): i for i in fig["items"]}
    chosen = [items[(k, key)] for k, key in fig["flagged"]]
    intro = (f"<p>Items that stand out from their kind: the win rate of the seats that had one differs from "
             f"the others' by {fig['threshold']:g} points or more beyond the typical item of its kind (the "
             f"median effect of the kind's items), with a 95% interval that leaves that median out "
             f"({len(chosen)} of {len(fig['items'])} items). Among many items about one in twenty clears the "
             f"interval by chance: more games narrow the intervals.</p>")
    if not chosen:
        return intro + "<p class=quiet>No item is flagged.</p>"
    rows = [[escape(i["kind"]), escape(i["name"]), rate_text(i["with"]), rate_text(i["without"]),
             diff_text(i["effect"]), f"{i['kind_median'] * 100:+.1f}", diff_text(i["relative"]),
             diff_text(i["score_effect"], points=False, digits=2)] for i in chosen]
    return intro + table(("kind", "item", "win rate with it", "without it", "difference (points)",
                          "kind's median", "beyond the median", "score difference"), rows, "flagged")


def win_rates(fig: dict[str, Any]) -> str:
    out = []
    coop = fig["header"]["cooperative"]
    for group in fig["by_players"].values():
        out.append(_players_heading(fig, group))
        if coop:
            t = group["team"]
            out.append(f"<p>The team won {t['wins']} of {t['n']} games: {rate_text(t)}; mean team score "
                       f"{mean_text(t['score'])}. Every seat's result is the team's.</p>")
            out.append(svg.bars("Team win rate", ["team"], [t["rate"]], [t["lo"]], [t["hi"]]))
            continue
        for key, label in (("seats", "By seat"), ("order", "By turn order")):
            rows = group[key]
            name = _seat_label if key == "seats" else _order_label
            out.append(f"<h4>{label}</h4>")
            out.append(svg.bars(f"Win rate {label.lower()}", [name(r) for r in rows], [r["rate"] for r in rows],
                                [r["lo"] for r in rows], [r["hi"] for r in rows], reference=group["fair"]))
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
                                                                     group["winner_scores"]["histogram"]))
        if group["margins"] is not None:
            m = group["margins"]
            out.append(f"<h4>Margin of victory</h4><p>The winner's score less the best other score: mean "
                       f"{mean_text(m)}, median {num(m['quantiles'][2] if m['quantiles'] else None)} "
                       f"({m['n']} games with a loser).</p>")
            out.append(svg.histogram("Margins of victory", m["histogram"], " points"))
    return "".join(out)


def ties(fig: dict[str, Any]) -> str:
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
        out.append("<h4>Decisions a game</h4>" + svg.histogram("Decisions a game", group["decisions"]["histogram"]))
        if unit and group["length"]["n"]:
            out.append(f"<h4>{escape(unit.capitalize())} a game</h4>"
                       + svg.histogram(f"{unit} a game", group["length"]["histogram"]))
    return "".join(out)


def items(fig: dict[str, Any]) -> str:
    listed = fig["items"]
    if not listed:
        return "<p class=quiet>This game declares no content items to the lab.</p>"
    coop = fig["header"]["cooperative"]
    who = "the team" if coop else "seats"
    out = [f"<p>Appeared: the share of games the item was in. Taken: the share of those games in which a seat "
           f"had it at the end. Win rate and score of {who} that had it against {who} that did not, in the games "
           f"it was in; the difference in points of win rate with its 95% interval. The plot marks zero, the "
           f"median effect of the kind (dashed) and {fig['threshold']:g} points either side of it. Flagged (⚑): "
           f"beyond those, with an interval that leaves the median out.</p>"]
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
                 diff_text(i["effect"]), mean_text(i["with"]["score"]), mean_text(i["without"]["score"]),
                 diff_text(i["score_effect"], points=False, digits=2)] for i in group]
        out.append(table(("item", "appeared", "taken", "win rate with it", "without it", "difference (points)",
                          "score with it", "without it", "score difference"), rows, "items"))
    return "".join(out)


def errors(fig: dict[str, Any]) -> str:
    if not fig["errors"]:
        return "<p class=quiet>Every game finished without an error.</p>"
    return table(("seed", "players", "error"), [[str(e["seed"]), str(e["players"]), escape(e["error"])]
                                                for e in fig["errors"]], "errors")


def compare(rows: list[dict[str, Any]], a: str, b: str) -> str:
    """What moved between two variants: the figures whose 95% interval of the change leaves out zero, then
    the game's figures that did not move, then (folded) the items' figures that did not move."""
    def rated(figure: str) -> bool:
        return "rate" in figure or figure.endswith(": taken")

    def rows_of(chosen: list[dict[str, Any]]) -> str:
        chosen = sorted(chosen, key=lambda r: -abs(r["diff"]) if math.isfinite(r["diff"]) else 0)
        body = [[("▲ " if r["moved"] else "") + escape(r["figure"]),
                 pct(r["a"]) if rated(r["figure"]) else num(r["a"]), pct(r["b"]) if rated(r["figure"]) else num(r["b"]),
                 diff_text(r, points=rated(r["figure"]), digits=1 if rated(r["figure"]) else 2)] for r in chosen]
        return table(("figure", a, b, f"change ({b} − {a}, 95% interval)"), body, "compare")

    moved = [r for r in rows if r["moved"]]
    still = [r for r in rows if not r["moved"] and "item" not in r]
    items = [r for r in rows if not r["moved"] and "item" in r]
    out = [f"<p>{escape(a)} against {escape(b)} on the same seeds. Game-level figures are paired game by game "
           f"(the mean of each seed's difference); item figures compare the two sides' rates. "
           f"{len(moved)} figure(s) moved beyond their 95% intervals (▲). Changes of rates are in points.</p>",
           "<h3>Moved</h3>", rows_of(moved) if moved else "<p class=quiet>Nothing moved beyond its interval.</p>",
           "<h3>The game's figures that did not move</h3>", rows_of(still)]
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
svg .grid{stroke:#ebe8df}svg .tick,svg .label,svg .reference-label{font-size:11px;fill:#4b5548}
svg .bar{fill:#6f9a6b}svg .box{fill:#cfe0c8;stroke:#4d7a4a}svg .median{stroke:#1d2a1f;stroke-width:2}
svg .mean{fill:#b5522c}svg .whisker{stroke:#1d2a1f;fill:none}svg .reference{stroke:#b5522c;stroke-dasharray:5 4}
svg .zero{stroke:#1d2a1f}svg .threshold{stroke:#b5522c;stroke-dasharray:3 3}
svg path.effect{stroke:#4d7a4a;stroke-width:2}svg circle.effect{fill:#4d7a4a}
svg path.flagged{stroke:#b5522c;stroke-width:2.5}svg circle.flagged{fill:#b5522c}
svg .series0{fill:#4d7a4a}svg .series1{fill:#c9b27c}
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
        ("scores", "Scores and margins", scores(fig)),
        ("ties", "Ties and shared wins", ties(fig)),
        ("length", "Game length", length(fig)),
        ("items", "Content items", items(fig)),
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
