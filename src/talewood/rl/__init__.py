"""Talewood's games as learning environments: PettingZoo AEC (`env`), Gymnasium (`gym_env`) and
OpenSpiel (`talewood.rl.openspiel.register()`). Install with `pip install 'talewood[rl]'`; docs/rl.md
explains them.
"""

from __future__ import annotations

from .aec import TalewoodAEC, env, parallel_env
from .gym import TalewoodGym, gym_env, register_gymnasium
from .table import AGENT, Table, agent_name, seat_kinds

register_gymnasium()

__all__ = ["AGENT", "Table", "TalewoodAEC", "TalewoodGym", "agent_name", "env", "gym_env", "parallel_env",
           "seat_kinds"]
