"""Every ruling this project makes where the ThreeTale rulebook (and its Future Book) is silent,
ambiguous or contradicts itself, as a switch or a number the rules read. The ids (A-nn) are the design
brief's; each is listed with its reason in docs/rules/threetale.md. Change a ruling here and only here.
A switch set the other way plays the other reading (docs/rules/threetale.md says which). A ruling that
is the only way the rules can be carried out (a Tree fills its space; a Portal step moves you on) has
no switch: the docs name the function that carries it out.
"""

from __future__ import annotations

# -- Setup and the Prophecy Phase -----------------------------------------------------------------
PROPHECIES_DRAWN = 3                  # "draw three Prophecy Cards" (5 cards, one a Future; A-01)
TUTORIAL_DRAWS_ONLY_ITS_CARD = True   # the Tutorial Prophecy alone, its Future known at once
HEROES_CHOSEN_AFTER_PROPHECIES = True  # each player picks a Hero after reading the three cards
TEAM_CHOOSES_BY_FIRST_IN_ORDER = True  # a choice "the players" make is asked of the Hero first in order
TURN_ORDER_CHOSEN_AT_PAST_AND_PRESENT = True   # R11/R17: agreed before the Past, may change in the Present

# -- Virtues, dice, Bonus cards -----------------------------------------------------------------
VIRTUE_MAX = 13                       # a Virtue stays within 0..13
RAISE_AT_MAX_GOES_ELSEWHERE = True    # a +1 that cannot apply goes to another Virtue; all at 13: lost
HOPE_SCOPES = ("per_turn", "per_roll")  # A-15 (knob, option hope_scope): Hope is a budget per turn
BONUS_LOVE_LASTS_THE_TURN = True      # "+N Love" adds N dice to each round of attack this turn
SINGLE_EFFECT_BONUS_USED_AS_DRAWN = True   # a card with one effect only helps this turn: it acts at once
ENDURANCE_NOT_ON_ITSELF = True        # "another Virtue": never Endurance, each +1 on a different one
MERCY_PAIRS_DIFFER = True             # each +1 to another Hero, on a different (Hero, Virtue)
END_OF_TURN_GIFTS_MAY_BE_DECLINED = True   # "lets you increase": a player may stop early
ACTIONS_FOLLOW_ENDEAVOR = True        # L199 is silent on a change mid-turn: Endeavor's Actions follow it as it
#                                       stands, so a White Stone that lifts it into the next band adds an Action
#                                       at once, and damage that drops it a band takes one away (never one spent).
#                                       Other reading: counted once, from the Endeavor the turn began with

# -- Spirit, damage, battle ---------------------------------------------------------------------
SPIRIT_MAX = 3                        # restored Spirit never goes above 3
DAMAGE_OVER_VIRTUES_ONLY_BLOCK = True  # damage beyond the Virtues left can only be blocked
FUTURE_BATTLES_NO_ESCAPE = True       # R75: Hostile battles and the Nine Rings' battles cannot be escaped
# A-22, no switch: a Past battle is escaped "at any time" (L211, L307), so every decision of it offers the
# escape (battle.can_escape); a blow's spread over the Virtues is one act, escaped before its first point
BATTLE_ROUND_LIMIT = 30               # a battle still undecided after 30 rounds of attack each way ends:
#                                       the enemy flees, no reward (a battle must end; R74 never ends one
#                                       where neither side can hurt the other)
DEATH_PREVENTION_AUTOMATIC = True     # Water of Life / Phoenix Tear save a Hero falling to 0 at once
REGAINED_DEFENSE_CAPPED = True        # an enemy regains Defense only up to its starting Defense
INITIATIVE_COUNTS_BONUSES = True      # this turn's Speed and Speed Artifacts count for initiative
SEVERAL_STONES_A_BATTLE = True        # each Sacred Stone at any moment, not part of a round

# -- Artifacts ----------------------------------------------------------------------------------
ARTIFACTS_DRAWN = 3                   # L223: draw 3, keep 1 (A-27: fewer if the deck is short)
EQUIP_AT_TURN_START = True            # one per slot; change slots only before moving or acting
ACTIVATION_ONCE_PER_ROUND = True      # each activation Artifact once per round of attack
GIVING_IS_ORTHOGONAL = True           # "adjacent" for giving = the 4 spaces beside you
BLESSED_ARTIFACT_KEPT_BY_GIVER_OR_RECEIVER = True

