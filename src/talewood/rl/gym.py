"""One seat of a Talewood game as a Gymnasium environment, the other seats played by Talewood bots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import ITERATIONS
from ..engine import IllegalAction, InvalidOption
from .table import AGENT, ILLEGAL_REWARD, Table, check_illegal_mode


class TalewoodGym(gymnasium.Env):
    """Observation: the game's encoded view for the seat (float32); action: Discrete over the game's
    whole action space, with `action_masks()` (bool) for maskable algorithms (sb3-contrib's
    MaskablePPO). The reward comes at the end (Table.rewards). An illegal action raises
    (illegal="raise") or ends the episode with reward -1 and info["illegal_action"] (illegal="lose",
    the default, so that any action of the space is a valid step)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}  # noqa: RUF012  (read from the class)

    def __init__(self, table: Table, *, render_mode: str | None = None, illegal: str = "lose") -> None:
        if len(table.agent_seats) != 1:
            raise InvalidOption("a Gymnasium environment has exactly one learning seat; the others are bots")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOption(f"unknown render_mode {render_mode!r}; valid: ansi, rgb_array")
        self.table = table
        self.seat = table.agent_seats[0]
        self.render_mode = render_mode
        self.illegal = check_illegal_mode(illegal)
        self.observation_space = spaces.Box(-np.inf, np.inf, shape=table.observation_shape, dtype=np.float32)
        self.action_space = spaces.Discrete(table.num_actions)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(seed)
        return self.table.observation(self.seat), {"action_mask": self.action_masks()}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The info holds `action_mask` (bool, the legal actions now), so that Gymnasium's vector environments,
        which reset a finished episode on their own, hand the new episode's mask to the agent with its first
        observation (in the reset's info)."""
        table = self.table
        # asked through a method: a type checker would keep `table.over` narrowed to False past the step
        self._refuse_after_end()
        try:
            table.apply(action)
        except (IllegalAction, TypeError, ValueError):
            if self.illegal == "raise":
                raise IllegalAction(table.illegal_reason(action)) from None
            return (table.observation(self.seat), ILLEGAL_REWARD, True, False,
                    {"illegal_action": True, "action_mask": np.zeros(table.num_actions, dtype=bool)})
        mask = {"action_mask": self.action_masks()}
        if table.over:
            return table.observation(self.seat), table.rewards()[self.seat], True, False, mask
        return table.observation(self.seat), 0.0, False, table.truncated, mask

    def _refuse_after_end(self) -> None:
        if self.table.over:
            raise InvalidOption("the episode is over: call reset() first")

    def action_masks(self) -> np.ndarray:
        """True for each legal action now (all False once the episode is over)."""
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self.table.render_rgb(self.seat)
        return self.table.render_text(self.seat)


def gym_env(game: str, seat: int = 0, opponents: str | Sequence[str] = "greedy", players: int | None = None,
            options: Mapping[str, Any] | None = None, *, reward: str = "win", score_scale: float = 1.0,
            max_steps: int | None = None, illegal: str = "lose", render_mode: str | None = None,
            budget: str = ITERATIONS, pad: bool = True) -> TalewoodGym:
    """`seat` learns; `opponents` is one bot kind for every other seat, or one kind per other seat.
    `players` defaults to 2, or to the game's only player count (ThreeTale: its 3 Heroes)."""
    if players is None:
        from ..games import load

        rules = load(game)
        players = min(max(2, rules.min_players), rules.max_players)
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidOption(f"seat must be a seat index of a {players}-player game (0 to {players - 1}), not {seat!r}")
    others = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(others) != players - 1:
        raise InvalidOption(f"{len(others)} opponents given for the {players - 1} other seats")
    if AGENT in others:
        raise InvalidOption("opponents are bot kinds (random, greedy, easy, normal, hard), not agents")
    kinds = [*others[:seat], AGENT, *others[seat:]]
    table = Table(game, players, options, kinds, reward=reward, score_scale=score_scale, max_steps=max_steps,
                  budget=budget, pad=pad)
    return TalewoodGym(table, render_mode=render_mode, illegal=illegal)


def register_gymnasium() -> list[str]:
    """Register every game with Gymnasium as `talewood/<game>-v0` (gym_env's arguments pass through
    `gymnasium.make`). Done when talewood.rl is imported."""
    from ..games import available

    ids = []
    for game_id in available():
        env_id = f"talewood/{game_id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="talewood.rl.gym:gym_env", kwargs={"game": game_id})
        ids.append(env_id)
    return ids
