"""Bots, written against the engine contract only, and the registry of seat kinds."""

from .base import BUDGETS, HUMAN, ITERATIONS, TIME, Agent, bot_seed, check_budget, make_agent, seat_kinds, seat_list

__all__ = ["BUDGETS", "HUMAN", "ITERATIONS", "TIME", "Agent", "bot_seed", "check_budget", "make_agent", "seat_kinds",
           "seat_list"]