# -- Map, tiles, movement -----------------------------------------------------------------------
START_SPACE_NOT_TREE_OR_HERO = True   # "an empty space"
FREE_PORTAL_ENTRIES_PER_TURN = 1      # a Portal entered for 0 Steps: once a turn, later entries cost 1
#                                       (two Portals side by side would otherwise loop for free)
ZERO_STEPS_ALLOWED = True

# -- The Future ---------------------------------------------------------------------------------
FUTURE_OBJECTS_ON_EVERY_SLOT = True   # the chapter's tokens go on every printed slot of their kind
FLIPPED_TILE_ENTRY_COST = 2           # entering a flipped tile's space costs 2 Steps
FLIPPING_REMOVES_OBJECTS = True       # a flipped tile shows 4 dark spaces, its objects are gone
FLIP_MAY_HIT_A_HERO_IN_RINGS_AND_PATH = True  # no loss is stated there; the Hero stays
REMOVAL_FALLBACKS = ("fewest", "strict")      # A-45 (knob, option removal_fallback)
FLOOD_DEADLINE_IS_FOR_THE_WORDS = True   # A-46, L420: "collect 42 Words of Wisdom before there are only 4
#                                       tiles left": with them collected, 4 tiles left no longer loses; the team
#                                       must still gather at the Ark, and the flood goes on before every turn.
#                                       When every tile left holds a Hero or the Ark, whatever it takes loses
#                                       (L418; the Ark's: the goal can no longer be met), so the game is lost
#                                       then unless a Sacred Stone stops that removal. Other reading: 4 tiles
#                                       left lose unless the whole goal is met
EMPTY_TILES = ("every", "flipped")    # L436 (option empty_tiles): "Every tile that doesn't have a Seed or a
#                                       Parallel Virtue on it is considered an empty tile": at the end of its turn
#                                       the Tree fills every such tile, face up or flipped, its own too (the
#                                       default); "flipped": only flipped ones (a variant, A-47's old ruling)
TREE_FLIPS = ("random", "players")    # A-47 (knob, option tree_flips): who picks the Tree's 2 flips, among the
#                                       unflipped tiles beside its own tile (L434); only when its tile has no
#                                       unflipped neighbour left, among those beside the flipped region
PARALLEL_VIRTUES = 30                 # L430: the supply; none is placed once it runs out
VICINATOR_SET_UP_AWAY_FROM_HEROES = True   # A-49a, A-58: a Battle 2/3 tile whose Battle 2/3 space holds a
#                                       Hero is passed over while another qualifies. Set up on a Hero's space
#                                       anyway, that Hero steps aside: a Hero never shares the Vicinator's space
VIRUSES_PLACED_ON_FIRST_TURN_ONLY = True   # A-49b
VIRUSES_NEVER_ON_HEROES = True        # a Virus is never placed on a Hero; it waits off the Map
VIRUS_REACHING_AN_ALTAR_ENDS_THE_TURN = True   # A-49c: "and the enemy's turn is over"
CROWN_ATTACKS = ("per_turn", "per_action")     # A-49d (knob, option crown_attacks)
LAST_TENTACLE_LOSES = True            # A-49g: lost when the Vicinator would activate its last card
RINGS_TRANSFERABLE_DEFAULT = False    # A-60 (knob, option ring_transfer)

# -- Quests, Altars, scoring --------------------------------------------------------------------
SCORE_SPEED_STAT_ONLY = True
SCORE_SHOWN_ON_A_LOSS = True          # the Future Quest line is 0


def remaining_turns(future_number: int, round_won: int, tiles_left: int, tentacles_left: int) -> int:
    """A-50: the Future Quest's "remaining turns", counted in rounds and only on a win."""
    if future_number in (1, 4):
        return max(0, 7 - round_won)
    if future_number == 2:
        return max(0, (tiles_left - 4) // 3)
    if future_number == 5:
        return max(0, tentacles_left - 1)
    return 0


def blessing_level(blessings_so_far: int) -> int:
    """L259-L261: the 1st Offering given becomes a Level 1 Artifact, the 2nd a Level 2, the 3rd a Level 3;
    A-29: any later one a Level 3 too."""
    levels = (1, 2, 3)
    return levels[min(blessings_so_far, len(levels)) - 1]
