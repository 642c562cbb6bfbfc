"""Scenario helpers: build a Greylune position from data, find cards and actions by name."""

from __future__ import annotations

from typing import Any

from talewood.games import load
from talewood.games.greylune.actions import GAPS
from talewood.games.greylune.game import GreyluneGame
from talewood.games.greylune.scenario import check_invariants
from talewood.games.greylune.state import GreyluneState

GAME = load("greylune")
assert isinstance(GAME, GreyluneGame)
C = GAME.content
SPACE = GAME.action_space

__all__ = [
    "GAME",
    "SPACE",
    "C",
    "act",
    "card",
    "check_invariants",
    "cid",
    "enc",
    "gap_between",
    "legal_kinds",
    "new_state",
    "scenario",
    "slots",
]


def card(name: str) -> int:
    """A Village card's index by name."""
    return next(c.index for c in C.cards if c.name == name)


def cid(name: str) -> int:
    """A Village card's id (what actions name) by name."""
    return C.cards[card(name)].id


def enc(name: str) -> int:
    """An Encounter's id by name."""
    return next(e.id for e in C.encounters[1:] if e.name == name)


def gap_between(a: int, b: int) -> int:
    return GAPS.index((min(a, b), max(a, b)))


def slots(gap: int) -> list[int]:
    """The two slots a gap joins (how a scenario names a gap)."""
    return list(GAPS[gap])


def act(kind: str, **params: int | str) -> int:
    return SPACE.id_of(kind, **params)


def new_state(players: int = 2, seed: int = 1) -> GreyluneState:
    s = GAME.new_game(players, seed)
    assert isinstance(s, GreyluneState)
    return s


def scenario(players: int = 2, seed: int = 1, **position: Any) -> GreyluneState:
    """A game from `seed` with the position's settings (see talewood.games.greylune.scenario)."""
    s = GAME.scenario({"players": players, "seed": seed, "position": position})
    assert isinstance(s, GreyluneState)
    return s


def legal_kinds(s: GreyluneState) -> set[str]:
    return {SPACE.specs[a].kind for a in s.legal_actions()}
