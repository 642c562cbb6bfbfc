"""Numbers the rules look up on the hot path, computed once from the content and shared by every state.

Everything gets a dense integer index: foods (raspberry, acorn, mushroom, tea leaf), objects (the 12
item kinds, then the 9 artifacts), spaces (the 48 forest spaces, then each expedition area's spaces),
locations (the 12 location spaces), campsites (the 6 campsite spaces, then the universal campsite),
cards (deeds, encounters, then each expedition deck: `Content.all_cards`) and term lists (every list of
effect terms a card option, tile side, campsite, tent, finishing space or spot carries).
A card's costs become "plans": one per choice of its "/" alternatives, each a vector of what it needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING, final

from . import rulings
from .components import Card, Content
from .vocabulary import BASIC_FOODS, COLUMNS, EXPEDITIONS, FOODS, LOCATION_TYPES, Cost, Term

if TYPE_CHECKING:
    from .actions import Ids

RASPBERRY, ACORN, MUSHROOM, TEA = 0, 1, 2, 3
FOOD_INDEX = {f: i for i, f in enumerate(FOODS)}
FOOD_NAME = ("raspberry", "acorn", "mushroom", "tea leaf")
FOOD_A = ("a raspberry", "an acorn", "a mushroom", "a tea leaf")
FOOD_PLURAL = ("raspberries", "acorns", "mushrooms", "tea leaves")
COLUMN_INDEX = {c: i for i, c in enumerate(COLUMNS)}
COLUMN_NAME = ("good and evil", "trading", "pioneering", "fighting")
MORALITY_COL, TRADING_COL, PIONEERING_COL, FIGHTING_COL = 0, 1, 2, 3
AREA_INDEX = {x: i for i, x in enumerate(EXPEDITIONS)}
TYPE_INDEX = {t: i for i, t in enumerate(LOCATION_TYPES)}   # grove, ruins, tower, store
GROVE, RUINS, TOWER, STORE = 0, 1, 2, 3
# one-time symbols (boosts): movement, trading, strength, card draw
BOOSTS = ("movement", "trading", "strength", "card_draw")
BOOST_INDEX = {b: i for i, b in enumerate(BOOSTS)}
BOOST_NAME = ("movement", "trading", "strength", "card-draw")
# places a paw token can lie: the 12 locations, the encounter section, the help spot, 3 expedition sections
ENCOUNTER_SECTION, HELP_SPOT, EXPEDITION_SECTION = 12, 13, 14
UNIVERSAL = 6                     # the universal campsite's index among the campsites
SETUP, PLAYING, NEW_DAY = 0, 1, 2  # TrialState.phase: choosing starting spaces, playing, a new day's refresh
ALL_SEATS = 0b1111                # TrialState.known: every seat knows the card
# The piles a world re-dealt for a bot's search leaves unordered (TrialState.unordered, hidden.py), as bits;
# an expedition area's is PILE_EXPEDITION << area. A card taken from the top is drawn from it at random, and
# it is shuffled once its order is looked at (a card put under it, a peek at its top), so that a search
# iteration pays only for the cards it takes.
PILE_DEEDS, PILE_ENCOUNTERS, PILE_EXPEDITION = 1, 2, 4
# where a card being resolved came from (TrialState.r_src)
SRC_HAND, SRC_ENCOUNTER, SRC_EXPEDITION = 0, 1, 10     # + slot / + area
# where it goes (TrialState.r_place)
PLACE_STORY, PLACE_DISCARD, PLACE_FACE_DOWN, PLACE_STAYS = 0, 1, 2, 3
PLACE_OF = {"discard_this": PLACE_DISCARD, "story_face_down": PLACE_FACE_DOWN, "stays": PLACE_STAYS}
# the skill counters kept per seat (story symbols face up): see TrialState.sk
SK_TRADING, SK_MOVEMENT, SK_STRENGTH, SK_DICE, SK_CARD_DRAW = 0, 1, 2, 3, 4
SK_FOOD = 5                       # 5..8: grove food symbols (raspberry, acorn, mushroom, tea)
SK_BLUE = 9                       # 9..12: blue-triangle food symbols, by food
SK_EVIL_CARDS = 13                # face-up cards showing the evil icon
SK_FAME = 14                      # fame of face-up cards
SK_COLS = 15                      # 15..18: cards per column, face up or down (legendary, Painter)
SK_UP_COLS = 19                   # 19..22: face-up cards per column
SK_CARTOGRAPHER, SK_HERBALIST, SK_SCAVENGER, SK_CAMPER = 23, 24, 25, 26
SK_SIZE = 27
SKILL_SLOT = {"cartographer": SK_CARTOGRAPHER, "herbalist": SK_HERBALIST, "scavenger": SK_SCAVENGER,
              "camper": SK_CAMPER}

# a cost plan's need vector
N_FOOD = 0          # 0..3: a raspberry, acorn, mushroom (tea may replace), tea leaf
N_ANY = 4           # any food token
N_CARD = 5          # cards spent from the hand
N_GIVE_ANY, N_GIVE_TEA, N_GIVE_CARD = 6, 7, 8
N_AMPHIBIAN = 9
N_PER_OBJECT = 10   # 1: one food or card per object carried
N_GALLERY = 11      # 11..14: a food of that kind put in the gallery (tea may replace a basic one)
N_SIZE = 15

# payment units: what one step of paying hands over (TrialState.pay)
U_FOOD = 0          # 0..3 a raspberry / acorn / mushroom / tea leaf (tea may replace the first three)
U_ANY = 4
U_CARD = 5
U_GIVE_ANY, U_GIVE_TEA, U_GIVE_CARD = 6, 7, 8
U_AMPHIBIAN = 9
U_PER_OBJECT = 10
U_GALLERY = 11      # 11..14
U_PER_OBJECT_ALL = 19   # becomes one U_PER_OBJECT per object carried when it is reached
U_ITEM = 20         # 20 + kind: spend that item (to the store)


@final
@dataclass(frozen=True, slots=True)
class Plan:
    """One way to pay a card option's costs: what it needs, and the items it spends or must see."""

    need: tuple[int, ...]
    spend_items: tuple[tuple[int, int], ...]     # (item kind, count)
    have_items: tuple[int, ...]                  # item kinds that must be carried
    units: tuple[int, ...]                       # the payment units, in paying order
    label: str                                   # what a player reads when choosing between plans
    # what TrialState.plan_ok compares, derived once from the above (see `payable_needs`)
    checks: tuple[int, int, int, int, int, int, int] = field(init=False, repr=False, compare=False)
    objects: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    free: bool = field(init=False, repr=False, compare=False)
    gives: bool = field(init=False, repr=False, compare=False)   # it gives something to another adventurer
    # what paying it takes in food and cards: raspberries, acorns, mushrooms, tea leaves, food tokens in all,
    # cards (cards._options_open compares them); `carried`: it also needs objects in the backpack
    food: tuple[int, int, int, int, int, int] = field(init=False, repr=False, compare=False)
    carried: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        checks, objects = payable_needs(self.need, self.spend_items, self.have_items)
        object.__setattr__(self, "checks", checks)
        object.__setattr__(self, "objects", objects)
        object.__setattr__(self, "free", not any(checks) and not objects)
        object.__setattr__(self, "gives", any(U_GIVE_ANY <= u <= U_GIVE_CARD for u in self.units))
        R, A, M, T, anyn, cardn, amph = checks
        object.__setattr__(self, "food", (R, A, M, T, R + A + M + T + anyn, cardn))
        object.__setattr__(self, "carried", bool(objects or amph))


