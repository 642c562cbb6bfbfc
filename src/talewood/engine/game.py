"""The Game/State contract every Talewood game implements (see docs/architecture.md).

A state is a mutable forward model with exactly one pending decision, the top of its decision
stack (engine/stack.py). The engine drives the stack: it asks the top frame for the legal actions,
applies the chosen one, runs automatic and chance steps, and calls the game's `advance()` when the
stack is empty. Every random draw and every reveal goes through the state's chance methods
(`shuffle`, `draw`, `pick`, `reveal`), which mark the step as one that cannot be taken back.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from mypy_extensions import mypyc_attr

from .errors import GameNotOver, IllegalAction
from .events import Event, event, visible_to
from .options import OptionValue
from .rng import Rng, rng_for_seed
from .stack import AUTOMATIC, CHANCE, CHANCES, STEPS, Automatic, Chance, Decision, Frame

if TYPE_CHECKING:
    from .definition import Game

T = TypeVar("T")
NO_EVENTS: Sequence[Event] = ()


def seat_name(seat: int, noun: str = "Player") -> str:
    """How every game names a seat to people: Player 1, Player 2, … (or its own `Game.seat_noun`)."""
    return f"{noun} {seat + 1}"


def plural(n: int, word: str) -> str:
    """A count as people write it: "1 card", "2 cards" (a word whose plural only adds an s)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass
class Result:
    """The end of a game: per-seat scores, the winning seats after tie-breakers, and details.

    In a cooperative game every seat is on one team: `team_won` says whether the team won (then
    every seat is a winner), and `team_score` is the team's score (each seat's score is it too).
    """

    scores: list[float]
    winners: list[int]
    details: list[dict[str, Any]] = field(default_factory=list)
    cooperative: bool = False
    team_won: bool | None = None
    team_score: int | float | None = None     # an int stays an int, compiled too: see team

    @classmethod
    def team(cls, players: int, won: bool, score: int | float,
             details: list[dict[str, Any]] | None = None) -> Result:
        """The result of a cooperative game: the whole team wins or loses, with one score (an int stays an
        int: compiled code would make a `float` argument a float, and records would read 173.0, not 173)."""
        return cls(scores=[score] * players, winners=list(range(players)) if won else [],
                   details=details or [], cooperative=True, team_won=won, team_score=score)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scores": self.scores, "winners": self.winners, "details": self.details}
        if self.cooperative:
            out.update(cooperative=True, team_won=self.team_won, team_score=self.team_score)
        return out

    def verdict(self) -> str:
        """The outcome in a sentence: who won, or the team's result and score."""
        if self.cooperative:
            return f"The team {'wins' if self.team_won else 'loses'}, with a team score of {self.team_score:g}"
        if not self.winners:
            return "Nobody wins"
        names = " and ".join(seat_name(w) for w in self.winners)
        return f"{names} {'wins' if len(self.winners) == 1 else 'share the victory'}"

    def rewards(self) -> list[float]:
        """Each seat's share of the win: 1 split among the winners, 0 for the others."""
        out = [0.0] * len(self.scores)
        if self.winners:
            share = 1.0 / len(self.winners)
            for w in self.winners:
                out[w] = share
        return out


# the engine's own fields, which a game's hash never covers (caches, logs, the game itself)
_ENGINE_PRIVATE = frozenset({
    "_legal", "_legal_version", "_offered", "game", "history", "log", "options", "players", "seed", "version",
    "barrier", "explicit_chance", "final", "_secrets",
})
# no snapshot of the hidden information kept (see State.apply): a tuple of its own, told apart by identity
_UNKNOWN: tuple[Any, ...] = (object(),)
_HASHED: dict[type, tuple[str, ...]] = {}     # per state class: State.hashed_fields


