"""The year: the setup, a player's turn in Spring and Summer, Autumn (upkeep and income), Winter
(the next year's Village, Event and Encounters) and the end of the game after the fifth year.

A turn is one `Turn` decision (Spring: place a Villager, take part in the Event, or move to
Summer; Summer: one Summer action, or move to Autumn) and whatever it opens. When the stack is
empty the engine calls `end_turn`: the next player not in Autumn plays (ruling R6: moving to
Autumn is a player's one pass), or, when everyone is in Autumn, the year ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import decision, seat_name
from . import adventure, effects, events, items, rulings, stories, village
from .actions import GAP_SLOTS, GAPS, NGAPS, SPECIAL_OPTIONS
from .board import (
    AUTUMN,
    NO_CARD,
    SEASONS,
    SPRING,
    START_ACTIVE,
    START_COINS,
    SUMMER,
    VILLAGERS_PER_PLAYER,
    YEARS,
)
from .content import COINS, MAG, Effect
from .scoring import final_result
from .texts import effects_text

if TYPE_CHECKING:
    from .state import GreyluneState


@decision
class Turn(NamedTuple):
    """A player's turn: one Spring or Summer action."""

    seat: int

    def prompt(self, s: GreyluneState) -> str:
        return f"choose a {SEASONS[s.season[self.seat]]} action (year {s.year})"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        ids = s.ids
        out: list[int] = []
        season = s.season[p]
        active = s.active[p]
        grid = s.grid
        if season == SPRING:
            if active:
                place = ids.place
                out.extend(place + g for g, (a, b) in enumerate(GAPS) if grid[a] != NO_CARD or grid[b] != NO_CARD)
            out.append(ids.to_summer)
        if not s.event_used[p]:
            ok = events.open_options(s, p)
            if active:
                out.extend(ids.event + k for k in ok)
            if season == SUMMER and ok:
                out.extend(ids.event_gap + g for g in range(NGAPS) if s.villagers_in(g, p))
        if season != SUMMER:
            out.sort()
            return out
        coins_id = s.tables.coins_id
        activate_id = s.tables.activate_id
        activate_ok = village.activate_ok
        in_village = False
        for g in range(NGAPS):
            if not s.villagers_in(g, p):
                continue
            in_village = True
            a, b = GAPS[g]
            if grid[a] == NO_CARD and grid[b] == NO_CARD:
                out.append(ids.clear + g)
                continue
            for slot in (a, b):
                if grid[slot] != NO_CARD:
                    out.append(coins_id[(g, slot)])
                    if activate_ok(s, p, slot):
                        out.append(activate_id[(g, slot)])
        if s.items[p]:
            cards = s.c.cards
            use_id = s.tables.use_item_id
            ability_ok = items.item_ability_ok
            for idx in s.items[p]:
                for a in range(len(cards[idx].abilities)):
                    if ability_ok(s, p, idx, a):
                        out.append(use_id[(idx, a)])
        if active and (not s.on_special[p] or not rulings.SPECIAL_ACTION_ONCE_PER_YEAR):
            if s.can_tell(p) or not rulings.TAVERN_NEEDS_TELLABLE_STORY:
                out.append(ids.special)
            out.append(ids.special + 1)
            out.append(ids.special + 2)
        if not in_village:
            out.append(ids.to_autumn)   # ruling R22: never with a Villager left in the Village
        out.sort()
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        ids = s.ids
        log = s.log is not None
        if ids.place <= action < ids.place + NGAPS:
            g = action - ids.place
            s.active[p] -= 1
            s.put_villager(g, p)
            if log:
                s.emit("place", f"{seat_name(p)} places a Villager {s.gap_name(g)}", seat=p)
        elif action == ids.to_summer:
            s.season[p] = SUMMER
            s.stack.append(Turn(p))
            if log:
                s.emit("season", f"{seat_name(p)} moves to Summer", seat=p)
        elif action == ids.to_autumn:
            autumn(s, p)
        elif ids.event <= action < ids.event + 5:
            s.active[p] -= 1
            events.take_event(s, p, action - ids.event)
        elif ids.event_gap <= action < ids.event_gap + NGAPS:
            s.stack.append(events.EventFromVillage(p, action - ids.event_gap))
        elif ids.coins <= action < ids.coins + len(GAP_SLOTS):
            g, slot = GAP_SLOTS[action - ids.coins]
            village.gain_coins(s, p, g, slot)
        elif ids.clear <= action < ids.clear + NGAPS:
            g = action - ids.clear
            if log:
                s.emit("clear", f"{seat_name(p)} sends a Villager from {s.gap_name(g)} to the Campsite: no card is "
                                f"beside it, so nothing is gained", seat=p)
            s.take_villager(g, p)
            s.camp[p] += 1
        elif ids.activate <= action < ids.activate + len(GAP_SLOTS):
            g, slot = GAP_SLOTS[action - ids.activate]
            village.activation_step(s, p, g, slot, s.around(slot) - 1)
        elif ids.use_item <= action < ids.use_item + len(s.tables.item_abilities):
            items.use_item(s, p, action)
        elif ids.special <= action < ids.special + 3:
            k = action - ids.special
            s.active[p] -= 1
            s.on_special[p] += 1
            if log:
                s.emit("special", f"{seat_name(p)} uses the special action on their board to "
                                  f"{SPECIAL_OPTIONS[k].replace(' your ', ' their ')}", seat=p)
            if k == 0:
                s.stack.append(stories.Story(p, stories.SPECIAL_SOURCE, 0, 0, 0))
            elif k == 1:
                s.stack.append(adventure.Move(p, 1, False))
            else:
                effects.gain_skill(s, p, MAG, 1)


