"""Anything revealed to anyone ends undo (engine: State.HIDDEN): the reproducers of the steps that once
stayed undoable though they showed a seat something hidden."""

from __future__ import annotations

import pytest

from talewood.engine import Rng, State
from talewood.games import load
from tests.games.contract import replayed_alike


def play_until(players: int, seed: int, options: dict[str, object], steps: int) -> tuple[State, State, int]:
    """A random line of play (Rng(seed)) of `steps` steps: the state before the last one, the state after
    it, and its action."""
    state = load("spirits").new_game(players, seed, options)
    rng = Rng(seed)
    for _ in range(steps - 1):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    before = state.clone()
    legal = state.legal_actions()
    action = legal[rng.below(len(legal))]
    state.apply(action)
    return before, state, action


def shows_something_hidden(before: State, action: int, after: State, observer: int, actor: int) -> bool:
    """Whether a world re-dealt for `observer` can look different to it after the same step."""
    return any(replayed_alike(before.determinize(observer, Rng(k)), action, after.view(observer), observer, actor)
               is None for k in range(8))


def test_the_take_that_ends_the_forest_grants_the_wish_and_shows_the_box_for_good() -> None:
    before, after, action = play_until(2, 3, {"wish": True}, 111)
    seat = before.current_player
    assert before.describe(action).startswith("Take") and after.current_player == seat
    assert "box_tokens" not in before.view(seat) and "box_tokens" in after.view(seat)
    assert shows_something_hidden(before, action, after, seat, seat)
    assert after.barrier, "the Wish's chooser saw the box and could take the take back"


@pytest.mark.parametrize(("seed", "steps", "step", "after"), [
    # a decision only a hidden "+" token brings: every view shows it, so the others learn of the token
    (19, 78, "Take", "place a gemstone on a tile (or move one), or stop"),
    # the "+" token discarded: shown to all
    (0, 76, 'Discard a "+" token to take back a lost gemstone', "collect a tile from an open end of a row"),
])
def test_a_step_that_shows_the_others_a_hidden_plus_token_is_final(seed: int, steps: int, step: str,
                                                                   after: str) -> None:
    before, state, action = play_until(2, seed, {}, steps)
    seat = before.current_player
    assert seat is not None
    assert before.describe(action).startswith(step) and state.current_player == seat
    assert state.prompt().endswith(after)
    assert shows_something_hidden(before, action, state, 1 - seat, seat)
    assert state.barrier, "the other player learned of a hidden \"+\" token and the step stayed undoable"
