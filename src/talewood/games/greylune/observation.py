"""What one seat sees of a Greylune game, as a fixed-size vector of numbers (engine/observation.py).

Seats are ordered from the observer: slot 0 is the observer, slot 1 the next player, and so on;
the slots of absent players stay 0. Everything on the table is public in Greylune, so the vector
holds what `view(seat)` shows and nothing else: the Village, the gaps, the Event, the track, the
Quests, every player's board, the sizes of the decks and the Seal discard, and the pending
decision with its fields. Deck orders, the cards removed at setup and the Seal pile's order are
never encoded. Counts are scaled to about [0, 1] by the bound written next to them.

The writer fills a zeroed buffer in place (engine/observation.py) and writes only the numbers that
are not 0; the fields of each kind of pending decision are looked up once, not per call.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from ...engine import ObservationSpec, Segment, State
from ...engine.observation import Writer
from .actions import NGAPS, SLOT_GAPS
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


def observation_spec(game: GreyluneGame, players: int) -> ObservationSpec:
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
    spec.writer = _writer(game, spec)
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


def _writer(game: GreyluneGame, spec: ObservationSpec) -> Writer:
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

    def write(state: State, seat: int, out: array[float]) -> None:
        s: GreyluneState = state  # type: ignore[assignment]
        n = s.players
        slot_of = [(p - seat) % n for p in range(n)]
        out[year + s.year - 1] = 1.0
        grid, seals, gapv = s.grid, s.seals, s.gapv
        in_gap = [gapv[b] + gapv[b + 1] + gapv[b + 2] + gapv[b + 3] for b in range(0, NGAPS * 4, 4)]
        for slot in range(9):
            card = grid[slot]
            if card != NO_CARD:
                o = village + slot * slot_width
                out[o + card] = 1.0
                o += ncards
                for v in seals[slot]:
                    out[o + v - 1] += 1 / 3
                out[o + 3] = sum([in_gap[g] for g in SLOT_GAPS[slot]]) / 8     # around(slot)
        for g in range(NGAPS):
            if in_gap[g]:
                o = gaps + g * SEATS
                b = g * 4
                for p in range(n):
                    v = gapv[b + p]
                    if v:
                        out[o + slot_of[p]] = v / 3
        if s.event_current >= 0:
            out[event + s.event_current] = 1.0
            for k, taker in enumerate(s.festival):
                out[festival + k * (SEATS + 1) + (0 if taker < 0 else 1 + slot_of[taker])] = 1.0
        on_event = s.on_event
        for p in range(n):
            if on_event[p]:
                out[event_villagers + slot_of[p]] = float(on_event[p])
        for e in s.enc_board:
            out[track + e - 1] = 1.0
        for i in range(3):
            out[quests + i * nquests + s.quests[i]] = 1.0
            taker = s.quest_first[i]
            out[quest_first + i * (SEATS + 1) + (0 if taker < 0 else 1 + slot_of[taker])] = 1.0
        current = s.current_player
        for p in range(n):
            k = slot_of[p]
            o = seats_at + k * SEAT_WIDTH
            out[o] = 1.0
            if current == p:
                out[o + 1] = 1.0
            if s.first_player == p:
                out[o + 2] = 1.0
            season = s.season[p]
            if 0 <= season < len(SEASONS):
                out[o + 3 + season] = 1.0
            out[o + 6] = s.coins[p] / 20
            out[o + 7] = s.vp[p] / 50
            out[o + 8] = s.str_[p] / 5
            out[o + 9] = s.mag[p] / 5
            adventurer = s.adventurer[p]
            if 0 <= adventurer < 6:
                out[o + 10 + adventurer] = 1.0
            out[o + 16] = s.active[p] / 7
            out[o + 17] = s.camp[p] / 7
            out[o + 18] = s.supply[p] / 7
            out[o + 19] = on_event[p] / 7
            out[o + 20] = s.on_special[p] / 7
            out[o + 21] = sum(gapv[p:NGAPS * 4:4]) / 7   # villagers_in_village
            out[o + 22] = float(s.event_used[p])
            bonus, done = s.bonus_left[p], s.quest_done[p]
            out[o + 23] = float(bonus & 1)
            out[o + 24] = float((bonus >> 1) & 1)
            out[o + 25] = float((bonus >> 2) & 1)
            out[o + 26] = float((done >> 3) & 1)
            out[o + 27] = float((done >> 4) & 1)
            out[o + 28] = float((done >> 5) & 1)
            out[o + 29] = s.item_limit(p) / 8
            exh = s.exh[p]
            o = cards_at + k * ncards * 2
            for i in s.items[p]:
                out[o + i * 2] = 1.0
                if (exh >> i) & 1:
                    out[o + i * 2 + 1] = 1.0
            for i in s.comps[p]:
                out[o + i * 2] = 1.0
                if (exh >> i) & 1:
                    out[o + i * 2 + 1] = 1.0
            o = stories_at + (k * nenc - 1) * 2
            for e in s.untold[p]:
                out[o + e * 2] = 1.0
            for e in s.told[p]:
                out[o + e * 2 + 1] = 1.0
            o = income_at + k * nincome - 1
            for t in s.income[p]:
                out[o + t] = 1.0
        out[decks] = len(s.village_deck) / 45
        out[decks + 1] = len(s.enc_deck) / 28
        out[decks + 2] = len(s.event_stack) / 4
        out[decks + 3] = len(s.seal_pile) / 24
        for v in s.seal_discard:
            out[decks + 3 + v] += 1 / 8
        if s.stack and not s.over:
            top = s.stack[-1]
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

    return write