@mypyc_attr(allow_interpreted_subclasses=True)   # the games not compiled (yet) derive their states
class State(ABC):
    """A game in progress. `log` and `history` are kept only for tracked states (those a person
    plays or a record replays); the clones bots search with skip them, so the hot path stays
    allocation-light.

    A game's subclass declares its fields in `__slots__` and `SHARED` (the names of fields holding
    immutable content or configuration that clones share and the state hash leaves out); every other
    field is part of the state and of its hash but those named in `SEARCH_ONLY`: fields only a re-dealt
    world a bot searches ever sets (they rest at one value in every game played), which the hash leaves
    out so that a record's hashes stay those of the game it recorded.

    `HIDDEN` names what undo must never cross: the fields holding hidden information (what some seat
    cannot see: hands, face-down pieces, a box looked into), the fields saying who has seen what, and
    argument-less methods for what a view shows because of something hidden (a choice offered only
    because of a secret token). In a tracked state the engine compares them before and after every
    step, and a step that changed any of them is final: anything revealed to anyone ends undo, whether
    or not the rules called `reveal()`. A game that leaves `HIDDEN` unset offers no undo at all.
    """

    __slots__ = ("_legal", "_legal_version", "_offered", "_secrets", "barrier", "explicit_chance", "final", "game",
                 "history", "log", "options", "over", "players", "rng", "seed", "stack", "version")

    SHARED: ClassVar[tuple[str, ...]] = ()
    SEARCH_ONLY: ClassVar[tuple[str, ...]] = ()
    HIDDEN: ClassVar[tuple[str, ...] | None] = None

    game: Game
    players: int
    seed: int
    options: Mapping[str, OptionValue | None]
    rng: Rng
    version: int
    log: list[Event] | None
    history: list[int] | None
    stack: list[Frame]
    over: bool
    final: Result | None
    barrier: bool
    explicit_chance: bool
    _legal: list[int]
    _legal_version: int
    _offered: list[int] | None
    _secrets: tuple[Any, ...] | None     # the last snapshot of `secrets()`, or _UNKNOWN

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
        self.stack = []
        self.over = False
        self.final = None
        self.barrier = False
        self.explicit_chance = False
        self._legal = []
        self._legal_version = -1
        self._offered = None
        self._secrets = _UNKNOWN

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
        other.stack = self.stack[:]          # frames are immutable: the copy shares them
        other.over = self.over
        other.final = self.final
        other.barrier = False
        other.explicit_chance = self.explicit_chance
        other._legal = self._legal
        other._legal_version = self._legal_version
        other._offered = None
        other._secrets = _UNKNOWN

    # -- the decision ------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat that decides now, None once the game is over (CHANCE at an explicit chance step)."""
        if self.over:
            return None
        top = self.stack[-1]
        if self.explicit_chance and type(top) in CHANCES:
            return CHANCE
        seat: int = top.seat
        return seat

    @property
    def is_over(self) -> bool:
        return self.over

    def _legal_actions(self) -> list[int]:
        """The legal action ids of the pending decision (computed; cached by legal_actions)."""
        if self.over:
            return []
        top = self.stack[-1]
        if self.explicit_chance and type(top) in CHANCES:
            return sorted(o for o, _ in cast(Chance, top).outcomes(self))
        legal: list[int] = cast(Decision, top).legal(self)
        return legal

    def legal_actions(self) -> list[int]:
        """The legal action ids now, sorted ascending. The list is shared: do not mutate it."""
        if self._legal_version != self.version:
            self._legal = self._legal_actions()
            self._legal_version = self.version
        return self._legal

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        """At an explicit chance step: its (outcome, probability) pairs; otherwise none."""
        if self.over or not self.explicit_chance or type(self.stack[-1]) not in CHANCES:
            return ()
        outcomes: Sequence[tuple[int, float]] = cast(Chance, self.stack[-1]).outcomes(self)
        return outcomes

    def apply(self, action: object) -> Sequence[Event]:
        """Validate and carry out `action`; return the events it produced.

        An illegal action raises IllegalAction and leaves the state exactly as it was. Afterwards
        `barrier` says whether this step drew a random outcome, revealed something or ended a turn
        (then it can never be taken back).
        """
        # anything but a legal id (a string, None, a float: what a client may send) is refused alike; the
        # compiled build would otherwise refuse a non-integer with a TypeError at the call
        if not isinstance(action, int) or not _listed(action, self.legal_actions()):
            raise IllegalAction(self.illegal_reason(action))
        log = self.log
        history = self.history
        # only tracked states (a person's game, a record) pay for the comparison; searches skip it. The
        # snapshot after a step is kept as the next one's before, so a step costs one snapshot at most.
        secrets = None
        if history is not None:
            secrets = self._secrets if self._secrets is not _UNKNOWN else self.secrets()
            actor = self.stack[-1].seat
        start = 0 if log is None else len(log)
        self._offered = None
        self.barrier = False
        top = self.stack.pop()
        if self.explicit_chance and type(top) in CHANCES:
            self.barrier = True
            cast(Chance, top).resolve(self, action)
        else:
            cast(Decision, top).apply(self, action)
        self.settle()
        self.version += 1
        offered = self._offer_made()
        if offered is not None:
            self._legal = offered
            self._legal_version = self.version
            self._offered = None
        if history is not None:
            # a step the actor may take back (it still decides next) must not have shown anything hidden
            if not self.barrier and not self.over and self.stack[-1].seat == actor:
                self._secrets = self.secrets()
                if secrets is None or self._secrets != secrets:
                    self.barrier = True       # something hidden changed hands or came into view
            else:
                self._secrets = _UNKNOWN      # no undo reaches back past this step: snapshot when needed
            history.append(action)
        return NO_EVENTS if log is None else log[start:]

    def settle(self) -> None:
        """Run automatic and chance steps until a decision is on top; open the next turn when empty."""
        stack = self.stack
        steps = STEPS
        while True:
            while stack:
                top = stack[-1]
                kind = type(top)
                if kind not in steps:       # a decision waits: the usual case, one set lookup
                    return
                if kind in AUTOMATIC:
                    stack.pop()
                    cast(Automatic, top).run(self)
                elif not self.explicit_chance:
                    stack.pop()
                    step = cast(Chance, top)
                    step.resolve(self, self._sample(step.outcomes(self)))
                else:
                    return
            if self.over:
                return
            self.barrier = True           # a turn ended: the next decision belongs to a new turn
            self._offered = None
            self.advance()

    def _sample(self, outcomes: Sequence[tuple[int, float]]) -> int:
        self.barrier = True
        r = self.rng.random()
        for outcome, p in outcomes:
            r -= p
            if r < 0:
                return outcome
        return outcomes[-1][0]

    @abstractmethod
    def advance(self) -> None:
        """The stack is empty: open the next decision (the next turn, round or year), or `finish`."""

    def finish(self, result: Result) -> None:
        """End the game with `result`: no decision is left."""
        self.over = True
        self.final = result
        self.stack.clear()
        self.barrier = True

    def invalidate(self) -> None:
        """Forget the cached legal actions (and hidden information) after a position was edited (scenario
        set-ups)."""
        self._legal_version = -1
        self._secrets = _UNKNOWN

    def _offer_made(self) -> list[int] | None:
        """What the step just carried out offered (`offer`). Read through a call: `apply` set the field to
        None before the step, and a type checker (so the compiled code too) would take it for None still."""
        return self._offered

    def offer(self, actions: list[int]) -> None:
        """From inside an apply: the legal actions of the next decision, already computed (sorted)."""
        self._offered = actions

    def emit(self, kind: str, text: str, to: int | None = None, **data: Any) -> None:
        """Record an event if this state keeps a log. Callers on the hot path test `self.log` first."""
        if self.log is not None:
            self.log.append(event(kind, text, to, **data))

    # -- chance and reveals: the only ways a game draws at random or shows what was hidden -----
    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle `items` in place with the state's generator."""
        self.barrier = True
        self.rng.shuffle(items)

    def draw(self, n: int) -> int:
        """A uniform random integer in [0, n)."""
        self.barrier = True
        return self.rng.below(n)

    def deal(self, items: MutableSequence[T], n: int) -> None:
        """Move `n` items of `items` chosen at random, in random order, to its end (`n = len - 1`: a whole
        shuffle), drawn as `Rng.deal` draws them."""
        self.barrier = True
        self.rng.deal(items, n)

    def pick(self, items: Sequence[T]) -> T:
        """A uniform random element of `items`."""
        self.barrier = True
        return self.rng.choice(items)

    def reveal(self) -> None:
        """Something hidden became visible to some seat (a face-down tile turned, a card drawn)."""
        self.barrier = True

    def secrets(self) -> tuple[Any, ...] | None:
        """A snapshot of the `HIDDEN` fields (methods called: they return immutable values); None when the
        game names none."""
        hidden = self.HIDDEN
        if hidden is None:
            return None
        out = []
        for name in hidden:
            value = getattr(self, name)
            out.append(value() if callable(value) else _snapshot(value))
        return tuple(out)

    # -- people's words ----------------------------------------------------------------------
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

    def prompt(self) -> str:
        """What the pending decision asks, in the game's words."""
        if self.over:
            return "the game is over"
        return f"{seat_name(self.stack[-1].seat)}: {self.asks()}"

    def asks(self) -> str:
        """What the frame on top asks (a decision's or an explicit chance step's prompt), without whose it is:
        the stack is settled, so no automatic step is on top."""
        top = cast("Decision | Chance", self.stack[-1])
        return top.prompt(self)

    # -- information -------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-safe picture of the game as `seat` sees it (None: a spectator)."""

    def decision_view(self) -> dict[str, Any] | None:
        """The pending decision, for views: its kind, its seat and its fields by name (a frame holds
        only public data: anything secret lives in the state, where the view hides it)."""
        if self.over:
            return None
        top = self.stack[-1]
        return {"kind": type(top).__name__, **top._asdict()}

    def events_for(self, seat: int | None) -> list[Event]:
        """This state's log as `seat` may see it."""
        return visible_to(self.log or (), seat)

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (no log, no history)."""

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> State:
        """A clone in which what `seat` cannot see is re-dealt at random, with a fresh generator."""

    def turn_order(self) -> list[int]:
        """The seats in the order they took (or take) their first turns, the first player first: who played
        first, for the balance lab's turn order. Seat order from Player 1 unless the game overrides it (a game
        whose first player is drawn, passed on or chosen keeps who played first)."""
        return list(range(self.players))

    def result(self) -> Result:
        """Scores and winners. Before the end there is no result: GameNotOver is raised."""
        if self.final is None:
            raise GameNotOver(f"{self.game.name} is not over: there is no result yet ({self.prompt()})")
        return self.final

    @classmethod
    def field_names(cls) -> list[str]:
        """Every field of the state, the engine's too: each class's `__slots__` from the base down."""
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in _fields_of(klass):
                if name not in names:
                    names.append(name)
        return names

    @classmethod
    def hashed_fields(cls) -> tuple[str, ...]:
        """Every field of the state but the engine's own, the SHARED and SEARCH_ONLY ones, in a fixed order."""
        hashed = _HASHED.get(cls)
        if hashed is None:
            hashed = _HASHED[cls] = tuple(name for name in cls.field_names() if name not in _ENGINE_PRIVATE
                                          and name not in cls.SHARED and name not in cls.SEARCH_ONLY)
        return hashed

    def hash_key(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is: every hashed field, frozen to plain values."""
        return tuple(_freeze(getattr(self, name)) for name in self.hashed_fields())

    def state_hash(self) -> str:
        return hashlib.blake2b(repr(self.hash_key()).encode(), digest_size=8).hexdigest()


def _listed(action: int, legal: list[int]) -> bool:
    """`action in legal`, as a loop (compiled, it compares machine integers; `in` compares Python objects)."""
    return any(a == action for a in legal)


def _fields_of(klass: type) -> Sequence[str]:
    """The fields a class adds: its `__slots__`, which are sorted (ruff keeps them so). A class compiled
    with mypyc keeps no `__slots__` but lists every field it has, its bases' too, in `__mypyc_attrs__`:
    its own, sorted, are the same."""
    own: Sequence[str] | None = klass.__dict__.get("__slots__")
    if own is not None:
        return own
    fields: tuple[str, ...] = klass.__dict__.get("__mypyc_attrs__", ())
    inherited = {name for base in klass.__mro__[1:] for name in base.__dict__.get("__mypyc_attrs__", ())}
    return sorted(name for name in fields if name not in inherited and name != "__dict__")


def _snapshot(value: Any) -> Any:
    """A value that later changes to the original cannot reach: a list as a tuple, a list of lists as a
    tuple of tuples (a `HIDDEN` field holds plain values, or lists of them, or lists of such lists)."""
    if type(value) is list:
        if value and type(value[0]) is list:
            return tuple(map(_snapshot, value))
        return tuple(value)
    if isinstance(value, dict):
        return tuple((k, _snapshot(v)) for k, v in value.items())
    return _freeze(value)


def _freeze(value: Any) -> Any:
    if isinstance(value, Rng):
        return value.state
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(value))
    return value
