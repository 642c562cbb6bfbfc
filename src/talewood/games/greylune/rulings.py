"""Every Greylune ruling: where the rulebook is silent, ambiguous or contradicts itself.

Each ruling is listed, with its reason, in docs/rules/greylune.md. A constant here drives the code
that reads it (a test checks that every one is read); a ruling that is the only sensible reading
of the rules' structure is a comment naming the code that carries it out.
"""

from __future__ import annotations

# R1. Setup step 2 says "remove 2 Village II and 2 Village III cards" yet stacks all 9 III cards and
# 18 II + 18 I: the rulebook contradicts itself. We remove 2 cards from period I and 2 from period II.
VILLAGE_REMOVED_PER_PERIOD = (2, 2, 0)

# R2. Valley: the rulebook appendix says "move up to 3 spaces" (the reference's printed card says 2).
VALLEY_MOVE = 3
# R3. Unicorn Income token: the rulebook appendix says +2 VP (the reference's punchboard says 1).
UNICORN_INCOME_VP = 2

# R4. A point of Strength or Magic gained past 5 gives 1 VP instead (the board prints "...1" above the
# track; reference, newer implementation). The rulebook is silent.
SKILL_OVERFLOW_GIVES_VP = True
MAX_SKILL = 5

# R5. The first player: the rulebook says "the last player to have gone on an adventure"; software
# cannot know, so it is seat 0 unless the option first_player=random is chosen.
DEFAULT_FIRST_PLAYER = "seat0"

# R6. A player in Autumn is skipped: moving to Autumn ends their year ("Pass (only once)" is that move).
# (seasons.end_turn)

# R7. A Tavern (and the special action's story) can be chosen only if the player can tell a story now
# (otherwise a story could end with nothing told); Seal Taverns (Golden Lion, Silver Wolf) need a Seal
# even to tell a story, and spend it (otherwise one without Seals tells a story with a Seal worth 0).
TAVERN_NEEDS_TELLABLE_STORY = True
SEAL_TAVERN_NEEDS_SEAL = True

# R8. Potions of Mana, Strength, Flying and Invisibility, and Ariok, are offered on arrival, when an
# Encounter is about to be resolved; their boost lasts for that Encounter only. Mana, Strength and Flying
# Potions are offered too for a Quest that asks to have Strength or Magic, and their boost counts for it.
# Elwen is offered when the move starts. Mira and the Endurance Potion ("before or after resolving an
# Encounter") are offered on arrival, before the space is resolved, and when the move ends.
# (adventure.Meet and adventure.QuestPotions carry the boosts; adventure.Move offers Elwen;
# adventure.EndOfMove Mira and the Potion)

# R9. An ignored requirement (Ariok, Invisibility Potion) is applied by the rules to the chosen side whose
# requirement is unmet, else to a side whose requirement spends something: ignoring never costs more.

# R10. Neris: in "Gain coins" she adds 2 coins; in "Activate a card" she removes the extra cost. A Villager
# moved from the Village onto the Event is not "removed" (no Neris).

# R11. Bran reduces the Villagers spent on an Item ability only (the cards you activate from your board).
# R12. Isandre ("when you exhaust a card") readies any card its owner exhausts, Companions included, never
# herself (no loop). She is offered at once, on top of what the step does next, so a readied card is
# offered again while its trigger is open; for an Item used as a Summer action she is offered once its
# ability is done and the Item may be used again at once. (effects.exhaust, items.IsandreCheck)

# R13. Selia ("when you activate a Seal token") may set the value of a Seal spent on a Building and of the
# Seal that comes with a bought Item: the rulebook never defines activating a Seal, but "Activate a card" is
# using a Building or buying an Item, and each uses its Seal's value once, in that activation; the reference
# implementation's Building-only reading is its own (docs/rules/greylune.md). (village.SeliaOffer,
# village.SeliaItemSeal)
# R14. Kael makes any Strength payment 1 smaller, down to 0 (Hall of the Heroes, Gathering, Tournament,
# Diamond, Undeads): the reaction is offered at the moment Strength must be spent.

# R15. The special action's space holds one Villager: once per year (otherwise once per active Villager).
SPECIAL_ACTION_ONCE_PER_YEAR = True

# R16. An empty Seal pile is refilled by shuffling the discard (rulebook); if both are empty the card gets
# fewer Seals.
# R17. Unresolved Encounters, unused Village cards and their tokens go out of the game in Winter.

# R18. Temporary boosts (Potions) count only for "have" requirements (of Encounters and Quests), never for
# spending; Ariok and the Invisibility Potion ignore a requirement of an Encounter card only.

# R19. Bonus tokens are taken as soon as the VP are scored, before the rest of the action resolves; a
# player passing 8 and 20 at once takes two. Final scoring never triggers them.
BONUS_THRESHOLDS = (8, 20)

# R20. Income in Autumn is 3 coins minus 1 per Companion, never below 0.
BASE_INCOME = 3


def seals_for(rule: str, players: int) -> int:
    """How many Seals a newly revealed Village card gets ("-1" and "?" symbols)."""
    if rule == "players_minus_1":
        return players - 1
    if rule == "one":
        return 1
    return 0
