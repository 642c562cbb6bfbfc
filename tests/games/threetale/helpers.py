"""Shared helpers of ThreeTale's tests: positions from data, acting by a label, giving dice results."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from talewood.engine import CHANCE, Rng
from talewood.games import load
from talewood.games.threetale.game import ThreeTaleGame
from talewood.games.threetale.state import TTState

GAME = load("threetale")
assert isinstance(GAME, ThreeTaleGame)
SCENARIOS = Path(__file__).parent / "scenarios"
# seats 0, 1, 2 in this order unless a test names another team
TEAM = "silver_deer+youngest_son+unborn_maiden"


def scenario(position: dict[str, Any], options: dict[str, Any] | None = None, seed: int = 1) -> TTState:
    """A position for the default team (or `options["heroes"]`), checked by the game's invariants."""
    opts = {"heroes": TEAM, **(options or {})}
    state = GAME.scenario({"players": 3, "seed": seed, "options": opts, "position": position})
    assert isinstance(state, TTState)
    return state


def from_toml(name: str) -> TTState:
    text = (SCENARIOS / f"{name}.toml").read_text(encoding="utf-8")
    tomllib.loads(text)                     # a readable error if the file is broken
    state = GAME.scenario(text)
    assert isinstance(state, TTState)
    return state


def labels(s: TTState) -> list[str]:
    return [s.describe(a) for a in s.legal_actions()]


def find(s: TTState, text: str) -> int:
    """The one legal action whose label contains `text` (or equals it)."""
    legal = s.legal_actions()
    exact = [a for a in legal if s.describe(a) == text]
    if len(exact) == 1:
        return exact[0]
    found = [a for a in legal if text in s.describe(a)]
    assert len(found) == 1, f"{len(found)} legal actions match {text!r}: {labels(s)} at {s.prompt()}"
    return found[0]


def can(s: TTState, text: str) -> bool:
    return any(text in label for label in labels(s))


def act(s: TTState, *texts: str) -> None:
    """Carry out the legal actions named by (part of) their labels, one after another."""
    for text in texts:
        s.apply(find(s, text))


def roll(s: TTState, positive: int, dice: int | None = None) -> None:
    """Give the pending roll its result (a scenario with dice = "explicit")."""
    assert s.current_player == CHANCE, f"no roll is pending: {s.prompt()}"
    outcomes = dict(s.chance_outcomes())
    if dice is not None:
        assert len(outcomes) == dice + 1, f"{len(outcomes) - 1} dice are rolled, not {dice}"
    assert positive in outcomes, f"{positive} positive dice are not a result of {len(outcomes) - 1} dice"
    s.apply(positive)


def pending_dice(s: TTState) -> int:
    """How many dice the pending roll rolls."""
    assert s.current_player == CHANCE, f"no roll is pending: {s.prompt()}"
    return len(s.chance_outcomes()) - 1


def space(s: TTState, text: str) -> int:
    """A space by tile id and corner, e.g. "01:NW"."""
    tile, corner = text.split(":")
    t = next(i for i, x in enumerate(s.t.c.tiles) if x.id == tile)
    return t * 4 + ("NW", "NE", "SE", "SW").index(corner)


def tile(s: TTState, tile_id: str) -> int:
    return next(i for i, x in enumerate(s.t.c.tiles) if x.id == tile_id)


def artifact(s: TTState, artifact_id: str) -> int:
    return next(i for i, a in enumerate(s.t.artifacts) if a.id == artifact_id)


def virtue(s: TTState, seat: int, name: str) -> int:
    return s.v(seat, ("love", "hope", "faith", "endeavor", "endurance", "mercy").index(name))


def frame(s: TTState) -> str:
    return type(s.stack[-1]).__name__ if s.stack and not s.over else ""


def random_steps(s: TTState, rng: Rng) -> Iterator[TTState]:
    """Play `s` to its end at random, yielding it after every step."""
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        yield s
