"""Setting up Trial positions for rule and example tests, and acting by the labels players read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from talewood.engine import CHANCE
from talewood.games import load
from talewood.games.trial.game import TrialGame
from talewood.games.trial.scenario import check_position
from talewood.games.trial.state import TrialState

GAME = load("trial")
assert isinstance(GAME, TrialGame)
T = GAME.tables
C = GAME.content
IDS = GAME.ids
FOODS = ("raspberry", "acorn", "mushroom", "tea")
SCENARIOS = Path(__file__).parent / "scenarios"
FACE = {"1": 0, "2": 1, "3": 2, "star": 3}


def new_state(players: int = 2, seed: int = 0, **options: Any) -> TrialState:
    options.setdefault("first_player", "seat0")
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, TrialState)
    return state


def position(players: int = 2, seed: int = 1, dice: bool = True, options: dict[str, Any] | None = None,
             **where: Any) -> TrialState:
    """A scenario position (keys of TrialGame.scenario_schema, seats from 1); `dice`: every die is set by
    the test (`roll`), not drawn."""
    opts = {"first_player": "seat0", "tiles": "fixed", **(options or {})}
    state = GAME.scenario({"players": players, "seed": seed, "options": opts, "position": where})
    assert isinstance(state, TrialState)
    state.explicit_chance = dice
    return state


def scenario(name: str, dice: bool = True) -> TrialState:
    """A rulebook example's position, from scenarios/<name>.toml."""
    state = GAME.scenario((SCENARIOS / f"{name}.toml").read_text(encoding="utf-8"))
    assert isinstance(state, TrialState)
    state.explicit_chance = dice
    return state


def labels(state: TrialState) -> list[str]:
    return [state.describe(a) for a in state.legal_actions()]


def action(state: TrialState, label: str) -> int:
    """The legal action whose label is `label` (or starts with it, when only one does)."""
    legal = state.legal_actions()
    exact = [a for a in legal if state.describe(a) == label]
    if len(exact) == 1:
        return exact[0]
    start = [a for a in legal if state.describe(a).startswith(label)]
    assert len(start) == 1, f"{label!r} is not one legal action at {state.prompt()!r}: {labels(state)}"
    return start[0]


def do(state: TrialState, *steps: str) -> TrialState:
    """Apply the actions labelled `steps`, one after another."""
    for label in steps:
        state.apply(action(state, label))
    return state


def can(state: TrialState, label: str) -> bool:
    return any(x == label or x.startswith(label) for x in labels(state))


def roll(state: TrialState, *faces: str) -> TrialState:
    """Set the next dice: "1", "2", "3" or "star", in the order they are rolled."""
    for face in faces:
        assert state.current_player == CHANCE, f"no die is rolled now: {state.prompt()}"
        state.apply(IDS.die + FACE[face])
    return state


def food(state: TrialState, seat: int) -> dict[str, int]:
    """A seat's food (seats from 0 here)."""
    return dict(zip(FOODS, state.foods(seat), strict=True))


def card(name: str) -> int:
    return C.card_index[name]


def space(name: str) -> int:
    return T.space_index[name]


def obj(name: str) -> int:
    return T.object_index[name]


def story(state: TrialState, seat: int) -> list[tuple[str, str, bool]]:
    """(card id, column, face up) for each card of a seat's story."""
    from talewood.games.trial.vocabulary import COLUMNS

    return [(T.cards[code >> 3].card.id, COLUMNS[(code >> 1) & 3], bool(code & 1)) for code in state.story[seat]]


def hand(state: TrialState, seat: int) -> list[str]:
    return sorted(T.cards[c].card.id for c in state.hand[seat])


def aside(state: TrialState, seat: int) -> list[str]:
    return sorted(T.cards[c].card.id for c in state.aside[seat])


def backpack(state: TrialState, seat: int) -> list[str]:
    return sorted(T.object_ids[o] for o in state.backpack[seat])


def morality(state: TrialState, seat: int) -> int:
    """Spots from the middle: negative good, positive evil."""
    return state.morality[seat] - T.morality_start


def check(state: TrialState) -> None:
    check_position(state)


def play_out(state: TrialState, seed: int = 0) -> TrialState:
    """Finish the game at random (no chance steps left to the test)."""
    from talewood.engine import Rng

    state.explicit_chance = False
    rng = Rng(seed)
    if state.current_player == CHANCE:
        state.apply(state.legal_actions()[0])
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state
