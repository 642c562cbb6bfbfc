"""What one seat sees of a Greylune game, as a fixed-size vector of numbers (engine/observation.py).

Seats are ordered from the observer: slot 0 is the observer, slot 1 the next player, and so on;
the slots of absent players stay 0. Everything on the table is public in Greylune, so the vector
holds what `view(seat)` shows and nothing else: the Village, the gaps, the Event, the track, the
Quests, every player's board, the sizes of the decks and the Seal discard, and the pending
decision with its fields. Deck orders, the cards removed at setup and the Seal pile's order are
never encoded. Counts are scaled to about [0, 1] by the bound written next to them.

The encoding is written once, as an updater (engine/observation.py): it keeps one seat's buffer up
to date, each part of the vector (the year, each Village slot, the gaps, the Event and Festival, the
track, the Quests, the seats' rows by group of columns, each seat's cards, stories and Income
tokens, the decks, the decision) rewritten only when what it was last written from differs from a
snapshot kept of it. The Villagers in the gaps are followed one by one: the counts that moved are
found from the XOR of the gaps as bytes. The whole encoding is written by a fresh updater on a zeroed buffer,
so `encode` and the learning environments never disagree. Nothing is tracked in the state.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...engine import ObservationSpec, OptionValue, Segment, State
from ...engine.observation import Update, numbers_of
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

SEATS = 4
DECISIONS = (Turn, EventFromVillage, ChooseSeal, SeliaOffer, NerisOffer, DorianOffer, NerisCoins, BranOffer,
             IsandreOffer, UseAgain, DiscardItem, ReadyCard, SkillChoice, KaelOffer, LucanOffer, HallOfTheHeroes,
             BonusToken, Move, Arrive, Meet, AfterMove, PutVillager, Story, BoostSource, BardStory, QuestPotions,
             SeliaItemSeal)
SEAT_FEATURES = (
    "present", "to act", "first player", "Spring", "Summer", "Autumn", "coins /20", "VP /50", "Strength /5",
    "Magic /5", "Adventurer on space 0-5 ×6", "Villagers active, in the Campsite, in the supply, on the Event, "
    "on the special space, in the Village ×6 /7", "Event used", "Bonus tokens left ×3", "Quests done on 3, 4, 5 ×3",
    "Item limit /8")
SEAT_WIDTH = 3 + 3 + 4 + 6 + 6 + 1 + 3 + 3 + 1
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


def _updater(game: GreyluneGame, spec: ObservationSpec) -> Callable[[], Update]:
    """The spec's factory of updaters (engine/observation.py). Each part of the vector keeps a snapshot
    of what it was last written from and is rewritten only when that differs; the parts per seat (its
    row, its cards, its stories, its Income tokens) and per Village slot are rewritten one by one."""
    c = game.content
    ncards = len(c.cards)
    nenc = len(c.encounters) - 1
    nquests = len(c.quests)
    nincome = len(c.income)
    slot_width = ncards + 4
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
    no_event, no_event_villagers = zeros[:event_villagers - event], zeros[:SEATS]   # the Event and Festival
    no_quests, no_track, no_decks = zeros[:seats_at - quests], zeros[:nenc], zeros[:decision - decks]
    no_slot = zeros[:slot_width]
    no_cards, no_stories, no_income = zeros[:ncards * 2], zeros[:nenc * 2], zeros[:nincome]
    no_decision = zeros[decision:]

    # a seat's row (present, to act and first player apart), in groups of columns: a group whose lists
    # differ from those written is written again for every seat (a few numbers each: no diff per seat)
    seasons_hot = {v: numbers_of([float(v == k) for k in range(len(SEASONS))]) for v in range(len(SEASONS))}
    spaces_hot = {v: numbers_of([float(v == k) for k in range(6)]) for v in range(6)}
    no_season, no_space = zeros[:len(SEASONS)], zeros[:6]
    bits = [numbers_of([float(v & 1), float((v >> 1) & 1), float((v >> 2) & 1)]) for v in range(8)]

    def write_decision(out: array[float], top: Frame, slot_of: list[int]) -> None:
        kind = type(top)
        out[decision + kinds[kind]] = 1.0
        out[decision_seat + slot_of[top.seat]] = 1.0
        for i, how, o, scale in fields_of[kind]:
            value = top[i]
            if how == 0:
                out[o + value] = 1.0
            elif how == 1:
                out[o] = float(value) / scale
            elif how == 2:
                out[o] = float(value == MAG)
            else:
                out[special if value == SPECIAL_SOURCE else o + value] = 1.0

    def make() -> Update:
        # what each part was last written from; None (or a list of None) for not written yet
        order: tuple[int, int] | None = None              # (seat, players): the order of the seats
        slot_of: list[int] = []
        year_at = acting_at = first_at = -1
        gapv_w: list[int] = []                             # the Villagers per gap and seat written
        gapv_bits = 0                                      # and as one number, a byte each (counts < 256)
        in_village: list[int] = []                         # per seat: its Villagers in the Village
        around: list[int] = []                             # per slot: the Villagers around it
        grid_w: list[Any] = []
        seals_w: list[Any] = []
        event_at = -2                                      # the Event written (-1: none yet)
        festival_w: list[int] | None = None
        on_event_w: list[int] | None = None
        board_w: list[int] | None = None
        quests_w: list[int] | None = None
        quest_first_w: list[int] | None = None
        limits: list[int] = []                             # per seat: its Item limit
        row_at: list[int] = []                             # per seat: where its row starts
        counts_w: list[Any] | None = None                  # the lists of the seats' rows, by group
        villagers_w: list[Any] | None = None
        season_w: list[int] | None = None
        adventurer_w: list[int] | None = None
        flags_w: list[Any] | None = None
        items_w: list[Any] = []
        comps_w: list[Any] = []
        exh_w: list[Any] = []
        untold_w: list[Any] = []
        told_w: list[Any] = []
        income_w: list[Any] = []
        decks_w: tuple[int, int, int, int, list[int]] | None = None
        top_w: tuple[type, Any] | None = None

        def update(state: State, seat: int, out: array[float]) -> None:
            nonlocal order, slot_of, year_at, acting_at, first_at, gapv_w, gapv_bits, in_village, around, grid_w
            nonlocal seals_w, event_at, festival_w, on_event_w, board_w, quests_w, quest_first_w, limits, row_at
            nonlocal items_w, comps_w, exh_w, untold_w, told_w, income_w, decks_w, top_w, counts_w, villagers_w
            nonlocal season_w, adventurer_w, flags_w
            s: GreyluneState = state  # type: ignore[assignment]
            n = s.players
            if order != (seat, n):                          # first look, or another seat's order: all again
                if order is not None:
                    out[:] = zeros
                order = (seat, n)
                slot_of = [(p - seat) % n for p in range(n)]
                year_at = acting_at = first_at = -1
                gapv_w, gapv_bits, in_village, around = [0] * (NGAPS * 4), 0, [0] * n, [0] * 9   # all zeros
                event_at = -2
                festival_w = on_event_w = board_w = quests_w = quest_first_w = decks_w = top_w = None
                grid_w, seals_w = [None] * 9, [None] * 9
                items_w, comps_w, exh_w, limits = [None] * n, [None] * n, [None] * n, [0] * n
                counts_w = villagers_w = season_w = adventurer_w = flags_w = None
                row_at = [seats_at + slot_of[p] * SEAT_WIDTH for p in range(n)]
                untold_w, told_w, income_w = [None] * n, [None] * n, [None] * n
                for k in range(n):
                    out[seats_at + k * SEAT_WIDTH] = 1.0    # present
            if s.year != year_at:
                if year_at >= 0:
                    out[year + year_at - 1] = 0.0
                year_at = s.year
                out[year + year_at - 1] = 1.0

            grid, seals = s.grid, s.seals
            gapv = s.gapv
            if gapv != gapv_w:
                # the counts that changed: the bytes that differ, found from the lowest bit of the XOR
                now = int.from_bytes(bytes(gapv), "little")
                moved = now ^ gapv_bits
                while moved:
                    b = ((moved & -moved).bit_length() - 1) >> 3
                    moved &= ~(0xFF << (b << 3))
                    g, p = b >> 2, b & 3
                    v = gapv[b]
                    change = v - gapv_w[b]
                    out[gaps + g * SEATS + slot_of[p]] = v / 3
                    in_village[p] += change
                    for slot in GAPS[g]:
                        around[slot] += change
                        if grid[slot] != NO_CARD:
                            out[village + slot * slot_width + ncards + 3] = around[slot] / 8
                gapv_w, gapv_bits = gapv[:], now
            if grid != grid_w or seals != seals_w:
                for slot in range(9):
                    card = grid[slot]
                    if card != grid_w[slot] or seals[slot] != seals_w[slot]:
                        o = village + slot * slot_width
                        out[o:o + slot_width] = no_slot
                        if card != NO_CARD:
                            out[o + card] = 1.0
                            o += ncards
                            for v in seals[slot]:
                                out[o + v - 1] += 1 / 3
                            out[o + 3] = around[slot] / 8
                grid_w, seals_w = grid[:], seals[:]

            if s.event_current != event_at or s.festival != festival_w:
                out[event:event_villagers] = no_event
                if s.event_current >= 0:
                    out[event + s.event_current] = 1.0
                    for k, taker in enumerate(s.festival):
                        out[festival + k * (SEATS + 1) + (0 if taker < 0 else 1 + slot_of[taker])] = 1.0
                event_at, festival_w = s.event_current, s.festival[:]
            on_event = s.on_event
            if on_event != on_event_w:
                out[event_villagers:event_villagers + SEATS] = no_event_villagers
                for p in range(n):
                    if on_event[p]:
                        out[event_villagers + slot_of[p]] = float(on_event[p])
                on_event_w = on_event[:]
            if s.enc_board != board_w:
                out[track:track + nenc] = no_track
                for e in s.enc_board:
                    out[track + e - 1] = 1.0
                board_w = s.enc_board[:]
            if s.quests != quests_w or s.quest_first != quest_first_w:
                out[quests:seats_at] = no_quests
                for i in range(3):
                    out[quests + i * nquests + s.quests[i]] = 1.0
                    taker = s.quest_first[i]
                    out[quest_first + i * (SEATS + 1) + (0 if taker < 0 else 1 + slot_of[taker])] = 1.0
                quests_w, quest_first_w = s.quests[:], s.quest_first[:]

            top = s.stack[-1] if s.stack and not s.over else None
            at = -1 if top is None else slot_of[top.seat]      # who decides (Greylune has no chance steps)
            if at != acting_at:
                if acting_at >= 0:
                    out[seats_at + acting_at * SEAT_WIDTH + 1] = 0.0
                if at >= 0:
                    out[seats_at + at * SEAT_WIDTH + 1] = 1.0
                acting_at = at
            first = s.first_player
            at = slot_of[first] if 0 <= first < n else -1
            if at != first_at:
                if first_at >= 0:
                    out[seats_at + first_at * SEAT_WIDTH + 2] = 0.0
                if at >= 0:
                    out[seats_at + at * SEAT_WIDTH + 2] = 1.0
                first_at = at
            items, comps, exh = s.items, s.comps, s.exh
            if items != items_w or comps != comps_w or exh != exh_w:
                for p in range(n):
                    held, companions, exhausted = items[p], comps[p], exh[p]
                    if held != items_w[p] or companions != comps_w[p]:
                        limits[p] = s.item_limit(p)
                    elif exhausted == exh_w[p]:
                        continue
                    o = cards_at + slot_of[p] * ncards * 2
                    out[o:o + ncards * 2] = no_cards
                    for i in (*held, *companions):
                        out[o + i * 2] = 1.0
                        if (exhausted >> i) & 1:
                            out[o + i * 2 + 1] = 1.0
                items_w, comps_w, exh_w = list(map(list.copy, items)), list(map(list.copy, comps)), exh[:]
            counts = [s.coins, s.vp, s.str_, s.mag]
            if counts != counts_w:
                coins, vp, strength, magic = counts
                for p in range(n):
                    o = row_at[p]
                    out[o + 6] = coins[p] / 20
                    out[o + 7] = vp[p] / 50
                    out[o + 8] = strength[p] / 5
                    out[o + 9] = magic[p] / 5
                counts_w = [coins[:], vp[:], strength[:], magic[:]]
            villagers = [s.active, s.camp, s.supply, on_event, s.on_special, in_village]
            if villagers != villagers_w:
                active, camp, supply, _, on_special, _ = villagers
                villagers_w = [active[:], camp[:], supply[:], on_event[:], on_special[:], in_village[:]]
                for p in range(n):
                    o = row_at[p]
                    out[o + 16] = active[p] / 7
                    out[o + 17] = camp[p] / 7
                    out[o + 18] = supply[p] / 7
                    out[o + 19] = on_event[p] / 7
                    out[o + 20] = on_special[p] / 7
                    out[o + 21] = in_village[p] / 7
            season, adventurer = s.season, s.adventurer
            if season != season_w or adventurer != adventurer_w:
                for p in range(n):
                    o = row_at[p]
                    out[o + 3:o + 6] = seasons_hot.get(season[p], no_season)
                    out[o + 10:o + 16] = spaces_hot.get(adventurer[p], no_space)
                season_w, adventurer_w = season[:], adventurer[:]
            flags = [s.event_used, s.bonus_left, s.quest_done, limits]
            if flags != flags_w:
                used, bonus, done, _ = flags
                flags_w = [used[:], bonus[:], done[:], limits[:]]
                for p in range(n):
                    o = row_at[p]
                    out[o + 22] = float(used[p])
                    out[o + 23:o + 26] = bits[bonus[p] & 7]
                    out[o + 26:o + 29] = bits[(done[p] >> 3) & 7]
                    out[o + 29] = limits[p] / 8
            untold, told = s.untold, s.told
            if untold != untold_w or told != told_w:
                for p in range(n):
                    if untold[p] != untold_w[p] or told[p] != told_w[p]:
                        o = stories_at + slot_of[p] * nenc * 2
                        out[o:o + nenc * 2] = no_stories
                        o -= 2
                        for e in untold[p]:
                            out[o + e * 2] = 1.0
                        for e in told[p]:
                            out[o + e * 2 + 1] = 1.0
                untold_w, told_w = list(map(list.copy, untold)), list(map(list.copy, told))
            income = s.income
            if income != income_w:
                for p in range(n):
                    if income[p] != income_w[p]:
                        o = income_at + slot_of[p] * nincome
                        out[o:o + nincome] = no_income
                        o -= 1
                        for t in income[p]:
                            out[o + t] = 1.0
                income_w = list(map(list.copy, income))

            sizes = (len(s.village_deck), len(s.enc_deck), len(s.event_stack), len(s.seal_pile), s.seal_discard)
            if sizes != decks_w:
                out[decks:decision] = no_decks
                out[decks] = sizes[0] / 45
                out[decks + 1] = sizes[1] / 28
                out[decks + 2] = sizes[2] / 4
                out[decks + 3] = sizes[3] / 24
                for v in s.seal_discard:
                    out[decks + 3 + v] += 1 / 8
                decks_w = (*sizes[:4], s.seal_discard[:])
            if top is None:
                if top_w is not None:
                    out[decision:] = no_decision
                    top_w = None
            elif top_w is None or (top is not top_w[1] and (type(top), top) != top_w):
                out[decision:] = no_decision
                write_decision(out, top, slot_of)
                top_w = (type(top), top)

        return update

    return make
