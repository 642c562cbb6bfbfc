"""Every ruling this project makes where The Trial of the Forest's rulebook is silent or ambiguous.

`A-nn` is the ambiguity's number in the design brief (shared/reference/trial-of-the-forest-brief.md,
§7); `Lnnn` a line of the rulebook. Each ruling is listed with its reason in docs/rules/trial.md.
Change a ruling here and only here: the rules read these names (a test checks that each is read).
"""

from __future__ import annotations

# -- setup --------------------------------------------------------------------------------------
# L188: the player who most recently visited a forest starts, else a random one. In software: a random
# seat, or Player 1 (option first_player).
FIRST_PLAYER_CHOICES = ("random", "seat0")
# L177: tiles are laid "randomly" within each type; the fixed arrangement of board.toml is an option
# for tests and learning set-ups (option tiles).
TILE_ARRANGEMENTS = ("random", "fixed")

# -- the story and its symbols ------------------------------------------------------------------
# a column's category icon is also that column's skill: trading = a trading symbol, pioneering
# = a movement symbol, fighting = a strength symbol (L267's wildcard only means something this way).
CATEGORY_ICONS_ARE_SKILLS = True
# a wildcard card goes into the trading, pioneering or fighting column, chosen when tucked, and
# counts as that column's symbol.
WILDCARD_COLUMNS = ("trading", "pioneering", "fighting")
# a card an outcome adds face down goes into its own column (the wildcard: the player chooses);
# "any column" only where an effect says so (the restored tower, a campsite, L278).
FACE_DOWN_OUTCOME_IN_OWN_COLUMN = True
# the morality token stops at the ends of the track.
MORALITY_CLAMPS_AT_THE_ENDS = True

# -- turns and days -----------------------------------------------------------------------------
# 3 tents for 4 days: days 1-3 end with camping, day 4 ends the game after the last paw turn.
LAST_DAY_WITHOUT_CAMPING = True
# the camping lap keeps the day's turn order even if the first player token changes hands in it;
# the holder decides on the encounter refresh and starts the next day (L637-641).
CAMPING_LAP_KEEPS_ORDER = True
# only cards gained during your own turn are set aside until its end (food is usable at once);
# cards gained in another player's turn go straight into the hand. The hand limit is checked at the
# end of your own turn only.
CARDS_GAINED_OUTSIDE_YOUR_TURN_GO_TO_HAND = True
# L319-320 / R-76: leaving an expedition without finishing is done at the start of your turn.
LEAVE_EXPEDITION_ONLY_AT_TURN_START = True
# items and artifacts may be discarded at any moment. Here: from your turn's menu (between its
# actions), when an object you gain does not fit, and while paying a cost counted per object (Sherpa).
DROP_OBJECTS_FROM_TURN_MENU = True
DROP_OBJECTS_WHEN_FULL = True
DROP_OBJECTS_WHILE_PAYING_PER_OBJECT = True
# A move that was opened may end without moving ("stay here"): it still counts as the turn's move.
CANCELLED_MOVE_IS_THE_MOVE = True

# -- costs and resources ------------------------------------------------------------------------
# L239: a tea leaf can replace a raspberry, an acorn or a mushroom when paying; nothing replaces tea.
TEA_REPLACES_BASIC_FOOD = True
# 16 tokens of each food; when the tray runs out you gain what is there.
TRAY_IS_LIMITED = True
# when the deed deck is empty and a card must be drawn, the discard pile is shuffled into a new
# deck; if both are empty nothing is drawn.
RESHUFFLE_DEED_DISCARDS = True
# an encounter card leaving a hand or a fight goes to the bottom of the encounter deck.
ENCOUNTER_DISCARDS_TO_DECK_BOTTOM = True
# a requirement "on a store tile" (and the other types) is met on that board type whatever side
# the tile shows; restored ruins also count as their new type. A tunnel requirement needs a passable one.
REQUIREMENT_MEETS_ANY_TILE_SIDE = True
# never buy and sell the same item type in one visit, in either order; at the ruined store that
# swaps items, the item taken differs in kind from the one put in.
SAME_TYPE_RULE_BOTH_ORDERS = True
SWAPPED_ITEM_DIFFERS = True

