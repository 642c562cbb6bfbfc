"""The one agent interface that bots, the simulator, the terminal and the server use."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from ..engine import InvalidOption, Rng, State


class Agent(ABC):
    """Chooses an action for the seat whose turn it is.

    An agent may look at the real state only through `state.view(seat)`,
    `state.legal_actions()` and `state.determinize(seat, rng)`: never at another seat's secrets.
    """

    name: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, state: State) -> int:
        """An action among `state.legal_actions()` for `state.current_player`."""


_FACTORIES: dict[str, Callable[[int], Agent]] = {}


def register(kind: str, factory: Callable[[int], Agent]) -> None:
    _FACTORIES[kind] = factory


def seat_kinds() -> list[str]:
    """The bot kinds a seat can be (plus `human`, which the front ends handle)."""
    _ensure_builtin()
    return list(_FACTORIES)


def make_agent(kind: str, seed: int = 0) -> Agent:
    """A bot of `kind`; an unknown kind is refused with the list of valid ones."""
    _ensure_builtin()
    if kind not in _FACTORIES:
        raise InvalidOption(f"unknown seat kind {kind!r}; valid: human, {', '.join(_FACTORIES)}")
    return _FACTORIES[kind](seed)


def _ensure_builtin() -> None:
    # imported here, not at the top, because they import this module; importing is idempotent
    from . import levels  # noqa: F401  (registers random and greedy, then easy, normal and hard)
