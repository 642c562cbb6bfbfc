"""The environments' observations: the fast path (each game's writer filling the table's buffer) gives
exactly the game's encoding, and an array handed to an agent never changes afterwards."""

from __future__ import annotations

import numpy as np
import pytest

from talewood.engine import ObservationSpec, Rng, Segment
from talewood.games import available, load
from talewood.rl import env
from talewood.rl.table import Table

GAMES = [(g, max(2, load(g).min_players)) for g in available()]
STEPS = 150     # decisions per game, from the start: each game's opening and early turns


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[f"{g}-{p}p" for g, p in GAMES])
def test_every_seat_observes_the_games_encoding_at_every_step(game: str, players: int) -> None:
    """Every seat, every step of two games: the table's observation (one buffer, written again and
    again) equals the game's encoding of that position on its own, so nothing of an earlier position
    or another seat is left in it. (Unpadded: the padded observation is that one, placed: test_research.py.)"""
    table = Table(game, players, pad=False)
    rng = Rng(11)
    for seed in (1, 2):
        table.reset(seed)
        for _ in range(STEPS):
            if table.over:
                break
            for seat in range(players):
                fresh = np.array(table.game.encode(table.state, seat), dtype=np.float32)
                assert np.array_equal(table.observation(seat), fresh), (
                    f"seat {seat}'s observation is not the game's encoding ({table.state.prompt()})")
            legal = table.state.legal_actions()
            table.apply(legal[rng.below(len(legal))])


@pytest.mark.parametrize("game", available())
def test_observations_handed_out_never_change(game: str) -> None:
    """What `last()` gave an agent stays as it was while the game goes on (replay buffers keep them),
    and it shares no memory with the environment's buffer or with another observation."""
    e = env(game, max(2, load(game).min_players))
    e.reset(seed=4)
    rng = Rng(9)
    kept: list[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = []
    for _agent in e.agent_iter(max_iter=60):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        kept.append((obs, {k: v.copy() for k, v in obs.items()}))
        assert obs["observation"].dtype == np.float32 and obs["observation"].flags.writeable
        assert not any(np.shares_memory(obs["observation"], seen[1]) for seen in e.table._seen if seen)
        assert not obs["action_mask"].flags.writeable, "the shared mask must be read-only"
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.below(len(legal))]))
    assert len(kept) > 20
    for obs, copy in kept:
        assert np.array_equal(obs["observation"], copy["observation"])
        assert np.array_equal(obs["action_mask"], copy["action_mask"])
    first, second = kept[0][0]["observation"], kept[1][0]["observation"]
    assert not np.shares_memory(first, second)


def test_a_spec_without_a_writer_copies_the_games_encoding() -> None:
    """A game that only implements `encode` still works on the fast path (the spec copies it in)."""
    state = load("spirits").new_game(2, 1)
    expected = state.game.encode(state, 1)
    assert any(expected)
    spec = ObservationSpec([Segment("everything", (len(expected),), "the game's own encoding")])
    out = spec.buffer()
    spec.write(state, 1, out)
    assert out.tolist() == expected
    spec.clear(out)
    assert not any(out)


def test_a_writer_is_what_encode_returns() -> None:
    """`ObservationSpec.encode` runs the writer on a zeroed buffer and returns plain floats."""
    calls: list[int] = []

    def writer(state: object, seat: int, out: object) -> None:
        calls.append(seat)
        out[seat] = 1.0  # type: ignore[index]

    state = load("spirits").new_game(4, 1)
    spec = ObservationSpec([Segment("seat", (4,), "my seat, one-hot")], writer)  # type: ignore[arg-type]
    assert spec.encode(state, 2) == [0.0, 0.0, 1.0, 0.0]
    assert spec.encode(state, 0) == [1.0, 0.0, 0.0, 0.0]
    assert calls == [2, 0]
    assert all(type(x) is float for x in spec.encode(state, 1))


def test_the_mask_marks_exactly_the_legal_actions_of_each_decision() -> None:
    """At every decision of whole games the mask is exactly the legal actions, read-only, the same array
    for every call of one decision, and a mask handed out earlier never changes."""
    table = Table("spirits", 3)
    rng = Rng(5)
    given: list[tuple[np.ndarray, list[int]]] = []
    for seed in (1, 2):
        table.reset(seed)
        while not table.over:
            legal = table.state.legal_actions()
            mask = table.mask(table.state.current_player)
            assert np.flatnonzero(mask).tolist() == legal
            assert not mask.flags.writeable and table.mask() is mask
            given.append((mask, list(legal)))
            table.apply(legal[rng.below(len(legal))])
        assert not table.mask().any()
    assert all(np.flatnonzero(mask).tolist() == legal for mask, legal in given)
