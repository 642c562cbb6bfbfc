"""The fields of a game of The Trial of the Forest in progress: everything on the table — the board's
tiles, tunnels, campsites and tents, the store, the decks, the encounter track — and everything each
adventurer holds — food, hand, story, backpack, paw and tent tokens, morality, flags — and the state of
the decision at hand (a card being resolved, a fight, a store or ruins visit, a move).

Everything is a flat list of ints and bools, indexed as in tables.py, so `clone` (state.py) is a handful
of slices and the state hash sees every field. The rules read and change them through holdings.py and
position.py; state.py adds the flow of the game.
"""

from __future__ import annotations

from ...engine import State
from .components import Content
from .tables import Tables


class TrialFields(State):
    __slots__ = (
        "artifact_box",
        "artifact_home",
        "aside",
        "backpack",
        "boosts",
        "c",
        "camped",
        "cur",
        "day",
        "day_first",
        "deck",
        "discard",
        "en_count",
        "en_extra",
        "enc_deck",
        "enc_slots",
        "f_att",
        "f_bow",
        "f_cards",
        "f_def",
        "f_dice",
        "f_played",
        "f_pts",
        "f_weapon",
        "first",
        "flags",
        "food",
        "gallery",
        "gallery_food",
        "hand",
        "help_food",
        "known",
        "legendary",
        "morality",
        "mv_discards",
        "mv_extra",
        "opener",
        "paws_home",
        "pay",
        "pend",
        "pend_col",
        "pend_way",
        "phase",
        "placed",
        "pos",
        "r_card",
        "r_fame",
        "r_loser",
        "r_opt",
        "r_place",
        "r_rerolled",
        "r_seat",
        "r_src",
        "r_target",
        "r_traded",
        "r_winner",
        "r_won",
        "ruins",
        "ruins_seen",
        "rv_free",
        "rv_loc",
        "sk",
        "st_bought",
        "st_card_tea",
        "st_credit",
        "st_enh",
        "st_extra",
        "st_sold",
        "st_used",
        "store_kind",
        "store_n",
        "story",
        "strong_at",
        "strong_home",
        "t",
        "t_acted",
        "t_camp",
        "t_deed",
        "t_moved",
        "t_over",
        "t_started",
        "tent_box",
        "tent_kept",
        "tent_knower",
        "tent_on",
        "tent_used",
        "tents",
        "tile_at",
        "tile_known",
        "tile_side",
        "tray",
        "tun_space",
        "tun_up",
        "turns",
        "unordered",
        "xdeck",
        "xdiscard",
        "xtop",
    )
    # `opener`, the seat that took the first player token at setup (who played first), never changes after it
    SHARED = ("t", "c", "opener")
    # what undo never crosses (engine: State.HIDDEN): who knows each card (a card played from a hand or
    # turned face up becomes known to all), the tents and who knows them, the ruins' items and who has
    # looked at them, the location tiles flipped, the expedition decks' revealed tops
    HIDDEN = ("known", "tents", "tent_on", "tent_knower", "tent_box", "ruins", "ruins_seen", "rv_loc", "tile_known",
              "xtop")
    SEARCH_ONLY = ("unordered",)

    t: Tables
    c: Content
    phase: int                      # SETUP (starting spaces), PLAYING, NEW_DAY (refresh asked)
    day: int                        # 1..4
    cur: int                        # whose turn it is (-1 before the first)
    day_first: int                  # who started this day
    opener: int                     # who took the first player token at setup: the first turn of the game
    first: int                      # who holds the first player token
    camped: list[bool]              # per seat: camped this day
    pos: list[int]                  # per seat: a space index (-1 before choosing a start)
    food: list[int]                 # four per seat, by kind: read and changed through holdings.py
    tray: list[int]                 # the tray's food
    help_food: list[int]            # Philanthropist's food on the help spot (raspberry, acorn, mushroom)
    gallery_food: list[int]         # food put in the gallery section (Curator): out of play
    hand: list[list[int]]
    aside: list[list[int]]          # cards gained this turn, set aside until its end (L213)
    known: list[int]                # per card: the seats (bits) that know it where it lies hidden
    story: list[list[int]]          # per seat: card * 8 + column * 2 + face up
    sk: list[int]                   # seat * SK_SIZE + a skill counter of tables.py
    backpack: list[list[int]]       # per seat: object indices
    gallery: list[list[int]]        # per seat: artifacts left in the gallery
    artifact_home: list[bool]       # per artifact: still in its slot by the expedition decks
    artifact_box: list[int]         # artifacts discarded to the box
    store_kind: list[int]           # per store slot: the item kind stacked there, or -1
    store_n: list[int]              # per store slot: how many
    ruins: list[list[int]]          # per location: the item kinds lying face down on ruins
    ruins_seen: list[bool]          # per seat and location: that seat has looked at these ruins (position.py)
    tile_at: list[int]              # per location: the tile lying there
    tile_side: list[int]            # per location: 0 the front, 1 the back
    tile_known: list[bool]          # per location: the tile's identity (its back) is public
    deck: list[int]                 # the deed deck, top last
    discard: list[int]              # the deed discard pile, top last (public)
    enc_deck: list[int]             # the encounter deck, top last
    enc_slots: list[int]            # the 3 face-up encounter cards (-1: empty)
    xdeck: list[list[int]]          # per expedition area: its deck, top last
    unordered: int                  # piles a re-dealt world has not shuffled yet (bits: PILE_*; 0 in play)
    xdiscard: list[list[int]]
    xtop: list[bool]                # per area: the top card is face up (Pathfinder)
    paws_home: list[int]            # per seat: plain paw tokens on the character board
    strong_home: list[bool]
    placed: list[list[int]]         # per seat: where each placed paw token lies (tables' place codes)
    strong_at: list[int]            # per seat: where the strong paw lies, or -1 at home
    tents: list[list[int]]          # per seat: tent tokens on the character board (face down)
    tent_on: list[int]              # per campsite (6 spaces, then the universal one): a tent, or -1
    tent_knower: list[int]          # per campsite: the seat that knows that tent, or -1
    tent_box: list[int]             # tents put in the box at setup, unseen
    tent_used: list[int]            # tents used and put in the box
    tent_kept: list[list[int]]      # per seat: non-immediate tents kept for later (public)
    boosts: list[int]               # one-time symbols from cards, four per seat: through holdings.py
    morality: list[int]
    flags: list[int]                # seat * 3 + area: the finishing space of that flag, or -1
    legendary: list[int]            # per legendary token: its holder, or -1
    tun_space: list[int]            # per tunnel token: its space, or -1 in the tray
    tun_up: list[bool]              # per tunnel token: passable side up
    t_deed: bool                    # this turn: a deed was played
    t_moved: bool
    t_acted: bool                   # the paw token (or the tent) is placed
    t_started: bool                 # something was done (no leaving the expedition any more)
    t_over: int                     # 1: the turn ends now (an expedition finished); 2: once the paw is placed
    t_camp: bool                    # this turn is a camping turn
    mv_extra: int                   # this move: movement from discarded cards and one-time symbols
    mv_discards: int
    r_card: int                     # the card being resolved, or -1
    r_seat: int
    r_src: int
    r_opt: int
    r_place: int
    r_won: int                      # -1 no test, 0 lost, 1 won
    r_winner: int                   # a duel's winner and loser
    r_loser: int
    r_target: int                   # the other adventurer the card names (give, steal, duel)
    r_rerolled: bool
    r_fame: int                     # Swindler: fame of the discarded cards
    r_traded: int                   # the item kind put in at a ruined store this visit, or -1
    pay: list[int]                  # payment units still to pay (tables' U_*)
    f_att: int                      # a fight: the attacker, the defender (-1 a card opponent)
    f_def: int
    f_pts: list[int]                # strength points: attacker, defender
    f_cards: list[list[int]]        # cards played in the fight: attacker's, defender's
    f_weapon: list[int]             # weapons chosen (-1 none)
    f_bow: int                      # the side whose bow won at once, or -1
    f_played: list[int]             # enhancement cards played per side
    f_dice: list[int]               # dice each side rolls
    st_bought: int                  # a store visit: item kinds bought (bits)
    st_sold: int
    st_card_tea: int                # cards count as this many tea leaves (strong paw), or 0
    st_credit: int                  # tea leaves left from a card spent as 2
    st_enh: int                     # enhancement cards discarded for the trading bonus
    st_extra: int                   # trading symbols added by discards and one-time symbols
    st_used: int                    # trading symbols spent on bonuses
    rv_loc: int                     # a ruins visit: the location, or -1
    rv_free: bool                   # the scavenger's free first item is still to take
    en_count: int                   # a grove or tower: enhancement cards discarded
    en_extra: int                   # …and the symbols they and one-time symbols add
    turns: int                      # turns played (for the observation)
    pend: int                       # a card being added face up without resolving it (public), or -1
    pend_way: int                   # …the way its morality icon moves the token
    pend_col: int                   # …its column, or -1 while it is chosen
