"""Every registered Talewood game as an OpenSpiel Python game: `register()` then
`pyspiel.load_game("talewood_spirits", {"players": 3, "wish": True})`.

- Parameters: `players`, `seed` (the first game's seed; each new game draws the next one) and every
  option of the game, with the game's defaults.
- Observations: `observation_tensor` is the game's own encoder (the same vector as the PettingZoo and
  Gymnasium environments); `observation_string` is the seat's view as JSON. There is no perfect-recall
  information state.
- Returns: +1 for a win, -1 for a loss, a tie shares the win (2 × share − 1); a cooperative game gives
  every seat the team's result. Two-player competitive games are zero-sum.
- Chance. A game that declares chance steps (`@chance` frames) is played with the engine's
  `explicit_chance`: each such step is an OpenSpiel chance node with its outcomes and probabilities
  (EXPLICIT_STOCHASTIC). Everything else random in a Talewood game (shuffled decks and forests, hidden
  draws) happens inside the engine's own steps from the game's seed: OpenSpiel sees it as sampled
  chance (SAMPLED_STOCHASTIC for a game without chance steps). A state and its clones share that
  seed, so a clone replays exactly; serialising a state keeps the seed and the actions, and
  deserialising replays them.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from ..agents import ITERATIONS, make_agent
from ..engine import Game, Rng, State
from ..engine.observation import Update
from ..engine.stack import CHANCES
from ..games import available, load
from .table import win_rewards

PREFIX = "talewood_"
# the registered game classes, by OpenSpiel name. OpenSpiel keeps the creator of a Python game until
# the interpreter exits; a creator nothing else refers to is freed too late there and crashes the exit.
_registered: dict[str, type] = {}


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def declares_chance(game: Game) -> bool:
    """Whether the game has chance steps the engine can leave to an outside framework."""
    package = type(game).__module__.rpartition(".")[0]
    return any(kind.__module__.startswith(package + ".") or kind.__module__ == package for kind in CHANCES)


def _default_players(game: Game) -> int:
    return max(game.min_players, min(2, game.max_players))


def _parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {"players": _default_players(game), "seed": 0}
    for option in game.option_set.options:
        if option.default is not None:
            params[option.name] = option.default
    return params


def _game_type(game: Game, players: int | None = None) -> pyspiel.GameType:
    if game.cooperative:
        utility = pyspiel.GameType.Utility.IDENTICAL
    elif players == 2:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    else:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    chance = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if declares_chance(game)
              else pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC)
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Talewood {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class TalewoodOpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A Talewood game in OpenSpiel; `register` makes one subclass per game, naming its `game_id`."""

    game_id: str

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = load(self.game_id)
        params = dict(params or {})
        players = int(params.get("players", _default_players(game)))
        game.check_players(players)
        options = game.parse_options({o.name: params[o.name] for o in game.option_set.options if o.name in params},
                                     players)
        self.talewood = game
        self.players = players
        self.options = options
        self.explicit = declares_chance(game)
        self.spec = game.observation_spec(players, options)
        self._seeds = Rng(int(params.get("seed", 0)))
        self.zero_sum = not game.cooperative and players == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=len(game.action_space),
            max_chance_outcomes=int(getattr(game, "max_chance_outcomes", len(game.action_space))) if self.explicit
            else 0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if self.zero_sum else None,
            max_game_length=game.max_decisions(players, options),
        )
        super().__init__(_game_type(game, players), info, params)

    def new_initial_state(self) -> TalewoodOpenSpielState:
        return TalewoodOpenSpielState(self)

    def next_seed(self) -> int:
        return self._seeds.next64()

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("Talewood games give an observation, not a perfect-recall information state")
        return Observer(self)


class Engine:
    """The engine state behind an OpenSpiel state, with the actions that led to it. OpenSpiel clones a
    Python state by deep-copying its attributes: this one copies as a hand-written engine clone, and
    pickles as its seed and actions (a replay)."""

    __slots__ = ("actions", "game_id", "state")

    def __init__(self, state: State, game_id: str, actions: list[int]) -> None:
        self.state = state
        self.game_id = game_id
        self.actions = actions

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(self.state.clone(), self.game_id, self.actions[:])

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        s = self.state
        return (_replay, (self.game_id, s.players, s.seed, dict(s.options), s.explicit_chance, self.actions))


