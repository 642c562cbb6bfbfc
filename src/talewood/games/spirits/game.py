"""Spirits of the Forest: the game, its options, and the setup of a new forest."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, final

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
    plural,
)
from . import choices, observation, rulings, scoring
from .actions import Ids, build_action_space
from .content import AIR, BASE_SPIRITS, DROP, NO_SEASON, Content, load_content
from .frames import KeepHex, KeepWish
from .layouts import SCENARIOS, Layout, rows_layout, solo_layout
from .scenario import SCHEMA
from .state import POWER_SLOTS, SPIRIT_SLOTS, Config, SpiritsState


@dataclass(frozen=True)
class ForestTemplate:
    """A layout's fixed geometry, computed once: which places hold tiles, which start open."""

    place_row: tuple[int, ...]
    place_col: tuple[int, ...]
    place_index: tuple[int, ...]            # grid index of each tile place, in layout order
    face_up: tuple[bool, ...]               # per tile place
    open_places: tuple[int, ...]            # grid indices with a free long side at the start
    row_count: tuple[int, ...]
    token_places: tuple[tuple[int, bool], ...]   # (grid index, face up)
    tiles: tuple[int, ...]                  # the tile ids this forest uses

    @classmethod
    def build(cls, layout: Layout, air: bool, content: Any) -> ForestTemplate:
        places = layout.places_for(air)
        cols = layout.cols
        nplaces = layout.rows * cols
        index = tuple(p.row * cols + p.col for p in places)
        filled = set(index)
        open_places = tuple(
            i for i in sorted(filled)
            if i % cols == 0 or (i - 1) not in filled or i % cols == cols - 1 or (i + 1) not in filled)
        row_count = [0] * layout.rows
        for p in places:
            row_count[p.row] += 1
        return cls(
            place_row=tuple(i // cols for i in range(nplaces)),
            place_col=tuple(i % cols for i in range(nplaces)),
            place_index=index, face_up=tuple(p.face_up for p in places), open_places=open_places,
            row_count=tuple(row_count),
            token_places=tuple((p.row * cols + p.col, p.token == "up") for p in places if p.token),
            tiles=tuple(t.id for t in content.tiles if air or not t.air),
        )


MODULE_OPTIONS = ("wish", "hex", "seasons", "air_spirit", "fireflies")


@final
class SpiritsGame(Game):
    id = "spirits"
    name = "Spirits of the Forest"
    points_noun = "nature point"
    min_players = 1
    max_players = 4
    scenario_schema = SCHEMA

    def __init__(self, content: Content | None = None) -> None:
        self.content = content if content is not None else load_content()
        self.ids = Ids(self.content)
        self.action_space = build_action_space(self.content)
        self.single = tuple(t.spirit for t in self.content.tiles)
        self._forests: dict[tuple[str, bool], ForestTemplate] = {}
        # the base game's rows (12 tiles a row, 14 with the Air Spirit) and the solo forest, built once
        self._rows = {cols: rows_layout(cols) for cols in (12, 14)}
        self._solo = solo_layout()
        self.option_set = OptionSet((
            Option("first_player", "choice", "seat0", "who takes the first turn",
                   choices=rulings.FIRST_PLAYER_CHOICES, title="First player",
                   choice_labels=("Player 1", "a player drawn at random")),
            Option("wish", "bool", False, "each player is dealt 2 Wish cards, keeps one and reveals it once "
                   "everyone has chosen; a wish met at the end of the game earns its reward", title="Wish cards"),
            Option("hex", "bool", False, "each player is dealt 2 Hex cards, keeps one and reveals it once "
                   "everyone has chosen; a hex's request not met at the end costs 6 nature points",
                   title="Hex cards"),
            Option("seasons", "bool", False, "a Season token beside each row: a number of tiles that must stay "
                   "in that row, or a drop token for whoever takes the row's last tile", title="Seasons"),
            Option("scenario", "choice", "rows", "how the tiles are laid out: the base game's rows or a Forest "
                   "Scenario, where a tile can be taken only once a long side is free",
                   choices=("rows", *SCENARIOS), title="Forest layout",
                   choice_labels=("the base game's rows", "Forest Scenario", "Forgotten Grove Scenario",
                                  "Forbidden Forest Scenario", "Enchanted Wildlands Scenario")),
            Option("air_spirit", "bool", False, "8 Air Spirit tiles join the forest (rows of 14) and the Air "
                   "Spirit favor token joins the favor tokens", title="Air Spirit"),
            Option("fireflies", "bool", False, "Silver Firefly tokens on the Air Spirit doubles and the -1 Firefly "
                   "favor token; needs the Air Spirit", title="Silver Fireflies"),
        ))

    def forest_template(self, layout: Layout, air: bool) -> ForestTemplate:
        key = (layout.id, air)
        if key not in self._forests:
            self._forests[key] = ForestTemplate.build(layout, air, self.content)
        return self._forests[key]

    def layout_for(self, players: int, options: Mapping[str, Any]) -> Layout:
        """The forest's layout: the solo forest, a Forest Scenario, or the base game's rows."""
        if players == 1:
            return self._solo
        if options["scenario"] != "rows":
            return self.content.layouts[str(options["scenario"])]
        return self._rows[14 if options["air_spirit"] else 12]

    def forest_size(self, players: int, options: Mapping[str, Any]) -> tuple[int, int]:
        layout = self.layout_for(players, options)
        return layout.rows, layout.cols

    def check_options(self, values: Mapping[str, OptionValue | None], players: int) -> None:
        if values["fireflies"] and not values["air_spirit"]:
            raise InvalidOption("fireflies=true needs air_spirit=true (the fireflies sit on Air Spirit tiles)")
        if players == 1 and not rulings.SOLO_MODULES_ALLOWED:
            on = [m for m in MODULE_OPTIONS if values[m]] + (
                ["scenario"] if values["scenario"] != "rows" else [])
            if on:
                raise InvalidOption(f"the solo game is played with the base forest only; turn off: {', '.join(on)}")

    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue | None],
                   tracked: bool) -> SpiritsState:
        state = SpiritsState.__new__(SpiritsState)
        state._init_base(self, players, seed, options, tracked)
        setup(state, self, options)
        return state

    def choice(self, state: State, action: int) -> Choice:
        assert isinstance(state, SpiritsState)
        return choices.choice(state, action)

    def score_sheet(self, result: Result) -> ScoreSheet:
        rows, reason = scoring.score_sheet(result, self.content)
        return self.sheet(result, rows, reason)

    # -- for learning agents -----------------------------------------------------------------
    def observation_layout(self, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
        return observation.observation_spec(self, players, options)

    def encode(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, SpiritsState)
        return observation.encode(self, state, seat)

    def max_decisions(self, players: int, options: Mapping[str, OptionValue | None]) -> int:
        """Every turn takes a tile, save passes (at most one round between two takes); a turn is at most
        take, pay, second, pay, firefly, gemstone, move, and a "+" token can re-ask (twice a game)."""
        tiles = len(self.forest_template(self.layout_for(players, options), bool(options["air_spirit"])).tiles)
        cards = (2 if options["wish"] else 0) + (2 if options["hex"] else 0)
        return tiles * (7 + 2 * (players - 1)) + 2 * players + players * cards + 1


def setup(state: SpiritsState, game: SpiritsGame, options: Mapping[str, Any]) -> None:
    """Lay out the forest, the favor tokens, the modules' pieces, and open the first decision."""
    c = game.content
    players = state.players
    solo = players == 1
    air = bool(options["air_spirit"])
    layout = game.layout_for(players, options)
    forest = game.forest_template(layout, air)
    nplaces = layout.rows * layout.cols

    first = 0 if options["first_player"] == "seat0" else state.draw(players)
    season_tokens = [NO_SEASON] * layout.rows
    row_min = [0] * layout.rows
    if options["seasons"]:
        for row in range(min(rulings.SEASON_ROWS, layout.rows)):
            token = state.pick(c.seasons[row])
            if row == 3 and players == 4 and token != DROP:
                continue        # 4 players: a Winter token without the drop returns to the box
            season_tokens[row] = token
            row_min[row] = 0 if token == DROP else token
    state.cfg = Config(
        players=players, solo=solo, layout_id=layout.id, rows=layout.rows, cols=layout.cols,
        place_row=forest.place_row, place_col=forest.place_col,
        n_spirits=BASE_SPIRITS + 1 if air and rulings.AIR_SPIRIT_IS_A_SPIRIT else BASE_SPIRITS,
        seasons=bool(options["seasons"]), fireflies=bool(options["fireflies"]),
        wishes=bool(options["wish"]), hexes=bool(options["hex"]),
        row_min=tuple(row_min), season_tokens=tuple(season_tokens), first_player=first,
        gemstones=rulings.GEMSTONES_PER_PLAYER[players],
        single=game.single,
    )
    state.c = c
    state.ids = game.ids
    ntiles = len(c.tiles)

    # the forest
    tiles = list(forest.tiles)
    state.shuffle(tiles)
    state.place_tile = [-1] * nplaces
    state.tile_place = [-1] * ntiles
    state.face_up = [False] * ntiles
    for p, t, up in zip(forest.place_index, tiles, forest.face_up, strict=True):
        state.place_tile[p] = t
        state.tile_place[t] = p
        state.face_up[t] = up
    state.row_count = list(forest.row_count)
    state.exposed = [state.place_tile[p] for p in forest.open_places]
    for t in state.exposed:
        state.face_up[t] = True          # a face-down tile with a free long side is revealed at once
    state.firefly = [bool(options["fireflies"]) and c.tiles[t].air and c.tiles[t].is_double
                     for t in range(ntiles)]
    state.gem_on = [-1] * ntiles
    state.free_up = [state.tile_place[t] >= 0 and (state.face_up[t] or not rulings.GEMSTONES_ONLY_ON_FACE_UP_TILES)
                     for t in range(ntiles)]

    # favor tokens
    if solo:
        pool = [k.index for k in c.tokens if k.kind == "spirit" and k.module is None]
    else:
        wanted = {None, *(m for m in ("seasons", "air_spirit", "fireflies") if options[m])}
        pool = [k.index for k in c.tokens if k.module in wanted]
    state.shuffle(pool)
    state.token_at = [-1] * nplaces
    state.token_up = [False] * nplaces
    state.opp_hidden = []
    state.solo_token = -1
    if solo:
        state.opp_hidden = [pool.pop(), pool.pop()]
        state.solo_token = pool.pop()
    else:
        for p, up in forest.token_places:
            state.token_at[p] = pool.pop()
            state.token_up[p] = up
    state.box = pool
    state.public_token = [False] * len(c.tokens)
    if solo:
        state.public_token[state.solo_token] = True
    state.discarded = []

    # players
    state.supply = [state.cfg.gemstones] * players
    state.placed = [0] * players
    state.lost = [0] * players
    state.tiles_of = [[] for _ in range(players)]
    state.discarded_tiles = [[] for _ in range(players)]
    state.sym = [0] * (players * SPIRIT_SLOTS)
    state.pw = [0] * (players * POWER_SLOTS)
    state.favors = [[] for _ in range(players)]
    state.plus_new = [0] * players
    state.drops = [0] * players
    state.drop_open = [t == DROP for t in season_tokens] if options["seasons"] else []
    state.reward_syms = [[] for _ in range(players)]
    state.opp_tiles = []
    state.opp_sym = [0] * 10
    state.opp_revealed = 0
    state.cur = -1                      # SpiritsState.advance opens the first turn
    state.took = 0
    state.turn = 0
    state.first_turn = True
    state.ending = False

    # Wish and Hex cards: deal two each; the choices are asked seat by seat, from the first player
    order = [(first + i) % players for i in range(players)]
    state.wish_hand = [[] for _ in range(players)]
    state.hex_hand = [[] for _ in range(players)]
    state.wish = [-1] * players
    state.wish_met = [False] * players
    state.hex = [-1] * players
    state.cards_revealed = False
    choices: list[KeepWish | KeepHex] = []
    for flag, hands, deck_size, kind in ((options["wish"], state.wish_hand, len(c.wishes), KeepWish),
                                         (options["hex"], state.hex_hand, len(c.hexes), KeepHex)):
        if not flag:
            continue
        deck = list(range(deck_size))
        state.shuffle(deck)
        for seat in order:
            hands[seat] = [deck.pop(), deck.pop()]
            choices.append(kind(seat))
    state.stack.extend(reversed(choices))   # the first player chooses first
    if state.log is not None:
        state.emit("setup", f"A new forest: {layout.name}, {plural(players, 'player')}")


__all__ = ["AIR", "SpiritsGame"]
