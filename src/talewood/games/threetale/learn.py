"""Learning ThreeTale: where each decision is explained in the rules (rules.md), the words of a hint, and the
guided first game. Like the heuristics, the rules never import this module.

`explain(world, plan, seat)` plays the bot's plan for the turn on a world re-dealt from what the table
sees and says what it brings the Hero of `seat` and the team: Virtues, Speed, Shevitsa, Spirit, Artifacts,
Sacred Stones, and the Future's goal (Rings, Words of Wisdom, Heads).
"""

from __future__ import annotations

from typing import Any

from ...engine import State, plan_changes
from .state import TTState
from .tables import VIRTUE_NAMES

ACTION_SECTIONS = {
    "pick_hero": "prophecy", "order_hero": "prophecy", "keep_order": "present", "choose_tile": "past",
    "snap": "past", "rotate": "past", "start_space": "past", "step": "moving", "portal_to": "moving",
    "stop": "moving", "claim": "actions", "use_altar": "altars", "give_to": "actions", "bless_to": "offerings",
    "keeper": "offerings", "develop": "stats", "equip": "artifacts", "use_artifact": "artifacts",
    "use_bonus": "bonus", "end_turn": "virtues", "raise_virtue": "virtues", "lower_virtue": "battles",
    "artifact": "artifacts", "hero": "virtues", "option": "actions", "accept": "actions", "decline": "actions",
    "quest": "treasure", "return_bonus": "bonus", "done": "actions", "sac_shevitsa": "altars",
    "upgrade": "altars", "attack": "battles", "escape": "battles", "turn_die": "battles", "talent": "stats",
    "stone": "battles", "block": "battles", "tile": "future", "space": "future", "vicinator": "crown",
    "deck": "future", "card": "future", "give_ring": "rings",
}
DECISION_SECTIONS = {
    "PickHero": "prophecy", "ChooseOrder": "prophecy", "ChooseTile": "past", "Snap": "past", "Rotate": "past",
    "StartSpace": "past", "PortalTo": "moving", "Altar": "altars", "AltarVirtue": "altars", "PickSacrifice": "altars",
    "Endure": "virtues", "MercyHero": "virtues", "MercyVirtue": "virtues", "KeepArtifact": "artifacts",
    "DiscardArtifact": "artifacts", "GiveWhich": "actions", "Keeper": "offerings", "KeepQuest": "treasure",
    "ReturnBonus": "bonus", "BeforeRound": "battles", "AfterHeroRoll": "battles", "AfterEnemyRoll": "battles",
    "TakeDamage": "battles", "LoseVirtue": "battles", "AfterRoll": "treasure", "FlipTile": "future",
    "RemoveTile": "flood", "HeroFlip": "parallel", "TreeFlip": "parallel", "PlaceTree": "parallel",
    "PlacePV": "parallel", "ClearPV": "parallel", "PlantSeed": "parallel", "CrownMove": "crown", "CrownPay": "crown",
    "DestroyVirus": "crown", "VirusBlock": "crown", "PlaceFigure": "future",
}
OPTION_SECTIONS = {
    "future": "prophecy", "tutorial": "prophecy", "difficulty": "prophecy", "heroes": "prophecy",
    "hope_scope": "virtues", "crown_attacks": "crown", "ring_transfer": "rings", "tree_flips": "parallel",
    "empty_tiles": "parallel", "removal_fallback": "flood",
}

GUIDE_TIPS = {
    "prophecy": "The Prophecies hint at the Virtues the Future will need.",
    "past": "Each turn in the Past begins by laying a new tile next to the land.",
    "moving": "Each point of Speed is one step; a Portal takes you to any other Portal.",
    "actions": "Claiming a Stone or a token takes one Action; Endeavor gives more.",
    "virtues": "Virtues work in bands: 3, 7 and 11 each unlock one more use.",
    "stats": "Shevitsa buys Talents: 2 for the first, then 4, then 6.",
    "bonus": "Faith's Bonus cards last only this turn.",
    "artifacts": "Only one Artifact of each slot works in a turn.",
    "battles": "Love is your dice; block a whole attack with a Spirit only when it would hurt a lot.",
    "treasure": "A Treasure rolls three dice: the more hits, the better the find.",
    "offerings": "Each Offering blessed becomes a better Artifact than the one before.",
    "altars": "An Altar turns Shevitsa into Virtues and spare Artifacts into Shevitsa or better Artifacts.",
    "present": "The team may change its order before the Future.",
    "future": "Every object of the Future can be used only once.",
    "rings": "Each Hero needs three Rings, then the team gathers around the Fountain.",
    "flood": "The Words of Wisdom must be in before the land shrinks to four tiles.",
    "parallel": "Every Parallel Virtue left on the land hurts every Hero at the end of a turn.",
    "path": "Each Hero needs a Head of each level from the Reflectors of Darkness.",
    "crown": "Viruses that reach an Altar hurt the whole team: keep them away.",
}

# the Tutorial Prophecy: its Future, the Nine Rings of Creation, is known from the start; the other two Heroes
# are bots, so the person learns one Hero's turn
GUIDED: dict[str, Any] = {
    "players": 3, "seats": ["human", "normal", "normal"], "seed": 2024,
    "options": {"tutorial": True, "heroes": "silver_deer+queen_of_living_water+youngest_son"},
    "intro": "Your first ThreeTale: you play the Silver Deer beside two bot Heroes, in the Tutorial Prophecy "
             "whose Future — the Nine Rings of Creation — is known from the start. At each of your decisions the "
             "guide suggests a choice, rings it and says why. Follow it, or choose anything else: the guide keeps "
             "up.",
}


def _measure(s: Any, p: int) -> list[tuple[str, str, float]]:
    virtues = [(name, name, float(n)) for name, n in zip(VIRTUE_NAMES, s.virtues(p), strict=True)]
    return [*virtues, ("Speed", "Speed", s.speed[p]), ("Shevitsa", "Shevitsa", s.shev[p]),
            ("Spirit", "Spirit", s.spirit[p]), ("Artifact", "Artifacts", len(s.arts[p])),
            ("Sacred Stone", "Sacred Stones", s.stones[p]), ("Ring", "Rings", s.rings[p]),
            ("Head", "Heads", bin(s.heads[p]).count("1")), ("Word of Wisdom", "Words of Wisdom", s.wow)]


def explain(world: State, plan: list[int], seat: int) -> str:
    """What the plan brings the Hero of `seat` and the team, in the game's words ("" when nothing shows)."""
    assert isinstance(world, TTState)
    return plan_changes(world, plan, seat, _measure)
