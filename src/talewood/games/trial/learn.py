"""Learning The Trial of the Forest: where each decision is explained in the rules (rules.md), the words of
a hint, and the guided first game. Like the heuristics, the rules never import this module.

`explain(world, plan, seat)` plays the bot's plan for the turn on a world re-dealt from what the seat sees
and says what it brings: fame, food, cards, story cards and objects, and the change of the seat's
projected fame (the bots' own projection, heuristics.projected_scores).
"""

from __future__ import annotations

from typing import Any

from ...engine import State, plan_changes
from .heuristics import projected_scores
from .scoring import score_details
from .state import TrialState

ACTION_SECTIONS = {
    "start": "setup", "play": "deeds", "move": "move", "move_to": "move", "paw": "paw", "camp": "camping",
    "leave": "expeditions", "elixir": "items", "drop": "backpack", "end_turn": "turn", "option": "deeds",
    "plan": "deeds", "food": "deeds", "card": "deeds", "column": "story", "buy": "store", "sell": "store",
    "gallery": "store", "take_item": "ruins", "slot": "store", "seat": "fights", "space": "move",
    "universal": "camping", "step": "expeditions", "flag": "expeditions", "die": "fights", "morality": "story",
    "tent": "camping", "bonus": "store", "boost": "camping", "weapon": "fights", "no_weapon": "fights",
    "done": "turn", "decline": "turn", "take_card": "help", "redraw": "expeditions", "reroll": "fights",
    "refresh": "camping", "keep": "camping", "roll": "fights", "stay": "move", "pay_empty": "expeditions",
    "credit": "store", "area": "expeditions",
}
DECISION_SECTIONS = {
    "AdvanceStep": "expeditions", "ChooseColumn": "story", "ChooseFlag": "expeditions", "ChooseStart": "setup",
    "ChooseTent": "camping", "ChooseTentSpot": "camping", "ChooseWeapon": "fights", "DiscardDown": "turn",
    "EmptyDeck": "expeditions", "EncounterRefresh": "camping", "Enhance": "fights", "GroveEnhance": "groves",
    "HelpBonus": "help", "HelpFood": "help", "HelpSpot": "help", "MakeRoom": "backpack", "Move": "move",
    "Redraw": "expeditions", "Reroll": "fights", "RuinsTake": "ruins", "StoreVisit": "store",
    "TakeEncounter": "encounters", "TakeStoreItem": "store", "TowerEnhance": "towers", "TradeIn": "store",
    "TradingBonus": "store", "TuckCard": "story", "TuckColumn": "story", "UniversalCampsite": "camping",
    "ChoosePlan": "deeds", "ChooseOption": "deeds", "PayUnit": "deeds",
}
OPTION_SECTIONS = {"first_player": "setup", "tiles": "setup"}

GUIDE_TIPS = {
    "turn": "A turn is: maybe play a deed, maybe move, then place a paw token (or camp once they are all out).",
    "deeds": "A deed is paid and resolved at once, then joins your story and its symbols work for you.",
    "story": "Cards in your story give symbols for good, and five in one column win a legendary token.",
    "move": "Your movement is every movement symbol on your board, backpack and story, in one go.",
    "paw": "A paw token uses the place it is put on; the golden strong paw does more.",
    "encounters": "An encounter card can be resolved from anywhere but an expedition.",
    "fights": "The attacker needs more strength than the defender: a tie goes to the defender.",
    "groves": "A grove gives food, more with the food symbols of your story.",
    "ruins": "Ruins hide items: one costs any food.",
    "towers": "A lookout tower draws deed cards, more with the card symbols of your story.",
    "store": "At a store you buy and sell for food, then take a bonus for your trading symbols.",
    "help": "The help spot gives a deed card or a food, from anywhere.",
    "backpack": "Your backpack has five places; filling the last two slows you down.",
    "items": "Items unlock deeds and expeditions; artifacts are worth fame.",
    "expeditions": "On an expedition each paw token draws that area's next card; the deeper the flag, the more "
                   "fame.",
    "camping": "Camping ends your day: take the campsite's bonus, any tent's bonus, and leave a tent.",
    "setup": "Each adventurer starts on one of the four start spaces.",
}

GUIDED: dict[str, Any] = {
    "players": 2, "seats": ["human", "easy"], "seed": 2024, "options": {"first_player": "seat0", "tiles": "fixed"},
    "intro": "Your first Trial of the Forest, against an easy bot: four days of deeds, paw tokens and camping. At "
             "each of your decisions the guide suggests a choice, rings it and says why. Follow it, or choose "
             "anything else: the guide keeps up.",
}

FOODS = (("raspberry", "raspberries"), ("acorn", "acorns"), ("mushroom", "mushrooms"), ("tea leaf", "tea leaves"))


def _measure(s: Any, p: int) -> list[tuple[str, str, float]]:
    details = score_details(s)[p]
    food = [(one, many, float(s.food_of(p, k))) for k, (one, many) in enumerate(FOODS)]
    return [("fame point", "fame points", details["total"]), *food,
            ("deed card", "deed cards", len(s.hand[p]) + len(s.aside[p])),
            ("card in your story", "cards in your story", len(s.story[p])),
            ("object in your backpack", "objects in your backpack", len(s.backpack[p]))]


def explain(world: State, plan: list[int], seat: int) -> str:
    """What the plan brings `seat` this turn, in the game's words ("" when nothing shows yet)."""
    assert isinstance(world, TrialState)
    return plan_changes(world, plan, seat, _measure, lambda s, p: projected_scores(s)[p], "fame point")
