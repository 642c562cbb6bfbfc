"""How the Trial's choices show in a panel and a terminal (engine/present.py's Choice): "Stay here", "End
your turn", "Done" and the like first; the choices grouped by what they are (a move's spaces, paw tokens,
deeds to play, items); a card played, taken or spent, an item bought and a tent put up with its whole
text; and a short code for each space of the board, which a terminal player types instead of a number
("p12" for Forest path 12, "nwg" for the North-west grove)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...engine import Choice
from . import view, words

if TYPE_CHECKING:
    from .state import TrialState

# a pass, none or done kind of choice: listed first, always in the panel
FIRST = frozenset({"end_turn", "done", "decline", "stay", "keep", "no_weapon", "roll"})
GROUPS = {
    "start": "Starting spaces", "move_to": "Spaces to move to", "space": "Spaces", "step": "Spaces to advance to",
    "flag": "Finishing spaces", "play": "Deeds to play", "paw": "Paw tokens", "drop": "Discard from your backpack",
    "buy": "Items to buy", "sell": "Items to sell", "gallery": "Artifacts for the gallery",
    "take_item": "Items to take", "weapon": "Weapons", "boost": "One-time symbols", "food": "Food tokens",
    "option": "Options", "plan": "Ways to pay", "column": "Columns of your story", "tent": "Your tent tokens",
    "bonus": "Trading bonuses", "seat": "Adventurers", "slot": "Store slots", "morality": "Morality",
    "die": "Die faces", "take_card": "Cards", "move": "Your turn", "leave": "Your turn", "elixir": "Your turn",
}
# the frames whose cards come from somewhere else than the hand
CARD_GROUPS = {"PickDiscard": "The deed discard pile", "TakeEncounter": "Face-up encounter cards"}
SPACE_KINDS = ("start", "move_to", "space", "step", "flag")
# the compass words of the spaces' names, and the last word of a kind of space
COMPASS = {"north": "n", "south": "s", "east": "e", "west": "w", "central": "c", "north-west": "nw",
           "north-east": "ne", "south-west": "sw", "south-east": "se"}
KIND_LETTERS = {"grove": "g", "store": "st", "ruins": "r", "tower": "t", "meadow": "m", "tunnel": "tu", "start": "s",
                "exit": "x"}

_CODES: dict[str, str] = {}


def space_code(name: str) -> str:
    """A space's short code, from its name: "Forest path 12" -> "p12", "North-west grove" -> "nwg", "Central
    lookout tower" -> "ct", "Frosty Hill exit" -> "fhx", "Swamps: the reeds" -> "swreeds"."""
    code = _CODES.get(name)
    if code is None:
        code = _CODES[name] = _space_code(name)
    return code


def _space_code(name: str) -> str:
    low = name.lower()
    m = re.fullmatch(r"forest path (\d+)", low)
    if m:
        return f"p{m.group(1)}"
    if ":" in low:                                   # an expedition space: its area, then its own words
        area, own = low.split(":", 1)
        prefix = {"frosty hill": "fh", "swamps": "sw", "caverns": "dc"}.get(area.replace(" finish", "").strip(),
                                                                           area.strip()[:2])
        kept = [w for w in re.findall(r"[a-z]+", re.sub(r"\(.*\)", "", own)) if w not in ("the", "s")]
        if kept == ["first", "space"]:
            return prefix + "start"
        return prefix + (kept[0] if len(kept) == 1 else "".join(w[0] for w in kept))
    parts = low.split()
    head = COMPASS.get(parts[0], "") if parts else ""
    if head:
        return head + KIND_LETTERS.get(parts[-1], parts[-1][:2])
    return "".join(w[0] for w in parts[:-1]) + KIND_LETTERS.get(parts[-1], parts[-1][:2])


def choice(s: TrialState, action: int) -> Choice:
    spec = s.game.action_space.spec(action)
    kind = spec.kind
    if kind in FIRST:
        return Choice(first=True)
    frame = type(s.stack[-1]).__name__ if s.stack else ""
    texts = view.texts(s.t)
    if kind in SPACE_KINDS:
        name = s.t.space_name[s.t.space_index[str(spec.param("space"))]]
        return Choice(group=GROUPS[kind], code=space_code(name))
    if kind in ("play", "card"):
        card = str(spec.param("card"))
        group = "Deeds to play" if kind == "play" else CARD_GROUPS.get(frame, "Cards in your hand")
        return Choice(group=group, detail=words.card_text(texts["cards"][card]))
    if kind == "paw":
        target = str(spec.param("target"))
        detail = ""
        if target.startswith("encounter"):
            card_index = s.enc_slots[int(target.split()[-1]) - 1]
            if card_index >= 0:
                detail = words.card_text(texts["cards"][s.t.cards[card_index].card.id])
        return Choice(group=GROUPS[kind], detail=detail)
    if kind in ("buy", "take_item", "weapon", "gallery", "sell", "drop"):
        obj = str(spec.param("item" if kind in ("buy", "take_item", "sell") else
                             "artifact" if kind == "gallery" else "object"))
        return Choice(group=GROUPS[kind], detail=words.object_text(texts["objects"][obj]))
    if kind == "tent":
        return Choice(group=GROUPS[kind], detail=words.tent_text(texts["tents"][str(spec.param("tent"))]))
    if kind == "option" and s.r_card >= 0:    # the card being resolved, whole, with each of its options
        return Choice(group=GROUPS[kind], detail=words.card_text(texts["cards"][s.t.cards[s.r_card].card.id]))
    if kind in ("universal", "camp"):
        return Choice(group="Campsites")
    return Choice(group=GROUPS.get(kind, ""))
