"""Spirits of the Forest: the game and its options (the setup of a new forest is forest.py)."""

from __future__ import annotations

from collections.abc import Mapping
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
)
from . import choices, observation, rulings, scoring
from .actions import Ids, build_action_space
from .content import AIR, Content, load_content
from .forest import ForestTemplate, setup
from .frames import MOST_PLAYERS
from .layouts import SCENARIOS, Layout, rows_layout, solo_layout
from .scenario import SCHEMA
from .state import SpiritsState

MODULE_OPTIONS = ("wish", "hex", "seasons", "air_spirit", "fireflies")


@final
class SpiritsGame(Game):
    id = "spirits"
    name = "Spirits of the Forest"
    points_noun = "nature point"
    min_players = 1
    max_players = MOST_PLAYERS
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


__all__ = ["AIR", "SpiritsGame"]
