"""Bots, written against the engine contract only, and the registry of seat kinds."""

from .base import HUMAN, Agent, bot_seed, make_agent, seat_kinds, seat_list

__all__ = ["HUMAN", "Agent", "bot_seed", "make_agent", "seat_kinds", "seat_list"]
