"""Every Talewood game as a PettingZoo AEC environment (see docs/rl.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..agents import ITERATIONS
from ..engine import IllegalAction, InvalidOption
from .table import ILLEGAL_REWARD, Table, agent_name, check_illegal_mode

RENDER_MODES = ("ansi", "rgb_array")


def observation_space(table: Table) -> spaces.Dict:
    """{"observation": the encoded view (float32), "action_mask": int8 over the action space}."""
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, shape=table.observation_shape, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(table.num_actions,), dtype=np.int8),
    })


def state_space(table: Table) -> spaces.Box:
    """The whole game for a centralised critic (Table.global_state): one size per game."""
    return spaces.Box(-np.inf, np.inf, shape=(table.state_size,), dtype=np.float32)


class TalewoodAEC(AECEnv):  # type: ignore[misc]
    """One agent per learning seat (`player_1` is the first seat); bots play the other seats between
    the agents' turns. A seat may decide several times in a row (a turn of several steps), and
    agent order follows the game. Rewards come at the end only (Table.rewards)."""

    def __init__(self, table: Table, *, render_mode: str | None = None, illegal: str = "raise") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOption(f"unknown render_mode {render_mode!r}; valid: {', '.join(RENDER_MODES)}")
        self.table = table
        self.render_mode = render_mode
        self.illegal = check_illegal_mode(illegal)
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"talewood_{table.game.id}_v0",
                         "is_parallelizable": False, "render_fps": 4}
        self.possible_agents = [agent_name(s) for s in table.agent_seats]
        self.seat_of: dict[str, int] = {agent_name(s): s for s in table.agent_seats}
        self.agent_at: dict[int, str] = {s: agent_name(s) for s in table.agent_seats}
        self.observation_spaces = {a: observation_space(table) for a in self.possible_agents}
        self.state_space = state_space(table)
        self.action_spaces = {a: spaces.Discrete(table.num_actions) for a in self.possible_agents}
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        agents = self.possible_agents
        self.agents = agents[:]
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {a: {} for a in agents}
        self._after_decision()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat_of[agent]
        table = self.table
        return {"observation": table.observation(seat), "action_mask": table.mask(seat)}

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last`, observing without the extra call through `observe` (a step of an agent's loop)."""
        agent = self.agent_selection
        observation = None
        if observe:
            seat = self.seat_of[agent]
            table = self.table
            observation = {"observation": table.observation(seat), "action_mask": table.mask(seat)}
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def action_mask(self, agent: str) -> np.ndarray:
        """The agent's action mask alone (what `observe` gives as "action_mask"), without encoding
        the observation: for loops that read `last(observe=False)`."""
        return self.table.mask(self.seat_of[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        try:
            table.apply(action)
        except (IllegalAction, TypeError, ValueError):
            if self.illegal == "raise":
                raise IllegalAction(table.illegal_reason(action)) from None
            self._end({a: (ILLEGAL_REWARD if a == agent else 0.0) for a in self.agents}, illegal=agent)
            return
        state = table.state
        if state.over or table.max_steps is not None:
            self._after_decision()
        else:                                  # the usual step: the next agent (_after_decision's last case)
            self.agent_selection = self.agent_at[state.current_player]  # type: ignore[index]

    def _after_decision(self) -> None:
        table = self.table
        state = table.state
        if state.over:
            rewards = table.rewards()
            self._end({a: rewards[self.seat_of[a]] for a in self.agents})
        elif table.max_steps is not None and table.steps >= table.max_steps:     # table.truncated
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self.agent_at[state.current_player]  # type: ignore[index]

    def _end(self, rewards: Mapping[str, float], illegal: str | None = None) -> None:
        for a in self.agents:
            self.rewards[a] = rewards[a]
            self.terminations[a] = True
            if illegal is not None:
                self.infos[a]["illegal_action_by"] = illegal
        self._accumulate_rewards()

    def state(self) -> np.ndarray:
        """The whole game for a centralised critic: every seat's observation, in seat order (Table.global_state)."""
        return self.table.global_state()

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            return None
        table = self.table
        seat = None if table.over else table.state.current_player
        if self.render_mode == "rgb_array":
            return table.render_rgb(seat)
        return table.render_text(seat)

    def close(self) -> None:
        return None

    # -- for people reading logs --------------------------------------------------------------
    def describe(self, action: int) -> str:
        """The game's label of `action` in the current position."""
        return self.table.state.describe(int(action))

    @property
    def state_seed(self) -> int:
        """The seed of the game being played: `talewood` replays it with the same seed."""
        return self.table.seed


def env(game: str, players: int, options: Mapping[str, Any] | None = None,
        seats: Sequence[str] | Mapping[int, str] | None = None, *, render_mode: str | None = None,
        reward: str = "win", score_scale: float = 1.0, max_steps: int | None = None,
        illegal: str = "raise", budget: str = ITERATIONS, pad: bool = True) -> TalewoodAEC:
    """A PettingZoo AEC environment of `game` for `players` (see Table for seats, reward, max_steps, the bots'
    budget and padding).

    `illegal="raise"` refuses an illegal action with IllegalAction (nothing changes);
    `illegal="lose"` ends the episode instead, -1 for the offending agent and 0 for the others."""
    table = Table(game, players, options, seats, reward=reward, score_scale=score_scale, max_steps=max_steps,
                  budget=budget, pad=pad)
    return TalewoodAEC(table, render_mode=render_mode, illegal=illegal)


def parallel_env(game: str, players: int, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | Mapping[int, str] | None = None, **kwargs: Any) -> Any:
    """The same game through PettingZoo's Parallel API. The games are played in turns, so each step takes the
    action of the agent whose turn it is (its mask is the legal actions; every other agent's mask is all 0 and
    its action is not used): PettingZoo's turn_based_aec_to_parallel over `env(...)`. `state()` is kept."""
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    return turn_based_aec_to_parallel(env(game, players, options, seats, **kwargs))
