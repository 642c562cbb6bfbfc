"""ThreeTale in the balance lab (docs/lab.md), a cooperative game reported as a team: its Heroes (each one's
presence: the team's win rate with that Hero against without), its Futures (the team's win rate on each), its
Artifacts and Talents, and how each game ended (the goal met, a Hero's death, or which clock ran out)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, Any

from ...sim.lab import GAME, Item, Recorder, Section, num, rate, rate_text, table, wilson
from ...sim.lab.render import diff_text
from ...sim.lab.stats import rate_difference
from .scoring import breakdown
from .state_fields import FUTURE, PAST, PRESENT

if TYPE_CHECKING:
    from ...engine import Game, Result, State
    from ...sim.lab import LabView

LENGTH_UNIT = "rounds"
PROGRESS = "each Hero's points, were the game to end now"
SECTION_TITLE = "ThreeTale: Heroes, Futures, Talents and how the games ended"
PHASES = {PAST: "the Past", PRESENT: "the Present", FUTURE: "the Future"}
WON = "the Future's goal is met"


def items(game: Game) -> Iterable[Item]:
    c: Any = game.content      # type: ignore[attr-defined]
    for h in c.heroes:
        yield Item("Hero", h.id, h.name)
    for f in c.futures:
        yield Item("Future", f.id, f.name)
    for a in c.artifacts:
        yield Item("Artifact", a.id, a.name, f"level {a.level}")
    for h in c.heroes:
        for t in h.talents:
            yield Item("Talent", t.id, t.name, h.name)


def round_of(s: Any) -> int:
    """A round: the three Heroes' turns once in the Past, then each round of the Future."""
    return int(s.turn_no // 3 + max(0, s.round_no) + 1)


def progress(state: State) -> tuple[int, list[float]]:
    s: Any = state
    _, details = breakdown(s, False)
    return round_of(s), [float(d["points"]) for d in details if not d.get("team")]


def watch(state: State, action: int, rec: Recorder) -> None:
    """Each Talent used, by whom."""
    s: Any = state
    ids = s.t.ids
    k = action - ids.talent
    if 0 <= k < len(s.t.talents):
        rec.fact(s.current_player, "Talent", s.t.talents[k].id, "used")


def record(state: State, result: Result, rec: Recorder) -> None:
    s: Any = state
    c = s.t.c
    rec.length(round_of(s))
    # every Hero and Future could have been in the game: "had" marks the ones the team played, so an item's
    # effect is the team's win rate with it against without it (a Hero's presence; a Future's difficulty)
    for h in c.heroes:
        rec.appeared("Hero", h.id)
    for seat in range(s.players):
        if s.hero[seat] >= 0:
            rec.had(seat, "Hero", c.heroes[s.hero[seat]].id)
            for lv in range(3):
                ti = s.talent_at(seat, lv)
                if ti >= 0:
                    rec.had(seat, "Talent", s.t.talents[ti].id)
            for t in c.heroes[s.hero[seat]].talents:
                rec.appeared("Talent", t.id)
    for f in c.futures:
        rec.appeared("Future", f.id)
    if s.future >= 0:
        rec.had(0, "Future", c.futures[s.future].id)
    for seat in range(s.players):
        for a in s.arts[seat]:
            rec.appeared("Artifact", c.artifacts[a].id)
            rec.had(seat, "Artifact", c.artifacts[a].id)
    team = next((d for d in result.details if d.get("team")), {})
    reason = str(team.get("reason", "unknown"))
    future = c.futures[s.future].id if s.future >= 0 else "none"
    rec.fact(GAME, "ending", reason, PHASES.get(s.phase, "the Past"))
    rec.fact(GAME, "ending in", future, reason)
    for seat, detail in enumerate(d for d in result.details if not d.get("team")):
        for key in ("virtues", "speed", "shevitsa", "artifacts", "sacred_stones", "spirit"):
            if detail.get(key):
                rec.fact(seat, "points", key, "points", detail[key])


def section(view: LabView) -> list[Section]:
    return [_futures(view), _heroes(view), _endings(view), _talents(view)]


def _futures(view: LabView) -> Section:
    """The team's win rate on each Future it reached."""
    names = view.item_names()
    rows = view.sql("SELECT i.item, count(*), sum(g.team_won::INT), avg(g.team_score) FROM items i "
                    "JOIN games g USING (seed) WHERE i.kind = 'Future' AND i.event = 'had' GROUP BY ALL ORDER BY 1")
    games = view.value("SELECT count(*) FROM games") or 0
    reached = sum(r[1] for r in rows)
    body = [[escape(names.get(("Future", key), (key, ""))[0]), str(n), rate_text(rate(w, n)), num(m, 0)]
            for key, n, w, m in rows]
    note = (f"<p>The team won {rate_text(rate(sum(r[2] for r in rows), reached))} of the {reached} games that "
            f"reached a Future" + (f" ({games - reached} ended before one was drawn)" if games > reached else "")
            + ".</p>")
    if not body:
        return Section("futures", "Futures", "<p class=quiet>No game of this run reached a Future.</p>")
    return Section("futures", "Futures: the team's win rate", note
                   + table(("Future", "games", "the team won (95% interval)", "mean team score"), body))


def _heroes(view: LabView) -> Section:
    """Each Hero's presence: the team's win rate in the games with that Hero less the games without."""
    names = view.item_names()
    rows = view.sql("WITH h AS (SELECT DISTINCT seed, item FROM items WHERE kind = 'Hero' AND event = 'had'), "
                    "k AS (SELECT DISTINCT item FROM h) SELECT k.item, h.seed IS NOT NULL, count(*), "
                    "sum(g.team_won::INT) FROM k CROSS JOIN games g LEFT JOIN h ON h.item = k.item "
                    "AND h.seed = g.seed GROUP BY ALL")
    by: dict[str, dict[bool, tuple[int, int]]] = {}
    for key, present, n, w in rows:
        by.setdefault(key, {})[bool(present)] = (int(n), int(w or 0))
    body = []
    for key in sorted(by, key=lambda k: names.get(("Hero", k), (k, ""))[0]):
        with_ = by[key].get(True, (0, 0))
        without = by[key].get(False, (0, 0))
        d, lo, hi = rate_difference(with_[1], with_[0], without[1], without[0])
        body.append([escape(names.get(("Hero", key), (key, ""))[0]), str(with_[0]), rate_text(rate(with_[1], with_[0])),
                     rate_text(rate(without[1], without[0])), diff_text({"diff": d, "lo": lo, "hi": hi})])
    if not body:
        return Section("heroes", "Heroes", "<p class=quiet>No game of this run finished.</p>")
    return Section("heroes", "Heroes: presence", "<p>A Hero's presence: the team's win rate in the games it played "
                   "less the team's win rate in the games without it (every team has three of the five Heroes).</p>"
                   + table(("Hero", "games", "the team won with it", "without it", "presence (points)"), body))


def _endings(view: LabView) -> Section:
    """How each game ended: the goal met, a Hero's death, or which clock ran out (and in which phase)."""
    rows = view.sql("SELECT item, event, count(*) FROM items WHERE kind = 'ending' GROUP BY ALL ORDER BY 3 DESC")
    games = view.value("SELECT count(*) FROM games") or 0
    losses = view.value("SELECT count(*) FROM games WHERE NOT team_won") or 0
    body = []
    for reason, phase, n in rows:
        won = reason == WON
        lo, hi = wilson(n, losses) if not won and losses else (float("nan"), float("nan"))
        body.append([escape(_sentence(reason)), escape("won" if won else f"lost in {phase}"),
                     rate_text(rate(n, games)),
                     "–" if won else f"{n / losses * 100:.1f}% <span class=ci>({lo * 100:.1f}–{hi * 100:.1f}%)</span>"])
    if not body:
        return Section("endings", "How the games ended", "<p class=quiet>No game of this run finished.</p>")
    return Section("endings", "How the games ended", f"<p>Each way a game ended, over the {games} games and over the "
                   f"{losses} the team lost (a Hero's death, or the Future's clock running out).</p>"
                   + table(("ending", "result", "share of the games", "share of the losses"), body))


def _talents(view: LabView) -> Section:
    """Each Talent: how often developed, how often used a game when developed, and the team's win rate."""
    names = view.item_names()
    rows = view.sql(
        "WITH d AS (SELECT DISTINCT seed, item FROM items WHERE kind = 'Talent' AND event = 'had'), "
        "u AS (SELECT seed, item, sum(value) AS uses FROM items WHERE kind = 'Talent' AND event = 'used' "
        "GROUP BY ALL), a AS (SELECT DISTINCT seed, item FROM items WHERE kind = 'Talent' AND event = 'appeared') "
        "SELECT a.item, count(*), count(d.seed), sum(coalesce(u.uses, 0)), "
        "sum(CASE WHEN d.seed IS NOT NULL AND g.team_won THEN 1 ELSE 0 END), "
        "sum(CASE WHEN d.seed IS NULL AND g.team_won THEN 1 ELSE 0 END) "
        "FROM a JOIN games g USING (seed) LEFT JOIN d ON d.seed = a.seed AND d.item = a.item "
        "LEFT JOIN u ON u.seed = a.seed AND u.item = a.item GROUP BY ALL")
    body = []
    order = [key for (kind, key) in names if kind == "Talent"]
    by = {r[0]: r for r in rows}
    for key in order:
        if key not in by:
            continue
        _, n, developed, uses, won_dev, won_not = by[key]
        name, hero = names.get(("Talent", key), (key, ""))
        d, lo, hi = rate_difference(won_dev, developed, won_not, n - developed)
        body.append([escape(name), escape(hero), str(n), rate_text(rate(developed, n)),
                     num(uses / developed if developed else None, 2), diff_text({"diff": d, "lo": lo, "hi": hi})])
    if not body:
        return Section("talents", "Talents", "<p class=quiet>No Hero played in this run.</p>")
    return Section("talents", "Talents: developed and used", "<p>Each Talent, in the games its Hero played: how often "
                   "it was developed, how often it was used a game once developed, and the team's win rate when it "
                   "was developed less when it was not.</p>"
                   + table(("Talent", "Hero", "games with its Hero", "developed", "uses a game", "win rate difference "
                            "(points)"), body))


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
