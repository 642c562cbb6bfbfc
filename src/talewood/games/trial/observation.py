"""What one seat sees of The Trial of the Forest, as a fixed-size vector of numbers (engine/observation.py).

Seats are ordered from the observer: slot 0 is the observer, slot 1 the next player, and so on; the
slots of absent players stay 0. Only what `view(seat)` shows is encoded: other hands and tents are
counted, never named; ruins items only once the observer has looked; decks by their size.

The encoding is written once, as the spec's updater (engine/observation.py): it keeps one buffer up to
date for one seat, rewriting only the parts whose inputs differ from what it last wrote there (it keeps
copies of those inputs, never the state), and looks up once per game what never changes (offsets, each
tile side's state). The whole encoding is written by a fresh updater on the zeroed buffer, so `Game.encode` and the
learning environments' kept buffers come from the same code.
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from ...engine import ObservationSpec, OptionValue, Segment, State
from ...engine.observation import NUMBER, NUMBER_BYTES, Update, move_one, numbers, numbers_of
from . import camp, cards, effects, expedition, fight, food, forest, objects, others, paying, places, store, story, turn
from .tables import (
    SK_CARD_DRAW,
    SK_COLS,
    SK_DICE,
    SK_FAME,
    SK_SIZE,
    SK_STRENGTH,
    SK_UP_COLS,
)

assert SK_UP_COLS == SK_COLS + 4     # a seat's columns, then its face-up columns: 8 numbers in a row

if TYPE_CHECKING:
    from .game import TrialGame
    from .state import TrialState

SEATS: Final = 4
PLACES: Final = 17               # 12 locations, the encounter section, the help spot, 3 expedition sections
SIDE_STATES = ("intact", "ruined", "ruins", "restored")
FRAME_KINDS = (
    turn.ChooseStart, turn.EncounterRefresh, turn.Turn, turn.DiscardDown, turn.Move,
    cards.ChooseOption, cards.ChoosePlan, others.ChooseTarget, paying.PayUnit, story.ChooseColumn, food.GainFood,
    story.ChooseWay, story.ChooseWayPending, story.FaceUpFromHand, story.TuckColumn, story.TuckCard,
    effects.TakeEncounter, effects.PickDiscard, objects.TakeStoreItem, objects.MakeRoom, effects.TradeIn, food.Exchange,
    others.DrawOffer, others.Offer, others.StealFood, food.HelpFood,
    fight.ChooseWeapon, fight.Enhance, fight.Reroll, fight.SwindleDiscard,
    places.GroveEnhance, places.TowerEnhance, places.RuinsTake, places.HelpSpot, places.HelpBonus,
    forest.ChooseSpace, store.StoreVisit, objects.ChooseSlot, store.TradingBonus,
    expedition.Redraw, expedition.EmptyDeck, expedition.AdvanceStep, expedition.ChooseFlag,
    camp.UniversalCampsite, camp.ChooseTent, camp.ChooseTentSpot,
)
SEAT_FEATURES: Final = 24


def observation_spec(game: TrialGame, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
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
    spec.updater = _updater(game, spec)      # and no writer: a fresh updater writes a zeroed buffer
    return spec


def encode(game: TrialGame, s: TrialState, seat: int) -> list[float]:
    return game.observation_spec(s.players, s.options).encode(s, seat)


def _tile_row(state: int, side: int, known: int) -> array[float]:
    """A location's numbers: its side's state one-hot, flipped, tile known."""
    row = numbers(6)
    row[state] = 1.0
    row[4] = float(side)
    row[5] = float(known)
    return row


def _slot(who: int, seat: int, n: int) -> int:
    """`who`'s slot counted from `seat` at a table of `n` (-1: no one)."""
    return (who - seat) % n if who >= 0 else -1


def _zeros(size: int) -> array[float]:
    return numbers(size)


def _copies(lists: list[list[int]]) -> list[list[int]]:
    return list(map(list.copy, lists))


