"""The decision stack: every pending decision of every game is a small typed frame on one stack.

A frame is an immutable `NamedTuple` whose first field is `seat` and whose methods say what it
does; clones share frames, so the stack copies in one slice. There are three kinds:

- a **decision** (`@decision`) waits for `seat`'s answer: `prompt(state)` says what it asks,
  `legal(state)` lists the legal action ids (sorted), `apply(state, action)` carries one out;
- an **automatic step** (`@automatic`) runs by itself when it reaches the top: `run(state)`;
- a **chance step** (`@chance`) is a random event with declared outcomes: `outcomes(state)` gives
  `(outcome, probability)` pairs and `resolve(state, outcome)` carries one out. Normally the
  engine draws the outcome from the state's generator at once; a state made with
  `explicit_chance=True` stops there instead (`current_player` is `CHANCE`, the legal actions are
  the outcomes) so that a search or an external framework can treat it as a chance node.

A frame's `apply`/`run`/`resolve` is called after the frame was popped; pushing frames (and
pushing the same frame back, to ask again) is how a multi-step choice goes on. When the stack is
empty the engine calls the state's `advance()`, which opens the next turn (or ends the game).

Simultaneous secret choices (Spirits' Wish and Hex cards) are asked seat by seat: one decision
frame per seat, pushed together, each seat's answer kept out of the others' views until the last
one is in (see docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

CHANCE = -1  # `current_player` while an explicit chance step waits for its outcome


class Frame(Protocol):
    """What every frame has: the seat it concerns, and its fields by name (a NamedTuple's own `_asdict`,
    which views show)."""

    @property
    def seat(self) -> int: ...

    def _asdict(self) -> dict[str, Any]: ...

    def __getitem__(self, index: int, /) -> Any: ...     # a field by its place (encoders read them so)


# The state a frame's methods receive is its own game's state class (a frame of Spirits takes a
# `SpiritsState`), so the protocols below take any state; the registries say which kind a frame is.
class Decision(Frame, Protocol):
    """A decision frame: asks `seat` to choose one of `legal(state)`."""

    def prompt(self, state: Any, /) -> str: ...

    def legal(self, state: Any, /) -> list[int]: ...

    def apply(self, state: Any, action: int, /) -> None: ...


class Automatic(Frame, Protocol):
    """An automatic step: runs by itself when it reaches the top of the stack."""

    def run(self, state: Any, /) -> None: ...


class Chance(Frame, Protocol):
    """A random event with declared outcomes (e.g. a die roll): outcome ids with probabilities."""

    def prompt(self, state: Any, /) -> str: ...

    def outcomes(self, state: Any, /) -> Sequence[tuple[int, float]]: ...

    def resolve(self, state: Any, outcome: int, /) -> None: ...


DECISIONS: set[type] = set()
AUTOMATIC: set[type] = set()
CHANCES: set[type] = set()
STEPS: set[type] = set()       # automatic and chance kinds: what the engine runs without a decision

F = TypeVar("F", bound=type)


def _register(registry: set[type], methods: tuple[str, ...]) -> Callable[[F], F]:
    def register(cls: F) -> F:
        fields = getattr(cls, "_fields", None)
        if fields is None or not fields or fields[0] != "seat":
            raise TypeError(f"{cls.__name__}: a frame is a NamedTuple whose first field is `seat`")
        missing = [m for m in methods if not callable(getattr(cls, m, None))]
        if missing:
            raise TypeError(f"{cls.__name__}: a frame of this kind needs {', '.join(missing)}")
        registry.add(cls)
        if registry is not DECISIONS:
            STEPS.add(cls)
        return cls

    return register


decision = _register(DECISIONS, ("prompt", "legal", "apply"))
automatic = _register(AUTOMATIC, ("run",))
chance = _register(CHANCES, ("prompt", "outcomes", "resolve"))


def frame_name(frame: Frame) -> str:
    """A frame kind's name for people and logs: its class name."""
    return type(frame).__name__
