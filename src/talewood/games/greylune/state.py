"""Greylune's state: every component's place, the small questions the rules ask of it, copies and
re-deals.

The rules that change the state live by concern: seasons.py (turns, Autumn, Winter, the end),
effects.py (gains, spending, Companion reactions), village.py (activating cards), items.py,
events.py, adventure.py (moves, Encounters, Quests), stories.py; scoring.py counts the VP. effects.py
stands below the adventure and the Items: the Move and UseAgain it opens are pushed through
`push_move` and `push_use_again` here.
"""

from __future__ import annotations

from typing import Any, final

from ...engine import Rng, State
from .actions import GAPS, NGAPS, SLOT_GAPS, Ids
from .adventure import Move
from .board import BASE_ITEM_LIMIT, NO_CARD
from .content import (
    HAVE_MAG,
    HAVE_SM,
    HAVE_STR,
    R_NONE,
    SPEND_COINS,
    SPEND_MAG,
    SPEND_STR,
    SPEND_VILLAGERS,
    Content,
    Req,
)
from .items import UseAgain
from .labels import describe
from .seasons import end_turn
from .tables import Tables
from .view import build_view


@final
class GreyluneState(State):
    """A Greylune game in progress. Lists are per seat unless said otherwise; cards are content indices."""

    __slots__ = (
        "active", "adventurer", "bonus_left", "bonus_stage", "c", "camp", "coins", "comps", "cur", "enc_board",
        "enc_deck", "enc_discard", "enc_removed", "event_current", "event_discard", "event_removed",
        "event_stack", "event_used", "exh", "festival", "first_player", "gapv", "grid", "ids", "income", "items",
        "mag", "on_event", "on_special", "owner", "quest_done", "quest_first", "quests", "seal_discard",
        "seal_pile", "seals", "season", "str_", "supply", "tables", "told", "untold", "village_deck",
        "village_discard", "village_removed", "vp", "year",
    )
    SHARED = ("c", "ids", "tables")
    # what undo never crosses (engine: State.HIDDEN): the piles whose order or contents nobody sees
    HIDDEN = ("village_deck", "village_removed", "enc_deck", "enc_removed", "event_stack", "event_removed",
              "seal_pile")

    c: Content
    ids: Ids
    tables: Tables
    year: int
    first_player: int
    cur: int                            # whose turn it is
    season: list[int]
    coins: list[int]
    vp: list[int]
    str_: list[int]
    mag: list[int]
    active: list[int]                   # Villagers: active (on the player board)
    camp: list[int]                     # in the Campsite
    supply: list[int]                   # still in the supply
    on_event: list[int]                 # on the Event
    on_special: list[int]               # on the special action's space
    event_used: list[int]
    adventurer: list[int]               # the Adventurer's space, 0 = the Village
    bonus_stage: list[int]              # Bonus tokens taken (0, 1 or 2)
    bonus_left: list[int]               # bit k: Bonus token k still available
    exh: list[int]                      # bit i: card i is exhausted
    quest_done: list[int]               # bit d: the Quest on space d is done
    items: list[list[int]]
    comps: list[list[int]]
    untold: list[list[int]]             # Encounter ids
    told: list[list[int]]
    income: list[list[int]]             # Income token ids
    owner: list[int]                    # per card: the seat holding it, -1, or IN_BOX
    gapv: list[int]                     # per gap and seat: the Villagers there (villagers_in)
    grid: list[int]                     # per slot: the card there, or NO_CARD
    seals: list[tuple[int, ...]]        # per slot: the values of its Seals, sorted
    village_deck: list[int]             # the top is the end of the list
    village_removed: list[int]
    village_discard: list[int]
    enc_deck: list[int]
    enc_removed: list[int]
    enc_board: list[int]
    enc_discard: list[int]
    event_stack: list[int]
    event_removed: list[int]
    event_discard: list[int]
    event_current: int
    festival: list[int]                 # per exclusive Event option: the seat that took it, or -1
    quests: list[int]                   # the Quest tiles on spaces 3, 4, 5
    quest_first: list[int]              # per Quest space 3, 4, 5: the first seat to complete it, or -1
    seal_pile: list[int]
    seal_discard: list[int]

    # -- turns -------------------------------------------------------------------------------
    def advance(self) -> None:
        end_turn(self)

    # -- frames the effects below the adventure and the Items open, reached through the state -----
    def push_move(self, p: int, reach: int) -> None:
        """A move of p's Adventurer up to `reach` spaces (an effect word or a Seal's value)."""
        self.stack.append(Move(p, reach, False))

    def push_use_again(self, p: int, idx: int) -> None:
        """Isandre readied Item idx just used: use it again at once?"""
        self.stack.append(UseAgain(p, idx))

    # -- small questions ---------------------------------------------------------------------
    def ready_card(self, p: int, idx: int) -> bool:
        """Does p own card idx, not exhausted?"""
        return self.owner[idx] == p and not (self.exh[p] >> idx) & 1

    def item_limit(self, p: int) -> int:
        cards = self.c.cards
        extra = 0
        for idx in self.comps[p]:
            extra += cards[idx].item_limit
        for idx in self.items[p]:
            extra += cards[idx].item_limit
        return BASE_ITEM_LIMIT + extra

    def can_spend_str(self, p: int, n: int) -> bool:
        return self.str_[p] >= n or (self.ready_card(p, self.tables.kael) and self.str_[p] >= n - 1)

    # -- the Villagers in the Village's gaps: `gapv` holds four counts per gap (one per seat), gap after gap;
    # only the methods below (and the encoder's byte view of the whole list) know that layout
    def villagers_in(self, g: int, p: int) -> int:
        """How many of p's Villagers stand in gap g."""
        return self.gapv[g * 4 + p]

    def put_villager(self, g: int, p: int) -> None:
        """One of p's Villagers goes into gap g."""
        self.gapv[g * 4 + p] += 1

    def take_villager(self, g: int, p: int) -> None:
        """One of p's Villagers leaves gap g (to the Campsite, an Event)."""
        self.gapv[g * 4 + p] -= 1

    def villagers_in_village(self, p: int) -> int:
        return sum(self.gapv[g * 4 + p] for g in range(NGAPS))

    def gap_open(self, g: int) -> bool:
        a, b = GAPS[g]
        return self.grid[a] != NO_CARD or self.grid[b] != NO_CARD

    def around(self, slot: int) -> int:
        """Villagers (any owner) in the gaps touching a slot."""
        gv = self.gapv
        total = 0
        for g in SLOT_GAPS[slot]:
            base = g * 4
            total += gv[base] + gv[base + 1] + gv[base + 2] + gv[base + 3]
        return total

    def boost_available(self, p: int) -> bool:
        """Can p raise a story to 3 now (Seren, or a ready Charisma Potion)?"""
        if self.ready_card(p, self.tables.seren):
            return True
        kind = self.tables.potion_kind
        return any(kind[i] == "charisma" and self.ready_card(p, i) for i in self.items[p])

    def can_tell(self, p: int) -> bool:
        encounters = self.c.encounters
        if any(encounters[e].story >= 1 for e in self.untold[p]):
            return True
        return bool(self.untold[p]) and self.boost_available(p)

    def req_ok(self, p: int, reqs: tuple[Req, ...], bs: int = 0, bm: int = 0) -> bool:
        """Can p meet all these requirements at once (boosts bs/bm count for 'have' only)?"""
        coins = vill = st = mg = 0
        for code, n in reqs:
            if code == R_NONE:
                continue
            if code == HAVE_STR:
                if self.str_[p] + bs < n:
                    return False
            elif code == HAVE_MAG:
                if self.mag[p] + bm < n:
                    return False
            elif code == HAVE_SM:
                if self.str_[p] + self.mag[p] + bs + bm < n:
                    return False
            elif code == SPEND_COINS:
                coins += n
            elif code == SPEND_VILLAGERS:
                vill += n
            elif code == SPEND_STR:
                st += n
            elif code == SPEND_MAG:
                mg += n
        return (self.coins[p] >= coins and self.active[p] >= vill and self.mag[p] >= mg
                and (st == 0 or self.can_spend_str(p, st)))

    # -- people's words ----------------------------------------------------------------------
    def describe(self, action: int) -> str:
        """The action's label in the rulebook's words (labels.py)."""
        return describe(self, action)

    def gap_name(self, gap: int) -> str:
        """Where a gap of the Village is, by the cards on either side of it."""
        a, b = GAPS[gap]
        return f"between {self.slot_name(a)} and {self.slot_name(b)}"

    def slot_name(self, slot: int) -> str:
        """The card in a Village slot, or where the slot is if it is empty (two empty slots differ)."""
        if self.grid[slot] != NO_CARD:
            return self.c.cards[self.grid[slot]].name
        row, col = divmod(slot, 3)
        return f"the empty space in row {row + 1}, column {col + 1}"

    # -- information -------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def turn_order(self) -> list[int]:
        # the First Player token passes one seat on each Winter: the first year's holder played first
        n = self.players
        first = (self.first_player - (self.year - 1)) % n
        return [(first + i) % n for i in range(n)]

    def clone(self) -> GreyluneState:
        o = GreyluneState.__new__(GreyluneState)
        self._copy_base(o)
        o.c = self.c
        o.ids = self.ids
        o.tables = self.tables
        o.year = self.year
        o.first_player = self.first_player
        o.cur = self.cur
        o.season = self.season[:]
        o.coins = self.coins[:]
        o.vp = self.vp[:]
        o.str_ = self.str_[:]
        o.mag = self.mag[:]
        o.active = self.active[:]
        o.camp = self.camp[:]
        o.supply = self.supply[:]
        o.on_event = self.on_event[:]
        o.on_special = self.on_special[:]
        o.event_used = self.event_used[:]
        o.adventurer = self.adventurer[:]
        o.bonus_stage = self.bonus_stage[:]
        o.bonus_left = self.bonus_left[:]
        o.exh = self.exh[:]
        o.quest_done = self.quest_done[:]
        o.items = [x[:] for x in self.items]
        o.comps = [x[:] for x in self.comps]
        o.untold = [x[:] for x in self.untold]
        o.told = [x[:] for x in self.told]
        o.income = [x[:] for x in self.income]
        o.owner = self.owner[:]
        o.gapv = self.gapv[:]
        o.grid = self.grid[:]
        o.seals = self.seals[:]
        o.village_deck = self.village_deck[:]
        o.village_removed = self.village_removed[:]
        o.village_discard = self.village_discard[:]
        o.enc_deck = self.enc_deck[:]
        o.enc_removed = self.enc_removed[:]
        o.enc_board = self.enc_board[:]
        o.enc_discard = self.enc_discard[:]
        o.event_stack = self.event_stack[:]
        o.event_removed = self.event_removed[:]
        o.event_discard = self.event_discard[:]
        o.event_current = self.event_current
        o.festival = self.festival[:]
        o.quests = self.quests[:]
        o.quest_first = self.quest_first[:]
        o.seal_pile = self.seal_pile[:]
        o.seal_discard = self.seal_discard[:]
        return o

    def determinize(self, seat: int, rng: Rng) -> GreyluneState:
        """Re-deal the hidden: deck orders and removed cards (by period), the Event stack, the Seal pile.

        Nothing else is hidden in Greylune: every player's cards, stories and tokens are public."""
        o = self.clone()
        o.rng = rng.spawn()
        cards = o.c.cards
        encounters = o.c.encounters
        for period in (1, 2, 3):
            pos = [i for i, c in enumerate(o.village_deck) if cards[c].period == period]
            hidden = [c for c in o.village_removed if cards[c].period == period]
            pool = sorted([o.village_deck[i] for i in pos] + hidden)   # sorted: the secret order must not
            rng.shuffle(pool)                                             # leak into the re-deal
            for i, c in zip(pos, pool, strict=False):
                o.village_deck[i] = c
            rest = pool[len(pos):]
            o.village_removed = [c for c in o.village_removed if cards[c].period != period] + rest
            epos = [i for i, e in enumerate(o.enc_deck) if encounters[e].period == period]
            ehidden = [e for e in o.enc_removed if encounters[e].period == period]
            epool = sorted([o.enc_deck[i] for i in epos] + ehidden)
            rng.shuffle(epool)
            for i, e in zip(epos, epool, strict=False):
                o.enc_deck[i] = e
            o.enc_removed = [e for e in o.enc_removed if encounters[e].period != period] + epool[len(epos):]
        events = sorted(o.event_stack + o.event_removed)
        rng.shuffle(events)
        o.event_removed = events[:len(o.event_removed)]
        o.event_stack = events[len(o.event_removed):]
        o.seal_pile.sort()
        rng.shuffle(o.seal_pile)
        o.invalidate()          # the re-dealt world may allow other actions than the real one
        return o
