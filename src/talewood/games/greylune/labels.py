"""What a Greylune choice says to a player (`GreyluneState.describe`), in the rulebook's words: the
card it activates and what it costs, the coins it gains, the gap the Villager comes from. A label starts
with a capital and names no slot, gap number or program word."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import plural
from ...engine.stack import frame_name
from .actions import GAP_SLOTS, SIDE_NAMES, SPECIAL_OPTIONS
from .board import NO_CARD
from .content import R_NONE
from .stories import SPECIAL_TIERS
from .texts import effects_text, gain_text, option_words, requirement

if TYPE_CHECKING:
    from .state import GreyluneState

# what "yes" means in each frame that asks about a Companion's reaction (the action "react")
YES = {
    "KaelOffer": "Exhaust Kael: spend 1 less Strength", "LucanOffer": "Exhaust Lucan: gain the other skill too",
    "BranOffer": "Exhaust Bran: spend 1 Villager fewer", "NerisOffer": "Exhaust Neris: pay no extra cost",
    "DorianOffer": "Exhaust Dorian: pay 1 coin less and gain 1 VP", "NerisCoins": "Exhaust Neris: gain 2 more coins",
    "AfterMove": "Exhaust Mira: place a Villager in the Village", "BoostSource": "Exhaust Seren: the story is worth 3",
    "IsandreOffer": "Exhaust Isandre: ready that card again",
}
# and what "no" means, where there is more to say than "No"
NO = {"ReadyCard": "Ready no card", "SeliaOffer": "Keep the Seal's value", "SeliaItemSeal": "Keep the Seal's value",
      "UseAgain": "Do not use it again", "AfterMove": "Place no Villager"}
VERBS = {"building": "Use", "item": "Buy", "companion": "Recruit"}
SPECIAL_WORDS = (f"tell a story ({effects_text(tuple(e for tier in SPECIAL_TIERS for e in tier))} for a story "
                 f"worth 3)", SPECIAL_OPTIONS[1], SPECIAL_OPTIONS[2])


def describe(s: GreyluneState, action: int) -> str:
    label = _describe(s, action)
    return label[:1].upper() + label[1:]


def price(s: GreyluneState, slot: int) -> str:
    """What activating the card in `slot` costs now, before a Seal is chosen or a Companion reacts: its
    price plus 1 coin per other Villager beside it (the activating one leaves)."""
    card = s.c.cards[s.grid[slot]]
    extra = s.around(slot) - 1
    if card.pay_seal:
        more = card.cost + extra
        return "a Seal's value in coins" + (f" + {plural(more, 'coin')}" if more else "")
    total = card.cost + extra
    return f"{plural(total, 'coin')}" if total else "free"


def coins_gained(s: GreyluneState, slot: int) -> int:
    """Gain coins naming the card in `slot`: 1 coin per other Villager beside it (the one taken back leaves)."""
    return s.around(slot) - 1


def _describe(s: GreyluneState, action: int) -> str:
    spec = s.game.action_space.spec(action)
    kind = spec.kind
    c = s.c
    top = s.stack[-1] if s.stack else None
    frame = frame_name(top) if top is not None else ""
    if kind in ("activate", "coins"):
        gap, slot = GAP_SLOTS[action - (s.ids.activate if kind == "activate" else s.ids.coins)]
        card = c.cards[s.grid[slot]] if s.grid[slot] != NO_CARD else None
        name = card.name if card is not None else "an empty space"
        where = f"Villager from {s.gap_name(gap)}"
        if kind == "coins":
            n = coins_gained(s, slot)
            return f"gain {plural(n, 'coin') if n else 'no coins'} naming {name} ({where})"
        verb = VERBS[card.kind] if card is not None else "Activate"
        return f"{verb} {name} for {price(s, slot)} ({where})"
    if kind == "event" and s.event_current >= 0:
        ev = c.events[s.event_current]
        k = int(spec.param("option"))
        if k < len(ev.options):
            return f"take part in the {ev.name}: {option_words(ev.options[k].cost, ev.options[k].effects)}"
    if kind == "place":
        return f"place a Villager {s.gap_name(int(spec.param('gap')))}"
    if kind == "event_gap":
        return f"move your Villager from {s.gap_name(int(spec.param('gap')))} onto the Event"
    if kind == "clear":
        return (f"send your Villager from {s.gap_name(int(spec.param('gap')))} to the Campsite (no card beside it: "
                f"nothing gained)")
    if kind == "use_item":
        idx, a = s.tables.item_abilities[action - s.ids.use_item]
        card = c.cards[idx]
        ability = card.abilities[a]
        cost = "discard it" if ability.discard else "exhaust it"
        if ability.villagers:
            cost += f" and spend {plural(ability.villagers, 'Villager')}"
        return f"use {card.name}: {cost} to {gain_text(ability.effects)}"
    if kind in ("discard_item", "ready_card", "potion"):
        card = c.card_by_id[int(spec.param("card"))]
        return {"discard_item": "discard", "ready_card": "ready", "potion": "use the"}[kind] + f" {card.name}"
    if kind == "special":
        return f"special action: {SPECIAL_WORDS[int(spec.param('option'))]}"
    if kind == "to_summer":
        return "move to Summer (and take a Summer action)"
    if kind == "to_autumn":
        return "move to Autumn: your year ends with its upkeep and income"
    if kind == "react":
        return YES.get(frame, "yes")
    if kind == "decline":
        return NO.get(frame, "no")
    if kind == "move_to":
        d = int(spec.param("space"))
        here = top is not None and s.adventurer[getattr(top, "seat", 0)] == d
        where = f"space {d} ({c.crests[d]})" if d else "the Village (space 0)"
        return f"stay on {where}" if here else f"move your Adventurer to {where}"
    if kind == "space_bonus":
        d = getattr(top, "space", 0)
        bonus = c.space_bonus[d] if 0 <= d < len(c.space_bonus) else None
        return f"gain {effects_text((bonus,))} instead of an Encounter" if bonus else spec.label
    if kind == "quest":
        d = getattr(top, "space", 0)
        if 3 <= d <= 5:
            return f"complete the Heroic Quest {c.quests[s.quests[d - 3]].name}"
    if kind == "sides" and top is not None and hasattr(top, "encounter"):
        card_e = c.encounters[int(top.encounter)]
        k = int(spec.param("sides"))
        chosen = (0, 1) if k == 2 else (k,)
        sides = [card_e.sides[i] for i in chosen if i < len(card_e.sides)]
        needs = " and ".join(requirement(side.req) for side in sides if side.req[0] != R_NONE)
        reward = " + ".join(effects_text(side.reward) for side in sides if side.reward) or "no reward, only its story"
        needs = f" ({needs})" if needs else ""
        if len(card_e.sides) == 1:
            return f"resolve {card_e.name}{needs}: {reward}"
        return f"meet {'both sides' if k == 2 else 'the ' + SIDE_NAMES[k]} of {card_e.name}{needs}: {reward}"
    if kind in ("tell", "tell_boost"):
        e = c.encounters[int(spec.param("encounter"))]
        if kind == "tell_boost":
            return f"tell the story of {e.name}, raised to value 3"
        return f"tell the story of {e.name} (value {e.story})"
    if kind == "bonus":
        k = int(spec.param("token"))
        return f"take the {c.bonus_names[k]} Bonus token: gain {effects_text(c.bonus[k])}"
    return spec.label
