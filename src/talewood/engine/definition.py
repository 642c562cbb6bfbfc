"""The Game side of the contract (see docs/architecture.md): a game's identity, options, action space,
teams, score sheet and observations, and the factory of its states (engine/game.py holds the State).

It stays a Python class when the engine is compiled (talewood/compiled.py): a game sets its options, its
content and its scenario schema in its class body or its `__init__`, as it likes, and it is not on the
hot path."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import ActionSpace
from .errors import InvalidOption, InvalidPlayerCount
from .game import Result, State, plural, seat_name
from .observation import ObservationSpec
from .options import OptionSet, OptionValue
from .present import NO_CHOICE, Choice, ScoreSheet, SheetRow, names_in_words, tie_reason

if TYPE_CHECKING:
    from .scenario import ScenarioSchema


class Game(ABC):
    """A game's identity, options, action space, teams and observations, and the factory of its states."""

    # what each game's class says of itself (class variables: a game's class sets them in its body)
    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    # a cooperative game: every seat is on one team that wins or loses together
    cooperative: ClassVar[bool] = False
    # what a seat is called where people choose who plays it (the lobby): "Hero" where each seat is a Hero
    seat_noun: ClassVar[str] = "Player"
    # what the game's score counts, as the verdict says it ("Player 2 wins with 34 fame points")
    points_noun: ClassVar[str] = "point"
    option_set: OptionSet
    action_space: ActionSpace
    # the keys a scenario (a position described as data) may set: see engine/scenario.py
    scenario_schema: ScenarioSchema
    # the observation layouts built so far, per observation_key (observation_spec)
    _observation_specs: dict[Hashable, ObservationSpec] | None = None

    def players_phrase(self) -> str:
        """How many play it, in words: "3 players", "1 to 4 players"."""
        if self.min_players == self.max_players:
            return plural(self.min_players, "player")
        return f"{self.min_players} to {self.max_players} players"

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidPlayerCount(f"{self.name} is played by {self.players_phrase()}, not {players!r}")

    def parse_options(self, options: Mapping[str, Any] | None, players: int) -> dict[str, OptionValue | None]:
        """Defaults overlaid with `options`, validated (also across options, by `check_options`)."""
        values = self.option_set.parse(options)
        self.check_options(values, players)
        return values

    def check_options(self, values: Mapping[str, OptionValue | None], players: int) -> None:
        """Refuse option combinations that do not go together (override per game)."""
        return None

    def teams(self, players: int) -> list[list[int]]:
        """The seats of each team: every seat alone, or all seats one team in a cooperative game."""
        if self.cooperative:
            return [list(range(players))]
        return [[s] for s in range(players)]

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 *, tracked: bool = True, explicit_chance: bool = False) -> State:
        """A new game. `explicit_chance` leaves chance steps pending for an outside framework."""
        self.check_players(players)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidOption(f"the seed must be an integer, not {seed!r}")
        state = self._new_state(players, seed, self.parse_options(options, players), tracked)
        state.explicit_chance = explicit_chance
        state.settle()
        state.barrier = False
        return state

    @abstractmethod
    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue | None],
                   tracked: bool) -> State:
        """Set up a game and push its first frames (the engine settles them)."""

    def scenario(self, spec: Mapping[str, Any] | str) -> State:
        """A position described as data ({players, seed, options, position}, or the same as TOML)."""
        if isinstance(spec, str):
            return self.scenario_schema.build_toml(self, spec)
        return self.scenario_schema.build(self, spec)

    # -- how people see it (engine/present.py; docs/web.md, "Drawing a game's table") -------------
    def choice(self, state: State, action: int) -> Choice:
        """How the legal `action` shows in a panel of choices: its heading, whether it is a pass/none/done
        kind of choice (listed first), the whole text of the card it plays, buys or picks, a short code
        for the terminal. Override per game; the default says nothing beyond the action's label."""
        return NO_CHOICE

    def score_sheet(self, result: Result) -> ScoreSheet:
        """The end of the game for people: the verdict, its reason and the rows behind it (points,
        counts and tie-breakers told apart, each explained; the total last). Games override it with
        their scoring items (`Result.details`), building the sheet with `sheet`."""
        if result.cooperative:
            return self.sheet(result, [SheetRow("Team score", [f"{result.team_score:g}"] * len(result.scores),
                                                "total")])
        return self.sheet(result, [SheetRow("Total", [f"{s:g}" for s in result.scores], "total")])

    def sheet(self, result: Result, rows: Sequence[SheetRow], reason: str | None = None,
              achieved: str = "") -> ScoreSheet:
        """A score sheet of `rows` with the verdict in words: who won with how many points (a team: whether
        it won), and, unless `reason` is given, why when the top total was tied (the first tie-breaking
        row's label)."""
        if result.cooperative:
            verdict = "The team wins" if result.team_won else "The team loses"
            return ScoreSheet(list(rows), verdict, reason or "", achieved or f"Team score: {result.team_score:g}.")
        names = [seat_name(w, self.seat_noun) for w in result.winners]
        if not names:
            verdict = "Nobody wins"
        else:
            best = result.scores[result.winners[0]]
            points = (plural(int(best), self.points_noun) if float(best).is_integer()
                      else f"{best:g} {self.points_noun}s")
            verdict = (f"{names[0]} wins with {points}" if len(names) == 1
                       else f"{names_in_words(names)} share the victory with {points}")
        if reason is None:
            reason = tie_reason(result.scores, result.winners, rows)
        return ScoreSheet(list(rows), verdict, reason, achieved)

    # -- for learning agents -----------------------------------------------------------------
    def observation_spec(self, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
        """The fixed shape and layout of `encode`'s output for a game of this size and options: built
        by `observation_layout` once per `observation_key` and kept, since encoding reads it every step."""
        key = self.observation_key(players, options)
        specs = self._observation_specs
        if specs is None:
            specs = self._observation_specs = {}
        spec = specs.get(key)
        if spec is None:
            spec = specs[key] = self.observation_layout(players, options)
        return spec

    def observation_key(self, players: int, options: Mapping[str, OptionValue | None]) -> Hashable:
        """What the observation's layout depends on: the player count and every option, unless the game
        says less (a layout the same for every size is built once)."""
        return (players, *(options.get(name) for name in self.option_set.names()))

    @abstractmethod
    def observation_layout(self, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
        """Build the layout `observation_spec` keeps for this size and these options."""

    @abstractmethod
    def encode(self, state: State, seat: int) -> list[float]:
        """What `seat` sees, as numbers laid out by `observation_spec` (a function of its view alone)."""

    @abstractmethod
    def max_decisions(self, players: int, options: Mapping[str, OptionValue | None]) -> int:
        """A bound on the number of decisions in any game of this size and options."""

    def legal_mask(self, state: State) -> list[int]:
        """1 for every legal action id, 0 elsewhere, over the whole fixed action space."""
        mask = [0] * len(self.action_space)
        for action in state.legal_actions():
            mask[action] = 1
        return mask
