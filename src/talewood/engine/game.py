"""The Game/State contract every Talewood game implements (see DESIGN.md §2)."""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .actions import ActionSpace
from .errors import IllegalAction, InvalidPlayerCount
from .events import Event, event
from .options import OptionSet, OptionValue
from .rng import Rng, rng_for_seed

NO_EVENTS: Sequence[Event] = ()


def seat_name(seat: int) -> str:
    """How every game names a seat to people: Player 1, Player 2, …"""
    return f"Player {seat + 1}"


class Frame(NamedTuple):
    """One pending decision: what kind it is, whose it is, and the small data it needs.

    A game keeps a stack of frames; multi-step choices push frames instead of enumerating every
    combination in one action. Frames are immutable, so clones share them.
    """

    kind: str
    seat: int
    data: tuple[int, ...] = ()


@dataclass
class Result:
    """The end of a game: per-seat scores, the winners after tie-breakers, and details."""

    scores: list[float]
    winners: list[int]
    details: list[dict[str, Any]] = field(default_factory=list)
    cooperative: bool = False
    team_won: bool | None = None
    team_score: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scores": self.scores, "winners": self.winners, "details": self.details}
        if self.cooperative:
            out.update(cooperative=True, team_won=self.team_won, team_score=self.team_score)
        return out


class State(ABC):
    """A game in progress: a mutable forward model with exactly one pending decision.

    `log` and `history` are kept only for tracked states (those a person plays or a record
    replays); the clones bots search with skip them, so the hot path stays allocation-light.
    """

    __slots__ = ("_legal", "_legal_version", "_offered", "game", "history", "log", "options", "players", "rng", "seed",
                 "version")

    game: Game
    players: int
    seed: int
    options: Mapping[str, OptionValue | None]
    rng: Rng
    version: int
    log: list[Event] | None
    history: list[int] | None
    _legal: list[int]
    _legal_version: int
    _offered: list[int] | None

    def _init_base(self, game: Game, players: int, seed: int,
                   options: Mapping[str, OptionValue | None], tracked: bool) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = rng_for_seed(seed)
        self.version = 0
        self.log = [] if tracked else None
        self.history = [] if tracked else None
        self._legal = []
        self._legal_version = -1
        self._offered = None

    def _copy_base(self, other: State) -> None:
        """Copy the engine's fields into `other`, a fresh instance made by a subclass's clone()."""
        other.game = self.game
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.rng = self.rng.clone()
        other.version = self.version
        other.log = None
        other.history = None
        other._legal = self._legal
        other._legal_version = self._legal_version
        other._offered = None

    # -- the decision ------------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that decides now, or None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """The legal action ids of the pending decision (computed; cached by legal_actions)."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Carry out a legal action, calling `emit` for what happened."""

    def legal_actions(self) -> list[int]:
        """The legal action ids now, sorted ascending. The list is shared: do not mutate it."""
        if self._legal_version != self.version:
            self._legal = self._legal_actions()
            self._legal_version = self.version
        return self._legal

    def apply(self, action: int) -> Sequence[Event]:
        """Validate and carry out `action`; return the events it produced.

        An illegal action raises IllegalAction and leaves the state exactly as it was.
        """
        if action not in self.legal_actions():
            raise IllegalAction(self.illegal_reason(action))
        log = self.log
        start = 0 if log is None else len(log)
        self._offered = None
        self._apply(action)
        self.version += 1
        if self._offered is not None:
            self._legal, self._legal_version, self._offered = self._offered, self.version, None
        if self.history is not None:
            self.history.append(action)
        return NO_EVENTS if log is None else log[start:]

    def invalidate(self) -> None:
        """Forget the cached legal actions after a position was edited by hand (scenario set-ups)."""
        self._legal_version = -1

    def offer(self, actions: list[int]) -> None:
        """From inside `_apply`: the legal actions of the next decision, already computed (sorted)."""
        self._offered = actions

    def emit(self, kind: str, text: str, to: int | None = None, **data: Any) -> None:
        """Record an event if this state keeps a log. Callers on the hot path test `self.log` first."""
        if self.log is not None:
            self.log.append(event(kind, text, to, **data))

    def illegal_reason(self, action: object) -> str:
        space = self.game.action_space
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < len(space):
            return f"{action!r} is not an action id (0 to {len(space) - 1})"
        if self.is_over:
            return "the game is over: no action is legal"
        legal = ", ".join(f"{a} ({self.describe(a)})" for a in self.legal_actions()[:12])
        more = " …" if len(self.legal_actions()) > 12 else ""
        return (f"action {action} ({space.specs[action].label}) is not legal now: {self.prompt()}; "
                f"legal: {legal}{more}")

    def describe(self, action: int) -> str:
        """A person's label for `action` in this state."""
        return self.game.action_space.spec(action).label

    @abstractmethod
    def prompt(self) -> str:
        """What the pending decision asks, in the game's words."""

    # -- information -------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-safe picture of the game as `seat` sees it (None: a spectator)."""

    def events_for(self, seat: int | None) -> list[Event]:
        """This state's log as `seat` may see it."""
        return [e for e in (self.log or ()) if e["to"] is None or e["to"] == seat]

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (no log, no history)."""

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> State:
        """A clone in which what `seat` cannot see is re-dealt at random, with a fresh RNG."""

    @abstractmethod
    def result(self) -> Result:
        """Scores and winners; only once the game is over."""

    @abstractmethod
    def hash_key(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is, as nested tuples of plain values."""

    def state_hash(self) -> str:
        return hashlib.blake2b(repr(self.hash_key()).encode(), digest_size=8).hexdigest()


class Game(ABC):
    """A game's identity, options and action space, and the factory of its states."""

    id: str
    name: str
    min_players: int
    max_players: int
    option_set: OptionSet
    action_space: ActionSpace
    # event types after which a decision can no longer be taken back (see engine/undo.py)
    undo_barriers: frozenset[str] = frozenset()

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidPlayerCount(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players!r}")

    def parse_options(self, options: Mapping[str, Any] | None, players: int) -> dict[str, OptionValue | None]:
        """Defaults overlaid with `options`, validated (also across options, by `check_options`)."""
        values = self.option_set.parse(options)
        self.check_options(values, players)
        return values

    def check_options(self, values: Mapping[str, OptionValue | None], players: int) -> None:
        """Refuse option combinations that do not go together (override per game)."""
        return None

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 *, tracked: bool = True) -> State:
        self.check_players(players)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise IllegalAction(f"the seed must be an integer, not {seed!r}")
        return self._new_state(players, seed, self.parse_options(options, players), tracked)

    @abstractmethod
    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue | None],
                   tracked: bool) -> State: ...

    def action_json(self, action: int) -> dict[str, Any]:
        return self.action_space.to_json(action)
