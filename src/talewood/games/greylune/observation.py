"""What one seat sees of a Greylune game, as a fixed-size vector of numbers (engine/observation.py).

Seats are ordered from the observer: slot 0 is the observer, slot 1 the next player, and so on;
the slots of absent players stay 0. Everything on the table is public in Greylune, so the vector
holds what `view(seat)` shows and nothing else: the Village, the gaps, the Event, the track, the
Quests, every player's board, the sizes of the decks and the Seal discard, and the pending
decision with its fields. Deck orders, the cards removed at setup and the Seal pile's order are
never encoded. Counts are scaled to about [0, 1] by the bound written next to them.

The encoding is written once, as an updater (engine/observation.py): it keeps one seat's buffer up
to date, each part of the vector rewritten only where what it was last written from differs from
what is kept of it: the year, each Village slot, the gaps count by count, the Event and Festival,
the track, the Quests, each number of the seats' rows, each seat's cards, stories and Income tokens,
the decks, the decision. The whole encoding is written by a fresh updater on a zeroed buffer, so
`encode` and the learning environments never disagree. Nothing is tracked in the state.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final

from ...engine import ObservationSpec, OptionValue, Segment, State
from ...engine.observation import NUMBER, Update
from ...engine.stack import Frame
from .actions import GAPS, NGAPS
from .adventure import AfterMove, Arrive, Meet, Move, PutVillager, QuestPotions
from .board import NO_CARD, SEASONS, YEARS
from .content import MAG
from .effects import BonusToken, HallOfTheHeroes, IsandreOffer, KaelOffer, LucanOffer, ReadyCard, SkillChoice
from .events import EventFromVillage
from .items import BranOffer, DiscardItem, UseAgain
from .seasons import Turn
from .stories import SPECIAL_SOURCE, BardStory, BoostSource, Story
from .village import ChooseSeal, DorianOffer, NerisCoins, NerisOffer, SeliaItemSeal, SeliaOffer

if TYPE_CHECKING:
    from .game import GreyluneGame
    from .state import GreyluneState

SEATS: Final = 4
DECISIONS = (Turn, EventFromVillage, ChooseSeal, SeliaOffer, NerisOffer, DorianOffer, NerisCoins, BranOffer,
             IsandreOffer, UseAgain, DiscardItem, ReadyCard, SkillChoice, KaelOffer, LucanOffer, HallOfTheHeroes,
             BonusToken, Move, Arrive, Meet, AfterMove, PutVillager, Story, BoostSource, BardStory, QuestPotions,
             SeliaItemSeal)
SEAT_FEATURES = (
    "present", "to act", "first player", "Spring", "Summer", "Autumn", "coins /20", "VP /50", "Strength /5",
    "Magic /5", "Adventurer on space 0-5 ×6", "Villagers active, in the Campsite, in the supply, on the Event, "
    "on the special space, in the Village ×6 /7", "Event used", "Bonus tokens left ×3", "Quests done on 3, 4, 5 ×3",
    "Item limit /8")
SEAT_WIDTH: Final = 3 + 3 + 4 + 6 + 6 + 1 + 3 + 3 + 1
# the numeric fields of a pending decision, each with its scale
NUMBERS = (("extra", 8), ("seal", 3), ("selia", 3), ("neris", 1), ("ability", 1), ("donation", 1), ("amount", 5),
           ("magic", 1), ("stage", 1), ("reach", 10), ("elwen_used", 1), ("strength_boost", 6), ("magic_boost", 6),
           ("ignores", 2), ("total", 3), ("cards", 3), ("left", 2), ("before", 1))


def observation_spec(game: GreyluneGame, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
    c = game.content
    cards, encounters = len(c.cards), len(c.encounters) - 1
    spec = ObservationSpec([
        Segment("year", (YEARS,), "the year, one-hot"),
        Segment("village", (9, cards + 4),
                "per slot (row by row): its card one-hot, Seals of value 1, 2, 3 /3, Villagers around /8"),
        Segment("gaps", (NGAPS, SEATS), "per gap: each seat's Villagers there (seats from me) /3"),
        Segment("event", (len(c.events),), "the Event of the year, one-hot"),
        Segment("festival", (5, SEATS + 1), "per Festival space: free, or the seat (from me) that took it"),
        Segment("event_villagers", (SEATS,), "each seat's Villager on the Event"),
        Segment("track", (encounters,), "the Encounter cards on the track"),
        Segment("quests", (3, len(c.quests)), "the Quest tile on spaces 3, 4, 5, one-hot"),
        Segment("quest_first", (3, SEATS + 1), "per Quest space: not done yet, or the seat (from me) first to do it"),
        Segment("seats", (SEATS, SEAT_WIDTH), "per seat from me: " + ", ".join(SEAT_FEATURES)),
        Segment("cards", (SEATS, cards, 2), "per seat from me and Village card: held (Item or Companion), exhausted"),
        Segment("stories", (SEATS, encounters, 2), "per seat from me and Encounter card: Untold, Told"),
        Segment("income", (SEATS, len(c.income)), "per seat from me: its Income tokens"),
        Segment("decks", (7,), "cards left in the Village deck /45, the Encounter deck /28, the Event stack /4, "
                               "Seals in the pile /24, Seals of value 1, 2, 3 in the discard /8"),
        Segment("decision", (len(DECISIONS),), "the pending decision's kind, one-hot"),
        Segment("decision_seat", (SEATS,), "whose decision it is (seats from me)"),
        Segment("decision_slot", (9,), "the Village slot of the activation being decided"),
        Segment("decision_gap", (NGAPS,), "the gap of the Villager of the activation or Event being decided"),
        Segment("decision_card", (cards,), "the Item being used (Bran, Isandre, use again)"),
        Segment("decision_source", (cards + 1,), "the Tavern the story is told at, or (last) the special action"),
        Segment("decision_space", (6,), "the space the Adventurer arrives on"),
        Segment("decision_encounter", (encounters,), "the Encounter being met"),
        Segment("decision_numbers", (len(NUMBERS),),
                "the decision's numbers: " + ", ".join(f"{name} /{scale}" for name, scale in NUMBERS)),
    ])
    spec.updater = _updater(game, spec)      # and no writer: a fresh updater writes a zeroed buffer
    return spec


def encode(game: GreyluneGame, s: GreyluneState, seat: int) -> list[float]:
    return game.observation_spec(s.players, s.options).encode(s, seat)


def _decision_fields(spec: ObservationSpec, ncards: int) -> dict[type, tuple[tuple[int, int, int, float], ...]]:
    """Per kind of decision, its fields as (field index, kind, offset, scale): kind 0 a one-hot at
    offset + value (minus 1 for an Encounter, the Tavern's source mapped), kind 1 a number value/scale,
    kind 2 Magic (value == MAG)."""
    one_hot = {"slot": spec.offset("decision_slot"), "gap": spec.offset("decision_gap"),
               "card": spec.offset("decision_card"), "source": spec.offset("decision_source"),
               "space": spec.offset("decision_space"), "encounter": spec.offset("decision_encounter") - 1}
    numbers = spec.offset("decision_numbers")
    kinds: dict[type, tuple[tuple[int, int, int, float], ...]] = {}
    for kind in DECISIONS:
        fields = []
        for i, name in enumerate(kind._fields):
            if name in one_hot:
                fields.append((i, 3 if name == "source" else 0, one_hot[name], 1.0))
        for k, (name, scale) in enumerate(NUMBERS):
            if name == "magic":
                if "skill" in kind._fields:
                    fields.append((kind._fields.index("skill"), 2, numbers + k, 1.0))
            elif name in kind._fields:
                fields.append((kind._fields.index(name), 1, numbers + k, float(scale)))
        kinds[kind] = tuple(fields)
    return kinds


PAGE_BITS: Final = 8
PAGE: Final = 1 << PAGE_BITS


def _pages(out: array[float]) -> list[memoryview[float]]:
    """The buffer as memoryviews of PAGE numbers each. A single number is written through one of them
    (an array's own item assignment parses its value as a call parses its arguments), at an index below
    PAGE: one of the small ints Python keeps made, so a write builds no int for its index."""
    size, whole = out.itemsize, memoryview(out).cast("B")
    return [whole[at * size:(at + PAGE) * size].cast(NUMBER) for at in range(0, len(out), PAGE)]


def _put(pages: list[memoryview[float]], at: int, value: float) -> None:
    """The number at `at` of the buffer becomes `value`."""
    pages[at >> PAGE_BITS][at & (PAGE - 1)] = value


def _move(pages: list[memoryview[float]], at: int, was: int, now: int, stride: int) -> None:
    """A one-hot moved (engine/observation.py's `move_one`, through the pages): from position `was` to `now`
    of the numbers from `at` on, `stride` apart (-1: none there)."""
    if was >= 0:
        _put(pages, at + was * stride, 0.0)
    if now >= 0:
        _put(pages, at + now * stride, 1.0)


def _add(pages: list[memoryview[float]], at: int, value: float) -> None:
    """`value` added to the number at `at` of the buffer."""
    pages[at >> PAGE_BITS][at & (PAGE - 1)] += value


def _column(pages: list[memoryview[float]], rows: list[int], values: list[int], written: list[int],
            column: int, scale: float) -> None:
    """One number of each seat's row (`rows`: where each seat's row starts), its value / scale: written
    again for the seats whose value differs from the one last written (kept in `written`)."""
    if values == written:                              # most looks: one comparison of small numbers
        return
    for p in range(len(rows)):
        v = values[p]
        if v != written[p]:
            written[p] = v
            _put(pages, rows[p] + column, v / scale)


def _one_hot_column(pages: list[memoryview[float]], rows: list[int], values: list[int], written: list[int],
                    column: int, width: int) -> None:
    """`width` numbers of each seat's row, a one-hot of its value (none for a value outside 0..width-1):
    moved for the seats whose value differs from the one last written (-1: none written yet)."""
    if values == written:
        return
    for p in range(len(rows)):
        v, was = values[p], written[p]
        if v != was:
            written[p] = v
            o = rows[p] + column
            if 0 <= was < width:
                _put(pages, o + was, 0.0)
            if 0 <= v < width:
                _put(pages, o + v, 1.0)


def _bits_column(pages: list[memoryview[float]], rows: list[int], values: list[int], written: list[int],
                 column: int, shift: int) -> None:
    """Three numbers of each seat's row, 0 or 1: three bits of its value from bit `shift`. Only the bits
    that differ from those last written are written."""
    if values == written:
        return
    for p in range(len(rows)):
        v = values[p]
        changed = ((v ^ written[p]) >> shift) & 7
        written[p] = v
        if changed:
            o = rows[p] + column
            for k in range(3):
                if (changed >> k) & 1:
                    _put(pages, o + k, float((v >> (shift + k)) & 1))


def _held(pages: list[memoryview[float]], at: int, cards: list[int], exhausted: int) -> None:
    """A seat's cards (`at`: its part of the cards segment): each held, and exhausted if bit i of
    `exhausted` is set."""
    for i in cards:
        _put(pages, at + i * 2, 1.0)
        if (exhausted >> i) & 1:
            _put(pages, at + i * 2 + 1, 1.0)


def _number(pages: list[memoryview[float]], at: int, value: int, written: list[int], i: int, scale: float) -> None:
    """The number at `at`, value / scale: written again when value differs from written[i] (then kept)."""
    if value != written[i]:
        written[i] = value
        _put(pages, at, value / scale)


def _updater(game: GreyluneGame, spec: ObservationSpec) -> Callable[[], Update]:
    """The spec's factory of updaters (engine/observation.py). Each part of the vector keeps what it was
    last written from and is rewritten only where that differs: the seats' rows number by number, the
    gaps count by count, the Village slot by slot, each seat's cards, stories and Income tokens seat by
    seat. A look compares a few dozen small numbers and writes only the numbers that moved (a write into
    the buffer is what costs: it boxes its value, and its index unless below 256: _pages)."""
    c = game.content
    ncards = len(c.cards)
    nenc = len(c.encounters) - 1
    nquests = len(c.quests)
    nincome = len(c.income)
    nseasons = len(SEASONS)
    slot_width = ncards + 4
    gap_ends, empty = [slot for ends in GAPS for slot in ends], NO_CARD    # per gap, the two slots it lies between
    year, village, gaps, event = spec.offset("year"), spec.offset("village"), spec.offset("gaps"), spec.offset("event")
    festival, event_villagers, track = spec.offset("festival"), spec.offset("event_villagers"), spec.offset("track")
    quests, quest_first, seats_at = spec.offset("quests"), spec.offset("quest_first"), spec.offset("seats")
    cards_at, stories_at, income_at = spec.offset("cards"), spec.offset("stories"), spec.offset("income")
    decks, decision, decision_seat = spec.offset("decks"), spec.offset("decision"), spec.offset("decision_seat")
    kinds = {kind: i for i, kind in enumerate(DECISIONS)}
    fields_of = _decision_fields(spec, ncards)
    special = spec.offset("decision_source") + ncards
    # zeros to clear a part with (slice assignment: a copy of bytes)
    zeros = spec.buffer()
    no_event = zeros[:event_villagers - event]                              # the Event and Festival
    no_quests, no_track = zeros[:seats_at - quests], zeros[:nenc]
    no_slot = zeros[:slot_width]
    no_cards, no_stories, no_income = zeros[:ncards * 2], zeros[:nenc * 2], zeros[:nincome]
    no_decision = zeros[decision:]

    def write_decision(pages: list[memoryview[float]], top: Frame, slot_of: list[int]) -> None:
        kind = type(top)
        _put(pages, decision + kinds[kind], 1.0)
        _put(pages, decision_seat + slot_of[top.seat], 1.0)
        for i, how, o, scale in fields_of[kind]:
            value = top[i]
            if how == 0:
                _put(pages, o + value, 1.0)
            elif how == 1:
                _put(pages, o, float(value) / scale)
            elif how == 2:
                _put(pages, o, float(value == MAG))
            else:
                _put(pages, special if value == SPECIAL_SOURCE else o + value, 1.0)

    def make() -> Update:
        # what each part was last written from (reset, as for a zeroed buffer, at the first look)
        seat_at = players_at = -1                          # the seat and the players written for: the order
        slot_of: list[int] = []
        rows: list[int] = []                               # per seat: where its row starts
        year_at = acting_at = first_at = -1
        gapv_w: list[int] = []                             # the Villagers per gap and seat
        around: list[int] = []                             # per slot: the Villagers around it
        grid_w: list[int] = []
        seals_w: list[tuple[int, ...]] = []
        event_at = -2                                      # the Event written (-1: none yet; -2: not written)
        festival_w: list[int] = []
        board_w: list[int] | None = None
        quests_w: list[int] | None = None
        quest_first_w: list[int] | None = None
        written: list[list[int]] = []                      # per column of the seats' rows: each seat's value
        items_w: list[list[int] | None] = []               # None: its Item limit not written yet
        comps_w: list[list[int] | None] = []
        exh_w: list[int] = []
        untold_w: list[list[int]] = []
        told_w: list[list[int]] = []
        income_w: list[list[int]] = []
        sizes_w: list[int] = []                            # the Village deck, Encounter deck, Event stack, Seal pile
        discard_w: list[int] = []
        top_w: Frame | None = None
        # single numbers are written through the buffer's pages (_pages), kept while the buffer is the same;
        # runs of zeros into the buffer itself (an array's slice assignment from an array is a copy of bytes)
        viewed = zeros
        pages = _pages(zeros)

        def update(state: State, seat: int, out: array[float]) -> None:
            nonlocal seat_at, players_at, slot_of, rows, year_at, acting_at, first_at, gapv_w, around, grid_w
            nonlocal seals_w, event_at, festival_w, board_w, quests_w, quest_first_w, written, items_w, comps_w
            nonlocal exh_w, untold_w, told_w, income_w, sizes_w, discard_w, top_w, viewed, pages
            if out is not viewed:
                viewed, pages = out, _pages(out)
            s: GreyluneState = state  # type: ignore[assignment]
            n = s.players
            if seat != seat_at or n != players_at:          # first look, or another seat's order: all again
                if seat_at >= 0:
                    out[:] = zeros
                seat_at, players_at = seat, n
                slot_of = [(p - seat) % n for p in range(n)]
                rows = [seats_at + slot_of[p] * SEAT_WIDTH for p in range(n)]
                year_at = acting_at = first_at = -1
                gapv_w, around = [0] * (NGAPS * SEATS), [0] * 9
                grid_w, seals_w = [empty] * 9, [()] * 9
                event_at, festival_w = -2, []
                board_w = quests_w = quest_first_w = top_w = None
                written = [[0] * n for _ in range(SEAT_WIDTH)]
                written[3], written[10] = [-1] * n, [-1] * n     # the season's and the space's one-hots
                items_w, comps_w, exh_w = [None] * n, [None] * n, [0] * n
                untold_w, told_w, income_w = [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)]
                sizes_w, discard_w = [0] * 4, []
                for k in range(n):
                    _put(pages, seats_at + k * SEAT_WIDTH, 1.0)    # present
            if s.year != year_at:                           # (the Years count from 1)
                _move(pages, year - 1, year_at, s.year, 1)
                year_at = s.year

            grid, seals = s.grid, s.seals
            gapv, gapv_was = s.gapv, gapv_w
            if gapv != gapv_was:
                in_village = written[21]                   # per seat: its Villagers in the Village
                # gap after gap, a count per seat (state.py), walked in one pass
                for b, v in enumerate(gapv):
                    was = gapv_was[b]
                    if v == was:
                        continue
                    g, p = b // SEATS, b % SEATS
                    if p < n:
                        gapv_was[b] = v
                        change = v - was
                        _put(pages, gaps + g * SEATS + slot_of[p], v / 3)
                        in_village[p] += change
                        _put(pages, rows[p] + 21, in_village[p] / 7)
                        for end in range(2):
                            slot = gap_ends[g * 2 + end]
                            around[slot] += change
                            if grid[slot] != empty:
                                _put(pages, village + slot * slot_width + ncards + 3, around[slot] / 8)
            if grid != grid_w or seals != seals_w:
                for slot in range(9):
                    card = grid[slot]
                    if card != grid_w[slot] or seals[slot] != seals_w[slot]:
                        grid_w[slot], seals_w[slot] = card, seals[slot]
                        o = village + slot * slot_width
                        out[o:o + slot_width] = no_slot
                        if card != empty:
                            _put(pages, o + card, 1.0)
                            o += ncards
                            for v in seals[slot]:
                                _add(pages, o + v - 1, 1 / 3)
                            _put(pages, o + 3, around[slot] / 8)

            if s.event_current != event_at or s.festival != festival_w:
                out[event:event_villagers] = no_event
                if s.event_current >= 0:
                    _put(pages, event + s.event_current, 1.0)
                    for k, taker in enumerate(s.festival):
                        _put(pages, festival + k * (SEATS + 1) + (0 if taker < 0 else 1 + slot_of[taker]), 1.0)
                event_at, festival_w = s.event_current, s.festival[:]
            on_event, on_event_w = s.on_event, written[19]
            if on_event != on_event_w:
                for p in range(n):
                    v = on_event[p]
                    if v != on_event_w[p]:
                        on_event_w[p] = v
                        _put(pages, event_villagers + slot_of[p], float(v))
                        _put(pages, rows[p] + 19, v / 7)
            if s.enc_board != board_w:
                out[track:track + nenc] = no_track
                for e in s.enc_board:
                    _put(pages, track + e - 1, 1.0)
                board_w = s.enc_board[:]
            if s.quests != quests_w or s.quest_first != quest_first_w:
                out[quests:seats_at] = no_quests
                for i in range(3):
                    _put(pages, quests + i * nquests + s.quests[i], 1.0)
                    taker = s.quest_first[i]
                    _put(pages, quest_first + i * (SEATS + 1) + (0 if taker < 0 else 1 + slot_of[taker]), 1.0)
                quests_w, quest_first_w = s.quests[:], s.quest_first[:]

            top = s.stack[-1] if s.stack and not s.over else None
            if top is not top_w:                           # the same frame: the same decision, the same seat
                at = -1 if top is None else slot_of[top.seat]      # who decides (Greylune has no chance steps)
                if at != acting_at:
                    _move(pages, seats_at + 1, acting_at, at, SEAT_WIDTH)
                    acting_at = at
                if top is None:
                    out[decision:] = no_decision
                elif top_w is None or type(top) is not type(top_w) or top != top_w:
                    out[decision:] = no_decision
                    write_decision(pages, top, slot_of)
                top_w = top
            first = s.first_player
            at = slot_of[first] if 0 <= first < n else -1
            if at != first_at:
                _move(pages, seats_at + 2, first_at, at, SEAT_WIDTH)
                first_at = at
            items, comps, exh = s.items, s.comps, s.exh
            if items != items_w or comps != comps_w or exh != exh_w:
                limits = written[29]
                for p in range(n):
                    held, companions, exhausted = items[p], comps[p], exh[p]
                    if held != items_w[p] or companions != comps_w[p]:
                        items_w[p], comps_w[p] = held[:], companions[:]
                        _number(pages, rows[p] + 29, s.item_limit(p), limits, p, 8.0)
                    elif exhausted == exh_w[p]:
                        continue
                    exh_w[p] = exhausted
                    o = cards_at + slot_of[p] * ncards * 2
                    out[o:o + ncards * 2] = no_cards
                    _held(pages, o, held, exhausted)
                    _held(pages, o, companions, exhausted)
            # the seats' rows, number by number (present, to act, first player, in the Village and the Item
            # limit above)
            _one_hot_column(pages, rows, s.season, written[3], 3, nseasons)
            _column(pages, rows, s.coins, written[6], 6, 20.0)
            _column(pages, rows, s.vp, written[7], 7, 50.0)
            _column(pages, rows, s.str_, written[8], 8, 5.0)
            _column(pages, rows, s.mag, written[9], 9, 5.0)
            _one_hot_column(pages, rows, s.adventurer, written[10], 10, 6)
            _column(pages, rows, s.active, written[16], 16, 7.0)
            _column(pages, rows, s.camp, written[17], 17, 7.0)
            _column(pages, rows, s.supply, written[18], 18, 7.0)
            _column(pages, rows, s.on_special, written[20], 20, 7.0)
            _column(pages, rows, s.event_used, written[22], 22, 1.0)
            _bits_column(pages, rows, s.bonus_left, written[23], 23, 0)
            _bits_column(pages, rows, s.quest_done, written[26], 26, 3)      # the Quests on spaces 3, 4, 5
            untold, told = s.untold, s.told
            if untold != untold_w or told != told_w:
                for p in range(n):
                    if untold[p] != untold_w[p] or told[p] != told_w[p]:
                        untold_w[p], told_w[p] = untold[p][:], told[p][:]
                        o = stories_at + slot_of[p] * nenc * 2
                        out[o:o + nenc * 2] = no_stories
                        o -= 2
                        for e in untold[p]:
                            _put(pages, o + e * 2, 1.0)
                        for e in told[p]:
                            _put(pages, o + e * 2 + 1, 1.0)
            income = s.income
            if income != income_w:
                for p in range(n):
                    if income[p] != income_w[p]:
                        income_w[p] = income[p][:]
                        o = income_at + slot_of[p] * nincome
                        out[o:o + nincome] = no_income
                        o -= 1
                        for t in income[p]:
                            _put(pages, o + t, 1.0)

            _number(pages, decks, len(s.village_deck), sizes_w, 0, 45.0)
            _number(pages, decks + 1, len(s.enc_deck), sizes_w, 1, 28.0)
            _number(pages, decks + 2, len(s.event_stack), sizes_w, 2, 4.0)
            _number(pages, decks + 3, len(s.seal_pile), sizes_w, 3, 24.0)
            discard = s.seal_discard
            if discard != discard_w:
                for v in range(1, 4):
                    _put(pages, decks + 3 + v, discard.count(v) / 8)
                discard_w = discard[:]

        return update

    return make
