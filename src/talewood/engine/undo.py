"""Undo as Board Game Arena allows it: a player may take back their own latest decisions, but never
past hidden information revealed, a random outcome, or another player's decision."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .events import Event


@dataclass(frozen=True)
class Step:
    """One applied action as a front end saw it: who decided, and what it revealed."""

    seat: int
    events: Sequence[Event]


def is_barrier(event: Event, barrier_types: Collection[str]) -> bool:
    """Private information given to someone, or an event type the game marks as irreversible."""
    return event.get("to") is not None or event["type"] in barrier_types


def undoable(steps: Sequence[Step], seat: int, barrier_types: Collection[str]) -> int:
    """How many of the latest steps `seat` may take back (0 if none)."""
    count = 0
    for step in reversed(steps):
        if step.seat != seat or any(is_barrier(e, barrier_types) for e in step.events):
            break
        count += 1
    return count
