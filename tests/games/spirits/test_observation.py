"""Spirits' observation updater: a kept buffer always equals a fresh encoding, in every module
combination, whenever its seat looks (after any number of steps, at the end of the game, at another
world of the same game, at the next game)."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.engine import Rng
from talewood.engine.observation import numbers_of
from talewood.games import load
from talewood.rl.configs import configurations

GAME = load("spirits")
CONFIGS = [*configurations(GAME), (2, {"wish": True, "hex": True, "seasons": True, "air_spirit": True,
                                      "fireflies": True})]


@pytest.mark.parametrize(("players", "options"), CONFIGS,
                         ids=[f"{p}p-" + ",".join(f"{k}={v}" for k, v in o.items()) for p, o in CONFIGS])
def test_kept_observations_follow_every_module(players: int, options: dict[str, Any]) -> None:
    opts = GAME.parse_options(options, players)
    spec = GAME.observation_spec(players, opts)
    kept = [(spec.follow(), spec.buffer()) for _ in range(players)]
    rng = Rng(17)
    for seed in (5, 6):
        state = GAME.new_game(players, seed, opts)
        while True:
            for seat, (update, out) in enumerate(kept):
                roll = rng.below(6)
                if roll == 0 or state.over or state.current_player == seat:
                    seen = state
                    if roll == 1 and not state.over:    # a world re-dealt for another seat
                        seen = state.determinize((seat + 1) % players, Rng(rng.next64()))
                    update(seen, seat, out)
                    assert out.tolist() == GAME.encode(seen, seat), (
                        f"seat {seat + 1}'s kept observation is not the encoding: {seen.prompt()}")
            if state.over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def test_the_end_shows_every_token_left_face_up_in_a_kept_buffer() -> None:
    """Seasons may leave tiles (and face-down tokens on them) in the forest at the end, when every
    token shows face up: a buffer kept since before the end shows it too, also when the forest did
    not change on the last step (a Wish reward chosen)."""
    opts = GAME.parse_options({"seasons": True, "wish": True}, 2)
    spec = GAME.observation_spec(2, opts)
    forest = spec.offset("forest")
    rng = Rng(3)
    for seed in range(40):
        state = GAME.new_game(2, seed, opts)
        update, out = spec.follow(), spec.buffer()
        while not state.over:
            update(state, 0, out)
            before = state.place_tile[:]
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        hidden = [p for p, k in enumerate(state.token_at)
                  if k >= 0 and state.place_tile[p] >= 0 and not state.token_up[p]]
        if not hidden or state.place_tile != before:
            continue
        update(state, 0, out)
        assert out.tolist() == GAME.encode(state, 0)
        assert all(out[forest + p * 22 + 21] == 1.0 and out[forest + p * 22 + 20] == 0.0 for p in hidden)
        return
    pytest.fail("no game of the sample ended with a face-down token left on a tile")


def test_progress_counts_the_tiles_left_in_the_forest() -> None:
    state = GAME.new_game(3, 8)
    spec = GAME.observation_spec(3, state.options)
    rng = Rng(4)
    start = sum(1 for t in state.place_tile if t >= 0)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    left = sum(1 for t in state.place_tile if t >= 0)
    assert left < start
    assert GAME.encode(state, 0)[spec.offset("progress") + 1] == numbers_of([left / start])[0]   # in float32
