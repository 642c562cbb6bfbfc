"""Talewood's games as learning environments: PettingZoo AEC (`env`), Gymnasium (`gym_env`) and
OpenSpiel (`talewood.rl.openspiel.register()`). Install with `pip install 'talewood[rl]'`; docs/rl.md
explains them.
"""

from __future__ import annotations

from .aec import TalewoodAEC, env
from .gym import TalewoodGym, gym_env
from .table import AGENT, Table, agent_name, seat_kinds

__all__ = ["AGENT", "Table", "TalewoodAEC", "TalewoodGym", "agent_name", "env", "gym_env", "seat_kinds"]