# -- the backpack -------------------------------------------------------------------------------
# items fill the plain slots first (rearranging is free), so the movement lost is
# max(0, occupied slots - plain slots); a 2-slot object needs no adjacent slots.
BACKPACK_FILLS_PLAIN_SLOTS_FIRST = True

# -- locations ----------------------------------------------------------------------------------
# paw tokens stay on a tile that is flipped and still block their owner from using it that day.
PAW_STAYS_ON_A_FLIPPED_TILE = True
# L403: the items seen at the ruins stay known to the one who looked (others only see how many).
RUINS_ITEMS_STAY_KNOWN_TO_WHO_LOOKED = True
# The strong paw's second ruins item, the enhancement of a store visit, the trading bonus: all optional.
# the strong paw gives nothing more at the encounter section or the help spot (L584), except what
# a card itself says (Tea Cat). A player may still place it there.
STRONG_PAW_ALLOWED_WITHOUT_BENEFIT = True
# the encounter section takes any number of paw tokens (it is not a location; Tracker L744).
ENCOUNTER_SECTION_UNLIMITED = True
# A paw token can be put under an encounter card only if some way to resolve it is open to you
# (requirements met, costs payable): the rulebook's "pay any required costs" (L327).
ENCOUNTER_NEEDS_A_PAYABLE_OPTION = True
# Philanthropist (A-14 of the data notes): the food on the help spot is taken by whoever next uses
# the help spot, the card's player included.
PHILANTHROPIST_FOOD_FOR_EVERYONE = True

# -- fights -------------------------------------------------------------------------------------
# every character board prints 1 die (content: components.toml, each character's `dice`), so every
# adventurer rolls at least 1 die, though L355 reads "roll as many dice as there are die symbols on the cards
# you have added to your story": L349 ("your die roll(s)", one of the 4 parts of every adventurer's
# strength), L268 (a die symbol means "roll an extra die") and every example say otherwise
# (docs/rules/trial.md, "Kept where the rulebook contradicts itself").
# A-09: in a fight between adventurers every symbol of the played cards' enhancement sections counts, as
# L359 and the Duel example (L371) say (the brief proposed strength symbols only, by analogy with L357;
# nothing in the rulebook contradicts L359, so it stands); any card may be played face down (one with no
# enhancement symbol gives 0). Against a card opponent only cards with strength symbols may be discarded
# (L357).
DUEL_COUNTS_ONLY_STRENGTH_SYMBOLS = False
DUEL_BLUFF_CARDS_ALLOWED = True
# against a card opponent you discard enhancement cards after seeing both rolls (Knight, L367).
ENHANCE_AFTER_THE_ROLLS = True
# L363: the winner discards the cards played in the fight, the loser takes them back (both kinds of fight).
LOSER_TAKES_PLAYED_CARDS_BACK = True
# the bow's pre-roll is separate from the strength dice; without the winning symbol the fight goes
# on and the bow counts as a 1-strength weapon. Both with bows: the attacker pre-rolls first.
BOW_PREROLL_BEFORE_THE_FIGHT = True
# the shield works from the backpack without being chosen, only against encounter and expedition
# opponents, down to 0 dice.
SHIELD_IS_PASSIVE = True
# in a fight between adventurers the defender also chooses a weapon and rolls their own dice.
DEFENDER_CHOOSES_A_WEAPON = True
# a card opponent that beats you without a lose clause: an encounter stays, a deed is
# discarded, an expedition card goes to its area's discard pile (every card of the content says it).
LOST_FIGHT_DEFAULT = {"encounter": "stays", "deed": "discard_this", "expedition": "discard_this"}
# A roll test may be re-rolled (Avalanche, Bridge Keeper) only after it failed, once.
REROLL_ONLY_AFTER_A_FAILED_ROLL = True
# the winning symbol counts as its number for a roll test (content: dice.star_number).
# Crocodile's Nest on an empty deck: nothing shows a fight, so you sneak past (success).
PEEK_AT_AN_EMPTY_DECK_SUCCEEDS = True

