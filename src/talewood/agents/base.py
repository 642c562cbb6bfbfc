"""The one agent interface that bots, the simulator, the terminal and the server use."""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from mypy_extensions import mypyc_attr

from ..engine import InvalidOption, Rng, State


@mypyc_attr(allow_interpreted_subclasses=True)   # bots of one's own (benchmarks, tests)
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


# How a bot's search is bounded. `iterations`: by its level's iteration count alone, so a bot with a given
# seed makes the same choice from the same information however busy the machine (simulations, the lab,
# tournaments, learning environments). `time`: the same iterations with the level's wall-time cap, so a
# person never waits long on a loaded machine (live play; then the choice may depend on the machine's speed).
ITERATIONS = "iterations"
TIME = "time"
BUDGETS = (ITERATIONS, TIME)

_FACTORIES: dict[str, Callable[[int, str], Agent]] = {}


def register(kind: str, factory: Callable[[int, str], Agent]) -> None:
    """`factory(seed, budget)` makes a bot of `kind`; a bot without a search ignores the budget."""
    _FACTORIES[kind] = factory


def check_budget(budget: str) -> str:
    if budget not in BUDGETS:
        raise InvalidOption(f"unknown budget {budget!r}; valid: {', '.join(BUDGETS)}")
    return budget


def seat_kinds() -> list[str]:
    """The bot kinds a seat can be (plus `human`, which the front ends handle)."""
    _ensure_builtin()
    return list(_FACTORIES)


def make_agent(kind: str, seed: int = 0, budget: str = TIME) -> Agent:
    """A bot of `kind` with a search `budget` (BUDGETS; live play's `time` unless told otherwise); an unknown
    kind or budget is refused with the list of valid ones."""
    _ensure_builtin()
    if kind not in _FACTORIES:
        raise InvalidOption(f"unknown seat kind {kind!r}; valid: human, {', '.join(_FACTORIES)}")
    return _FACTORIES[kind](seed, check_budget(budget))


HUMAN = "human"


def bot_seed(game_seed: int, seat: int, salt: int = 0) -> int:
    """The seed of the bot in `seat` (the one way every front end seeds its bots).

    A hash, not arithmetic: a live game's seed is a secret of 128 bits, and its bots' seeds must not
    give it away; `salt` tells apart several bots of one seat (a tournament's rotations, a server's steps).
    """
    data = f"{game_seed}:{seat}:{salt}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def seat_list(seats: Sequence[str], players: int, humans: bool = False) -> list[str]:
    """The kind of each seat: one kind for every seat, or one per seat. Unknown kinds are refused
    with the valid ones; `human` only where people can play (`humans`)."""
    kinds = [s.strip() for s in seats]
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise InvalidOption(f"{len(kinds)} seats given for {players} players: give one kind, or one per seat")
    for kind in set(kinds):
        if kind == HUMAN:
            if not humans:
                raise InvalidOption(f"a human cannot take a seat here; valid: {', '.join(seat_kinds())}")
            continue
        make_agent(kind)
    return kinds


def _ensure_builtin() -> None:
    # imported here, not at the top, because they import this module; importing is idempotent
    from . import levels  # noqa: F401  (registers random and greedy, then easy, normal and hard)
