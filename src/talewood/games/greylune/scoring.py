"""End of the game: the final scoring by kind (the VP track, Heroic Quests, Companions, Items, the
skill bonus) and the winners ("in case of a tie, victory is shared").

`breakdown` is also what views and heuristics show as "end-game VP now": the final scoring as it
would count the position today. `State.result()` exists only once the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Result, SheetRow
from .board import VILLAGERS_PER_PLAYER

if TYPE_CHECKING:
    from .state import GreyluneState

KINDS = ("track", "quests", "companions", "items", "skills")


def breakdown(s: GreyluneState, p: int) -> dict[str, int]:
    """End-game VP by kind, as the final scoring would count them now."""
    c = s.c
    quests = 0
    for d in (3, 4, 5):
        if (s.quest_done[p] >> d) & 1:
            hi, lo = c.quest_vp[d]
            quests += hi if s.quest_first[d - 3] == p else lo
    companions = sum(companion_vp(s, p, i) for i in s.comps[p])
    items = sum(c.cards[i].end_vp for i in s.items[p])
    st, mg = s.str_[p], s.mag[p]
    skills = 5 if st >= 5 and mg >= 5 else 2 if st >= 3 and mg >= 3 else 0
    track = s.vp[p]
    return {"track": track, "quests": quests, "companions": companions, "items": items, "skills": skills,
            "total": track + quests + companions + items + skills}


def companion_vp(s: GreyluneState, p: int, idx: int) -> int:
    """What Companion idx scores for p at the end of the game (its card's end scoring)."""
    kind = s.c.cards[idx].end_scoring
    encounters = s.c.encounters
    if kind == "per_strength":
        return s.str_[p]
    if kind == "per_magic":
        return s.mag[p]
    if kind == "per_far_encounter":
        return sum(1 for e in s.untold[p] + s.told[p] if encounters[e].distance >= 3)
    if kind == "per_item":
        return len(s.items[p])
    if kind == "per_potion_2":
        return 2 * sum(1 for i in s.items[p] if s.c.cards[i].potion)
    if kind == "per_coin_pair":
        return s.coins[p] // 2
    if kind == "villagers_minus_2":
        return max(0, VILLAGERS_PER_PLAYER - s.supply[p] - 2)
    if kind == "lower_skill":
        return min(s.str_[p], s.mag[p])
    if kind == "per_companion_2":
        return 2 * len(s.comps[p])
    if kind == "per_told":
        return len(s.told[p])
    if kind == "per_crest":
        return len({encounters[e].distance for e in s.untold[p] + s.told[p]})
    return 0


def final_result(s: GreyluneState) -> Result:
    """Scores and winners as the final scoring counts them now (every seat with the most VP wins)."""
    details = [breakdown(s, p) for p in range(s.players)]
    scores = [float(d["total"]) for d in details]
    best = max(scores)
    return Result(scores=scores, winners=[p for p in range(s.players) if scores[p] == best], details=details)


SHEET_ROWS = (("track", "VP track"), ("quests", "Heroic Quests"), ("companions", "Companions"), ("items", "Items"),
              ("skills", "Strength and Magic bonus"), ("total", "Total"))


SHEET_EXPLAIN = {
    "track": "Victory points gained during the game, on the VP track.",
    "quests": "Heroic Quests completed: more for the first to complete each.",
    "companions": "What each Companion scores at the end, by its card.",
    "items": "Items that score at the end, by their cards.",
    "skills": "5 points with Strength and Magic both 5 or more, 2 with both 3 or more.",
    "total": "Every row above added up; a tie shares the victory.",
}


def score_sheet(result: Result) -> list[SheetRow]:
    """The final scoring for people: the VP track, Quests, Companions, Items, the skill bonus, the total."""
    return [SheetRow(label, [str(d[key]) for d in result.details], "total" if key == "total" else "points",
                     SHEET_EXPLAIN[key]) for key, label in SHEET_ROWS]
