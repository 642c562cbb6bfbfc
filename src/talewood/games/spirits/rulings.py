"""Every ruling this project makes where the Spirits of the Forest rules are silent or ambiguous.

Each is listed, with its reason, in docs/rules/spirits.md. Change a ruling here and only here.
"""

from __future__ import annotations


# -- Base game ----------------------------------------------------------------------------------
# Setup: where the 8 favor tokens lie (rules sheet, from one implementation): a V, row 1 columns 2
# and 11, row 2 columns 3 and 10, … counted 1–12 — i.e. `row + 1` places in from each end.
def favor_token_columns(row: int, cols: int) -> tuple[int, int]:
    return (row + 1, cols - 2 - row)


GEMSTONES_PER_PLAYER = {1: 0, 2: 3, 3: 2, 4: 2}
FIRST_PLAYER_CHOICES = ("seat0", "random")       # option first_player; the sheet: digitally seat 0 or random

MISSING_PENALTY = 3                                # -3 for each spirit / power source you lack
PENALTY_COUNTS_ONLY_TILES = True                   # favor tokens (and Wish symbols) do not save you

PLUS_TOKEN_ONLY_ON_LATER_TURNS = True              # a "+" is usable from the turn after you took it
PLUS_TOKEN_USABLE_IN_ANY_STEP = True               # …in the collect or the gemstone step of that turn

PAY_WITH_PLACED_GEMSTONE = True                    # supply empty: pay with one of your placed gemstones
PASS_WITHOUT_LEGAL_TAKE = True                     # no legal take: skip collecting, still place/move
TAKING_IS_MANDATORY = True                         # while any take is legal you must take
NO_GEMSTONE_STEP_AFTER_LAST_TILE = True            # the game ends the moment the last tile is taken
GEMSTONES_ONLY_ON_FACE_UP_TILES = True             # you reserve what you can see
MOVED_GEMSTONE_GOES_TO_ANOTHER_TILE = True

# -- Solo -------------------------------------------------------------------------------------
SOLO_OPPONENT_NEEDS_STRICT_MAJORITY = True         # a tie is yours ("majority or tied": you win)
SOLO_SCORES_MISSING_PENALTY = True                 # "count the points as in the multiplayer game"
SOLO_MODULES_ALLOWED = False                       # the solo rules describe the base forest only

# -- Retail Expansion Pack --------------------------------------------------------------------
END_OF_GAME_ORDER = ("fireflies", "wishes", "scoring", "hexes")
WISH_REQUESTS_CHECKED_BEFORE_REWARDS = True        # one reward cannot help another player's wish
WISH_SPIRIT_COUNT_INCLUDES_TOKENS = True           # "most Dew Drops": symbols on tiles and tokens
WISH_GEMSTONES_COUNT_PLACED = True                 # gemstones still on the forest are yours
FAVOR_REWARD_ORDER_FROM_FIRST_PLAYER = True        # several favor-token rewards: chosen in turn order
HEX_TWO_SPIRITS_NEEDS_BOTH = True                  # the example: "the least of both spirit types"
SEASON_ROWS = 4                                    # season tokens lie beside the top four rows only
AIR_SPIRIT_IS_A_SPIRIT = True                      # majority and the -3 penalty, as the 10th spirit
FIREFLY_TOKEN_IMMEDIATE = True                     # -1 Firefly acts when taken; with no firefly, nothing
FIREFLY_MOST_OF_ZERO_DISCARDS_NOTHING = True
DISCARDED_TILES_LEAVE_TIE_BREAK = True             # firefly-discarded tiles are no longer yours
FACE_UP_TOKENS_STAY_PUBLIC = True                  # everyone saw a face-up token taken
