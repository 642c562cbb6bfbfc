"""The end of the game (L645-674): fame on face-up story cards, items and artifacts carried, flags on
finishing spaces, the morality token, legendary deed tokens, the first player token, the gallery.
Ties go to the most story cards, face up or down; then the victory is shared (L659).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Result, SheetBuilder, SheetRow, seat_name
from . import rulings
from .tables import SK_FAME, SK_SIZE

if TYPE_CHECKING:
    from .state import TrialState

ROWS = (("story", "Face-up cards in the story"), ("objects", "Items and artifacts in the backpack"),
        ("flags", "Expedition flags"), ("morality", "Morality"), ("legendary", "Legendary deed tokens"),
        ("first_player", "First player token"), ("gallery", "Artifacts in the gallery"))


def score_details(s: TrialState) -> list[dict[str, Any]]:
    t = s.t
    fame = t.object_fame
    n_items = t.n_items
    finish_fame = t.finish_fame
    out = []
    for seat in range(s.players):
        objects = 0
        for o in s.backpack[seat]:
            objects += fame[o]
        gallery = 0
        for a in s.gallery[seat]:
            gallery += fame[n_items + a]
        flag_fame = 0
        for x in s.flags_of(seat):
            if x >= 0:
                flag_fame += finish_fame[x]
        legendary = 0
        for i, holder in enumerate(s.legendary):
            if holder == seat:
                legendary += t.legendary[i][2]
        story = s.sk[seat * SK_SIZE + SK_FAME]
        morality = t.morality_fame[s.morality[seat]]
        first = t.first_player_fame if s.first == seat else 0
        out.append({
            "story": story,
            "objects": objects,
            "flags": flag_fame,
            "morality": morality,
            "legendary": legendary,
            "first_player": first,
            "gallery": gallery,
            "story_cards": len(s.story[seat]),
            "total": story + objects + flag_fame + morality + legendary + first + gallery,
        })
    return out


def winners(details: list[dict[str, Any]]) -> list[int]:
    best = max(d["total"] for d in details)
    tied = [i for i, d in enumerate(details) if d["total"] == best]
    if rulings.TIE_BREAK_STORY_CARDS and len(tied) > 1:
        most = max(details[i]["story_cards"] for i in tied)
        tied = [i for i in tied if details[i]["story_cards"] == most]
    return tied


def end_game(s: TrialState) -> None:
    details = score_details(s)
    won = winners(details)
    s.finish(Result(scores=[float(d["total"]) for d in details], winners=won, details=details))
    if s.log is not None:
        s.emit("end", "The Trial of the Forest is over")
        for seat, d in enumerate(details):
            s.emit("score", f"{seat_name(seat)} has {d['total']} fame points", seat=seat)
        s.emit("winner", "The Guardian of the Green Valley: " + ", ".join(seat_name(w) for w in won))


EXPLAIN = {
    "story": "The fame points printed on the face-up cards of the player's story (a face-down card gives none).",
    "objects": "The fame points printed on the items and artifacts the player carries in the backpack.",
    "flags": "The fame points of the finishing space each of the player's expedition flags reached.",
    "morality": "The fame points printed where the player's morality token ended: the farther from the middle, "
                "good or evil, the more.",
    "legendary": "The fame points of the legendary deed tokens the player took: the first to have 5 cards in the "
                 "trading, pioneering or fighting column of their story.",
    "first_player": "The fame point of the first player token, for whoever holds it at the end.",
    "gallery": "The fame points of the artifacts the player left in the gallery.",
}


def score_sheet(result: Result) -> list[SheetRow]:
    details = result.details
    sheet = SheetBuilder()
    for key, title in ROWS:
        sheet.points(title, [str(d[key]) for d in details], EXPLAIN[key])
    sheet.tiebreak("Story cards", [str(d["story_cards"]) for d in details],
                   "The cards of the player's story, face up and face down: between players tied on fame points, "
                   "the one with the most wins; a tie that remains is shared.")
    sheet.total("Total", [str(d["total"]) for d in details], "Fame points: every row above but the story cards.")
    return sheet.rows
