"""The Trial of the Forest: the state, the flow of days and turns, and the small rule helpers.

A game is 4 days (L203). Each day every adventurer takes turns in order from the day's first player,
placing one paw token a turn; once out of paw tokens they camp (days 1-3), and when everyone has
camped a new day begins with the first player token's holder (L637-641). A turn is the Turn menu of
turn.py (play a deed, move, place a paw token or camp, in any order); what a paw token or a card sets
off is a chain of small frames (cards.py, fight.py, places.py, store.py, expedition.py, camp.py).

Everything is a flat list of ints and bools, indexed as in tables.py, so `clone` is a handful of
slices and the state hash sees every field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import Rng, State, seat_name
from . import rulings
from .components import Content
from .tables import (
    ALL_SEATS,
    ENCOUNTER_SECTION,
    FOOD_NAME,
    FOOD_PLURAL,
    PILE_DEEDS,
    PILE_ENCOUNTERS,
    PILE_EXPEDITION,
    PLAYING,
    REQ_AT_CAMPSITE,
    REQ_AT_LOCATION,
    REQ_AT_TUNNEL,
    REQ_AT_TYPE,
    REQ_PAWS,
    REQ_SAME_SPACE,
    REQ_SAME_SPACE_EVIL,
    REQ_STORY_COLUMNS,
    REQ_TILE_INTACT,
    SK_BLUE,
    SK_CARD_DRAW,
    SK_COLS,
    SK_DICE,
    SK_EVIL_CARDS,
    SK_FAME,
    SK_FOOD,
    SK_MOVEMENT,
    SK_SIZE,
    SK_STRENGTH,
    SK_TRADING,
    SK_UP_COLS,
    SKILL_SLOT,
    TYPE_INDEX,
    Plan,
    Tables,
    covers,
    requirement,
)
from .turn import advance as _turn_advance
from .vocabulary import Term

_copy = list.copy


def _reachable(t: Tables, start: int, steps: int, closed: int, tunnels: tuple[int, ...]) -> tuple[int, ...]:
    """TrialState.reachable from `start` (`closed`: bits of the areas whose start space is closed)."""
    dist = {start: 0}
    frontier = [start]
    area_of = t.area_of
    adj = t.adj
    for d in range(1, steps + 1):
        nxt = []
        for s in frontier:
            if area_of[s] >= 0:
                continue             # a start space ends the move
            for n in adj[s]:
                if n in dist:
                    continue
                a = area_of[n]
                if a >= 0 and closed >> a & 1:
                    continue
                dist[n] = d
                nxt.append(n)
            if s in tunnels:
                for n in tunnels:
                    if n not in dist:
                        dist[n] = d
                        nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    return tuple(sorted(s for s in dist if s != start))


class TrialState(State):
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
    food: list[int]                 # seat * 4 + food
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
    ruins_seen: list[bool]          # seat * 12 + location: that seat has looked at these ruins
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
    boosts: list[int]               # seat * 4 + symbol: one-time symbols from cards
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

    # -- people's words ----------------------------------------------------------------------
    def describe(self, action: int) -> str:
        if self.stack and not self.over:
            label = getattr(self.stack[-1], "label", None)
            if label is not None:
                text: str | None = label(self, action)
                if text:
                    return text
        return self.game.action_space.spec(action).label

    def card_name(self, card: int) -> str:
        return self.t.cards[card].card.name

    def space_name(self, space: int) -> str:
        return self.t.space_name[space]

    # -- the flow of the game ----------------------------------------------------------------
    def advance(self) -> None:
        """The stack is empty: the next turn, a new day, or the end."""
        _turn_advance(self)

    # -- food ----------------------------------------------------------------------------------
    def gain_food(self, seat: int, f: int, n: int = 1) -> int:
        """Gain up to n of food f from the tray (A-21: what is there)."""
        if rulings.TRAY_IS_LIMITED:
            n = min(n, self.tray[f])
        if n <= 0:
            return 0
        self.tray[f] -= n
        self.food[seat * 4 + f] += n
        if self.log is not None:
            self.emit("food", f"{seat_name(seat)} gains {n} {FOOD_NAME[f] if n == 1 else FOOD_PLURAL[f]}",
                      seat=seat)
        return n

    def spend_food(self, seat: int, f: int, n: int = 1) -> None:
        self.food[seat * 4 + f] -= n
        self.tray[f] += n

    def food_total(self, seat: int) -> int:
        b = seat * 4
        f = self.food
        return f[b] + f[b + 1] + f[b + 2] + f[b + 3]

    # -- cards ---------------------------------------------------------------------------------
    def in_own_turn(self, seat: int) -> bool:
        return self.phase == PLAYING and seat == self.cur

    def gain_card(self, seat: int, card: int, known: int) -> None:
        """A card reaches `seat`: set aside during their own turn (L213), else into the hand (A-19)."""
        self.known[card] = known | (1 << seat)
        if self.in_own_turn(seat) or not rulings.CARDS_GAINED_OUTSIDE_YOUR_TURN_GO_TO_HAND:
            self.aside[seat].append(card)
        else:
            self.hand[seat].append(card)

    def in_order(self, pile: int, top_only: bool = False) -> None:
        """Shuffle `pile` if the re-deal left it unordered, before its order is read. `top_only`: its top
        card is about to be taken, so only that one is drawn at random, and the rest stays unordered (a
        shuffled deck's top card is any of its cards alike)."""
        if self.unordered & pile:
            if pile == PILE_DEEDS:
                deck = self.deck
            elif pile == PILE_ENCOUNTERS:
                deck = self.enc_deck
            else:
                deck = self.xdeck[(pile // PILE_EXPEDITION).bit_length() - 1]
            if top_only:
                self.rng.deal(deck, 1)
            else:
                self.unordered &= ~pile
                self.rng.deal(deck, len(deck) - 1)      # a whole shuffle, the quicker way

    def draw_deeds(self, seat: int, n: int) -> int:
        """Draw n deed cards (reshuffling the discard pile when the deck runs out, A-18)."""
        got = 0
        for _ in range(n):
            if not self.deck:
                if not (self.discard and rulings.RESHUFFLE_DEED_DISCARDS):
                    break
                self.deck = self.discard
                self.discard = []
                self.shuffle(self.deck)
                if self.log is not None:
                    self.emit("reshuffle", "The deed deck is empty: the discard pile is shuffled into a new deck")
            self.in_order(PILE_DEEDS, top_only=True)
            card = self.deck.pop()
            self.reveal()
            self.gain_card(seat, card, 0)
            got += 1
            if self.log is not None:
                self.emit("draw_private", f"You draw {self.card_name(card)}", to=seat, card=card)
        if got and self.log is not None:
            self.emit("draw", f"{seat_name(seat)} draws {got} deed card{'s' if got > 1 else ''}", seat=seat)
        return got

    def discard_card(self, card: int) -> None:
        """A card leaves a hand, a fight or the table: deeds to the discard pile (public), encounter cards
        to the bottom of the encounter deck (A-20), expedition cards to their area's discard pile."""
        self.known[card] = ALL_SEATS
        t = self.t
        if card < t.n_hand_cards:
            if t.is_encounter[card] and rulings.ENCOUNTER_DISCARDS_TO_DECK_BOTTOM:
                self.in_order(PILE_ENCOUNTERS)
                self.enc_deck.insert(0, card)
            else:
                self.discard.append(card)
        else:
            self.xdiscard[t.cards[card].area].append(card)

    def take_from_hand(self, seat: int, card: int) -> None:
        self.hand[seat].remove(card)

    def refill_encounter(self, slot: int) -> None:
        if self.enc_deck:
            self.in_order(PILE_ENCOUNTERS, top_only=True)
            card = self.enc_deck.pop()
            self.enc_slots[slot] = card
            self.known[card] = ALL_SEATS
            self.reveal()
            if self.log is not None:
                self.emit("encounter", f"{self.card_name(card)} is revealed on the encounter track")
        else:
            self.enc_slots[slot] = -1

    # -- the story -------------------------------------------------------------------------------
    def add_story(self, seat: int, card: int, column: int, face_up: bool, way: int = 0) -> None:
        """Tuck `card` into `seat`'s story (L249); face up, its symbols become skills and its morality
        icon moves the token `way` (-1 left, +1 right)."""
        self.story[seat].append(card * 8 + column * 2 + (1 if face_up else 0))
        if face_up or (card >= self.t.n_hand_cards and rulings.FACE_DOWN_EXPEDITION_CARD_STAYS_KNOWN):
            self.known[card] = ALL_SEATS
        else:
            self.known[card] = 1 << seat
        sk = self.sk
        b = seat * SK_SIZE
        sk[b + SK_COLS + column] += 1
        if face_up:
            ci = self.t.cards[card]
            sk[b + SK_UP_COLS + column] += 1
            sk[b + SK_FAME] += ci.fame
            sk[b + SK_TRADING] += ci.trading
            sk[b + SK_MOVEMENT] += ci.movement
            sk[b + SK_STRENGTH] += ci.strength
            sk[b + SK_DICE] += ci.dice
            if ci.column < 0:       # the wildcard counts as its column's symbol
                sk[b + (SK_TRADING, SK_TRADING, SK_MOVEMENT, SK_STRENGTH)[column]] += 1
            if ci.evil_icon:
                sk[b + SK_EVIL_CARDS] += 1
            if 0 <= ci.bonus < 4:
                sk[b + SK_FOOD + ci.bonus] += 1
                if ci.blue:
                    sk[b + SK_BLUE + ci.bonus] += 1
            elif ci.bonus == 4:
                sk[b + SK_CARD_DRAW] += 1
            if ci.skill:
                sk[b + SKILL_SLOT[ci.skill]] += 1
            if way:
                self.move_morality(seat, way)
        if self.log is not None:
            from .tables import COLUMN_NAME
            how = "face up" if face_up else "face down"
            name = self.card_name(card) if face_up else "a card"
            self.emit("story", f"{seat_name(seat)} adds {name} {how} to the {COLUMN_NAME[column]} column of "
                               f"their story", seat=seat)
        self.check_legendary(seat)

    def check_legendary(self, seat: int) -> None:
        """The first to have 5 cards in the trading, pioneering or fighting column takes its token (L282)."""
        for i, (column, needed, _fame) in enumerate(self.t.legendary):
            if self.legendary[i] < 0 and self.sk[seat * SK_SIZE + SK_COLS + column] >= needed:
                self.legendary[i] = seat
                if self.log is not None:
                    self.emit("legendary", f"{seat_name(seat)} becomes the {self.c.legendary[i].name} "
                                           f"(3 fame points)", seat=seat)

    def move_morality(self, seat: int, way: int) -> None:
        old = self.morality[seat]
        new = old + way
        if rulings.MORALITY_CLAMPS_AT_THE_ENDS:
            new = max(0, min(self.t.morality_max, new))
        self.morality[seat] = new
        if self.log is not None and new != old:
            self.emit("morality", f"{seat_name(seat)} moves their morality token 1 spot to the "
                                  f"{'left' if way < 0 else 'right'}", seat=seat)

    def is_evil(self, seat: int) -> bool:
        return self.morality[seat] > self.t.morality_start

    def columns_face_up(self, seat: int) -> int:
        """Columns of the story holding a face-up card (Painter: the good and evil column too, data note 13)."""
        b = seat * SK_SIZE + SK_UP_COLS
        first = 0 if rulings.PAINTER_COUNTS_EVERY_COLUMN else 1
        return sum(1 for k in range(first, 4) if self.sk[b + k])

    # -- the backpack ----------------------------------------------------------------------------
    def used_slots(self, seat: int) -> int:
        slots = self.t.object_slots
        return sum(slots[o] for o in self.backpack[seat])

    def fits(self, seat: int, obj: int) -> bool:
        return self.used_slots(seat) + self.t.object_slots[obj] <= self.t.backpack_slots

    def store_return(self, kind: int, slot: int = -1) -> int:
        """Put an item back in the store: on its stack, else on `slot` or the first empty slot of its size."""
        t = self.t
        for s in range(t.n_slots):
            if self.store_kind[s] == kind:
                self.store_n[s] += 1
                return s
        if slot < 0:
            slot = next(s for s in range(t.n_slots)
                        if self.store_kind[s] < 0 and t.slot_large[s] == t.rare[kind])
        self.store_kind[slot] = kind
        self.store_n[slot] = 1
        return slot

    def store_slot_of(self, kind: int) -> int:
        for s in range(self.t.n_slots):
            if self.store_kind[s] == kind:
                return s
        return -1

    def store_take(self, kind: int) -> None:
        s = self.store_slot_of(kind)
        self.store_n[s] -= 1
        if not self.store_n[s]:
            self.store_kind[s] = -1

    def remove_object(self, seat: int, obj: int) -> None:
        """An object leaves the backpack: an item back to the store, an artifact to the box (L164-166)."""
        self.backpack[seat].remove(obj)
        if obj < self.t.n_items:
            self.store_return(obj)
        else:
            self.artifact_box.append(obj - self.t.n_items)

    # -- movement --------------------------------------------------------------------------------
    def movement(self, seat: int) -> int:
        """Movement symbols: the board's, the uncovered backpack slots' (A-13), the story's, wings."""
        t = self.t
        move = t.base_movement + t.movement_slots + self.sk[seat * SK_SIZE + SK_MOVEMENT]
        pack = self.backpack[seat]
        if pack:                      # an empty backpack covers no slot and has no wings
            if rulings.BACKPACK_FILLS_PLAIN_SLOTS_FIRST:
                move -= min(t.movement_slots, max(0, self.used_slots(seat) - t.plain_slots))
            for o in pack:
                move += t.forest_movement[o]
        return move

    def passable_tunnels(self) -> list[int]:
        out = list(self.t.printed_tunnels)
        tun_space = self.tun_space
        for i in range(len(tun_space)):
            s = tun_space[i]
            if s < 0:
                continue
            if self.tun_up[i]:
                if s not in out:
                    out.append(s)
            elif s in out:
                out.remove(s)
        return out

    def reachable(self, seat: int, steps: int) -> Sequence[int]:
        """Spaces within `steps` along the lines and passable tunnels (L288, L302); an expedition start
        ends a move (L530) and is closed to whoever placed that area's flag (A-27)."""
        t = self.t
        start = self.pos[seat]
        closed = 0
        if rulings.FLAG_CLOSES_THE_START:
            flags = self.flags
            b = seat * 3
            closed = (flags[b] >= 0) | (flags[b + 1] >= 0) << 1 | (flags[b + 2] >= 0) << 2
        if max(self.tun_space, default=-1) < 0:
            tunnels: tuple[int, ...] = t.printed_tunnels
            key: tuple[object, ...] = (start, steps, closed)
        else:
            tunnels = tuple(self.passable_tunnels())
            key = (start, steps, closed, tunnels)
        memo = t.reach_memo
        out = memo.get(key)
        if out is None:
            if len(memo) > 100_000:
                memo.clear()
            out = memo[key] = _reachable(t, start, steps, closed, tunnels)
        return out

    def sees_ruins(self, seat: int, loc: int) -> bool:
        """Whether `seat` knows the items lying on the ruins at `loc` (it looked at them, L403)."""
        return self.ruins_seen[seat * 12 + loc] and (rulings.RUINS_ITEMS_STAY_KNOWN_TO_WHO_LOOKED
                                                     or self.rv_loc == loc)

    def on_expedition(self, seat: int) -> bool:
        return self.t.area_of[self.pos[seat]] >= 0

    # -- requirements and costs ------------------------------------------------------------------
    def location_here(self, seat: int) -> int:
        return self.t.loc_of[self.pos[seat]]

    def side_of(self, loc: int) -> Any:
        tile = self.t.tiles[self.tile_at[loc]]
        return tile.back if self.tile_side[loc] else tile.front

    def meets(self, seat: int, term: Term) -> bool:
        """A requirement icon (the vocabulary's conditions)."""
        code, arg = requirement(term)
        return self.meets_code(seat, code, arg)

    def meets_code(self, seat: int, code: int, arg: int | str) -> bool:
        """A requirement icon compiled by tables.requirement."""
        t = self.t
        here = self.pos[seat]
        if code == REQ_AT_TYPE:
            loc = t.loc_of[here]
            if loc < 0:
                return False
            if t.loc_type[loc] == arg and rulings.REQUIREMENT_MEETS_ANY_TILE_SIDE:
                return True
            side = self.side_of(loc)
            return bool(side.state == "restored" and TYPE_INDEX[side.counts_as] == arg)
        if code == REQ_SAME_SPACE:
            return self.pos.count(here) > 1           # someone besides `seat` stands here
        if code == REQ_SAME_SPACE_EVIL:
            return any(self.pos[o] == here and self.is_evil(o) for o in range(self.players) if o != seat)
        if code == REQ_AT_CAMPSITE:
            return t.camp_of[here] >= 0
        if code == REQ_AT_TUNNEL:
            return here in self.passable_tunnels()
        if code == REQ_AT_LOCATION:
            return t.loc_of[here] >= 0
        if code == REQ_TILE_INTACT:
            loc = t.loc_of[here]
            return loc >= 0 and self.side_of(loc).state in ("intact", "restored")
        if code == REQ_PAWS:            # every pattern takes two paw tokens on locations at least
            return len(self.placed[seat]) >= 2 and self.paw_pattern(seat, str(arg))
        if code == REQ_STORY_COLUMNS:
            return self.columns_face_up(seat) >= int(arg)
        return self.sk[seat * SK_SIZE + SK_EVIL_CARDS] == 0      # REQ_NO_EVIL_STORY

    def paw_locations(self, seat: int) -> set[int]:
        return {p for p in self.placed[seat] if p < ENCOUNTER_SECTION}

    def paw_pattern(self, seat: int, pattern: str) -> bool:
        t = self.t
        mine = self.paw_locations(seat)
        if pattern == "border":
            return any(t.corner_loc[a] in mine and t.corner_loc[b] in mine for a, b in rulings.BORDER_SIDES)
        if pattern == "diagonal":
            return any(t.corner_loc[a] in mine and t.corner_loc[b] in mine for a, b in rulings.DIAGONALS)
        if pattern == "follow":
            return any(len(mine & self.paw_locations(o)) >= 2 for o in range(self.players) if o != seat)
        # three_types (Wanderer, L748): "each of your paw tokens has to be placed in a different type of
        # location": every placed paw on a location, no type twice (the board type, A-37), at least 3 of them
        placed = self.placed[seat]
        if len(placed) < 3 or len(mine) < len(placed):
            return False
        types = {t.loc_type[loc] if rulings.PAW_PATTERNS_USE_BOARD_TYPE else
                 TYPE_INDEX[self.side_of(loc).counts_as] for loc in mine}
        return len(types) == len(placed)

    def plan_ok(self, seat: int, plan: Plan, playing: int = -1, card_tea: int = 0) -> bool:
        """Whether `seat` can pay the whole plan now (`playing`: a card leaving the hand to be played)."""
        if plan.free:
            return True
        return self.payable(seat, plan.checks, plan.objects, playing, card_tea)

    def payable(self, seat: int, checks: Sequence[int], objects: tuple[tuple[int, int], ...],
                playing: int = -1, card_tea: int = 0) -> bool:
        """Whether `seat` holds what `checks` and `objects` (tables.payable_needs) ask for."""
        b = seat * 4
        f = self.food
        tea = f[b + 3]
        cards = len(self.hand[seat]) - (1 if playing >= 0 else 0)
        if card_tea:
            tea += cards * card_tea + self.st_credit
        return covers(f[b], f[b + 1], f[b + 2], tea, cards, checks) and self.carries(seat, objects, checks[6])

    def carries(self, seat: int, objects: tuple[tuple[int, int], ...], amphibians: int) -> bool:
        """Whether `seat`'s backpack holds `objects` ((kind, how many) pairs) and that many amphibian objects."""
        if objects:
            pack = self.backpack[seat]
            for kind, n in objects:
                if pack.count(kind) < n:
                    return False
        if amphibians:
            amph = self.t.amphibian
            if sum(1 for o in self.backpack[seat] if amph[o]) < amphibians:
                return False
        return True

    def others_here(self, seat: int, evil_only: bool = False) -> list[int]:
        here = self.pos[seat]
        return [o for o in range(self.players)
                if o != seat and self.pos[o] == here and (not evil_only or self.is_evil(o))]

    def order_from(self, seat: int, include: bool) -> list[int]:
        """Seats in round order from `seat` (included or starting on its left)."""
        n = self.players
        first = 0 if include else 1
        return [(seat + i) % n for i in range(first, n)]

    # -- paw tokens ------------------------------------------------------------------------------
    def paws_left(self, seat: int) -> int:
        return self.paws_home[seat] + (1 if self.strong_home[seat] else 0)

    def place_paw(self, seat: int, place: int, strong: bool) -> None:
        if strong:
            self.strong_home[seat] = False
            self.strong_at[seat] = place
        else:
            self.paws_home[seat] -= 1
        self.placed[seat].append(place)

    def return_paws(self, seat: int) -> None:
        self.paws_home[seat] = self.t.paws - 1
        self.strong_home[seat] = True
        self.strong_at[seat] = -1
        self.placed[seat] = []

    # -- one-time symbols --------------------------------------------------------------------------
    def boosts_of(self, seat: int, symbol: int) -> int:
        kept = self.tent_kept[seat]
        if not kept:
            return self.boosts[seat * 4 + symbol]
        boost = self.t.tent_boost
        return self.boosts[seat * 4 + symbol] + sum(1 for x in kept if boost[x] == symbol)

    def use_boost(self, seat: int, symbol: int) -> None:
        """Use one one-time symbol: a kept tent first (it goes to the box, L621), else a card's."""
        boost = self.t.tent_boost
        for x in self.tent_kept[seat]:
            if boost[x] == symbol:
                self.tent_kept[seat].remove(x)
                self.tent_used.append(x)
                return
        self.boosts[seat * 4 + symbol] -= 1

    # -- strength and trading --------------------------------------------------------------------
    def strength(self, seat: int) -> int:
        return self.t.base_strength + self.sk[seat * SK_SIZE + SK_STRENGTH]

    def dice(self, seat: int) -> int:
        return self.t.base_dice + self.sk[seat * SK_SIZE + SK_DICE]

    def shield(self, seat: int) -> int:
        sh = self.t.shield
        return sum(sh[o] for o in self.backpack[seat]) if rulings.SHIELD_IS_PASSIVE else 0

    def trading(self, seat: int) -> int:
        """Trading symbols at a store: the board's, the story's and the objects' (L477, L759)."""
        st = self.t.store_trading
        return self.t.base_trading + self.sk[seat * SK_SIZE + SK_TRADING] + sum(st[o] for o in self.backpack[seat])

    # -- expeditions -----------------------------------------------------------------------------
    def reshuffle_expedition(self, area: int) -> None:
        """Leaving an area: its discard pile is shuffled into its deck (L570, A-44)."""
        if self.xdiscard[area]:
            self.xdeck[area].extend(self.xdiscard[area])
            self.xdiscard[area] = []
            self.xtop[area] = False
            self.shuffle(self.xdeck[area])
            self.unordered &= ~(PILE_EXPEDITION << area)

    # -- information -------------------------------------------------------------------------------
    def turn_order(self) -> list[int]:
        return self.order_from(self.opener, True)

    def clone(self) -> TrialState:
        o = TrialState.__new__(TrialState)
        self._copy_base(o)
        o.t = self.t
        o.c = self.c
        o.phase = self.phase
        o.day = self.day
        o.cur = self.cur
        o.day_first = self.day_first
        o.first = self.first
        o.opener = self.opener
        o.camped = self.camped.copy()
        o.pos = self.pos.copy()
        o.food = self.food.copy()
        o.tray = self.tray.copy()
        o.help_food = self.help_food.copy()
        o.gallery_food = self.gallery_food.copy()
        o.hand = [*map(_copy, self.hand)]
        o.aside = [*map(_copy, self.aside)]
        o.known = self.known.copy()
        o.story = [*map(_copy, self.story)]
        o.sk = self.sk.copy()
        o.backpack = [*map(_copy, self.backpack)]
        o.gallery = [*map(_copy, self.gallery)]
        o.artifact_home = self.artifact_home.copy()
        o.artifact_box = self.artifact_box.copy()
        o.store_kind = self.store_kind.copy()
        o.store_n = self.store_n.copy()
        o.ruins = [*map(_copy, self.ruins)]
        o.ruins_seen = self.ruins_seen.copy()
        o.tile_at = self.tile_at.copy()
        o.tile_side = self.tile_side.copy()
        o.tile_known = self.tile_known.copy()
        o.deck = self.deck.copy()
        o.discard = self.discard.copy()
        o.enc_deck = self.enc_deck.copy()
        o.enc_slots = self.enc_slots.copy()
        o.xdeck = [*map(_copy, self.xdeck)]
        o.xdiscard = [*map(_copy, self.xdiscard)]
        o.xtop = self.xtop.copy()
        o.unordered = self.unordered
        o.paws_home = self.paws_home.copy()
        o.strong_home = self.strong_home.copy()
        o.placed = [*map(_copy, self.placed)]
        o.strong_at = self.strong_at.copy()
        o.tents = [*map(_copy, self.tents)]
        o.tent_on = self.tent_on.copy()
        o.tent_knower = self.tent_knower.copy()
        o.tent_box = self.tent_box.copy()
        o.tent_used = self.tent_used.copy()
        o.tent_kept = [*map(_copy, self.tent_kept)]
        o.boosts = self.boosts.copy()
        o.morality = self.morality.copy()
        o.flags = self.flags.copy()
        o.legendary = self.legendary.copy()
        o.tun_space = self.tun_space.copy()
        o.tun_up = self.tun_up.copy()
        o.t_deed = self.t_deed
        o.t_moved = self.t_moved
        o.t_acted = self.t_acted
        o.t_started = self.t_started
        o.t_over = self.t_over
        o.t_camp = self.t_camp
        o.mv_extra = self.mv_extra
        o.mv_discards = self.mv_discards
        o.r_card = self.r_card
        o.r_seat = self.r_seat
        o.r_src = self.r_src
        o.r_opt = self.r_opt
        o.r_place = self.r_place
        o.r_won = self.r_won
        o.r_winner = self.r_winner
        o.r_loser = self.r_loser
        o.r_target = self.r_target
        o.r_rerolled = self.r_rerolled
        o.r_fame = self.r_fame
        o.r_traded = self.r_traded
        o.pay = self.pay.copy()
        o.f_att = self.f_att
        o.f_def = self.f_def
        o.f_pts = self.f_pts.copy()
        o.f_cards = [*map(_copy, self.f_cards)]
        o.f_weapon = self.f_weapon.copy()
        o.f_bow = self.f_bow
        o.f_played = self.f_played.copy()
        o.f_dice = self.f_dice.copy()
        o.st_bought = self.st_bought
        o.st_sold = self.st_sold
        o.st_card_tea = self.st_card_tea
        o.st_credit = self.st_credit
        o.st_enh = self.st_enh
        o.st_extra = self.st_extra
        o.st_used = self.st_used
        o.rv_loc = self.rv_loc
        o.rv_free = self.rv_free
        o.en_count = self.en_count
        o.en_extra = self.en_extra
        o.turns = self.turns
        o.pend = self.pend
        o.pend_way = self.pend_way
        o.pend_col = self.pend_col
        return o

    def determinize(self, seat: int, rng: Rng) -> TrialState:
        from .hidden import determinize

        return determinize(self, seat, rng)

    def view(self, seat: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, seat)


__all__ = ["TrialState"]