def _replay(game_id: str, players: int, seed: int, options: dict[str, Any], explicit: bool,
            actions: list[int]) -> Engine:
    state = load(game_id).new_game(players, seed, options, tracked=False, explicit_chance=explicit)
    for action in actions:
        state.apply(action)
    return Engine(state, game_id, list(actions))


class TalewoodOpenSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: TalewoodOpenSpielGame) -> None:
        super().__init__(game)
        self._engine: Engine | None = None   # dealt on first use: a clone overwrites it first

    @property
    def engine(self) -> State:
        if self._engine is None:
            g = self.get_game()
            state = g.talewood.new_game(g.players, g.next_seed(), g.options, tracked=False,
                                        explicit_chance=g.explicit)
            self._engine = Engine(state, g.talewood.id, [])
        return self._engine.state

    def current_player(self) -> int:
        s = self.engine
        if s.over:
            return int(pyspiel.PlayerId.TERMINAL)
        player = s.current_player
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.engine.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        s = self.engine
        s.apply(int(action))
        assert self._engine is not None
        self._engine.actions.append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        return self.engine.describe(int(action))

    def is_terminal(self) -> bool:
        return self.engine.over

    def returns(self) -> list[float]:
        s = self.engine
        if not s.over:
            return [0.0] * s.players
        return win_rewards(s.result())

    def __str__(self) -> str:
        s = self.engine
        return f"{s.prompt()} [{s.state_hash()}]"


class Observer:
    """OpenSpiel's observer: `tensor` is the game's encoding for the player, `string_from` its view."""

    def __init__(self, game: TalewoodOpenSpielGame) -> None:
        self.spec = game.spec
        self.tensor = np.zeros(game.spec.size, np.float32)
        self.dict = {"observation": self.tensor}
        # per player: the game's updater, the buffer it keeps and numpy's view of it (no copy)
        self._seen: dict[int, tuple[Update, array[float], np.ndarray]] = {}

    def set_from(self, state: TalewoodOpenSpielState, player: int) -> None:
        seen = self._seen.get(player)
        if seen is None:
            buffer = self.spec.buffer()
            seen = self._seen[player] = (self.spec.follow(), buffer, np.frombuffer(buffer, dtype=np.float32))
        update, buffer, numbers = seen
        update(state.engine, player, buffer)
        self.tensor[:] = numbers

    def string_from(self, state: TalewoodOpenSpielState, player: int) -> str:
        return json.dumps(state.engine.view(player), sort_keys=True, separators=(",", ":"))


class TalewoodBot(pyspiel.Bot):  # type: ignore[misc]
    """A Talewood bot (`random`, `greedy`, `easy`, `normal`, `hard`) as an OpenSpiel bot, to evaluate
    OpenSpiel agents against it (`open_spiel.python.algorithms.evaluate_bots`). It sees the game only
    through the engine contract, as it does at a Talewood table: no hidden information."""

    def __init__(self, kind: str, player_id: int, seed: int = 0, budget: str = ITERATIONS) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = make_agent(kind, seed, budget)
        self._player_id = player_id

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state: TalewoodOpenSpielState) -> None:
        return None

    def inform_action(self, state: TalewoodOpenSpielState, player: int, action: int) -> None:
        return None

    def provides_policy(self) -> bool:
        return False

    def step(self, state: TalewoodOpenSpielState) -> int:
        return self.agent.choose(state.engine)


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register Talewood games with OpenSpiel (every registered game by default); returns their
    OpenSpiel names. Registering twice is harmless."""
    names = []
    for game_id in game_ids or available():
        name = short_name(game_id)
        if name not in _registered:
            game = load(game_id)
            cls = type(f"OpenSpiel{type(game).__name__}", (TalewoodOpenSpielGame,), {"game_id": game_id})
            pyspiel.register_game(_game_type(game), cls)
            _registered[name] = cls
        names.append(name)
    return names
