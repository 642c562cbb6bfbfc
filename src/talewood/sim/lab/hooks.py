"""What a game tells the balance lab: its content items, what happened to them in one game, and its own
section of the report. A game provides these in an optional `report` module in its package (found with
`games.game_module(game_id, "report")`); docs/lab.md describes the interface.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...engine import Game, Result, State
from ...games import game_module

if TYPE_CHECKING:
    from .render import Section
    from .view import LabView

GAME = -1   # the seat of an event about the whole game (an item that appeared, a Quest on the board)


@dataclass(frozen=True)
class Item:
    """One content item the game declares (a card, tile, token, location, hero…).

    `kind` groups items of one sort ("tile", "village card"), `key` names the item within its kind as the
    content files do, `name` is what people call it, `group` an optional finer grouping ("companion")."""

    kind: str
    key: str
    name: str
    group: str = ""


class Recorder:
    """What the game's `record` hook notes about one finished game; the lab turns it into Parquet rows.

    The turn order (who played first) is not noted here: the lab asks the game itself
    (`State.turn_order()`).

    - `length(n)`: the game's length in the game's own unit (`LENGTH_UNIT`: rounds, years, turns);
    - `appeared(kind, key)`: the item was in play in this game;
    - `had(seat, kind, key)`: the seat had it at the end (took, kept or played it);
    - `fact(seat, kind, key, event, value)`: anything else the game's own section reads back
      (a Wish met, a module's points, a score breakdown); `seat` is GAME for the game as a whole.
    """

    __slots__ = ("events", "order", "rounds", "steps")

    def __init__(self) -> None:
        self.order: list[int] = []
        self.rounds: int | None = None
        self.events: list[tuple[int, str, str, str, float]] = []
        self.steps: Any = None          # the Trace of the game's decisions, when the lab followed them

    def length(self, n: int) -> None:
        self.rounds = n

    def appeared(self, kind: str, key: str) -> None:
        self.events.append((GAME, kind, key, "appeared", 1.0))

    def had(self, seat: int, kind: str, key: str) -> None:
        self.events.append((seat, kind, key, "had", 1.0))

    def fact(self, seat: int, kind: str, key: str, event: str, value: float = 1.0) -> None:
        self.events.append((seat, kind, key, event, float(value)))


@dataclass(frozen=True)
class Hooks:
    """A game's report hooks, with defaults for a game that has no `report` module.

    `progress(state) -> (round, values)`: the round under way (`ROUND`: what the game calls one; from 1) and each
    seat's progress so far (its score, or the game's own measure); `watch(state, action, rec)`: told of every
    decision before it is carried out, for facts the final state no longer shows (where a seat camped)."""

    items: Callable[[Game], Iterable[Item]]
    record: Callable[[State, Result, Recorder], None]
    section: Callable[[LabView], list[Section]]
    length_unit: str
    title: str
    progress: Callable[[State], tuple[int, Sequence[float]]] | None = None
    progress_name: str = "score"
    round_name: str = "round"
    watch: Callable[[State, int, Recorder], None] | None = None


def _no_items(game: Game) -> Iterable[Item]:
    return ()


def _record_nothing(state: State, result: Result, rec: Recorder) -> None:
    return None


def _no_section(view: LabView) -> list[Section]:
    return []


def hooks_for(game_id: str) -> Hooks:
    """The game's hooks from its `report` module; what it leaves out has a default."""
    module: Any = game_module(game_id, "report")
    return Hooks(
        items=getattr(module, "items", _no_items),
        record=getattr(module, "record", _record_nothing),
        section=getattr(module, "section", _no_section),
        length_unit=str(getattr(module, "LENGTH_UNIT", "")),
        title=str(getattr(module, "SECTION_TITLE", "")),
        progress=getattr(module, "progress", None),
        progress_name=str(getattr(module, "PROGRESS", "score")),
        round_name=str(getattr(module, "ROUND", "round")),
        watch=getattr(module, "watch", None),
    )
