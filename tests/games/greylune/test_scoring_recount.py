"""Greylune's final scoring counted again from the position, as the rulebook's "End of the Game" lists
it (rulebooks/greylune.txt L302-L315: the VP track, then Quests, Companions, Items and the skills; a tie
shares the victory) and each card's "End-game VP", without the game's scoring code: every item of every
seat, the total, the winners and every row of the score sheet."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.games.greylune.state import GreyluneState

from ..recount import play_to_the_end, random_games, sheet_cells
from .helpers import GAME, C, scenario

ITEMS = ("track", "quests", "companions", "items", "skills")
VILLAGERS = 7          # each player's Villagers (the rulebook's components)


def companion(s: GreyluneState, p: int, card: int) -> int:
    """A Companion's "End-game VP" (L332-L352), by what its card counts."""
    kind = C.cards[card].end_scoring
    stories = [*s.untold[p], *s.told[p]]
    return {
        "per_strength": s.str_[p],                                                 # 1 VP per Strength
        "per_magic": s.mag[p],                                                     # 1 VP per Magic
        "per_far_encounter": sum(C.encounters[e].distance >= 3 for e in stories),  # distance 3 or more
        "per_item": len(s.items[p]),                                               # 1 VP per Item
        "per_potion_2": 2 * sum(1 for i in s.items[p] if C.cards[i].potion),      # 2 VP per Potion
        "per_coin_pair": s.coins[p] // 2,                                          # per pair of coins
        "villagers_minus_2": max(0, VILLAGERS - s.supply[p] - 2),                  # per Villager you have, − 2
        "lower_skill": min(s.str_[p], s.mag[p]),                                   # your lower skill
        "per_companion_2": 2 * len(s.comps[p]),                                    # 2 VP per Companion
        "per_told": len(s.told[p]),                                                # 1 VP per story told
        "per_crest": len({C.crests[C.encounters[e].distance] for e in stories}),   # per different crest
    }[kind]


def recount(s: GreyluneState) -> list[dict[str, int]]:
    seats = []
    for p in range(s.players):
        quests = 0
        for space in (3, 4, 5):
            if s.quest_done[p] & (1 << space):
                most, next_to_it = C.quest_vp[space]      # the first to do it: the space worth the most
                quests += most if s.quest_first[space - 3] == p else next_to_it
        strength, magic = s.str_[p], s.mag[p]
        skills = 5 if min(strength, magic) >= 5 else 2 if min(strength, magic) >= 3 else 0
        d = {"track": s.vp[p], "quests": quests, "companions": sum(companion(s, p, c) for c in s.comps[p]),
             "items": sum(C.cards[i].end_vp for i in s.items[p]), "skills": skills}
        d["total"] = sum(d[k] for k in ITEMS)
        seats.append(d)
    return seats


def check_sheet(result: Any, want: list[dict[str, int]]) -> None:
    """Every row: its label, cells, kind and words."""
    rows = [(row.label, list(row.cells), row.kind, row.explain) for row in GAME.score_sheet(result).rows]
    assert rows == [
        ("VP track", [str(d["track"]) for d in want], "points",
         "Victory points gained during the game, on the VP track."),
        ("Heroic Quests", [str(d["quests"]) for d in want], "points",
         "Heroic Quests completed: more for the first to complete each."),
        ("Companions", [str(d["companions"]) for d in want], "points",
         "What each Companion scores at the end, by its card."),
        ("Items", [str(d["items"]) for d in want], "points", "Items that score at the end, by their cards."),
        ("Strength and Magic bonus", [str(d["skills"]) for d in want], "points",
         "5 points with Strength and Magic both 5 or more, 2 with both 3 or more."),
        ("Total", [str(d["total"]) for d in want], "total", "Every row above added up; a tie shares the victory."),
    ]
    assert sheet_cells(GAME.score_sheet(result))


@pytest.mark.slow
def test_every_random_game_scores_as_the_rulebook_counts_it() -> None:
    seen = {k: 0 for k in ITEMS}
    for state, rng in random_games(GAME, range(5)):
        assert isinstance(state, GreyluneState)
        play_to_the_end(state, rng)
        want = recount(state)
        result = state.result()
        assert result.details == want
        assert result.scores == [float(d["total"]) for d in want]
        best = max(d["total"] for d in want)
        assert result.winners == [p for p, d in enumerate(want) if d["total"] == best]
        check_sheet(result, want)
        for d in want:
            for k in ITEMS:
                seen[k] += d[k] != 0
    assert all(seen.values()), f"random games never scored some item: {seen}"


def final(s: GreyluneState) -> Any:
    from talewood.games.greylune.scoring import final_result

    return final_result(s)


def test_several_of_each_item_for_each_seat_and_a_shared_victory() -> None:
    s = scenario(3, quests={3: "Giant", 4: "Dragon", 5: "Wraiths"}, seats={
        0: {"vp": 20, "strength": 5, "magic": 5, "coins": 7, "quests": {3: "first", 4: "later", 5: "first"},
            "items": ["Jade Statue", "Tommy", "Mana Potion"], "companions": ["Kael", "Selia"]},
        1: {"vp": 31, "strength": 3, "magic": 4, "coins": 3, "quests": {3: "later", 4: "first"},
            "items": ["Magic Ring", "Horn"], "companions": ["Neris", "Lucan"]},
        2: {"vp": 30, "strength": 4, "magic": 2, "quests": {5: "later"}, "items": ["Gold Statue"],
            "companions": ["Dorian", "Isandre"], "told": ["Hermit", "Rocky Pass"], "untold": ["Bear"]},
    })
    result = final(s)
    want = recount(s)
    assert result.details == want
    assert [d["quests"] for d in want] == [7 + 6 + 9, 5 + 8, 7]
    assert [d["items"] for d in want] == [5 + 1 + 0, 9 + 1, 5]
    assert [d["companions"] for d in want] == [5 + 2 * 1, 3 // 2 + 3, 1 + 2 * 2]
    assert [d["skills"] for d in want] == [5, 2, 0]
    check_sheet(result, want)
    assert [d["total"] for d in want] == [60, 60, 47] and result.winners == [0, 1]


def test_a_tie_on_the_top_total_is_shared() -> None:
    s = scenario(3, seats={0: {"vp": 12, "items": ["Tommy"]}, 1: {"vp": 13}, 2: {"vp": 5}})
    result = final(s)
    assert result.details == recount(s)
    assert result.scores[:2] == [13.0, 13.0] and result.winners == [0, 1]
