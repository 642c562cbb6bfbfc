"""Errors the engine raises: each message says what was wrong and what would be valid."""

from __future__ import annotations


class TalewoodError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(TalewoodError):
    """An action that the current decision does not allow; the state is left untouched."""


class InvalidOption(TalewoodError):
    """An unknown option, or a value an option does not accept."""


class UnknownGame(TalewoodError):
    """A game id that the registry does not know."""


class InvalidPlayerCount(TalewoodError):
    """A number of players the game cannot be played with."""


class ContentError(TalewoodError):
    """Game content (cards, tiles, tokens, layouts) that fails validation at load time."""


class RecordError(TalewoodError):
    """A malformed or corrupt game record."""


class ReplayDivergence(RecordError):
    """A record whose actions do not replay to the recorded states."""

    def __init__(self, step: int, reason: str) -> None:
        super().__init__(f"replay diverged at step {step}: {reason}")
        self.step = step
        self.reason = reason


class GameNotOver(TalewoodError):
    """A result asked of a game that has not ended."""


class ScenarioError(TalewoodError):
    """A scenario (a described position) that names something unknown or breaks the game's invariants."""
