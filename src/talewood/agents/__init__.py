"""Bots, written against the engine contract only, and the registry of seat kinds."""

from .base import Agent, make_agent, seat_kinds

__all__ = ["Agent", "make_agent", "seat_kinds"]