def payable_needs(need: tuple[int, ...] | list[int], spend_items: tuple[tuple[int, int], ...],
                  have_items: tuple[int, ...]) -> tuple[tuple[int, int, int, int, int, int, int],
                                                       tuple[tuple[int, int], ...]]:
    """A need vector as the totals paying compares: raspberries, acorns, mushrooms and tea leaves wanted
    (given and put in the gallery included), any food tokens, cards, amphibian objects; and per object
    kind how many must be carried (the spent ones, one more for a kind that must also be kept)."""
    checks = (need[0] + need[N_GALLERY], need[1] + need[N_GALLERY + 1], need[2] + need[N_GALLERY + 2],
              need[3] + need[N_GIVE_TEA] + need[N_GALLERY + 3], need[N_ANY] + need[N_GIVE_ANY],
              need[N_CARD] + need[N_GIVE_CARD], need[N_AMPHIBIAN])
    carried = dict(spend_items)
    for kind in have_items:
        carried[kind] = 1 + sum(n for k, n in spend_items if k == kind)
    return checks, tuple(sorted(carried.items()))


@final
@dataclass(frozen=True, slots=True)
class OptionInfo:
    requires: tuple[Term, ...]
    plans: tuple[Plan, ...]
    effects: int            # term list ids
    win: int
    lose: int
    test: Term | None
    reroll: tuple[Plan, ...]
    morality: int           # -1 good, +1 evil, 0 none
    label: str
    swap: bool              # its effects swap the strong paw (Tea Cat's good option)
    # what option_open checks, compiled: requirement codes (REQ_*, argument), whether a roll under the
    # fame needs a card left in hand, and whether some plan costs nothing (it is always payable)
    checks: tuple[tuple[int, int | str], ...] = ()
    needs_a_card: bool = False
    free: bool = False


