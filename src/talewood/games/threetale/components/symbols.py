"""Base Symbols and Icons (rulebook, Basic Concepts): the Virtues, the levels, what a tile's space
shows, the Artifact slots, the Future Book's kinds of objects, and the Quests' requirements.
"""

from __future__ import annotations

VIRTUES = ("love", "hope", "faith", "endeavor", "endurance", "mercy")
LEVELS = (1, 2, 3)
DIFFICULTIES = ("easier", "normal", "harder")


def portal_name(tile: str) -> str:
    """The Portal on a tile, as labels and the log name it: a Portal tile is named for its Portal
    ("Portal of the Mist": "the Portal of the Mist"), any other "the Portal of Boar's Glade"."""
    return f"the {tile}" if tile.startswith("Portal of ") else f"the Portal of {tile}"


# What a space of a tile shows: permanent features, slots for Stones and tokens, or nothing.
FEATURES = ("tree", "altar", "portal")
SLOTS = ("white", "red", "black", "battle1", "battle2", "battle3", "treasure1", "treasure2", "treasure3", "quest")
SPACE_KINDS = (*FEATURES, *SLOTS, "empty")
# the Past's decks, named by the `draw` effect of the Map's tokens
PAST_DECKS = ("battle1", "battle2", "battle3", "treasure1", "treasure2", "treasure3", "quest")
ARTIFACT_SLOTS = ("head", "hands", "feet")
ARTIFACT_USAGES = ("passive", "activation", "one_time")
# a Future card's kind; a deck's back is one of these or "mixed" (Future Book, "Map, Tiles and Tokens")
OBJECT_KINDS = ("aiding", "conditional", "hostile", "special")
DECK_BACKS = (*OBJECT_KINDS, "mixed")
PIECE_KINDS = ("figure", "token", "cube", "card", "standee")
# where a Future's figure is set up: an Altar, a Treasure 3 slot, any space of a Battle 1 tile,
# the Battle 2 or Battle 3 space of a tile
FIGURE_PLACES = ("altar", "treasure3", "battle1_tile", "battle2_or_3")
SUPPLIES = ("ring", "wow", "seed")
STONE_USES = ("strike", "prevent_removal", "spare_hero")
STATISTICS = (*VIRTUES, "speed", "shevitsa", "any_virtue_max")

# Quest requirements: each counts what happens after the card is drawn (virtue_at_least is a state).
QUEST_GOALS: dict[str, str] = {
    "win_battles": "defeat n enemies in Battles",
    "open_treasures": "claim n Treasure tokens (the roll's result does not matter)",
    "defeat_level3": "defeat n Level 3 enemies",
    "use_altars": "use n different Altars (an Altar Action with at least one Sacrifice)",
    "travel_portals": "travel through a Portal n times",
    "bless_offerings": "bless n Offerings, as the Hero who gives or the one who receives",
    "give_artifacts": "give n Artifacts to other Heroes (the reward's `receiver` is the last one)",
    "virtue_at_least": "have any Virtue at n or more (checked at once and after every change)",
    "win_unharmed": "win n Battles without losing any Virtue point or Spirit in them",
    "stones_in_one_turn": "claim a White, a Red and a Black Stone in one turn (n times)",
}
