"""ThreeTale: the game, its options and the setup of a new tale.

Three Heroes always play: the engine's three seats are the Heroes (which people control which
Heroes is the web app's business). The Prophecy Phase draws three Prophecies; then each seat picks
its Hero (option `heroes=choose`, the rulebook's way) and the team sets the turn order.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Mapping
from typing import Any

from ...engine import (
    Choice,
    Game,
    InvalidOption,
    ObservationSpec,
    Option,
    OptionSet,
    OptionValue,
    Result,
    ScoreSheet,
    State,
)
from . import rulings
from .choices import choice
from .components.box import Content
from .components.symbols import DIFFICULTIES
from .content import load_content
from .hero_state import empty_slots, no_talents, no_virtues
from .observation import decision_bound, encode, observation_spec
from .scenario import SCHEMA
from .scoring import score_sheet
from .setup import ChooseOrder, PickHero, take_hero
from .state import TTState
from .state_fields import SETUP, BattleUnderWay, Config, RollUnderWay, ThisTurn
from .tables import SEAT_NOUN, Tables, build_tables

SEATS = 3


class ThreeTaleGame(Game):
    id = "threetale"
    name = "ThreeTale"
    min_players = SEATS
    max_players = SEATS
    cooperative = True
    seat_noun = SEAT_NOUN

    def __init__(self, content: Content | None = None) -> None:
        # a designer's copy of the content folder (the lab) is read again at each difficulty's knobs
        self._folder = content.folder if content is not None else None
        self._tables: dict[str, Tables] = {}
        normal = self.tables("normal")
        c = normal.c
        self.content = c
        self.action_space = normal.space
        self.ids = normal.ids
        self.teams_of_heroes = ["+".join(h.id for h in combo) for combo in itertools.combinations(c.heroes, SEATS)]
        hero_names = {h.id: h.name for h in c.heroes}
        self.option_set = OptionSet((
            Option("future", "choice", "random", "the Future the tale leads to: as the Prophecies fall, or one you "
                   "choose (it is then among the three Prophecies)", choices=("random", *(f.id for f in c.futures)),
                   title="Future", choice_labels=("as the Prophecies fall", *(f.name for f in c.futures))),
            Option("tutorial", "bool", False, "the first game: only the Tutorial Prophecy, its Future known",
                   title="Tutorial (a first game)"),
            Option("difficulty", "choice", "normal", "how strong the enemies of the Past and of the Future are",
                   choices=DIFFICULTIES, title="Difficulty", choice_labels=("easier", "normal", "harder")),
            Option("heroes", "choice", "choose", "each player picks a Hero after the Prophecies, or a fixed team "
                   "(Hero 1, 2 and 3 in the order named)", choices=("choose", *self.teams_of_heroes), title="Heroes",
                   choice_labels=("each player picks a Hero", *(
                       ", ".join(hero_names[h] for h in team.split("+")) for team in self.teams_of_heroes))),
            Option("hope_scope", "choice", rulings.HOPE_SCOPES[0], "Hope turns dice once per band each turn, or "
                   "on every roll", choices=rulings.HOPE_SCOPES, title="Hope",
                   choice_labels=("a budget each turn", "on every roll"), variant=True),
            Option("crown_attacks", "choice", rulings.CROWN_ATTACKS[0], "the Crown of Evil: one attack a turn, "
                   "or one per Action", choices=rulings.CROWN_ATTACKS, title="Attacks in the Crown of Evil",
                   choice_labels=("one a turn", "one per Action"), variant=True),
            Option("ring_transfer", "bool", rulings.RINGS_TRANSFERABLE_DEFAULT, "the Nine Rings: a Ring may be "
                   "given to an adjacent Hero as an Action", title="Rings may be given", variant=True),
            Option("tree_flips", "choice", rulings.TREE_FLIPS[0], "the Parallel Land: the Tree's flips at random "
                   "or chosen by the players", choices=rulings.TREE_FLIPS, title="The Tree's flips",
                   choice_labels=("at random", "chosen by the players"), variant=True),
            Option("empty_tiles", "choice", rulings.EMPTY_TILES[0], "the Parallel Land: at the end of its turn "
                   "the Tree puts a Parallel Virtue on every empty tile (no Seed and no Parallel Virtue on it), "
                   "as the rulebook says, or only on the empty tiles that are flipped", choices=rulings.EMPTY_TILES,
                   title="Tiles the Tree fills", choice_labels=("every empty tile", "only flipped tiles"),
                   variant=True),
            Option("removal_fallback", "choice", rulings.REMOVAL_FALLBACKS[0], "the Information Flood, when no "
                   "free tile has 1 or 2 borders: remove the free tile with the fewest, or a Hero's (a loss)",
                   choices=rulings.REMOVAL_FALLBACKS, title="Removing a tile with no free choice",
                   choice_labels=("the free tile with the fewest borders", "a Hero's tile (a loss)"), variant=True),
        ))

        self.scenario_schema = SCHEMA

    def choice(self, state: State, action: int) -> Choice:
        assert isinstance(state, TTState)
        return choice(state, action)

    def score_sheet(self, result: Result) -> ScoreSheet:
        rows, reason, achieved = score_sheet(result)
        return self.sheet(result, rows, reason, achieved)

    def tables(self, difficulty: str) -> Tables:
        if difficulty not in self._tables:
            self._tables[difficulty] = build_tables(load_content(self._folder, difficulty))
        return self._tables[difficulty]

    def check_options(self, values: Mapping[str, OptionValue | None], players: int) -> None:
        if values["tutorial"] and values["future"] != "random":
            tutorial = next(p for p in self.content.prophecies if p.tutorial)
            if values["future"] != tutorial.future:
                raise InvalidOption(f"the Tutorial Prophecy's Future is {tutorial.future}: with tutorial=true, "
                                    f"leave future=random or set future={tutorial.future}")

    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue | None],
                   tracked: bool) -> TTState:
        s = TTState.__new__(TTState)
        s._init_base(self, players, seed, options, tracked)
        setup(s, self, options)
        return s

    # -- for learning agents -----------------------------------------------------------------
    def observation_key(self, players: int, options: Mapping[str, OptionValue | None]) -> Hashable:
        return ()               # three Heroes whoever plays them, and every Future laid out alike

    def observation_layout(self, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
        return observation_spec(self, players, options)

    def encode(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, TTState)
        return encode(self, state, seat)

    def max_decisions(self, players: int, options: Mapping[str, OptionValue | None]) -> int:
        return decision_bound(self.tables(str(options.get("difficulty") or "normal")))


def setup(s: TTState, game: ThreeTaleGame, options: Mapping[str, Any]) -> None:
    """The table as the rulebook's Setup lays it, and the Prophecy Phase's first decisions."""
    t = game.tables(str(options["difficulty"]))
    c = t.c
    futures = [f.id for f in c.futures]
    forced = futures.index(str(options["future"])) if options["future"] != "random" else -1
    s.t = t
    s.geo = t.no_map
    s.kinds = t.printed
    s.cfg = Config(
        hope_per_roll=options["hope_scope"] == "per_roll", crown_per_action=options["crown_attacks"] == "per_action",
        ring_transfer=bool(options["ring_transfer"]), tree_random=options["tree_flips"] == "random",
        fill_flipped_only=options["empty_tiles"] == "flipped",
        removal_strict=options["removal_fallback"] == "strict", forced_future=forced,
        tutorial=bool(options["tutorial"]))
    s.phase = SETUP
    s.hero = [-1] * SEATS
    s.order = list(range(SEATS))
    s.future = -1
    s.fulfilled = -1
    s.turn_no = s.round_no = s.idx = 0
    s.cur = -1
    s.fstage = 0
    s.won_round = 0
    s.fallbacks = [0, 0]
    s.vir = no_virtues(SEATS)
    s.speed = [0] * SEATS
    s.spirit = [0] * SEATS
    s.shev = [0] * SEATS
    s.tal = no_talents(SEATS)
    s.arts = [[] for _ in range(SEATS)]
    s.equip = empty_slots(SEATS)
    s.offerings = [0] * SEATS
    s.quests = [[] for _ in range(SEATS)]
    s.stones = [0] * SEATS
    s.rings = [0] * SEATS
    s.heads = [0] * SEATS
    s.seeds = [0] * SEATS
    s.pos = [-1] * SEATS
    s.once_game = [0] * SEATS
    s.wrath = [0] * SEATS
    s.green = [0] * SEATS
    s.steps = s.acts = s.turns_used = 0
    s.turn = ThisTurn()
    s.bonus_hand = []
    s.bonus_unused = []
    s.slots_used = s.stones_turn = s.portals_free = 0
    n_tiles = len(c.tiles)
    s.tile_x = [0] * n_tiles
    s.tile_y = [0] * n_tiles
    s.tile_rot = [0] * n_tiles
    s.on_map = [False] * n_tiles
    s.flipped = [False] * n_tiles
    s.cell_tile = {}
    s.space_at = {}
    s.placed = []
    s.removed = []
    s.token = [-1] * (4 * n_tiles)
    s.figure = -1
    s.viruses = []
    s.tile_stack = list(range(n_tiles))        # face down: drawn at random
    s.tile_top = []                            # tiles known to come next (a scenario's)
    s.tile_bottom = []
    s.drawn = []
    s.protected = []
    s.tree_tile = -1
    s.deck = [list(cards) for cards in t.deck_cards]
    s.top = [[] for _ in t.deck_cards]
    s.bottom = [[] for _ in t.deck_cards]
    s.discard = [[] for _ in t.deck_cards]
    s.on_offer = []
    s.offer_for = -1
    s.blessings = 0
    s.receiver = -1
    s.wow = s.pv_left = s.flips = s.tentacles_left = 0
    s.cancel_tentacle = s.block_virus = s.vici_def = s.vici_shield = s.virus_rush = s.cancel_removals = 0
    s.tentacle = -1
    s.battle = BattleUnderWay()
    s.roll = RollUnderWay()

    # the Prophecy Phase: three Prophecies (only the Tutorial's in a first game, A-02/A-03)
    prophecies = c.prophecies
    if s.cfg.tutorial and rulings.TUTORIAL_DRAWS_ONLY_ITS_CARD:
        p = next(i for i, x in enumerate(prophecies) if x.tutorial)
        s.prophecies = [p]
        s.fulfilled = p
        s.future = futures.index(prophecies[p].future)
    else:
        pool = [i for i, x in enumerate(prophecies) if not x.tutorial]
        drawn: list[int] = []
        if forced >= 0:
            p = next(i for i in pool if prophecies[i].future == futures[forced])
            pool.remove(p)
            drawn.append(p)
        while len(drawn) < rulings.PROPHECIES_DRAWN and pool:
            drawn.append(pool.pop(s.draw(len(pool))))
        s.prophecies = sorted(drawn)
    s.reveal()
    if s.log is not None:
        names = ", ".join(prophecies[p].name for p in s.prophecies)
        s.emit("prophecy", f"The Prophecies drawn: {names}")
    if rulings.TURN_ORDER_CHOSEN_AT_PAST_AND_PRESENT:
        s.push(ChooseOrder(0, -1, -1, 0))
    team = str(options["heroes"])
    if team == "choose" and rulings.HEROES_CHOSEN_AFTER_PROPHECIES:
        for seat in reversed(range(SEATS)):
            s.push(PickHero(seat))
    else:
        ids = team.split("+") if team != "choose" else [h.id for h in c.heroes[:SEATS]]
        for seat, hero_id in enumerate(ids):
            take_hero(s, seat, next(i for i, h in enumerate(c.heroes) if h.id == hero_id))


__all__ = ["ThreeTaleGame"]
