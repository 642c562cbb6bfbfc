"""Undo as Board Game Arena allows it: a player may take back only their own moves of their current
turn, and never past a random outcome, hidden information revealed, or another player's decision.

The engine marks the steps that cannot be taken back by itself (`State.barrier`): a chance step,
a shuffle or draw, a reveal, and the end of a turn all set it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .events import Event


@dataclass(frozen=True)
class Step:
    """One applied action as a front end saw it: who decided, what it told, and whether it was final."""

    seat: int
    events: Sequence[Event]
    barrier: bool = False


def undoable(steps: Sequence[Step], seat: int, current_player: int | None) -> int:
    """How many of the latest steps `seat` may take back (0 if none): only while it is still `seat`'s
    turn, only its own steps, and none from a step that drew, revealed or ended a turn backwards."""
    if current_player != seat:
        return 0
    count = 0
    for step in reversed(steps):
        if step.seat != seat or step.barrier:
            break
        count += 1
    return count
