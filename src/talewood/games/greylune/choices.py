"""How Greylune's choices show in a panel and a terminal (engine/present.py's Choice): "No", "Stop here",
"End the story" and moving on to the next season first; each choice under the heading of what it does;
a card, an Encounter, a Quest or a token it activates, uses or picks with its whole text; and a short code
a terminal player types — the Village's cards are numbered 1 to 9 (row by row) and its gaps lettered a to l
as the terminal draws them ("5a": activate card 5 with the Villager from gap a, "c5a": gain coins naming it)."""

from __future__ import annotations

from string import ascii_lowercase
from typing import TYPE_CHECKING

from ...engine import Choice
from ...engine.stack import frame_name
from .actions import GAP_SLOTS
from .texts import encounter_text, event_text, quest_text, token_texts, village_text

if TYPE_CHECKING:
    from .state import GreyluneState

GROUPS = {
    "place": "Place a Villager", "event": "The Event", "event_gap": "The Event", "coins": "Gain coins",
    "activate": "Activate a card", "clear": "Gain coins", "use_item": "Use an Item",
    "special": "The special action on your board", "seal": "Seal tokens", "selia": "Seal tokens",
    "discard_item": "Discard an Item", "ready_card": "Ready a card", "move_to": "Move your Adventurer",
    "elwen": "Companions", "ariok": "Companions", "react": "Companions", "encounter": "This space",
    "space_bonus": "This space", "quest": "This space", "potion": "Potions", "sides": "Meet the Encounter",
    "tell": "Your Untold Stories", "tell_boost": "Your Untold Stories", "pick_story": "Your Untold Stories",
    "bonus": "Bonus tokens", "skill": "Strength or Magic", "hall": "Hall of the Heroes",
}
FIRST = ("to_summer", "to_autumn", "decline", "stop", "story_end")
FIXED_CODES = {"to_summer": "summer", "to_autumn": "autumn", "react": "yes", "decline": "no", "stop": "stop",
               "story_end": "end", "elwen": "elwen", "ariok": "ariok", "space_bonus": "bonus", "quest": "quest"}
SIDE_CODES = ("left", "right", "both")
# the Companion whose reaction "react" uses, by the frame that offers it
REACTING = {"KaelOffer": "kael", "LucanOffer": "lucan", "BranOffer": "bran", "NerisOffer": "neris",
            "NerisCoins": "neris", "DorianOffer": "dorian", "AfterMove": "mira", "BoostSource": "seren",
            "IsandreOffer": "isandre"}


def gap_letter(gap: int) -> str:
    """A gap of the Village as the terminal letters it (a to l)."""
    return ascii_lowercase[gap]


def choice(s: GreyluneState, action: int) -> Choice:
    spec = s.game.action_space.spec(action)
    kind = spec.kind
    ids = s.ids
    c = s.c
    group = GROUPS.get(kind, "")
    first = kind in FIRST
    code = FIXED_CODES.get(kind, "")
    detail = ""
    p = s.current_player if s.current_player is not None else 0
    if kind in ("activate", "coins"):
        gap, slot = GAP_SLOTS[action - (ids.activate if kind == "activate" else ids.coins)]
        code = f"{'c' if kind == 'coins' else ''}{slot + 1}{gap_letter(gap)}"
        if kind == "activate":
            detail = f"{c.cards[s.grid[slot]].name}: {village_text(c.cards[s.grid[slot]])}"
    elif kind in ("place", "event_gap", "clear"):
        gap = int(spec.param("gap"))
        code = {"place": "", "event_gap": "e", "clear": "x"}[kind] + gap_letter(gap)
    elif kind == "event":
        code = f"e{int(spec.param('option')) + 1}"
        if s.event_current >= 0:
            detail = event_text(c.events[s.event_current])
    elif kind in ("use_item", "discard_item", "ready_card", "potion"):
        if kind == "use_item":
            idx, a = s.tables.item_abilities[action - ids.use_item]
        elif kind == "potion":
            idx, a = s.tables.potion_cards[action - ids.potion], 0
        else:
            idx, a = action - (ids.ready if kind == "ready_card" else ids.discard), 0
        card = c.cards[idx]
        detail = f"{card.name}: {village_text(card)}"
        mine = s.comps[p] + s.items[p]
        pos = mine.index(idx) + 1 if idx in mine else 0
        letter = {"use_item": "u", "discard_item": "d", "ready_card": "r", "potion": "p"}[kind]
        code = f"{letter}{pos}" + ("ab"[a] if kind == "use_item" and len(card.abilities) > 1 else "")
    elif kind == "special":
        code = f"s{int(spec.param('option')) + 1}"
    elif kind in ("seal", "selia"):
        code = f"{kind}{int(spec.param('value'))}"
    elif kind == "react":
        top = s.stack[-1] if s.stack else None
        name = REACTING.get(frame_name(top)) if top is not None else None
        if name is not None:
            card = c.cards[getattr(s.tables, name)]
            detail = f"{card.name}: {village_text(card)}"
    elif kind == "move_to":
        code = f"m{int(spec.param('space'))}"
    elif kind == "encounter":
        e = int(spec.param("encounter"))
        card_e = c.encounters[e]
        here = [x for x in s.enc_board if c.encounters[x].distance == card_e.distance]
        code = f"n{here.index(e) + 1}" if e in here else f"n{e}"
        detail = f"{card_e.name}: {encounter_text(c, card_e)}"
    elif kind == "quest":
        top = s.stack[-1] if s.stack else None
        d = int(getattr(top, "space", 0))
        if 3 <= d <= 5:
            quest = c.quests[s.quests[d - 3]]
            detail = quest_text(c, quest, d)
    elif kind == "sides":
        code = SIDE_CODES[int(spec.param("sides"))]
    elif kind in ("tell", "tell_boost", "pick_story"):
        e = int(spec.param("encounter"))
        pos = s.untold[p].index(e) + 1 if e in s.untold[p] else e
        code = f"{'b' if kind == 'tell_boost' else 't'}{pos}"
        detail = f"{c.encounters[e].name}: {encounter_text(c, c.encounters[e])}"
    elif kind == "bonus":
        name = c.bonus_names[int(spec.param("token"))]
        code = name.lower()
        detail = token_texts(c)["bonus"][name]
    elif kind == "skill":
        code = "str" if spec.param("skill") == "strength" else "mag"
    elif kind == "hall":
        code = f"h{int(spec.param('option')) + 1}"
    return Choice(group=group, first=first, detail=detail, code=code)
