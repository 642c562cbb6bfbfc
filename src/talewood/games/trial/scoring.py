"""The end of the game (L645-674): fame on face-up story cards, items and artifacts carried, flags on
finishing spaces, the morality token, legendary deed tokens, the first player token, the gallery.
Ties go to the most story cards, face up or down; then the victory is shared (L659).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Result, seat_name
from . import rulings
from .tables import SK_FAME, SK_SIZE

if TYPE_CHECKING:
    from .state import TrialState

ROWS = (("story", "Face-up cards in the story"), ("objects", "Items and artifacts in the backpack"),
        ("flags", "Expedition flags"), ("morality", "Morality"), ("legendary", "Legendary deed tokens"),
        ("first_player", "First player token"), ("gallery", "Artifacts in the gallery"))


def score_details(s: TrialState) -> list[dict[str, Any]]:
    t = s.t
    out = []
    for seat in range(s.players):
        objects = sum(t.object_fame[o] for o in s.backpack[seat])
        gallery = sum(t.object_fame[t.n_items + a] for a in s.gallery[seat])
        flags = sum(t.finish_fame[s.flags[seat * 3 + a]] for a in range(3) if s.flags[seat * 3 + a] >= 0)
        legendary = sum(fame for i, (_col, _n, fame) in enumerate(t.legendary) if s.legendary[i] == seat)
        d = {
            "story": s.sk[seat * SK_SIZE + SK_FAME],
            "objects": objects,
            "flags": flags,
            "morality": t.morality_fame[s.morality[seat]],
            "legendary": legendary,
            "first_player": t.first_player_fame if s.first == seat else 0,
            "gallery": gallery,
            "story_cards": len(s.story[seat]),
        }
        d["total"] = sum(d[key] for key, _ in ROWS)
        out.append(d)
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


def score_sheet(result: Result) -> list[tuple[str, list[str]]]:
    details = result.details
    rows = [(title, [str(d[key]) for d in details]) for key, title in ROWS]
    rows.append(("Story cards (face up and down; ties)", [str(d["story_cards"]) for d in details]))
    rows.append(("Total", [str(d["total"]) for d in details]))
    return rows