def end_turn(s: GreyluneState) -> None:
    """The turn is over: the next player not in Autumn plays (ruling R6), or the year ends."""
    n = s.players
    for step in range(1, n + 1):
        q = (s.cur + step) % n
        if s.season[q] != AUTUMN:
            s.cur = q
            s.stack.append(Turn(q))
            return
    end_year(s)


def autumn(s: GreyluneState, p: int) -> None:
    """Autumn - Upkeep and income, in order."""
    s.season[p] = AUTUMN
    s.adventurer[p] = 0
    s.active[p] += s.camp[p] + s.on_event[p] + s.on_special[p]
    s.camp[p] = s.on_event[p] = s.on_special[p] = 0
    s.exh[p] = 0
    gains: list[Effect] = [(COINS, max(0, rulings.BASE_INCOME - len(s.comps[p])))]
    for tid in s.income[p]:
        gains.append(s.c.income[tid - 1].effect)
    effects.push_effects(s, p, tuple(gains))
    if s.log is not None:
        income = effects_text(tuple(g for g in gains if g[1])) if any(g[1] for g in gains) else "no income"
        s.emit("autumn", f"{seat_name(p)} moves to Autumn: their Villagers come home, their cards are readied, "
                         f"and they collect {income}", seat=p)


def end_year(s: GreyluneState) -> None:
    """Everyone is in Autumn: the game ends after the fifth year; otherwise Winter sets up the next."""
    if s.year >= YEARS:
        result = final_result(s)
        s.finish(result)
        if s.log is not None:
            scores = ", ".join(f"{seat_name(p)} {int(v)} VP" for p, v in enumerate(result.scores))
            won = " and ".join(seat_name(p) for p in result.winners)
            verb = "wins" if len(result.winners) == 1 else "share the victory"
            s.emit("end", f"The game ends: {scores}; {won} {verb}")
        return
    # Winter - Setup (ruling R17: what is left of the year goes out of the game)
    s.year += 1
    n = s.players
    s.season = [SPRING] * n
    s.event_used = [0] * n
    s.first_player = (s.first_player + 1) % n
    s.cur = s.first_player
    for slot in range(9):
        if s.grid[slot] != NO_CARD:
            s.village_discard.append(s.grid[slot])
            s.grid[slot] = NO_CARD
        s.seal_discard.extend(s.seals[slot])
        s.seals[slot] = ()
    s.enc_discard.extend(s.enc_board)
    s.enc_board = []
    s.event_discard.append(s.event_current)
    deal_year(s)
    if s.log is not None:
        s.emit("winter", f"Winter: year {s.year} begins; {seat_name(s.first_player)} plays first")
    s.stack.append(Turn(s.cur))


