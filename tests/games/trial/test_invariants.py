"""Random playouts over seeds and player counts: every card, item, artifact, food token, tent and paw
token is somewhere exactly once after every step; every game ends with a result; a world re-dealt for
a bot keeps the same components and plays on to the end."""

from __future__ import annotations

import pytest

from talewood.engine import CHANCE, Rng
from talewood.games.trial.scenario import check_position

from .helpers import GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_conserve_every_component(players):
    for seed in range(8):
        options = {"tiles": "fixed" if seed % 2 else "random"}
        state = GAME.new_game(players, seed, options, tracked=False)
        check_position(state)
        rng = Rng(seed)
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            assert legal, f"no legal action at {state.prompt()}"
            state.apply(legal[rng.below(len(legal))])
            check_position(state)
            steps += 1
            if steps % 97 == 0:
                world = state.determinize(state.current_player or 0, Rng(steps))
                check_position(world)
        result = state.result()
        assert len(result.scores) == players and result.winners
        assert all(d["total"] == score for d, score in zip(result.details, result.scores, strict=True))


def test_explicit_chance_games_end_and_dice_have_their_faces_probabilities():
    state = GAME.new_game(4, 3, explicit_chance=True)
    rng = Rng(3)
    seen = 0
    while not state.is_over:
        if state.current_player == CHANCE:
            outcomes = dict(state.chance_outcomes())
            assert sorted(round(p * 6) for p in outcomes.values()) == [1, 1, 2, 2]   # 1 1 2 2 3 ★
            seen += 1
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert seen > 0


def test_a_long_batch_of_games_has_no_stuck_decision():
    rng = Rng(99)
    for seed in range(40):
        state = GAME.new_game(2 + seed % 3, 1000 + seed, tracked=False)
        while not state.is_over:
            legal = state.legal_actions()
            assert legal, state.prompt()
            state.apply(legal[rng.below(len(legal))])