def _recount(out: memoryview[float], at: int, was: list[int], now: list[int]) -> None:
    """The numbers from `at` count the items of `was` (1 more at an item's index for each): make them count
    those of `now`, changing only the counts of the items gained or lost (whole numbers, so the same as
    counting afresh). Lists mostly change at their end: what they begin with alike is passed over, and a
    list that only gained or only lost at its end is followed without a search."""
    same, end = 0, min(len(was), len(now))
    while same < end and was[same] == now[same]:
        same += 1
    if same == len(was):          # only gained
        for i in range(same, len(now)):
            out[at + now[i]] += 1.0
        return
    if same == len(now):          # only lost
        for i in range(same, len(was)):
            out[at + was[i]] -= 1.0
        return
    rest = was[same:]
    for i in range(same, len(now)):
        x = now[i]
        if x in rest:
            rest.remove(x)
        else:
            out[at + x] += 1.0
    for x in rest:
        out[at + x] -= 1.0


def _put(count: int) -> Callable[..., None]:
    """Writes `count` numbers in a row into a buffer, `put(out, index * NUMBER_BYTES, *numbers)` (where they
    start, in bytes): one call, where item by item each number would be converted on its own (the same
    float32 rounding either way)."""
    return struct.Struct(f"{count}{NUMBER}").pack_into


class _Seen:
    """What one updater last wrote, by its inputs: copies of the state's lists (they change in place)
    and small keys, never the state itself. The inputs a zeroed buffer stands for start as that (no
    piece placed, no cards, no decision...), and are compared typed; the others are None until written."""

    # the seat and table size the buffer is written for, and the seats in slot order (from that seat)
    seat: int
    n: int
    slots: list[int]
    kind: int                        # the decision's kind set to 1 in `decision`, or -1
    decider: int                     # who decides (from the seat) set to 1 in `decision`, or -1
    r_card: int                      # the card set to 1 in `resolving`, or -1
    first: int                       # the seats set to 1 in `seat_flags` as the first player's and whose turn
    cur: int                         # it is, or -1
    fight: tuple[int, int, int, int]  # the numbers of a fight in `resolving` (zeros: none)
    piles: tuple[int, int, int, int, int, int]  # the sizes and counters in `supply`
    enc_slots: list[int]             # the face-up encounter cards set to 1 (-1: none)
    store_kind: list[int]            # per store slot: the item set to 1 (-1: none), and how many
    store_n: list[int]
    shown: list[list[int]]           # per slot: the cards set to 1 in its row of `stories`
    face_down: list[list[int]]       # per slot: another seat's face-down story cards (shown if I know them)
    knew: list[list[bool]]           # per slot: whether I knew each of those cards
    skills: list[list[int] | None]   # per seat: its counters in `sk`, as last written
    sk: list[int]                    # every seat's counters, as last written (-1: unwritten, as none is)
    top: object                      # the pending decision's frame last written (frames are immutable), or None
    # inputs as a zeroed buffer shows them, then as last written (kept in place): a seat's objects count
    # nothing in `backpacks`, and its one-time symbols are 0 (but its row in `seats` is unwritten: `skills`)
    pos: list[int]
    food: list[int]                  # every seat's food (the state's list), and per seat its four foods
    foods: list[tuple[int, int, int, int]]
    tray: list[int]
    paws_home: list[int]
    strong_home: list[bool]
    camped: list[bool]
    hand: list[list[int]]
    aside: list[list[int]]
    story: list[list[int]]
    gallery: list[list[int]]
    placed: list[list[int]]
    backpack: list[list[int]]
    boosts: list[int]                # every seat's one-time symbols from cards, and per seat its four
    card_boosts: list[tuple[int, int, int, int]]
    tent_kept: list[list[int]]
    # the other inputs, as last written (Any: None until written)
    artifact_home: Any
    flags: Any
    legendary: Any
    morality: Any
    over: Any
    ruins: Any
    ruins_seen: Any
    rv_loc: Any
    tent_knower: Any
    tent_on: Any
    tents: Any
    tile_at: Any
    tile_known: Any
    tile_side: Any
    tun_space: Any
    tun_up: Any
    xdeck: Any
    xtop: Any

    def __init__(self) -> None:
        self.seat, self.n = -1, 0

    def forget(self, seat: int, n: int, store_slots: int) -> None:
        """Everything as unwritten, for `seat` at a table of `n` (the buffer has just been zeroed)."""
        # every input, unwritten
        self.artifact_home = self.flags = self.legendary = self.morality = \
            self.over = self.ruins = self.ruins_seen = self.rv_loc = \
            self.tent_knower = self.tent_on = self.tents = self.tile_at = self.tile_known = self.tile_side = \
            self.tun_space = self.tun_up = self.xdeck = self.xtop = None
        self.seat, self.n = seat, n
        self.slots = [(seat + k) % n for k in range(n)] if n else []
        self.kind = self.decider = self.r_card = self.first = self.cur = -1
        self.fight, self.piles = (0, 0, 0, 0), (0, 0, 0, 0, 0, 0)
        self.enc_slots, self.store_kind, self.store_n = [-1, -1, -1], [-1] * store_slots, [0] * store_slots
        self.shown, self.face_down, self.knew = [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)]
        self.skills, self.sk, self.top = [None] * n, [-1] * (SK_SIZE * n), None
        # what a zeroed buffer shows: no piece placed, no food, all paw tokens out, no one camped; the
        # lists of cards or tokens per seat empty (kept row by row)
        self.pos, self.food, self.tray, self.paws_home = [-1] * n, [0] * (4 * n), [0, 0, 0, 0], [0] * n
        self.foods, self.card_boosts = [(0, 0, 0, 0)] * n, [(0, 0, 0, 0)] * n
        self.strong_home, self.camped = [False] * n, [False] * n
        self.hand, self.aside, self.story = [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)]
        self.gallery, self.placed, self.backpack = [[] for _ in range(n)], [[] for _ in range(n)], \
            [[] for _ in range(n)]
        self.boosts, self.tent_kept = [0] * (4 * n), [[] for _ in range(n)]