def draw_seal(s: GreyluneState) -> int:
    """The top Seal of the pile (ruling R16: an empty pile is refilled by shuffling the discard); 0 if none."""
    if not s.seal_pile:
        if not s.seal_discard:
            return 0
        s.seal_pile = s.seal_discard
        s.seal_discard = []
        s.shuffle(s.seal_pile)
    return s.seal_pile.pop()


def deal_year(s: GreyluneState) -> None:
    """Reveal the Village, the Event and the Encounters of a year (setup steps 2-4, Winter)."""
    s.reveal()          # hidden cards turn face up: nothing before this can be taken back
    cards = s.c.cards
    for slot in range(9):
        card = s.village_deck.pop()
        s.grid[slot] = card
        values = []
        for _ in range(rulings.seals_for(cards[card].seals, s.players)):
            v = draw_seal(s)
            if v:
                values.append(v)
        s.seals[slot] = tuple(sorted(values))
    s.event_current = s.event_stack.pop()
    s.festival = [-1] * 5
    for _ in range(s.players + 3):
        s.enc_board.append(s.enc_deck.pop())
    encounters = s.c.encounters
    s.enc_board.sort(key=lambda e: (encounters[e].distance, e))


def setup(s: GreyluneState, first: str) -> None:
    """General Setup and Player Setup, then the first year's deal; the first player's turn opens."""
    n = s.players
    c = s.c
    s.year = 1
    s.first_player = 0 if first == "seat0" else s.draw(n)
    s.cur = s.first_player
    s.season = [SPRING] * n
    s.coins = [START_COINS] * n
    s.vp = [0] * n
    s.str_ = [0] * n
    s.mag = [0] * n
    s.active = [START_ACTIVE] * n
    s.camp = [0] * n
    s.supply = [VILLAGERS_PER_PLAYER - START_ACTIVE] * n
    s.on_event = [0] * n
    s.on_special = [0] * n
    s.event_used = [0] * n
    s.adventurer = [0] * n
    s.bonus_stage = [0] * n
    s.bonus_left = [0b111] * n
    s.exh = [0] * n
    s.quest_done = [0] * n
    s.items = [[] for _ in range(n)]
    s.comps = [[] for _ in range(n)]
    s.untold = [[] for _ in range(n)]
    s.told = [[] for _ in range(n)]
    s.income = [[] for _ in range(n)]
    s.owner = [-1] * len(c.cards)
    s.gapv = [0] * (NGAPS * 4)
    # Village deck: periods shuffled apart, 2 removed from I and II (ruling R1), III at the bottom.
    s.village_deck = []
    s.village_removed = []
    for period in (3, 2, 1):
        pool = [card.index for card in c.cards if card.period == period]
        s.shuffle(pool)
        k = rulings.VILLAGE_REMOVED_PER_PERIOD[period - 1]
        s.village_removed.extend(pool[:k])
        s.village_deck.extend(pool[k:])  # the top of the deck is the end of the list
    s.village_discard = []
    # Encounter deck by player count: (n+3) per year.
    per_year = n + 3
    s.enc_deck = []
    s.enc_removed = []
    for period, years in ((3, 1), (2, 2), (1, 2)):
        pool = [e.id for e in c.encounters[1:] if e.period == period]
        s.shuffle(pool)
        keep = per_year * years
        s.enc_deck.extend(pool[:keep])
        s.enc_removed.extend(pool[keep:])
    s.enc_board = []
    s.enc_discard = []
    event_tiles = list(range(len(c.events)))
    s.shuffle(event_tiles)
    s.event_removed = event_tiles[:1]
    s.event_stack = event_tiles[1:]
    s.event_discard = []
    quests = list(range(len(c.quests)))
    s.shuffle(quests)
    s.quests = quests[:3]  # on spaces 3, 4, 5
    s.quest_first = [-1, -1, -1]
    s.seal_pile = [v for v in (1, 2, 3) for _ in range(c.seal_counts[v - 1])]
    s.shuffle(s.seal_pile)
    s.seal_discard = []
    s.grid = [NO_CARD] * 9
    s.seals = [()] * 9
    s.festival = [-1] * 5
    s.event_current = -1
    deal_year(s)
    s.stack.append(Turn(s.cur))