@final
@dataclass(frozen=True, slots=True)
class CardInfo:
    index: int
    card: Card
    deck: str               # deed | encounter | expedition
    area: int               # expedition area index, or -1
    column: int             # 0..3, or -1 for the wildcard (chosen)
    fame: int
    trading: int            # permanent symbols face up (the leftmost category icon included, A-01)
    movement: int
    strength: int
    dice: int
    morality: str           # good | evil | either | ""
    evil_icon: bool
    bonus: int              # grove food 0..3, 4 = card draw, -1 none
    blue: bool
    skill: str
    enh_move: int
    enh_strength: int
    enh_trading: int
    enh_draw: int
    enh_food: tuple[int, int, int, int]
    has_fight: bool
    options: tuple[OptionInfo, ...]


@final
class Tables:
    """The content's lookups by integer index (see the module docstring)."""

    ids: Ids          # the action space's offsets (set by the game once it is built)

    def __init__(self, c: Content) -> None:
        self.c = c
        # -- objects ----------------------------------------------------------------------------
        self.items = c.items
        self.n_items = len(c.items)
        self.n_objects = len(c.items) + len(c.artifacts)
        self.object_ids: tuple[str, ...] = (*(x.id for x in c.items), *(a.id for a in c.artifacts))
        self.object_index = {k: i for i, k in enumerate(self.object_ids)}
        self.object_name: tuple[str, ...] = (*(x.name for x in c.items), *(a.name for a in c.artifacts))
        self.object_text: tuple[str, ...] = (*(x.text for x in c.items), *(a.text for a in c.artifacts))
        self.object_slots: tuple[int, ...] = (*(x.slots for x in c.items), *(a.slots for a in c.artifacts))
        self.object_fame: tuple[int, ...] = (*(x.fame for x in c.items), *(a.fame for a in c.artifacts))
        self.amphibian: tuple[bool, ...] = (*(x.amphibian for x in c.items), *(a.amphibian for a in c.artifacts))
        self.rare: tuple[bool, ...] = tuple(x.rarity == "rare" for x in c.items)
        self.item_count: tuple[int, ...] = tuple(x.count for x in c.items)
        abilities = (*(x.abilities for x in c.items), *(a.abilities for a in c.artifacts))
        self.weapon: list[tuple[int, int] | None] = []
        self.store_trading = [0] * self.n_objects
        self.forest_movement = [0] * self.n_objects
        self.redraw = [False] * self.n_objects
        self.shield = [0] * self.n_objects
        self.bow = [False] * self.n_objects
        self.elixir = [False] * self.n_objects
        for o, terms in enumerate(abilities):
            weapon = None
            for t in terms:
                k = t.keyword
                if k == "weapon":
                    weapon = (int(t.args[0]), int(t.args[1]))
                elif k == "store_trading":
                    self.store_trading[o] = int(t.args[0])
                elif k == "forest_movement":
                    self.forest_movement[o] = int(t.args[0])
                elif k == "redraw":
                    self.redraw[o] = True
                elif k == "shield":
                    self.shield[o] = int(t.args[0])
                elif k == "bow":
                    self.bow[o] = True
                elif k == "elixir":
                    self.elixir[o] = True
            self.weapon.append(weapon)
        self.fights_with = tuple(w is not None or b for w, b in zip(self.weapon, self.bow, strict=True))
        # in a sentence: "the expedition section of the Frosty Hill" (the content names it "The Frosty Hill")
        self.area_name = tuple(_in_sentence(c.expedition_by_id[x].name) for x in EXPEDITIONS)
        self.artifact_area = tuple(AREA_INDEX[a.expedition] for a in c.artifacts)
        self.artifact_large = tuple(a.size == "large" for a in c.artifacts)

        # -- spaces -----------------------------------------------------------------------------
        forest = c.spaces
        xspaces = [s for x in c.expeditions for s in x.spaces]
        self.n_forest = len(forest)
        self.space_ids: tuple[str, ...] = (*(s.id for s in forest), *(s.id for s in xspaces))
        self.space_index = {k: i for i, k in enumerate(self.space_ids)}
        self.space_name: tuple[str, ...] = (*(s.name for s in forest), *(s.name for s in xspaces))
        self.n_spaces = len(self.space_ids)
        # how a sentence names a space: "the North store", but "Forest path 3" and "Frosty Hill: the first space"
        self.space_the: tuple[str, ...] = (*(s.name if s.kind == "path" else f"the {s.name}" for s in forest),
                                           *(s.name for s in xspaces))
        self.space_kind: tuple[str, ...] = (*(s.kind for s in forest), *(s.kind for s in xspaces))
        self.area_of = [-1] * self.n_spaces
        self.start_of_area = [0] * 3
        self.exit_of_area = [0] * 3
        self.finish_fame = [0] * self.n_spaces
        self.finish_reward: list[int] = [-1] * self.n_spaces          # a term list id, or -1
        for x in c.expeditions:
            a = AREA_INDEX[x.id]
            self.start_of_area[a] = self.space_index[x.start]
            self.exit_of_area[a] = self.space_index[x.exit]
            for xs in x.spaces:
                i = self.space_index[xs.id]
                self.area_of[i] = a
                self.finish_fame[i] = xs.fame
        self.is_finish = tuple(k == "finish" and self.area_of[i] >= 0 for i, k in enumerate(self.space_kind))
        adj: list[list[int]] = [[] for _ in range(self.n_spaces)]
        for sid, nbs in c.neighbours.items():
            adj[self.space_index[sid]] = [self.space_index[n] for n in nbs]
        self.adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(nb)) for nb in adj)
        self.printed_tunnel = tuple(s.kind == "tunnel" for s in forest)
        self.printed_tunnels = tuple(i for i, s in enumerate(forest) if s.kind == "tunnel")
        # TrialState.reachable's answers by (start, steps, closed starts[, passable tunnels]): pure, shared
        self.reach_memo: dict[tuple[object, ...], tuple[int, ...]] = {}
        self.locations: tuple[int, ...] = tuple(i for i, s in enumerate(forest) if s.kind == "location")
        self.loc_of = [-1] * self.n_spaces
        for loc, i in enumerate(self.locations):
            self.loc_of[i] = loc
        self.loc_type: tuple[int, ...] = tuple(TYPE_INDEX[forest[i].location] for i in self.locations)
        # the locations whose tile is re-dealt while face down, by type (ruins, then stores)
        self.hidden_tile_locs = tuple(tuple(loc for loc in range(len(self.locations)) if self.loc_type[loc] == kind)
                                      for kind in (RUINS, STORE))
        self.loc_fixed_tile: tuple[int, ...] = tuple(
            next(k for k, t in enumerate(c.tiles) if t.id == forest[i].tile) for i in self.locations)
        self.loc_fixed_side: tuple[int, ...] = tuple(0 if forest[i].side == "front" else 1 for i in self.locations)
        self.corner_loc = {forest[i].corner: loc for loc, i in enumerate(self.locations) if forest[i].corner}
        self.campsites: tuple[int, ...] = tuple(i for i, s in enumerate(forest) if s.kind == "campsite")
        self.camp_of = [-1] * self.n_spaces
        # where camping takes the first player token (L599): the bots walk there for it
        self.first_player_camps = frozenset(
            i for i in self.campsites if any(term.keyword == "first_player" for term in forest[i].bonus))
        for ck, i in enumerate(self.campsites):
            self.camp_of[i] = ck
        self.starts: tuple[int, ...] = tuple(i for i, s in enumerate(forest) if s.kind == "start")
        self.exit_area = [-1] * self.n_spaces
        for i, sp in enumerate(forest):
            if sp.kind == "exit":
                self.exit_area[i] = AREA_INDEX[sp.expedition]
        # expedition lines: (to, line, pay plan) per space
        self.forward: list[tuple[tuple[int, str, Plan | None], ...]] = [() for _ in range(self.n_spaces)]

        # -- tiles ------------------------------------------------------------------------------
        self.tiles = c.tiles
        self.tile_type = tuple(TYPE_INDEX[t.type] for t in c.tiles)

        # -- term lists -------------------------------------------------------------------------
        self.lists: list[tuple[Term, ...]] = [()]          # list 0 is empty
        self._list_ids: dict[tuple[Term, ...], int] = {(): 0}
        self.side_paw = [[self.term_list(t.front.paw), self.term_list(t.back.paw)] for t in c.tiles]
        self.side_strong = [[self.term_list(t.front.strong), self.term_list(t.back.strong)] for t in c.tiles]
        self.side_rest = [[self.term_list(tuple(x for x in side.paw if x.keyword != "draw"))
                           for side in (t.front, t.back)] for t in c.tiles]
        self.camp_bonus = tuple(self.term_list(forest[i].bonus) for i in self.campsites)
        self.help_choices = tuple(self.term_list(t) for t in c.supply.help_spot)
        self.universal_choices = tuple(self.term_list(t) for t in c.supply.universal_campsite)
        self.tent_list = tuple(self.term_list(t.effects) for t in c.tents)
        self.tent_boost = tuple(next((BOOST_INDEX[str(t.args[0])] for t in tent.effects if t.keyword == "boost"), -1)
                                for tent in c.tents)
        for x in c.expeditions:
            for s in x.spaces:
                self.finish_reward[self.space_index[s.id]] = self.term_list(s.reward) if s.reward else -1
            for st in x.steps:
                a = self.space_index[st.frm]
                pay = plan_of(st.pay, self) if st.pay else None
                self.forward[a] = (*self.forward[a], (self.space_index[st.to], st.line, pay))
        self.empty_deck_plan = plan_of(c.supply.empty_deck_advance, self)
        self.gallery_small = self.term_list(c.store.gallery_small)
        self.gallery_large = self.term_list(c.store.gallery_large)
        self.trading_bonus = tuple((n, self.term_list(terms)) for n, terms in c.store.trading_bonus)

        # -- cards ------------------------------------------------------------------------------
        self.cards: tuple[CardInfo, ...] = tuple(self._card(i, card) for i, card in enumerate(c.all_cards))
        self.n_cards = len(self.cards)
        self.n_hand_cards = len(c.deeds) + len(c.encounters)
        self.deed_range = range(0, len(c.deeds))
        self.encounter_range = range(len(c.deeds), len(c.deeds) + len(c.encounters))
        self.is_encounter = tuple(ci.deck == "encounter" for ci in self.cards)
        first = len(c.deeds) + len(c.encounters)
        self.area_range: list[range] = []
        for area in EXPEDITIONS:
            n = len(c.expedition_decks[area])
            self.area_range.append(range(first, first + n))
            first += n
        self.max_options = max(len(ci.options) for ci in self.cards)
        self.always_open = tuple(always_open(ci) for ci in self.cards)
        # per card with requirements: per space, whether some option's requirements may hold there
        # (False: a requirement that depends on the space alone fails), or None where every space may do
        possible: dict[tuple[int, int | str], list[bool]] = {}
        self.card_where = tuple(self._where(ci, possible) for ci in self.cards)

        # -- the board's numbers ----------------------------------------------------------------
        ch = c.characters[0]
        self.base_movement = ch.movement
        self.movement_slots = ch.movement_slots
        self.plain_slots = ch.backpack_slots - ch.movement_slots
        self.backpack_slots = ch.backpack_slots
        self.base_strength = ch.strength
        self.base_trading = ch.trading
        self.base_dice = ch.dice
        self.paws = ch.paws
        self.tents_each = ch.tent_slots
        self.hand_size = c.supply.hand_size
        self.hand_limit = c.supply.hand_limit
        self.days = c.supply.days
        self.enhancement_cards = c.supply.enhancement_cards
        self.morality_fame = c.morality.fame
        self.morality_start = c.morality.start
        self.morality_max = len(c.morality.fame) - 1
        faces = c.dice.faces
        # die outcomes: 1, 2, 3 and the winning symbol, with their probabilities (equal faces)
        kinds = ("1", "2", "3", "star")
        self.die_outcomes = tuple((k, faces.count(v) / len(faces)) for k, v in enumerate(kinds) if v in faces)
        self.die_actions: tuple[tuple[int, float], ...] = ()     # (action id, probability): set with `ids`
        self.die_strength = tuple(c.dice.star_strength if v == "star" else int(v) for v in kinds)
        self.die_number = tuple(c.dice.star_number if v == "star" else int(v) for v in kinds)
        self.star = 3
        self.legendary = tuple((COLUMN_INDEX[t.column], t.cards_needed, t.fame) for t in c.legendary)
        self.first_player_fame = c.supply.first_player_fame
        self.store_rows = c.store.rows
        self.store_cols = c.store.columns
        self.n_slots = len(c.store.rows) * len(c.store.columns)
        self.slot_large = tuple(self.store_cols[s % len(self.store_cols)].size == "large" for s in range(self.n_slots))
        self.slot_price = tuple(c.store.price(s // len(self.store_cols), s % len(self.store_cols))
                                for s in range(self.n_slots))

    def static_requirement(self, code: int, arg: int | str, space: int) -> bool | None:
        """A requirement's answer on `space` whatever else the position holds, or None if it depends on it."""
        loc = self.loc_of[space]
        if code == REQ_AT_CAMPSITE:
            return self.camp_of[space] >= 0
        if code == REQ_AT_LOCATION:
            return loc >= 0
        if code in (REQ_AT_TYPE, REQ_TILE_INTACT) and loc < 0:
            return False
        if code == REQ_AT_TYPE and self.loc_type[loc] == arg and rulings.REQUIREMENT_MEETS_ANY_TILE_SIDE:
            return True
        return None

    def _where(self, ci: CardInfo, possible: dict[tuple[int, int | str], list[bool]]) -> tuple[bool, ...] | None:
        if not any(o.checks for o in ci.options):
            return None
        where = [False] * self.n_spaces
        for o in ci.options:
            ok = [True] * self.n_spaces
            for check in o.checks:
                here = possible.get(check)
                if here is None:
                    here = possible[check] = [self.static_requirement(*check, x) is not False
                                              for x in range(self.n_spaces)]
                ok = [a and b for a, b in zip(ok, here, strict=True)]
            where = [a or b for a, b in zip(where, ok, strict=True)]
        return None if all(where) else tuple(where)

    def term_list(self, terms: tuple[Term, ...]) -> int:
        key = tuple(terms)
        if key not in self._list_ids:
            self._list_ids[key] = len(self.lists)
            self.lists.append(key)
        return self._list_ids[key]

    def _card(self, index: int, card: Card) -> CardInfo:
        deck = "expedition" if card.deck in EXPEDITIONS else card.deck
        icons = card.icons
        skills = {"trading": 0, "movement": 0, "strength": 0, "die": 0}
        for i, icon in enumerate(icons):
            if icon == "die":
                skills["die"] += 1
            elif icon in ("trading", "pioneering", "fighting") and (i > 0 or rulings.CATEGORY_ICONS_ARE_SKILLS):
                skills[{"trading": "trading", "pioneering": "movement", "fighting": "strength"}[icon]] += 1
        morality = next((i for i in icons if i in ("good", "evil", "either")), "")
        enh = card.enhancement
        options = []
        for o in card.options:
            plans = plans_of((*card.cost, *o.cost), self)
            options.append(OptionInfo(
                requires=(*card.requires, *o.requires), plans=plans, effects=self.term_list(o.effects),
                win=self.term_list(o.win), lose=self.term_list(o.lose), test=o.test,
                reroll=plans_of(o.reroll, self) if o.reroll else (),
                morality=-1 if o.morality == "good" else (1 if o.morality == "evil" else 0), label=o.label,
                swap=any(x.keyword == "swap_strong_paw" for x in o.effects),
                checks=tuple(requirement(x) for x in (*card.requires, *o.requires)),
                needs_a_card=o.test is not None and o.test.keyword == "roll_under_fame",
                free=any(p.free for p in plans)))
        bonus = -1 if not card.bonus else (4 if card.bonus == "card_draw" else FOOD_INDEX[card.bonus])
        return CardInfo(
            index=index, card=card, deck=deck, area=AREA_INDEX[card.deck] if deck == "expedition" else -1,
            column=-1 if card.column == "chosen" else COLUMN_INDEX[card.column], fame=card.fame,
            trading=skills["trading"], movement=skills["movement"], strength=skills["strength"], dice=skills["die"],
            morality=morality, evil_icon="evil" in icons, bonus=bonus, blue=card.blue_triangle, skill=card.skill,
            enh_move=enh.count("movement"), enh_strength=enh.count("strength"), enh_trading=enh.count("trading"),
            enh_draw=enh.count("card_draw"),
            enh_food=(enh.count("raspberry"), enh.count("acorn"), enh.count("mushroom"), enh.count("tea")),
            has_fight=any(o.test is not None and o.test.keyword in ("fight", "duel") for o in card.options),
            options=tuple(options))


def always_open(ci: CardInfo) -> bool:
    """Whether some option of the card has no requirement and costs nothing: it is open to anyone."""
    return any(not o.checks and not o.needs_a_card and not o.swap and o.free for o in ci.options)


def covers(r: int, a: int, m: int, tea: int, cards: int, checks: Sequence[int]) -> bool:
    """Whether raspberries, acorns, mushrooms, tea leaves (a tea leaf may replace any of the three) and
    cards in hand cover the food and card totals of `checks` (tables.payable_needs)."""
    R, A, M, T, anyn, cardn = checks[:6]
    if tea < T:
        return False
    deficit = (R - r if r < R else 0) + (A - a if a < A else 0) + (M - m if m < M else 0)
    if deficit > tea - T:
        return False
    return r + a + m + tea - R - A - M - T >= anyn and cards >= cardn


# requirement icons, compiled (TrialState.meets_code)
REQ_SAME_SPACE, REQ_SAME_SPACE_EVIL, REQ_AT_CAMPSITE, REQ_AT_TUNNEL, REQ_AT_LOCATION, REQ_AT_TYPE = range(6)
REQ_TILE_INTACT, REQ_PAWS, REQ_STORY_COLUMNS, REQ_NO_EVIL_STORY = range(6, 10)


def requirement(term: Term) -> tuple[int, int | str]:
    """A requirement icon (the vocabulary's conditions) as a code and its argument."""
    k = term.keyword
    if k == "same_space":
        return REQ_SAME_SPACE, 0
    if k == "same_space_evil":
        return REQ_SAME_SPACE_EVIL, 0
    if k == "at":
        place = str(term.args[0])
        if place == "campsite":
            return REQ_AT_CAMPSITE, 0
        if place == "tunnel":
            return REQ_AT_TUNNEL, 0
        if place == "location":
            return REQ_AT_LOCATION, 0
        return REQ_AT_TYPE, TYPE_INDEX[place]
    if k == "tile_intact":
        return REQ_TILE_INTACT, 0
    if k == "paws":
        return REQ_PAWS, str(term.args[0])
    if k == "story_columns":
        return REQ_STORY_COLUMNS, int(term.args[0])
    if k == "no_evil_story":
        return REQ_NO_EVIL_STORY, 0
    raise AssertionError(f"unknown condition {term}")  # pragma: no cover - content is validated


def plans_of(costs: tuple[Cost, ...], tables: Tables) -> tuple[Plan, ...]:
    """Every way to pay `costs`: one plan per choice among the "/" alternatives."""
    if not costs:
        return (plan_of((), tables),)
    out = []
    for choice in product(*costs):
        out.append(plan_of(tuple((t,) for t in choice), tables))
    return tuple(out)


def plan_of(costs: tuple[Cost, ...], tables: Tables) -> Plan:
    """The plan of costs without alternatives (each cost's first alternative)."""
    need = [0] * N_SIZE
    spend: dict[int, int] = {}
    have: list[int] = []
    units: list[int] = []
    words: list[str] = []
    for cost in costs:
        t = cost[0]
        k = t.keyword
        what = str(t.args[0]) if t.args else ""
        n = int(t.args[1]) if len(t.args) > 1 else 1
        if k == "spend":
            if what in FOOD_INDEX:
                need[N_FOOD + FOOD_INDEX[what]] += n
                units += [U_FOOD + FOOD_INDEX[what]] * n
                words.append(f"spend {n} {FOOD_NAME[FOOD_INDEX[what]] if n == 1 else FOOD_PLURAL[FOOD_INDEX[what]]}")
            elif what == "any_food":
                need[N_ANY] += n
                units += [U_ANY] * n
                words.append(f"spend {n} food token{'s' if n > 1 else ''}")
            elif what == "card":
                need[N_CARD] += n
                units += [U_CARD] * n
                words.append(f"spend {n} card{'s' if n > 1 else ''} from your hand")
            elif what == "amphibian":
                need[N_AMPHIBIAN] += n
                units += [U_AMPHIBIAN] * n
                words.append("discard an object with the amphibian symbol")
            else:
                kind = tables.object_index[what]
                spend[kind] = spend.get(kind, 0) + n
                units += [U_ITEM + kind] * n
                words.append(f"spend {'a' if n == 1 else n} {tables.object_name[kind].lower()}")
        elif k == "have":
            have.append(tables.object_index[what])
            words.append(f"with your {tables.object_name[tables.object_index[what]].lower()}")
        elif k == "give":
            slot = {"any_food": N_GIVE_ANY, "tea": N_GIVE_TEA, "card": N_GIVE_CARD}[what]
            need[slot] += n
            units += [U_GIVE_ANY + slot - N_GIVE_ANY] * n
            words.append(f"give {n} {what.replace('any_food', 'food token').replace('tea', 'tea leaf')}")
        elif k == "spend_per_object":
            need[N_PER_OBJECT] = 1
            units.append(U_PER_OBJECT_ALL)
            words.append("spend 1 resource per object carried")
        elif k == "spend_to_gallery":
            f = FOOD_INDEX[what]
            need[N_GALLERY + f] += 1
            units.append(U_GALLERY + f)
            words.append(f"put 1 {FOOD_NAME[f]} in the gallery")
    # specific foods first, so the choice of a tea leaf for them comes before "any food"
    units.sort(key=lambda u: (0 if u < U_ANY or u == U_GIVE_TEA or U_GALLERY <= u < U_ITEM else 1, u))
    return Plan(tuple(need), tuple(sorted(spend.items())), tuple(have), tuple(units), ", ".join(words) or "free")


BASIC = tuple(FOOD_INDEX[f] for f in BASIC_FOODS)


def _in_sentence(name: str) -> str:
    """A name as it reads inside a sentence: "The Frosty Hill" -> "the Frosty Hill"."""
    return "the " + name[4:] if name.startswith("The ") else name
