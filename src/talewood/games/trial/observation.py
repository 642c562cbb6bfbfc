"""What one seat sees of The Trial of the Forest, as a fixed-size vector of numbers (engine/observation.py).

Seats are ordered from the observer: slot 0 is the observer, slot 1 the next player, and so on; the
slots of absent players stay 0. Only what `view(seat)` shows is encoded: other hands and tents are
counted, never named; ruins items only once the observer has looked; decks by their size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import ObservationSpec, Segment
from . import camp, cards, expedition, fight, places, store, turn
from .tables import (
    SK_CARD_DRAW,
    SK_COLS,
    SK_DICE,
    SK_FAME,
    SK_SIZE,
    SK_STRENGTH,
    SK_UP_COLS,
)

if TYPE_CHECKING:
    from .game import TrialGame
    from .state import TrialState

SEATS = 4
PLACES = 17                      # 12 locations, the encounter section, the help spot, 3 expedition sections
SIDE_STATES = ("intact", "ruined", "ruins", "restored")
FRAME_KINDS = (
    turn.ChooseStart, turn.EncounterRefresh, turn.Turn, turn.DiscardDown, turn.Move,
    cards.ChooseOption, cards.ChoosePlan, cards.ChooseTarget, cards.PayUnit, cards.ChooseColumn, cards.GainFood,
    cards.ChooseWay, cards.ChooseWayPending, cards.FaceUpFromHand, cards.TuckColumn, cards.TuckCard,
    cards.TakeEncounter, cards.PickDiscard, cards.TakeStoreItem, cards.MakeRoom, cards.TradeIn, cards.Exchange,
    cards.DrawOffer, cards.Offer, cards.StealFood, cards.HelpFood,
    fight.ChooseWeapon, fight.Enhance, fight.Reroll, fight.SwindleDiscard,
    places.GroveEnhance, places.TowerEnhance, places.RuinsTake, places.HelpSpot, places.HelpBonus,
    places.ChooseSpace, store.StoreVisit, store.ChooseSlot, store.TradingBonus,
    expedition.Redraw, expedition.EmptyDeck, expedition.AdvanceStep, expedition.ChooseFlag,
    camp.UniversalCampsite, camp.ChooseTent, camp.ChooseTentSpot,
)
SEAT_FEATURES = 24


def observation_spec(game: TrialGame, players: int) -> ObservationSpec:
    t = game.tables
    return ObservationSpec([
        Segment("positions", (SEATS, t.n_spaces), "per seat from me: the space its piece stands on"),
        Segment("seats", (SEATS, SEAT_FEATURES),
                "per seat from me: present, food ×4 /8, hand /10, set aside /5, encounter cards in hand /5, "
                "story columns ×4 /8, face-up columns ×4 /8, movement /10, strength /10, trading /10, dice /5, "
                "card draw /5, story fame /40, morality -7..7 /7, paws at home /4"),
        Segment("hand", (t.n_hand_cards,), "my cards in hand and set aside"),
        Segment("stories", (SEATS, t.n_cards), "per seat from me: face-up story cards (mine face down too)"),
        Segment("backpacks", (SEATS, t.n_objects), "per seat from me: objects carried"),
        Segment("galleries", (SEATS, len(t.c.artifacts)), "per seat from me: artifacts in the gallery"),
        Segment("flags", (SEATS, 3), "per seat from me: the fame of its flag in each area /8"),
        Segment("paw_places", (SEATS, PLACES), "per seat from me: paw tokens on each place"),
        Segment("seat_flags", (SEATS, 4), "per seat from me: strong paw at home, camped today, first player, "
                                          "whose turn"),
        Segment("boosts", (SEATS, 4), "per seat from me: one-time movement, trading, strength, card-draw /3"),
        Segment("tiles", (len(t.locations), 6), "per location: the side's state ×4, flipped, tile known"),
        Segment("ruins", (len(t.locations), t.n_items + 2), "per location: the items I saw there, and how many "
                                                            "common and rare tokens lie there"),
        Segment("store", (t.n_slots, t.n_items + 1), "per store slot: the item, and how many /3"),
        Segment("encounters", (3, len(t.encounter_range)), "the face-up encounter cards"),
        Segment("expedition_tops", (3, max(len(r) for r in t.area_range)), "a revealed top card of each "
                                                                           "expedition deck"),
        Segment("artifacts", (len(t.c.artifacts),), "artifacts still in their slots"),
        Segment("my_tents", (len(t.c.tents),), "my tent tokens"),
        Segment("campsites", (len(t.campsites) + 1, len(t.c.tents) + 1), "per campsite: a tent I know of, and "
                                                                        "whether a tent lies there"),
        Segment("legendary", (len(t.legendary), SEATS + 1), "per legendary token: its holder from me, or unclaimed"),
        Segment("supply", (14,), "tray food ×4 /16, deed deck /70, discard /70, encounter deck /20, expedition "
                                 "decks ×3 /12, tent box /8, tunnel tokens in the tray /2, day /4, turns /80"),
        Segment("tunnels", (t.n_forest, 2), "per forest space: a passable tunnel, a collapsed token"),
        Segment("resolving", (t.n_cards + 4,), "the card being resolved; fight strength of both sides /20; "
                                              "cards played"),
        Segment("decision", (len(FRAME_KINDS) + SEATS,), "the pending decision's kind, and who decides, from me"),
    ])


def encode(game: TrialGame, s: TrialState, seat: int) -> list[float]:
    t = s.t
    spec = game.observation_spec(s.players, s.options)
    out = spec.zeros()
    n = s.players
    me = 1 << seat
    over = s.over
    slots = [(seat + k) % n for k in range(n)]
    at = spec.offset("positions")
    for k, who in enumerate(slots):
        if s.pos[who] >= 0:
            out[at + k * t.n_spaces + s.pos[who]] = 1.0
    at = spec.offset("seats")
    for k, who in enumerate(slots):
        o = at + k * SEAT_FEATURES
        b = who * SK_SIZE
        sk = s.sk
        hand = s.hand[who] + s.aside[who]
        out[o] = 1.0
        for f in range(4):
            out[o + 1 + f] = s.food[who * 4 + f] / 8
        out[o + 5] = len(s.hand[who]) / 10
        out[o + 6] = len(s.aside[who]) / 5
        out[o + 7] = sum(1 for c in hand if t.is_encounter[c]) / 5
        for col in range(4):
            out[o + 8 + col] = sk[b + SK_COLS + col] / 8
            out[o + 12 + col] = sk[b + SK_UP_COLS + col] / 8
        out[o + 16] = s.movement(who) / 10
        out[o + 17] = (t.base_strength + sk[b + SK_STRENGTH]) / 10
        out[o + 18] = s.trading(who) / 10
        out[o + 19] = (t.base_dice + sk[b + SK_DICE]) / 5
        out[o + 20] = sk[b + SK_CARD_DRAW] / 5
        out[o + 21] = sk[b + SK_FAME] / 40
        out[o + 22] = (s.morality[who] - t.morality_start) / 7
        out[o + 23] = s.paws_left(who) / 4
    at = spec.offset("hand")
    for c in s.hand[seat] + s.aside[seat]:
        out[at + c] += 1.0
    at = spec.offset("stories")
    for k, who in enumerate(slots):
        for code in s.story[who]:
            c = code >> 3
            if code & 1 or who == seat or over or s.known[c] & me:
                out[at + k * t.n_cards + c] = 1.0
    at = spec.offset("backpacks")
    for k, who in enumerate(slots):
        for o in s.backpack[who]:
            out[at + k * t.n_objects + o] += 1.0
    at = spec.offset("galleries")
    na = len(t.c.artifacts)
    for k, who in enumerate(slots):
        for a in s.gallery[who]:
            out[at + k * na + a] = 1.0
    at = spec.offset("flags")
    for k, who in enumerate(slots):
        for a in range(3):
            x = s.flags[who * 3 + a]
            if x >= 0:
                out[at + k * 3 + a] = t.finish_fame[x] / 8
    at = spec.offset("paw_places")
    for k, who in enumerate(slots):
        for p in s.placed[who]:
            out[at + k * PLACES + p] += 1.0
    at = spec.offset("seat_flags")
    for k, who in enumerate(slots):
        out[at + k * 4] = float(s.strong_home[who])
        out[at + k * 4 + 1] = float(s.camped[who])
        out[at + k * 4 + 2] = float(s.first == who)
        out[at + k * 4 + 3] = float(s.cur == who)
    at = spec.offset("boosts")
    for k, who in enumerate(slots):
        for b in range(4):
            out[at + k * 4 + b] = s.boosts_of(who, b) / 3
    at = spec.offset("tiles")
    for loc in range(len(t.locations)):
        side = s.side_of(loc)
        out[at + loc * 6 + SIDE_STATES.index(side.state)] = 1.0
        out[at + loc * 6 + 4] = float(s.tile_side[loc])
        out[at + loc * 6 + 5] = float(s.tile_known[loc])
    at = spec.offset("ruins")
    width = t.n_items + 2
    for loc in range(len(t.locations)):
        items = s.ruins[loc]
        if not items:
            continue
        if over or s.sees_ruins(seat, loc):
            for kind in items:
                out[at + loc * width + kind] += 1.0
        out[at + loc * width + t.n_items] = sum(1 for kind in items if not t.rare[kind]) / 2
        out[at + loc * width + t.n_items + 1] = float(sum(1 for kind in items if t.rare[kind]))
    at = spec.offset("store")
    for x in range(t.n_slots):
        if s.store_kind[x] >= 0:
            out[at + x * (t.n_items + 1) + s.store_kind[x]] = 1.0
            out[at + x * (t.n_items + 1) + t.n_items] = s.store_n[x] / 3
    at = spec.offset("encounters")
    first = t.encounter_range.start
    ne = len(t.encounter_range)
    for k, c in enumerate(s.enc_slots):
        if c >= 0:
            out[at + k * ne + c - first] = 1.0
    at = spec.offset("expedition_tops")
    width = max(len(r) for r in t.area_range)
    for a in range(3):
        if s.xtop[a] and s.xdeck[a]:
            out[at + a * width + s.xdeck[a][-1] - t.area_range[a].start] = 1.0
    at = spec.offset("artifacts")
    for a in range(na):
        out[at + a] = float(s.artifact_home[a])
    at = spec.offset("my_tents")
    for x in s.tents[seat]:
        out[at + x] += 1.0
    at = spec.offset("campsites")
    width = len(t.c.tents) + 1
    for k, x in enumerate(s.tent_on):
        if x >= 0:
            out[at + k * width + len(t.c.tents)] = 1.0
            if over or s.tent_knower[k] == seat:
                out[at + k * width + x] = 1.0
    at = spec.offset("legendary")
    for i, holder in enumerate(s.legendary):
        out[at + i * (SEATS + 1) + ((holder - seat) % n if holder >= 0 else SEATS)] = 1.0
    o = spec.offset("supply")
    for f in range(4):
        out[o + f] = s.tray[f] / 16
    out[o + 4] = len(s.deck) / 70
    out[o + 5] = len(s.discard) / 70
    out[o + 6] = len(s.enc_deck) / 20
    for a in range(3):
        out[o + 7 + a] = len(s.xdeck[a]) / 12
    out[o + 10] = len(s.tent_box) / 8
    out[o + 11] = sum(1 for x in s.tun_space if x < 0) / 2
    out[o + 12] = s.day / 4
    out[o + 13] = s.turns / 80
    at = spec.offset("tunnels")
    for x in s.passable_tunnels():
        out[at + x * 2] = 1.0
    for i, x in enumerate(s.tun_space):
        if x >= 0 and not s.tun_up[i]:
            out[at + x * 2 + 1] = 1.0
    o = spec.offset("resolving")
    if s.r_card >= 0:
        out[o + s.r_card] = 1.0
    if s.f_att >= 0:
        out[o + t.n_cards] = s.f_pts[0] / 20
        out[o + t.n_cards + 1] = s.f_pts[1] / 20
        out[o + t.n_cards + 2] = len(s.f_cards[0]) / 2
        out[o + t.n_cards + 3] = len(s.f_cards[1]) / 2
    if s.stack and not over:
        o = spec.offset("decision")
        top = s.stack[-1]
        if type(top) in FRAME_KINDS:
            out[o + FRAME_KINDS.index(type(top))] = 1.0
        out[o + len(FRAME_KINDS) + (top.seat - seat) % n] = 1.0
    return out


def max_decisions(game: TrialGame, players: int) -> int:
    """A bound on any game's decisions: every turn is bounded (see `turn_bound`), and there are at most
    (4 paw turns + 1 camping turn) × 4 days turns per player, plus the setup and the new days."""
    t = game.tables
    turns = players * (t.paws + 1) * t.days
    return players + t.days + turns * turn_bound(game, players)


def turn_bound(game: TrialGame, players: int) -> int:
    """Decisions one turn can take, at most. Each menu action ends in a bounded chain:

    - the menu itself: at most deed, move, paw, elixir, one per object dropped (5 slots) and the end: 11;
    - a move: 2 card discards, one per one-time symbol, the destination;
    - a card: its option, its plan, a target, one payment per unit, every effect's choices, a fight;
    - a store visit: one buy or sell per item kind (12) each with its payments and slots, the gallery;
    - the trading bonus: 2 discards, the symbols spent (each bonus costs 2 or more);
    - the hand limit: one discard per card over 7.
    The sum is generous on purpose; the contract tests check that no game comes near it.
    """
    t = game.tables
    cards = t.n_hand_cards
    card_chain = 4 + 8 + 12 + 20 + 2 * players      # option, plan, target, payments, effects, fight, others
    store_visit = t.n_items * 4 + len(t.c.artifacts) * 2 + 2 + 60
    return 11 + (4 + 20) + card_chain * 2 + store_visit + cards
