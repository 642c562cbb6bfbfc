"""The Trial of the Forest: the game, its options and the setup (L173-197)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from ...engine import (
    Choice,
    Game,
    ObservationSpec,
    Option,
    OptionSet,
    OptionValue,
    Result,
    ScoreSheet,
    State,
    seat_name,
)
from . import choices, observation, rulings, scoring
from .actions import Ids, build_action_space
from .components import Content
from .content import load_content
from .scenario import SCHEMA
from .state import TrialState
from .tables import GROVE, RUINS, SETUP, SK_SIZE, STORE, TOWER, Tables
from .turn import ChooseStart


class TrialGame(Game):
    id = "trial"
    name = "The Trial of the Forest"
    points_noun = "fame point"
    min_players = 2
    max_players = 4
    scenario_schema = SCHEMA

    def __init__(self, content: Content | None = None) -> None:
        self.content = content if content is not None else load_content()   # a designer's copy: the lab
        self.tables = Tables(self.content)
        self.ids = Ids(self.tables)
        self.tables.ids = self.ids            # the frames read the action offsets through the tables
        self.tables.die_actions = tuple((self.ids.die + k, p) for k, p in self.tables.die_outcomes)
        self.action_space = build_action_space(self.tables)
        self.option_set = OptionSet((
            Option("first_player", "choice", "random", "who takes the first player token: a random seat, "
                   "or Player 1", choices=rulings.FIRST_PLAYER_CHOICES, title="First player",
                   choice_labels=("a player drawn at random", "Player 1")),
            Option("tiles", "choice", "random", "the location tiles: shuffled within each type, or the "
                   "board's fixed arrangement", choices=rulings.TILE_ARRANGEMENTS, title="Location tiles",
                   choice_labels=("shuffled within each type", "the fixed arrangement"), variant=True),
        ))

    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue | None],
                   tracked: bool) -> TrialState:
        s = TrialState.__new__(TrialState)
        s._init_base(self, players, seed, options, tracked)
        setup(s, self, options)
        return s

    def choice(self, state: State, action: int) -> Choice:
        assert isinstance(state, TrialState)
        return choices.choice(state, action)

    def score_sheet(self, result: Result) -> ScoreSheet:
        return self.sheet(result, scoring.score_sheet(result))

    # -- for learning agents -----------------------------------------------------------------
    def observation_key(self, players: int, options: Mapping[str, OptionValue | None]) -> Hashable:
        return players          # neither option changes the layout

    def observation_layout(self, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
        return observation.observation_spec(self, players, options)

    def encode(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, TrialState)
        return observation.encode(self, state, seat)

    def max_decisions(self, players: int, options: Mapping[str, OptionValue | None]) -> int:
        return observation.max_decisions(self, players)


def setup(s: TrialState, game: TrialGame, options: Mapping[str, OptionValue | None]) -> None:
    """Lay out the board (L175-184) and prepare the players (L186-197)."""
    t = game.tables
    c = game.content
    n = s.players
    s.t = t
    s.c = c
    s.phase = SETUP
    s.day = 0
    s.cur = -1
    s.turns = 0
    # 1-2. the location tiles, front side up, shuffled within each type
    nloc = len(t.locations)
    s.tile_at = list(t.loc_fixed_tile)
    s.tile_side = [0] * nloc
    if options["tiles"] == "random":
        for kind in (GROVE, RUINS, TOWER, STORE):
            locs = [loc for loc in range(nloc) if t.loc_type[loc] == kind]
            tiles = [s.tile_at[loc] for loc in locs]
            s.shuffle(tiles)
            for loc, tile in zip(locs, tiles, strict=True):
                s.tile_at[loc] = tile
    else:
        s.tile_side = list(t.loc_fixed_side)
    # a grove's front shows its food and the towers are alike: their identity is no secret
    s.tile_known = [t.loc_type[loc] in (GROVE, TOWER) or s.tile_side[loc] == 1 for loc in range(nloc)]
    # 3-4. legendary tokens, the tray, the tunnel tokens
    s.legendary = [-1] * len(t.legendary)
    s.tray = [c.supply.food[f] for f in ("raspberry", "acorn", "mushroom", "tea")]
    s.help_food = [0, 0, 0]
    s.gallery_food = [0, 0, 0, 0]
    s.tun_space = [-1] * c.supply.tunnel_tokens
    s.tun_up = [False] * c.supply.tunnel_tokens
    # 5. the ruins: one of each common kind shuffled, 2 each; one rare each
    commons = [k for k in range(t.n_items) if not t.rare[k]]
    rares = [k for k in range(t.n_items) if t.rare[k]]
    s.shuffle(commons)
    s.shuffle(rares)
    s.ruins = [[] for _ in range(nloc)]
    ruins_locs = [loc for loc in range(nloc) if t.loc_type[loc] == RUINS]
    for i, loc in enumerate(ruins_locs):
        s.ruins[loc] = [commons[2 * i], commons[2 * i + 1], rares[i]]
    s.ruins_seen = [False] * (n * nloc)
    # 6. the store: stacks of the remaining commons in the small slots, the other rares in the third column
    s.store_kind = [-1] * t.n_slots
    s.store_n = [0] * t.n_slots
    small = [x for x in range(t.n_slots) if not t.slot_large[x]]
    kinds = [k for k in range(t.n_items) if not t.rare[k]]
    s.shuffle(kinds)
    for x, k in zip(small, kinds, strict=True):
        s.store_kind[x] = k
        s.store_n[x] = t.item_count[k] - 1
    third = [x for x in range(t.n_slots) if t.store_cols[x % len(t.store_cols)].start == "rare"]
    for x, k in zip(third, rares[len(ruins_locs):], strict=True):
        s.store_kind[x] = k
        s.store_n[x] = 1
    # 7. the deed deck; the encounter deck with 3 cards face up
    s.deck = list(t.deed_range)
    s.shuffle(s.deck)
    s.discard = []
    s.enc_deck = list(t.encounter_range)
    s.shuffle(s.enc_deck)
    s.known = [0] * t.n_cards
    s.enc_slots = []
    for _ in range(c.supply.encounter_slots):
        card = s.enc_deck.pop()
        s.enc_slots.append(card)
        s.known[card] = 0b1111
    # 8-9. the artifacts in their slots; the 3 expedition decks
    s.artifact_home = [True] * len(c.artifacts)
    s.artifact_box = []
    s.xdeck = []
    for r in t.area_range:
        deck = list(r)
        s.shuffle(deck)
        s.xdeck.append(deck)
    s.xdiscard = [[], [], []]
    s.xtop = [False, False, False]
    s.unordered = 0
    # the first player (L188)
    s.first = 0 if options["first_player"] == "seat0" else s.draw(n)
    s.day_first = s.opener = s.first
    order = s.order_from(s.first, True)
    # 1-4 of the players' preparation: pieces (chosen below), paw tokens, morality
    s.pos = [-1] * n
    s.paws_home = [t.paws - 1] * n
    s.strong_home = [True] * n
    s.placed = [[] for _ in range(n)]
    s.strong_at = [-1] * n
    s.morality = [t.morality_start] * n
    # 5. tents: drawn one at a time in turn order until each has 3; the rest to the box unseen
    pool = list(range(len(c.tents)))
    s.shuffle(pool)
    s.tents = [[] for _ in range(n)]
    for _ in range(t.tents_each):
        for seat in order:
            s.tents[seat].append(pool.pop())
    s.tent_box = pool
    s.tent_on = [-1] * (len(t.campsites) + 1)
    s.tent_knower = [-1] * (len(t.campsites) + 1)
    s.tent_used = []
    s.tent_kept = [[] for _ in range(n)]
    # 6-7. flags; 5 deed cards and a mushroom, a raspberry and an acorn each
    s.flags = [-1] * (3 * n)
    s.hand = [[] for _ in range(n)]
    s.aside = [[] for _ in range(n)]
    s.food = [0] * (4 * n)
    for seat in order:
        for _ in range(t.hand_size):
            card = s.deck.pop()
            s.hand[seat].append(card)
            s.known[card] = 1 << seat
        for f in ("mushroom", "raspberry", "acorn"):
            i = ("raspberry", "acorn", "mushroom", "tea").index(f)
            s.tray[i] -= 1
            s.add_food(seat, i)
    s.story = [[] for _ in range(n)]

    s.sk = [0] * (SK_SIZE * n)
    s.backpack = [[] for _ in range(n)]
    s.gallery = [[] for _ in range(n)]
    s.boosts = [0] * (4 * n)
    s.camped = [False] * n
    # the turn, the card and the fight being resolved, a store or ruins visit
    s.t_deed = s.t_moved = s.t_acted = s.t_started = s.t_camp = False
    s.t_over = 0
    s.mv_extra = s.mv_discards = 0
    s.r_card = s.r_seat = s.r_src = s.r_opt = -1
    s.r_place = 0
    s.r_won = s.r_winner = s.r_loser = s.r_target = -1
    s.r_rerolled = False
    s.r_fame = 0
    s.r_traded = -1
    s.pay = []
    s.f_att = s.f_def = -1
    s.f_pts = [0, 0]
    s.f_cards = [[], []]
    s.f_weapon = [-1, -1]
    s.f_bow = -1
    s.f_played = [0, 0]
    s.f_dice = [0, 0]
    s.st_bought = s.st_sold = s.st_card_tea = s.st_credit = s.st_enh = s.st_extra = s.st_used = 0
    s.rv_loc = -1
    s.rv_free = False
    s.en_count = s.en_extra = 0
    s.pend = -1
    s.pend_way = 0
    s.pend_col = -1
    # 2. pieces on the starting spaces, the first player first (L191)
    for seat in reversed(order):
        s.stack.append(ChooseStart(seat))
    if s.log is not None:
        s.emit("setup", f"The Trial of the Forest begins with {n} adventurers; {seat_name(s.first)} takes the "
                        f"first player token")


__all__ = ["TrialGame"]
