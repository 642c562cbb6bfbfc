"""Scenarios: a position described as data (TOML or a dict), validated like content.

Rulebook examples start from positions that a fresh deal rarely gives ("Mary has 3 coins, the
Jade Statue lies in the top corner…"). A scenario names them in the game's own words:

```toml
players = 2
seed = 1
[options]
first_player = "seat0"
[position]          # the game's own keys, declared by its ScenarioSchema
turn = { seat = 1, season = "Summer" }
```

The game declares each key of `position` once (`Setting`: its name, what it means, and the
function that puts it on the board, moving components rather than creating them). Building a
scenario starts a game from `seed`, applies the settings in the schema's order, checks the game's
invariants (every component somewhere exactly once) and hands back a state ready to play. An
unknown key, a wrong value or a broken invariant raises ScenarioError naming the key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .definition import Game
from .errors import ScenarioError, TalewoodError
from .game import State

S = TypeVar("S", bound=State)
T = TypeVar("T")

TOP_KEYS = ("players", "seed", "options", "position")


@dataclass(frozen=True)
class Setting:
    """One key of a scenario's `position`: what it means and how it is put on the board."""

    key: str
    meaning: str
    put: Callable[[Any, Any], None]   # (state, value) -> None; raises ScenarioError on a bad value


class ScenarioSchema:
    """The keys a game's scenarios may set, in the order they are applied, and its invariants."""

    def __init__(self, settings: Sequence[Setting], check: Callable[[Any], None] | None = None) -> None:
        self.settings = tuple(settings)
        self._by_key = {s.key: s for s in self.settings}
        self.check = check

    def keys(self) -> list[str]:
        return [s.key for s in self.settings]

    def build(self, game: Game, spec: Mapping[str, Any]) -> State:
        """A state for `spec` ({players, seed, options, position}), checked and ready to play."""
        if not isinstance(spec, Mapping):
            raise ScenarioError("a scenario is a table of players, seed, options and position")
        unknown = [k for k in spec if k not in TOP_KEYS]
        if unknown:
            raise ScenarioError(f"unknown scenario key {unknown[0]!r}; valid: {', '.join(TOP_KEYS)}")
        position = spec.get("position", {})
        if not isinstance(position, Mapping):
            raise ScenarioError("scenario key 'position' must be a table")
        unknown = [k for k in position if k not in self._by_key]
        if unknown:
            raise ScenarioError(f"unknown position key {unknown[0]!r} for {game.name}; valid: {', '.join(self.keys())}")
        players = spec.get("players", game.min_players)
        seed = spec.get("seed", 1)
        try:
            state = game.new_game(players, seed, spec.get("options"))
        except TalewoodError as exc:
            raise ScenarioError(f"the scenario cannot start a game: {exc}") from exc
        return self.apply(state, position)

    def apply(self, state: S, position: Mapping[str, Any]) -> S:
        """Put `position` ({key: value}) on an existing state, then check it."""
        unknown = [k for k in position if k not in self._by_key]
        if unknown:
            raise ScenarioError(f"unknown position key {unknown[0]!r} for {state.game.name}; "
                                f"valid: {', '.join(self.keys())}")
        for setting in self.settings:
            if setting.key in position:
                try:
                    setting.put(state, position[setting.key])
                except ScenarioError as exc:
                    raise ScenarioError(f"position.{setting.key}: {exc}") from exc
                except (TypeError, ValueError, KeyError, IndexError) as exc:
                    raise ScenarioError(f"position.{setting.key}: {position[setting.key]!r} is not valid "
                                        f"({setting.meaning}): {exc}") from exc
        state.invalidate()
        if self.check is not None:
            try:
                self.check(state)
            except AssertionError as exc:
                raise ScenarioError(f"the position breaks the rules of {state.game.name}: {exc}") from exc
        return state

    def build_toml(self, game: Game, text: str) -> State:
        try:
            spec = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ScenarioError(f"the scenario is not valid TOML: {exc}") from exc
        return self.build(game, spec)


# -- small validators the games' settings share -------------------------------------------------
def expect_int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{what} must be an integer, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ScenarioError(f"{what} must be between {low} and {high}, not {value}")
    return value


def expect_name(value: Any, names: Iterable[str], what: str) -> str:
    """`value` must be one of `names` (a card, a space, a season…); the error lists the closest."""
    choices = list(names)
    if isinstance(value, str) and value in choices:
        return value
    import difflib  # loaded only when a name is wrong, not by every scenario

    close = difflib.get_close_matches(str(value), choices, n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise ScenarioError(f"unknown {what} {value!r}{hint}")


def expect_list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScenarioError(f"{what} must be a list, not {value!r}")
    return value


def move_between(item: T, sources: Iterable[list[T]], target: list[T] | None = None) -> None:
    """Take `item` out of whichever list holds it (a deck, a discard pile…), and append it to `target`."""
    for where in sources:
        if item in where:
            where.remove(item)
            break
    else:
        raise ScenarioError(f"{item!r} is not in any place it can be taken from")
    if target is not None:
        target.append(item)
