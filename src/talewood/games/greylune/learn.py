"""Learning Greylune: where each decision is explained in the rules (rules.md), the words of a hint, and the
guided first game. Like the heuristics, the rules never import this module.

`explain(world, plan, seat)` plays the bot's plan for the turn (its choice, then the follow-ups it means to
take) on a world re-dealt from what the seat sees, and says what it brings the seat: VP, coins, skills,
Villagers, cards and stories, and the change of the seat's projected final score (the bots' own
projection, heuristics.projected_score).
"""

from __future__ import annotations

from typing import Any

from ...engine import State, plan_changes
from .actions import GAPS
from .board import NO_CARD
from .heuristics import projected_score
from .state import GreyluneState

ACTION_SECTIONS = {
    "place": "spring", "to_summer": "turn", "to_autumn": "autumn", "event": "event", "event_gap": "event",
    "coins": "summer", "clear": "summer", "activate": "village", "use_item": "items", "special": "special",
    "seal": "village", "selia": "reactions", "react": "reactions", "decline": "reactions",
    "discard_item": "items", "ready_card": "items", "move_to": "adventure", "elwen": "reactions",
    "encounter": "adventure", "space_bonus": "adventure", "quest": "quests", "stop": "adventure",
    "potion": "items", "ariok": "reactions", "sides": "adventure", "tell": "stories", "tell_boost": "stories",
    "story_end": "stories", "pick_story": "quests", "bonus": "skills", "skill": "skills", "hall": "village",
}
DECISION_SECTIONS = {
    "AfterMove": "adventure", "Arrive": "adventure", "BardStory": "quests", "BonusToken": "skills",
    "BoostSource": "stories", "BranOffer": "reactions", "ChooseSeal": "village", "DiscardItem": "items",
    "DorianOffer": "reactions", "EventFromVillage": "event", "HallOfTheHeroes": "village",
    "IsandreOffer": "reactions", "KaelOffer": "reactions", "LucanOffer": "reactions", "Meet": "adventure",
    "Move": "adventure", "NerisCoins": "reactions", "NerisOffer": "reactions", "PutVillager": "reactions",
    "QuestPotions": "quests", "ReadyCard": "items", "SeliaItemSeal": "reactions", "SeliaOffer": "reactions",
    "SkillChoice": "skills", "Story": "stories", "UseAgain": "reactions",
}
OPTION_SECTIONS = {"first_player": "setup"}

GUIDE_TIPS = {
    "spring": "In Spring you place Villagers between cards: in Summer each one can activate a card beside it.",
    "summer": "In Summer each Villager you take back from the Village acts once, then rests until Autumn.",
    "village": "A card costs its price plus a coin for every other Villager beside it.",
    "turn": "Each player moves through the seasons at their own pace; Autumn ends your year.",
    "autumn": "Autumn brings back your Villagers, readies your cards and pays your income.",
    "event": "Each year you may take part in the Event once.",
    "items": "An Item is used as a Summer action by exhausting it; you may hold three.",
    "reactions": "A Companion's reaction is offered at the moment it can help.",
    "adventure": "Your Adventurer stops on a space and may resolve the Encounter there if you meet its "
                 "requirement.",
    "quests": "A Heroic Quest is worth more to the first player who completes it.",
    "stories": "A story worth 3 pays all three of a Tavern's rewards.",
    "special": "The special action of your board can be used once a year.",
    "skills": "Strength and Magic pay off at the end: 2 VP with 3 of each, 5 VP with 5 of each.",
}

GUIDED: dict[str, Any] = {
    "players": 2, "seats": ["human", "easy"], "seed": 2024, "options": {},
    "intro": "Your first game of Greylune, against an easy bot: five years of placing Villagers in Spring "
             "and taking them back in Summer. At each of your decisions the guide suggests a choice, rings it "
             "and says why. Follow it, or choose anything else: the guide keeps up.",
}


def _measure(s: Any, p: int) -> list[tuple[str, str, float]]:
    return [("VP", "VP", s.vp[p]), ("coin", "coins", s.coins[p]), ("Strength", "Strength", s.str_[p]),
            ("Magic", "Magic", s.mag[p]), ("Villager", "Villagers", 7 - s.supply[p]),
            ("Item", "Items", len(s.items[p])), ("Companion", "Companions", len(s.comps[p])),
            ("told story", "told stories", len(s.told[p])),
            ("Encounter", "Encounters", len(s.untold[p]) + len(s.told[p]))]


def explain(world: State, plan: list[int], seat: int) -> str:
    """What the plan brings `seat` this turn, in the game's words ("" when nothing shows yet)."""
    assert isinstance(world, GreyluneState)
    spec = world.game.action_space.spec(plan[0])
    if spec.kind == "place":
        a, b = GAPS[int(spec.param("gap"))]
        cards = [world.slot_name(x) for x in (a, b) if world.grid[x] != NO_CARD]
        if cards:
            return (f"gets ready to use {' or '.join(cards)} in Summer, and makes "
                    f"{'it' if len(cards) == 1 else 'them'} dearer for the others")
    return plan_changes(world, plan, seat, _measure, projected_score, "VP")