def _updater(game: TrialGame, spec: ObservationSpec) -> Callable[[], Update]:
    """The factory of the spec's updaters (engine/observation.py). A part of the buffer is written again
    when one of its inputs differs from what that updater last wrote there; in the parts kept per seat
    (`positions`, `seats`, `stories`, `backpacks`, `galleries`, `paw_places`) only the rows of the seats
    whose inputs changed. A part written again is zeroed first, or has every one of its numbers
    assigned, so nothing stays of what no longer holds."""
    t = game.tables
    positions, seats, hand_at, stories = spec.offset("positions"), spec.offset("seats"), spec.offset("hand"), \
        spec.offset("stories")
    backpacks, galleries, flags_at, paw_places = spec.offset("backpacks"), spec.offset("galleries"), \
        spec.offset("flags"), spec.offset("paw_places")
    seat_flags, boosts_at, tiles, ruins_at = spec.offset("seat_flags"), spec.offset("boosts"), \
        spec.offset("tiles"), spec.offset("ruins")
    store_at, encounters, tops, artifacts = spec.offset("store"), spec.offset("encounters"), \
        spec.offset("expedition_tops"), spec.offset("artifacts")
    my_tents, campsites, legendary_at, supply = spec.offset("my_tents"), spec.offset("campsites"), \
        spec.offset("legendary"), spec.offset("supply")
    tunnels, resolving, decision = spec.offset("tunnels"), spec.offset("resolving"), spec.offset("decision")
    n_spaces, n_cards, n_objects, n_items, n_slots = t.n_spaces, t.n_cards, t.n_objects, t.n_items, t.n_slots
    na = len(t.c.artifacts)
    ntents = len(t.c.tents)
    nlocs = len(t.locations)
    ne = len(t.encounter_range)
    first_encounter = t.encounter_range.start
    top_width = max(len(r) for r in t.area_range)
    area_start = [r.start for r in t.area_range]
    is_encounter, rare, finish_fame, tent_boost = t.is_encounter, t.rare, t.finish_fame, t.tent_boost
    # a seat's skill counters in `sk`, named once here (read as locals, not as the module's names, each time)
    skill_size, columns, strength_at, dice_at, card_draw_at, fame_at = \
        SK_SIZE, SK_COLS, SK_STRENGTH, SK_DICE, SK_CARD_DRAW, SK_FAME
    put3, put4, put14 = _put(3), _put(4), _put(14)
    base_strength, base_dice, morality_start = t.base_strength, t.base_dice, t.morality_start
    # per tile, side (0 front, 1 back) and whether it is known: its location's numbers in `tiles`
    tile_rows = [[[_tile_row(SIDE_STATES.index(side.state), flipped, known) for known in (0, 1)]
                  for flipped, side in enumerate((tile.front, tile.back))] for tile in t.tiles]
    kinds = {kind: i for i, kind in enumerate(FRAME_KINDS)}
    nkinds = len(FRAME_KINDS)
    ruins_width, store_width, campsite_width = n_items + 2, n_items + 1, ntents + 1
    # zeros to copy over a part, or over one seat's row of it, before writing it again
    zeros, zero_gallery = _zeros(spec.size), _zeros(na)
    zero_ruins, zero_tops, zero_tents = _zeros(nlocs * ruins_width), _zeros(3 * top_width), _zeros(ntents)
    zero_campsites = _zeros((len(t.campsites) + 1) * campsite_width)
    zero_legendary = _zeros(len(t.legendary) * (SEATS + 1))
    zero_tunnels = _zeros(t.n_forest * 2)

    def seldom(last: _Seen, s: TrialState, seat: int, n: int, slots: list[int], over: bool, ended: bool,
               out: array[float], view: memoryview[float]) -> None:
        """The parts whose inputs seldom change (after one look in five or fewer): each compared on its own, as
        comparing them all at once first costs as much again."""
        gallery = s.gallery
        old = last.gallery
        if gallery != old:
            for k, who in enumerate(slots):
                if gallery[who] != old[who]:
                    o = galleries + k * na
                    out[o:o + na] = zero_gallery
                    for a in gallery[who]:
                        view[o + a] = 1.0
                    old[who] = gallery[who][:]

        flags = s.flags
        if flags != last.flags:
            for k, who in enumerate(slots):
                o = flags_at + k * 3
                for a in range(3):
                    x = s.flag(who, a)
                    view[o + a] = finish_fame[x] / 8 if x >= 0 else 0.0
            last.flags = flags[:]

        boosts, tent_kept = s.boosts, s.tent_kept
        old_boosts, old_kept = last.boosts, last.tent_kept
        if boosts != old_boosts or tent_kept != old_kept:
            old_card_boosts = last.card_boosts
            for k, who in enumerate(slots):
                mine = s.card_boosts(who)
                if mine != old_card_boosts[who] or tent_kept[who] != old_kept[who]:
                    kept = [0, 0, 0, 0]
                    for x in tent_kept[who]:
                        if 0 <= tent_boost[x] < 4:
                            kept[tent_boost[x]] += 1
                    # boosts_of(who, x) for each symbol x
                    put4(out, (boosts_at + k * 4) * NUMBER_BYTES, (mine[0] + kept[0]) / 3, (mine[1] + kept[1]) / 3,
                         (mine[2] + kept[2]) / 3, (mine[3] + kept[3]) / 3)
                    old_card_boosts[who] = mine
                    old_kept[who][:] = tent_kept[who]
            old_boosts[:] = boosts

        tile_at, tile_side, tile_known = s.tile_at, s.tile_side, s.tile_known
        if tile_at != last.tile_at or tile_side != last.tile_side or tile_known != last.tile_known:
            for loc in range(nlocs):
                o = tiles + loc * 6
                out[o:o + 6] = tile_rows[tile_at[loc]][1 if tile_side[loc] else 0][1 if tile_known[loc] else 0]
            last.tile_at, last.tile_side, last.tile_known = tile_at[:], tile_side[:], tile_known[:]

        ruins, ruins_seen, rv_loc = s.ruins, s.ruins_seen, s.rv_loc
        if ruins != last.ruins or ruins_seen != last.ruins_seen or rv_loc != last.rv_loc or ended:
            out[ruins_at:ruins_at + len(zero_ruins)] = zero_ruins
            for loc in range(nlocs):
                items = ruins[loc]
                if items:
                    o = ruins_at + loc * ruins_width
                    if over or s.sees_ruins(seat, loc):
                        for kind in items:
                            view[o + kind] += 1.0
                    rares = 0
                    for kind in items:
                        if rare[kind]:
                            rares += 1
                    view[o + n_items] = (len(items) - rares) / 2
                    view[o + n_items + 1] = float(rares)
            last.ruins, last.ruins_seen, last.rv_loc = _copies(ruins), ruins_seen[:], rv_loc

        store_kind, store_n = s.store_kind, s.store_n
        old_kind, old_n = last.store_kind, last.store_n
        if store_kind != old_kind or store_n != old_n:
            for x in range(n_slots):
                kind, count = store_kind[x], store_n[x]
                if kind != old_kind[x] or count != old_n[x]:
                    o = store_at + x * store_width
                    move_one(view, o, old_kind[x], kind)
                    view[o + n_items] = count / 3 if kind >= 0 else 0.0
                    old_kind[x], old_n[x] = kind, count

        xdeck, xtop = s.xdeck, s.xtop
        expeditions_moved = xdeck != last.xdeck
        if expeditions_moved or xtop != last.xtop:
            out[tops:tops + len(zero_tops)] = zero_tops
            for a in range(3):
                if xtop[a] and xdeck[a]:
                    view[tops + a * top_width + xdeck[a][-1] - area_start[a]] = 1.0
            last.xtop = xtop[:]

        artifact_home = s.artifact_home
        if artifact_home != last.artifact_home:
            out[artifacts:artifacts + na] = numbers_of(map(float, artifact_home))
            last.artifact_home = artifact_home[:]

        tents = s.tents[seat]
        if tents != last.tents:
            out[my_tents:my_tents + ntents] = zero_tents
            for x in tents:
                view[my_tents + x] += 1.0
            last.tents = tents[:]

        legendary = s.legendary
        if legendary != last.legendary:
            out[legendary_at:legendary_at + len(zero_legendary)] = zero_legendary
            for i, holder in enumerate(legendary):
                view[legendary_at + i * (SEATS + 1) + ((holder - seat) % n if holder >= 0 else SEATS)] = 1.0
            last.legendary = legendary[:]

        if expeditions_moved:
            for a in range(3):
                view[supply + 7 + a] = len(xdeck[a]) / 12
            last.xdeck = _copies(xdeck)
        tun_space, tun_up = s.tun_space, s.tun_up
        tunnels_moved = tun_space != last.tun_space
        if tunnels_moved:
            view[supply + 11] = sum([1 for x in tun_space if x < 0]) / 2

        if tunnels_moved or tun_up != last.tun_up:
            out[tunnels:tunnels + len(zero_tunnels)] = zero_tunnels
            for x in s.passable_tunnels():
                view[tunnels + x * 2] = 1.0
            for i, x in enumerate(tun_space):
                if x >= 0 and not tun_up[i]:
                    view[tunnels + x * 2 + 1] = 1.0
            last.tun_space, last.tun_up = tun_space[:], tun_up[:]

    def make() -> Update:
        last = _Seen()
        # single numbers are written through a memoryview of the buffer, kept while the buffer is the same (an
        # array's own item assignment parses the value as a call parses its arguments); runs of numbers into
        # the buffer itself (an array's slice assignment from an array is a copy of bytes)
        viewed = zeros
        view: memoryview[float] = memoryview(zeros)

        def update(state: State, seat: int, out: array[float]) -> None:
            nonlocal viewed, view
            if out is not viewed:
                viewed, view = out, memoryview(out)
            s: TrialState = state  # type: ignore[assignment]
            n = s.players
            if seat != last.seat or n != last.n:
                out[:] = zeros
                last.forget(seat, n, n_slots)
                for k in range(n):
                    view[seats + k * SEAT_FEATURES] = 1.0     # present
            slots = last.slots
            over = s.over
            ended = over != last.over
            last.over = over

            pos = s.pos
            old_pos = last.pos
            if pos != old_pos:
                for k, who in enumerate(slots):
                    was = old_pos[who]
                    if pos[who] != was:
                        move_one(view, positions + k * n_spaces, was, pos[who])
                old_pos[:] = pos

            # each seat's numbers (`seats`), a few at a time as their inputs change, and my hand
            food, hand, aside, sk, backpack = s.food, s.hand, s.aside, s.sk, s.backpack
            morality, paws_home, strong_home = s.morality, s.paws_home, s.strong_home
            old_sk, old_pack = last.sk, last.backpack
            sk_moved, pack_moved, home_moved = sk != old_sk, backpack != old_pack, strong_home != last.strong_home
            old_food = last.food
            if food != old_food:
                old_foods = last.foods
                for k, who in enumerate(slots):
                    foods = s.foods(who)
                    if foods != old_foods[who]:
                        old_foods[who] = foods
                        raspberries, acorns, mushrooms, tea = foods
                        put4(out, (seats + k * SEAT_FEATURES + 1) * NUMBER_BYTES,
                             raspberries / 8, acorns / 8, mushrooms / 8, tea / 8)
                old_food[:] = food
            old_hand, old_aside = last.hand, last.aside
            if hand != old_hand or aside != old_aside:
                for k, who in enumerate(slots):
                    cards_held, set_aside = hand[who], aside[who]
                    if cards_held != old_hand[who] or set_aside != old_aside[who]:
                        encounter_cards = 0
                        for c in cards_held:
                            if is_encounter[c]:
                                encounter_cards += 1
                        for c in set_aside:
                            if is_encounter[c]:
                                encounter_cards += 1
                        put3(out, (seats + k * SEAT_FEATURES + 5) * NUMBER_BYTES,
                             len(cards_held) / 10, len(set_aside) / 5, encounter_cards / 5)
                        if who == seat:      # one row counts both
                            _recount(view, hand_at, old_hand[who], cards_held)
                            _recount(view, hand_at, old_aside[who], set_aside)
                        old_hand[who][:], old_aside[who][:] = cards_held, set_aside
            if sk_moved or pack_moved:
                old_skills = last.skills
                for k, who in enumerate(slots):
                    b = who * skill_size
                    skills = sk[b:b + skill_size]
                    if skills != old_skills[who] or backpack[who] != old_pack[who]:
                        old_skills[who] = skills
                        old_sk[b:b + skill_size] = skills
                        c = b + columns        # story columns ×4, then face-up columns ×4
                        put14(out, (seats + k * SEAT_FEATURES + 8) * NUMBER_BYTES,
                              sk[c] / 8, sk[c + 1] / 8, sk[c + 2] / 8, sk[c + 3] / 8,
                              sk[c + 4] / 8, sk[c + 5] / 8, sk[c + 6] / 8, sk[c + 7] / 8,
                              s.movement(who) / 10, (base_strength + sk[b + strength_at]) / 10, s.trading(who) / 10,
                              (base_dice + sk[b + dice_at]) / 5, sk[b + card_draw_at] / 5, sk[b + fame_at] / 40)
            if morality != last.morality:
                for k, who in enumerate(slots):
                    view[seats + k * SEAT_FEATURES + 22] = (morality[who] - morality_start) / 7
                last.morality = morality[:]
            old_paws, old_home = last.paws_home, last.strong_home
            if home_moved or paws_home != old_paws:
                for k, who in enumerate(slots):
                    if paws_home[who] != old_paws[who] or strong_home[who] != old_home[who]:
                        view[seats + k * SEAT_FEATURES + 23] = s.paws_left(who) / 4
                old_paws[:] = paws_home

            # another seat's face-down story cards show once I know them: of `known`, only their bits matter
            story, known = s.story, s.known
            me = 1 << seat
            face_down, knew = last.face_down, last.knew
            known_moved = False
            for k in range(n):
                down, knew_row = face_down[k], knew[k]
                for i in range(len(down)):
                    if (known[down[i]] & me != 0) != knew_row[i]:
                        known_moved = True
            old_story = last.story
            if story != old_story or known_moved or ended:
                shown = last.shown
                for k, who in enumerate(slots):
                    row = story[who]
                    moved = row != old_story[who]
                    if moved or ((known_moved or ended) and face_down[k]):
                        cards = [code >> 3 for code in row if code & 1 or who == seat or over or known[code >> 3] & me]
                        before = shown[k]
                        if cards != before:     # each card once: its count is its 1
                            _recount(view, stories + k * n_cards, before, cards)
                            shown[k] = cards
                        if moved:
                            old_story[who] = row[:]
                        if who != seat:
                            down = [code >> 3 for code in row if not code & 1]
                            face_down[k], knew[k] = down, [known[c] & me != 0 for c in down]

            if pack_moved:
                for k, who in enumerate(slots):
                    if backpack[who] != old_pack[who]:
                        _recount(view, backpacks + k * n_objects, old_pack[who], backpack[who])
                        old_pack[who][:] = backpack[who]

            placed = s.placed
            old_placed = last.placed
            if placed != old_placed:
                for k, who in enumerate(slots):
                    if placed[who] != old_placed[who]:
                        _recount(view, paw_places + k * PLACES, old_placed[who], placed[who])
                        old_placed[who][:] = placed[who]

            if home_moved:
                for k, who in enumerate(slots):
                    view[seat_flags + k * 4] = float(strong_home[who])
                last.strong_home[:] = strong_home
            camped, first, cur = s.camped, s.first, s.cur
            if camped != last.camped:
                for k, who in enumerate(slots):
                    view[seat_flags + k * 4 + 1] = float(camped[who])
                last.camped[:] = camped
            # the first player token's holder and whose turn it is: a seat (its slot from me) or -1
            if first != last.first:
                move_one(view, seat_flags + 2, _slot(last.first, seat, n), _slot(first, seat, n), 4)
                last.first = first
            if cur != last.cur:
                move_one(view, seat_flags + 3, _slot(last.cur, seat, n), _slot(cur, seat, n), 4)
                last.cur = cur

            enc_slots = s.enc_slots
            old_slots = last.enc_slots
            if enc_slots != old_slots:
                for k, c in enumerate(enc_slots):
                    if c != old_slots[k]:
                        move_one(view, encounters + k * ne - first_encounter, old_slots[k], c)
                        old_slots[k] = c

            tent_on, tent_knower = s.tent_on, s.tent_knower
            if tent_on != last.tent_on or tent_knower != last.tent_knower or ended:
                out[campsites:campsites + len(zero_campsites)] = zero_campsites
                for k, x in enumerate(tent_on):
                    if x >= 0:
                        o = campsites + k * campsite_width
                        view[o + ntents] = 1.0
                        if over or tent_knower[k] == seat:
                            view[o + x] = 1.0
                last.tent_on, last.tent_knower = tent_on[:], tent_knower[:]

            tray = s.tray
            if tray != last.tray:
                put4(out, supply * NUMBER_BYTES, tray[0] / 16, tray[1] / 16, tray[2] / 16, tray[3] / 16)
                last.tray[:] = tray
            piles = (len(s.deck), len(s.discard), len(s.enc_deck), len(s.tent_box), s.day, s.turns)
            old_piles = last.piles
            if piles != old_piles:
                if piles[0] != old_piles[0] or piles[1] != old_piles[1] or piles[2] != old_piles[2]:
                    put3(out, (supply + 4) * NUMBER_BYTES, piles[0] / 70, piles[1] / 70, piles[2] / 20)
                if piles[3] != old_piles[3]:
                    view[supply + 10] = piles[3] / 8
                if piles[4] != old_piles[4]:
                    view[supply + 12] = piles[4] / 4
                if piles[5] != old_piles[5]:
                    view[supply + 13] = piles[5] / 80
                last.piles = piles
            seldom(last, s, seat, n, slots, over, ended, out, view)

            r_card, f_pts, f_cards = s.r_card, s.f_pts, s.f_cards
            if r_card != last.r_card:
                move_one(view, resolving, last.r_card, r_card)
                last.r_card = r_card
            # both sides' strength and cards played; no fight shows as zeros
            fight = (f_pts[0], f_pts[1], len(f_cards[0]), len(f_cards[1])) if s.f_att >= 0 else (0, 0, 0, 0)
            if fight != last.fight:
                put4(out, (resolving + n_cards) * NUMBER_BYTES, fight[0] / 20, fight[1] / 20, fight[2] / 2,
                     fight[3] / 2)
                last.fight = fight

            # the pending decision: its kind, and who decides (from me), each written again only as it changes;
            # the same frame as last time (frames are immutable) is the same decision
            stack = s.stack
            top = stack[-1] if stack and not over else None
            if top is not last.top:
                last.top = top
                kind = decider = -1
                if top is not None:
                    kind = kinds.get(type(top), -1)
                    decider = (top.seat - seat) % n
                if kind != last.kind:
                    move_one(view, decision, last.kind, kind)
                    last.kind = kind
                if decider != last.decider:
                    move_one(view, decision + nkinds, last.decider, decider)
                    last.decider = decider

        return update

    return make


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
