"""Greylune in the balance lab (docs/lab.md): its Village cards, Encounters and Quests, and its own section —
the Quests, the Companions and the strategies that win."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, Any

from ...sim.lab import Item, Recorder, Section, rate, rate_text, table
from ...sim.lab.sections import event_rates, main_sources, points_by_source
from .scoring import KINDS, companion_vp

if TYPE_CHECKING:
    from ...engine import Game, Result, State
    from ...sim.lab import LabView

SECTION_TITLE = "Greylune: Quests, Companions and strategies"
PROGRESS = "VP on the track"
ROUND = "year"
SOURCES = {"track": "The VP track", "quests": "Heroic Quests", "companions": "Companions", "items": "Items",
           "skills": "Strength and Magic bonus"}
SPACES = {3: "space 3", 4: "space 4", 5: "space 5"}


def items(game: Game) -> Iterable[Item]:
    c: Any = game.content      # type: ignore[attr-defined]
    for card in c.cards:
        yield Item("Village card", str(card.id), card.name, card.kind)
    for e in c.encounters[1:]:
        yield Item("Encounter", str(e.id), f"{e.name} (distance {e.distance})")
    for q in c.quests:
        yield Item("Quest", str(q.id), q.name)


def progress(state: State) -> tuple[int, list[float]]:
    """The year under way and each seat's VP on the track (the end's scoring comes on top)."""
    s: Any = state
    return s.year, [float(v) for v in s.vp]


def record(state: State, result: Result, rec: Recorder) -> None:
    s: Any = state
    c = s.c
    n = s.players
    unseen = set(s.village_deck) | set(s.village_removed)
    for card in c.cards:
        if card.index not in unseen:
            rec.appeared("Village card", str(card.id))
        owner = s.owner[card.index]
        if owner >= 0:
            rec.had(owner, "Village card", str(card.id))
    for p in range(n):
        for idx in s.comps[p]:
            rec.fact(p, "Companion", str(c.cards[idx].id), "vp", companion_vp(s, p, idx))
    hidden = set(s.enc_deck) | set(s.enc_removed)
    for e in c.encounters[1:]:
        if e.id not in hidden:
            rec.appeared("Encounter", str(e.id))
    for p in range(n):
        for e in s.untold[p]:
            rec.had(p, "Encounter", str(e))
        for e in s.told[p]:
            rec.had(p, "Encounter", str(e))
            rec.fact(p, "Encounter", str(e), "told")
    for d in (3, 4, 5):
        key = str(c.quests[s.quests[d - 3]].id)
        rec.appeared("Quest", key)
        for p in range(n):
            if (s.quest_done[p] >> d) & 1:
                rec.had(p, "Quest", key)
                rec.fact(p, "Quest", key, "first" if s.quest_first[d - 3] == p else "later")
    for p, detail in enumerate(result.details):
        for kind in KINDS:
            if detail.get(kind):
                rec.fact(p, "points", kind, "points", detail[kind])


def section(view: LabView) -> list[Section]:
    return [
        event_rates(view, "quests", "Heroic Quests", "Quest", "first", ("first to complete it", "not first"),
                    "Each Quest tile: how often a seat that completed it was the first to (the higher reward), and "
                    "the win rate of the first and of the later ones. How often it was completed at all is in "
                    "the Content items table (taken)."),
        _companions(view),
        points_by_source(view, "sources", "Where the points come from", "points", SOURCES,
                         "Mean VP of each kind of the final scoring, for the winners and for the other seats."),
        _strategies(view),
    ]


def _companions(view: LabView) -> Section:
    """Each Companion: how often it was recruited, what it scored at the end, and its holder's win rate."""
    names = view.item_names()
    rows = view.sql("SELECT f.item, count(*), avg(f.value), sum(u.won::INT) FROM items f "
                    "JOIN seats u USING (seed, seat) WHERE f.kind = 'Companion' GROUP BY ALL ORDER BY 3 DESC")
    games = view.value("SELECT count(*) FROM games") or 0
    body = [[escape(names.get(("Village card", key), (key, ""))[0]), rate_text(rate(held, games)),
             f"{vp:.2f}", rate_text(rate(wins, held))] for key, held, vp, wins in rows]
    if not body:
        return Section("companions", "Companions", "<p class=quiet>No Companion was recruited in this run.</p>")
    return Section("companions", "Companions", "<p>Each Companion recruited: in how many games, the VP its end "
                   "scoring gave, and its holder's win rate.</p>"
                   + table(("Companion", "recruited (share of games)", "mean end VP", "holder's win rate"), body))


def _strategies(view: LabView) -> Section:
    """A seat's strategy is the kind of the final scoring, besides the track, that gave it the most VP."""
    kinds = [k for k in SOURCES if k != "track"]
    return main_sources(view, "strategies", "Strategies", "points", SOURCES, "nothing besides the track",
                        f"A seat's strategy here is what gave it the most VP besides the track "
                        f"({', '.join(SOURCES[k] for k in kinds)}). How often each was a seat's main source, its "
                        f"win rate, and the difference from the other seats' win rate.", leave_out="track")
