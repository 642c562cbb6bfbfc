"""What one seat sees of a Greylune game, as a fixed-size vector of numbers (engine/observation.py).

Seats are ordered from the observer: slot 0 is the observer, slot 1 the next player, and so on;
the slots of absent players stay 0. Everything on the table is public in Greylune, so the vector
holds what `view(seat)` shows and nothing else: the Village, the gaps, the Event, the track, the
Quests, every player's board, the sizes of the decks and the Seal discard, and the pending
decision with its fields. Deck orders, the cards removed at setup and the Seal pile's order are
never encoded. Counts are scaled to about [0, 1] by the bound written next to them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import ObservationSpec, Segment
from .actions import NGAPS
from .adventure import AfterMove, Arrive, Meet, Move, PutVillager
from .board import NO_CARD, SEASONS, YEARS
from .content import MAG
from .effects import BonusToken, HallOfTheHeroes, KaelOffer, LucanOffer, ReadyCard, SkillChoice
from .events import EventFromVillage
from .items import BranOffer, DiscardItem, IsandreOffer, UseAgain
from .seasons import Turn
from .stories import SPECIAL_SOURCE, BardStory, BoostSource, Story
from .village import ChooseSeal, DorianOffer, NerisCoins, NerisOffer, SeliaOffer

if TYPE_CHECKING:
    from .game import GreyluneGame
    from .state import GreyluneState

SEATS = 4
DECISIONS = (Turn, EventFromVillage, ChooseSeal, SeliaOffer, NerisOffer, DorianOffer, NerisCoins, BranOffer,
             IsandreOffer, UseAgain, DiscardItem, ReadyCard, SkillChoice, KaelOffer, LucanOffer, HallOfTheHeroes,
             BonusToken, Move, Arrive, Meet, AfterMove, PutVillager, Story, BoostSource, BardStory)
SEAT_FEATURES = (
    "present", "to act", "first player", "Spring", "Summer", "Autumn", "coins /20", "VP /50", "Strength /5",
    "Magic /5", "Adventurer on space 0-5 ×6", "Villagers active, in the Campsite, in the supply, on the Event, "
    "on the special space, in the Village ×6 /7", "Event used", "Bonus tokens left ×3", "Quests done on 3, 4, 5 ×3",
    "Item limit /8")
SEAT_WIDTH = 3 + 3 + 4 + 6 + 6 + 1 + 3 + 3 + 1
# the numeric fields of a pending decision, each with its scale
NUMBERS = (("extra", 8), ("seal", 3), ("selia", 3), ("neris", 1), ("ability", 1), ("donation", 1), ("amount", 5),
           ("magic", 1), ("stage", 1), ("reach", 10), ("elwen_used", 1), ("strength_boost", 6), ("magic_boost", 6),
           ("ignores", 2), ("total", 3), ("cards", 3), ("left", 2))


def observation_spec(game: GreyluneGame, players: int) -> ObservationSpec:
    c = game.content
    cards, encounters = len(c.cards), len(c.encounters) - 1
    return ObservationSpec([
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


def encode(game: GreyluneGame, s: GreyluneState, seat: int) -> list[float]:
    spec = game.observation_spec(s.players, s.options)
    out = spec.zeros()
    c = s.c
    n = s.players
    ncards = len(c.cards)
    nenc = len(c.encounters) - 1

    def slot_of(who: int) -> int:
        return (who - seat) % n

    out[spec.offset("year") + s.year - 1] = 1.0
    at = spec.offset("village")
    for slot in range(9):
        o = at + slot * (ncards + 4)
        if s.grid[slot] != NO_CARD:
            out[o + s.grid[slot]] = 1.0
            for v in s.seals[slot]:
                out[o + ncards + v - 1] += 1 / 3
            out[o + ncards + 3] = s.around(slot) / 8
    at = spec.offset("gaps")
    for g in range(NGAPS):
        for p in range(n):
            out[at + g * SEATS + slot_of(p)] = s.gapv[g * 4 + p] / 3
    if s.event_current >= 0:
        out[spec.offset("event") + s.event_current] = 1.0
        at = spec.offset("festival")
        for k, taker in enumerate(s.festival):
            out[at + k * (SEATS + 1) + (0 if taker < 0 else 1 + slot_of(taker))] = 1.0
    at = spec.offset("event_villagers")
    for p in range(n):
        out[at + slot_of(p)] = float(s.on_event[p])
    at = spec.offset("track")
    for e in s.enc_board:
        out[at + e - 1] = 1.0
    at = spec.offset("quests")
    first = spec.offset("quest_first")
    for i in range(3):
        out[at + i * len(c.quests) + s.quests[i]] = 1.0
        taker = s.quest_first[i]
        out[first + i * (SEATS + 1) + (0 if taker < 0 else 1 + slot_of(taker))] = 1.0
    current = s.current_player
    seats_at = spec.offset("seats")
    cards_at = spec.offset("cards")
    stories_at = spec.offset("stories")
    income_at = spec.offset("income")
    for p in range(n):
        k = slot_of(p)
        o = seats_at + k * SEAT_WIDTH
        values = [1.0, float(current == p), float(s.first_player == p)]
        values += [float(s.season[p] == x) for x in range(len(SEASONS))]
        values += [s.coins[p] / 20, s.vp[p] / 50, s.str_[p] / 5, s.mag[p] / 5]
        values += [float(s.adventurer[p] == d) for d in range(6)]
        values += [x / 7 for x in (s.active[p], s.camp[p], s.supply[p], s.on_event[p], s.on_special[p],
                                   s.villagers_in_village(p))]
        values.append(float(s.event_used[p]))
        values += [float((s.bonus_left[p] >> b) & 1) for b in range(3)]
        values += [float((s.quest_done[p] >> d) & 1) for d in (3, 4, 5)]
        values.append(s.item_limit(p) / 8)
        out[o:o + SEAT_WIDTH] = values
        exh = s.exh[p]
        for i in s.items[p] + s.comps[p]:
            o = cards_at + (k * ncards + i) * 2
            out[o] = 1.0
            out[o + 1] = float((exh >> i) & 1)
        for e in s.untold[p]:
            out[stories_at + (k * nenc + e - 1) * 2] = 1.0
        for e in s.told[p]:
            out[stories_at + (k * nenc + e - 1) * 2 + 1] = 1.0
        for t in s.income[p]:
            out[income_at + k * len(c.income) + t - 1] = 1.0
    o = spec.offset("decks")
    out[o] = len(s.village_deck) / 45
    out[o + 1] = len(s.enc_deck) / 28
    out[o + 2] = len(s.event_stack) / 4
    out[o + 3] = len(s.seal_pile) / 24
    for v in s.seal_discard:
        out[o + 3 + v] += 1 / 8
    if s.stack and not s.over:
        _encode_decision(spec, out, s, s.stack[-1], slot_of)
    return out


def _encode_decision(spec: ObservationSpec, out: list[float], s: GreyluneState, top: Any,
                     slot_of: Callable[[int], int]) -> None:
    out[spec.offset("decision") + DECISIONS.index(type(top))] = 1.0
    fields: dict[str, int] = top._asdict()
    out[spec.offset("decision_seat") + slot_of(fields["seat"])] = 1.0
    if "slot" in fields:
        out[spec.offset("decision_slot") + fields["slot"]] = 1.0
    if "gap" in fields:
        out[spec.offset("decision_gap") + fields["gap"]] = 1.0
    if "card" in fields:
        out[spec.offset("decision_card") + fields["card"]] = 1.0
    if "source" in fields:
        source = fields["source"]
        out[spec.offset("decision_source") + (len(s.c.cards) if source == SPECIAL_SOURCE else source)] = 1.0
    if "space" in fields:
        out[spec.offset("decision_space") + fields["space"]] = 1.0
    if "encounter" in fields:
        out[spec.offset("decision_encounter") + fields["encounter"] - 1] = 1.0
    o = spec.offset("decision_numbers")
    for i, (name, scale) in enumerate(NUMBERS):
        if name == "magic":
            if "skill" in fields:
                out[o + i] = float(fields["skill"] == MAG)
        elif name in fields:
            out[o + i] = float(fields[name]) / scale