# -- expeditions --------------------------------------------------------------------------------
# with your flag placed in an area you may not step onto its start space again (L566).
FLAG_CLOSES_THE_START = True
# an advance of n spaces takes every step it can (you choose the lines); landing on a finishing
# space ends the expedition there.
ADVANCE_TAKES_EVERY_STEP = True
# the strong paw lets you discard the first card and draw another; the compass does the same;
# both together discard up to 2.
REDRAWS_PER_STRONG_PAW = 1
REDRAWS_PER_COMPASS = 1
# an area's discard pile is shuffled into its deck whenever anyone leaves that area.
EXPEDITION_DISCARDS_SHUFFLED_ON_ANY_EXIT = True
# Cartographer's free step may finish the Swamps at once; you still place your paw token this
# turn, then the turn ends.
CARTOGRAPHER_FINISH_STILL_PLACES_A_PAW = True
# a top card revealed by Pathfinder stays face up until it leaves the deck; the next one is face down.
PATHFINDER_REVEALS_ONLY_THE_TOP = True
# Explorer moves a flag to the next higher-fame finishing space of its area; Scout places a flag
# on the lowest finishing space of an area where you have none and where your piece is not.
SCOUT_NOT_IN_YOUR_OWN_AREA = True
# An artifact already taken: the card's option still resolves without it (data note 9).

# -- cards --------------------------------------------------------------------------------------
# Tea Cat's good option may be chosen when the swap cannot happen; the card is still added.
TEA_CAT_GOOD_WITHOUT_A_SWAP = True
# the Elixir is not the turn's deed play and may be used on an expedition.
ELIXIR_IS_NOT_A_DEED_PLAY = True
# a card added face up without resolving it moves morality as printed; "either" (and, for
# Lookout, "evil") lets the player choose the way.
LOOKOUT_CHOOSES_FOR_EVIL = True
# L680 (Blaster): a rebuilt tunnel loses the collapsed token that covered it. A dug tunnel collapsed by
# flipping its token (L306) has no printed tunnel under it, so taking the token away would not rebuild it:
# its token is turned passable side up instead.
REBUILD_TURNS_A_DUG_TOKEN_UP = True
# Border Ranger: your paws on both corner locations of one side of the board (4 layouts).
BORDER_SIDES = (("nw", "ne"), ("ne", "se"), ("sw", "se"), ("nw", "sw"))
DIAGONALS = (("nw", "se"), ("ne", "sw"))
# Wanderer and Tracker count the board type of the location space, whatever its tile shows.
PAW_PATTERNS_USE_BOARD_TYPE = True
# Demolition Builder may target any location tile; Pyromaniac and its kind the tile you stand on.
# Campsite Gift's tent goes on a board campsite or the universal campsite without a tent.
# Data note 11: a one-time symbol from a card is kept until used, like a non-immediate tent bonus.
CARD_BOOSTS_KEPT_UNTIL_USED = True
# Data note 12: give and steal name one adventurer on your space, chosen when several stand there.
# A card handed over or stolen reaches the other player's hand at once (not set aside).
# tents, hands, face-down story cards, unseen ruins items, tile backs and deck orders are hidden.
# A stolen card ("steal:card") is drawn at random from the victim's hand.
STOLEN_CARD_IS_RANDOM = True
# A face-down expedition card in a story (a lost fight against the Stone Golem or the Giant Spider) is not
# one of A-43's hidden cards: it was drawn and resolved in the open (L548) and its back names its expedition,
# so everyone still knows it (and a re-dealt world never trades it for a deed).
FACE_DOWN_EXPEDITION_CARD_STAYS_KNOWN = True
# Data note 13: Painter counts every column of the story, the good and evil column included.
PAINTER_COUNTS_EVERY_COLUMN = True

# -- camping ------------------------------------------------------------------------------------
# the campsite's bonus first, then the tent found there.
CAMPSITE_BONUS_BEFORE_TENT = True
# the universal campsite serves whoever camps on a space that is not a campsite space.
UNIVERSAL_CAMPSITE_OFF_CAMPSITE_SPACES = True

# -- the end ------------------------------------------------------------------------------------
# L659: ties on fame go to the most story cards (face up and face down), then the victory is shared.
TIE_BREAK_STORY_CARDS = True
