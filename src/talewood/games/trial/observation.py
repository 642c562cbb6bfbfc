"""What one seat sees of The Trial of the Forest, as a fixed-size vector of numbers (engine/observation.py).

Seats are ordered from the observer: slot 0 is the observer, slot 1 the next player, and so on; the
slots of absent players stay 0. Only what `view(seat)` shows is encoded: other hands and tents are
counted, never named; ruins items only once the observer has looked; decks by their size.

The writer fills a zeroed buffer in place (engine/observation.py), writes only the numbers that are
not 0, and looks up once per game what never changes (offsets, each tile side's state).
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from ...engine import ObservationSpec, Segment, State
from ...engine.observation import Writer
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
    spec = ObservationSpec([
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
    spec.writer = _writer(game, spec)
    return spec


def encode(game: TrialGame, s: TrialState, seat: int) -> list[float]:
    return game.observation_spec(s.players, s.options).encode(s, seat)


def _tile_row(state: int, side: int, known: int) -> array[float]:
    """A location's numbers: its side's state one-hot, flipped, tile known."""
    row = array("d", bytes(8 * 6))
    row[state] = 1.0
    row[4] = float(side)
    row[5] = float(known)
    return row


def _writer(game: TrialGame, spec: ObservationSpec) -> Writer:
    t = game.tables
    positions, seats, hand_at, stories = spec.offset("positions"), spec.offset("seats"), spec.offset("hand"), \
        spec.offset("stories")
    backpacks, galleries, flags, paw_places = spec.offset("backpacks"), spec.offset("galleries"), \
        spec.offset("flags"), spec.offset("paw_places")
    seat_flags, boosts, tiles, ruins = spec.offset("seat_flags"), spec.offset("boosts"), spec.offset("tiles"), \
        spec.offset("ruins")
    store_at, encounters, tops, artifacts = spec.offset("store"), spec.offset("encounters"), \
        spec.offset("expedition_tops"), spec.offset("artifacts")
    my_tents, campsites, legendary, supply = spec.offset("my_tents"), spec.offset("campsites"), \
        spec.offset("legendary"), spec.offset("supply")
    tunnels, resolving, decision = spec.offset("tunnels"), spec.offset("resolving"), spec.offset("decision")
    n_spaces, n_cards, n_objects, n_items = t.n_spaces, t.n_cards, t.n_objects, t.n_items
    na = len(t.c.artifacts)
    ntents = len(t.c.tents)
    nlocs = len(t.locations)
    ne = len(t.encounter_range)
    first_encounter = t.encounter_range.start
    top_width = max(len(r) for r in t.area_range)
    area_start = [r.start for r in t.area_range]
    is_encounter, rare, finish_fame, tent_boost = t.is_encounter, t.rare, t.finish_fame, t.tent_boost
    # per tile, side (0 front, 1 back) and whether it is known: its location's numbers in `tiles`
    tile_rows = [[[_tile_row(SIDE_STATES.index(side.state), flipped, known) for known in (0, 1)]
                  for flipped, side in enumerate((tile.front, tile.back))] for tile in t.tiles]
    kinds = {kind: i for i, kind in enumerate(FRAME_KINDS)}
    nkinds = len(FRAME_KINDS)

    def write(state: State, seat: int, out: array[float]) -> None:
        s: TrialState = state  # type: ignore[assignment]
        n = s.players
        me = 1 << seat
        over = s.over
        slots = [(seat + k) % n for k in range(n)]
        sk = s.sk
        for k, who in enumerate(slots):
            if s.pos[who] >= 0:
                out[positions + k * n_spaces + s.pos[who]] = 1.0
            o = seats + k * SEAT_FEATURES
            b = who * SK_SIZE
            hand, aside = s.hand[who], s.aside[who]
            out[o] = 1.0
            food = s.food
            f = who * 4
            out[o + 1] = food[f] / 8
            out[o + 2] = food[f + 1] / 8
            out[o + 3] = food[f + 2] / 8
            out[o + 4] = food[f + 3] / 8
            out[o + 5] = len(hand) / 10
            out[o + 6] = len(aside) / 5
            out[o + 7] = (sum([1 for c in hand if is_encounter[c]]) + sum([1 for c in aside if is_encounter[c]])) / 5
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
            o = stories + k * n_cards
            for code in s.story[who]:
                c = code >> 3
                if code & 1 or who == seat or over or s.known[c] & me:
                    out[o + c] = 1.0
            o = backpacks + k * n_objects
            for x in s.backpack[who]:
                out[o + x] += 1.0
            o = galleries + k * na
            for a in s.gallery[who]:
                out[o + a] = 1.0
            o = flags + k * 3
            for a in range(3):
                x = s.flags[who * 3 + a]
                if x >= 0:
                    out[o + a] = finish_fame[x] / 8
            o = paw_places + k * PLACES
            for p in s.placed[who]:
                out[o + p] += 1.0
            o = seat_flags + k * 4
            out[o] = float(s.strong_home[who])
            out[o + 1] = float(s.camped[who])
            out[o + 2] = float(s.first == who)
            out[o + 3] = float(s.cur == who)
            o = boosts + k * 4
            kept = [0, 0, 0, 0]
            for x in s.tent_kept[who]:
                if 0 <= tent_boost[x] < 4:
                    kept[tent_boost[x]] += 1
            b = who * 4
            for x in range(4):
                out[o + x] = (s.boosts[b + x] + kept[x]) / 3     # boosts_of(who, x)
        for c in s.hand[seat]:
            out[hand_at + c] += 1.0
        for c in s.aside[seat]:
            out[hand_at + c] += 1.0
        tile_at, tile_side, tile_known = s.tile_at, s.tile_side, s.tile_known
        width = n_items + 2
        for loc in range(nlocs):
            o = tiles + loc * 6
            out[o:o + 6] = tile_rows[tile_at[loc]][1 if tile_side[loc] else 0][1 if tile_known[loc] else 0]
            items = s.ruins[loc]
            if items:
                o = ruins + loc * width
                if over or s.sees_ruins(seat, loc):
                    for kind in items:
                        out[o + kind] += 1.0
                out[o + n_items] = sum([1 for kind in items if not rare[kind]]) / 2
                out[o + n_items + 1] = float(sum([1 for kind in items if rare[kind]]))
        for x in range(t.n_slots):
            kind = s.store_kind[x]
            if kind >= 0:
                o = store_at + x * (n_items + 1)
                out[o + kind] = 1.0
                out[o + n_items] = s.store_n[x] / 3
        for k, c in enumerate(s.enc_slots):
            if c >= 0:
                out[encounters + k * ne + c - first_encounter] = 1.0
        for a in range(3):
            if s.xtop[a] and s.xdeck[a]:
                out[tops + a * top_width + s.xdeck[a][-1] - area_start[a]] = 1.0
        out[artifacts:artifacts + na] = array("d", map(float, s.artifact_home))
        for x in s.tents[seat]:
            out[my_tents + x] += 1.0
        width = ntents + 1
        for k, x in enumerate(s.tent_on):
            if x >= 0:
                o = campsites + k * width
                out[o + ntents] = 1.0
                if over or s.tent_knower[k] == seat:
                    out[o + x] = 1.0
        for i, holder in enumerate(s.legendary):
            out[legendary + i * (SEATS + 1) + ((holder - seat) % n if holder >= 0 else SEATS)] = 1.0
        o = supply
        tray = s.tray
        out[o] = tray[0] / 16
        out[o + 1] = tray[1] / 16
        out[o + 2] = tray[2] / 16
        out[o + 3] = tray[3] / 16
        out[o + 4] = len(s.deck) / 70
        out[o + 5] = len(s.discard) / 70
        out[o + 6] = len(s.enc_deck) / 20
        for a in range(3):
            out[o + 7 + a] = len(s.xdeck[a]) / 12
        out[o + 10] = len(s.tent_box) / 8
        out[o + 11] = sum([1 for x in s.tun_space if x < 0]) / 2
        out[o + 12] = s.day / 4
        out[o + 13] = s.turns / 80
        for x in s.passable_tunnels():
            out[tunnels + x * 2] = 1.0
        for i, x in enumerate(s.tun_space):
            if x >= 0 and not s.tun_up[i]:
                out[tunnels + x * 2 + 1] = 1.0
        o = resolving
        if s.r_card >= 0:
            out[o + s.r_card] = 1.0
        if s.f_att >= 0:
            out[o + n_cards] = s.f_pts[0] / 20
            out[o + n_cards + 1] = s.f_pts[1] / 20
            out[o + n_cards + 2] = len(s.f_cards[0]) / 2
            out[o + n_cards + 3] = len(s.f_cards[1]) / 2
        if s.stack and not over:
            top = s.stack[-1]
            index = kinds.get(type(top))
            if index is not None:
                out[decision + index] = 1.0
            out[decision + nkinds + (top.seat - seat) % n] = 1.0

    return write


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
