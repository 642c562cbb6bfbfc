"""What each adventurer holds and the piles they take from, as the rules read and change it: food tokens from
the tray and back (L64, L235, A-21) or passed between adventurers, cards drawn, gained, set aside (L213) and
discarded (A-18, A-20), the story and the skills it gives (L247-284), the morality token (L106, L262), the
backpack and the store's stacks (L154-166), whether a cost can be paid (L231-239), paw tokens (L308-316),
one-time symbols (L614-621), strength, dice and trading symbols (L343-359, L477), and an expedition deck
shuffled again (L570).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import seat_name
from . import rulings
from .fields import TrialFields
from .tables import (
    ALL_SEATS,
    COLUMN_NAME,
    FOOD_NAME,
    FOOD_PLURAL,
    PILE_DEEDS,
    PILE_ENCOUNTERS,
    PILE_EXPEDITION,
    PLAYING,
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
    Plan,
    covers,
)


class Holdings(TrialFields):
    __slots__ = ()

    # -- names ---------------------------------------------------------------------------------
    # the expedition flags (L564): `flags` holds three per seat, one per expedition area
    def flag(self, seat: int, area: int) -> int:
        """The finishing space `seat`'s flag holds in expedition area `area`, or -1: no flag there."""
        return self.flags[seat * 3 + area]

    def set_flag(self, seat: int, area: int, space: int) -> None:
        self.flags[seat * 3 + area] = space

    def flags_of(self, seat: int) -> list[int]:
        """`seat`'s flags in the three expedition areas, in order (-1: none)."""
        return self.flags[seat * 3:seat * 3 + 3]

    def card_name(self, card: int) -> str:
        return self.t.cards[card].card.name

    def space_name(self, space: int) -> str:
        return self.t.space_name[space]

    # -- food ----------------------------------------------------------------------------------
    # `food` holds four counts per seat (raspberries, acorns, mushrooms, tea leaves: tables.RASPBERRY..TEA);
    # only the methods below know that layout
    def food_of(self, seat: int, f: int) -> int:
        """How many food tokens of kind f `seat` has on their character board."""
        return self.food[seat * 4 + f]

    def foods(self, seat: int) -> tuple[int, int, int, int]:
        """`seat`'s raspberries, acorns, mushrooms and tea leaves."""
        b = seat * 4
        f = self.food
        return f[b], f[b + 1], f[b + 2], f[b + 3]

    def food_total(self, seat: int) -> int:
        b = seat * 4
        f = self.food
        return f[b] + f[b + 1] + f[b + 2] + f[b + 3]

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
        """Spend n of food f: back into the tray (L235)."""
        self.food[seat * 4 + f] -= n
        self.tray[f] += n

    def return_food(self, seat: int, f: int) -> int:
        """All of `seat`'s food f goes back into the tray; how many that was."""
        i = seat * 4 + f
        n = self.food[i]
        self.food[i] = 0
        self.tray[f] += n
        return n

    def give_food(self, giver: int, taker: int, f: int, n: int = 1) -> None:
        """n of food f pass from `giver` to `taker` (given, or taken by a steal), the tray untouched."""
        self.food[giver * 4 + f] -= n
        self.food[taker * 4 + f] += n

    def add_food(self, seat: int, f: int, n: int = 1) -> None:
        """n of food f reach `seat` from elsewhere than the tray (the help spot; a payment tried, undone)."""
        self.food[seat * 4 + f] += n

    def remove_food(self, seat: int, f: int, n: int = 1) -> None:
        """n of food f leave `seat` for elsewhere than the tray (the gallery section; a payment tried)."""
        self.food[seat * 4 + f] -= n

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
                self.deal(deck, 1)
            else:
                self.unordered &= ~pile
                self.deal(deck, len(deck) - 1)      # a whole shuffle, the quicker way

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

    def plan_ok(self, seat: int, plan: Plan, playing: int = -1, card_tea: int = 0) -> bool:
        """Whether `seat` can pay the whole plan now (`playing`: a card leaving the hand to be played)."""
        if plan.free:
            return True
        return self.payable(seat, plan.checks, plan.objects, playing, card_tea)

    def payable(self, seat: int, checks: Sequence[int], objects: tuple[tuple[int, int], ...],
                playing: int = -1, card_tea: int = 0) -> bool:
        """Whether `seat` holds what `checks` and `objects` (tables.payable_needs) ask for."""
        r, a, m, tea = self.foods(seat)
        cards = len(self.hand[seat]) - (1 if playing >= 0 else 0)
        if card_tea:
            tea += cards * card_tea + self.st_credit
        return covers(r, a, m, tea, cards, checks) and self.carries(seat, objects, checks[6])

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
    # `boosts` holds four counts per seat, the one-time symbols gained from cards (tables.BOOSTS: movement,
    # trading, strength, card draw); only the methods below know that layout. Kept tents give them too.
    def card_boosts_of(self, seat: int, symbol: int) -> int:
        """`seat`'s one-time `symbol`s from cards (kept tents not counted)."""
        return self.boosts[seat * 4 + symbol]

    def card_boosts(self, seat: int) -> tuple[int, int, int, int]:
        """`seat`'s one-time symbols from cards, by symbol (movement, trading, strength, card-draw)."""
        b = seat * 4
        boosts = self.boosts
        return boosts[b], boosts[b + 1], boosts[b + 2], boosts[b + 3]

    def add_boost(self, seat: int, symbol: int, n: int = 1) -> None:
        """`seat` gains n one-time `symbol`s from a card."""
        self.boosts[seat * 4 + symbol] += n

    def clear_boosts(self, seat: int) -> None:
        """`seat`'s unused one-time symbols from cards are lost."""
        b = seat * 4
        boosts = self.boosts
        boosts[b] = boosts[b + 1] = boosts[b + 2] = boosts[b + 3] = 0

    def boosts_of(self, seat: int, symbol: int) -> int:
        """`seat`'s one-time `symbol`s: from cards and kept tents."""
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
