"""The Trial of the Forest in the balance lab (docs/lab.md): its deed, encounter and expedition cards, items,
artifacts and campsites, and its own section — the campsites, where the fame comes from and the archetypes
(a seat's main source of fame) that win."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, Any

from ...sim.lab import Item, Recorder, Section, rate, rate_text, table
from ...sim.lab.sections import main_sources, points_by_source
from .camp import spot_of
from .scoring import ROWS, score_details
from .tables import COLUMN_NAME, UNIVERSAL

if TYPE_CHECKING:
    from ...engine import Game, Result, State
    from ...sim.lab import LabView

LENGTH_UNIT = "days"
PROGRESS = "fame, were the game to end now"
ROUND = "day"
SECTION_TITLE = "The Trial of the Forest: campsites, fame and archetypes"
SOURCES = {key: title for key, title in ROWS}
UNIVERSAL_KEY = "universal"
# a seat's archetype: the strategy (heuristics.ARCHETYPES) whose sources gave it the most fame
ARCHETYPES = {"trader": "Trader: the trading column, items and artifacts",
              "pioneer": "Pioneer: the pioneering column",
              "fighter": "Fighter: the fighting column",
              "expeditioner": "Expeditioner: expedition flags",
              "moralist": "Moralist: the good and evil column and morality"}
COLUMN_ARCHETYPE = ("moralist", "trader", "pioneer", "fighter")   # by story column (tables.COLUMN_NAME)
DECKS = {"deed": "deed card", "encounter": "encounter card", "expedition": "expedition card"}


def _campsite(c: Any, t: Any, k: int) -> tuple[str, str]:
    """The key and name of campsite `k` (tables.campsites' order, then the universal campsite)."""
    if k == UNIVERSAL:
        return UNIVERSAL_KEY, "The universal campsite"
    space = c.spaces[t.campsites[k]]
    return space.id, space.name


def items(game: Game) -> Iterable[Item]:
    g: Any = game
    c = g.content
    for card in c.all_cards:
        kind = DECKS[card.deck] if card.deck in DECKS else DECKS["expedition"]
        group = "" if card.deck in DECKS else next((x.name for x in c.expeditions if x.id == card.deck), card.deck)
        yield Item(kind, card.id, card.name, group)
    for x in c.items:
        yield Item("item", x.id, x.name, x.rarity)
    for a in c.artifacts:
        yield Item("artifact", a.id, a.name, a.size)
    for k in range(len(g.tables.campsites) + 1):
        key, name = _campsite(c, g.tables, k)
        yield Item("campsite", key, name)


def progress(state: State) -> tuple[int, list[float]]:
    """The day under way and each seat's fame were the game to end now."""
    s: Any = state
    if s.over:
        return s.day, list(state.result().scores)
    return s.day, [float(d["total"]) for d in score_details(s)]


def watch(state: State, action: int, rec: Recorder) -> None:
    """Where each seat camps (the final state no longer shows it)."""
    s: Any = state
    if action == s.t.ids.camp:
        seat = s.current_player
        spot = spot_of(s, seat)
        if spot >= 0:
            key = _campsite(s.c, s.t, spot)[0]
            rec.had(seat, "campsite", key)
            rec.fact(seat, "campsite", key, "camped")


def record(state: State, result: Result, rec: Recorder) -> None:
    s: Any = state
    t, c = s.t, s.c
    n = s.players
    rec.length(s.day)
    left = set(s.deck) | set(s.enc_deck) | {card for deck in s.xdeck for card in deck}
    for ci in t.cards:
        if ci.index not in left:
            rec.appeared(DECKS.get(ci.deck, DECKS["expedition"]), ci.card.id)
    for seat in range(n):
        for code in s.story[seat]:
            ci = t.cards[code >> 3]
            kind = DECKS.get(ci.deck, DECKS["expedition"])
            rec.had(seat, kind, ci.card.id)
            if code & 1:
                rec.fact(seat, kind, ci.card.id, "face up")
    for x in c.items:
        rec.appeared("item", x.id)
    for a in c.artifacts:
        rec.appeared("artifact", a.id)
    for k in range(len(t.campsites) + 1):
        rec.appeared("campsite", _campsite(c, t, k)[0])
    for seat in range(n):
        for o in s.backpack[seat]:
            rec.had(seat, "item" if o < t.n_items else "artifact",
                    c.items[o].id if o < t.n_items else c.artifacts[o - t.n_items].id)
        for a in s.gallery[seat]:
            rec.had(seat, "artifact", c.artifacts[a].id)
            rec.fact(seat, "artifact", c.artifacts[a].id, "in the gallery")
    for seat, detail in enumerate(result.details):
        for key in SOURCES:
            if detail.get(key):
                rec.fact(seat, "points", key, "points", detail[key])
        for name, fame in archetype_fame(s, seat, detail).items():
            if fame:
                rec.fact(seat, "archetype", name, "fame", fame)


def archetype_fame(s: Any, seat: int, detail: dict[str, Any]) -> dict[str, float]:
    """The fame each archetype's sources gave `seat`: face-up story cards by column, objects, flags, morality."""
    fame = dict.fromkeys(ARCHETYPES, 0.0)
    cards = s.t.cards
    for code in s.story[seat]:
        if code & 1:
            column = (code >> 1) & 3
            fame[COLUMN_ARCHETYPE[column]] += cards[code >> 3].fame
    fame["trader"] += detail.get("objects", 0) + detail.get("gallery", 0)
    fame["expeditioner"] += detail.get("flags", 0)
    fame["moralist"] += detail.get("morality", 0)
    return fame


def section(view: LabView) -> list[Section]:
    return [
        _campsites(view),
        points_by_source(view, "sources", "Where the fame comes from", "points", SOURCES,
                         "Mean fame of each kind of the final scoring, for the winners and for the other seats."),
        _archetypes(view),
    ]


def _campsites(view: LabView) -> Section:
    """Each campsite: how often seats camped there, and the win rate of the seats that did."""
    names = view.item_names()
    games = view.value("SELECT count(*) FROM games") or 0
    rows = view.sql("SELECT f.item, count(DISTINCT f.seed || ':' || f.seat), sum(f.value), "
                    "count(DISTINCT CASE WHEN u.won THEN f.seed || ':' || f.seat END) FROM items f "
                    "JOIN seats u USING (seed, seat) WHERE f.kind = 'campsite' AND f.event = 'camped' "
                    "GROUP BY ALL ORDER BY 3 DESC")
    if not rows:
        return Section("campsites", "Campsites", "<p class=quiet>Nobody camped in this run.</p>")
    body = [[escape(names.get(("campsite", key), (key, ""))[0]), f"{nights / games:.2f}" if games else "–",
             str(seats), rate_text(rate(wins, seats))] for key, seats, nights, wins in rows]
    return Section("campsites", "Campsites", "<p>Each campsite: how many nights a game were spent there, how many "
                   "seats camped there at least once, and those seats' win rate.</p>"
                   + table(("campsite", "nights a game", "seats that camped there", "their win rate"), body))


def _archetypes(view: LabView) -> Section:
    """A seat's archetype is the strategy whose sources gave it the most fame."""
    columns = ", ".join(COLUMN_NAME)
    return main_sources(view, "archetypes", "Archetypes", "archetype", ARCHETYPES, "no fame from these sources",
                        f"A seat's archetype here is the strategy that gave it the most fame (the story's columns — "
                        f"{escape(columns)} — items and artifacts, expedition flags, morality), after the archetypes "
                        f"the bots can be given a taste for. How often each was a seat's main source, its win rate, "
                        f"and the difference from the other seats' win rate.", ("archetype", "mean fame"))
